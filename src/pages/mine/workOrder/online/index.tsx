import { SearchBar } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { WorkOrderRow } from '@/api/work-order';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { Chips } from '@/sections/mine/card-parts';
import { OnlineRow } from '@/sections/mine/work-order-parts';
import styles from '@/sections/mine/riders.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { ONLINE_CHIPS, onlineListStore } from '@/stores/screens/mine/work-order';

/**
 * /mine/workOrder/online — 线上工单 (C-mine.md): installation applications submitted online, waiting for the operator's
 * review (待审核) or rejected (已驳回), searchable by 小区名称 / 申请人手机号, on the shared list; a row opens its detail.
 */
const OnlineList = observer(function OnlineList() {
  const store = useScreenStore(onlineListStore);
  useEffect(() => {
    if (store.keywordError) toast(store.keywordError);
  }, [store.keywordError]);
  return (
    <section aria-label="线上工单">
      <Chips testId="work-order-chips" items={ONLINE_CHIPS} value={store.status} onChange={(v) => store.setStatus(v)} />
      <div className={styles.filters}>
        <SearchBar
          placeholder="小区名称 / 申请人手机号"
          aria-label="搜索小区名称或申请人手机号"
          value={store.keyword}
          onChange={(v) => store.setKeyword(v)}
        />
      </div>
      <PagedList<WorkOrderRow>
        testId="work-order-list"
        fetchPage={(n, size) => store.page(n, size)}
        watch={store.watch}
        debounceMs={300}
        itemKey={(r) => r.id}
        estimateSize={150}
        renderItem={(r) => <OnlineRow r={r} />}
        empty={<p className={styles.center}>{store.emptyText}</p>}
      />
    </section>
  );
});

export default OnlineList;
