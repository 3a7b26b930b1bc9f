import { DatePicker, Picker, Tag } from 'antd-mobile';
import { ActionLink, RowLink } from '@/components/links';
import { DownOutline } from 'antd-mobile-icons';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { Page as ListPage } from '@/api/http';
import { getAccountBill, type LedgerEntry, type LedgerPage } from '@/api/ledger';
import { PagedList } from '@/components/paged-list';
import { useIsBuilt } from '@/components/route-availability';
import { useRouteQuery } from '@/components/route-query';
import { Segmented } from '@/components/segmented';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { dayOf, formatTime } from '@/lib/time';
import { Page } from '@/sections/income/parts';
import styles from '@/sections/income/ledger.module.css';
import { useScreenStore } from '@/stores/screen-store';
import {
  bizTypeOptions,
  dayTitle,
  ledgerListStore,
  type DirectionTab,
  type LedgerListStore,
} from '@/stores/screens/income/ledger';

/**
 * /income/list — 收支明细 (D-income.md §1 "/income/list"): every movement of the withdrawable balance of a month,
 * newest first — the month, 全部 | 收入 | 支出 and 类型 filters (the query's bizType preselects), the filter's sums from
 * the server, rows by day (title, time, signed amount, 余额 after, a status tag when not 成功), 导出 when its screen is
 * built; a row opens its detail. The shared list gives pull-to-refresh, infinite scroll and the empty / error states.
 */

const TABS: readonly { key: DirectionTab; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'in', label: '收入' },
  { key: 'out', label: '支出' },
];

function Row({ e, store }: { e: LedgerEntry; store: LedgerListStore }) {
  return (
    <>
      {store.opensDay(e) && <div className={styles.day}>{dayTitle(e.createTime)}</div>}
      <RowLink to={href('incomeListDetail', { id: e.id })} className={styles.row} data-testid={`ledger-row-${e.id}`}>
        <div className={styles.main}>
          <span className={styles.title}>{e.title}</span>
          <span className={styles.muted}>{formatTime(e.createTime, 'HH:mm')}</span>
        </div>
        <div className={styles.side}>
          <b className={clsx(e.direction === 1 && styles.income)}>
            {e.direction === 1 ? '+' : '-'}
            {formatFen(e.amount)}
          </b>
          <span className={styles.muted}>余额 {formatFen(e.balanceAfter)}</span>
          {e.status === 2 && <Tag color="primary">处理中</Tag>}
          {e.status === 3 && <Tag color="danger">失败</Tag>}
        </div>
      </RowLink>
    </>
  );
}

const TypeFilter = observer(function TypeFilter({ store }: { store: LedgerListStore }) {
  const [open, setOpen] = useState(false);
  const options = bizTypeOptions(store.tab);
  const current = options.find((o) => o.value === store.bizType) ?? options[0];
  return (
    <>
      <button type="button" className={styles.filter} onClick={() => setOpen(true)} data-testid="ledger-type">
        {current?.label} <DownOutline />
      </button>
      <Picker
        visible={open}
        title="类型"
        columns={[options.map((o) => ({ label: o.label, value: o.value ?? 0 }))]}
        value={[store.bizType ?? 0]}
        onClose={() => setOpen(false)}
        onConfirm={(value) => {
          const picked = options.find((o) => (o.value ?? 0) === value[0]);
          store.setBizType(picked?.value ?? null);
        }}
      />
    </>
  );
});

const LedgerList = observer(function LedgerList() {
  const query = useRouteQuery('incomeList');
  const store = useScreenStore(ledgerListStore, dayOf(Date.now()), query?.bizType ?? null);
  const [picking, setPicking] = useState(false);
  const isBuilt = useIsBuilt();
  const exportFile = href('exportFile');
  return (
    <Page testId="ledger-page">
      <div className={styles.filters}>
        <button type="button" className={styles.filter} onClick={() => setPicking(true)} data-testid="ledger-month">
          {store.month} <DownOutline />
        </button>
        <TypeFilter store={store} />
        {isBuilt(exportFile) && (
          <ActionLink to={exportFile} className={styles.export}>
            导出
          </ActionLink>
        )}
      </div>
      <Segmented options={TABS} value={store.tab} onChange={(v) => store.setTab(v)} label="收支方向" block />
      <p className={styles.sum} data-testid="ledger-sum">
        {store.sum ? `收入 ${formatFen(store.sum.income)}\u3000支出 ${formatFen(store.sum.expense)}` : '\u00a0'}
      </p>
      <PagedList<LedgerEntry, ListPage<LedgerEntry>>
        testId="ledger-records"
        fetchPage={(pageNum, pageSize) => getAccountBill({ pageNum, pageSize, ...store.query })}
        onPage={(page) => store.addPage(page as LedgerPage)}
        onRefresh={() => store.reset()}
        watch={[store.month, store.tab, store.bizType]}
        itemKey={(e) => e.id}
        estimateSize={72}
        renderItem={(e) => <Row e={e} store={store} />}
        empty={<p className={styles.empty}>本月暂无收支记录</p>}
      />
      <DatePicker
        visible={picking}
        precision="month"
        max={new Date()}
        onClose={() => setPicking(false)}
        onConfirm={(d) => store.setMonth(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`)}
      />
    </Page>
  );
});

export default LedgerList;
