import type { Platform } from '@platform/types';
import { configureHttp } from '@/api/http';
import { fetchSignature } from '@/api/user';
import { preloadFeedback, showAlert, toast } from '@/components/feedback';
import { STORAGE_KEYS } from '@/config/constants';
import { afterInteractive } from '@/lib/idle';
import { clearAllStorage, readItem } from '@/lib/storage';
import { RootStore } from '@/stores/root';

/**
 * The second step of startup (src/app/boot.tsx): the stores and the request layer. The modules they need (MobX, alova,
 * the root store) are evaluated in a task of their own when boot imports this file (eagerly: in the startup chunk,
 * evaluated when imported), and `start` runs in the next.
 */

/** The root store, the request layer and the host's services; the SDK is configured once the app is idle. */
export function start(platform: Platform, keepAuthCode: string | null, landingUrl: string): RootStore {
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
