/**
 * Rules of charging orders and their refunds (C-mine.md /mine/chargerRecord-info "Validation", Business rule 12) that
 * the sandbox enforces too, with the messages the user sees. No request code here: the sandbox imports this module.
 * Money fen, instants epoch ms.
 */

/** Order statuses (entities.md ChargeOrder): 1 充电中, 2 已完成, 3 已退款, 4 部分退款, 5 启动失败. */
export type OrderStatus = 1 | 2 | 3 | 4 | 5;

/** Refund statuses (entities.md OrderRefund): 1 退款中, 2 已退款, 3 退款失败; the words of a refund on every screen. */
export const REFUND_STATUS_LABELS: Readonly<Record<1 | 2 | 3, string>> = { 1: '退款中', 2: '已退款', 3: '退款失败' };

/**
 * Labels of OrderStatus (entities.md §42): the detail's banner, the rows' tags of 充电记录 and of a card's 充电记录, and
 * the exports' 状态 column.
 */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  1: '充电中',
  2: '已完成',
  3: '已退款',
  4: '部分退款',
  5: '启动失败',
};

/**
 * Settlement status of a charge order or an online recharge (entities.md §42 ChargeOrder.settleStatus, §33, K39): 0 待入账,
 * 1 已入账, 2 待签约托管, 3 已补结算, 4 已退回 — the words of the exports' 结算状态 column (sandbox domain/exports.ts).
 */
export const SETTLE_STATUS_LABELS: Readonly<Record<0 | 1 | 2 | 3 | 4, string>> = {
  0: '待入账',
  1: '已入账',
  2: '待签约托管',
  3: '已补结算',
  4: '已退回',
};

/**
 * The held orders' and recharges' status on /compact/index, its chips and the rows' tags alike (A-shell-home-settlement.md
 * §6: "status chips 待签约 (default) / 已补结算 / 已退回"): settleStatus 2 in the design's short word 待签约, 3 and 4 as
 * SETTLE_STATUS_LABELS.
 */
export const HELD_STATUS_LABELS: Readonly<Record<2 | 3 | 4, string>> = {
  2: '待签约',
  3: SETTLE_STATUS_LABELS[3],
  4: SETTLE_STATUS_LABELS[4],
};

/** The word of an order's status (ORDER_STATUS_LABELS), '--' for a value outside it. */
export function orderStatusLabel(status: number): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? '--';
}

/**
 * The charging-order lists' tabs (C-mine.md /mine/chargerRecord-list): 1 已完成, 2 已退款, 3 待入账. The export of a
 * list names its tab in its record and file name.
 */
export const ORDER_TAB_LABELS: Readonly<Record<1 | 2 | 3, string>> = { 1: '已完成', 2: '已退款', 3: '待入账' };

/** Pay types of a charge order (K35): 1 微信支付 2 支付宝 3 储值卡 4 月卡 5 电子卡 6 投币 7 远程充电 8 测试充电. */
export const PAY_TYPE_LABELS: Readonly<Record<number, string>> = {
  1: '微信支付',
  2: '支付宝',
  3: '储值卡',
  4: '月卡',
  5: '电子卡',
  6: '投币',
  7: '远程充电',
  8: '测试充电',
};

/** Pay types whose orders can be refunded (rule 12): 微信, 支付宝 (to the payment), 储值卡, 电子卡 (to the card). */
export const REFUNDABLE_PAY_TYPES: readonly number[] = [1, 2, 3, 5];

/** Days after an order's end within which it can be refunded (rule 12). */
export const REFUND_WINDOW_DAYS = 30;

/** The refund reasons of the sheet (C-mine.md chargerRecord-info Actions); 其他 needs a text of 2–50 characters. */
export const REFUND_REASONS = ['充电异常', '设备故障', '用户误操作', '其他'] as const;

/** The refusal of a refund the order does not allow (rule 12), or null: ended, refundable pay type, within 30 days. */
export function refundBlock(
  order: { status: number; payType: number; endTime: number | null; refundableAmount: number },
  now: number,
): string | null {
  if (!REFUNDABLE_PAY_TYPES.includes(order.payType)) return '该支付方式的订单不支持退款';
  if (order.status === 3 || (order.status === 4 && order.refundableAmount <= 0)) return '订单已无可退金额';
  if ((order.status !== 2 && order.status !== 4) || order.endTime === null) return '订单未结束，暂不能退款';
  if (now - order.endTime > REFUND_WINDOW_DAYS * 86_400_000) return '订单已超过可退款期限';
  if (order.refundableAmount <= 0) return '订单已无可退金额';
  return null;
}

/**
 * The refusal of a refund amount (fen) against what is refundable (rule 12; the sheet's validation): positive whole
 * fen, at most refundable ("退款金额不能超过可退金额¥x"). Null when valid.
 */
export function refundAmountError(amount: number, refundable: number): string | null {
  if (!Number.isInteger(amount) || amount <= 0) return '请输入退款金额';
  if (amount > refundable) return `退款金额不能超过可退金额¥${(refundable / 100).toFixed(2)}`;
  return null;
}

/** The refusal of a refund reason (the sheet's radio, 其他 + 2–50 characters), or null. */
export function refundReasonError(reason: string): string | null {
  const text = reason.trim();
  if (text === '') return '请选择退款原因';
  if (text.length < 2 || text.length > 50) return '请填写退款原因（2-50个字）';
  return null;
}

/** Labels of ChargeOrder.endReason (entities.md §42, K37): 1–8, on the order's detail and a card's 充电记录. */
export const END_REASON_LABELS: Readonly<Record<number, string>> = {
  1: '充满自停',
  2: '时间到',
  3: '用户拔出',
  4: '手动/远程结束',
  5: '设备离线',
  6: '功率超限',
  7: '余额不足',
  8: '免费时长内结束',
};

/** Labels of ChargeOrder.chargeMode: 1 按时长, 2 按电量, 3 充满自停. */
export const CHARGE_MODE_LABELS: Readonly<Record<number, string>> = { 1: '按时长', 2: '按电量', 3: '充满自停' };
