import { Dialog, Dropdown, Empty, List, NoticeBar, Popup, SearchBar, Selector, Skeleton, Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  getCommunityInfo,
  getCommunityList,
  getCommunitySites,
  getSiteList,
  getSiteNameList,
  type CommunityInfo,
  type CommunityRow,
  type SiteListPage,
  type SiteRow,
} from '@/api/site';
import { Button } from '@/components/button';
import { Count, Money } from '@/components/money';
import { PagedList } from '@/components/paged-list';
import { Segmented } from '@/components/segmented';
import { href } from '@/config/routes';
import { EntryLink, useIsBuilt } from '@/components/route-availability';
import { readItem, writeItem } from '@/lib/storage';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { SITE_SORTS, siteListStore, type SiteListStore } from '@/stores/screens/site/site-list';
import styles from './site.module.css';

/** The 新增小区 / 编辑 form (with the region picker behind it), loaded when first opened. */
const CommunityForm = lazy(() => import('@/sections/site/community-form'));

/**
 * /site — 站点列表 (B-site.md §1): the operator's charging sites and residential communities with live device health.
 * Kept alive (routes.ts): segment, keyword, filters and sort live in the SiteListStore and the shell restores the
 * scroll position; the site list reloads page 1 only when a screen marked it dirty (a site created or deleted) or on
 * pull-to-refresh. The 小区 segment adds and edits communities in a form popup (community-form.tsx, loaded on first use,
 * with the region picker behind it). Links to site screens appear as those screens are built (EntryLink).
 */

/** Session key: the pending-applications modal shows once per browser session. */
const APPLY_MODAL_KEY = 'siteApplyModalShown';

const Summary = observer(function Summary({ store }: { store: SiteListStore }) {
  const stats = store.stats.data;
  const alarm = stats?.smokeAlarm ?? 0;
  // While the figures load, the same line with -- (a skeleton of another height moved the list when they came: CLS).
  const pending = store.stats.pending;
  return (
    <div className={styles.summary} data-testid={pending ? undefined : 'site-summary'} aria-busy={pending || undefined}>
      <span>
        站点 <b>{stats?.siteList ? stats.siteList.length : '--'}</b> 个
      </span>
      <span>
        设备 在线 <b>{stats ? stats.boxOnline + stats.boxFault : '--'}</b> / 离线{' '}
        <b className={styles.danger}>{stats ? stats.boxOffline : '--'}</b>
      </span>
      <span>
        插座 充电中 <b>{stats ? stats.socketCharging + stats.socketFull : '--'}</b> / 共{' '}
        <b>{stats ? stats.socketTotal : '--'}</b>
      </span>
      <span className={alarm > 0 ? styles.danger : undefined}>
        烟感报警 <b>{stats ? alarm : '--'}</b>
      </span>
    </div>
  );
});

function SiteCard({ site }: { site: SiteRow }) {
  return (
    <EntryLink to={href('siteInfo', { siteId: site.id })} className={styles.card} testId="site-card">
      <div className={styles.cardHead}>
        <strong className={styles.cardName} data-testid="site-name">
          {site.name}
        </strong>
        {site.shareOnly && <Tag color="default">分成站点</Tag>}
        {site.boxCount === 0 && <Tag color="warning">待装机</Tag>}
        {site.auditStatus === 1 && <Tag color="primary">分成审核中</Tag>}
      </div>
      <div className={styles.cardMeta}>
        {[site.communityName, site.area].filter(Boolean).join(' · ')}
        {site.merchantName && <span className={styles.cardProperty}>物业：{site.merchantName}</span>}
      </div>
      <div className={styles.cardAddress}>{site.address}</div>
      <div className={styles.cardFigures}>
        <span>
          设备 在线 <b>{site.boxOnlineCount}</b>/{site.boxCount}
        </span>
        <span>
          插座 充电中 <b>{site.chargingSocketCount}</b>/{site.socketCount}
        </span>
        {/* Absent for a role without income:view (a builder): nothing to show, not a placeholder. */}
        {site.todayIncome !== undefined && (
          <span>
            {site.shareOnly ? '今日分成' : '今日收入'}{' '}
            <b>
              <Money fen={site.todayIncome} />
            </b>
          </span>
        )}
        {site.todayOrderCount !== undefined && (
          <span>
            今日订单 <b>{site.todayOrderCount}</b>
          </span>
        )}
      </div>
      {(site.boxOfflineCount > 0 || site.smokeAlarmCount > 0) && (
        <div className={styles.cardBadges}>
          {site.boxOfflineCount > 0 && (
            <Tag color="danger" fill="outline">
              {site.boxOfflineCount}台离线
            </Tag>
          )}
          {site.smokeAlarmCount > 0 && <Tag color="danger">烟感报警</Tag>}
        </div>
      )}
    </EntryLink>
  );
}

