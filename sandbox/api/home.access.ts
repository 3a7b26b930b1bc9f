import { ANY_ACCOUNT, can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the home figures (sandbox/trust/matrix.ts; A §3, R1.1): every account sees the figures of its own
 * sites; the card count needs card:view; a coin figure of one site needs it in the caller's own scope; a property's
 * home page is the property's own or, for its operator, one of its properties.
 */
const range = { startDate: '2026-11-01', endDate: '2026-11-20' };

export const ACCESS: AccessTable = {
  'GET /api/user/todayIncome': { request: () => ({}), expect: ANY_ACCOUNT },
  'GET /api/user/todayChargeInfo': { request: () => ({}), expect: ANY_ACCOUNT },
  'GET /api/user/siteCount': { request: () => ({}), expect: ANY_ACCOUNT },
  'GET /api/user/unSignBackOrderCount': { request: () => ({}), expect: ANY_ACCOUNT },
  'GET /api/user/commChildCount': { request: () => ({}), expect: ANY_ACCOUNT },
  'GET /api/card/cardCount': { request: () => ({}), expect: can('card:view') },
  'GET /api/r9/order/countCoinOrder': { request: (o) => ({ ...range, siteId: o.site }), expect: ANY_ACCOUNT },
  'GET /api/charger/getCoinsOrderTotalMoney': { request: (o) => ({ ...range, siteId: o.site }), expect: ANY_ACCOUNT },
  'GET /api/user/merchantHomePage': {
    request: (o) => ({ merchantId: o.property }),
    expect: { ...ANY_ACCOUNT, subAccount: 'scope', builder: 'scope' },
  },
};
