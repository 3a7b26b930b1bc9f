import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type BrowserContext, type ElementHandle, type Page } from 'puppeteer';
import { randomBytes } from 'node:crypto';
import type { ArrearsRecord, PayResult, WxPayment } from '../../src/api/arrears';
import type { AddSiteRequest } from '../../src/api/site';
import { DEFAULT_SHARE_RULE } from '../../src/api/site-settings-rules';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { loadConfig } from '../../sandbox/config';
import { checkScreen, watchScreens } from './a11y';

/**
 * End-to-end helpers: Debian's Chromium headless (executable from .puppeteerrc.cjs), one incognito context per
 * simulated phone, the platform's real user agent and the host emulator of test/emulators injected before the app.
 */

export type Host = 'wechat' | 'alipay';

/** The phone's OS a page plays: its user agent, and the host emulator's rules (test/emulators). */
export type Os = 'android' | 'ios';

/** Real user agents of the two in-app browsers on an iPhone (iOS 16, WKWebView). */
export const IOS_USER_AGENTS: Record<Host, string> = {
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
    'MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  alipay:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
    'Ariver/1.1.0 AliApp(AP/10.5.36.6000) Nebula WK RVKType(0) AlipayDefined(nt:WIFI,ws:390|844|3.0) ' +
    'AlipayClient/10.5.36.6000 Language/zh-Hans Region/CN NebulaX/1.0.0',
};

/** The jsapi_ticket the sandbox signs wx.config with: the WeChat emulator recomputes signatures with it. */
const JSAPI_TICKET = loadConfig().jsapiTicket;

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

/**
 * The address of this worker's sandbox (global-setup.ts starts one per worker: files run two at a time, each worker on
 * a sandbox of its own, so that one file's data and clock never change under another's test).
 */
export function sandboxUrl(): string {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length] ?? '';
}

/**
 * Launches headless Chromium with the flags this machine needs (no sandbox as root, no background networking).
 * Nothing leaves 127.0.0.1 unless `anyHost` (the QA kit against a deployed environment, scripts/qa.ts).
 */
export function launchBrowser({ anyHost = false }: { anyHost?: boolean } = {}): Promise<Browser> {
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
      // nothing leaves 127.0.0.1 (preparePage answers the one outside request the app makes, the SDK's beacon)
      ...(anyHost ? [] : ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']),
      // Chromium's own WebUI (the omnibox popup it preloads for every window) is no part of a phone
      '--disable-features=WebUIOmniboxPopup,OmniboxPopupWebUIContent,OmniboxAimPopupWebUIContent,OmniboxFullPopupWebUIContent,WebUIContentsPreloadManager',
    ],
  });
}

/**
 * The phones' browser contexts of the browsers of sharedBrowser: a phone takes an idle one (or a new one) and gives it
 * back when it closes, with its cookies, storage and permissions cleared, so that the next phone is a new user of a
 * phone that has run the app before: its HTTP cache and compiled code stay warm. A new incognito context per phone
 * parsed and compiled the bundles anew each time (about 2.5 s of CPU a phone).
 */
interface ContextPool {
  idle: BrowserContext[];
}
const pools = new WeakMap<Browser, ContextPool>();

/** The origins a context's pages have loaded (what a phone's release clears). */
const visited = new WeakMap<BrowserContext, Set<string>>();

/** What a released phone leaves behind is cleared (not the HTTP cache). */
const CLEARED_STORAGE = 'cookies,local_storage,indexeddb,websql,service_workers,cache_storage,file_systems';

/**
 * Gives a phone's context back to its pool: its cookies and the storage of every origin it loaded cleared, its
 * permission overrides reset, its pages closed. A context that cannot be cleared is closed instead.
 */
async function release(pool: ContextPool, context: BrowserContext, close: () => Promise<void>): Promise<void> {
  try {
    const page = (await context.pages())[0] ?? (await context.newPage());
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCookies');
    for (const origin of visited.get(context) ?? []) {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: CLEARED_STORAGE });
    }
    await cdp.detach();
    visited.get(context)?.clear();
    await context.clearPermissionOverrides();
    await Promise.all((await context.pages()).map((p) => p.close()));
    pool.idle.push(context);
  } catch {
    await close().catch(() => undefined);
  }
}

