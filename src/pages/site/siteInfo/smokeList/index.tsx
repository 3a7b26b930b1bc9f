import { Tag } from 'antd-mobile';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { useCallback, useState } from 'react';
import { Button } from '@/components/button';
import type { SmokeRow } from '@/api/device';
import type { Page } from '@/api/http';
import { PagedList } from '@/components/paged-list';
import { EntryLink } from '@/components/route-availability';
import {
  DEVICE_STATUS,
  SMOKE_FILTERS,
  SMOKE_STATUS,
  relativeTime,
  signalStrength,
  type SmokeFilterKey,
} from '@/lib/device-status';
import { formatTime } from '@/lib/time';
import { telHref } from '@/lib/safe-url';
import { Segmented } from '@/components/segmented';
import type { SiteDetailStore } from '@/stores/screens/site/site-detail';
import { SMOKE_POLL_MS, smokeListStore, type SmokeListStore } from '@/stores/screens/site/site-devices';
import { RowRemarkDialog, StatusDot, useDeviceTab, useLivePoller } from '@/sections/site/device-tab';
import { useSiteQuery } from '@/sections/site/settings-ui';
import { href } from '@/config/routes';
import list from '@/sections/site/device-list.module.css';

/**
 * /site/siteInfo/smokeList — 烟感列表 (B-site.md §2): the shed's smoke sensors — alarms first on a red background with
 * 联系现场 (a call to the site's contact) and 报警记录, low batteries and offline sensors — with filter chips
 * 全部 / 报警 / 低电量 / 离线, remarks (where each one hangs), and a refresh every 60 s while any row is in alarm.
 */

const SmokeCard = observer(function SmokeCard({
  item,
  store,
  detail,
  onRemark,
}: {
  item: SmokeRow;
  store: SmokeListStore;
  detail: SiteDetailStore;
  onRemark: (row: SmokeRow) => void;
}) {
  const row = store.live.of(item);
  const alarm = row.smokeStatus === 1;
  const status = DEVICE_STATUS[row.status] ?? { label: '--', tone: 'default' as const };
  const state = SMOKE_STATUS[row.smokeStatus] ?? { label: '--', tone: 'default' as const };
  const phone = detail.site?.contactsPhone;
  return (
    <div
      className={clsx(list.card, alarm ? list.alarm : row.status === 2 && list.offline)}
      data-testid={`smoke-${row.id}`}
    >
      <div className={list.head}>
        <strong className={list.serial} data-testid="smoke-name">
          {row.remark || row.serialNumber}
        </strong>
        <StatusDot tone={status.tone} label={status.label} />
        <Tag color={state.tone === 'default' ? 'default' : state.tone} data-testid="smoke-state">
          {state.label}
        </Tag>
      </div>
      <div className={`${list.line} ${list.figures}`}>
        <span>
          电量 <b>{row.battery}%</b>
        </span>
        <span>
          信号 <b>{signalStrength(row.signal).label}</b>
        </span>
        <span>最近上报 {relativeTime(row.lastReportTime, Date.now())}</span>
      </div>
      <div className={`${list.line} ${list.figures}`}>
        {row.remark && <span>IMEI {row.serialNumber}</span>}
        <span>最近报警 {formatTime(row.lastAlarmTime, 'MM-DD HH:mm')}</span>
      </div>
      <div className={list.buttons} data-testid="smoke-buttons">
        {alarm && phone && (
          <a className="adm-button adm-button-danger adm-button-mini adm-button-shape-default" href={telHref(phone)}>
            联系现场
          </a>
        )}
        {alarm && (
          <EntryLink
            to={href('warning', { siteId: detail.siteId, deviceId: row.id })}
            className="adm-button adm-button-default adm-button-mini adm-button-shape-default"
          >
            报警记录
          </EntryLink>
        )}
        {detail.editable && (
          <Button size="mini" fill="outline" onClick={() => onRemark(row)}>
            备注
          </Button>
        )}
      </div>
    </div>
  );
});

const SmokeListPage = observer(function SmokeListPage({ siteId }: { siteId: number }) {
  const { detail, store } = useDeviceTab(smokeListStore, siteId);
  const [remarkRow, setRemarkRow] = useState<SmokeRow | null>(null);
  const closeRemark = useCallback(() => setRemarkRow(null), []);
  useLivePoller(() => store.refreshLive(), SMOKE_POLL_MS, store.alarming);
  return (
    <section className={list.tab} data-testid="smoke-list">
      <div className={list.toolbar}>
        <Segmented<SmokeFilterKey>
          variant="chips"
          label="烟感状态"
          options={SMOKE_FILTERS}
          value={store.filter}
          onChange={(key) => store.setFilter(key)}
        />
      </div>
      <PagedList<SmokeRow, Page<SmokeRow>>
        testId="smoke-rows"
        fetchPage={store.fetchPage}
        watch={store.watch}
        itemKey={(row) => row.id}
        estimateSize={140}
        onPage={(page) => store.notePage(page.list)}
        renderItem={(row) => <SmokeCard item={row} store={store} detail={detail} onRemark={setRemarkRow} />}
        onRefresh={() => store.pulled()}
        empty={<p>{store.narrowed ? '没有符合条件的烟感' : '暂无烟感设备'}</p>}
      />
      <RowRemarkDialog row={remarkRow} store={store} onClose={closeRemark} />
    </section>
  );
});

/** The tab for the route's site (the layout renders it only with a valid siteId). */
export default function SmokeListTab() {
  const query = useSiteQuery('smokeList');
  return query && <SmokeListPage siteId={query.siteId} />;
}
