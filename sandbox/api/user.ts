import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import bcrypt from 'bcryptjs';
import { z } from 'zod';
import { accountNameRule, inviteCodeRule, newPasswordRule, phoneRule, smsCodeRule } from '../../src/api/rules';
import { DEFAULT_PERMISSIONS } from '../../src/api/permissions';
import type { CommercialInfo, LoginResult } from '../../src/api/user';
import type { SandboxConfig } from '../config';
import { BizError, INVALID } from '../http/envelope';
import { endpoints } from '../http/endpoint';
import {
  accountById,
  accountByPhone,
  clearLoginFailures,
  clientOf,
  issueToken,
  maskPhone,
  resolveCaller,
  revokeTokens,
  sourceOf,
  type AccountRow,
} from '../http/session';
import { touches } from '../http/touch';
import { sendSmsCode } from '../domain/sms';
import { pendingSiteApplyCount } from '../domain/site-applies';
import { unrecoveredWarnings } from '../domain/warnings';
import { missingMerchantFields } from '../domain/merchant-info';
import { one, scalar, type Db } from '../lib/db';

/**
 * Account and login endpoints (A-shell-home-settlement.md §1–§2, "Business rules: Login and session"):
 * signature, silent logins, SMS codes, login by code or password, register, find-pass, merchant base info.
 */

/** Business codes of this area (A §0). */
export const CODES = {
  codeInvalid: 1001,
  unregistered: 1002,
  registered: 1003,
  wrongPassword: 1004,
  locked: 1005,
  disabled: 1006,
  tooFrequent: 1007,
  dailyLimit: 1008,
  inviteInvalid: 1009,
} as const;

const SMS_MAX_TRIES = 5;
/** Wrong passwords in a row from one source before it is locked out of the account (A "Password"). */
const MAX_PASSWORD_FAILURES = 5;
/** Wrong passwords from all sources, with no pause of LOCK_MS, that close password login to every source for LOCK_MS. */
const MAX_ACCOUNT_FAILURES = 20;
const LOCK_MS = 30 * 60 * 1000;
/** After the 2nd wrong password in a row from a source, its next try waits 1 s, then 2 s, then 4 s (issue 31 item 6). */
const SLOW_DOWN_MS = 1000;
/** Source row of login_failure that counts every source's tries (until a pause of LOCK_MS). */
const ALL_SOURCES = '*';
/** How long the backend's session of an authorisation code resolves header authcode (A "Login and session": 2 h). */
const AUTH_CODE_TTL_MS = 2 * 3600 * 1000;
/** How long a platform's authorisation code can be exchanged after it was issued (WeChat's and Alipay's: 5 min). */
export const AUTH_CODE_EXCHANGE_MS = 5 * 60 * 1000;
/** Refusal (code 1) of an unknown or expired authorisation code. */
export const AUTH_CODE_INVALID = '授权码无效或已过期，请重新进入';
/** Refusal (code 1) of an authorisation code that already gave a login. */
export const AUTH_CODE_USED = '授权码已使用，请重新进入';

/** The SMS codes sent by the sandbox, newest last (GET /__sandbox/sms reads them; the app never receives them). */
export async function lastSmsCode(db: PGlite, phone: string): Promise<string | null> {
  const row = await one<{ code: string }>(db, 'select code from sms_code where phone = $1 order by id desc limit 1', [
    phone,
  ]);
  return row?.code ?? null;
}

