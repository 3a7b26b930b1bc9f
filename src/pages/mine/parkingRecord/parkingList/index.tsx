import { ActionSheet, DatePicker, SearchBar, Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { PARKING_PAY_LABELS, type ParkingPage, type ParkingRow } from '@/api/parking';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { formatFen } from '@/lib/money';
import { dayOf, formatMinutes, formatTime } from '@/lib/time';
import { Chips, copyText } from '@/sections/mine/card-parts';
import styles from '@/sections/mine/riders.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { parkingStore, type ParkingStore } from '@/stores/screens/mine/parking';

/**
 * /mine/parkingRecord/parkingList — 停车记录 (C-mine.md parkingRecord/parkingList): filters (站点, date range of
 * entries, 车型, 状态, 车牌 / 卡号), the summary "车次 N · 停车费 ¥X", and rows (plate or card, car type, site and
 * gate, entry, exit or "在场中 · 已停N", duration, fee, pay type) on the shared list; a tap copies the plate or card
 * number. Sites without a parking rule: "您的站点暂未开通停车收费".
 */

function Row({ r }: { r: ParkingRow }) {
  const id = r.plateNo || r.cardNo || '';
  return (
    <div
      className={styles.item}
      role="button"
      data-testid={`parking-${r.id}`}
      onClick={() => id && void copyText(id).then((ok) => ok && toast('已复制'))}
    >
      <div className={styles.itemHead}>
        <b>{id || '--'}</b>
        <span>
          <Tag fill="outline">{r.carTypeName}</Tag> <Tag color="primary">{PARKING_PAY_LABELS[r.payType] ?? '--'}</Tag>
        </span>
      </div>
      <div className={styles.itemLine}>
        <span>
          {r.siteName} · {r.gateName || '--'}
        </span>
        <span className={styles.money}>{formatFen(r.fee)}</span>
      </div>
      <div className={styles.itemLine}>
        <span>入场 {formatTime(r.entryTime)}</span>
        <span>
          {r.status === 1
            ? `在场中 · 已停${formatMinutes(r.durationMinutes)}`
            : `出场 ${formatTime(r.exitTime)} · ${formatMinutes(r.durationMinutes)}`}
        </span>
      </div>
    </div>
  );
}

const Filters = observer(function Filters({ store }: { store: ParkingStore }) {
  const [picking, setPicking] = useState<'startDate' | 'endDate' | null>(null);
  const sheet = (actions: { key: string; text: string }[], onPick: (key: string) => void) => {
    const handler = ActionSheet.show({
      actions,
      cancelText: '取消',
      onAction: (a) => {
        onPick(String(a.key));
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
          data-testid="parking-site"
          onClick={() =>
            sheet(
              [
                { key: 'all', text: '全部站点' },
                ...(store.sites.data ?? []).map((s) => ({ key: String(s.siteId), text: s.siteName })),
              ],
              (k) => store.setSite(k === 'all' ? undefined : Number(k)),
            )
          }
        >
          {store.siteLabel} ▾
        </button>
        <button
          type="button"
          className={styles.select}
          data-testid="parking-car-type"
          onClick={() =>
            sheet(
              [
                { key: 'all', text: '全部车型' },
                ...(store.carTypes.data ?? []).map((t) => ({ key: String(t.carTypeId), text: t.name })),
              ],
              (k) => store.setCarType(k === 'all' ? undefined : Number(k)),
            )
          }
        >
          {store.carTypeLabel} ▾
        </button>
      </div>
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
      <Chips
        testId="parking-status"
        items={[
          { label: '全部', value: undefined },
          { label: '在场', value: 1 as const },
          { label: '已离场', value: 2 as const },
        ]}
        value={store.status}
        onChange={(v) => store.setStatus(v)}
      />
      <SearchBar placeholder="车牌 / 卡号" maxLength={20} value={store.keyword} onChange={(v) => store.setKeyword(v)} />
    </>
  );
});

const ParkingList = observer(function ParkingList() {
  const store = useScreenStore(parkingStore);
  useEffect(() => {
    void store.sites.load();
    void store.carTypes.load();
  }, [store]);
  if (store.noParking) {
    return (
      <main className={styles.page}>
        <div className={styles.center}>
          <p>您的站点暂未开通停车收费</p>
        </div>
      </main>
    );
  }
  return (
    <main className={styles.page}>
      <Filters store={store} />
      <p className={styles.summary} data-testid="parking-summary">
        车次 {store.total ?? '--'} · 停车费 {store.totalFee === null ? '--' : formatFen(store.totalFee)}
      </p>
      <PagedList<ParkingRow, ParkingPage>
        testId="parking-list"
        fetchPage={(pageNum, pageSize) => store.page(pageNum, pageSize)}
        watch={store.watch}
        debounceMs={300}
        itemKey={(r) => r.id}
        estimateSize={96}
        skeletonRows={5}
        onPage={(page) => store.onPage(page)}
        renderItem={(r) => <Row r={r} />}
        empty={<p>暂无停车记录</p>}
      />
    </main>
  );
});

export default ParkingList;
