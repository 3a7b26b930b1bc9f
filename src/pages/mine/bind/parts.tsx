import { Button, Checkbox } from 'antd-mobile';
import logo from '../../../assets/logo.svg';
import { showAlert } from '../../../components/feedback';
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

/** 获取验证码 → `{n}s后重新获取` → 重新获取 (60 s countdown owned by the page). */
export function SmsCodeButton({
  left,
  sent,
  sending,
  onClick,
}: {
  left: number;
  sent: boolean;
  sending: boolean;
  onClick: () => void;
}) {
  const label = left > 0 ? `${left}s后重新获取` : sent ? '重新获取' : '获取验证码';
  return (
    <Button
      size="small"
      fill="none"
      color="primary"
      className="bind-sms-button"
      disabled={left > 0 || sending}
      loading={sending}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
