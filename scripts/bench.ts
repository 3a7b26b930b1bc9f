/**
 * npm run bench: the figures users feel, to compare between commits (not a pass/fail test; README "Numbers"). Every
 * figure is taken RUNS times (5; `--quick`: 1) and printed as median (min–max); the JSON in bench-results/ keeps every
 * run:
 * - the machine: cores, the load average before, during (highest) and after the run, and the CPU other processes used
 *   before and during it, with a warning when they did (figures of a busy machine are not comparable); a Chinese font is
 *   installed first when none is (ensureChineseFont);
 * - build: time of both bundles (sandbox settings);
 * - bytes: initial JS + CSS of each bundle's HTML and every lazy chunk, gzip; and by route group (the first folder of
 *   src/pages): what a cold start on each group's hub screen loads (startup files + the screen's chunks), and its
 *   heaviest screen, so that a section that grows what its screens start with is seen (module graph of the build,
 *   scripts/module-graph.ts);
 * - Lighthouse 12 (Debian's Chromium, mobile defaults: simulated slow 4G, 4x CPU) on /home, /site, /income and /mine,
 *   logged in as the demo operator with its data: performance score, FCP, LCP, TBT, CLS, and the accessibility and
 *   best-practices scores (first round) — each navigation in a new tab of the logged-in phone (the platform's user
 *   agent, the host emulator, the login and the warm cache kept); the rounds go through the pages in turn, so that a
 *   burst of load spreads over them; the Lighthouse benchmark index of the machine is kept with each run;
 * - tap to content under 4x CPU throttling, on a fresh phone each run: a tab switch (home → 站点, visited before) and
 *   the first visit of a lazy screen (home → 我的, and home → 收入, after home has been idle for a second);
 * - the shared list with 5 000 rows scrolled top to bottom under 4x CPU throttling: frames over 50 ms and the worst.
 * - the card list (/mine/card/tab/list) of the demo operator with 5 000 more cards in the sandbox, scrolled to its end
 *   under 4x CPU throttling, pages loading as it goes (issue 10 item 8): frames over 50 ms, the worst, rows reached.
 * Usage: npm run bench [-- --quick] [--runs=N] [--only=lighthouse,interaction,list,cards] [--host=wechat] [--page=/home]
 *        [--diagnose: Lighthouse's long tasks, boot-up time per script, main-thread breakdown and layout shifts of each page]
 *        [--no-build: measure the bundles already in dist/]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import runLighthouse from 'lighthouse';
import type { Browser, BrowserContext, Page } from 'puppeteer';
import {
  USER_AGENTS,
  api,
  authorizeAndBindByPassword,
  clickText,
  launchBrowser,
  openDemoPhone,
  openPhone,
  preparePage,
  tapSiteTab,
  type Host,
} from '../test/e2e/helpers';
// @ts-expect-error -- a plain ESM script without types
import { measure } from './budget.mjs';
import { readGraph, routeBytes } from './module-graph';
import { othersNow, watchOthers } from './other-cpu';
import { freePort, startSandbox } from './sandbox-process';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string): string[] =>
  args.flatMap((a) => (a.startsWith(`--${name}=`) ? (a.split('=')[1] ?? '').split(',') : []));
const quick = args.includes('--quick');
const RUNS = quick ? 1 : Number(option('runs')[0] ?? 5);
const only = new Set(option('only'));
const wants = (part: 'lighthouse' | 'interaction' | 'list' | 'cards') => only.size === 0 || only.has(part);
const HOSTS = (option('host').length ? option('host') : ['wechat', 'alipay']) as Host[];
const PAGES = option('page').length ? option('page') : ['/home', '/site', '/income', '/mine'];
const diagnose = args.includes('--diagnose');
const CORES = cpus().length;

/**
 * Busy: other processes than the bench's own (scripts/other-cpu.ts) used more than half a core in the 5 seconds
 * before the run, or more than a quarter of a core on average during it. (The load average cannot tell: the bench's own
 * browser, sandbox and Lighthouse lift it above the cores of a quiet 2-core machine; it is printed, not judged.)
 */
const BUSY_BEFORE = 0.5;
const BUSY_DURING = 0.25;

interface ByteFigures {
  bundle: string;
  initialTotal: number;
  initial: { file: string; gzip: number }[];
  lazy: { file: string; gzip: number }[];
}

