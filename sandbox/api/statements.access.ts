import { can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the statements (sandbox/trust/matrix.ts; D-income.md §0.4: statement/* need `bill:view`,
 * detail-list `income:view`; builders hold neither). 我的账单 and the merchant list are the owner's view (accountTypes
 * 1, 2, 4: a property has its own statement instead); a property statement names a property merchant, checked like
 * merchantHomePage (a property itself, or one of its owner's properties for operators and agents; a sub-account is
 * refused the property it names); the agent statement is the owner's (operators and agents).
 */
const month = '2026-11';
const date = '2026-11-20';

export const ACCESS: AccessTable = {
  'GET /api/account/v2/statement': { request: () => ({ year: 2026 }), expect: can('bill:view') },
  'GET /api/user/monthBillDetailOperation': {
    request: () => ({ month }),
    expect: can('bill:view', { types: [1, 2, 4] }),
  },
  'GET /api/user/monthBillDetailMerchant': {
    request: (o) => ({ month, merchantId: o.property }),
    expect: can('bill:view', { scope: ['subAccount'] }),
  },
  'GET /api/user/merchantListByoperateId': { request: () => ({}), expect: can('bill:view', { types: [1, 2, 4] }) },
  'GET /api/account/v2/agentStatement': {
    request: () => ({ month, pageNum: 1, pageSize: 20 }),
    expect: can('bill:view', { types: [1, 2] }),
  },
  'GET /api/user/dayBillDetailOperate': { request: () => ({ date }), expect: can('income:view', { types: [1, 2, 4] }) },
  'GET /api/user/dayBillDetailMerchant': {
    request: (o) => ({ date, merchantId: o.property }),
    expect: can('income:view', { scope: ['subAccount'] }),
  },
};