/**
 * One Chromium for the tests of a suite: launched before them, closed after. Returns its getter. Its phones share warm
 * contexts (ContextPool). After each test the phones it left open are closed: a test that failed half-way leaves no
 * page running (polling, timers, calls) while the next tests, and the next files, work on the same sandbox; a failed
 * test's contexts are closed for good, not given back.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | null = null;
  beforeAll(async () => {
    browser = await launchBrowser();
    pools.set(browser, { idle: [] });
  });
  afterEach(async ({ task }) => {
    if (!browser) return;
    const main = browser.defaultBrowserContext();
    const pool = pools.get(browser);
    // A passed test's phones are checked as they close (openPhone); a failed test's are only closed.
    const failed = task.result?.state === 'fail';
    await Promise.all(
      browser
        .browserContexts()
        .filter((context) => context !== main && !pool?.idle.includes(context))
        .map((context) => (failed ? (uncheckedClose.get(context) ?? (() => context.close()))() : context.close())),
    );
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not launched yet');
    return browser;
  };
}

/** Each phone's close without the accessibility check, for the phones a failed test left open. */
const uncheckedClose = new WeakMap<BrowserContext, () => Promise<void>>();

/** Each context's own close (openPhone replaces `close` with the phone's: check, then release or close). */
const originalClose = new WeakMap<BrowserContext, () => Promise<void>>();

/**
 * A phone: a browser context of its own and a page with the host's user agent and emulator (or a desktop browser).
 * Under sharedBrowser the context comes from its pool (a phone that has run the app before, its cookies and storage
 * cleared); elsewhere (the bench's fresh phones) it is a new incognito context. Its screens are checked for
 * accessibility (a11y.ts) before each tap of clickText, press and answerDialog and when the context closes.
 */
export async function openPhone(
  browser: Browser,
  host: Host | 'desktop',
  os: Os = 'android',
): Promise<{ context: BrowserContext; page: Page }> {
  const pool = pools.get(browser);
  const context = pool?.idle.pop() ?? (await browser.createBrowserContext());
  const page = await preparePage(await context.newPage(), host, os);
  const origins = visited.get(context) ?? new Set<string>();
  visited.set(context, origins);
  page.on('framenavigated', (frame) => {
    const url = frame.url();
    if (url.startsWith('http')) origins.add(new URL(url).origin);
  });
  watchScreens(page, host);
  const destroy = originalClose.get(context) ?? context.close.bind(context);
  originalClose.set(context, destroy);
  const close = pool ? () => release(pool, context, destroy) : destroy;
  uncheckedClose.set(context, destroy);
  context.close = async () => {
    try {
      await checkScreen(page);
    } finally {
      await close();
    }
  };
  return { context, page };
}

/**
 * Makes `page` a phone of `host` on `os` before it loads anything: a 390 × 844 touch screen, the host's user agent
 * for that OS and its emulator (the WeChat or Alipay JS bridge, holding the app to that OS's rules; the WeChat one
 * checks wx.config's signature with the sandbox's ticket) in every document, and no request beyond 127.0.0.1.
 * openPhone's page; the bench's fresh page of a logged-in phone.
 */