/** Builds the ExtendPermission and LoginResult of an account (A "Shared shape: LoginResult"). */
async function loginResult(db: PGlite, account: AccountRow, token: string, expireTime: number): Promise<LoginResult> {
  const ownerId = account.accountType === 4 || account.accountType === 5 ? account.mainAccountId : account.id;
  const owner = ownerId === account.id ? account : await accountById(db, ownerId);
  const coin = await scalar(
    db,
    `select count(*) from device d join device_model m on m.model = d.model join site s on s.id = d.site_id
     where d.owner_operator_id = $1 and m.support_coin and s.deleted = 0
       and coalesce((s.charge_rule->>'coinMinutes')::int, 0) > 0`,
    [ownerId],
  );
  return {
    token,
    expireTime,
    accountId: account.id,
    accountType: account.accountType,
    name: account.name,
    phone: maskPhone(account.phone),
    permission: account.permissions,
    extendPermission: {
      accountType: account.accountType,
      mainAccountId: account.mainAccountId,
      parentId: account.parentId,
      settleMode: owner?.settleMode ?? 0,
      signStatus: owner?.signStatus ?? 0,
      dataScope: account.dataScope,
      ...(account.dataScope === 2 ? { siteIds: account.siteIds.map(Number) } : {}),
      coinEnabled: coin > 0,
      withdrawEnabled: account.permissions.includes('withdraw'),
    },
  };
}

/**
 * Resolves an authorisation code (+ `client`) to its platform user, or null (A "Business rules: Login and session").
 * A code is exchanged with the platform once, within AUTH_CODE_EXCHANGE_MS of issue (one conditional update, so two
 * parallel requests cannot both exchange it); after that the backend's session of the code resolves it for 2 h from
 * issue. An unknown code, one of the other client, one never exchanged in time, or one whose session ended is null.
 */
async function platformUserOf(
  db: PGlite,
  authCode: string | undefined,
  client: string,
  now: number,
): Promise<string | null> {
  if (!authCode) return null;
  const exchanged = await one<{ platformUserId: string }>(
    db,
    `update auth_code_session set exchange_time = $3, update_time = $3
     where auth_code = $1 and client = $2 and exchange_time is null and create_time + $4 > $3
     returning platform_user_id`,
    [authCode, client, now, AUTH_CODE_EXCHANGE_MS],
  );
  if (exchanged) return exchanged.platformUserId;
  const session = await one<{ platformUserId: string }>(
    db,
    `select platform_user_id from auth_code_session
     where auth_code = $1 and client = $2 and exchange_time is not null and expire_time > $3`,
    [authCode, client, now],
  );
  return session?.platformUserId ?? null;
}

/** Binds the platform user to the account, replacing any earlier binding of either side for that client. */
async function bindPlatformUser(db: PGlite, accountId: number, client: string, platformUserId: string, now: number) {
  await db.query('delete from platform_binding where client = $1 and (platform_user_id = $2 or account_id = $3)', [
    client,
    platformUserId,
    accountId,
  ]);
  await db.query(
    `insert into platform_binding (account_id, client, platform_user_id, nickname, avatar, bind_time, last_login_time,
       create_time, update_time) values ($1, $2, $3, '', '', $4, $4, $4, $4)`,
    [accountId, client, platformUserId, now],
  );
}

/** Checks the account may log in at all. */
function assertCanLogin(account: AccountRow): void {
  if (account.status === 2) throw new BizError(CODES.disabled, '账号已被禁用');
  if (account.status === 3) throw new BizError(CODES.disabled, '账号已注销');
  if (account.status !== 1) throw new BizError(CODES.unregistered, '该手机号未注册');
}

/**
 * Checks an SMS code (A rules: valid 5 min, 5 wrong tries invalidate it). `consume` marks it used.
 * Throws 1001 验证码错误或已过期.
 *
 * Race-free (issue 12, defect 1): a try is counted atomically before the code is compared (one statement that also
 * refuses the sixth try), a matching try gives its count back, and consuming is one conditional update, so parallel
 * requests never judge more than five guesses and a code logs in once.
 */
async function checkSmsCode(
  db: PGlite,
  phone: string,
  type: number,
  code: string,
  now: number,
  consume: boolean,
): Promise<void> {
  const row = await one<{ id: number; code: string }>(
    db,
    `update sms_code set verify_fail_count = verify_fail_count + 1, update_time = $4
     where id = (select id from sms_code where phone = $1 and type = $2 and not used and expire_time > $3
                 order by id desc limit 1)
       and verify_fail_count < $5
     returning id, code`,
    [phone, type, now, now, SMS_MAX_TRIES],
  );
  if (!row || row.code !== code) throw new BizError(CODES.codeInvalid, '验证码错误或已过期');
  const settled = await one<{ id: number }>(
    db,
    `update sms_code set verify_fail_count = verify_fail_count - 1, used = used or $2, update_time = $3
     where id = $1 and not used returning id`,
    [row.id, consume, now],
  );
  if (!settled) throw new BizError(CODES.codeInvalid, '验证码错误或已过期');
}

