import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError } from '@/api/outcome';
import {
  AGREEMENT_REQUIRED,
  accountNameRule,
  firstFailure,
  inviteCodeRule,
  loginPasswordRule,
  newPasswordRule,
  phoneRule,
  SMS_RESEND_SECONDS,
  smsCodeRule,
} from '@/api/rules';
import {
  antLogin,
  antLoginWithPwd,
  findPass,
  registerFactor,
  sendVerificationCode,
  validCode,
  type LoginResult,
  type SmsType,
} from '@/api/user';
import type { AuthStore } from '@/stores/domain/auth';
import { screenStore } from '@/stores/screen-store';

/**
 * The three login screens' forms (A-shell-home-settlement.md §2: /mine/bind, /mine/bind/register,
 * /mine/bind/find-pass): their fields, validation in field order with the design's messages, and the calls. The
 * screens render the fields and act on the outcomes (toast, dialog, navigation); business errors other than the ones
 * an outcome names are told by the request layer. Each form is new on each visit.
 */

/** Message when the two new passwords differ. */
export const PASSWORDS_DIFFER = '两次输入的密码不一致';

/**
 * An SMS code sender of one purpose (A §2 获取验证码): validates the phone, calls verificationCode and counts down to
 * the next allowed request (the server's resendSeconds). Codes in `handles` are not toasted by the request layer but
 * returned (1002 unregistered → the register dialog, 1003 registered → the login dialog).
 */
export class SmsSenderStore {
  /** Seconds until a code can be requested again (0 = now). */
  left = 0;
  /** A code was sent at least once (the button then reads 重新获取). */
  sent = false;
  sending = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  /**
   * @param type 1 login, 2 register, 3 find password
   * @param handles codes the screen handles itself
   */
  constructor(
    readonly type: SmsType,
    private readonly handles: readonly number[] = [],
  ) {
    makeAutoObservable<SmsSenderStore, 'timer' | 'handles'>(this, { type: false, handles: false, timer: false });
  }

  /**
   * Asks for a code for `phone`. Resolves with what the screen tells the user: `{ message }` (a validation message or
   * 验证码已发送), `{ handled: code }` for a code in `handles`, or null (refused and toasted by the request layer, or
   * still counting down).
   */
  async send(phone: string): Promise<{ message: string } | { handled: number } | null> {
    if (this.sending || this.left > 0) return null;
    const failure = firstFailure([[phoneRule, phone]]);
    if (failure) return { message: failure };
    this.sending = true;
    try {
      const data = await sendVerificationCode(phone, this.type, [...this.handles]).send();
      this.start(data.resendSeconds || SMS_RESEND_SECONDS);
      return { message: '验证码已发送' };
    } catch (error) {
      if (error instanceof ApiError && error.code !== null && this.handles.includes(error.code))
        return { handled: error.code };
      return null;
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
    this.sent = true;
    this.left = seconds;
    this.dispose();
    this.timer = setInterval(() => this.tick(), 1000);
  }

  private tick(): void {
    this.left = Math.max(0, this.left - 1);
    if (this.left === 0) this.dispose();
  }
}

/** The two ways to log in on /mine/bind. */
export type LoginTab = 'sms' | 'pwd';

/** The typed fields of a form store (strings and switches it exposes for the screen to set). */
type FormField<S> = {
  [K in keyof S]: K extends 'submitting' | 'sms' | 'step' | 'presetInvite'
    ? never
    : S[K] extends string | boolean
      ? K
      : never;
}[keyof S];

/** Outcome of a submit: done, a message to toast, a code the screen handles (a dialog), or refused (toasted). */
export type FormOutcome = { kind: 'done' } | { kind: 'message'; text: string } | { kind: 'code'; code: number } | null;

/** Runs a submit once at a time; an ApiError with a handled code becomes that outcome, other failures null. */
async function submitting(
  form: { submitting: boolean; setSubmitting(on: boolean): void },
  handled: readonly number[],
  run: () => Promise<void>,
): Promise<FormOutcome> {
  if (form.submitting) return null;
  form.setSubmitting(true);
  try {
    await run();
    return { kind: 'done' };
  } catch (error) {
    if (error instanceof ApiError && error.code !== null && handled.includes(error.code))
      return { kind: 'code', code: error.code };
    return null;
  } finally {
    form.setSubmitting(false);
  }
}

/** /mine/bind: phone + SMS code or phone + password (A §2); 1002 (unregistered) is the screen's dialog. */
export class BindFormStore {
  tab: LoginTab;
  phone: string;
  code = '';
  password = '';
  showPassword = false;
  agreed = false;
  submitting = false;
  readonly sms = new SmsSenderStore(1, [1002]);