export async function preparePage(
  page: Page,
  host: Host | 'desktop',
  os: Os = 'android',
  /** More of the emulator's settings (test/emulators: configFails, bridgeDelayMs; jsapiTicket null when unknown). */
  emulator: Record<string, unknown> = {},
): Promise<Page> {
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  await page.setUserAgent(host !== 'desktop' && os === 'ios' ? IOS_USER_AGENTS[host] : USER_AGENTS[host]);
  // Scripts run by tsx (npm run bench, screenshots) compile with esbuild's keepNames: a named function sent to
  // page.evaluate (the a11y check's rules) calls esbuild's __name helper, which the page lacks; here it names nothing.
  await page.evaluateOnNewDocument('globalThis.__name ??= (fn) => fn;');
  await page.evaluateOnNewDocument(TOAST_RECORDER);
  if (host !== 'desktop') {
    const config = { os, jsapiTicket: JSAPI_TICKET, ...emulator };
    await page.evaluateOnNewDocument(`window.__EMULATOR_CONFIG__ = ${JSON.stringify(config)};\n${emulators[host]}`);
  }
  // Nothing leaves 127.0.0.1 here (launchBrowser's resolver rule). The weixin-js-sdk's beacon to WeChat after wx.config
  // gets the empty answer WeChat gives it (a failed load would be a console error the app does not cause: Lighthouse's
  // best practices count it). Only that request is intercepted: intercepting every request (puppeteer's
  // setRequestInterception) cost a round trip to this process for each of the app's files.
  await answerRequests(page, '*://open.weixin.qq.com/sdk/report*', { status: 204 });
  return page;
}

/**
 * Answers every request of `page` whose URL matches `urlPattern` (the DevTools protocol's wildcard pattern) here,
 * without asking the server: `status`, with `body` (text) of `contentType` when given. Resolves a function that stops
 * answering. preparePage's beacon answer, the QA kit's blank page of the app's origin, a test's planted 500.
 */
export async function answerRequests(
  page: Page,
  urlPattern: string,
  { status, contentType = 'text/plain', body }: { status: number; contentType?: string; body?: string },
): Promise<() => Promise<void>> {
  const cdp = await page.createCDPSession();
  cdp.on('Fetch.requestPaused', (event: { requestId: string }) => {
    void cdp
      .send('Fetch.fulfillRequest', {
        requestId: event.requestId,
        responseCode: status,
        ...(body === undefined
          ? {}
          : {
              responseHeaders: [{ name: 'Content-Type', value: contentType }],
              body: Buffer.from(body).toString('base64'),
            }),
      })
      .catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern }] });
  return async () => {
    await cdp.send('Fetch.disable');
  };
}

/**
 * Installed in every page before the app's scripts (preparePage): records the text of every toast the page shows
 * (antd-mobile's `.adm-toast-main`) in `window.__toastsShown`, as it appears. A toast lasts 2 s; a wait that starts
 * late on a loaded machine would miss it, while the log keeps it until a wait takes it.
 */
