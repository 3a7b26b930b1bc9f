import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { isCalendarDay } from '../../src/api/remote-rules';
import type { AiGiveStatus, MonthTemplate, RechargeTemplate, SimpleValueTemplate } from '../../src/api/card';
import {
  addDay,
  monthTemplateError,
  perSwipeError,
  tiersError,
  type MonthTemplateFields,
  type RechargeTier,
} from '../../src/api/card-rules';
import { templateInForce } from '../domain/cards';
import { endpoints } from '../http/endpoint';
import { hidden } from '../http/access';
import { BizError, INVALID } from '../http/envelope';
import { touches } from '../http/touch';
import { one, rows, scalar, type Db } from '../lib/db';
import { dayOf, startOfDay } from '../lib/time';

/**
 * The recharge settings of a site (C-mine.md /mine/card/rechargeSet and /info; Business rule 10; entities.md §35–§38):
 * the value-card tiers, the value-card billing (按站点规则 / 按次), the month-card templates and the smart bonus
 * (智能赠送) with its eligibility and statistics. Settings apply only to recharges made after saving: a card sold keeps
 * the terms copied at sale, and the smart bonus overrides the tiers' gifts from its start day on (domain/cards.ts
 * templateInForce). Reading needs card:view on a site of the caller's scope, changing card:edit on an own site.
 */

const CARD_ACCOUNTS = [1, 2, 4] as const;
const siteQuery = z.object({
  siteId: z.coerce.number({ error: '缺少站点 siteId' }).int().positive('站点 siteId 不合法'),
});
const bodySiteId = z.number({ error: '缺少站点 siteId' }).int().positive('站点 siteId 不合法');
const fen = z.number({ error: '请输入金额' }).int('金额最多保留两位小数');
const tierSchema = z.object({ payAmount: fen, giveAmount: fen });
const monthFields = {
  name: z.string({ error: '请输入套餐名称' }).trim(),
  days: z.number({ error: '请选择天数' }).int(),
  price: fen,
  dailyTimesLimit: z.number({ error: '请输入每日次数' }).int(),
  maxMinutesPerCharge: z.number({ error: '请输入单次时长' }).int(),
  maxPowerW: z.number({ error: '请输入功率上限' }).int(),
  enabled: z.union([z.literal(0), z.literal(1)]).default(1),
};

/** Online value-card recharges a site needs over 30 days before it may switch the smart bonus on. */
export const AI_MIN_RECHARGES = 10;
/** The smart bonus's gift rate (percent of the tier, whole yuan). */
const AI_GIVE_PERCENT = 15;

/** Online recharges (channel 1) of value cards sold at a site between two days inclusive. */
async function onlineRecharges(db: Db, siteId: number, from: string, to: string) {
  const r = await one<{ count: number; amount: number; give: number }>(
    db,
    `select count(*)::int as count, coalesce(sum(pay_amount), 0) as amount, coalesce(sum(give_amount), 0) as give
     from card_recharge where site_id = $1 and channel = 1 and card_type in (1, 4) and status = 1
       and create_time >= $2 and create_time < $3`,
    [siteId, startOfDay(from), startOfDay(addDay(to, 1))],
  );
  return { count: Number(r?.count ?? 0), amount: Number(r?.amount ?? 0), give: Number(r?.give ?? 0) };
}

/**
 * The smart bonus's recommended tiers: each tier's gift raised to 15 % of it in whole yuan, and at least ¥1 above the
 * operator's own gift, never above the tier itself.
 */
export function recommendTiersOf(tiers: readonly RechargeTier[]): RechargeTier[] {
  return tiers.map((t) => ({
    payAmount: t.payAmount,
    giveAmount: Math.min(
      t.payAmount,
      Math.max(t.giveAmount + 100, Math.floor((t.payAmount * AI_GIVE_PERCENT) / 100 / 100) * 100),
    ),
  }));
}

/** Whether a site may switch the smart bonus on, and why not. */
async function aiEligibility(db: Db, siteId: number, today: string): Promise<{ eligible: boolean; reason?: string }> {
  const template = await templateInForce(db, siteId, today);
  if (!template.hasTemplate || template.baseTiers.length === 0) {
    return { eligible: false, reason: '请先设置储值卡充值档位' };
  }
  const recent = await onlineRecharges(db, siteId, addDay(today, -29), today);
  if (recent.count < AI_MIN_RECHARGES) {
    return { eligible: false, reason: `近30天线上充值不足${AI_MIN_RECHARGES}笔，暂不支持智能赠送` };
  }
  return { eligible: true };
}

