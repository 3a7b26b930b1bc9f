import type { PGlite } from '@electric-sql/pglite';
import bcrypt from 'bcryptjs';
import { z } from 'zod';
import { accountPasswordRule, accountPhoneRule } from '../../src/api/accounts-rules';
import { DEFAULT_PERMISSIONS } from '../../src/api/permissions';
import { firstFailure } from '../../src/api/rules';
import type { PropertyAccountView } from '../../src/api/tenement';
import {
  TENEMENT_MESSAGES,
  propertyAccountNameRule,
  propertyContactsRule,
  propertyNameRule,
} from '../../src/api/tenement-rules';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID } from '../http/envelope';
import { clearLoginFailures, revokeTokens } from '../http/session';
import { touches, type Touch } from '../http/touch';
import { one, scalar, type Db } from '../lib/db';
import { senderName, sendNoticeSms } from '../domain/sms-notice';

/**
 * Property accounts (C-mine.md /mine/tenement-list/base/info; Business rule 21; entities.md §1 Account). A property is
 * one Account of accountType 3 under the operator (or agent) that manages it (parentId); its sites' share rules name
 * it. An operator or an agent holding `tenement`:
 *
 * - creates a property (name unique among its properties), with its login or without (status 0 未开通, no phone);
 * - opens the login of a property without one (at most one login per property; the phone unused by any account);
 * - enables / disables it (a disabled login cannot log in: 1006), resets its password, changes its login phone or
 *   account name — each change of status, password or phone revokes the property's tokens (its next call code 2);
 * - deletes the login: the Account returns to status 0 (no phone, no password, no platform binding) and keeps its
 *   sites, share rules and share income.
 *
 * The list (merchantListByOperator) is the site section's, the figures (merchantHomePage) the home section's: one
 * definition each. 账号名称 is the Account's shortName; 物业名称 its name.
 */

const OWNER_SIDE = { permission: 'tenement', accountTypes: [1, 2] } as const;

const short = (max: number, message: string) => z.string({ error: message }).max(max, message);
const bodyId = (name: string) =>
  z
    .number({ error: `缺少${name}` })
    .int(`${name}须为正整数`)
    .positive(`${name}须为正整数`);

/** The property named by `merchantId` when the request gives one (checked as touches.property), else none (null). */
const optionalProperty: Touch<{ merchantId?: number }, { merchantId: number } | null> = {
  kind: 'property',
  resolve: async (db, scope, input) =>
    input.merchantId === undefined ? null : touches.property('merchantId').resolve(db, scope, input),
};

/** Refuses with code 1 and the first failing rule's text. */
function refuseFirst(checks: Parameters<typeof firstFailure>[0]): void {
  const refusal = firstFailure(checks);
  if (refusal) throw new BizError(INVALID, refusal);
}

/** Refuses a login phone used by any account (getCommercialByPhone's answer, as a refusal). */
async function assertPhoneFree(db: Db, phone: string, except: number | null): Promise<void> {
  const used = await scalar(db, 'select count(*) from account where phone = $1 and ($2::bigint is null or id <> $2)', [
    phone,
    except,
  ]);
  if (used) throw new BizError(INVALID, TENEMENT_MESSAGES.phoneTaken);
}

/** The property account row the endpoints act on (checked by touches.property). */
async function propertyRow(db: Db, id: number) {
  const row = await one<{ id: number; status: number; name: string; shortName: string; phone: string | null }>(
    db,
    'select id, status, name, short_name, phone from account where id = $1 and account_type = 3 for update',
    [id],
  );
  if (!row) throw new BizError(INVALID, TENEMENT_MESSAGES.missing);
  return { ...row, status: Number(row.status) };
}

/** The SMS telling a property its login is open (C-mine.md /mine/tenement-list/base/info 开通). */
export const propertyOpenedSms = (operator: string, phone: string) =>
  `【易充】${operator}已为您开通物业账号，请使用手机号${phone}和设置的初始密码登录，查看分润收益。`;

/** "开通成功，已短信通知物业": tells the login phone by SMS inside the opening's transaction (refused → not opened). */
async function notifyOpened(tx: Db, ownerId: number, phone: string, at: number): Promise<void> {
  await sendNoticeSms(tx, phone, propertyOpenedSms(await senderName(tx, ownerId), phone), at);
}

