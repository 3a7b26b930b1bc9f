import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import type { Context } from 'hono';
import { one, type Db } from '../lib/db';
import { AccessDenied } from './access';

/**
 * Tokens and callers (A-shell-home-settlement.md "Business rules: Login and session"; entities.md §4). Data scope and
 * object access are sandbox/http/access.ts'; endpoints are declared through sandbox/http/endpoint.ts.
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

/** The Hono environment of the sandbox's apps (no variables: endpoints get the caller from the registry). */
export interface SandboxEnv {
  Variables: Record<string, never>;
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

/** Forgets every wrong password of the account (its password was set anew, or taken away): schema login_failure. */
export async function clearLoginFailures(db: Db, accountId: number): Promise<void> {
  await db.query('delete from login_failure where account_id = $1', [accountId]);
}

/** Addresses of this machine: a peer there is a local proxy (the dev server, a test's), whose X-Forwarded-For is told. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Where a request comes from, for the password lockout (issue 31 item 6): the peer's address; when the peer is this
 * machine (a local proxy), the first address of its X-Forwarded-For. A request made in process (the sandbox tests'
 * app.request) has no peer: its X-Forwarded-For, else 'local'. A remote caller cannot choose its source by a header.
 */
export function sourceOf(c: Context): string {
  const peer = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress;
  if (peer !== undefined && !LOOPBACK.has(peer)) return peer;
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || peer || 'local';
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
export async function revokeTokens(db: Db, accountId: number, now: number): Promise<void> {
  await db.query('update token set revoked = true, update_time = $2 where account_id = $1 and not revoked', [
    accountId,
    now,
  ]);
}

/**
 * Resolves header `token` to the caller (the registry of sandbox/http/endpoint.ts calls it for every endpoint that
 * is not public). Missing, unknown or revoked → code 2; expired → code 7; an account that is not 正常 → code 2 (as
 * AccessDenied 'denied-login'). Each use slides the expiry. `now` epoch ms.
 */
export async function resolveCaller(db: PGlite, token: string | undefined, now: number): Promise<Caller> {
  const refuse = (code: number, message: string) => new AccessDenied('denied-login', code, message);
  if (!token) throw refuse(CODE_TOKEN_INVALID, '请先登录');
  const row = await one<{ accountId: number; expireTime: number; revoked: boolean; client: string }>(
    db,
    'select account_id, expire_time, revoked, client from token where token = $1',
    [token],
  );
  if (!row || row.revoked) throw refuse(CODE_TOKEN_INVALID, '登录已失效，请重新登录');
  if (row.expireTime < now) throw refuse(CODE_TOKEN_EXPIRED, '登录已过期，请重新登录');
  const account = await accountById(db, row.accountId);
  if (!account || account.status !== 1) throw refuse(CODE_TOKEN_INVALID, '账号不可用，请重新登录');
  await db.query('update token set last_active_time = $2, expire_time = $3, update_time = $2 where token = $1', [
    token,
    now,
    now + TOKEN_TTL_MS,
  ]);
  const ownerId = account.accountType === 4 || account.accountType === 5 ? account.mainAccountId : account.id;
  return { account, ownerId, token, client: row.client === 'r9a_weixin' ? 'r9a_weixin' : 'alipay' };
}

/** Masks a phone as 138****1234. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone || phone.length < 7) return phone ?? '';
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
