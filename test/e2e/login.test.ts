import { describe, expect, it } from 'vitest';
import {
  DEMO,
  acceptAgreement,
  accountApi,
  authorize,
  authorizeAndBindBySms,
  bodyText,
  byTestId,
  clickText,
  sharedBrowser,
  openPhone,
  storedToken,
  tapSiteTab,
  textOf,
  waitForPath,
  waitForText,
  waitForTextOf,
  yuanText,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * The foundation flow in each bundle with the platform's real user agent: fresh start, authorise, bind by SMS code,
 * the home page shows the sandbox's figures, the four tabs; and the next opening logs in silently.
 */
describe.each<Host>(['wechat', 'alipay'])('%s bundle: login and the four tabs', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('authorises, binds by SMS, shows the home figures, moves between the tabs, logs in silently next time', async () => {
    const { page, context } = await openPhone(browser(), host);
    await authorizeAndBindBySms(page, baseUrl, host);
    expect(new URL(page.url()).searchParams.get('code')).toBeNull();
    expect(new URL(page.url()).searchParams.get('auth_code')).toBeNull();

    const token = await storedToken(page);
    expect(token).toHaveLength(32);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('PERMISSION') ?? 'null'))).toContain('home');
    expect(await page.evaluate(() => sessionStorage.getItem('authCode'))).toBeTruthy();

    // Home shows the sandbox's own figures for this account.
    const call = accountApi(baseUrl, token ?? '');
    const income = await call.get<{ total: number }>('/api/user/todayIncome');
    const charge = await call.get<{ orderCount: number }>('/api/user/todayChargeInfo');
    const counts = await call.get<{
      siteCount: number;
      boxCount: number;
      socketCount: number;
      idleSocketCount: number;
      chargingSocketCount: number;
      faultSocketCount: number;
      offlineSocketCount: number;
    }>('/api/user/siteCount');
    await waitForTextOf(page, byTestId('today-income-total'), yuanText(income.total));
    const figure = (id: string) => textOf(page, byTestId(id));
    expect(await figure('today-order-count')).toBe(String(charge.orderCount));
    expect(await figure('asset-site-count')).toBe(String(counts.siteCount));
    expect(await figure('asset-box-count')).toBe(String(counts.boxCount));
    expect(await figure('asset-socket-count')).toBe(String(counts.socketCount));
    // The socket line names every state the total is made of (offline included), and they add up to it.
    const { idleSocketCount: idle, chargingSocketCount: charging, faultSocketCount: fault } = counts;
    expect(idle + charging + fault + counts.offlineSocketCount).toBe(counts.socketCount);
    expect((await figure('asset-socket-states')).replace(/\s+/g, '')).toBe(
      `空闲${idle}充电中${charging}故障${fault}离线${counts.offlineSocketCount}`,
    );
    // At 390 px and at 320 px no part of the line breaks inside ("充电中 2" never splits after a label or a slash).
    for (const width of [390, 320]) {
      await page.setViewport({ width, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
      // The lines a part's text sits on: the distinct tops of its text's line fragments.
      const lines = await page.$$eval(`${byTestId('asset-socket-states')} > span`, (parts) =>
        parts.map((part) => {
          const range = document.createRange();
          range.selectNodeContents(part);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }),
      );
      expect(lines, `${width} px`).toEqual([1, 1, 1, 1]);
      // Nor do the card kinds (储值卡 N | 月卡 N) or the duration (N小时 | N分): a figure never leaves a character alone.
      // (a part mixes a figure and its smaller unit: fragments on one line overlap in height, their tops differ)
      const parts = await page.$$eval(
        `${byTestId('asset-card-kinds')} > span, ${byTestId('today-duration')} > span`,
        (found) =>
          found.map((part) => {
            const range = document.createRange();
            range.selectNodeContents(part);
            const rects = [...range.getClientRects()].filter((r) => r.height > 0).sort((a, b) => a.top - b.top);
            let lines = 0;
            let bottom = -Infinity;
            for (const rect of rects) {
              if (rect.top >= bottom - 1) lines += 1;
              bottom = Math.max(bottom, rect.bottom);
            }
            return lines;
          }),
      );
      expect(parts.length, 'card kinds and duration parts').toBeGreaterThanOrEqual(3);
      expect(new Set(parts), `${width} px`).toEqual(new Set([1]));
    }
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    expect(counts.siteCount).toBeGreaterThan(0);
    // The favicon is served (every load asked for /favicon.ico and got a 404 before).
    const icon = await page.$eval('link[rel="icon"]', (el) => (el as HTMLLinkElement).href);
    expect(await page.evaluate(async (url) => (await fetch(url)).status, icon)).toBe(200);
    expect(await page.title()).toBe('首页');
    expect(await bodyText(page)).toContain(DEMO.name);

    // The tab bar: tapping the active tab does nothing.
    await clickText(page, '首页', '.adm-tab-bar-item');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(new URL(page.url()).pathname).toBe('/home');

    // 站点 → /site?isShowModal=1 with the operator's sites (and, once per session, the pending site applications).
    await tapSiteTab(page, baseUrl);
    await waitForPath(page, '/site?isShowModal=1');
    const sites = await call.post<{ list: { name: string }[]; total: number }>('/api/r9/site/siteList', {
      pageNum: 1,
      pageSize: 20,
      sort: 1,
    });
    await waitForText(page, sites.list[0]?.name ?? '');
    expect(await page.title()).toBe('站点列表');

    // 收入 → /income.
    await clickText(page, '收入', '.adm-tab-bar-item');
    await waitForPath(page, '/income');
    await waitForText(page, '账户余额');
    expect(await page.title()).toBe('收入');

    // 我的 → /mine with the account's name.
    await clickText(page, '我的', '.adm-tab-bar-item');
    await waitForPath(page, '/mine');
    await waitForText(page, DEMO.name);
    expect(await page.title()).toBe('个人中心');

    // Back to 首页.
    await clickText(page, '首页', '.adm-tab-bar-item');
    await waitForPath(page, '/home');

    // Next opening (new tab, no token, same platform user): authorise again and log in silently.
    await page.evaluate(() => localStorage.clear());
    const second = await context.newPage();
    await second.setUserAgent(await page.evaluate(() => navigator.userAgent));
    await second.goto(`${baseUrl}/`);
    await second.waitForSelector('#consent', { timeout: 20_000 });
    await Promise.all([second.waitForNavigation(), second.click('#consent')]);
    // The consent returns to /home?code=… at once; the silent login stores the token a moment later.
    await second.waitForFunction(() => location.pathname === '/home', { timeout: 20_000 });
    await second.waitForFunction(() => (localStorage.getItem('TOKEN') ?? '').length === 32, { timeout: 20_000 });
    expect(await storedToken(second)).toHaveLength(32);
    await context.close();
  });

  it('rejects a wrong password with the server message (a business error)', async () => {
    const { page, context } = await openPhone(browser(), host);
    await authorize(page, baseUrl, host);
    await clickText(page, '密码登录', '.adm-tabs-tab');
    // One account per bundle, so that each sees its first wrong attempt.
    await page.type('input[name="phone"]', host === 'wechat' ? '13800138001' : '13800138005');
    await page.type('input[name="password"]', 'wrong-pass1');
    await acceptAgreement(page);
    await clickText(page, '登录');
    await waitForText(page, '账号或密码错误，还可尝试4次');
    expect(new URL(page.url()).pathname).toBe('/mine/bind');
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });
});
