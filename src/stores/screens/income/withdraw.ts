import { makeAutoObservable, runInAction } from 'mobx';
import { getSavingsCards } from '@/api/bank';
import { getBalance, getWithdrawMode, type WalletBalance, type WithdrawMode } from '@/api/income';
import {
  amountToFen,
  AMOUNT_PATTERN,
  normaliseAmountInput,
  WITHDRAW_MAX_AMOUNT,
  WITHDRAW_MIN_AMOUNT,
  withdrawFee,
} from '@/api/income-rules';
import { ApiError } from '@/api/outcome';
import {
  getWithdrawFeeFree,
  isWithdrawable,
  sendWithdrawCode,
  withdrawApply,
  type WithdrawApplied,
  type WithdrawFeeFree,
  type Withdrawable,
} from '@/api/withdraw';
import { formatFen, fenToYuan } from '@/lib/money';
import type { CashBank } from '@/stores/domain/account';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';
import { cashBankOf } from './bank';
import { CodeSender } from './code-sender';

/**
 * /income/withdraw — 提现 (D-income.md §2 "/income/withdraw"): whether the account can withdraw (the blocked state and
 * its one action by reasonCode), the 到账账户 (withdraw info cashBank in channel 1, picked from the bound cards when
 * none is held; the entity settlement card in channel 2), the amount typed as text and converted to fen by string,
 * the live fee line, the type-5 code and 确认提现 — validated in D's order, confirmed, sent exactly once (MoneyAction:
 * the requestId is made when the page opens and kept across a timeout or a lost connection). New on each visit.
 */

/** The blocked state's action by reasonCode (D): where it leads, or null for text only. */
export const BLOCK_ACTIONS: Readonly<
  Record<
    number,
    {
      label: string;
      route: 'bankAdd' | 'signAgree' | 'openAccountDetail' | 'kybCheck' | 'feeOwedDetail' | 'tel';
    } | null
  >
> = {
  1: { label: '去绑卡', route: 'bankAdd' },
  2: { label: '去签约', route: 'signAgree' },
  3: { label: '去开户', route: 'openAccountDetail' },
  4: { label: '去验证', route: 'kybCheck' },
  5: { label: '去缴费', route: 'feeOwedDetail' },
  6: { label: '联系客服', route: 'tel' },
  7: null,
  8: null,
};

/** Codes of withdrawApply this screen answers itself (toast; 2001 also reloads the balance; 1001 clears the code). */
const HANDLED = [1001, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010];

export class WithdrawStore {
  readonly state = new Loadable<Withdrawable>(() => isWithdrawable());
  readonly terms = new Loadable<WithdrawFeeFree>(() => getWithdrawFeeFree());
  readonly mode = new Loadable<WithdrawMode>(() => getWithdrawMode());
  readonly balance = new Loadable<WalletBalance>(() => getBalance());
  amountText = '';
  code = '';
  readonly sms = new CodeSender();
  readonly submit = new MoneyAction();

  constructor(private readonly root: RootStore) {
    makeAutoObservable<WithdrawStore, 'root'>(this, { root: false });
  }

  /** True until isWithdrawable and the balance have answered (D: full-page skeleton). */
  get loading(): boolean {
    return this.state.data === null || this.balance.data === null;
  }

  get channel(): 1 | 2 {
    return this.mode.data?.channel ?? 1;
  }

  /** The card of the withdrawal: the entity settlement card in channel 2, withdraw info cashBank in channel 1. */
  get card(): CashBank | null {
    if (this.channel === 2) return this.mode.data?.cashBank ?? null;
    return this.root.withdrawInfo.info.cashBank;
  }

  get available(): number {
    return this.balance.data?.availableBalance ?? 0;
  }

  /** The amount in fen, or null while it is not a valid amount. */
  get amount(): number | null {
    return this.amountText ? amountToFen(this.amountText) : null;
  }

  /** The fee of the typed amount (0 while nothing valid is typed). */
  get fee(): number {
    const terms = this.terms.data;
    return terms && this.amount !== null ? withdrawFee(this.amount, terms) : 0;
  }

  /** The fee line (D): the free quota, or the fee with its terms. */
  get feeLine(): string {
    const terms = this.terms.data;
    if (!terms) return '';
    if (terms.freeLeft > 0) return `本月剩余免费提现${terms.freeLeft}次，本次免手续费`;
    return `手续费 ${formatFen(this.fee)}（费率${terms.feeRateBp / 100}%，最低${formatFen(terms.minFee)}，最高${formatFen(terms.maxFee)}）`;
  }

  /** 实际到账 (fen). */
  get actual(): number {
    return Math.max(0, (this.amount ?? 0) - this.fee);
  }

  /** 确认提现 is enabled once an amount and a code are typed. */
  get filled(): boolean {
    return this.amountText !== '' && this.code !== '';
  }