const TOAST_RECORDER = `(() => {
  const shown = (window.__toastsShown = []);
  const record = () => {
    for (const el of document.querySelectorAll('.adm-toast-main')) {
      const text = el.textContent || '';
      if (text && el.__recordedText !== text) {
        el.__recordedText = text;
        shown.push(text);
      }
    }
  };
  new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/**
 * Waits until the page's visible text contains `text`, or a toast containing it was shown since the page loaded and
 * was not yet taken by an earlier wait (each shown toast satisfies one wait). On timeout the error names the toasts
 * that were shown and the start of the page's text.
 */
export async function waitForText(page: Page, text: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForFunction(
      (t: string) => {
        const log = (window as unknown as { __toastsShown?: string[] }).__toastsShown ?? [];
        const logged = log.findIndex((x) => x.includes(t));
        if (logged >= 0) {
          log.splice(logged, 1);
          return true;
        }
        return document.body.innerText.includes(t);
      },
      { timeout },
      text,
    );
  } catch (error) {
    const seen = await page
      .evaluate(() => ({
        toasts: (window as unknown as { __toastsShown?: string[] }).__toastsShown ?? [],
        body: document.body.innerText.slice(0, 300),
      }))
      .catch(() => null);
    throw new Error(
      `"${text}" was not shown within ${timeout} ms (${String(error)}); ` +
        `toasts not yet taken: ${JSON.stringify(seen?.toasts ?? null)}; page text: ${JSON.stringify(seen?.body ?? null)}`,
      { cause: error },
    );
  }
}

/**
 * Starts watching the page for `text` (a toast shown for 2 s is missed by a poll that starts late): from now until the
 * page navigates, any moment the visible text contains it counts. Returns a wait that resolves once it was seen.
 */
export async function watchForText(page: Page, text: string): Promise<(timeout?: number) => Promise<void>> {
  await page.evaluate((t: string) => {
    const w = window as unknown as { __seenText?: Record<string, boolean> };
    const seen = (w.__seenText ??= {});
    const check = () => {
      if (document.body.innerText.includes(t)) {
        seen[t] = true;
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    check();
  }, text);
  return async (timeout = 15_000) => {
    await page.waitForFunction(
      (t: string) => (window as unknown as { __seenText?: Record<string, boolean> }).__seenText?.[t] === true,
      { timeout },
      text,
    );
  };
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
  await checkScreen(page);
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
  await page.waitForSelector('[data-testid="agreement"] .adm-checkbox', { visible: true, timeout: 10_000 });
  await page.$eval('[data-testid="agreement"] .adm-checkbox', (el) => (el as HTMLElement).click());
  await page.waitForSelector('[data-testid="agreement"] .adm-checkbox-checked', { timeout: 5_000 });
}

/**
 * Replaces the value of an input or textarea found by its name attribute: focus, select all, delete, type. No mouse
 * click (it could land on a sheet's mask or miss a field that is still sliding in); fields that start filled are
 * replaced, empty ones filled.
 */
export async function typeInto(page: Page, name: string, value: string): Promise<void> {
  const selector = `input[name="${name}"], textarea[name="${name}"]`;
  await page.waitForSelector(selector, { visible: true, timeout: 15_000 });
  await page.$eval(selector, (el) => {
    (el as HTMLInputElement).focus();
    (el as HTMLInputElement).select();
  });
  await page.keyboard.press('Backspace');
  await page.type(selector, value);
}

/**
 * Fills the input or textarea of `name` with `value` and waits until it holds exactly that: a screen that fills a
 * field with a default when its data arrives (an e-mail, a name) may do so while the test types; the field is then
 * typed again (three times at most).
 */
export async function fillInput(page: Page, name: string, value: string): Promise<void> {
  const selector = `input[name="${name}"], textarea[name="${name}"]`;
  for (let attempt = 1; ; attempt += 1) {
    await typeInto(page, name, value);
    const held = await page
      .waitForFunction(
        (sel: string, v: string) => (document.querySelector(sel) as HTMLInputElement | null)?.value === v,
        { timeout: 2000 },
        selector,
        value,
      )
      .then(
        () => true,
        () => false,
      );
    if (held) return;
    if (attempt === 3) throw new Error(`${name} holds "${await inputValue(page, name)}", not "${value}"`);
  }
}

/** The current value of an input or textarea found by its name attribute. */
export function inputValue(page: Page, name: string): Promise<string> {
  return page.$eval(`input[name="${name}"], textarea[name="${name}"]`, (el) => (el as HTMLInputElement).value);
}

/**
 * Waits until the element of `selector` can take a tap: present, rendered (fixed elements too), visible, and not
 * inside a popup or dialog that is still animating (antd-mobile sets `pointer-events: none` on a sheet's or dialog's
 * body until it has settled, and again while it closes; the style is inherited, so the element's own computed value
 * tells).
 */
export async function waitForTappable(page: Page, selector: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (sel: string) => {
      const el = document.querySelector<HTMLElement>(sel);
      if (!el || el.getClientRects().length === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.pointerEvents !== 'none';
    },
    { timeout },
    selector,
  );
}

/**
 * Taps the element of `selector` once it can take a tap (waitForTappable): a DOM click, which a page transition, a
 * toast or a sheet still moving cannot make miss (a mouse click at the element's position could). For controls found
 * by a selector (test ids, fixed buttons that clickText skips); controls found by their text use clickText.
 */
export async function press(page: Page, selector: string): Promise<void> {
  await waitForTappable(page, selector);
  await checkScreen(page);
  // found and tapped in one step: a list that draws its rows anew (a refresh) between the check and the tap replaces
  // the element, and the tap goes to the new one
  try {
    await page.waitForFunction(
      (sel: string) => {
        const el = document.querySelector<HTMLElement>(sel);
        if (!el || el.getClientRects().length === 0 || getComputedStyle(el).pointerEvents === 'none') return false;
        el.click();
        return true;
      },
      { timeout: 15_000 },
      selector,
    );
  } catch (error) {
    // Say what the screen showed instead: a failure in CI is read from its log only.
    const shown = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 600)).catch(() => '');
    throw new Error(`press ${selector}: it went and did not come back within 15 s; the screen shows: ${shown}`, {
      cause: error,
    });
  }
}

/**
 * 选择设备 (/mine/searchSerial): types `serial` into the search and taps that box once the list answers the search (every
 * row shown is a box whose serial contains it), as a person reads the results before tapping. A tap on the row of the
 * list before the search answered could fall in the moment the list is replaced.
 */
export async function chooseBox(page: Page, serial: string): Promise<void> {
  await page.waitForSelector('.adm-search-bar input', { visible: true });
  await page.type('.adm-search-bar input', serial);
  await page.waitForFunction(
    (wanted: string) => {
      const rows = [...document.querySelectorAll<HTMLElement>('[data-testid^="box-"]')].filter(
        (row) => !row.dataset.testid?.startsWith('box-list'),
      );
      return rows.length > 0 && rows.every((row) => row.dataset.testid?.includes(wanted));
    },
    { timeout: 15_000 },
    serial,
  );
  await press(page, byTestId(`box-${serial}`));
}

/**
 * Answers the shown dialog (antd-mobile Dialog.confirm / Dialog.show): waits for a dialog that has settled and whose
 * text contains `question` (any shown dialog when omitted), taps its action button `button`, then waits until that
 * dialog has gone or started closing. A closed dialog may linger in the DOM a moment, faded out and no longer taking
 * taps: only a shown one counts, so an earlier dialog with the same buttons is never answered twice.
 */
export async function answerDialog(page: Page, button: string, question = ''): Promise<void> {
  const found = await page.waitForFunction(
    (q: string) =>
      [...document.querySelectorAll<HTMLElement>('.adm-dialog-body')].find(
        (d) => (d.textContent ?? '').includes(q) && getComputedStyle(d).pointerEvents !== 'none',
      ) ?? false,
    { timeout: 15_000 },
    question,
  );
  const dialog = found as ElementHandle<HTMLElement>;
  await checkScreen(page);
  // The dialog answered is marked, and its closing is waited for by that mark rather than by the handle: an answer
  // that reloads the page (or a host that re-creates the document) would leave a handle of the old document, which a
  // rerun of the wait in the new one refuses ("Argument should belong to the same JavaScript world").
  const clicked = await dialog.evaluate((d, text: string) => {
    const target = [...d.querySelectorAll<HTMLElement>('.adm-dialog-button')].find((b) => b.innerText.trim() === text);
    if (target === undefined) return false;
    d.dataset.e2eAnswered = '1';
    target.click();
    return true;
  }, button);
  await dialog.dispose();
  if (!clicked) throw new Error(`the dialog “${question}” has no button ${button}`);
  await page.waitForFunction(
    () => {
      const d = document.querySelector<HTMLElement>('[data-e2e-answered]');
      if (d === null) return true;
      if (getComputedStyle(d).pointerEvents !== 'none') return false;
      delete d.dataset.e2eAnswered;
      return true;
    },
    { timeout: 15_000 },
  );
}

/**
 * Taps the tab bar's 站点 and meets what the site tab shows first (B-site.md §1 /site): when the logged-in account may
 * decide site applications (siteAuthor) and has pending ones, the once-per-session dialog "有 N 条站点授权申请待处理"
 * (N read from the sandbox now), answered with `answer` (default 稍后处理: the list stays). Answers N (0: no dialog).
 */
export async function tapSiteTab(
  page: Page,
  baseUrl: string,
  answer: '稍后处理' | '去处理' = '稍后处理',
): Promise<number> {
  const { token, eligible, shown } = await page.evaluate(() => ({
    token: localStorage.getItem('TOKEN'),
    eligible: (localStorage.getItem('PERMISSION') ?? '').includes('"siteAuthor"'),
    shown: sessionStorage.getItem('siteApplyModalShown') !== null,
  }));
  const pending =
    token && eligible && !shown
      ? ((await api<{ count: number }>(baseUrl, 'GET', '/api/openPlatform/getUndealSiteApplyCount', undefined, token))
          .data?.count ?? 0)
      : 0;
  await clickText(page, '站点', '.adm-tab-bar-item');
  if (pending > 0) await answerDialog(page, answer, `有 ${pending} 条站点授权申请待处理`);
  return pending;
}

/** Waits until the current path is `target`'s path and the query has every parameter `target` names (same values). */
export async function waitForPath(page: Page, target: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (t: string) => {
      const wanted = new URL(t, location.origin);
      if (location.pathname !== wanted.pathname) return false;
      const query = new URLSearchParams(location.search);
      return [...wanted.searchParams].every(([key, value]) => query.get(key) === value);
    },
    { timeout },
    target,
  );
}

/** The selector of the element with a test id: `[data-testid="…"]`. */
export function byTestId(testId: string): string {
  return `[data-testid="${testId}"]`;
}

/**
 * The text the element of `selector` shows, once it is present: its innerText with every run of white space (the
 * line breaks between block and flex children included) made one space, trimmed.
 */
export async function textOf(page: Page, selector: string): Promise<string> {
  await page.waitForSelector(selector, { timeout: 15_000 });
  return page.$eval(selector, (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
}

/**
 * Waits until the element of `selector` shows `text` (its text as textOf reads it): exactly (`'is'`, the default:
 * figures whose value matters) or within it (`'contains'`). For a figure that arrives after its call answers, or
 * changes after an action.
 */
export async function waitForTextOf(
  page: Page,
  selector: string,
  text: string,
  how: 'is' | 'contains' = 'is',
  timeout = 15_000,
): Promise<void> {
  await page.waitForFunction(
    (sel: string, t: string, contains: boolean) => {
      const shown = document.querySelector<HTMLElement>(sel)?.innerText.replace(/\s+/g, ' ').trim();
      return shown !== undefined && (contains ? shown.includes(t) : shown === t);
    },
    { timeout },
    selector,
    text,
    how === 'contains',
  );
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

/** The sandbox API as one account sees it: `data` of each answer; a non-zero code throws with the path and message. */
export interface AccountApi {
  /** GET `url` (path and query). */
  get<T>(url: string): Promise<T>;
  /** POST `url` with a JSON body. */
  post<T>(url: string, body: unknown): Promise<T>;
}

/**
 * The sandbox API called with `token` (the account a test logged in as), for what a test reads to compare with the
 * screen or prepares through the API. Calls whose failure is the point use `api` and look at the code.
 */
export function accountApi(baseUrl: string, token: string): AccountApi {
  const data = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    const answer = await api<T>(baseUrl, method, url, body, token);
    if (answer.code !== 0) throw new Error(`${method} ${url} answered ${answer.code}: ${answer.message}`);
    return answer.data;
  };
  return { get: (url) => data('GET', url), post: (url, body) => data('POST', url, body) };
}

/**
 * Pays every open arrears record (1 未还, 2 部分已还) of the account behind `call` the way the app does (D-income.md §3):
 * `wxPayment` for them all (the direct calls come from WeChat's client), the sandbox's WeChat cashier pays, and the
 * server has the payment 已支付 within 10 s. For a test that leaves arrears behind (a settlement shortfall when the
 * clock passes the 1st): open arrears block withdrawals, so the files after it find the account as the demo world
 * made it. Answers the number of records paid.
 */
export async function payOpenArrears(baseUrl: string, call: AccountApi): Promise<number> {
  const open = await call.get<{ list: ArrearsRecord[] }>(
    '/api/account/settlement/cost/arrears/list?pageNum=1&pageSize=100&status=1,2',
  );
  if (open.list.length === 0) return 0;
  const payment = await call.post<WxPayment>('/api/share/instalment/wxPayment', {
    arrearsIds: open.list.map((record) => record.id),
    amount: open.list.reduce((sum, record) => sum + record.amount - record.repaidAmount, 0),
    requestId: randomBytes(16).toString('hex'),
  });
  const { timeStamp, nonceStr, signType, paySign } = payment;
  const cashier = await api<{ result: string }>(baseUrl, 'POST', '/__sandbox/pay/wechat/cashier', {
    timeStamp,
    nonceStr,
    package: payment.package,
    signType,
    paySign,
    outcome: 'pay',
  });
  if (cashier.data.result !== 'ok') throw new Error(`the sandbox cashier answered ${JSON.stringify(cashier)}`);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const result = await call.get<PayResult>(`/api/share/instalment/queryPayResult?paymentId=${payment.paymentId}`);
    if (result.status === 1) return open.list.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the arrears payment ${payment.paymentId} was not paid within 10 s`);
}

