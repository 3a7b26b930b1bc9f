import { makeAutoObservable, observable, runInAction } from 'mobx';
import { bindBank, getBankBin, getSavingsCards, sendCardCode, type BankBin, type SavingsCards } from '@/api/bank';
import { ApiError } from '@/api/outcome';
import {
  branchNameRule,
  cardDigits,
  cardNoRule,
  holderNameRule,
  idCardRule,
  reservedPhoneRule,
  sixDigitCodeRule,
} from '@/api/income-rules';
import { firstFailure } from '@/api/rules';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';
import { CodeSender } from './code-sender';
import { cashBankOf } from './bank';

/**
 * /income/bank/add — 添加储蓄卡 (D-income.md §2 "/income/bank/add"): four-element binding of a personal debit card.
 * 持卡人 and 身份证号 are fixed (masked, not sent) when the account's real name is locked; the card number resolves its
 * bank by bankBin once 10 digits are typed (debounced 300 ms, re-run when the first 10 digits change); 获取验证码 sends
 * type 4 to the reserved phone; 确认绑定 validates in D's order and calls bindBank exactly once (MoneyAction). New on
 * each visit.
 */

/** Debounce of the bankBin lookup (D: 300 ms). */
export const BIN_DEBOUNCE_MS = 300;

/** The fields typed on the form. */
export type BankAddField = 'holderName' | 'idCardNo' | 'cardNo' | 'branchName' | 'reservedPhone' | 'code';

export class BankAddStore {
  readonly cards = new Loadable<SavingsCards>(() => getSavingsCards());
  holderName = '';
  idCardNo = '';
  /** Digits only (shown grouped by 4). */
  cardNo = '';
  branchName = '';
  reservedPhone = '';
  code = '';
  agreed = false;
  /** The card was bound (the leave guard stands down). */
  done = false;
  /** The fields the user has left (blurred): their reasons show from then on. */
  readonly left = observable.set<BankAddField>();
  /** The resolved bank of the first 10 digits, or null. */
  bin: BankBin | null = null;
  binLoading = false;
  /** The first 10 digits bankBin answered for (or could not resolve). */
  private binFor = '';
  private binUnknown = false;
  private binTimer: ReturnType<typeof setTimeout> | null = null;
  readonly sms = new CodeSender();
  readonly submit = new MoneyAction();

  constructor(private readonly root: RootStore) {
    makeAutoObservable<BankAddStore, 'root' | 'binTimer'>(this, { root: false, binTimer: false });
  }

  /** The account's real name is fixed: 持卡人 and 身份证号 are shown masked and not sent. */
  get locked(): boolean {
    return this.cards.data?.realNameLocked ?? false;
  }

  /** Something was typed (leaving asks 放弃添加银行卡？). */
  get dirty(): boolean {
    return !!(this.cardNo || this.reservedPhone || this.code || (!this.locked && (this.holderName || this.idCardNo)));
  }

  /** The bank row's red line: a credit card cannot be bound. */
  get binWarning(): string | null {
    if (this.bin && this.bin.cardType !== 1) return '仅支持储蓄卡，请更换';
    if (this.binUnknown && this.cardNo.slice(0, 10) === this.binFor) return '暂不支持该银行，请更换';
    return null;
  }

  /**
   * The card number's reason, shown under it before anything is sent (issue 30: a number failing the check digit said
   * so only after 确认绑定, while 获取验证码 greyed out with no reason): once the number is as long as its bank's cards
   * (19 digits while the bank is unknown) or the field has been left. Null while typing or when valid.
   */
  get cardNoWarning(): string | null {
    const complete = this.cardNo.length >= (this.bin?.cardLength ?? 19) || this.left.has('cardNo');
    if (!complete) return null;
    const failure = firstFailure([[cardNoRule, this.cardNo]]);
    if (failure) return failure;
    return this.bin && this.cardNo.length !== this.bin.cardLength ? '银行卡号位数不正确' : null;
  }

  /** The reserved phone's reason, once 11 digits are typed or the field has been left; null otherwise. */
  get reservedPhoneWarning(): string | null {
    if (this.reservedPhone.length < 11 && !this.left.has('reservedPhone')) return null;
    return firstFailure([[reservedPhoneRule, this.reservedPhone]]);
  }

  /** The user left a field: its reason may show from now on. */
  leave(field: BankAddField): void {
    this.left.add(field);
  }

  /** 获取验证码 is enabled when the card number and the phone are valid. */
  get canSendCode(): boolean {
    return (
      firstFailure([
        [cardNoRule, this.cardNo],
        [reservedPhoneRule, this.reservedPhone],
      ]) === null
    );
  }

