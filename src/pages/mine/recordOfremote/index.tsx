import { DatePicker, SearchBar, Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { REMOTE_REASONS, REMOTE_STATUS_LABELS, type RemoteRecordPage, type RemoteRecordRow } from '@/api/remote';
import { ExportSheet } from '@/components/export-sheet';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { useIsBuilt } from '@/components/route-availability';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { dayOf, formatMinutes, formatTime } from '@/lib/time';
import styles from '@/sections/mine/riders.module.css';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { remoteRecordsStore, type RemoteRecordsStore } from '@/stores/screens/mine/remote-charge';

/**
 * /mine/recordOfremote — 远程充电记录 (C-mine.md recordOfremote): the remote starts of the caller's sites within a date
 * range (default the last 30 days; the section's range rule) and of a device (query serialNumber prefills it), the
 * summary "共 N 次 · 累计 N 小时", rows (site, box and socket, set / actual minutes, start, operator, reason, status
 * with the failure's reason) on the shared list; a row with an order opens its order. 导出 (permission export) e-mails
 * the records as filtered (exportRemotePayRecord; the e-mail sheet, then 去下载中心).
 */

const REASONS = Object.fromEntries(REMOTE_REASONS.map((r) => [r.value, r.label])) as Record<number, string>;
const TONES: Record<number, 'primary' | 'success' | 'default' | 'danger'> = {
  1: 'primary',
  2: 'success',
  3: 'default',
  4: 'danger',
};

function Row({ r, onOpen }: { r: RemoteRecordRow; onOpen: (() => void) | null }) {
  return (
    <div
      className={styles.item}
      role={onOpen ? 'button' : undefined}
      data-testid={`remote-${r.id}`}
      onClick={onOpen ?? undefined}
    >
      <div className={styles.itemHead}>
        <b>{r.siteName || '--'}</b>
        <Tag color={TONES[r.status]} fill="outline">
          {REMOTE_STATUS_LABELS[r.status]}
        </Tag>
      </div>
      <div className={styles.itemLine}>
        <span>
          {r.serialNumber} · {r.socketNo}号口
        </span>
        <span>
          设定 {formatMinutes(r.chargeMinutes)} / 实际{' '}
          {r.actualMinutes === null ? '--' : formatMinutes(r.actualMinutes)}
        </span>
      </div>
      <div className={styles.itemLine}>
        <span>{formatTime(r.startTime)}</span>
        <span>
          {r.operatorName || '--'} · {REASONS[r.reasonType] ?? '--'}
          {r.remark ? `（${r.remark}）` : ''}
        </span>
      </div>
      {r.status === 4 && r.failReason && <p className={styles.danger}>{r.failReason}</p>}
    </div>
  );
}

const Range = observer(function Range({ store }: { store: RemoteRecordsStore }) {
  const [picking, setPicking] = useState<'startDate' | 'endDate' | null>(null);
  const pick = (which: 'startDate' | 'endDate', day: string) => {
    const refusal = store.setDate(which, day);
    if (refusal) toast(refusal);
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
        onConfirm={(d) => picking && pick(picking, dayOf(d.getTime()))}
      />
    </>
  );
});

const RemoteRecords = observer(function RemoteRecords({ serial }: { serial: string }) {
  const store = useScreenStore(remoteRecordsStore, serial);
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const canExport = useStores().session.can('export');
  return (
    <main className={styles.page}>
      <Range store={store} />
      <SearchBar placeholder="设备号" maxLength={30} value={store.serialNumber} onChange={(v) => store.setSerial(v)} />
      <div className={styles.itemHead}>
        <p className={styles.summary} data-testid="remote-summary">
          共 {store.total ?? '--'} 次 · 累计{' '}
          {store.totalMinutes === null ? '--' : Math.round((store.totalMinutes / 60) * 10) / 10} 小时
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
      <PagedList<RemoteRecordRow, RemoteRecordPage>
        testId="remote-list"
        fetchPage={(pageNum, pageSize) => store.page(pageNum, pageSize)}
        watch={store.watch}
        debounceMs={300}
        itemKey={(r) => r.id}
        estimateSize={100}
        skeletonRows={5}
        onPage={(page) => store.onPage(page)}
        renderItem={(r) => {
          const to = r.orderId === null ? null : href('chargerRecordInfo', { orderId: r.orderId });
          return <Row r={r} onOpen={to && isBuilt(to) ? () => void navigate(to) : null} />;
        }}
        empty={<p>暂无远程充电记录</p>}
      />
      {canExport && <ExportSheet exporter={store.exporter} send={() => store.exportList()} />}
    </main>
  );
});

export default function RecordOfRemote() {
  const query = useRouteQuery('remoteRecords');
  return <RemoteRecords serial={query?.serialNumber ?? ''} />;
}
