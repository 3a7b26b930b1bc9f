import { observer } from 'mobx-react-lite';
import { ActionLink } from '@/components/links';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { toast } from '@/components/feedback';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import {
  Card,
  Failed,
  Loading,
  ORDER_TYPE_LABELS,
  PERIOD_TAGS,
  SettlePage,
  StatusTag,
} from '@/sections/home/settlement';
import s from '@/sections/home/settlement.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { feePeriodStore } from '@/stores/screens/home/settlement';

/**
 * /platformfee/settleDetail — 往期结算详情 (A-shell-home-settlement.md §5): one closed period — status and 本期应缴, the
 * breakdown (设备分期款, 平台服务费, 分账扣款 with its count, 欠费, 已补缴), the cycle and settle time, the back payments
 * (hidden when none), the first 5 deductions with 查看全部扣款明细, and 去缴费 while 欠费. A missing `instalmentId`
 * toasts 参数错误 and goes back.
 */

const PAY_WAYS: Record<1 | 2, string> = { 1: '支付宝', 2: '微信支付' };

const Detail = observer(function Detail({ instalmentId }: { instalmentId: number }) {
  const store = useScreenStore(feePeriodStore, instalmentId);
  const navigate = useNavigate();
  useEffect(() => {
    void store.load();
  }, [store]);
  const d = store.detail.data;
  if (!d) return store.detail.failed ? <Failed onRetry={() => void store.load()} /> : <Loading />;
  const first = store.firstDeductions.data ?? [];
  return (
    <SettlePage testId="fee-detail">
      <Card>
        <div className={s.rowHead}>
          <span>第{d.periodNo}期</span>
          <StatusTag of={PERIOD_TAGS[d.status]} />
        </div>
        <span className={s.label}>本期应缴</span>
        <div className={s.big} data-testid="detail-due">
          {formatFen(d.dueAmount)}
        </div>
        <dl className={s.fields}>
          <dt>设备分期款</dt>
          <dd>{formatFen(d.deviceAmount)}</dd>
          <dt>平台服务费</dt>
          <dd>{formatFen(d.platformFeeAmount)}</dd>
          <dt>分账扣款</dt>
          <dd data-testid="detail-deducted">
            {formatFen(d.deductedAmount)}（{d.deductCount}笔）
          </dd>
          <dt>欠费</dt>
          <dd className={d.oweAmount > 0 ? s.danger : undefined} data-testid="detail-owe">
            {formatFen(d.oweAmount)}
          </dd>
          <dt>已补缴</dt>
          <dd>{formatFen(d.paidAmount)}</dd>
          <dt>周期</dt>
          <dd>
            {d.startDate} – {d.endDate}
          </dd>
          <dt>结算时间</dt>
          <dd>{d.settleTime ? formatTime(d.settleTime) : '—'}</dd>
        </dl>
        {d.status === 3 && (
          <Button block color="primary" onClick={() => void navigate(href('feeOwedDetail'))} data-testid="detail-pay">
            去缴费
          </Button>
        )}
      </Card>
      {d.payments.length > 0 && (
        <Card title="补缴记录">
          {d.payments.map((p) => (
            <div key={p.paymentId} className={s.rowLine}>
              <span>{formatTime(p.payTime)}</span>
              <b>{formatFen(p.amount)}</b>
              <span>{PAY_WAYS[p.payWay]}</span>
            </div>
          ))}
        </Card>
      )}
      <Card
        title="扣款明细"
        extra={
          <ActionLink to={href('platformFeeStageInfo', { instalmentId })} className={s.link} data-testid="detail-all">
            查看全部扣款明细
          </ActionLink>
        }
      >
        {first.length === 0 ? (
          <p className={s.muted}>{store.firstDeductions.pending ? '加载中…' : '暂无扣款明细'}</p>
        ) : (
          first.map((x) => (
            <div key={x.id} className={s.rowLine}>
              <span>{formatTime(x.createTime, 'MM-DD HH:mm')}</span>
              <span>{x.siteName}</span>
              <span>{ORDER_TYPE_LABELS[x.orderType]}</span>
              <span>订单金额 {formatFen(x.orderAmount)}</span>
              <b>扣款 {formatFen(x.deductAmount)}</b>
            </div>
          ))
        )}
      </Card>
    </SettlePage>
  );
});

export default function SettleDetail() {
  const query = useRouteQuery('platformFeeSettleDetail');
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (query || left.current) return;
    left.current = true;
    toast('参数错误');
    void navigate(-1);
  }, [query, navigate]);
  if (!query) return null;
  return <Detail instalmentId={query.instalmentId} />;
}
