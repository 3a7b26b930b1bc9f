/**
 * The rules of settlement (A-shell-home-settlement.md "Business rules": balance-deduction settlement, split-deduction
 * platform fee; C rule 22 SIM rent; entities.md R6), as pure functions of the figures they read, shared by the jobs
 * (sandbox/jobs/settlement.ts) and the demo world's replay of its history (sandbox/db/seed/settlement.ts). Money fen;
 * proportion in percent.
 */

/**
 * The daily freeze of one plan site (A, 02:30): min(⌊the owner's posted income of that site yesterday × proportion /
 * 100⌋, what is still to freeze of the cycle's due), never more than the available balance, never negative.
 */
export function dailyFreezeAmount(
  income: number,
  proportion: number,
  due: number,
  frozen: number,
  available: number,
): number {
  return Math.max(0, Math.min(Math.floor((income * proportion) / 100), due - frozen, available));
}

/** The outcome of settling one cycle's deduction (A "On settlement"). */
export interface SettledDeduction {
  deducted: number;
  unfrozen: number;
  owe: number;
  /** 2 已扣清, 3 部分扣款, 4 未扣款. */
  status: 2 | 3 | 4;
  /** The part of `deducted` that repays earlier arrears (arrears first, then the period). */
  arrearsRepaid: number;
}

/** deducted = min(frozen, due); unfrozen = frozen − deducted; owe = due − deducted; arrears are repaid first. */
export function settleDeduction(d: { due: number; frozen: number; arrearsAmount: number }): SettledDeduction {
  const deducted = Math.min(d.frozen, d.due);
  const owe = d.due - deducted;
  return {
    deducted,
    unfrozen: d.frozen - deducted,
    owe,
    status: owe === 0 ? 2 : deducted > 0 ? 3 : 4,
    arrearsRepaid: Math.min(deducted, d.arrearsAmount),
  };
}

/** The figures of a plan that a settlement changes. */
export interface PlanProgress {
  financedAmount: number;
  periodAmount: number;
  totalPeriods: number;
  paidAmount: number;
}

/**
 * A plan after `deducted` more was paid (A invariants): paidAmount + remainingAmount = financedAmount; paidPeriods =
 * the periods fully paid (⌊paid / periodAmount⌋, at most totalPeriods); status 2 已结清 when nothing remains.
 */
export function planAfterPayment(
  plan: PlanProgress,
  deducted: number,
): { paidAmount: number; remainingAmount: number; paidPeriods: number; settled: boolean } {
  const paidAmount = Math.min(plan.financedAmount, plan.paidAmount + deducted);
  const remainingAmount = plan.financedAmount - paidAmount;
  const paidPeriods =
    remainingAmount === 0
      ? plan.totalPeriods
      : Math.min(plan.totalPeriods, Math.floor(paidAmount / Math.max(1, plan.periodAmount)));
  return { paidAmount, remainingAmount, paidPeriods, settled: remainingAmount === 0 };
}

/**
 * A plan's deduction for a new cycle (A: dueAmount = periodAmount + outstanding arrears of that plan): the period is
 * the plan's periodAmount while periods and money remain (never more than what remains beyond the arrears), or 0;
 * null when nothing is due at all.
 */
export function nextDeduction(
  plan: PlanProgress & { remainingAmount: number },
  periodNo: number,
  outstandingArrears: number,
): { periodAmount: number; arrearsAmount: number; dueAmount: number } | null {
  const periodAmount =
    periodNo <= plan.totalPeriods
      ? Math.max(0, Math.min(plan.periodAmount, plan.remainingAmount - outstandingArrears))
      : 0;
  const dueAmount = periodAmount + outstandingArrears;
  return dueAmount > 0 ? { periodAmount, arrearsAmount: outstandingArrears, dueAmount } : null;
}

/** Shares `total` over parts in proportion to their weights (the last non-zero weight takes the remainder). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) return weights.map((_, i) => (i === weights.length - 1 ? total : 0));
  const out = weights.map((w) => Math.floor((total * w) / sum));
  const lastIndex = weights.reduce((last, w, i) => (w > 0 ? i : last), 0);
  out[lastIndex] = (out[lastIndex] ?? 0) + total - out.reduce((s, x) => s + x, 0);
  return out;
}

/** Repays arrears oldest first: each record's new repaidAmount and whether it is cleared. */
export function repayOldestFirst(
  arrears: readonly { id: number; amount: number; repaidAmount: number }[],
  amount: number,
): { id: number; repaidAmount: number; cleared: boolean }[] {
  let left = amount;
  const out: { id: number; repaidAmount: number; cleared: boolean }[] = [];
  for (const a of arrears) {
    if (left <= 0) break;
    const part = Math.min(left, a.amount - a.repaidAmount);
    if (part <= 0) continue;
    left -= part;
    out.push({ id: a.id, repaidAmount: a.repaidAmount + part, cleared: a.repaidAmount + part === a.amount });
  }
  return out;
}

