import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { ChargeRule } from '../../src/api/site';
import type {
  AuditSiteInfo,
  CommercialByPhone,
  ContractDetail,
  ModifySiteResult,
  OperationMode,
  ShareRuleVersion,
} from '../../src/api/site-settings';
import {
  DEFAULT_SHARE_RULE,
  SHARE_MESSAGES,
  SITE_NAME_TAKEN,
  chargeRuleError,
  normalizeChargeRule,
  siteFieldError,
  type SiteTextField,
} from '../../src/api/site-settings-rules';
import { phoneRule } from '../../src/api/rules';
import { locationFailure, roundCoordinate } from '../../src/lib/coords';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID, input, ok } from '../http/envelope';
import type { Caller } from '../http/session';
import { touches } from '../http/touch';
import { exec, one, rows, scalar, type Db } from '../lib/db';
import { addDays, dayOf } from '../lib/time';
import { ruleHash } from '../db/seed/util';
import {
  activateDueVersions,
  chargeRuleGroupId,
  checkShareRule,
  shareRuleSchema,
  shareRuleVersions,
  submitShareRuleChange,
  syncAuditStatus,
  withProperty,
  type ShareRuleInput,
} from './share-rules';
import { ownedProperty, siteNameTaken } from './site';

/**
 * Site profile and settings endpoints (B-site.md §4; Business rules §A.3, §B, §C; entities.md R8): modifySite (partial
 * update, share-rule versions, charge-rule groups), the share-rule version list, review state, the property's rates on
 * other sites, the phone lookup of a party, the charge capabilities of a site, same-rule sites, simple site list, cards
 * bound, contracts, delSite; plus the two reads of other sections the profile shows (querySiteInstalmentStatus of the
 * settlement section, getSiteApplies of /mine/siteAuthor) and a test control standing in for the platform's review.
 *
 * Only the owner (and sub-accounts with site:edit) may change a site: code 403 无操作权限 otherwise (declared with each
 * endpoint: sandbox/http/endpoint.ts checks it before the handler runs). Share changes
 * create a version effective tomorrow (待生效), or 审核中 when they lower the property's terms; while a version is 审核中
 * further changes are refused; site.audit_status mirrors the newest version. The 00:00 job (a 待生效 version whose day
 * has come becomes 生效中, the previous one 已失效) runs lazily before these endpoints read or write a site's versions.
 * The share-rule checks, versions and charge-rule groups are ./share-rules', the same that addSite uses.
 */

/** DeviceOperationLog.type 14 下发收费规则: the push of a site's chargeRule to a box (rule C1; after the spec's 1–13). */
export const RULE_PUSH_LOG_TYPE = 14;

/** What a box received of a rule push (DeviceOperationLog.params of type 14): the site, its rule group and the rule. */
export interface RulePushParams {
  siteId: number;
  chargeRuleGroupId: number;
  chargeRule: ChargeRule;
}

/** Writes one rule push to a box: a DeviceOperationLog row type 14, result 1 成功 (`operatorUserId` null = the platform). */
async function logRulePush(
  db: Db,
  device: { id: number; siteId: number },
  params: RulePushParams,
  operatorUserId: number | null,
  at: number,
): Promise<void> {
  await exec(
    db,
    `insert into device_operation_log (device_id, site_id, operator_user_id, type, params, result, create_time,
       update_time) values ($1, $2, $3, $4, $5, 1, $6, $6)`,
    [device.id, device.siteId, operatorUserId, RULE_PUSH_LOG_TYPE, JSON.stringify(params), at],
  );
}

/**
 * B-site.md rule C1 at a save of a changed chargeRule: each charging box (device_type 1–3) of the site that is online
 * (status not 2 离线) gets the site's rule now — one rule push (DeviceOperationLog type 14, params RulePushParams,
 * operator the account that saved) and its pending mark cleared — and each offline box is marked
 * (device.charge_rule_pending = 1) to get it when it reports again (deliverPendingRule). Running orders are untouched:
 * they keep their ruleSnapshot. Run it in the save's transaction, after the site's rule is written. Answers the ids
 * of the boxes pushed to and of those left pending.
 */
