import type { ScreenModule } from '@/app/screens';
import { ROUTE_TABLE, type RouteName } from '@/config/routes';

/**
 * The app's route table: the spec's routes (src/config/routes.ts: names, paths, titles, query) with the screen each
 * built route loads, lazily. A route of the spec without a screen here is not built yet: its address shows the
 * not-found page, and links to it are hidden (isBuilt). Building a screen adds one line to SCREENS of src/app/screens.ts (README "Adding a
 * screen"); a layout route lists its children in LAYOUTS; the site list is kept alive (spec §2).
 */

/** The routes whose loaders are in the startup code: the root and the tab bar's four. */
type HubRoute = Extract<RouteName, 'root' | 'home' | 'site' | 'income' | 'mine'>;

/**
 * The hub screens: their loaders are in the startup code so that the first screen never waits for the table of the
 * other screens. Typed to exactly these five: every other screen's line belongs in src/app/screens.ts.
 */
const HUB_SCREENS: Record<HubRoute, ScreenModule> = {
  root: () => import('@/pages/home'),
  home: () => import('@/pages/home'),
  site: () => import('@/pages/site'),
  mine: () => import('@/pages/mine'),
  income: () => import('@/pages/income'),
};

/** The hub routes (the root and the tab bar's four): the routes the router starts with (src/app/router.tsx). */
export const HUB_ROUTES: ReadonlySet<RouteName> = new Set(Object.keys(HUB_SCREENS) as HubRoute[]);

/**
 * The routes without a screen yet, known at build time (scripts/screen-names.ts, the define `__UNBUILT_ROUTES__`):
 * every other route is a hub or has its line in src/app/screens.ts. So the startup code knows which routes are built
 * (links to the others are hidden) without carrying the screens' loaders or names, which would grow the startup bundle
 * with every screen (issue 14: 160 kB); the list shrinks as screens are built.
 */
const UNBUILT: ReadonlySet<RouteName> = new Set(__UNBUILT_ROUTES__ as readonly RouteName[]);

/** The loader of a built route: a hub's own, or the table's (fetched once, then the screen's chunk), or none. */
function screenOf(name: RouteName): ScreenModule | undefined {
  if (name in HUB_SCREENS) return HUB_SCREENS[name as HubRoute];
  if (UNBUILT.has(name)) return undefined;
  return () =>
    import('@/app/screens').then(({ SCREENS }) => {
      const load = SCREENS[name];
      if (!load) throw new Error(`src/app/screens.ts has no screen for the route ${name}`);
      return load();
    });
}

/** Layout routes: the route renders `<Outlet />` and its children render inside it. */
const LAYOUTS: Partial<Record<RouteName, readonly RouteName[]>> = {
  siteInfo: ['facilityList', 'guardList', 'cameraList', 'smokeList'],
  siteIncomeSite: ['siteIncomeCharger', 'siteIncomeCard'],
  compact: ['compactOrders', 'compactRecharges'],
  workOrder: ['workOrderOnline', 'workOrderWorking'],
  siteAuthor: ['siteAuthorUndisposed', 'siteAuthorProcessed'],
};

/**
 * Routes kept alive once visited (spec §2: the site list): hidden, not unmounted, while the user is on other screens,
 * so that coming back finds its state and scroll position.
 */
const KEPT_ALIVE: readonly RouteName[] = ['site'];

/** One route as the router builds it. */
export interface RouteEntry {
  name: RouteName;
  path: string;
  title: string;
  /** Lazy screen module; absent = not built yet. A route with children loads a layout that renders <Outlet />. */
  load?: ScreenModule;
  /** Child routes rendered inside this route's layout (absolute paths under this one). */
  children?: readonly RouteEntry[];
  /** Kept alive once visited. */
  keepAlive?: boolean;
}

/** antd-mobile's accessible defaults, applied once (see withAntdConfig). */
let antdConfigured: Promise<void> | undefined;

/**
 * A screen's loader that applies antd-mobile's accessible defaults (components/antd-config.tsx) before the screen
 * renders: the defaults only concern components of the screens (inputs, navigation bars), and loading them with the
 * first screen rather than at startup keeps antd-mobile's locale out of the startup bundle.
 */
function withAntdConfig(load: ScreenModule): ScreenModule {
  return () => {
    antdConfigured ??= import('@/components/antd-config').then((m) => m.configureAntdMobile());
    return Promise.all([antdConfigured, load()]).then(([, screen]) => screen);
  };
}

function entryOf(name: RouteName): RouteEntry {
  const { path, title } = ROUTE_TABLE[name];
  const screen = screenOf(name);
  const load = screen && withAntdConfig(screen);
  const children = LAYOUTS[name]?.map(entryOf);
  return {
    name,
    path,
    title,
    ...(load ? { load } : {}),
    ...(children ? { children } : {}),
    ...(KEPT_ALIVE.includes(name) ? { keepAlive: true } : {}),
  };
}

const CHILDREN = new Set(Object.values(LAYOUTS).flat());

/** Every route of the spec in the table's order, children inside their layouts. */
export const ROUTES: readonly RouteEntry[] = (Object.keys(ROUTE_TABLE) as RouteName[])
  .filter((name) => !CHILDREN.has(name))
  .map(entryOf);

/** Title of the not-found page. */
export const NOT_FOUND_TITLE = '页面不存在';

/**
 * True when `path` is a built screen, so that the app's own navigation may link to it (links to screens not built yet
 * are not shown). Matches the route table's patterns (`:id` segments) against the path without query.
 */
export function isBuilt(path: string): boolean {
  return builtRouteOf(path) !== null;
}

/** The built routes, children included (computed once: isBuilt runs for every entry link of every screen). */
let built: readonly RouteEntry[] | null = null;

/**
 * The answers of builtRouteOf by pathname: the table does not change while the app runs, and a hub asks for the same
 * few paths at every render of its entries (issue 14: matching them against the table was 3 ms of /income's first
 * render on a desktop CPU).
 */
const builtByPathname = new Map<string, RouteEntry | null>();

/** The built route whose pattern matches `path` (query ignored), or null. */
export function builtRouteOf(path: string): RouteEntry | null {
  const pathname = path.split('?')[0] ?? '';
  const known = builtByPathname.get(pathname);
  if (known !== undefined) return known;
  built ??= flatRoutes(ROUTES).filter((route) => route.load !== undefined);
  const found = built.find((route) => matches(route.path, pathname)) ?? null;
  builtByPathname.set(pathname, found);
  return found;
}

/**
 * The built top-level routes of the table (ROUTES) that match `path` (query ignored), themselves or by one of their
 * children: what the router adds when it first navigates to `path` (src/app/router.tsx).
 */
export function routesMatching(path: string): RouteEntry[] {
  const pathname = path.split('?')[0] ?? '';
  return ROUTES.filter(
    (entry) => entry.load !== undefined && flatRoutes([entry]).some((r) => r.load && matches(r.path, pathname)),
  );
}

/** Every entry of a route table, children included. */
export function flatRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.flatMap((route) => [route, ...flatRoutes(route.children ?? [])]);
}

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.replace(/\/$/, '').split('/');
  if (pattern === '/') return pathname === '/';
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
}