/** Search box with site-name suggestions (max 10) while typing. */
const SiteSearch = observer(function SiteSearch({ store }: { store: SiteListStore }) {
  const [text, setText] = useState(store.keyword);
  const [suggestions, setSuggestions] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    const keyword = text.trim();
    if (!keyword || keyword === store.keyword) {
      setSuggestions([]);
      return undefined;
    }
    let live = true;
    const timer = setTimeout(() => {
      getSiteNameList(keyword)
        .send()
        .then((names) => live && setSuggestions(names.slice(0, 10)))
        .catch(() => undefined);
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, store.keyword]);
  const apply = (keyword: string) => {
    setText(keyword);
    setSuggestions([]);
    store.setKeyword(keyword);
  };
  return (
    <div className={styles.search} data-testid="site-search">
      <SearchBar
        placeholder="站点名称或地址"
        maxLength={30}
        value={text}
        onChange={setText}
        onSearch={apply}
        onClear={() => apply('')}
      />
      {suggestions.length > 0 && (
        <List className={styles.suggestions}>
          {suggestions.map((s) => (
            <List.Item key={s.id} onClick={() => apply(s.name)}>
              {s.name}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
});

const SiteFilters = observer(function SiteFilters({ store }: { store: SiteListStore }) {
  const communities = store.communities.data ?? [];
  return (
    <Dropdown className={styles.filters}>
      <Dropdown.Item key="community" title={store.communityLabel}>
        <div className={styles.filtersPanel}>
          <Selector
            columns={2}
            options={[{ label: '全部', value: 0 }, ...communities.map((c) => ({ label: c.name, value: c.id }))]}
            value={[store.communityId ?? 0]}
            onChange={(values) => store.setCommunityId(values[0] ? values[0] : null)}
          />
        </div>
      </Dropdown.Item>
      <Dropdown.Item key="sort" title={SITE_SORTS.find((s) => s.value === store.sort)?.label ?? '排序'}>
        <div className={styles.filtersPanel}>
          <Selector
            columns={3}
            options={store.sorts.map((s) => ({ label: s.label, value: s.value }))}
            value={[store.sort]}
            onChange={(values) => values[0] && store.setSort(values[0])}
          />
        </div>
      </Dropdown.Item>
    </Dropdown>
  );
});

const SiteSegmentView = observer(function SiteSegmentView({ store }: { store: SiteListStore }) {
  const isBuilt = useIsBuilt();
  return (
    <>
      <Summary store={store} />
      <SiteSearch store={store} />
      <SiteFilters store={store} />
      <PagedList<SiteRow, SiteListPage>
        testId="site-list"
        fetchPage={(pageNum, pageSize) =>
          getSiteList({
            pageNum,
            pageSize,
            sort: store.sort,
            ...(store.keyword.trim() ? { keyword: store.keyword.trim() } : {}),
            ...(store.communityId ? { communityId: store.communityId } : {}),
          })
        }
        watch={[store.keyword, store.communityId, store.sort, store.listVersion]}
        itemKey={(site) => site.id}
        estimateSize={150}
        renderItem={(site) => <SiteCard site={site} />}
        onPage={(page) => store.setCanAdd(page.canAdd)}
        onRefresh={() => store.loadSiteSummaries()}
        empty={
          store.filtered ? (
            <p>未找到相关站点</p>
          ) : (
            <>
              <Empty description="还没有站点" />
              {store.canAdd && isBuilt(href('siteAdd')) && (
                <EntryLink to={href('siteAdd')} className="adm-button adm-button-primary adm-button-shape-default">
                  添加站点
                </EntryLink>
              )}
            </>
          )
        }
      />
      {store.canAdd && isBuilt(href('siteAdd')) && (
        <>
          {/* Room under the list, so that its footer scrolls clear of the floating button (issue 13 item 6). */}
          <div className={styles.addButtonSpace} aria-hidden="true" />
          <EntryLink to={href('siteAdd')} className={styles.addButton} testId="site-add">
            + 添加站点
          </EntryLink>
        </>
      )}
    </>
  );
});

/** Bottom sheet 小区信息: the community's fields, its sites and 编辑. */
const CommunitySheet = observer(function CommunitySheet({
  store,
  community,
  onClose,
}: {
  store: SiteListStore;
  community: CommunityRow | null;
  onClose: () => void;
}) {
  return (
    <Popup visible={community !== null} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.communitySheet}>
      {community && (
        <CommunitySheetBody key={community.id} store={store} community={community} version={store.communityVersion} />
      )}
    </Popup>
  );
});

/** The sheet's content for one community (keyed by id, so its state starts afresh for each; reloads after an edit). */
function CommunitySheetBody({
  store,
  community,
  version,
}: {
  store: SiteListStore;
  community: CommunityRow;
  version: number;
}) {
  const [info, setInfo] = useState<CommunityInfo | null>(null);
  const [sites, setSites] = useState<{ id: number; name: string; boxCount: number }[] | null>(null);
  useEffect(() => {
    void getCommunityInfo(community.id)
      .send()
      .then(setInfo)
      .catch(() => undefined);
    void getCommunitySites(community.id)
      .send()
      .then(setSites)
      .catch(() => undefined);
  }, [community.id, version]);
  const shown = info ?? community;
  return (
    <div data-testid="community-sheet">
      <div className={styles.communitySheetHead}>
        <h3>小区信息</h3>
        {store.canEditCommunities && (
          <Button
            size="small"
            color="primary"
            fill="outline"
            disabled={!info}
            onClick={() => {
              if (info) store.communityForm.open(info);
            }}
          >
            编辑
          </Button>
        )}
      </div>
      <List>
        <List.Item extra={shown.name}>小区名称</List.Item>
        <List.Item extra={`${shown.province}${shown.city}${shown.area}`}>所在地区</List.Item>
        <List.Item extra={shown.address}>详细地址</List.Item>
        <List.Item extra={shown.householdCount ?? '--'}>户数</List.Item>
        <List.Item extra={shown.propertyName || '--'}>物业公司</List.Item>
        {info?.remark && <List.Item extra={info.remark}>备注</List.Item>}
      </List>
      <h4>站点（{sites ? sites.length : '--'}）</h4>
      {sites === null ? (
        <Skeleton.Paragraph lineCount={2} animated />
      ) : sites.length === 0 ? (
        <p className={styles.communitySheetEmpty}>该小区暂无站点</p>
      ) : (
        <List>
          {sites.map((site) => (
            <List.Item key={site.id} extra={`${site.boxCount}台设备`}>
              <EntryLink to={href('siteInfo', { siteId: site.id })}>{site.name}</EntryLink>
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}

/**
 * The community form while it is open. Mounted on each opening (the lazy module is fetched once), so that its popup is
 * always above the 小区信息 sheet it may be opened from.
 */
const CommunityFormHost = observer(function CommunityFormHost({ store }: { store: SiteListStore }) {
  if (!store.communityForm.visible) return null;
  return (
    <Suspense fallback={null}>
      <CommunityForm form={store.communityForm} />
    </Suspense>
  );
});

const CommunitySegmentView = observer(function CommunitySegmentView({ store }: { store: SiteListStore }) {
  const [open, setOpen] = useState<CommunityRow | null>(null);
  const count = store.communityCount.data;
  useEffect(() => {
    void store.loadCommunitySummary();
  }, [store]);
  return (
    <>
      <div className={styles.summary} data-testid="community-summary">
        <span>
          小区{' '}
          <b>
            <Count value={count?.communityCount} />
          </b>{' '}
          个
        </span>
        <span>
          站点{' '}
          <b>
            <Count value={count?.siteCount} />
          </b>{' '}
          个
        </span>
        <span>
          覆盖户数{' '}
          <b>
            <Count value={count?.householdCount} />
          </b>
        </span>
      </div>
      <div className={styles.search} data-testid="community-search">
        <SearchBar
          placeholder="搜索小区名称"
          maxLength={30}
          defaultValue={store.communityKeyword}
          onSearch={(v) => store.setCommunityKeyword(v)}
          onClear={() => store.setCommunityKeyword('')}
        />
      </div>
      <PagedList<CommunityRow>
        testId="community-list"
        fetchPage={(pageNum, pageSize) =>
          getCommunityList({
            pageNum,
            pageSize,
            ...(store.communityKeyword.trim() ? { keyword: store.communityKeyword.trim() } : {}),
          })
        }
        watch={[store.communityKeyword, store.communityVersion]}
        itemKey={(row) => row.id}
        estimateSize={110}
        onRefresh={() => store.loadCommunitySummary()}
        renderItem={(row) => (
          <div className={styles.card} role="button" onClick={() => setOpen(row)} data-testid="community-card">
            <div className={styles.cardHead}>
              <strong className={styles.cardName} data-testid="community-name">
                {row.name}
              </strong>
            </div>
            <div className={styles.cardAddress}>
              {row.province}
              {row.city}
              {row.area} {row.address}
            </div>
            <div className={styles.cardFigures}>
              <span>
                站点 <b>{row.siteCount}</b>
              </span>
              <span>
                户数 <b>{row.householdCount ?? '--'}</b>
              </span>
              <span>物业 {row.propertyName || '--'}</span>
            </div>
          </div>
        )}
        empty={
          store.communityKeyword ? (
            <p>未找到相关小区</p>
          ) : (
            <>
              <Empty description="还没有小区" />
              {store.canEditCommunities && (
                <Button color="primary" onClick={() => store.communityForm.open()}>
                  新增小区
                </Button>
              )}
            </>
          )
        }
      />
      {store.canEditCommunities && (
        <>
          {/* Room under the list, so that its footer scrolls clear of the floating button (issue 13 item 6). */}
          <div className={styles.addButtonSpace} aria-hidden="true" />
          <button
            type="button"
            className={styles.addButton}
            onClick={() => store.communityForm.open()}
            data-testid="community-add"
          >
            + 新增小区
          </button>
        </>
      )}
      <CommunitySheet store={store} community={open} onClose={() => setOpen(null)} />
      <CommunityFormHost store={store} />
    </>
  );
});

/**
 * The once-per-session modal for pending site applications after a tab tap (B §1 Actions), for an account that may
 * decide them (siteAuthor, C-mine.md /mine/siteAuthor).
 */
function useApplyModal(count: number): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const fromTab = params.get('isShowModal') === '1';
  useEffect(() => {
    const target = href('siteAuthorUndisposed');
    if (!fromTab || count <= 0 || !isBuilt(target) || readItem('session', APPLY_MODAL_KEY)) return;
    writeItem('session', APPLY_MODAL_KEY, '1');
    void Dialog.confirm({
      'aria-label': '站点授权申请',
      content: `有 ${count} 条站点授权申请待处理`,
      cancelText: '稍后处理',
      confirmText: '去处理',
    }).then((go) => go && void navigate(target));
  }, [fromTab, count, isBuilt, navigate]);
}

const SitePage = observer(function SitePage() {
  const root = useStores();
  const store = useScreenStore(siteListStore);
  useEffect(() => {
    void store.loadSiteSummaries();
  }, [store]);
  // Pending site applications, for the banner and the modal: only an account that may decide them sees them.
  const canDecide = root.session.can('siteAuthor');
  const pending = canDecide ? (store.pendingApplies.data?.count ?? 0) : 0;
  useApplyModal(pending);
  // The banner sits above everything, so the page waits for the count (a small call made with the summaries) before
  // it draws its segments: a banner that came after them pushed the whole page down (issue 14: CLS 0.04). A failed
  // count shows the page without a banner.
  // (Keyed apart from the page below, so that the page replaces it rather than moving it.)
  if (canDecide && store.pendingApplies.pending)
    return (
      <main key="waiting" className={styles.page} aria-busy="true">
        <Skeleton.Paragraph lineCount={5} animated />
      </main>
    );
  return (
    <main key="page" className={styles.page}>
      {pending > 0 && (
        <EntryLink to={href('siteAuthorUndisposed')} className={styles.banner} unbuilt="hidden">
          <NoticeBar content={`您有 ${pending} 条站点授权申请待处理 >`} color="alert" />
        </EntryLink>
      )}
      <div className={styles.segment}>
        <Segmented
          block
          label="站点或小区"
          value={store.segment}
          onChange={(segment) => store.setSegment(segment)}
          options={[
            { key: 'site', label: '站点' },
            { key: 'community', label: '小区' },
          ]}
        />
      </div>
      {store.segment === 'site' ? <SiteSegmentView store={store} /> : <CommunitySegmentView store={store} />}
    </main>
  );
});

export default SitePage;
