import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { SiteBill, SiteBillDetail, SiteBillPage } from '../../src/api/statements';
import { hidden, type Scope } from '../http/access';
import { endpoints } from '../http/endpoint';
import { touches } from '../http/touch';
import { one, rows, scalar, type Db } from '../lib/db';
import { DAY_MS, addDays, addMonths, dayOf, lastDayOfMonth, monthOf, startOfDay } from '../lib/time';
import { orderCountBySite, siteIncomeBetween } from '../domain/sites';

/**
 * Site bills (D-income.md §4 "/income/statement/bill/siteBill" and its detail; issue 9 item 1): one bill per site and
 * month, computed at query time from the site's orders, recharges and refunds (siteIncomeBetween, the statements' and
 * home's rule) and its OrderSplit rows of the month (物业分润 role 1, 其他分润方 role 2, 平台分账 3, 支付手续费 4, 电费结算 5,
 * the owner's role 0) — nothing stored, so a bill always equals the statements. billId = siteId × 1 000 000 + yyyymm.
 * The electricity is the site's share rule in force (bearer, price per kWh): 电费 = round(energy × price / 1000) unless the
 * property bears it; what the splits paid is settled, the rest is paid offline. Status 已出账 from the bill day (the
 * site's bill setting, else the 1st) of the month after. Money fen, energy Wh.
 */