const lockedError = () => new BizError(CODES.locked, '账号已锁定，请30分钟后再试或使用验证码登录');

/** Locks `source` out of the account's password login for LOCK_MS (its count starts again after). */
async function lockSource(db: Db, accountId: number, source: string, at: number): Promise<void> {
  await db.query(
    `update login_failure set fail_count = 0, locked_until = $3
     where account_id = $1 and source = $2 and (locked_until is null or locked_until <= $4)`,
    [accountId, source, at + LOCK_MS, at],
  );
}

/**
 * Takes a password try of `accountId` from `source` at `at` (issue 31 item 6), before the password is judged and in one
 * statement per count, so that parallel guesses never judge more than allowed (issue 12, defect 1). Resolves the
 * source's tries in a row, this one included. Throws 1005 (locked) while the source or the whole account is locked, or
 * when this try would pass a limit (the lock starts then); 1007 when it comes sooner than the source's wait after its
 * last wrong ones (1 s after the 2nd, 2 s after the 3rd, 4 s after the 4th; nothing is counted then).
 */
async function passwordTry(db: Db, accountId: number, source: string, at: number): Promise<number> {
  const mine = await one<{ failCount: number }>(
    db,
    `insert into login_failure as f (account_id, source, fail_count, last_try_time) values ($1, $2, 1, $3)
     on conflict (account_id, source) do update set fail_count = f.fail_count + 1, last_try_time = $3
       where (f.locked_until is null or f.locked_until <= $3) and f.fail_count < $4
         and (f.fail_count < 2 or $3 - f.last_try_time >= $5 * power(2, f.fail_count - 2))
     returning fail_count`,
    [accountId, source, at, MAX_PASSWORD_FAILURES, SLOW_DOWN_MS],
  );
  if (!mine) {
    const row = await one<{ failCount: number; lastTryTime: number; lockedUntil: number | null }>(
      db,
      'select fail_count, last_try_time, locked_until from login_failure where account_id = $1 and source = $2',
      [accountId, source],
    );
    if (!row || (row.lockedUntil !== null && row.lockedUntil > at)) throw lockedError();
    if (row.failCount >= MAX_PASSWORD_FAILURES) {
      // Five tries counted and no lock yet (they are still being judged): the lock starts now.
      await lockSource(db, accountId, source, at);
      throw lockedError();
    }
    const wait = Math.ceil((row.lastTryTime + SLOW_DOWN_MS * 2 ** (row.failCount - 2) - at) / 1000);
    throw new BizError(CODES.tooFrequent, `尝试过于频繁，请${Math.max(wait, 1)}秒后再试`);
  }
  const all = await one<{ failCount: number }>(
    db,
    `insert into login_failure as f (account_id, source, fail_count, last_try_time) values ($1, $2, 1, $3)
     on conflict (account_id, source) do update
       set fail_count = case when $3 - f.last_try_time > $5 then 1 else f.fail_count + 1 end, last_try_time = $3
       where (f.locked_until is null or f.locked_until <= $3) and ($3 - f.last_try_time > $5 or f.fail_count < $4)
     returning fail_count`,
    [accountId, ALL_SOURCES, at, MAX_ACCOUNT_FAILURES, LOCK_MS],
  );
  if (!all) {
    // The whole account's password login is closed: this source's try is given back, the lock starts (or holds).
    await giveBack(db, accountId, source);
    await lockSource(db, accountId, ALL_SOURCES, at);
    throw lockedError();
  }
  return mine.failCount;
}

