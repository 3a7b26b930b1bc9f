import { ActionSheet, List, Popup, SearchBar, Selector, Skeleton, Tag, type ActionSheetProps } from 'antd-mobile';
import { MoreOutline } from 'antd-mobile-icons';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { BoxDetail, BoxRow, ChargerTile } from '@/api/device';
import { TEST_CHARGE_MINUTES } from '@/api/device-rules';
import { Button } from '@/components/button';
import { confirm, toast } from '@/components/feedback';
import { Money } from '@/components/money';
import { PagedList } from '@/components/paged-list';
import { EntryLink, useIsBuilt } from '@/components/route-availability';
import { Segmented } from '@/components/segmented';
import {
  BOX_FILTERS,
  boxFilterOf,
  DEVICE_STATUS,
  MODEL_TAGS,
  SIGNAL_MODE_TAGS,
  SOCKET_STATUS,
  relativeTime,
  signalStrength,
  socketTileLines,
  type BoxFilterKey,
  type Tone,
} from '@/lib/device-status';
import { formatTime } from '@/lib/time';
import { href, pathOf } from '@/config/routes';
import type { SiteDetailStore } from '@/stores/screens/site/site-detail';
import { BOX_POLL_MS, boxListStore, type BoxListStore, type BoxView } from '@/stores/screens/site/site-devices';
import { RowRemarkDialog, StatusDot, useDeviceTab, useLivePoller } from '@/sections/site/device-tab';
import { useSiteQuery } from '@/sections/site/settings-ui';
import list from '@/sections/site/device-list.module.css';
import styles from './facility-list.module.css';

/**
 * /site/siteInfo/facilityList — 设备列表 (B-site.md §2): the site's charging boxes with every socket's state, filter chips
 * (query status=online|offline|fault), search, the 列表 | 插座 views (live refresh every 30 s while visible), and the
 * 更多 actions of a box: 修改备注, 插座二维码, 备用二维码, 信号模式, 测试充电, 设备详情, 迁移站点, 解绑设备.
 */

/** The bars lit by a signal strength (1–3 of 3). */
const BARS: Record<1 | 2 | 3, string | undefined> = { 1: styles.bars1, 2: styles.bars2, 3: styles.bars3 };

/** The colour of a socket tile by its state's tone (a tone without its own colour keeps the tile's default). */
const TILE_TONES: Record<Tone, string | undefined> = {
  success: styles.tileSuccess,
  primary: styles.tilePrimary,
  teal: styles.tileTeal,
  danger: styles.tileDanger,
  default: styles.tileDefault,
  warning: undefined,
};

/** Signal bars and strength from the CSQ value, with the mode tag. */
function Signal({ csq, mode }: { csq: number; mode: number }) {
  const strength = signalStrength(csq);
  return (
    <span className={styles.signal} title={`CSQ ${csq}`}>
      <span className={clsx(styles.bars, BARS[strength.bars])} aria-hidden="true">
        <i />
        <i />
        <i />
      </span>
      {strength.label}
      <Tag fill="outline">{SIGNAL_MODE_TAGS[mode] ?? '--'}</Tag>
    </span>
  );
}

