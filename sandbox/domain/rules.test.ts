import { describe, expect, it } from 'vitest';
import { postingsOf } from './posting';
import { refundReversal } from './refund';
import { postingTimeOf, returnTimeOf } from './schedule';
import {
  allocate,
  closeFeePeriod,
  costSettlementOf,
  dailyFreezeAmount,
  nextDeduction,
  planAfterPayment,
  repayOldestFirst,
  settleDeduction,
  simRentOf,
} from './settlement';
import {
  expectTimeOf,
  firstAutoWithdrawDay,
  needsReview,
  nextAutoWithdrawDay,
  payoutFailure,
  withdrawalFee,
  type FeeRule,
} from './withdrawal';

/** The money rules shared by the jobs and the demo world's replay (sandbox/domain). */

const at = (iso: string) => Date.parse(`${iso}+08:00`);

describe('schedule', () => {
  it('posts at 02:00 the next day and returns held orders at the first 02:00 at or after their deadline', () => {
    expect(postingTimeOf(at('2024-05-31T23:59:00'))).toBe(at('2024-06-01T02:00:00'));
    expect(postingTimeOf(at('2024-06-01T00:30:00'))).toBe(at('2024-06-02T02:00:00'));
    expect(returnTimeOf(at('2024-06-01T01:00:00'))).toBe(at('2024-06-01T02:00:00'));
    expect(returnTimeOf(at('2024-06-01T02:00:00'))).toBe(at('2024-06-01T02:00:00'));
    expect(returnTimeOf(at('2024-06-01T02:00:01'))).toBe(at('2024-06-02T02:00:00'));
  });
});

describe('posting and refunds', () => {
  const row = (role: number, accountId: number | null, amount: number, orderType = 1) => ({
    orderType,
    orderId: 7,
    orderNo: 'CD1',
    siteId: 1,
    role,
    accountId,
    amount,
    cashOnly: false,
  });

  it('gives each receiving account one bill: the owner by order type, parties 分润收入; no account, no bill', () => {
    const rows = [row(4, null, 6), row(1, 10003, 300), row(5, 10003, 40), row(2, 10002, 50), row(0, 10001, 604)];
    expect(postingsOf(rows).map((p) => [p.accountId, p.bizType, p.amount])).toEqual([
      [10003, 4, 340],
      [10002, 4, 50],
      [10001, 1, 604],
    ]);
    expect(postingsOf([row(0, 10001, 500, 3)])[0]?.bizType).toBe(3);
    expect(postingsOf([row(0, 10001, 500, 5)])[0]?.bizType).toBe(5);
    expect(postingsOf([{ ...row(0, 10001, 500, 4), cashOnly: true }])).toEqual([]);
  });

  it('reverses a refund in proportion, the owner taking the remainder, adding up to the refund', () => {
    const rows = [row(4, null, 6), row(1, 10003, 299), row(0, 10001, 695)];
    const out = refundReversal(rows, 333, 1000);
    expect(out.map((r) => r.amount)).toEqual([-1, -99, -233]);
    expect(out.reduce((s, r) => s + r.amount, 0)).toBe(-333);
  });
});