/** Injects a fault for the next `times` calls of an API path. */
export async function fault(baseUrl: string, spec: Record<string, unknown>): Promise<void> {
  const answer = await api(baseUrl, 'POST', '/__sandbox/faults', spec);
  if (answer.code !== 0) throw new Error(`fault not accepted: ${answer.message}`);
}

/**
 * The text SMS the sandbox sent to a phone, newest first (GET /__sandbox/sms/inbox: alarms of rule 23, notices of an
 * opened property login or an added agent); codes are read with lastSms.
 */
export async function smsInbox(
  baseUrl: string,
  phone: string,
): Promise<{ kind: 'alarm' | 'notice'; content: string; sentAt: number }[]> {
  const answer = await api<{ kind: 'alarm' | 'notice'; content: string; sentAt: number }[]>(
    baseUrl,
    'GET',
    `/__sandbox/sms/inbox?phone=${phone}`,
  );
  if (answer.code !== 0) throw new Error(`no SMS inbox for ${phone}: ${answer.message}`);
  return answer.data;
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
  await waitForPath(page, '/mine/bind', 20_000);
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
  await waitForPath(page, '/home', 20_000);
}

/** Like authorizeAndBindBySms, with the password tab. */
export async function authorizeAndBindByPassword(
  page: Page,
  baseUrl: string,
  host: Host,
  phone = DEMO.phone,
  password = DEMO.password,
): Promise<void> {
  await authorize(page, baseUrl, host);
  await clickText(page, '密码登录', '.adm-tabs-tab');
  await typeInto(page, 'phone', phone);
  await typeInto(page, 'password', password);
  await acceptAgreement(page);
  await clickText(page, '登录');
  await waitForPath(page, '/home', 20_000);
}

