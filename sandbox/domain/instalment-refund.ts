import type { PGlite } from '@electric-sql/pglite';
import { formatFen } from '../../src/lib/money';
import { BizError, INVALID } from '../http/envelope';
import { one, scalar, type Db } from '../lib/db';
import { writeLedgerEntry } from './wallet';

/**
 * Instalment refunds (A-shell-home-settlement.md §3 entity InstalmentRefund, "Business rules: Balance-deduction
 * settlement" — "Refunds only for plans with status 3 (terminated) or overpayment; amount ≤ paidAmount; on success
 * credit availableBalance"; entities.md §59 InstalmentPlan, §67 InstalmentRefund; the 退款记录 tab of
 * /stages/index/stagesList lists them through GET /api/account/settlement/cost/instalment/refundList).
 *
 * The platform's back office refunds money an operator paid towards a plan, in two steps:
 * 1. applyInstalmentRefund checks the rule (instalmentRefundVerdict) on the locked plan and writes the refund, status 1
 *    退款中, applyTime = now;
 * 2. finishInstalmentRefund ends the payout: status 2 已退款 credits the plan owner's availableBalance with the amount
 *    (one ledger entry through writeLedgerEntry), status 3 退款失败 credits nothing; finishTime = now either way. Only a
 *    refund still 退款中 moves (a conditional update), so the credit happens exactly once however often it is called.
 *
 * The ledger has no bizType of its own for this (D-income.md AccountBill bizTypes; entities.md §48): the credit is the
 * back office's 8 调账入账 (a platform-side credit to the available balance, not income: totalIncome is untouched),
 * titled 分期退款 · {plan title}, its remark naming the reason and the plan number. The plan itself is not changed
 * (paidAmount + remainingAmount = financedAmount stays); what was refunded is the sum of its refunds.
 *
 * Money is integer fen, instants epoch ms. Refusals are BizError code 1 (INVALID) with a Chinese message the back
 * office would show.
 */

/** InstalmentRefund.reason: 1 提前终止, 2 多扣退回, 3 设备退货. */
export type RefundReason = 1 | 2 | 3;

/** The reason labels of the 退款记录 rows (A §4 /stages/index/stagesList). */
export const REFUND_REASON_LABELS: Readonly<Record<RefundReason, string>> = {
  1: '提前终止',
  2: '多扣退回',
  3: '设备退货',
};

/** InstalmentPlan.status 3 已终止: the only status whose money may be refunded for reasons 1 and 3. */
export const PLAN_TERMINATED = 3;

/** The remark of a refund paid to the wallet (A §4 退款记录 "remark (退款至账户余额)"). */
export const REFUND_REMARK = '退款至账户余额';
/** The remark of a refund whose payout failed (nothing was credited). */
export const REFUND_FAILED_REMARK = '退款失败，款项未退至账户余额';

/** Refused: a reason 1 / 3 refund of a plan that is not 已终止. */
export const NOT_TERMINATED = '分期计划未终止，不能按提前终止或设备退货退款';
/** Refused: a reason 2 refund of a plan that paid no more than was due. */
export const NOT_OVERPAID = '该分期计划没有多扣金额，不能按多扣退回退款';
/** Refused: an amount that is not a positive integer of fen. */
export const BAD_AMOUNT = '退款金额须为大于0的整数（分）';
/** Refused: an unknown plan. */
export const UNKNOWN_PLAN = '分期计划不存在';

/** The figures of a plan that decide what may be refunded (fen). */
export interface RefundablePlan {
  /** InstalmentPlan.status: 1 分期中, 2 已结清, 3 已终止, 4 暂停扣款. */
  status: number;
  paidAmount: number;
  periodAmount: number;
  financedAmount: number;
  /** The last settled period (the highest periodNo of its deductions no longer 冻结中), 0 before the first settlement. */
  settledPeriods: number;
  /** Σ amount of the plan's refunds 退款中 or 已退款 (status 1/2; failed ones gave nothing back). */
  refunded: number;
}

/**
 * What the plan paid beyond what was due so far (reason 2 多扣退回): paidAmount − min(financedAmount, periodAmount ×
 * settledPeriods), never negative. Settlement deducts at most what is due (settleDeduction), so only money that reached
 * the plan otherwise makes this positive.
 */
