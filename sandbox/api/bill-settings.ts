import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { BillSetting } from '../../src/api/bill-settings';
import { exportEmailRule } from '../../src/api/export-rules';
import type { Scope } from '../http/access';
import { BizError } from '../http/envelope';
import { endpoints } from '../http/endpoint';
import { touches } from '../http/touch';
import { one, rows, type Db } from '../lib/db';

/**
 * 账单设置 (D-income.md §4 siteBill "Top-right 账单设置" and its Calls; entities.md §75 BillSetting, K60): the settings of
 * the caller's own sites for a property merchant — list, save, edit, delete. Operators and agents only (accountTypes 1,
 * 2; permission bill:view). A setting's sites are the caller's own sites linked to that property (site.merchantId); a
 * site is in at most one setting of anyone (2060 站点已在其他账单设置中, checked in the same statement that writes, so
 * two requests cannot both take a site). What a setting decides is read where it applies: the bill day by the site
 * bills' status (site-bills.ts: 已出账 on billDay of the next month, else the 1st), visibleToProperty by
 * GET /api/bill/propertyBill and the e-mail by the job billMail (jobs/bill-mail.ts: last month's site bills mailed on the
 * bill day, once per setting and month); deleting one puts the first two back (the 1st, hidden) and mails nothing more.
 * Electricity is each site's share rule, shown read-only. A setting of another account answers code 1 账单设置不存在.
 */

const fields = z.object({
  merchantId: z.number().int().positive('请选择物业'),
  siteIds: z
    .array(z.number().int().positive())
    .min(1, '请至少选择一个站点')
    .max(200, '站点过多')
    .refine((ids) => new Set(ids).size === ids.length, '站点重复'),
  billDay: z.number().int().min(1, '出账日须为1–28日').max(28, '出账日须为1–28日'),
  visibleToProperty: z.union([z.literal(0), z.literal(1)]),
  email: z
    .union([z.literal(''), exportEmailRule])
    .nullable()
    .optional(),
});
type Fields = z.infer<typeof fields>;

const MISSING = '账单设置不存在';

/** The caller's settings as the list answers them (one property when `merchantId`), oldest first. */
async function settingsOf(db: Db, ownerId: number, merchantId?: number): Promise<BillSetting[]> {
  const list = await rows<{
    id: number;
    merchantId: number;
    merchantName: string;
    siteIds: number[];
    billDay: number;
    visibleToProperty: number;
    email: string | null;
    updateTime: number;
  }>(
    db,
    `select b.id, b.merchant_id, m.name as merchant_name, b.site_ids, b.bill_day, b.visible_to_property, b.email,
            b.update_time
     from bill_setting b join account m on m.id = b.merchant_id
     where b.account_id = $1 and ($2::bigint is null or b.merchant_id = $2) order by b.id`,
    [ownerId, merchantId ?? null],
  );
  const out: BillSetting[] = [];
  for (const b of list) {
    const sites = await rows<{
      siteId: number;
      name: string;
      electricBearer: number | null;
      electricPrice: number | null;
    }>(
      db,
      `select s.id as site_id, s.name, v.electric_bearer, v.electric_price
       from unnest($1::bigint[]) with ordinality as t(id, n) join site s on s.id = t.id and s.deleted = 0
       left join lateral (select electric_bearer, electric_price from site_share_rule_version
                          where site_id = s.id and status = 1 order by version desc limit 1) v on true
       order by t.n`,
      [b.siteIds],
    );
    out.push({
      id: Number(b.id),
      merchantId: Number(b.merchantId),
      merchantName: b.merchantName,
      siteIds: sites.map((s) => Number(s.siteId)),
      siteNames: sites.map((s) => s.name),
      sites: sites.map((s) => ({
        siteId: Number(s.siteId),
        electricBearer: s.electricBearer ?? 1,
        electricPrice: s.electricPrice ?? 0,
      })),
      billDay: b.billDay,
      visibleToProperty: b.visibleToProperty === 1 ? 1 : 0,
      email: b.email,
      updateTime: Number(b.updateTime),
    });
  }
  return out;
}

