/**
 * npm run bench: the figures users feel, to compare between commits (not a pass/fail test). Prints a table and writes
 * the same figures to bench-results/bench-<time>.json:
 * - build: time of both bundles (sandbox settings) on this machine;
 * - bytes: initial JS + CSS of each bundle's HTML and every lazy chunk, gzip, largest first;
 * - Lighthouse 12 (Debian's Chromium, mobile defaults: simulated slow 4G, 4x CPU) on /home logged in and on /site,
 *   median of 3: performance score, FCP, LCP, TBT, CLS — a user flow over a Puppeteer page with the platform's user
 *   agent, the host emulator and the login kept (no storage reset);
 * - interaction under 4x CPU throttling: a tab switch (home → 站点) and a first visit to a lazy screen (→ 我的), from
 *   the tap to the content;
 * - the shared list with 5 000 rows scrolled top to bottom under 4x CPU throttling: frames over 50 ms and the worst.
 * Usage: npm run bench [-- --quick]   (--quick: one Lighthouse run per page instead of three)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFlow } from 'lighthouse';
import type { Browser, Page } from 'puppeteer';
import {
  USER_AGENTS,
  authorizeAndBindByPassword,
  clickText,
  launchBrowser,
  openPhone,
  type Host,
} from '../test/e2e/helpers';
// @ts-expect-error -- a plain ESM script without types
import { measure } from './budget.mjs';

const root = path.resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
/** --only=list: just the 5 000-row list (for working on the list). */
const onlyList = process.argv.includes('--only=list');
const RUNS = quick ? 1 : 3;

interface ByteFigures {
  bundle: string;
  initialTotal: number;
  initial: { file: string; gzip: number }[];
  lazy: { file: string; gzip: number }[];
}