export function overpaidAmount(plan: RefundablePlan): number {
  const due = Math.min(plan.financedAmount, plan.periodAmount * plan.settledPeriods);
  return Math.max(0, plan.paidAmount - due);
}

/**
 * The most that may still be refunded for `reason` (fen), or the refusal when the reason does not apply:
 * - reasons 1 提前终止 and 3 设备退货: only a plan with status 3 已终止; up to paidAmount − refunded;
 * - reason 2 多扣退回: a plan of any status that paid more than was due (overpaidAmount > 0); up to
 *   min(overpaid, paidAmount) − refunded.
 * Never negative.
 */
export function refundableAmount(
  plan: RefundablePlan,
  reason: RefundReason,
): { ok: true; refundable: number } | { ok: false; message: string } {
  let cap: number;
  if (reason === 2) {
    const overpaid = overpaidAmount(plan);
    if (overpaid <= 0) return { ok: false, message: NOT_OVERPAID };
    cap = Math.min(overpaid, plan.paidAmount);
  } else {
    if (plan.status !== PLAN_TERMINATED) return { ok: false, message: NOT_TERMINATED };
    cap = plan.paidAmount;
  }
  return { ok: true, refundable: Math.max(0, cap - plan.refunded) };
}

/**
 * The rule of one refund (A "Refunds only for plans with status 3 (terminated) or overpayment; amount ≤ paidAmount"):
 * `amount` a positive integer of fen, the reason applying to the plan (refundableAmount), amount ≤ what is still
 * refundable. Answers ok, or the refusal's message.
 */
export function instalmentRefundVerdict(
  plan: RefundablePlan,
  reason: RefundReason,
  amount: number,
): { ok: true } | { ok: false; message: string } {
  if (!Number.isInteger(amount) || amount <= 0) return { ok: false, message: BAD_AMOUNT };
  const allowed = refundableAmount(plan, reason);
  if (!allowed.ok) return allowed;
  if (amount > allowed.refundable) {
    return { ok: false, message: `退款金额超过可退金额（最多可退${formatFen(allowed.refundable)}）` };
  }
  return { ok: true };
}

/** A refund as stored (entities.md §67), numbers as numbers. */
export interface InstalmentRefundRow {
  id: number;
  planId: number;
  accountId: number;
  amount: number;
  reason: RefundReason;
  /** 1 退款中, 2 已退款, 3 退款失败. */
  status: 1 | 2 | 3;
  applyTime: number;
  finishTime: number | null;
  remark: string;
}

const REFUND_COLUMNS = 'id, plan_id, account_id, amount, reason, status, apply_time, finish_time, remark';

function refundRow(row: Record<string, unknown>): InstalmentRefundRow {
  return {
    id: Number(row.id),
    planId: Number(row.planId),
    accountId: Number(row.accountId),
    amount: Number(row.amount),
    reason: Number(row.reason) as RefundReason,
    status: Number(row.status) as 1 | 2 | 3,
    applyTime: Number(row.applyTime),
    finishTime: row.finishTime === null ? null : Number(row.finishTime),
    remark: String(row.remark),
  };
}

/** A plan's refund figures as they stand in `tx` (the plan row locked for the rest of the transaction), or null. */
async function lockRefundablePlan(
  tx: Db,
  planId: number,
): Promise<(RefundablePlan & { accountId: number; planNo: string; title: string }) | null> {
  const plan = await one<Record<string, unknown>>(
    tx,
    `select id, plan_no, account_id, title, status, paid_amount, period_amount, financed_amount
     from instalment_plan where id = $1 for update`,
    [planId],
  );
  if (!plan) return null;
  const settledPeriods = await scalar(
    tx,
    'select max(period_no) from instalment_deduction where plan_id = $1 and status <> 1',
    [planId],
  );
  const refunded = await scalar(
    tx,
    'select coalesce(sum(amount), 0) from instalment_refund where plan_id = $1 and status in (1, 2)',
    [planId],
  );
  return {
    accountId: Number(plan.accountId),
    planNo: String(plan.planNo),
    title: String(plan.title),
    status: Number(plan.status),
    paidAmount: Number(plan.paidAmount),
    periodAmount: Number(plan.periodAmount),
    financedAmount: Number(plan.financedAmount),
    settledPeriods,
    refunded,
  };
}

