import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type {
  CardCount,
  CommChildCount,
  MerchantHomePage,
  TodayChargeInfo,
  TodayIncome,
  UnSignBackOrderCount,
} from '../../src/api/home';
import { endpoints } from '../http/endpoint';
import { touches } from '../http/touch';
import { one, rows, scalar } from '../lib/db';
import { DAY_MS, addDays, dayOf, firstDayOfMonth, startOfDay, startOfDayAt } from '../lib/time';
import {
  INCOME_SETTLE,
  countedSiteIds,
  incomeBetween,
  orderCountBySite,
  siteCounts,
  siteIncomeBetween,
} from '../domain/sites';

/** The account figures of domain/sites.ts, where other screens' endpoints have always imported them from. */
export { incomeBetween, siteCounts };

/**
 * Home figures (A-shell-home-settlement.md §3, "Business rules: Home figures"; entities.md R2, R3), computed from the
 * orders and recharges at query time, limited to the caller's data scope. Money fen, energy Wh, minutes.
 */

/** Orders counted as charging orders of a day window (R3.4): the sum of the sites' counts of domain/sites.ts. */
async function orderCountBetween(db: PGlite, siteIds: number[], from: number, to: number): Promise<number> {
  let total = 0;
  for (const n of (await orderCountBySite(db, siteIds, from, to)).values()) total += n;
  return total;
}

const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式须为YYYY-MM-DD');

/** A validated day range: start ≤ end, at most 92 days. */
const dayRange = z
  .object({ startDate: dayString, endDate: dayString, siteId: z.coerce.number().int().positive().optional() })
  .refine((r) => r.startDate <= r.endDate, '开始日期不能晚于结束日期')
  .refine((r) => (startOfDay(r.endDate) - startOfDay(r.startDate)) / DAY_MS <= 92, '查询时间跨度不能超过3个月');

async function coinBetween(db: PGlite, siteIds: number[], startDate: string, endDate: string) {
  const row = await one<{ count: number; coinCount: number; amount: number }>(
    db,
    `select count(*)::int as count, coalesce(sum(coin_count), 0)::int as coin_count, coalesce(sum(amount), 0)::bigint as amount
     from charge_order where site_id = any($1::bigint[]) and pay_type = 6 and status <> 5
       and settle_status in ${INCOME_SETTLE} and pay_time >= $2 and pay_time < $3`,
    [siteIds, startOfDay(startDate), startOfDay(addDays(endDate, 1))],
  );
  return { count: row?.count ?? 0, coinCount: row?.coinCount ?? 0, amount: Number(row?.amount ?? 0) };
}

