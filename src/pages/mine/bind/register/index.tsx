import { Button, Input, List, type InputRef } from 'antd-mobile';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/api/outcome';
import {
  AGREEMENT_REQUIRED,
  accountNameRule,
  firstFailure,
  inviteCodeRule,
  newPasswordRule,
  phoneRule,
  smsCodeRule,
} from '@/api/rules';
import { registerFactor } from '@/api/user';
import { confirm, toast } from '@/components/feedback';
import { useStores } from '@/stores/root';
import {
  AgreementCheck,
  BindHeader,
  NewPasswordItems,
  PhoneInput,
  SmsCodeButton,
  SmsCodeInput,
  useSmsSender,
} from '@/pages/mine/bind/parts';

/**
 * /mine/bind/register — 注册 (A-shell-home-settlement.md §2): creates an operator account (an agent account with an
 * operator's invite code) and logs in at once.
 */
export default function RegisterPage() {
  const { auth } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const presetInvite = (params.get('inviteCode') ?? '').toUpperCase();
  const [phone, setPhone] = useState(params.get('phone') ?? '');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [inviteCode, setInviteCode] = useState(presetInvite);
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inviteRef = useRef<InputRef>(null);

  const offerLogin = async () => {
    const go = await confirm('提示', '该手机号已注册，是否直接登录？', '去登录');
    if (go) void navigate(`/mine/bind?phone=${encodeURIComponent(phone)}`, { replace: true });
  };

  const sms = useSmsSender(2, [1003], () => void offerLogin());

  const submit = async () => {
    if (submitting) return;
    const failure = firstFailure([
      [phoneRule, phone],
      [smsCodeRule, code],
      [accountNameRule, name],
      [newPasswordRule, password],
    ]);
    if (failure) return toast(failure);
    if (confirmPassword !== password) return toast('两次输入的密码不一致');
    const invite = inviteCode.trim().toUpperCase();
    if (invite) {
      const inviteFailure = firstFailure([[inviteCodeRule, invite]]);
      if (inviteFailure) return toast(inviteFailure);
    }
    if (!agreed) return toast(AGREEMENT_REQUIRED);
    setSubmitting(true);
    try {
      const result = await registerFactor({
        phone,
        code,
        name,
        password,
        ...(invite ? { inviteCode: invite } : {}),
      }).send();
      await auth.completeLogin(result);
      toast('注册成功');
      void navigate('/home', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 1003) void offerLogin();
      if (error instanceof ApiError && error.code === 1009) {
        toast('邀请码无效，请核对后重试');
        inviteRef.current?.focus();
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className="bind-page">
      <BindHeader subtitle="注册运营商账号" />
      <div className="bind-form">
        <List>
          <List.Item title="手机号">
            <PhoneInput value={phone} onChange={setPhone} />
          </List.Item>
          <List.Item title="验证码" extra={<SmsCodeButton sender={sms} phone={phone} />}>
            <SmsCodeInput value={code} onChange={setCode} />
          </List.Item>
          <List.Item title="姓名/企业名称">
            <Input name="name" placeholder="请输入姓名或企业名称" maxLength={30} value={name} onChange={setName} />
          </List.Item>
          <NewPasswordItems
            titles={['登录密码', '确认密码']}
            placeholders={['6-20位字母与数字组合', '请再次输入密码']}
            password={password}
            confirmation={confirmPassword}
            onPassword={setPassword}
            onConfirmation={setConfirmPassword}
          />
          <List.Item title="邀请码（选填）">
            <Input
              ref={inviteRef}
              name="inviteCode"
              placeholder="请输入6位邀请码"
              maxLength={6}
              readOnly={Boolean(presetInvite)}
              value={inviteCode}
              onChange={(value) => setInviteCode(value.toUpperCase())}
            />
          </List.Item>
        </List>
        <AgreementCheck checked={agreed} onChange={setAgreed} />
        <Button
          block
          color="primary"
          size="large"
          loading={submitting}
          disabled={submitting}
          onClick={() => void submit()}
        >
          注册
        </Button>
        <div className="bind-links">
          <span>
            已有账号？
            <Link replace to={`/mine/bind${phone ? `?phone=${encodeURIComponent(phone)}` : ''}`}>
              去登录
            </Link>
          </span>
        </div>
      </div>
    </main>
  );
}
