import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { SiteApplyRow } from '@/api/site-author';
import { PagedList } from '@/components/paged-list';
import { useRouteQuery } from '@/components/route-query';
import { Chips } from '@/sections/mine/card-parts';
import { ProcessedRow } from '@/sections/mine/site-author-parts';
import local from '@/sections/mine/site-author.module.css';
import styles from '@/sections/mine/riders.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { PROCESSED_CHIPS, processedListStore } from '@/stores/screens/mine/site-author';
import { useStores } from '@/stores/root';

/**
 * /mine/siteAuthor/processed — 站点授权 · 已处理 (C-mine.md): decided and expired applications with chips 全部 / 已同意
 * / 已拒绝 / 已过期 on the shared list. From the site profile's 开放平台授权 (query siteId) it opens on 已同意 for that
 * site, with a removable chip "站点：{siteName}".
 */
const ProcessedApplies = observer(function ProcessedApplies() {
  const query = useRouteQuery('siteAuthorProcessed');
  const store = useScreenStore(processedListStore, query?.siteId);
  const root = useStores();
  const siteId = store.siteId;
  useEffect(() => {
    if (siteId !== undefined) void root.sites.load(siteId);
  }, [root, siteId]);
  const siteName = siteId === undefined ? null : (root.sites.get(siteId)?.name ?? `#${siteId}`);
  return (
    <section aria-label="已处理的授权申请">
      <Chips
        testId="site-apply-chips"
        items={PROCESSED_CHIPS}
        value={store.status}
        onChange={(v) => store.setStatus(v)}
      />
      {siteName !== null && (
        <span className={local.siteChip} data-testid="site-filter">
          站点：{siteName}
          <button type="button" aria-label="移除站点筛选" onClick={() => store.clearSite()}>
            ×
          </button>
        </span>
      )}
      <PagedList<SiteApplyRow>
        testId="site-apply-list"
        fetchPage={(n, size) => store.page(n, size)}
        watch={store.watch}
        itemKey={(r) => r.id}
        estimateSize={120}
        renderItem={(r) => <ProcessedRow r={r} />}
        empty={<p className={styles.center}>暂无已处理的申请</p>}
      />
    </section>
  );
});

export default ProcessedApplies;
