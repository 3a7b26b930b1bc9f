import { afterInteractive } from '@/lib/idle';
import { builtRouteOf } from './routes';

/**
 * Lazy screens that open at once (issue 14 item 4). A route's chunks are fetched and evaluated ahead of its first
 * visit, at one of two moments:
 * - 'idle': once the first screen is shown and the app is idle, one route per idle period (the tab bar's screens: a
 *   first visit of a tab costs what a tab switch costs);
 * - 'intent': at once, when the user shows they are about to open it (an entry link pressed, focused or hovered).
 *
 * Entry links load on intent rather than when idle: evaluating the screens of every entry of a hub while idle was
 * about a quarter of the hubs' blocking time (README "Numbers": interleaved Lighthouse runs, mean TBT 383 ms with it
 * and 290 ms without). Each route is loaded once per page load (again after a failed load).
 */

/** When a route's screen is loaded ahead of its visit. */
export type PrefetchMoment = 'idle' | 'intent';

/** Routes whose load has begun (and not failed). */
const started = new Set<string>();
/** Routes waiting for an idle period. */
const queued = new Set<string>();

/** Loads the screen of `path` (made with href) at `when`; nothing for a route not built or already loading. */
export function prefetchRoute(path: string, when: PrefetchMoment = 'idle'): void {
  const route = builtRouteOf(path);
  if (!route?.load || started.has(route.path)) return;
  const key = route.path;
  const load = route.load;
  const begin = () => {
    queued.delete(key);
    if (started.has(key)) return;
    started.add(key);
    void load().catch(() => started.delete(key));
  };
  if (when === 'intent') {
    begin();
    return;
  }
  if (queued.has(key)) return;
  queued.add(key);
  void afterInteractive(begin, 'prefetch');
}

/** The entry links' prefetch (RoutePrefetchContext): the screen of `path`, at once. */
export function prefetchOnIntent(path: string): void {
  prefetchRoute(path, 'intent');
}