/** What Lighthouse says of one navigation. */
interface PageRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Present on the first round only. */
  accessibility?: number;
  bestPractices?: number;
  /** The accessibility and best-practices audits that failed (first round): what keeps the scores below 100. */
  missed?: string[];
  longTasks: { url: string; startTime: number; duration: number }[];
  bootup: { url: string; total: number; scripting: number; parse: number }[];
  mainThread: { group: string; duration: number }[];
  /** Each layout shift Lighthouse counted: the element that moved most (its selector and snippet) and its score. */
  layoutShifts: { element: string; score: number }[];
  /** Lighthouse's benchmark index of the machine during this run (BenchmarkIndex: higher is faster). */
  benchmarkIndex: number;
}

/** Median, minimum and maximum of a figure over the runs. */
interface Spread {
  median: number;
  min: number;
  max: number;
}

function spread(values: number[]): Spread {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: NaN, min: NaN, max: NaN };
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return { median, min: sorted[0] ?? NaN, max: sorted[sorted.length - 1] ?? NaN };
}

function run(cmd: string, cmdArgs: string[], env: Record<string, string> = {}): void {
  const result = spawnSync(cmd, cmdArgs, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed`);
}

/** The commit measured, with `+changes` when the working tree differs from it. */
function commit(): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${hash}+changes` : hash;
  } catch {
    return 'unknown';
  }
}

/** A static server of the bench list page. */
async function serveFolder(folder: string): Promise<{ url: string; server: Server }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    let file = path.join(folder, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(folder) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(folder, 'index.html');
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, server };
}

/** The figures of one Lighthouse result. */
function pageRun(lhr: {
  environment?: { benchmarkIndex?: number };
  audits: Record<string, { numericValue?: number; details?: unknown; score?: number | null } | undefined>;
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] } | undefined>;
}): PageRun {
  const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  const items = <T>(id: string) => ((lhr.audits[id]?.details as { items?: T[] } | undefined)?.items ?? []) as T[];
  const category = (id: string) => {
    const score = lhr.categories[id]?.score;
    return score === undefined || score === null ? undefined : Math.round(score * 100);
  };
  const shortUrl = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');
  return {
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
    score: category('performance') ?? 0,
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    ...(category('accessibility') === undefined ? {} : { accessibility: category('accessibility') }),
    ...(category('best-practices') === undefined ? {} : { bestPractices: category('best-practices') }),
    missed: ['accessibility', 'best-practices'].flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter(
          (ref) => ref.weight > 0 && typeof lhr.audits[ref.id]?.score === 'number' && lhr.audits[ref.id]!.score! < 1,
        )
        .map((ref) => ref.id),
    ),
    longTasks: items<{ url: unknown; startTime: number; duration: number }>('long-tasks').map((t) => ({
      url: shortUrl(t.url),
      startTime: Math.round(t.startTime),
      duration: Math.round(t.duration),
    })),
    bootup: items<{ url: unknown; total: number; scripting: number; scriptParseCompile: number }>('bootup-time').map(
      (b) => ({
        url: shortUrl(b.url),
        total: Math.round(b.total),
        scripting: Math.round(b.scripting),
        parse: Math.round(b.scriptParseCompile),
      }),
    ),
    mainThread: items<{ groupLabel?: string; group?: string; duration: number }>('mainthread-work-breakdown').map(
      (m) => ({ group: String(m.groupLabel ?? m.group), duration: Math.round(m.duration) }),
    ),
    layoutShifts: items<{ node?: { selector?: string; snippet?: string }; score: number }>('layout-shifts').map(
      (shift) => ({
        element: `${shift.node?.selector ?? '?'} ${shift.node?.snippet ?? ''}`.trim(),
        score: Math.round(shift.score * 1000) / 1000,
      }),
    ),
  };
}

/**
 * Lighthouse on the hub pages of a logged-in phone: RUNS rounds, each navigating every page once (the first round
 * also scores accessibility and best practices). Returns the runs of each page.
 * Every navigation is made in the same conditions: a new page (tab) of the phone's context, the earlier one closed,
 * with the login the phone made (its localStorage is the context's; the tab's sessionStorage is copied in) and the
 * context's warm HTTP cache — the phone reopening the app. One page for all rounds measured a main thread busier with
 * every round (issue 14: TBT of one page 64, 541, 469, 656, 396 ms).
 */
