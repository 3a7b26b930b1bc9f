import { describe, expect, it } from 'vitest';
import {
  END_REASON_LABELS,
  HELD_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  orderStatusLabel,
  REFUND_STATUS_LABELS,
  SETTLE_STATUS_LABELS,
} from './order-rules';

// The words of entities.md §42–43 (ChargeOrder, OrderRefund) and A §6 (held orders), every status present (issue 30).
describe('charge-order status words', () => {
  it('names every order status, end reason and refund status', () => {
    expect(ORDER_STATUS_LABELS).toEqual({ 1: '充电中', 2: '已完成', 3: '已退款', 4: '部分退款', 5: '启动失败' });
    expect(END_REASON_LABELS).toEqual({
      1: '充满自停',
      2: '时间到',
      3: '用户拔出',
      4: '手动/远程结束',
      5: '设备离线',
      6: '功率超限',
      7: '余额不足',
      8: '免费时长内结束',
    });
    expect(REFUND_STATUS_LABELS).toEqual({ 1: '退款中', 2: '已退款', 3: '退款失败' });
  });

  it('names every settlement status, and the held lists say 待签约 for 2 as their chips do', () => {
    expect(SETTLE_STATUS_LABELS).toEqual({ 0: '待入账', 1: '已入账', 2: '待签约托管', 3: '已补结算', 4: '已退回' });
    expect(HELD_STATUS_LABELS).toEqual({ 2: '待签约', 3: '已补结算', 4: '已退回' });
  });

  it('reads -- for a status outside the mapping', () => {
    expect(orderStatusLabel(4)).toBe('部分退款');
    expect(orderStatusLabel(9)).toBe('--');
  });
});
