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
 * address or no screen leads further. Routes that need no id are opened at their bare path. A route whose screen is
 * opened only by script (a row with a tap handler, not a link) is not found this way: it is listed as missing. Resolves to each found route's address
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
  const ordered = new Map(routes.flatMap((r) => (found.has(r.name) ? [[r.name, found.get(r.name)!] as const] : [])));
  return { found: ordered, missing: routes.filter((r) => !found.has(r.name)) };
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