/** Refuses a property that is not the merchant of every named site (the sites are already checked as the caller's own). */
async function checkProperty(db: Db, input: Fields): Promise<void> {
  const merchant = await one<{ accountType: number }>(db, 'select account_type from account where id = $1', [
    input.merchantId,
  ]);
  if (!merchant || merchant.accountType !== 3) throw new BizError(1, '物业不存在');
  const others = await rows<{ id: number }>(
    db,
    'select id from site where id = any($1::bigint[]) and merchant_id is distinct from $2',
    [input.siteIds, input.merchantId],
  );
  if (others.length > 0) throw new BizError(1, '所选站点不属于该物业');
}

/** The setting `id` when it is the caller's, else code 1 账单设置不存在. */
async function ownSetting(db: Db, scope: Scope, id: number): Promise<void> {
  const found = await one<{ id: number }>(db, 'select id from bill_setting where id = $1 and account_id = $2', [
    id,
    scope.ownerId,
  ]);
  if (!found) throw new BizError(1, MISSING);
}

export function billSettingRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);
  const who = { permission: 'bill:view', accountTypes: [1, 2] } as const;

  // GET /api/bill/setting/list — merchantId?; data { list, total }.
  api.get(
    '/api/bill/setting/list',
    { ...who, input: z.object({ merchantId: z.coerce.number().int().positive().optional() }), touches: touches.sites },
    async ({ scope, input }) => {
      const list = await settingsOf(db, scope.ownerId, input.merchantId);
      return { list, total: list.length };
    },
  );

  /**
   * Saves `input` as a new setting (id null) or over the caller's setting `id`: the property checked, then one statement
   * that writes only when no other setting holds one of the sites (else 2060).
   */
  async function write(scope: Scope, input: Fields, id: number | null): Promise<number> {
    if (id !== null) await ownSetting(db, scope, id);
    await checkProperty(db, input);
    const values = [
      id ?? 0,
      scope.ownerId,
      input.merchantId,
      input.siteIds,
      input.billDay,
      input.visibleToProperty,
      input.email || null,
      now(),
    ];
    const free = 'not exists (select 1 from bill_setting o where o.id <> $1 and o.site_ids && $4::bigint[])';
    const written = await one<{ id: number }>(
      db,
      id === null
        ? `insert into bill_setting (account_id, merchant_id, site_ids, bill_day, visible_to_property, email, create_time,
             update_time)
           select $2, $3, $4::bigint[], $5, $6, $7, $8, $8 where $1 = 0 and ${free}
           returning id`
        : `update bill_setting set merchant_id = $3, site_ids = $4::bigint[], bill_day = $5, visible_to_property = $6,
             email = $7, update_time = $8
           where id = $1 and account_id = $2 and ${free}
           returning id`,
      values,
    );
    if (!written) throw new BizError(2060, '站点已在其他账单设置中');
    return Number(written.id);
  }

  // POST /api/bill/setting/save — merchantId, siteIds, billDay, visibleToProperty, email?; data { id }.
  api.post(
    '/api/bill/setting/save',
    { ...who, input: fields, touches: touches.siteList('siteIds', 'own') },
    async ({ scope, input }) => ({ id: await write(scope, input, null) }),
  );

  // POST /api/bill/setting/edit — id + the fields of save; data null.
  api.post(
    '/api/bill/setting/edit',
    { ...who, input: fields.extend({ id: z.number().int().positive() }), touches: touches.siteList('siteIds', 'own') },
    async ({ scope, input }) => {
      await write(scope, input, input.id);
      return null;
    },
  );

  // POST /api/bill/setting/delete — id; data null.
  api.post(
    '/api/bill/setting/delete',
    { ...who, input: z.object({ id: z.number().int().positive() }), touches: touches.account },
    async ({ scope, input }) => {
      await ownSetting(db, scope, input.id);
      await db.query('delete from bill_setting where id = $1 and account_id = $2', [input.id, scope.ownerId]);
      return null;
    },
  );

  return api.app;
}
