import { can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the ledger and the automatic-withdrawal setting (sandbox/trust/matrix.ts; D-income.md §0.4:
 * list, list/detail `income:view`; autowithdraw `withdraw`): a sub-account holding the permission acts on its
 * operator's wallet.
 */
export const ACCESS: AccessTable = {
  // A month the demo world fills, a page long enough to hold entries of every site: a name outside the caller's reach
  // in the answer is a leak (a limited sub-account once read its operator's other sites here).
  'GET /api/user/getAccountBill': {
    request: (o) => ({ pageNum: 1, pageSize: 50, month: o.month }),
    expect: can('income:view'),
    object: false,
  },
  'GET /api/user/getAccountBillDetail': { request: (o) => ({ id: o.ledgerEntry }), expect: can('income:view') },
  'POST /api/user/updateThenAddAutoWithdraw': {
    request: () => ({ autoWithdraw: 0, autoMode: 1, date: 1, bankCardId: null, requestId: 'b2'.repeat(16) }),
    expect: can('withdraw'),
  },
};
