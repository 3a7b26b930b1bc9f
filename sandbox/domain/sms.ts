import { randomInt } from 'node:crypto';
import { SMS_RESEND_SECONDS } from '../../src/api/rules';
import { BizError } from '../http/envelope';
import { one, type Db } from '../lib/db';

/**
 * SMS codes used by money actions (A "Business rules: SMS"; D §0.7 types 4 绑定银行卡, 5 提现验证, 6 更换结算卡,
 * 7 电子协议签署): the newest unused, unexpired code of (phone, type) with fewer than 5 wrong tries is the valid one; a
 * request that uses it consumes it, so one code never serves two requests. Two steps, because a wrong try must count
 * even when the request fails: checkSmsCode in exactlyOnce's `prepare` (outside the transaction), consumeSmsCode in
 * its action (inside). Each step is one atomic statement.
 */

/** Wrong tries after which a code is dead. */
export const SMS_MAX_TRIES = 5;

/** A code as the request carries it. */
export interface SmsCodeUse {
  phone: string;
  /** SmsCode.type (1–7). */
  type: number;
  code: string;
}

/** The answer to a wrong, expired, used or missing code unless the caller names its own (A's 1001). */
export const SMS_CODE_INVALID = { code: 1001, message: '验证码错误或已过期' } as const;

/**
 * Checks a code without consuming it; a wrong code counts a try on the valid code (committed at once when `db` is the
 * database). Throws BizError `error` when there is no valid code or it differs.
 */
export async function checkSmsCode(
  db: Db,
  use: SmsCodeUse,
  now: number,
  error: { code: number; message: string } = SMS_CODE_INVALID,
): Promise<void> {
  const row = await one<{ matched: boolean }>(
    db,
    `update sms_code s set verify_fail_count = s.verify_fail_count + (case when s.code = $4 then 0 else 1 end),
       update_time = $3
     where s.id = (select id from sms_code where phone = $1 and type = $2 and not used and expire_time > $3
                   order by id desc limit 1)
       and s.verify_fail_count < $5
     returning s.code = $4 as matched`,
    [use.phone, use.type, now, use.code, SMS_MAX_TRIES],
  );
  if (!row?.matched) throw new BizError(error.code, error.message);
}

/**
 * Consumes the code inside the action's transaction: marks the valid code used when it equals `code`. Throws BizError
 * `error` when it does not (another request used it first, it expired, or it is wrong).
 */
export async function consumeSmsCode(
  tx: Db,
  use: SmsCodeUse,
  now: number,
  error: { code: number; message: string } = SMS_CODE_INVALID,
): Promise<void> {
  const row = await one<{ id: number }>(
    tx,
    `update sms_code s set used = true, update_time = $3
     where s.id = (select id from sms_code where phone = $1 and type = $2 and not used and expire_time > $3
                   order by id desc limit 1)
       and s.code = $4 and s.verify_fail_count < $5
     returning s.id`,
    [use.phone, use.type, now, use.code, SMS_MAX_TRIES],
  );
  if (!row) throw new BizError(error.code, error.message);
}

/** How long a code is valid (A: 5 minutes), the resend interval per phone (60 s, src/api/rules.ts SMS_RESEND_SECONDS) and the sends per phone a day (10). */
export const SMS_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = SMS_RESEND_SECONDS * 1000;
export const SMS_DAILY_LIMIT = 10;

/**
 * Sends a new random 6-digit code of `type` to `phone` (the sandbox's SMS gateway: it is printed in the log and read
 * by GET /__sandbox/sms; the app never receives it). One statement checks both limits of the phone and inserts, so
 * parallel sends cannot both pass (issue 12, defect 1): within 60 s of the last send → 1007 验证码发送过于频繁，请稍后再试;
 * the 11th in 24 h → 1008 今日验证码发送次数已达上限. Answers the validity and the resend interval in seconds.
 */
export async function sendSmsCode(
  db: Db,
  phone: string,
  type: number,
  now: number,
): Promise<{ expireSeconds: number; resendSeconds: number }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const sent = await one<{ id: number }>(
    db,
    `insert into sms_code (phone, type, code, create_time, expire_time, used, verify_fail_count, update_time)
     select $1, $2, $3, $4, $5, false, 0, $4
     where not exists (select 1 from sms_code where phone = $1 and create_time > $6)
       and (select count(*) from sms_code where phone = $1 and create_time > $7) < $8
     returning id`,
    [phone, type, code, now, now + SMS_TTL_MS, now - SMS_RESEND_MS, now - 24 * 3600_000, SMS_DAILY_LIMIT],
  );
  if (!sent) {
    const recent = await one<{ n: number }>(
      db,
      'select count(*)::int as n from sms_code where phone = $1 and create_time > $2',
      [phone, now - SMS_RESEND_MS],
    );
    if ((recent?.n ?? 0) > 0) throw new BizError(1007, '验证码发送过于频繁，请稍后再试');
    throw new BizError(1008, '今日验证码发送次数已达上限');
  }
  console.log(`[sandbox sms] ${phone} type ${type}: ${code}`);
  return { expireSeconds: SMS_TTL_MS / 1000, resendSeconds: SMS_RESEND_MS / 1000 };
}