/** What the back office asks to refund. */
export interface RefundRequest {
  planId: number;
  /** fen, > 0. */
  amount: number;
  reason: RefundReason;
}

/**
 * Step 1: checks the rule on the plan (locked, so that two refunds can never together exceed what is refundable) and
 * writes the refund with status 1 退款中, applyTime = `now` (epoch ms), remark 退款至账户余额. Throws BizError(1)
 * UNKNOWN_PLAN for an unknown plan and BizError(1) with the rule's message when it forbids the refund; nothing is
 * written then.
 */
export async function applyInstalmentRefund(
  db: PGlite,
  request: RefundRequest,
  now: number,
): Promise<InstalmentRefundRow> {
  return db.transaction(async (tx) => {
    const plan = await lockRefundablePlan(tx, request.planId);
    if (!plan) throw new BizError(INVALID, UNKNOWN_PLAN);
    const verdict = instalmentRefundVerdict(plan, request.reason, request.amount);
    if (!verdict.ok) throw new BizError(INVALID, verdict.message);
    const row = await one<Record<string, unknown>>(
      tx,
      `insert into instalment_refund (plan_id, account_id, amount, reason, status, apply_time, finish_time, remark,
         create_time, update_time)
       values ($1, $2, $3, $4, 1, $5, null, $6, $5, $5) returning ${REFUND_COLUMNS}`,
      [request.planId, plan.accountId, request.amount, request.reason, now, REFUND_REMARK],
    );
    return refundRow(row as Record<string, unknown>);
  });
}

/**
 * Step 2: ends the payout of a refund still 退款中 at `now` (epoch ms). 'paid' → status 2 已退款 and one ledger entry
 * crediting the plan owner's availableBalance with the amount (bizType 8 调账入账, direction 1, title 分期退款 · {plan
 * title}); 'failed' → status 3 退款失败 with remark REFUND_FAILED_REMARK, nothing credited. finishTime = now. A refund
 * no longer 退款中 is left as it is and nothing is credited (exactly once); `billId` is the ledger entry written by
 * this call, null when none was. Throws BizError(1) when the refund does not exist, and BizError(1) 账户钱包不存在
 * (lockWallet) when the owner has no wallet, leaving the refund 退款中.
 */
export async function finishInstalmentRefund(
  db: PGlite,
  refundId: number,
  outcome: 'paid' | 'failed',
  now: number,
): Promise<{ refund: InstalmentRefundRow; billId: number | null }> {
  return db.transaction(async (tx) => {
    const updated = await one<Record<string, unknown>>(
      tx,
      `update instalment_refund set status = $2, finish_time = $3, update_time = $3,
         remark = coalesce($4::text, remark)
       where id = $1 and status = 1 returning ${REFUND_COLUMNS}`,
      [refundId, outcome === 'paid' ? 2 : 3, now, outcome === 'paid' ? null : REFUND_FAILED_REMARK],
    );
    if (!updated) {
      const current = await one<Record<string, unknown>>(
        tx,
        `select ${REFUND_COLUMNS} from instalment_refund where id = $1`,
        [refundId],
      );
      if (!current) throw new BizError(INVALID, '退款记录不存在');
      return { refund: refundRow(current), billId: null };
    }
    const refund = refundRow(updated);
    if (refund.status !== 2) return { refund, billId: null };
    const plan = await one<{ planNo: string; title: string }>(
      tx,
      'select plan_no, title from instalment_plan where id = $1',
      [refund.planId],
    );
    const entry = await writeLedgerEntry(
      tx,
      {
        accountId: refund.accountId,
        direction: 1,
        bizType: 8,
        title: `分期退款 · ${plan?.title ?? ''}`,
        amount: refund.amount,
        remark: `分期${REFUND_REASON_LABELS[refund.reason]}退款 ${plan?.planNo ?? ''}`,
        operatorName: '平台',
      },
      now,
    );
    return { refund, billId: entry.billId };
  });
}
