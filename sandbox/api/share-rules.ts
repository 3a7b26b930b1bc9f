import { z } from 'zod';
import type { ChargeRule, ShareParty, SiteShareRule } from '../../src/api/site';
import type { ShareRuleVersion } from '../../src/api/site-settings';
import {
  DEFAULT_SHARE_RULE,
  FULL_BP,
  SHARE_MESSAGES,
  needsReview,
  partiesError,
  sameShareTerms,
  storedCostError,
} from '../../src/api/site-settings-rules';
import { ruleHash, ruleSummary } from '../db/seed/util';
import { BizError, INVALID } from '../http/envelope';
import { exec, one, rows, scalar, type Db } from '../lib/db';
import { addDays, dayOf } from '../lib/time';

/**
 * The server side of a site's share rule and charge-rule group, one module for addSite (sandbox/api/site.ts) and
 * modifySite (sandbox/api/site-settings.ts): the request schema of a SiteShareRule (B-site.md §0.2), its checks against
 * the accounts (Business rules B.1, B.2, B.7; entities.md R8), the versions and their life (B.3–B.6: version 1 in force
 * on the creation day, later changes effective tomorrow, review, the lazy 00:00 activation of R10.1), and the
 * ChargeRuleGroup of a rule (C.3; entities.md §10). Messages are the app's (src/api/site-settings-rules.ts
 * SHARE_MESSAGES), so that the screens and the server say the same thing. Rates bp (0–10000), electricity price fen per
 * kWh, days 'YYYY-MM-DD' Asia/Shanghai, instants epoch ms.
 */

/** The site's property named as another party type (server-only: the app adds the property only as 物业). */
export const PROPERTY_ONLY_AS_PROPERTY = '该账号是站点物业，请以物业类型添加';
/** An account that is 已停用 cannot take part in a share rule (server-only). */
export const ACCOUNT_DISABLED = '该账号已停用，不能参与分成';
/** A change that states the same terms as the working copy (server-only). */
export const SHARE_RULE_UNCHANGED = '分成规则没有变化';

const rate = z
  .number({ error: SHARE_MESSAGES.rateRange })
  .int(SHARE_MESSAGES.rateRange)
  .min(0, SHARE_MESSAGES.rateRange)
  .max(FULL_BP, SHARE_MESSAGES.rateRange);

/** A share party as a request carries it; name and phone are the server's (read from the account) and ignored. */
const sharePartySchema = z.object({
  userId: z.number({ error: '分成方账号不合法' }).int('分成方账号不合法').positive('分成方账号不合法'),
  partyType: z.union([z.literal(2), z.literal(3), z.literal(4), z.literal(5)], { error: '分成方类型不合法' }),
  chargeRate: rate,
  cardRate: rate,
  coinRate: rate,
  remark: z
    .string({ error: '备注最多20个字' })
    .trim()
    .max(20, '备注最多20个字')
    .nullish()
    .transform((v) => v ?? ''),
});

/**
 * The SiteShareRule of an addSite or modifySite request (B §0.2); effectiveDate is server-set and ignored. The party
 * count is checked with the 上级 row included (checkShareRule); the array bound here only stops absurd requests.
 */
export const shareRuleSchema = z.object(
  {
    shareMode: z.union([z.literal(1), z.literal(2)], { error: '分成方式不合法' }),
    electricBearer: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '电费承担方式不合法' }),
    electricPrice: z.number({ error: SHARE_MESSAGES.electricPrice }).int(SHARE_MESSAGES.electricPrice),
    channelFeeBearer: z.union([z.literal(1), z.literal(3)], { error: '支付手续费承担方式不合法' }),
    platformFeeBearer: z.union([z.literal(1), z.literal(3)], { error: '平台服务费承担方式不合法' }),
    parties: z.array(sharePartySchema, { error: '缺少分成方 parties' }).max(10, SHARE_MESSAGES.tooMany),
  },
  { error: '缺少分成规则 siteShareRule' },
);

/** A share rule as requested (validated shape, not yet checked against the accounts). */
export type ShareRuleInput = z.infer<typeof shareRuleSchema>;

/** What the checks need to know about the site: its owner (operator or agent) and its linked property (or null). */
export interface ShareRuleSite {
  operatorId: number;
  merchantId: number | null;
}

