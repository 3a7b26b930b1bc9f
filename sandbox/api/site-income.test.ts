import { describe, expect, it } from 'vitest';
import type { SiteDetail } from '../../src/api/site';
import type { CardIncomePage, ChargeIncomePage, CoinOrderRow, SiteIncomeYear } from '../../src/api/site-income';
import { scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';
import { daysOfMonth } from './site-income';

/** Site income (B-site.md §5, Business rules E; entities.md SiteDailyStat, R1.3, R3). */

const NOW = Date.parse('2026-11-20T20:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator']);

const dayList = (token: string, siteId: number, month: string, pageNum = 1, pageSize = 20) =>
  sb.post<ChargeIncomePage>('/api/site/incomeDayList', token, { siteId, month, pageNum, pageSize });

describe('daysOfMonth (E1)', () => {
  it('runs from the creation day (or the 1st) to today (or the month end), newest first', () => {
    expect(daysOfMonth('2026-11', '2026-11-18', '2026-11-20')).toEqual(['2026-11-20', '2026-11-19', '2026-11-18']);
    expect(daysOfMonth('2024-02', '2020-01-01', '2026-11-20')).toHaveLength(29);
    expect(daysOfMonth('2026-12', '2020-01-01', '2026-11-20')).toEqual([]);
  });
});

describe('siteIncomeMonth', () => {
  it('sums the SiteDailyStat rows by month; the current month equals the site detail’s monthIncome', async () => {
    const { body } = await sb.get<SiteIncomeYear>('/api/site/siteIncomeMonth', tokens.operator, {
      siteId: 1,
      year: 2026,
    });
    expect(body.code).toBe(0);
    expect(body.data.list[0]?.month).toBe('2026-11');
    for (const row of body.data.list) {
      const gross = await scalar(
        sb.db,
        `select coalesce(sum(gross_income), 0) from site_daily_stat where site_id = 1 and date like $1`,
        [`${row.month}-%`],
      );
      expect(row.totalIncome).toBe(gross);
      expect(row.totalIncome).toBe(row.chargeIncome - row.refundAmount + row.coinIncome + row.cardIncome);
    }
    expect(body.data.summary.totalIncome).toBe(body.data.list.reduce((s, r) => s + r.totalIncome, 0));
    const detail = (await sb.get<SiteDetail>('/api/site/siteBaseInfo', tokens.operator, { siteId: 1 })).body.data;
    expect(body.data.list[0]?.totalIncome).toBe(detail.monthIncome);
    const mine = await scalar(
      sb.db,
      `select coalesce(sum(amount), 0) from order_split where site_id = 1 and account_id = 10001 and create_time >= $1`,
      [Date.parse('2026-11-01T00:00:00+08:00')],
    );
    expect(body.data.list[0]?.myIncome).toBe(mine);
  });

  it('refuses years out of range and parties of another owner’s site; the property sees its site', async () => {
    const early = await sb.get('/api/site/siteIncomeMonth', tokens.operator, { siteId: 1, year: 2019 });
    expect(early.body).toMatchObject({ code: 1, message: '年份超出范围' });
    const future = await sb.get('/api/site/siteIncomeMonth', tokens.operator, { siteId: 1, year: 2027 });
    expect(future.body).toMatchObject({ code: 1, message: '年份超出范围' });
    const agent = await sb.login(DEMO_PHONES.agent);
    const party = await sb.get('/api/site/siteIncomeMonth', agent, { siteId: 4, year: 2026 });
    expect(party.body).toMatchObject({ code: 403, message: '无权查看该站点收入明细' });
    const property = await sb.login(DEMO_PHONES.property);
    const own = await sb.get<SiteIncomeYear>('/api/site/siteIncomeMonth', property, { siteId: 1, year: 2026 });
    expect(own.body.code).toBe(0);
    const share = await scalar(
      sb.db,
      `select coalesce(sum(amount), 0) from order_split where site_id = 1 and account_id = 10003 and create_time >= $1`,
      [Date.parse('2026-11-01T00:00:00+08:00')],
    );
    expect(own.body.data.list[0]?.myIncome).toBe(share);
    const sub = await sb.login(DEMO_PHONES.subAccount);
    const outOfScope = await sb.get('/api/site/siteIncomeMonth', sub, { siteId: 3, year: 2026 });
    expect(outOfScope.body).toMatchObject({ code: 1, message: '站点不存在或无权查看' });
  });
});

