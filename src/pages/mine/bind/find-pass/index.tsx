import { Button, List, NavBar, Steps } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/api/outcome';
import { firstFailure, newPasswordRule, phoneRule, smsCodeRule } from '@/api/rules';
import { findPass, validCode } from '@/api/user';
import { toast } from '@/components/feedback';
import { useStores } from '@/stores/root';
import { NewPasswordItems, PhoneInput, SmsCodeButton, SmsCodeInput, useSmsSender } from '@/pages/mine/bind/parts';

/**
 * /mine/bind/find-pass — 设置新密码 (A-shell-home-settlement.md §2): prove the phone with an SMS code, then set a new
 * password. The step lives in memory only (a reload starts at step 1).
 */
const FindPassPage = observer(function FindPassPage() {
  const { session, merchant, auth } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState<1 | 2>(1);
  const [phone, setPhone] = useState(params.get('phone') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const sms = useSmsSender(3);
  const accountPhone = session.loggedIn ? (merchant.info?.phone ?? '') : '';

  // Logged in: the phone is the account's own, read-only.
  useEffect(() => {
    if (session.loggedIn && !merchant.info) void auth.loadMerchantInfo();
  }, [session.loggedIn, merchant.info, auth]);
  useEffect(() => {
    if (accountPhone) setPhone(accountPhone);
  }, [accountPhone]);

  const next = async () => {
    if (busy) return;
    const failure = firstFailure([
      [phoneRule, phone],
      [smsCodeRule, code],
    ]);
    if (failure) return toast(failure);
    setBusy(true);
    try {
      await validCode(phone, code, 3).send();
      setStep(2);
    } catch {
      // 1001 and others are told by the request layer.
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (busy) return;
    const failure = firstFailure([[newPasswordRule, password]]);
    if (failure) return toast(failure);
    if (confirmPassword !== password) return toast('两次输入的密码不一致');
    setBusy(true);
    try {
      await findPass(phone, code, password).send();
      auth.logoutAfterPasswordReset();
      toast('密码已重置，请使用新密码登录');
      void navigate(`/mine/bind?tab=pwd&phone=${encodeURIComponent(phone)}`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 1001) {
        toast('验证码已过期，请重新获取');
        setCode('');
        setStep(1);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="bind-page">
      <NavBar onBack={() => (step === 2 ? setStep(1) : void navigate(-1))}>设置新密码</NavBar>
      <Steps className="bind-steps" current={step - 1}>
        <Steps.Step title="验证手机" />
        <Steps.Step title="设置新密码" />
      </Steps>
      <div className="bind-form">
        {step === 1 ? (
          <>
            <List>
              <List.Item title="手机号">
                <PhoneInput value={phone} onChange={setPhone} readOnly={Boolean(accountPhone)} />
              </List.Item>
              <List.Item title="验证码" extra={<SmsCodeButton sender={sms} phone={phone} />}>
                <SmsCodeInput value={code} onChange={setCode} />
              </List.Item>
            </List>
            <Button
              block
              color="primary"
              size="large"
              className="bind-submit"
              loading={busy}
              onClick={() => void next()}
            >
              下一步
            </Button>
          </>
        ) : (
          <>
            <List>
              <NewPasswordItems
                titles={['新密码', '确认新密码']}
                placeholders={['请输入新密码', '请再次输入新密码']}
                password={password}
                confirmation={confirmPassword}
                onPassword={setPassword}
                onConfirmation={setConfirmPassword}
              />
            </List>
            <p className="bind-hint">6-20位字母与数字组合</p>
            <Button block color="primary" size="large" loading={busy} onClick={() => void submit()}>
              确定
            </Button>
          </>
        )}
      </div>
    </main>
  );
});

export default FindPassPage;