async function lighthouse(context: BrowserContext, login: Page, host: Host, base: string) {
  const session = await login.evaluate(() => JSON.stringify({ ...sessionStorage }));
  await login.close();
  const runs: Record<string, PageRun[]> = Object.fromEntries(PAGES.map((p) => [p, []]));
  for (let round = 0; round < RUNS; round += 1) {
    for (const route of PAGES) {
      const page = await preparePage(await context.newPage(), host);
      try {
        await page.goto(`${base}/__sandbox/health`);
        await page.evaluate((saved: string) => {
          for (const [key, value] of Object.entries(JSON.parse(saved) as Record<string, string>))
            sessionStorage.setItem(key, value);
        }, session);
        const result = await runLighthouse(
          `${base}${route}`,
          {
            onlyCategories: round === 0 ? ['performance', 'accessibility', 'best-practices'] : ['performance'],
          },
          {
            extends: 'lighthouse:default',
            settings: {
              formFactor: 'mobile',
              throttlingMethod: 'simulate',
              disableStorageReset: true,
              emulatedUserAgent: USER_AGENTS[host],
            },
          },
          page,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
        runs[route]?.push(pageRun(result.lhr as never));
      } finally {
        await page.close();
      }
    }
  }
  return runs;
}

/**
 * Milliseconds from a tap on a tab to the first element matching `ready`, under the current CPU throttling. The
 * in-page code is a string: tsx's name-keeping helpers do not exist inside the page.
 */
async function tapToContent(page: Page, tab: string, ready: string): Promise<number> {
  return page.evaluate(`(async () => {
    const item = [...document.querySelectorAll('.adm-tab-bar-item')].find((el) => el.innerText.trim() === ${JSON.stringify(tab)});
    if (!item) throw new Error('no tab ${tab}');
    const start = performance.now();
    item.click();
    await new Promise((resolve) => {
      const check = () => (document.querySelector(${JSON.stringify(ready)}) ? resolve() : requestAnimationFrame(check));
      check();
    });
    return performance.now() - start;
  })()`) as Promise<number>;
}

/** Like tapToContent, for a link (an `a` element) whose own text is `text`. */
async function tapLinkToContent(page: Page, text: string, ready: string): Promise<number> {
  return page.evaluate(`(async () => {
    const link = [...document.querySelectorAll('a')].find((el) => el.innerText.trim() === ${JSON.stringify(text)});
    if (!link) throw new Error('no link ${text}');
    const start = performance.now();
    link.click();
    await new Promise((resolve) => {
      const check = () => (document.querySelector(${JSON.stringify(ready)}) ? resolve() : requestAnimationFrame(check));
      check();
    });
    return performance.now() - start;
  })()`) as Promise<number>;
}

const HOME_READY = '[data-testid="today-income-total"]';
const SITE_READY = '[data-testid="site-list"] [data-index]';

/** Back to 首页 by its tab, then home's figures, a quiet network and one more idle second (what a user reads). */
async function backHome(page: Page): Promise<void> {
  await clickText(page, '首页', '.adm-tab-bar-item');
  await page.waitForSelector(HOME_READY, { timeout: 30_000 });
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 });
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

/** One run of the tap-to-content figures on a fresh phone of `host` (the login of the first run kept). */
async function interactions(browser: Browser, base: string, host: Host) {
  const { page, context } = await openDemoPhone(browser, base, host);
  try {
    await page.waitForSelector(HOME_READY, { timeout: 30_000 });
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 });
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The site screen seen once (kept alive since; its once-per-session applications dialog answered): the second
    // visit is a plain tab switch.
    await tapSiteTab(page, base);
    await page.waitForSelector(SITE_READY, { timeout: 30_000 });
    await backHome(page);
    const tabSwitchMs = await tapToContent(page, '站点', SITE_READY);
    await backHome(page);
    // 我的 and 收入 not visited yet on this phone: their first visit.
    const firstVisitMineMs = await tapToContent(page, '我的', '[data-testid="mine-name"]');
    await backHome(page);
    const firstVisitIncomeMs = await tapToContent(page, '收入', '[data-testid="income-wallet"]');
    // /income/withdraw from the wallet's 提现 (issue 8 item 8): its lazy chunk and its four calls, to the balance shown.
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 });
    const withdrawMs = await tapLinkToContent(
      page,
      '提现',
      '[data-testid="withdraw-available"], [data-testid="withdraw-blocked"]',
    );
    // /income/statement/bill from 收入's 对账单 (issue 9 item 7): its chunk, the chart chunk and its calls, to 营业额 shown.
    await page.goBack();
    await page.waitForSelector('[data-testid="income-wallet"]', { timeout: 30_000 });
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 });
    const statementMs = await tapLinkToContent(page, '对账单', '[data-testid="statement-gross"]');
    return { tabSwitchMs, firstVisitMineMs, firstVisitIncomeMs, withdrawMs, statementMs };
  } finally {
    await context.close();
  }
}

