import { Popup, SpinLoading } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/feedback';
import { Segmented } from '@/components/segmented';
import { safeImageUrl, safeUrl } from '@/lib/safe-url';
import type { CameraListStore, LiveQuality } from '@/stores/screens/site/site-devices';
import styles from './camera-list.module.css';

/**
 * The full-screen live view of a camera (B-site.md §2 cameraList): the HLS stream in a `<video playsinline
 * x5-video-player-type="h5">`, played with hls.js where the webview has Media Source Extensions (Android) and natively
 * where it plays HLS itself (iOS). hls.js is imported here only, on first use (its own chunk, lib-video). A spinner
 * 连接中... shows until the first frame; after 15 s without one: 连接超时，请重试; a play error toasts
 * 视频加载失败，请稍后重试 and shows 直播暂不可用 with 重试. Toggle 标清/高清; closing stops playback.
 */

/** Time allowed for the first frame, ms (B §2). */
export const FIRST_FRAME_TIMEOUT_MS = 15_000;

/** State of the player: waiting for the first frame, playing, timed out, failed. */
type PlayState = 'connecting' | 'playing' | 'timeout' | 'failed';

/** Plays `url` in the video element and reports the state (the caller remounts it to start over). */
function useHlsPlayback(video: React.RefObject<HTMLVideoElement | null>, url: string) {
  const [state, setState] = useState<PlayState>('connecting');
  useEffect(() => {
    const element = video.current;
    if (!element) return undefined;
    let cancelled = false;
    let destroy: (() => void) | null = null;
    const timer = setTimeout(() => {
      if (!cancelled) setState((s) => (s === 'connecting' ? 'timeout' : s));
    }, FIRST_FRAME_TIMEOUT_MS);
    const fail = () => {
      if (cancelled) return;
      clearTimeout(timer);
      setState((s) => {
        if (s !== 'failed') toast('视频加载失败，请稍后重试');
        return 'failed';
      });
    };
    const playing = () => {
      if (cancelled) return;
      clearTimeout(timer);
      setState('playing');
    };
    element.addEventListener('playing', playing);
    element.addEventListener('error', fail);
    const start = () => void element.play().catch(() => undefined);
    import('hls.js/light')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (Hls.isSupported()) {
          const hls = new Hls({ enableWorker: true, lowLatencyMode: true });
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) fail();
          });
          hls.on(Hls.Events.MANIFEST_PARSED, start);
          hls.loadSource(url);
          hls.attachMedia(element);
          destroy = () => hls.destroy();
        } else if (element.canPlayType('application/vnd.apple.mpegurl')) {
          element.src = safeUrl(url);
          start();
          destroy = () => {
            element.removeAttribute('src');
            element.load();
          };
        } else {
          fail();
        }
      })
      .catch(fail);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      element.removeEventListener('playing', playing);
      element.removeEventListener('error', fail);
      element.pause();
      destroy?.();
    };
  }, [video, url]);
  return state;
}

/** The video of one stream and one attempt (remounted for another quality or a retry). */
function Stage({ url, poster, onRetry }: { url: string; poster: string | null; onRetry: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const state = useHlsPlayback(video, url);
  return (
    <div className={styles.stage} data-testid="live-stage" data-state={state}>
      <video
        ref={video}
        muted
        autoPlay
        playsInline
        loop
        poster={safeImageUrl(poster) || undefined}
        x5-video-player-type="h5"
        webkit-playsinline="true"
      />
      {state !== 'playing' && (
        <div className={styles.state} role="status">
          {state === 'connecting' && (
            <>
              <SpinLoading color="white" />
              <span>连接中...</span>
            </>
          )}
          {state !== 'connecting' && (
            <>
              <span>{state === 'timeout' ? '连接超时，请重试' : '直播暂不可用'}</span>
              <button type="button" className={styles.close} onClick={onRetry}>
                重试
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** The player's content while open (mounted only then, so that closing tears playback down). */
const PlayerBody = observer(function PlayerBody({ store }: { store: CameraListStore }) {
  const [attempt, setAttempt] = useState(0);
  const player = store.player;
  const url = store.streamUrl;
  if (!player || !url) return null;
  const name = player.camera.remark || player.camera.serialNumber;
  return (
    <div className={styles.player} data-testid="live-player">
      <div className={styles.playerHead}>
        <span className={styles.playerTitle}>{name}</span>
        <Segmented<LiveQuality>
          className={styles.quality}
          label="清晰度"
          value={player.quality}
          onChange={(quality) => store.setQuality(quality)}
          options={[
            { key: 'sd', label: '标清' },
            { key: 'hd', label: '高清' },
          ]}
        />
        <button type="button" className={styles.close} onClick={() => store.closePlayer()}>
          关闭
        </button>
      </div>
      <Stage
        key={`${url}#${attempt}`}
        url={url}
        poster={player.address.coverUrl}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    </div>
  );
});

/** The full-screen popup around the player. */
export const LivePlayer = observer(function LivePlayer({ store }: { store: CameraListStore }) {
  return (
    <Popup
      visible={store.player !== null}
      onClose={() => store.closePlayer()}
      position="bottom"
      bodyStyle={{ height: '100vh' }}
      destroyOnClose
    >
      {store.player && <PlayerBody store={store} />}
    </Popup>
  );
});