export async function pushChargeRule(
  db: Db,
  siteId: number,
  operatorUserId: number | null,
  now: number,
): Promise<{ pushed: number[]; pending: number[] }> {
  const site = await one<{ chargeRule: ChargeRule; chargeRuleGroupId: number }>(
    db,
    'select charge_rule, charge_rule_group_id from site where id = $1',
    [siteId],
  );
  if (!site) return { pushed: [], pending: [] };
  const params: RulePushParams = {
    siteId,
    chargeRuleGroupId: Number(site.chargeRuleGroupId),
    chargeRule: site.chargeRule,
  };
  const boxes = await rows<{ id: number; status: number }>(
    db,
    'select id, status from device where site_id = $1 and device_type between 1 and 3 order by id',
    [siteId],
  );
  const pushed: number[] = [];
  const pending: number[] = [];
  for (const box of boxes) {
    const id = Number(box.id);
    if (Number(box.status) === 2) {
      pending.push(id);
      await exec(db, 'update device set charge_rule_pending = 1, update_time = $2 where id = $1', [id, now]);
    } else {
      pushed.push(id);
      await logRulePush(db, { id, siteId }, params, operatorUserId, now);
      await exec(
        db,
        'update device set charge_rule_pending = 0, update_time = $2 where id = $1 and charge_rule_pending = 1',
        [id, now],
      );
    }
  }
  return { pushed, pending };
}

/**
 * B-site.md rule C1 on reconnect: each charging box marked pending (the site's rule saved while it was 离线) among the
 * device `deviceId` and its 组网从机 (they come back with their master, D6) that is online again gets its site's
 * current rule — one rule push (type 14, operator null: the platform) — and its mark cleared. Call it where an offline
 * box reports again (POST /__sandbox/device-heartbeat 'resume', POST /__sandbox/device-behaviour 'ok'); it does
 * nothing for boxes still offline, not pending or on no site. Answers the ids of the boxes it delivered to. `now`
 * epoch ms.
 */
export async function deliverPendingRule(db: Db, deviceId: number, now: number): Promise<number[]> {
  const boxes = await rows<{ id: number; siteId: number }>(
    db,
    `update device set charge_rule_pending = 0, update_time = $2
     where (id = $1 or master_device_id = $1) and charge_rule_pending = 1 and status <> 2 and site_id is not null
     returning id, site_id`,
    [deviceId, now],
  );
  const delivered: number[] = [];
  for (const box of boxes) {
    const siteId = Number(box.siteId);
    const site = await one<{ chargeRule: ChargeRule; chargeRuleGroupId: number }>(
      db,
      'select charge_rule, charge_rule_group_id from site where id = $1',
      [siteId],
    );
    if (!site) continue;
    const params = { siteId, chargeRuleGroupId: Number(site.chargeRuleGroupId), chargeRule: site.chargeRule };
    await logRulePush(db, { id: Number(box.id), siteId }, params, null, now);
    delivered.push(Number(box.id));
  }
  return delivered.sort((a, b) => a - b);
}

/** A site row as these endpoints use it. */
interface SiteRowLite {
  id: number;
  operatorId: number;
  name: string;
  merchantId: number | null;
  chargeRule: ChargeRule;
  chargeRuleGroupId: number;
  auditStatus: 0 | 1 | 2;
}

async function siteRow(db: Db, siteId: number): Promise<SiteRowLite> {
  const site = await one<SiteRowLite>(
    db,
    `select id, operator_id, name, merchant_id, charge_rule, charge_rule_group_id, audit_status
     from site where id = $1 and deleted = 0`,
    [siteId],
  );
  if (!site) throw new BizError(INVALID, '站点不存在或无权查看');
  return { ...site, id: Number(site.id), operatorId: Number(site.operatorId), merchantId: toId(site.merchantId) };
}

