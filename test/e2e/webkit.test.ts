import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../sandbox/config';
import { DEMO, IOS_USER_AGENTS, sandboxUrl, type Host } from './helpers';
import {
  logInWebKit,
  openWebKitPhone,
  startWebKitDriver,
  untilPathIn,
  type WebKitDriver,
  type WebKitPhone,
} from './webkit';

/**
 * The app in WebKit, the engine of iOS WeChat and Alipay (issue 32 item 2): in each bundle, with the host's iPhone user
 * agent and its emulator (iOS rules), a fresh phone goes through the platform's authorisation and logs in (by password
 * in WeChat, by SMS code in Alipay),
 * then opens the four hubs by their tab bar and 提现 (a money screen). Each screen must show its content (no loading
 * sign left, its own words and figures), with no script error, unhandled rejection or console error on the page
 * (webkit.ts's probe) and no request answered 400 or above or failed (webkit.ts's proxy).
 */

/** What each screen must show once loaded: its words, and figures (a digit) from the sandbox. */
const SCREENS = [
  { tab: '首页', path: '/home', shows: [DEMO.name] },
  { tab: '站点', path: '/site', shows: ['站点'] },
  { tab: '收入', path: '/income', shows: ['账户余额', '可提现 ¥'] },
  { tab: '我的', path: '/mine', shows: [`${DEMO.phone.slice(0, 3)}****${DEMO.phone.slice(-4)}`] },
] as const;

const shots = path.resolve(import.meta.dirname, '../../screenshots/tmp/webkit');

/**
 * Waits until the screen shows its content: no loading indicator (加载中) or skeleton on screen and what it shows
 * unchanged through 4 looks 100 ms apart (30 s at most, a guard against a hang). Resolves to the body's text.
 */
async function untilContent(phone: WebKitPhone): Promise<string> {
  let last = '';
  let still = 0;
  await phone.browser.waitUntil(
    async () => {
      const now = await phone.browser.execute(() =>
        [...document.querySelectorAll('.app-loading-mask, .adm-skeleton')].some(
          (el) => el.getBoundingClientRect().height > 0,
        )
          ? 'loading'
          : `${location.href}|${document.body.innerText}`,
      );
      still = now !== 'loading' && now === last ? still + 1 : 0;
      last = now;
      return still >= 4;
    },
    { timeout: 30_000, interval: 100, timeoutMsg: 'the screen did not settle within 30 s' },
  );
  return last.slice(last.indexOf('|') + 1);
}

/** No script error, rejection or console error on the page, and no failed request, since the last look. */
async function expectClean(phone: WebKitPhone): Promise<void> {
  const seen = { scriptErrors: await phone.takeScriptErrors(), failedRequests: phone.proxy.takeFailedRequests() };
  expect(seen).toEqual({ scriptErrors: [], failedRequests: [] });
}

describe.each<Host>(['wechat', 'alipay'])('WebKit, %s bundle on an iPhone', (host) => {
  let driver: WebKitDriver;
  let phone: WebKitPhone;
  const baseUrl = sandboxUrl();

  beforeAll(async () => {
    driver = await startWebKitDriver();
    phone = await openWebKitPhone(driver, {
      userAgent: IOS_USER_AGENTS[host],
      origins: [baseUrl],
      injection: { host, emulator: { os: 'ios', jsapiTicket: loadConfig().jsapiTicket } },
    });
    mkdirSync(shots, { recursive: true });
  });

  afterAll(async () => {
    await phone?.close();
    await driver?.stop();
  });

  it('logs in through the platform authorisation, by password (WeChat) or SMS code (Alipay)', async () => {
    const { browser } = phone;
    // the WeChat phone by password, the Alipay one by an SMS code (read from the sandbox's SMS log)
    await logInWebKit(
      phone,
      baseUrl,
      host,
      host === 'wechat' ? { phone: DEMO.phone, password: DEMO.password } : { phone: DEMO.phone, sms: true },
    );
    const text = await untilContent(phone);
    await browser.saveScreenshot(path.join(shots, `${host}-home.png`));
    expect(text).toContain(DEMO.name);
    if (host === 'wechat') {
      // iOS's rule in WebKit: the JS-SDK configured once, signed (and checked, with crypto.subtle) for the landing page
      const sdk = await browser.execute(() => {
        const emulator = (window as unknown as { __hostEmulator: { landingUrl: string; configs: unknown[] } })
          .__hostEmulator;
        return { landingUrl: emulator.landingUrl, configs: emulator.configs };
      });
      expect(sdk.configs).toEqual([{ url: sdk.landingUrl, ok: true, verified: true }]);
    }
    await expectClean(phone);
  });

  it.each(SCREENS)('opens $path by its tab and shows its data', async ({ tab, path: wanted, shows }) => {
    const { browser } = phone;
    await (await browser.$(`.adm-tab-bar-item=${tab}`)).click();
    await untilPathIn(phone, wanted);
    const text = await untilContent(phone);
    await browser.saveScreenshot(path.join(shots, `${host}${wanted.replaceAll('/', '-')}.png`));
    // 站点 asks about pending site authorisations (a dialog over the list): later, as a person on the way elsewhere
    const later = await browser.$('.adm-dialog-button=稍后处理');
    if (await later.isExisting()) {
      await later.click();
      await later.waitForExist({ reverse: true, timeout: 10_000 });
    }
    for (const words of shows) expect(text).toContain(words);
    expect(text).toMatch(/\d/);
    await expectClean(phone);
  });

  it('opens 提现 from 收入: the balance it may withdraw, and the fee and amount received for a typed amount', async () => {
    const { browser } = phone;
    await (await browser.$('.adm-tab-bar-item=收入')).click();
    await untilPathIn(phone, '/income');
    const balance = /可提现 (¥[\d,.]+)/.exec(await untilContent(phone))?.[1];
    expect(balance).toBeDefined();
    await (await browser.$('//*[normalize-space(text())="提现"]')).click();
    await untilPathIn(phone, '/income/withdraw');
    expect(await untilContent(phone)).toContain(`可提现余额 ${balance}`);
    await (await browser.$('input[name="amount"]')).setValue('100');
    const text = await untilContent(phone);
    await browser.saveScreenshot(path.join(shots, `${host}-income-withdraw.png`));
    // free for the month's first two (本次免手续费, with how many are left), else 0.1 %, at least ¥1.00: what arrives is
    // the amount less the fee
    const fee = text.includes('本次免手续费') ? 0 : Number(/手续费 ¥([\d.]+)/.exec(text)?.[1]);
    if (fee === 0) expect(text).toMatch(/本月剩余免费提现[12]次，本次免手续费/);
    else expect(fee).toBe(1);
    expect(text).toContain(`实际到账 ¥${(100 - fee).toFixed(2)}`);
    await expectClean(phone);
  });

  it('would see a script error, a rejected promise and a failed request (the checks above are not blind)', async () => {
    const { browser } = phone;
    await browser.execute(() => {
      setTimeout(() => {
        throw new Error('planted error');
      });
      void Promise.reject(new Error('planted rejection'));
      void fetch('/api/planted-missing');
    });
    const failed: string[] = [];
    await browser.waitUntil(async () => failed.push(...phone.proxy.takeFailedRequests()) > 0, { timeout: 10_000 });
    expect(failed).toEqual([expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/api\/planted-missing: 404$/)]);
    const errors = await phone.takeScriptErrors();
    expect(errors.join('\n')).toContain('planted error');
    expect(errors.join('\n')).toContain('planted rejection');
  });
});
