import { can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the withdrawals (sandbox/trust/matrix.ts; D-income.md §0.4 "withdraw, autowithdraw,
 * withdraw-list, withdrawHistory, cashResult: `withdraw`"): every call needs `withdraw`; a sub-account holding it acts
 * on its operator's wallet.
 */
const WITHDRAW = can('withdraw');

export const ACCESS: AccessTable = {
  'GET /api/user/isWithdrawable': { request: () => ({}), expect: WITHDRAW },
  'GET /api/user/withdrawFeeFree': { request: () => ({}), expect: WITHDRAW },
  'POST /api/user/withdrawApply': {
    request: () => ({ amount: 1000, code: '000000', requestId: 'a1'.repeat(16) }),
    expect: WITHDRAW,
  },
  'GET /api/user/withdrawList': { request: () => ({ pageNum: 1, pageSize: 20, channel: 1 }), expect: WITHDRAW },
  'GET /api/user/withdrawDetail': { request: (o) => ({ id: o.withdrawal }), expect: WITHDRAW },
};
