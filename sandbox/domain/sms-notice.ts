import { BizError } from '../http/envelope';
import { one, type Db } from '../lib/db';
import { SMS_DAILY_LIMIT, SMS_RESEND_MS } from './sms';

/**
 * Notices by SMS (C-mine.md: 开通 a property's login → "开通成功，已短信通知物业"; 添加代理 → "添加成功，已短信通知对方"):
 * the sandbox's SMS gateway records the text in sandbox_sms (kind 'notice'; GET /__sandbox/sms/inbox lists it, the
 * sandbox log prints it). The limits of the SMS rules (A-shell-home-settlement.md "Business rules: SMS": 60 s between
 * sends per phone, 10 a day) hold for notices to a phone too, counted apart from its codes so that a notice never
 * delays a login code. Called inside the action's transaction: a refused send refuses the action, so the app never
 * says a notice went out when it did not. A notice of the account's own work to its own staff (a work order approved
 * → "审核通过，已短信通知施工人员") is sent without the limits (`limited: false`): an operator approving two orders of
 * the same builder within a minute must not be refused.
 */

/**
 * Sends `content` to `phone` as a notice at `now`. Limited (the default): throws BizError 1007 within 60 s of the last
 * notice, 1008 past 10 a day.
 */
export async function sendNoticeSms(
  tx: Db,
  phone: string,
  content: string,
  now: number,
  { limited = true }: { limited?: boolean } = {},
): Promise<void> {
  if (!limited) {
    await tx.query(`insert into sandbox_sms (phone, kind, content, sent_at) values ($1, 'notice', $2, $3)`, [
      phone,
      content,
      now,
    ]);
    console.log(`[sandbox sms] ${phone} notice: ${content}`);
    return;
  }
  const sent = await one<{ id: number }>(
    tx,
    `insert into sandbox_sms (phone, kind, content, sent_at)
     select $1, 'notice', $2, $3
     where not exists (select 1 from sandbox_sms where phone = $1 and kind = 'notice' and sent_at > $4)
       and (select count(*) from sandbox_sms where phone = $1 and kind = 'notice' and sent_at > $5) < $6
     returning id`,
    [phone, content, now, now - SMS_RESEND_MS, now - 24 * 3600_000, SMS_DAILY_LIMIT],
  );
  if (!sent) {
    const recent = await one<{ n: number }>(
      tx,
      `select count(*)::int as n from sandbox_sms where phone = $1 and kind = 'notice' and sent_at > $2`,
      [phone, now - SMS_RESEND_MS],
    );
    if ((recent?.n ?? 0) > 0) throw new BizError(1007, '短信发送过于频繁，请稍后再试');
    throw new BizError(1008, '今日短信发送次数已达上限');
  }
  console.log(`[sandbox sms] ${phone} notice: ${content}`);
}

/** The name an operator signs its notices with: its short name, else its name. */
export async function senderName(tx: Db, accountId: number): Promise<string> {
  const row = await one<{ shortName: string | null; name: string }>(
    tx,
    'select short_name, name from account where id = $1',
    [accountId],
  );
  return row?.shortName || row?.name || '运营商';
}