/** The property routes. */
export function tenementRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // GET /api/user/viewPropertyAccount — a property of the caller and its login (null while 未开通).
  api.get(
    '/api/user/viewPropertyAccount',
    {
      ...OWNER_SIDE,
      input: z.object({ merchantId: z.coerce.number({ error: '缺少物业 merchantId' }).int().positive() }),
      touches: touches.property('merchantId'),
    },
    async ({ target: { merchantId } }): Promise<PropertyAccountView> => {
      const row = await one<{
        name: string;
        shortName: string;
        contacts: string;
        contactPhone: string;
        phone: string | null;
        status: number;
        createTime: number;
        lastLoginTime: number | null;
      }>(
        db,
        `select name, short_name, contacts, contact_phone, phone, status, create_time, last_login_time
         from account where id = $1`,
        [merchantId],
      );
      if (!row) throw new BizError(INVALID, TENEMENT_MESSAGES.missing);
      const status = Number(row.status);
      return {
        merchant: { merchantId, name: row.name, contacts: row.contacts, phone: row.contactPhone || row.phone || '' },
        account:
          status === 1 || status === 2
            ? {
                accountId: merchantId,
                loginPhone: row.phone ?? '',
                name: row.shortName || row.name,
                status: status as 1 | 2,
                createTime: Number(row.createTime),
                lastLoginTime: row.lastLoginTime === null ? null : Number(row.lastLoginTime),
              }
            : null,
      };
    },
  );

  // POST /api/user/createPropertyAccount — a new property (without merchantId) and/or the login of one.
  api.post(
    '/api/user/createPropertyAccount',
    {
      ...OWNER_SIDE,
      input: z.object({
        merchantId: bodyId('物业 merchantId').optional(),
        name: short(60, TENEMENT_MESSAGES.name),
        contacts: short(20, TENEMENT_MESSAGES.contacts).optional(),
        contactPhone: short(20, '请输入正确的11位手机号').optional(),
        loginPhone: short(20, '请输入正确的11位手机号').optional(),
        accountName: short(40, TENEMENT_MESSAGES.accountName).optional(),
        password: short(64, '密码需为6-20位字母和数字组合').optional(),
      }),
      touches: optionalProperty,
    },
    async ({ caller, input: body, target }) => {
      const at = now();
      const login = body.loginPhone !== undefined || body.password !== undefined;
      if (target === null) {
        // A new property.
        refuseFirst([
          [propertyNameRule, body.name],
          [propertyContactsRule, body.contacts ?? ''],
          [accountPhoneRule, body.contactPhone ?? ''],
          ...(login
            ? ([
                [accountPhoneRule, body.loginPhone ?? ''],
                [propertyAccountNameRule, body.accountName ?? body.name],
                [accountPasswordRule, body.password ?? ''],
              ] as const)
            : []),
        ]);
        const name = body.name.trim();
        const hash = login ? await bcrypt.hash(body.password ?? '', 8) : null;
        return db.transaction(async (tx) => {
          await tx.query('select id from account where id = $1 for update', [caller.ownerId]);
          const taken = await scalar(
            tx,
            'select count(*) from account where account_type = 3 and parent_id = $1 and status <> 3 and name = $2',
            [caller.ownerId, name],
          );
          if (taken) throw new BizError(INVALID, TENEMENT_MESSAGES.nameTaken);
          if (login) await assertPhoneFree(tx, body.loginPhone ?? '', null);
          const id = await scalar(tx, "select nextval(pg_get_serial_sequence('account', 'id'))");
          await tx.query(
            `insert into account (id, account_type, phone, password_hash, name, short_name, contacts, contact_phone,
               alarm_phone, parent_id, main_account_id, status, permissions, create_time, update_time)
             values ($1, 3, $2, $3, $4, $5, $6, $7, $2, $8, $1, $9, $10, $11, $11)`,
            [
              id,
              login ? body.loginPhone : null,
              hash,
              name,
              login ? (body.accountName ?? name).trim() : name,
              (body.contacts ?? '').trim(),
              body.contactPhone,
              caller.ownerId,
              login ? 1 : 0,
              DEFAULT_PERMISSIONS[3],
              at,
            ],
          );
          await tx.query('insert into wallet (account_id, create_time, update_time) values ($1, $2, $2)', [id, at]);
          if (login) await notifyOpened(tx, caller.ownerId, body.loginPhone ?? '', at);
          return { accountId: id };
        });
      }
      // The login of an existing property of the caller.
      refuseFirst([
        [accountPhoneRule, body.loginPhone ?? ''],
        [propertyAccountNameRule, body.name],
        [accountPasswordRule, body.password ?? ''],
      ]);
      const hash = await bcrypt.hash(body.password ?? '', 8);
      return db.transaction(async (tx) => {
        const row = await propertyRow(tx, target.merchantId);
        if (row.status !== 0) throw new BizError(INVALID, TENEMENT_MESSAGES.hasAccount);
        await assertPhoneFree(tx, body.loginPhone ?? '', null);
        await tx.query(
          `update account set phone = $2, password_hash = $3, short_name = $4, alarm_phone = coalesce(alarm_phone, $2),
             status = 1, update_time = $5 where id = $1`,
          [row.id, body.loginPhone, hash, body.name.trim(), at],
        );
        await clearLoginFailures(tx, row.id);
        await notifyOpened(tx, caller.ownerId, body.loginPhone ?? '', at);
        return { accountId: Number(row.id) };
      });
    },
  );

  // POST /api/user/updatePropertyAccount — status, password, login phone or account name of a property's login.
  api.post(
    '/api/user/updatePropertyAccount',
    {
      ...OWNER_SIDE,
      input: z.object({
        accountId: bodyId('账号 accountId'),
        loginPhone: short(20, '请输入正确的11位手机号').optional(),
        name: short(40, TENEMENT_MESSAGES.accountName).optional(),
        password: short(64, '密码需为6-20位字母和数字组合').optional(),
        status: z.union([z.literal(1), z.literal(2)], { error: '状态 status 须为1或2' }).optional(),
      }),
      touches: touches.property('accountId'),
    },
    async ({ input: body, target }) => {
      refuseFirst([
        ...(body.loginPhone === undefined ? [] : ([[accountPhoneRule, body.loginPhone]] as const)),
        ...(body.name === undefined ? [] : ([[propertyAccountNameRule, body.name]] as const)),
        ...(body.password === undefined ? [] : ([[accountPasswordRule, body.password]] as const)),
      ]);
      const at = now();
      const hash = body.password === undefined ? null : await bcrypt.hash(body.password, 8);
      await db.transaction(async (tx) => {
        const row = await propertyRow(tx, target.merchantId);
        if (row.status !== 1 && row.status !== 2) throw new BizError(INVALID, TENEMENT_MESSAGES.noAccount);
        if (body.loginPhone !== undefined) await assertPhoneFree(tx, body.loginPhone, row.id);
        await tx.query(
          `update account set phone = coalesce($2, phone), short_name = coalesce($3, short_name),
             password_hash = coalesce($4, password_hash), status = coalesce($5, status), update_time = $6 where id = $1`,
          [row.id, body.loginPhone ?? null, body.name?.trim() ?? null, hash, body.status ?? null, at],
        );
        const revoke =
          hash !== null ||
          (body.status !== undefined && body.status !== row.status) ||
          (body.loginPhone !== undefined && body.loginPhone !== row.phone);
        if (revoke) await revokeTokens(tx, row.id, at);
        // A new login phone: the platform users bound to the old one log in again.
        if (body.loginPhone !== undefined && body.loginPhone !== row.phone) {
          await tx.query('delete from platform_binding where account_id = $1', [row.id]);
        }
      });
      return null;
    },
  );

  // POST /api/user/deletePropertyAccount — the login goes; the property (status 0), its sites and shares stay.
  api.post(
    '/api/user/deletePropertyAccount',
    { ...OWNER_SIDE, input: z.object({ accountId: bodyId('账号 accountId') }), touches: touches.property('accountId') },
    async ({ target }) => {
      const at = now();
      await db.transaction(async (tx) => {
        const row = await propertyRow(tx, target.merchantId);
        if (row.status !== 1 && row.status !== 2) throw new BizError(INVALID, TENEMENT_MESSAGES.noAccount);
        await tx.query(
          `update account set status = 0, phone = null, password_hash = null, update_time = $2 where id = $1`,
          [row.id, at],
        );
        await clearLoginFailures(tx, row.id);
        await revokeTokens(tx, row.id, at);
        await tx.query('delete from platform_binding where account_id = $1', [row.id]);
      });
      return null;
    },
  );

  return api.app;
}