/** Gives back one counted try of `source` (a try that was not judged, or a right password of the account-wide count). */
async function giveBack(db: Db, accountId: number, source: string): Promise<void> {
  await db.query(
    'update login_failure set fail_count = greatest(fail_count - 1, 0) where account_id = $1 and source = $2',
    [accountId, source],
  );
}

/**
 * Completes a login: binds the platform user of the request (when known), issues a token, stamps last login, and
 * clears the wrong-password count of the source it came from (`source`, http/session sourceOf).
 */
async function completeLogin(
  db: PGlite,
  account: AccountRow,
  client: string,
  authCode: string | undefined,
  now: number,
  source: string,
): Promise<LoginResult> {
  const platformUserId = await platformUserOf(db, authCode, client, now);
  if (platformUserId) await bindPlatformUser(db, account.id, client, platformUserId, now);
  await db.query('update account set last_login_time = $2 where id = $1', [account.id, now]);
  await db.query('delete from login_failure where account_id = $1 and source = $2', [account.id, source]);
  const { token, expireTime } = await issueToken(db, account.id, client, now);
  return loginResult(db, account, token, expireTime);
}

/** Generates an invite code not used yet (6 upper-case letters and digits). */
async function newInviteCode(db: PGlite): Promise<string> {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    let code = '';
    for (let i = 0; i < 6; i += 1) code += alphabet[randomInt(alphabet.length)];
    if ((await scalar(db, 'select count(*) from account where invite_code = $1', [code])) === 0) return code;
  }
}

const phoneBody = z.object({ phone: phoneRule });

