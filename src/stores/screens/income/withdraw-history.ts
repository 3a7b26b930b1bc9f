import { makeAutoObservable } from 'mobx';
import {
  getBalance,
  getMerchantEntityProperty,
  getWithdrawMode,
  type MerchantEntityProperty,
  type WalletBalance,
  type WithdrawMode,
} from '@/api/income';
import type { WithdrawListPage, WithdrawRecord } from '@/api/withdraw';
import { formatTime } from '@/lib/time';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';

/**
 * /income/withdrawHistory — 提现记录 (D-income.md §2 "/income/withdrawHistory", channel 2): the header (settlement card,
 * 累计提现 from the wallet), the channel (a channel-1 account is sent to /income/withdraw-list), and the month sections
 * of the loaded pages: which record opens a month and the month's 已到账 sum from the pages' monthSums. New on each
 * visit.
 */

/** 'YYYY年MM月' of a 'YYYY-MM' month. */
export function monthTitle(month: string): string {
  return `${month.slice(0, 4)}年${month.slice(5, 7)}月`;
}

export class WithdrawHistoryStore {
  readonly mode = new Loadable<WithdrawMode>(() => getWithdrawMode());
  readonly balance = new Loadable<WalletBalance>(() => getBalance());
  readonly property = new Loadable<MerchantEntityProperty>(() => getMerchantEntityProperty());
  /** Per month 'YYYY-MM': the id of its first (newest) loaded record. */
  firstOfMonth = new Map<string, number>();
  /** Per month: the sums the server gave. */
  monthSums = new Map<string, { successAmount: number; successCount: number }>();
  /** Channel-1 history exists (the footer link). */
  hasChannel1 = false;

  constructor(private readonly monthOfRecord: (r: WithdrawRecord) => string) {
    makeAutoObservable<WithdrawHistoryStore, 'monthOfRecord'>(this, { monthOfRecord: false });
  }

  async load(): Promise<void> {
    await Promise.all([this.mode.load(), this.balance.load(), this.property.load()]);
  }

  /** Forgets the sections (the filter changed or the list was refreshed: page 1 comes again). */
  reset(): void {
    this.firstOfMonth = new Map();
    this.monthSums = new Map();
  }

  /** Takes a page in: its months' first records and sums. */
  addPage(page: WithdrawListPage): void {
    const first = new Map(this.firstOfMonth);
    for (const r of page.list) {
      const month = this.monthOfRecord(r);
      if (!first.has(month)) first.set(month, r.id);
    }
    const sums = new Map(this.monthSums);
    for (const m of page.monthSums) sums.set(m.month, { successAmount: m.successAmount, successCount: m.successCount });
    this.firstOfMonth = first;
    this.monthSums = sums;
    this.hasChannel1 = page.hasChannel1;
  }

  /** The month a record opens, or null. */
  sectionOf(r: WithdrawRecord): string | null {
    const month = this.monthOfRecord(r);
    return this.firstOfMonth.get(month) === r.id ? month : null;
  }
}

/** The store of /income/withdrawHistory, new on each visit. */
export const withdrawHistoryStore = screenStore(
  () => new WithdrawHistoryStore((r) => formatTime(r.applyTime, 'YYYY-MM')),
  'visit',
);
