import type { Page } from 'puppeteer';
import { describe, expect, inject, it } from 'vitest';
import type { CardIncomePage, ChargeIncomePage, SiteIncomeYear } from '../../src/api/site-income';
import {
  api,
  authorizeAndBindByPassword,
  clickText,
  openPhone,
  sharedBrowser,
  storedToken,
  waitForText,
  type Host,
} from './helpers';

/**
 * The site income screens (B-site.md §5) in both bundles: the figures shown are the sandbox's answers (SiteDailyStat
 * of the site). Read-only: the tests change no data.
 */

/** ¥1,234.56 as the app formats fen. */
const yuan = (fen: number) =>
  `${fen < 0 ? '-' : ''}¥${(Math.abs(fen) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

async function textOf(page: Page, testId: string): Promise<string> {
  await page.waitForSelector(`[data-testid="${testId}"]`, { timeout: 15_000 });
  return page.$eval(`[data-testid="${testId}"]`, (el) => el.textContent ?? '');
}

async function waitTestIdText(page: Page, testId: string, text: string): Promise<void> {
  await page.waitForFunction(
    (id: string, t: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent === t,
    { timeout: 15_000 },
    testId,
    text,
  );
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: site income', (host) => {
  const baseUrl = inject('baseUrl');
  const browser = sharedBrowser();

  it('the year overview, the month’s charging and card days and the coin sheet equal the sandbox', async () => {
    const { page, context } = await openPhone(browser(), host);
    await authorizeAndBindByPassword(page, baseUrl, host);
    const token = (await storedToken(page)) ?? '';
    const siteId = 5;
    const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
    const overview = (
      await api<SiteIncomeYear>(
        baseUrl,
        'GET',
        `/api/site/siteIncomeMonth?siteId=${siteId}&year=${year}`,
        undefined,
        token,
      )
    ).data;
    await page.goto(`${baseUrl}/site/siteInfo/incomeList?siteId=${siteId}`);
    await waitTestIdText(page, 'income-year-total', yuan(overview.summary.totalIncome));
    expect(await textOf(page, 'income-year-mine')).toBe(yuan(overview.summary.myIncome));
    await page.waitForSelector('[data-testid="income-month-chart"] canvas', { timeout: 15_000 });
    const month = overview.list[0];
    if (!month) throw new Error('the site has months');
    expect(await textOf(page, `income-month-total-${month.month}`)).toBe(yuan(month.totalIncome));

    // The month row opens the day detail of that month.
    await page.click(`[data-month="${month.month}"]`);
    await page.waitForFunction(() => location.pathname === '/site/siteInfo/incomeSite/chargerList', {
      timeout: 15_000,
    });
    const days = (
      await api<ChargeIncomePage>(
        baseUrl,
        'POST',
        '/api/site/incomeDayList',
        { siteId, month: month.month, pageNum: 1, pageSize: 20 },
        token,
      )
    ).data;
    await waitTestIdText(page, 'charge-summary-net', yuan(days.summary.chargeNetIncome));
    expect(days.summary.chargeNetIncome + 0).toBe(month.chargeIncome - month.refundAmount + month.coinIncome);
    const first = days.list[0];
    if (!first) throw new Error('the month has days');
    expect(await textOf(page, `charge-day-net-${first.date}`)).toBe(yuan(first.chargeNetIncome));

    // 投币明细 of a day with coin income (site 5 has coin boxes).
    const coinDay = days.list.find((d) => d.coinIncome > 0);
    if (coinDay) {
      const total = (
        await api<{ amount: number; coinCount: number; orderCount: number }>(
          baseUrl,
          'GET',
          `/api/charger/getCoinsOrderTotalMoney?siteId=${siteId}&startDate=${coinDay.date}&endDate=${coinDay.date}`,
          undefined,
          token,
        )
      ).data;
      expect(total.amount).toBe(coinDay.coinIncome);
      await page.click(`[data-date="${coinDay.date}"]`);
      await clickText(page, '投币明细');
      await waitTestIdText(
        page,
        'coin-total',
        `投币 ${total.coinCount} 枚 · ${yuan(total.amount)} · ${total.orderCount} 笔`,
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
    await clickText(page, '充值收入', '.segmented__item');
    await page.waitForFunction(() => location.pathname === '/site/siteInfo/incomeSite/cardList', { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('month')).toBe(month.month);
    const cards = (
      await api<CardIncomePage>(
        baseUrl,
        'POST',
        '/api/site/cardIncomeDayList',
        { siteId, month: month.month, pageNum: 1, pageSize: 20 },
        token,
      )
    ).data;
    await waitTestIdText(page, 'card-summary-net', yuan(cards.summary.netAmount));
    expect(cards.summary.netAmount).toBe(month.cardIncome);
    await context.close();
  });

  it('the month picker changes the month; an unknown site goes back to /site', async () => {
    const { page, context } = await openPhone(browser(), host);
    await authorizeAndBindByPassword(page, baseUrl, host);
    const token = (await storedToken(page)) ?? '';
    await page.goto(`${baseUrl}/site/siteInfo/incomeSite?siteId=1`);
    // Without a child the layout opens chargerList, and without a month it shows (and writes) the current month.
    await page.waitForFunction(
      () => location.pathname === '/site/siteInfo/incomeSite/chargerList' && /month=\d{4}-\d{2}/.test(location.search),
      { timeout: 15_000 },
    );
    const current = new URL(page.url()).searchParams.get('month') ?? '';
    expect(current).toMatch(/^\d{4}-\d{2}$/);
    await page.click('[data-testid="income-month-picker"]');
    await page.waitForSelector('.adm-picker', { visible: true });
    // Scroll the wheel one step down (the previous month) and confirm.
    const [y, m] = current.split('-').map(Number) as [number, number];
    const previous = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    await page.evaluate((label: string) => {
      const items = [...document.querySelectorAll<HTMLElement>('.adm-picker-view-column-item')];
      items.find((el) => el.innerText.trim() === label)?.click();
    }, previous);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await clickText(page, '确定', '.adm-picker-header-button');
    await page.waitForFunction((mm: string) => location.search.includes(`month=${mm}`), { timeout: 15_000 }, previous);
    const days = (
      await api<ChargeIncomePage>(
        baseUrl,
        'POST',
        '/api/site/incomeDayList',
        { siteId: 1, month: previous, pageNum: 1, pageSize: 20 },
        token,
      )
    ).data;
    await waitTestIdText(page, 'charge-summary-net', yuan(days.summary.chargeNetIncome));

    await page.goto(`${baseUrl}/site/siteInfo/incomeList?siteId=999`);
    await waitForText(page, '站点不存在或无权查看');
    await page.waitForFunction(() => location.pathname === '/site', { timeout: 15_000 });
    await context.close();
  });
});
