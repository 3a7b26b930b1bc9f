import { Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { getHeldCharges, type HeldChargeOrder, type HeldPage } from '@/api/compact';
import { HELD_STATUS_LABELS } from '@/api/order-rules';
import { PagedList } from '@/components/paged-list';
import { EntryLink } from '@/components/route-availability';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import c from '@/sections/home/compact.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { compactStore, daysLeft, HELD_EMPTY } from '@/stores/screens/home/compact';

/**
 * /compact/index/order-list — the held charging orders of the chosen status (A §6): order number, site, box and socket,
 * masked rider, 微信/支付宝, amount, pay time, status; 待签约 rows count down to their return (red within 3 days),
 * 已补结算 rows show when they were settled, 已退回 when returned. A row opens the order.
 */

function HeldStatusLine({
  o,
  now,
}: {
  o: { settleStatus: 2 | 3 | 4; deadline: number | null; settleTime: number | null; returnTime: number | null };
  now: number;
}) {
  if (o.settleStatus === 2 && o.deadline) {
    const n = daysLeft(o.deadline, now);
    return <span className={n <= 3 ? c.urgent : undefined}>{n}天后原路退回</span>;
  }
  if (o.settleStatus === 3) return <span>补结算 {formatTime(o.settleTime)}</span>;
  if (o.settleStatus === 4) return <span>退回 {formatTime(o.returnTime)}</span>;
  return null;
}

function Row({ o, now }: { o: HeldChargeOrder; now: number }) {
  return (
    <EntryLink to={href('chargerRecordInfo', { orderId: o.orderId })} className={c.row}>
      <div className={c.rowHead}>
        <span>{o.siteName}</span>
        <span>{formatFen(o.amount)}</span>
      </div>
      <div className={c.rowLine}>
        <span>{o.orderNo}</span>
        <span>
          {o.serialNumber} · {o.socketNo}号口
        </span>
      </div>
      <div className={c.rowLine}>
        <span>用户 {o.userPhone}</span>
        <span>{o.payType === 2 ? '支付宝' : '微信'}</span>
        <span>支付时间 {formatTime(o.payTime)}</span>
        <Tag fill="outline">{HELD_STATUS_LABELS[o.settleStatus]}</Tag>
        <HeldStatusLine o={o} now={now} />
      </div>
    </EntryLink>
  );
}

export default observer(function HeldOrders() {
  const store = useScreenStore(compactStore);
  return (
    <PagedList<HeldChargeOrder, HeldPage<HeldChargeOrder>>
      testId="held-orders"
      fetchPage={(pageNum, pageSize) => getHeldCharges(store.status, { pageNum, pageSize })}
      watch={[store.status]}
      itemKey={(o) => o.orderId}
      estimateSize={96}
      renderItem={(o) => <Row o={o} now={store.now} />}
      empty={<p className={c.empty}>{HELD_EMPTY[store.status]}</p>}
    />
  );
});
