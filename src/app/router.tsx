import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { clearAllStorage } from '@/lib/storage';
import type { RootStore } from '@/stores/root';
import { gate } from './gate';
import RouteError from './route-error';
import { HUB_ROUTES, NOT_FOUND_TITLE, ROUTES, routesMatching, type RouteEntry } from './routes';
import { Shell, type RouteHandle } from './shell';
import { TABS } from './shell-rules';

/**
 * The data router (ARCHITECTURE.md "Routing"): the shell as layout, every screen of the route table lazy, titles in
 * `handle`, the login gate as a loader on every route, and the not-found page for everything else.
 * The gate's loader also turns the footer navigation on for the tab routes (spec §2, §3: the tab pages set the flag),
 * before the screen renders: the tab bar comes in the screen's first commit, not in a second render of the shell from
 * the screen's effect (issue 14: one render less in the task where the screen's requests start).
 * The router starts with the hub screens only and learns every other route when it is first navigated to
 * (react-router's route discovery, `patchRoutesOnNavigation`): ranking and matching the whole table at startup held the
 * main thread for about 12 ms of CPU, 50 ms on a phone at 4x (issue 14).
 */

/** The id of the shell's route, under which discovered routes are added. */
const SHELL_ID = 'shell';

/** Blank first paint while the first screen's chunk arrives. */
function FirstPaint() {
  return <div className="first-paint" aria-busy="true" />;
}

/** The not-found page, lazy like every screen. */
const notFound = { lazy: async () => ({ Component: (await import('./not-found')).default }) };

/** The route object of one table entry (with its children). */
function toRoute(entry: RouteEntry, loader: (args: LoaderFunctionArgs) => Response | null): RouteObject {
  const handle: RouteHandle = { title: entry.load ? entry.title : NOT_FOUND_TITLE, keepAlive: entry.keepAlive };
  const base = { caseSensitive: true, handle, loader };
  const load = entry.load;
  const screen = load ? { lazy: async () => ({ Component: (await load()).default }) } : notFound;
  if (entry.path === '/') return { index: true, ...base, ...screen };
  const children = entry.children?.map((child) => toRoute(child, loader));
  return { path: entry.path, ...base, ...screen, ...(children ? { children } : {}) };
}

/** Creates the app's router over the root store (the gate reads the session). */
export function createAppRouter(root: RootStore) {
  const gateLoader = ({ request }: LoaderFunctionArgs): Response | null => {
    const url = new URL(request.url);
    const decision = gate(url.pathname, url.search, root.session.token, root.session.permissionText);
    if (decision.kind === 'pass') {
      if (TABS.some((tab) => tab.route === url.pathname)) root.ui.setFooterNav(true);
      return null;
    }
    if (decision.clearStorage) {
      clearAllStorage();
      root.session.reload();
    }
    throw redirect(decision.to);
  };
  return createBrowserRouter(
    [
      {
        id: SHELL_ID,
        path: '/',
        Component: Shell,
        ErrorBoundary: RouteError,
        HydrateFallback: FirstPaint,
        children: [
          // Only built routes: a route of the spec without a screen shows the not-found page, which the catch-all route
          // below already does (with the same title), so the router matches each navigation against the built ones only.
          ...ROUTES.filter((entry) => entry.load && HUB_ROUTES.has(entry.name)).map((entry) =>
            toRoute(entry, gateLoader),
          ),
          { path: '*', ...notFound, loader: gateLoader, handle: { title: NOT_FOUND_TITLE } },
        ],
      },
    ],
    {
      // A path the hubs do not match (the catch-all did, or a route with a parameter): the built routes of the table
      // that match it, with their layout's children, are added before the navigation goes on. The router compares
      // what it is given with what it has, so a route added before is not added twice.
      patchRoutesOnNavigation: ({ path, patch }) => {
        const found = routesMatching(path).filter((entry) => !HUB_ROUTES.has(entry.name));
        if (found.length > 0)
          patch(
            SHELL_ID,
            found.map((entry) => toRoute(entry, gateLoader)),
          );
      },
    },
  );
}
