import { makeAutoObservable } from 'mobx';
import { getAccountBillDetail, type LedgerDetail, type LedgerEntry, type LedgerPage } from '@/api/ledger';
import { BIZ_TYPE_LABELS, BIZ_TYPES_BY_DIRECTION, directionOf, type BizType } from '@/api/ledger-rules';
import { formatTime } from '@/lib/time';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';

/**
 * /income/list — 收支明细 and /income/list/detail/{id} — 收支详情 (D-income.md §1): the ledger's filter (month, 全部 |
 * 收入 | 支出, 类型 of the chosen direction; the query's bizType preselects its direction), the filter's sums and the
 * day sections of the loaded pages; and one entry with what it refers to. Money fen; months 'YYYY-MM', days by
 * Asia/Shanghai.
 */

export type DirectionTab = 'all' | 'in' | 'out';

export const DIRECTION_OF_TAB: Readonly<Record<DirectionTab, 1 | 2 | undefined>> = { all: undefined, in: 1, out: 2 };

const WEEK = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

/** The sticky header of a day: `05月12日 周日`. */
export function dayTitle(ms: number): string {
  const weekday = WEEK[Number(formatTime(ms, 'd'))] ?? '';
  return `${formatTime(ms, 'MM月DD日')} ${weekday}`;
}

/** The 类型 options of a direction tab: 全部类型 (null) then the bizTypes of the direction (both for 全部). */
export function bizTypeOptions(tab: DirectionTab): { label: string; value: BizType | null }[] {
  const types =
    tab === 'in'
      ? BIZ_TYPES_BY_DIRECTION[1]
      : tab === 'out'
        ? BIZ_TYPES_BY_DIRECTION[2]
        : [...BIZ_TYPES_BY_DIRECTION[1], ...BIZ_TYPES_BY_DIRECTION[2]];
  return [{ label: '全部类型', value: null }, ...types.map((t) => ({ label: BIZ_TYPE_LABELS[t], value: t }))];
}

export class LedgerListStore {
  month: string;
  tab: DirectionTab = 'all';
  bizType: BizType | null = null;
  sum: LedgerPage['sum'] | null = null;
  /** Per day 'YYYY-MM-DD': the id of its first (newest) loaded entry. */
  firstOfDay = new Map<string, number>();

  constructor(today: string, bizType: number | null) {
    this.month = today.slice(0, 7);
    if (bizType !== null && bizType in BIZ_TYPE_LABELS) {
      this.bizType = bizType as BizType;
      this.tab = directionOf(this.bizType) === 1 ? 'in' : 'out';
    }
    makeAutoObservable(this);
  }

  /** The request's filter. */
  get query(): { month: string; direction?: 1 | 2; bizType?: number } {
    const direction = DIRECTION_OF_TAB[this.tab];
    return {
      month: this.month,
      ...(direction ? { direction } : {}),
      ...(this.bizType !== null ? { bizType: this.bizType } : {}),
    };
  }

  setMonth(month: string): void {
    this.month = month;
    this.reset();
  }

  /** A new tab keeps the type only when it belongs to the tab's direction. */
  setTab(tab: DirectionTab): void {
    this.tab = tab;
    const direction = DIRECTION_OF_TAB[tab];
    if (this.bizType !== null && direction && directionOf(this.bizType) !== direction) this.bizType = null;
    this.reset();
  }

  setBizType(bizType: BizType | null): void {
    this.bizType = bizType;
    this.reset();
  }

  /** Forgets the sections (page 1 comes again). */
  reset(): void {
    this.firstOfDay = new Map();
  }

  addPage(page: LedgerPage): void {
    this.sum = page.sum;
    const first = new Map(this.firstOfDay);
    for (const e of page.list) {
      const day = formatTime(e.createTime, 'YYYY-MM-DD');
      if (!first.has(day)) first.set(day, e.id);
    }
    this.firstOfDay = first;
  }

  /** True when the entry opens its day's section. */
  opensDay(e: LedgerEntry): boolean {
    return this.firstOfDay.get(formatTime(e.createTime, 'YYYY-MM-DD')) === e.id;
  }
}

/** The store of /income/list, kept while the app runs (the filter survives a visit to a detail). */
export const ledgerListStore = screenStore(
  (_root, today: string, bizType: number | null) => new LedgerListStore(today, bizType),
);

/** The store of /income/list/detail/{id}, new on each visit. */
export class LedgerDetailStore {
  readonly entry: Loadable<LedgerDetail>;

  constructor(id: number) {
    this.entry = new Loadable(() => getAccountBillDetail(id));
    makeAutoObservable(this);
  }
}

export const ledgerDetailStore = screenStore((_root, id: number) => new LedgerDetailStore(id), 'visit');