const MONTH = z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, '月份格式须为YYYY-MM');
const listInput = z.object({
  month: MONTH,
  merchantId: z.coerce.number().int().positive().optional(),
  agentId: z.coerce.number().int().positive().optional(),
  keyword: z.string().max(50).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListInput = z.infer<typeof listInput>;

/** Whose view a bill is computed for: the owner, the superior of an agent's site, or the site's property. */
type View = { kind: 'owner' } | { kind: 'superior'; accountId: number } | { kind: 'property'; accountId: number };

/** billId of a site's month. */
export function billIdOf(siteId: number, month: string): number {
  return siteId * 1_000_000 + Number(month.replace('-', ''));
}

/** The site and month of a billId, or null when it names none. */
export function billOf(billId: number): { siteId: number; month: string } | null {
  const siteId = Math.floor(billId / 1_000_000);
  const ym = billId % 1_000_000;
  const month = `${Math.floor(ym / 100)}-${String(ym % 100).padStart(2, '0')}`;
  if (siteId <= 0 || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return null;
  return { siteId, month };
}

interface SiteRow {
  id: number;
  name: string;
  operatorId: number;
  merchantId: number | null;
  merchantName: string | null;
  merchantContacts: string | null;
  merchantPhone: string | null;
  communityName: string | null;
  ownerType: number;
  ownerName: string;
}

async function siteRows(db: Db, siteIds: readonly number[]): Promise<SiteRow[]> {
  return rows<SiteRow>(
    db,
    `select s.id, s.name, s.operator_id, s.merchant_id, m.name as merchant_name, m.contacts as merchant_contacts,
            m.contact_phone as merchant_phone, c.name as community_name, o.account_type as owner_type, o.name as owner_name
     from site s join account o on o.id = s.operator_id
     left join account m on m.id = s.merchant_id left join community c on c.id = s.community_id
     where s.id = any($1::bigint[]) and s.deleted = 0 order by s.id`,
    [siteIds],
  );
}

async function splitAt(db: Db, siteId: number, roles: number[], from: number, to: number, accountId?: number) {
  return scalar(
    db,
    `select coalesce(sum(amount), 0) from order_split where site_id = $1 and role = any($2::int[])
       and create_time >= $3 and create_time < $4 ${accountId === undefined ? '' : 'and account_id = $5'}`,
    accountId === undefined ? [siteId, roles, from, to] : [siteId, roles, from, to, accountId],
  );
}

/** The bill of one site and month for `view` (figures of [from, to) of the month). */
async function billOfSite(
  db: Db,
  site: SiteRow,
  month: string,
  view: View,
  at: number,
): Promise<SiteBill & Omit<SiteBillDetail, keyof SiteBill | 'days'>> {
  const from = startOfDay(`${month}-01`);
  const to = startOfDay(`${addMonths(month, 1)}-01`);
  const income = (await siteIncomeBetween(db, [site.id], from, to)).get(site.id);
  const orderCount = (await orderCountBySite(db, [site.id], from, to)).get(site.id) ?? 0;
  const energy = await scalar(
    db,
    `select coalesce(sum(energy_wh), 0) from charge_order where site_id = $1 and status <> 5
       and start_time >= $2 and start_time < $3`,
    [site.id, from, to],
  );
  const rule = await one<{ electricBearer: number; electricPrice: number }>(
    db,
    `select electric_bearer, electric_price from site_share_rule_version where site_id = $1 and status = 1
     order by version desc limit 1`,
    [site.id],
  );
  const rate = site.merchantId
    ? await scalar(
        db,
        `select coalesce(max(p.charge_rate), 0) from site_share_rule_version v join site_share_party p on p.version_id = v.id
         where v.site_id = $1 and v.status = 1 and p.user_id = $2`,
        [site.id, site.merchantId],
      )
    : 0;
  const bearer = rule?.electricBearer ?? 1;
  const price = rule?.electricPrice ?? 0;
  const electricityFee = site.merchantId && bearer !== 2 ? Math.round((energy * price) / 1000) : 0;
  const settled = await splitAt(db, site.id, [5], from, to);
  const unsettled = Math.max(0, electricityFee - settled);
  const propertyShare = await splitAt(db, site.id, [1], from, to);
  const setting = await one<{ billDay: number }>(
    db,
    'select bill_day from bill_setting where $1 = any(site_ids) order by id limit 1',
    [site.id],
  );
  const out = startOfDay(`${addMonths(month, 1)}-${String(setting?.billDay ?? 1).padStart(2, '0')}`);
  const issued = at >= out;
  let netIncome: number;
  if (view.kind === 'owner') netIncome = (await splitAt(db, site.id, [0], from, to)) - unsettled;
  else if (view.kind === 'superior') netIncome = await splitAt(db, site.id, [1, 2, 5], from, to, view.accountId);
  else netIncome = await splitAt(db, site.id, [1, 5], from, to, view.accountId);
  const property = view.kind === 'property';
  const agent = site.ownerType === 2;
  return {
    billId: billIdOf(site.id, month),
    billNo: `ZD${month.replace('-', '')}${String(site.id).padStart(6, '0')}`,
    month,
    siteId: Number(site.id),
    siteName: site.name,
    communityName: site.communityName ?? '',
    merchantId: site.merchantId === null ? null : Number(site.merchantId),
    merchantName: site.merchantName,
    agentId: agent ? Number(site.operatorId) : null,
    agentName: agent ? site.ownerName : null,
    orderCount,
    energy,
    grossIncome: income?.total ?? 0,
    refundAmount: income?.refund ?? 0,
    propertyShareRate: rate,
    propertyShareAmount: propertyShare,
    superiorShareAmount: property ? null : await splitAt(db, site.id, [2], from, to),
    platformFee: property ? null : await splitAt(db, site.id, [3], from, to),
    channelFee: property ? null : await splitAt(db, site.id, [4], from, to),
    electricBearer: bearer,
    electricPrice: price,
    electricityFee,
    settledElectricityFee: settled,
    unsettledElectricityFee: unsettled,
    netIncome,
    status: issued ? 2 : 1,
    chargeIncome: income?.charge ?? 0,
    valueCardIncome: income?.valueCard ?? 0,
    monthCardIncome: income?.monthCard ?? 0,
    coinIncome: income?.coin ?? 0,
    merchantContacts: site.merchantContacts,
    merchantPhone: site.merchantPhone,
    generateTime: issued ? out : null,
  };
}

/** The summary fields of a list answer (the detail's extra fields left out). */
function listFields(bill: Awaited<ReturnType<typeof billOfSite>>): SiteBill {
  const {
    chargeIncome: _c,
    valueCardIncome: _v,
    monthCardIncome: _m,
    coinIncome: _coin,
    merchantContacts: _mc,
    merchantPhone: _mp,
    generateTime: _g,
    ...rest
  } = bill;
  return rest;
}

/** Which sites a list covers for the caller, and in whose view. */
export type ListKind = 'first' | 'sub' | 'agents' | 'property';

async function listSites(db: Db, scope: Scope, kind: ListKind): Promise<{ siteIds: number[]; view: View }> {
  if (kind === 'agents') {
    const own = new Set(await scope.siteIds());
    const seen = (await scope.visibleSites()).map((v) => v.id);
    const agentSites = (
      await rows<{ id: number }>(
        db,
        `select s.id from site s join account a on a.id = s.operator_id
         where s.id = any($1::bigint[]) and a.account_type = 2 and a.parent_id = $2 and s.deleted = 0`,
        [seen.filter((id) => !own.has(id)), scope.ownerId],
      )
    ).map((r) => Number(r.id));
    return { siteIds: agentSites, view: { kind: 'superior', accountId: scope.ownerId } };
  }
  if (kind === 'property') {
    const visible = (
      await rows<{ id: number }>(
        db,
        `select s.id from site s where s.id = any($1::bigint[]) and exists (
           select 1 from bill_setting b where s.id = any(b.site_ids) and b.merchant_id = $2 and b.visible_to_property = 1)`,
        [await scope.siteIds(), scope.ownerId],
      )
    ).map((r) => Number(r.id));
    return { siteIds: visible, view: { kind: 'property', accountId: scope.ownerId } };
  }
  return { siteIds: await scope.siteIds(), view: { kind: 'owner' } };
}

/**
 * The site bills of a month as one of the four lists shows them (the caller's sites in its view; property, agent and
 * keyword filters), a page of them and the sums of all: the rows of /income/statement/bill/siteBill and of docType 9.
 */
export async function billList(
  db: Db,
  scope: Scope,
  kind: ListKind,
  input: ListInput,
  at: number,
): Promise<SiteBillPage> {
  const { siteIds, view } = await listSites(db, scope, kind);
  let sites = await siteRows(db, siteIds);
  if (input.merchantId !== undefined) sites = sites.filter((s) => Number(s.merchantId) === input.merchantId);
  if (input.agentId !== undefined) sites = sites.filter((s) => Number(s.operatorId) === input.agentId);
  const keyword = input.keyword?.trim();
  if (keyword) sites = sites.filter((s) => s.name.includes(keyword) || (s.communityName ?? '').includes(keyword));
  const all: SiteBill[] = [];
  if (input.month <= monthOf(at))
    for (const s of sites) all.push(listFields(await billOfSite(db, s, input.month, view, at)));
  const start = (input.pageNum - 1) * input.pageSize;
  const sum = (f: (b: SiteBill) => number) => all.reduce((a, b) => a + f(b), 0);
  return {
    list: all.slice(start, start + input.pageSize),
    total: all.length,
    sum: {
      grossIncome: sum((b) => b.grossIncome),
      propertyShareAmount: sum((b) => b.propertyShareAmount),
      electricityFee: sum((b) => b.electricityFee),
      netIncome: sum((b) => b.netIncome),
    },
  };
}

export function siteBillRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);
  const list = (path: string, accountTypes: (1 | 2 | 3 | 4)[], kind: ListKind) =>
    api.get(
      path,
      { permission: 'bill:view', accountTypes, input: listInput, touches: touches.sites },
      async ({ scope, input }) => billList(db, scope, kind, input, now()),
    );
  list('/api/bill/firstCommPropertyBill', [1, 4], 'first');
  list('/api/bill/subCommPropertyBill', [2], 'sub');
  list('/api/bill/subCommBill', [1], 'agents');
  list('/api/bill/propertyBill', [3], 'property');

  api.get(
    '/api/bill/detail',
    {
      permission: 'bill:view',
      input: z.object({ billId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
      touches: touches.sites,
    },
    async ({ scope, input }) => {
      const at = now();
      const bill = billOf(input.billId);
      if (!bill || bill.month > monthOf(at)) throw hidden('账单不存在或无权查看');
      // The bill must be one of the caller's lists (its own sites, its agents' sites, a property's visible sites).
      const kinds: ListKind[] =
        scope.account.accountType === 3
          ? ['property']
          : scope.account.accountType === 1
            ? ['first', 'agents']
            : ['first'];
      for (const kind of kinds) {
        const { siteIds, view } = await listSites(db, scope, kind);
        if (!siteIds.includes(bill.siteId)) continue;
        const [site] = await siteRows(db, [bill.siteId]);
        if (!site) break;
        const full = await billOfSite(db, site, bill.month, view, at);
        const days: SiteBillDetail['days'] = [];
        const last = lastDayOfMonth(bill.month);
        const today = dayOf(at);
        for (let d = `${bill.month}-01`; d <= last && d <= today; d = addDays(d, 1)) {
          const from = startOfDay(d);
          const f = (await siteIncomeBetween(db, [bill.siteId], from, from + DAY_MS)).get(bill.siteId);
          const orderCount = (await orderCountBySite(db, [bill.siteId], from, from + DAY_MS)).get(bill.siteId) ?? 0;
          const energy = await scalar(
            db,
            `select coalesce(sum(energy_wh), 0) from charge_order where site_id = $1 and status <> 5
               and start_time >= $2 and start_time < $3`,
            [bill.siteId, from, from + DAY_MS],
          );
          const share = await splitAt(db, bill.siteId, [1], from, from + DAY_MS);
          if (orderCount || f?.total || share || energy) {
            days.push({ date: d, orderCount, energy, grossIncome: f?.total ?? 0, propertyShareAmount: share });
          }
        }
        const data: SiteBillDetail = { ...full, days: days.reverse() };
        return data;
      }
      throw hidden('账单不存在或无权查看');
    },
  );

  return api.app;
}