  /**
   * @param auth the app's login (completes a login)
   * @param preset the route's query: the tab and the phone to start from
   */
  constructor(
    private readonly auth: Pick<AuthStore, 'completeLogin'>,
    preset: { tab?: string; phone?: string },
  ) {
    this.tab = preset.tab === 'pwd' ? 'pwd' : 'sms';
    this.phone = preset.phone ?? '';
    makeAutoObservable<BindFormStore, 'auth'>(this, { auth: false, sms: false });
  }

  toggleShowPassword(): void {
    this.showPassword = !this.showPassword;
  }
  /** Sets one field of the form as typed. */
  set<K extends FormField<this>>(field: K, value: this[K]): void {
    this[field] = value;
  }
  setSubmitting(on: boolean): void {
    this.submitting = on;
  }

  /** Every field the tab needs is filled (登录 is enabled). */
  get filled(): boolean {
    return this.phone !== '' && (this.tab === 'sms' ? this.code !== '' : this.password !== '');
  }

  /** The first validation message of the tab's fields in order, then the agreement; null when valid. */
  validate(): string | null {
    const failure =
      this.tab === 'sms'
        ? firstFailure([
            [phoneRule, this.phone],
            [smsCodeRule, this.code],
          ])
        : firstFailure([
            [phoneRule, this.phone],
            [loginPasswordRule, this.password],
          ]);
    if (failure) return failure;
    return this.agreed ? null : AGREEMENT_REQUIRED;
  }

  /** Logs in (antLogin or antLoginWithPwd) and completes the login; `{ code: 1002 }` for an unregistered phone. */
  async submit(): Promise<FormOutcome> {
    const failure = this.validate();
    if (failure) return { kind: 'message', text: failure };
    return submitting(this, [1002], async () => {
      const result: LoginResult =
        this.tab === 'sms'
          ? await antLogin(this.phone, this.code).send()
          : await antLoginWithPwd(this.phone, this.password).send();
      await this.auth.completeLogin(result);
    });
  }
}

/** /mine/bind/register: a new operator account (an agent with an invite code), logged in at once (A §2). */
export class RegisterFormStore {
  phone: string;
  code = '';
  name = '';
  password = '';
  confirmPassword = '';
  inviteCode: string;
  /** The invite code came with the link (read-only). */
  readonly presetInvite: boolean;
  agreed = false;
  submitting = false;
  readonly sms = new SmsSenderStore(2, [1003]);

  /**
   * @param auth the app's login (completes the login after registering)
   * @param preset the route's query: the phone and the invite code to start from
   */
  constructor(
    private readonly auth: Pick<AuthStore, 'completeLogin'>,
    preset: { phone?: string; inviteCode?: string },
  ) {
    this.phone = preset.phone ?? '';
    this.inviteCode = (preset.inviteCode ?? '').toUpperCase();
    this.presetInvite = this.inviteCode !== '';
    makeAutoObservable<RegisterFormStore, 'auth'>(this, { auth: false, sms: false, presetInvite: false });
  }

  setInviteCode(code: string): void {
    this.inviteCode = code.toUpperCase();
  }
  /** Sets one field of the form as typed. */
  set<K extends FormField<this>>(field: K, value: this[K]): void {
    this[field] = value;
  }
  setSubmitting(on: boolean): void {
    this.submitting = on;
  }

