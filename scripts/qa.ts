/**
 * npm run qa — the QA kit (issue 32 item 1; README "QA kit"): every built route of the route table, in each bundle and
 * phone OS, against the sandbox (the default: a fresh demo world) or a deployed environment (`--base URL`), with the
 * platform's real user agent and the host emulator (test/emulators) injected before the app. Ids for routes that need
 * one are found through the list screens, as a person finds them (test/e2e/walk.ts findRoutes).
 *
 * For each route it records: time to content (ms), console errors and uncaught exceptions, failed requests (a network
 * failure or an answer of 400 or above), the accessibility check's findings (axe-core's serious and critical rules and
 * the enforced layout rules: test/e2e/a11y.ts screenViolations), every host-bridge call made while it showed, and a
 * picture of the whole page. It writes `--out` (default qa-report/): index.html (the contact sheet, findings under each
 * picture), report.json (all of it, and the summary) and the pictures, prints a summary, and exits 1 on any finding
 * (2 on a wrong option).
 *
 * Options:
 *   --base URL               a deployed environment; default: starts the sandbox (after `rsbuild build --env-mode
 *                            sandbox`, unless --no-build) and walks it
 *   --host wechat|alipay     one bundle (default both); --os ios|android one OS (default both)
 *   --engine chromium|webkit one engine (default both): Debian's Chromium through Puppeteer, or WebKitGTK (the engine
 *                            of iOS WeChat and Alipay) through its WebDriver under Xvfb (test/e2e/webkit.ts; its
 *                            window is at least 447 px wide, and its pictures show the window, not the whole page)
 *   --phone P --password W   log in through the authorisation page and /mine/bind with the password (sandbox only:
 *                            its authorisation pages stand in for the platforms'); default the demo operator
 *   --phone P --sms          the same with an SMS code, read from the sandbox's SMS log
 *   --token T                an environment where the platform's OAuth cannot run in a robot: T is placed where the
 *                            app keeps it (spec §3: localStorage TOKEN), with --permission JSON and
 *                            --extend-permission JSON (what the login stored: PERMISSION, ExtendPermission) and an
 *                            auth code in sessionStorage (--auth-code, default qa-kit) so that startup does not go to
 *                            the platform's authorisation page
 *   --scenario FILE          scripted host behaviour, JSON: { "emulator": { "configFails": true, "bridgeDelayMs":
 *                            3000 }, "scans": [{ "fail": true }, { "cancel": true }, { "text": "…", "type": "qr" }],
 *                            "pays": ["cancel", "fail"], "faults": [{ "path": "/api/…", "httpStatus": 500 }] } —
 *                            emulator settings for every page, scan and payment outcomes queued in that order, and
 *                            (sandbox only) faults injected before the walk
 *   --out DIR                the report folder (emptied first); --width N the phone's width in px (default 390)
 *
 * In the sandbox, the routes the logged-in account cannot reach are looked for as the other demo roles (README's
 * demo-account table), as the walk of the end-to-end suite does; a route still not reached is a finding there. Against
 * an environment a route the account does not reach is listed, not counted.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'puppeteer';
import { screenViolations } from '../test/e2e/a11y';
import {
  DEMO,
  IOS_USER_AGENTS,
  USER_AGENTS,
  answerRequests,
  authorizeAndBindByPassword,
  authorizeAndBindBySms,
  launchBrowser,
  preparePage,
  waitForPath,
  type Host,
  type Os,
} from '../test/e2e/helpers';
import {
  NOT_IN_DEMO_WORLD,
  OTHER_ROLES,
  builtRoutes,
  findRoutes,
  tabOf,
  type RouteVisit,
  type WalkRoute,
  type WalkTab,
} from '../test/e2e/walk';
import {
  BLANK_PATH,
  logInWebKit,
  openWebKitPhone,
  startWebKitDriver,
  untilPathIn,
  webkitTab,
  type WebKitDriver,
} from '../test/e2e/webkit';
import { loadConfig } from '../sandbox/config';
import type { RouteName } from '../src/config/routes';
import { sheet, shoot, type Shot } from './contact-sheet';
import { startSandbox } from './sandbox-process';

const root = path.resolve(import.meta.dirname, '..');

/** A host-bridge call as the emulator recorded it (`window.__hostEmulator.calls`). */
interface BridgeCall {
  name: string;
  args: unknown;
  time: number;
  answer?: string | null;
}

/** One route's record in the report. */
export interface QaRoute extends Shot {
  os: Os;
  engine: string;
  bridgeCalls: BridgeCall[];
  /** The findings, one line each (console, request, accessibility and layout). */
  findings: string[];
}

