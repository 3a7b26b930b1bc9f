import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type {
  AreaCardFreeze,
  AreaCardFreezePage,
  AreaCardRelease,
  ElectricIncome,
  ElectricSite,
  RechargeIncome,
  RechargeSite,
} from '../../src/api/statements';
import type { Page } from '../../src/api/http';
import { hidden } from '../http/access';
import { endpoints } from '../http/endpoint';
import { maskPhone } from '../http/session';
import { touches } from '../http/touch';
import { rows, scalar } from '../lib/db';
import { DAY_MS, addDays, addMonths, dayOf, startOfDay } from '../lib/time';
import { INCOME_SETTLE } from '../domain/sites';

/**
 * Income analysis and the area-card freezes (D-income.md §4 "/income/income-detail", "/income/areaCard-bill"; issue 9
 * item 1), computed at query time from the orders, recharges, refunds, split rows and freeze records the other screens
 * read:
 * - countElectricIncome: the scan-paid charging orders (payType 1/2) by pay time, their refunds by refund time — the
 *   charge part of home's and the statements' 营业额 — ranked by site; a property gets its own share rows of charging
 *   orders (role 1) instead;
 * - recentValueCardRechargeIncome: the online card recharges (channel 1) by payment time, the value-card and month-card
 *   parts of 营业额; a property its share rows of recharges;
 * - areaCardFreezeList / areaCardReleaseList: the owner's AreaCardFreeze rows and their releases (what the charges of
 *   riders consumed, with the account's credited part).
 * Money fen, energy Wh, duration minutes; ratio percent with one decimal.
 */

const DAY = z
  .string()
  .regex(/^20\d{2}-\d{2}-\d{2}$/, '日期格式须为YYYY-MM-DD')
  .refine((d) => {
    const ms = startOfDay(d);
    return Number.isFinite(ms) && dayOf(ms) === d;
  }, '日期格式须为YYYY-MM-DD');

/** A period ≤ 92 days, start ≤ end. */
const period = z
  .object({ startDate: DAY, endDate: DAY })
  .refine((r) => r.startDate <= r.endDate, '开始日期不能晚于结束日期')
  .refine((r) => (startOfDay(r.endDate) - startOfDay(r.startDate)) / DAY_MS < 92, '查询时间跨度不能超过92天');

/** Percent of `part` in `whole`, one decimal. */
function ratioOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0;
}

