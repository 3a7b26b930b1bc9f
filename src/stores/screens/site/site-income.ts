import { screenStore } from '@/stores/screen-store';
import { makeAutoObservable, runInAction } from 'mobx';
import type { SiteDetail } from '@/api/site';
import type { SitesStore } from '@/stores/domain/sites';
import type { LoadableLike } from '@/stores/support/entity-cache';
import { getCoinsOrderTotalMoney } from '@/api/home';
import {
  getCoinsOrderList,
  getSiteIncomeMonth,
  type CoinOrderRow,
  type SiteIncomeMonthRow,
  type SiteIncomeYear,
} from '@/api/site-income';
import { dayOf, shanghai } from '@/lib/time';
import { Loadable } from '@/stores/support/loadable';

/**
 * The site income screens (B-site.md §5, Business rules E1, E4): the year overview (incomeList) and the month detail
 * shell (incomeSite with chargerList / cardList). Pure rules of the year and month ranges and the labels, and the
 * overview's store. Money fen, energy Wh, months 'YYYY-MM', days 'YYYY-MM-DD' (Asia/Shanghai).
 */

/** Years the overview may show: from the site's creation year to the current year (E1). */
export function yearRange(createTime: number, now: number): { min: number; max: number } {
  return { min: Number(dayOf(createTime).slice(0, 4)), max: Number(dayOf(now).slice(0, 4)) };
}

/** Months the detail's picker offers: the site's creation month to the current month, newest first (E1). */
export function monthRange(createTime: number, now: number): string[] {
  const first = dayOf(createTime).slice(0, 7);
  let month = dayOf(now).slice(0, 7);
  const out: string[] = [];
  while (month >= first) {
    out.push(month);
    const [y, m] = month.split('-').map(Number) as [number, number];
    month = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  }
  return out;
}

