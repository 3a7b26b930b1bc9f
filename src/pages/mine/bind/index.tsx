import { Input, List, SpinLoading, Tabs } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { Button } from '@/components/button';
import { PHONE_PATTERN } from '@/api/rules';
import { confirm, toast } from '@/components/feedback';
import { useRouteQuery } from '@/components/route-query';
import { href, type QueryOf } from '@/config/routes';
import { afterLoginTarget } from '@/stores/domain/auth';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { bindFormStore, type LoginTab } from '@/stores/screens/mine/login';
import {
  AgreementCheck,
  BindHeader,
  PasswordEye,
  PhoneInput,
  SmsCodeButton,
  SmsCodeInput,
} from '@/sections/mine/login-parts';
import login from '@/sections/mine/login.module.css';
import styles from './bind.module.css';

/**
 * /mine/bind — 登录/绑定手机 (A-shell-home-settlement.md §2): phone + SMS code or phone + password, binding the
 * current WeChat/Alipay user. Exempt from the login gate; no tab bar.
 */

/** Asks whether to register an unregistered phone (code 1002) and goes there on 去注册. */
async function offerRegistration(navigate: NavigateFunction, phone: string): Promise<void> {
  const go = await confirm('提示', '该手机号尚未注册，是否立即注册？', '去注册');
  if (go) void navigate(href('register', { phone }));
}

const BindForm = observer(function BindForm({ query }: { query: QueryOf<'bind'> }) {
  const { session, auth } = useStores();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useScreenStore(bindFormStore, query);
  const [checking, setChecking] = useState(true);

  // Action 1: a stored token goes home; otherwise try the silent login with the session's platform code.
  useEffect(() => {
    let cancelled = false;
    if (session.loggedIn) {
      void navigate(href('home'), { replace: true });
      return undefined;
    }
    void auth.trySilentLogin().then((outcome) => {
      if (cancelled) return;
      if (outcome === 'bound') void navigate(afterLoginTarget(location.search), { replace: true });
      // 'reauthorizing': the browser is on its way to the authorisation page; the loader stays.
      else if (outcome === 'form') setChecking(false);
    });
    return () => {
      cancelled = true;
    };
    // Runs once on entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async () => {
    const outcome = await form.submit();
    if (outcome?.kind === 'message') toast(outcome.text);
    else if (outcome?.kind === 'code') void offerRegistration(navigate, form.phone);
    else if (outcome?.kind === 'done') {
      toast('登录成功');
      void navigate(afterLoginTarget(location.search), { replace: true });
    }
  };

  if (checking || auth.silentLoginRunning) {
    return (
      <main className={login.page}>
        <BindHeader />
        <div className={styles.loader} role="status">
          <SpinLoading color="primary" />
          <span>正在登录…</span>
        </div>
      </main>
    );
  }

  const validPhone = PHONE_PATTERN.test(form.phone) ? form.phone : undefined;

  return (
    <main className={login.page}>
      <BindHeader />
      <Tabs activeKey={form.tab} onChange={(key) => form.set('tab', key as LoginTab)}>
        <Tabs.Tab title="验证码登录" key="sms" />
        <Tabs.Tab title="密码登录" key="pwd" />
      </Tabs>
      <div className={login.form}>
        <List>
          <List.Item>
            <PhoneInput value={form.phone} onChange={(v) => form.set('phone', v)} />
          </List.Item>
          {form.tab === 'sms' ? (
            <List.Item
              extra={
                <SmsCodeButton
                  sender={form.sms}
                  phone={form.phone}
                  onHandled={() => void offerRegistration(navigate, form.phone)}
                />
              }
            >
              <SmsCodeInput value={form.code} onChange={(v) => form.set('code', v)} />
            </List.Item>
          ) : (
            <List.Item extra={<PasswordEye shown={form.showPassword} onToggle={() => form.toggleShowPassword()} />}>
              <Input
                name="password"
                type={form.showPassword ? 'text' : 'password'}
                placeholder="请输入密码"
                maxLength={20}
                value={form.password}
                onChange={(v) => form.set('password', v)}
              />
            </List.Item>
          )}
        </List>
        {form.tab === 'pwd' && (
          <div className={styles.forgot}>
            <Link to={href('findPass', { phone: validPhone })}>忘记密码？</Link>
          </div>
        )}
        <AgreementCheck checked={form.agreed} onChange={(v) => form.set('agreed', v)} />
        <Button
          block
          color="primary"
          size="large"
          disabled={!form.filled || form.submitting}
          loading={form.submitting}
          onClick={() => void submit()}
        >
          登录
        </Button>
        <div className={login.links}>
          <span>
            还没有账号？
            <Link to={href('register', { phone: form.phone || undefined })}>立即注册</Link>
          </span>
        </div>
        <p className={styles.footnote}>登录后将绑定当前微信/支付宝账号，下次打开自动登录</p>
      </div>
    </main>
  );
});

/** /mine/bind with the query's tab and phone. */
export default function BindPage() {
  const query = useRouteQuery('bind');
  return query && <BindForm query={query} />;
}
