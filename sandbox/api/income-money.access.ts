import { can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the ledger and the automatic-withdrawal setting (sandbox/trust/matrix.ts; D-income.md §0.4:
 * list, list/detail `income:view`; autowithdraw `withdraw`): a sub-account holding the permission acts on its
 * operator's wallet.
 */
export const ACCESS: AccessTable = {
  'GET /api/user/getAccountBill': {
    request: () => ({ pageNum: 1, pageSize: 20, month: '2024-05' }),
    expect: can('income:view'),
  },
  'GET /api/user/getAccountBillDetail': { request: () => ({ id: 999999 }), expect: can('income:view') },
  'POST /api/user/updateThenAddAutoWithdraw': {
    request: () => ({ autoWithdraw: 0, autoMode: 1, date: 1, bankCardId: null, requestId: 'b2'.repeat(16) }),
    expect: can('withdraw'),
  },
};
