import type { PGlite } from '@electric-sql/pglite';
import bcrypt from 'bcryptjs';
import { z } from 'zod';
import type { SubAccount } from '../../src/api/accounts';
import {
  ACCOUNT_MESSAGES,
  SUB_ACCOUNT_LIMIT,
  accountPasswordRule,
  accountPhoneRule,
  normalizeSubAccountPermissions,
  personNameRule,
  remarkRule,
  subAccountPermissionError,
} from '../../src/api/accounts-rules';
import type { Page } from '../../src/api/http';
import { firstFailure } from '../../src/api/rules';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID } from '../http/envelope';
import { clearLoginFailures, revokeTokens } from '../http/session';
import { touches } from '../http/touch';
import { one, rows, scalar, type Db } from '../lib/db';

/**
 * The operator's sub-accounts (C-mine.md /mine/accountList and /mine/accountList/accountInfo; Business rules 1, 20;
 * entities.md §1 Account, §4 Token). An operator or an agent holding `subAccount` lists, creates and edits the staff
 * logins of its business:
 *
 * - at most SUB_ACCOUNT_LIMIT (20) sub-accounts per owner, disabled ones included (the count of home's
 *   getCommChildCount.subAccountCount), checked under a lock of the owner's row so that parallel creations cannot pass
 *   it together;
 * - permissions are a subset of the form's codes (never agent, subAccount, tenement …), stored with `home` and the
 *   implied codes (withdraw → income:view, order:refund → order:view);
 * - data scope 1 all sites, 2 the chosen sites, each one the owner's own (checked by the registry: touches.siteList);
 *   the registry then limits every list, count and object of the sub-account to them (http/access.ts Scope);
 * - saving a change of its name, password, permissions, data scope, sites or status revokes every token of the
 *   sub-account (entities.md §4, K10): its next call answers code 2 and the app closes its session; a disabled one
 *   cannot log in (1006 账号已被禁用).
 */

const SUB_SIDE = { permission: 'subAccount', accountTypes: [1, 2] } as const;

const idRule = (name: string) =>
  z.coerce
    .number({ error: `${name} 须为正整数` })
    .int(`${name} 须为正整数`)
    .positive(`${name} 须为正整数`);
const pageFields = {
  pageNum: z.coerce.number().int('pageNum 须为正整数').min(1, 'pageNum 须为正整数').default(1),
  pageSize: z.coerce
    .number()
    .int('pageSize 须为1-100的整数')
    .min(1, 'pageSize 须为1-100的整数')
    .max(100, 'pageSize 须为1-100的整数')
    .default(20),
};
const siteIdsField = z
  .array(z.number().int('站点 siteIds 须为正整数').positive('站点 siteIds 须为正整数'), { error: '缺少站点 siteIds' })
  .max(500, '站点最多500个');
const permissionsField = z
  .array(z.string().max(40, ACCOUNT_MESSAGES.invalidPermission), { error: ACCOUNT_MESSAGES.permissions })
  .max(40, ACCOUNT_MESSAGES.invalidPermission);
const dataScopeField = z.union([z.literal(1), z.literal(2)], { error: '站点范围 dataScope 须为1或2' });

const addBody = z.object({
  name: z.string({ error: ACCOUNT_MESSAGES.name }).max(100, ACCOUNT_MESSAGES.name),
  phone: z.string({ error: ACCOUNT_MESSAGES.phone }).max(20, ACCOUNT_MESSAGES.phone),
  password: z.string({ error: ACCOUNT_MESSAGES.password }).max(64, ACCOUNT_MESSAGES.password),
  permissions: permissionsField,
  dataScope: dataScopeField,
  siteIds: siteIdsField,
  remark: z.string().max(200, ACCOUNT_MESSAGES.remark).optional(),
});