interface PageFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function run(cmd: string, args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

async function startSandbox(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SANDBOX_DATA_DIR: 'memory' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/__sandbox/health`)).ok) return { url, child };
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error('the sandbox did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
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

/** Lighthouse on one route of a logged-in page: RUNS navigations, medians. */
async function lighthouse(page: Page, host: Host, url: string): Promise<PageFigures> {
  const flow = await startFlow(page, {
    config: {
      extends: 'lighthouse:default',
      settings: {
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        disableStorageReset: true,
        emulatedUserAgent: USER_AGENTS[host],
      },
    },
  });
  for (let i = 0; i < RUNS; i += 1) await flow.navigate(url);
  const result = await flow.createFlowResult();
  const lhrs = result.steps.map((step) => step.lhr);
  const metric = (id: string) => median(lhrs.map((lhr) => Number(lhr.audits[id]?.numericValue ?? NaN)));
  return {
    score: median(lhrs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100))),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}

/**
 * Milliseconds from a tap on a tab to the first element matching `ready`, under 4x CPU throttling. The in-page code
 * is a string: tsx's name-keeping helpers do not exist inside the page.
 */
async function tapToContent(page: Page, tab: string, ready: string): Promise<number> {
  return page.evaluate(`(async () => {
    const item = [...document.querySelectorAll('.adm-tab-bar-item')].find((el) => el.innerText.trim() === ${JSON.stringify(tab)});
    if (!item) throw new Error('no tab');
    const start = performance.now();
    item.click();
    await new Promise((resolve) => {
      const check = () => (document.querySelector(${JSON.stringify(ready)}) ? resolve() : requestAnimationFrame(check));
      check();
    });
    return performance.now() - start;
  })()`) as Promise<number>;
}

async function interactions(browser: Browser, base: string, host: Host) {
  const { page, context } = await openPhone(browser, host);
  await authorizeAndBindByPassword(page, base, host);
  await page.waitForNetworkIdle({ idleTime: 500 });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // The site screen was seen once (its chunk cached): a plain tab switch.
  await clickText(page, '站点', '.adm-tab-bar-item');
  await page.waitForSelector('.site-card', { timeout: 30_000 });
  await clickText(page, '首页', '.adm-tab-bar-item');
  await page.waitForSelector('[data-testid="today-income-total"]', { timeout: 30_000 });
  await page.waitForNetworkIdle({ idleTime: 500 });
  const tabSwitch = await tapToContent(page, '站点', '.site-card');
  await clickText(page, '首页', '.adm-tab-bar-item');
  await page.waitForSelector('[data-testid="today-income-total"]', { timeout: 30_000 });
  await page.waitForNetworkIdle({ idleTime: 500 });
  // 我的 has not been visited: its chunk is fetched on the tap.
  const firstVisit = await tapToContent(page, '我的', '[data-testid="mine-name"]');
  await context.close();
  return { tabSwitchMs: tabSwitch, firstLazyVisitMs: firstVisit };
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

async function main(): Promise<void> {
  const benchDist = path.join(tmpdir(), 'ops-bench-list');
  const started = process.hrtime.bigint();
  run('npx', ['rsbuild', 'build', '--env-mode', 'sandbox']);
  const buildMs = Number(process.hrtime.bigint() - started) / 1e6;
  run('npx', ['rsbuild', 'build', '--env-mode', 'sandbox', '--environment', 'bench'], {
    BENCH_LIST: '1',
    DIST_DIR: benchDist,
  });
  const bytes = (['wechat', 'alipay'] as const).map((bundle) => measure(bundle) as ByteFigures);

  if (onlyList) {
    const listServer = await serveFolder(path.join(benchDist, 'bench'));
    const browser = await launchBrowser();
    try {
      console.log(JSON.stringify(await longList(browser, listServer.url)));
    } finally {
      await browser.close();
      listServer.server.close();
    }
    return;
  }
  const sandbox = await startSandbox();
  const listServer = await serveFolder(path.join(benchDist, 'bench'));
  const browser = await launchBrowser();
  const results: Record<string, unknown> = {};
  try {
    for (const host of ['wechat', 'alipay'] as const) {
      const { page, context } = await openPhone(browser, host);
      await authorizeAndBindByPassword(page, sandbox.url, host);
      const home = await lighthouse(page, host, `${sandbox.url}/home`);
      const site = await lighthouse(page, host, `${sandbox.url}/site`);
      await context.close();
      results[host] = { lighthouse: { home, site }, interaction: await interactions(browser, sandbox.url, host) };
    }
    results.list = await longList(browser, listServer.url);
  } finally {
    await browser.close();
    listServer.server.close();
    sandbox.child.kill('SIGTERM');
  }

  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(`\nBuild of both bundles: ${(buildMs / 1000).toFixed(1)} s`);
  for (const b of bytes) {
    console.log(`\n${b.bundle}: initial JS + CSS (gzip) ${kb(b.initialTotal)}`);
    for (const f of b.initial) console.log(`    ${f.file.padEnd(50)} ${kb(f.gzip).padStart(9)}`);
    console.log('  lazy chunks (gzip), largest first:');
    for (const f of b.lazy) console.log(`    ${f.file.padEnd(50)} ${kb(f.gzip).padStart(9)}`);
  }
  console.log(`\nLighthouse (mobile, simulated slow 4G, 4x CPU; median of ${RUNS})`);
  console.log('  bundle   page    score   FCP        LCP        TBT       CLS');
  for (const host of ['wechat', 'alipay'] as const) {
    const r = results[host] as {
      lighthouse: Record<'home' | 'site', PageFigures>;
      interaction: Record<string, number>;
    };
    for (const pageName of ['home', 'site'] as const) {
      const f = r.lighthouse[pageName];
      console.log(
        `  ${host.padEnd(8)} /${pageName.padEnd(6)} ${String(f.score).padEnd(7)} ${ms(f.fcp).padEnd(10)} ${ms(f.lcp).padEnd(10)} ${ms(f.tbt).padEnd(9)} ${f.cls.toFixed(3)}`,
      );
    }
  }
  console.log('\nTap to content (4x CPU throttling)');
  for (const host of ['wechat', 'alipay'] as const) {
    const r = results[host] as { interaction: { tabSwitchMs: number; firstLazyVisitMs: number } };
    console.log(
      `  ${host.padEnd(8)} tab switch ${ms(r.interaction.tabSwitchMs)}   first visit of a lazy screen ${ms(r.interaction.firstLazyVisitMs)}`,
    );
  }
  const list = results.list as Awaited<ReturnType<typeof longList>>;
  console.log(
    `\n5 000-row list scrolled top to bottom (4x CPU): ${list.frames} frames, ${list.longFrames} over 50 ms, worst ${ms(list.worstFrameMs)}` +
      ` (${list.renderedRows} rows in the DOM at the end, last row reached: ${list.reachedLastRow ? 'yes' : 'no'})`,
  );

  const out = path.join(root, 'bench-results');
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify({ date: new Date().toISOString(), runs: RUNS, buildMs, bytes, ...results }, null, 2),
  );
  console.log(`\nfigures written to ${path.relative(process.cwd(), file)}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
