import { Checkbox, PullToRefresh } from 'antd-mobile';
import { ActionLink } from '@/components/links';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { confirm, toast } from '@/components/feedback';
import { useRouteQuery } from '@/components/route-query';
import { useIsBuilt } from '@/components/route-availability';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { Failed, Loading, Page } from '@/sections/income/parts';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { feeOwedStore, SOURCE_LABELS, unpaidOf, type FeeOwedStore } from '@/stores/screens/income/fee-owed';
import styles from './fee-owed.module.css';

/**
 * /income/feeOwedDetail — 欠费详情 (D-income.md §3): the head card (欠费合计, 共n期, the explanation by settleMode),
 * the pending-payment bar (mm:ss until it closes; 继续支付 re-opens the same payment, 查看结果), the platform-fee periods
 * and the arrears records with checkboxes (oldest-first rule), and the fixed footer (全选, 合计, 微信支付 in WeChat /
 * 支付宝支付 in Alipay). Paying asks first, then opens the app's own cashier once; the result page asks the server.
 */

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

const PendingBar = observer(function PendingBar({
  store,
  onContinue,
}: {
  store: FeeOwedStore;
  onContinue: () => void;
}) {
  const pending = store.info.data?.pendingPayment ?? null;
  const now = useNow(pending !== null);
  if (!pending) return null;
  const left = Math.max(0, Math.floor((pending.expireTime - now) / 1000));
  const mmss = `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
  return (
    <div className={styles.pending} data-testid="fee-pending">
      <span>
        您有一笔待支付的缴费单 {formatFen(pending.amount)}，{mmss}后自动关闭
      </span>
      <div className={styles.pendingActions}>
        <Button size="mini" color="primary" onClick={onContinue}>
          继续支付
        </Button>
        <ActionLink to={href('feeOwedPayResult', { paymentId: pending.paymentId })} className={styles.link}>
          查看结果
        </ActionLink>
      </div>
    </div>
  );
});

const FeeOwed = observer(function FeeOwed() {
  const store = useScreenStore(feeOwedStore);
  const root = useStores();
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const inFlight = useRef(false);
  const query = useRouteQuery('feeOwedDetail');
  const instalmentId = query?.instalmentId;
  const arrearsId = query?.arrearsId;
  useEffect(() => {
    void store.load({
      ...(instalmentId === undefined ? {} : { instalmentId }),
      ...(arrearsId === undefined ? {} : { arrearsId }),
    });
  }, [store, instalmentId, arrearsId]);

  if (store.info.failed || store.arrears.failed) return <Failed onRetry={() => void store.load()} />;
  if (!store.loaded) return <Loading />;
  if (store.nothingOwed)
    return (
      <Page testId="fee-owed">
        <div className={styles.none} data-testid="fee-none">
          <p>暂无欠费，无需缴费</p>
          <Button onClick={() => void navigate(-1)}>返回</Button>
        </div>
      </Page>
    );

  const settleMode = root.session.extendPermission?.settleMode ?? 1;
  const wechat = root.platform.name === 'wechat';
  const run = (pending: boolean) => {
    if (inFlight.current || store.payment.busy) return;
    inFlight.current = true;
    void (async () => {
      try {
        if (!pending) {
          if (store.selectedTotal <= 0) {
            toast('请选择缴费期次');
            return;
          }
          if (
            !(await confirm(
              '确认缴费',
              `确认缴纳${store.selectionText}共 ${formatFen(store.selectedTotal)}？`,
              '去支付',
            ))
          )
            return;
        }
        const step = await store.pay(pending);
        if (!step) return;
        if (step.kind === 'paid') {
          void navigate(href('feeOwedPayResult', { paymentId: step.paymentId }), { replace: true });
        } else if (step.kind === 'cancel') toast('已取消支付');
        else if (step.kind === 'fail') toast('支付失败，请重试');
        else toast(step.message);
      } finally {
        inFlight.current = false;
      }
    })();
  };
  const records = settleMode === 2 ? href('platformFeeRecords') : href('stagesList');

  return (
    <Page testId="fee-owed">
      <PullToRefresh onRefresh={() => store.load()}>
        {isBuilt(records) && (
          <div className={styles.top}>
            <ActionLink to={records} className={styles.link}>
              缴费记录
            </ActionLink>
          </div>
        )}
        <section className={styles.head}>
          <span>欠费合计</span>
          <b className={styles.big} data-testid="fee-total">
            {formatFen(store.owedTotal)}
          </b>
          <span>共{store.periods.length + store.records.length}期</span>
          {store.periods.length > 0 && (
            <p>平台费在结算日未通过分账扣满的部分计为欠费。缴清前暂停提现，逾期可能暂停站点分账服务。</p>
          )}
          {store.records.some((r) => r.source !== 3) && (
            <p>分期结算日冻结金额不足的部分计为欠费，将优先从后续收入中冻结扣除；缴清前暂停提现，可立即在线缴清。</p>
          )}
          {store.records.some((r) => r.source === 3) && <p>SIM卡月租冻结不足的部分计为欠费，缴清前暂停提现。</p>}
        </section>
        <PendingBar store={store} onContinue={() => run(true)} />
        {store.periods.length > 0 && (
          <section className={styles.group}>
            <h2>平台费</h2>
            {store.periods.map((p, i) => (
              <div key={p.instalmentId} className={styles.item} data-testid={`fee-period-${p.instalmentId}`}>
                <Checkbox checked={store.periodsChecked.has(p.instalmentId)} onChange={() => store.togglePeriod(i)} />
                <div className={styles.itemText}>
                  <b>第{p.periodNo}期 平台费</b>
                  <span>
                    {p.startDate} 至 {p.endDate}
                  </span>
                  <span>
                    应缴 {formatFen(p.dueAmount)} · 已分账 {formatFen(p.deductedAmount)}
                  </span>
                </div>
                <b className={styles.owe}>{formatFen(p.oweAmount)}</b>
              </div>
            ))}
          </section>
        )}
        {store.records.length > 0 && (
          <section className={styles.group}>
            <h2>欠费记录</h2>
            {store.records.map((r, i) => (
              <div key={r.id} className={styles.item} data-testid={`fee-arrears-${r.id}`}>
                <Checkbox checked={store.arrearsChecked.has(r.id)} onChange={() => store.toggleRecord(i)} />
                <div className={styles.itemText}>
                  <b>
                    {r.cycle} {SOURCE_LABELS[r.source]}
                  </b>
                  <span>
                    {r.source === 3 ? `${r.deviceCount ?? 0}台设备` : `${r.planNo ?? ''} ${r.siteName ?? ''}`}
                  </span>
                  <span>
                    欠费 {formatFen(r.amount)} · 已追缴 {formatFen(r.repaidAmount)}
                  </span>
                </div>
                <b className={styles.owe}>{formatFen(unpaidOf(r))}</b>
              </div>
            ))}
          </section>
        )}
      </PullToRefresh>
      <footer className={styles.footer}>
        <Checkbox checked={store.allChecked} onChange={() => store.toggleAll()}>
          全选
        </Checkbox>
        <span className={styles.sum}>
          合计 <b data-testid="fee-selected">{formatFen(store.selectedTotal)}</b>
        </span>
        <Button
          color={wechat ? 'success' : 'primary'}
          data-testid="fee-pay"
          disabled={store.payment.busy}
          loading={store.payment.sending}
          onClick={() => run(false)}
        >
          {wechat ? '微信支付' : '支付宝支付'}
        </Button>
      </footer>
    </Page>
  );
});

export default FeeOwed;
