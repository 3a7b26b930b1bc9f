import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type {
  CommunityRow,
  DeviceStatusStatistics,
  PropertyListPage,
  PropertyRow,
  SiteDetail,
  SiteListPage,
  SiteRow,
} from '../../src/api/site';
import {
  addressRule,
  communityNameRule,
  communityRemarkRule,
  contactsPhoneRule,
  contactsRule,
  propertyNameRule,
  regionPartRule,
  servicePhoneRule,
  siteNameRule,
} from '../../src/api/site-rules';
import { DEFAULT_CHARGE_RULE, SITE_NAME_TAKEN, costError } from '../../src/api/site-settings-rules';
import { locationFailure, roundCoordinate } from '../../src/lib/coords';
import type { Scope, SiteTarget } from '../http/access';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID } from '../http/envelope';
import { touches } from '../http/touch';
import { one, rows, scalar, type Db } from '../lib/db';
import { DAY_MS, dayOf, firstDayOfMonth, startOfDay, startOfDayAt } from '../lib/time';
import { pendingSiteApplyCount } from '../domain/site-applies';
import {
  countedSiteIds,
  orderCountBySite,
  shareBySite,
  siteDeviceCounts,
  siteIncomeBetween,
  sumDeviceCounts,
} from '../domain/sites';
import {
  activateDueVersions,
  chargeRuleGroupId,
  checkShareRule,
  insertShareRuleVersion,
  shareRuleSchema,
  shareRuleVersions,
  shareRulesOf,
} from './share-rules';

/**
 * Site-list endpoints (B-site.md §1 "/site"): sites with live device counts and today's income, site names,
 * device status statistics, pending site applications, communities. Visibility per entities.md R1.3: an owner sees
 * its own sites (editable with site:edit), a property the sites linked to it, a share party (agent, partner,
 * superior) the sites where it is a party (read-only, by the version in force); sub-accounts are limited to their data
 * scope. Also the site detail, the community form, addSite and the property list. The share rule of addSite and of the
 * site detail (checks, versions, the lazy 00:00 activation) and the charge-rule group are ./share-rules'.
 */

/** The stored columns of SiteDetail (B §2) with the owner; the rules' versions, counts and figures are added. */
type SiteBaseRow = Omit<
  SiteDetail,
  | 'shareRule'
  | 'pendingShareRule'
  | 'boxCount'
  | 'guardCount'
  | 'cameraCount'
  | 'smokeCount'
  | 'todayIncome'
  | 'todayOrderCount'
  | 'monthIncome'
  | 'editable'
> & { operatorId: number };

/**
 * One site the caller sees (B §2 SiteDetail; `entry` checked by the endpoint's touch, SiteMode 'view').
 * Income figures: the owner's 营业额 (R3.2); a party's own share on a site it does not own (R1.3). Runs the lazy 00:00
 * job of the site's share-rule versions first, so that shareRule is always the rule in force on `now`'s day.
 */