export function incomeAnalysisRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  api.get(
    '/api/user/countElectricIncome',
    { permission: 'income:view', input: period, touches: touches.sites },
    async ({ scope, input }) => {
      const siteIds = await scope.siteIds();
      const from = startOfDay(input.startDate);
      const to = startOfDay(addDays(input.endDate, 1));
      const property = scope.account.accountType === 3;
      const bySite = property
        ? await rows<{
            siteId: number;
            siteName: string;
            amount: string;
            orders: number;
            energy: string;
            duration: string;
          }>(
            db,
            `select s.id as site_id, s.name as site_name, coalesce(sum(x.amount), 0) as amount, count(x.order_id)::int as orders,
                    coalesce(sum(o.energy_wh), 0) as energy, coalesce(sum(o.duration_minutes), 0) as duration
             from site s join order_split x on x.site_id = s.id and x.order_type = 1 and x.role = 1 and x.account_id = $2
               and x.create_time >= $3 and x.create_time < $4
             left join charge_order o on o.id = x.order_id
             where s.id = any($1::bigint[]) group by s.id order by s.id`,
            [siteIds, scope.ownerId, from, to],
          )
        : await rows<{
            siteId: number;
            siteName: string;
            amount: string;
            orders: number;
            energy: string;
            duration: string;
          }>(
            db,
            `select s.id as site_id, s.name as site_name, coalesce(sum(o.amount), 0) as amount, count(o.id)::int as orders,
                    coalesce(sum(o.energy_wh), 0) as energy, coalesce(sum(o.duration_minutes), 0) as duration
             from site s join charge_order o on o.site_id = s.id and o.pay_type in (1, 2)
               and o.settle_status in ${INCOME_SETTLE} and o.pay_time >= $2 and o.pay_time < $3
             where s.id = any($1::bigint[]) group by s.id order by s.id`,
            [siteIds, from, to],
          );
      const refundAmount = property
        ? 0
        : await scalar(
            db,
            `select coalesce(sum(r.refund_amount), 0) from order_refund r join charge_order o on o.id = r.order_id
             where o.site_id = any($1::bigint[]) and o.pay_type in (1, 2) and o.settle_status in ${INCOME_SETTLE}
               and r.status = 2 and r.finish_time >= $2 and r.finish_time < $3`,
            [siteIds, from, to],
          );
      const total = bySite.reduce((a, r) => a + Number(r.amount), 0);
      const sites: ElectricSite[] = bySite
        .map((r) => ({
          siteId: Number(r.siteId),
          siteName: r.siteName,
          chargeIncome: Number(r.amount),
          orderCount: r.orders,
          energy: Number(r.energy),
          ratio: ratioOf(Number(r.amount), total),
        }))
        .sort((a, b) => b.chargeIncome - a.chargeIncome);
      const data: ElectricIncome = {
        chargeIncome: total,
        orderCount: sites.reduce((a, s) => a + s.orderCount, 0),
        energy: sites.reduce((a, s) => a + s.energy, 0),
        duration: bySite.reduce((a, r) => a + Number(r.duration), 0),
        refundAmount,
        sites,
      };
      return data;
    },
  );

  api.get(
    '/api/account/recentValueCardRechargeIncome',
    {
      permission: 'income:view',
      input: z
        .object({
          startDate: DAY.optional(),
          endDate: DAY.optional(),
          cardType: z.coerce
            .number()
            .int()
            .refine((v) => [1, 2, 3].includes(v), '卡类型须为1、2或3')
            .optional(),
        })
        .refine((r) => !r.startDate || !r.endDate || r.startDate <= r.endDate, '开始日期不能晚于结束日期')
        .refine(
          (r) => !r.startDate || !r.endDate || (startOfDay(r.endDate) - startOfDay(r.startDate)) / DAY_MS < 92,
          '查询时间跨度不能超过92天',
        ),
      touches: touches.sites,
    },
    async ({ scope, input }) => {
      const today = dayOf(now());
      const endDate = input.endDate ?? today;
      const startDate = input.startDate ?? addDays(endDate, -29);
      const from = startOfDay(startDate);
      const to = startOfDay(addDays(endDate, 1));
      const siteIds = await scope.siteIds();
      const property = scope.account.accountType === 3;
      // the kind of a recharge: 1 a site's value card (or e-card), 2 a site's month card, 3 an area value card
      const kind = `case when r.site_id is null then 3 when r.card_type = 2 then 2 else 1 end`;
      const found = property
        ? await rows<{
            kind: number;
            siteId: number | null;
            siteName: string | null;
            amount: string;
            count: number;
            gift: string;
          }>(
            db,
            `select ${kind} as kind, r.site_id, s.name as site_name, coalesce(sum(x.amount), 0) as amount,
                    count(*)::int as count, 0 as gift
             from order_split x join card_recharge r on r.id = x.order_id join site s on s.id = r.site_id
             where x.order_type in (2, 3) and x.role = 1 and x.account_id = $2 and r.site_id = any($1::bigint[])
               and x.create_time >= $3 and x.create_time < $4
             group by 1, r.site_id, s.name`,
            [siteIds, scope.ownerId, from, to],
          )
        : await rows<{
            kind: number;
            siteId: number | null;
            siteName: string | null;
            groupId: number | null;
            areaName: string | null;
            amount: string;
            count: number;
            gift: string;
          }>(
            db,
            `select ${kind} as kind, r.site_id, s.name as site_name, r.charge_rule_group_id as group_id, g.name as area_name,
                    coalesce(sum(r.pay_amount), 0) as amount, count(*)::int as count, coalesce(sum(r.give_amount), 0) as gift
             from card_recharge r left join site s on s.id = r.site_id
             left join charge_rule_group g on g.id = r.charge_rule_group_id and r.site_id is null
             where r.channel = 1 and r.settle_status in ${INCOME_SETTLE} and r.create_time >= $2 and r.create_time < $3
               and (r.site_id = any($1::bigint[]) or (r.site_id is null and r.charge_rule_group_id in
                    (select charge_rule_group_id from site where id = any($1::bigint[]))))
             group by 1, r.site_id, s.name, group_id, g.name`,
            [siteIds, from, to],
          );
      const wanted = found.filter((r) => !input.cardType || Number(r.kind) === input.cardType);
      const total = wanted.reduce((a, r) => a + Number(r.amount), 0);
      const sites: RechargeSite[] = wanted
        .map((r) => ({
          siteId: r.siteId === null ? null : Number(r.siteId),
          siteName: r.siteName,
          areaId: 'groupId' in r && r.groupId !== null && r.siteId === null ? Number(r.groupId) : null,
          areaName: 'areaName' in r ? (r.areaName as string | null) : null,
          cardType: Number(r.kind) as 1 | 2 | 3,
          amount: Number(r.amount),
          count: r.count,
          ratio: ratioOf(Number(r.amount), total),
        }))
        .sort((a, b) => b.amount - a.amount);
      const part = (kinds: number[]) => wanted.filter((r) => kinds.includes(Number(r.kind)));
      const data: RechargeIncome = {
        valueCardIncome: part([1, 3]).reduce((a, r) => a + Number(r.amount), 0),
        valueCardCount: part([1, 3]).reduce((a, r) => a + r.count, 0),
        monthCardIncome: part([2]).reduce((a, r) => a + Number(r.amount), 0),
        monthCardCount: part([2]).reduce((a, r) => a + r.count, 0),
        giftAmount: wanted.reduce((a, r) => a + Number(r.gift), 0),
        sites,
      };
      return data;
    },
  );

  const pageInput = {
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  };

  api.get(
    '/api/account/v2/areaCardFreezeList',
    {
      permission: 'income:view',
      input: z.object({
        ...pageInput,
        status: z.coerce
          .number()
          .int()
          .refine((v) => [1, 2, 3, 4].includes(v), '状态须为1至4')
          .optional(),
        month: z
          .string()
          .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, '月份格式须为YYYY-MM')
          .optional(),
        freezeId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      }),
      touches: touches.account,
    },
    async ({ scope, input }) => {
      const params: unknown[] = [scope.ownerId];
      const where = ['account_id = $1'];
      if (input.status) {
        params.push(input.status);
        where.push(`status = $${params.length}`);
      }
      if (input.month) {
        params.push(startOfDay(`${input.month}-01`), startOfDay(`${addMonths(input.month, 1)}-01`));
        where.push(`pay_time >= $${params.length - 1} and pay_time < $${params.length}`);
      }
      if (input.freezeId) {
        params.push(input.freezeId);
        where.push(`id = $${params.length}`);
      }
      const filter = where.join(' and ');
      const sums = await rows<{ amount: string; released: string; refunded: string; remaining: string; total: number }>(
        db,
        `select coalesce(sum(amount), 0) as amount, coalesce(sum(released_amount), 0) as released,
                coalesce(sum(refunded_amount), 0) as refunded, coalesce(sum(remaining_amount), 0) as remaining,
                count(*)::int as total
         from area_card_freeze where ${filter}`,
        params,
      );
      const list = await rows<AreaCardFreeze & { rechargeNo: string; chargeRuleGroupId: number }>(
        db,
        `select id, recharge_no, card_id, card_no, charge_rule_group_id, area_name, user_phone, amount, released_amount,
                refunded_amount, remaining_amount, status, pay_time, last_release_time
         from area_card_freeze where ${filter} order by pay_time desc, id desc
         limit ${input.pageSize} offset ${(input.pageNum - 1) * input.pageSize}`,
        params,
      );
      const s = sums[0];
      const data: AreaCardFreezePage = {
        list: list.map((r) => ({
          id: Number(r.id),
          rechargeOrderNo: r.rechargeNo,
          cardId: Number(r.cardId),
          cardNo: r.cardNo,
          areaId: Number(r.chargeRuleGroupId),
          areaName: r.areaName,
          userPhone: r.userPhone ? maskPhone(r.userPhone) : '',
          amount: Number(r.amount),
          releasedAmount: Number(r.releasedAmount),
          refundedAmount: Number(r.refundedAmount),
          remainingAmount: Number(r.remainingAmount),
          status: Number(r.status) as AreaCardFreeze['status'],
          payTime: Number(r.payTime),
          lastReleaseTime: r.lastReleaseTime === null ? null : Number(r.lastReleaseTime),
        })),
        total: s?.total ?? 0,
        sum: {
          amount: Number(s?.amount ?? 0),
          releasedAmount: Number(s?.released ?? 0),
          refundedAmount: Number(s?.refunded ?? 0),
          remainingAmount: Number(s?.remaining ?? 0),
        },
      };
      return data;
    },
  );

  api.get(
    '/api/account/v2/areaCardReleaseList',
    {
      permission: 'income:view',
      input: z.object({ ...pageInput, freezeId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
      touches: touches.account,
    },
    async ({ scope, input }) => {
      const params = [input.freezeId, scope.ownerId];
      // another account's freeze is not told from a missing one (an object outside the caller's reach)
      const owned = await scalar(db, 'select count(*) from area_card_freeze where id = $1 and account_id = $2', params);
      if (owned === 0) throw hidden('冻结记录不存在或无权查看');
      const total = await scalar(
        db,
        `select count(*) from area_card_release r join area_card_freeze f on f.id = r.freeze_id
         where r.freeze_id = $1 and f.account_id = $2`,
        params,
      );
      const list = await rows<AreaCardRelease>(
        db,
        `select r.id, r.charge_order_id, r.order_no, r.site_id, r.site_name, r.amount, r.credited, r.create_time
         from area_card_release r join area_card_freeze f on f.id = r.freeze_id
         where r.freeze_id = $1 and f.account_id = $2 order by r.create_time desc, r.id desc
         limit ${input.pageSize} offset ${(input.pageNum - 1) * input.pageSize}`,
        params,
      );
      const data: Page<AreaCardRelease> = {
        list: list.map((r) => ({
          id: Number(r.id),
          chargeOrderId: Number(r.chargeOrderId),
          orderNo: r.orderNo,
          siteId: Number(r.siteId),
          siteName: r.siteName,
          amount: Number(r.amount),
          credited: Number(r.credited),
          createTime: Number(r.createTime),
        })),
        total,
      };
      return data;
    },
  );

  return api.app;
}
