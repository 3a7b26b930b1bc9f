import { Picker } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { SimBillRow } from '@/api/sim';
import { PagedList } from '@/components/paged-list';
import { SimBillItemRow } from '@/sections/mine/sim-parts';
import styles from '@/sections/mine/riders.module.css';
import local from '@/sections/mine/sim.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { simBillsStore } from '@/stores/screens/mine/sim';
import { shanghai } from '@/lib/time';

/**
 * /mine/sim/index/list — 结算记录 (C-mine.md; Business rule 22): the monthly SIM bills of a year (default this year;
 * the picker offers 2020 to now), each with its devices, amount, status and settle time; a tap expands its sites and
 * 扣款 / 欠费. A change of year reloads from page 1.
 */

const FIRST_YEAR = 2020;

const SimBills = observer(function SimBills() {
  const store = useScreenStore(simBillsStore, 2);
  const [picking, setPicking] = useState(false);
  const thisYear = shanghai(Date.now()).year();
  const years = Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, i) => thisYear - i);
  return (
    <main className={styles.page}>
      <button type="button" className={local.yearChip} onClick={() => setPicking(true)} data-testid="year-filter">
        {store.year}年 <DownOutline />
      </button>
      <PagedList<SimBillRow>
        testId="sim-bill-list"
        watch={store.watch}
        fetchPage={(n, size) => store.page(n, size)}
        itemKey={(b) => b.billId}
        estimateSize={110}
        renderItem={(b) => <SimBillItemRow b={b} store={store} />}
        empty={<p className={styles.center}>暂无结算记录</p>}
      />
      <Picker
        visible={picking}
        columns={[years.map((y) => ({ label: `${y}年`, value: y }))]}
        value={[store.year]}
        onClose={() => setPicking(false)}
        onConfirm={(v) => {
          if (typeof v[0] === 'number') store.setYear(v[0]);
        }}
      />
    </main>
  );
});

export default SimBills;
