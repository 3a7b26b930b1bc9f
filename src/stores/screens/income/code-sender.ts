import { makeAutoObservable, runInAction } from 'mobx';
import { SMS_RESEND_SECONDS } from '@/api/rules';

/**
 * The 获取验证码 button of an income form (D-income.md §0.7 "Verification codes": types 4 绑定银行卡, 5 提现验证,
 * 6 更换结算卡): sends once at a time, then counts down `{n}s后重发` (the server's resendSeconds, else SMS_RESEND_SECONDS: 60 s).
 */
export class CodeSender {
  /** Seconds until the next code may be asked for (0 = now). */
  left = 0;
  sending = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor() {
    makeAutoObservable<CodeSender, 'timer'>(this, { timer: false });
  }

  /** The button's text: 获取验证码 or `{n}s后重发`. */
  get label(): string {
    return this.left > 0 ? `${this.left}s后重发` : '获取验证码';
  }

  /**
   * Runs `send` unless a send runs or the countdown is on; starts the countdown when it succeeds. Resolves true when
   * a code was sent (failures were told to the user by the request layer). Never rejects.
   */
  async send(send: () => PromiseLike<{ resendSeconds?: number }>): Promise<boolean> {
    if (this.sending || this.left > 0) return false;
    this.sending = true;
    try {
      const data = await send();
      runInAction(() => this.start(data.resendSeconds || SMS_RESEND_SECONDS));
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => {
        this.sending = false;
      });
    }
  }

  /** Stops the countdown (the screen was left). */
  dispose(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private start(seconds: number): void {
    this.left = seconds;
    this.dispose();
    this.timer = setInterval(() => this.tick(), 1000);
  }

  private tick(): void {
    this.left = Math.max(0, this.left - 1);
    if (this.left === 0) this.dispose();
  }
}
