import { Radio, Skeleton, Tag, TextArea } from 'antd-mobile';
import { ActionLink } from '@/components/links';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { ChargerQr } from '@/api/device-setup';
import { REMOTE_REASONS } from '@/api/remote';
import { confirm, showAlert, toast } from '@/components/feedback';
import { useIsBuilt } from '@/components/route-availability';
import { href } from '@/config/routes';
import { DEVICE_STATUS, SOCKET_STATUS } from '@/lib/device-status';
import { BottomBar, Field } from '@/sections/mine/card-parts';
import styles from '@/sections/mine/riders.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { REMOTE_HOURS, remoteChargeStore, type RemoteChargeStore } from '@/stores/screens/mine/remote-charge';

/**
 * /mine/remoteCharge — 远程充电 (C-mine.md remoteCharge; Business rule 15): the chosen box (→ searchSerial; serial,
 * name, site, its status 在线 / 离线 / 故障 as every screen names a box's — DEVICE_STATUS; 故障 still counts as online
 * here), its socket grid (SOCKET_STATUS words; only 空闲 selectable), 充电时长 1–12 h (never above the site's longest
 * charge), 原因 and 备注, the notice, and 开始充电 → confirmation → remotePay once → "已下发启动指令"; the sockets are
 * read again after 3 s and 6 s ("充电已开始" once the socket charges); a failed start shows its reason.
 */

const SOCKET_TONES: Record<number, string | undefined> = {
  0: styles.socketIdle,
  1: styles.socketBusy,
  2: styles.socketFull,
  3: styles.socketFault,
  4: styles.socketOffline,
};

const Sockets = observer(function Sockets({ store }: { store: RemoteChargeStore }) {
  if (store.sockets.pending) return <Skeleton.Paragraph lineCount={3} animated />;
  if (store.sockets.failed && !store.sockets.data) {
    return (
      <button type="button" className={styles.select} onClick={() => void store.loadSockets()}>
        获取充电口状态失败，点击重试
      </button>
    );
  }
  const chargers = store.sockets.data?.chargers ?? [];
  const tap = (socket: ChargerQr) => {
    const refusal = store.chooseSocket(socket);
    if (refusal) toast(refusal);
  };
  return (
    <div className={styles.sockets} data-testid="socket-grid">
      {chargers.map((c) => (
        <button
          key={c.chargerId}
          type="button"
          data-testid={`socket-${c.socketNo}`}
          className={clsx(styles.socket, SOCKET_TONES[c.status], store.socketNo === c.socketNo && styles.socketChosen)}
          onClick={() => tap(c)}
        >
          <b>{c.socketNo}</b>
          <span>{SOCKET_STATUS[c.status]?.label ?? '--'}</span>
          {c.status === 1 && c.remainMinutes > 0 && <small>剩{Math.ceil(c.remainMinutes / 60)}小时</small>}
        </button>
      ))}
    </div>
  );
});

const RemoteCharge = observer(function RemoteCharge() {
  const store = useScreenStore(remoteChargeStore);
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  useEffect(() => {
    void store.load();
  }, [store]);
  const box = store.box.data;
  const start = async () => {
    const error = store.error;
    if (error) {
      toast(error);
      return;
    }
    const socketNo = store.socketNo;
    const answer = await store.start(() => confirm('远程充电', store.confirmText));
    if (!answer) return;
    if (answer.status === 4) {
      await showAlert({ title: '启动失败', html: answer.failReason ?? '设备未响应' });
      return;
    }
    toast('已下发启动指令');
    for (const delay of [3000, 6000]) {
      setTimeout(() => {
        void store.loadSockets().then(() => {
          if (socketNo !== null && store.charging(socketNo)) toast('充电已开始');
        });
      }, delay);
    }
  };
  const records = href('remoteRecords');
  return (
    <main className={styles.page}>
      {isBuilt(records) && (
        <div className={styles.headerLink}>
          <ActionLink to={records}>记录</ActionLink>
        </div>
      )}
      <section className={styles.card}>
        <button
          type="button"
          className={styles.entry}
          data-testid="choose-box"
          onClick={() => void navigate(href('searchSerial'))}
        >
          {store.serialNumber ? (
            <span>
              <b>{store.serialNumber}</b> {box?.remark || ''} · {box?.siteName || '--'}{' '}
              {box && (
                <Tag color={DEVICE_STATUS[box.status]?.tone ?? 'default'} fill="outline">
                  {DEVICE_STATUS[box.status]?.label ?? '--'}
                </Tag>
              )}
            </span>
          ) : (
            <span>请选择设备</span>
          )}
          <span className={styles.muted}>›</span>
        </button>
        {box && !store.boxOnline && <p className={styles.danger}>设备离线，无法远程充电</p>}
      </section>
      {store.serialNumber && (
        <section className={styles.card}>
          <h2>选择充电口</h2>
          <Sockets store={store} />
        </section>
      )}
      <section className={styles.card}>
        <h2>充电时长</h2>
        <div className={styles.chips} data-testid="hour-chips">
          {REMOTE_HOURS.map((h) => (
            <button
              key={h}
              type="button"
              disabled={!store.allowedHours.includes(h)}
              className={clsx(styles.chip, store.hours === h && styles.chipActive)}
              onClick={() => store.setHours(h)}
            >
              {h}小时
            </button>
          ))}
        </div>
        <h2>原因</h2>
        <Radio.Group value={store.reasonType ?? undefined} onChange={(v) => store.setReason(v as 1 | 2 | 3 | 4)}>
          <div className={styles.chips}>
            {REMOTE_REASONS.map((r) => (
              <Radio key={r.value} value={r.value}>
                {r.label}
              </Radio>
            ))}
          </div>
        </Radio.Group>
        <Field label="备注" htmlFor="remote-remark">
          <TextArea
            id="remote-remark"
            name="remark"
            maxLength={50}
            rows={2}
            placeholder={store.reasonType === 4 ? '请填写原因（2-50字）' : '选填'}
            value={store.remark}
            onChange={(v) => store.setRemark(v)}
          />
        </Field>
        <p className={styles.muted}>远程充电不向用户收费、不计入收入；每个账号每日最多20次</p>
      </section>
      <BottomBar testId="remote-bar">
        <Button
          block
          color="primary"
          disabled={store.error !== null || store.startRequest.busy}
          loading={store.startRequest.sending}
          onClick={() => void start()}
        >
          开始充电
        </Button>
      </BottomBar>
    </main>
  );
});

export default RemoteCharge;
