import type { PGlite } from '@electric-sql/pglite';
import { Hono } from 'hono';
import { z } from 'zod';
import type {
  ChargeRule,
  CommunityRow,
  DeviceStatusStatistics,
  PropertyListPage,
  PropertyRow,
  ShareParty,
  SiteDetail,
  SiteListPage,
  SiteRow,
  SiteShareRule,
} from '../../src/api/site';
import {
  addressRule,
  communityNameRule,
  communityRemarkRule,
  contactsPhoneRule,
  contactsRule,
  ELECTRIC_PRICE_MAX,
  ELECTRIC_PRICE_MESSAGE,
  ELECTRIC_PRICE_MIN,
  PROPERTY_REQUIRED_MESSAGE,
  propertyNameRule,
  regionPartRule,
  servicePhoneRule,
  siteNameRule,
} from '../../src/api/site-rules';
import { locationFailure, roundCoordinate } from '../../src/lib/coords';
import { ruleHash, ruleSummary } from '../db/seed/util';
import { DEFAULT_RULE } from '../db/seed/world';
import { BizError, FORBIDDEN, INVALID, input, ok } from '../http/envelope';
import {
  accountById,
  requireLogin,
  requirePermission,
  scopeSiteIds,
  type AccountRow,
  type Caller,
  type SandboxEnv,
} from '../http/session';
import { one, rows, scalar, type Db } from '../lib/db';
import { DAY_MS, dayOf, firstDayOfMonth, startOfDay, startOfDayAt } from '../lib/time';
import { incomeBetween } from './home';

/**
 * Site-list endpoints (B-site.md §1 "/site"): sites with live device counts and today's income, site names,
 * device status statistics, pending site applications, communities. Visibility per entities.md R1.3: an owner sees
 * its own sites (editable with site:edit), a property the sites linked to it, a share party (agent, partner,
 * superior) the sites where it is a party (read-only); sub-accounts are limited to their data scope.
 */

/** Sites the caller may see in the site list, with whether each is editable. */
export async function visibleSites(db: PGlite, caller: Caller): Promise<{ id: number; editable: boolean }[]> {
  const scope = await scopeSiteIds(db, caller);
  const canEdit = caller.account.permissions.includes('site:edit') && caller.account.accountType !== 3;
  const own = scope.map((id) => ({ id, editable: canEdit }));
  if (caller.account.accountType !== 1 && caller.account.accountType !== 2) return own;
  // Sites of other owners where the caller is a party of the share rule in force (read-only).
  const party = await rows<{ siteId: number }>(
    db,
    `select distinct v.site_id from site_share_rule_version v
     join site_share_party p on p.version_id = v.id
     join site s on s.id = v.site_id and s.deleted = 0
     where v.status = 1 and p.user_id = $1 and s.operator_id <> $1`,
    [caller.ownerId],
  );
  const seen = new Set(scope);
  return [
    ...own,
    ...party.filter((p) => !seen.has(Number(p.siteId))).map((p) => ({ id: Number(p.siteId), editable: false })),
  ];
}

/** A share-rule version of a site with its parties (B §0.2), or null. */
export async function shareRuleVersion(
  db: PGlite,
  siteId: number,
  statuses: readonly number[],
): Promise<(SiteShareRule & { id: number; status: number; rejectReason: string | null }) | null> {
  const version = await one<{
    id: number;
    status: number;
    effectiveDate: string;
    shareMode: 1 | 2;
    electricBearer: 1 | 2 | 3;
    electricPrice: number;
    channelFeeBearer: 1 | 3;
    platformFeeBearer: 1 | 3;
    rejectReason: string | null;
  }>(
    db,
    `select id, status, effective_date, share_mode, electric_bearer, electric_price, channel_fee_bearer,
            platform_fee_bearer, reject_reason
     from site_share_rule_version where site_id = $1 and status = any($2::int[]) order by version desc limit 1`,
    [siteId, statuses],
  );
  if (!version) return null;
  const parties = await rows<ShareParty>(
    db,
    `select p.user_id, p.party_type, coalesce(nullif(a.short_name, ''), a.name) as name,
            coalesce(a.phone, a.contact_phone, '') as phone, p.charge_rate, p.card_rate, p.coin_rate,
            coalesce(p.remark, '') as remark
     from site_share_party p join account a on a.id = p.user_id where p.version_id = $1 order by p.party_type, p.id`,
    [version.id],
  );
  return {
    id: version.id,
    status: version.status,
    rejectReason: version.rejectReason,
    shareMode: version.shareMode,
    electricBearer: version.electricBearer,
    electricPrice: version.electricPrice,
    channelFeeBearer: version.channelFeeBearer,
    platformFeeBearer: version.platformFeeBearer,
    effectiveDate: version.effectiveDate,
    parties,
  };
}

