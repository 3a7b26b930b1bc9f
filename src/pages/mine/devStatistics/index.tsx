import { ActionSheet, PullToRefresh, Skeleton } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Button } from '@/components/button';
import { EntryLink } from '@/components/route-availability';
import { href } from '@/config/routes';
import { formatTime } from '@/lib/time';
import { useScreenStore } from '@/stores/screen-store';
import { devStatisticsStore, type DevStatisticsStore, type SiteDeviceRow } from '@/stores/screens/mine/dev-statistics';
import styles from './dev-statistics.module.css';

/**
 * /mine/devStatistics — 设备统计 (C-mine.md "/mine/devStatistics"): the site switcher "全部站点 ▾"; 充电设备 (ring 在线 /
 * 离线, 总数, 在线 = online + 故障, 离线 in red, 在线率); 充电口 (总数, 空闲, 充电中, 故障 in red, 离线, 当前使用率); the four
 * small cards 门禁 / 摄像头 / 烟感 / 道闸 "在线 x / 共 y"; 站点设备状况 (most offline first), each row leading to the
 * site's device list and its 离线 / 故障 figures to that list filtered; "数据更新于 HH:mm"; pull-to-refresh. No device at
 * all: "暂无设备" with 去添加设备. Skeleton while loading, 加载失败 with 重新加载 on failure.
 */

/** The ring of 在线 / 离线 boxes (an SVG donut; its name says the figures). */
function Ring({ online, total }: { online: number; total: number }) {
  const r = 40;
  const length = 2 * Math.PI * r;
  const share = total > 0 ? online / total : 0;
  return (
    <svg
      className={styles.ring}
      viewBox="0 0 100 100"
      role="img"
      aria-label={`在线 ${online} 台，离线 ${total - online} 台`}
    >
      <circle className={styles.ringOff} cx="50" cy="50" r={r} />
      <circle
        className={styles.ringOn}
        cx="50"
        cy="50"
        r={r}
        strokeDasharray={`${share * length} ${length}`}
        transform="rotate(-90 50 50)"
      />
      <text x="50" y="56" textAnchor="middle" className={styles.ringText}>
        {total > 0 ? `${Math.round(share * 100)}%` : '--'}
      </text>
    </svg>
  );
}

function Figure({
  label,
  value,
  unit,
  tone,
}: {
  label: string;
  value: number | string;
  unit?: string;
  tone?: 'danger';
}) {
  return (
    <div className={styles.figure}>
      <b className={tone === 'danger' ? styles.danger : undefined}>
        {value}
        {unit && <small>{unit}</small>}
      </b>
      <span>{label}</span>
    </div>
  );
}

function SiteRow({ row }: { row: SiteDeviceRow }) {
  return (
    <li className={styles.siteRow} data-testid={`dev-site-${row.siteId}`}>
      <EntryLink to={href('facilityList', { siteId: row.siteId })} className={styles.siteMain}>
        <b>{row.siteName}</b>
        <span>
          设备 {row.boxTotal} 台 · 充电口 空闲 {row.socketIdle} · 充电中 {row.socketCharging}
        </span>
      </EntryLink>
      <div className={styles.siteFlags}>
        {row.boxOffline > 0 && (
          <EntryLink
            to={href('facilityList', { siteId: row.siteId, status: 'offline' })}
            className={styles.danger}
            testId={`dev-site-offline-${row.siteId}`}
          >
            离线 {row.boxOffline}
          </EntryLink>
        )}
        {row.socketFault > 0 && (
          <EntryLink
            to={href('facilityList', { siteId: row.siteId, status: 'fault' })}
            className={styles.danger}
            testId={`dev-site-fault-${row.siteId}`}
          >
            故障 {row.socketFault}
          </EntryLink>
        )}
      </div>
    </li>
  );
}

const Body = observer(function Body({ store }: { store: DevStatisticsStore }) {
  const s = store.stats.data;
  const f = store.figures;
  if (!s || !f) {
    if (store.stats.failed) {
      return (
        <div className={styles.center} role="alert">
          <p>加载失败</p>
          <Button size="small" color="primary" fill="outline" onClick={() => void store.load()}>
            重新加载
          </Button>
        </div>
      );
    }
    return (
      <div aria-busy="true">
        <Skeleton.Paragraph lineCount={5} animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  if (store.noDevice) {
    return (
      <div className={styles.center}>
        <p>暂无设备</p>
        <EntryLink to={href('site')} className={styles.addLink}>
          去添加设备
        </EntryLink>
      </div>
    );
  }
  return (
    <>
      <section className={styles.card} aria-label="充电设备" data-testid="dev-boxes">
        <h2>充电设备</h2>
        <div className={styles.boxRow}>
          <Ring online={f.boxOnline} total={s.boxTotal} />
          <div className={styles.figures}>
            <Figure label="总数" value={s.boxTotal} unit="台" />
            <Figure label="在线" value={f.boxOnline} unit="台" />
            <Figure label="离线" value={s.boxOffline} unit="台" tone="danger" />
            <Figure label="在线率" value={`${f.boxOnlineRate}%`} />
          </div>
        </div>
      </section>
      <section className={styles.card} aria-label="充电口" data-testid="dev-sockets">
        <h2>充电口</h2>
        <div className={styles.figures}>
          <Figure label="总数" value={s.socketTotal} />
          <Figure label="空闲" value={s.socketIdle} />
          <Figure label="充电中" value={f.socketInUse} />
          <Figure label="故障" value={s.socketFault} tone="danger" />
          <Figure label="离线" value={s.socketOffline} />
          <Figure label="当前使用率" value={`${f.socketUsageRate}%`} />
        </div>
      </section>
      <div className={styles.small}>
        {(
          [
            ['门禁', s.guardOnline, s.guardTotal],
            ['摄像头', s.cameraOnline, s.cameraTotal],
            ['烟感', s.smokeOnline, s.smokeTotal],
            ['道闸', s.gateOnline, s.gateTotal],
          ] as const
        ).map(([label, online, total]) => (
          <div key={label} className={styles.smallCard}>
            <span>{label}</span>
            <b>
              在线 {online} / 共 {total}
            </b>
          </div>
        ))}
      </div>
      {store.siteId === undefined && (
        <section className={styles.card} aria-label="站点设备状况">
          <h2>站点设备状况</h2>
          <ul className={styles.sites}>
            {store.siteRows.map((row) => (
              <SiteRow key={row.siteId} row={row} />
            ))}
          </ul>
        </section>
      )}
      <p className={styles.footer} data-testid="dev-stat-time">
        数据更新于 {formatTime(s.statTime, 'HH:mm')}
      </p>
    </>
  );
});

const DevStatisticsPage = observer(function DevStatisticsPage() {
  const store = useScreenStore(devStatisticsStore);
  useEffect(() => {
    void store.load();
  }, [store]);
  const pick = () => {
    const handler = ActionSheet.show({
      actions: [
        { key: 'all', text: '全部站点' },
        ...store.sites.map((s) => ({ key: String(s.siteId), text: s.siteName })),
      ],
      cancelText: '取消',
      onAction: (a) => {
        handler.close();
        void store.choose(a.key === 'all' ? undefined : Number(a.key));
      },
    });
  };
  return (
    <main className={styles.page}>
      <PullToRefresh onRefresh={() => store.load()}>
        <button type="button" className={styles.switcher} onClick={pick} data-testid="dev-site-switch">
          {store.siteLabel} ▾
        </button>
        <Body store={store} />
      </PullToRefresh>
    </main>
  );
});

export default DevStatisticsPage;
