import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type {
  CardIncomeDay,
  CardIncomePage,
  ChargeIncomeDay,
  ChargeIncomePage,
  CoinOrderRow,
  SiteIncomeMonthRow,
  SiteIncomeYear,
} from '../../src/api/site-income';
import type { SiteTarget } from '../http/access';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID } from '../http/envelope';
import { touches } from '../http/touch';
import { one, rows, scalar, type Db } from '../lib/db';
import { DAY_MS, addDays, addMonths, dayOf, monthOf, startOfDay } from '../lib/time';

/**
 * Site income (B-site.md §5, Business rules E; entities.md SiteDailyStat §73, R3): the year overview month by month,
 * the day lists of charging and card top-up income of a month, and the coin orders of a day range. Every figure is read
 * from the materialised SiteDailyStat rows of the site, so that days add up to months and months to the year
 * (E4) and equal the home and income figures (incomeBetween); myIncome is the caller's own OrderSplit rows at the site.
 * Months run from the site's creation month to the current month, days up to today (E1). The owner (and its
 * sub-accounts within their scope) and the site's property see the site's figures; a party that only shares in a site
 * of another owner is refused (R1.3: it sees only its own share, on the site detail).
 */

/** Settle statuses that count as income (R3.2). */
const INCOME_SETTLE = '(0, 1, 3)';

