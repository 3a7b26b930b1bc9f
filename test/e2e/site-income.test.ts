import { describe, expect, it } from 'vitest';
import type { CardIncomePage, ChargeIncomePage, SiteIncomeYear } from '../../src/api/site-income';
import { chartLabel } from '../../src/lib/chart-label';
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
  type AccountApi,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * The site income screens (B-site.md §5) in both bundles: the figures shown are the sandbox's answers (SiteDailyStat
 * of the site), each compared with the answer fetched just before it shows. Read-only: the tests change no data.
 */

/** The first page of a site's days of charging income in a month ('YYYY-MM'), as POST /api/site/incomeDayList answers. */
const chargeDays = (call: AccountApi, siteId: number, month: string) =>
  call.post<ChargeIncomePage>('/api/site/incomeDayList', { siteId, month, pageNum: 1, pageSize: 20 });

describe.each<Host>(['wechat', 'alipay'])('%s bundle: site income', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('the year overview, the month’s charging and card days and the coin sheet equal the sandbox', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    const siteId = 5;
    const year = shanghaiDate().slice(0, 4);
    const overview = await call.get<SiteIncomeYear>(`/api/site/siteIncomeMonth?siteId=${siteId}&year=${year}`);
    await page.goto(`${baseUrl}/site/siteInfo/incomeList?siteId=${siteId}`);
    await waitForTextOf(page, byTestId('income-year-total'), yuanText(overview.summary.totalIncome));
    expect(await textOf(page, byTestId('income-year-mine'))).toBe(yuanText(overview.summary.myIncome));
    await page.waitForSelector(`${byTestId('income-month-chart')} canvas`, { timeout: 15_000 });
    // The canvas is an image named by what it shows and its figures with the unit (issue 15 item 3), oldest month first.
    const chartName = await page.$eval(byTestId('income-month-chart'), (el) => ({
      role: el.getAttribute('role'),
      label: el.getAttribute('aria-label'),
    }));
    const bars = [...overview.list]
      .reverse()
      .map((row) => ({ label: `${Number(row.month.slice(5))}月`, value: row.totalIncome, month: row.month }));
    expect(chartName).toEqual({
      role: 'img',
      label: chartLabel(`${year}年月度收入`, bars, (p) => `${p.month} ${yuanText(p.value)}`),
    });
    const month = overview.list[0];
    if (!month) throw new Error('the site has months');
    expect(await textOf(page, byTestId(`income-month-total-${month.month}`))).toBe(yuanText(month.totalIncome));

    // The month row opens the day detail of that month.
    await press(page, `[data-month="${month.month}"]`);
    await waitForPath(page, `/site/siteInfo/incomeSite/chargerList?month=${month.month}`);
    const days = await chargeDays(call, siteId, month.month);
    await waitForTextOf(page, byTestId('charge-summary-net'), yuanText(days.summary.chargeNetIncome));
    expect(days.summary.chargeNetIncome).toBe(month.chargeIncome - month.refundAmount + month.coinIncome);
    const first = days.list[0];
    if (!first) throw new Error('the month has days');
    expect(await textOf(page, byTestId(`charge-day-net-${first.date}`))).toBe(yuanText(first.chargeNetIncome));

    // 投币明细 of a day with coin income (site 5 has coin boxes).
    const coinDay = days.list.find((d) => d.coinIncome > 0);
    if (coinDay) {
      const total = await call.get<{ amount: number; coinCount: number; orderCount: number }>(
        `/api/charger/getCoinsOrderTotalMoney?siteId=${siteId}&startDate=${coinDay.date}&endDate=${coinDay.date}`,
      );
      expect(total.amount).toBe(coinDay.coinIncome);
      await press(page, `[data-date="${coinDay.date}"]`);
      await clickText(page, '投币明细');
      await waitForTextOf(
        page,
        byTestId('coin-total'),
        `投币 ${total.coinCount} 枚 · ${yuanText(total.amount)} · ${total.orderCount} 笔`,
      );
      await page.waitForFunction(
        (n: number) => document.querySelectorAll('[data-testid="coin-sheet"] li').length === n,
        { timeout: 15_000 },
        Math.min(total.orderCount, 20),
      );
      await page.keyboard.press('Escape');
      await page.goto(`${baseUrl}/site/siteInfo/incomeSite/chargerList?siteId=${siteId}&month=${month.month}`);
    }

    // The 充值收入 tab keeps the site and the month.
    await clickText(page, '充值收入', '[aria-label="收入类型"] [role="tab"]');
    await waitForPath(page, `/site/siteInfo/incomeSite/cardList?siteId=${siteId}&month=${month.month}`);
    const cards = await call.post<CardIncomePage>('/api/site/cardIncomeDayList', {
      siteId,
      month: month.month,
      pageNum: 1,
      pageSize: 20,
    });
    await waitForTextOf(page, byTestId('card-summary-net'), yuanText(cards.summary.netAmount));
    expect(cards.summary.netAmount).toBe(month.cardIncome);
    await context.close();
  });

  it('the month picker changes the month; an unknown site goes back to /site', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    await page.goto(`${baseUrl}/site/siteInfo/incomeSite?siteId=1`);
    // Without a child the layout opens chargerList, and without a month it shows (and writes) the current month.
    await page.waitForFunction(
      () => location.pathname === '/site/siteInfo/incomeSite/chargerList' && /month=\d{4}-\d{2}/.test(location.search),
      { timeout: 15_000 },
    );
    const current = new URL(page.url()).searchParams.get('month') ?? '';
    expect(current).toMatch(/^\d{4}-\d{2}$/);
    await press(page, byTestId('income-month-picker'));
    await page.waitForSelector('.adm-picker', { visible: true });
    // Scroll the wheel one step down (the previous month) and confirm.
    const [y, m] = current.split('-').map(Number) as [number, number];
    const previous = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    await page.evaluate((label: string) => {
      const items = [...document.querySelectorAll<HTMLElement>('.adm-picker-view-column-item')];
      items.find((el) => el.innerText.trim() === label)?.click();
    }, previous);
    // The wheel takes the tapped item at once (data-selected), then scrolls to it.
    await page.waitForFunction(
      (label: string) =>
        [...document.querySelectorAll<HTMLElement>('.adm-picker-view-column-item[data-selected="true"]')].some(
          (el) => el.innerText.trim() === label,
        ),
      { timeout: 15_000 },
      previous,
    );
    await clickText(page, '确定', '.adm-picker-header-button');
    await waitForPath(page, `/site/siteInfo/incomeSite/chargerList?month=${previous}`);
    const days = await chargeDays(call, 1, previous);
    await waitForTextOf(page, byTestId('charge-summary-net'), yuanText(days.summary.chargeNetIncome));

    await page.goto(`${baseUrl}/site/siteInfo/incomeList?siteId=999`);
    await waitForText(page, '站点不存在或无权查看');
    await waitForPath(page, '/site');
    await context.close();
  });
});
