import { can, PAGE, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the charging orders and refunds (sandbox/trust/matrix.ts; C-mine.md /mine/chargerRecord-list,
 * /mine/chargerRecord-info, Business rules 1, 12–13): order:view to read the orders of one's own sites (a property its
 * linked sites; a limited sub-account its scope), order:refund by the site's owner side (operators, agents, their
 * sub-accounts) to refund. The refund request asks for more than any order holds, so that it changes nothing.
 */
export const ACCESS: AccessTable = {
  'GET /api/r9/order/successChargeOrderList': {
    request: () => ({ startDate: '2026-11-01', endDate: '2026-11-20', ...PAGE }),
    expect: can('order:view'),
  },
  'GET /api/r9/order/refundedChargeOrderList': {
    request: () => ({ startDate: '2026-11-01', endDate: '2026-11-20', ...PAGE }),
    expect: can('order:view'),
  },
  'GET /api/account/v2/selectWaitingOrderList': {
    request: () => ({ type: 1, settleStatus: 0, ...PAGE }),
    expect: can('order:view'),
  },
  'GET /api/order/orderDetail': { request: (o) => ({ orderId: o.order }), expect: can('order:view') },
  'GET /api/user/selectChargerOrderDiscount': { request: (o) => ({ orderId: o.order }), expect: can('order:view') },
  'POST /api/r9/order/orderRefund': {
    request: (o) => ({
      orderId: o.order,
      refundAmount: 99_999_999,
      reason: '充电异常',
      requestId: '0123456789abcdef0123456789abcdef',
    }),
    expect: can('order:refund', { types: [1, 2, 4] }),
  },
};
