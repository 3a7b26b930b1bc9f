import type { OwedPeriod } from '../../src/api/arrears';
import { BizError } from '../http/envelope';
import { one, rows, scalar, type Db } from '../lib/db';
import { writeLedgerEntry } from './wallet';

/**
 * Arrears and their payment (D-income.md §3 and "Business rules: Arrears payment"; A-shell-home-settlement.md §4–§5;
 * entities.md §66, §69, §70, R6.4): the open items of an account — platform-fee periods in 欠费 (settleMode 2) and
 * arrears records in 未还/部分已还 of any source (instalments, SIM rent) — always paid oldest first, and what a
 * successful payment does to them. Payments never touch the wallet, except that an instalment plan's current freeze
 * above its new due is unfrozen at once (bizType 6). Money fen, instants epoch ms.
 */

/** An open arrears record (A Arrears), oldest first. */
export interface OpenArrears {
  id: number;
  cycle: string;
  source: 1 | 2 | 3;
  planId: number | null;
  costBillId: number | null;
  amount: number;
  repaidAmount: number;
  /** amount − repaidAmount. */
  unpaid: number;
}

/** An OwePayment row (entities.md §70). */
export interface OwePaymentRow {
  id: number;
  paymentNo: string;
  accountId: number;
  periodIds: number[];
  arrearsIds: number[];
  amount: number;
  payWay: 1 | 2;
  tradeNo: string | null;
  prepayId: string | null;
  status: 0 | 1 | 2 | 3;
  failReason: string | null;
  requestId: string;
  expireTime: number;
  payTime: number | null;
  createTime: number;
}

/** The account's unpaid platform-fee periods (FeePeriod status 3 with something unpaid), oldest first. */
export async function unpaidPeriods(db: Db, accountId: number): Promise<OwedPeriod[]> {
  const list = await rows<OwedPeriod & { id: number; paidAmount: number }>(
    db,
    `select id, period_no, start_date, end_date, settle_date, due_amount, deducted_amount, owe_amount, paid_amount
     from fee_period where account_id = $1 and status = 3 and owe_amount > paid_amount order by period_no`,
    [accountId],
  );
  return list.map((p) => ({
    instalmentId: Number(p.id),
    periodNo: Number(p.periodNo),
    startDate: p.startDate,
    endDate: p.endDate,
    settleDate: p.settleDate,
    dueAmount: Number(p.dueAmount),
    deductedAmount: Number(p.deductedAmount),
    oweAmount: Number(p.oweAmount) - Number(p.paidAmount),
    status: 3,
  }));
}

/** The account's open arrears records (status 1/2, any source), oldest first. */
export async function openArrears(db: Db, accountId: number): Promise<OpenArrears[]> {
  const list = await rows<OpenArrears>(
    db,
    `select id, cycle, source, plan_id, cost_bill_id, amount, repaid_amount from arrears
     where account_id = $1 and status in (1, 2) order by cycle, id`,
    [accountId],
  );
  return list.map((a) => ({
    id: Number(a.id),
    cycle: a.cycle,
    source: Number(a.source) as 1 | 2 | 3,
    planId: a.planId === null ? null : Number(a.planId),
    costBillId: a.costBillId === null ? null : Number(a.costBillId),
    amount: Number(a.amount),
    repaidAmount: Number(a.repaidAmount),
    unpaid: Number(a.amount) - Number(a.repaidAmount),
  }));
}

/** Σ unpaid of every open item (periods + records), fen, and their count. */
export async function openArrearsTotal(db: Db, accountId: number): Promise<{ amount: number; count: number }> {
  const periods = await unpaidPeriods(db, accountId);
  const records = await openArrears(db, accountId);
  return {
    amount: periods.reduce((s, p) => s + p.oweAmount, 0) + records.reduce((s, a) => s + a.unpaid, 0),
    count: periods.length + records.length,
  };
}

/** A selection of items to pay. */
export interface Selection {
  instalmentIds: number[];
  arrearsIds: number[];
}

/** Ids sorted ascending without repeats (how a selection is compared). */
export function normalise(ids: readonly number[]): number[] {
  return [...new Set(ids.map(Number))].sort((a, b) => a - b);
}

/** True when two selections name the same items. */
export function sameSelection(a: Selection, b: Selection): boolean {
  const same = (x: readonly number[], y: readonly number[]) =>
    JSON.stringify(normalise(x)) === JSON.stringify(normalise(y));
  return same(a.instalmentIds, b.instalmentIds) && same(a.arrearsIds, b.arrearsIds);
}

/**
 * Checks a selection against the account's open items (D "Arrears payment"): only unpaid items (else 2030, the
 * amounts changed), each list a prefix of its oldest-first list (2031), and `amount` = their unpaid total (2030).
 * Answers the total (fen).
 */