/** The account-and-login routes. */
export function userRoutes(db: PGlite, config: SandboxConfig, now: () => number) {
  const api = endpoints(db, now);

  // POST /api/user/signature — JS-SDK signature: sha1 of jsapi_ticket, noncestr, timestamp, url (in that order).
  api.post(
    '/api/user/signature',
    {
      permission: 'public',
      input: z.object({ url: z.string().url('url 须为完整的页面地址').max(2048) }),
      touches: touches.none,
    },
    async ({ input: { url } }) => {
      if (url.includes('#')) throw new BizError(INVALID, 'url 不能包含 # 及其后的部分');
      const nonceStr = randomBytes(16).toString('hex');
      const timeStamp = Math.floor(now() / 1000);
      const text = `jsapi_ticket=${config.jsapiTicket}&noncestr=${nonceStr}&timestamp=${timeStamp}&url=${url}`;
      const signature = createHash('sha1').update(text).digest('hex');
      return { appId: config.wechatAppId, timeStamp, nonceStr, signature };
    },
  );

  /**
   * The silent login with an authorisation code (A §2 action 1): refused (code 1) when the code is unknown, expired
   * or already gave a login — a code logs in once (claimed in one conditional update before the token is issued), so
   * a code read from a leaked address cannot log in again; `bound: false` (no token) may be answered repeatedly.
   */
  const silentLogin = async (code: string, client: 'r9a_weixin' | 'alipay') => {
    const at = now();
    const platformUserId = await platformUserOf(db, code, client, at);
    if (!platformUserId) throw new BizError(INVALID, AUTH_CODE_INVALID);
    const binding = await one<{ accountId: number; nickname: string; avatar: string }>(
      db,
      'select account_id, nickname, avatar from platform_binding where client = $1 and platform_user_id = $2',
      [client, platformUserId],
    );
    const account = binding ? await accountById(db, binding.accountId) : null;
    if (!binding || !account || account.status !== 1) return { bound: false as const, nickname: '', avatar: '' };
    const claimed = await one<{ authCode: string }>(
      db,
      `update auth_code_session set login_time = $2, update_time = $2
       where auth_code = $1 and login_time is null returning auth_code`,
      [code, at],
    );
    if (!claimed) throw new BizError(INVALID, AUTH_CODE_USED);
    await db.query(
      'update platform_binding set last_login_time = $2, update_time = $2 where account_id = $1 and client = $3',
      [account.id, at, client],
    );
    await db.query('update account set last_login_time = $2 where id = $1', [account.id, at]);
    const { token, expireTime } = await issueToken(db, account.id, client, at);
    return { bound: true as const, ...(await loginResult(db, account, token, expireTime)) };
  };

  // POST /wap/user/wapAntlogin — WeChat silent login with the OAuth code.
  api.post(
    '/wap/user/wapAntlogin',
    {
      permission: 'public',
      input: z.object({ code: z.string().min(1, '缺少授权码 code').max(128) }),
      touches: touches.none,
    },
    async ({ input: { code } }) => {
      return await silentLogin(code, 'r9a_weixin');
    },
  );

  // POST /api/user/aliLoginByAuthCode — Alipay silent login with auth_code.
  api.post(
    '/api/user/aliLoginByAuthCode',
    {
      permission: 'public',
      input: z.object({ authCode: z.string().min(1, '缺少授权码 authCode').max(128) }),
      touches: touches.none,
    },
    async ({ input: { authCode } }) => {
      return await silentLogin(authCode, 'alipay');
    },
  );

  // POST /api/user/verificationCode — sends an SMS code (types 1–3 here; 4–7 belong to the income section). Type 5
  // (提现验证, D-income.md §2 /income/withdraw) carries no phone: it goes to the logged-in account's withdraw phone
  // (the operator's for a sub-account), so it needs the token.
  api.post(
    '/api/user/verificationCode',
    {
      permission: 'public',
      input: z
        .object({ phone: z.optional(phoneRule), type: z.number({ error: '缺少验证码类型 type' }).int().min(1).max(7) })
        .refine((b) => b.type === 5 || b.phone !== undefined, { message: '请输入手机号', path: ['phone'] }),
      touches: touches.none,
    },
    async ({ c, input }) => {
      const at = now();
      const { type } = input;
      const phone = type === 5 ? await withdrawPhoneOf(db, c.req.header('token'), at) : (input.phone ?? '');
      const account = await accountByPhone(db, phone);
      const registered = account !== null && account.status !== 3;
      if ((type === 1 || type === 3) && !registered) throw new BizError(CODES.unregistered, '该手机号未注册');
      if (type === 2 && registered) throw new BizError(CODES.registered, '该手机号已注册');
      return sendSmsCode(db, phone, type, at);
    },
  );

  // POST /api/user/antLogin — phone + SMS code; binds the platform user of header authcode.
  api.post(
    '/api/user/antLogin',
    { permission: 'public', input: phoneBody.extend({ code: smsCodeRule }), touches: touches.none },
    async ({ c, input: { phone, code } }) => {
      const at = now();
      const account = await accountByPhone(db, phone);
      if (!account) throw new BizError(CODES.unregistered, '该手机号未注册');
      assertCanLogin(account);
      await checkSmsCode(db, phone, 1, code, at, true);
      return await completeLogin(db, account, clientOf(c), c.req.header('authcode'), at, sourceOf(c));
    },
  );

  // POST /api/user/antLoginWithPwd — phone + password; 5 wrong in a row from one source lock that source out for 30
  // minutes (the owner elsewhere, or by SMS, still gets in), repeated wrong ones wait longer each time, 20 from all
  // sources lock password login for 30 minutes (passwordTry).
  api.post(
    '/api/user/antLoginWithPwd',
    {
      permission: 'public',
      input: phoneBody.extend({ password: z.string().min(1, '请输入密码').max(20, '密码最长20位') }),
      touches: touches.none,
    },
    async ({ c, input: { phone, password } }) => {
      const at = now();
      const account = await accountByPhone(db, phone);
      if (!account) throw new BizError(CODES.unregistered, '该手机号未注册');
      assertCanLogin(account);
      const source = sourceOf(c);
      const failures = await passwordTry(db, account.id, source, at);
      const matches = account.passwordHash ? await bcrypt.compare(password, account.passwordHash) : false;
      if (!matches) {
        if (failures >= MAX_PASSWORD_FAILURES) {
          await lockSource(db, account.id, source, at);
          throw lockedError();
        }
        throw new BizError(CODES.wrongPassword, `账号或密码错误，还可尝试${MAX_PASSWORD_FAILURES - failures}次`);
      }
      // A right password gives back its try of the account-wide count.
      await giveBack(db, account.id, ALL_SOURCES);
      return await completeLogin(db, account, clientOf(c), c.req.header('authcode'), at, source);
    },
  );

  // POST /api/user/registerFactor — creates an operator (an agent with an operator's invite code) and logs in.
  api.post(
    '/api/user/registerFactor',
    {
      permission: 'public',
      input: z.object({
        phone: phoneRule,
        code: smsCodeRule,
        name: accountNameRule,
        password: newPasswordRule,
        inviteCode: z.optional(inviteCodeRule),
      }),
      touches: touches.none,
    },
    async ({ c, input: body }) => {
      const at = now();
      if (await accountByPhone(db, body.phone)) throw new BizError(CODES.registered, '该手机号已注册');
      let parent: AccountRow | null = null;
      if (body.inviteCode) {
        parent = await one<AccountRow>(
          db,
          'select * from account where invite_code = $1 and account_type = 1 and status = 1',
          [body.inviteCode.toUpperCase()],
        );
        if (!parent) throw new BizError(CODES.inviteInvalid, '邀请码无效，请核对后重试');
      }
      await checkSmsCode(db, body.phone, 2, body.code, at, true);
      const accountType = parent ? 2 : 1;
      const id = await scalar(db, "select nextval(pg_get_serial_sequence('account', 'id'))");
      const inviteCode = accountType === 1 ? await newInviteCode(db) : null;
      await db.query(
        `insert into account (id, account_type, phone, password_hash, name, short_name, contacts, contact_phone,
         alarm_phone, invite_code, parent_id, main_account_id, status, settle_mode, sign_status, data_scope,
         permissions, superior_share_rate, create_time, update_time)
       values ($1, $2, $3, $4, $5, $5, '', $3, $3, $6, $7, $1, 1, 0, 0, 1, $8, $9, $10, $10)`,
        [
          id,
          accountType,
          body.phone,
          await bcrypt.hash(body.password, 8),
          body.name,
          inviteCode,
          parent?.id ?? null,
          DEFAULT_PERMISSIONS[accountType],
          accountType === 2 ? 1000 : null,
          at,
        ],
      );
      await db.query(`insert into wallet (account_id, create_time, update_time) values ($1, $2, $2)`, [id, at]);
      const account = await accountById(db, id);
      if (!account) throw new BizError(INVALID, '注册失败，请稍后重试');
      return await completeLogin(db, account, clientOf(c), c.req.header('authcode'), at, sourceOf(c));
    },
  );

  // POST /api/user/validCode — checks a code without consuming it.
  api.post(
    '/api/user/validCode',
    {
      permission: 'public',
      input: phoneBody.extend({ code: smsCodeRule, type: z.number().int().min(1).max(7) }),
      touches: touches.none,
    },
    async ({ input: { phone, code, type } }) => {
      await checkSmsCode(db, phone, type, code, now(), false);
      return { valid: true };
    },
  );

  // POST /api/user/findPass — resets the password with a type-3 code; revokes every token of the account.
  api.post(
    '/api/user/findPass',
    {
      permission: 'public',
      input: phoneBody.extend({ code: smsCodeRule, password: newPasswordRule }),
      touches: touches.none,
    },
    async ({ input: { phone, code, password } }) => {
      const at = now();
      const account = await accountByPhone(db, phone);
      if (!account) throw new BizError(CODES.unregistered, '该手机号未注册');
      await checkSmsCode(db, phone, 3, code, at, true);
      await db.query('update account set password_hash = $2, update_time = $3 where id = $1', [
        account.id,
        await bcrypt.hash(password, 8),
        at,
      ]);
      await clearLoginFailures(db, account.id);
      await revokeTokens(db, account.id, at);
      return null;
    },
  );

  // GET /api/user/getCommercialInfo — merchant base info of the caller (one shape shared with the mine section).
  api.get(
    '/api/user/getCommercialInfo',
    { permission: 'login', input: z.object({}), touches: touches.self },
    async ({ caller, scope }) => {
      const { account, ownerId } = caller;
      const owner = ownerId === account.id ? account : await accountById(db, ownerId);
      const parent = account.parentId ? await accountById(db, account.parentId) : null;
      const isBuilder = account.accountType === 5;
      const orderCount = isBuilder
        ? await scalar(db, 'select count(*) from work_order where builder_id = $1 and status in (3, 6)', [account.id])
        : await scalar(db, 'select count(*) from work_order where merchant_id = $1 and status in (1, 4)', [ownerId]);
      const accreditCount = await pendingSiteApplyCount(db, ownerId, now());
      const unreadNotices = await scalar(
        db,
        `select count(*) from notice n where n.status = 1
       and not exists (select 1 from notice_read r where r.notice_id = n.id and r.account_id = $1)`,
        [account.id],
      );
      // the 告警通知 badge's one definition (getAlarmNum's unrecoveredCount), in the caller's scope
      const alarms = await unrecoveredWarnings(db, scope);
      const info: CommercialInfo = {
        accountId: account.id,
        mainAccountId: account.mainAccountId,
        accountType: account.accountType,
        name: account.name,
        shortName: account.shortName,
        logo: account.logo,
        contacts: account.contacts,
        phone: account.phone ?? '',
        servicePhone: account.servicePhone || owner?.servicePhone || '',
        email: account.email ?? '',
        alarmPhone: account.alarmPhone ?? account.phone ?? '',
        inviteCode: account.inviteCode,
        parentId: account.parentId,
        parentName: parent ? parent.shortName || parent.name : null,
        settleMode: owner?.settleMode ?? 0,
        signStatus: owner?.signStatus ?? 0,
        status: account.status,
        createTime: account.createTime,
        orderCount,
        accreditCount,
        onMessage: account.onMessage,
        phoneMessageReceive: account.phoneMessageReceive,
        unreadCount: unreadNotices + alarms,
        // one definition with checkoutMerchantInfo's missingFields (C-mine.md /mine/set)
        infoComplete: missingMerchantFields(account, owner).length === 0,
      };
      return info;
    },
  );

  return api.app;
}

