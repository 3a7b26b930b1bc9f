import { afterInteractive } from '@/lib/idle';
import { builtRouteOf } from './routes';

/**
 * Lazy screens that open at once (issue 14 item 4): the screens the current screen's entries lead to (its entry links,
 * the tab bar) are loaded while the app is idle after the first screen — the route's chunks are fetched and evaluated
 * then, one route per idle period — so that a first visit costs what a tab switch costs. Each route once per page load.
 */

const requested = new Set<string>();

/** Loads the screen of `path` (made with href) when the app is idle; nothing for a route not built. */
export function prefetchRoute(path: string): void {
  const route = builtRouteOf(path);
  if (!route?.load || requested.has(route.path)) return;
  requested.add(route.path);
  const load = route.load;
  void afterInteractive(() => load().catch(() => requested.delete(route.path)), 'prefetch');
}
