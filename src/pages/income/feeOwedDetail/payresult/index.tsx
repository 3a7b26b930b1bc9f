import { SpinLoading } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { useLeaveWhen, useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { Page } from '@/sections/income/parts';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { payResultStore } from '@/stores/screens/income/fee-owed';
import styles from './payresult.module.css';

/**
 * /income/feeOwedDetail/payresult — 支付结果 (D-income.md §3): what the server says of the payment (queryPayResult,
 * polled every 2 s up to 15 times while 待支付; the server asks the platform when its notification has not come):
 * 缴费成功 with its rows and `提现功能已恢复` when nothing is owed any more, 支付失败 / 缴费单已关闭 with 重新缴费, or
 * still confirming with 刷新. 完成 goes to the settlement screen of the account's settleMode.
 */

const Result = observer(function Result({ paymentId }: { paymentId: number }) {
  const store = useScreenStore(payResultStore, paymentId);
  const root = useStores();
  const navigate = useNavigate();
  useEffect(() => {
    store.start();
    return () => store.dispose();
  }, [store]);
  const r = store.result.data;
  const settleMode = root.session.extendPermission?.settleMode ?? 1;
  const again = () => void navigate(href('feeOwedDetail'), { replace: true });
  if (!r || (r.status === 0 && !store.gaveUp))
    return (
      <Page testId="pay-result">
        <div className={styles.hero}>
          <SpinLoading />
          <p>支付结果确认中…</p>
        </div>
      </Page>
    );
  if (r.status === 0)
    return (
      <Page testId="pay-result">
        <div className={styles.hero}>
          <ClockCircleFill className={styles.wait} />
          <p>支付结果确认中，请稍后刷新或在缴费记录中查看</p>
          <Button onClick={() => store.start()}>刷新</Button>
        </div>
      </Page>
    );
  if (r.status !== 1)
    return (
      <Page testId="pay-result">
        <div className={styles.hero}>
          <CloseCircleFill className={styles.fail} />
          <h2 data-testid="pay-result-title">{r.status === 3 ? '缴费单已关闭' : '支付失败'}</h2>
          {r.failReason && <p>{r.failReason}</p>}
          <Button color="primary" onClick={again}>
            重新缴费
          </Button>
        </div>
      </Page>
    );
  const content = [
    r.periodNos.length ? `第${r.periodNos.join('、')}期平台费` : '',
    r.arrearsIds.length ? `${r.arrearsIds.length}笔欠费` : '',
  ]
    .filter(Boolean)
    .join('及');
  return (
    <Page testId="pay-result">
      <div className={styles.hero}>
        <CheckCircleFill className={styles.ok} />
        <h2 data-testid="pay-result-title">缴费成功</h2>
        <b className={styles.big}>{formatFen(r.amount)}</b>
        {r.remainingOweAmount === 0 && <p className={styles.okText}>提现功能已恢复</p>}
      </div>
      <dl className={styles.fields}>
        <dt>缴费内容</dt>
        <dd>{content}</dd>
        <dt>支付方式</dt>
        <dd>{r.payWay === 2 ? '微信支付' : '支付宝'}</dd>
        <dt>支付时间</dt>
        <dd>{formatTime(r.payTime)}</dd>
        <dt>支付单号</dt>
        <dd data-testid="pay-result-no">{r.paymentNo}</dd>
        <dt>交易号</dt>
        <dd>{r.tradeNo ?? '--'}</dd>
      </dl>
      <Button
        block
        color="primary"
        onClick={() => void navigate(settleMode === 2 ? href('platformFeeCurrent') : href('stages'), { replace: true })}
      >
        完成
      </Button>
    </Page>
  );
});

const PayResult = observer(function PayResult() {
  const query = useRouteQuery('feeOwedPayResult');
  useLeaveWhen(!query, href('feeOwedDetail'));
  if (!query) return null;
  return <Result paymentId={query.paymentId} />;
});

export default PayResult;
