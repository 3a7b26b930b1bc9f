import { can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the income home (sandbox/trust/matrix.ts; D-income.md §1, §0.4; R1.1): income:view for every
 * figure (wallet figures stay whole-account for a limited sub-account); the KYC details of the owner only for main
 * accounts (operator, agent, property).
 */
const INCOME = can('income:view');

export const ACCESS: AccessTable = {
  'GET /api/account/v2/balance': { request: () => ({}), expect: INCOME },
  'GET /api/user/getWithdrawMode': { request: () => ({}), expect: INCOME },
  'GET /api/account/v3/revenueCurve': {
    request: () => ({ dimension: 1, startDate: '2026-11-01', endDate: '2026-11-20' }),
    expect: INCOME,
  },
  'GET /api/merchant/esign/getMerchantSignStatus': { request: () => ({}), expect: INCOME },
  'GET /api/merchant/entity/property/getMerchantEntityProperty': { request: () => ({}), expect: INCOME },
  'GET /api/merchant/esign/getMerchantEntity': {
    request: () => ({}),
    expect: can('income:view', { types: [1, 2, 3] }),
  },
  // also the arrears banner of /mine/sim/index (C-mine.md), read with `sim`
  'GET /api/account/settlement/cost/arrears/oweAmount': { request: () => ({}), expect: can(['income:view', 'sim']) },
  'GET /api/share/instalment/queryCommOweAmount': { request: () => ({}), expect: INCOME },
};