/** The scripted host behaviour of `--scenario`. */
export interface Scenario {
  emulator?: Record<string, unknown>;
  scans?: Record<string, unknown>[];
  pays?: ('ok' | 'cancel' | 'fail')[];
  faults?: Record<string, unknown>[];
}

/** The browser engines of the kit. */
export type Engine = 'chromium' | 'webkit';

/** How the kit logs in. */
export type QaLogin =
  | { kind: 'password'; phone: string; password: string }
  | { kind: 'sms'; phone: string }
  | { kind: 'token'; token: string; permission: string; extendPermission: string; authCode: string };

/** What one run walks. */
export interface QaOptions {
  base: string;
  /** True when `base` is the kit's own sandbox (its demo roles, SMS log and faults are there). */
  sandbox: boolean;
  hosts: Host[];
  oses: Os[];
  engines: Engine[];
  login: QaLogin;
  scenario: Scenario;
  out: string;
  width: number;
  /** Only these routes (a test of the kit); default every built route. */
  want?: RouteName[];
  /** Runs on each new Chromium page before the app loads (a test of the kit plants its faults there). */
  preparePage?: (page: Page) => Promise<void>;
  log?: (line: string) => void;
}

/** The summary of a run: routes walked, findings, time to content per combination. */
export interface QaSummary {
  routes: number;
  findings: number;
  notReached: string[];
  /** Walks that could not run (a login that failed, a browser that died), each a finding: where, and the error. */
  failures: string[];
  combinations: { host: Host; os: Os; engine: string; routes: number; medianMs: number; worstMs: number }[];
}

