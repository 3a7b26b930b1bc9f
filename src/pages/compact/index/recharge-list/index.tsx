import { Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { getHeldRecharges, type HeldPage, type HeldRecharge } from '@/api/compact';
import { CARD_TYPE_LABELS, type CardType } from '@/api/card-rules';
import { HELD_STATUS_LABELS } from '@/api/order-rules';
import { PagedList } from '@/components/paged-list';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import c from '@/sections/home/compact.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { compactStore, daysLeft, HELD_EMPTY } from '@/stores/screens/home/compact';

/**
 * /compact/index/recharge-list — the held online recharges of the chosen status (A §6): order number, card and its
 * type, site (area for area cards), amount (月卡 with its days), 微信/支付宝, pay time, status and the countdown; 已退回
 * rows show the amount returned.
 */

function Row({ o, now }: { o: HeldRecharge; now: number }) {
  let status = null;
  if (o.settleStatus === 2 && o.deadline) {
    const n = daysLeft(o.deadline, now);
    status = <span className={n <= 3 ? c.urgent : undefined}>{n}天后原路退回</span>;
  } else if (o.settleStatus === 3) status = <span>补结算 {formatTime(o.settleTime)}</span>;
  else if (o.settleStatus === 4) {
    status = (
      <span>
        退回 {formatTime(o.returnTime)} · 退回金额 {formatFen(o.returnAmount)}
      </span>
    );
  }
  return (
    <div className={c.row}>
      <div className={c.rowHead}>
        <span>
          {o.cardNo} · {CARD_TYPE_LABELS[o.cardType as CardType] ?? '卡'}
        </span>
        <span>
          {formatFen(o.amount)}
          {o.cardType === 2 && o.days ? ` · ${o.days}天` : ''}
        </span>
      </div>
      <div className={c.rowLine}>
        <span>{o.orderNo}</span>
        <span>{o.siteName}</span>
      </div>
      <div className={c.rowLine}>
        <span>{o.payType === 2 ? '支付宝' : '微信'}</span>
        <span>支付时间 {formatTime(o.payTime)}</span>
        <Tag fill="outline">{HELD_STATUS_LABELS[o.settleStatus]}</Tag>
        {status}
      </div>
    </div>
  );
}

export default observer(function HeldRecharges() {
  const store = useScreenStore(compactStore);
  return (
    <PagedList<HeldRecharge, HeldPage<HeldRecharge>>
      testId="held-recharges"
      fetchPage={(pageNum, pageSize) => getHeldRecharges(store.status, { pageNum, pageSize })}
      watch={[store.status]}
      itemKey={(o) => o.orderId}
      estimateSize={96}
      renderItem={(o) => <Row o={o} now={store.now} />}
      empty={<p className={c.empty}>{HELD_EMPTY[store.status]}</p>}
    />
  );
});
