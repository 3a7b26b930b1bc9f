import { addDays, dayOf, instantOf } from '../lib/time';

/**
 * When the scheduled money work happens (entities.md R10, one order for all sections, Asia/Shanghai), shared by the
 * job runner (sandbox/jobs) and the demo world's replay of its history (sandbox/db/seed), so that the seed's past is
 * what the jobs would have made of it.
 */

/** hh:mm of each daily job. */
export const SCHEDULE = {
  /** Share-rule versions, month-card and site-application expiry, SIM rent on day 1. */
  midnight: { hh: 0, mm: 0 },
  /** Posting of yesterday's splits to the wallets; return of held orders past their deadline. */
  posting: { hh: 2, mm: 0 },
  /** settleMode 1: the daily freeze of yesterday's posted owner income of each plan's sites. */
  dailyFreeze: { hh: 2, mm: 30 },
  /** settleMode 1 monthly settlement on settleDay; settleMode 2 platform-fee periods close on settleDate. */
  settlement: { hh: 3, mm: 0 },
  /** 账单设置: last month's site bills mailed to each setting's e-mail on its bill day (jobs/bill-mail.ts). */
  billMail: { hh: 8, mm: 0 },
  /** Automatic withdrawals due today. */
  autoWithdraw: { hh: 10, mm: 0 },
} as const;

/** The instant of a daily job on `day`. */
export function jobTime(job: keyof typeof SCHEDULE, day: string): number {
  const { hh, mm } = SCHEDULE[job];
  return instantOf(day, hh, mm);
}

/** When split rows made at `splitTime` are posted: 02:00 the next day (R3.6, R4.3). */
export function postingTimeOf(splitTime: number): number {
  return jobTime('posting', addDays(dayOf(splitTime), 1));
}

/** Days an online order or recharge of an unsigned owner is held before it is returned (R5.1). */
export const HOLD_DAYS = 15;

/** Reason of the automatic refund of a held order past its deadline (OrderRefund by 系统). */
export const HELD_RETURN_REASON = '超过15天未完成签约，订单资金原路退回';

/** When a held order past `deadline` is returned: the first 02:00 job at or after it (R5.3). */
export function returnTimeOf(deadline: number): number {
  const sameDay = jobTime('posting', dayOf(deadline));
  return sameDay >= deadline ? sameDay : jobTime('posting', addDays(dayOf(deadline), 1));
}

/** How long an arrears payment stays payable (OwePayment.expireTime = createTime + 15 min). */
export const PAYMENT_TTL_MS = 15 * 60_000;
