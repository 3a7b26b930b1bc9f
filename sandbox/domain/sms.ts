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
