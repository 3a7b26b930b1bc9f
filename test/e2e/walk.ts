import type { HTTPRequest, Page } from 'puppeteer';
import { unbuiltRoutes } from '../../scripts/screen-names';
import type { QuerySpec, RouteName } from '../../src/config/routes';
import { dayOf, shiftDay } from '../../src/lib/time';
import { layoutFindings, type LayoutFinding } from './layout';

/**
 * The walk through every route (issue 30 items 3 and 4; the QA kit of issue 32 builds on it): the built routes of the
 * route table, each opened with ids found through the list screens as a person would find them (the links the hubs and
 * lists show), and what each shows: its title, how long its content took, the console's errors, the requests that
 * failed, and the layout check's findings.
 */

/**
 * The demo roles besides the operator (README's demo-account table), in the order the walk looks through them for a
 * route the operator cannot reach: the split-mode operator first (its platform-fee periods).
 */
export const OTHER_ROLES = ['13800138006', '13800138001', '13800138002', '13800138004', '13800138005', '13800138007'];

/**
 * Routes no demo account reaches in the demo world as it starts, and why: each is opened by the test that makes its
 * state. The walk must not find them (when the world changes so that it does, they leave this list).
 */
export const NOT_IN_DEMO_WORLD: Readonly<Record<string, string>> = {
  feeOwedPayResult:
    'a payment result exists once a payment is made: income-arrears-pay.test.ts pays and opens it in both bundles',
};

/**
 * What the walk needs of a browser page: to run a function (or an expression) in it, and what went wrong there since the
 * last look. A Puppeteer page is wrapped by `tabOf`; a WebKit phone (webkit.ts) gives its own.
 */
export interface WalkTab {
  evaluate: Page['evaluate'];
  /** Console errors (and uncaught errors) and failed requests since the last take, then forgotten. */
  takeErrors(): Promise<{ consoleErrors: string[]; failedRequests: string[] }>;
}

/** A Puppeteer page as a WalkTab: its errors watched from now on (watchErrors). */
export function tabOf(page: Page): WalkTab {
  const errors = watchErrors(page);
  return { evaluate: page.evaluate.bind(page) as Page['evaluate'], takeErrors: async () => errors.take() };
}

/** A built route of the app's route table (src/app/routes.ts) with what opening it needs. */
export interface WalkRoute {
  name: RouteName;
  path: string;
  title: string;
  /** Required query parameters (src/config/routes.ts), path parameters (`:id`) included. */
  required: string[];
  /** Optional query parameters that take a day 'YYYY-MM-DD' (a list's date filter, e.g. 充电记录's `date`). */
  days: string[];
}

/** The built routes of the route table, in its order (hubs first). */
export async function builtRoutes(): Promise<WalkRoute[]> {
  // src/app/routes.ts reads the build's list of unbuilt routes (a define in the bundle; here computed as the build does).
  const g = globalThis as Record<string, unknown>;
  g.__UNBUILT_ROUTES__ ??= unbuiltRoutes();
  const [{ flatRoutes, ROUTES }, { ROUTE_TABLE }] = await Promise.all([
    import('../../src/app/routes'),
    import('../../src/config/routes'),
  ]);
  return flatRoutes(ROUTES)
    .filter((route) => route.load)
    .map((route) => {
      const query = ((ROUTE_TABLE[route.name] as { query?: QuerySpec }).query ?? {}) as QuerySpec;
      const required = [
        ...[...route.path.matchAll(/:(\w+)/g)].map((m) => `:${m[1]}`),
        ...Object.entries(query)
          .filter(([, kind]) => !kind.endsWith('?'))
          .map(([name]) => name),
      ];
      const days = Object.entries(query)
        .filter(([, kind]) => kind === 'day?')
        .map(([name]) => name);
      return { name: route.name, path: route.path, title: route.title, required, days };
    });
}

/** The route an address opens (its path and required query), or undefined. */
export function routeOf(routes: readonly WalkRoute[], url: URL): WalkRoute | undefined {
  const pathname = url.pathname.replace(/(.)\/$/, '$1');
  const route = routes.find((r) => {
    const a = r.path.split('/');
    const b = pathname.split('/');
    return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
  });
  if (!route) return undefined;
  return route.required.every((name) => name.startsWith(':') || url.searchParams.get(name)) ? route : undefined;
}

