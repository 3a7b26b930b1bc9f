import { readFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer';
import { afterAll, beforeAll } from 'vitest';

/**
 * End-to-end helpers: Debian's Chromium headless (executable from .puppeteerrc.cjs), one incognito context per
 * simulated phone, the platform's real user agent and the host emulator of test/emulators injected before the app.
 */

export type Host = 'wechat' | 'alipay';

/** Real user agents of the two in-app browsers (Android). */
export const USER_AGENTS: Record<Host | 'desktop', string> = {
  wechat:
    'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240301 MMWEBID/2585 ' +
    'MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  alipay:
    'Mozilla/5.0 (Linux; U; Android 13; zh-CN; V2148A Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Version/4.0 Chrome/116.0.0.0 UWS/3.22.2.64 Mobile Safari/537.36 NebulaSDK/1.8.100112 Nebula ' +
    'AlipayDefined(nt:WIFI,ws:393|0|2.75) AliApp(AP/10.5.36.8100) AlipayClient/10.5.36.8100 Language/zh-Hans Region/CN',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

/** The demo operator of the README. */
export const DEMO = { phone: '13800138000', password: 'sandbox123', name: '杭州易充科技' };

const root = path.resolve(import.meta.dirname, '../..');
const emulators: Record<Host, string> = {
  wechat: readFileSync(path.join(root, 'test/emulators/wechat.js'), 'utf8'),
  alipay: readFileSync(path.join(root, 'test/emulators/alipay.js'), 'utf8'),
};

/** Launches headless Chromium with the flags this machine needs (no sandbox as root, no background networking). */
export function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** One Chromium for the tests of a suite: launched before them, closed after. Returns its getter. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | null = null;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not launched yet');
    return browser;
  };
}

/** A phone: an incognito context and a page with the host's user agent and emulator (or a desktop browser). */
export async function openPhone(
  browser: Browser,
  host: Host | 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  await page.setUserAgent(USER_AGENTS[host]);
  if (host !== 'desktop') {
    await page.evaluateOnNewDocument(`window.__EMULATOR_CONFIG__ = { os: 'android' };\n${emulators[host]}`);
  }
  // The weixin-js-sdk reports to WeChat after wx.config; nothing leaves 127.0.0.1 here.
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:') void request.continue();
    else void request.abort();
  });
  return { context, page };
}

/** Waits until the page's visible text contains `text`. */
export async function waitForText(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction((t: string) => document.body.innerText.includes(t), { timeout }, text);
}

/** The page's visible text. */
export function bodyText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

/** Clicks the first element whose own text is exactly `text` (buttons, tabs, links). */
export async function clickText(
  page: Page,
  text: string,
  selector = 'button, a, [role="button"], .adm-tab-bar-item, .adm-tabs-tab, .adm-segmented-item, span, div',
): Promise<void> {
  await page.waitForFunction(
    (t: string, sel: string) =>
      [...document.querySelectorAll<HTMLElement>(sel)].some(
        (el) => el.innerText?.trim() === t && el.offsetParent !== null,
      ),
    { timeout: 15_000 },
    text,
    selector,
  );
  await page.evaluate(
    (t: string, sel: string) => {
      const candidates = [...document.querySelectorAll<HTMLElement>(sel)].filter(
        (el) => el.innerText?.trim() === t && el.offsetParent !== null,
      );
      // The innermost match is the real control.
      const target = candidates.find((el) => !candidates.some((other) => other !== el && el.contains(other)));
      target?.click();
    },
    text,
    selector,
  );
}

/** Ticks the agreement checkbox of the login screens. */
export async function acceptAgreement(page: Page): Promise<void> {
  await page.waitForSelector('.bind-agreement .adm-checkbox', { visible: true, timeout: 10_000 });
  await page.$eval('.bind-agreement .adm-checkbox', (el) => (el as HTMLElement).click());
  await page.waitForSelector('.bind-agreement .adm-checkbox-checked', { timeout: 5_000 });
}

/** Types into an input found by its name attribute (replacing its value). */
export async function typeInto(page: Page, name: string, value: string): Promise<void> {
  const selector = `input[name="${name}"]`;
  await page.waitForSelector(selector, { visible: true });
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  await page.type(selector, value);
}

/** Calls the sandbox API directly (as a test, not as the app). */
export async function api<T>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ code: number; message: string; data: T }> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', client: 'r9a_weixin', ...(token ? { token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as { code: number; message: string; data: T };
}

/** Injects a fault for the next `times` calls of an API path. */
export async function fault(baseUrl: string, spec: Record<string, unknown>): Promise<void> {
  const answer = await api(baseUrl, 'POST', '/__sandbox/faults', spec);
  if (answer.code !== 0) throw new Error(`fault not accepted: ${answer.message}`);
}

/** The last SMS code the sandbox sent to a phone. */
export async function lastSms(baseUrl: string, phone: string): Promise<string> {
  const answer = await api<{ code: string }>(baseUrl, 'GET', `/__sandbox/sms?phone=${phone}`);
  if (answer.code !== 0) throw new Error(`no SMS for ${phone}: ${answer.message}`);
  return answer.data.code;
}

/** From a fresh phone through the platform's (sandbox) authorisation page to /mine/bind. */
export async function authorize(page: Page, baseUrl: string, host: Host): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.waitForSelector('#consent', { timeout: 20_000 });
  const authUrl = new URL(page.url());
  if (host === 'wechat') {
    if (!authUrl.pathname.endsWith('/connect/oauth2/authorize')) throw new Error(`not the WeChat page: ${page.url()}`);
  } else if (!authUrl.pathname.endsWith('/publicAppAuthorize.htm')) {
    throw new Error(`not the Alipay page: ${page.url()}`);
  }
  await Promise.all([page.waitForNavigation(), page.click('#consent')]);
  await page.waitForFunction(() => location.pathname === '/mine/bind', { timeout: 20_000 });
  await waitForText(page, '验证码登录');
}

/**
 * From a fresh phone to the home page: the app sends the user to the platform's authorisation page, the consent
 * button returns with the code, the login gate shows /mine/bind, where the account logs in with an SMS code (the
 * phone's SMS history is cleared first, so that the 60-second resend rule does not bite between tests).
 */
export async function authorizeAndBindBySms(
  page: Page,
  baseUrl: string,
  host: Host,
  phone = DEMO.phone,
): Promise<void> {
  await authorize(page, baseUrl, host);
  await api(baseUrl, 'DELETE', `/__sandbox/sms?phone=${phone}`);
  await typeInto(page, 'phone', phone);
  await clickText(page, '获取验证码');
  await waitForText(page, '验证码已发送');
  await typeInto(page, 'code', await lastSms(baseUrl, phone));
  await acceptAgreement(page);
  await clickText(page, '登录');
  await page.waitForFunction(() => location.pathname === '/home', { timeout: 20_000 });
}

/** Like authorizeAndBindBySms, with the password tab. */
export async function authorizeAndBindByPassword(
  page: Page,
  baseUrl: string,
  host: Host,
  phone = DEMO.phone,
): Promise<void> {
  await authorize(page, baseUrl, host);
  await clickText(page, '密码登录', '.adm-tabs-tab');
  await typeInto(page, 'phone', phone);
  await typeInto(page, 'password', DEMO.password);
  await acceptAgreement(page);
  await clickText(page, '登录');
  await page.waitForFunction(() => location.pathname === '/home', { timeout: 20_000 });
}

/** The token the app stored. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('TOKEN'));
}
