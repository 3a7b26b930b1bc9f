import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { runQa, type QaOptions } from '../../scripts/qa';
import type { RouteName } from '../../src/config/routes';
import { answerRequests, DEMO, launchBrowser, openDemoPhone, sandboxUrl } from './helpers';

/**
 * The QA kit (scripts/qa.ts, `npm run qa`; issue 32 item 1) on three screens of this worker's sandbox: clean, it finds
 * nothing and reports each screen with its time, picture and bridge calls; with faults planted in the page (a screen
 * that throws, a call answered 500, an underlined row) it finds each of them on its screen; in WebKit, logged in by a
 * session token placed where the app keeps it, it finds nothing either. The whole walk of every route is `npm run qa`
 * itself (and walk-*.test.ts in the suite).
 */

const WANT: RouteName[] = ['home', 'site', 'mine'];

function options(extra: Partial<QaOptions>): QaOptions {
  return {
    base: sandboxUrl(),
    sandbox: true,
    hosts: ['wechat'],
    oses: ['ios'],
    engines: ['chromium'],
    login: { kind: 'password', phone: DEMO.phone, password: DEMO.password },
    scenario: {},
    out: mkdtempSync(path.join(tmpdir(), 'qa-kit-')),
    width: 390,
    want: WANT,
    ...extra,
  };
}

/** The planted faults: /mine throws once shown, the site list's call answers 500, every row and link is underlined. */
async function plantFaults(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(`(() => {
    window.addEventListener('popstate', () => {
      if (location.pathname === '/mine') setTimeout(() => { throw new Error('planted: the screen throws'); }, 0);
    });
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = 'main a, main [role="button"], .adm-list-item { text-decoration: underline !important; }';
      document.head.appendChild(style);
    });
  })();`);
  await answerRequests(page, '*/api/r9/site/siteList*', { status: 500, body: 'planted' });
}

describe('the QA kit', () => {
  it('clean: each screen reported with its time, picture and bridge calls, and no finding', async () => {
    const run = options({});
    const { records, summary } = await runQa(run);
    expect(summary.findings).toBe(0);
    expect(summary.notReached).toEqual([]);
    expect([...new Set(records.map((r) => r.name))].sort()).toEqual([...WANT].sort());
    for (const record of records) {
      expect(record.findings).toEqual([]);
      expect(record.contentMs).toBeGreaterThanOrEqual(0);
      expect(existsSync(path.join(run.out, record.file))).toBe(true);
      expect(record.host).toBe('wechat · ios · chromium');
    }
    // the WeChat JS-SDK configured once on the iPhone, accepted by the emulator, in some screen's bridge calls
    const calls = records.flatMap((r) => r.bridgeCalls);
    expect(calls.filter((c) => c.name === 'preVerifyJSAPI').map((c) => c.answer)).toEqual(['config:ok']);
    const report = JSON.parse(readFileSync(path.join(run.out, 'report.json'), 'utf8')) as {
      summary: typeof summary;
      routes: unknown[];
    };
    expect(report.summary).toEqual(summary);
    expect(report.routes).toHaveLength(records.length);
    const html = readFileSync(path.join(run.out, 'index.html'), 'utf8');
    for (const record of records) expect(html).toContain(record.file);
  }, 300_000);

  it('planted faults: a screen that throws, a call answered 500 and an underlined row are each found', async () => {
    const { records, summary } = await runQa(
      options({ hosts: ['alipay'], oses: ['android'], preparePage: plantFaults }),
    );
    const of = (name: RouteName) => records.filter((r) => r.name === name).flatMap((r) => r.findings);
    expect(summary.findings).toBeGreaterThanOrEqual(3);
    expect(of('mine').some((f) => f.startsWith('console:') && f.includes('planted: the screen throws'))).toBe(true);
    expect(of('site').some((f) => /^request: POST \S+\/api\/r9\/site\/siteList\S*: 500$/.test(f))).toBe(true);
    expect(of('mine').some((f) => f.startsWith('link-underline'))).toBe(true);
  }, 300_000);

  it('WebKit, logged in by a session token: each screen reported, with no finding', async () => {
    // the token and permissions a login left in the app's storage, as QA would copy them from a phone
    const browser = await launchBrowser();
    let stored: Record<string, string>;
    try {
      const { page, context } = await openDemoPhone(browser, sandboxUrl(), 'wechat');
      stored = await page.evaluate(() => ({ ...localStorage }));
      await context.close();
    } finally {
      await browser.close();
    }
    const run = options({
      engines: ['webkit'],
      login: {
        kind: 'token',
        token: stored.TOKEN ?? '',
        permission: stored.PERMISSION ?? '[]',
        extendPermission: stored.ExtendPermission ?? '{}',
        authCode: 'qa-kit',
      },
    });
    const { records, summary } = await runQa(run);
    expect(summary.findings).toBe(0);
    expect([...new Set(records.map((r) => r.name))].sort()).toEqual([...WANT].sort());
    for (const record of records) {
      expect(record.findings).toEqual([]);
      expect(record.role).toBe('token');
      expect(record.host).toBe('wechat · ios · webkit');
      expect(existsSync(path.join(run.out, record.file))).toBe(true);
    }
    // the same JS-SDK rule in WebKit: configured once on the iPhone, accepted
    const calls = records.flatMap((r) => r.bridgeCalls);
    expect(calls.filter((c) => c.name === 'preVerifyJSAPI').map((c) => c.answer)).toEqual(['config:ok']);
  }, 300_000);
});
