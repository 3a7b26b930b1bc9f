import type { HTTPRequest, Page } from 'puppeteer';
import { unbuiltRoutes } from '../../scripts/screen-names';
import type { QuerySpec, RouteName } from '../../src/config/routes';
import { layoutFindings, type LayoutFinding } from './layout';

/**
 * The walk through every route (issue 30 items 3 and 4; the QA kit of issue 32 builds on it): the built routes of the
 * route table, each opened with ids found through the list screens as a person would find them (the links the hubs and
 * lists show), and what each shows: its title, how long its content took, the console's errors, the requests that
 * failed, and the layout check's findings.
 */

/** A built route of the app's route table (src/app/routes.ts) with what opening it needs. */
export interface WalkRoute {
  name: RouteName;
  path: string;
  title: string;
  /** Required query parameters (src/config/routes.ts), path parameters (`:id`) included. */
  required: string[];
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
      return { name: route.name, path: route.path, title: route.title, required };
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
export async function openInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to: string) => {
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

/**
 * Waits until the screen shows its content: no loading indicator (加载中), no skeleton, and what it shows
 * unchanged through 4 looks 100 ms apart (20 s at most). Resolves to the time it took, in ms.
 */
export async function untilContent(page: Page): Promise<number> {
  const start = Date.now();
  let last = '';
  let still = 0;
  while (Date.now() - start < 20_000 && still < 4) {
    const now = await page
      .evaluate(() =>
        document.querySelector('.app-loading-mask, .adm-skeleton')
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
 * Finds an address for every route: from the hubs and the routes that need no id, it opens each new route once and
 * follows the links its screen shows (`a[href]` of the app's origin) to routes not found yet, until every route has an
 * address or no screen leads further; then taps the rows and entries of the screens nearest to each route still
 * missing (findByTaps). Routes that need no id are opened at their bare path. Resolves to each found route's address
 * (path and query, in the route table's order) and the routes not found.
 */
export async function findRoutes(
  page: Page,
  routes: readonly WalkRoute[],
  log: (line: string) => void = () => undefined,
): Promise<{ found: Map<RouteName, string>; missing: WalkRoute[] }> {
  const found = new Map<RouteName, string>();
  const queue: string[] = [];
  for (const route of routes)
    if (route.required.length === 0) {
      found.set(route.name, route.path);
      queue.push(route.path);
    }
  const origin = new URL(page.url()).origin;
  for (let i = 0; i < queue.length; i += 1) {
    await openInApp(page, queue[i]!);
    await untilContent(page);
    const links = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].map((a) => a.href),
    );
    for (const link of links) {
      const url = new URL(link, origin);
      if (url.origin !== origin) continue;
      const route = routeOf(routes, url);
      if (!route || found.has(route.name)) continue;
      const address = `${url.pathname}${url.search}`;
      found.set(route.name, address);
      queue.push(address);
    }
  }
  log(`walk: ${found.size} of ${routes.length} routes found through links`);
  await findByTaps(page, routes, found, log);
  log(`walk: ${found.size} of ${routes.length} routes found after taps`);
  const ordered = new Map(routes.flatMap((r) => (found.has(r.name) ? [[r.name, found.get(r.name)!] as const] : [])));
  return { found: ordered, missing: routes.filter((r) => !found.has(r.name)) };
}

/** What a tap must not be: an action that changes data or moves money (a tap here only looks for a screen). */
const NOT_TAPPED =
  /提交|确认|确定|删除|保存|退款|提现|支付|缴费|注销|解绑|停用|启用|重置|清空|退出|签署|同意|拒绝|驳回|通过|撤销|取消|启动|停止|扫码|复制|导出|拨打/;

/**
 * The second way of findRoutes: rows and entries that open their screen by script (a tap, not a link). For each route
 * still missing, the found screens whose path shares the most leading segments with its path (its parent list first)
 * are opened, and their tappable elements that do not act on data (NOT_TAPPED) are tapped one by one, 20 at most per
 * screen and 15 screens at most; a tap that lands on a missing route gives its address. Each screen is tapped once.
 */
async function findByTaps(
  page: Page,
  routes: readonly WalkRoute[],
  found: Map<RouteName, string>,
  log: (line: string) => void,
): Promise<void> {
  const shared = (a: string, b: string) => {
    const x = a.split('/');
    const y = b.split('/');
    let n = 0;
    while (n < x.length && n < y.length && x[n] === y[n]) n += 1;
    return n;
  };
  const tapped = new Set<RouteName>();
  for (;;) {
    const missing = routes.filter((r) => !found.has(r.name));
    const candidates = missing
      .flatMap((m) =>
        routes
          .filter((r) => found.has(r.name) && !tapped.has(r.name) && shared(r.path, m.path) > 1)
          .map((r) => ({ r, score: shared(r.path, m.path) })),
      )
      .sort((a, b) => b.score - a.score);
    const next = candidates[0]?.r;
    if (!next || tapped.size >= 15) return;
    tapped.add(next.name);
    const from = found.get(next.name)!;
    await openInApp(page, from);
    await untilContent(page);
    const count = await markTappables(page);
    log(`walk: tapping ${Math.min(count, 20)} elements of ${next.name} (${from})`);
    for (let i = 0; i < Math.min(count, 20); i += 1) {
      if (routes.every((r) => found.has(r.name))) return;
      if (!(await page.$(`[data-walk-tap="${i}"]`))) {
        await openInApp(page, from);
        await untilContent(page);
        await markTappables(page);
      }
      const before = page.url();
      await page.click(`[data-walk-tap="${i}"]`).catch(() => undefined);
      // Where the tap leads shows in the address at once (the screen itself need not have loaded): 3 s at most.
      await page
        .waitForFunction((was: string) => location.href !== was, { timeout: 3000 }, before)
        .catch(() => undefined);
      const url = new URL(page.url());
      const route = page.url() !== before ? routeOf(routes, url) : undefined;
      if (route && !found.has(route.name)) found.set(route.name, `${url.pathname}${url.search}`);
      if (page.url() !== before || (await page.$('.adm-mask, .adm-popup-body, .adm-center-popup-body'))) {
        await openInApp(page, from);
        await untilContent(page);
        await markTappables(page);
      }
    }
  }
}

/**
 * Marks the screen's tappable elements `data-walk-tap="0…"` in document order (the first row of a list stands for its
 * rows; elements inside another are the same tap; nothing whose text is an action: NOT_TAPPED). Resolves to how many.
 */
function markTappables(page: Page): Promise<number> {
  return page.evaluate((notTapped: string) => {
    const skip = new RegExp(notTapped);
    for (const el of document.querySelectorAll('[data-walk-tap]')) el.removeAttribute('data-walk-tap');
    const root = document.querySelector('#root') ?? document.body;
    const found = new Set<Element>();
    for (const el of root.querySelectorAll('button, [role="button"], [role="tab"], a[href]')) found.add(el);
    for (const el of root.querySelectorAll('*'))
      if (getComputedStyle(el).cursor === 'pointer' && getComputedStyle(el.parentElement ?? el).cursor !== 'pointer')
        found.add(el);
    const kept = [...found].filter((el) => {
      const rect = el.getBoundingClientRect();
      const text = (el as HTMLElement).innerText ?? '';
      return (
        rect.width > 0 &&
        rect.height > 0 &&
        !el.closest('.adm-tab-bar, .adm-nav-bar') &&
        !el.closest('[data-index]:not([data-index="0"])') &&
        !skip.test(text.slice(0, 12)) &&
        ![...found].some((other) => other !== el && other.contains(el))
      );
    });
    kept.forEach((el, i) => el.setAttribute('data-walk-tap', String(i)));
    return kept.length;
  }, NOT_TAPPED.source);
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

/** Opens each address in the app and records what it showed (RouteVisit); `each` runs on the screen once it shows. */
export async function visitRoutes(
  page: Page,
  routes: readonly WalkRoute[],
  found: ReadonlyMap<RouteName, string>,
  each?: (visit: RouteVisit) => Promise<void>,
): Promise<RouteVisit[]> {
  const errors = watchErrors(page);
  const visits: RouteVisit[] = [];
  for (const route of routes) {
    const url = found.get(route.name);
    if (!url) continue;
    errors.take();
    await openInApp(page, url);
    const contentMs = await untilContent(page);
    const layout = await page.evaluate(layoutFindings);
    const landed = await page.evaluate(() => `${location.pathname}${location.search}`);
    const visit: RouteVisit = {
      name: route.name,
      title: route.title,
      url,
      landed,
      contentMs,
      layout,
      ...errors.take(),
    };
    await each?.(visit);
    visits.push(visit);
  }
  return visits;
}
