import { ActionSheet, DatePicker, SearchBar, Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { ORDER_STATUS_LABELS, PAY_TYPE_LABELS, type OrderPage, type OrderRow } from '@/api/orders';
import { ExportSheet } from '@/components/export-sheet';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { EntryLink } from '@/components/route-availability';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { dayOf, formatMinutes, formatTime } from '@/lib/time';
import { Chips } from '@/sections/mine/card-parts';
import styles from '@/sections/mine/riders.module.css';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import {
  ORDER_KEYWORD_MAX,
  ORDER_TABS,
  PAY_TYPE_FILTERS,
  chargerRecordsStore,
  type ChargerRecordsStore,
} from '@/stores/screens/mine/charger-records';
import local from './charger-record-list.module.css';

/**
 * /mine/chargerRecord-list — 充电记录 (C-mine.md chargerRecord-list): tabs 已完成 | 已退款 | 待入账; the filters (date
 * range, default this month, query `date` both ends; 站点 ▾, query `siteId`; the socket chip of query `chargerId`,
 * removable; 支付方式 ▾; search 订单号 / 手机号 / 卡号 / 设备号); the summary "共 N 笔 · 金额 ¥X" (已退款: "退款 ¥X");
 * rows on the shared list (site, box and socket, pay type, start, duration, amount — 已退款: "-¥refund" in red with the
 * refund time, 部分退款 tagged —, the order number's tail); a row opens the order's detail. 导出 (permission export)
 * e-mails the list as filtered (the e-mail sheet, then 去下载中心).
 */

const STATUS_TONES: Record<number, 'primary' | 'success' | 'warning' | 'danger' | 'default'> = {
  1: 'primary',
  2: 'success',
  3: 'danger',
  4: 'warning',
  5: 'default',
};

function Row({ r, tab }: { r: OrderRow; tab: number }) {
  return (
    <EntryLink
      to={href('chargerRecordInfo', { orderId: r.orderId })}
      className={styles.item}
      testId={`order-${r.orderId}`}
    >
      <div className={styles.itemHead}>
        <b>{r.siteName || '--'}</b>
        {tab === 2 ? (
          <span className={local.refund}>-{formatFen(r.refundAmount)}</span>
        ) : (
          <span className={styles.money}>{formatFen(r.amount)}</span>
        )}
      </div>
      <div className={styles.itemLine}>
        <span>
          {r.serialNumber} · {r.socketNo}号口
        </span>
        <span className={local.tags}>
          <Tag fill="outline">{PAY_TYPE_LABELS[r.payType] ?? '--'}</Tag>
          <Tag color={STATUS_TONES[r.status]} fill="outline">
            {ORDER_STATUS_LABELS[r.status]}
          </Tag>
        </span>
      </div>
      <div className={styles.itemLine}>
        <span>
          {tab === 2 && r.refundTime !== null ? `退款于 ${formatTime(r.refundTime)}` : formatTime(r.startTime)}
        </span>
        <span>时长 {formatMinutes(r.durationMinutes)}</span>
      </div>
      <div className={styles.itemLine}>
        <span className={styles.muted}>订单号 …{r.orderNo.slice(-8)}</span>
      </div>
    </EntryLink>
  );
}

const Filters = observer(function Filters({ store }: { store: ChargerRecordsStore }) {
  const [picking, setPicking] = useState<'startDate' | 'endDate' | null>(null);
  const chooseSite = () => {
    const handler = ActionSheet.show({
      actions: [
        { key: 'all', text: '全部站点' },
        ...(store.sites.data ?? []).map((s) => ({ key: String(s.id), text: s.name })),
      ],
      cancelText: '取消',
      onAction: (action) => {
        store.setSite(action.key === 'all' ? undefined : Number(action.key));
        handler.close();
      },
    });
  };
  const choosePayType = () => {
    const handler = ActionSheet.show({
      actions: PAY_TYPE_FILTERS.map((p) => ({ key: String(p.value ?? 'all'), text: p.label })),
      cancelText: '取消',
      onAction: (action) => {
        store.setPayType(PAY_TYPE_FILTERS.find((p) => String(p.value ?? 'all') === action.key)?.value);
        handler.close();
      },
    });
  };
  return (
    <>
      <div className={styles.filters}>
        <button
          type="button"
          className={styles.select}
          data-testid="range-start"
          onClick={() => setPicking('startDate')}
        >
          {store.startDate}
        </button>
        <span>至</span>
        <button type="button" className={styles.select} data-testid="range-end" onClick={() => setPicking('endDate')}>
          {store.endDate}
        </button>
      </div>
      <DatePicker
        visible={picking !== null}
        max={new Date()}
        value={new Date(`${picking ? store[picking] : store.endDate}T00:00:00+08:00`)}
        onClose={() => setPicking(null)}
        onConfirm={(d) => {
          if (!picking) return;
          const refusal = store.setDate(picking, dayOf(d.getTime()));
          if (refusal) toast(refusal);
        }}
      />
      <div className={styles.filters}>
        <button type="button" className={styles.select} data-testid="site-filter" onClick={chooseSite}>
          {store.siteLabel} ▾
        </button>
        <button type="button" className={styles.select} data-testid="pay-filter" onClick={choosePayType}>
          {store.payTypeLabel} ▾
        </button>
        {store.chargerId !== undefined && (
          <button
            type="button"
            className={styles.select}
            data-testid="charger-chip"
            aria-label="移除充电口筛选"
            onClick={() => store.clearCharger()}
          >
            充电口 #{store.chargerId} ✕
          </button>
        )}
      </div>
      <SearchBar
        placeholder="订单号 / 手机号 / 卡号 / 设备号"
        maxLength={ORDER_KEYWORD_MAX}
        value={store.keyword}
        onChange={(v) => store.setKeyword(v)}
      />
    </>
  );
});

const ChargerRecords = observer(function ChargerRecords({ store }: { store: ChargerRecordsStore }) {
  const { session } = useStores();
  useEffect(() => {
    void store.sites.load();
  }, [store]);
  const s = store.summary;
  const canExport = session.can('export');
  return (
    <main className={styles.page}>
      <Chips
        testId="order-tabs"
        items={ORDER_TABS.map((t) => ({ label: t.label, value: t.key }))}
        value={store.tab}
        onChange={(v) => store.setTab(v)}
      />
      <Filters store={store} />
      <div className={styles.itemHead}>
        <p className={styles.summary} data-testid="order-summary">
          共 {s?.total ?? '--'} 笔 · {store.tab === 2 ? '退款' : '金额'} {s ? formatFen(s.totalAmount) : '--'}
        </p>
        {canExport && (
          <button
            type="button"
            className={styles.exportButton}
            data-testid="export-open"
            onClick={() => void store.exporter.show()}
          >
            导出
          </button>
        )}
      </div>
      <PagedList<OrderRow, OrderPage>
        testId="order-list"
        fetchPage={(pageNum, pageSize) => store.page(pageNum, pageSize)}
        watch={store.watch}
        debounceMs={300}
        itemKey={(r) => r.orderId}
        estimateSize={120}
        skeletonRows={5}
        onPage={(page) => store.onPage(page)}
        renderItem={(r) => <Row r={r} tab={store.tab} />}
        empty={<p>暂无充电记录</p>}
      />
      {canExport && <ExportSheet exporter={store.exporter} send={() => store.exportList()} />}
    </main>
  );
});

export default function ChargerRecordList() {
  const query = useRouteQuery('chargerRecordList');
  const store = useScreenStore(chargerRecordsStore, query?.siteId, query?.date, query?.chargerId);
  return <ChargerRecords store={store} />;
}