interface PartyAccount {
  accountType: number;
  status: number;
  name: string;
  shortName: string;
  phone: string | null;
}

function partyAccount(db: Db, userId: number): Promise<PartyAccount | null> {
  return one<PartyAccount>(
    db,
    `select account_type, status, name, short_name, coalesce(phone, nullif(contact_phone, '')) as phone
     from account where id = $1`,
    [userId],
  );
}

/**
 * Checks a requested share rule for `site` (Business rules B.1, B.2, B.7) and returns the rule to store, parties named
 * from their accounts. Throws BizError(1) with the first broken rule, in this order:
 * - costs (B.7): without a property electricity is the operator's at price 0 ("请先选择物业"); with one the price is
 *   0–200 fen/kWh (0 until the operator states one, e.g. right after a property is linked); it is stored as 0 when the
 *   property bears its own power (电费由物业自行承担: the price is not used);
 * - each party: never the owner; an existing account (已注销 = none) that may take part (not a 子账号/施工人员, not
 *   已停用); 代理商 only an agent account; 物业 only the site's property, which takes part only as 物业;
 * - the 上级 row (partyType 5) is the server's: on a site owned by an agent with a superior it is always there, at the
 *   agent's superiorShareRate (a row sent back for the superior is replaced by it, so the agent can neither edit nor
 *   delete it); a 上级 row for any other account is refused ("上级分成不可修改或删除");
 * - the whole (partiesError): rates 0–10000, at most 5 parties with the 上级 row, userIds unique, one property party,
 *   equal rates in shareMode 2, each income type's sum ≤ 10000 (the operator keeps the rest).
 */
