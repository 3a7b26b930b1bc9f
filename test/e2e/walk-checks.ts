import type { Browser } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { checkScreen } from './a11y';
import { DEMO, openDemoPhone, sandboxUrl, sharedBrowser, type Host } from './helpers';
import type { RouteName } from '../../src/config/routes';
import { builtRoutes, findRoutes, NOT_IN_DEMO_WORLD, OTHER_ROLES, visitRoutes, type RouteVisit } from './walk';

/**
 * Every route, every role (issue 30 item 3), on a phone WALK_WIDTH (320 px) wide: in each bundle, the demo operator walks every built route of the route
 * table, its ids found through the list screens as a person finds them (walk.ts findRoutes); a route the operator has
 * no way to (the platform-fee periods of a split-mode operator) is then looked for as each other demo role, and each
 * other demo role opens the four hubs. Each screen passes the accessibility check and the enforced layout rules
 * (a11y.ts checkScreen), with no console error and no failed request (a network failure or an answer of 400 or above)
 * while it opened.
 *
 * Read-only: the walk only opens screens (and a box's 更多 sheet).
 */

/** The four hubs, as the tab bar opens them. */
const HUBS = ['home', 'site', 'income', 'mine'];

/**
 * The walk's phone is 320 px wide, the narrowest the app is drawn for (iPhone SE, 1st generation): the other e2e
 * tests open their screens at 390 px (helpers.ts openPhone), so each screen's layout is checked at both widths. Text
 * that fits at 390 but breaks, clips or overflows at 320 (a 24-digit order number beside its label) fails here.
 */
export const WALK_WIDTH = 320;

/** Opens a demo phone of `host` logged in as `phone`, narrowed to WALK_WIDTH. */
async function openWalkPhone(browser: Browser, baseUrl: string, host: Host, phone: string) {
  const opened = await openDemoPhone(browser, baseUrl, host, phone);
  await opened.page.setViewport({
    width: WALK_WIDTH,
    height: 844,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
  });
  return opened;
}

/** What went wrong on one screen, one line each: console errors, failed requests, and the checks' report. */
async function problemsOf(visit: RouteVisit, check: () => Promise<void>): Promise<string[]> {
  const where = `${visit.name} ${visit.url}`;
  const problems = [
    ...visit.consoleErrors.map((error) => `${where}: console: ${error}`),
    ...visit.failedRequests.map((request) => `${where}: request: ${request}`),
  ];
  await check().catch((error: unknown) => problems.push(`${where}: ${String(error)}`));
  return problems;
}

/** The walk's tests for one bundle (walk-wechat.test.ts, walk-alipay.test.ts: a file each, so that two workers share them). */
export function describeWalk(host: Host): void {
  describe(`${host} bundle: every route, every role`, () => {
    const baseUrl = sandboxUrl();
    const browser = sharedBrowser();

    it(
      'every route is reached through the screens, the demo operator first, and each passes the checks',
      async () => {
        const routes = await builtRoutes();
        const problems: string[] = [];
        const visited = new Set<string>();
        const walkAs = async (phone: string, want?: RouteName[]) => {
          const { page, context } = await openWalkPhone(browser(), baseUrl, host, phone);
          try {
            const { missing, visits } = await findRoutes(page, routes, {
              want,
              each: async (visit) => {
                const found = await problemsOf(visit, () => checkScreen(page, phone === DEMO.phone ? '' : phone));
                problems.push(...found.map((line) => `${phone} ${line}`));
              },
            });
            for (const visit of visits) visited.add(visit.name);
            return missing.map((r) => r.name);
          } finally {
            await context.close();
          }
        };
        let missing = await walkAs(DEMO.phone);
        for (const phone of OTHER_ROLES) {
          const looked = missing.filter((name) => !(name in NOT_IN_DEMO_WORLD));
          if (looked.length === 0) break;
          const left = await walkAs(phone, looked);
          missing = missing.filter((name) => left.includes(name));
        }
        expect({ missing, problems }).toEqual({ missing: Object.keys(NOT_IN_DEMO_WORLD), problems: [] });
        expect([...visited].sort()).toEqual(
          routes
            .map((r) => r.name)
            .filter((name) => !(name in NOT_IN_DEMO_WORLD))
            .sort(),
        );
      },
      // 113 routes, each opened once with an axe look, on a busy machine
      600_000,
    );

    it('each other demo role opens the hubs, and each passes the checks', async () => {
      const hubs = (await builtRoutes()).filter((r) => HUBS.includes(r.name));
      expect(hubs).toHaveLength(HUBS.length);
      const problems: string[] = [];
      for (const phone of OTHER_ROLES) {
        const { page, context } = await openWalkPhone(browser(), baseUrl, host, phone);
        try {
          await visitRoutes(page, hubs, new Map(hubs.map((r) => [r.name, r.path])), async (visit) => {
            const found = await problemsOf(visit, () => checkScreen(page, phone));
            problems.push(...found.map((line) => `${phone} ${line}`));
          });
        } finally {
          await context.close();
        }
      }
      expect(problems).toEqual([]);
    }, 300_000);
  });
}
