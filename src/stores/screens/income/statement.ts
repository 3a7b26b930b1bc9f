import { makeAutoObservable } from 'mobx';
import {
  getAgentStatement,
  getDayBillMerchant,
  getDayBillOperation,
  getMerchantList,
  getMonthBillMerchant,
  getMonthBillOperation,
  getSiteBillDetail,
  getSiteBills,
  getYearStatement,
  type AgentStatement,
  type AgentStatementRow,
  type SiteBillDetail,
  type SiteBillList,
  type SiteBillPage,
  type SiteBillQuery,
  type DayBillMerchant,
  type DayBillOperation,
  type MerchantItem,
  type MonthBillMerchant,
  type MonthBillOperation,
  type YearStatement,
} from '@/api/statements';
import { dayOf, shiftDay } from '@/lib/time';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';

/**
 * Screen stores of the statements (D-income.md §4 "/income/statement/bill — 对账单", "/income/detail-list — 明细").
 * The figures are the sandbox's (src/api/statements.ts); the stores hold what is chosen (subject, property, year,
 * month, day) and the blocks that load independently. Money fen; months 'YYYY-MM', days 'YYYY-MM-DD' Asia/Shanghai.
 */

const WEEK = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

/** `05-12 周日` of a day 'YYYY-MM-DD' (the weekday of the calendar day, no time zone involved). */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${day.slice(5)} ${WEEK[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? ''}`;
}

/**
 * 环比 of a month against the last: `▲12.5%` / `▼3.0%` (one decimal), `持平` when equal; null when last month is 0 (the
 * design hides it then).
 */
export function monthOnMonth(gross: number, lastGross: number): string | null {
  if (lastGross === 0) return null;
  const change = ((gross - lastGross) * 100) / Math.abs(lastGross);
  const text = `${Math.abs(change).toFixed(1)}%`;
  if (text === '0.0%') return '持平';
  return change > 0 ? `▲${text}` : `▼${text}`;
}

/** True when `month` may be chosen: from the account's first month up to the current month (D §4 validation). */
export function monthSelectable(month: string, firstMonth: string, current: string): boolean {
  return month >= firstMonth && month <= current;
}

/** 我的账单 | 物业账单. */
export type StatementSubject = 'mine' | 'property';

/** /income/statement/bill — the year chart, the month's summary and days, the agents' shares (D §4). */
export class StatementBillStore {
  /** The business month now (the phone's clock, Asia/Shanghai). */
  readonly currentMonth = dayOf(Date.now()).slice(0, 7);
  subject: StatementSubject;
  merchantId: number | null = null;
  year: number;
  month: string;

  readonly merchants = new Loadable<MerchantItem[]>(async () => (await getMerchantList()).list);
  readonly chart = new Loadable<YearStatement>(() => getYearStatement(this.year, this.chartMerchant));
  readonly mine = new Loadable<MonthBillOperation>(() => getMonthBillOperation(this.month));
  readonly merchant = new Loadable<MonthBillMerchant>(() =>
    getMonthBillMerchant(this.month, this.isProperty ? undefined : (this.merchantId ?? undefined)),
  );
  readonly agents = new Loadable<AgentStatement>(() => getAgentStatement(this.month, { pageNum: 1, pageSize: 50 }));

  constructor(
    private readonly root: RootStore,
    month: string | null,
    merchantId: number | null,
  ) {
    const chosen = month && month <= this.currentMonth ? month : this.currentMonth;
    this.month = chosen;
    this.year = Number(chosen.slice(0, 4));
    this.subject = this.isProperty || merchantId !== null ? 'property' : 'mine';
    this.merchantId = merchantId;
    makeAutoObservable<StatementBillStore, 'root'>(this, { root: false });
  }

  get accountType(): number {
    return this.root.session.extendPermission?.accountType ?? 1;
  }

  /** 平台分账 is a line of settleMode 2 (split mode) only. */
  get settleMode(): number {
    return this.root.session.extendPermission?.settleMode ?? 0;
  }

  /** 投币收入 lines and the 投币收入明细 cell only with coin boxes. */
  get coinEnabled(): boolean {
    return this.root.session.extendPermission?.coinEnabled ?? false;
  }

  /** Property accounts (3) see only their own statement, without the switch. */
  get isProperty(): boolean {
    return this.accountType === 3;
  }

  /** The subject switch: owners (1/2) with at least one property; a sub-account's properties are not its to name. */
  get showSwitch(): boolean {
    return !this.isProperty && [1, 2].includes(this.accountType) && (this.merchants.data?.length ?? 0) > 0;
  }

  /** The 代理商分润 section: operators (their agents) and agents (their superior's share). */
  get showAgents(): boolean {
    return this.subject === 'mine' && [1, 2].includes(this.accountType);
  }

  get chosenMerchant(): MerchantItem | null {
    return this.merchants.data?.find((m) => m.merchantId === this.merchantId) ?? null;
  }

  /** The property whose bars the chart shows (none for 我的账单 and for a property's own). */
  private get chartMerchant(): number | undefined {
    return this.subject === 'property' && !this.isProperty ? (this.merchantId ?? undefined) : undefined;
  }

  get firstMonth(): string {
    return this.chart.data?.firstMonth ?? '2000-01';
  }

  get canNextYear(): boolean {
    return this.year < Number(this.currentMonth.slice(0, 4));
  }

  isSelectable(month: string): boolean {
    return monthSelectable(month, this.firstMonth, this.currentMonth);
  }

  /** 环比 of the chosen month (我的账单). */
  get change(): string | null {
    const s = this.mine.data?.summary;
    return s ? monthOnMonth(s.grossIncome, s.lastMonthGross) : null;
  }

  /** True when the chosen month has nothing (summary zeros + 本月暂无账单). */
  get empty(): boolean {
    if (this.subject === 'mine') {
      const d = this.mine.data;
      return d !== null && d.days.length === 0 && d.summary.grossIncome === 0 && d.summary.netIncome === 0;
    }
    const d = this.merchant.data;
    return d !== null && d.days.length === 0 && d.summary.shareAmount === 0;
  }

  /** Loads everything of the screen (first visit, pull-to-refresh). */
  async load(): Promise<void> {
    const jobs: Promise<boolean>[] = [this.chart.load(), this.loadMonth()];
    if (!this.isProperty && [1, 2].includes(this.accountType)) {
      jobs.push(
        this.merchants.load().then((ok) => {
          if (this.subject === 'property' && this.merchantId === null && this.merchants.data?.[0]) {
            this.merchantId = this.merchants.data[0].merchantId;
            void this.loadMonth();
            void this.chart.load();
          }
          return ok;
        }),
      );
    }
    await Promise.all(jobs);
  }

  /** The month's blocks of the chosen subject. */
  async loadMonth(): Promise<boolean> {
    if (this.subject === 'property') {
      if (!this.isProperty && this.merchantId === null) return true;
      return this.merchant.load();
    }
    const results = await Promise.all([this.mine.load(), ...(this.showAgents ? [this.agents.load()] : [])]);
    return results.every(Boolean);
  }

  setSubject(subject: StatementSubject): void {
    if (subject === this.subject) return;
    this.subject = subject;
    if (subject === 'property' && this.merchantId === null)
      this.merchantId = this.merchants.data?.[0]?.merchantId ?? null;
    void this.chart.load();
    void this.loadMonth();
  }

  setMerchant(merchantId: number): void {
    this.merchantId = merchantId;
    void this.chart.load();
    void this.loadMonth();
  }

  /** Chooses a month (a tapped bar): only selectable months; reloads the month's blocks. */
  selectMonth(month: string): boolean {
    if (!this.isSelectable(month) || month === this.month) return false;
    this.month = month;
    void this.loadMonth();
    return true;
  }

  /** Year arrows: not beyond the current year. */
  shiftYear(n: number): void {
    const next = this.year + n;
    if (next > Number(this.currentMonth.slice(0, 4)) || next < Number(this.firstMonth.slice(0, 4))) return;
    this.year = next;
    void this.chart.load();
  }
}
export const statementBillStore = screenStore(
  (root, month: string | null, merchantId: number | null) => new StatementBillStore(root, month, merchantId),
  'visit',
);

/** /income/detail-list — one day by site, the day switcher and the expanded rows (D §4). */
export class DetailListStore {
  readonly today = dayOf(Date.now());
  date: string;
  expanded: number | null = null;
  readonly operation = new Loadable<DayBillOperation>(() => getDayBillOperation(this.date));
  readonly merchant = new Loadable<DayBillMerchant>(() => getDayBillMerchant(this.date, this.merchantId ?? undefined));

  constructor(
    private readonly root: RootStore,
    date: string | null,
    readonly merchantId: number | null,
  ) {
    this.date = date && date <= this.today ? date : this.today;
    makeAutoObservable<DetailListStore, 'root'>(this, { root: false });
  }

  /** 物业 view: a property account, or an owner looking at one of its properties. */
  get merchantView(): boolean {
    return this.merchantId !== null || this.root.session.extendPermission?.accountType === 3;
  }

  get canNext(): boolean {
    return this.date < this.today;
  }

  get block(): Loadable<DayBillOperation> | Loadable<DayBillMerchant> {
    return this.merchantView ? this.merchant : this.operation;
  }

  load(): Promise<boolean> {
    return this.block.load();
  }

  /** The adjacent day (next stops at today); returns it, or null when the move is not allowed. */
  shift(n: number): string | null {
    const next = shiftDay(this.date, n);
    if (next > this.today) return null;
    this.date = next;
    this.expanded = null;
    void this.load();
    return next;
  }

  toggle(key: number): void {
    this.expanded = this.expanded === key ? null : key;
  }
}
export const detailListStore = screenStore(
  (root, date: string | null, merchantId: number | null) => new DetailListStore(root, date, merchantId),
  'visit',
);

/** The tabs of /income/statement/bill/siteBill by role: operators 物业账单 | 代理商站点. */
export type SiteBillTab = 'property' | 'agents';

/**
 * /income/statement/bill/siteBill — the month, the tab of the role, the property / agent filters, the keyword, and the
 * sums of the filter (the list's answer) (D §4).
 */
export class SiteBillStore {
  readonly currentMonth = dayOf(Date.now()).slice(0, 7);
  month: string;
  tab: SiteBillTab = 'property';
  merchantId: number | null;
  agentId: number | null = null;
  keyword = '';
  sum: SiteBillPage['sum'] | null = null;
  total = 0;
  readonly merchants = new Loadable<MerchantItem[]>(async () => (await getMerchantList()).list);
  readonly agents = new Loadable<AgentStatementRow[]>(
    async () => (await getAgentStatement(this.month, { pageNum: 1, pageSize: 100 })).list,
  );

  constructor(
    private readonly root: RootStore,
    month: string | null,
    merchantId: number | null,
  ) {
    this.month = month && month <= this.currentMonth ? month : this.currentMonth;
    this.merchantId = merchantId;
    makeAutoObservable<SiteBillStore, 'root'>(this, { root: false });
  }

  get accountType(): number {
    return this.root.session.extendPermission?.accountType ?? 1;
  }

  /** The list this role reads (D §4 siteBill Calls). */
  get list(): SiteBillList {
    if (this.accountType === 3) return 'propertyBill';
    if (this.accountType === 2) return 'subCommPropertyBill';
    return this.tab === 'agents' ? 'subCommBill' : 'firstCommPropertyBill';
  }

  /** 代理商站点 only for operators with agents. */
  get showTabs(): boolean {
    return this.accountType === 1 && (this.agents.data?.length ?? 0) > 0;
  }

  get showMerchantFilter(): boolean {
    return [1, 2].includes(this.accountType) && this.tab === 'property' && (this.merchants.data?.length ?? 0) > 0;
  }

  get query(): SiteBillQuery {
    return {
      month: this.month,
      merchantId: this.tab === 'property' ? (this.merchantId ?? undefined) : undefined,
      agentId: this.tab === 'agents' ? (this.agentId ?? undefined) : undefined,
      keyword: this.keyword.trim() || undefined,
    };
  }

  /** What reloads the list from page 1. */
  get watch(): unknown[] {
    return [this.list, this.month, this.merchantId, this.agentId, this.keyword];
  }

  load(): void {
    if ([1, 2].includes(this.accountType)) void this.merchants.load();
    if (this.accountType === 1) void this.agents.load();
  }

  fetchPage(pageNum: number, pageSize: number) {
    return getSiteBills(this.list, this.query, { pageNum, pageSize });
  }

  onPage(page: SiteBillPage): void {
    this.sum = page.sum;
    this.total = page.total;
  }

  setMonth(month: string): void {
    if (month > this.currentMonth) return;
    this.month = month;
    if (this.accountType === 1) void this.agents.load();
  }

  setTab(tab: SiteBillTab): void {
    this.tab = tab;
  }

  setMerchant(id: number | null): void {
    this.merchantId = id;
  }

  setAgent(id: number | null): void {
    this.agentId = id;
  }

  setKeyword(text: string): void {
    this.keyword = text;
  }
}
export const siteBillStore = screenStore(
  (root, month: string | null, merchantId: number | null) => new SiteBillStore(root, month, merchantId),
);

/** /income/statement/bill/siteBill/detail — one bill (D §4). New on each visit. */
export class SiteBillDetailStore {
  readonly bill: Loadable<SiteBillDetail>;

  constructor(
    private readonly root: RootStore,
    readonly id: number,
  ) {
    this.bill = new Loadable(() => getSiteBillDetail(id));
    makeAutoObservable<SiteBillDetailStore, 'root'>(this, { root: false });
  }

  /** A property's view: its share, no operator figures. */
  get propertyView(): boolean {
    return this.root.session.extendPermission?.accountType === 3;
  }
}
export const siteBillDetailStore = screenStore((root, id: number) => new SiteBillDetailStore(root, id), 'visit');
