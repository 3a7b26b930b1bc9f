import { Input, Popup, Radio, Skeleton, Tag, TextArea } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, type ReactNode } from 'react';
import {
  CHARGE_MODE_LABELS,
  END_REASON_LABELS,
  ORDER_STATUS_LABELS,
  PAY_TYPE_LABELS,
  REFUND_REASONS,
  REFUND_STATUS_LABELS,
  type OrderDetail,
} from '@/api/orders';
import { Button } from '@/components/button';
import { confirm, toast } from '@/components/feedback';
import { LazyLineChart } from '@/components/lazy-line-chart';
import { Money } from '@/components/money';
import { useRouteQuery } from '@/components/route-query';
import { formatFen } from '@/lib/money';
import { formatKwh, formatMinutes, formatTime } from '@/lib/time';
import { BottomBar, DetailFailed, DetailLoading, Field } from '@/sections/mine/card-parts';
import styles from '@/sections/mine/riders.module.css';
import { useScreenStore } from '@/stores/screen-store';
import {
  CHARGING_REFRESH_MS,
  chargerRecordInfoStore,
  curvePoints,
  type ChargerRecordInfoStore,
} from '@/stores/screens/mine/charger-record-info';
import local from './charger-record-info.module.css';

/**
 * /mine/chargerRecord-info — 充电记录详情 (C-mine.md chargerRecord-info; Business rules 12–13): the status banner and
 * 实付; 订单信息 (order number with copy, times, pay type and payment serial, the rider masked, card, site, box,
 * socket); 充电信息 (mode, preset, start / end, duration, energy kWh, max power, end reason); 费用 (order amount,
 * discount with its text, paid, consumed, refunded, the refunds); the power curve on the lazy chart chunk with its
 * own placeholder ("暂无功率数据" when empty). 退款 (when the order allows it and the caller holds order:refund) opens
 * the sheet — amount (default the refundable amount), reason, 下一步 — then the one confirmation (确认退款 ¥x？; the sheet
 * says 退款中 only once it is confirmed, MoneyAction.sending), then orderRefund exactly once
 * (toast "退款已提交", the order reloads). A charging order reloads every 30 s while shown.
 */

const BANNER_TONES: Record<number, string | undefined> = { 1: local.charging, 3: local.refunded, 4: local.refunded };

/**
 * One 标签 / 值 row. `ident` marks a value that is one long identifier (the 24-character order number, the 28-digit
 * payment serial): when it does not fit beside its label (320 px) it moves whole to its own line instead of breaking
 * inside the number.
 */
type Row = { label: string; value: ReactNode; testId?: string; ident?: boolean };