/** The findings of one visit, one line each. */
function findingsOf(visit: RouteVisit, violations: Shot['violations']): string[] {
  return [
    ...visit.consoleErrors.map((e) => `console: ${e}`),
    ...visit.failedRequests.map((r) => `request: ${r}`),
    ...(violations ?? []).flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact ?? ''}): ${n.target.join(' ')}`)),
  ];
}

/** A logged-in phone of one engine, as the walk uses it: its tab, a picture of what it shows, and its end. */
interface QaPhone {
  tab: WalkTab;
  /** Writes a PNG of the screen: the whole page in Chromium, the window in WebKit. */
  shoot(file: string): Promise<void>;
  close(): Promise<void>;
}

/** The emulator's settings for every page: the OS, the sandbox's ticket (none elsewhere) and the scenario's. */
function emulatorOf(options: QaOptions, os: Os): Record<string, unknown> {
  return { os, jsapiTicket: options.sandbox ? loadConfig().jsapiTicket : null, ...options.scenario.emulator };
}

/** A script that queues the scenario's scans and payments in the page's emulator, or null when none. */
function queueScript(scenario: Scenario): string | null {
  const queued = { scans: scenario.scans ?? [], pays: scenario.pays ?? [] };
  if (queued.scans.length + queued.pays.length === 0) return null;
  return `(() => { const e = window.__hostEmulator; if (!e) return; const q = ${JSON.stringify(queued)};
    q.scans.forEach((s) => e.nextScan(s)); q.pays.forEach((p) => e.nextPay(p)); })();`;
}

/** Opens a Chromium phone of `host` on `os`, logged in as `login`, on /home. */
async function openChromium(
  browser: Browser,
  options: QaOptions,
  host: Host,
  os: Os,
  login: QaLogin,
): Promise<QaPhone> {
  const context = await browser.createBrowserContext();
  const page = await preparePage(await context.newPage(), host, os, emulatorOf(options, os));
  const queue = queueScript(options.scenario);
  if (queue) await page.evaluateOnNewDocument(queue);
  await options.preparePage?.(page);
  if (login.kind === 'password')
    await authorizeAndBindByPassword(page, options.base, host, login.phone, login.password);
  else if (login.kind === 'sms') await authorizeAndBindBySms(page, options.base, host, login.phone);
  else {
    // A page of the app's origin that does not start the app (answered here, never asked of the server), to write
    // the storage the app reads at startup.
    const blank = `${options.base}/__qa_kit_blank`;
    const stop = await answerRequests(page, `${blank}*`, {
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>qa</title>',
    });
    await page.goto(blank);
    await stop();
    await page.evaluate(storeToken, login);
    await page.goto(`${options.base}/home`);
    await waitForPath(page, '/home', 30_000);
  }
  await page.setViewport({ width: options.width, height: 844, isMobile: true, hasTouch: true });
  return {
    tab: tabOf(page),
    shoot: (file) => shoot(page, options.width, file),
    close: () => page.browserContext().close(),
  };
}

/** Writes a session token's login where the app keeps it (spec §3), run in the page. */
function storeToken(login: Extract<QaLogin, { kind: 'token' }>): void {
  localStorage.setItem('TOKEN', login.token);
  localStorage.setItem('PERMISSION', login.permission);
  localStorage.setItem('ExtendPermission', login.extendPermission);
  sessionStorage.setItem('authCode', login.authCode);
}

/** Opens a WebKit phone (test/e2e/webkit.ts) of `host` on `os`, logged in as `login`, on /home. */
async function openWebKit(
  driver: WebKitDriver,
  options: QaOptions,
  host: Host,
  os: Os,
  login: QaLogin,
): Promise<QaPhone> {
  const phone = await openWebKitPhone(driver, {
    userAgent: os === 'ios' ? IOS_USER_AGENTS[host] : USER_AGENTS[host],
    origins: [new URL(options.base).origin],
    injection: { host, emulator: emulatorOf(options, os), after: queueScript(options.scenario) ?? undefined },
  });
  try {
    if (login.kind === 'token') {
      await phone.browser.url(`${options.base}${BLANK_PATH}`);
      await phone.browser.execute(storeToken, login);
      await phone.browser.url(`${options.base}/home`);
      await untilPathIn(phone, '/home');
    } else
      await logInWebKit(
        phone,
        options.base,
        host,
        login.kind === 'sms' ? { phone: login.phone, sms: true } : { phone: login.phone, password: login.password },
      );
  } catch (error) {
    await phone.close();
    throw error;
  }
  return {
    tab: webkitTab(phone),
    shoot: async (file) => {
      await phone.browser.saveScreenshot(file);
    },
    close: () => phone.close(),
  };
}

/** The bridge calls the page's emulator recorded since `seen` of them were taken (all of them after a reload). */
async function bridgeCallsSince(page: Pick<Page, 'evaluate'>, seen: { count: number }): Promise<BridgeCall[]> {
  const calls = await page
    .evaluate(() => (window as unknown as { __hostEmulator?: { calls: BridgeCall[] } }).__hostEmulator?.calls ?? [])
    .catch(() => [] as BridgeCall[]);
  const fresh = calls.length >= seen.count ? calls.slice(seen.count) : calls;
  seen.count = calls.length;
  return fresh;
}

/**
 * Walks one account through the routes on a new phone until it has opened those of `want` (default: all): each visit
 * of a wanted route recorded, pictured and checked (the bridge calls made since the last record go to it). Resolves
 * the records and the routes not reached.
 */
async function walkAs(
  open: (login: QaLogin) => Promise<QaPhone>,
  options: QaOptions,
  routes: WalkRoute[],
  [host, os, engine]: [Host, Os, Engine],
  login: QaLogin,
  role: string,
  want?: RouteName[],
): Promise<{ records: QaRoute[]; missing: WalkRoute[] }> {
  const phone = await open(login);
  const page = phone.tab;
  // The calls made since the page loaded (the login's landing, wx.config once the app is idle) go to the first screen.
  const seen = { count: 0 };
  const records: QaRoute[] = [];
  try {
    const { missing } = await findRoutes(page, routes, {
      want,
      log: (line) => options.log?.(`${host} ${os} ${line}`),
      each: async (visit) => {
        if (want && !want.includes(visit.name)) return;
        const violations = await screenViolations(page).catch((error: unknown) => [
          { id: 'check-failed', impact: 'serious', help: String(error), nodes: [{ target: [], summary: '' }] },
        ]);
        const again = records.filter((r) => r.name === visit.name).length;
        const name = `${host}-${os}-${engine}-${role.replace(/\W+/g, '_')}-${visit.name}`;
        const file = `${name}${again > 0 ? `-${again + 1}` : ''}.png`;
        await phone.shoot(path.join(options.out, file));
        const bridgeCalls = await bridgeCallsSince(page, seen);
        records.push({
          ...visit,
          layout: [],
          violations,
          host: `${host} · ${os} · ${engine}`,
          os,
          engine,
          role,
          file,
          bridgeCalls,
          findings: findingsOf(visit, violations),
        });
      },
    });
    return { records, missing };
  } finally {
    await phone.close();
  }
}

/** The median and the worst of `values` (0 for none). */
function medianAndWorst(values: number[]): { medianMs: number; worstMs: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0, worstMs: sorted.at(-1) ?? 0 };
}

/**
 * Runs the kit: every combination of `engines` × `hosts` × `oses`, the report written into `out`. Resolves the records and the
 * summary; the caller decides the exit code (findings > 0 fails).
 */
export async function runQa(options: QaOptions): Promise<{ records: QaRoute[]; summary: QaSummary }> {
  rmSync(options.out, { recursive: true, force: true });
  mkdirSync(options.out, { recursive: true });
  for (const fault of options.scenario.faults ?? []) {
    if (!options.sandbox) throw new Error('--scenario faults need the sandbox (its /__sandbox/faults)');
    const res = await fetch(`${options.base}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(fault),
    });
    if (!res.ok) throw new Error(`fault not accepted: ${await res.text()}`);
  }
  // The walk goes through every route to find the ids of those wanted.
  const routes = await builtRoutes();
  const wanted = options.want ? routes.filter((r) => options.want!.includes(r.name)) : routes;
  const records: QaRoute[] = [];
  const notReached: string[] = [];
  const combinations: QaSummary['combinations'] = [];
  const roleOf = (login: QaLogin) => (login.kind === 'token' ? 'token' : login.phone);
  const failures: string[] = [];
  for (const engine of options.engines) {
    // One browser (Chromium) or one WebDriver (WebKit) per engine; a new phone for each account walked.
    const browser = engine === 'chromium' ? await launchBrowser({ anyHost: !options.sandbox }) : null;
    const driver = engine === 'webkit' ? await startWebKitDriver() : null;
    try {
      for (const host of options.hosts)
        for (const os of options.oses) {
          const open = (login: QaLogin) =>
            browser ? openChromium(browser, options, host, os, login) : openWebKit(driver!, options, host, os, login);
          const combination: [Host, Os, Engine] = [host, os, engine];
          const first = await walkAs(
            open,
            options,
            routes,
            combination,
            options.login,
            roleOf(options.login),
            options.want,
          ).catch((error: unknown) => {
            failures.push(`${host} ${os} ${engine}: ${String(error).split('\n')[0]}`);
            return null;
          });
          if (!first) continue;
          const mine = [...first.records];
          let missing = first.missing.map((r) => r.name).filter((name) => wanted.some((w) => w.name === name));
          if (options.sandbox) {
            // The routes the account has no way to, looked for as the other demo roles.
            for (const phone of OTHER_ROLES) {
              const looked = missing.filter((name) => !(name in NOT_IN_DEMO_WORLD));
              if (looked.length === 0) break;
              const other = await walkAs(
                open,
                options,
                routes,
                combination,
                { kind: 'sms', phone },
                phone,
                looked,
              ).catch((error: unknown) => {
                failures.push(`${host} ${os} ${engine} as ${phone}: ${String(error).split('\n')[0]}`);
                return null;
              });
              if (!other) continue;
              mine.push(...other.records);
              const left = new Set(other.missing.map((r) => r.name));
              missing = missing.filter((name) => left.has(name) || name in NOT_IN_DEMO_WORLD);
            }
            missing = missing.filter((name) => !(name in NOT_IN_DEMO_WORLD));
          }
          records.push(...mine);
          notReached.push(...missing.map((name) => `${host} ${os} ${engine} ${name}`));
          const combined = {
            host,
            os,
            engine,
            routes: new Set(mine.map((r) => r.name)).size,
            ...medianAndWorst(mine.map((r) => r.contentMs)),
          };
          combinations.push(combined);
          const found = mine.reduce((n, r) => n + r.findings.length, 0);
          options.log?.(
            `${host} ${os} ${engine}: ${combined.routes} routes, time to content median ${combined.medianMs} ms, ` +
              `worst ${combined.worstMs} ms, ${found} finding(s)`,
          );
          writeReport(options, wanted.length, records, notReached, failures, combinations);
        }
    } finally {
      await browser?.close();
      await driver?.stop();
    }
  }
  return { records, summary: writeReport(options, wanted.length, records, notReached, failures, combinations) };
}

