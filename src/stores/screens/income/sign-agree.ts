import { makeAutoObservable, runInAction } from 'mobx';
import { confirmSigning, startSigning, type SignStarted } from '@/api/esign';
import {
  getMerchantEntityProperty,
  getMerchantSignStatus,
  type MerchantEntityProperty,
  type MerchantSignStatus,
  type SignStatus,
} from '@/api/income';
import { ApiError } from '@/api/outcome';
import { href } from '@/config/routes';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';

/**
 * /income/sign-agree — 电子协议签署 (D-income.md §5 "/income/sign-agree"; issue 8 item 4): the signing state
 * (getMerchantSignStatus) and the online-bank state (getMerchantEntityProperty, for the next step). The signer signs
 * either here with the SMS code (获取验证码 = smsSign {action 1}, 确认签署 = smsSign {action 2, code}) or on the
 * e-signature provider's page (smsSign {action 1} answers its signUrl; the provider returns the browser to this
 * screen, its backUrl). Both start the same signing: a started signing is taken up again while its code is valid. The
 * provider's notification moves signStatus 1 → 2 (or 3 with a reason); while it is 1 the screen asks again every
 * POLL_MS (at most POLL_LIMIT times). New on each visit.
 */

/** How often the screen asks again while signStatus is 1 (签约审核中). */
export const POLL_MS = 2_000;
/** How many times it asks before it leaves the refresh to the user (pull-to-refresh, 刷新). */
export const POLL_LIMIT = 30;

/** The first failing validation of 确认签署 (D: checkbox, then the 6-digit code), or null. */
export function signFormError(agreed: boolean, code: string): string | null {
  if (!agreed) return '请先阅读并同意全部协议';
  if (!/^\d{6}$/.test(code)) return '请输入6位验证码';
  return null;
}

/** Where 确认签署 / 完成 leads (D): the opening when it is required and not done, else backUrl, else /income. */
export function afterSigning(
  property: Pick<MerchantEntityProperty, 'openRequired' | 'openStatus'> | null,
  backUrl: unknown,
): string {
  if (property?.openRequired && property.openStatus !== 4) return href('openAccountDetail');
  return typeof backUrl === 'string' && backUrl.startsWith('/') && !backUrl.startsWith('//') ? backUrl : href('income');
}

