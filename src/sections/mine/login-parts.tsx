import { Button, Checkbox, Input, List } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { ApiError } from '@/api/outcome';
import { firstFailure, phoneRule } from '@/api/rules';
import { sendVerificationCode, type SmsType } from '@/api/user';
import logo from '@/assets/logo.svg';
import { showAlert, toast } from '@/components/feedback';
import { useCountdown } from '@/components/use-countdown';
import { AGREEMENTS } from './agreements';
import './bind.css';

/**
 * Pieces shared by the three login screens (A-shell-home-settlement.md §2).
 */

/** Logo (64 px), product name and subtitle. */
export function BindHeader({ subtitle = '运营商管理端' }: { subtitle?: string }) {
  return (
    <header className="bind-header">
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
    <div className="bind-agreement">
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

/** State of an SMS code sender (useSmsSender). */
export interface SmsSender {
  /** Seconds until the code can be requested again (0 = now). */
  left: number;
  /** A code was sent at least once (the button then reads 重新获取). */
  sent: boolean;
  sending: boolean;
  /** Validates the phone (toast on failure) and asks for a code. */
  send(phone: string): Promise<void>;
}

/**
 * Sends SMS codes of one purpose (A §2 获取验证码): validates the phone, calls verificationCode, toasts 验证码已发送
 * and starts the countdown (the server's resendSeconds, 60 s). Codes in `handles` are not toasted by the request layer
 * but passed to `onHandled` (1002 → the register dialog, 1003 → the login dialog); others are toasted (1007, 1008 ...).
 * The countdown lives in the page, so it survives tab switches but not reloads.
 */
export function useSmsSender(
  type: SmsType,
  handles: number[] = [],
  onHandled?: (code: number, phone: string) => void,
): SmsSender {
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const send = async (phone: string) => {
    const failure = firstFailure([[phoneRule, phone]]);
    if (failure) return toast(failure);
    setSending(true);
    try {
      const data = await sendVerificationCode(phone, type, handles).send();
      toast('验证码已发送');
      setSent(true);
      countdown.start(data.resendSeconds || 60);
    } catch (error) {
      if (error instanceof ApiError && error.code !== null && handles.includes(error.code))
        onHandled?.(error.code, phone);
    } finally {
      setSending(false);
    }
  };
  return { left: countdown.left, sent, sending, send };
}

/** The eye of a password field: shows or hides what was typed. */
export function PasswordEye({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <span role="button" aria-label={shown ? '隐藏密码' : '显示密码'} onClick={onToggle}>
      {shown ? <EyeOutline /> : <EyeInvisibleOutline />}
    </span>
  );
}

/** 获取验证码 → `{n}s后重新获取` → 重新获取, for the phone typed in the form. */
export function SmsCodeButton({ sender, phone }: { sender: SmsSender; phone: string }) {
  const { left, sent, sending } = sender;
  const label = left > 0 ? `${left}s后重新获取` : sent ? '重新获取' : '获取验证码';
  return (
    <Button
      size="small"
      fill="none"
      color="primary"
      className="bind-sms-button"
      disabled={left > 0 || sending}
      loading={sending}
      onClick={() => void sender.send(phone)}
    >
      {label}
    </Button>
  );
}

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
