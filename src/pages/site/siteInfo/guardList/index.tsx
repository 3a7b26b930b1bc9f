import { ActionSheet, Tag } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/button';
import type { GuardRow } from '@/api/device';
import { AUTO_CLOSE_INTERVALS, type AutoCloseInterval } from '@/api/device-rules';
import { confirm, toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { EntryLink } from '@/components/route-availability';
import { DEVICE_STATUS, autoCloseOption, autoCloseText, doorStateText } from '@/lib/device-status';
import { formatTime } from '@/lib/time';
import { useScreenStore } from '@/stores/screen-store';
import type { SiteDetailStore } from '@/stores/screens/site/site-detail';
import { GUARD_POLL_MS, guardListStore, whitelistStore, type GuardListStore } from '@/stores/screens/site/site-devices';
import { RowRemarkDialog, StatusDot, useDeviceTab, useLivePoller } from '@/sections/site/device-tab';
import { useSiteQuery } from '@/sections/site/settings-ui';
import { href } from '@/config/routes';
import { WhitelistPopup } from './whitelist-popup';
import list from '@/sections/site/device-list.module.css';
import styles from './guard-list.module.css';

/**
 * /site/siteInfo/guardList — 门禁列表 (B-site.md §2): the shed's door guards and U8 barrier gates with their live state
 * (refreshed every 30 s while visible), the remote commands — 强制开门; 开闸, 关闸, 自动关闸 — each behind a confirmation,
 * remarks, and the community's 门禁白名单. Offline devices' commands are greyed out.
 */

const GuardCard = observer(function GuardCard({
  item,
  store,
  detail,
  onRemark,
  onAutoClose,
}: {
  item: GuardRow;
  store: GuardListStore;
  detail: SiteDetailStore;
  onRemark: (row: GuardRow) => void;
  onAutoClose: (row: GuardRow) => void;
}) {
  const row = store.live.of(item);
  const gate = row.deviceType === 5;
  const offline = row.status === 2;
  const busy = store.actions.busy(`cmd:${row.id}`);
  const status = DEVICE_STATUS[row.status] ?? { label: '--', tone: 'default' as const };
  const run = async (title: string, question: string, action: () => Promise<boolean>, done: string) => {
    if (!(await confirm(title, question))) return;
    if (await action()) toast(done);
  };
  return (
    <div className={clsx(list.card, offline && list.offline)} data-testid={`guard-${row.id}`}>
      <div className={list.head}>
        <Tag color={gate ? 'warning' : 'primary'}>{gate ? '道闸' : '门禁'}</Tag>
        <strong className={list.serial}>{row.remark || row.serialNumber}</strong>
        <StatusDot tone={status.tone} label={status.label} />
      </div>
      <div className={list.line}>
        <span data-testid="door-state">{doorStateText(row.deviceType, row.doorStatus)}</span>
        <span className={list.muted}>今日开门 {row.todayOpenCount} 次</span>
        <span className={list.muted}>最近开门 {formatTime(row.lastOpenTime, 'MM-DD HH:mm')}</span>
        {gate && <span className={list.muted}>自动关闸 {autoCloseText(row.autoCloseInterval)}</span>}
      </div>
      {row.remark && <div className={`${list.line} ${list.figures}`}>设备号 {row.serialNumber}</div>}
      <div className={list.buttons}>
        {detail.canControl &&
          (gate ? (
            <>
              <Button
                size="mini"
                color="primary"
                disabled={offline || busy}
                onClick={() => void run('开闸', '确定远程抬杆？', () => store.openGate(row), '开闸指令已发送')}
              >
                开闸
              </Button>
              <Button
                size="mini"
                color="warning"
                disabled={offline || busy}
                onClick={() =>
                  void run(
                    '关闸',
                    '请确认闸杆下方无人员和车辆，确定落杆？',
                    () => store.closeGate(row),
                    '关闸指令已发送',
                  )
                }
              >
                关闸
              </Button>
              <Button size="mini" disabled={offline || busy} onClick={() => onAutoClose(row)}>
                自动关闸
              </Button>
            </>
          ) : (
            <Button
              size="mini"
              color="primary"
              disabled={offline || busy}
              onClick={() =>
                void run(
                  '强制开门',
                  '确定远程强制开门？门锁将在5秒后自动落锁',
                  () => store.forceOpen(row),
                  '开门指令已发送',
                )
              }
            >
              强制开门
            </Button>
          ))}
        {detail.editable && (
          <Button size="mini" fill="outline" onClick={() => onRemark(row)}>
            备注
          </Button>
        )}
      </div>
    </div>
  );
});

/** The 门禁白名单 entry row, or the hint when the site has no community. */
const WhiteEntry = observer(function WhiteEntry({ detail, onOpen }: { detail: SiteDetailStore; onOpen: () => void }) {
  const whitelist = useScreenStore(whitelistStore);
  const communityId = detail.site?.communityId ?? null;
  useEffect(() => {
    if (communityId === null) return;
    whitelist.use(communityId);
    void whitelist.loadCount();
  }, [communityId, whitelist]);
  if (!detail.site) return null;
  if (communityId === null) {
    return (
      <div className={`${styles.whiteEntry} ${styles.whiteEntryHint}`}>
        站点未关联小区，无法设置白名单
        <EntryLink to={href('siteData', { siteId: detail.site.id })} className={styles.whiteEntryGo}>
          去关联 &gt;
        </EntryLink>
      </div>
    );
  }
  return (
    <button type="button" className={styles.whiteEntry} onClick={onOpen} data-testid="white-entry">
      <span>门禁白名单（{whitelist.count ?? '--'}人）</span>
      <RightOutline />
    </button>
  );
});

const GuardListPage = observer(function GuardListPage({ siteId }: { siteId: number }) {
  const { detail, store } = useDeviceTab(guardListStore, siteId);
  const whitelist = useScreenStore(whitelistStore);
  const [remarkRow, setRemarkRow] = useState<GuardRow | null>(null);
  const [autoRow, setAutoRow] = useState<GuardRow | null>(null);
  const [whiteOpen, setWhiteOpen] = useState(false);
  useLivePoller(() => store.refreshLive(), GUARD_POLL_MS);
  const closeRemark = useCallback(() => setRemarkRow(null), []);

  const chooseInterval = async (row: GuardRow, interval: AutoCloseInterval) => {
    setAutoRow(null);
    const question = interval === 0 ? '确定关闭自动关闸？' : `确定设置为抬杆${interval}秒后自动关闸？`;
    if (!(await confirm('自动关闸', question))) return;
    if (await store.setAutoClose(row, interval)) toast('设置成功');
  };

  return (
    <section className={list.tab} data-testid="guard-list">
      <WhiteEntry detail={detail} onOpen={() => setWhiteOpen(true)} />
      <PagedList<GuardRow>
        testId="guard-rows"
        fetchPage={store.fetchPage}
        watch={[store.siteId]}
        itemKey={(row) => row.id}
        estimateSize={140}
        renderItem={(row) => (
          <GuardCard item={row} store={store} detail={detail} onRemark={setRemarkRow} onAutoClose={setAutoRow} />
        )}
        onRefresh={() => store.pulled()}
        empty={<p>暂无门禁设备</p>}
      />
      <ActionSheet
        visible={autoRow !== null}
        extra="抬杆后自动落杆的时间"
        actions={AUTO_CLOSE_INTERVALS.map((s) => ({
          key: s,
          text: autoCloseOption(s),
          description: autoRow && store.live.of(autoRow).autoCloseInterval === s ? '当前设置' : undefined,
        }))}
        cancelText="取消"
        onAction={(action) => autoRow && void chooseInterval(autoRow, Number(action.key) as AutoCloseInterval)}
        onClose={() => setAutoRow(null)}
      />
      <RowRemarkDialog row={remarkRow} store={store} onClose={closeRemark} />
      {(detail.site?.communityId ?? null) !== null && (
        <WhitelistPopup
          store={whitelist}
          open={whiteOpen}
          editable={detail.editable}
          onClose={() => setWhiteOpen(false)}
        />
      )}
    </section>
  );
});

/** The tab for the route's site (the layout renders it only with a valid siteId). */
export default function GuardListTab() {
  const query = useSiteQuery('guardList');
  return query && <GuardListPage siteId={query.siteId} />;
}