async function longList(browser: Browser, url: string) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url);
  await page.waitForSelector('.bench-row', { timeout: 60_000 });
  // Scrolls 600 px a frame to the bottom, timing every frame (the in-page code is a string, see tapToContent).
  const figures = (await page.evaluate(`(async () => {
    const frames = [];
    let last = performance.now();
    await new Promise((resolve) => {
      const tick = (now) => {
        frames.push(now - last);
        last = now;
        const bottom = document.documentElement.scrollHeight - window.innerHeight;
        if (window.scrollY >= bottom - 1) return resolve();
        window.scrollBy(0, 600);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const names = [...document.querySelectorAll('.bench-row strong')];
    return { frames, rendered: names.length, lastName: names.length ? names[names.length - 1].textContent : '' };
  })()`)) as { frames: number[]; rendered: number; lastName: string };
  await context.close();
  const measured = figures.frames.slice(1);
  return {
    frames: measured.length,
    longFrames: measured.filter((ms) => ms > 50).length,
    worstFrameMs: Math.max(...measured),
    renderedRows: figures.rendered,
    reachedLastRow: figures.lastName.endsWith(' 5000'),
  };
}

/** Cards the card-list case adds to the sandbox (issue 10 item 8), bound to site 1 of the demo operator. */
const BENCH_CARDS = 5000;
/** Type-1 cards of site 1 before the bench's (the demo world's), read when the cards are added. */
let demoCards = 0;

/** Adds BENCH_CARDS 站点储值卡 to site 1 through the API (200 a call, the contract's limit), once per sandbox. */
async function addBenchCards(base: string, token: string): Promise<void> {
  const listed = await api<{ total: number }>(
    base,
    'GET',
    '/api/card/selectCardList?siteId=1&pageNum=1&pageSize=1',
    undefined,
    token,
  );
  if (listed.code !== 0) throw new Error(`card list: ${listed.message}`);
  if (listed.data.total >= BENCH_CARDS) return;
  demoCards = listed.data.total;
  for (let from = 0; from < BENCH_CARDS; from += 200) {
    const cardNos = Array.from(
      { length: Math.min(200, BENCH_CARDS - from) },
      (_, i) => `BENCH${String(from + i + 1).padStart(6, '0')}`,
    );
    const added = await api(base, 'POST', '/api/card/addCard', { cardType: 1, cardNos, siteIds: [1] }, token);
    if (added.code !== 0) throw new Error(`adding bench cards: ${added.message}`);
  }
}

/**
 * The card list with 5 000 cards (/mine/card/tab/list, the shared virtualised list with infinite scroll) scrolled to
 * its end under 4x CPU throttling on a fresh phone: each frame timed, 600 px a frame, waiting at the bottom while the
 * next page loads, until 没有更多了 (or 4 minutes).
 */