  set(field: BankAddField, value: string): void {
    if (field === 'cardNo') {
      this.cardNo = cardDigits(value).replace(/\D/g, '').slice(0, 19);
      this.lookUpBin();
      return;
    }
    if (field === 'idCardNo') this.idCardNo = value.trim().toUpperCase().slice(0, 18);
    else if (field === 'reservedPhone') this.reservedPhone = value.replace(/\D/g, '').slice(0, 11);
    else if (field === 'code') this.code = value.replace(/\D/g, '').slice(0, 6);
    else if (field === 'branchName') this.branchName = value.slice(0, 40);
    else this.holderName = value.trim().slice(0, 20);
  }

  setAgreed(agreed: boolean): void {
    this.agreed = agreed;
  }

  /** Loads whether the real name is locked. */
  load(): Promise<boolean> {
    return this.cards.load();
  }

  /** The first failing validation in D's order, or null. */
  get error(): string | null {
    const checks: [Parameters<typeof firstFailure>[0][number][0], unknown][] = [];
    if (!this.locked) checks.push([holderNameRule, this.holderName], [idCardRule, this.idCardNo]);
    checks.push([cardNoRule, this.cardNo]);
    const first = firstFailure(checks);
    if (first) return first;
    if (this.bin && this.cardNo.length !== this.bin.cardLength) return '银行卡号位数不正确';
    if (this.bin && this.bin.cardType !== 1) return '仅支持储蓄卡';
    if (!this.bin) return '暂不支持该银行，请更换';
    const rest = firstFailure([
      [branchNameRule, this.branchName],
      [reservedPhoneRule, this.reservedPhone],
      [sixDigitCodeRule, this.code],
    ]);
    if (rest) return rest;
    if (!this.agreed) return '请先阅读并同意《银行卡绑定服务协议》';
    return null;
  }

  /** Sends the type-4 code to the reserved phone; resolves the toast text, or null. */
  async sendCode(): Promise<string | null> {
    if (!this.canSendCode)
      return firstFailure([
        [cardNoRule, this.cardNo],
        [reservedPhoneRule, this.reservedPhone],
      ]);
    const sent = await this.sms.send(() => sendCardCode(this.reservedPhone, 4));
    return sent ? `验证码已发送至${this.reservedPhone.slice(0, 3)}****${this.reservedPhone.slice(7)}` : null;
  }

  /**
   * Binds the card (validated; exactly once). Resolves the bound card, or null (refused and toasted: 2011–2018, 1001;
   * the form is kept).
   */
  async bind(): Promise<ReturnType<typeof cashBankOf> | null> {
    const bank = this.bin;
    if (this.error || !bank) return null;
    const bound = await this.submit.run(async (requestId) => {
      const card = await bindBank({
        ...(this.locked ? {} : { holderName: this.holderName, idCardNo: this.idCardNo }),
        cardNo: this.cardNo,
        bankCode: bank.bankCode,
        ...(this.branchName.trim() ? { branchName: this.branchName.trim() } : {}),
        reservedPhone: this.reservedPhone,
        code: this.code,
        requestId,
      });
      runInAction(() => {
        this.done = true;
      });
      return card;
    });
    return bound ? cashBankOf(bound) : null;
  }

  /** Makes the bound card the one of the next withdrawal (from=withdraw). */
  chooseForWithdraw(card: ReturnType<typeof cashBankOf>): void {
    this.root.withdrawInfo.update({ cashBank: card });
  }

  /** Stops the timers (the screen was left). */
  dispose(): void {
    this.sms.dispose();
    if (this.binTimer !== null) clearTimeout(this.binTimer);
  }

  private lookUpBin(): void {
    const head = this.cardNo.slice(0, 10);
    if (head.length < 10) {
      this.bin = null;
      this.binFor = '';
      this.binUnknown = false;
      return;
    }
    if (head === this.binFor) return;
    if (this.binTimer !== null) clearTimeout(this.binTimer);
    this.binTimer = setTimeout(() => void this.resolveBin(head), BIN_DEBOUNCE_MS);
  }

  private async resolveBin(head: string): Promise<void> {
    this.binLoading = true;
    this.binFor = head;
    try {
      // 2016 (unknown bank) is this screen's own message, not a toast.
      const bin = await getBankBin(head, { handles: [2016] });
      runInAction(() => {
        if (this.cardNo.slice(0, 10) !== head) return;
        this.bin = bin;
        this.binUnknown = false;
      });
    } catch (error) {
      runInAction(() => {
        this.bin = null;
        this.binUnknown = error instanceof ApiError && error.code === 2016;
      });
    } finally {
      runInAction(() => {
        this.binLoading = false;
      });
    }
  }
}

/** The store of /income/bank/add, new on each visit. */
export const bankAddStore = screenStore((root: RootStore) => new BankAddStore(root), 'visit');
