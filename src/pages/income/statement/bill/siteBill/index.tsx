import { ActionSheet, Tag } from 'antd-mobile';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { SITE_BILL_STATUS_LABELS } from '@/api/income-rules';
import type { SiteBill, SiteBillPage } from '@/api/statements';
import { PagedList } from '@/components/paged-list';
import { EntryLink } from '@/components/route-availability';
import { useRouteQuery } from '@/components/route-query';
import { Segmented } from '@/components/segmented';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatKwh, shiftMonth } from '@/lib/time';
import { Block, Page } from '@/sections/income/parts';
import s from '@/sections/income/statement.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { billSettingsStore, type BillSettingsStore } from '@/stores/screens/income/bill-settings';
import { siteBillStore, type SiteBillStore, type SiteBillTab } from '@/stores/screens/income/statement';
import { BillSettingsSheet } from './bill-settings-sheet';

/**
 * /income/statement/bill/siteBill — 站点账单 (D-income.md §4): each site's bill of the month, computed by the sandbox from
 * the site's orders and split rows — the month switcher, the role's tabs (operators 物业账单 | 代理商站点 when they have
 * agents; agents and properties one list), the property / agent filter, the site search (300 ms), the sum strip of the
 * filter and the rows (营业额, 物业分润 with its rate, 电费 with what is still to settle, 我的收入, 统计中 / 已出账); a row
 * opens its detail. The shared list gives pull-to-refresh, infinite scroll, empty and error states. Query `month` and
 * `merchantId` preselect. Operators and agents get top-right 账单设置 (./bill-settings-sheet.tsx): saving or deleting a
 * setting reloads the bills.
 */

const TABS: readonly { key: SiteBillTab; label: string }[] = [
  { key: 'property', label: '物业账单' },
  { key: 'agents', label: '代理商站点' },
];

function choose(title: string, options: { key: number; text: string }[], onPick: (key: number | null) => void) {
  const handler = ActionSheet.show({
    extra: title,
    actions: [{ key: 0, text: '全部' }, ...options],
    cancelText: '取消',
    onAction: (action) => {
      const key = Number(action.key);
      onPick(key === 0 ? null : key);
      handler.close();
    },
  });
}

function BillRow({ bill, tab }: { bill: SiteBill; tab: SiteBillTab }) {
  return (
    <EntryLink to={href('siteBillDetail', { id: bill.billId })} className={s.row}>
      <div className={s.rowHead}>
        <span>
          {bill.siteName}
          {bill.communityName && <small className={s.label}> {bill.communityName}</small>}
        </span>
        <Tag color={bill.status === 1 ? 'primary' : 'success'} fill="outline">
          {SITE_BILL_STATUS_LABELS[bill.status]}
        </Tag>
      </div>
      <div className={s.rowLine}>
        {bill.merchantName && <span>物业 {bill.merchantName}</span>}
        {tab === 'agents' && bill.agentName && <span>代理商 {bill.agentName}</span>}
        <span>
          订单 {bill.orderCount} 笔 · 电量 {formatKwh(bill.energy)} kWh
        </span>
      </div>
      <div className={s.rowLine}>
        <span>
          营业额 <b>{formatFen(bill.grossIncome)}</b>
        </span>
        <span>
          物业分润 <b>{formatFen(bill.propertyShareAmount)}</b>（{(bill.propertyShareRate / 100).toFixed(2)}%）
        </span>
        <span>
          电费 <b>{formatFen(bill.electricityFee)}</b>
          {bill.unsettledElectricityFee > 0 && (
            <em className={s.warn}>（待结 {formatFen(bill.unsettledElectricityFee)}）</em>
          )}
        </span>
        <span>
          我的收入 <b className={s.total}>{formatFen(bill.netIncome)}</b>
        </span>
      </div>
    </EntryLink>
  );
}

