/**
 * The contact sheet of every route (issue 30 item 4; `npm run screenshots -- --all`): against a fresh in-memory sandbox,
 * each bundle walks every built route as the demo operator (test/e2e/walk.ts: ids found through the list screens) and
 * the four hubs as each other demo role (README's demo-account table), on a phone `width` px wide. Each screen is saved
 * as a picture of the whole page; `out`/index.html shows them all, with the route, title, bundle and role under each,
 * and what the walk saw there (layout findings, console errors, failed requests, time to content); `out`/walk.json
 * holds the same as data. Prints a summary: routes per bundle, routes not reached, findings per rule.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer';
import type { Violation } from '../test/e2e/a11y';
import { launchBrowser, openDemoPhone, type Host } from '../test/e2e/helpers';
import { builtRoutes, findRoutes, visitRoutes, type RouteVisit } from '../test/e2e/walk';
import { startSandbox } from './sandbox-process';

/** The demo roles besides the operator (README's table), whose hubs are drawn. */
const ROLES: Record<string, string> = {
  '13800138001': 'agent 张伟',
  '13800138002': 'property 翠苑物业',
  '13800138004': 'sub-account',
  '13800138005': 'builder 王强',
  '13800138006': 'split-mode operator (owes)',
  '13800138007': 'unsigned operator',
  '13800138008': 'KYB operator, no sites',
};

/** One picture of the sheet. */
export interface Shot extends RouteVisit {
  /** The bundle, or the bundle and what played it ('wechat · ios · chromium': the QA kit). */
  host: string;
  role: string;
  file: string;
  /** The accessibility check's findings (the QA kit: test/e2e/a11y.ts screenViolations). */
  violations?: Violation[];
}

/** Saves the whole page as `file` (the phone as tall as the page, so that fixed bars sit at its end; 4000 px at most). */
export async function shoot(page: Page, width: number, file: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewport({ width, height: Math.min(4000, Math.max(844, height)), isMobile: true, hasTouch: true });
  await page.screenshot({ path: file });
  await page.setViewport({ width, height: 844, isMobile: true, hasTouch: true });
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The sheet's HTML, headed `title`: one figure per shot, its caption and findings under it. */
export function sheet(shots: Shot[], missing: string[], title = 'Every route'): string {
  const figures = shots
    .map((shot) => {
      const problems = [
        ...[...shot.layout, ...(shot.violations ?? [])].flatMap((f) =>
          f.nodes.map((n) => `${f.id}: ${n.target.join(' ')} — ${n.summary}`),
        ),
        ...shot.consoleErrors.map((e) => `console: ${e}`),
        ...shot.failedRequests.map((r) => `request: ${r}`),
      ];
      return `<figure class="${problems.length > 0 ? 'bad' : ''}"><a href="${escape(shot.file)}"><img loading="lazy" src="${escape(shot.file)}" alt=""></a>
<figcaption><b>${escape(shot.title)}</b> <code>${escape(shot.url)}</code><br>${shot.host} · ${escape(shot.role)} · ${shot.contentMs} ms${
        shot.landed !== shot.url ? `<br>landed on <code>${escape(shot.landed)}</code>` : ''
      }${problems.length > 0 ? `<ul>${problems.map((p) => `<li>${escape(p)}</li>`).join('')}</ul>` : ''}</figcaption></figure>`;
    })
    .join('\n');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escape(title)}</title><style>
body { font: 13px/1.4 sans-serif; margin: 16px; }
main { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 16px; }
figure { margin: 0; } img { width: 100%; border: 1px solid #ccc; max-height: 480px; object-fit: cover; object-position: top; }
figure.bad img { border: 2px solid #d00; } li { color: #a00; } code { font-size: 11px; word-break: break-all; }
</style></head><body><h1>${escape(title)}: ${shots.length} pictures</h1>${
    missing.length > 0 ? `<p>Not reached through the screens: ${missing.map(escape).join(', ')}</p>` : ''
  }<main>${figures}</main></body></html>`;
}

/** Draws the sheet into `out` (emptied first). */
export async function contactSheet({
  hosts,
  width,
  out,
}: {
  hosts: Host[];
  width: number;
  out: string;
}): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const sandbox = await startSandbox();
  const browser = await launchBrowser();
  const shots: Shot[] = [];
  const missing: string[] = [];
  try {
    const routes = await builtRoutes();
    for (const host of hosts) {
      const { page, context } = await openDemoPhone(browser, sandbox.url, host);
      await page.setViewport({ width, height: 844, isMobile: true, hasTouch: true });
      const operator: Shot[] = [];
      const reached = await findRoutes(page, routes, {
        log: (line) => console.error(`${host} ${line}`),
        each: async (visit) => {
          // a route with optional ids is visited twice (bare, and with an id): one picture each
          const again = operator.filter((shot) => shot.name === visit.name).length;
          const file = `${host}-operator-${visit.name}${again > 0 ? `-${again + 1}` : ''}.png`;
          await shoot(page, width, path.join(out, file));
          operator.push({ ...visit, host, role: 'operator 杭州易充科技', file });
        },
      });
      const order = (shot: Shot) => routes.findIndex((r) => r.name === shot.name);
      shots.push(...operator.sort((a, b) => order(a) - order(b)));
      missing.push(...reached.missing.map((r) => `${host} ${r.name} (${r.path}, ${r.required.join(', ')})`));
      await context.close();
      const hubs = routes.filter((r) => ['home', 'site', 'income', 'mine'].includes(r.name));
      for (const [phone, role] of Object.entries(ROLES)) {
        const other = await openDemoPhone(browser, sandbox.url, host, phone);
        await other.page.setViewport({ width, height: 844, isMobile: true, hasTouch: true });
        await visitRoutes(other.page, hubs, new Map(hubs.map((r) => [r.name, r.path])), async (visit) => {
          const file = `${host}-${phone}-${visit.name}.png`;
          await shoot(other.page, width, path.join(out, file));
          shots.push({ ...visit, host, role: `${role} (${phone})`, file });
        });
        await other.context.close();
      }
    }
  } finally {
    await browser.close();
    sandbox.child.kill('SIGTERM');
  }
  writeFileSync(path.join(out, 'index.html'), sheet(shots, missing));
  writeFileSync(path.join(out, 'walk.json'), JSON.stringify({ width, shots, missing }, null, 2));
  const rules = new Map<string, number>();
  for (const shot of shots) for (const f of shot.layout) rules.set(f.id, (rules.get(f.id) ?? 0) + 1);
  const times = shots.map((s) => s.contentMs).sort((a, b) => a - b);
  console.log(`${shots.length} pictures in ${path.join(out, 'index.html')}`);
  console.log(`routes not reached through the screens: ${missing.length > 0 ? `\n  ${missing.join('\n  ')}` : 'none'}`);
  console.log(
    `screens with layout findings, per rule: ${[...rules].map(([id, n]) => `${id} ${n}`).join(', ') || 'none'}`,
  );
  console.log(
    `screens with console errors: ${shots.filter((s) => s.consoleErrors.length > 0).length}; ` +
      `with failed requests: ${shots.filter((s) => s.failedRequests.length > 0).length}`,
  );
  console.log(`time to content: median ${times[Math.floor(times.length / 2)] ?? 0} ms, worst ${times.at(-1) ?? 0} ms`);
}