/** A cycle's deduction as the monthly settlement sheet sums it. */
export interface DeductionFigures {
  dueAmount: number;
  frozenAmount: number;
  deductedAmount: number;
  unfrozenAmount: number;
  oweAmount: number;
  /** 1 冻结中, 2 已扣清, 3 部分扣款, 4 未扣款. */
  status: number;
}

/**
 * The monthly settlement sheet (CostSettlement, A: Σ of that cycle's InstalmentDeductions): status 1 结算中 while a
 * deduction is still 冻结中, else 3 已结算·有欠费 when anything is owed, else 2 已结算.
 */
export function costSettlementOf(list: readonly DeductionFigures[]): DeductionFigures & { planCount: number } {
  const sum = (key: keyof DeductionFigures) => list.reduce((s, d) => s + d[key], 0);
  const owe = sum('oweAmount');
  return {
    dueAmount: sum('dueAmount'),
    frozenAmount: sum('frozenAmount'),
    deductedAmount: sum('deductedAmount'),
    unfrozenAmount: sum('unfrozenAmount'),
    oweAmount: owe,
    status: list.some((d) => d.status === 1) ? 1 : owe > 0 ? 3 : 2,
    planCount: list.length,
  };
}

/** SIM rent per 4G box per month (C rule 22; CostBill.unitPrice). */
export const SIM_UNIT_PRICE = 150;

/** Communication type 1 4G of a device model (DeviceModel.commType; WiFi 2 and 蓝牙 3 pay no SIM rent, C rule 22). */
export const COMM_4G = 1;

/**
 * A box's heartbeat record as the SIM rent reads it (C rule 22; domain/warnings.ts): the sandbox's boxes beat
 * continuously unless stopped.
 */
export interface HeartbeatRecord {
  /** 4G model (commType 1) with a SIM card (iccid). */
  is4g: boolean;
  /** It beats now: no stopped heartbeat and not 离线 (status ≠ 2). */
  beating: boolean;
  /**
   * lastHeartbeatTime (epoch ms): while it beats the start of its current run (or a heartbeat within it); otherwise
   * its last heartbeat. Null: it never reported.
   */
  lastHeartbeatTime: number | null;
}

/**
 * Whether a box counts for the SIM rent of the month [from, to) (C rule 22: "the merchant's 4G boxes bound to a site
 * and online at least once in the previous month"; from/to epoch ms, the Asia/Shanghai month's first instant and the
 * next month's; read at or after `to`): a 4G box that reported at least once in [from, to). A beating box has reported
 * continuously since its lastHeartbeatTime, so it counts when that is before `to`; a silent one counts when its last
 * heartbeat falls in the month (a last heartbeat at or after `to` means it beat up to then: it counts when at or after
 * `from`).
 */
export function simBilled(box: HeartbeatRecord, from: number, to: number): boolean {
  if (!box.is4g || box.lastHeartbeatTime === null) return false;
  return box.beating ? box.lastHeartbeatTime < to : box.lastHeartbeatTime >= from;
}

/**
 * A month's SIM rent (C rule 22): amount = boxes × unit price, frozen from the available balance on day 1; when the
 * balance is short, what is available is frozen and the rest is owed (status 3 欠费 with an Arrears record, source 3),
 * else status 1 冻结中.
 */
export function simRentOf(
  deviceCount: number,
  unitPrice: number,
  available: number,
): { amount: number; frozen: number; owe: number; status: 1 | 3 } {
  const amount = deviceCount * unitPrice;
  const frozen = Math.max(0, Math.min(amount, available));
  return { amount, frozen, owe: amount - frozen, status: frozen === amount ? 1 : 3 };
}

/**
 * Last month's SIM rent still owed, deducted on the 1st of the next month (entities.md R6.3; C rule 22): the open SIM
 * arrears records of that month (source 3, status 1/2) take as much of the available balance as it holds, oldest
 * first; what stays short stays owed (R6.4: it still blocks withdrawals and adding devices, and is paid on
 * /income/feeOwedDetail). `taken` (fen, ≤ available) leaves the available balance as one bizType 14 entry per record;
 * `repayments` are the records' new repaidAmount (cleared = nothing left owed).
 */
export function collectSimArrears(
  records: readonly { id: number; amount: number; repaidAmount: number }[],
  available: number,
): { taken: number; repayments: { id: number; repaidAmount: number; cleared: boolean }[] } {
  const unpaid = records.reduce((s, a) => s + Math.max(0, a.amount - a.repaidAmount), 0);
  const taken = Math.max(0, Math.min(unpaid, available));
  return { taken, repayments: repayOldestFirst(records, taken) };
}

/** A platform-fee period closing at its settleDate (A split mode): oweAmount = due − deducted; 2 已结清 or 3 欠费. */
export function closeFeePeriod(p: { dueAmount: number; deductedAmount: number }): { oweAmount: number; status: 2 | 3 } {
  const oweAmount = Math.max(0, p.dueAmount - p.deductedAmount);
  return { oweAmount, status: oweAmount === 0 ? 2 : 3 };
}