async function cardList(browser: Browser, base: string, host: Host) {
  const { page, context, token } = await openDemoPhone(browser, base, host);
  try {
    await addBenchCards(base, token);
    await page.goto(`${base}/mine/card/tab/list?cardType=1&siteId=1`);
    await page.waitForSelector('[data-testid="card-list"] [data-index]', { timeout: 60_000 });
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const figures = (await page.evaluate(`(async () => {
      const frames = [];
      let last = performance.now();
      const started = last;
      const ended = () => document.body.innerText.includes('没有更多了');
      await new Promise((resolve) => {
        const tick = (now) => {
          frames.push(now - last);
          last = now;
          if (ended() || now - started > 240000) return resolve();
          window.scrollBy(0, 600);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const rows = [...document.querySelectorAll('[data-testid="card-list"] [data-index]')];
      const indexes = rows.map((r) => Number(r.getAttribute('data-index')));
      return { frames, rendered: rows.length, lastIndex: Math.max(-1, ...indexes), ended: ended() };
    })()`)) as { frames: number[]; rendered: number; lastIndex: number; ended: boolean };
    const measured = figures.frames.slice(1);
    return {
      frames: measured.length,
      longFrames: measured.filter((ms) => ms > 50).length,
      worstFrameMs: Math.max(...measured),
      renderedRows: figures.rendered,
      rowsReached: figures.lastIndex + 1,
      reachedEnd: figures.ended && figures.lastIndex + 1 >= BENCH_CARDS + demoCards,
    };
  } finally {
    await context.close();
  }
}