/**
 * One site the caller may see (B §2 SiteDetail). Throws BizError(1) when it does not exist or is not visible.
 * Income figures: the owner's 营业额 (R3.2); a party's own share on a site it does not own (R1.3).
 */
export async function siteDetail(db: PGlite, caller: Caller, siteId: number, now: number): Promise<SiteDetail> {
  const visible = await visibleSites(db, caller);
  const entry = visible.find((v) => v.id === siteId);
  if (!entry) throw new BizError(INVALID, '站点不存在或无权查看');
  const site = await one<{
    id: number;
    operatorId: number;
    name: string;
    province: string;
    city: string;
    area: string;
    address: string;
    longitude: number;
    latitude: number;
    contacts: string;
    contactsPhone: string;
    servicePhone: string;
    communityId: number | null;
    communityName: string | null;
    merchantId: number | null;
    merchantName: string | null;
    contractCode: string | null;
    chargeRule: ChargeRule;
    auditStatus: 0 | 1 | 2;
    createTime: number;
  }>(
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
  const owned = Number(site.operatorId) === caller.ownerId;
  const share = (from: number) =>
    scalar(
      db,
      `select coalesce(sum(amount), 0) from order_split where account_id = $1 and site_id = $2 and role in (1, 2, 5)
       and create_time >= $3 and create_time < $4`,
      [caller.ownerId, siteId, from, today + DAY_MS],
    );
  const siteOnly = async (from: number) => {
    // The site's own 营业额: area-card recharges belong to no single site.
    const income = await incomeBetween(db, [siteId], from, today + DAY_MS, false);
    return income.total;
  };
  const shareRule = await shareRuleVersion(db, siteId, [1]);
  const pending = await shareRuleVersion(db, siteId, [2, 3, 4]);
  const { operatorId: _owner, ...rest } = site;
  return {
    ...rest,
    shareRule: shareRule
      ? {
          shareMode: shareRule.shareMode,
          electricBearer: shareRule.electricBearer,
          electricPrice: shareRule.electricPrice,
          channelFeeBearer: shareRule.channelFeeBearer,
          platformFeeBearer: shareRule.platformFeeBearer,
          parties: shareRule.parties,
          effectiveDate: shareRule.effectiveDate,
        }
      : { shareMode: 2, electricBearer: 1, electricPrice: 0, channelFeeBearer: 1, platformFeeBearer: 1, parties: [] },
    pendingShareRule:
      pending && pending.id !== shareRule?.id
        ? {
            shareMode: pending.shareMode,
            electricBearer: pending.electricBearer,
            electricPrice: pending.electricPrice,
            channelFeeBearer: pending.channelFeeBearer,
            platformFeeBearer: pending.platformFeeBearer,
            parties: pending.parties,
            effectiveDate: pending.effectiveDate,
            status: pending.status as 2 | 3 | 4,
            rejectReason: pending.rejectReason,
          }
        : null,
    boxCount: counts?.boxCount ?? 0,
    guardCount: counts?.guardCount ?? 0,
    cameraCount: counts?.cameraCount ?? 0,
    smokeCount: counts?.smokeCount ?? 0,
    todayIncome: owned ? await siteOnly(today) : await share(today),
    todayOrderCount: await scalar(
      db,
      `select count(*) from charge_order where site_id = $1 and pay_type between 1 and 6 and status <> 5
       and start_time >= $2 and start_time < $3`,
      [siteId, today, today + DAY_MS],
    ),
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
  const boxes = await one<Record<string, number>>(
    db,
    `select count(*)::int as box_total,
            count(*) filter (where status = 1)::int as box_online,
            count(*) filter (where status = 2)::int as box_offline,
            count(*) filter (where status = 3)::int as box_fault
     from device where site_id = any($1::bigint[]) and device_type between 1 and 3`,
    [siteIds],
  );
  const sockets = await one<Record<string, number>>(
    db,
    `select count(*)::int as socket_total,
            count(*) filter (where d.status <> 2 and c.status = 0)::int as socket_idle,
            count(*) filter (where d.status <> 2 and c.status = 1)::int as socket_charging,
            count(*) filter (where d.status <> 2 and c.status = 2)::int as socket_full,
            count(*) filter (where d.status <> 2 and c.status = 3)::int as socket_fault,
            count(*) filter (where d.status = 2 or c.status = 4)::int as socket_offline
     from charger c join device d on d.id = c.device_id
     where d.site_id = any($1::bigint[]) and d.device_type between 1 and 3`,
    [siteIds],
  );
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
    boxTotal: n(boxes, 'boxTotal'),
    boxOnline: n(boxes, 'boxOnline'),
    boxOffline: n(boxes, 'boxOffline'),
    boxFault: n(boxes, 'boxFault'),
    socketTotal: n(sockets, 'socketTotal'),
    socketIdle: n(sockets, 'socketIdle'),
    socketCharging: n(sockets, 'socketCharging'),
    socketFull: n(sockets, 'socketFull'),
    socketFault: n(sockets, 'socketFault'),
    socketOffline: n(sockets, 'socketOffline'),
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
    data.siteList = await rows(
      db,
      `select s.id as site_id, s.name as site_name,
              count(distinct d.id) filter (where d.device_type between 1 and 3)::int as box_total,
              count(distinct d.id) filter (where d.device_type between 1 and 3 and d.status = 2)::int as box_offline,
              count(c.id) filter (where d.status <> 2 and c.status = 0)::int as socket_idle,
              count(c.id) filter (where d.status <> 2 and c.status in (1, 2))::int as socket_charging,
              count(c.id) filter (where d.status <> 2 and c.status = 3)::int as socket_fault
       from site s left join device d on d.site_id = s.id left join charger c on c.device_id = d.id
       where s.id = any($1::bigint[]) group by s.id, s.name order by box_offline desc, s.name`,
      [siteIds],
    );
  }
  return data;
}

// ---------------------------------------------------------------------------------------------------------------------
// Writing sites and communities (B-site.md §1 /site community form, /site/add; Business rules A, B)
// ---------------------------------------------------------------------------------------------------------------------

/** Code 1 message of a duplicate site name (B §1 /site/add; Business rules A1). */
export const SITE_NAME_TAKEN = '站点名称已存在';
/** Code 1 message of a duplicate community name. */
export const COMMUNITY_NAME_TAKEN = '小区名称已存在';

/** A share party as a request carries it (name and phone are filled by the server). */
const sharePartySchema = z.object({
  userId: z.number({ error: '分成方账号不能为空' }).int().positive('分成方账号不合法'),
  partyType: z.union([z.literal(2), z.literal(3), z.literal(4), z.literal(5)], { error: '分成方类型不合法' }),
  name: z.string().max(30).optional(),
  phone: z.string().max(20).optional(),
  chargeRate: z
    .number({ error: '分成比例需在0-100%之间' })
    .int()
    .min(0, '分成比例需在0-100%之间')
    .max(10_000, '分成比例需在0-100%之间'),
  cardRate: z
    .number({ error: '分成比例需在0-100%之间' })
    .int()
    .min(0, '分成比例需在0-100%之间')
    .max(10_000, '分成比例需在0-100%之间'),
  coinRate: z
    .number({ error: '分成比例需在0-100%之间' })
    .int()
    .min(0, '分成比例需在0-100%之间')
    .max(10_000, '分成比例需在0-100%之间'),
  remark: z.string().trim().max(20, '分成方备注最多20个字').nullable().optional(),
});

/** The SiteShareRule object of a request (B §0.2); effectiveDate is server-set and ignored. */
export const shareRuleSchema = z.object(
  {
    shareMode: z.union([z.literal(1), z.literal(2)], { error: '分成方式不合法' }),
    electricBearer: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '电费承担方式不合法' }),
    electricPrice: z
      .number({ error: ELECTRIC_PRICE_MESSAGE })
      .int(ELECTRIC_PRICE_MESSAGE)
      .min(0, ELECTRIC_PRICE_MESSAGE),
    channelFeeBearer: z.union([z.literal(1), z.literal(3)], { error: '支付手续费承担方式不合法' }),
    platformFeeBearer: z.union([z.literal(1), z.literal(3)], { error: '平台服务费承担方式不合法' }),
    parties: z.array(sharePartySchema, { error: '缺少分成方 parties' }).max(5, '分成方最多5个'),
    effectiveDate: z.string().optional(),
  },
  { error: '缺少分成规则 siteShareRule' },
);