/**
 * Writes the report of what has been walked so far (index.html and report.json in `options.out`) and resolves its
 * summary: written after each combination, so that a run cut short keeps what it saw.
 */
function writeReport(
  options: QaOptions,
  routes: number,
  records: QaRoute[],
  notReached: string[],
  failures: string[],
  combinations: QaSummary['combinations'],
): QaSummary {
  const findings =
    records.reduce((n, r) => n + r.findings.length, 0) + failures.length + (options.sandbox ? notReached.length : 0);
  const summary: QaSummary = { routes, findings, notReached, failures, combinations };
  const failed = failures.map((failure) => `(could not walk) ${failure}`);
  writeFileSync(
    path.join(options.out, 'index.html'),
    sheet(records, [...notReached, ...failed], `QA kit, ${options.base}`),
  );
  writeFileSync(
    path.join(options.out, 'report.json'),
    JSON.stringify({ base: options.base, width: options.width, summary, routes: records }, null, 2),
  );
  return summary;
}

/** The command line (see the file's comment). */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      host: { type: 'string' },
      os: { type: 'string' },
      engine: { type: 'string' },
      phone: { type: 'string' },
      password: { type: 'string' },
      sms: { type: 'boolean', default: false },
      token: { type: 'string' },
      permission: { type: 'string', default: '[]' },
      'extend-permission': { type: 'string', default: '{}' },
      'auth-code': { type: 'string', default: 'qa-kit' },
      scenario: { type: 'string' },
      out: { type: 'string', default: path.join(root, 'qa-report') },
      width: { type: 'string', default: '390' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  const wrong = (text: string) => {
    console.error(`npm run qa: ${text} (see scripts/qa.ts or README "QA kit")`);
    return 2;
  };
  if (values.host && !['wechat', 'alipay'].includes(values.host)) return wrong('--host is wechat or alipay');
  if (values.os && !['ios', 'android'].includes(values.os)) return wrong('--os is ios or android');
  if (values.engine && !['chromium', 'webkit'].includes(values.engine)) return wrong('--engine is chromium or webkit');
  if (values.base && !values.token && !values.password && !values.sms)
    return wrong('--base needs a login: --token (an environment) or --phone with --password or --sms');
  let login: QaLogin;
  if (values.token) {
    for (const [name, text] of [
      ['--permission', values.permission],
      ['--extend-permission', values['extend-permission']],
    ] as const) {
      try {
        JSON.parse(text);
      } catch {
        return wrong(`${name} is JSON, as the app stores it`);
      }
    }
    login = {
      kind: 'token',
      token: values.token,
      permission: values.permission,
      extendPermission: values['extend-permission'],
      authCode: values['auth-code'],
    };
  } else if (values.sms) login = { kind: 'sms', phone: values.phone ?? DEMO.phone };
  else login = { kind: 'password', phone: values.phone ?? DEMO.phone, password: values.password ?? DEMO.password };
  let scenario: Scenario = {};
  if (values.scenario) {
    try {
      scenario = JSON.parse(readFileSync(values.scenario, 'utf8')) as Scenario;
    } catch (error) {
      return wrong(`--scenario ${values.scenario}: ${String(error)}`);
    }
  }

  // WebKit's phones go through the kit's proxy, which cannot look into https (test/e2e/webkit.ts)
  const https = values.base?.startsWith('https:') ?? false;
  if (https && values.engine === 'webkit')
    return wrong('--engine webkit needs an http:// --base (a proxy cannot look into https)');
  const engines: Engine[] = values.engine ? [values.engine as Engine] : https ? ['chromium'] : ['chromium', 'webkit'];
  if (https && !values.engine) console.error('an https environment: Chromium only (WebKit needs an http:// address)');

  let sandbox: Awaited<ReturnType<typeof startSandbox>> | null = null;
  if (!values.base) {
    if (!values['no-build']) {
      const build = spawnSync('npx', ['rsbuild', 'build', '--env-mode', 'sandbox'], { cwd: root, stdio: 'inherit' });
      if (build.status !== 0) throw new Error('the sandbox build failed');
    }
    sandbox = await startSandbox();
  }
  const started = Date.now();
  try {
    const { summary } = await runQa({
      base: values.base?.replace(/\/$/, '') ?? sandbox!.url,
      sandbox: sandbox !== null,
      hosts: values.host ? [values.host as Host] : ['wechat', 'alipay'],
      oses: values.os ? [values.os as Os] : ['ios', 'android'],
      engines,
      login,
      scenario,
      out: path.resolve(values.out),
      width: Number(values.width),
      log: (line) => console.error(line),
    });
    for (const c of summary.combinations)
      console.log(
        `${c.host} ${c.os} ${c.engine}: ${c.routes} routes, time to content median ${c.medianMs} ms, worst ${c.worstMs} ms`,
      );
    if (summary.notReached.length > 0) console.log(`not reached: ${summary.notReached.join(', ')}`);
    for (const failure of summary.failures) console.log(`could not walk: ${failure}`);
    console.log(
      `${summary.findings} finding(s); report: ${path.join(path.resolve(values.out), 'index.html')} ` +
        `(${Math.round((Date.now() - started) / 1000)} s)`,
    );
    return summary.findings > 0 ? 1 : 0;
  } finally {
    sandbox?.child.kill('SIGTERM');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