const editBody = z.object({
  id: z.number({ error: '缺少子账号 id' }).int('子账号 id 须为正整数').positive('子账号 id 须为正整数'),
  name: z.string({ error: ACCOUNT_MESSAGES.name }).max(100, ACCOUNT_MESSAGES.name),
  password: z.string().max(64, ACCOUNT_MESSAGES.password).optional(),
  permissions: permissionsField,
  dataScope: dataScopeField,
  siteIds: siteIdsField,
  remark: z.string().max(200, ACCOUNT_MESSAGES.remark).optional(),
  status: z.union([z.literal(1), z.literal(2)], { error: '状态 status 须为1或2' }),
});

/** The stored row of a sub-account as the list answers it. */
interface SubAccountRow {
  id: number;
  name: string;
  phone: string;
  status: number;
  permissions: string[];
  dataScope: number;
  siteIds: (number | string)[];
  remark: string;
  createTime: number | string;
  lastLoginTime: number | string | null;
}

const COLUMNS = `id, name, phone, status, permissions, data_scope, site_ids, remark, create_time, last_login_time`;

function subAccountOf(r: SubAccountRow): SubAccount {
  return {
    id: Number(r.id),
    name: r.name,
    phone: r.phone,
    status: Number(r.status) as 1 | 2,
    permissions: r.permissions as SubAccount['permissions'],
    dataScope: Number(r.dataScope) as 1 | 2,
    siteIds: r.siteIds.map(Number).sort((a, b) => a - b),
    remark: r.remark,
    createTime: Number(r.createTime),
    lastLoginTime: r.lastLoginTime === null ? null : Number(r.lastLoginTime),
  };
}

/**
 * The number of sub-accounts of an owner that count against the limit (status 1 正常 or 2 已停用): one definition
 * with home's getCommChildCount.subAccountCount.
 */
export function subAccountCount(db: Db, ownerId: number): Promise<number> {
  return scalar(
    db,
    'select count(*) from account where account_type = 4 and main_account_id = $1 and status in (1, 2)',
    [ownerId],
  );
}

/** Refuses with code 1 and the first failing rule's text (C-mine.md accountInfo Validation). */
function check(fields: {
  name: string;
  phone?: string;
  password?: string;
  permissions: string[];
  dataScope: 1 | 2;
  siteIds: number[];
  remark?: string;
}): void {
  const refusal =
    firstFailure([
      [personNameRule, fields.name],
      ...(fields.phone === undefined ? [] : ([[accountPhoneRule, fields.phone]] as const)),
      ...(fields.password === undefined ? [] : ([[accountPasswordRule, fields.password]] as const)),
    ]) ??
    subAccountPermissionError(fields.permissions) ??
    (fields.dataScope === 2 && fields.siteIds.length === 0 ? ACCOUNT_MESSAGES.sites : null) ??
    firstFailure([[remarkRule, fields.remark ?? '']]);
  if (refusal) throw new BizError(INVALID, refusal);
}

