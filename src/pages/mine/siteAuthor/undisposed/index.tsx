import { observer } from 'mobx-react-lite';
import type { SiteApplyRow } from '@/api/site-author';
import { PagedList } from '@/components/paged-list';
import { PendingRow } from '@/sections/mine/site-author-parts';
import styles from '@/sections/mine/riders.module.css';
import { pendingPage } from '@/stores/screens/mine/site-author';

/**
 * /mine/siteAuthor/undisposed — 站点授权 · 待处理 (C-mine.md): the applications waiting for a decision, newest first,
 * on the shared list (refresh, infinite scroll); a row opens its detail. An application leaves the list when it is
 * decided or when its 7 days have passed (rule 16), which each row counts down ("N 天后自动拒绝").
 */
const PendingApplies = observer(function PendingApplies() {
  const now = Date.now();
  return (
    <section aria-label="待处理的授权申请">
      <PagedList<SiteApplyRow>
        testId="site-apply-list"
        fetchPage={pendingPage}
        itemKey={(r) => r.id}
        estimateSize={170}
        renderItem={(r) => <PendingRow r={r} now={now} />}
        empty={<p className={styles.center}>暂无待处理的授权申请</p>}
      />
    </section>
  );
});

export default PendingApplies;