/** A validated share rule ready to store: parties with their rates (bp), the server-added 上级 party included. */
export interface CheckedShareRule {
  shareMode: 1 | 2;
  electricBearer: 1 | 2 | 3;
  /** Fen per kWh. */
  electricPrice: number;
  channelFeeBearer: 1 | 3;
  platformFeeBearer: 1 | 3;
  parties: {
    userId: number;
    partyType: 2 | 3 | 4 | 5;
    chargeRate: number;
    cardRate: number;
    coinRate: number;
    remark: string | null;
  }[];
}

/**
 * Business rules B1, B2 and B7 of a share rule for a site owned by `owner` with the linked property `merchantId`
 * (null = none). Throws BizError(1) with the first broken rule. Returns the rule to store: electricity price 0 when the
 * property bears it, and on a site owned by an agent the 上级 party (its parent at its superiorShareRate, read-only
 * for the agent: a 上级 party sent by the client is refused).
 */
export async function checkShareRule(
  db: Db,
  owner: AccountRow,
  merchantId: number | null,
  rule: z.infer<typeof shareRuleSchema>,
): Promise<CheckedShareRule> {
  const fail = (message: string): never => {
    throw new BizError(INVALID, message);
  };
  // B7: electricity without a property stays with the operator, at no price.
  if (merchantId === null) {
    if (rule.electricBearer !== 1) fail(PROPERTY_REQUIRED_MESSAGE);
    if (rule.electricPrice !== 0) fail('未关联物业时电费由运营商自行缴纳，电费单价须为0');
  } else if (
    rule.electricBearer !== 2 &&
    (rule.electricPrice < ELECTRIC_PRICE_MIN || rule.electricPrice > ELECTRIC_PRICE_MAX)
  ) {
    fail(ELECTRIC_PRICE_MESSAGE);
  }
  const parties: CheckedShareRule['parties'] = [];
  const seen = new Set<number>();
  for (const p of rule.parties) {
    if (p.partyType === 5) fail('上级分成方由系统按上级设置添加，不可提交');
    if (seen.has(p.userId)) fail('分成方不能重复');
    seen.add(p.userId);
    if (p.userId === owner.id) fail('不能将站点所有者设为分成方');
    if (rule.shareMode === 2 && (p.chargeRate !== p.cardRate || p.chargeRate !== p.coinRate)) {
      fail('综合分成下各收入类型的分成比例须相同');
    }
    const account = await one<{ accountType: number; status: number }>(
      db,
      'select account_type, status from account where id = $1',
      [p.userId],
    );
    if (!account || account.status === 3) fail('分成方账号不存在');
    if (account?.accountType === 4 || account?.accountType === 5) fail('子账号或施工人员不能作为分成方');
    if (p.partyType === 3 && account?.accountType !== 2) fail('代理商分成方须为代理商账号');
    if (p.partyType === 2) {
      if (merchantId === null || p.userId !== merchantId) fail('物业分成方须为站点关联的物业');
    }
    parties.push({
      userId: p.userId,
      partyType: p.partyType,
      chargeRate: p.chargeRate,
      cardRate: p.cardRate,
      coinRate: p.coinRate,
      remark: p.remark?.trim() ? p.remark.trim() : null,
    });
  }
  if (parties.filter((p) => p.partyType === 2).length > 1) fail('只能有一个物业分成方');
  // B2: a site owned by an agent always carries its superior's party.
  if (owner.accountType === 2 && owner.parentId !== null) {
    const rate = owner.superiorShareRate ?? 0;
    parties.push({
      userId: Number(owner.parentId),
      partyType: 5,
      chargeRate: rate,
      cardRate: rate,
      coinRate: rate,
      remark: '上级分润',
    });
  }
  if (parties.length > 5) fail('分成方最多5个');
  for (const key of ['chargeRate', 'cardRate', 'coinRate'] as const) {
    if (parties.reduce((sum, p) => sum + p[key], 0) > 10_000) fail('分成比例合计不能超过100%');
  }
  return {
    shareMode: rule.shareMode,
    electricBearer: rule.electricBearer,
    electricPrice: rule.electricBearer === 2 ? 0 : rule.electricPrice,
    channelFeeBearer: rule.channelFeeBearer,
    platformFeeBearer: rule.platformFeeBearer,
    parties,
  };
}