/**
 * Issues an authorisation code for a platform user, as the platform's authorisation page does (the sandbox's pages
 * use it): to be exchanged once within AUTH_CODE_EXCHANGE_MS; its session lasts AUTH_CODE_TTL_MS from now.
 */
export async function createAuthCode(db: PGlite, client: 'r9a_weixin' | 'alipay', platformUserId: string, now: number) {
  const authCode = randomBytes(16).toString('hex');
  await db.query(
    `insert into auth_code_session (auth_code, client, platform_user_id, create_time, expire_time, update_time)
     values ($1, $2, $3, $4, $5, $4)`,
    [authCode, client, platformUserId, now, now + AUTH_CODE_TTL_MS],
  );
  return authCode;
}

/**
 * Makes an authorisation code expire now, as if it had been issued long ago (the sandbox control
 * POST /__sandbox/oauth/expireCode, for tests of the app's handling of an expired code). Resolves false when there
 * is no such code.
 */
export async function expireAuthCode(db: PGlite, authCode: string, now: number): Promise<boolean> {
  const result = await db.query(
    `update auth_code_session set create_time = $2::bigint - $3::bigint, expire_time = $2, update_time = $2 where auth_code = $1`,
    [authCode, now, AUTH_CODE_TTL_MS],
  );
  return (result.affectedRows ?? 0) > 0;
}

/**
 * The phone that receives withdrawal codes (D-income.md §0.4, §2: the account's own phone, the operator's for a
 * sub-account) of the caller of `token`; code 2 / 7 without a valid token.
 */
async function withdrawPhoneOf(db: PGlite, token: string | undefined, now: number): Promise<string> {
  const caller = await resolveCaller(db, token, now);
  const owner = await accountById(db, caller.ownerId);
  if (!owner?.phone) throw new BizError(INVALID, '账户未设置提现手机号');
  return owner.phone;
}
