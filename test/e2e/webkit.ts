import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'puppeteer';
import { remote } from 'webdriverio';
import { freePort } from '../../scripts/sandbox-process';
import type { WalkTab } from './walk';

/**
 * Phones in WebKit, the engine of iOS WeChat and Alipay (issue 32 item 2): Debian's WebKitGTK (webkit2gtk-driver) with
 * its MiniBrowser, driven by WebdriverIO over WebKitGTK's own WebDriver, in a virtual X display (Xvfb).
 *
 * WebKitGTK's driver speaks classic WebDriver only (no BiDi: no script before the page's own, no console, no network
 * events). So every request of the browser goes through a small HTTP proxy of this process (WebDriver's `proxy`
 * capability), which gives what Chromium's DevTools give the end-to-end tests:
 * - every HTML page gets, before its own scripts, the host emulator of test/emulators (the JS bridge of the host the
 *   phone plays, for its OS) and a probe that records script errors, unhandled rejections and console errors
 *   (`window.__webkitProbe`);
 * - every answer of 400 or above and every request that failed is recorded (`failedRequests`);
 * - nothing leaves 127.0.0.1 (or the environment's host): WeChat's JS-SDK beacon gets the empty answer WeChat gives
 *   it, any other outside address a 502, recorded as failed; https is refused (a tunnel cannot be looked into).
 *
 * What it does not stand for (README "Tests"): a current WebKit (2.50, Safari 26's engine and JavaScriptCore), not the
 * iOS 12 WKWebView the bundles still support; a mouse, no touch events; a pixel ratio of 1; and a window no narrower
 * than MiniBrowser's toolbar allows (447 px).
 */

/** The MiniBrowser of Debian's libwebkit2gtk-4.1-0, which WebKitWebDriver starts for each session. */
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** WebKitGTK's WebDriver (Debian's webkit2gtk-driver). */
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';

/** What the proxy puts before a page's own scripts. */
export interface PageInjection {
  /** The host emulator to inject ('wechat' | 'alipay'), or none (a desktop browser). */
  host?: 'wechat' | 'alipay';
  /** window.__EMULATOR_CONFIG__ (test/emulators: os, jsapiTicket, configFails, bridgeDelayMs …). */
  emulator?: Record<string, unknown>;
  /** A script run after the emulator (the QA kit queues its scenario's scans and payments there). */
  after?: string;
}

/**
 * Records script errors, unhandled promise rejections and console.error calls in `window.__webkitProbe.errors`, for
 * whatever reads the page later (classic WebDriver has no console).
 */
const PROBE = `(function () {
  var probe = { errors: [] };
  window.__webkitProbe = probe;
  window.addEventListener('error', function (event) {
    var stack = event.error && event.error.stack ? '\\n' + event.error.stack : '';
    probe.errors.push('script error: ' + event.message + stack);
  });
  window.addEventListener('unhandledrejection', function (event) {
    var reason = event.reason;
    var stack = reason && reason.stack ? '\\n' + reason.stack : '';
    probe.errors.push('unhandled rejection: ' + String(reason) + stack);
  });
  var error = console.error;
  console.error = function () {
    probe.errors.push('console.error: ' + Array.prototype.map.call(arguments, String).join(' '));
    return error.apply(console, arguments);
  };
})();`;

const root = path.resolve(import.meta.dirname, '../..');

/** The scripts the proxy puts right after `<head>` of every HTML page. */
function headScripts({ host, emulator = {}, after }: PageInjection): string {
  // tsx compiles with esbuild's keepNames: a named function sent to the page calls its __name helper
  const parts = ['globalThis.__name ??= (fn) => fn;', PROBE];
  if (host) {
    const source = readFileSync(path.join(root, 'test/emulators', `${host}.js`), 'utf8');
    parts.push(`window.__EMULATOR_CONFIG__ = ${JSON.stringify(emulator)};\n${source}`);
  }
  if (after) parts.push(after);
  return parts.map((code) => `<script>${code.replace(/<\/script/gi, '<\\/script')}</script>`).join('');
}

/** The proxy every request of a WebKit phone goes through. */
export interface PageProxy {
  /** 'host:port' of the proxy, for WebDriver's proxy capability. */
  address: string;
  /** Requests answered 400 or above, or failed ('GET http://…: 500'), since the last take. */
  takeFailedRequests(): string[];
  close(): Promise<void>;
}

/**
 * A page of the tested origin that does not start the app, answered by the proxy (never asked of the server): the QA
 * kit writes the storage the app reads at startup there (a login by session token).
 */
export const BLANK_PATH = '/__webkit_blank';

