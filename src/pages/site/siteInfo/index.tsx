import { Badge, Skeleton, Tabs, Tag } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/feedback';
import { Count, Money } from '@/components/money';
import { EntryLink } from '@/components/route-availability';
import { href } from '@/config/routes';
import { SITE_TABS, siteInfoEntry, siteTabOf, type SiteTabKey } from '@/lib/device-status';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { siteDetailStore, type SiteDetailStore } from '@/stores/screens/site/site-detail';
import { copyText } from '@/sections/site/device-tab';
import { useSiteQuery } from '@/sections/site/settings-ui';
import styles from './site-info.module.css';

/**
 * /site/siteInfo — 站点详情 (B-site.md §2): the site at a glance (header card, today strip, device strip, shortcuts)
 * above its four device tabs (设备 / 门禁 / 摄像头 / 烟感), whose bodies are the child routes. Entering without a child
 * opens the remembered tab (UI flag currentSiteTab; a `status` query always opens facilityList); a tab tap replaces the
 * route and remembers the tab. A missing siteId or a site the caller may not see goes back to /site.
 */

const TAB_LABELS: Record<SiteTabKey, string> = {
  facilityList: '设备',
  guardList: '门禁',
  cameraList: '摄像头',
  smokeList: '烟感',
};

const Header = observer(function Header({ store }: { store: SiteDetailStore }) {
  const site = store.site;
  if (store.sitePending) {
    return (
      <section className={styles.card} aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={2} animated />
      </section>
    );
  }
  const address = site ? `${site.province}${site.city}${site.area}${site.address}` : '--';
  return (
    <section className={styles.card}>
      <div className={styles.headerTop}>
        <h1 className={styles.headerName} data-testid="site-info-name">
          {site?.name ?? '--'}
        </h1>
        {store.awaitingInstall && <Tag color="warning">待装机</Tag>}
        {site?.auditStatus === 1 && <Tag color="primary">分成审核中</Tag>}
        <EntryLink to={href('siteData', { siteId: store.siteId })} className={styles.headerLink}>
          站点资料 <RightOutline />
        </EntryLink>
      </div>
      <button
        type="button"
        className={styles.headerAddress}
        onClick={() => {
          if (!site) return;
          void copyText(address).then((done) => toast(done ? '地址已复制' : '复制失败，请长按地址手动复制'));
        }}
      >
        {address}
      </button>
    </section>
  );
});

const TodayStrip = observer(function TodayStrip({ store }: { store: SiteDetailStore }) {
  const site = store.site;
  // A role without income:view (a builder) gets no figures from siteBaseInfo: no strip of placeholders (issue 30).
  if (site && site.todayIncome === undefined) return null;
  return (
    <section className={`${styles.card} ${styles.strip}`} data-testid="site-info-today">
      <div>
        <b>
          <Money fen={site?.todayIncome} />
        </b>
        <span>今日收入</span>
      </div>
      <div>
        <b>
          <Count value={site?.todayOrderCount} />
        </b>
        <span>今日订单</span>
      </div>
      <div>
        <b>
          <Money fen={site?.monthIncome} />
        </b>
        <span>本月收入</span>
      </div>
    </section>
  );
});

const DeviceStrip = observer(function DeviceStrip({ store }: { store: SiteDetailStore }) {
  const stats = store.stats.data;
  if (store.stats.pending) {
    return (
      <section className={styles.card}>
        <Skeleton.Paragraph lineCount={2} animated />
      </section>
    );
  }
  return (
    <section className={`${styles.card} ${styles.devices}`} data-testid="site-info-devices">
      <div>
        <span className={styles.devicesLabel}>设备</span>
        <span>
          在线 <b className={styles.ok}>{stats ? stats.boxOnline : '--'}</b>
        </span>
        <span>
          离线 <b className={styles.muted}>{stats ? stats.boxOffline : '--'}</b>
        </span>
        <span>
          故障 <b className={styles.danger}>{stats ? stats.boxFault : '--'}</b>
        </span>
      </div>
      <div>
        <span className={styles.devicesLabel}>插座</span>
        <span>
          充电中 <b className={styles.primary}>{stats ? stats.socketCharging + stats.socketFull : '--'}</b>
        </span>
        <span>
          空闲 <b className={styles.ok}>{stats ? stats.socketIdle : '--'}</b>
        </span>
        <span>
          故障 <b className={styles.danger}>{stats ? stats.socketFault : '--'}</b>
        </span>
      </div>
    </section>
  );
});