describe('settlement (settleMode 1)', () => {
  it('freezes ⌊income × proportion⌋ up to the due and the available balance', () => {
    expect(dailyFreezeAmount(10_000, 30, 50_000, 0, 99_999)).toBe(3000);
    expect(dailyFreezeAmount(10_000, 30, 50_000, 48_500, 99_999)).toBe(1500);
    expect(dailyFreezeAmount(10_000, 30, 50_000, 0, 1200)).toBe(1200);
    expect(dailyFreezeAmount(10_000, 30, 50_000, 50_000, 99_999)).toBe(0);
  });

  it('settles: deducted = min(frozen, due), arrears repaid first, the rest unfrozen or owed', () => {
    expect(settleDeduction({ due: 5000, frozen: 6200, arrearsAmount: 0 })).toEqual({
      deducted: 5000,
      unfrozen: 1200,
      owe: 0,
      status: 2,
      arrearsRepaid: 0,
    });
    expect(settleDeduction({ due: 5000, frozen: 3000, arrearsAmount: 1000 })).toEqual({
      deducted: 3000,
      unfrozen: 0,
      owe: 2000,
      status: 3,
      arrearsRepaid: 1000,
    });
    expect(settleDeduction({ due: 5000, frozen: 0, arrearsAmount: 0 }).status).toBe(4);
  });

  it('keeps paid + remaining = financed; periods count when fully paid; the last one ends the plan', () => {
    const plan = { financedAmount: 12_000, periodAmount: 1000, totalPeriods: 12, paidAmount: 4000 };
    expect(planAfterPayment(plan, 500)).toEqual({
      paidAmount: 4500,
      remainingAmount: 7500,
      paidPeriods: 4,
      settled: false,
    });
    expect(planAfterPayment({ ...plan, paidAmount: 11_500 }, 800)).toEqual({
      paidAmount: 12_000,
      remainingAmount: 0,
      paidPeriods: 12,
      settled: true,
    });
    expect(nextDeduction({ ...plan, remainingAmount: 8000 }, 5, 300)).toEqual({
      periodAmount: 1000,
      arrearsAmount: 300,
      dueAmount: 1300,
    });
    expect(nextDeduction({ ...plan, remainingAmount: 500 }, 12, 0)?.periodAmount).toBe(500);
    expect(nextDeduction({ ...plan, remainingAmount: 300 }, 13, 300)).toEqual({
      periodAmount: 0,
      arrearsAmount: 300,
      dueAmount: 300,
    });
    expect(nextDeduction({ ...plan, remainingAmount: 0 }, 13, 0)).toBeNull();
  });

  it('shares amounts by weight, repays arrears oldest first and sums the month', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(allocate(100, [0, 3, 0])).toEqual([0, 100, 0]);
    expect(
      repayOldestFirst(
        [
          { id: 1, amount: 500, repaidAmount: 200 },
          { id: 2, amount: 400, repaidAmount: 0 },
        ],
        450,
      ),
    ).toEqual([
      { id: 1, repaidAmount: 500, cleared: true },
      { id: 2, repaidAmount: 150, cleared: false },
    ]);
    const d = { dueAmount: 10, frozenAmount: 10, deductedAmount: 8, unfrozenAmount: 2, oweAmount: 2, status: 3 };
    expect(costSettlementOf([d, { ...d, oweAmount: 0, status: 2 }])).toMatchObject({
      oweAmount: 2,
      status: 3,
      planCount: 2,
    });
    expect(costSettlementOf([d, { ...d, status: 1 }]).status).toBe(1);
  });

  it('freezes the SIM rent or owes what the balance lacks; closes platform-fee periods', () => {
    expect(simRentOf(36, 150, 10_000)).toEqual({ amount: 5400, frozen: 5400, owe: 0, status: 1 });
    expect(simRentOf(36, 150, 1000)).toEqual({ amount: 5400, frozen: 1000, owe: 4400, status: 3 });
    expect(closeFeePeriod({ dueAmount: 55_000, deductedAmount: 55_000 })).toEqual({ oweAmount: 0, status: 2 });
    expect(closeFeePeriod({ dueAmount: 55_000, deductedAmount: 16_350 })).toEqual({ oweAmount: 38_650, status: 3 });
  });
});

describe('withdrawals', () => {
  const rule: FeeRule = {
    channel: 1,
    freeCountPerMonth: 2,
    feeRateBp: 10,
    minFee: 100,
    maxFee: 2500,
    minAmount: 1000,
    maxAmount: 5_000_000,
    dailyLimit: 3,
  };

  it('is free twice a month, then ⌈amount × 0.1 %⌉ between ¥1 and ¥25', () => {
    expect(withdrawalFee(100_000, 1, rule)).toBe(0);
    expect(withdrawalFee(100_000, 2, rule)).toBe(100);
    expect(withdrawalFee(1_000_001, 2, rule)).toBe(1001);
    expect(withdrawalFee(5_000_000, 9, rule)).toBe(2500);
  });

  it('waits for review when channel 1 and ¥20,000.00 or more or the first to its card', () => {
    expect(needsReview(1, 2_000_000, false)).toBe(true);
    expect(needsReview(1, 1000, true)).toBe(true);
    expect(needsReview(1, 1000, false)).toBe(false);
    expect(needsReview(2, 3_000_000, true)).toBe(false);
  });

  it('expects channel 1 at 18:00 three working days later, channel 2 two hours later', () => {
    // Thursday → Tuesday (Fri, Mon, Tue)
    expect(expectTimeOf(1, at('2024-05-30T10:00:00'))).toBe(at('2024-06-04T18:00:00'));
    expect(expectTimeOf(2, at('2024-05-30T10:00:00'))).toBe(at('2024-05-30T12:00:00'));
  });

  it('pays out unless the card ends in 4444', () => {
    expect(payoutFailure('4444')).toBe('户名与卡号不符');
    expect(payoutFailure('1234')).toBeNull();
  });

  it('runs automatically daily, weekly on a weekday, monthly on a date', () => {
    expect(nextAutoWithdrawDay(1, 1, '2024-05-31')).toBe('2024-06-01');
    expect(nextAutoWithdrawDay(2, 1, '2024-06-03')).toBe('2024-06-10'); // Monday → next Monday
    expect(nextAutoWithdrawDay(2, 7, '2024-06-03')).toBe('2024-06-09'); // → Sunday
    expect(nextAutoWithdrawDay(3, 28, '2024-05-28')).toBe('2024-06-28');
    expect(nextAutoWithdrawDay(3, 28, '2024-05-02')).toBe('2024-05-28');
    expect(firstAutoWithdrawDay(2, 1, at('2024-06-03T09:59:00'))).toBe('2024-06-03');
    expect(firstAutoWithdrawDay(2, 1, at('2024-06-03T10:00:00'))).toBe('2024-06-10');
  });
});
