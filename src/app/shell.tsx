import { observer } from 'mobx-react-lite';
import { Activity, Suspense, lazy, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { DEFAULT_TITLE, STORAGE_KEYS } from '@/config/constants';
import { openIdleGate } from '@/lib/idle';
import { readItem } from '@/lib/storage';
import { useStores } from '@/stores/root';
import { ROUTES, flatRoutes } from './routes';
import { tabBarVisible, titleWithCardType, transitionBetween, upgradePopupDue, type Transition } from './shell-rules';

/**
 * The root shell (spec §2; A-shell-home-settlement.md "(shell)"): document title, page transitions, bottom tab bar,
 * loading indicator and the upgrade popup around every screen.
 */

// The shell's widgets load in their own chunk, in parallel with the first screen's (the first bytes stay small).
const AppTabBar = lazy(() => import('./shell-widgets').then((m) => ({ default: m.AppTabBar })));
const LoadingIndicator = lazy(() => import('./shell-widgets').then((m) => ({ default: m.LoadingIndicator })));
const UpgradePopup = lazy(() => import('./shell-widgets').then((m) => ({ default: m.UpgradePopup })));

/** Route handle carried by every route of the table. */
export interface RouteHandle {
  title: string;
  /** Kept alive once visited (routes.ts). */
  keepAlive?: boolean;
}

/** The kept-alive screens of the route table, with the same lazy modules the router loads. */
const KEPT_ALIVE: readonly { path: string; Component: ComponentType }[] = flatRoutes(ROUTES).flatMap((route) =>
  route.keepAlive && route.load ? [{ path: route.path, Component: lazy(route.load) }] : [],
);

const KEPT_PATHS = KEPT_ALIVE.map((kept) => kept.path);

/**
 * The kept-alive screens to render: once visited, a kept screen stays mounted — hidden by React's Activity, not
 * unmounted — while the user is elsewhere (its child screens, the other tabs), so that coming back finds its segment,
 * filters, list and scroll position at once. It reloads only when its own rules say so (site list: marked dirty or
 * pulled to refresh).
 */
function useKeptAlive(pathname: string): { path: string; Component: ComponentType; visible: boolean }[] {
  const [visited, setVisited] = useState<readonly string[]>([]);
  const current = KEPT_ALIVE.find((kept) => kept.path === pathname);
  if (current && !visited.includes(current.path)) setVisited([...visited, current.path]);
  return KEPT_ALIVE.filter((kept) => visited.includes(kept.path) || kept === current).map((kept) => ({
    ...kept,
    visible: kept.path === pathname,
  }));
}

/**
 * Scroll positions: a kept-alive screen gets back the position it was left at; any other screen starts at the top.
 */
function useScrollMemory(pathname: string, keptPaths: readonly string[]): void {
  const positions = useRef(new Map<string, number>());
  const current = useRef(pathname);
  useEffect(() => {
    const remember = () => positions.current.set(current.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);
  useLayoutEffect(() => {
    if (current.current === pathname) return undefined;
    current.current = pathname;
    const target = keptPaths.includes(pathname) ? (positions.current.get(pathname) ?? 0) : 0;
    window.scrollTo(0, target);
    if (target === 0) return undefined;
    // The page the user comes back from may still be leaving, and the kept screen's list, re-subscribing to the window
    // when revealed, may scroll to its own stale offset after this: for at least 30 frames and 1.5 s (a busy
    // phone draws fewer frames), put the position back whenever it moved, until the user scrolls by hand.
    const start = performance.now();
    let frame = 0;
    let id = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
    };
    const again = () => {
      if (stopped || (frame >= 30 && performance.now() - start >= 1500)) return;
      frame += 1;
      if (Math.abs(window.scrollY - target) >= 1) window.scrollTo(0, target);
      id = requestAnimationFrame(again);
    };
    id = requestAnimationFrame(again);
    window.addEventListener('touchstart', stop, { passive: true });
    window.addEventListener('wheel', stop, { passive: true });
    return () => {
      cancelAnimationFrame(id);
      window.removeEventListener('touchstart', stop);
      window.removeEventListener('wheel', stop);
    };
  }, [pathname, keptPaths]);
}

/** Sets document.title from the deepest route's title and the cardType rule. */
function useDocumentTitle(): void {
  const matches = useMatches();
  const location = useLocation();
  const last = matches[matches.length - 1];
  const title = (last?.handle as RouteHandle | undefined)?.title ?? DEFAULT_TITLE;
  const cardType = new URLSearchParams(location.search).get('cardType');
  const text = titleWithCardType(title, cardType);
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/** The transition of the current page, recomputed whenever the path changes. */
function usePageTransition(pathname: string): Transition {
  const [state, setState] = useState<{ path: string; transition: Transition }>({ path: pathname, transition: 'fade' });
  if (state.path !== pathname) {
    const next = { path: pathname, transition: transitionBetween(state.path, pathname) };
    setState(next);
    return next.transition;
  }
  return state.transition;
}

/**
 * The layout route of the app. `now` is injectable so that the upgrade popup rule is tested with a controlled clock.
 */
export const Shell = observer(function Shell({ now = Date.now }: { now?: () => number }) {
  const { session, ui } = useStores();
  const location = useLocation();
  const transition = usePageTransition(location.pathname);
  useDocumentTitle();
  const showTabs = tabBarVisible(ui.footerNav, session.loggedIn, location.pathname);
  const [showUpgrade, setShowUpgrade] = useState(() =>
    upgradePopupDue(readItem('local', STORAGE_KEYS.upgradeTips), now()),
  );
  const kept = useKeptAlive(location.pathname);
  useScrollMemory(location.pathname, KEPT_PATHS);
  // The router renders the shell once the first screen's code and loader are ready: from its first commit on, work
  // queued for after the first screen may run when the app is idle (src/lib/idle.ts).
  useEffect(openIdleGate, []);
  // A layout route (e.g. the site detail with its device tabs) stays mounted while its children change.
  const matches = useMatches();
  const pageKey = matches[1]?.id ?? location.pathname;
  const pageClass = `page page--${transition}${showTabs ? ' page--with-tabs' : ''}`;
  return (
    <>
      {kept.map(({ path, Component, visible }) => (
        <Activity key={path} mode={visible ? 'visible' : 'hidden'}>
          <div className={pageClass}>
            <Suspense fallback={<div className="first-paint" />}>
              <Component />
            </Suspense>
          </div>
        </Activity>
      ))}
      {!kept.some((k) => k.visible) && (
        <div key={pageKey} className={pageClass}>
          <Outlet />
        </div>
      )}
      {showTabs && (
        <Suspense fallback={<nav className="app-tab-bar app-tab-bar--placeholder" aria-hidden="true" />}>
          <AppTabBar pathname={location.pathname} />
        </Suspense>
      )}
      {ui.loading && (
        <Suspense fallback={<div className="app-loading-mask" />}>
          <LoadingIndicator />
        </Suspense>
      )}
      {showUpgrade && (
        <Suspense fallback={null}>
          <UpgradePopup onClose={() => setShowUpgrade(false)} />
        </Suspense>
      )}
    </>
  );
});