export async function checkShareRule(db: Db, site: ShareRuleSite, rule: ShareRuleInput): Promise<SiteShareRule> {
  const fail = (message: string): never => {
    throw new BizError(INVALID, message);
  };
  const costs = storedCostError(rule, site.merchantId !== null);
  if (costs) fail(costs);
  const owner = await one<{ accountType: number; parentId: number | null; superiorShareRate: number | null }>(
    db,
    'select account_type, parent_id, superior_share_rate from account where id = $1',
    [site.operatorId],
  );
  const superiorId = owner?.accountType === 2 && owner.parentId !== null ? Number(owner.parentId) : null;
  const parties: ShareParty[] = [];
  for (const p of rule.parties) {
    if (p.partyType === 5) {
      if (p.userId !== superiorId) fail(SHARE_MESSAGES.superiorFixed);
      continue;
    }
    if (p.userId === site.operatorId) fail(SHARE_MESSAGES.self);
    const account = await partyAccount(db, p.userId);
    if (!account || account.status === 3) return fail(SHARE_MESSAGES.notRegistered);
    if (account.accountType === 4 || account.accountType === 5) fail(SHARE_MESSAGES.wrongType);
    if (account.status === 2) fail(ACCOUNT_DISABLED);
    if (p.partyType === 3 && account.accountType !== 2) fail(SHARE_MESSAGES.notAgent);
    if (p.partyType === 2 && p.userId !== site.merchantId) fail(SHARE_MESSAGES.property);
    if (p.partyType !== 2 && p.userId === site.merchantId) fail(PROPERTY_ONLY_AS_PROPERTY);
    parties.push({ ...p, name: account.shortName || account.name, phone: account.phone ?? '' });
  }
  if (superiorId !== null) {
    const bp = Number(owner?.superiorShareRate ?? 0);
    const account = await partyAccount(db, superiorId);
    parties.push({
      userId: superiorId,
      partyType: 5,
      name: account ? account.shortName || account.name : '',
      phone: account?.phone ?? '',
      chargeRate: bp,
      cardRate: bp,
      coinRate: bp,
      remark: '上级分润',
    });
  }
  const error = partiesError(rule.shareMode, parties);
  if (error) fail(error);
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
 * The share rule after the site's property changes (B §4 merchant, Business rules B.4, B.7), as modifySite `{ merchantId }`
 * derives it from the working copy: the new property's party (partyType 2) takes over the old property party's rates and
 * remark (rates 0 when there was none) and comes first; the new property keeps no other row (a property takes part only
 * as 物业). `null` (不关联物业) removes the property party and puts electricity back on the operator at price 0. The app's
 * site draft applies the same rule (SiteDraftStore.setProperty).
 */
export function withProperty(rule: SiteShareRule, merchantId: number | null): ShareRuleInput {
  const old = rule.parties.find((p) => p.partyType === 2);
  const others = rule.parties.filter((p) => p.partyType !== 2 && p.userId !== merchantId);
  if (merchantId === null) return { ...rule, electricBearer: 1, electricPrice: 0, parties: others };
  const party = {
    userId: merchantId,
    partyType: 2 as const,
    chargeRate: old?.chargeRate ?? 0,
    cardRate: old?.cardRate ?? 0,
    coinRate: old?.coinRate ?? 0,
    remark: old?.remark ?? '',
  };
  return { ...rule, parties: [party, ...others] };
}

// ---------------------------------------------------------------------------------------------------------------
// Versions (SiteShareRuleVersion + SiteShareParty; entities.md §11–12)

/** A stored version as querySiteShareRuleList answers it, with its row id. */
export interface StoredShareRuleVersion extends ShareRuleVersion {
  id: number;
}

/** Every share-rule version of a site, newest first, each with its rule (parties named from their accounts). */
export async function shareRuleVersions(db: Db, siteId: number): Promise<StoredShareRuleVersion[]> {
  const versions = await rows<Omit<StoredShareRuleVersion, 'rule'> & Omit<SiteShareRule, 'parties'>>(
    db,
    `select id, version, status, effective_date, share_mode, electric_bearer, electric_price, channel_fee_bearer,
            platform_fee_bearer, submit_time, reject_reason
     from site_share_rule_version where site_id = $1 order by version desc`,
    [siteId],
  );
  const parties = await rows<ShareParty & { versionId: number }>(
    db,
    `select p.version_id, p.user_id, p.party_type, coalesce(nullif(a.short_name, ''), a.name) as name,
            coalesce(a.phone, nullif(a.contact_phone, ''), '') as phone, p.charge_rate, p.card_rate, p.coin_rate,
            coalesce(p.remark, '') as remark
     from site_share_party p join account a on a.id = p.user_id
     where p.version_id = any($1::bigint[]) order by p.party_type, p.id`,
    [versions.map((v) => v.id)],
  );
  return versions.map((v) => ({
    id: Number(v.id),
    version: v.version,
    status: v.status,
    effectiveDate: v.effectiveDate,
    submitTime: Number(v.submitTime),
    rejectReason: v.rejectReason,
    rule: {
      shareMode: v.shareMode,
      electricBearer: v.electricBearer,
      electricPrice: v.electricPrice,
      channelFeeBearer: v.channelFeeBearer,
      platformFeeBearer: v.platformFeeBearer,
      parties: parties
        .filter((p) => Number(p.versionId) === Number(v.id))
        .map(({ versionId: _v, ...p }) => ({ ...p, userId: Number(p.userId) })),
      effectiveDate: v.effectiveDate,
    },
  }));
}

/**
 * The rule in force and the pending change of a site (SiteDetail.shareRule / pendingShareRule, B §2): the 生效中
 * version (DEFAULT_SHARE_RULE if none), and the newest 待生效 / 审核中 / 已驳回 version with its status and reason.
 * Run activateDueVersions first so that a version whose day has come is the one in force.
 */
export function shareRulesOf(versions: readonly StoredShareRuleVersion[]): {
  inForce: SiteShareRule;
  pending: (SiteShareRule & { status: 2 | 3 | 4; rejectReason: string | null }) | null;
} {
  const inForce = versions.find((v) => v.status === 1);
  const pending = versions.find((v) => v.status === 2 || v.status === 3 || v.status === 4);
  return {
    inForce: inForce ? inForce.rule : { ...DEFAULT_SHARE_RULE, parties: [] },
    pending: pending
      ? { ...pending.rule, status: pending.status as 2 | 3 | 4, rejectReason: pending.rejectReason }
      : null,
  };
}

/**
 * Stores a version of a site with its parties and returns its id; its number is the site's next one. `status` 1 生效中
 * … 5 已失效 (SiteShareRuleVersion.status); `effectiveDate` 'YYYY-MM-DD'; `now` epoch ms (submit and create time).
 */
export async function insertShareRuleVersion(
  db: Db,
  siteId: number,
  rule: SiteShareRule,
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
    await exec(
      db,
      `insert into site_share_party (version_id, user_id, party_type, charge_rate, card_rate, coin_rate, remark,
         create_time, update_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [versionId, p.userId, p.partyType, p.chargeRate, p.cardRate, p.coinRate, p.remark || null, fields.now],
    );
  }
  return versionId;
}

/**
 * A later change of a site's share rule (B.4–B.5), `rule` already checked: a new version effective tomorrow, 待生效, or
 * 审核中 when it lowers the property's terms against the version in force (needsReview); it replaces (已失效) a 待生效
 * or 已驳回 version. Refused while a version is 审核中 ("分成变更审核中，暂不可修改") and when it states the terms of the
 * working copy again (unless a rejected version is being replaced). Mirrors the review state on the site.
 */
export async function submitShareRuleChange(
  db: Db,
  siteId: number,
  rule: SiteShareRule,
  submitUserId: number,
  now: number,
): Promise<{ shareRuleStatus: 2 | 3; effectiveDate: string }> {
  const versions = await shareRuleVersions(db, siteId);
  if (versions.some((v) => v.status === 3)) throw new BizError(INVALID, SHARE_MESSAGES.inReview);
  const inForce = versions.find((v) => v.status === 1);
  const working = versions.find((v) => v.status === 1 || v.status === 2);
  if (working && sameShareTerms(working.rule, rule) && !versions.some((v) => v.status === 4)) {
    throw new BizError(INVALID, SHARE_RULE_UNCHANGED);
  }
  const status: 2 | 3 = inForce && needsReview(inForce.rule, rule) ? 3 : 2;
  const effectiveDate = addDays(dayOf(now), 1);
  await exec(
    db,
    'update site_share_rule_version set status = 5, update_time = $2 where site_id = $1 and status in (2, 4)',
    [siteId, now],
  );
  await insertShareRuleVersion(db, siteId, rule, { status, effectiveDate, submitUserId, now });
  await syncAuditStatus(db, siteId, now);
  return { shareRuleStatus: status, effectiveDate };
}

/** Mirrors the newest version on the site (B.5): site.audit_status 1 审核中, 2 已驳回, otherwise 0. */
export async function syncAuditStatus(db: Db, siteId: number, now: number): Promise<void> {
  const newest = await scalar(
    db,
    'select status from site_share_rule_version where site_id = $1 order by version desc limit 1',
    [siteId],
  );
  const audit = newest === 3 ? 1 : newest === 4 ? 2 : 0;
  await exec(db, 'update site set audit_status = $2, update_time = $3 where id = $1 and audit_status <> $2', [
    siteId,
    audit,
    now,
  ]);
}

/**
 * The 00:00 job of B.6 / R10.1, run lazily before a site's versions are read or written: per site, the newest 待生效
 * version whose effectiveDate has come becomes 生效中; the version in force before it and any older due 待生效 version
 * become 已失效. One site (`siteId`) or every site when omitted.
 */
export async function activateDueVersions(db: Db, now: number, siteId?: number): Promise<void> {
  const due = await rows<{ id: number; siteId: number }>(
    db,
    `select id, site_id from site_share_rule_version
     where status = 2 and effective_date <= $1 and ($2::bigint is null or site_id = $2) order by site_id, version desc`,
    [dayOf(now), siteId ?? null],
  );
  const bySite = new Map<number, number[]>();
  for (const d of due) bySite.set(Number(d.siteId), [...(bySite.get(Number(d.siteId)) ?? []), Number(d.id)]);
  for (const [site, [newest, ...older]] of bySite) {
    await exec(
      db,
      `update site_share_rule_version set status = 5, update_time = $3
       where site_id = $1 and (status = 1 or id = any($2::bigint[]))`,
      [site, older, now],
    );
    await exec(db, 'update site_share_rule_version set status = 1, update_time = $2 where id = $1', [newest, now]);
    await syncAuditStatus(db, site, now);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Charge-rule groups (ChargeRuleGroup; entities.md §10)

/**
 * The ChargeRuleGroup of an operator's rule (Business rules C.3): the group with the same hash of the canonical rule JSON, created
 * when the operator has none yet, named by the rule's summary (at most 30 characters, e.g. "按功率计时 ¥0.25-0.80/小时").
 * Returns its id. Pass the rule as stored (normalizeChargeRule) so that equal rules share a group.
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
    [operatorId, hash, ruleSummary(rule).slice(0, 30), now],
  );
  return Number(created?.id);
}
