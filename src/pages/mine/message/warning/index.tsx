import { Switch, Tag } from 'antd-mobile';
import { CloseOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { Page } from '@/api/http';
import {
  DEVICE_TYPE_NAMES,
  WARNING_LEVEL_LABELS,
  WARNING_STATUS_LABELS,
  WARNING_TYPE_NAMES,
  type WarningRow,
} from '@/api/messages';
import type { WarningType } from '@/api/mine';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { EntryLink } from '@/components/route-availability';
import { useRouteQuery } from '@/components/route-query';
import { Segmented } from '@/components/segmented';
import { maskPhone } from '@/lib/phone';
import { formatTime } from '@/lib/time';
import styles from '@/sections/mine/messages.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { deviceListRoute, lastedText, warningStore, type WarningStore } from '@/stores/screens/mine/messages';

/**
 * /mine/message/warning — 告警通知 (C-mine.md "/mine/message/warning"; business rules 3, 23): the top card 未恢复 N ·
 * 今日告警 N and the SMS alarm switch with the masked alarm phone; the query's site / device as removable filter chips;
 * the type chips with their counts; the status segment 全部 / 未恢复 / 已恢复; rows (type icon, title, level tag, site,
 * device "{type} {serial} · N号口", content, time, "未恢复 · 已持续2小时" or "已恢复 14:20") on the shared list. A row
 * leads to the device list of its site (tab by device type). Opening or pulling reloads the counts, and the badges of
 * home and /mine follow.
 */

const STATUS_OPTIONS = [
  { key: 'all', label: '全部' },
  { key: '0', label: WARNING_STATUS_LABELS[0] },
  { key: '1', label: WARNING_STATUS_LABELS[1] },
] as const;

function Row({ w, now }: { w: WarningRow; now: number }) {
  const device = `${DEVICE_TYPE_NAMES[w.deviceType] ?? '设备'} ${w.serialNumber}${w.socketNo ? ` · ${w.socketNo}号口` : ''}`;
  const body = (
    <>
      <div className={styles.itemHead}>
        <ExclamationCircleOutline className={styles.typeIcon} aria-hidden />
        <b>{WARNING_TYPE_NAMES[w.warningType]}</b>
        <Tag color={w.level === 2 ? 'danger' : 'warning'} fill="outline">
          {WARNING_LEVEL_LABELS[w.level]}
        </Tag>
      </div>
      <div className={styles.line}>
        <span>{w.siteName || '未绑定站点'}</span>
        <span>{device}</span>
      </div>
      <div className={styles.content}>{w.content}</div>
      <div className={styles.line}>
        <span>{formatTime(w.warningTime)}</span>
        {w.status === 0 ? (
          <span className={styles.open} data-testid="warning-state">
            {WARNING_STATUS_LABELS[0]} · {lastedText(w.warningTime, now)}
          </span>
        ) : (
          <span className={styles.recovered} data-testid="warning-state">
            {WARNING_STATUS_LABELS[1]}{' '}
            {formatTime(
              w.recoverTime,
              w.recoverTime && w.recoverTime - w.warningTime < 86_400_000 ? 'HH:mm' : 'MM-DD HH:mm',
            )}
          </span>
        )}
      </div>
    </>
  );
  return w.siteId === null ? (
    <div className={styles.item} data-testid={`warning-${w.id}`}>
      {body}
    </div>
  ) : (
    <EntryLink className={styles.item} to={deviceListRoute(w.deviceType, w.siteId)} testId={`warning-${w.id}`}>
      {body}
    </EntryLink>
  );
}

const TopCard = observer(function TopCard({ store }: { store: WarningStore }) {
  const data = store.alarms.data;
  const phone = maskPhone(store.alarmPhone);
  return (
    <section className={styles.card} aria-label="告警概况">
      <div className={styles.counts}>
        <span className={styles.count}>
          <b className={styles.open} data-testid="warning-unrecovered">
            {data ? data.unrecoveredCount : '--'}
          </b>
          {WARNING_STATUS_LABELS[0]}
        </span>
        <span className={styles.count}>
          <b data-testid="warning-today">{data ? data.todayCount : '--'}</b>
          今日告警
        </span>
      </div>
      <div className={styles.sms}>
        <span id="sms-alarm-label">
          短信告警
          <small>接收手机 {phone || '--'}</small>
        </span>
        <Switch
          aria-labelledby="sms-alarm-label"
          checked={store.smsOn}
          loading={store.pendingSms !== null}
          onChange={(on) =>
            void store.setSms(on).then((text) => {
              if (text) toast(text);
            })
          }
        />
      </div>
    </section>
  );
});

const Filters = observer(function Filters({ store }: { store: WarningStore }) {
  return (
    <>
      {(store.siteId !== undefined || store.deviceId !== undefined) && (
        <div className={styles.filterChips}>
          {store.siteId !== undefined && (
            <Tag color="primary" fill="outline">
              站点：{store.siteName || store.siteId}{' '}
              <button type="button" aria-label="移除站点筛选" onClick={() => store.clearSite()}>
                <CloseOutline aria-hidden />
              </button>
            </Tag>
          )}
          {store.deviceId !== undefined && (
            <Tag color="primary" fill="outline">
              设备：{store.serialNumber || store.deviceId}{' '}
              <button type="button" aria-label="移除设备筛选" onClick={() => store.clearDevice()}>
                <CloseOutline aria-hidden />
              </button>
            </Tag>
          )}
        </div>
      )}
      <Segmented
        variant="chips"
        label="告警类型"
        options={store.typeChips.map((c) => ({ key: c.value === undefined ? 'all' : String(c.value), label: c.label }))}
        value={store.warningType === undefined ? 'all' : String(store.warningType)}
        onChange={(key) => store.setType(key === 'all' ? undefined : (Number(key) as WarningType))}
      />
      <Segmented
        block
        label="恢复状态"
        options={STATUS_OPTIONS}
        value={store.status === undefined ? 'all' : (String(store.status) as '0' | '1')}
        onChange={(key) => store.setStatus(key === 'all' ? undefined : (Number(key) as 0 | 1))}
      />
    </>
  );
});

const WarningPage = observer(function WarningPage() {
  const query = useRouteQuery('warning');
  const store = useScreenStore(warningStore, query?.siteId, query?.deviceId);
  useEffect(() => {
    void store.refresh();
  }, [store]);
  return (
    <main className={styles.page}>
      <TopCard store={store} />
      <Filters store={store} />
      <PagedList<WarningRow, Page<WarningRow>>
        testId="warning-list"
        fetchPage={(pageNum, pageSize) => store.page(pageNum, pageSize)}
        watch={store.watch}
        itemKey={(w) => w.id}
        estimateSize={132}
        skeletonRows={5}
        onPage={(page) => store.onPage(page)}
        onRefresh={() => store.refresh()}
        renderItem={(w) => <Row w={w} now={store.shownAt} />}
        empty={<p>暂无告警，设备运行正常</p>}
      />
    </main>
  );
});

export default WarningPage;
