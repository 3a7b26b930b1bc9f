import type { Transaction } from '@electric-sql/pglite';
import { activateDueVersions } from '../api/share-rules';
import type { Db } from '../lib/db';
import { dayOf } from '../lib/time';

/**
 * The status changes of the 00:00 job and the expiry of pending arrears payments (entities.md R10.1; A §6 "Arrears
 * payment": unpaid payments close at expireTime). Each takes the instant it runs at (epoch ms) and never reads a clock.
 */

/** 00:00 — share-rule versions whose effective day has come become 生效中 (B.6; the rule of api/share-rules.ts). */
export async function activateShareRules(tx: Transaction, at: number): Promise<void> {
  await activateDueVersions(tx, at);
}

/**
 * 00:00 — month cards (cardType 2) in status 3 正常 whose last valid day (endDate) is before today become 5 已过期
 * (C rule 4). Paused (6 已停卡) and frozen cards keep their status.
 */
export async function expireMonthCards(tx: Transaction, at: number): Promise<void> {
  await tx.query(
    `update card set status = 5, update_time = $2
     where card_type = 2 and status = 3 and end_date is not null and end_date < $1`,
    [dayOf(at), at],
  );
}

/** 00:00 — site applications (SiteApply) still 0 待处理 past their expireTime become 3 已过期 (C rule 16). */
export async function expireSiteApplications(tx: Transaction, at: number): Promise<void> {
  await tx.query('update site_apply set status = 3, update_time = $1 where status = 0 and expire_time <= $1', [at]);
}

/** Message of an arrears payment closed unpaid at its expireTime. */
export const PAYMENT_EXPIRED = '支付超时，订单已关闭';

/** When the next pending arrears payment (OwePayment status 0) expires, or null. */
export async function nextPaymentExpiry(db: Db): Promise<number | null> {
  const result = await db.query<{ t: number | null }>('select min(expire_time) as t from owe_payment where status = 0');
  const t = result.rows[0]?.t;
  return t === null || t === undefined ? null : Number(t);
}

/** Arrears payments still 0 待支付 at their expireTime (createTime + 15 min) become 3 已关闭. */
export async function expirePayments(tx: Transaction, at: number): Promise<void> {
  await tx.query(
    `update owe_payment set status = 3, fail_reason = $2, update_time = $1 where status = 0 and expire_time <= $1`,
    [at, PAYMENT_EXPIRED],
  );
}