/** Opens `url` in the running app as its router would (history + popstate: no reload). */
export async function openInApp(page: Pick<Page, 'evaluate'>, url: string): Promise<void> {
  await page.evaluate((to: string) => {
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

/**
 * Waits until the screen shows its content: no loading indicator (加载中) or skeleton on screen, and what it shows
 * unchanged through 4 looks 100 ms apart (20 s at most). Resolves to the time it took, in ms.
 */
export async function untilContent(page: Pick<Page, 'evaluate'>): Promise<number> {
  const start = Date.now();
  let last = '';
  let still = 0;
  while (Date.now() - start < 20_000 && still < 4) {
    const now = await page
      .evaluate(() =>
        // only a loading sign on screen counts: a hub kept alive out of sight may hold a skeleton
        [...document.querySelectorAll('.app-loading-mask, .adm-skeleton')].some(
          (el) => el.getBoundingClientRect().height > 0,
        )
          ? 'loading'
          : `${location.href}|${document.body.innerText}`,
      )
      .catch(() => 'navigating');
    still = now !== 'loading' && now !== 'navigating' && now === last ? still + 1 : 0;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - start - 400;
}

/**
 * Finds an address for every route, as a person finds the screens: from the hubs and the routes that need no id, it
 * opens each new route once and follows the links its screen shows (`a[href]` of the app's origin) to routes not found
 * yet (and, for a route whose ids are optional, first found at its bare path, to the first link that carries an id:
 * both are visited). A screen that opens by a button, a tab or a sheet's action rather than a link is then given the ids already
 * seen on the way (`withSeenIds`: the site, box, socket, card or merchant a list led to), and followed in turn, until
 * every route has an address or nothing leads further. Resolves to each found route's address (path and query, in the
 * route table's order) and the routes not found.
 */
export async function findRoutes(
  page: Page | WalkTab,
  routes: readonly WalkRoute[],
  {
    log = () => undefined,
    each,
    want,
  }: {
    log?: (line: string) => void;
    /** Runs on each route's screen once it shows, with what the walk saw there: the walk is also the visit. */
    each?: (visit: RouteVisit) => Promise<void>;
    /** The routes looked for: the walk stops once it has opened them all (default: it goes through every route). */
    want?: readonly RouteName[];
  } = {},
): Promise<{ found: Map<RouteName, string>; missing: WalkRoute[]; visits: RouteVisit[] }> {
  const tab = 'takeErrors' in page ? page : tabOf(page);
  const visits: RouteVisit[] = [];
  const opened = new Set<RouteName>();
  const found = new Map<RouteName, string>();
  const queue: string[] = [];
  // Addresses opened only for their links (no visit, no check): a dated list on the day before, as a person turns to
  // it when today's is still empty (00:01 on the 1st, 充电记录's default range is the month so far: no order yet).
  const lookOnly = new Set<string>();
  const yesterday = shiftDay(dayOf(Date.now()), -1);
  for (const route of routes)
    if (route.required.length === 0) {
      found.set(route.name, route.path);
      queue.push(route.path);
      if (route.days.length > 0) {
        const address = `${route.path}?${new URLSearchParams(route.days.map((name) => [name, yesterday])).toString()}`;
        lookOnly.add(address);
        queue.push(address);
      }
    }
  const origin = await tab.evaluate(() => location.origin);
  let byLinks = -1;
  for (let i = 0; ; i += 1) {
    if (want?.every((name) => opened.has(name))) break;
    if (i === queue.length) {
      // Every link followed: the routes still missing get the ids seen so far, and their screens are followed too.
      if (byLinks < 0) byLinks = found.size;
      for (const [name, address] of withSeenIds(routes, found)) {
        found.set(name, address);
        queue.push(address);
      }
      if (i === queue.length) break;
    }
    const url = queue[i]!;
    await tab.takeErrors();
    await openInApp(tab, url);
    const contentMs = await untilContent(tab);
    const links = await tab.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].map((a) => a.href),
    );
    const route = lookOnly.has(url) ? undefined : routeOf(routes, new URL(url, origin));
    if (route) opened.add(route.name);
    if (each && route) {
      const visit = await visitOf(tab, route, url, contentMs);
      await each(visit);
      visits.push(visit);
    }
    const entry = SHEET_ENTRIES.find((e) => e.from === route?.name);
    if (entry) links.push(...(await throughSheet(tab, url, entry)));
    for (const link of links) {
      const url = new URL(link, origin);
      if (url.origin !== origin) continue;
      const route = routeOf(routes, url);
      const address = `${url.pathname}${url.search}`;
      // A route whose ids are optional was found at its bare path (a form for a new one); a link carrying an id shows
      // an existing one, and is followed too.
      const known = route && found.get(route.name);
      if (!route || (known && (known !== route.path || !url.search))) continue;
      found.set(route.name, address);
      queue.push(address);
    }
  }
  log(`walk: ${byLinks} of ${routes.length} routes found through links, ${found.size} with the ids seen on the way`);
  const ordered = new Map(routes.flatMap((r) => (found.has(r.name) ? [[r.name, found.get(r.name)!] as const] : [])));
  const order = (name: RouteName) => routes.findIndex((r) => r.name === name);
  visits.sort((a, b) => order(a.name) - order(b.name));
  return { found: ordered, missing: routes.filter((r) => !found.has(r.name)), visits };
}

/**
 * Screens whose way onward is an action of a sheet, not a link: on the screen of route `from`, a person taps the first
 * `open` (a box's 更多) and then one of the sheet's `actions`. The address each opens is followed like a link's.
 */
const SHEET_ENTRIES: readonly { from: RouteName; open: string; actions: readonly string[] }[] = [
  { from: 'facilityList', open: 'button[aria-label="更多"]', actions: ['插座二维码', '备用二维码', '信号模式'] },
];

/** Runs `look(arg)` in the page every 100 ms until it answers true, `timeoutMs` at most; resolves whether it did. */
async function until(
  page: Pick<Page, 'evaluate'>,
  look: (arg: string) => boolean,
  arg: string,
  timeoutMs = 10_000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate(look, arg).catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Taps each action of `entry` on the screen at `url` (opened afresh for each) and resolves to the addresses they opened
 * (none for an action the sheet does not offer this account).
 */
async function throughSheet(page: WalkTab, url: string, entry: (typeof SHEET_ENTRIES)[number]): Promise<string[]> {
  const opened: string[] = [];
  for (const [i, text] of entry.actions.entries()) {
    if (i > 0) {
      await openInApp(page, url);
      await untilContent(page);
    }
    const before = await page.evaluate(() => location.href);
    const tapped = await page.evaluate((selector: string) => {
      const opener = document.querySelector<HTMLElement>(selector);
      opener?.click();
      return Boolean(opener);
    }, entry.open);
    if (!tapped) return opened;
    // the sheet's action, tapped once it shows
    const tappedAction = await until(
      page,
      (name) => {
        const action = [...document.querySelectorAll<HTMLElement>('.adm-action-sheet-button-item')].find((el) =>
          el.innerText.includes(name),
        );
        action?.click();
        return Boolean(action);
      },
      text,
    );
    if (!tappedAction) continue;
    await until(page, (was) => location.href !== was, before);
    const now = await page.evaluate(() => location.href);
    if (now !== before) opened.push(now);
  }
  return opened;
}

/**
 * Addresses for the routes not in `found`, made of the ids its addresses carry: a route needing `siteId` and `boxId`
 * takes them from the found address that has the most of what it needs (a card's `cardId` and `cardType` come from
 * one address), the rest from any other. A path parameter (`:id`) takes the id of a found address of the same path
 * pattern only. A route whose needs no address carries is left out.
 */
export function withSeenIds(
  routes: readonly WalkRoute[],
  found: ReadonlyMap<RouteName, string>,
): Map<RouteName, string> {
  const seen = [...found.values()].map((address) => new URL(address, 'http://app').searchParams);
  const made = new Map<RouteName, string>();
  for (const route of routes) {
    if (found.has(route.name)) continue;
    const names = route.required.filter((name) => !name.startsWith(':'));
    if (route.required.length > names.length) continue;
    const best = [...seen].sort(
      (a, b) => names.filter((n) => b.get(n)).length - names.filter((n) => a.get(n)).length,
    )[0];
    const query = new URLSearchParams();
    for (const name of names) {
      const value = best?.get(name) ?? seen.find((params) => params.get(name))?.get(name);
      if (value) query.set(name, value);
    }
    if (names.every((name) => query.get(name))) made.set(route.name, `${route.path}?${query.toString()}`);
  }
  return made;
}

/** What one route showed. */
export interface RouteVisit {
  name: RouteName;
  title: string;
  url: string;
  /** Where the app was once the content showed (a route may forward by its rules). */
  landed: string;
  /** Time until the content showed, ms. */
  contentMs: number;
  consoleErrors: string[];
  failedRequests: string[];
  layout: LayoutFinding[];
}

/**
 * Watches `page` for console errors and failed requests (a network failure, or an answer of 400 or above) from now on;
 * `take()` returns and clears what was seen since the last take.
 */
export function watchErrors(page: Page): { take: () => { consoleErrors: string[]; failedRequests: string[] } } {
  let consoleErrors: string[] = [];
  let failedRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  page.on('requestfailed', (request: HTTPRequest) => {
    // A request the app itself cancelled (leaving a screen) is not a failure.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED')
      failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      failedRequests.push(`${response.request().method()} ${response.url()}: ${response.status()}`);
  });
  return {
    take: () => {
      const seen = { consoleErrors, failedRequests };
      consoleErrors = [];
      failedRequests = [];
      return seen;
    },
  };
}

/** What the screen of `route`, opened at `url`, shows now (its content came in `contentMs`). */
async function visitOf(page: WalkTab, route: WalkRoute, url: string, contentMs: number): Promise<RouteVisit> {
  const layout = await page.evaluate(layoutFindings);
  const landed = await page.evaluate(() => `${location.pathname}${location.search}`);
  return { name: route.name, title: route.title, url, landed, contentMs, layout, ...(await page.takeErrors()) };
}

/** Opens each address in the app and records what it showed (RouteVisit); `each` runs on the screen once it shows. */
export async function visitRoutes(
  page: Page,
  routes: readonly WalkRoute[],
  found: ReadonlyMap<RouteName, string>,
  each?: (visit: RouteVisit) => Promise<void>,
): Promise<RouteVisit[]> {
  const tab = tabOf(page);
  const visits: RouteVisit[] = [];
  for (const route of routes) {
    const url = found.get(route.name);
    if (!url) continue;
    await tab.takeErrors();
    await openInApp(tab, url);
    const visit = await visitOf(tab, route, url, await untilContent(tab));
    await each?.(visit);
    visits.push(visit);
  }
  return visits;
}
