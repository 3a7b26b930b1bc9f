import { SpinLoading } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/button';
import type { WebcamPair, WebcamRow } from '@/api/device';
import type { Page } from '@/api/http';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { DEVICE_STATUS, relativeTime } from '@/lib/device-status';
import { cssUrl } from '@/lib/safe-url';
import type { SiteDetailStore } from '@/stores/screens/site/site-detail';
import { cameraListStore, type CameraListStore } from '@/stores/screens/site/site-devices';
import { RowRemarkDialog, StatusDot, useDeviceTab } from '@/sections/site/device-tab';
import { useSiteQuery } from '@/sections/site/settings-ui';
import { LivePlayer } from './live-player';
import list from '@/sections/site/device-list.module.css';
import styles from './camera-list.module.css';

/**
 * /site/siteInfo/cameraList — 摄像头列表 (B-site.md §2): two-column cards (snapshot, name, status, 最近在线); a tap on an
 * online camera opens its live view: the camera-cloud token (cached until it expires), the cloud's deviceOnline check
 * (a request the backend signs), bindDeviceLive, then the full-screen player. 备注 edits the camera's remark.
 */

const CameraCard = observer(function CameraCard({
  item,
  store,
  detail,
  onRemark,
}: {
  item: WebcamRow;
  store: CameraListStore;
  detail: SiteDetailStore;
  onRemark: (row: WebcamRow) => void;
}) {
  const camera = store.live.of(item);
  const online = camera.status !== 2;
  const opening = store.opening(camera.id);
  const status = DEVICE_STATUS[camera.status] ?? { label: '--', tone: 'default' as const };
  const open = async () => {
    if (!online || opening) return;
    const outcome = await store.openLive(camera);
    if (outcome === 'offline') toast('摄像头离线，无法查看实时画面');
    else if (outcome === 'cloudFailed') toast('视频加载失败，请稍后重试');
  };
  return (
    <div className={styles.card} data-testid={`camera-${camera.id}`}>
      <button
        type="button"
        className={styles.shot}
        data-testid="camera-shot"
        style={camera.coverUrl ? { backgroundImage: cssUrl(camera.coverUrl) } : undefined}
        aria-label={online ? `查看${camera.remark || camera.serialNumber}实时画面` : '摄像头离线'}
        disabled={!online}
        onClick={() => void open()}
      >
        {opening ? <SpinLoading color="white" /> : !camera.coverUrl ? '暂无画面' : online ? '' : '离线'}
      </button>
      <div className={styles.body}>
        <div className={styles.name}>{camera.remark || camera.serialNumber}</div>
        <div className={styles.meta}>
          <StatusDot tone={status.tone} label={status.label} />
          <span>最近在线 {relativeTime(camera.lastOnlineTime, Date.now())}</span>
        </div>
        {detail.editable && (
          <Button size="mini" fill="outline" className={styles.remark} onClick={() => onRemark(camera)}>
            备注
          </Button>
        )}
      </div>
    </div>
  );
});

const CameraListPage = observer(function CameraListPage({ siteId }: { siteId: number }) {
  const { detail, store } = useDeviceTab(cameraListStore, siteId);
  const [remarkRow, setRemarkRow] = useState<WebcamRow | null>(null);
  const closeRemark = useCallback(() => setRemarkRow(null), []);
  useEffect(() => () => store.closePlayer(), [store]);
  return (
    <section className={list.tab} data-testid="camera-list">
      <PagedList<WebcamPair, Page<WebcamPair>>
        testId="camera-grid"
        fetchPage={store.fetchPage}
        watch={[store.siteId]}
        itemKey={(pair) => pair[0].id}
        estimateSize={190}
        renderItem={(pair) => (
          <div className={styles.pair}>
            <CameraCard item={pair[0]} store={store} detail={detail} onRemark={setRemarkRow} />
            {pair[1] ? (
              <CameraCard item={pair[1]} store={store} detail={detail} onRemark={setRemarkRow} />
            ) : (
              <div className={`${styles.card} ${styles.cardEmpty}`} aria-hidden="true" />
            )}
          </div>
        )}
        onRefresh={() => store.pulled()}
        empty={<p>暂无摄像头</p>}
      />
      <RowRemarkDialog row={remarkRow} store={store} onClose={closeRemark} />
      <LivePlayer store={store} />
    </section>
  );
});

/** The tab for the route's site (the layout renders it only with a valid siteId). */
export default function CameraListTab() {
  const query = useSiteQuery('cameraList');
  return query && <CameraListPage siteId={query.siteId} />;
}
