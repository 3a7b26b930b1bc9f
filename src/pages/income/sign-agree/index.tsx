import { Checkbox, Input, PullToRefresh } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill } from 'antd-mobile-icons';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { MerchantSignStatus } from '@/api/income';
import { ENTITY_TYPE_LABELS } from '@/api/income-rules';
import { toast } from '@/components/feedback';
import { useIsBuilt } from '@/components/route-availability';
import { href } from '@/config/routes';
import { formatTime } from '@/lib/time';
import { safeUrl } from '@/lib/safe-url';
import { Block, Failed, Loading, Page } from '@/sections/income/parts';
import styles from '@/sections/income/onboarding.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { signAgreeStore, signFormError, type SignAgreeStore } from '@/stores/screens/income/sign-agree';

/**
 * /income/sign-agree — 电子协议签署 (D-income.md §5 "/income/sign-agree"): the step bar, the certification card when
 * certStatus ≠ 2, the signer card, the agreements (查看 in a full-screen overlay), the checkbox, the 6-digit code and
 * 确认签署 (exactly once), or 在签约页面签署 at the e-signature provider's page, which returns here; the 审核中 view
 * (asked again until the provider's result comes), the failed view (rejectReason above the form) and the signed view
 * (signTime, 查看已签署版本, 下一步：开通网商银行账户 or 完成).
 */

function Steps({ status }: { status: MerchantSignStatus }) {
  const current = status.certStatus !== 2 ? 1 : status.signStatus !== 2 ? 2 : 3;
  const steps = ['① 主体认证', '② 签署协议', ...(status.openRequired ? ['③ 开通账户'] : [])];
  return (
    <div className={styles.steps} data-testid="sign-steps">
      {steps.map((label, i) => (
        <span
          key={label}
          className={clsx(styles.step, i + 1 === current && styles.stepCurrent, i + 1 < current && styles.stepDone)}
          aria-current={i + 1 === current ? 'step' : undefined}
        >
          {label}
        </span>
      ))}
    </div>
  );
}

const Overlay = observer(function Overlay({ store }: { store: SignAgreeStore }) {
  const viewing = store.viewing;
  const src = viewing ? safeUrl(viewing.url) : '';
  if (!viewing) return null;
  return (
    <div className={styles.overlay} role="dialog" aria-label={viewing.name}>
      <div className={styles.overlayBar}>
        <span>{viewing.name}</span>
        <button type="button" className={styles.link} onClick={() => store.view(null)}>
          关闭
        </button>
      </div>
      {src && <iframe className={styles.overlayFrame} src={src} title={viewing.name} />}
    </div>
  );
});

const Signed = observer(function Signed({ store }: { store: SignAgreeStore }) {
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const status = store.status.data;
  if (!status) return null;
  const next = store.next;
  const opening = next === href('openAccountDetail') && isBuilt(next);
  return (
    <>
      <Block testId="sign-done">
        <div className={styles.hero}>
          <CheckCircleFill className={styles.heroIcon} style={{ color: 'var(--success)' }} aria-hidden />
          <p className={styles.heroTitle}>已完成电子协议签署</p>
          <p className={styles.muted}>签署时间 {formatTime(status.signTime)}</p>
        </div>
      </Block>
      <Block title="已签署协议">
        {status.agreements.map((a) => (
          <div key={a.agreementId} className={styles.agreement}>
            <span>
              《{a.name}》 v{a.version}
            </span>
            {a.signedUrl && (
              <button
                type="button"
                className={styles.link}
                onClick={() => store.view({ name: a.name, url: a.signedUrl ?? '' })}
              >
                查看已签署版本
              </button>
            )}
          </div>
        ))}
      </Block>
      <Button
        block
        color="primary"
        size="large"
        data-testid="sign-next"
        onClick={() =>
          void navigate(opening || next !== href('openAccountDetail') ? next : href('income'), { replace: true })
        }
      >
        {opening ? '下一步：开通网商银行账户' : '完成'}
      </Button>
    </>
  );
});