/** The template overview row of a site. */
async function templateRow(db: Db, site: { id: number; name: string }, today: string): Promise<RechargeTemplate> {
  const t = await templateInForce(db, site.id, today);
  return {
    siteId: site.id,
    siteName: site.name,
    valueTiers: t.tiers,
    baseTiers: t.baseTiers,
    customAmount: t.customAmount,
    minAmount: t.minAmount,
    monthTemplates: await monthTemplates(db, site.id),
    onlineRecharge: t.onlineRecharge,
    aiGiveStatus: t.aiGiveStatus,
    hasTemplate: t.hasTemplate,
  };
}

/** The month-card templates of a site, oldest first. */
async function monthTemplates(db: Db, siteId: number): Promise<MonthTemplate[]> {
  const list = await rows<MonthTemplate & { id: number }>(
    db,
    `select id, name, days, price, daily_times_limit, max_minutes_per_charge, max_power_w, enabled
     from month_card_template where site_id = $1 order by id`,
    [siteId],
  );
  return list.map(({ id, ...t }) => ({
    ...t,
    templateId: Number(id),
    days: Number(t.days),
    price: Number(t.price),
    dailyTimesLimit: Number(t.dailyTimesLimit),
    maxMinutesPerCharge: Number(t.maxMinutesPerCharge),
    maxPowerW: Number(t.maxPowerW),
    enabled: Number(t.enabled) as 0 | 1,
  }));
}

/** Refuses a month template that breaks the rules (src/api/card-rules.ts monthTemplateError). */
function checkMonthTemplate(t: MonthTemplateFields): void {
  const error = monthTemplateError(t);
  if (error) throw new BizError(INVALID, error);
}

