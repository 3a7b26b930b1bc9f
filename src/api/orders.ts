import type { PayType } from './device-setup';
import type { Page } from './http';
import { get, post } from './http';
import type { OrderStatus } from './order-rules';

export * from './order-rules';

/**
 * Charging orders and refunds of the mine section (C-mine.md /mine/chargerRecord-list and /mine/chargerRecord-info;
 * entities.md ChargeOrder, OrderRefund; Business rules 12–14). The power curve is the site section's GET
 * /api/charger/powerCharts (src/api/device-setup.ts, one shape). Money fen, instants epoch ms, days 'YYYY-MM-DD'.
 */

/** The tabs of the list: 1 已完成, 2 已退款, 3 待入账. */
export type OrderTab = 1 | 2 | 3;

/** One row of the three order lists (unified item shape keyed orderId). */
export interface OrderRow {
  orderId: number;
  orderNo: string;
  siteName: string;
  serialNumber: string;
  socketNo: number;
  payType: PayType;
  /** Epoch ms. */
  startTime: number;
  durationMinutes: number;
  /** Paid (fen). */
  amount: number;
  /** Refunded so far (fen). */
  refundAmount: number;
  /** The latest refund's instant, null without one. */
  refundTime: number | null;
  status: OrderStatus;
  /** 0 待入账 1 已入账 2 待签约托管 3 已补结算 4 已退回. */
  settleStatus: number;
}

/** A page of an order list with Σ over the whole filter: the paid amount (tabs 1 and 3) or the refunds (tab 2). */
export interface OrderPage extends Page<OrderRow> {
  totalAmount: number;
}

/** Filters of the order lists (both ends of the range included, ≤ 92 days). */
export interface OrderQuery {
  startDate: string;
  endDate: string;
  siteId?: number;
  chargerId?: number;
  payType?: PayType;
  /** 订单号 / 手机号 / 卡号 / 设备号 (≤ 32). */
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

/**
 * GET /api/r9/order/successChargeOrderList — 已完成: the orders started in the range whose status is 2 已完成 (charging,
 * refunded, partly refunded and failed ones are not).
 */
export const getSuccessOrders = (q: OrderQuery) => get<OrderPage>('/api/r9/order/successChargeOrderList', q);

/** GET /api/r9/order/refundedChargeOrderList — 已退款: the orders started in the range with a refund (status 3 / 4). */
export const getRefundedOrders = (q: OrderQuery) => get<OrderPage>('/api/r9/order/refundedChargeOrderList', q);

/**
 * GET /api/account/v2/selectWaitingOrderList with type 1, settleStatus 0 — 待入账: ended orders whose income is not yet
 * credited (the same call serves /compact with settleStatus 2/3/4).
 */
export const getWaitingOrders = (q: OrderQuery) =>
  get<OrderPage>('/api/account/v2/selectWaitingOrderList', { ...q, type: 1, settleStatus: 0 });

/** One refund of an order (OrderRefund): status 1 退款中, 2 已退款, 3 退款失败. */
export interface OrderRefundRow {
  refundId: number;
  refundAmount: number;
  status: 1 | 2 | 3;
  reason: string;
  operatorName: string;
  createTime: number;
}

/** Answer of GET /api/order/orderDetail. */
export interface OrderDetail {
  orderId: number;
  orderNo: string;
  status: OrderStatus;
  payType: PayType;
  transactionNo: string | null;
  nickname: string | null;
  /** Masked 138****5678, '' when unknown. */
  userPhone: string;
  cardNo: string | null;
  siteId: number;
  siteName: string;
  serialNumber: string;
  socketNo: number;
  /** 1 按时长 2 按电量 3 充满自停. */
  chargeMode: 1 | 2 | 3;
  presetMinutes: number | null;
  presetAmount: number | null;
  createTime: number;
  startTime: number;
  endTime: number | null;
  durationMinutes: number;
  energyWh: number;
  maxPowerW: number;
  /** entities.md ChargeOrder.endReason (1–8), null while charging. */
  endReason: number | null;
  originalAmount: number;
  amount: number;
  consumeAmount: number;
  refundAmount: number;
  /** amount − Σ refunds in status 1 or 2 (rule 12). */
  refundableAmount: number;
  refunds: OrderRefundRow[];
}

/** GET /api/order/orderDetail — one order in full. */
export const getOrderDetail = (orderId: number) => get<OrderDetail>('/api/order/orderDetail', { orderId });

/** Answer of GET /api/user/selectChargerOrderDiscount: 0 none, else the discount and its text ("会员折扣 9折"). */
export interface OrderDiscount {
  discountType: 0 | 1 | 2 | 3;
  discountAmount: number;
  desc: string;
}

/** GET /api/user/selectChargerOrderDiscount — the discount of an order. */
export const getOrderDiscount = (orderId: number) =>
  get<OrderDiscount>('/api/user/selectChargerOrderDiscount', { orderId });

/** Request of POST /api/r9/order/orderRefund (a money action: requestId, D-income.md §0.5). */
export interface OrderRefundRequest {
  orderId: number;
  /** Fen, 0 < x ≤ refundableAmount. */
  refundAmount: number;
  reason: string;
  requestId: string;
}

/** Answer of POST /api/r9/order/orderRefund. */
export interface OrderRefundResult {
  refundId: number;
  status: 1 | 2 | 3;
}

/**
 * POST /api/r9/order/orderRefund — refunds part or all of an ended order (rules 12–13): online payments back to the
 * payment with every party's split reversed in proportion, card payments back to the card. Refusals: "账户余额不足，
 * 无法退款", "订单已超过可退款期限", "退款金额不能超过可退金额¥x".
 */
export const orderRefund = (body: OrderRefundRequest) => post<OrderRefundResult>('/api/r9/order/orderRefund', body);
