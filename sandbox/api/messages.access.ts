import { PAGE, can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the message screens (sandbox/trust/matrix.ts; C-mine.md /mine/message/*): every call needs the
 * message permission (the builder has none); the warning list is over the caller's own sites (rule 1), filtered by a
 * site, and names no object of its own; the settings are the caller's own; notices are the platform's, read per account.
 */
export const ACCESS: AccessTable = {
  'GET /api/warning/warningRecordList': {
    request: (o) => ({ siteId: o.site, ...PAGE }),
    expect: can('message'),
    object: false,
  },
  'POST /api/warning/updatePhoneMessageInfo': { request: () => ({ phoneMessageReceive: 1 }), expect: can('message') },
  'GET /api/message/noticeDetail': { request: (o) => ({ id: o.notice }), expect: can('message') },
  'POST /api/message/readNotice': { request: (o) => ({ id: o.notice }), expect: can('message') },
};
