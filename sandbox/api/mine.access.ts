import { ANY_ACCOUNT, can, loggedIn, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the personal centre (sandbox/trust/matrix.ts; C-mine.md /mine): the counters are every account's
 * own; alarms and notices need message; posters are for operators, agents and sub-accounts.
 */
const POSTERS = loggedIn({ types: [1, 2, 4] });

export const ACCESS: AccessTable = {
  'GET /api/user/statisticalOperation': { request: () => ({}), expect: ANY_ACCOUNT },
  'GET /api/warning/getAlarmNum': { request: () => ({}), expect: can('message') },
  'GET /api/message/noticeList': { request: () => ({}), expect: can('message') },
  'GET /api/direct/poster/reportPosterList': { request: () => ({}), expect: POSTERS },
  'GET /api/direct/poster/listPosterImageUrl': { request: (o) => ({ posterId: o.poster }), expect: POSTERS },
  'POST /api/direct/poster/reportPosterRecord': {
    request: (o) => ({ posterId: o.poster, action: 1 }),
    expect: POSTERS,
  },
};
