import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import {
  api,
  authorizeAndBindBySms,
  fault,
  openPhone,
  sharedBrowser,
  storedToken,
  waitForPath,
  waitForText,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * The app's handling of a used or expired authorisation code (issue 12, defect 5), in each bundle: the silent login
 * refuses the code, the app forgets it and goes back to the platform's authorisation page once (spec §4 step 4), and
 * the fresh code logs the bound platform user in silently; when the fresh code is refused too, the login form shows
 * and the app does not go round again.
 */

const PLATFORM: Record<Host, { cookie: string; param: string; consent: string; login: string; body: string }> = {
  wechat: {
    cookie: 'sbx_wx_openid',
    param: 'code',
    consent: '/__sandbox/oauth/wechat/consent',
    login: '/wap/user/wapAntlogin',
    body: 'code',
  },
  alipay: {
    cookie: 'sbx_ali_userid',
    param: 'auth_code',
    consent: '/__sandbox/oauth/alipay/consent',
    login: '/api/user/aliLoginByAuthCode',
    body: 'authCode',
  },
};

describe.each<Host>(['wechat', 'alipay'])('%s bundle: a used or expired authorisation code', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();
  const platform = PLATFORM[host];

  /** A new code for this phone's platform user, issued by the consent form as the browser would post it. */
  async function freshCode(page: Page): Promise<string> {
    const cookie = (await page.cookies(baseUrl)).find((c) => c.name === platform.cookie);
    if (!cookie) throw new Error('the phone has no platform user yet');
    const res = await fetch(`${baseUrl}${platform.consent}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${cookie.name}=${cookie.value}` },
      body: `redirect_uri=${encodeURIComponent(`${baseUrl}/home`)}&state=r9a&scope=auth_user`,
    });
    const code = new URL(res.headers.get('location') ?? '', baseUrl).searchParams.get(platform.param);
    if (!code) throw new Error(`no code from the consent form (HTTP ${res.status})`);
    return code;
  }

  /** Opens the app as a new browser session would, at the address the platform returned to with `code`. */
  async function openWithCode(page: Page, code: string): Promise<void> {
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
    await page.goto(`${baseUrl}/home?${platform.param}=${code}`);
  }

  /** Waits for the platform's authorisation page, then consents (it returns to /home with a fresh code). */
  async function consentAgain(page: Page): Promise<void> {
    await page.waitForSelector('#consent', { timeout: 20_000 });
    expect(new URL(page.url()).pathname).toMatch(/authorize|publicAppAuthorize\.htm$/);
    await Promise.all([page.waitForNavigation(), page.click('#consent')]);
  }

  it('a code that already logged in: back to the authorisation page once, then logged in silently', async () => {
    const { page, context } = await openPhone(browser(), host);
    await authorizeAndBindBySms(page, baseUrl, host);
    // A code that gave a login (someone opened the address it came back with before).
    const used = await freshCode(page);
    const first = await fetch(`${baseUrl}${platform.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', client: host === 'wechat' ? 'r9a_weixin' : 'alipay' },
      body: JSON.stringify({ [platform.body]: used }),
    });
    expect(await first.json()).toMatchObject({ code: 0, data: { bound: true } });

    await openWithCode(page, used);
    await consentAgain(page);
    await waitForPath(page, '/home', 20_000);
    await page.waitForFunction(() => (localStorage.getItem('TOKEN') ?? '').length === 32, { timeout: 20_000 });
    expect(await storedToken(page)).toHaveLength(32);
    const code = await page.evaluate(() => sessionStorage.getItem('authCode'));
    expect(code).toBeTruthy();
    expect(code).not.toBe(used);
    await context.close();
  });

  it('an expired code: back to the authorisation page once; a refused fresh code shows the form, no loop', async () => {
    const { page, context } = await openPhone(browser(), host);
    await authorizeAndBindBySms(page, baseUrl, host);
    const expired = await freshCode(page);
    expect((await api(baseUrl, 'POST', '/__sandbox/oauth/expireCode', { code: expired })).code).toBe(0);

    await openWithCode(page, expired);
    await page.waitForSelector('#consent', { timeout: 20_000 });
    // The fresh code is refused too (the platform had a bad moment): the form shows, the app does not go round again.
    await fault(baseUrl, { path: platform.login, code: 1, message: '授权码无效或已过期，请重新进入' });
    await consentAgain(page);
    await waitForPath(page, '/mine/bind', 20_000);
    await waitForText(page, '验证码登录');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(new URL(page.url()).pathname).toBe('/mine/bind');
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });
});