export async function checkSelection(db: Db, accountId: number, selection: Selection, amount: number): Promise<number> {
  const ids = { periods: normalise(selection.instalmentIds), arrears: normalise(selection.arrearsIds) };
  if (ids.periods.length === 0 && ids.arrears.length === 0) throw new BizError(1, '请选择缴费期次');
  const periods = await unpaidPeriods(db, accountId);
  const records = await openArrears(db, accountId);
  const changed = () => new BizError(2030, '欠费金额已变化，请刷新后重试');
  const prefix = <T>(list: readonly T[], id: (t: T) => number, chosen: readonly number[]): T[] => {
    const known = new Set(list.map(id));
    if (chosen.some((c) => !known.has(c))) throw changed();
    const taken = list.slice(0, chosen.length);
    if (taken.some((t) => !chosen.includes(id(t)))) throw new BizError(2031, '请按期次顺序缴费（需先缴清更早的欠费）');
    return taken;
  };
  const total =
    prefix(periods, (p) => p.instalmentId, ids.periods).reduce((s, p) => s + p.oweAmount, 0) +
    prefix(records, (a) => a.id, ids.arrears).reduce((s, a) => s + a.unpaid, 0);
  if (total !== amount) throw changed();
  return total;
}

/** The payment's row, or null. */
export async function paymentOf(db: Db, accountId: number, paymentId: number): Promise<OwePaymentRow | null> {
  const row = await one<OwePaymentRow>(db, 'select * from owe_payment where id = $1 and account_id = $2', [
    paymentId,
    accountId,
  ]);
  return row && numericPayment(row);
}

/** The payment of a payment number (notifications name it so), or null. */
export async function paymentByNo(db: Db, paymentNo: string): Promise<OwePaymentRow | null> {
  const row = await one<OwePaymentRow>(db, 'select * from owe_payment where payment_no = $1', [paymentNo]);
  return row && numericPayment(row);
}

/** The account's payment waiting for the cashier (status 0, not expired at `at`), or null. */
export async function pendingPaymentOf(db: Db, accountId: number, at: number): Promise<OwePaymentRow | null> {
  const row = await one<OwePaymentRow>(
    db,
    'select * from owe_payment where account_id = $1 and status = 0 and expire_time > $2 order by id desc limit 1',
    [accountId, at],
  );
  return row && numericPayment(row);
}

function numericPayment(p: OwePaymentRow): OwePaymentRow {
  return {
    ...p,
    id: Number(p.id),
    accountId: Number(p.accountId),
    periodIds: (p.periodIds ?? []).map(Number),
    arrearsIds: (p.arrearsIds ?? []).map(Number),
    amount: Number(p.amount),
    payWay: Number(p.payWay) as 1 | 2,
    status: Number(p.status) as 0 | 1 | 2 | 3,
    expireTime: Number(p.expireTime),
    payTime: p.payTime === null ? null : Number(p.payTime),
    createTime: Number(p.createTime),
  };
}

/** Closes a payment that is still 待支付 (status 3 with the reason). */
export async function closePayment(tx: Db, paymentId: number, reason: string, at: number): Promise<void> {
  await tx.query('update owe_payment set status = 3, fail_reason = $2, update_time = $3 where id = $1 and status = 0', [
    paymentId,
    reason,
    at,
  ]);
}

/**
 * What a successful payment does (D "Arrears payment: Success"), at most once per payment: the payment becomes 1
 * 支付成功 with the platform's transaction number and pay time; each selected period is paid (paidAmount = oweAmount,
 * status 4 已补缴); each selected arrears record is cleared (repaidAmount = amount, status 3, clearTime); for an
 * instalment record (source 1/2) the plan's paid/remaining move by the repaid part, its current cycle's due drops by it
 * and any frozen amount above the new due is unfrozen at once (bizType 6); for a SIM-rent record (source 3) the cost
 * bill owes nothing more. A payment that closed (expired, replaced) while the platform took the money is still
 * honoured when its items are all still unpaid; otherwise it is marked 2 with the reason (the platform refunds it).
 * Answers true when the payment is (now) paid.
 */
