import { makeAutoObservable } from 'mobx';
import { getBalance } from '@/api/income';
import { getWithdrawDetail, type WithdrawDetail, type WithdrawStatus } from '@/api/withdraw';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';

/**
 * /income/withdraw-list/cashResult — 提现结果 (D-income.md §2 "/income/withdraw-list/cashResult"): one withdrawal with
 * its course. Right after applying (from=apply) it polls withdrawDetail every 3 s, at most 5 times, while the status is
 * 1/2, and refreshes withdraw info availableBalance when it failed (4/5: the money came back). New on each visit.
 */

/** Polling after an application (D): every 3 s, at most 5 times. */
export const POLL_MS = 3000;
export const POLL_TIMES = 5;

/** Head title by status (D). */
export const RESULT_TITLES: Record<WithdrawStatus, string> = {
  1: '提现申请已提交',
  2: '银行处理中',
  3: '提现成功',
  4: '提现失败',
  5: '提现已驳回',
};

export class CashResultStore {
  readonly detail: Loadable<WithdrawDetail>;
  private polls = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly root: RootStore,
    readonly id: number,
    readonly fromApply: boolean,
  ) {
    this.detail = new Loadable(() => getWithdrawDetail(id));
    makeAutoObservable<CashResultStore, 'root' | 'timer' | 'polls'>(this, { root: false, timer: false, polls: false });
  }

  /** Still in progress (待审核 / 处理中). */
  get pending(): boolean {
    const status = this.detail.data?.status;
    return status === 1 || status === 2;
  }

  /** Loads (pull-to-refresh too) and, after an application, keeps polling while pending. */
  async load(): Promise<void> {
    await this.detail.load();
    const status = this.detail.data?.status;
    if (this.fromApply && (status === 4 || status === 5)) {
      try {
        const balance = await getBalance();
        this.root.withdrawInfo.update({ availableBalance: balance.availableBalance });
      } catch {
        // The request layer told the user; the figure is refreshed on the next visit of /income.
      }
    }
    this.schedule();
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (!this.fromApply || !this.pending || this.polls >= POLL_TIMES || this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.polls += 1;
      void this.load();
    }, POLL_MS);
  }
}

/** The store of cashResult for one withdrawal, new on each visit. */
export const cashResultStore = screenStore(
  (root: RootStore, id: number, fromApply: boolean) => new CashResultStore(root, id, fromApply),
  'visit',
);