  /** The first failing validation in D's order, or null. */
  get error(): string | null {
    const terms = this.terms.data;
    if (!this.amountText) return '请输入提现金额';
    if (!AMOUNT_PATTERN.test(this.amountText)) return '请输入正确的金额';
    const amount = this.amount ?? 0;
    const min = terms?.minAmount ?? WITHDRAW_MIN_AMOUNT;
    const max = terms?.maxAmount ?? WITHDRAW_MAX_AMOUNT;
    if (amount < min) return `单笔提现金额不能低于${formatFen(min)}`;
    if (amount > this.available) return '超出可提现余额';
    if (amount > max) return `单笔提现金额不能超过${formatFen(max)}`;
    if (amount <= this.fee) return '提现金额须大于手续费';
    if (terms && terms.todayCount >= terms.dailyLimit) return '今日提现次数已达上限';
    if (!this.card) return '请选择到账账户';
    if (!this.code) return '请输入验证码';
    if (!/^\d{6}$/.test(this.code)) return '验证码为6位数字';
    return null;
  }

  /** The confirmation's text (D 提现确认). */
  get confirmText(): string {
    const card = this.card;
    const target = card ? `${card.bankName}(${card.cardNoTail})` : '';
    return `提现金额 ${formatFen(this.amount ?? 0)}\u3000手续费 ${formatFen(this.fee)}\u3000实际到账 ${formatFen(this.actual)}\u3000到账账户 ${target}`;
  }

  setAmount(text: string): void {
    this.amountText = normaliseAmountInput(text, this.amountText);
  }

  setCode(text: string): void {
    this.code = text.replace(/\D/g, '').slice(0, 6);
  }

  /** 全部提现: min(available, the single-withdrawal maximum), formatted. */
  withdrawAll(): void {
    const max = this.terms.data?.maxAmount ?? WITHDRAW_MAX_AMOUNT;
    this.amountText = fenToYuan(Math.min(this.available, max));
  }

  /** Loads everything in parallel; in channel 1 without a held card, picks the first bound one (auto card first). */
  async load(): Promise<void> {
    await Promise.all([this.state.load(), this.terms.load(), this.mode.load(), this.balance.load()]);
    const balance = this.balance.data;
    const mode = this.mode.data;
    if (balance)
      this.root.withdrawInfo.update({ availableBalance: balance.availableBalance, balance: balance.balance });
    if (mode) this.root.withdrawInfo.update({ phone: mode.phone, account: mode.account });
    if (this.channel === 1 && !this.root.withdrawInfo.info.cashBank && this.state.data?.reasonCode !== 1) {
      try {
        const cards = await getSavingsCards();
        const first = [...cards.list].sort((a, b) => Number(b.isAutoWithdraw) - Number(a.isAutoWithdraw))[0];
        if (first) runInAction(() => this.root.withdrawInfo.update({ cashBank: cashBankOf(first) }));
      } catch {
        // The 到账账户 cell stays empty (请选择到账账户); the request layer told the user.
      }
    }
  }

  /** Sends the type-5 code; resolves the toast text, or null. */
  async sendCode(): Promise<string | null> {
    const sent = await this.sms.send(() => sendWithdrawCode());
    return sent ? `验证码已发送至${this.mode.data?.phone ?? ''}` : null;
  }

  /**
   * Applies (validated and confirmed by the screen), exactly once. Resolves the withdrawal, or `{ message }` for a
   * refusal the screen toasts (2001 also reloads the balance; 1001 clears the code), or null (already running, or
   * the request layer told the user: a timeout keeps the requestId for the retry).
   */
  async apply(): Promise<WithdrawApplied | { message: string } | null> {
    const amount = this.amount;
    const card = this.card;
    if (this.error || amount === null || !card) return null;
    let refusal: { message: string } | null = null;
    const made = await this.submit.run(async (requestId) => {
      try {
        return await withdrawApply(
          { amount, ...(this.channel === 1 ? { bankCardId: card.bankCardId } : {}), code: this.code, requestId },
          { handles: HANDLED },
        );
      } catch (error) {
        if (error instanceof ApiError && error.code !== null && HANDLED.includes(error.code)) {
          refusal = { message: error.code === 1001 ? '验证码错误或已过期' : error.message };
          runInAction(() => {
            if (error.code === 1001) this.code = '';
          });
          if (error.code === 2001) void this.balance.load();
          if (error.code === 2005) this.root.withdrawInfo.update({ cashBank: null });
        }
        throw error;
      }
    });
    if (made) {
      this.root.withdrawInfo.update({ availableBalance: this.available - amount });
      return made;
    }
    return refusal;
  }

  dispose(): void {
    this.sms.dispose();
  }
}

/** The store of /income/withdraw, new on each visit (the requestId is made when the page opens). */
export const withdrawStore = screenStore((root: RootStore) => new WithdrawStore(root), 'visit');