/** The endpoints of this module (see the module docstring). */
export function cardSettingsRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);
  const view = { permission: 'card:view', accountTypes: CARD_ACCOUNTS } as const;
  const edit = { permission: 'card:edit', accountTypes: CARD_ACCOUNTS } as const;

  // GET /api/card/getCardRechargeTemplateList — one site's settings (siteId), or the overview of the caller's sites.
  api.get(
    '/api/card/getCardRechargeTemplateList',
    {
      ...view,
      input: z.object({
        siteId: z.coerce.number().int().positive('站点 siteId 不合法').optional(),
        keyword: z.string().trim().max(30, '搜索关键词最多30个字').optional(),
        pageNum: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(100, 'pageSize 最大为100').default(20),
      }),
      touches: touches.optionalSite('siteId', 'scope'),
    },
    async ({ scope, input: q, target }) => {
      const today = dayOf(now());
      if (target) return { list: [await templateRow(db, { id: target.id, name: target.name }, today)], total: 1 };
      const ids = await scope.siteIds();
      const params: unknown[] = [ids];
      let where = 'id = any($1::bigint[]) and deleted = 0';
      if (q.keyword) {
        params.push(`%${q.keyword}%`);
        where += ` and name like $${params.length}`;
      }
      const total = await scalar(db, `select count(*) from site where ${where}`, params);
      const sites = await rows<{ id: number; name: string }>(
        db,
        `select id, name from site where ${where} order by id limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
        params,
      );
      const list: RechargeTemplate[] = [];
      for (const s of sites) list.push(await templateRow(db, { id: Number(s.id), name: s.name }, today));
      return { list, total };
    },
  );

  // GET /api/card/getMonthCardTemplate — a site's month-card templates.
  api.get(
    '/api/card/getMonthCardTemplate',
    { ...view, input: siteQuery, touches: touches.site('siteId', 'scope') },
    async ({ target }) => monthTemplates(db, target.id),
  );

  // POST /api/card/setCardRechargeTemplate — the value-card tiers (sorted ascending) and custom amounts.
  api.post(
    '/api/card/setCardRechargeTemplate',
    {
      ...edit,
      input: z.object({
        siteId: bodySiteId,
        tiers: z.array(tierSchema, { error: '请设置充值档位' }).max(6, '最多设置6个充值档位'),
        customAmount: z.union([z.literal(0), z.literal(1)], { error: '请选择是否允许自定义金额' }),
        minAmount: fen.default(0),
      }),
      touches: touches.site('siteId', 'own'),
    },
    async ({ input: body, target }) => {
      const online = await scalar(
        db,
        'select coalesce(max(online_recharge), 0) from simple_value_card_template where site_id = $1',
        [target.id],
      );
      const error = tiersError(body.tiers, {
        customAmount: body.customAmount,
        minAmount: body.minAmount,
        onlineRecharge: online === 1 ? 1 : 0,
      });
      if (error) throw new BizError(INVALID, error);
      const tiers = [...body.tiers].sort((a, b) => a.payAmount - b.payAmount);
      const at = now();
      await db.query(
        `insert into card_recharge_template (site_id, tiers, custom_amount, min_amount, create_time, update_time)
         values ($1, $2, $3, $4, $5, $5)
         on conflict (site_id) do update set tiers = excluded.tiers, custom_amount = excluded.custom_amount,
           min_amount = excluded.min_amount, update_time = excluded.update_time`,
        [target.id, JSON.stringify(tiers), body.customAmount, body.customAmount === 1 ? body.minAmount : 0, at],
      );
      return null;
    },
  );

  // GET /api/card/getSimpleValueCardTemplate — the value-card billing of a site (按站点规则 when never set).
  api.get(
    '/api/card/getSimpleValueCardTemplate',
    { ...view, input: siteQuery, touches: touches.site('siteId', 'scope') },
    async ({ target }) => {
      const t = await one<SimpleValueTemplate>(
        db,
        'select charge_mode, per_swipe_amount, per_swipe_minutes, online_recharge from simple_value_card_template where site_id = $1',
        [target.id],
      );
      const data: SimpleValueTemplate = {
        siteId: target.id,
        chargeMode: (t ? Number(t.chargeMode) : 1) as 1 | 2,
        perSwipeAmount: Number(t?.perSwipeAmount ?? 0),
        perSwipeMinutes: Number(t?.perSwipeMinutes ?? 0),
        onlineRecharge: (t ? Number(t.onlineRecharge) : 0) as 0 | 1,
      };
      return data;
    },
  );

  // POST /api/card/setSimpleValueCardTemplate — 按站点收费规则 / 按次扣费 and 允许用户线上充值.
  api.post(
    '/api/card/setSimpleValueCardTemplate',
    {
      ...edit,
      input: z.object({
        siteId: bodySiteId,
        chargeMode: z.union([z.literal(1), z.literal(2)], { error: '请选择计费方式' }),
        perSwipeAmount: fen.default(0),
        perSwipeMinutes: z.number().int().default(0),
        onlineRecharge: z.union([z.literal(0), z.literal(1)], { error: '请选择是否允许线上充值' }),
      }),
      touches: touches.site('siteId', 'own'),
    },
    async ({ input: body, target }) => {
      if (body.chargeMode === 2) {
        const error = perSwipeError(body.perSwipeAmount, body.perSwipeMinutes);
        if (error) throw new BizError(INVALID, error);
      }
      if (body.onlineRecharge === 1) {
        const tiers = await one<{ tiers: RechargeTier[] }>(
          db,
          'select tiers from card_recharge_template where site_id = $1',
          [target.id],
        );
        if (!tiers || tiers.tiers.length === 0) throw new BizError(INVALID, '请至少设置一个充值档位');
      }
      await db.query(
        `insert into simple_value_card_template (site_id, charge_mode, per_swipe_amount, per_swipe_minutes,
           online_recharge, create_time, update_time) values ($1, $2, $3, $4, $5, $6, $6)
         on conflict (site_id) do update set charge_mode = excluded.charge_mode,
           per_swipe_amount = excluded.per_swipe_amount, per_swipe_minutes = excluded.per_swipe_minutes,
           online_recharge = excluded.online_recharge, update_time = excluded.update_time`,
        [
          target.id,
          body.chargeMode,
          body.chargeMode === 2 ? body.perSwipeAmount : 0,
          body.chargeMode === 2 ? body.perSwipeMinutes : 0,
          body.onlineRecharge,
          now(),
        ],
      );
      return null;
    },
  );

  // POST /api/card/setMonthCardTemplate — a new month-card template of a site.
  api.post(
    '/api/card/setMonthCardTemplate',
    { ...edit, input: z.object({ siteId: bodySiteId, ...monthFields }), touches: touches.site('siteId', 'own') },
    async ({ input: body, target }) => {
      checkMonthTemplate(body);
      const at = now();
      const row = await one<{ id: number }>(
        db,
        `insert into month_card_template (site_id, name, days, price, daily_times_limit, max_minutes_per_charge,
           max_power_w, enabled, create_time, update_time) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) returning id`,
        [
          target.id,
          body.name,
          body.days,
          body.price,
          body.dailyTimesLimit,
          body.maxMinutesPerCharge,
          body.maxPowerW,
          body.enabled,
          at,
        ],
      );
      return { templateId: Number(row?.id) };
    },
  );

  // POST /api/card/editMonthCardTemplate — changes a template; cards already sold keep what they were sold with.
  api.post(
    '/api/card/editMonthCardTemplate',
    {
      ...edit,
      input: z.object({ templateId: z.number({ error: '缺少套餐 templateId' }).int().positive(), ...monthFields }),
      touches: touches.sites,
    },
    async ({ scope, input: body }) => {
      const t = await one<{ siteId: number }>(db, 'select site_id from month_card_template where id = $1', [
        body.templateId,
      ]);
      // A template of a site the caller does not see is out of reach, its existence not told.
      if (!t || !(await scope.siteIds()).includes(Number(t.siteId)) || scope.account.accountType === 3) {
        throw hidden('套餐不存在或无权查看');
      }
      checkMonthTemplate(body);
      await db.query(
        `update month_card_template set name = $2, days = $3, price = $4, daily_times_limit = $5,
           max_minutes_per_charge = $6, max_power_w = $7, enabled = $8, update_time = $9 where id = $1`,
        [
          body.templateId,
          body.name,
          body.days,
          body.price,
          body.dailyTimesLimit,
          body.maxMinutesPerCharge,
          body.maxPowerW,
          body.enabled,
          now(),
        ],
      );
      return null;
    },
  );

  // GET /api/card/hasAISellCardEligible — may the site switch the smart bonus on.
  api.get(
    '/api/card/hasAISellCardEligible',
    { ...view, input: siteQuery, touches: touches.site('siteId', 'scope') },
    async ({ target }) => aiEligibility(db, target.id, dayOf(now())),
  );

  // GET /api/site/getSiteAIRecommendCardGiveStatus — the smart bonus's state and recommended tiers.
  api.get(
    '/api/site/getSiteAIRecommendCardGiveStatus',
    { ...view, input: siteQuery, touches: touches.site('siteId', 'scope') },
    async ({ target }) => {
      const t = await templateInForce(db, target.id, dayOf(now()));
      const data: AiGiveStatus = {
        status: t.aiGiveStatus,
        ...(t.aiStartDate ? { startDate: t.aiStartDate } : {}),
        recommendTiers: t.aiGiveStatus === 0 ? recommendTiersOf(t.baseTiers) : t.recommendTiers,
      };
      return data;
    },
  );

  // GET /api/card/recentAIRechargeStatistics — the site's online recharges of the last 30 days against the 30 before.
  api.get(
    '/api/card/recentAIRechargeStatistics',
    { ...view, input: siteQuery, touches: touches.site('siteId', 'scope') },
    async ({ target }) => {
      const today = dayOf(now());
      const cur = await onlineRecharges(db, target.id, addDay(today, -29), today);
      const prev = await onlineRecharges(db, target.id, addDay(today, -59), addDay(today, -30));
      const changeRate =
        prev.amount === 0
          ? cur.amount > 0
            ? 100
            : 0
          : Math.round(((cur.amount - prev.amount) * 1000) / prev.amount) / 10;
      return {
        days: 30 as const,
        rechargeCount: cur.count,
        rechargeAmount: cur.amount,
        giveAmount: cur.give,
        changeRate,
      };
    },
  );

  // POST /api/card/openAIRecommendCardGiveDate — switches the smart bonus on from a day after today.
  api.post(
    '/api/card/openAIRecommendCardGiveDate',
    {
      ...edit,
      input: z.object({
        siteId: bodySiteId,
        startDate: z.string({ error: '请选择生效日期' }).refine(isCalendarDay, '生效日期格式应为YYYY-MM-DD'),
      }),
      touches: touches.site('siteId', 'own'),
    },
    async ({ input: body, target }) => {
      const today = dayOf(now());
      if (body.startDate <= today) throw new BizError(INVALID, '生效日期最早为明天');
      const eligibility = await aiEligibility(db, target.id, today);
      if (!eligibility.eligible) throw new BizError(INVALID, eligibility.reason ?? '该站点暂不支持智能赠送');
      const t = await templateInForce(db, target.id, today);
      if (t.aiGiveStatus !== 0) throw new BizError(INVALID, '智能赠送已开启');
      await db.query(
        `insert into ai_give_config (site_id, status, start_date, recommend_tiers, create_time, update_time)
         values ($1, 1, $2, $3, $4, $4)
         on conflict (site_id) do update set status = 1, start_date = excluded.start_date,
           recommend_tiers = excluded.recommend_tiers, update_time = excluded.update_time`,
        [target.id, body.startDate, JSON.stringify(recommendTiersOf(t.baseTiers)), now()],
      );
      return { status: 1 as const };
    },
  );

  return api.app;
}