export class SignAgreeStore {
  readonly status = new Loadable<MerchantSignStatus>(() => getMerchantSignStatus());
  readonly property = new Loadable<MerchantEntityProperty>(() => getMerchantEntityProperty());
  agreed = false;
  code = '';
  /** The agreement shown in the full-screen overlay, or null. */
  viewing: { name: string; url: string } | null = null;
  /** Seconds until 获取验证码 may be tapped again. */
  left = 0;
  /** The signing was confirmed on this visit and its result is awaited (toast 签约成功 when it comes). */
  awaiting = false;
  /** The awaited result came: signStatus 2 (the screen toasts 签约成功 once). */
  justSigned = false;
  readonly start = new MoneyAction();
  readonly confirm = new MoneyAction();
  private polls = 0;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private countdown: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<SignAgreeStore, 'root' | 'pollTimer' | 'countdown' | 'polls'>(this, {
      root: false,
      pollTimer: false,
      countdown: false,
      polls: false,
    });
  }

  get signStatus(): SignStatus | null {
    return this.status.data?.signStatus ?? null;
  }

  /** The account is not a main account (D: lock state 请使用主账号完成签约). */
  get locked(): boolean {
    const type = this.root.session.extendPermission?.accountType;
    return type !== undefined && ![1, 2, 3].includes(type);
  }

  /** The agreements to sign (the online-bank one only when openRequired, as the server lists them). */
  get agreementIds(): number[] {
    return (this.status.data?.agreements ?? []).map((a) => a.agreementId);
  }

  /** Where 完成 / the end of a signing leads. */
  get next(): string {
    return afterSigning(this.property.data, this.root.signInfo.info.backUrl);
  }

  get codeLabel(): string {
    return this.left > 0 ? `${this.left}s后重发` : '获取验证码';
  }

  setAgreed(agreed: boolean): void {
    this.agreed = agreed;
  }

  setCode(text: string): void {
    this.code = text.replace(/\D/g, '').slice(0, 6);
  }

  view(agreement: { name: string; url: string } | null): void {
    this.viewing = agreement;
  }

  /** Loads both states in parallel; keeps asking while signStatus is 1. */
  async load(): Promise<void> {
    await Promise.all([this.status.load(), this.property.load()]);
    this.afterStatus();
  }

  /**
   * 获取验证码: starts (or takes up) the signing; resolves the toast text, or null (the request layer told the user).
   */
  async sendCode(): Promise<string | null> {
    if (this.left > 0) return null;
    const started = await this.startSigning();
    if (!started) return null;
    runInAction(() => this.startCountdown(60));
    return `验证码已发送至${started.phoneMasked}`;
  }

  /** 在签约页面签署: starts the signing and resolves the provider's page to go to, or null. */
  async providerPage(): Promise<string | null> {
    const started = await this.startSigning();
    return started?.signUrl ?? null;
  }

  /**
   * 确认签署 (validated by signFormError): smsSign {action 2}. Resolves 'signed' (signStatus 2), 'review' (1: the
   * 审核中 view, asked again until it moves), `{ message }` to toast (2042 clears the code), or null.
   */
  async confirmSign(): Promise<'signed' | 'review' | { message: string } | null> {
    if (signFormError(this.agreed, this.code)) return null;
    let refusal: { message: string } | null = null;
    const answer = await this.confirm.run(async (requestId) => {
      try {
        return await confirmSigning(
          { code: this.code, agreementIds: this.agreementIds, requestId },
          { handles: [2042, 1] },
        );
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'business') {
          refusal = { message: error.message };
          runInAction(() => {
            this.code = '';
          });
        }
        throw error;
      }
    });
    if (!answer) return refusal;
    this.writeSignStatus(answer.signStatus);
    runInAction(() => {
      this.code = '';
      this.awaiting = answer.signStatus === 1;
      this.justSigned = answer.signStatus === 2;
    });
    await this.load();
    return answer.signStatus === 2 ? 'signed' : 'review';
  }

  /** Stops the timers (the screen was left). */
  dispose(): void {
    if (this.pollTimer !== null) clearTimeout(this.pollTimer);
    if (this.countdown !== null) clearInterval(this.countdown);
    this.pollTimer = null;
    this.countdown = null;
  }

  private async startSigning(): Promise<SignStarted | null> {
    const started = await this.start.run((requestId) =>
      startSigning({ agreementIds: this.agreementIds, backUrl: href('signAgree'), requestId }),
    );
    return started ?? null;
  }

  private afterStatus(): void {
    const status = this.signStatus;
    if (status === null) return;
    this.writeSignStatus(status);
    if (status === 2 && this.awaiting) {
      this.awaiting = false;
      this.justSigned = true;
    }
    if (status === 1 && this.polls < POLL_LIMIT && this.pollTimer === null) {
      this.polls += 1;
      this.pollTimer = setTimeout(() => {
        this.pollTimer = null;
        void this.status.load().then(() => this.afterStatus());
      }, POLL_MS);
    }
  }

  private writeSignStatus(status: SignStatus): void {
    this.root.session.setSignStatus(status);
    this.root.signInfo.update({ signStatus: status });
  }

  private startCountdown(seconds: number): void {
    this.left = seconds;
    if (this.countdown !== null) clearInterval(this.countdown);
    this.countdown = setInterval(() => {
      runInAction(() => {
        this.left = Math.max(0, this.left - 1);
      });
      if (this.left === 0 && this.countdown !== null) {
        clearInterval(this.countdown);
        this.countdown = null;
      }
    }, 1000);
  }
}

/** The store of /income/sign-agree, new on each visit. */
export const signAgreeStore = screenStore((root: RootStore) => new SignAgreeStore(root), 'visit');
