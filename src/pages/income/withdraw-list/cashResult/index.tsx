import { PullToRefresh, Steps, Tag } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { toast } from '@/components/feedback';
import { useLeaveWhen, useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { WITHDRAW_STATUS_TEXT } from '@/api/withdraw';
import { Failed, Loading, Page } from '@/sections/income/parts';
import { STATUS_TAGS } from '@/sections/income/withdraw-row';
import { useScreenStore } from '@/stores/screen-store';
import { cashResultStore, RESULT_TITLES } from '@/stores/screens/income/cash-result';
import styles from './cash-result.module.css';

/**
 * /income/withdraw-list/cashResult — 提现结果 (D-income.md §2): the status head and amount, the three-node timeline
 * (发起提现 → 处理中 with the expected arrival → 到账成功, or the failure with the refund time), the fields (金额, 手续费
 * or 免费, 实际到账, 到账账户, 方式, 渠道, 单号 with long-press copy, times), 完成 after an application (→ /income, replace)
 * and 重新提现 for a failed or rejected one.
 */

const time = (ms: number | null | undefined) => (ms ? formatTime(ms) : '--');

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast('已复制');
  } catch {
    toast('复制失败');
  }
}

const Result = observer(function Result({ id, fromApply }: { id: number; fromApply: boolean }) {
  const store = useScreenStore(cashResultStore, id, fromApply);
  const navigate = useNavigate();
  useEffect(() => {
    void store.load();
    return () => store.dispose();
  }, [store]);
  const d = store.detail.data;
  if (!d) {
    if (store.detail.failed) return <Failed text="提现记录不存在" onRetry={() => void navigate(-1)} />;
    return <Loading />;
  }
  const failed = d.status === 4 || d.status === 5;
  const Icon = d.status === 3 ? CheckCircleFill : failed ? CloseCircleFill : ClockCircleFill;
  return (
    <Page testId="cash-result">
      <PullToRefresh onRefresh={() => store.load()}>
        <section className={styles.head}>
          <Icon className={failed ? styles.iconFail : d.status === 3 ? styles.iconOk : styles.iconWait} />
          <h2 data-testid="cash-result-title">{RESULT_TITLES[d.status]}</h2>
          <b className={styles.big}>{formatFen(d.amount)}</b>
        </section>
        <section className={styles.block}>
          <Steps direction="vertical" current={d.status === 3 ? 2 : failed ? 2 : 1}>
            <Steps.Step title="发起提现" description={time(d.applyTime)} />
            <Steps.Step
              title={WITHDRAW_STATUS_TEXT[d.status === 1 ? 1 : 2]}
              description={`${d.auditTime ? `${time(d.auditTime)} · ` : ''}预计${formatTime(d.expectTime, 'MM-DD HH:mm')}前到账`}
            />
            {failed ? (
              <Steps.Step
                status="error"
                title={`提现失败：${d.failReason ?? ''}`}
                description={d.refundTime ? `资金已于${time(d.refundTime)}退回可提现余额` : ''}
              />
            ) : (
              <Steps.Step title="到账成功" description={d.finishTime ? time(d.finishTime) : ''} />
            )}
          </Steps>
        </section>
        <section className={styles.block}>
          <dl className={styles.fields}>
            <dt>状态</dt>
            <dd data-testid="cash-result-status">
              <Tag color={STATUS_TAGS[d.status].color}>{STATUS_TAGS[d.status].text}</Tag>
            </dd>
            <dt>提现金额</dt>
            <dd>{formatFen(d.amount)}</dd>
            <dt>手续费</dt>
            <dd>{d.fee === 0 ? '免费' : formatFen(d.fee)}</dd>
            <dt>实际到账</dt>
            <dd data-testid="cash-result-actual">{formatFen(d.actualAmount)}</dd>
            <dt>到账账户</dt>
            <dd data-testid="cash-result-account">
              {d.bankName} {d.cardType === 2 ? '对公账户' : '储蓄卡'}({d.cardNoTail}) {d.holderName}
            </dd>
            <dt>提现方式</dt>
            <dd>{d.source === 2 ? '自动' : '手动'}</dd>
            <dt>提现渠道</dt>
            <dd>{d.channel === 2 ? '网商银行' : '平台钱包'}</dd>
            <dt>提现单号</dt>
            <dd
              data-testid="cash-result-no"
              onContextMenu={(e) => {
                e.preventDefault();
                void copy(d.withdrawNo);
              }}
            >
              {d.withdrawNo}
            </dd>
            <dt>申请时间</dt>
            <dd>{time(d.applyTime)}</dd>
            <dt>到账时间</dt>
            <dd>{time(d.finishTime)}</dd>
          </dl>
        </section>
        {failed && (
          <Button block color="primary" onClick={() => void navigate(href('withdraw'))}>
            重新提现
          </Button>
        )}
        {fromApply && (
          <Button block className={styles.done} onClick={() => void navigate(href('income'), { replace: true })}>
            完成
          </Button>
        )}
      </PullToRefresh>
    </Page>
  );
});

const CashResult = observer(function CashResult() {
  const query = useRouteQuery('cashResult');
  useLeaveWhen(!query, href('withdrawList'), '参数错误');
  if (!query) return null;
  return <Result id={query.id} fromApply={query.from === 'apply'} />;
});

export default CashResult;
