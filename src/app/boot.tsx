import 'antd-mobile/es/global';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { Platform } from '@platform/types';
import { configureHttp } from '@/api/http';
import { fetchSignature } from '@/api/user';
import { wireAntdMobileRender } from '@/components/antd-render';
import { preloadFeedback, showAlert, toast } from '@/components/feedback';
import { RouteAvailabilityContext, RoutePrefetchContext } from '@/components/route-availability';
import { STORAGE_KEYS } from '@/config/constants';
import { afterInteractive, installIdleGate } from '@/lib/idle';
import { clearAllStorage, readItem, writeItem } from '@/lib/storage';
import { RootStore, StoreContext } from '@/stores/root';
import { prefetchRoute } from './prefetch';
import { createAppRouter } from './router';
import { builtRouteOf, isBuilt } from './routes';
import { decideStartup } from './startup';
import './styles.css';

/**
 * Starts the app in the host `platform` (spec §4 "Startup"; A-shell-home-settlement.md "(startup)"). The only thing
 * each entry calls.
 */

/** Runs startup and renders what it decided into #root. */
export function boot(platform: Platform): void {
  // The address the page was loaded at, before the router rewrites it (the WeChat iOS signing rule).
  const landingUrl = location.href;
  wireAntdMobileRender();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing from the HTML template');

  const decision = decideStartup({
    userAgent: navigator.userAgent,
    storedAuthCode: readItem('session', STORAGE_KEYS.authCode),
    search: location.search,
    origin: location.origin,
    platform,
  });

  if (decision.kind === 'outside') {
    void import('./stop-screen').then((m) => m.renderStopScreen(container));
    return;
  }
  if (decision.kind === 'authorize') {
    writeItem('session', STORAGE_KEYS.appId, decision.appId);
    location.replace(decision.url);
    return;
  }

  // From here on, work the first screen does not need waits until it is shown and the app is idle (src/lib/idle.ts;
  // the shell opens the gate).
  installIdleGate();
  // The first screen's chunks start downloading now. The rest of startup runs in tasks of its own (stores and the
  // request layer, then the router and the first render), so that the main thread is never held long at a time.
  void builtRouteOf(location.pathname)
    ?.load?.()
    .catch(() => undefined);
  setTimeout(() => {
    const root = start(platform, decision.keep ? decision.authCode : null, landingUrl);
    setTimeout(() => render(root, container), 0);
  }, 0);
}

/** The root store, the request layer and the host's services; the SDK is configured once the app is idle. */
function start(platform: Platform, keepAuthCode: string | null, landingUrl: string): RootStore {
  const root = new RootStore(platform);
  if (keepAuthCode !== null) root.session.setAuthCode(keepAuthCode);

  configureHttp({
    client: platform.client,
    getToken: () => readItem('local', STORAGE_KEYS.token),
    getAuthCode: () => readItem('session', STORAGE_KEYS.authCode),
    effects: {
      toast,
      setLoading: (on) => root.ui.setLoading(on),
      clearStorage: () => {
        clearAllStorage();
        root.session.reload();
      },
      closeWindow: () => platform.closeWindow(),
      schedule: (fn, ms) => void setTimeout(fn, ms),
    },
  });

  // After the first screen, when the app is idle: the host SDK's configuration (spec §4; an ability used before it
  // configures the SDK itself), then the toast and dialog chunk, so that an error can always be shown.
  const services = {
    fetchSignature: (url: string) => fetchSignature(url).send(),
    alert: (title: string, content: string) => void showAlert({ title, html: content }),
    log: (message: string, detail?: unknown) => console.warn(`[${platform.name}] ${message}`, detail ?? ''),
  };
  platform.prepare(services, landingUrl);
  void afterInteractive(() => platform.init(services, landingUrl));
  void afterInteractive(preloadFeedback);
  return root;
}

/** The router (the login gate reads the session) and the first render, as a transition: React renders in slices. */
function render(root: RootStore, container: HTMLElement): void {
  const router = createAppRouter(root);
  const reactRoot = createRoot(container);
  startTransition(() =>
    reactRoot.render(
      <StoreContext.Provider value={root}>
        <RouteAvailabilityContext.Provider value={isBuilt}>
          <RoutePrefetchContext.Provider value={prefetchRoute}>
            <RouterProvider router={router} />
          </RoutePrefetchContext.Provider>
        </RouteAvailabilityContext.Provider>
      </StoreContext.Provider>,
    ),
  );
}