describe('incomeDayList and cardIncomeDayList', () => {
  it('lists the days up to today newest first, paged, each equal to its SiteDailyStat row; summary = Σ days', async () => {
    const first = (await dayList(tokens.operator, 5, '2026-11', 1, 15)).body.data;
    const second = (await dayList(tokens.operator, 5, '2026-11', 2, 15)).body.data;
    expect(first.total).toBe(20);
    expect(first.list).toHaveLength(15);
    expect(second.list).toHaveLength(5);
    const all = [...first.list, ...second.list];
    expect(all[0]?.date).toBe('2026-11-20');
    expect(all[19]?.date).toBe('2026-11-01');
    for (const day of all) {
      const row = (
        await sb.db.query<{
          charge_income: number;
          coin_income: number;
          charge_refund_amount: number;
          order_count: number;
        }>(
          'select charge_income, coin_income, charge_refund_amount, order_count from site_daily_stat where site_id = 5 and date = $1',
          [day.date],
        )
      ).rows[0];
      expect(day).toMatchObject({
        chargeIncome: Number(row?.charge_income ?? 0),
        coinIncome: Number(row?.coin_income ?? 0),
        refundAmount: Number(row?.charge_refund_amount ?? 0),
        orderCount: Number(row?.order_count ?? 0),
      });
      expect(day.chargeNetIncome).toBe(day.chargeIncome - day.refundAmount + day.coinIncome);
    }
    expect(first.summary.chargeNetIncome).toBe(all.reduce((s, d) => s + d.chargeNetIncome, 0));
    expect(first.summary.orderCount).toBe(all.reduce((s, d) => s + d.orderCount, 0));
    // E5: a day's coin income equals the coin orders of that day.
    const coinDay = all.find((d) => d.coinIncome > 0);
    if (!coinDay) throw new Error('site 5 has coin orders');
    const total = await sb.get<{ amount: number; orderCount: number }>(
      '/api/charger/getCoinsOrderTotalMoney',
      tokens.operator,
      {
        siteId: 5,
        startDate: coinDay.date,
        endDate: coinDay.date,
      },
    );
    expect(total.body.data.amount).toBe(coinDay.coinIncome);
    const orders = await sb.get<{ list: CoinOrderRow[]; total: number }>(
      '/api/charger/getCoinsOrderList',
      tokens.operator,
      {
        siteId: 5,
        startDate: coinDay.date,
        endDate: coinDay.date,
        pageNum: 1,
        pageSize: 100,
      },
    );
    expect(orders.body.data.total).toBe(total.body.data.orderCount);
    expect(orders.body.data.list.reduce((s, o) => s + o.amount, 0)).toBe(coinDay.coinIncome);
    expect(orders.body.data.list.every((o) => o.amount === o.coinCount * 100 && o.siteName === '嘉绿苑西区车棚')).toBe(
      true,
    );
  });

  it('card income days equal SiteDailyStat; netAmount = value + month − refund', async () => {
    const page = (
      await sb.post<CardIncomePage>('/api/site/cardIncomeDayList', tokens.operator, {
        siteId: 1,
        month: '2026-10',
        pageNum: 1,
        pageSize: 31,
      })
    ).body.data;
    expect(page.total).toBe(31);
    const sum = await scalar(
      sb.db,
      `select coalesce(sum(card_net_amount), 0) from site_daily_stat where site_id = 1 and date like '2026-10-%'`,
    );
    expect(page.summary.netAmount).toBe(sum);
    for (const d of page.list) expect(d.netAmount).toBe(d.valueCardAmount + d.monthCardAmount - d.refundAmount);
    expect(page.summary.valueCardAmount).toBe(page.list.reduce((s, d) => s + d.valueCardAmount, 0));
  });

  it('validates the month: format, not before the site’s creation, not in the future', async () => {
    expect((await dayList(tokens.operator, 1, '2026-13')).body).toMatchObject({
      code: 1,
      message: '月份格式须为YYYY-MM',
    });
    expect((await dayList(tokens.operator, 6, '2026-01')).body).toMatchObject({ code: 1, message: '月份超出范围' });
    expect((await dayList(tokens.operator, 1, '2026-12')).body).toMatchObject({ code: 1, message: '月份超出范围' });
  });
});