const Shortcuts = observer(function Shortcuts({ store }: { store: SiteDetailStore }) {
  const { siteId } = store;
  const { session } = useStores();
  return (
    <nav className={`${styles.card} ${styles.shortcuts}`} aria-label="快捷入口">
      {/* a login without income:view (a builder) has no income to open: no entry to a lock (issue 30) */}
      {session.can('income:view') && (
        <EntryLink to={href('siteIncomeList', { siteId })} className={styles.shortcut}>
          收入明细
        </EntryLink>
      )}
      {store.editable && (
        <EntryLink to={href('siteSetCharger', { siteId })} className={styles.shortcut}>
          收费设置
        </EntryLink>
      )}
      {store.canAddDevice && (
        <EntryLink to={href('facilityCode', { siteId })} className={styles.shortcut}>
          扫码加设备
        </EntryLink>
      )}
    </nav>
  );
});

const DeviceTabs = observer(function DeviceTabs({
  store,
  active,
  onChange,
}: {
  store: SiteDetailStore;
  active: SiteTabKey | null;
  onChange: (tab: SiteTabKey) => void;
}) {
  const site = store.site;
  const counts: Record<SiteTabKey, number | undefined> = {
    facilityList: site?.boxCount,
    guardList: site?.guardCount,
    cameraList: site?.cameraCount,
    smokeList: site?.smokeCount,
  };
  return (
    <div className={styles.tabs}>
      <Tabs activeKey={active} onChange={(key) => onChange(key as SiteTabKey)}>
        {SITE_TABS.map((tab) => {
          const title = `${TAB_LABELS[tab]}(${counts[tab] ?? '--'})`;
          return (
            <Tabs.Tab
              key={tab}
              title={
                tab === 'smokeList' && store.smokeAlarm ? (
                  <Badge content={Badge.dot} aria-label="烟感报警">
                    {title}
                  </Badge>
                ) : (
                  title
                )
              }
            />
          );
        })}
      </Tabs>
    </div>
  );
});

const SiteInfoView = observer(function SiteInfoView({ siteId }: { siteId: number }) {
  const root = useStores();
  const store = useScreenStore(siteDetailStore, siteId);
  const location = useLocation();
  const navigate = useNavigate();
  const tab = siteTabOf(location.pathname);

  useEffect(() => {
    if (tab === null) void navigate(siteInfoEntry(root.ui.currentSiteTab, location.search), { replace: true });
  }, [tab, root, location.search, navigate]);

  useEffect(() => {
    if (tab !== null) root.ui.setCurrentSiteTab(tab);
  }, [tab, root]);

  useEffect(() => {
    let live = true;
    void store.open().then((outcome) => {
      // The request layer already toasted why (站点不存在或无权查看).
      if (live && outcome === 'missing') void navigate(href('site'), { replace: true });
    });
    const stop = store.follow();
    return () => {
      live = false;
      stop();
    };
  }, [store, navigate]);

  const selectTab = (next: SiteTabKey) => {
    if (next === tab) return;
    root.ui.setCurrentSiteTab(next);
    void navigate(href(next, { siteId }), { replace: true });
  };

  return (
    <main className={styles.page}>
      <Header store={store} />
      <TodayStrip store={store} />
      <DeviceStrip store={store} />
      <Shortcuts store={store} />
      <DeviceTabs store={store} active={tab} onChange={selectTab} />
      {tab !== null && <Outlet />}
    </main>
  );
});

/** The layout for the route's site: a missing siteId toasts 缺少站点参数 and goes back to /site. */
export default function SiteInfoLayout() {
  const query = useSiteQuery('siteInfo');
  return query && <SiteInfoView siteId={query.siteId} />;
}
