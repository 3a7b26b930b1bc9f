import { ANY_ACCOUNT, can, PAGE, type AccessTable } from '../trust/matrix';

/**
 * Expected access of a site's income (sandbox/trust/matrix.ts; B-site.md §5, R1.3): income:view and the site in the
 * caller's own scope (a party's read-only site is refused); the coin orders need only the site in scope.
 */
export const ACCESS: AccessTable = {
  'GET /api/site/siteIncomeMonth': { request: (o) => ({ siteId: o.site, year: 2026 }), expect: can('income:view') },
  'POST /api/site/incomeDayList': {
    request: (o) => ({ siteId: o.site, month: '2026-11', ...PAGE }),
    expect: can('income:view'),
  },
  'POST /api/site/cardIncomeDayList': {
    request: (o) => ({ siteId: o.site, month: '2026-11', ...PAGE }),
    expect: can('income:view'),
  },
  'GET /api/charger/getCoinsOrderList': {
    request: (o) => ({ siteId: o.site, startDate: '2026-11-01', endDate: '2026-11-20', ...PAGE }),
    expect: ANY_ACCOUNT,
  },
};
