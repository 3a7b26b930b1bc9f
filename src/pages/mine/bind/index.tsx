import { Button, Input, List, SpinLoading, Tabs } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/api/outcome';
import {
  AGREEMENT_REQUIRED,
  firstFailure,
  loginPasswordRule,
  phoneRule,
  PHONE_PATTERN,
  smsCodeRule,
} from '@/api/rules';
import { antLogin, antLoginWithPwd, type LoginResult } from '@/api/user';
import { confirm, toast } from '@/components/feedback';
import { afterLoginTarget } from '@/stores/domain/auth';
import { useStores } from '@/stores/root';
import {
  AgreementCheck,
  BindHeader,
  PasswordEye,
  PhoneInput,
  SmsCodeButton,
  SmsCodeInput,
  useSmsSender,
} from './parts';

/**
 * /mine/bind — 登录/绑定手机 (A-shell-home-settlement.md §2): phone + SMS code or phone + password, binding the
 * current WeChat/Alipay user. Exempt from the login gate; no tab bar.
 */

type TabKey = 'sms' | 'pwd';

/** Asks whether to register an unregistered phone (code 1002) and goes there on 去注册. */
async function offerRegistration(navigate: ReturnType<typeof useNavigate>, phone: string): Promise<void> {
  const go = await confirm('提示', '该手机号尚未注册，是否立即注册？', '去注册');
  if (go) void navigate(`/mine/bind/register?phone=${encodeURIComponent(phone)}`);
}

const BindPage = observer(function BindPage() {
  const { session, auth } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const search = params.toString() ? `?${params.toString()}` : '';
  const [tab, setTab] = useState<TabKey>(params.get('tab') === 'pwd' ? 'pwd' : 'sms');
  const [phone, setPhone] = useState(params.get('phone') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [checking, setChecking] = useState(true);
  const sms = useSmsSender(1, [1002], (_code, number) => void offerRegistration(navigate, number));

  // Action 1: a stored token goes home; otherwise try the silent login with the session's platform code.
  useEffect(() => {
    let cancelled = false;
    if (session.loggedIn) {
      void navigate('/home', { replace: true });
      return undefined;
    }
    void auth.trySilentLogin().then((outcome) => {
      if (cancelled) return;
      if (outcome === 'bound') void navigate(afterLoginTarget(search), { replace: true });
      // 'reauthorizing': the browser is on its way to the authorisation page; the loader stays.
      else if (outcome === 'form') setChecking(false);
    });
    return () => {
      cancelled = true;
    };
    // Runs once on entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const finish = async (result: LoginResult) => {
    await auth.completeLogin(result);
    toast('登录成功');
    void navigate(afterLoginTarget(search), { replace: true });
  };

  const submit = async () => {
    if (submitting) return;
    const failure =
      tab === 'sms'
        ? firstFailure([
            [phoneRule, phone],
            [smsCodeRule, code],
          ])
        : firstFailure([
            [phoneRule, phone],
            [loginPasswordRule, password],
          ]);
    if (failure) return toast(failure);
    if (!agreed) return toast(AGREEMENT_REQUIRED);
    setSubmitting(true);
    try {
      const result = tab === 'sms' ? await antLogin(phone, code).send() : await antLoginWithPwd(phone, password).send();
      await finish(result);
    } catch (error) {
      if (error instanceof ApiError && error.code === 1002) void offerRegistration(navigate, phone);
    } finally {
      setSubmitting(false);
    }
  };

  if (checking || auth.silentLoginRunning) {
    return (
      <main className="bind-page">
        <BindHeader />
        <div className="bind-loader" role="status">
          <SpinLoading color="primary" />
          <span>正在登录…</span>
        </div>
      </main>
    );
  }

  const filled = phone !== '' && (tab === 'sms' ? code !== '' : password !== '');
  const validPhone = PHONE_PATTERN.test(phone) ? phone : '';

  return (
    <main className="bind-page">
      <BindHeader />
      <Tabs activeKey={tab} onChange={(key) => setTab(key as TabKey)}>
        <Tabs.Tab title="验证码登录" key="sms" />
        <Tabs.Tab title="密码登录" key="pwd" />
      </Tabs>
      <div className="bind-form">
        <List>
          <List.Item>
            <PhoneInput value={phone} onChange={setPhone} />
          </List.Item>
          {tab === 'sms' ? (
            <List.Item extra={<SmsCodeButton sender={sms} phone={phone} />}>
              <SmsCodeInput value={code} onChange={setCode} />
            </List.Item>
          ) : (
            <List.Item extra={<PasswordEye shown={showPassword} onToggle={() => setShowPassword((v) => !v)} />}>
              <Input
                name="password"
                type={showPassword ? 'text' : 'password'}
                placeholder="请输入密码"
                maxLength={20}
                value={password}
                onChange={setPassword}
              />
            </List.Item>
          )}
        </List>
        {tab === 'pwd' && (
          <div className="bind-forgot">
            <Link to={`/mine/bind/find-pass${validPhone ? `?phone=${validPhone}` : ''}`}>忘记密码？</Link>
          </div>
        )}
        <AgreementCheck checked={agreed} onChange={setAgreed} />
        <Button
          block
          color="primary"
          size="large"
          disabled={!filled || submitting}
          loading={submitting}
          onClick={() => void submit()}
        >
          登录
        </Button>
        <div className="bind-links">
          <span>
            还没有账号？
            <Link to={`/mine/bind/register${phone ? `?phone=${encodeURIComponent(phone)}` : ''}`}>立即注册</Link>
          </span>
        </div>
        <p className="bind-footnote">登录后将绑定当前微信/支付宝账号，下次打开自动登录</p>
      </div>
    </main>
  );
});

export default BindPage;
