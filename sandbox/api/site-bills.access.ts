import { can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the site bills (sandbox/trust/matrix.ts; D-income.md §4 siteBill, §0.4 statement/* need
 * `bill:view`): each list is one role's view — operators and their sub-accounts 物业账单 (firstCommPropertyBill) and
 * operators 代理商站点 (subCommBill), agents their sites (subCommPropertyBill), properties the bills opened to them
 * (propertyBill). Lists name no object (the caller's own sites, filtered). A bill's detail is looked up among the
 * caller's lists (sandbox test: another account's bill answers 账单不存在或无权查看).
 */
const list = () => ({ month: '2026-11', pageNum: 1, pageSize: 20 });

export const ACCESS: AccessTable = {
  'GET /api/bill/firstCommPropertyBill': { request: list, expect: can('bill:view', { types: [1, 4] }) },
  'GET /api/bill/subCommPropertyBill': { request: list, expect: can('bill:view', { types: [2] }) },
  'GET /api/bill/subCommBill': { request: list, expect: can('bill:view', { types: [1] }) },
  'GET /api/bill/propertyBill': { request: list, expect: can('bill:view', { types: [3] }) },
  'GET /api/bill/detail': { request: () => ({ billId: 1_202_611 }), expect: can('bill:view'), object: false },
};
