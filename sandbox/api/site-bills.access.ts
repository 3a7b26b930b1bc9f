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
  // The bill of the side's site for the matrix's month (billId = siteId × 1,000,000 + yyyymm).
  'GET /api/bill/detail': {
    request: (o) => ({ billId: o.site * 1_000_000 + Number(o.month.replace('-', '')) }),
    expect: can('bill:view'),
  },
};