export async function siteDetail(db: PGlite, scope: Scope, entry: SiteTarget, now: number): Promise<SiteDetail> {
  const siteId = entry.id;
  // The 00:00 job first (B.6): a version whose day has come is the one in force.
  await activateDueVersions(db, now, siteId);
  const site = await one<SiteBaseRow>(
    db,
    `select s.id, s.operator_id, s.name, s.province, s.city, s.area, s.address, s.longitude, s.latitude, s.contacts,
            s.contacts_phone, s.service_phone, s.community_id, cm.name as community_name, s.merchant_id,
            coalesce(nullif(m.short_name, ''), m.name) as merchant_name, s.contract_code, s.charge_rule,
            s.audit_status, s.create_time
     from site s left join community cm on cm.id = s.community_id left join account m on m.id = s.merchant_id
     where s.id = $1 and s.deleted = 0`,
    [siteId],
  );
  if (!site) throw new BizError(INVALID, '站点不存在或无权查看');
  const counts = await one<{ boxCount: number; guardCount: number; cameraCount: number; smokeCount: number }>(
    db,
    `select count(*) filter (where device_type between 1 and 3)::int as box_count,
            count(*) filter (where device_type in (4, 5))::int as guard_count,
            count(*) filter (where device_type = 6)::int as camera_count,
            count(*) filter (where device_type = 7)::int as smoke_count
     from device where site_id = $1`,
    [siteId],
  );
  const today = startOfDayAt(now);
  const monthStart = startOfDay(firstDayOfMonth(dayOf(now)));
  const owned = Number(site.operatorId) === scope.ownerId;
  const share = async (from: number) =>
    (await shareBySite(db, scope.ownerId, [siteId], from, today + DAY_MS)).get(siteId) ?? 0;
  const siteOnly = async (from: number) =>
    // The site's own 营业额: area-card recharges belong to no single site.
    (await siteIncomeBetween(db, [siteId], from, today + DAY_MS)).get(siteId)?.total ?? 0;
  const rules = shareRulesOf(await shareRuleVersions(db, siteId));
  const { operatorId: _owner, ...rest } = site;
  return {
    ...rest,
    shareRule: rules.inForce,
    pendingShareRule: rules.pending,
    boxCount: counts?.boxCount ?? 0,
    guardCount: counts?.guardCount ?? 0,
    cameraCount: counts?.cameraCount ?? 0,
    smokeCount: counts?.smokeCount ?? 0,
    todayIncome: owned ? await siteOnly(today) : await share(today),
    todayOrderCount: (await orderCountBySite(db, [siteId], today, today + DAY_MS)).get(siteId) ?? 0,
    monthIncome: owned ? await siteOnly(monthStart) : await share(monthStart),
    editable: entry.editable,
  };
}

const siteListSchema = z.object({
  pageNum: z.number().int().min(1, 'pageNum 须为正整数'),
  pageSize: z.number().int().min(1).max(100, 'pageSize 最大为100'),
  keyword: z.string().trim().max(30, '搜索关键词最多30个字').optional(),
  communityId: z.number().int().positive().optional(),
  sort: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
});

const pageSchema = z.object({
  pageNum: z.number().int().min(1, 'pageNum 须为正整数'),
  pageSize: z.number().int().min(1).max(100, 'pageSize 最大为100'),
  keyword: z.string().trim().max(30, '搜索关键词最多30个字').optional(),
});

/** Escapes LIKE wildcards of a user keyword. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Device status counts of a set of sites (B §1; one flat shape, also /mine/devStatistics). */
export async function deviceStatusStatistics(
  db: PGlite,
  siteIds: number[],
  withSiteList: boolean,
  now: number,
): Promise<DeviceStatusStatistics> {
  const perSite = await siteDeviceCounts(db, siteIds);
  const t = sumDeviceCounts(perSite.values());
  const others = await one<Record<string, number>>(
    db,
    `select count(*) filter (where device_type = 4)::int as guard_total,
            count(*) filter (where device_type = 4 and status <> 2)::int as guard_online,
            count(*) filter (where device_type = 5)::int as gate_total,
            count(*) filter (where device_type = 5 and status <> 2)::int as gate_online,
            count(*) filter (where device_type = 6)::int as camera_total,
            count(*) filter (where device_type = 6 and status <> 2)::int as camera_online,
            count(*) filter (where device_type = 7)::int as smoke_total,
            count(*) filter (where device_type = 7 and status <> 2)::int as smoke_online,
            count(*) filter (where device_type = 7 and smoke_status = 1)::int as smoke_alarm,
            count(*) filter (where device_type = 7 and status = 2)::int as smoke_offline
     from device where site_id = any($1::bigint[]) and device_type between 4 and 7`,
    [siteIds],
  );
  const n = (row: Record<string, number> | null, key: string) => Number(row?.[key] ?? 0);
  const data: DeviceStatusStatistics = {
    statTime: now,
    boxTotal: t.boxTotal,
    boxOnline: t.boxOnline,
    boxOffline: t.boxOffline,
    boxFault: t.boxFault,
    socketTotal: t.socketTotal,
    socketIdle: t.socketIdle,
    socketCharging: t.socketCharging,
    socketFull: t.socketFull,
    socketFault: t.socketFault,
    socketOffline: t.socketOffline,
    guardTotal: n(others, 'guardTotal'),
    guardOnline: n(others, 'guardOnline'),
    gateTotal: n(others, 'gateTotal'),
    gateOnline: n(others, 'gateOnline'),
    cameraTotal: n(others, 'cameraTotal'),
    cameraOnline: n(others, 'cameraOnline'),
    smokeTotal: n(others, 'smokeTotal'),
    smokeOnline: n(others, 'smokeOnline'),
    smokeAlarm: n(others, 'smokeAlarm'),
    smokeOffline: n(others, 'smokeOffline'),
  };
  if (withSiteList) {
    const names = await rows<{ id: number; name: string }>(
      db,
      'select id, name from site where id = any($1::bigint[])',
      [siteIds],
    );
    data.siteList = names
      .map(({ id, name }) => {
        const c = perSite.get(Number(id)) ?? t;
        return {
          siteId: Number(id),
          siteName: name,
          boxTotal: c.boxTotal,
          boxOffline: c.boxOffline,
          socketIdle: c.socketIdle,
          socketCharging: c.socketCharging + c.socketFull,
          socketFault: c.socketFault,
        };
      })
      .sort((x, y) => y.boxOffline - x.boxOffline || (x.siteName < y.siteName ? -1 : x.siteName > y.siteName ? 1 : 0));
  }
  return data;
}