/** The token the app stored. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('TOKEN'));
}

/** A phone logged in as the demo operator (DEMO), on /home: its page, its context (close it), token and API. */
export interface DemoPhone {
  page: Page;
  context: BrowserContext;
  token: string;
  call: AccountApi;
}

/** What the app keeps after logging in: its localStorage (TOKEN, PERMISSION …) and sessionStorage (the auth code …). */
interface SavedLogin {
  local: Record<string, string>;
  session: Record<string, string>;
}

/**
 * Each demo account's login of each bundle, made once per test run and sandbox: a login through the authorisation page
 * and /mine/bind costs seconds, and the login screens have tests of their own. Kept in this file's memory and in the
 * run's folder (global-setup.ts E2E_RUN_DIR), one file per login, so that the next test files start with it too.
 */
const savedLogins = {
  memory: new Map<string, SavedLogin>(),
  file(key: string): string | null {
    const dir = process.env.E2E_RUN_DIR;
    return dir ? path.join(dir, `login-${key.replace(/[^a-z0-9]+/gi, '_')}.json`) : null;
  },
  get(key: string): SavedLogin | undefined {
    const known = this.memory.get(key);
    if (known) return known;
    const file = this.file(key);
    if (!file || !existsSync(file)) return undefined;
    return JSON.parse(readFileSync(file, 'utf8')) as SavedLogin;
  },
  set(key: string, login: SavedLogin): void {
    this.memory.set(key, login);
    const file = this.file(key);
    if (!file) return;
    // written whole under another name, then renamed: another file never reads half of it
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(login));
    renameSync(`${file}.${process.pid}`, file);
  },
};

