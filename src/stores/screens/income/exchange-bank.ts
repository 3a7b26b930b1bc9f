import { makeAutoObservable, runInAction } from 'mobx';
import { getBankBin, getBankList, sendCardCode, type BankBin, type BankOption } from '@/api/bank';
import { changeCompanyBank, changePersonBank, queryAccountBankKyb, type KybState } from '@/api/esign';
import {
  getMerchantEntity,
  getMerchantEntityProperty,
  type MerchantEntity,
  type MerchantEntityProperty,
} from '@/api/income';
import {
  branchNameRule,
  cardDigits,
  cardNoRule,
  corporateAccountRule,
  corporateBranchRule,
  maskName,
  reservedPhoneRule,
  sixDigitCodeRule,
} from '@/api/income-rules';
import { ApiError } from '@/api/outcome';
import { firstFailure } from '@/api/rules';
import { maskPhone } from '@/lib/phone';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';
import { CodeSender } from './code-sender';

/**
 * /income/exchangeBank — 更换银行卡 (D-income.md §5 "/income/exchangeBank"): the entity's current settlement card
 * (getMerchantEntityProperty.settleCard), the tabs by entity type (个人 → 个人银行卡; 个体工商户 → both; 企业 → 对公账户),
 * the personal form (holder fixed, card number with its bank resolved by bankBin, branch, reserved phone, type-6 code)
 * and the corporate form (entity name fixed, account number, bank picker, branch). 确认更换 is confirmed and sent exactly
 * once: changPersonBank (effective at once; withdraw info cashBank replaced in channel 2) or changCompanyBank (waits for
 * KYB: sign info kybBackUrl, then /income/KYBCheck). A corporate change awaiting KYB hides the form behind its banner.
 * New on each visit.
 */

/** Debounce of the bankBin lookup (as on bank/add). */
const BIN_DEBOUNCE_MS = 300;

export type ExchangeTab = 1 | 2;
export type ExchangeField = 'cardNo' | 'branchName' | 'reservedPhone' | 'code' | 'accountNo' | 'companyBranch';

/** The tabs an entity type allows (D): 1 个人银行卡, 2 对公账户. */
export function tabsOf(entityType: 1 | 2 | 3 | null | undefined): ExchangeTab[] {
  if (entityType === 1) return [1];
  if (entityType === 3) return [2];
  return [1, 2];
}

