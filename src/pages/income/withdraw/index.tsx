import { Input } from 'antd-mobile';
import { ActionLink, RowLink } from '@/components/links';
import { ExclamationCircleOutline, RightOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { confirm, toast } from '@/components/feedback';
import { useIsBuilt } from '@/components/route-availability';
import { href } from '@/config/routes';
import { settings } from '@/config/env';
import { telHref } from '@/lib/safe-url';
import { WITHDRAW_MIN_AMOUNT } from '@/api/income-rules';
import { formatFen } from '@/lib/money';
import { BankLogo, Block, cardLabel, Failed, Loading, Page } from '@/sections/income/parts';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { BLOCK_ACTIONS, withdrawStore, type WithdrawStore } from '@/stores/screens/income/withdraw';
import styles from './withdraw.module.css';

/**
 * /income/withdraw — 提现 (D-income.md §2 "/income/withdraw"): the blocked state with its one action by reasonCode
 * (去绑卡, 去签约, 去开户, 去验证, 去缴费, 联系客服; text only for the daily limit and the settlement window), or the form:
 * 到账账户 (channel 1: tap to choose on /income/bank; channel 2: the settlement card and 更换结算卡), the amount with
 * 全部提现, the live fee line and 实际到账, the SMS code, 确认提现 (confirmed, exactly once) and the rules.
 */

const Blocked = observer(function Blocked({ store }: { store: WithdrawStore }) {
  const isBuilt = useIsBuilt();
  const { signInfo } = useStores();
  const navigate = useNavigate();
  const state = store.state.data;
  if (!state) return null;
  const action = BLOCK_ACTIONS[state.reasonCode] ?? null;
  const target =
    action && action.route !== 'tel'
      ? action.route === 'bankAdd'
        ? href('bankAdd', { from: 'withdraw' })
        : href(action.route)
      : null;
  const tel = action?.route === 'tel' ? telHref(settings.servicePhone) : '';
  return (
    <div className={styles.blocked} data-testid="withdraw-blocked">
      <ExclamationCircleOutline className={styles.blockedIcon} />
      <p className={styles.blockedReason} data-testid="withdraw-blocked-reason">
        {state.reason}
        {state.reasonCode === 5 && ` 欠费 ${formatFen(state.oweAmount)}`}
      </p>
      {target && isBuilt(target) && (
        <Button
          color="primary"
          onClick={() => {
            // The onboarding screens return here when done (D-income.md §0.8 sign info backUrl / kybBackUrl).
            if (action?.route === 'signAgree') signInfo.update({ backUrl: href('withdraw') });
            if (action?.route === 'kybCheck') signInfo.update({ kybBackUrl: href('withdraw') });
            void navigate(target);
          }}
          data-testid="withdraw-blocked-action"
        >
          {action?.label}
        </Button>
      )}
      {tel && (
        <a className={styles.tel} href={tel}>
          联系客服
        </a>
      )}
      {!target && !tel && <Button onClick={() => void navigate(-1)}>返回</Button>}
    </div>
  );
});

const CardCell = observer(function CardCell({ store }: { store: WithdrawStore }) {
  const isBuilt = useIsBuilt();
  const card = store.card;
  const body = (
    <>
      <BankLogo url={card?.bankLogo} />
      <div className={styles.cardText}>
        {card ? (
          <>
            <b data-testid="withdraw-card">{cardLabel(card)}</b>
            <span>户名 {card.holderName}</span>
          </>
        ) : (
          <span className={styles.muted}>请选择到账账户</span>
        )}
      </div>
    </>
  );
  if (store.channel === 2)
    return (
      <div className={styles.cardCell}>
        {body}
        {isBuilt(href('exchangeBank')) && (
          <ActionLink to={href('exchangeBank')} className={styles.link}>
            更换结算卡
          </ActionLink>
        )}
      </div>
    );
  return (
    <RowLink to={href('bank', { select: 1 })} className={styles.cardCell} data-testid="withdraw-choose-card">
      {body}
      <RightOutline />
    </RowLink>
  );
});

const Withdraw = observer(function Withdraw() {
  const store = useScreenStore(withdrawStore);
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  // Taps from the first one until the answer has been handled (the confirmation included) are ignored (D §0.5).
  const inFlight = useRef(false);
  useEffect(() => {
    void store.load();
    return () => store.dispose();
  }, [store]);

  if (store.state.failed || store.balance.failed) return <Failed onRetry={() => void store.load()} />;
  if (store.loading) return <Loading />;
  const records = store.channel === 2 ? href('withdrawHistory') : href('withdrawList');
  const header = isBuilt(records) && (
    <div className={styles.top}>
      <ActionLink to={records} className={styles.link}>
        提现记录
      </ActionLink>
    </div>
  );
  if (!store.state.data?.withdrawable)
    return (
      <Page testId="withdraw-page">
        {header}
        <Blocked store={store} />
      </Page>
    );
  const terms = store.terms.data;

  const sendCode = async () => {
    const message = await store.sendCode();
    if (message) toast(message);
  };
  const submit = async () => {
    const error = store.error;
    if (error) {
      toast(error);
      return;
    }
    if (!(await confirm('提现确认', store.confirmText, '确认提现'))) return;
    const answer = await store.apply();
    if (!answer) return;
    if ('message' in answer) {
      toast(answer.message);
      return;
    }
    void navigate(href('cashResult', { id: answer.withdrawId, from: 'apply' }), { replace: true });
  };
  const tap = () => {
    if (inFlight.current || store.submit.busy) return;
    inFlight.current = true;
    void submit().finally(() => {
      inFlight.current = false;
    });
  };

  return (
    <Page testId="withdraw-page">
      {header}
      <Block title="到账账户">
        <CardCell store={store} />
      </Block>
      <Block title="提现金额">
        <div className={styles.amountRow}>
          <span className={styles.yuan}>¥</span>
          <Input
            name="amount"
            className={styles.amount}
            inputMode="decimal"
            placeholder={`最低提现${formatFen(terms?.minAmount ?? WITHDRAW_MIN_AMOUNT)}`}
            value={store.amountText}
            onChange={(v) => store.setAmount(v)}
          />
        </div>
        <div className={styles.availableRow}>
          <span data-testid="withdraw-available">可提现余额 {formatFen(store.available)}</span>
          <button type="button" className={styles.link} onClick={() => store.withdrawAll()}>
            全部提现
          </button>
        </div>
        <p className={styles.fee} data-testid="withdraw-fee">
          {store.feeLine}
        </p>
        <p className={styles.actual}>
          实际到账 <b data-testid="withdraw-actual">{formatFen(store.actual)}</b>
        </p>
      </Block>
      <Block title="短信验证码">
        <p className={styles.muted}>验证码将发送至 {store.mode.data?.phone}</p>
        <div className={styles.codeRow}>
          <Input
            name="code"
            inputMode="numeric"
            placeholder="请输入6位验证码"
            value={store.code}
            onChange={(v) => store.setCode(v)}
          />
          <Button
            size="small"
            disabled={store.sms.left > 0}
            loading={store.sms.sending}
            onClick={() => void sendCode()}
          >
            {store.sms.label}
          </Button>
        </div>
      </Block>
      <Button
        block
        color="primary"
        size="large"
        data-testid="withdraw-submit"
        disabled={!store.filled || store.submit.busy}
        loading={store.submit.sending}
        onClick={tap}
      >
        确认提现
      </Button>
      <p className={styles.muted}>
        {store.channel === 2 ? '预计2小时内到账（节假日可能延迟）' : '预计1-3个工作日到账'}
      </p>
      {terms && (
        <p className={styles.rules}>
          单笔{formatFen(terms.minAmount)}-{formatFen(terms.maxAmount)}，每日最多{terms.dailyLimit}次；每月前
          {terms.freeCount}次免手续费；提现失败的金额将原路退回可提现余额
        </p>
      )}
    </Page>
  );
});

export default Withdraw;
