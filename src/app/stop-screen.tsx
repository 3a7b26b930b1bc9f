import { createRoot } from 'react-dom/client';
import { Button } from '@/components/button';
import { MESSAGES } from '@/config/constants';
import { wireAntdMobileRender } from '@/components/antd-render';
import { toast } from '@/components/feedback';

/**
 * The stop screen (A-shell-home-settlement.md "(stop screen)"; spec §4 step 1): shown outside WeChat and Alipay.
 * No call, no redirect, nothing stored; its own lazy chunk so that the app's first screen does not carry it.
 */

/** Copies the address; the outcome is told by a toast. */
async function copyLink(): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('clipboard unavailable');
    await navigator.clipboard.writeText(location.href);
    toast('链接已复制');
  } catch {
    toast('复制失败，请长按地址栏复制');
  }
}

function PhoneIllustration() {
  return (
    <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true">
      <rect x="28" y="8" width="40" height="80" rx="8" fill="#f2f3f5" stroke="#c9cdd4" strokeWidth="2" />
      <rect x="34" y="18" width="28" height="56" rx="2" fill="#fff" />
      <circle cx="42" cy="40" r="6" fill="#07c160" />
      <circle cx="54" cy="52" r="6" fill="#1677ff" />
      <rect x="42" y="79" width="12" height="3" rx="1.5" fill="#c9cdd4" />
    </svg>
  );
}

/** The page itself. */
export function StopScreen() {
  return (
    <main className="stop-screen">
      <PhoneIllustration />
      <h1 className="stop-screen__title">{MESSAGES.outsideHost}</h1>
      <p className="stop-screen__text">本平台仅支持在微信或支付宝内使用，请复制链接后在微信或支付宝中打开</p>
      <Button color="primary" fill="outline" onClick={() => void copyLink()}>
        复制链接
      </Button>
    </main>
  );
}

/** Renders the stop screen into `container` and shows the entry toast (2000 ms). */
export function renderStopScreen(container: HTMLElement): void {
  document.title = MESSAGES.outsideHost;
  wireAntdMobileRender();
  createRoot(container).render(<StopScreen />);
  toast(MESSAGES.outsideHost);
}
