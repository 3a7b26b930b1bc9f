import { makeAutoObservable, runInAction } from 'mobx';
import { applyKyb, kybMath, queryAccountBankKyb, type KybState } from '@/api/esign';
import { getMerchantEntityProperty } from '@/api/income';
import { kybAmountToFen } from '@/api/income-rules';
import { ApiError } from '@/api/outcome';
import { href } from '@/config/routes';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';

/**
 * /income/KYBCheck — 对公打款验证 (D-income.md §5 "/income/KYBCheck"): the corporate account under verification and
 * its kybStatus (queryAccountBankKyb); 申请打款 (applyKyb: a real remittance, so confirmed and exactly once — an active
 * verification is answered as it is, 2023 within 24 h of the last one) and 提交验证 (kybMath with the amount in fen;
 * exactly once per report; 2021 exhausted, 2022 expired). On success 完成 returns to sign info kybBackUrl (else
 * /income/openAccountDetail) after writing sign info openStatus from a fresh getMerchantEntityProperty. New on each
 * visit.
 */

/** The purpose tag of the account card (D): 1 开户验证, 2 更换结算卡, 3 对公提现账户. */
export const KYB_PURPOSES: Readonly<Record<number, string>> = { 1: '开户验证', 2: '更换结算卡', 3: '对公提现账户' };

/** The first failing validation of 提交验证 (D: required, then ^0\.\d{2}$ within 0.01–0.99), or null. */
export function kybAmountError(text: string): string | null {
  if (!text.trim()) return '请输入收到的打款金额';
  return kybAmountToFen(text.trim()) === null ? '请输入0.01-0.99之间的金额' : null;
}

export class KybCheckStore {
  readonly state = new Loadable<KybState>(() => queryAccountBankKyb());
  amountText = '';
  /** The last report matched (the 验证成功 view). */
  matched = false;
  readonly apply = new MoneyAction();
  readonly report = new MoneyAction();

  constructor(private readonly root: RootStore) {
    makeAutoObservable<KybCheckStore, 'root'>(this, { root: false });
  }

  /** The account is not a main account (D: lock state). */
  get locked(): boolean {
    const type = this.root.session.extendPermission?.accountType;
    return type !== undefined && ![1, 2, 3].includes(type);
  }

  /** Where 完成 leads: sign info kybBackUrl, else /income/openAccountDetail. */
  get backUrl(): string {
    const back = this.root.signInfo.info.kybBackUrl;
    return typeof back === 'string' && back.startsWith('/') && !back.startsWith('//')
      ? back
      : href('openAccountDetail');
  }

  /** 申请打款 is refused until nextApplyTime (2023); true while that instant is ahead of `now`. */
  rateLimited(now: number): boolean {
    const next = this.state.data?.nextApplyTime;
    return next !== null && next !== undefined && next > now;
  }

  setAmount(text: string): void {
    // ¥0.__: digits and one point, two decimals at most
    const clean = text.replace(/[^\d.]/g, '');
    if (/^\d{0,2}(\.\d{0,2})?$/.test(clean)) this.amountText = clean;
  }

  load(): Promise<boolean> {
    return this.state.load();
  }

  /** 申请打款 (the screen confirmed it first through `ask`): reloads the state; never rejects. */
  async applyRemittance(ask: () => PromiseLike<boolean>): Promise<boolean> {
    const answer = await this.apply.run((requestId) => applyKyb({ requestId }), ask);
    await this.load();
    return answer !== undefined;
  }

  /**
   * 提交验证 (validated by kybAmountError): resolves 'matched', `{ message }` to toast (a wrong amount with the tries
   * left, 2021 / 2022), or null. The state is read again afterwards (remainTimes 0 → the 验证失败 view).
   */
  async submit(): Promise<'matched' | { message: string } | null> {
    const amount = kybAmountToFen(this.amountText.trim());
    if (amount === null) return null;
    let refusal: { message: string } | null = null;
    const answer = await this.report.run(async (requestId) => {
      try {
        return await kybMath({ amount, requestId }, { handles: [2021, 2022] });
      } catch (error) {
        if (error instanceof ApiError && (error.code === 2021 || error.code === 2022))
          refusal = { message: error.message };
        throw error;
      }
    });
    runInAction(() => {
      this.amountText = '';
    });
    if (answer?.matched) {
      runInAction(() => {
        this.matched = true;
      });
      await this.load();
      return 'matched';
    }
    await this.load();
    if (answer) return { message: `金额不正确，还可验证${answer.remainTimes}次` };
    return refusal;
  }

  /** Before 完成 leaves: sign info openStatus from a fresh getMerchantEntityProperty (D "Client state"). */
  async refreshOpenStatus(): Promise<void> {
    try {
      const property = await getMerchantEntityProperty();
      this.root.signInfo.update({ openStatus: property.openStatus });
    } catch {
      // The next screen reads it again; the request layer told the user.
    }
  }
}

/** The store of /income/KYBCheck, new on each visit. */
export const kybCheckStore = screenStore((root: RootStore) => new KybCheckStore(root), 'visit');
