import { Badge, Popup, PullToRefresh, Swiper } from 'antd-mobile';
import { RightOutline, SetOutline } from 'antd-mobile-icons';
import { FEATURE_ICONS } from '@/components/feature-icons';
import { observer } from 'mobx-react-lite';
import { useDeferredValue, useEffect } from 'react';
import { ACCOUNT_TYPE_NAMES } from '@/api/user';
import { maskPhone } from '@/lib/phone';
import { safeImageUrl } from '@/lib/safe-url';
import { badgeText } from '@/components/badge';
import { FunctionGrid } from '@/components/function-grid';
import { MerchantLogo } from '@/components/merchant-logo';
import { EntryLink, useIsBuilt } from '@/components/route-availability';
import { href } from '@/config/routes';
import {
  MINE_ENTRIES,
  POSTER_HINT,
  displayName,
  mineStore,
  visibleMenu,
  type MineEntryKey,
  type MineStore,
} from '@/stores/screens/mine/mine';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import styles from './mine.module.css';

/**
 * /mine — 个人中心 (C-mine.md "/mine — 个人中心"): identity, counters and the entry point to every management tool.
 * Header (logo, name, role, masked phone, gear with a red dot while merchant info is incomplete), stats strip, message
 * row with badges, the menu grid in three groups (entries by role and permission, and only once their screen is
 * built), and the 推广海报 sheet. Figures show `--` until loaded; badge and poster failures are silent and hide their
 * UI; counters refresh each time the page is shown, at most once per 30 s.
 */

/** Route of the settings centre (gear and header). */
const SETTINGS_ROUTE = href('mineSet');

const Header = observer(function Header() {
  const { merchant, session } = useStores();
  const info = merchant.info;
  const accountType = info?.accountType ?? session.extendPermission?.accountType;
  const name = displayName(info);
  const phone = maskPhone(merchant.base.phone);
  const incomplete = info !== null && !info.infoComplete;
  return (
    <header className={styles.header}>
      <EntryLink to={SETTINGS_ROUTE} className={styles.identity}>
        <MerchantLogo src={merchant.base.logo} name={name} className={styles.avatar} />
        <div className={styles.headerText}>
          <strong className={styles.name} data-testid="mine-name">
            {name || '--'}
          </strong>
          <div className={styles.meta}>
            {accountType && <span className={styles.role}>{ACCOUNT_TYPE_NAMES[accountType]}</span>}
            <span data-testid="mine-phone">{phone || '--'}</span>
          </div>
        </div>
      </EntryLink>
      <EntryLink to={SETTINGS_ROUTE} className={styles.gear} label={incomplete ? '设置（资料未完善）' : '设置'}>
        <Badge content={incomplete ? Badge.dot : null}>
          <SetOutline aria-hidden />
        </Badge>
      </EntryLink>
    </header>
  );
});

/** One counter of the stats strip: the value with its unit, or `--`. */
function StatCell({
  value,
  unit,
  label,
  to,
  testId,
}: {
  value: number | undefined;
  unit: string;
  label: string;
  to: string | null;
  testId: string;
}) {
  const body = (
    <>
      <span className={styles.statValue} data-testid={testId}>
        {value === undefined ? (
          '--'
        ) : (
          <>
            {value}
            <small>{unit}</small>
          </>
        )}
      </span>
      <span className={styles.statLabel}>{label}</span>
    </>
  );
  return to ? (
    <EntryLink to={to} className={styles.stat}>
      {body}
    </EntryLink>
  ) : (
    <div className={styles.stat}>{body}</div>
  );
}

const StatsStrip = observer(function StatsStrip({ mine }: { mine: MineStore }) {
  const { session } = useStores();
  if (!mine.statsVisible) return null;
  const data = mine.statistics.data ?? undefined;
  const devices = mine.canSee('devStatistics') ? MINE_ENTRIES.devStatistics.to : null;
  return (
    <section className={`${styles.card} ${styles.stats}`} aria-label="经营概况">
      <StatCell
        value={data?.siteCount}
        unit="个"
        label="站点"
        to={session.can('site:view') ? href('site') : null}
        testId="mine-site-count"
      />
      <StatCell value={data?.boxCount} unit="台" label="设备" to={devices} testId="mine-box-count" />
      <StatCell value={data?.socketCount} unit="个" label="充电口" to={devices} testId="mine-socket-count" />
      {mine.canSee('card') && (
        <StatCell value={data?.cardCount} unit="张" label="卡片" to={MINE_ENTRIES.card.to} testId="mine-card-count" />
      )}
    </section>
  );
});

