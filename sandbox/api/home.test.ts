import { describe, expect, it } from 'vitest';
import type { SiteCount, TodayIncome, UnSignBackOrderCount } from '../../src/api/home';
import { scalar } from '../lib/db';
import { DAY_MS, addDays, dayOf, firstDayOfMonth } from '../lib/time';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * Home figures (A-shell-home-settlement.md §3 "Business rules: Home figures"; entities.md R2, R3): computed from the
 * orders at query time, they must agree with the materialised daily statistics and with each other.
 */

const NOW = Date.parse('2026-11-20T21:15:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator']);

/** Σ gross income of the operator's site and area rows of days [from, to]. */
function grossOf(from: string, to: string): Promise<number> {
  return scalar(
    sb.db,
    'select coalesce(sum(gross_income), 0) from site_daily_stat where operator_id = 10001 and date between $1 and $2',
    [from, to],
  );
}

describe('todayIncome', () => {
  it('today, yesterday and month totals equal the daily statistics (R3.3)', async () => {
    const { body } = await sb.get<TodayIncome>('/api/user/todayIncome', tokens.operator);
    expect(body.code).toBe(0);
    const today = dayOf(NOW);
    expect(body.data.total).toBe(await grossOf(today, today));
    expect(body.data.yesterdayTotal).toBe(await grossOf(addDays(today, -1), addDays(today, -1)));
    expect(body.data.monthTotal).toBe(await grossOf(firstDayOfMonth(today), today));
    const d = body.data;
    expect(d.total).toBe(d.charge + d.valueCardRecharge + d.monthCard + d.coin - d.refund);
    expect(d.charge).toBeGreaterThan(0);
    expect(d.yesterdayTotal).toBeGreaterThan(0);
  });

  it('a sub-account with dataScope 2 sees only its sites', async () => {
    const sub = await sb.login(DEMO_PHONES.subAccount);
    const { body } = await sb.get<TodayIncome>('/api/user/todayIncome', sub);
    const today = dayOf(NOW);
    const expected = await scalar(
      sb.db,
      'select coalesce(sum(gross_income), 0) from site_daily_stat where site_id in (1, 2) and date = $1',
      [today],
    );
    const areaRows = await scalar(
      sb.db,
      `select coalesce(sum(gross_income), 0) from site_daily_stat where site_id is null and date = $1
       and charge_rule_group_id in (select charge_rule_group_id from site where id in (1, 2))`,
      [today],
    );
    expect(body.data.total).toBe(expected + areaRows);
  });
});

describe('todayChargeInfo and siteCount', () => {
  it('counts orders of today by start time and sockets charging now (R2, R3.4)', async () => {
    const { body } = await sb.get<{ orderCount: number; chargingCount: number; yesterdayOrderCount: number }>(
      '/api/user/todayChargeInfo',
      tokens.operator,
    );
    const stats = await scalar(
      sb.db,
      'select coalesce(sum(order_count), 0) from site_daily_stat where operator_id = 10001 and site_id is not null and date = $1',
      [dayOf(NOW)],
    );
    expect(body.data.orderCount).toBe(stats);
    expect(body.data.chargingCount).toBe(2);
    expect(body.data.yesterdayOrderCount).toBeGreaterThan(30);
  });

  it('box and socket counts add up; 故障 boxes count as online (R2)', async () => {
    const { body } = await sb.get<SiteCount>('/api/user/siteCount', tokens.operator);
    const c = body.data;
    expect(c.siteCount).toBe(6);
    expect(c.boxCount).toBe(40);
    expect(c.socketCount).toBe(424);
    expect(c.onlineBoxCount + c.offlineBoxCount).toBe(c.boxCount);
    expect(c.offlineBoxCount).toBe(2);
    expect(c.idleSocketCount + c.chargingSocketCount + c.faultSocketCount + c.offlineSocketCount).toBe(c.socketCount);
  });
});