// ---------------------------------------------------------------------------------------------------------------------
// Writing sites and communities (B-site.md §1 /site community form, /site/add; Business rules A, B)
// ---------------------------------------------------------------------------------------------------------------------

/** Code 1 message of a duplicate community name. */
export const COMMUNITY_NAME_TAKEN = '小区名称已存在';

/** True when the operator has a non-deleted site of that name (trimmed, case-insensitive; Business rules A1). */
export async function siteNameTaken(db: Db, operatorId: number, name: string, exceptSiteId = 0): Promise<boolean> {
  const count = await scalar(
    db,
    `select count(*) from site where operator_id = $1 and deleted = 0 and lower(btrim(name)) = lower(btrim($2))
       and id <> $3`,
    [operatorId, name, exceptSiteId],
  );
  return count > 0;
}

/** Who may create and change sites and communities: the owner or a sub-account with site:edit (R1.3). */
const SITE_EDITOR = { permission: 'site:edit', accountTypes: [1, 2, 4] } as const;

const optionalText = (rule: typeof propertyNameRule) =>
  z
    .union([rule, z.null()])
    .optional()
    .transform((v) => (v ? v : null));

/** Body of POST /api/community/add (B §1 community form). */
const communitySchema = z.object({
  name: communityNameRule,
  province: regionPartRule,
  city: regionPartRule,
  area: regionPartRule,
  address: addressRule,
  householdCount: z
    .number({ error: '户数请输入0-99999的整数' })
    .int({ error: '户数请输入0-99999的整数' })
    .min(0, '户数请输入0-99999的整数')
    .max(99_999, '户数请输入0-99999的整数')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  propertyName: optionalText(propertyNameRule),
  remark: optionalText(communityRemarkRule),
});

/** True when the operator has another community of that name (trimmed, case-insensitive; Business rules A1). */
async function communityNameTaken(db: Db, operatorId: number, name: string, exceptId = 0): Promise<boolean> {
  const count = await scalar(
    db,
    'select count(*) from community where operator_id = $1 and lower(btrim(name)) = lower(btrim($2)) and id <> $3',
    [operatorId, name, exceptId],
  );
  return count > 0;
}

/** The form's values in the column order of the community statements (name … remark). */
function communityValues(body: z.infer<typeof communitySchema>): unknown[] {
  return [
    body.name,
    body.province,
    body.city,
    body.area,
    body.address,
    body.householdCount,
    body.propertyName,
    body.remark,
  ];
}