const SignForm = observer(function SignForm({ store }: { store: SignAgreeStore }) {
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const inFlight = useRef(false);
  const status = store.status.data;
  if (!status) return null;
  const editContract = href('editContract');

  const sendCode = async () => {
    const error = store.agreed ? null : '请先阅读并同意全部协议';
    if (error) {
      toast(error);
      return;
    }
    const message = await store.sendCode();
    if (message) toast(message);
  };
  const goToProvider = async () => {
    if (!store.agreed) {
      toast('请先阅读并同意全部协议');
      return;
    }
    const url = await store.providerPage();
    const target = url ? safeUrl(url) : '';
    if (target) window.location.assign(target);
  };
  const submit = async () => {
    const error = signFormError(store.agreed, store.code);
    if (error) {
      toast(error);
      return;
    }
    const result = await store.confirmSign();
    if (result === null) return;
    if (typeof result === 'object') {
      toast(result.message);
      return;
    }
    if (result === 'signed') {
      toast('签约成功');
      void navigate(store.next, { replace: true });
    }
  };
  const tap = () => {
    if (inFlight.current || store.confirm.busy) return;
    inFlight.current = true;
    void submit().finally(() => {
      inFlight.current = false;
    });
  };

  return (
    <>
      {status.signStatus === 3 && status.rejectReason && (
        <div className={styles.dangerBox} data-testid="sign-reject">
          签约失败：{status.rejectReason}
        </div>
      )}
      <Block title="签约信息">
        <div className={styles.line}>
          <span>签约主体</span>
          <span data-testid="sign-entity">
            {status.entityName} {status.entityType ? `（${ENTITY_TYPE_LABELS[status.entityType]}）` : ''}
          </span>
        </div>
        <div className={styles.line}>
          <span>签约人</span>
          <span>{status.signerName}</span>
        </div>
        <div className={styles.line}>
          <span>手机号</span>
          <span data-testid="sign-phone">{status.signerPhone}</span>
        </div>
        {isBuilt(editContract) && (
          <button type="button" className={styles.link} onClick={() => void navigate(editContract)}>
            修改签约人
          </button>
        )}
      </Block>
      <Block title="签署协议">
        {status.agreements.map((a) => (
          <div key={a.agreementId} className={styles.agreement} data-testid="sign-agreement">
            <span>
              《{a.name}》 v{a.version}
            </span>
            <button
              type="button"
              className={styles.link}
              aria-label={`查看《${a.name}》`}
              onClick={() => store.view({ name: a.name, url: a.contentUrl })}
            >
              查看 ›
            </button>
          </div>
        ))}
        <div className={styles.agreement}>
          <Checkbox checked={store.agreed} onChange={(v) => store.setAgreed(v)} data-testid="sign-agreed">
            我已阅读并同意以上全部协议，并确认由签约人本人签署
          </Checkbox>
        </div>
      </Block>
      <Block title="签约验证码">
        <div className={styles.codeRow}>
          <Input
            name="code"
            aria-label="签约验证码"
            inputMode="numeric"
            placeholder="请输入6位验证码"
            value={store.code}
            onChange={(v) => store.setCode(v)}
          />
          <Button size="small" disabled={store.left > 0} loading={store.start.sending} onClick={() => void sendCode()}>
            {store.codeLabel}
          </Button>
        </div>
      </Block>
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          size="large"
          data-testid="sign-submit"
          disabled={store.confirm.busy}
          loading={store.confirm.sending}
          onClick={tap}
        >
          确认签署
        </Button>
        <Button
          block
          fill="outline"
          data-testid="sign-provider"
          disabled={store.start.busy}
          onClick={() => void goToProvider()}
        >
          在签约页面签署
        </Button>
      </div>
    </>
  );
});

const Body = observer(function Body({ store }: { store: SignAgreeStore }) {
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const status = store.status.data;
  if (!status) return null;
  if (status.certStatus !== 2) {
    const editContract = href('editContract');
    return (
      <Block testId="sign-cert">
        {status.certStatus === 1 ? (
          <p>主体认证审核中，通过后即可签约</p>
        ) : (
          <>
            <p>请先完成主体认证</p>
            {isBuilt(editContract) && (
              <Button color="primary" onClick={() => void navigate(editContract)}>
                去认证
              </Button>
            )}
          </>
        )}
      </Block>
    );
  }
  if (status.signStatus === 2) return <Signed store={store} />;
  if (status.signStatus === 1)
    return (
      <Block testId="sign-review">
        <div className={styles.hero}>
          <ClockCircleFill className={styles.heroIcon} style={{ color: 'var(--warning)' }} aria-hidden />
          <p className={styles.heroTitle}>签约审核中，通常1个工作日内完成</p>
          <Button size="small" onClick={() => void store.load()}>
            刷新
          </Button>
        </div>
      </Block>
    );
  return <SignForm store={store} />;
});

const SignAgree = observer(function SignAgree() {
  const store = useScreenStore(signAgreeStore);
  useEffect(() => {
    if (!store.locked) void store.load();
    return () => store.dispose();
  }, [store]);
  useEffect(() => {
    if (store.justSigned) toast('签约成功');
  }, [store.justSigned]);

  if (store.locked)
    return (
      <Page testId="sign-agree-page">
        <Block>
          <p className={styles.muted}>请使用主账号完成签约</p>
        </Block>
      </Page>
    );
  if (store.status.failed) return <Failed onRetry={() => void store.load()} />;
  if (!store.status.data) return <Loading />;
  return (
    <Page testId="sign-agree-page">
      <PullToRefresh onRefresh={() => store.load()}>
        <Steps status={store.status.data} />
        <Body store={store} />
      </PullToRefresh>
      <Overlay store={store} />
    </Page>
  );
});

export default SignAgree;
