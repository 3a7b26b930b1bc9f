import { Input, PullToRefresh, Tag } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { confirm, showAlert, toast } from '@/components/feedback';
import { useIsBuilt } from '@/components/route-availability';
import { href } from '@/config/routes';
import { formatTime } from '@/lib/time';
import { Block, Failed, Loading, Page } from '@/sections/income/parts';
import styles from '@/sections/income/onboarding.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { KYB_PURPOSES, kybAmountError, kybCheckStore, type KybCheckStore } from '@/stores/screens/income/kyb-check';

/**
 * /income/KYBCheck — 对公打款验证 (D-income.md §5 "/income/KYBCheck"): the account card (name, masked number, bank and
 * branch, purpose tag) and the view of its kybStatus: 申请打款 (0 / 4 / 5, with the reason, disabled until
 * nextApplyTime after a recent one), 打款中 with 刷新 (1), the amount to report with the tries left and 未收到打款？ (2),
 * 验证成功 with 完成 (3), 打款失败 with 修改对公账户 (6).
 */

const NOT_RECEIVED_HTML =
  '<p>1. 请确认对公账号填写正确；</p><p>2. 请确认对公账户状态正常（未冻结、未销户）；</p>' +
  '<p>3. 银行入账可能延迟，最长1个工作日。</p>';

const Apply = observer(function Apply({ store }: { store: KybCheckStore }) {
  const state = store.state.data;
  if (!state) return null;
  const limited = store.rateLimited(Date.now());
  const apply = () => {
    void store.applyRemittance(() => confirm('申请打款', '确认向该对公账户发起打款验证？'));
  };
  return (
    <Block testId="kyb-apply">
      {state.kybStatus === 4 && <p className={styles.danger}>验证失败：{state.failReason ?? '验证次数已用完'}</p>}
      {state.kybStatus === 5 && <p className={styles.danger}>打款验证已过期，请重新申请</p>}
      <p className={styles.muted}>平台将通过网商银行向该账户转入一笔1元以下的随机金额，到账后请在48小时内回填</p>
      <Button
        block
        color="primary"
        data-testid="kyb-apply-button"
        disabled={limited || store.apply.busy}
        loading={store.apply.sending}
        onClick={apply}
      >
        {limited ? `${formatTime(state.nextApplyTime)}后可重新申请` : '申请打款'}
      </Button>
    </Block>
  );
});

const Report = observer(function Report({ store }: { store: KybCheckStore }) {
  const inFlight = useRef(false);
  const state = store.state.data;
  if (!state) return null;
  const submit = async () => {
    const error = kybAmountError(store.amountText);
    if (error) {
      toast(error);
      return;
    }
    const result = await store.submit();
    if (result === 'matched') toast('验证成功');
    else if (result) toast(result.message);
  };
  const tap = () => {
    if (inFlight.current || store.report.busy) return;
    inFlight.current = true;
    void submit().finally(() => {
      inFlight.current = false;
    });
  };
  return (
    <Block testId="kyb-report">
      <p className={styles.muted}>
        已于{formatTime(state.remitTime)}打款，请在{formatTime(state.expireTime)}
        前查询对公账户流水（付款方：浙江网商银行，附言含&ldquo;验证&rdquo;）
      </p>
      <div className={styles.amountRow}>
        <span>¥</span>
        <Input
          name="amount"
          aria-label="收到的打款金额"
          inputMode="decimal"
          placeholder="0.__"
          value={store.amountText}
          onChange={(v) => store.setAmount(v)}
        />
      </div>
      <p className={styles.muted} data-testid="kyb-remain">
        剩余验证次数 {state.remainTimes}/{state.maxTimes}
      </p>
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          data-testid="kyb-submit"
          disabled={store.report.busy}
          loading={store.report.busy}
          onClick={tap}
        >
          提交验证
        </Button>
        <button
          type="button"
          className={styles.link}
          onClick={() => void showAlert({ title: '未收到打款？', html: NOT_RECEIVED_HTML })}
        >
          未收到打款？
        </button>
      </div>
    </Block>
  );
});

const Body = observer(function Body({ store }: { store: KybCheckStore }) {
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const state = store.state.data;
  if (!state) return null;
  if (store.matched || state.kybStatus === 3)
    return (
      <Block testId="kyb-done">
        <div className={styles.hero}>
          <CheckCircleFill className={styles.heroIcon} style={{ color: 'var(--success)' }} aria-hidden />
          <p className={styles.heroTitle}>验证成功</p>
          <Button
            color="primary"
            onClick={() => {
              const back = store.backUrl;
              void store.refreshOpenStatus().then(() => navigate(back, { replace: true }));
            }}
          >
            完成
          </Button>
        </div>
      </Block>
    );
  switch (state.kybStatus) {
    case 1:
      return (
        <Block testId="kyb-remitting">
          <div className={styles.hero}>
            <ClockCircleFill className={styles.heroIcon} style={{ color: 'var(--warning)' }} aria-hidden />
            <p className={styles.heroTitle}>打款处理中，通常10分钟内到账</p>
            <Button size="small" onClick={() => void store.load()}>
              刷新
            </Button>
          </div>
        </Block>
      );
    case 2:
      return <Report store={store} />;
    case 6: {
      const fix = state.purpose === 1 ? href('editContract') : href('exchangeBank');
      return (
        <Block testId="kyb-failed">
          <p className={styles.danger}>打款失败：{state.failReason ?? '账户不存在或已销户'}</p>
          {isBuilt(fix) && (
            <Button color="primary" onClick={() => void navigate(fix)}>
              修改对公账户
            </Button>
          )}
        </Block>
      );
    }
    default:
      return <Apply store={store} />;
  }
});

const KybCheck = observer(function KybCheck() {
  const store = useScreenStore(kybCheckStore);
  useEffect(() => {
    if (!store.locked) void store.load();
  }, [store]);
  if (store.locked)
    return (
      <Page testId="kyb-page">
        <Block>
          <p className={styles.muted}>请使用主账号完成打款验证</p>
        </Block>
      </Page>
    );
  if (store.state.failed) return <Failed onRetry={() => void store.load()} />;
  const state = store.state.data;
  if (!state) return <Loading />;
  return (
    <Page testId="kyb-page">
      <PullToRefresh onRefresh={() => store.load().then(() => undefined)}>
        {state.purpose === null ? (
          <Block>
            <p className={styles.muted}>暂无需要验证的对公账户</p>
          </Block>
        ) : (
          <>
            <Block title="对公账户">
              <div className={styles.line}>
                <span>账户名称</span>
                <span data-testid="kyb-account-name">{state.accountName}</span>
              </div>
              <div className={styles.line}>
                <span>对公账号</span>
                <span data-testid="kyb-account-no">{state.accountNoMasked}</span>
              </div>
              <div className={styles.line}>
                <span>开户银行</span>
                <span>
                  {state.bankName} {state.branchName}
                </span>
              </div>
              <Tag color="primary" fill="outline">
                {KYB_PURPOSES[state.purpose]}
              </Tag>
            </Block>
            <Body store={store} />
          </>
        )}
      </PullToRefresh>
    </Page>
  );
});

export default KybCheck;