/** Body of POST /api/r9/site/addSite (B §1 /site/add). */
const addSiteSchema = z.object({
  name: siteNameRule,
  province: z.string({ error: '请选择站点位置' }).trim().min(1, '请选择站点位置').max(20, '省份名称过长'),
  city: z.string({ error: '请选择站点位置' }).trim().min(1, '请选择站点位置').max(20, '城市名称过长'),
  area: z.string({ error: '请选择站点位置' }).trim().min(1, '请选择站点位置').max(20, '区县名称过长'),
  address: addressRule,
  longitude: z.number({ error: '请选择站点位置' }),
  latitude: z.number({ error: '请选择站点位置' }),
  contacts: contactsRule,
  contactsPhone: contactsPhoneRule,
  servicePhone: servicePhoneRule,
  merchantId: z.union([z.number().int().positive('物业不合法'), z.null()]).optional(),
  siteShareRule: shareRuleSchema,
});

/** True when `merchantId` is a property of the owner: an accountType 3 account it manages (not 已注销). */
export async function ownedProperty(db: Db, ownerId: number, merchantId: number): Promise<boolean> {
  const count = await scalar(
    db,
    'select count(*) from account where id = $1 and account_type = 3 and parent_id = $2 and status <> 3',
    [merchantId, ownerId],
  );
  return count > 0;
}

/**
 * The rows of the site list (B-site.md §1; issue 13): first the sites the account's counts cover (countedSiteIds of the
 * scope: the summary strip, home and /mine are their sums), then, read-only and never counted, the other sites the
 * caller sees — where an owner is only a profit-share party (shareOnly; R1.3, B rule A4). Each row's figures come from
 * domain/sites.ts: device counts per site (故障 boxes online, 已充满 sockets charging), today's orders, and todayIncome —
 * the site's 营业额 of today for its own rows, the account's own share for a shareOnly row. Sorted on the server by
 * the figure the rows show (1 今日收入 descending, 2 newest first, 3 most offline boxes; ties by id), own rows before
 * shareOnly rows, then paged. `figures` false (a caller without income:view, issue 30): the rows carry neither
 * todayIncome nor todayOrderCount, and sort 1 is served as sort 2 (an order by income would tell it).
 */
export async function siteListPage(
  db: PGlite,
  scope: Scope,
  q: z.infer<typeof siteListSchema>,
  now: number,
  figures = true,
): Promise<Omit<SiteListPage, 'canAdd'>> {
  const scopeIds = await scope.siteIds();
  const visible = await scope.visibleSites();
  const own = await countedSiteIds(db, scopeIds);
  const partyOnly = await countedSiteIds(
    db,
    visible.filter((v) => !scopeIds.includes(v.id)).map((v) => v.id),
  );
  const editable = new Map(visible.map((v) => [v.id, v.editable]));
  const conditions = ['s.id = any($1::bigint[])'];
  const params: unknown[] = [[...own, ...partyOnly]];
  if (q.keyword) {
    params.push(likePattern(q.keyword));
    conditions.push(`(s.name ilike $${params.length} or s.address ilike $${params.length})`);
  }
  if (q.communityId) {
    params.push(q.communityId);
    conditions.push(`s.community_id = $${params.length}`);
  }
  const sites = await rows<
    Pick<
      SiteRow,
      | 'id'
      | 'name'
      | 'province'
      | 'city'
      | 'area'
      | 'address'
      | 'communityId'
      | 'communityName'
      | 'merchantId'
      | 'merchantName'
      | 'auditStatus'
      | 'createTime'
    >
  >(
    db,
    `select s.id, s.name, s.province, s.city, s.area, s.address, s.community_id, cm.name as community_name,
            s.merchant_id, m.short_name as merchant_name, s.audit_status, s.create_time
     from site s left join community cm on cm.id = s.community_id left join account m on m.id = s.merchant_id
     where ${conditions.join(' and ')}`,
    params,
  );
  const ids = sites.map((r) => Number(r.id));
  const today = startOfDayAt(now);
  const [counts, income, share, orders] = await Promise.all([
    siteDeviceCounts(db, ids),
    siteIncomeBetween(db, ids, today, today + DAY_MS),
    shareBySite(db, scope.ownerId, ids, today, today + DAY_MS),
    orderCountBySite(db, ids, today, today + DAY_MS),
  ]);
  const list: SiteRow[] = sites.map((site) => {
    const id = Number(site.id);
    const shareOnly = !own.includes(id);
    const c = counts.get(id);
    return {
      ...site,
      id,
      createTime: Number(site.createTime),
      boxCount: c?.boxTotal ?? 0,
      boxOnlineCount: (c?.boxOnline ?? 0) + (c?.boxFault ?? 0),
      boxOfflineCount: c?.boxOffline ?? 0,
      socketCount: c?.socketTotal ?? 0,
      chargingSocketCount: (c?.socketCharging ?? 0) + (c?.socketFull ?? 0),
      smokeAlarmCount: c?.smokeAlarm ?? 0,
      todayIncome: shareOnly ? (share.get(id) ?? 0) : (income.get(id)?.total ?? 0),
      todayOrderCount: orders.get(id) ?? 0,
      editable: !shareOnly && (editable.get(id) ?? false),
      shareOnly,
    };
  });
  // Without income:view the list is neither sorted by income (its order would tell it) nor carries the figures.
  const sort = !figures && q.sort === 1 ? 2 : q.sort;
  const byFigure: (a: SiteRow, b: SiteRow) => number =
    sort === 2
      ? (a, b) => b.createTime - a.createTime || b.id - a.id
      : sort === 3
        ? (a, b) => b.boxOfflineCount - a.boxOfflineCount || a.id - b.id
        : (a, b) => (b.todayIncome ?? 0) - (a.todayIncome ?? 0) || a.id - b.id;
  list.sort((a, b) => Number(a.shareOnly) - Number(b.shareOnly) || byFigure(a, b));
  const from = (q.pageNum - 1) * q.pageSize;
  const page = list.slice(from, from + q.pageSize);
  return {
    list: figures ? page : page.map(({ todayIncome: _income, todayOrderCount: _orders, ...row }) => row),
    total: list.length,
  };
}

