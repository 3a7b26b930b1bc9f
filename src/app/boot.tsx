import 'antd-mobile/es/global';
import type { Platform } from '@platform/types';
import { STORAGE_KEYS } from '@/config/constants';
import { installIdleGate } from '@/lib/idle';
import { readItem, writeItem } from '@/lib/storage';
import { builtRouteOf } from './routes';
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
  // The first screen's chunks start downloading in the next task (adding their script elements costs a few ms). The
  // rest of startup runs in tasks of its own (issue 14: evaluating the whole startup bundle at once held the main
  // thread for 130–200 ms at 4x CPU, and a phone's tap waits for the task it lands in): the modules of the stores and
  // the request layer are evaluated (./start), then the stores are made, then React and ReactDOM are evaluated, then
  // the router and the shell (./render), then the router is made and the first render runs (render). They are eager
  // imports: in the startup chunk (no request), evaluated when imported.
  setTimeout(
    () =>
      void builtRouteOf(location.pathname)
        ?.load?.()
        .catch(() => undefined),
  );
  // An error of a step is an unhandled rejection: reported like an uncaught error (the console, the page's error
  // events).
  void (async () => {
    await nextTask();
    const { start } = await import(/* webpackMode: "eager" */ './start');
    await nextTask();
    const root = start(platform, decision.keep ? decision.authCode : null, landingUrl);
    await nextTask();
    await import(/* webpackMode: "eager" */ 'react-dom/client');
    await nextTask();
    const { render } = await import(/* webpackMode: "eager" */ './render');
    await nextTask();
    render(root, container);
  })();
}

/** Resolves in a later task (a macrotask: the browser may paint and handle input in between). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}