/** Bytes by route group: startup files + each route's chunks, from the build's module graph. */
function routeGroups(bundle: string, dist: string) {
  const { initial, routes } = routeBytes(readGraph(dist, bundle), path.join(dist, bundle));
  const groups = new Map<string, { routes: number; hub: number | null; heaviest: { route: string; bytes: number } }>();
  for (const [request, bytes] of routes) {
    const route = request.replace(/^@\/pages\//, '');
    const group = route.split('/')[0] ?? route;
    const g = groups.get(group) ?? { routes: 0, hub: null, heaviest: { route, bytes: -1 } };
    g.routes += 1;
    if (route === group) g.hub = initial + bytes;
    if (bytes > g.heaviest.bytes) g.heaviest = { route, bytes };
    groups.set(group, g);
  }
  return {
    bundle,
    initial,
    groups: [...groups.entries()]
      .map(([group, g]) => ({
        group,
        routes: g.routes,
        hubStart: g.hub,
        heaviest: { route: g.heaviest.route, start: initial + g.heaviest.bytes },
      }))
      .sort((a, b) => a.group.localeCompare(b.group)),
  };
}

/**
 * The phones the app runs on have Chinese fonts; a machine without any makes Chromium look for a fallback font for
 * every Chinese character it lays out (synchronous calls to the browser process), which measures the machine's font
 * configuration instead of the app. The bench installs Debian's small WenQuanYi Micro Hei when no Chinese font is
 * installed (as root, like npm test installs Chromium), and refuses to measure otherwise.
 */
function ensureChineseFont(): void {
  const has = () => spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).stdout?.trim().length > 0;
  if (has()) return;
  if (process.getuid?.() === 0) {
    console.log('No Chinese font installed: installing fonts-wqy-microhei (Debian) …');
    run('apt-get', ['install', '-y', '--no-install-recommends', 'fonts-wqy-microhei'], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
  }
  if (!has())
    throw new Error('No Chinese font is installed: run `apt-get install fonts-wqy-microhei` (as root) and try again.');
}

async function main(): Promise<void> {
  ensureChineseFont();
  const loadBefore = loadavg();
  const othersBefore = await othersNow();
  const stopWatching = watchOthers();
  let loadHighest = loadBefore[0] ?? 0;
  const sampler = setInterval(() => {
    loadHighest = Math.max(loadHighest, loadavg()[0] ?? 0);
  }, 5000);
  const benchDist = path.join(tmpdir(), 'ops-bench-list');
  const dist = path.join(root, 'dist');
  let buildMs = NaN;
  if (!args.includes('--no-build')) {
    const started = process.hrtime.bigint();
    run('npx', ['rsbuild', 'build', '--env-mode', 'sandbox']);
    buildMs = Number(process.hrtime.bigint() - started) / 1e6;
  }
  if (wants('list'))
    run('npx', ['rsbuild', 'build', '--env-mode', 'sandbox', '--environment', 'bench'], {
      BENCH_LIST: '1',
      DIST_DIR: benchDist,
    });
  const bytes = (['wechat', 'alipay'] as const).map((bundle) => measure(bundle) as ByteFigures);
  const groups = (['wechat', 'alipay'] as const).flatMap((bundle) =>
    existsSync(path.join(dist, 'module-graph', `${bundle}.json`)) ? [routeGroups(bundle, dist)] : [],
  );

  const sandbox =
    wants('lighthouse') || wants('interaction') || wants('cards')
      ? await startSandbox(undefined, { lowPriority: true })
      : null;
  const listServer = wants('list') ? await serveFolder(path.join(benchDist, 'bench')) : null;
  const browser = await launchBrowser();
  const lighthouseRuns: Partial<Record<Host, Record<string, PageRun[]>>> = {};
  const interactionRuns: Partial<Record<Host, Awaited<ReturnType<typeof interactions>>[]>> = {};
  const listRuns: Awaited<ReturnType<typeof longList>>[] = [];
  const cardRuns: Partial<Record<Host, Awaited<ReturnType<typeof cardList>>[]>> = {};
  try {
    for (const host of HOSTS) {
      if (!sandbox) break;
      if (wants('lighthouse')) {
        const { page, context } = await openPhone(browser, host);
        await authorizeAndBindByPassword(page, sandbox.url, host);
        lighthouseRuns[host] = await lighthouse(context, page, host, sandbox.url);
        await context.close();
      }
      if (wants('interaction')) {
        const runs = [];
        for (let i = 0; i < RUNS; i += 1) runs.push(await interactions(browser, sandbox.url, host));
        interactionRuns[host] = runs;
      }
    }
    // Last: the 5 000 cards it adds would change the figures of the screens above.
    for (const host of HOSTS) {
      if (!sandbox || !wants('cards')) break;
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await cardList(browser, sandbox.url, host));
      cardRuns[host] = runs;
    }
    if (listServer) for (let i = 0; i < RUNS; i += 1) listRuns.push(await longList(browser, listServer.url));
  } finally {
    clearInterval(sampler);
    await browser.close();
    listServer?.server.close();
    sandbox?.child.kill('SIGTERM');
  }
  const loadAfter = loadavg();
  loadHighest = Math.max(loadHighest, loadAfter[0] ?? 0);
  const others = stopWatching();
  const busy = othersBefore > BUSY_BEFORE || others.average > BUSY_DURING;

  // ---- the report ----
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  const ms = (n: number) => `${Math.round(n)} ms`;
  const range = (s: Spread, format: (n: number) => string) =>
    RUNS === 1 ? format(s.median) : `${format(s.median)} (${format(s.min)}–${format(s.max)})`;
  const plain = (n: number) => String(Math.round(n));
  const msRange = (s: Spread) =>
    RUNS === 1 ? ms(s.median) : `${plain(s.median)} (${plain(s.min)}–${plain(s.max)}) ms`;
  const sha = commit();
  const loads = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
  console.log(`\nCommit ${sha}; ${CORES} cores (${cpus()[0]?.model ?? 'unknown CPU'}); ${RUNS} run(s) of each figure`);
  console.log(
    `Load average (1, 5, 15 min): before ${loads(loadBefore)}; highest 1-min during ${loadHighest.toFixed(2)}; after ${loads(loadAfter)}`,
  );
  console.log(
    `Other processes' CPU (cores): before ${othersBefore.toFixed(2)}; during ${others.average.toFixed(2)} on average, ${others.highest.toFixed(2)} at most (2 s windows)`,
  );
  if (busy)
    console.log(
      `\n!! The machine was busy (other processes used ${othersBefore.toFixed(2)} cores before the run > ${BUSY_BEFORE}, or ${others.average.toFixed(2)} during it > ${BUSY_DURING}):` +
        ' these figures are not comparable with a quiet run. Take the README figures on a quiet machine.\n',
    );
  if (Number.isFinite(buildMs)) console.log(`\nBuild of both bundles: ${(buildMs / 1000).toFixed(1)} s`);
  for (const b of bytes) {
    console.log(`\n${b.bundle}: initial JS + CSS (gzip) ${kb(b.initialTotal)}`);
    for (const f of b.initial) console.log(`    ${f.file.padEnd(50)} ${kb(f.gzip).padStart(9)}`);
    console.log('  lazy chunks (gzip), largest first:');
    for (const f of b.lazy.slice(0, 12)) console.log(`    ${f.file.padEnd(50)} ${kb(f.gzip).padStart(9)}`);
    if (b.lazy.length > 12) console.log(`    … and ${b.lazy.length - 12} smaller (all in the JSON)`);
  }
  console.log('\nJS + CSS a cold start loads, by route group (gzip: startup files + the screen’s own chunks)');
  for (const g of groups) {
    console.log(`  ${g.bundle} (startup files ${kb(g.initial)})`);
    console.log(`    ${'group'.padEnd(10)} ${'screens'.padEnd(8)} ${'hub screen'.padEnd(12)} heaviest screen`);
    for (const row of g.groups)
      console.log(
        `    ${row.group.padEnd(10)} ${String(row.routes).padEnd(8)} ${(row.hubStart === null ? '–' : kb(row.hubStart)).padEnd(12)} ` +
          `${kb(row.heaviest.start)} ${row.heaviest.route}`,
      );
  }

  const lighthouseSummary: Record<string, Record<string, Record<string, Spread | number | undefined>>> = {};
  if (Object.keys(lighthouseRuns).length) {
    console.log(
      `\nLighthouse (mobile, simulated slow 4G, 4x CPU; ${RUNS === 1 ? 'one run' : `median (min–max) of ${RUNS}`})`,
    );
    console.log(
      `  ${'bundle'.padEnd(8)} ${'page'.padEnd(8)} ${'score'.padEnd(14)} ${'FCP'.padEnd(20)} ${'LCP'.padEnd(22)} ${'TBT'.padEnd(20)} ${'CLS'.padEnd(22)} a11y  best practices`,
    );
    for (const host of HOSTS) {
      const pages = lighthouseRuns[host];
      if (!pages) continue;
      lighthouseSummary[host] = {};
      for (const route of PAGES) {
        const runs = pages[route] ?? [];
        const s = {
          score: spread(runs.map((r) => r.score)),
          fcp: spread(runs.map((r) => r.fcp)),
          lcp: spread(runs.map((r) => r.lcp)),
          tbt: spread(runs.map((r) => r.tbt)),
          cls: spread(runs.map((r) => r.cls)),
          accessibility: runs[0]?.accessibility,
          bestPractices: runs[0]?.bestPractices,
        };
        lighthouseSummary[host][route] = s;
        console.log(
          `  ${host.padEnd(8)} ${route.padEnd(8)} ${range(s.score, plain).padEnd(14)} ${msRange(s.fcp).padEnd(20)} ${msRange(s.lcp).padEnd(22)} ` +
            `${msRange(s.tbt).padEnd(20)} ${range(s.cls, (n) => n.toFixed(3)).padEnd(22)} ${String(s.accessibility ?? '–').padEnd(5)} ${s.bestPractices ?? '–'}`,
        );
      }
    }
    for (const host of HOSTS) {
      for (const route of PAGES) {
        const missed = lighthouseRuns[host]?.[route]?.[0]?.missed ?? [];
        if (missed.length > 0)
          console.log(`  ${host} ${route}: failed accessibility / best-practices audits: ${missed.join(', ')}`);
      }
    }
    if (diagnose) {
      for (const host of HOSTS) {
        for (const route of PAGES) {
          const runs = [...(lighthouseRuns[host]?.[route] ?? [])].sort((a, b) => a.tbt - b.tbt);
          const mid = runs[Math.floor((runs.length - 1) / 2)];
          if (!mid) continue;
          console.log(`\n  ${host} ${route}, the median run by TBT (${ms(mid.tbt)}):`);
          console.log(
            `    long tasks (simulated): ${mid.longTasks.map((t) => `${t.duration} ms at ${t.startTime} ms ${t.url}`).join('; ') || 'none'}`,
          );
          const shifts = runs.flatMap((r) => r.layoutShifts).sort((a, b) => b.score - a.score);
          console.log(
            `    layout shifts of all runs, largest first: ${shifts.map((l) => `${l.score} ${l.element}`).join('; ') || 'none'}`,
          );
          console.log(`    main thread: ${mid.mainThread.map((m) => `${m.group} ${m.duration} ms`).join(', ')}`);
          console.log('    boot-up time by script (total / scripting / parse + compile):');
          for (const b of mid.bootup.slice(0, 8))
            console.log(`      ${`${b.total} / ${b.scripting} / ${b.parse} ms`.padEnd(22)} ${b.url}`);
        }
      }
    }
  }

  const interactionSummary: Record<string, Record<string, Spread>> = {};
  if (Object.keys(interactionRuns).length) {
    console.log(
      `\nTap to content (4x CPU throttling; ${RUNS === 1 ? 'one run' : `median (min–max) of ${RUNS}`}, a fresh phone each run)`,
    );
    for (const host of HOSTS) {
      const runs = interactionRuns[host];
      if (!runs) continue;
      const s = {
        tabSwitch: spread(runs.map((r) => r.tabSwitchMs)),
        firstVisitMine: spread(runs.map((r) => r.firstVisitMineMs)),
        firstVisitIncome: spread(runs.map((r) => r.firstVisitIncomeMs)),
        withdraw: spread(runs.map((r) => r.withdrawMs)),
        statement: spread(runs.map((r) => r.statementMs)),
      };
      interactionSummary[host] = s;
      console.log(
        `  ${host.padEnd(8)} tab switch → 站点 ${msRange(s.tabSwitch)}   first visit → 我的 ${msRange(s.firstVisitMine)}   first visit → 收入 ${msRange(s.firstVisitIncome)}   收入 → 提现 ${msRange(s.withdraw)}   收入 → 对账单 ${msRange(s.statement)}`,
      );
    }
  }

  let listSummary: { longFrames: Spread; worstFrameMs: Spread; frames: Spread } | null = null;
  if (listRuns.length) {
    listSummary = {
      longFrames: spread(listRuns.map((r) => r.longFrames)),
      worstFrameMs: spread(listRuns.map((r) => r.worstFrameMs)),
      frames: spread(listRuns.map((r) => r.frames)),
    };
    const last = listRuns[listRuns.length - 1];
    console.log(
      `\n5 000-row list scrolled top to bottom (4x CPU; ${RUNS === 1 ? 'one run' : `median (min–max) of ${RUNS}`}): ` +
        `${range(listSummary.frames, plain)} frames, ${range(listSummary.longFrames, plain)} over 50 ms, worst frame ${msRange(listSummary.worstFrameMs)}` +
        ` (${last?.renderedRows ?? '?'} rows in the DOM at the end, last row reached: ${listRuns.every((r) => r.reachedLastRow) ? 'yes' : 'no'})`,
    );
  }

  const cardSummary: Record<string, { longFrames: Spread; worstFrameMs: Spread; frames: Spread }> = {};
  if (Object.keys(cardRuns).length) {
    console.log(
      `\nCard list with ${BENCH_CARDS} more cards scrolled to its end, pages loading (4x CPU; ${RUNS === 1 ? 'one run' : `median (min–max) of ${RUNS}`})`,
    );
    for (const host of HOSTS) {
      const runs = cardRuns[host];
      if (!runs) continue;
      const s = {
        longFrames: spread(runs.map((r) => r.longFrames)),
        worstFrameMs: spread(runs.map((r) => r.worstFrameMs)),
        frames: spread(runs.map((r) => r.frames)),
      };
      cardSummary[host] = s;
      const lastRun = runs[runs.length - 1];
      console.log(
        `  ${host.padEnd(8)} ${range(s.frames, plain)} frames, ${range(s.longFrames, plain)} over 50 ms, worst frame ${msRange(s.worstFrameMs)}` +
          ` (${lastRun?.renderedRows ?? '?'} rows in the DOM, ${lastRun?.rowsReached ?? '?'} reached, end reached: ${runs.every((r) => r.reachedEnd) ? 'yes' : 'no'})`,
      );
    }
  }

  const out = path.join(root, 'bench-results');
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        commit: sha,
        machine: { cores: CORES, cpu: cpus()[0]?.model, node: process.version },
        load: { before: loadBefore, highestDuring: loadHighest, after: loadAfter, busy },
        otherProcessesCores: { before: othersBefore, ...others },
        runs: RUNS,
        buildMs,
        bytes,
        routeGroups: groups,
        lighthouse: { summary: lighthouseSummary, runs: lighthouseRuns },
        interaction: { summary: interactionSummary, runs: interactionRuns },
        list: { summary: listSummary, runs: listRuns },
        cards: { summary: cardSummary, runs: cardRuns },
      },
      null,
      2,
    ),
  );
  console.log(`\nfigures written to ${path.relative(process.cwd(), file)}${busy ? ' (busy machine)' : ''}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