export function siteRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // POST /api/r9/site/siteList — paged, filtered and sorted sites with live counts and today's figures.
  api.post(
    '/api/r9/site/siteList',
    { permission: 'site:view', input: siteListSchema, touches: touches.sites },
    async ({ caller, scope, input: q }) => {
      // The lazy 00:00 job (B.6) for every site: party visibility and auditStatus follow the versions in force.
      await activateDueVersions(db, now());
      const data: SiteListPage = {
        // The income figures only for a caller who may see income (issue 30: a builder sees none).
        ...(await siteListPage(db, scope, q, now(), caller.account.permissions.includes('income:view'))),
        canAdd: caller.account.permissions.includes('site:edit') && [1, 2, 4].includes(caller.account.accountType),
      };
      return data;
    },
  );

  // GET /api/site/siteBaseInfo — one site with its rules, device counts and today's figures.
  api.get(
    '/api/site/siteBaseInfo',
    {
      permission: 'site:view',
      input: z.object({ siteId: z.coerce.number({ error: '缺少站点 siteId' }).int().positive() }),
      touches: touches.site('siteId', 'view'),
    },
    async ({ caller, scope, target }) => {
      const detail = await siteDetail(db, scope, target, now());
      if (caller.account.permissions.includes('income:view')) return detail;
      // Without income:view, no income figures (issue 30: what a role may not see is not sent).
      const { todayIncome: _today, todayOrderCount: _orders, monthIncome: _month, ...rest } = detail;
      return rest;
    },
  );

  // GET /api/r9/site/nameList — the caller's site names for suggestions.
  api.get(
    '/api/r9/site/nameList',
    {
      permission: 'site:view',
      input: z.object({ keyword: z.string().trim().max(30, '搜索关键词最多30个字').optional() }),
      touches: touches.sites,
    },
    async ({ scope, input: q }) => {
      const visible = await scope.visibleSites();
      const params: unknown[] = [visible.map((v) => v.id)];
      let filter = '';
      if (q.keyword) {
        params.push(likePattern(q.keyword));
        filter = `and name ilike $2`;
      }
      return await rows(
        db,
        `select id, name from site where id = any($1::bigint[]) and deleted = 0 ${filter} order by id limit 50`,
        params,
      );
    },
  );

  // GET /api/box/getDeviceStatusStatistics — counts of one site or of all the caller's sites.
  api.get(
    '/api/box/getDeviceStatusStatistics',
    {
      permission: 'login',
      input: z.object({ siteId: z.coerce.number().int().positive().optional() }),
      touches: touches.optionalSite('siteId', 'view'),
    },
    async ({ scope, target }) => {
      // all the caller's sites = the sites its counts cover (domain/sites.ts), as home and /mine count them
      const ids = target ? [target.id] : await countedSiteIds(db, await scope.siteIds());
      return deviceStatusStatistics(db, ids, target === null, now());
    },
  );

  // GET /api/openPlatform/getUndealSiteApplyCount — pending site applications of the caller's operator.
  api.get(
    '/api/openPlatform/getUndealSiteApplyCount',
    { permission: 'login', input: z.object({}), touches: touches.account },
    async ({ caller }) => {
      const { ownerId } = caller;
      const count = await pendingSiteApplyCount(db, ownerId, now());
      return { count };
    },
  );

  // GET /api/community/simpleList — [{ id, name }] of the caller's operator.
  api.get(
    '/api/community/simpleList',
    { permission: 'login', input: z.object({}), touches: touches.sites },
    async ({ scope }) => {
      return rows(db, 'select id, name from community where id = any($1::bigint[]) order by id', [
        await scope.communityIds(),
      ]);
    },
  );

  // GET /api/community/communityCount — communities, their sites and households.
  api.get(
    '/api/community/communityCount',
    { permission: 'login', input: z.object({}), touches: touches.sites },
    async ({ scope }) => {
      // The communities and sites of the caller's scope (a limited sub-account: those of its sites).
      const row = await one<{ communityCount: number; siteCount: number; householdCount: number }>(
        db,
        `select count(*)::int as community_count,
              (select count(*)::int from site s where s.community_id = any($1::bigint[]) and s.id = any($2::bigint[]))
                as site_count,
              coalesce(sum(household_count), 0)::int as household_count
       from community where id = any($1::bigint[])`,
        [await scope.communityIds(), await scope.siteIds()],
      );
      return row ?? { communityCount: 0, siteCount: 0, householdCount: 0 };
    },
  );

  // POST /api/community/list — paged communities with their site counts.
  api.post(
    '/api/community/list',
    { permission: 'login', input: pageSchema, touches: touches.sites },
    async ({ scope, input: q }) => {
      const params: unknown[] = [await scope.communityIds()];
      let filter = '';
      if (q.keyword) {
        params.push(likePattern(q.keyword));
        filter = `and cm.name ilike $2`;
      }
      const total = await scalar(
        db,
        `select count(*) from community cm where cm.id = any($1::bigint[]) ${filter}`,
        params,
      );
      params.push(await scope.siteIds(), q.pageSize, (q.pageNum - 1) * q.pageSize);
      const sites = params.length - 2;
      const list = await rows<CommunityRow>(
        db,
        `select cm.id, cm.name, cm.province, cm.city, cm.area, cm.address, cm.household_count, cm.property_name,
              cm.create_time,
              (select count(*)::int from site s where s.community_id = cm.id and s.id = any($${sites}::bigint[]))
                as site_count
       from community cm where cm.id = any($1::bigint[]) ${filter}
       order by cm.id desc limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      return { list, total };
    },
  );

  // GET /api/community/info — one community with its counts.
  api.get(
    '/api/community/info',
    {
      permission: 'login',
      input: z.object({ id: z.coerce.number({ error: '缺少小区 id' }).int().positive() }),
      touches: touches.community('id', 'view'),
    },
    async ({ scope, input: { id } }) => {
      const row = await one(
        db,
        `select cm.id, cm.name, cm.province, cm.city, cm.area, cm.address, cm.household_count, cm.property_name,
              cm.remark, cm.create_time,
              (select count(*)::int from site s where s.community_id = cm.id and s.id = any($2::bigint[])) as site_count,
              (select count(*)::int from community_white w where w.community_id = cm.id) as white_count
       from community cm where cm.id = $1`,
        [id, await scope.siteIds()],
      );
      if (!row) throw new BizError(INVALID, '小区不存在');
      return row;
    },
  );

  // GET /api/site/simpleCommunitySiteList — the sites of a community with their device counts.
  api.get(
    '/api/site/simpleCommunitySiteList',
    {
      permission: 'login',
      input: z.object({ communityId: z.coerce.number({ error: '缺少小区 communityId' }).int().positive() }),
      touches: touches.community('communityId', 'view'),
    },
    async ({ scope, input: { communityId } }) => {
      return rows(
        db,
        `select s.id, s.name,
                (select count(*)::int from device d where d.site_id = s.id and d.device_type between 1 and 3) as box_count,
                (select count(*)::int from charger c join device d on d.id = c.device_id where d.site_id = s.id) as socket_count
         from site s where s.community_id = $1 and s.id = any($2::bigint[]) order by s.id`,
        [communityId, await scope.siteIds()],
      );
    },
  );

  // POST /api/community/add — a community of the caller's operator (name unique per operator, Business rules A1).
  api.post(
    '/api/community/add',
    { ...SITE_EDITOR, input: communitySchema, touches: touches.account },
    async ({ caller, input: body }) => {
      const at = now();
      const id = await db.transaction(async (tx) => {
        if (await communityNameTaken(tx, caller.ownerId, body.name)) throw new BizError(INVALID, COMMUNITY_NAME_TAKEN);
        const row = await one<{ id: number }>(
          tx,
          `insert into community (operator_id, name, province, city, area, address, household_count, property_name,
           remark, create_time, update_time)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning id`,
          [caller.ownerId, ...communityValues(body), at],
        );
        return Number(row?.id);
      });
      return { id };
    },
  );

  // POST /api/community/modify — changes a community of the caller's operator (whole form).
  api.post(
    '/api/community/modify',
    {
      ...SITE_EDITOR,
      input: communitySchema.extend({ id: z.number({ error: '缺少小区 id' }).int().positive('缺少小区 id') }),
      touches: touches.community('id', 'edit'),
    },
    async ({ caller, input: body }) => {
      await db.transaction(async (tx) => {
        if (await communityNameTaken(tx, caller.ownerId, body.name, body.id)) {
          throw new BizError(INVALID, COMMUNITY_NAME_TAKEN);
        }
        await tx.query(
          `update community set name = $2, province = $3, city = $4, area = $5, address = $6, household_count = $7,
           property_name = $8, remark = $9, update_time = $10
         where id = $1`,
          [body.id, ...communityValues(body), now()],
        );
      });
      return null;
    },
  );

  // POST /api/r9/site/addSite — a new site of the caller's operator (B §1 /site/add; Business rules A1, A2, A5, B3).
  api.post(
    '/api/r9/site/addSite',
    { ...SITE_EDITOR, input: addSiteSchema, touches: touches.account },
    async ({ caller, input: body }) => {
      const longitude = roundCoordinate(body.longitude);
      const latitude = roundCoordinate(body.latitude);
      const area = locationFailure(longitude, latitude, { name: body.province });
      if (area) throw new BizError(INVALID, area);
      const merchantId = body.merchantId ?? null;
      if (merchantId !== null && !(await ownedProperty(db, caller.ownerId, merchantId))) {
        throw new BizError(INVALID, '物业不存在');
      }
      // The add form's cost rule, re-checked on submit (B §1 /site/add): with a property the price is required when it
      // is shown (运营商承担 / 按分成比例分摊); checkShareRule then applies the rules of a stored version.
      const costs = costError(body.siteShareRule, merchantId !== null);
      if (costs) throw new BizError(INVALID, costs);
      const at = now();
      const id = await db.transaction(async (tx) => {
        if (await siteNameTaken(tx, caller.ownerId, body.name)) throw new BizError(INVALID, SITE_NAME_TAKEN);
        const rule = await checkShareRule(tx, { operatorId: caller.ownerId, merchantId }, body.siteShareRule);
        const groupId = await chargeRuleGroupId(tx, caller.ownerId, DEFAULT_CHARGE_RULE, at);
        const site = await one<{ id: number }>(
          tx,
          `insert into site (operator_id, name, province, city, area, address, longitude, latitude, contacts,
           contacts_phone, service_phone, merchant_id, charge_rule, charge_rule_group_id, status, deleted,
           audit_status, create_time, update_time)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 1, 0, 0, $15, $15) returning id`,
          [
            caller.ownerId,
            body.name,
            body.province,
            body.city,
            body.area,
            body.address,
            longitude,
            latitude,
            body.contacts,
            body.contactsPhone,
            body.servicePhone,
            merchantId,
            JSON.stringify(DEFAULT_CHARGE_RULE),
            groupId,
            at,
          ],
        );
        const siteId = Number(site?.id);
        // B3: version 1 is in force from the creation day.
        await insertShareRuleVersion(tx, siteId, rule, {
          status: 1,
          effectiveDate: dayOf(at),
          submitUserId: caller.account.id,
          now: at,
        });
        return siteId;
      });
      return { id };
    },
  );

  // GET /api/user/merchantListByOperator — the caller's property merchants (K14: GET, rows keyed merchantId).
  api.get(
    '/api/user/merchantListByOperator',
    {
      permission: { anyOf: ['tenement', 'site:edit'] },
      accountTypes: [1, 2, 4],
      input: z.object({
        pageNum: z.coerce.number({ error: 'pageNum 须为正整数' }).int().min(1, 'pageNum 须为正整数'),
        pageSize: z.coerce.number({ error: 'pageSize 须为正整数' }).int().min(1).max(100, 'pageSize 最大为100'),
        keyword: z.string().trim().max(30, '搜索关键词最多30个字').optional(),
      }),
      touches: touches.sites,
    },
    async ({ caller, scope, input: q }) => {
      const today = startOfDayAt(now());
      const monthStart = startOfDay(firstDayOfMonth(dayOf(now())));
      // $2: the sites of a limited sub-account (null = every site of the owner, deleted ones too); $3 the keyword.
      const params: unknown[] = [caller.ownerId, scope.limited ? await scope.siteIds() : null];
      let filter = '';
      if (q.keyword) {
        params.push(likePattern(q.keyword));
        filter = `and (a.name ilike $3 or a.short_name ilike $3 or a.phone ilike $3 or a.contact_phone ilike $3)`;
      }
      const where = `a.account_type = 3 and a.parent_id = $1 and a.status <> 3 ${filter}`;
      const total = await scalar(
        db,
        `select count(*) from account a where ${where.replaceAll('$3', '$2')}`,
        q.keyword ? [caller.ownerId, params[2]] : [caller.ownerId],
      );
      const inScope = `s.operator_id = $1 and ($2::bigint[] is null or s.id = any($2::bigint[]))`;
      // This month's share of each property at the caller's sites (roles 1 物业分润, 2 其他分润, 5 电费结算).
      const monthShare = `(select coalesce(sum(os.amount), 0) from order_split os join site s on s.id = os.site_id
        where os.account_id = a.id and ${inScope} and os.role in (1, 2, 5)
          and os.create_time >= ${monthStart} and os.create_time < ${today + DAY_MS})`;
      const sum = await scalar(
        db,
        `select coalesce(sum(${monthShare}), 0) from account a where a.account_type = 3 and a.parent_id = $1 and a.status <> 3`,
        params.slice(0, 2),
      );
      params.push(q.pageSize, (q.pageNum - 1) * q.pageSize);
      const list = await rows<PropertyRow>(
        db,
        `select a.id as merchant_id, a.name, coalesce(nullif(a.short_name, ''), a.name) as short_name, a.contacts,
              coalesce(a.phone, nullif(a.contact_phone, ''), '') as phone, a.logo,
              (select count(*)::int from site s where s.merchant_id = a.id and ${inScope} and s.deleted = 0)
                as site_count,
              ${monthShare}::bigint as month_share_income,
              a.status as account_status
       from account a where ${where}
       order by a.id limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      const data: PropertyListPage = {
        list: list.map((r) => ({ ...r, monthShareIncome: Number(r.monthShareIncome) })),
        total,
        monthShareIncomeSum: sum,
      };
      return data;
    },
  );

  return api.app;
}
