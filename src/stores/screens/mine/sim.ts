import { makeAutoObservable } from 'mobx';
import { getOweAmount, getSimBills, getSimCurrentBill, getSimFrozenAmount } from '@/api/sim';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';
import { shanghai } from '@/lib/time';

/**
 * The SIM monthly rent screens (C-mine.md /mine/sim/index, /list, /oldSim; Business rule 22): this month's bill with the
 * SIM part of the freezes and the wallet's whole frozen amount, the open arrears of every source (the banner: while
 * any is open withdrawals are refused), and the bills of either model.
 */

/** /mine/sim/index: the month's bill, the frozen amounts and the arrears, each loaded on its own. */
export class SimStore {
  readonly bill = new Loadable(() => getSimCurrentBill());
  readonly frozen = new Loadable(() => getSimFrozenAmount());
  readonly owe = new Loadable(() => getOweAmount());

  constructor() {
    makeAutoObservable(this, { bill: false, frozen: false, owe: false });
  }

  /** Loads (or reloads, pull-to-refresh) the three blocks. */
  async load(): Promise<void> {
    await Promise.all([this.bill.load(), this.frozen.load(), this.owe.load()]);
  }

  /** Open arrears of every source (fen); 0 when unknown. */
  get oweAmount(): number {
    return this.owe.data?.oweAmount ?? 0;
  }
}

/** The screen's store, kept while the app runs (coming back shows the last figures while they refresh). */
export const simStore = screenStore(() => new SimStore());

/**
 * The SIM bills of one model: version 2 (结算记录, the months of a year, default this year) or 1 (往期结算记录, the
 * old annual fees); a row expands to its sites. A change of year reloads from page 1 (the shared list watches `watch`).
 */
export class SimBillsStore {
  year: number;
  expanded: number[] = [];

  constructor(
    readonly version: 1 | 2,
    thisYear: number,
  ) {
    this.year = thisYear;
    makeAutoObservable(this);
  }

  setYear(year: number): void {
    this.year = year;
    this.expanded = [];
  }

  toggle(billId: number): void {
    this.expanded = this.expanded.includes(billId)
      ? this.expanded.filter((id) => id !== billId)
      : [...this.expanded, billId];
  }

  isOpen(billId: number): boolean {
    return this.expanded.includes(billId);
  }

  get watch(): unknown[] {
    return this.version === 2 ? [this.year] : [];
  }

  page(pageNum: number, pageSize: number) {
    return getSimBills({
      version: this.version,
      pageNum,
      pageSize,
      ...(this.version === 2 ? { year: this.year } : {}),
    });
  }
}

/** The list's store of a version, kept while the app runs. */
export const simBillsStore = screenStore(
  (_root, version: 1 | 2) => new SimBillsStore(version, shanghai(Date.now()).year()),
);
