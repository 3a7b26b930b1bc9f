import { makeAutoObservable, runInAction } from 'mobx';
import { getWithdrawMode, type WithdrawMode } from '@/api/income';
import { firstAutoWithdrawDay, WITHDRAW_MAX_AMOUNT, WITHDRAW_MIN_AMOUNT } from '@/api/income-rules';
import { ApiError } from '@/api/outcome';
import { isWithdrawable, saveAutoWithdraw, type AutoWithdrawSaved, type Withdrawable } from '@/api/withdraw';
import { formatFen } from '@/lib/money';
import { dayOf, shanghai } from '@/lib/time';
import type { CashBank } from '@/stores/domain/account';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';

/**
 * /income/autowithdraw — 自动提现 (D-income.md §2 "/income/autowithdraw"): the account's automatic-withdrawal setting
 * (getWithdrawMode) as a form — 开启自动提现, 提现周期 (每日 / 每周 / 每月), 提现日 (周一…周日 or 1日…28日), 到账账户 (channel 1:
 * the saved auto card, or the card chosen on /income/bank?select=1&for=auto, which comes back through withdraw info
 * cashBank; channel 2: the entity's settlement card, fixed) and 下次自动提现 computed locally by the same rule as the
 * sandbox's 10:00 job. 保存 and switching off are confirmed and sent exactly once (updateThenAddAutoWithdraw). The store
 * is kept while the app runs so that the form survives the trip to the card list; each visit that is not that return
 * starts from the server's setting.
 */

export interface AutoForm {
  autoWithdraw: 0 | 1;
  autoMode: 1 | 2 | 3;
  date: number;
  card: CashBank | null;
}

export const MODE_LABELS: Readonly<Record<1 | 2 | 3, string>> = { 1: '每日', 2: '每周', 3: '每月' };
export const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

/** 提现日 as shown: 周三 (每周), 15日 (每月), '' (每日). */
export function dayLabel(autoMode: 1 | 2 | 3, date: number): string {
  if (autoMode === 2) return WEEKDAYS[date - 1] ?? '';
  if (autoMode === 3) return `${date}日`;
  return '';
}

/**
 * The rules text under the form (D /income/autowithdraw "Rules text"), its figures from the withdrawal limits (the job
 * withdraws at most `max` at a time and starts nothing below `min`) formatted as money: never typed as text. `min`, `max` in fen.
 */
export function autoWithdrawRules(min: number = WITHDRAW_MIN_AMOUNT, max: number = WITHDRAW_MAX_AMOUNT): string {
  return (
    `开启后，系统将在每个提现日10:00将全部可提现余额提现至到账账户（单笔最高${formatFen(max)}，超出部分下期提现）；` +
    `可提现余额不足${formatFen(min)}、账户存在欠费或未完成签约时当期不发起；自动提现同样占用每月免费次数，超出按手动提现费率收取手续费。`
  );
}

/** The first failing validation (D), or null. Channel 2 needs no card of the form. */
export function autoFormError(form: AutoForm, channel: 1 | 2): string | null {
  if (form.autoWithdraw === 0) return null;
  if (form.autoMode === 2 && (form.date < 1 || form.date > 7)) return '请选择提现日';
  if (form.autoMode === 3 && (form.date < 1 || form.date > 28)) return '请选择提现日';
  if (channel === 1 && !form.card) return '请选择到账账户';
  return null;
}

/** The next run day the form would give if saved at `now` (D: recomputed locally on every change). */
export function nextRunOf(form: AutoForm, now: number): string | null {
  if (form.autoWithdraw === 0) return null;
  return firstAutoWithdrawDay(
    form.autoMode,
    form.autoMode === 1 ? 1 : form.date,
    dayOf(now),
    shanghai(now).hour() < 10,
  );
}

export class AutoWithdrawStore {
  readonly mode = new Loadable<WithdrawMode>(() => getWithdrawMode());
  readonly state = new Loadable<Withdrawable>(() => isWithdrawable());
  form: AutoForm = { autoWithdraw: 0, autoMode: 1, date: 1, card: null };
  /** The form as saved (保存 is enabled when the form differs). */
  saved: AutoForm = { autoWithdraw: 0, autoMode: 1, date: 1, card: null };
  /** The user went to choose the card: the next load takes withdraw info cashBank and keeps the form. */
  private choosing = false;
  readonly submit = new MoneyAction();

  constructor(private readonly root: RootStore) {
    makeAutoObservable<AutoWithdrawStore, 'root' | 'choosing'>(this, { root: false, choosing: false });
  }

