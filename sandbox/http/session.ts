import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { Context, MiddlewareHandler } from 'hono';
import { one } from '../lib/db';
import { BizError, FORBIDDEN } from './envelope';

/**
 * Tokens, callers and data scope (A-shell-home-settlement.md "Business rules: Login and session"; entities.md §4, R1).
 */

/** Token lifetime: 30 days sliding from the last use. */
export const TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/** Body code of a missing, unknown or revoked token. */
export const CODE_TOKEN_INVALID = 2;
/** Body code of an expired token. */
export const CODE_TOKEN_EXPIRED = 7;

/** An account row as the sandbox uses it (camelCase of table account). */
export interface AccountRow {
  id: number;
  accountType: 1 | 2 | 3 | 4 | 5;
  phone: string | null;
  passwordHash: string | null;
  failedLoginCount: number;
  lockedUntil: number | null;
  name: string;
  shortName: string;
  logo: string;
  contacts: string;
  contactPhone: string;
  servicePhone: string;
  email: string | null;
  alarmPhone: string | null;
  inviteCode: string | null;
  parentId: number | null;
  mainAccountId: number;
  status: number;
  settleMode: 0 | 1 | 2;
  signStatus: 0 | 1 | 2 | 3;
  dataScope: 1 | 2;
  siteIds: number[];
  permissions: string[];
  superiorShareRate: number | null;
  onMessage: 0 | 1;
  phoneMessageReceive: 0 | 1;
  lastLoginTime: number | null;
  createTime: number;
}

/** The logged-in caller of a request. */
export interface Caller {
  account: AccountRow;
  /** The main account whose business the caller acts on (own id for 1/2/3; the operator for 4/5). */
  ownerId: number;
  token: string;
  client: 'r9a_weixin' | 'alipay';
}

/** Hono variables set by the middleware. */
export interface SandboxEnv {
  Variables: { caller: Caller };
}

/** Reads an account by id. */
export function accountById(db: PGlite, id: number): Promise<AccountRow | null> {
  return one<AccountRow>(db, 'select * from account where id = $1', [id]);
}

/** Reads an account by phone. */
export function accountByPhone(db: PGlite, phone: string): Promise<AccountRow | null> {
  return one<AccountRow>(db, 'select * from account where phone = $1', [phone]);
}

/** The `client` header as the contract spells it (anything but r9a_weixin is alipay, spec §7). */
export function clientOf(c: Context): 'r9a_weixin' | 'alipay' {
  return c.req.header('client') === 'r9a_weixin' ? 'r9a_weixin' : 'alipay';
}

/** Issues a new 32-char token for the account (client of the request). */
export async function issueToken(
  db: PGlite,
  accountId: number,
  client: string,
  now: number,
): Promise<{
  token: string;
  expireTime: number;
}> {
  const token = randomBytes(16).toString('hex');
  const expireTime = now + TOKEN_TTL_MS;
  await db.query(
    `insert into token (token, account_id, client, create_time, last_active_time, expire_time, revoked, update_time)
     values ($1, $2, $3, $4, $4, $5, false, $4)`,
    [token, accountId, client, now, expireTime],
  );
  return { token, expireTime };
}

/** Revokes every token of an account (findPass, disable, sub-account permission change). */
export async function revokeTokens(db: PGlite, accountId: number, now: number): Promise<void> {
  await db.query('update token set revoked = true, update_time = $2 where account_id = $1 and not revoked', [
    accountId,
    now,
  ]);
}

/**
 * Middleware: resolves header `token` to the caller. Missing, unknown or revoked → code 2; expired → code 7; an
 * account that is not 正常 → code 2. Each use slides the expiry.
 */
export function requireLogin(db: PGlite, now: () => number): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const token = c.req.header('token');
    if (!token) throw new BizError(CODE_TOKEN_INVALID, '请先登录');
    const row = await one<{ accountId: number; expireTime: number; revoked: boolean; client: string }>(
      db,
      'select account_id, expire_time, revoked, client from token where token = $1',
      [token],
    );
    if (!row || row.revoked) throw new BizError(CODE_TOKEN_INVALID, '登录已失效，请重新登录');
    const at = now();
    if (row.expireTime < at) throw new BizError(CODE_TOKEN_EXPIRED, '登录已过期，请重新登录');
    const account = await accountById(db, row.accountId);
    if (!account || account.status !== 1) throw new BizError(CODE_TOKEN_INVALID, '账号不可用，请重新登录');
    await db.query('update token set last_active_time = $2, expire_time = $3, update_time = $2 where token = $1', [
      token,
      at,
      at + TOKEN_TTL_MS,
    ]);
    const ownerId = account.accountType === 4 || account.accountType === 5 ? account.mainAccountId : account.id;
    c.set('caller', { account, ownerId, token, client: row.client === 'r9a_weixin' ? 'r9a_weixin' : 'alipay' });
    await next();
  };
}

/** Throws code 403 无操作权限 unless the caller holds the permission (entities.md R1.2). */
export function requirePermission(caller: Caller, code: string): void {
  if (!caller.account.permissions.includes(code)) throw new BizError(FORBIDDEN, '无操作权限');
}

/**
 * Ids of the sites whose business figures the caller sees (R1.1, R1.3): an owner (1/2) its own non-deleted sites; a
 * property (3) the sites linked to it; a sub-account (4) its operator's sites, limited to siteIds with dataScope 2;
 * a builder (5) its operator's sites.
 */
export async function scopeSiteIds(db: PGlite, caller: Caller): Promise<number[]> {
  const { account, ownerId } = caller;
  const column = account.accountType === 3 ? 'merchant_id' : 'operator_id';
  const result = await db.query<{ id: number }>(
    `select id from site where ${column} = $1 and deleted = 0 order by id`,
    [ownerId],
  );
  let ids = result.rows.map((r) => Number(r.id));
  if (account.accountType === 4 && account.dataScope === 2) {
    const allowed = new Set(account.siteIds.map(Number));
    ids = ids.filter((id) => allowed.has(id));
  }
  return ids;
}

/** Masks a phone as 138****1234. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone || phone.length < 7) return phone ?? '';
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
