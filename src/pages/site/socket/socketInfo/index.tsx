import { Input, Popup, Radio, Selector, Skeleton, SpinLoading } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { RemoteReason } from '@/api/device-setup';
import { useLeaveWhen, useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { DetailRows, Figures, SocketStatusTag } from '@/sections/site/device-setup-parts';
import { confirm, showAlert, toast } from '@/components/feedback';
import { LazyLineChart } from '@/components/lazy-line-chart';
import { Money } from '@/components/money';
import { useIsBuilt } from '@/components/route-availability';
import { formatKwh, formatTime } from '@/lib/time';
import {
  PAY_TYPE_NAMES,
  REMOTE_REASONS,
  SOCKET_REFRESH_MS,
  socketDetailStore,
  type SocketDetailStore,
  powerPoints,
  remoteMinuteChoices,
  remoteStartError,
} from '@/stores/screens/site/device-setup';
import { useLivePoller } from '@/sections/site/device-tab';
import setup from '@/sections/site/device-setup.module.css';
import styles from './socket-info.module.css';

/**
 * /site/socket/socketInfo — 插座详情 (B-site.md §3; rules C5, C7, C8): the socket's header ("{serial}-{socketNo}", box
 * remark, site, status), the running order (number, pay type, amount, start, minutes charged and left, energy, power,
 * masked user), its power curve (samples every 5 minutes, max / average) drawn with the shared line chart, today's
 * orders and income, and the actions: 远程启动 (idle socket of an online box: duration, reason, remark, confirmation),
 * 结束充电 (confirmation; unused money refunded by the rule), 二维码, 充电记录, 远程充电记录. While charging the
 * detail and the chart refresh every 30 s (only while the page is visible).
 */

/** The remote-start dialog (a bottom sheet). */
const StartSheet = observer(function StartSheet({
  store,
  open,
  onClose,
}: {
  store: SocketDetailStore;
  open: boolean;
  onClose: () => void;
}) {
  const [minutes, setMinutes] = useState<number | null>(null);
  const [reason, setReason] = useState<RemoteReason | null>(null);
  const [remark, setRemark] = useState('');
  const choices = remoteMinuteChoices(store.detail.data?.maxMinutes ?? 720);
  const submit = async () => {
    const problem = remoteStartError({ minutes, reason, remark });
    if (problem || minutes === null || reason === null) {
      toast(problem ?? '请选择原因');
      return;
    }
    if (!(await confirm('远程启动', store.startConfirmText(minutes)))) return;
    const answer = await store.start({ minutes, reason, remark });
    if (answer?.status === 1) {
      onClose();
      toast('启动指令已下发');
      setTimeout(() => void store.load(), 3000);
    } else if (answer?.status === 4) {
      onClose();
      void store.load();
      await showAlert({ title: '启动失败', html: answer.failReason ?? '设备未响应' });
    }
  };
  return (
    <Popup visible={open} onMaskClick={onClose} bodyClassName={setup.sheet}>
      <div data-testid="remote-start-sheet">
        <h3>远程启动</h3>
        <p>充电时长</p>
        <Selector
          columns={3}
          options={choices.map((m) => ({ label: `${m}分钟`, value: m }))}
          value={minutes === null ? [] : [minutes]}
          onChange={(v) => setMinutes(v[0] ?? null)}
        />
        <p>原因</p>
        <Radio.Group value={reason ?? undefined} onChange={(v) => setReason(v as RemoteReason)}>
          {REMOTE_REASONS.map((r) => (
            <div key={r.value} className={setup.choice}>
              <Radio value={r.value}>{r.label}</Radio>
            </div>
          ))}
        </Radio.Group>
        <div className={setup.field}>
          <label htmlFor="remote-remark">备注</label>
          <Input
            id="remote-remark"
            name="remark"
            placeholder={reason === 4 ? '请填写远程启动原因（2-30字）' : '如：用户支付失败补电（选填）'}
            maxLength={30}
            value={remark}
            onChange={setRemark}
          />
        </div>
        <div className={setup.footer}>
          <Button onClick={onClose}>取消</Button>
          <Button color="primary" loading={store.busy} disabled={store.busy} onClick={() => void submit()}>
            确定启动
          </Button>
        </div>
      </div>
    </Popup>
  );
});

const PowerChartCard = observer(function PowerChartCard({ store }: { store: SocketDetailStore }) {
  const chart = store.chart;
  const points = powerPoints(chart);
  return (
    <section className={setup.card} data-testid="power-chart">
      <h2>功率曲线</h2>
      {points.length === 0 ? (
        <p className={styles.chartEmpty}>暂无充电数据</p>
      ) : (
        <>
          <div className={styles.chartLabels}>
            <span data-testid="power-max">最大 {chart?.maxPower ?? '--'}W</span>
            <span data-testid="power-avg">平均 {chart?.avgPower ?? '--'}W</span>
          </div>
          <Suspense fallback={<Skeleton className={styles.chartSkeleton} animated />}>
            <LazyLineChart
              key={store.detail.data?.currentOrder?.orderNo}
              points={points}
              title="功率曲线"
              tooltip={(p) => `${p.label} ${p.value}W`}
              testId="power-chart-plot"
            />
          </Suspense>
        </>
      )}
    </section>
  );
});

const SocketInfoPage = observer(function SocketInfoPage({ chargerId }: { chargerId: number }) {
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const { session } = useStores();
  const store = useScreenStore(socketDetailStore, chargerId);
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    void store.load();
  }, [store]);
  useLivePoller(() => store.load(), SOCKET_REFRESH_MS, store.charging);
  useLeaveWhen(store.detail.failed && !store.detail.data, href('site'));
  const d = store.detail.data;
  if (!d) {
    return (
      <main className={setup.page} aria-busy="true">
        <div className={setup.notice}>
          <SpinLoading color="primary" />
        </div>
      </main>
    );
  }
  const order = d.currentOrder;
  const stop = async () => {
    if (!(await confirm('结束充电', '确定结束当前充电？未用金额将按规则退还用户', '结束充电'))) return;
    const refund = await store.stop();
    if (refund !== null) toast('已结束充电');
  };
  // Each link only for a role that may open what it leads to (issue 30: a builder, without order:view, was offered
  // 充电记录): the charging records need order:view, the remote records remote:charge (the sandbox's own checks).
  const links = [
    { to: href('socketQrcode', { boxId: d.boxId }), label: '二维码', allowed: true },
    {
      to: href('chargerRecordList', { chargerId: d.chargerId }),
      label: '充电记录',
      allowed: session.can('order:view'),
    },
    {
      to: href('remoteRecords', { serialNumber: d.serialNumber }),
      label: '远程充电记录',
      remember: true,
      allowed: session.can('remote:charge'),
    },
  ].filter((l) => l.allowed && isBuilt(l.to));
  return (
    <main className={setup.page}>
      <section className={setup.card} data-testid="socket-header">
        <div className={setup.cellHead}>
          <h2 style={{ margin: 0 }} data-testid="socket-title">
            {d.serialNumber}-{d.socketNo}
          </h2>
          <SocketStatusTag status={d.status} />
        </div>
        <p className={setup.hint} style={{ color: 'var(--text-secondary)' }}>
          {d.boxRemark || '未备注'} · {d.siteName}
        </p>
      </section>
      {order && (
        <section className={setup.card} data-testid="socket-order">
          <h2>当前订单</h2>
          <DetailRows
            rows={[
              { label: '订单号', value: order.orderNo, testId: 'socket-order-no' },
              { label: '支付方式', value: PAY_TYPE_NAMES[order.payType] ?? '--' },
              { label: '支付金额', value: <Money fen={order.amount} /> },
              { label: '开始时间', value: formatTime(order.startTime) },
              { label: '已充', value: `${order.durationMinutes} 分钟` },
              { label: '剩余', value: `${order.remainMinutes} 分钟` },
              { label: '已用电', value: `${formatKwh(order.energyWh)} kWh`, testId: 'socket-energy' },
              { label: '当前功率', value: `${d.power} W`, testId: 'socket-power' },
              { label: '用户', value: order.userPhone || '--' },
            ]}
          />
        </section>
      )}
      <PowerChartCard store={store} />
      {d.todayIncome === undefined ? (
        // a login without income:view (a builder) is sent neither today's orders nor income: only the last charge's end
        <section className={setup.card}>
          <h2>上次结束</h2>
          <p data-testid="socket-last-end">
            {d.lastOrderEndTime ? formatTime(d.lastOrderEndTime, 'YYYY-MM-DD HH:mm') : '暂无充电'}
          </p>
        </section>
      ) : (
        <section className={setup.card}>
          <h2>今日</h2>
          <Figures
            testId="socket-today"
            items={[
              { label: '订单', value: d.todayOrderCount ?? '--' },
              { label: '收入', value: <Money fen={d.todayIncome} /> },
              { label: '上次结束', value: d.lastOrderEndTime ? formatTime(d.lastOrderEndTime, 'MM-DD HH:mm') : '--' },
            ]}
          />
        </section>
      )}
      {d.canControl && (
        <div className={setup.footer}>
          <Button color="primary" disabled={!store.canStart || store.busy} onClick={() => setStarting(true)}>
            远程启动
          </Button>
          <Button color="danger" disabled={!store.canStop || store.busy} onClick={() => void stop()}>
            结束充电
          </Button>
        </div>
      )}
      {links.length > 0 && (
        <div className={styles.links} data-testid="socket-links">
          {links.map((l) => (
            <Button
              key={l.to}
              color="primary"
              fill="outline"
              onClick={() => {
                if (l.remember) store.rememberSerial();
                void navigate(l.to);
              }}
            >
              {l.label}
            </Button>
          ))}
        </div>
      )}
      <StartSheet key={String(starting)} store={store} open={starting} onClose={() => setStarting(false)} />
    </main>
  );
});

/** The route: ?chargerId=. */
export default function SocketInfo() {
  const query = useRouteQuery('socketInfo');
  useLeaveWhen(query === null, href('site'), '缺少插座参数');
  return query && <SocketInfoPage chargerId={query.chargerId} />;
}