export class ExchangeBankStore {
  readonly property = new Loadable<MerchantEntityProperty>(() => getMerchantEntityProperty());
  readonly entity = new Loadable<MerchantEntity>(() => getMerchantEntity());
  readonly kyb = new Loadable<KybState>(() => queryAccountBankKyb());
  readonly banks = new Loadable<{ list: BankOption[] }>(() => getBankList());
  tab: ExchangeTab = 1;
  cardNo = '';
  branchName = '';
  reservedPhone = '';
  code = '';
  accountNo = '';
  companyBranch = '';
  bank: BankOption | null = null;
  bin: BankBin | null = null;
  binUnknown = false;
  readonly sms = new CodeSender();
  readonly submit = new MoneyAction();
  private binTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<ExchangeBankStore, 'root' | 'binTimer'>(this, { root: false, binTimer: false });
  }

  get locked(): boolean {
    const type = this.root.session.extendPermission?.accountType;
    return type !== undefined && ![1, 2, 3].includes(type);
  }

  get tabs(): ExchangeTab[] {
    return tabsOf(this.entity.data?.entityType);
  }

  /** A corporate change awaiting its transfer verification (the banner `新对公账户({tail})待打款验证`), or null. */
  get pendingTail(): string | null {
    const kyb = this.kyb.data;
    if (!kyb || kyb.purpose !== 2 || ![0, 1, 2].includes(kyb.kybStatus)) return null;
    return kyb.accountNoMasked.slice(-4);
  }

  /** 持卡人 of the personal card: the legal person, masked. */
  get holder(): string {
    return maskName(this.entity.data?.legalName ?? '');
  }

  get loading(): boolean {
    return this.property.data === null || this.entity.data === null;
  }

  get failed(): boolean {
    return this.property.failed || this.entity.failed;
  }

  get binWarning(): string | null {
    if (this.bin && this.bin.cardType !== 1) return '仅支持储蓄卡，请更换';
    if (this.binUnknown) return '暂不支持该银行，请更换';
    return null;
  }

  /** The new card's bank and tail for the confirmation (`提现将到账至新卡 {bank}({tail})`). */
  get target(): string {
    if (this.tab === 1) return `${this.bin?.bankName ?? ''}(${this.cardNo.slice(-4)})`;
    return `${this.bank?.bankName ?? ''}(${this.accountNo.slice(-4)})`;
  }

  /** The first failing validation of the current tab, or null. */
  get error(): string | null {
    const current = this.property.data?.settleCard;
    if (this.tab === 1) {
      const first = firstFailure([[cardNoRule, this.cardNo]]);
      if (first) return first;
      if (!this.bin) return '暂不支持该银行，请更换';
      if (this.bin.cardType !== 1) return '仅支持储蓄卡';
      if (this.cardNo.length !== this.bin.cardLength) return '银行卡号位数不正确';
      const rest = firstFailure([
        [branchNameRule, this.branchName],
        [reservedPhoneRule, this.reservedPhone],
        [sixDigitCodeRule, this.code],
      ]);
      if (rest) return rest;
      if (
        current &&
        current.cardType === 1 &&
        current.cardNoTail === this.cardNo.slice(-4) &&
        current.bankName === this.bin.bankName
      )
        return '新卡与当前结算卡相同';
      return null;
    }
    const first = firstFailure([[corporateAccountRule, this.accountNo]]);
    if (first) return first;
    if (!this.bank) return '请选择开户银行';
    return firstFailure([[corporateBranchRule, this.companyBranch.trim()]]);
  }

  setTab(tab: ExchangeTab): void {
    this.tab = tab;
  }

  setBank(bank: BankOption): void {
    this.bank = bank;
  }

  set(field: ExchangeField, value: string): void {
    if (field === 'cardNo') {
      this.cardNo = cardDigits(value).replace(/\D/g, '').slice(0, 19);
      this.lookUpBin();
    } else if (field === 'reservedPhone') this.reservedPhone = value.replace(/\D/g, '').slice(0, 11);
    else if (field === 'code') this.code = value.replace(/\D/g, '').slice(0, 6);
    else if (field === 'accountNo') this.accountNo = value.replace(/\D/g, '').slice(0, 32);
    else if (field === 'companyBranch') this.companyBranch = value.slice(0, 40);
    else this.branchName = value.slice(0, 40);
  }

  /** Loads the card, the entity and the KYB state in parallel; the first tab the entity allows is chosen. */
  async load(): Promise<void> {
    await Promise.all([this.property.load(), this.entity.load(), this.kyb.load()]);
    runInAction(() => {
      if (!this.tabs.includes(this.tab)) this.tab = this.tabs[0] ?? 1;
    });
  }

  /** Sends the type-6 code to the reserved phone; resolves the toast text (or the first error), or null. */
  async sendCode(): Promise<string | null> {
    const error = firstFailure([
      [cardNoRule, this.cardNo],
      [reservedPhoneRule, this.reservedPhone],
    ]);
    if (error) return error;
    const sent = await this.sms.send(() => sendCardCode(this.reservedPhone, 6));
    return sent ? `验证码已发送至${maskPhone(this.reservedPhone)}` : null;
  }

  /**
   * 确认更换 (validated, confirmed through `ask`), exactly once. Resolves 'personal' (the card changed), 'corporate'
   * (waits for KYB: sign info kybBackUrl written), or null (cancelled, or refused and told; 1001 clears the code).
   */
  async change(ask: () => PromiseLike<boolean>, kybBackUrl: string): Promise<'personal' | 'corporate' | null> {
    if (this.error) return null;
    if (this.tab === 1) {
      const bin = this.bin;
      if (!bin) return null;
      const answer = await this.submit.run(async (requestId) => {
        try {
          return await changePersonBank({
            cardNo: this.cardNo,
            bankCode: bin.bankCode,
            ...(this.branchName.trim() ? { branchName: this.branchName.trim() } : {}),
            reservedPhone: this.reservedPhone,
            code: this.code,
            requestId,
          });
        } catch (error) {
          if (error instanceof ApiError && error.code === 1001)
            runInAction(() => {
              this.code = '';
            });
          throw error;
        }
      }, ask);
      if (!answer) return null;
      if (this.root.withdrawInfo.info.cashBank || this.property.data?.openStatus === 4) {
        const { verifyStatus: _verify, ...card } = answer.settleCard;
        this.root.withdrawInfo.update({ cashBank: card });
      }
      return 'personal';
    }
    const bank = this.bank;
    if (!bank) return null;
    const answer = await this.submit.run(
      (requestId) =>
        changeCompanyBank({
          accountNo: this.accountNo,
          bankCode: bank.bankCode,
          bankName: bank.bankName,
          branchName: this.companyBranch.trim(),
          requestId,
        }),
      ask,
    );
    if (!answer) return null;
    this.root.signInfo.update({ kybBackUrl });
    return 'corporate';
  }

  dispose(): void {
    this.sms.dispose();
    if (this.binTimer !== null) clearTimeout(this.binTimer);
  }

  private lookUpBin(): void {
    if (this.binTimer !== null) clearTimeout(this.binTimer);
    const head = this.cardNo.slice(0, 10);
    if (head.length < 10) {
      this.bin = null;
      this.binUnknown = false;
      return;
    }
    if (this.bin && head === this.binHead) return;
    this.binTimer = setTimeout(() => void this.resolveBin(head), BIN_DEBOUNCE_MS);
  }

  private binHead = '';

  private async resolveBin(head: string): Promise<void> {
    try {
      const bin = await getBankBin(head, { handles: [2016] });
      runInAction(() => {
        if (this.cardNo.slice(0, 10) !== head) return;
        this.bin = bin;
        this.binHead = head;
        this.binUnknown = false;
      });
    } catch (error) {
      runInAction(() => {
        this.bin = null;
        this.binUnknown = error instanceof ApiError && error.code === 2016;
      });
    }
  }
}

/** The store of /income/exchangeBank, new on each visit. */
export const exchangeBankStore = screenStore((root: RootStore) => new ExchangeBankStore(root), 'visit');
