import { Input, List, type InputRef } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { confirm, toast } from '@/components/feedback';
import { useRouteQuery } from '@/components/route-query';
import { href, type QueryOf } from '@/config/routes';
import { useScreenStore } from '@/stores/screen-store';
import { registerFormStore } from '@/stores/screens/mine/login';
import {
  AgreementCheck,
  BindHeader,
  NewPasswordItems,
  PhoneInput,
  SmsCodeButton,
  SmsCodeInput,
} from '@/sections/mine/login-parts';
import login from '@/sections/mine/login.module.css';

/**
 * /mine/bind/register — 注册 (A-shell-home-settlement.md §2): creates an operator account (an agent account with an
 * operator's invite code) and logs in at once. The form and its rules are the store's (RegisterFormStore).
 */
const RegisterForm = observer(function RegisterForm({ query }: { query: QueryOf<'register'> }) {
  const navigate = useNavigate();
  const form = useScreenStore(registerFormStore, query);
  const inviteRef = useRef<InputRef>(null);

  const offerLogin = async () => {
    const go = await confirm('提示', '该手机号已注册，是否直接登录？', '去登录');
    if (go) void navigate(href('bind', { phone: form.phone }), { replace: true });
  };

  const submit = async () => {
    const outcome = await form.submit();
    if (outcome?.kind === 'message') toast(outcome.text);
    else if (outcome?.kind === 'code' && outcome.code === 1003) void offerLogin();
    else if (outcome?.kind === 'code' && outcome.code === 1009) {
      toast('邀请码无效，请核对后重试');
      inviteRef.current?.focus();
    } else if (outcome?.kind === 'done') {
      toast('注册成功');
      void navigate(href('home'), { replace: true });
    }
  };

  return (
    <main className={login.page}>
      <BindHeader subtitle="注册运营商账号" />
      <div className={login.form}>
        <List>
          <List.Item title="手机号">
            <PhoneInput value={form.phone} onChange={(v) => form.set('phone', v)} />
          </List.Item>
          <List.Item
            title="验证码"
            extra={<SmsCodeButton sender={form.sms} phone={form.phone} onHandled={() => void offerLogin()} />}
          >
            <SmsCodeInput value={form.code} onChange={(v) => form.set('code', v)} />
          </List.Item>
          <List.Item title="姓名/企业名称">
            <Input
              name="name"
              placeholder="请输入姓名或企业名称"
              maxLength={30}
              value={form.name}
              onChange={(v) => form.set('name', v)}
            />
          </List.Item>
          <NewPasswordItems
            titles={['登录密码', '确认密码']}
            placeholders={['6-20位字母与数字组合', '请再次输入密码']}
            password={form.password}
            confirmation={form.confirmPassword}
            onPassword={(v) => form.set('password', v)}
            onConfirmation={(v) => form.set('confirmPassword', v)}
          />
          <List.Item title="邀请码（选填）">
            <Input
              ref={inviteRef}
              name="inviteCode"
              placeholder="请输入6位邀请码"
              maxLength={6}
              readOnly={form.presetInvite}
              value={form.inviteCode}
              onChange={(v) => form.setInviteCode(v)}
            />
          </List.Item>
        </List>
        <AgreementCheck checked={form.agreed} onChange={(v) => form.set('agreed', v)} />
        <Button
          block
          color="primary"
          size="large"
          loading={form.submitting}
          disabled={form.submitting}
          onClick={() => void submit()}
        >
          注册
        </Button>
        <div className={login.links}>
          <span>
            已有账号？
            <Link replace to={href('bind', { phone: form.phone || undefined })}>
              去登录
            </Link>
          </span>
        </div>
      </div>
    </main>
  );
});

/** /mine/bind/register with the query's phone and invite code. */
export default function RegisterPage() {
  const query = useRouteQuery('register');
  return query && <RegisterForm query={query} />;
}
