import { observer } from 'mobx-react-lite';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { DEFAULT_TITLE, STORAGE_KEYS } from '../config/constants';
import { readItem } from '../lib/storage';
import { useStores } from '../stores/root';
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
  return (
    <>
      <div key={location.pathname} className={`page page--${transition}${showTabs ? ' page--with-tabs' : ''}`}>
        <Outlet />
      </div>
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
