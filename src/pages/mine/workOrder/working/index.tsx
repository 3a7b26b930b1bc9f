import { observer } from 'mobx-react-lite';
import type { WorkOrderRow } from '@/api/work-order';
import { PagedList } from '@/components/paged-list';
import { useRouteQuery } from '@/components/route-query';
import { Chips } from '@/sections/mine/card-parts';
import { WorkingRow } from '@/sections/mine/work-order-parts';
import styles from '@/sections/mine/riders.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { WORKING_CHIPS, workingListStore } from '@/stores/screens/mine/work-order';

/**
 * /mine/workOrder/working — 施工中工单 (C-mine.md): approved orders through installation and acceptance, chips 施工中
 * (施工中 and 验收驳回) | 待验收 | 已完成 (`?status=4` opens 待验收: home's builder entry), on the shared list; a builder
 * gets only the orders assigned to him (the server's scope). A row opens its detail.
 */
const WorkingList = observer(function WorkingList() {
  const query = useRouteQuery('workOrderWorking');
  const store = useScreenStore(workingListStore, query?.status);
  return (
    <section aria-label="施工中工单">
      <Chips
        testId="work-order-chips"
        items={WORKING_CHIPS}
        value={store.status}
        onChange={(v) => store.setStatus(v)}
      />
      <PagedList<WorkOrderRow>
        testId="work-order-list"
        fetchPage={(n, size) => store.page(n, size)}
        watch={store.watch}
        itemKey={(r) => r.id}
        estimateSize={140}
        renderItem={(r) => <WorkingRow r={r} />}
        empty={<p className={styles.center}>{store.emptyText}</p>}
      />
    </section>
  );
});

export default WorkingList;