/** The sub-account routes. */
export function accountRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // GET /api/user/AClist — the owner's sub-accounts, newest first; `id` answers that one (code 1 when not the owner's).
  api.get(
    '/api/user/AClist',
    {
      ...SUB_SIDE,
      input: z.object({
        id: idRule('子账号 id').optional(),
        keyword: z.string().max(20, '搜索内容最多20个字').optional(),
        ...pageFields,
      }),
      touches: touches.account,
    },
    async ({ scope, input: q }): Promise<Page<SubAccount>> => {
      const keyword = q.keyword?.trim() ?? '';
      const where = `account_type = 4 and main_account_id = $1 and status in (1, 2)
        and ($2::bigint is null or id = $2)
        and ($3::text = '' or position($3 in name) > 0 or position($3 in phone) > 0)`;
      const params = [scope.ownerId, q.id ?? null, keyword];
      const total = await scalar(db, `select count(*) from account where ${where}`, params);
      if (q.id !== undefined && total === 0) throw new BizError(INVALID, ACCOUNT_MESSAGES.missing);
      const list = await rows<SubAccountRow>(
        db,
        `select ${COLUMNS} from account where ${where} order by create_time desc, id desc limit $4 offset $5`,
        [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
      );
      return { list: list.map(subAccountOf), total };
    },
  );

  // POST /api/user/addAC — creates a sub-account of the caller's business (at most 20; its phone unused by any account).
  api.post(
    '/api/user/addAC',
    { ...SUB_SIDE, input: addBody, touches: touches.siteList('siteIds', 'own') },
    async ({ scope, input: body }) => {
      const fields = { ...body, name: body.name.trim(), remark: body.remark?.trim() ?? '' };
      check(fields);
      const at = now();
      const passwordHash = await bcrypt.hash(body.password, 8);
      const permissions = normalizeSubAccountPermissions(body.permissions);
      const siteIds = body.dataScope === 2 ? [...new Set(body.siteIds)] : [];
      return db.transaction(async (tx) => {
        // One creation at a time per owner: the count and the insert see the same rows.
        await tx.query('select id from account where id = $1 for update', [scope.ownerId]);
        if ((await subAccountCount(tx, scope.ownerId)) >= SUB_ACCOUNT_LIMIT) {
          throw new BizError(INVALID, ACCOUNT_MESSAGES.limit);
        }
        if (await scalar(tx, 'select count(*) from account where phone = $1', [body.phone])) {
          throw new BizError(INVALID, ACCOUNT_MESSAGES.phoneTaken);
        }
        const created = await one<{ id: number }>(
          tx,
          `insert into account (account_type, phone, password_hash, name, short_name, contacts, contact_phone,
             alarm_phone, remark, main_account_id, status, data_scope, site_ids, permissions, create_time, update_time)
           values (4, $1, $2, $3, $3, $3, $1, $1, $4, $5, 1, $6, $7, $8, $9, $9) returning id`,
          [
            body.phone,
            passwordHash,
            fields.name,
            fields.remark,
            scope.ownerId,
            body.dataScope,
            siteIds,
            permissions,
            at,
          ],
        );
        return { id: Number(created?.id) };
      });
    },
  );

  // POST /api/user/editAC — saves a sub-account; a change of what its session carries or may do revokes its tokens.
  api.post(
    '/api/user/editAC',
    { ...SUB_SIDE, input: editBody, touches: touches.siteList('siteIds', 'own') },
    async ({ scope, input: body }) => {
      const password = body.password === undefined || body.password === '' ? undefined : body.password;
      const fields = { ...body, password, name: body.name.trim(), remark: body.remark?.trim() ?? '' };
      check(fields);
      const at = now();
      const passwordHash = password === undefined ? null : await bcrypt.hash(password, 8);
      const permissions = normalizeSubAccountPermissions(body.permissions);
      const siteIds = body.dataScope === 2 ? [...new Set(body.siteIds)].sort((a, b) => a - b) : [];
      await db.transaction(async (tx) => {
        const row = await one<SubAccountRow>(
          tx,
          `select ${COLUMNS} from account
           where id = $1 and account_type = 4 and main_account_id = $2 and status in (1, 2) for update`,
          [body.id, scope.ownerId],
        );
        if (!row) throw new BizError(INVALID, ACCOUNT_MESSAGES.missing);
        const before = subAccountOf(row);
        const changed =
          passwordHash !== null ||
          before.name !== fields.name ||
          before.status !== body.status ||
          before.dataScope !== body.dataScope ||
          before.siteIds.join() !== siteIds.join() ||
          [...before.permissions].sort().join() !== [...permissions].sort().join();
        await tx.query(
          `update account set name = $2, short_name = $2, contacts = $2, remark = $3, permissions = $4, data_scope = $5,
             site_ids = $6, status = $7, password_hash = coalesce($8, password_hash), update_time = $9
           where id = $1`,
          [body.id, fields.name, fields.remark, permissions, body.dataScope, siteIds, body.status, passwordHash, at],
        );
        if (passwordHash !== null) await clearLoginFailures(tx, body.id);
        if (changed) await revokeTokens(tx, body.id, at);
      });
      return null;
    },
  );

  return api.app;
}