export function homeRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  api.get(
    '/api/user/todayIncome',
    { permission: 'login', input: z.object({}), touches: touches.sites },
    async ({ scope }) => {
      const siteIds = await scope.siteIds();
      const at = now();
      const today = startOfDayAt(at);
      const todayIncome = await incomeBetween(db, siteIds, today, today + DAY_MS);
      const yesterday = await incomeBetween(db, siteIds, today - DAY_MS, today);
      const month = await incomeBetween(db, siteIds, startOfDay(firstDayOfMonth(dayOf(at))), today + DAY_MS);
      const data: TodayIncome = {
        total: todayIncome.total,
        charge: todayIncome.charge,
        valueCardRecharge: todayIncome.valueCard,
        monthCard: todayIncome.monthCard,
        coin: todayIncome.coin,
        refund: todayIncome.refund,
        yesterdayTotal: yesterday.total,
        monthTotal: month.total,
      };
      return data;
    },
  );

  api.get(
    '/api/user/todayChargeInfo',
    { permission: 'login', input: z.object({}), touches: touches.sites },
    async ({ scope }) => {
      const siteIds = await scope.siteIds();
      const today = startOfDayAt(now());
      const totals = await one<{ energy: number; duration: number; users: number }>(
        db,
        `select coalesce(sum(energy_wh), 0)::bigint as energy, coalesce(sum(duration_minutes), 0)::bigint as duration,
              count(distinct coalesce(user_id::text, card_no, user_phone))::int as users
       from charge_order where site_id = any($1::bigint[]) and status <> 5 and start_time >= $2 and start_time < $3`,
        [siteIds, today, today + DAY_MS],
      );
      // sockets charging now: the count of home's socket line (R2.3, domain/sites.ts)
      const { chargingSocketCount: chargingCount } = await siteCounts(db, await countedSiteIds(db, siteIds));
      const data: TodayChargeInfo = {
        orderCount: await orderCountBetween(db, siteIds, today, today + DAY_MS),
        chargingCount,
        energy: Number(totals?.energy ?? 0),
        duration: Number(totals?.duration ?? 0),
        userCount: totals?.users ?? 0,
        yesterdayOrderCount: await orderCountBetween(db, siteIds, today - DAY_MS, today),
      };
      return data;
    },
  );

  api.get(
    '/api/user/siteCount',
    { permission: 'login', input: z.object({}), touches: touches.sites },
    async ({ scope }) => {
      return await siteCounts(db, await countedSiteIds(db, await scope.siteIds()));
    },
  );

  api.get(
    '/api/user/unSignBackOrderCount',
    { permission: 'login', input: z.object({}), touches: touches.sites },
    async ({ scope }) => {
      const siteIds = await scope.siteIds();
      const held = await one<{ count: number; amount: number; deadline: number | null }>(
        db,
        `select count(*)::int as count, coalesce(sum(amount), 0)::bigint as amount, min(deadline) as deadline
       from charge_order where site_id = any($1::bigint[]) and settle_status = 2`,
        [siteIds],
      );
      const heldRecharges = await one<{ count: number; amount: number; deadline: number | null }>(
        db,
        `select count(*)::int as count, coalesce(sum(pay_amount), 0)::bigint as amount, min(deadline) as deadline
       from card_recharge where site_id = any($1::bigint[]) and settle_status = 2`,
        [siteIds],
      );
      const since = now() - 30 * DAY_MS;
      const returned =
        (await scalar(
          db,
          'select count(*) from charge_order where site_id = any($1::bigint[]) and settle_status = 4 and return_time >= $2',
          [siteIds, since],
        )) +
        (await scalar(
          db,
          'select count(*) from card_recharge where site_id = any($1::bigint[]) and settle_status = 4 and return_time >= $2',
          [siteIds, since],
        ));
      const deadlines = [held?.deadline, heldRecharges?.deadline].filter(
        (d): d is number => d !== null && d !== undefined,
      );
      const data: UnSignBackOrderCount = {
        total: (held?.count ?? 0) + (heldRecharges?.count ?? 0),
        amount: Number(held?.amount ?? 0) + Number(heldRecharges?.amount ?? 0),
        chargeOrderCount: held?.count ?? 0,
        chargeOrderAmount: Number(held?.amount ?? 0),
        rechargeOrderCount: heldRecharges?.count ?? 0,
        rechargeOrderAmount: Number(heldRecharges?.amount ?? 0),
        nearestDeadline: deadlines.length ? Math.min(...deadlines.map(Number)) : null,
        returnedCount: returned,
      };
      return data;
    },
  );

  api.get(
    '/api/user/commChildCount',
    { permission: 'login', input: z.object({}), touches: touches.account },
    async ({ caller }) => {
      const { ownerId } = caller;
      const data: CommChildCount = {
        agentCount: await scalar(
          db,
          'select count(*) from account where account_type = 2 and parent_id = $1 and status = 1',
          [ownerId],
        ),
        subAccountCount: await scalar(
          db,
          'select count(*) from account where account_type = 4 and main_account_id = $1 and status in (1, 2)',
          [ownerId],
        ),
        propertyCount: await scalar(
          db,
          'select count(*) from account where account_type = 3 and parent_id = $1 and status in (0, 1)',
          [ownerId],
        ),
      };
      return data;
    },
  );

  api.get(
    '/api/card/cardCount',
    { permission: 'card:view', input: z.object({}), touches: touches.sites },
    async ({ caller, scope }) => {
      const scoped = caller.account.accountType === 4 && caller.account.dataScope === 2;
      const siteIds = await scope.siteIds();
      const today = dayOf(now());
      const filter = scoped
        ? 'and exists (select 1 from card_site cs where cs.card_id = card.id and cs.site_id = any($2::bigint[]))'
        : '';
      const params: unknown[] = scoped ? [caller.ownerId, siteIds] : [caller.ownerId];
      const perType = await rows<{
        cardType: number;
        total: number;
        activeCount: number;
        balanceSum: number;
        validCount: number;
      }>(
        db,
        `select card_type, count(*)::int as total, count(*) filter (where status = 3)::int as active_count,
              coalesce(sum(balance + give_balance), 0)::bigint as balance_sum,
              count(*) filter (where status = 3 and (card_type <> 2 or end_date >= '${today}'))::int as valid_count
       from card where merchant_id = $1 and status <> 4 ${filter} group by card_type order by card_type`,
        params,
      );
      const count = (type: number) => perType.find((r) => r.cardType === type)?.total ?? 0;
      const todayNewCount = await scalar(
        db,
        `select count(*) from card where merchant_id = $1 and status <> 4 and create_time >= ${startOfDayAt(now())} ${filter}`,
        params,
      );
      const data: CardCount = {
        total: perType.reduce((s, r) => s + r.total, 0),
        siteValueCardCount: count(1),
        siteMonthCardCount: count(2),
        areaValueCardCount: count(3),
        electronicCardCount: count(4),
        todayNewCount,
        list: perType.map((r) => ({ ...r, balanceSum: Number(r.balanceSum) })),
      };
      return data;
    },
  );

  api.get(
    '/api/r9/order/countCoinOrder',
    { permission: 'login', input: dayRange, touches: touches.optionalSite('siteId', 'scope') },
    async ({ scope, input: range, target }) => {
      const siteIds = target ? [target.id] : await scope.siteIds();
      const { count, coinCount } = await coinBetween(db, siteIds, range.startDate, range.endDate);
      return { count, coinCount };
    },
  );

  api.get(
    '/api/charger/getCoinsOrderTotalMoney',
    { permission: 'login', input: dayRange, touches: touches.optionalSite('siteId', 'scope') },
    async ({ scope, input: range, target }) => {
      const siteIds = target ? [target.id] : await scope.siteIds();
      const { count, coinCount, amount } = await coinBetween(db, siteIds, range.startDate, range.endDate);
      return { amount, coinCount, orderCount: count };
    },
  );

  api.get(
    '/api/user/merchantHomePage',
    {
      permission: 'login',
      input: z.object({
        merchantId: z.coerce.number().int().positive().optional(),
        pageNum: z.coerce.number().int().min(1, 'pageNum 须为正整数').optional(),
        pageSize: z.coerce.number().int().min(1).max(100, 'pageSize 最大为100').optional(),
      }),
      touches: touches.property('merchantId'),
    },
    async ({ caller, input: q, target: { merchantId } }) => {
      const merchant = await one<{ name: string; shortName: string }>(
        db,
        'select name, short_name from account where id = $1',
        [merchantId],
      );
      if (!merchant) throw new Error('a checked property exists');
      const at = now();
      const today = startOfDayAt(at);
      const monthStart = startOfDay(firstDayOfMonth(dayOf(at)));
      const share = async (from: number | null) =>
        scalar(
          db,
          `select coalesce(sum(amount), 0) from order_split where account_id = $1 and role in (1, 2, 5)
         ${from === null ? '' : 'and create_time >= $2'}`,
          from === null ? [merchantId] : [merchantId, from],
        );
      // The property's party row of the share rule in force gives its ratio (C-mine.md base/list 分润比例).
      const sites = await rows<{
        siteId: number;
        siteName: string;
        address: string;
        socketCount: number;
        shareRatio: number | null;
      }>(
        db,
        `select s.id as site_id, s.name as site_name, s.address,
              (select count(*)::int from charger c join device d on d.id = c.device_id where d.site_id = s.id) as socket_count,
              (select p.charge_rate from site_share_rule_version v join site_share_party p on p.version_id = v.id
                where v.site_id = s.id and v.status = 1 and p.user_id = $1 and p.party_type = 2
                order by v.id desc limit 1) as share_ratio
       from site s where s.merchant_id = $1 and s.deleted = 0 order by s.id`,
        [merchantId],
      );
      // The whole site's income is the owner's business: the property itself sees its share only (rule 1).
      const income =
        merchantId === caller.ownerId
          ? null
          : await siteIncomeBetween(
              db,
              sites.map((site) => site.siteId),
              monthStart,
              today + DAY_MS,
            );
      const list = [];
      for (const site of sites) {
        const monthShareIncome = await scalar(
          db,
          'select coalesce(sum(amount), 0) from order_split where account_id = $1 and site_id = $2 and create_time >= $3',
          [merchantId, site.siteId, monthStart],
        );
        list.push({
          ...site,
          shareRatio: site.shareRatio === null ? null : Number(site.shareRatio),
          monthIncome: income ? (income.get(Number(site.siteId))?.total ?? 0) : null,
          monthShareIncome,
        });
      }
      const paged =
        q.pageSize === undefined ? list : list.slice(((q.pageNum ?? 1) - 1) * q.pageSize).slice(0, q.pageSize);
      const wallet = await one<{ availableBalance: number }>(
        db,
        'select available_balance from wallet where account_id = $1',
        [merchantId],
      );
      const data: MerchantHomePage = {
        merchantId,
        name: merchant.shortName || merchant.name,
        summary: {
          siteCount: sites.length,
          socketCount: sites.reduce((s, r) => s + r.socketCount, 0),
          todayShareIncome: await share(today),
          monthShareIncome: await share(monthStart),
          totalShareIncome: await share(null),
        },
        availableBalance: merchantId === caller.ownerId ? Number(wallet?.availableBalance ?? 0) : 0,
        list: paged,
        total: list.length,
      };
      return data;
    },
  );

  return api.app;
}
