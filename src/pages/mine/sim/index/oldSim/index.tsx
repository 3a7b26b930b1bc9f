import { observer } from 'mobx-react-lite';
import type { SimBillRow } from '@/api/sim';
import { PagedList } from '@/components/paged-list';
import { SimBillItemRow } from '@/sections/mine/sim-parts';
import styles from '@/sections/mine/riders.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { simBillsStore } from '@/stores/screens/mine/sim';

/**
 * /mine/sim/index/oldSim — 往期结算记录 (C-mine.md): the SIM fees of the old annual model (version 1), before the switch
 * to monthly rent — 计费周期, devices, ¥18.00/台/年, amount, 收入抵扣, settle time, status; read-only, a tap expands
 * its sites when it has any.
 */
const OldSimBills = observer(function OldSimBills() {
  const store = useScreenStore(simBillsStore, 1);
  return (
    <main className={styles.page}>
      <PagedList<SimBillRow>
        testId="sim-bill-list"
        watch={store.watch}
        fetchPage={(n, size) => store.page(n, size)}
        itemKey={(b) => b.billId}
        estimateSize={110}
        renderItem={(b) => <SimBillItemRow b={b} store={store} />}
        empty={<p className={styles.center}>暂无往期记录</p>}
      />
    </main>
  );
});

export default OldSimBills;