export async function settlePaidPayment(
  tx: Db,
  payment: OwePaymentRow,
  paid: { tradeNo: string; payTime: number },
  at: number,
): Promise<boolean> {
  const current = await one<{ status: number }>(tx, 'select status from owe_payment where id = $1 for update', [
    payment.id,
  ]);
  const status = Number(current?.status);
  if (status === 1) return true;
  if (status === 2) return false;
  const periods = await unpaidPeriods(tx, payment.accountId);
  const records = await openArrears(tx, payment.accountId);
  const chosenPeriods = periods.filter((p) => payment.periodIds.includes(p.instalmentId));
  const chosenRecords = records.filter((a) => payment.arrearsIds.includes(a.id));
  const stillOwed =
    chosenPeriods.length === payment.periodIds.length &&
    chosenRecords.length === payment.arrearsIds.length &&
    chosenPeriods.reduce((s, p) => s + p.oweAmount, 0) + chosenRecords.reduce((s, a) => s + a.unpaid, 0) ===
      payment.amount;
  if (!stillOwed) {
    await tx.query(
      `update owe_payment set status = 2, trade_no = $2, pay_time = $3, fail_reason = $4, update_time = $5 where id = $1`,
      [payment.id, paid.tradeNo, paid.payTime, '缴费单已关闭，款项将原路退回', at],
    );
    return false;
  }
  await tx.query(
    `update owe_payment set status = 1, trade_no = $2, pay_time = $3, fail_reason = null, update_time = $4 where id = $1`,
    [payment.id, paid.tradeNo, paid.payTime, at],
  );
  for (const p of chosenPeriods) {
    await tx.query('update fee_period set paid_amount = owe_amount, status = 4, update_time = $2 where id = $1', [
      p.instalmentId,
      at,
    ]);
  }
  for (const a of chosenRecords) {
    await tx.query(
      'update arrears set repaid_amount = amount, status = 3, clear_time = $2, update_time = $3 where id = $1',
      [a.id, paid.payTime, at],
    );
    if (a.source === 3) {
      if (a.costBillId !== null) {
        await tx.query(
          `update cost_bill set owe_amount = 0,
             status = case when status = 3 and frozen_amount = deducted_amount then 2 else status end,
             update_time = $2 where id = $1`,
          [a.costBillId, at],
        );
      }
    } else if (a.planId !== null) {
      await repayPlan(tx, payment.accountId, a.planId, a.unpaid, at);
    }
  }
  return true;
}

/**
 * An instalment plan's arrears repaid by `repaid` fen (A invariants: paidAmount + remainingAmount = financedAmount):
 * the plan moves, its current cycle (a deduction 冻结中) owes that much less, and a freeze above the new due goes back
 * to the available balance (bizType 6 费用解冻).
 */
async function repayPlan(tx: Db, accountId: number, planId: number, repaid: number, at: number): Promise<void> {
  await tx.query(
    `update instalment_plan set paid_amount = least(financed_amount, paid_amount + $2),
       remaining_amount = financed_amount - least(financed_amount, paid_amount + $2),
       status = case when financed_amount - least(financed_amount, paid_amount + $2) = 0 then 2 else status end,
       update_time = $3
     where id = $1`,
    [planId, repaid, at],
  );
  const current = await one<{ id: number; arrearsAmount: number; dueAmount: number; frozenAmount: number }>(
    tx,
    `select id, arrears_amount, due_amount, frozen_amount from instalment_deduction
     where plan_id = $1 and status = 1 order by cycle desc limit 1`,
    [planId],
  );
  if (!current) return;
  const drop = Math.min(repaid, Number(current.arrearsAmount));
  const due = Number(current.dueAmount) - drop;
  const surplus = Math.max(0, Number(current.frozenAmount) - due);
  await tx.query(
    `update instalment_deduction set arrears_amount = arrears_amount - $2, due_amount = $3,
       frozen_amount = frozen_amount - $4, unfrozen_amount = unfrozen_amount + $4, update_time = $5
     where id = $1`,
    [current.id, drop, due, surplus, at],
  );
  if (surplus > 0) {
    const plan = await one<{ title: string; siteId: number | null; siteName: string }>(
      tx,
      'select title, site_id, site_name from instalment_plan where id = $1',
      [planId],
    );
    await writeLedgerEntry(
      tx,
      {
        accountId,
        direction: 1,
        bizType: 6,
        title: `费用解冻 · ${plan?.title ?? '分期'}`,
        amount: surplus,
        siteId: plan?.siteId ?? null,
        siteName: plan?.siteName ?? null,
        deductionId: Number(current.id),
        remark: '欠费已缴清，多冻结的金额解冻',
      },
      at,
    );
  }
}

/** Open arrears left for the account (the payresult's remainingOweAmount). */
export async function remainingOwe(db: Db, accountId: number): Promise<number> {
  return (await openArrearsTotal(db, accountId)).amount;
}

/** Count of payments (tests). */
export async function paymentCount(db: Db, accountId: number): Promise<number> {
  return scalar(db, 'select count(*) from owe_payment where account_id = $1', [accountId]);
}
