import { can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the income analysis and the area-card freezes (sandbox/trust/matrix.ts; D-income.md §0.4:
 * income-detail and areaCard-bill need `income:view`, which builders lack). The analysis sums the caller's own sites;
 * the freezes are the owner's whole-account records (a freezeId filter only narrows them: another account's record
 * answers an empty page).
 */
const period = { startDate: '2026-11-01', endDate: '2026-11-20' };

export const ACCESS: AccessTable = {
  'GET /api/user/countElectricIncome': { request: () => period, expect: can('income:view') },
  'GET /api/account/recentValueCardRechargeIncome': { request: () => period, expect: can('income:view') },
  'GET /api/account/v2/areaCardFreezeList': {
    request: () => ({ pageNum: 1, pageSize: 20 }),
    expect: can('income:view'),
  },
  'GET /api/account/v2/areaCardReleaseList': {
    request: (o) => ({ freezeId: o.freeze, pageNum: 1, pageSize: 20 }),
    expect: can('income:view'),
  },
};
