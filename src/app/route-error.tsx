import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { MESSAGES } from '@/config/constants';
import { toast } from '@/components/feedback';

/**
 * The shared handler of a screen that fails to load on demand (spec §8 last row; A "(shell)" States): a toast
 * 页面加载失败，请检查网络 and a full-page retry block 重新加载.
 */
export default function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('route error', error);
    toast(MESSAGES.chunkFailed);
  }, [error]);
  return (
    <main className="page-center page-center--column" role="alert">
      <p className="page-center__title">{MESSAGES.chunkFailed}</p>
      <button type="button" className="plain-button" onClick={() => location.reload()}>
        重新加载
      </button>
    </main>
  );
}