function toId(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

const whole = (message: string) => z.number({ error: message }).int(message);

const chargeRuleSchema = z.object({
  billingMode: z.union([z.literal(1), z.literal(2)], { error: '计费方式不合法' }),
  tiers: z
    .array(z.object({ maxPower: whole('功率档位上限需为递增的整数'), price: whole('单价需在0.01-10元/小时之间') }))
    .max(20, '档位数量需为1-6个'),
  energyPrice: whole('电费需在0.01-5.00元/度之间'),
  servicePrice: whole('服务费需在0-5.00元/度之间'),
  prepayOptions: z.array(whole('预付金额需在0.1-100元之间')).max(20, '预付金额需设置1-6个'),
  fullStop: z.union([z.literal(0), z.literal(1)], { error: '充满自停设置不合法' }),
  freeMinutes: whole('免费时长需为0-30分钟的整数'),
  maxMinutes: whole('单次最长时长需为1-24小时的整数'),
  coinMinutes: whole('投币时长需为0（关闭）或30-720分钟/元'),
});

const text = z.string({ error: '参数须为文本' });

/** modifySite request (B §4): `id` (the app's field; `siteId` is accepted as an alias) and the fields to change. */
const modifySchema = z.preprocess(
  (raw) =>
    raw && typeof raw === 'object' && !('id' in raw) && 'siteId' in raw
      ? { ...(raw as Record<string, unknown>), id: (raw as Record<string, unknown>).siteId }
      : raw,
  z.object({
    id: z.number({ error: '缺少站点 id' }).int().positive('缺少站点 id'),
    name: text.optional(),
    province: text.trim().max(20, '省份最多20个字').optional(),
    city: text.trim().max(20, '城市最多20个字').optional(),
    area: text.trim().max(20, '区县最多20个字').optional(),
    address: text.optional(),
    longitude: z.number({ error: '请选择站点位置' }).optional(),
    latitude: z.number({ error: '请选择站点位置' }).optional(),
    contacts: text.optional(),
    contactsPhone: text.optional(),
    servicePhone: text.optional(),
    merchantId: z.number({ error: '物业不合法' }).int('物业不合法').min(0, '物业不合法').optional(),
    communityId: z.number({ error: '小区不合法' }).int('小区不合法').min(0, '小区不合法').optional(),
    contractCode: text.trim().max(32, '合同编号不合法').optional(),
    siteShareRule: shareRuleSchema.optional(),
    chargeRule: chargeRuleSchema.optional(),
  }),
);

type ModifyRequest = z.infer<typeof modifySchema>;

/** The charge capabilities of a site (getOperationMode): from the models of its charging boxes; everything without. */
export async function operationMode(db: Db, site: SiteRowLite): Promise<OperationMode> {
  const models = await rows<{
    supportModes: number[];
    supportCoin: boolean;
    supportFullStop: boolean;
    maxPower: number;
  }>(
    db,
    `select distinct m.model, m.support_modes, m.support_coin, m.support_full_stop, m.max_power
     from device d join device_model m on m.model = d.model
     where d.site_id = $1 and d.device_type between 1 and 3`,
    [site.id],
  );
  if (models.length === 0) {
    return {
      supportModes: [1, 2],
      currentMode: site.chargeRule.billingMode,
      supportCoin: true,
      supportFullStop: true,
      maxPower: 1000,
    };
  }
  const modes = ([1, 2] as const).filter((mode) => models.every((m) => m.supportModes.map(Number).includes(mode)));
  return {
    supportModes: [...modes],
    currentMode: site.chargeRule.billingMode,
    supportCoin: models.some((m) => m.supportCoin),
    supportFullStop: models.every((m) => m.supportFullStop),
    maxPower: Math.max(...models.map((m) => Number(m.maxPower))),
  };
}

/** Location of a modifySite (B §0.5): both coordinates or none, inside the accepted area. */
function checkLocation(q: ModifyRequest): void {
  if (q.longitude === undefined && q.latitude === undefined) return;
  if (q.longitude === undefined || q.latitude === undefined) throw new BizError(INVALID, '请选择站点位置');
  const failure = locationFailure(q.longitude, q.latitude, { name: q.province });
  if (failure) throw new BizError(INVALID, failure);
}

/** Applies one modifySite request (validated) in a transaction; returns the answer. */
async function modifySite(db: PGlite, caller: Caller, q: ModifyRequest, now: number): Promise<ModifySiteResult> {
  const site = await siteRow(db, q.id);
  const { id: _id, siteShareRule, chargeRule, merchantId, communityId, contractCode, ...plain } = q;
  const changes = Object.entries(q).filter(([key, value]) => key !== 'id' && value !== undefined);
  if (changes.length === 0) throw new BizError(INVALID, '没有要修改的内容');

  for (const field of ['name', 'address', 'contacts', 'contactsPhone', 'servicePhone'] as SiteTextField[]) {
    const value = plain[field];
    if (value === undefined) continue;
    const error = siteFieldError(field, value);
    if (error) throw new BizError(INVALID, error);
  }
  checkLocation(q);
  if (plain.name !== undefined && (await siteNameTaken(db, site.operatorId, plain.name, site.id))) {
    throw new BizError(INVALID, SITE_NAME_TAKEN);
  }
  if (communityId) {
    const owned = await scalar(db, 'select count(*) from community where id = $1 and operator_id = $2', [
      communityId,
      site.operatorId,
    ]);
    if (!owned) throw new BizError(INVALID, '小区不存在');
  }
  if (contractCode) {
    const owned = await scalar(db, 'select count(*) from site_contract where contract_code = $1 and operator_id = $2', [
      contractCode,
      site.operatorId,
    ]);
    if (!owned) throw new BizError(INVALID, '合同不存在');
  }
  const newMerchant = merchantId === undefined ? site.merchantId : merchantId === 0 ? null : merchantId;
  if (merchantId && !(await ownedProperty(db, site.operatorId, merchantId))) throw new BizError(INVALID, '物业不存在');
  let charge: ChargeRule | null = null;
  if (chargeRule) {
    const caps = await operationMode(db, site);
    const error = chargeRuleError(chargeRule, caps);
    if (error) throw new BizError(INVALID, error);
    charge = normalizeChargeRule(chargeRule);
  }

  return db.transaction(async (tx) => {
    await activateDueVersions(tx, now, site.id);
    const result: ModifySiteResult = { id: site.id };
    const merchantChanged = merchantId !== undefined && newMerchant !== site.merchantId;
    if (siteShareRule || merchantChanged) {
      let rule: ShareRuleInput;
      if (siteShareRule) {
        rule = siteShareRule;
      } else {
        // B.4: the new property takes over the working copy's property rates; unlinking puts electricity back on
        // the operator.
        const versions = await shareRuleVersions(tx, site.id);
        if (versions.some((v) => v.status === 3)) throw new BizError(INVALID, SHARE_MESSAGES.inReview);
        rule = withProperty(
          versions.find((v) => v.status === 1 || v.status === 2)?.rule ?? DEFAULT_SHARE_RULE,
          newMerchant,
        );
      }
      if (merchantChanged) {
        await exec(tx, 'update site set merchant_id = $2, update_time = $3 where id = $1', [site.id, newMerchant, now]);
      }
      const checked = await checkShareRule(tx, { operatorId: site.operatorId, merchantId: newMerchant }, rule);
      Object.assign(result, await submitShareRuleChange(tx, site.id, checked, caller.account.id, now));
    }
    const sets: string[] = [];
    const params: unknown[] = [site.id];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    const columns: Record<string, string> = {
      name: 'name',
      province: 'province',
      city: 'city',
      area: 'area',
      address: 'address',
      longitude: 'longitude',
      latitude: 'latitude',
      contacts: 'contacts',
      contactsPhone: 'contacts_phone',
      servicePhone: 'service_phone',
    };
    for (const [key, column] of Object.entries(columns)) {
      const value = (plain as Record<string, unknown>)[key];
      if (value === undefined) continue;
      set(column, typeof value === 'string' ? value.trim() : roundCoordinate(Number(value)));
    }
    if (communityId !== undefined) set('community_id', communityId || null);
    if (contractCode !== undefined) set('contract_code', contractCode || null);
    if (charge) {
      set('charge_rule', JSON.stringify(charge));
      set('charge_rule_group_id', await chargeRuleGroupId(tx, site.operatorId, charge, now));
    }
    if (sets.length > 0) {
      set('update_time', now);
      await exec(tx, `update site set ${sets.join(', ')} where id = $1`, params);
    }
    // Rule C1: a changed rule goes to the site's boxes (online now, offline ones when they report again).
    if (charge && ruleHash(charge) !== ruleHash(site.chargeRule)) {
      await pushChargeRule(tx, site.id, caller.account.id, now);
    }
    return result;
  });
}

const siteIdQuery = z.object({
  siteId: z.coerce.number({ error: '缺少站点 siteId' }).int().positive('缺少站点 siteId'),
});

export function siteSettingsRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);
  const app = api.app;

  // POST /api/r9/site/modifySite — partial update by the owner (B §4).
  api.post(
    '/api/r9/site/modifySite',
    { permission: 'site:edit', input: modifySchema, touches: touches.site('id', 'edit') },
    async ({ caller, input: q }) => {
      return await modifySite(db, caller, q, now());
    },
  );

  // GET /api/r9/site/querySiteShareRuleList — every version, newest first.
  api.get(
    '/api/r9/site/querySiteShareRuleList',
    { permission: 'site:view', input: siteIdQuery, touches: touches.site('siteId', 'view') },
    async ({ input: { siteId } }) => {
      await activateDueVersions(db, now(), siteId);
      await siteRow(db, siteId);
      const data: ShareRuleVersion[] = (await shareRuleVersions(db, siteId)).map(({ id: _id, ...v }) => v);
      return data;
    },
  );

  // GET /api/site/checkAuditSiteInfo — review state of the newest version.
  api.get(
    '/api/site/checkAuditSiteInfo',
    { permission: 'site:view', input: siteIdQuery, touches: touches.site('siteId', 'view') },
    async ({ input: { siteId } }) => {
      await activateDueVersions(db, now(), siteId);
      await siteRow(db, siteId);
      const newest = await one<{ status: number; submitTime: number; rejectReason: string | null }>(
        db,
        `select status, submit_time, reject_reason from site_share_rule_version where site_id = $1
       order by version desc limit 1`,
        [siteId],
      );
      const data: AuditSiteInfo = {
        auditStatus: newest?.status === 3 ? 1 : newest?.status === 4 ? 2 : 0,
        submitTime: newest ? Number(newest.submitTime) : null,
        rejectReason: newest?.status === 4 ? newest.rejectReason : null,
      };
      return data;
    },
  );

  // GET /api/site/querySiteShareSimpleProportionList — the property's rates (in force) on the caller's sites.
  api.get(
    '/api/site/querySiteShareSimpleProportionList',
    {
      permission: 'login',
      input: z.object({
        merchantId: z.coerce.number({ error: '缺少物业 merchantId' }).int().positive('缺少物业 merchantId'),
      }),
      touches: touches.sites,
    },
    async ({ scope, input: { merchantId } }) => {
      const ids = await scope.siteIds();
      return await rows(
        db,
        `select s.id as site_id, s.name as site_name, v.share_mode, p.charge_rate, p.card_rate, p.coin_rate
         from site s join site_share_rule_version v on v.site_id = s.id and v.status = 1
         join site_share_party p on p.version_id = v.id and p.party_type = 2 and p.user_id = $2
         where s.id = any($1::bigint[]) and s.deleted = 0 and s.merchant_id = $2 order by s.id`,
        [ids, merchantId],
      );
    },
  );

  // GET /api/user/getCommercialByPhone — an account by its login phone (K13: code 0 with exists false when none; a
  // 已注销 account is none, as the share-rule checks treat it: "该手机号未注册平台账号").
  api.get(
    '/api/user/getCommercialByPhone',
    {
      permission: { anyOf: ['site:edit', 'tenement'] },
      accountTypes: [1, 2, 4],
      input: z.object({ phone: phoneRule }),
      touches: touches.directory,
    },
    async ({ input: { phone } }) => {
      const account = await one<{
        id: number;
        shortName: string;
        name: string;
        contacts: string;
        phone: string;
        accountType: 1 | 2 | 3 | 4 | 5;
      }>(
        db,
        'select id, short_name, name, contacts, phone, account_type from account where phone = $1 and status <> 3',
        [phone],
      );
      const data: CommercialByPhone = account
        ? {
            exists: true,
            userId: Number(account.id),
            shortName: account.shortName,
            name: account.name,
            contacts: account.contacts,
            phone: account.phone,
            accountType: account.accountType,
          }
        : { exists: false };
      return data;
    },
  );

  // GET /api/site/getOperationMode — billing capabilities of the site's box models.
  api.get(
    '/api/site/getOperationMode',
    { permission: 'site:view', input: siteIdQuery, touches: touches.site('siteId', 'view') },
    async ({ input: { siteId } }) => {
      const site = await siteRow(db, siteId);
      return await operationMode(db, site);
    },
  );

  // GET /api/site/sameSiteRuleList — the owner's other sites in the same charge-rule group.
  api.get(
    '/api/site/sameSiteRuleList',
    { permission: 'site:view', input: siteIdQuery, touches: touches.site('siteId', 'view') },
    async ({ input: { siteId } }) => {
      const site = await siteRow(db, siteId);
      return await rows(
        db,
        `select s.id as site_id, s.name as site_name,
                (select count(*)::int from device d where d.site_id = s.id and d.device_type between 1 and 3) as box_count
         from site s where s.operator_id = $1 and s.charge_rule_group_id = $2 and s.id <> $3 and s.deleted = 0
         order by s.id`,
        [site.operatorId, site.chargeRuleGroupId, site.id],
      );
    },
  );

  // GET /api/site/simpleSiteList — [{ id, name }] of the caller's sites.
  api.get(
    '/api/site/simpleSiteList',
    { permission: 'login', input: z.object({}), touches: touches.sites },
    async ({ scope }) => {
      const ids = await scope.siteIds();
      return await rows(db, 'select id, name from site where id = any($1::bigint[]) order by id', [ids]);
    },
  );

  // GET /api/site/haveCard — cards (not cancelled) bound to the site.
  api.get(
    '/api/site/haveCard',
    { permission: 'site:view', input: siteIdQuery, touches: touches.site('siteId', 'view') },
    async ({ input: { siteId } }) => {
      await siteRow(db, siteId);
      const cardCount = await cardsBound(db, siteId);
      return { haveCard: cardCount > 0, cardCount };
    },
  );

  // POST /api/r9/site/delSite — soft delete without devices and cards (B §A.3).
  api.post(
    '/api/r9/site/delSite',
    {
      permission: 'site:edit',
      input: z.object({ id: z.number({ error: '缺少站点 id' }).int().positive('缺少站点 id') }),
      touches: touches.site('id', 'edit'),
    },
    async ({ input: { id } }) => {
      const site = await siteRow(db, id);
      const devices = await scalar(db, 'select count(*) from device where site_id = $1', [site.id]);
      if (devices > 0) throw new BizError(INVALID, '站点下还有设备，请先解绑所有设备');
      const cards = await cardsBound(db, site.id);
      if (cards > 0) throw new BizError(INVALID, `站点已绑定${cards}张卡，请先解绑卡片`);
      await exec(db, 'update site set deleted = 1, update_time = $2 where id = $1', [site.id, now()]);
      return null;
    },
  );

  // GET /api/site/selectContractCodeList — the owner's device contracts.
  api.get(
    '/api/site/selectContractCodeList',
    { permission: 'site:edit', accountTypes: [1, 2, 4], input: z.object({}), touches: touches.sites },
    async ({ scope }) => {
      // A limited sub-account sees the contracts bound to no site outside its scope (touches.contract's rule).
      return rows(
        db,
        `select k.contract_code, k.contract_name, k.sign_date, k.device_count,
                (select count(*)::int from site s where s.contract_code = k.contract_code and s.deleted = 0)
                  as bound_site_count
         from site_contract k where k.operator_id = $1
           and (not $2 or not exists (select 1 from site s where s.contract_code = k.contract_code and s.deleted = 0
                                      and not (s.id = any($3::bigint[]))))
         order by k.sign_date desc, k.contract_code`,
        [scope.ownerId, scope.limited, await scope.siteIds()],
      );
    },
  );

  // GET /api/site/contractDetail — one contract with the progress of its instalment plan (K30).
  api.get(
    '/api/site/contractDetail',
    {
      permission: 'site:edit',
      accountTypes: [1, 2, 4],
      input: z.object({ contractCode: z.string({ error: '缺少合同编号' }).trim().min(1, '缺少合同编号').max(32) }),
      touches: touches.contract('contractCode'),
    },
    async ({ caller, input: { contractCode } }) => {
      const { ownerId } = caller;
      const contract = await one<Omit<ContractDetail, 'instalmentCount' | 'paidInstalmentCount' | 'status'>>(
        db,
        `select contract_code, contract_name, party_a, party_b, sign_date, device_count, total_amount, file_url
       from site_contract where contract_code = $1 and operator_id = $2`,
        [contractCode, ownerId],
      );
      if (!contract) throw new BizError(INVALID, '合同不存在');
      const plan = await one<{ totalPeriods: number; paidPeriods: number; status: number }>(
        db,
        `select total_periods, paid_periods, status from instalment_plan where contract_no = $1
       order by id desc limit 1`,
        [contractCode],
      );
      const data: ContractDetail = {
        ...contract,
        totalAmount: Number(contract.totalAmount),
        instalmentCount: plan?.totalPeriods ?? 0,
        paidInstalmentCount: plan?.paidPeriods ?? 0,
        status: plan?.status === 2 ? 2 : plan?.status === 3 ? 3 : 1,
      };
      return data;
    },
  );

  // GET /api/share/instalment/querySiteInstalmentStatus — the site's device instalment (split mode), or null.
  api.get(
    '/api/share/instalment/querySiteInstalmentStatus',
    { permission: 'site:view', input: siteIdQuery, touches: touches.site('siteId', 'view') },
    async ({ input: { siteId } }) => {
      const site = await siteRow(db, siteId);
      const row = await one<{ status: 1 | 2 | 3; proportion: number; remainingAmount: number }>(
        db,
        `select status, proportion, remaining_amount from site_instalment where site_id = $1 and account_id = $2
       order by id desc limit 1`,
        [site.id, site.operatorId],
      );
      return row
        ? { siteId, status: row.status, proportion: row.proportion, remainingAmount: Number(row.remainingAmount) }
        : null;
    },
  );

  // GET /api/openPlatform/getSiteApplies — site applications of the caller's operator (shape of /mine/siteAuthor).
  api.get(
    '/api/openPlatform/getSiteApplies',
    {
      permission: 'login',
      input: z.object({
        tab: z.coerce.number({ error: '缺少 tab' }).int().min(1, 'tab 须为1或2').max(2, 'tab 须为1或2'),
        status: z.coerce.number().int().min(0).max(3).optional(),
        siteId: z.coerce.number().int().positive().optional(),
        pageNum: z.coerce.number({ error: 'pageNum 须为正整数' }).int().min(1, 'pageNum 须为正整数'),
        pageSize: z.coerce.number({ error: 'pageSize 须为正整数' }).int().min(1).max(100, 'pageSize 最大为100'),
      }),
      touches: touches.optionalSite('siteId', 'scope'),
    },
    async ({ scope, input: q }) => {
      const at = now();
      // $2: the sites the caller's figures cover (a limited sub-account sees the applications of its sites only).
      const params: unknown[] = [scope.ownerId, await scope.siteIds()];
      const where = [
        'a.merchant_id = $1',
        `(not ${scope.limited} or exists (select 1 from site_apply_site x where x.apply_id = a.id
                                          and x.site_id = any($2::bigint[])))`,
      ];
      if (q.tab === 1) {
        params.push(at);
        where.push(`a.status = 0 and a.expire_time > $${params.length}`);
      } else {
        params.push(at);
        where.push(`(a.status in (1, 2, 3) or (a.status = 0 and a.expire_time <= $${params.length}))`);
        if (q.status === 3) {
          // 已失效: refused, or pending past its expiry ($params.length is the instant pushed above).
          where.push(`(a.status = 3 or (a.status = 0 and a.expire_time <= $${params.length}))`);
        } else if (q.status !== undefined) {
          params.push(q.status);
          where.push(`a.status = $${params.length}`);
        }
      }
      if (q.siteId !== undefined) {
        params.push(q.siteId);
        where.push(
          `exists (select 1 from site_apply_site x where x.apply_id = a.id and x.site_id = $${params.length}
                 and (a.status <> 1 or x.granted = 1))`,
        );
      }
      const condition = where.join(' and ');
      const total = await scalar(db, `select count(*) from site_apply a where ${condition}`, params);
      params.push(q.pageSize, (q.pageNum - 1) * q.pageSize);
      const list = await rows<Record<string, unknown>>(
        db,
        `select a.id, a.apply_no, p.name as partner_name, p.logo as partner_logo, p.type as partner_type, a.scopes,
              a.valid_months, case when a.status = 0 and a.expire_time <= $3 then 3 else a.status end as status,
              a.apply_time, a.expire_time, a.deal_time, a.auth_end_time, a.dealer_name,
              (select count(*)::int from site_apply_site x where x.apply_id = a.id) as site_count,
              (select count(*)::int from site_apply_site x where x.apply_id = a.id and x.granted = 1) as granted_site_count,
              (select coalesce(array_agg(s.name order by s.id), '{}') from site_apply_site x join site s on s.id = x.site_id
                where x.apply_id = a.id and (not ${scope.limited} or s.id = any($2::bigint[]))) as site_names
       from site_apply a join open_partner p on p.id = a.partner_id
       where ${condition} order by a.apply_time desc, a.id desc
       limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      return { list, total };
    },
  );

  // POST /__sandbox/site/auditShareRule — test control standing in for the platform's review of a 审核中 version:
  // approval → 待生效 (effective tomorrow when its day has come), rejection → 已驳回 with the reason.
  app.post('/__sandbox/site/auditShareRule', async (c) => {
    const q = await input(
      c,
      z.object({
        siteId: z.number({ error: '缺少站点 siteId' }).int().positive(),
        approve: z.boolean({ error: '缺少 approve' }),
        rejectReason: z.string().trim().max(100, '驳回原因最多100个字').optional(),
      }),
    );
    const at = now();
    const version = await one<{ id: number; effectiveDate: string }>(
      db,
      'select id, effective_date from site_share_rule_version where site_id = $1 and status = 3',
      [q.siteId],
    );
    if (!version) throw new BizError(INVALID, '该站点没有审核中的分成变更');
    const today = dayOf(at);
    if (q.approve) {
      const effective = version.effectiveDate > today ? version.effectiveDate : addDays(today, 1);
      await exec(
        db,
        `update site_share_rule_version set status = 2, effective_date = $2, audit_time = $3, update_time = $3
         where id = $1`,
        [version.id, effective, at],
      );
    } else {
      await exec(
        db,
        `update site_share_rule_version set status = 4, reject_reason = $2, audit_time = $3, update_time = $3
         where id = $1`,
        [version.id, q.rejectReason || '分成调整需与物业协商一致', at],
      );
    }
    await syncAuditStatus(db, q.siteId, at);
    return ok(c, null);
  });

  // GET /__sandbox/rule-push?deviceId=N — test control of rule C1: whether the box waits for a rule push (pending 0|1)
  // and the pushes it received, oldest first ({ params: RulePushParams, operatorUserId (null = on reconnect), createTime }).
  app.get('/__sandbox/rule-push', async (c) => {
    const q = await input(c, z.object({ deviceId: z.coerce.number({ error: '缺少设备 deviceId' }).int().positive() }));
    const box = await one<{ chargeRulePending: number }>(db, 'select charge_rule_pending from device where id = $1', [
      q.deviceId,
    ]);
    if (!box) throw new BizError(INVALID, '设备不存在');
    const pushes = await rows<{ params: RulePushParams; operatorUserId: number | null; createTime: number }>(
      db,
      `select params, operator_user_id, create_time from device_operation_log where device_id = $1 and type = $2
       order by id`,
      [q.deviceId, RULE_PUSH_LOG_TYPE],
    );
    return ok(c, {
      deviceId: q.deviceId,
      pending: Number(box.chargeRulePending),
      pushes: pushes.map((p) => ({
        params: p.params,
        operatorUserId: p.operatorUserId === null ? null : Number(p.operatorUserId),
        createTime: Number(p.createTime),
      })),
    });
  });

  return app;
}

/** Cards bound to a site that are not cancelled (haveCard, delSite). */
function cardsBound(db: Db, siteId: number): Promise<number> {
  return scalar(
    db,
    'select count(*) from card_site cs join card k on k.id = cs.card_id where cs.site_id = $1 and k.status <> 4',
    [siteId],
  );
}