describe('coins, cards, held orders, children', () => {
  it('countCoinOrder and getCoinsOrderTotalMoney agree: amount = coins × 100 (R3.3)', async () => {
    const start = firstDayOfMonth(dayOf(NOW));
    const end = dayOf(NOW);
    const count = await sb.get<{ count: number; coinCount: number }>('/api/r9/order/countCoinOrder', tokens.operator, {
      startDate: start,
      endDate: end,
    });
    const money = await sb.get<{ amount: number; coinCount: number; orderCount: number }>(
      '/api/charger/getCoinsOrderTotalMoney',
      tokens.operator,
      { startDate: start, endDate: end },
    );
    expect(money.body.data.coinCount).toBe(count.body.data.coinCount);
    expect(money.body.data.orderCount).toBe(count.body.data.count);
    expect(money.body.data.amount).toBe(count.body.data.coinCount * 100);
    expect(count.body.data.count).toBeGreaterThan(0);
  });

  it('validates the day range', async () => {
    const reversed = await sb.get('/api/r9/order/countCoinOrder', tokens.operator, {
      startDate: '2026-11-20',
      endDate: '2026-11-01',
    });
    expect(reversed.body).toMatchObject({ code: 1, message: '开始日期不能晚于结束日期' });
    const long = await sb.get('/api/r9/order/countCoinOrder', tokens.operator, {
      startDate: '2026-01-01',
      endDate: '2026-11-01',
    });
    expect(long.body).toMatchObject({ code: 1, message: '查询时间跨度不能超过3个月' });
    const bad = await sb.get('/api/charger/getCoinsOrderTotalMoney', tokens.operator, {
      startDate: '20261101',
      endDate: '2026-11-02',
    });
    expect(bad.body.code).toBe(1);
    const foreign = await sb.get('/api/charger/getCoinsOrderTotalMoney', tokens.operator, {
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      siteId: 999,
    });
    expect(foreign.body.code).toBe(1);
  });

  it('cardCount counts cards with status ≠ 4 per type', async () => {
    const { body } = await sb.get<{ total: number; list: { total: number }[] }>('/api/card/cardCount', tokens.operator);
    const expected = await scalar(sb.db, 'select count(*) from card where merchant_id = 10001 and status <> 4');
    expect(body.data.total).toBe(expected);
    expect(body.data.list.reduce((s, r) => s + r.total, 0)).toBe(expected);
    const builder = await sb.login(DEMO_PHONES.builder);
    expect((await sb.get('/api/card/cardCount', builder)).body).toMatchObject({ code: 403, message: '无操作权限' });
  });

  it('the unsigned operator has held orders near their deadline; the signed one none (R5)', async () => {
    const unsigned = await sb.login(DEMO_PHONES.unsignedOperator);
    const { body } = await sb.get<UnSignBackOrderCount>('/api/user/unSignBackOrderCount', unsigned);
    expect(body.data.total).toBe(20);
    expect(body.data.chargeOrderCount).toBe(15);
    expect(body.data.rechargeOrderCount).toBe(5);
    expect(body.data.nearestDeadline).not.toBeNull();
    expect((body.data.nearestDeadline ?? 0) - NOW).toBeLessThan(3 * DAY_MS);
    expect(body.data.returnedCount).toBe(3);
    const signed = await sb.get<UnSignBackOrderCount>('/api/user/unSignBackOrderCount', tokens.operator);
    expect(signed.body.data.total).toBe(0);
  });

  it('commChildCount: one agent, one sub-account, two properties', async () => {
    const { body } = await sb.get('/api/user/commChildCount', tokens.operator);
    expect(body.data).toEqual({ agentCount: 1, subAccountCount: 1, propertyCount: 2 });
  });

  it('the property sees its share income and its wallet on its own home', async () => {
    const property = await sb.login(DEMO_PHONES.property);
    const { body } = await sb.get<{
      summary: { siteCount: number; totalShareIncome: number };
      availableBalance: number;
    }>('/api/user/merchantHomePage', property);
    expect(body.code).toBe(0);
    expect(body.data.summary.siteCount).toBe(2);
    expect(body.data.summary.totalShareIncome).toBeGreaterThan(0);
    const wallet = await scalar(sb.db, 'select available_balance from wallet where account_id = 10003');
    expect(body.data.availableBalance).toBe(wallet);
  });
});