  /** The first validation message in field order (the invite code only when typed), then the agreement. */
  validate(): string | null {
    const failure = firstFailure([
      [phoneRule, this.phone],
      [smsCodeRule, this.code],
      [accountNameRule, this.name],
      [newPasswordRule, this.password],
    ]);
    if (failure) return failure;
    if (this.confirmPassword !== this.password) return PASSWORDS_DIFFER;
    const invite = this.inviteCode.trim();
    if (invite) {
      const inviteFailure = firstFailure([[inviteCodeRule, invite]]);
      if (inviteFailure) return inviteFailure;
    }
    return this.agreed ? null : AGREEMENT_REQUIRED;
  }

  /** Registers (registerFactor) and logs in; `{ code: 1003 }` registered phone, `{ code: 1009 }` unknown invite. */
  async submit(): Promise<FormOutcome> {
    const failure = this.validate();
    if (failure) return { kind: 'message', text: failure };
    const invite = this.inviteCode.trim();
    return submitting(this, [1003, 1009], async () => {
      const result = await registerFactor({
        phone: this.phone,
        code: this.code,
        name: this.name,
        password: this.password,
        ...(invite ? { inviteCode: invite } : {}),
      }).send();
      await this.auth.completeLogin(result);
    });
  }
}

/** /mine/bind/find-pass: step 1 phone + code (validCode), step 2 the new password (findPass) (A §2). */
export class FindPassStore {
  step: 1 | 2 = 1;
  phone: string;
  code = '';
  password = '';
  confirmPassword = '';
  submitting = false;
  readonly sms = new SmsSenderStore(3);

  /**
   * @param auth the app's login (logged out after the reset)
   * @param preset the route's query: the phone to start from
   */
  constructor(
    private readonly auth: Pick<AuthStore, 'logoutAfterPasswordReset'>,
    preset: { phone?: string },
  ) {
    this.phone = preset.phone ?? '';
    makeAutoObservable<FindPassStore, 'auth'>(this, { auth: false, sms: false });
  }

  /** Sets one field of the form as typed. */
  set<K extends FormField<this>>(field: K, value: this[K]): void {
    this[field] = value;
  }
  setSubmitting(on: boolean): void {
    this.submitting = on;
  }
  /** Back to step 1 (the header's back on step 2). */
  back(): void {
    this.step = 1;
  }

  /** Step 1 下一步: checks the code with the server (validCode) and moves to step 2. */
  async next(): Promise<FormOutcome> {
    const failure = firstFailure([
      [phoneRule, this.phone],
      [smsCodeRule, this.code],
    ]);
    if (failure) return { kind: 'message', text: failure };
    const outcome = await submitting(this, [], async () => {
      await validCode(this.phone, this.code, 3).send();
    });
    if (outcome?.kind === 'done') runInAction(() => (this.step = 2));
    return outcome;
  }

  /**
   * Step 2 确定: resets the password (findPass) and logs out; a code that expired meanwhile (1001) starts over at
   * step 1 with the code cleared and says so.
   */
  async submit(): Promise<FormOutcome> {
    const failure = firstFailure([[newPasswordRule, this.password]]);
    if (failure) return { kind: 'message', text: failure };
    if (this.confirmPassword !== this.password) return { kind: 'message', text: PASSWORDS_DIFFER };
    const outcome = await submitting(this, [1001], async () => {
      await findPass(this.phone, this.code, this.password).send();
      this.auth.logoutAfterPasswordReset();
    });
    if (outcome?.kind === 'code') {
      runInAction(() => {
        this.code = '';
        this.step = 1;
      });
      return { kind: 'message', text: '验证码已过期，请重新获取' };
    }
    return outcome;
  }
}

/** The /mine/bind form, new on each visit. */
export const bindFormStore = screenStore(
  (root, preset: { tab?: string; phone?: string }) => new BindFormStore(root.auth, preset),
  'visit',
);
/** The /mine/bind/register form, new on each visit. */
export const registerFormStore = screenStore(
  (root, preset: { phone?: string; inviteCode?: string }) => new RegisterFormStore(root.auth, preset),
  'visit',
);
/** The /mine/bind/find-pass form, new on each visit. */
export const findPassStore = screenStore(
  (root, preset: { phone?: string }) => new FindPassStore(root.auth, preset),
  'visit',
);