const Filters = observer(function Filters({ store, settings }: { store: SiteBillStore; settings: BillSettingsStore }) {
  const merchant = store.merchants.data?.find((m) => m.merchantId === store.merchantId);
  const agent = store.agents.data?.find((a) => a.agentId === store.agentId);
  return (
    <>
      <div className={s.daySwitch}>
        <button
          type="button"
          className={s.arrow}
          aria-label="上个月"
          onClick={() => store.setMonth(shiftMonth(store.month, -1))}
        >
          <LeftOutline />
        </button>
        <span data-testid="site-bill-month">{store.month}</span>
        <button
          type="button"
          className={s.arrow}
          aria-label="下个月"
          disabled={store.month >= store.currentMonth}
          onClick={() => store.setMonth(shiftMonth(store.month, 1))}
        >
          <RightOutline />
        </button>
      </div>
      {store.canSetBills && (
        <div className={s.top}>
          <span />
          <button type="button" className={s.link} data-testid="bill-settings-open" onClick={() => settings.show()}>
            账单设置
          </button>
        </div>
      )}
      {store.showTabs && (
        <div className={s.top}>
          <Segmented<SiteBillTab> label="账单类型" options={TABS} value={store.tab} onChange={(t) => store.setTab(t)} />
        </div>
      )}
      {store.showMerchantFilter && (
        <button
          type="button"
          className={s.picker}
          onClick={() =>
            choose(
              '选择物业',
              (store.merchants.data ?? []).map((m) => ({ key: m.merchantId, text: m.name })),
              (id) => store.setMerchant(id),
            )
          }
        >
          <span>物业：{merchant?.name ?? '全部物业'}</span>
          <RightOutline />
        </button>
      )}
      {store.tab === 'agents' && (
        <button
          type="button"
          className={s.picker}
          onClick={() =>
            choose(
              '选择代理商',
              (store.agents.data ?? []).map((a) => ({ key: a.agentId, text: a.agentName })),
              (id) => store.setAgent(id),
            )
          }
        >
          <span>代理商：{agent?.agentName ?? '全部代理商'}</span>
          <RightOutline />
        </button>
      )}
      <input
        type="search"
        className={s.search}
        aria-label="搜索站点名称"
        placeholder="搜索站点名称"
        value={store.keyword}
        onChange={(e) => store.setKeyword(e.target.value)}
      />
    </>
  );
});

const Sums = observer(function Sums({ store }: { store: SiteBillStore }) {
  const sum = store.sum;
  if (!sum) return null;
  return (
    <p className={s.strip} data-testid="site-bill-sum">
      {store.total}个站点 · 营业额 {formatFen(sum.grossIncome)} · 物业分润 {formatFen(sum.propertyShareAmount)} · 电费{' '}
      {formatFen(sum.electricityFee)}
    </p>
  );
});

const SiteBillScreen = observer(function SiteBillScreen({ store }: { store: SiteBillStore }) {
  const settings = useScreenStore(billSettingsStore, store.accountType, () => store.reload());
  return (
    <Page testId="site-bill">
      <Filters store={store} settings={settings} />
      <Sums store={store} />
      <Block title={store.accountType === 3 ? '我的站点账单' : undefined}>
        <PagedList<SiteBill, SiteBillPage>
          testId="site-bill-list"
          fetchPage={(pageNum, pageSize) => store.fetchPage(pageNum, pageSize)}
          watch={store.watch}
          debounceMs={300}
          onPage={(page) => store.onPage(page)}
          itemKey={(b) => b.billId}
          estimateSize={120}
          renderItem={(b) => <BillRow bill={b} tab={store.tab} />}
          empty={<p className={s.empty}>本月暂无站点账单</p>}
        />
      </Block>
      {store.canSetBills && <BillSettingsSheet store={settings} merchants={store.merchants.data ?? []} />}
    </Page>
  );
});

export default function SiteBillPage() {
  const query = useRouteQuery('siteBill');
  const store = useScreenStore(siteBillStore, query?.month ?? null, query?.merchantId ?? null);
  useEffect(() => {
    store.load();
  }, [store]);
  return <SiteBillScreen store={store} />;
}
