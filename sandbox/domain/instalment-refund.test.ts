import { describe, expect, it } from 'vitest';
import {
  BAD_AMOUNT,
  instalmentRefundVerdict,
  NOT_OVERPAID,
  NOT_TERMINATED,
  overpaidAmount,
  refundableAmount,
  type RefundablePlan,
} from './instalment-refund';

/**
 * The rule of instalment refunds (A-shell-home-settlement.md "Business rules": refunds only for plans with status 3
 * terminated or overpayment; amount ≤ paidAmount; domain/instalment-refund.ts), at its boundaries.
 */

/** A plan of 12 × ¥100 that paid 3 periods, 3 settled, nothing refunded yet. */
const plan = (over: Partial<RefundablePlan> = {}): RefundablePlan => ({
  status: 3,
  paidAmount: 30_000,
  periodAmount: 10_000,
  financedAmount: 120_000,
  settledPeriods: 3,
  refunded: 0,
  ...over,
});

describe('instalmentRefundVerdict', () => {
  it('a terminated plan refunds up to its paidAmount for reasons 1 and 3: the amount == refundable passes, +1 fails', () => {
    for (const reason of [1, 3] as const) {
      expect(instalmentRefundVerdict(plan(), reason, 30_000)).toEqual({ ok: true });
      expect(instalmentRefundVerdict(plan(), reason, 1)).toEqual({ ok: true });
      expect(instalmentRefundVerdict(plan(), reason, 30_001)).toEqual({
        ok: false,
        message: '退款金额超过可退金额（最多可退¥300.00）',
      });
    }
  });

  it('what was already refunded (退款中 / 已退款) is no longer refundable', () => {
    const partly = plan({ refunded: 12_345 });
    expect(refundableAmount(partly, 1)).toEqual({ ok: true, refundable: 17_655 });
    expect(instalmentRefundVerdict(partly, 1, 17_655)).toEqual({ ok: true });
    expect(instalmentRefundVerdict(partly, 1, 17_656)).toMatchObject({ ok: false });
    const all = plan({ refunded: 30_000 });
    expect(refundableAmount(all, 1)).toEqual({ ok: true, refundable: 0 });
    expect(instalmentRefundVerdict(all, 1, 1)).toEqual({
      ok: false,
      message: '退款金额超过可退金额（最多可退¥0.00）',
    });
  });

  it('a plan that is not terminated (1 分期中, 2 已结清, 4 暂停扣款) is refused for reasons 1 and 3', () => {
    for (const status of [1, 2, 4]) {
      for (const reason of [1, 3] as const) {
        expect(instalmentRefundVerdict(plan({ status }), reason, 100)).toEqual({ ok: false, message: NOT_TERMINATED });
      }
    }
  });

  it('reason 2 多扣退回 needs an overpayment and refunds at most the overpaid part, whatever the status', () => {
    // paid exactly what 3 settled periods were due: nothing overpaid, terminated or not
    expect(instalmentRefundVerdict(plan({ status: 1 }), 2, 1)).toEqual({ ok: false, message: NOT_OVERPAID });
    expect(instalmentRefundVerdict(plan(), 2, 1)).toEqual({ ok: false, message: NOT_OVERPAID });
    // 500 fen more than due
    const over = plan({ status: 1, paidAmount: 30_500 });
    expect(overpaidAmount(over)).toBe(500);
    expect(instalmentRefundVerdict(over, 2, 500)).toEqual({ ok: true });
    expect(instalmentRefundVerdict(over, 2, 501)).toMatchObject({
      ok: false,
      message: expect.stringContaining('¥5.00'),
    });
    expect(instalmentRefundVerdict({ ...over, refunded: 200 }, 2, 301)).toMatchObject({ ok: false });
    expect(instalmentRefundVerdict({ ...over, refunded: 200 }, 2, 300)).toEqual({ ok: true });
    // the overpaid plan is still not terminated: reasons 1 / 3 stay refused
    expect(instalmentRefundVerdict(over, 1, 100)).toEqual({ ok: false, message: NOT_TERMINATED });
  });

  it('what is due never exceeds the financed amount; before the first settlement nothing was due', () => {
    expect(overpaidAmount(plan({ settledPeriods: 20, paidAmount: 120_000 }))).toBe(0);
    expect(overpaidAmount(plan({ settledPeriods: 0, paidAmount: 700 }))).toBe(700);
    expect(overpaidAmount(plan({ settledPeriods: 4 }))).toBe(0);
  });

  it('the amount is a positive integer of fen', () => {
    for (const amount of [0, -1, 1.5, Number.NaN]) {
      expect(instalmentRefundVerdict(plan(), 1, amount)).toEqual({ ok: false, message: BAD_AMOUNT });
    }
  });
});
