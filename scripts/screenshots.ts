/**
 * npm run screenshots: what a newcomer sees (issue 13 "Done when"), as pictures to look at after a change: home, the
 * site list, a site's devices, a charging socket's detail, /income and /mine, in both bundles, logged in as the demo
 * operator (README's demo-account table) against a fresh in-memory sandbox, on a phone 390 px wide; each whole page
 * (the phone as tall as the page) is saved as screenshots/<bundle>-<screen>.png (git-ignored), the paths printed.
 *
 * `--all` (issue 30 item 4): every built route of both bundles as the demo operator, its ids found through the list
 * screens (test/e2e/walk.ts), and the hubs as each other demo role, into one contact sheet,
 * screenshots/all/index.html: each picture with its route, title, bundle and role under it, and what the walk saw there
 * (the layout check's findings, console errors, failed requests, the time its content took). A summary is printed.
 *
 * Usage: npm run screenshots [-- --no-build] [--host=wechat] [--width=320] [--all]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer';
import type { BoxRowWithChargers } from '../src/api/device';
import { launchBrowser, openDemoPhone, waitForPath, type Host } from '../test/e2e/helpers';
import { contactSheet } from './contact-sheet';
import { startSandbox } from './sandbox-process';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const hosts = (option('host') ? [option('host')] : ['wechat', 'alipay']) as Host[];
const width = Number(option('width') ?? 390);
const out = path.join(root, 'screenshots');

/** Waits until what the page shows has not changed for 600 ms (its calls have answered), 10 s at most. */
async function settled(page: Page): Promise<void> {
  const deadline = Date.now() + 10_000;
  let last = '';
  let since = Date.now();
  while (Date.now() < deadline && Date.now() - since < 600) {
    const now = await page.evaluate(() => document.body.innerText);
    if (now !== last) {
      last = now;
      since = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main(): Promise<void> {
  if (!args.includes('--no-build')) {
    const build = spawnSync('npx', ['rsbuild', 'build', '--env-mode', 'sandbox'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the sandbox build failed');
  }
  mkdirSync(out, { recursive: true });
  if (args.includes('--all')) {
    await contactSheet({ hosts, width, out: path.join(out, 'all') });
    return;
  }
  const sandbox = await startSandbox();
  const browser = await launchBrowser();
  const saved: string[] = [];
  try {
    for (const host of hosts) {
      const { page, context, call } = await openDemoPhone(browser, sandbox.url, host);
      await page.setViewport({ width, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
      // The site with a charging socket, and that socket (status 1 充电中), for the site's devices and the socket detail.
      const sites = await call.post<{ list: { id: number }[] }>('/api/r9/site/siteList', { pageNum: 1, pageSize: 20 });
      let socket: { siteId: number; chargerId: number } | null = null;
      for (const site of sites.list) {
        const boxes = await call.post<{ list: BoxRowWithChargers[] }>('/api/box/getPagedBoxListWithChargerInfo', {
          siteId: site.id,
          pageNum: 1,
          pageSize: 20,
        });
        const charging = boxes.list.flatMap((box) => box.chargers).find((charger) => charger.status === 1);
        if (charging) {
          socket = { siteId: site.id, chargerId: charging.chargerId };
          break;
        }
      }
      const screens: [string, string][] = [
        ['home', '/home'],
        ['site-list', '/site'],
        ...(socket
          ? ([
              ['site-devices', `/site/siteInfo/facilityList?siteId=${socket.siteId}`],
              ['socket-detail', `/site/socket/socketInfo?chargerId=${socket.chargerId}`],
            ] as [string, string][])
          : []),
        ['income', '/income'],
        ['mine', '/mine'],
      ];
      for (const [name, url] of screens) {
        await page.goto(`${sandbox.url}${url}`);
        await waitForPath(page, url, 20_000);
        await settled(page);
        const file = path.join(out, `${host}-${name}.png`);
        // A phone as tall as the page, so that the fixed tab bar and buttons sit where they end, not mid-picture.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewport({
          width,
          height: Math.max(844, height),
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 2,
        });
        await settled(page);
        await page.screenshot({ path: file });
        await page.setViewport({ width, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
        saved.push(path.relative(root, file));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    sandbox.child.kill('SIGTERM');
  }
  console.log(saved.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