/** The JS-SDK's report beacon to WeChat: answered empty, as WeChat answers it. */
const WECHAT_BEACON = /^https?:\/\/open\.weixin\.qq\.com\/sdk\/report/;

/**
 * Starts the proxy for pages of `origins` (the sandbox's or the environment's origin, http): their HTML gets
 * `injection`; every other address is refused (see the module's comment).
 */
export async function startPageProxy(origins: readonly string[], injection: PageInjection): Promise<PageProxy> {
  const head = headScripts(injection);
  let failed: string[] = [];
  const server = http.createServer((request, response) => {
    const target = request.url ?? '';
    const label = `${request.method} ${target}`;
    if (WECHAT_BEACON.test(target)) {
      response.writeHead(204).end();
      return;
    }
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (origins.includes(url.origin) && url.pathname === BLANK_PATH) {
      response
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        .end('<!doctype html><title>blank</title>');
      return;
    }
    if (!origins.includes(url.origin)) {
      failed.push(`${label}: outside the tested origin (not fetched)`);
      response.writeHead(502).end();
      return;
    }
    // the page's own headers, uncompressed (the HTML is rewritten), without the proxy's own
    const headers: http.OutgoingHttpHeaders = { ...request.headers, 'accept-encoding': 'identity' };
    delete headers['proxy-connection'];
    const upstream = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers,
        // a connection per request: a kept-alive one the server has just closed fails the next request on it
        agent: false,
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        // MiniBrowser asks every site for its icon (a phone's web view does not; the app declares none)
        if (status >= 400 && url.pathname !== '/favicon.ico') failed.push(`${label}: ${status}`);
        const type = String(answer.headers['content-type'] ?? '');
        if (!type.includes('text/html')) {
          response.writeHead(status, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/<head[^>]*>/i, (tag) => `${tag}${head}`);
          const out = { ...answer.headers };
          delete out['content-length'];
          response.writeHead(status, out);
          response.end(html);
        });
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      failed.push(`${label}: ${error.code ?? error.message}`);
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  // https would come as a tunnel, which cannot be looked into or injected.
  server.on('connect', (request, socket) => {
    failed.push(`CONNECT ${request.url}: https is not proxied (not fetched)`);
    socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    takeFailedRequests: () => {
      const seen = failed;
      failed = [];
      return seen;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** WebKitGTK's WebDriver in a virtual display of its own. */
export interface WebKitDriver {
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts WebKitWebDriver under `xvfb-run` (a free display, a 1280 × 1024 screen) on a free port and resolves once it
 * answers /status. Throws when it is not installed (npm test installs webkit2gtk-driver and xvfb) or exits.
 */
export async function startWebKitDriver(): Promise<WebKitDriver> {
  if (!existsSync(WEBKIT_DRIVER) || !existsSync('/usr/bin/xvfb-run')) {
    throw new Error('WebKitWebDriver or xvfb-run is missing: apt-get install webkit2gtk-driver xvfb (npm test does)');
  }
  const port = await freePort();
  const child: ChildProcess = spawn(
    '/usr/bin/xvfb-run',
    ['-a', '-s', '-screen 0 1280x1024x24', WEBKIT_DRIVER, `--port=${port}`],
    { detached: true, stdio: 'ignore' },
  );
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // the whole group: xvfb-run, Xvfb, the driver and its browsers
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
    if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  };
  // Up or exited; the bound only ends a start that hangs.
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/status`);
      if (answer.ok) return { port, stop };
    } catch {
      /* starting */
    }
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${child.exitCode}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error('WebKitWebDriver did not answer within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A WebKit phone: its WebdriverIO browser and the proxy its requests go through. */
export interface WebKitPhone {
  browser: WebdriverIO.Browser;
  proxy: PageProxy;
  /** The script errors the page's probe recorded since the last take (lost when a page loads anew). */
  takeScriptErrors(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Opens a MiniBrowser session on `driver`, with `userAgent` and every request through a page proxy for `origins`
 * (startPageProxy): a fresh profile, the window as narrow as MiniBrowser allows (447 × 844 px).
 */
export async function openWebKitPhone(
  driver: WebKitDriver,
  { userAgent, origins, injection }: { userAgent: string; origins: readonly string[]; injection: PageInjection },
): Promise<WebKitPhone> {
  const proxy = await startPageProxy(origins, injection);
  // WebKitGTK's own capability (its browser and arguments), which WebdriverIO's types do not list
  const capabilities: WebdriverIO.Capabilities & Record<string, unknown> = {
    browserName: 'MiniBrowser',
    // WebKitGTK's driver refuses a session that asks for BiDi (webSocketUrl)
    'wdio:enforceWebDriverClassic': true,
    'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', `--user-agent=${userAgent}`] },
    proxy: { proxyType: 'manual', httpProxy: proxy.address, noProxy: [] },
  };
  const browser = await remote({ hostname: '127.0.0.1', port: driver.port, logLevel: 'warn', capabilities });
  await browser.setWindowSize(390, 844);
  return {
    browser,
    proxy,
    takeScriptErrors: async () =>
      (await browser.execute(() => {
        const probe = (window as unknown as { __webkitProbe?: { errors: string[] } }).__webkitProbe;
        return probe ? probe.errors.splice(0) : ['no probe on the page (the proxy did not inject it)'];
      })) ?? [],
    close: async () => {
      await browser.deleteSession().catch(() => undefined);
      await proxy.close();
    },
  };
}

/**
 * The phone as the route walk's tab (walk.ts WalkTab): a function runs in the page through WebDriver's Execute Script
 * (its arguments and result as JSON, a promise awaited); a string runs as a script body (its value is not returned).
 * Errors are the probe's and the proxy's.
 */
export function webkitTab(phone: WebKitPhone): WalkTab {
  const evaluate = ((script: unknown, ...args: unknown[]) =>
    typeof script === 'string'
      ? phone.browser.execute(script)
      : phone.browser.execute(script as (...params: unknown[]) => unknown, ...args)) as Page['evaluate'];
  return {
    evaluate,
    takeErrors: async () => ({
      consoleErrors: await phone.takeScriptErrors(),
      failedRequests: phone.proxy.takeFailedRequests(),
    }),
  };
}

/** The path of the phone's page, once it is `wanted` (20 s at most). */
export async function untilPathIn(phone: WebKitPhone, wanted: string): Promise<void> {
  await phone.browser.waitUntil(async () => (await phone.browser.execute(() => location.pathname)) === wanted, {
    timeout: 20_000,
    timeoutMsg: `the page did not reach ${wanted}`,
  });
}

/**
 * From a fresh WebKit phone through the platform's (sandbox) authorisation page to /mine/bind (as helpers.ts
 * authorize does in Chromium), then in with the password tab, or with an SMS code read from the sandbox's SMS log;
 * resolves on /home. Throws when the authorisation page is not the host's.
 */
export async function logInWebKit(
  phone: WebKitPhone,
  baseUrl: string,
  host: 'wechat' | 'alipay',
  login: { phone: string; password: string } | { phone: string; sms: true },
): Promise<void> {
  const { browser } = phone;
  await browser.url(`${baseUrl}/`);
  await (await browser.$('#consent')).waitForDisplayed({ timeout: 20_000 });
  const authPath = await browser.execute(() => location.pathname);
  if (!(host === 'wechat' ? /\/connect\/oauth2\/authorize$/ : /\/publicAppAuthorize\.htm$/).test(authPath)) {
    throw new Error(`not the ${host} authorisation page: ${authPath}`);
  }
  await (await browser.$('#consent')).click();
  await untilPathIn(phone, '/mine/bind');
  if ('password' in login) {
    await (await browser.$('.adm-tabs-tab=密码登录')).click();
    await (await browser.$('input[name="phone"]')).setValue(login.phone);
    await (await browser.$('input[name="password"]')).setValue(login.password);
  } else {
    // the phone's SMS history cleared first, so that the 60-second resend rule does not bite between runs
    await fetch(`${baseUrl}/__sandbox/sms?phone=${login.phone}`, { method: 'DELETE' });
    await (await browser.$('input[name="phone"]')).setValue(login.phone);
    await (await browser.$('//button[normalize-space(.)="获取验证码"]')).click();
    let code = '';
    await browser.waitUntil(
      async () => {
        const answer = (await (await fetch(`${baseUrl}/__sandbox/sms?phone=${login.phone}`)).json()) as {
          code: number;
          data?: { code: string };
        };
        code = answer.code === 0 ? (answer.data?.code ?? '') : '';
        return code !== '';
      },
      { timeout: 15_000, timeoutMsg: `no SMS code for ${login.phone}` },
    );
    await (await browser.$('input[name="code"]')).setValue(code);
  }
  await (await browser.$('[data-testid="agreement"] .adm-checkbox')).click();
  await (await browser.$('[data-testid="agreement"] .adm-checkbox-checked')).waitForExist({ timeout: 5000 });
  await (await browser.$('//button[normalize-space(.)="登录"]')).click();
  await untilPathIn(phone, '/home');
}
