import { List, NavBar, Steps } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { toast } from '@/components/feedback';
import { useRouteQuery } from '@/components/route-query';
import { href, type QueryOf } from '@/config/routes';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { findPassStore } from '@/stores/screens/mine/login';
import { NewPasswordItems, PhoneInput, SmsCodeButton, SmsCodeInput } from '@/sections/mine/login-parts';
import login from '@/sections/mine/login.module.css';
import styles from './find-pass.module.css';

/**
 * /mine/bind/find-pass — 设置新密码 (A-shell-home-settlement.md §2): prove the phone with an SMS code, then set a new
 * password. The step lives in memory only (a reload starts at step 1); the form and its rules are the store's
 * (FindPassStore).
 */
const FindPassForm = observer(function FindPassForm({ query }: { query: QueryOf<'findPass'> }) {
  const { session, merchant, auth } = useStores();
  const navigate = useNavigate();
  const form = useScreenStore(findPassStore, query);
  const accountPhone = session.loggedIn ? (merchant.info?.phone ?? '') : '';

  // Logged in: the phone is the account's own, read-only.
  useEffect(() => {
    if (session.loggedIn && !merchant.info) void auth.loadMerchantInfo();
  }, [session.loggedIn, merchant.info, auth]);
  useEffect(() => {
    if (accountPhone) form.set('phone', accountPhone);
  }, [accountPhone, form]);

  const next = async () => {
    const outcome = await form.next();
    if (outcome?.kind === 'message') toast(outcome.text);
  };

  const submit = async () => {
    const outcome = await form.submit();
    if (outcome?.kind === 'message') toast(outcome.text);
    else if (outcome?.kind === 'done') {
      toast('密码已重置，请使用新密码登录');
      void navigate(href('bind', { tab: 'pwd', phone: form.phone }), { replace: true });
    }
  };

  return (
    <main className={login.page}>
      <NavBar onBack={() => (form.step === 2 ? form.back() : void navigate(-1))}>设置新密码</NavBar>
      <Steps className={styles.steps} current={form.step - 1}>
        <Steps.Step title="验证手机" />
        <Steps.Step title="设置新密码" />
      </Steps>
      <div className={login.form}>
        {form.step === 1 ? (
          <>
            <List>
              <List.Item title="手机号">
                <PhoneInput
                  value={form.phone}
                  onChange={(v) => form.set('phone', v)}
                  readOnly={Boolean(accountPhone)}
                />
              </List.Item>
              <List.Item title="验证码" extra={<SmsCodeButton sender={form.sms} phone={form.phone} />}>
                <SmsCodeInput value={form.code} onChange={(v) => form.set('code', v)} />
              </List.Item>
            </List>
            <Button block color="primary" size="large" loading={form.submitting} onClick={() => void next()}>
              下一步
            </Button>
          </>
        ) : (
          <>
            <List>
              <NewPasswordItems
                titles={['新密码', '确认新密码']}
                placeholders={['请输入新密码', '请再次输入新密码']}
                password={form.password}
                confirmation={form.confirmPassword}
                onPassword={(v) => form.set('password', v)}
                onConfirmation={(v) => form.set('confirmPassword', v)}
              />
            </List>
            <p className={styles.hint}>6-20位字母与数字组合</p>
            <Button block color="primary" size="large" loading={form.submitting} onClick={() => void submit()}>
              确定
            </Button>
          </>
        )}
      </div>
    </main>
  );
});

/** /mine/bind/find-pass with the query's phone. */
export default function FindPassPage() {
  const query = useRouteQuery('findPass');
  return query && <FindPassForm query={query} />;
}