function Rows({ rows }: { rows: Row[] }) {
  return (
    <dl className={styles.rows}>
      {rows.map((r) => (
        <div key={r.label} className={r.ident ? `${styles.row} ${styles.ident}` : styles.row}>
          <dt>{r.label}</dt>
          <dd data-testid={r.testId}>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast('已复制');
  } catch {
    toast('复制失败，请长按选择');
  }
}

function preset(d: OrderDetail): string {
  const parts = [
    d.presetMinutes ? formatMinutes(d.presetMinutes) : null,
    d.presetAmount ? formatFen(d.presetAmount) : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' / ') : '--';
}

const PowerCurve = observer(function PowerCurve({ store }: { store: ChargerRecordInfoStore }) {
  const chart = store.chart;
  const points = curvePoints(chart.data);
  let body: ReactNode;
  if (chart.failed) {
    body = (
      <p className={styles.muted}>
        功率曲线加载失败{' '}
        <Button size="mini" fill="none" color="primary" onClick={() => void chart.load()}>
          重试
        </Button>
      </p>
    );
  } else if (!chart.data) {
    body = <Skeleton className={local.chartSkeleton} animated />;
  } else if (points.length === 0) {
    body = <p className={styles.muted}>暂无功率数据</p>;
  } else {
    body = (
      <>
        <p className={styles.muted} data-testid="power-figures">
          最大 {chart.data.maxPower}W · 平均 {chart.data.avgPower}W
        </p>
        <Suspense fallback={<Skeleton className={local.chartSkeleton} animated />}>
          <LazyLineChart
            key={points.length}
            points={points}
            title="功率曲线"
            tooltip={(p) => `${p.label} ${p.value}W`}
            testId="order-power-chart"
          />
        </Suspense>
      </>
    );
  }
  return (
    <section className={styles.card} data-testid="power-curve">
      <h2>功率曲线</h2>
      {body}
    </section>
  );
});

const RefundSheet = observer(function RefundSheet({ store }: { store: ChargerRecordInfoStore }) {
  const d = store.detail.data;
  const submit = async () => {
    const refusal = store.sheetError;
    if (refusal) {
      toast(refusal);
      return;
    }
    const answer = await store.submit((text) => confirm('确认退款', text, '确认退款'));
    if (answer) toast('退款已提交');
  };
  return (
    <Popup visible={store.sheetOpen} onMaskClick={() => store.closeSheet()} onClose={() => store.closeSheet()}>
      <div className={styles.sheet} data-testid="refund-sheet">
        <h3>退款</h3>
        <p className={styles.muted}>可退金额 {formatFen(d?.refundableAmount)}</p>
        <Field label="退款金额" required>
          <Input
            name="refundAmount"
            aria-label="退款金额（元）"
            type="text"
            inputMode="decimal"
            value={store.amountText}
            onChange={(v) => store.setAmount(v)}
          />
        </Field>
        <Radio.Group value={store.reasonChoice} onChange={(v) => store.setReason(String(v))}>
          {REFUND_REASONS.map((r) => (
            <div key={r} className={styles.field}>
              <Radio value={r}>{r}</Radio>
            </div>
          ))}
        </Radio.Group>
        {store.reasonChoice === '其他' && (
          <TextArea
            name="refundReason"
            aria-label="退款原因"
            placeholder="请填写退款原因（2-50个字）"
            value={store.otherText}
            maxLength={50}
            rows={2}
            onChange={(v) => store.setOther(v)}
          />
        )}
        <div className={styles.sheetFoot}>
          <Button onClick={() => store.closeSheet()}>取消</Button>
          <Button
            color="danger"
            data-testid="refund-submit"
            loading={store.refund.sending}
            loadingText="退款中"
            disabled={store.refund.busy}
            onClick={() => void submit()}
          >
            下一步
          </Button>
        </div>
      </div>
    </Popup>
  );
});

const OrderInfo = observer(function OrderInfo({ store }: { store: ChargerRecordInfoStore }) {
  useEffect(() => {
    void store.load();
  }, [store]);
  const charging = store.charging;
  useEffect(() => {
    if (!charging) return undefined;
    const timer = setInterval(() => void store.load(), CHARGING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [store, charging]);
  const d = store.detail.data;
  if (!d) {
    if (store.detail.failed) return <DetailFailed text="订单不存在或加载失败" onRetry={() => void store.load()} />;
    return <DetailLoading />;
  }
  const discount = store.discount.data;
  return (
    <main className={styles.page}>
      <section className={`${styles.card} ${local.banner} ${BANNER_TONES[d.status] ?? ''}`} data-testid="order-banner">
        <Tag color={d.status === 1 ? 'primary' : d.status === 2 ? 'success' : d.status === 5 ? 'default' : 'danger'}>
          {ORDER_STATUS_LABELS[d.status]}
        </Tag>
        <p className={local.paid}>
          实付 <Money fen={d.amount} />
        </p>
      </section>
      <section className={styles.card}>
        <h2>订单信息</h2>
        <Rows
          rows={[
            {
              label: '订单号',
              value: (
                <button type="button" className={local.copy} onClick={() => void copy(d.orderNo)}>
                  {d.orderNo} 复制
                </button>
              ),
              testId: 'order-no',
              ident: true,
            },
            { label: '下单时间', value: formatTime(d.createTime) },
            { label: '支付方式', value: PAY_TYPE_LABELS[d.payType] ?? '--', testId: 'order-pay-type' },
            ...(d.transactionNo ? [{ label: '支付流水号', value: d.transactionNo, ident: true }] : []),
            { label: '用户', value: [d.nickname, d.userPhone].filter(Boolean).join(' ') || '--' },
            ...(d.cardNo ? [{ label: '卡号', value: d.cardNo }] : []),
            { label: '站点', value: d.siteName },
            { label: '设备编号', value: d.serialNumber },
            { label: '充电口', value: `${d.socketNo}号口` },
          ]}
        />
      </section>
      <section className={styles.card}>
        <h2>充电信息</h2>
        <Rows
          rows={[
            { label: '计费方式', value: CHARGE_MODE_LABELS[d.chargeMode] ?? '--' },
            { label: '预设', value: preset(d) },
            { label: '开始时间', value: formatTime(d.startTime) },
            { label: '结束时间', value: d.endTime === null ? '充电中' : formatTime(d.endTime) },
            { label: '充电时长', value: formatMinutes(d.durationMinutes), testId: 'order-duration' },
            { label: '电量', value: `${formatKwh(d.energyWh)} kWh`, testId: 'order-energy' },
            { label: '最大功率', value: `${d.maxPowerW} W` },
            { label: '结束原因', value: d.endReason === null ? '--' : (END_REASON_LABELS[d.endReason] ?? '--') },
          ]}
        />
      </section>
      <section className={styles.card}>
        <h2>费用</h2>
        <Rows
          rows={[
            { label: '订单金额', value: <Money fen={d.originalAmount} /> },
            ...(discount && discount.discountType !== 0
              ? [{ label: '优惠', value: `-${formatFen(discount.discountAmount)}（${discount.desc}）` }]
              : []),
            { label: '实付', value: <Money fen={d.amount} /> },
            { label: '实际消费', value: <Money fen={d.consumeAmount} /> },
            { label: '已退款', value: <Money fen={d.refundAmount} />, testId: 'order-refunded' },
          ]}
        />
        {d.refunds.length > 0 && (
          <ul className={local.refunds} data-testid="order-refunds">
            {d.refunds.map((r) => (
              <li key={r.refundId}>
                <div className={styles.itemLine}>
                  <b className={styles.danger}>-{formatFen(r.refundAmount)}</b>
                  <span>{REFUND_STATUS_LABELS[r.status]}</span>
                </div>
                <div className={styles.itemLine}>
                  <span>{r.reason || '--'}</span>
                  <span className={styles.muted}>
                    {r.operatorName || '--'} · {formatTime(r.createTime)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <PowerCurve store={store} />
      {store.canRefund && (
        <BottomBar testId="order-actions">
          <span className={styles.barText}>可退 {formatFen(d.refundableAmount)}</span>
          <Button color="danger" data-testid="refund-open" onClick={() => store.openSheet()}>
            退款
          </Button>
        </BottomBar>
      )}
      <RefundSheet store={store} />
    </main>
  );
});

export default function ChargerRecordInfo() {
  const query = useRouteQuery('chargerRecordInfo');
  if (!query) return <DetailFailed text="缺少订单参数" onRetry={() => window.history.back()} />;
  return <OrderInfoFor orderId={query.orderId} />;
}

function OrderInfoFor({ orderId }: { orderId: number }) {
  const store = useScreenStore(chargerRecordInfoStore, orderId);
  return <OrderInfo store={store} />;
}