  get channel(): 1 | 2 {
    return this.mode.data?.channel ?? 1;
  }

  /** The card shown: channel 2 the entity settlement card. */
  get card(): CashBank | null {
    return this.channel === 2 ? (this.mode.data?.cashBank ?? null) : this.form.card;
  }

  get changed(): boolean {
    const a = this.form;
    const b = this.saved;
    return (
      a.autoWithdraw !== b.autoWithdraw ||
      (a.autoWithdraw === 1 &&
        (a.autoMode !== b.autoMode ||
          (a.autoMode !== 1 && a.date !== b.date) ||
          (this.channel === 1 && a.card?.bankCardId !== b.card?.bankCardId)))
    );
  }

  /** The inline hint (D): reasons 1 / 2 / 3 do not stop saving but stop the runs. */
  get hint(): string | null {
    const reason = this.state.data?.reasonCode;
    if (reason === 1) return '未绑定提现银行卡，自动提现暂不会执行';
    if (reason === 2) return '未完成签约，自动提现暂不会执行';
    if (reason === 3) return '未开通网商银行账户，自动提现暂不会执行';
    return null;
  }

  nextRun(now: number): string | null {
    return nextRunOf(this.form, now);
  }

  /** The confirmation of 保存 (D): `每{周期描述}10:00自动提现至 招商银行(1234)，确认开启？`. */
  get confirmText(): string {
    const card = this.card;
    const period = `${MODE_LABELS[this.form.autoMode].slice(1)}${dayLabel(this.form.autoMode, this.form.date)}`;
    return `每${period}10:00自动提现至 ${card ? `${card.bankName}(${card.cardNoTail})` : ''}，确认开启？`;
  }

  /** Before the card list: remember that the choice comes back through withdraw info cashBank. */
  chooseCard(): void {
    this.choosing = true;
  }

  setForm(patch: Partial<AutoForm>): void {
    const next = { ...this.form, ...patch };
    if (patch.autoMode === 2 && next.date > 7) next.date = 1;
    this.form = next;
  }

  /** Loads the setting and whether the account can withdraw; a return from the card list keeps the form. */
  async load(): Promise<void> {
    await Promise.all([this.mode.load(), this.state.load()]);
    const mode = this.mode.data;
    if (!mode) return;
    runInAction(() => {
      const savedForm: AutoForm = {
        autoWithdraw: mode.autoWithdraw,
        autoMode: mode.autoMode,
        date: mode.date,
        card: mode.autoCard ?? this.root.withdrawInfo.info.cashBank,
      };
      this.saved = { ...savedForm, card: mode.autoCard };
      if (this.choosing) {
        this.form = { ...this.form, card: this.root.withdrawInfo.info.cashBank };
        this.choosing = false;
      } else this.form = savedForm;
    });
  }

  /**
   * Saves the form (validated; `ask` is the confirmation), exactly once. `off` saves autoWithdraw 0 at once (the
   * switch's confirmation). Resolves the saved setting (withdraw info written), or null (cancelled or refused and
   * told; 2005 clears the card).
   */
  async save(ask: () => PromiseLike<boolean>, off = false): Promise<AutoWithdrawSaved | null> {
    const form: AutoForm = off ? { ...this.form, autoWithdraw: 0 } : this.form;
    if (autoFormError(form, this.channel)) return null;
    const card = this.card;
    const answer = await this.submit.run(async (requestId) => {
      try {
        return await saveAutoWithdraw({
          autoWithdraw: form.autoWithdraw,
          autoMode: form.autoMode,
          date: form.autoMode === 1 ? 1 : form.date,
          bankCardId: this.channel === 1 ? (card?.bankCardId ?? null) : null,
          requestId,
        });
      } catch (error) {
        if (error instanceof ApiError && error.code === 2005)
          runInAction(() => {
            this.form = { ...this.form, card: null };
            this.root.withdrawInfo.update({ cashBank: null });
          });
        throw error;
      }
    }, ask);
    if (!answer) return null;
    runInAction(() => {
      this.form = { ...form, date: answer.date };
      this.saved = { ...this.form };
    });
    this.root.withdrawInfo.update({
      autoWithdraw: answer.autoWithdraw,
      autoMode: answer.autoMode,
      date: answer.date,
      nextWithdraw: answer.nextWithdraw,
    });
    return answer;
  }
}

/** The store of /income/autowithdraw, kept while the app runs (the form survives the card choice). */
export const autoWithdrawStore = screenStore((root: RootStore) => new AutoWithdrawStore(root));