/** True when the sandbox still accepts `token` (a test that reset the password or logged out revokes it). */
async function tokenAccepted(baseUrl: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const answer = await api<unknown>(baseUrl, 'GET', '/api/user/getCommercialInfo', undefined, token);
  return answer.code === 0;
}

/**
 * Opens a phone of `host` logged in as the demo operator (or the demo account of `phone`, entities.md "Demo data":
 * 13800138006 split-mode, 13800138007 unsigned, 13800138008 KYB; logged in by SMS code), on /home: the start of
 * every test of a logged-in screen.
 * The first phone of a bundle and account in a test run logs in through the UI (authorizeAndBindByPassword); the next
 * ones, in this file and the next, start with the storage that login left (as the same phone reopening the app),
 * unless the sandbox no longer accepts its token. The test opens its screen from /home by the tab bar or with page.goto.
 */
export async function openDemoPhone(
  browser: Browser,
  baseUrl: string,
  host: Host,
  phone = DEMO.phone,
): Promise<DemoPhone> {
  const { page, context } = await openPhone(browser, host);
  const key = `${baseUrl}:${host}:${phone}`;
  const saved = savedLogins.get(key);
  if (saved && (await tokenAccepted(baseUrl, saved.local.TOKEN))) {
    // A page of the app's origin that does not start the app, to write its storage before the app reads it.
    await page.goto(`${baseUrl}/__sandbox/health`);
    await page.evaluate((login: SavedLogin) => {
      for (const [key, value] of Object.entries(login.local)) localStorage.setItem(key, value);
      for (const [key, value] of Object.entries(login.session)) sessionStorage.setItem(key, value);
    }, saved);
    await page.goto(`${baseUrl}/home`);
    await waitForPath(page, '/home', 20_000);
  } else {
    // Other demo accounts log in by SMS code: screens.test.ts changes the password of some of them.
    if (phone === DEMO.phone) await authorizeAndBindByPassword(page, baseUrl, host);
    else await authorizeAndBindBySms(page, baseUrl, host, phone);
    savedLogins.set(
      key,
      await page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }) as SavedLogin),
    );
  }
  const token = await storedToken(page);
  if (!token) throw new Error('the app stored no token after logging in');
  return { page, context, token, call: accountApi(baseUrl, token) };
}