/** The socket tiles of a box (插座 view); a tap opens the socket detail. */
function SocketGrid({ chargers }: { chargers: readonly ChargerTile[] }) {
  return (
    <div className={styles.socketGrid} data-testid="socket-grid">
      {chargers.map((tile) => {
        const state = SOCKET_STATUS[tile.status] ?? { label: '--', tone: 'default' as const };
        const lines = socketTileLines(tile);
        return (
          <EntryLink
            key={tile.chargerId}
            to={href('socketInfo', { chargerId: tile.chargerId })}
            className={clsx(styles.tile, TILE_TONES[state.tone])}
            testId="socket-tile"
            label={`${tile.socketNo}号插座 ${[...new Set([state.label, ...lines])].join(' ')}`}
          >
            <b>{tile.socketNo}</b>
            {lines.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </EntryLink>
        );
      })}
    </div>
  );
}

const BoxCard = observer(function BoxCard({
  item,
  store,
  onMore,
}: {
  item: BoxRow;
  store: BoxListStore;
  onMore: (box: BoxRow) => void;
}) {
  const box = store.live.of(item as BoxRow & { chargers?: ChargerTile[] });
  const status = DEVICE_STATUS[box.status] ?? { label: '--', tone: 'default' as const };
  return (
    <div className={clsx(list.card, box.status === 2 && list.offline)} data-testid={`box-${box.id}`}>
      <div className={list.head}>
        <strong className={list.serial}>{box.serialNumber}</strong>
        <Tag color="primary" fill="outline">
          {MODEL_TAGS[box.deviceType] ?? box.model}
        </Tag>
        {box.hasBackUpQrCode && (
          <Tag color="success" fill="outline">
            备用码
          </Tag>
        )}
        <button type="button" className={styles.more} aria-label="更多" onClick={() => onMore(box)}>
          <MoreOutline />
        </button>
      </div>
      <div className={list.line}>
        <span className={styles.remark}>{box.remark || '未设置备注'}</span>
        <StatusDot tone={status.tone} label={status.label} />
        <Signal csq={box.signal} mode={box.signalMode} />
      </div>
      <div className={`${list.line} ${list.figures}`} data-testid="box-sockets">
        插座 充电中 <b>{box.chargingCount}</b> · 空闲 <b>{box.idleCount}</b> · 故障 <b>{box.faultCount}</b>
      </div>
      {(box.todayIncome !== undefined || box.status === 2) && (
        <div className={`${list.line} ${list.figures}`}>
          {box.todayIncome !== undefined && (
            <span>
              今日收入 <Money fen={box.todayIncome} />
            </span>
          )}
          {box.status === 2 && (
            <span className={list.muted}>最后在线 {relativeTime(box.lastHeartbeatTime, Date.now())}</span>
          )}
        </div>
      )}
      {store.view === 'socket' && box.chargers && <SocketGrid chargers={box.chargers} />}
    </div>
  );
});

/**
 * A bottom sheet about one box of the 更多 menu: shown while `box` is set; its body is keyed by the box, so that each
 * opening starts afresh.
 */
function BoxSheet({
  title,
  box,
  onClose,
  children,
}: {
  title: string;
  box: BoxRow | null;
  onClose: () => void;
  children: (box: BoxRow) => ReactNode;
}) {
  return (
    <Popup visible={box !== null} onMaskClick={onClose} onClose={onClose} bodyClassName={list.sheet}>
      <h3>{title}</h3>
      {box && <Fragment key={box.id}>{children(box)}</Fragment>}
    </Popup>
  );
}

/**
 * What a sheet's body shows, loaded once when it opens: null while loading; a failed load (already toasted by the
 * request layer) closes the sheet. An answer arriving after the sheet closed is dropped.
 */
function useSheetData<T>(load: () => Promise<T>, onClose: () => void): T | null {
  const [data, setData] = useState<T | null>(null);
  const latest = useRef(load);
  useEffect(() => {
    let live = true;
    latest
      .current()
      .then((value) => live && setData(() => value))
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [onClose]);
  return data;
}

/** The 设备详情 sheet's content for one box (boxDetail). */
function DetailBody({ store, box, onClose }: { store: BoxListStore; box: BoxRow; onClose: () => void }) {
  const d = useSheetData<BoxDetail>(() => store.loadDetail(box.id), onClose);
  return (
    <>
      {!d ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : (
        <List>
          <List.Item extra={d.serialNumber}>设备号</List.Item>
          <List.Item extra={`${d.model}（${MODEL_TAGS[d.deviceType] ?? ''}）`}>型号</List.Item>
          <List.Item extra={d.firmwareVersion ?? '--'}>固件版本</List.Item>
          <List.Item extra={d.iccid ?? '--'}>ICCID</List.Item>
          <List.Item extra={d.simExpireDate ?? '--'}>SIM卡到期</List.Item>
          <List.Item extra={`${signalStrength(d.signal).label}（CSQ ${d.signal}）`}>信号</List.Item>
          <List.Item
            extra={
              SIGNAL_MODE_TAGS[d.signalMode] === '4G' ? '4G独立联网' : `组网${SIGNAL_MODE_TAGS[d.signalMode] ?? ''}`
            }
          >
            信号模式
          </List.Item>
          {d.signalMode === 3 && <List.Item extra={d.masterSerialNumber ?? '--'}>主机设备号</List.Item>}
          {d.signalMode === 2 && <List.Item extra={`${d.slaveCount}台`}>从机数量</List.Item>}
          <List.Item extra={d.backUpQrCode ?? '未绑定'}>备用二维码</List.Item>
          <List.Item extra={formatTime(d.bindTime)}>绑定时间</List.Item>
          <List.Item extra={formatTime(d.lastHeartbeatTime, 'YYYY-MM-DD HH:mm:ss')}>最后心跳</List.Item>
          <List.Item extra={`${d.totalOrderCount}笔`}>累计订单</List.Item>
        </List>
      )}
    </>
  );
}

/** 测试充电 of one box: an idle socket and 1/3/5 minutes, then a confirmation. */
function TestChargeBody({ store, box, onClose }: { store: BoxListStore; box: BoxRow; onClose: () => void }) {
  const sockets = useSheetData<ChargerTile[]>(() => store.sockets(box), onClose);
  const [socketNo, setSocketNo] = useState<number | null>(null);
  const [minutes, setMinutes] = useState<1 | 3 | 5>(1);
  const start = async () => {
    if (socketNo === null) return;
    const ok = await confirm('测试充电', `将免费启动${socketNo}号插座${minutes}分钟，用于检测线路`, '开始测试');
    if (!ok) return;
    const orderNo = await store.testCharge(box, socketNo, minutes);
    if (orderNo) {
      toast('测试指令已下发，请观察插座指示灯');
      onClose();
    }
  };
  return (
    <>
      {sockets === null ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : (
        <>
          <p className={styles.sheetHint}>选择空闲插座（其他状态的插座不可测试）</p>
          <Selector
            columns={5}
            options={sockets.map((s) => ({
              label: `${s.socketNo}号`,
              value: s.socketNo,
              disabled: s.status !== 0,
            }))}
            value={socketNo === null ? [] : [socketNo]}
            onChange={(values) => setSocketNo(values[0] ?? null)}
          />
          <p className={styles.sheetHint}>测试时长</p>
          <Selector
            columns={3}
            options={TEST_CHARGE_MINUTES.map((m) => ({ label: `${m}分钟`, value: m }))}
            value={[minutes]}
            onChange={(values) => values[0] && setMinutes(values[0])}
          />
          <Button
            block
            color="primary"
            className={list.sheetSubmit}
            disabled={socketNo === null || store.actions.busy(`test:${box.id}`)}
            onClick={() => void start()}
          >
            开始测试
          </Button>
        </>
      )}
    </>
  );
}

/** 迁移站点 of one box: another site of the caller, then a confirmation. */
function MigrateBody({
  store,
  detail,
  box,
  onClose,
}: {
  store: BoxListStore;
  detail: SiteDetailStore;
  box: BoxRow;
  onClose: () => void;
}) {
  const targets = useSheetData(() => store.migrationTargets(), onClose);
  const choose = async (target: { id: number; name: string }) => {
    const here = detail.site?.name ?? '本站点';
    const ok = await confirm(
      '迁移设备',
      `将设备${box.serialNumber}从「${here}」迁移到「${target.name}」，迁移后${here}将不再显示该设备，确定迁移？`,
      '确定迁移',
    );
    if (!ok) return;
    if (await store.migrate(box, target.id)) {
      toast('迁移成功');
      onClose();
    }
  };
  return (
    <>
      {targets === null ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : targets.length === 0 ? (
        <p className={styles.sheetHint}>没有可迁移的其他站点</p>
      ) : (
        <List>
          {targets.map((t) => (
            <List.Item key={t.id} onClick={() => void choose(t)} arrow>
              {t.name}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}

type Sheet = 'more' | 'remark' | 'detail' | 'test' | 'migrate';

const FacilityListPage = observer(function FacilityListPage({
  siteId,
  status,
}: {
  siteId: number;
  status: string | null;
}) {
  const { detail, store } = useDeviceTab(boxListStore, siteId);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const [keyword, setKeyword] = useState(store.keyword);
  const [box, setBox] = useState<BoxRow | null>(null);
  const [sheet, setSheet] = useState<Sheet | null>(null);

  useEffect(() => {
    store.enter(status);
  }, [status, store]);
  useLivePoller(() => store.refreshLive(), BOX_POLL_MS);

  const close = useCallback(() => setSheet(null), []);
  const chooseFilter = (key: BoxFilterKey) => {
    store.setFilter(key);
    const next = new URLSearchParams(params);
    if (key === 'all') next.delete('status');
    else next.set('status', key);
    setParams(next, { replace: true });
  };

  const actions: (ActionSheetProps['actions'][number] & { when: boolean })[] = box
    ? [
        { key: 'remark', text: '修改备注', when: detail.editable },
        { key: 'qrcode', text: '插座二维码', when: isBuilt(pathOf('socketQrcode')) },
        {
          key: 'spare',
          text: '备用二维码',
          when: detail.editable && isBuilt(pathOf('spareQcode')),
        },
        {
          key: 'signal',
          text: '信号模式',
          when: detail.canControl && isBuilt(pathOf('signalSetting')),
        },
        {
          key: 'test',
          text: '测试充电',
          when: detail.canControl,
          disabled: box.status === 2 || store.live.of(box).idleCount === 0,
          description: box.status === 2 ? '设备离线' : store.live.of(box).idleCount === 0 ? '没有空闲插座' : undefined,
        },
        { key: 'detail', text: '设备详情', when: true },
        { key: 'migrate', text: '迁移站点', when: detail.editable },
        { key: 'unbind', text: '解绑设备', danger: true, when: detail.editable },
      ]
    : [];

  const onAction = async (key: string) => {
    if (!box) return;
    setSheet(null);
    switch (key) {
      case 'qrcode':
        void navigate(href('socketQrcode', { boxId: box.id }));
        return;
      case 'spare':
        void navigate(href('spareQcode', { siteId, boxId: box.id }));
        return;
      case 'signal':
        void navigate(href('signalSetting', { siteId, boxId: box.id }));
        return;
      case 'unbind': {
        const ok = await confirm('解绑设备', '解绑后该设备将从本站点移除，扫码将无法充电。确定解绑？', '确定解绑');
        if (ok && (await store.unbind(box))) toast('解绑成功');
        return;
      }
      default:
        setSheet(key as Sheet);
    }
  };

  // The list asks with the store's filter: render it once it is the route's.
  const ready = store.filter === boxFilterOf(status);
  return (
    <section className={list.tab} data-testid="facility-list">
      <div className={list.toolbar}>
        <Segmented<BoxFilterKey>
          variant="chips"
          label="设备状态"
          options={BOX_FILTERS}
          value={store.filter}
          onChange={chooseFilter}
        />
        {detail.canAddDevice && (
          <EntryLink to={href('facilityCode', { siteId })} className={styles.add}>
            扫码添加
          </EntryLink>
        )}
      </div>
      <div className={list.toolbar}>
        <SearchBar
          className={styles.search}
          placeholder="设备号/备注"
          maxLength={30}
          value={keyword}
          onChange={setKeyword}
          onSearch={(value) => store.setKeyword(value)}
          onClear={() => store.setKeyword('')}
        />
        <Segmented<BoxView>
          label="视图"
          value={store.view}
          onChange={(view) => store.setView(view)}
          options={[
            { key: 'list', label: '列表' },
            { key: 'socket', label: '插座' },
          ]}
        />
      </div>
      {ready && (
        <PagedList<BoxRow>
          testId="box-list"
          fetchPage={store.fetchPage}
          watch={store.watch}
          itemKey={(row) => row.id}
          estimateSize={store.view === 'socket' ? 320 : 150}
          renderItem={(row) => (
            <BoxCard
              item={row}
              store={store}
              onMore={(b) => {
                setBox(b);
                setSheet('more');
              }}
            />
          )}
          onRefresh={() => store.pulled()}
          empty={<p>{store.narrowed ? '没有符合条件的设备' : '暂无设备，点击右上角扫码添加'}</p>}
        />
      )}
      <ActionSheet
        visible={sheet === 'more'}
        extra={box ? `设备 ${box.serialNumber}${box.remark ? `（${box.remark}）` : ''}` : undefined}
        actions={actions.filter((a) => a.when).map(({ when: _when, ...a }) => a)}
        cancelText="取消"
        onAction={(action) => void onAction(String(action.key))}
        onClose={close}
      />
      <RowRemarkDialog row={sheet === 'remark' ? box : null} store={store} onClose={close} />
      <BoxSheet title="设备详情" box={sheet === 'detail' ? box : null} onClose={close}>
        {(b) => <DetailBody store={store} box={b} onClose={close} />}
      </BoxSheet>
      <BoxSheet title="测试充电" box={sheet === 'test' ? box : null} onClose={close}>
        {(b) => <TestChargeBody store={store} box={b} onClose={close} />}
      </BoxSheet>
      <BoxSheet title="迁移到其他站点" box={sheet === 'migrate' ? box : null} onClose={close}>
        {(b) => <MigrateBody store={store} detail={detail} box={b} onClose={close} />}
      </BoxSheet>
    </section>
  );
});

/** The tab for the route's site (the layout renders it only with a valid siteId). */
export default function FacilityListTab() {
  const query = useSiteQuery('facilityList');
  return query && <FacilityListPage siteId={query.siteId} status={query.status ?? null} />;
}