const monthSchema = z.string({ error: '缺少月份 month' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式须为YYYY-MM');
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式须为YYYY-MM-DD');
const pageFields = {
  pageNum: z.coerce.number().int().min(1, 'pageNum 须为正整数'),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize 最大为100'),
};

/**
 * Who may see a site's income (declared on each endpoint): income:view and the site in the caller's own scope — a
 * share party's read-only view of another owner's site is refused with 403 (R1.3: it sees only its own share).
 */
const incomeAccess = {
  permission: 'income:view',
  touches: touches.site('siteId', 'scope', { refused: '无权查看该站点收入明细' }),
} as const;

/** The creation day of a site whose income the caller may see (checked by incomeAccess). */
async function createDayOf(db: PGlite, site: SiteTarget): Promise<string> {
  const row = await one<{ createTime: number }>(db, 'select create_time from site where id = $1', [site.id]);
  return dayOf(Number(row?.createTime));
}

/**
 * One page of a month's day rows (newest first) with the month's summary: each figure `keys` names summed over every
 * day of the month, not only the page (E4: months are sums of their days).
 */
export function dayListPage<R extends { date: string } & Record<K, number>, K extends string>(
  all: readonly R[],
  page: { pageNum: number; pageSize: number },
  keys: readonly K[],
): { list: R[]; total: number; summary: Record<K, number> } {
  const summary = Object.fromEntries(keys.map((key) => [key, all.reduce((sum, row) => sum + row[key], 0)]));
  return {
    list: all.slice((page.pageNum - 1) * page.pageSize, page.pageNum * page.pageSize),
    total: all.length,
    summary: summary as Record<K, number>,
  };
}

/** The days of a month the lists show: from the site's creation day (if later) to today (if earlier), newest first. */
export function daysOfMonth(month: string, createDay: string, today: string): string[] {
  const first = `${month}-01`;
  const last = addDays(`${addMonths(month, 1)}-01`, -1);
  const from = first > createDay ? first : createDay;
  const to = last < today ? last : today;
  const days: string[] = [];
  for (let d = to; d >= from; d = addDays(d, -1)) days.push(d);
  return days;
}

/** Checks that a month is within the site's creation month and the current month (E1). */
function checkMonth(month: string, createDay: string, today: string): void {
  if (month < createDay.slice(0, 7) || month > today.slice(0, 7)) throw new BizError(INVALID, '月份超出范围');
}

/** SiteDailyStat rows of a site between two days inclusive, keyed by day. */
/** One day's SiteDailyStat figures of a site, as statsBetween reads them. */
type DayStat = Awaited<ReturnType<typeof statsBetween>> extends Map<string, infer S> ? S : never;

async function statsBetween(db: PGlite, siteId: number, from: string, to: string) {
  const list = await rows<{
    date: string;
    orderCount: number;
    energyWh: number;
    chargeIncome: number;
    coinIncome: number;
    chargeRefundAmount: number;
    chargeNetIncome: number;
    rechargeCount: number;
    valueCardIncome: number;
    monthCardIncome: number;
    giveAmount: number;
    cardRefundAmount: number;
    cardNetAmount: number;
    grossIncome: number;
  }>(
    db,
    `select date, order_count, energy_wh, charge_income, coin_income, charge_refund_amount, charge_net_income,
            recharge_count, value_card_income, month_card_income, give_amount, card_refund_amount, card_net_amount,
            gross_income
     from site_daily_stat where site_id = $1 and date between $2 and $3`,
    [siteId, from, to],
  );
  return new Map(list.map((r) => [r.date, r]));
}

const n = (v: number | string | null | undefined) => Number(v ?? 0);

/**
 * The coin orders of `sites` paid in [startDate, endDate] (days), newest first, and how many there are: the list of
 * /income/statement/coinBill (GET /api/charger/getCoinsOrderList) and the rows of its export (docType 6). `page`
 * limits the rows (all of them without it).
 */
export async function coinOrders(
  db: Db,
  sites: readonly number[],
  startDate: string,
  endDate: string,
  page?: { limit: number; offset: number },
): Promise<{ list: CoinOrderRow[]; total: number }> {
  const params: unknown[] = [sites, startOfDay(startDate), startOfDay(addDays(endDate, 1))];
  const where = `o.site_id = any($1::bigint[]) and o.pay_type = 6 and o.status <> 5
      and o.settle_status in ${INCOME_SETTLE} and o.pay_time >= $2 and o.pay_time < $3`;
  const total = await scalar(db, `select count(*) from charge_order o where ${where}`, params);
  const list = await rows<CoinOrderRow>(
    db,
    `select o.id, o.order_no, o.site_id, s.name as site_name, o.serial_number, o.socket_no,
          coalesce(o.coin_count, 0) as coin_count, o.amount,
          case when o.status = 1 then coalesce(o.preset_minutes, 0) else o.duration_minutes end as minutes,
          o.start_time
     from charge_order o join site s on s.id = o.site_id
     where ${where} order by o.pay_time desc, o.id desc limit $4 offset $5`,
    [...params, page?.limit ?? null, page?.offset ?? 0],
  );
  return {
    list: list.map((r) => ({
      ...r,
      id: Number(r.id),
      siteId: Number(r.siteId),
      amount: Number(r.amount),
      startTime: Number(r.startTime),
    })),
    total,
  };
}

export function siteIncomeRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // GET /api/site/siteIncomeMonth — one year of a site, month by month (newest first) with the year's summary.
  api.get(
    '/api/site/siteIncomeMonth',
    {
      ...incomeAccess,
      input: z.object({
        siteId: z.coerce.number({ error: '缺少站点 siteId' }).int().positive(),
        year: z.coerce.number({ error: '缺少年份 year' }).int().min(2000, '年份不合法').max(2100, '年份不合法'),
      }),
    },
    async ({ caller, input: q, target }) => {
      const createDay = await createDayOf(db, target);
      const today = dayOf(now());
      const createYear = Number(createDay.slice(0, 4));
      if (q.year < createYear || q.year > Number(today.slice(0, 4))) throw new BizError(INVALID, '年份超出范围');
      const firstMonth = q.year === createYear ? createDay.slice(0, 7) : `${q.year}-01`;
      const lastMonth = q.year === Number(today.slice(0, 4)) ? monthOf(now()) : `${q.year}-12`;
      const stats = await statsBetween(db, q.siteId, `${firstMonth}-01`, `${lastMonth}-31`);
      const list: SiteIncomeMonthRow[] = [];
      for (let month = lastMonth; month >= firstMonth; month = addMonths(month, -1)) {
        const row: SiteIncomeMonthRow = {
          month,
          chargeIncome: 0,
          coinIncome: 0,
          cardIncome: 0,
          refundAmount: 0,
          totalIncome: 0,
          myIncome: 0,
          orderCount: 0,
          energyWh: 0,
        };
        for (const [day, s] of stats) {
          if (!day.startsWith(month)) continue;
          row.chargeIncome += n(s.chargeIncome);
          row.coinIncome += n(s.coinIncome);
          row.cardIncome += n(s.cardNetAmount);
          row.refundAmount += n(s.chargeRefundAmount);
          row.totalIncome += n(s.grossIncome);
          row.orderCount += n(s.orderCount);
          row.energyWh += n(s.energyWh);
        }
        row.myIncome = await scalar(
          db,
          `select coalesce(sum(amount), 0) from order_split where site_id = $1 and account_id = $2
         and create_time >= $3 and create_time < $4`,
          [q.siteId, caller.ownerId, startOfDay(`${month}-01`), startOfDay(`${addMonths(month, 1)}-01`)],
        );
        list.push(row);
      }
      const data: SiteIncomeYear = {
        summary: {
          totalIncome: list.reduce((s, r) => s + r.totalIncome, 0),
          myIncome: list.reduce((s, r) => s + r.myIncome, 0),
          orderCount: list.reduce((s, r) => s + r.orderCount, 0),
          energyWh: list.reduce((s, r) => s + r.energyWh, 0),
        },
        list,
      };
      return data;
    },
  );

  const dayListSchema = z.object({
    siteId: z.number({ error: '缺少站点 siteId' }).int().positive(),
    month: monthSchema,
    ...pageFields,
  });

  /**
   * The SiteDailyStat rows of the days a month's list shows (B §5: creation day … today, newest first) for a caller who
   * may see the site's income; the month must be within range.
   */
  const monthDays = async (site: SiteTarget, q: z.infer<typeof dayListSchema>) => {
    const createDay = await createDayOf(db, site);
    const today = dayOf(now());
    checkMonth(q.month, createDay, today);
    const days = daysOfMonth(q.month, createDay, today);
    const stats = days.length ? await statsBetween(db, q.siteId, days[days.length - 1] ?? '', days[0] ?? '') : null;
    return days.map((date) => ({ date, s: stats?.get(date) }));
  };

  /**
   * A month's day-list endpoint (B §5): `row` turns a day's SiteDailyStat row (undefined = nothing that day) into the
   * list's row; the summary sums `keys` over the whole month (dayListPage).
   */
  const dayListRoute = <R extends { date: string } & Record<K, number>, K extends string>(
    url: string,
    row: (date: string, s: DayStat | undefined) => R,
    keys: readonly K[],
  ) =>
    api.post(url, { ...incomeAccess, input: dayListSchema }, async ({ input: q, target }) => {
      const days = await monthDays(target, q);
      return dayListPage(
        days.map(({ date, s }) => row(date, s)),
        q,
        keys,
      );
    });

  // POST /api/site/incomeDayList — charging income (scan and coin) per day of one month.
  dayListRoute(
    '/api/site/incomeDayList',
    (date, s): ChargeIncomeDay => ({
      date,
      orderCount: n(s?.orderCount),
      chargeIncome: n(s?.chargeIncome),
      coinIncome: n(s?.coinIncome),
      refundAmount: n(s?.chargeRefundAmount),
      chargeNetIncome: n(s?.chargeNetIncome),
      energyWh: n(s?.energyWh),
    }),
    [
      'chargeIncome',
      'coinIncome',
      'refundAmount',
      'chargeNetIncome',
      'orderCount',
      'energyWh',
    ] satisfies (keyof ChargeIncomePage['summary'])[],
  );

  // POST /api/site/cardIncomeDayList — card top-up income per day of one month.
  dayListRoute(
    '/api/site/cardIncomeDayList',
    (date, s): CardIncomeDay => ({
      date,
      rechargeCount: n(s?.rechargeCount),
      valueCardAmount: n(s?.valueCardIncome),
      monthCardAmount: n(s?.monthCardIncome),
      giveAmount: n(s?.giveAmount),
      refundAmount: n(s?.cardRefundAmount),
      netAmount: n(s?.cardNetAmount),
    }),
    [
      'rechargeCount',
      'valueCardAmount',
      'monthCardAmount',
      'giveAmount',
      'refundAmount',
      'netAmount',
    ] satisfies (keyof CardIncomePage['summary'])[],
  );

  // GET /api/charger/getCoinsOrderList — coin orders of a day range (optionally one site), newest first.
  api.get(
    '/api/charger/getCoinsOrderList',
    {
      permission: 'login',
      input: z
        .object({
          siteId: z.coerce.number().int().positive().optional(),
          startDate: daySchema,
          endDate: daySchema,
          ...pageFields,
        })
        .refine((r) => r.startDate <= r.endDate, '开始日期不能晚于结束日期')
        .refine((r) => (startOfDay(r.endDate) - startOfDay(r.startDate)) / DAY_MS <= 92, '查询时间跨度不能超过3个月'),
      touches: touches.optionalSite('siteId', 'scope'),
    },
    async ({ scope, input: q, target }) => {
      const sites = target ? [target.id] : await scope.siteIds();
      return coinOrders(db, sites, q.startDate, q.endDate, { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
    },
  );

  return api.app;
}
