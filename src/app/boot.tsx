import 'antd-mobile/es/global';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { Platform } from '@platform/types';
import { configureHttp } from '@/api/http';
import { fetchSignature } from '@/api/user';
import { wireAntdMobileRender } from '@/components/antd-render';
import { preloadFeedback, showAlert, toast } from '@/components/feedback';
import { RouteAvailabilityContext } from '@/components/route-availability';
import { STORAGE_KEYS } from '@/config/constants';
import { clearAllStorage, readItem, writeItem } from '@/lib/storage';
import { RootStore, StoreContext } from '@/stores/root';
import { createAppRouter } from './router';
import { isBuilt } from './routes';
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

  const root = new RootStore(platform);
  if (decision.keep) root.session.setAuthCode(decision.authCode);

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

  void platform.init(
    {
      fetchSignature: (url) => fetchSignature(url).send(),
      alert: (title, content) => void showAlert({ title, html: content }),
      log: (message, detail) => console.warn(`[${platform.name}] ${message}`, detail ?? ''),
    },
    landingUrl,
  );

  const router = createAppRouter(root);
  createRoot(container).render(
    <StoreContext.Provider value={root}>
      <RouteAvailabilityContext.Provider value={isBuilt}>
        <RouterProvider router={router} />
      </RouteAvailabilityContext.Provider>
    </StoreContext.Provider>,
  );
  // The toast and dialog chunk is fetched once the first screen is idle, so that an error can always be shown.
  const idle = (window as { requestIdleCallback?: (fn: () => void) => void }).requestIdleCallback;
  if (idle) idle(preloadFeedback);
  else setTimeout(preloadFeedback, 1500);
}
