import { can, PAGE, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the parking records (sandbox/trust/matrix.ts; C-mine.md /mine/parkingRecord/parkingList, Business
 * rule 1): operators, agents and sub-accounts holding `parking`; a limited sub-account sees its sites only.
 */
const parking = can('parking', { types: [1, 2, 4] });

export const ACCESS: AccessTable = {
  'GET /api/site/querySiteParkingRuleList': { request: () => ({}), expect: parking },
  'GET /api/site/getCarTypeList': { request: () => ({}), expect: parking },
  'GET /api/site/parkingRecords': {
    request: (o) => ({ startDate: '2026-11-01', endDate: '2026-11-20', siteId: o.site, ...PAGE }),
    expect: parking,
  },
};