/** The month to show: the `month` query when it is within range, else the current month. */
export function pickMonth(query: string | null, months: readonly string[]): string {
  if (query && months.includes(query)) return query;
  return months[0] ?? '';
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** A day row's label: "05-20 周一". */
export function dayLabel(date: string): string {
  const day = shanghai(Date.parse(`${date}T12:00:00+08:00`));
  return `${date.slice(5)} ${WEEKDAYS[day.day()] ?? ''}`;
}

/** The overview's chart: total income per month, oldest first, labels 'MM月'. */
export function monthChartPoints(
  list: readonly SiteIncomeMonthRow[],
): { label: string; value: number; month: string }[] {
  return [...list]
    .reverse()
    .map((row) => ({ label: `${Number(row.month.slice(5))}月`, value: row.totalIncome, month: row.month }));
}

/** The overview (incomeList) of one site: the site (for its creation year), the chosen year and its months. */
export class SiteIncomeYearStore {
  /** The site (root.sites). */
  readonly site: LoadableLike<SiteDetail>;
  year: number;
  readonly years = new Map<number, Loadable<SiteIncomeYear>>();

  /**
   * @param sites the app's sites (root.sites)
   * @param siteId the site
   * @param now the clock (epoch ms)
   */
  constructor(
    sites: SitesStore,
    readonly siteId: number,
    private readonly now: () => number = Date.now,
  ) {
    this.year = Number(dayOf(now()).slice(0, 4));
    this.site = sites.handle(siteId);
    makeAutoObservable<SiteIncomeYearStore, 'now'>(this, { now: false });
  }

  /** The data of the chosen year. */
  get current(): Loadable<SiteIncomeYear> {
    let entry = this.years.get(this.year);
    if (!entry) {
      const year = this.year;
      entry = new Loadable(() => getSiteIncomeMonth(this.siteId, year));
      this.years.set(year, entry);
    }
    return entry;
  }

  /** The allowed years, once the site is known. */
  get range(): { min: number; max: number } | null {
    const site = this.site.data;
    return site ? yearRange(site.createTime, this.now()) : null;
  }

  get canPrev(): boolean {
    return !!this.range && this.year > this.range.min;
  }

  get canNext(): boolean {
    return !!this.range && this.year < this.range.max;
  }

  /** True when the chosen year has no income at all ("本年暂无收入"). */
  get empty(): boolean {
    const data = this.current.data;
    return !!data && data.list.every((m) => m.totalIncome === 0 && m.orderCount === 0);
  }

  /** The current month 'YYYY-MM' (shortcuts 充电明细 / 充值明细). */
  get thisMonth(): string {
    return dayOf(this.now()).slice(0, 7);
  }

  /** Loads the site, then the chosen year. Resolves false when the site is not visible. */
  async init(): Promise<boolean> {
    const okay = await this.site.load();
    if (!okay) return false;
    await this.current.load();
    return true;
  }

  /** Moves to another year within range and loads it. */
  async shiftYear(delta: -1 | 1): Promise<void> {
    if ((delta < 0 && !this.canPrev) || (delta > 0 && !this.canNext)) return;
    runInAction(() => {
      this.year += delta;
    });
    const data = this.current;
    if (!data.data) await data.load();
  }

  /** Pull-to-refresh: reloads the chosen year. */
  async refresh(): Promise<void> {
    await this.current.load();
  }
}

/** The month detail shell (incomeSite): the site (for its creation month) and the months its picker offers. */
export class SiteIncomeMonthsStore {
  /** The site (root.sites). */
  readonly site: LoadableLike<SiteDetail>;

  /**
   * @param sites the app's sites (root.sites)
   * @param siteId the site
   * @param now the clock (epoch ms)
   */
  constructor(
    sites: SitesStore,
    readonly siteId: number,
    private readonly now: () => number = Date.now,
  ) {
    this.site = sites.handle(siteId);
    makeAutoObservable<SiteIncomeMonthsStore, 'now'>(this, { now: false });
  }

  /** Months from the site's creation to now, newest first (empty until the site is known). */
  get months(): string[] {
    const site = this.site.data;
    return site ? monthRange(site.createTime, this.now()) : [];
  }
}

/** Coin orders of one day of one site (the 投币明细 sheet of chargerList), paged for its infinite scroll. */
export class CoinDayStore {
  total: { amount: number; coinCount: number; orderCount: number } | null = null;
  list: CoinOrderRow[] = [];
  count = 0;
  page = 0;
  failed = false;

  constructor(
    readonly siteId: number,
    readonly date: string,
  ) {
    makeAutoObservable(this);
  }

  /** True while rows are left to load. */
  get hasMore(): boolean {
    return this.page === 0 || this.list.length < this.count;
  }

  /** Loads the day's totals (getCoinsOrderTotalMoney). */
  async loadTotal(): Promise<void> {
    try {
      const total = await getCoinsOrderTotalMoney(this.date, this.date, this.siteId).send();
      runInAction(() => {
        this.total = total;
      });
    } catch {
      runInAction(() => {
        this.failed = true;
      });
    }
  }

  /** Loads the next page (20 rows); rejects on failure (the infinite scroll offers a retry). */
  async loadMore(): Promise<void> {
    const next = this.page + 1;
    const page = await getCoinsOrderList({
      siteId: this.siteId,
      startDate: this.date,
      endDate: this.date,
      pageNum: next,
      pageSize: 20,
    }).send();
    runInAction(() => {
      this.list = [...this.list, ...page.list];
      this.count = page.total;
      this.page = next;
    });
  }
}

/** The store of 充电收入概览 for a site, new on each visit. */
export const siteIncomeYearStore = screenStore(
  (root, siteId: number) => new SiteIncomeYearStore(root.sites, siteId),
  'visit',
);
/** The store of the 收入明细 layout for a site, new on each visit. */
export const siteIncomeMonthsStore = screenStore(
  (root, siteId: number) => new SiteIncomeMonthsStore(root.sites, siteId),
  'visit',
);
