import {
  expectTimeOf,
  needsReview,
  payoutFailure,
  payoutTimeOf,
  REVIEW_DELAY_MS,
  withdrawalFee,
  withdrawNoOf,
  type FeeRule,
} from '../../domain/withdrawal';
import { addDays, monthOf } from '../../lib/time';
import { ACC, type SeedCtx } from './context';
import { type Book, STEP, type Timeline } from './ledger';
import type { LedgerEv } from './money';
import { OPERATOR_CARDS } from './merchant';
import { MIN_MS, maskName, pad, stamp } from './util';
import { at } from './world';

/** The channel-1 fee rule of the demo world (seeded as WithdrawFeeRule by merchant.ts). */
const RULE: FeeRule = {
  channel: 1,
  freeCountPerMonth: 2,
  feeRateBp: 10,
  minFee: 100,
  maxFee: 2500,
  minAmount: 1000,
  maxAmount: 5_000_000,
  dailyLimit: 3,
};

/**
 * When the operator withdrew and to which card (BankCard ids of merchant.ts): roughly weekly, a first withdrawal to
 * each card (reviewed by the back office an hour later), one to the card ending in 4444 that the bank refused, and one
 * made 40 minutes before the seed's clock to the corporate account for the first time, still 待审核.
 */
const PLAN: { daysAgo: number; card: number }[] = [
  { daysAgo: 84, card: 1 },
  { daysAgo: 77, card: 1 },
  { daysAgo: 69, card: 2 },
  { daysAgo: 62, card: 1 },
  { daysAgo: 55, card: 2 },
  { daysAgo: 48, card: 1 },
  { daysAgo: 41, card: 1 },
  { daysAgo: 34, card: 2 },
  { daysAgo: 27, card: 1 },
  { daysAgo: 20, card: 8 },
  { daysAgo: 12, card: 1 },
  { daysAgo: 0, card: 3 },
];

/** What the operator keeps in the wallet when it withdraws (fen): enough for the next SIM rent and freezes. */
const RESERVE = 20_000;

/**
 * The withdrawals of 10001 on the timeline, with the rules of domain/withdrawal.ts: each takes 80 % of what is
 * available above the reserve at the moment it is made (whole yuan ×10), the month's free quota then the fee rule, review
 * for a first withdrawal to a card (approved an hour later), payout 5 minutes after entering 处理中 (the card ending in
 * 4444 fails and the money comes back as bizType 7). Returns the Withdrawal rows, completed as the timeline runs.
 */
export function planWithdrawals(ctx: SeedCtx, timeline: Timeline, book: Book): Record<string, unknown>[] {
  const { now, today } = ctx;
  const acc = ACC.operator;
  const rows: Record<string, unknown>[] = [];
  const usedCards = new Set<number>();
  for (const p of PLAN) {
    const card = OPERATOR_CARDS.find((c) => c.id === p.card);
    if (!card) continue;
    const apply = p.daysAgo === 0 ? now - 40 * MIN_MS : at(addDays(today, -p.daysAgo), 10, 8 + (p.daysAgo % 40));
    timeline.at(apply, STEP.action, () => {
      const amount = Math.floor(((book.available(acc) - RESERVE) * 0.8) / 1000) * 1000;
      if (amount < RULE.minAmount) return;
      const month = monthOf(apply);
      const used = rows.filter(
        (w) => monthOf(w.applyTime as number) === month && [1, 2, 3].includes(w.status as number),
      ).length;
      const fee = withdrawalFee(amount, used, RULE);
      const review = needsReview(1, amount, !usedCards.has(card.id));
      usedCards.add(card.id);
      const id = ctx.id('withdrawal');
      const row: Record<string, unknown> = {
        id,
        withdrawNo: withdrawNoOf(id, apply),
        accountId: acc,
        operatorAccountId: acc,
        channel: 1,
        source: 1,
        amount,
        fee,
        actualAmount: amount - fee,
        feeFree: fee === 0,
        bankCardId: card.id,
        bankName: card.bankName,
        cardNoTail: card.tail,
        cardType: card.cardType,
        holderName: maskName(card.holder),
        status: review ? 1 : 2,
        failReason: null,
        requestId: `${stamp(apply)}${pad(id, 18)}`,
        applyTime: apply,
        auditTime: null,
        expectTime: expectTimeOf(1, apply),
        finishTime: null,
        refundTime: null,
        applyBillId: null,
        refundBillId: null,
        createTime: apply,
        updateTime: apply,
      };
      rows.push(row);
      const label = `${card.bankName}(${card.tail})`;
      const applied: LedgerEv = {
        time: apply,
        accountId: acc,
        direction: 2,
        bizType: 12,
        title: `提现 · ${label}`,
        amount,
        status: 2,
        siteId: null,
        siteName: null,
        orderId: null,
        orderNo: null,
        orderType: null,
        withdrawId: id,
        freezeId: null,
        remark: null,
        operatorName: '陈建国',
        rows: [],
        onBill: (billId) => {
          row.applyBillId = billId;
        },
      };
      book.write(applied);
      const payout = (auditTime: number | null) => {
        const t = payoutTimeOf({ channel: 1, applyTime: apply, auditTime });
        timeline.at(t, STEP.payout, () => {
          const failure = payoutFailure(card.tail);
          Object.assign(row, { finishTime: t, updateTime: t });
          if (!failure) {
            book.move(acc, { withdrawing: -amount }, t);
            row.status = 3;
            applied.status = 1;
            return;
          }
          Object.assign(row, { status: 4, failReason: failure, refundTime: t });
          applied.status = 3;
          book.write({
            time: t,
            accountId: acc,
            direction: 1,
            bizType: 7,
            title: `提现退回 · ${label}`,
            amount,
            status: 1,
            siteId: null,
            siteName: null,
            orderId: null,
            orderNo: null,
            orderType: null,
            withdrawId: id,
            freezeId: null,
            remark: failure,
            operatorName: '系统',
            rows: [],
            onBill: (billId) => {
              row.refundBillId = billId;
            },
          });
        });
      };
      if (!review) {
        payout(null);
        return;
      }
      const reviewed = apply + REVIEW_DELAY_MS;
      timeline.at(reviewed, STEP.review, () => {
        Object.assign(row, { status: 2, auditTime: reviewed, updateTime: reviewed });
        payout(reviewed);
      });
    });
  }
  return rows;
}