/**
 * Fen as the app shows money (ARCHITECTURE.md "Money", src/lib/money.ts formatFen), computed independently of the app:
 * 123456 → "¥1,234.56", -100 → "-¥1.00".
 */
export function yuanText(fen: number): string {
  const abs = Math.abs(fen);
  const grouped = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fen < 0 ? '-' : ''}¥${grouped}.${String(abs % 100).padStart(2, '0')}`;
}

/** The date in Asia/Shanghai (the sandbox's business day) `days` from today, 'YYYY-MM-DD'. */
export function shanghaiDate(days = 0): string {
  return new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** A site a test creates through the API (B-site.md §1 addSite): a Hangzhou address, no property, no parties. */
export const NEW_SITE: Omit<AddSiteRequest, 'name'> = {
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  address: '文三路199号',
  longitude: 120.131234,
  latitude: 30.281234,
  contacts: '测试员',
  contactsPhone: '13911112222',
  servicePhone: '400-800-1234',
  // B-site.md §0.2: everything on the operator, no party.
  siteShareRule: { ...DEFAULT_SHARE_RULE, parties: [] },
};

/**
 * Creates a site of the account of `call` through POST /api/r9/site/addSite: NEW_SITE with `name` and `fields`.
 * Returns its id. Names must be unique per operator (站点名称已存在): give each test and bundle its own.
 */
export async function createSite(
  call: AccountApi,
  name: string,
  fields: Partial<AddSiteRequest> = {},
): Promise<number> {
  const created = await call.post<{ id: number }>('/api/r9/site/addSite', { ...NEW_SITE, ...fields, name });
  return created.id;
}