/**
 * Stores a share-rule version of a site with its parties (B §0.2; entities.md §11–12) and returns its id. `version`
 * is the next number of the site.
 */
export async function insertShareRuleVersion(
  db: Db,
  siteId: number,
  rule: CheckedShareRule,
  fields: { status: 1 | 2 | 3 | 4 | 5; effectiveDate: string; submitUserId: number; now: number },
): Promise<number> {
  const version =
    (await scalar(db, 'select coalesce(max(version), 0) from site_share_rule_version where site_id = $1', [siteId])) +
    1;
  const inserted = await one<{ id: number }>(
    db,
    `insert into site_share_rule_version (site_id, version, status, effective_date, share_mode, electric_bearer,
       electric_price, channel_fee_bearer, platform_fee_bearer, submit_user_id, submit_time, create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $11) returning id`,
    [
      siteId,
      version,
      fields.status,
      fields.effectiveDate,
      rule.shareMode,
      rule.electricBearer,
      rule.electricPrice,
      rule.channelFeeBearer,
      rule.platformFeeBearer,
      fields.submitUserId,
      fields.now,
    ],
  );
  const versionId = Number(inserted?.id);
  for (const p of rule.parties) {
    await db.query(
      `insert into site_share_party (version_id, user_id, party_type, charge_rate, card_rate, coin_rate, remark,
         create_time, update_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [versionId, p.userId, p.partyType, p.chargeRate, p.cardRate, p.coinRate, p.remark, fields.now],
    );
  }
  return versionId;
}

/**
 * The ChargeRuleGroup of an operator's rule (entities.md §10): the group with the same hash of the canonical rule
 * JSON, created (named by the rule's summary) when the operator has none yet. Returns its id.
 */
export async function chargeRuleGroupId(db: Db, operatorId: number, rule: ChargeRule, now: number): Promise<number> {
  const hash = ruleHash(rule);
  const found = await one<{ id: number }>(
    db,
    'select id from charge_rule_group where operator_id = $1 and rule_hash = $2',
    [operatorId, hash],
  );
  if (found) return Number(found.id);
  const created = await one<{ id: number }>(
    db,
    `insert into charge_rule_group (operator_id, rule_hash, name, create_time, update_time)
     values ($1, $2, $3, $4, $4) returning id`,
    [operatorId, hash, ruleSummary(rule), now],
  );
  return Number(created?.id);
}

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

/** The caller may create and change sites and communities: the owner or a sub-account with site:edit (R1.3). */
function requireSiteEditor(caller: Caller): void {
  requirePermission(caller, 'site:edit');
  if (![1, 2, 4].includes(caller.account.accountType)) throw new BizError(FORBIDDEN, '无操作权限');
}

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

/** The caller's property merchants: accountType 3 accounts managed by the caller's main account (not 注销). */
async function ownedProperty(db: Db, ownerId: number, merchantId: number): Promise<boolean> {
  const count = await scalar(
    db,
    'select count(*) from account where id = $1 and account_type = 3 and parent_id = $2 and status <> 3',
    [merchantId, ownerId],
  );
  return count > 0;
}

export function siteRoutes(db: PGlite, now: () => number) {
  const app = new Hono<SandboxEnv>();
  const auth = requireLogin(db, now);

  // POST /api/r9/site/siteList — paged, filtered and sorted sites with live counts and today's figures.
  app.post('/api/r9/site/siteList', auth, async (c) => {
    const caller = c.get('caller');
    requirePermission(caller, 'site:view');
    const q = await input(c, siteListSchema);
    const visible = await visibleSites(db, caller);
    const editable = new Map(visible.map((v) => [v.id, v.editable]));
    const today = startOfDayAt(now());
    const conditions = ['s.id = any($1::bigint[])', 's.deleted = 0'];
    const params: unknown[] = [visible.map((v) => v.id)];
    if (q.keyword) {
      params.push(likePattern(q.keyword));
      conditions.push(`(s.name ilike $${params.length} or s.address ilike $${params.length})`);
    }
    if (q.communityId) {
      params.push(q.communityId);
      conditions.push(`s.community_id = $${params.length}`);
    }
    const order =
      q.sort === 2
        ? 's.create_time desc, s.id desc'
        : q.sort === 3
          ? 'box_offline_count desc, s.id'
          : 'today_income desc, s.id';
    const where = conditions.join(' and ');
    const total = await scalar(db, `select count(*) from site s where ${where}`, params);
    params.push(today, today + DAY_MS, q.pageSize, (q.pageNum - 1) * q.pageSize);
    const [from, to, limit, offset] = [params.length - 3, params.length - 2, params.length - 1, params.length];
    const list = await rows<SiteRow & { operatorId: number }>(
      db,
      `select s.id, s.operator_id, s.name, s.province, s.city, s.area, s.address, s.community_id, cm.name as community_name,
              s.merchant_id, m.short_name as merchant_name, s.audit_status, s.create_time,
              coalesce(b.box_count, 0) as box_count, coalesce(b.box_online_count, 0) as box_online_count,
              coalesce(b.box_offline_count, 0) as box_offline_count, coalesce(k.socket_count, 0) as socket_count,
              coalesce(k.charging_socket_count, 0) as charging_socket_count,
              coalesce(sm.smoke_alarm_count, 0) as smoke_alarm_count,
              coalesce(o.today_order_count, 0) as today_order_count,
              (coalesce(o.gross, 0) - rf.refund + cr.net)::bigint as today_income
       from site s
       left join community cm on cm.id = s.community_id
       left join account m on m.id = s.merchant_id
       left join lateral (select count(*)::int as box_count,
                                 count(*) filter (where status in (1, 3))::int as box_online_count,
                                 count(*) filter (where status = 2)::int as box_offline_count
                          from device where site_id = s.id and device_type between 1 and 3) b on true
       left join lateral (select count(*)::int as socket_count,
                                 count(*) filter (where d.status <> 2 and c.status in (1, 2))::int as charging_socket_count
                          from charger c join device d on d.id = c.device_id
                          where d.site_id = s.id and d.device_type between 1 and 3) k on true
       left join lateral (select count(*)::int as smoke_alarm_count from device
                          where site_id = s.id and device_type = 7 and smoke_status = 1) sm on true
       left join lateral (select count(*) filter (where pay_type between 1 and 6 and status <> 5)::int as today_order_count,
                                 coalesce(sum(amount) filter (where pay_type in (1, 2) and settle_status in (0, 1, 3)), 0)
                                 + coalesce(sum(amount) filter (where pay_type = 6 and status <> 5 and settle_status in (0, 1, 3)), 0)
                                   as gross
                          from charge_order where site_id = s.id and pay_time >= $${from} and pay_time < $${to}) o on true
       left join lateral (select coalesce(sum(r.refund_amount), 0) as refund from order_refund r
                          join charge_order co on co.id = r.order_id
                          where co.site_id = s.id and co.pay_type in (1, 2) and co.settle_status in (0, 1, 3)
                            and r.status = 2 and r.finish_time >= $${from} and r.finish_time < $${to}) rf on true
       left join lateral (select coalesce(sum(pay_amount) filter (where create_time >= $${from} and create_time < $${to}), 0)
                                 - coalesce(sum(refund_amount) filter (where refund_time >= $${from} and refund_time < $${to}), 0)
                                   as net
                          from card_recharge where site_id = s.id and channel = 1 and settle_status in (0, 1, 3)) cr on true
       where ${where}
       order by ${order}
       limit $${limit} offset $${offset}`,
      params,
    );
    // todayIncome is the site's 营业额 of today (R3.2: charge + coin + card recharges sold there − refunds; area-card
    // recharges belong to no single site and are in no row) for the owner; a party (property, agent, partner,
    // superior) sees only its own share of today on a site it does not own (R1.3).
    const out: SiteRow[] = [];
    for (const { operatorId, ...row } of list) {
      const owned = Number(operatorId) === caller.ownerId;
      const todayIncome = owned
        ? Number(row.todayIncome)
        : await scalar(
            db,
            `select coalesce(sum(amount), 0) from order_split where account_id = $1 and site_id = $2
             and role in (1, 2, 5) and create_time >= $3 and create_time < $4`,
            [caller.ownerId, row.id, today, today + DAY_MS],
          );
      out.push({ ...row, todayIncome, editable: editable.get(Number(row.id)) ?? false });
    }
    const data: SiteListPage = {
      list: out,
      total,
      canAdd: caller.account.permissions.includes('site:edit') && [1, 2, 4].includes(caller.account.accountType),
    };
    return ok(c, data);
  });

  // GET /api/site/siteBaseInfo — one site with its rules, device counts and today's figures.
  app.get('/api/site/siteBaseInfo', auth, async (c) => {
    const { siteId } = await input(
      c,
      z.object({ siteId: z.coerce.number({ error: '缺少站点 siteId' }).int().positive() }),
    );
    return ok(c, await siteDetail(db, c.get('caller'), siteId, now()));
  });

  // GET /api/r9/site/nameList — the caller's site names for suggestions.
  app.get('/api/r9/site/nameList', auth, async (c) => {
    const caller = c.get('caller');
    const q = await input(c, z.object({ keyword: z.string().trim().max(30, '搜索关键词最多30个字').optional() }));
    const visible = await visibleSites(db, caller);
    const params: unknown[] = [visible.map((v) => v.id)];
    let filter = '';
    if (q.keyword) {
      params.push(likePattern(q.keyword));
      filter = `and name ilike $2`;
    }
    return ok(
      c,
      await rows(
        db,
        `select id, name from site where id = any($1::bigint[]) and deleted = 0 ${filter} order by id limit 50`,
        params,
      ),
    );
  });

  // GET /api/box/getDeviceStatusStatistics — counts of one site or of all the caller's sites.
  app.get('/api/box/getDeviceStatusStatistics', auth, async (c) => {
    const caller = c.get('caller');
    const q = await input(c, z.object({ siteId: z.coerce.number().int().positive().optional() }));
    const visible = (await visibleSites(db, caller)).map((v) => v.id);
    if (q.siteId !== undefined && !visible.includes(q.siteId)) throw new BizError(INVALID, '站点不存在或无权查看');
    const ids = q.siteId !== undefined ? [q.siteId] : await scopeSiteIds(db, caller);
    return ok(c, await deviceStatusStatistics(db, ids, q.siteId === undefined, now()));
  });

  // GET /api/openPlatform/getUndealSiteApplyCount — pending site applications of the caller's operator.
  app.get('/api/openPlatform/getUndealSiteApplyCount', auth, async (c) => {
    const { ownerId } = c.get('caller');
    const count = await scalar(
      db,
      'select count(*) from site_apply where merchant_id = $1 and status = 0 and expire_time > $2',
      [ownerId, now()],
    );
    return ok(c, { count });
  });

  // GET /api/community/simpleList — [{ id, name }] of the caller's operator.
  app.get('/api/community/simpleList', auth, async (c) => {
    const { ownerId } = c.get('caller');
    return ok(c, await rows(db, 'select id, name from community where operator_id = $1 order by id', [ownerId]));
  });

  // GET /api/community/communityCount — communities, their sites and households.
  app.get('/api/community/communityCount', auth, async (c) => {
    const { ownerId } = c.get('caller');
    const row = await one<{ communityCount: number; siteCount: number; householdCount: number }>(
      db,
      `select count(*)::int as community_count,
              (select count(*)::int from site s where s.community_id in (select id from community where operator_id = $1)
                 and s.deleted = 0) as site_count,
              coalesce(sum(household_count), 0)::int as household_count
       from community where operator_id = $1`,
      [ownerId],
    );
    return ok(c, row ?? { communityCount: 0, siteCount: 0, householdCount: 0 });
  });

  // POST /api/community/list — paged communities with their site counts.
  app.post('/api/community/list', auth, async (c) => {
    const { ownerId } = c.get('caller');
    const q = await input(c, pageSchema);
    const params: unknown[] = [ownerId];
    let filter = '';
    if (q.keyword) {
      params.push(likePattern(q.keyword));
      filter = `and cm.name ilike $${params.length}`;
    }
    const total = await scalar(db, `select count(*) from community cm where cm.operator_id = $1 ${filter}`, params);
    params.push(q.pageSize, (q.pageNum - 1) * q.pageSize);
    const list = await rows<CommunityRow>(
      db,
      `select cm.id, cm.name, cm.province, cm.city, cm.area, cm.address, cm.household_count, cm.property_name,
              cm.create_time, (select count(*)::int from site s where s.community_id = cm.id and s.deleted = 0) as site_count
       from community cm where cm.operator_id = $1 ${filter}
       order by cm.id desc limit $${params.length - 1} offset $${params.length}`,
      params,
    );
    return ok(c, { list, total });
  });

  // GET /api/community/info — one community with its counts.
  app.get('/api/community/info', auth, async (c) => {
    const { ownerId } = c.get('caller');
    const { id } = await input(c, z.object({ id: z.coerce.number({ error: '缺少小区 id' }).int().positive() }));
    const row = await one(
      db,
      `select cm.id, cm.name, cm.province, cm.city, cm.area, cm.address, cm.household_count, cm.property_name,
              cm.remark, cm.create_time,
              (select count(*)::int from site s where s.community_id = cm.id and s.deleted = 0) as site_count,
              (select count(*)::int from community_white w where w.community_id = cm.id) as white_count
       from community cm where cm.id = $1 and cm.operator_id = $2`,
      [id, ownerId],
    );
    if (!row) throw new BizError(INVALID, '小区不存在');
    return ok(c, row);
  });

  // GET /api/site/simpleCommunitySiteList — the sites of a community with their device counts.
  app.get('/api/site/simpleCommunitySiteList', auth, async (c) => {
    const { ownerId } = c.get('caller');
    const { communityId } = await input(
      c,
      z.object({ communityId: z.coerce.number({ error: '缺少小区 communityId' }).int().positive() }),
    );
    const owned = await scalar(db, 'select count(*) from community where id = $1 and operator_id = $2', [
      communityId,
      ownerId,
    ]);
    if (!owned) throw new BizError(INVALID, '小区不存在');
    return ok(
      c,
      await rows(
        db,
        `select s.id, s.name,
                (select count(*)::int from device d where d.site_id = s.id and d.device_type between 1 and 3) as box_count,
                (select count(*)::int from charger c join device d on d.id = c.device_id where d.site_id = s.id) as socket_count
         from site s where s.community_id = $1 and s.deleted = 0 order by s.id`,
        [communityId],
      ),
    );
  });

  // POST /api/community/add — a community of the caller's operator (name unique per operator, Business rules A1).
  app.post('/api/community/add', auth, async (c) => {
    const caller = c.get('caller');
    requireSiteEditor(caller);
    const body = await input(c, communitySchema);
    const at = now();
    const id = await db.transaction(async (tx) => {
      const taken = await scalar(
        tx,
        'select count(*) from community where operator_id = $1 and lower(btrim(name)) = lower($2)',
        [caller.ownerId, body.name],
      );
      if (taken) throw new BizError(INVALID, COMMUNITY_NAME_TAKEN);
      const row = await one<{ id: number }>(
        tx,
        `insert into community (operator_id, name, province, city, area, address, household_count, property_name,
           remark, create_time, update_time)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning id`,
        [
          caller.ownerId,
          body.name,
          body.province,
          body.city,
          body.area,
          body.address,
          body.householdCount,
          body.propertyName,
          body.remark,
          at,
        ],
      );
      return Number(row?.id);
    });
    return ok(c, { id });
  });

  // POST /api/community/modify — changes a community of the caller's operator (whole form).
  app.post('/api/community/modify', auth, async (c) => {
    const caller = c.get('caller');
    requireSiteEditor(caller);
    const body = await input(
      c,
      communitySchema.extend({ id: z.number({ error: '缺少小区 id' }).int().positive('缺少小区 id') }),
    );
    await db.transaction(async (tx) => {
      const owned = await scalar(tx, 'select count(*) from community where id = $1 and operator_id = $2', [
        body.id,
        caller.ownerId,
      ]);
      if (!owned) throw new BizError(INVALID, '小区不存在');
      const taken = await scalar(
        tx,
        `select count(*) from community where operator_id = $1 and lower(btrim(name)) = lower($2) and id <> $3`,
        [caller.ownerId, body.name, body.id],
      );
      if (taken) throw new BizError(INVALID, COMMUNITY_NAME_TAKEN);
      await tx.query(
        `update community set name = $2, province = $3, city = $4, area = $5, address = $6, household_count = $7,
           property_name = $8, remark = $9, update_time = $10
         where id = $1`,
        [
          body.id,
          body.name,
          body.province,
          body.city,
          body.area,
          body.address,
          body.householdCount,
          body.propertyName,
          body.remark,
          now(),
        ],
      );
    });
    return ok(c, null);
  });

  // POST /api/r9/site/addSite — a new site of the caller's operator (B §1 /site/add; Business rules A1, A2, A5, B3).
  app.post('/api/r9/site/addSite', auth, async (c) => {
    const caller = c.get('caller');
    requireSiteEditor(caller);
    const body = await input(c, addSiteSchema);
    const longitude = roundCoordinate(body.longitude);
    const latitude = roundCoordinate(body.latitude);
    const area = locationFailure(longitude, latitude, { name: body.province });
    if (area) throw new BizError(INVALID, area);
    const owner = await accountById(db, caller.ownerId);
    if (!owner) throw new BizError(INVALID, '账号不存在');
    const merchantId = body.merchantId ?? null;
    if (merchantId !== null && !(await ownedProperty(db, caller.ownerId, merchantId))) {
      throw new BizError(INVALID, '物业不存在');
    }
    const at = now();
    const id = await db.transaction(async (tx) => {
      if (await siteNameTaken(tx, caller.ownerId, body.name)) throw new BizError(INVALID, SITE_NAME_TAKEN);
      const rule = await checkShareRule(tx, owner, merchantId, body.siteShareRule);
      const groupId = await chargeRuleGroupId(tx, caller.ownerId, DEFAULT_RULE, at);
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
          JSON.stringify(DEFAULT_RULE),
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
    return ok(c, { id });
  });

  // GET /api/user/merchantListByOperator — the caller's property merchants (K14: GET, rows keyed merchantId).
  app.get('/api/user/merchantListByOperator', auth, async (c) => {
    const caller = c.get('caller');
    if (!caller.account.permissions.includes('tenement') && !caller.account.permissions.includes('site:edit')) {
      throw new BizError(FORBIDDEN, '无操作权限');
    }
    const q = await input(
      c,
      z.object({
        pageNum: z.coerce.number({ error: 'pageNum 须为正整数' }).int().min(1, 'pageNum 须为正整数'),
        pageSize: z.coerce.number({ error: 'pageSize 须为正整数' }).int().min(1).max(100, 'pageSize 最大为100'),
        keyword: z.string().trim().max(30, '搜索关键词最多30个字').optional(),
      }),
    );
    const today = startOfDayAt(now());
    const monthStart = startOfDay(firstDayOfMonth(dayOf(now())));
    const params: unknown[] = [caller.ownerId];
    let filter = '';
    if (q.keyword) {
      params.push(likePattern(q.keyword));
      filter = `and (a.name ilike $2 or a.short_name ilike $2 or a.phone ilike $2 or a.contact_phone ilike $2)`;
    }
    const where = `a.account_type = 3 and a.parent_id = $1 and a.status <> 3 ${filter}`;
    const total = await scalar(db, `select count(*) from account a where ${where}`, params);
    // This month's share of each property at the caller's sites (roles 1 物业分润, 2 其他分润, 5 电费结算).
    const monthShare = `(select coalesce(sum(os.amount), 0) from order_split os join site s on s.id = os.site_id
        where os.account_id = a.id and s.operator_id = $1 and os.role in (1, 2, 5)
          and os.create_time >= ${monthStart} and os.create_time < ${today + DAY_MS})`;
    const sum = await scalar(
      db,
      `select coalesce(sum(${monthShare}), 0) from account a where a.account_type = 3 and a.parent_id = $1 and a.status <> 3`,
      [caller.ownerId],
    );
    params.push(q.pageSize, (q.pageNum - 1) * q.pageSize);
    const list = await rows<PropertyRow>(
      db,
      `select a.id as merchant_id, a.name, coalesce(nullif(a.short_name, ''), a.name) as short_name, a.contacts,
              coalesce(a.phone, nullif(a.contact_phone, ''), '') as phone, a.logo,
              (select count(*)::int from site s where s.merchant_id = a.id and s.operator_id = $1 and s.deleted = 0)
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
    return ok(c, data);
  });

  return app;
}
