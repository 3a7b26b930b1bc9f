import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import type {
  AgentStatement,
  AreaCardFreezePage,
  DayBillOperation,
  ElectricIncome,
  RechargeIncome,
  MerchantItem,
  MonthBillMerchant,
  MonthBillOperation,
  SiteBillDetail,
  SiteBillPage,
  YearStatement,
} from '../../src/api/statements';
import {
  byTestId,
  clickText,
  openDemoPhone,
  press,
  sharedBrowser,
  shanghaiDate,
  textOf,
  waitForPath,
  waitForText,
  waitForTextOf,
  yuanText,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * The statement (D-income.md §4 /income/statement/bill) and a day's detail (/income/detail-list) in both bundles,
 * against the sandbox's figures: opened from /income's 对账单, this month's 营业额 and 净入账; tapping last month's bar
 * selects that month (its figures and its month chip); a day of it opens its detail by site, whose parts show on
 * tapping, and the day switcher moves to the day before; 物业账单 shows the property's share.
 */

const baseUrl = sandboxUrl();
const browser = sharedBrowser();

const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

/** Taps the bar of month index `idx` (0 = January) of the statement's chart. */
async function tapBar(page: Page, idx: number): Promise<void> {
  const over = `${byTestId('statement-chart')} .u-over`;
  await page.waitForSelector(over);
  const box = await page.$eval(over, (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  await page.mouse.click(box.x + ((idx + 0.5) / 12) * box.width, box.y + box.height - 4);
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: statements', (host) => {
  it('a month, a tapped bar, a day by site, the day before, a property', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    const today = shanghaiDate();
    const month = today.slice(0, 7);
    const year = Number(month.slice(0, 4));
    const now = await call.get<MonthBillOperation>(withQuery('/api/user/monthBillDetailOperation', { month }));

    // from /income's 功能 grid
    await page.goto(`${baseUrl}/income`);
    await clickText(page, '对账单');
    await waitForPath(page, '/income/statement/bill');
    await waitForTextOf(page, byTestId('statement-gross'), yuanText(now.summary.grossIncome));
    expect(await page.title()).toBe('对账单');
    expect(await textOf(page, byTestId('statement-net'))).toBe(yuanText(now.summary.netIncome));
    expect(await textOf(page, byTestId('statement-year-label'))).toBe(`${year}年`);

    // tapping last month's bar selects it (a month of this year; in January the arrow goes back a year first)
    const last = month.endsWith('-01')
      ? `${year - 1}-12`
      : `${year}-${String(Number(month.slice(5)) - 1).padStart(2, '0')}`;
    if (month.endsWith('-01')) await page.click('[aria-label="上一年"]');
    const chart = await call.get<YearStatement>(
      withQuery('/api/account/v2/statement', { year: Number(last.slice(0, 4)) }),
    );
    const lastBill = await call.get<MonthBillOperation>(
      withQuery('/api/user/monthBillDetailOperation', { month: last }),
    );
    expect(chart.months[Number(last.slice(5)) - 1]?.grossIncome).toBe(lastBill.summary.grossIncome);
    await tapBar(page, Number(last.slice(5)) - 1);
    await waitForTextOf(page, byTestId('statement-gross'), yuanText(lastBill.summary.grossIncome));
    expect(await textOf(page, byTestId('statement-net'))).toBe(yuanText(lastBill.summary.netIncome));
    expect(await textOf(page, '[role="radio"][aria-checked="true"]')).toBe(`${Number(last.slice(5))}月`);

    // a day of that month → its sites
    const day = lastBill.days[2] ?? lastBill.days[0];
    if (!day) throw new Error('the demo world has no day in last month');
    const detail = await call.get<DayBillOperation>(withQuery('/api/user/dayBillDetailOperate', { date: day.date }));
    await press(page, `a[href*="date=${day.date}"]`);
    await waitForPath(page, '/income/detail-list');
    await waitForTextOf(page, byTestId('detail-gross'), yuanText(day.grossIncome));
    expect(await textOf(page, byTestId('detail-net'))).toBe(yuanText(detail.summary.netIncome));
    const site = detail.sites[0];
    if (!site) throw new Error('the day has no site');
    await clickText(page, site.siteName);
    await waitForTextOf(page, byTestId('detail-site-parts'), yuanText(site.chargeIncome), 'contains');
    expect(await textOf(page, byTestId('detail-site-parts'))).toContain(yuanText(site.netIncome));
    // the day before
    const before = new Date(Date.parse(`${day.date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const previous = await call.get<DayBillOperation>(withQuery('/api/user/dayBillDetailOperate', { date: before }));
    await press(page, '[aria-label="前一天"]');
    await waitForTextOf(page, byTestId('detail-date'), before, 'contains');
    await waitForTextOf(page, byTestId('detail-gross'), yuanText(previous.summary.grossIncome));
    expect(new URL(page.url()).searchParams.get('date')).toBe(before);

    // 物业账单: the first property's share of this month
    const { list } = await call.get<{ list: MerchantItem[] }>('/api/user/merchantListByoperateId');
    const merchant = list[0];
    if (!merchant) throw new Error('the demo operator has no property');
    const share = await call.get<MonthBillMerchant>(
      withQuery('/api/user/monthBillDetailMerchant', {
        month,
        merchantId: merchant.merchantId,
      }),
    );
    await page.goto(`${baseUrl}/income/statement/bill`);
    await waitForTextOf(page, byTestId('statement-gross'), yuanText(now.summary.grossIncome));
    await clickText(page, '物业账单');
    await waitForText(page, `物业：${merchant.name}`);
    await waitForTextOf(page, byTestId('statement-share'), yuanText(share.summary.shareAmount));
    await context.close();
  });

  // D-income.md §4 /income/statement/bill: 代理商分润 rows (operators with agents); agent row →
  // /mine/factorialList/info?id={agentId} (C-mine.md §/mine/factorialList/info, built).
  it('each agent row of 代理商分润 links to that agent’s detail, which it opens', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    const month = shanghaiDate().slice(0, 7);
    const agents = await call.get<AgentStatement>(
      withQuery('/api/account/v2/agentStatement', { month, pageNum: 1, pageSize: 20 }),
    );
    const agent = agents.list[0];
    if (agents.role !== 1 || !agent) throw new Error('the demo operator has no agent');
    await page.goto(`${baseUrl}/income/statement/bill`);
    await page.waitForSelector(byTestId('statement-agents'));
    for (const row of agents.list) {
      const link = await page.$eval(byTestId(`statement-agent-${row.agentId}`), (el) => [
        el.tagName,
        el.getAttribute('href'),
      ]);
      expect(link).toEqual(['A', `/mine/factorialList/info?id=${row.agentId}`]);
    }
    await press(page, byTestId(`statement-agent-${agent.agentId}`));
    await waitForPath(page, `/mine/factorialList/info?id=${agent.agentId}`);
    await waitForText(page, agent.agentName);
    await context.close();
  });

  it('a site bill: the month’s bills with their sums, one bill itemised, a property’s bills', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    const month = shanghaiDate().slice(0, 7);
    const bills = await call.get<SiteBillPage>(
      withQuery('/api/bill/firstCommPropertyBill', { month, pageNum: 1, pageSize: 20 }),
    );
    await page.goto(`${baseUrl}/income/statement/bill`);
    await clickText(page, '站点账单');
    await waitForPath(page, '/income/statement/bill/siteBill');
    await waitForTextOf(
      page,
      byTestId('site-bill-sum'),
      `${bills.total}个站点 · 营业额 ${yuanText(bills.sum.grossIncome)} · 物业分润 ${yuanText(bills.sum.propertyShareAmount)} · 电费 ${yuanText(bills.sum.electricityFee)}`,
    );
    const bill = bills.list[0];
    if (!bill) throw new Error('the demo operator has no site bill');
    const detail = await call.get<SiteBillDetail>(withQuery('/api/bill/detail', { billId: bill.billId }));
    await press(page, `a[href*="id=${bill.billId}"]`);
    await waitForPath(page, '/income/statement/bill/siteBill/detail');
    await waitForTextOf(page, byTestId('bill-gross'), yuanText(detail.grossIncome));
    expect(await textOf(page, byTestId('bill-net'))).toBe(yuanText(detail.netIncome));
    const rows = await page.$$eval(`${byTestId('bill-days')} tbody tr`, (trs) => trs.length);
    expect(rows).toBe(detail.days.length);

    // the property filter narrows the list and its sums
    const { list } = await call.get<{ list: MerchantItem[] }>('/api/user/merchantListByoperateId');
    const merchant = list[0];
    if (!merchant) throw new Error('the demo operator has no property');
    const theirs = await call.get<SiteBillPage>(
      withQuery('/api/bill/firstCommPropertyBill', {
        month,
        merchantId: merchant.merchantId,
        pageNum: 1,
        pageSize: 20,
      }),
    );
    await page.goto(`${baseUrl}/income/statement/bill/siteBill?merchantId=${merchant.merchantId}`);
    await waitForText(page, `物业：${merchant.name}`);
    await waitForTextOf(
      page,
      byTestId('site-bill-sum'),
      `${theirs.total}个站点 · 营业额 ${yuanText(theirs.sum.grossIncome)}`,
      'contains',
    );
    await context.close();
  });

  it('the income detail of this month by source, the area-card freezes, the coin orders', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    const today = shanghaiDate();
    const period = { startDate: `${today.slice(0, 7)}-01`, endDate: today };
    const charge = await call.get<ElectricIncome>(withQuery('/api/user/countElectricIncome', period));
    const cards = await call.get<RechargeIncome>(withQuery('/api/account/recentValueCardRechargeIncome', period));
    await page.goto(`${baseUrl}/income/income-detail?type=1&range=month`);
    await waitForTextOf(page, byTestId('income-detail-charge'), yuanText(charge.chargeIncome));
    const top = charge.sites[0];
    if (top) expect(await textOf(page, byTestId('income-detail-rank'))).toContain(`#1 ${top.siteName}`);
    await clickText(page, '充值收入');
    await waitForTextOf(page, byTestId('income-detail-value-card'), yuanText(cards.valueCardIncome), 'contains');
    expect(await textOf(page, byTestId('income-detail-month-card'))).toContain(yuanText(cards.monthCardIncome));

    const freezes = await call.get<AreaCardFreezePage>(
      withQuery('/api/account/v2/areaCardFreezeList', { pageNum: 1, pageSize: 20 }),
    );
    const wallet = await call.get<{ cardFrozenAmount: number }>('/api/account/v2/balance');
    await page.goto(`${baseUrl}/income/areaCard-bill`);
    await waitForTextOf(page, byTestId('area-frozen'), yuanText(wallet.cardFrozenAmount));
    await waitForTextOf(page, byTestId('area-sum'), `剩余冻结 ${yuanText(freezes.sum.remainingAmount)}`, 'contains');
    const first = freezes.list.find((f) => f.releasedAmount > 0);
    if (first) {
      await page.goto(`${baseUrl}/income/areaCard-bill?freezeId=${first.id}`);
      await page.waitForSelector(`${byTestId(`area-releases-${first.id}`)} a`);
      expect(await textOf(page, byTestId(`area-releases-${first.id}`))).toContain('解冻');
    }

    // 投币收入明细 of this month (the demo operator has coin boxes); in the first hours of a month, before its first coin
    // order, of last month (query `month`, as a month's statement opens it).
    type CoinTotal = { amount: number; coinCount: number; orderCount: number };
    let coins = await call.get<CoinTotal>(withQuery('/api/charger/getCoinsOrderTotalMoney', period));
    let coinBill = '/income/statement/coinBill?range=month';
    if (coins.orderCount === 0) {
      const [year, month] = today.slice(0, 7).split('-').map(Number) as [number, number];
      const lastMonth = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
      const lastDay = new Date(Date.parse(`${today.slice(0, 7)}-01T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      coins = await call.get<CoinTotal>(
        withQuery('/api/charger/getCoinsOrderTotalMoney', { startDate: `${lastMonth}-01`, endDate: lastDay }),
      );
      coinBill = `/income/statement/coinBill?month=${lastMonth}`;
    }
    expect(coins.orderCount).toBeGreaterThan(0);
    await page.goto(`${baseUrl}${coinBill}`);
    await waitForTextOf(page, byTestId('coin-amount'), yuanText(coins.amount));
    expect(await textOf(page, byTestId('coin-summary'))).toContain(`${coins.orderCount} 笔`);
    await page.waitForSelector(`${byTestId('coin-orders')} [class*="row"]`);
    await context.close();
  });
});
