import { Checkbox, Input, List } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import logo from '@/assets/logo.svg';
import { showAlert, toast } from '@/components/feedback';
import type { SmsSenderStore } from '@/stores/screens/mine/login';
import { AGREEMENTS } from './agreements';
import login from './login.module.css';

/**
 * Pieces shared by the three login screens (A-shell-home-settlement.md §2).
 */

/** Logo (64 px), product name and subtitle. */
export function BindHeader({ subtitle = '运营商管理端' }: { subtitle?: string }) {
  return (
    <header className={login.header}>
      <img src={logo} width={64} height={64} alt="" />
      <h1>充电运营管理平台</h1>
      <p>{subtitle}</p>
    </header>
  );
}

/** Opens one of the bundled agreements in the alert dialog (button 我知道了). */
export function openAgreement(which: keyof typeof AGREEMENTS): void {
  const agreement = AGREEMENTS[which];
  void showAlert({ title: agreement.title, html: agreement.html, confirmText: '我知道了' });
}

/** The agreement checkbox 我已阅读并同意《用户服务协议》《隐私政策》 with the titles as links. */
export function AgreementCheck({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className={login.agreement} data-testid="agreement">
      <Checkbox checked={checked} onChange={onChange} style={{ '--icon-size': '16px', '--font-size': '12px' }}>
        我已阅读并同意
      </Checkbox>
      <a role="button" tabIndex={0} onClick={() => openAgreement('service')}>
        《用户服务协议》
      </a>
      <a role="button" tabIndex={0} onClick={() => openAgreement('privacy')}>
        《隐私政策》
      </a>
    </div>
  );
}

/** The eye of a password field: shows or hides what was typed. */
export function PasswordEye({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <span role="button" aria-label={shown ? '隐藏密码' : '显示密码'} onClick={onToggle}>
      {shown ? <EyeOutline /> : <EyeInvisibleOutline />}
    </span>
  );
}

/**
 * 获取验证码 → `{n}s后重新获取` → 重新获取, for the phone typed in the form (A §2). A validation message and 验证码已发送
 * are toasted here; a code the screen handles (1002, 1003) goes to `onHandled`.
 */
export const SmsCodeButton = observer(function SmsCodeButton({
  sender,
  phone,
  onHandled,
}: {
  sender: SmsSenderStore;
  phone: string;
  onHandled?: (code: number) => void;
}) {
  const { left, sent, sending } = sender;
  useEffect(() => () => sender.dispose(), [sender]);
  const label = left > 0 ? `${left}s后重新获取` : sent ? '重新获取' : '获取验证码';
  const send = async () => {
    const outcome = await sender.send(phone);
    if (outcome && 'message' in outcome) toast(outcome.message);
    else if (outcome) onHandled?.(outcome.handled);
  };
  return (
    <Button
      size="small"
      fill="none"
      color="primary"
      className={login.smsButton}
      disabled={left > 0 || sending}
      loading={sending}
      onClick={() => void send()}
    >
      {label}
    </Button>
  );
});

/** The phone input of the login screens: type tel, 11 digits, clear icon (read-only when the phone is the account's). */
export function PhoneInput({
  value,
  onChange,
  readOnly = false,
}: {
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
}) {
  return (
    <Input
      type="tel"
      name="phone"
      placeholder="请输入手机号"
      maxLength={11}
      clearable={!readOnly}
      readOnly={readOnly}
      value={value}
      onChange={onChange}
    />
  );
}

/** The 6-digit SMS code input of the login screens. */
export function SmsCodeInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Input name="code" inputMode="numeric" placeholder="请输入验证码" maxLength={6} value={value} onChange={onChange} />
  );
}

/**
 * A new password and its confirmation with one eye toggle (register, find-pass). Titles and placeholders are the
 * screen's own.
 */
export function NewPasswordItems({
  titles,
  placeholders,
  password,
  confirmation,
  onPassword,
  onConfirmation,
}: {
  titles: [string, string];
  placeholders: [string, string];
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
}) {
  const [shown, setShown] = useState(false);
  const type = shown ? 'text' : 'password';
  return (
    <>
      <List.Item title={titles[0]} extra={<PasswordEye shown={shown} onToggle={() => setShown((v) => !v)} />}>
        <Input
          name="password"
          type={type}
          placeholder={placeholders[0]}
          maxLength={20}
          value={password}
          onChange={onPassword}
        />
      </List.Item>
      <List.Item title={titles[1]}>
        <Input
          name="confirmPassword"
          type={type}
          placeholder={placeholders[1]}
          maxLength={20}
          value={confirmation}
          onChange={onConfirmation}
        />
      </List.Item>
    </>
  );
}