/** One item of the message row: icon, label, badge (hidden when unknown or failed) and a chevron. */
function MessageItem({ entry, badge }: { entry: MineEntryKey; badge: number | undefined }) {
  const { label, to } = MINE_ENTRIES[entry];
  return (
    <EntryLink to={to ?? ''} className={styles.message}>
      <Badge content={badgeText(badge)}>
        <span className={styles.messageIcon}>{FEATURE_ICONS[entry]}</span>
      </Badge>
      <span className={styles.messageLabel}>{label}</span>
      <RightOutline className={styles.chevron} />
    </EntryLink>
  );
}

/** The 告警通知 and 系统消息 rows: each shown to who may see it once its screen is built (a row is an entry, never inert). */
const MessageRow = observer(function MessageRow({ mine }: { mine: MineStore }) {
  const isBuilt = useIsBuilt();
  const shown = (entry: MineEntryKey) => mine.canSee(entry) && isBuilt(MINE_ENTRIES[entry].to ?? '');
  const warning = shown('warning');
  const notice = shown('notice');
  if (!warning && !notice) return null;
  return (
    <section className={`${styles.card} ${styles.messages}`} aria-label="消息">
      {warning && <MessageItem entry="warning" badge={mine.alarms.data?.unrecoveredCount} />}
      {notice && <MessageItem entry="notice" badge={mine.notices.data?.unreadCount} />}
    </section>
  );
});

const MenuGrid = observer(function MenuGrid({ mine }: { mine: MineStore }) {
  const { merchant } = useStores();
  const isBuilt = useIsBuilt();
  const groups = visibleMenu(mine.viewer, isBuilt, mine.posterList.length, {
    accreditCount: merchant.base.accreditCount,
    orderCount: merchant.base.orderCount,
  });
  return (
    <>
      {groups.map((group) => (
        <section key={group.title} className={styles.card}>
          <h2 className={styles.cardTitle}>{group.title}</h2>
          <FunctionGrid
            entries={group.entries.map((entry) => ({
              ...entry,
              icon: FEATURE_ICONS[entry.key],
              ...(entry.to === null
                ? { onClick: () => mine.openPosterSheet(), testId: 'mine-poster-entry' }
                : { testId: `mine-entry-${entry.key}` }),
            }))}
          />
        </section>
      ))}
    </>
  );
});

const PosterSheet = observer(function PosterSheet({ mine }: { mine: MineStore }) {
  const posters = mine.posterList;
  return (
    <Popup
      visible={mine.posterSheetOpen && posters.length > 0}
      onMaskClick={() => mine.closePosterSheet()}
      onClose={() => mine.closePosterSheet()}
      showCloseButton
      bodyClassName={styles.posters}
    >
      <h2 className={styles.postersTitle}>推广海报</h2>
      <Swiper slideSize={42} trackOffset={4} stuckAtBoundary indicator={false} className={styles.postersSwiper}>
        {posters.map((poster) => (
          <Swiper.Item key={poster.posterId}>
            <button
              type="button"
              className={styles.poster}
              data-testid={`poster-${poster.posterId}`}
              aria-busy={mine.openingPosterId === poster.posterId}
              onClick={() => void mine.openPoster(poster.posterId)}
            >
              <span className={styles.posterFrame}>
                <img className={styles.posterThumb} src={safeImageUrl(poster.thumbUrl)} alt={poster.title} />
              </span>
              <span className={styles.posterTitle}>{poster.title}</span>
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
      <p className={styles.postersHint}>点击海报生成专属海报，{POSTER_HINT}</p>
    </Popup>
  );
});

/**
 * The /mine screen (its route turns the footer navigation on): refreshes on mount and when the webview returns to the
 * foreground (throttled to once per 30 s by the store), and pull-to-refresh reloads at once.
 */
const MinePage = observer(function MinePage() {
  const mine = useScreenStore(mineStore);
  useEffect(() => {
    void mine.onShow();
    // Shown again when the webview returns to the foreground (same 30-second throttle).
    const onVisible = () => {
      if (document.visibilityState === 'visible') void mine.onShow();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      mine.closePosterSheet();
    };
  }, [mine]);
  // The menu grid (about twenty entries with icons) comes in a second, deferred render: the first one shows the
  // header and the counters at once (issue 14 item 4, first visit of 我的). The grid is last, so nothing moves.
  const withGrid = useDeferredValue(true, false);
  return (
    <main className={styles.page}>
      <PullToRefresh onRefresh={() => mine.refresh()}>
        <Header />
        <div className={styles.body}>
          <StatsStrip mine={mine} />
          <MessageRow mine={mine} />
          {withGrid && <MenuGrid mine={mine} />}
        </div>
      </PullToRefresh>
      <PosterSheet mine={mine} />
    </main>
  );
});

export default MinePage;
