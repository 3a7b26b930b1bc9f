import { makeAutoObservable } from 'mobx';
import {
  getAgentStatement,
  getAreaCardFreezes,
  getDayBillMerchant,
  getElectricIncome,
  getRechargeIncome,
  getDayBillOperation,
  getMerchantList,
  getMonthBillMerchant,
  getMonthBillOperation,
  getSiteBillDetail,
  getSiteBills,
  getYearStatement,
  type AgentStatement,
  type AgentStatementRow,
  type AreaCardFreezePage,
  type ElectricIncome,
  type RechargeIncome,
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
import { getBalance, getRevenueCurve, type RevenueCurve, type WalletBalance } from '@/api/income';
import { AREA_FREEZE_STATUS_LABELS } from '@/api/income-rules';
import { getCoinsOrderTotalMoney } from '@/api/home';
import { getSiteNameList } from '@/api/site';
import { getCoinsOrderList } from '@/api/site-income';
import { dayOf, shiftDay, shiftMonth } from '@/lib/time';
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
  /** Bumped when the bill settings change: the list reloads (a setting decides status and what a property sees). */
  revision = 0;

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

  /** 账单设置 is offered to operators and agents only (D §4 siteBill). */
  get canSetBills(): boolean {
    return [1, 2].includes(this.accountType);
  }

  /** What reloads the list from page 1. */
  get watch(): unknown[] {
    return [this.list, this.month, this.merchantId, this.agentId, this.keyword, this.revision];
  }

  /** Reloads the list from page 1 (after a change of the bill settings). */
  reload(): void {
    this.revision += 1;
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

/** The period chips of the income detail. */
export type PeriodKey = 'today' | 'yesterday' | 'month' | 'custom';

/** 'YYYY-MM-DD' of a picked calendar date (the phone's local date the calendar shows). */
export function localDay(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${m}-${d}`;
}

/**
 * The days of a period chip ending `today` ('YYYY-MM-DD'): 今日, 昨日, 本月 (1st … today).
 */
export function periodDays(key: Exclude<PeriodKey, 'custom'>, today: string): [string, string] {
  if (key === 'today') return [today, today];
  if (key === 'yesterday') {
    const y = shiftDay(today, -1);
    return [y, y];
  }
  return [`${today.slice(0, 7)}-01`, today];
}

/** A custom range's refusal (end ≥ start, ≤ 92 days, not in the future), or null when valid (D §4 validation). */
export function rangeError(startDate: string, endDate: string, today: string): string | null {
  if (endDate < startDate) return '结束日期不能早于开始日期';
  if (endDate > today) return '不能选择未来的日期';
  const days = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > 92) return '查询时间跨度不能超过92天';
  return null;
}

/** 充电收入 (1) | 充值收入 (2) | 分润收入 (5). */
export type IncomeTab = 1 | 2 | 5;
/** The sub-toggle of 充值收入. */
export type RechargeKind = 'value' | 'month' | 'all';

/** /income/income-detail — period, tab, the rankings and the share summary (D §4). */
export class IncomeDetailStore {
  readonly today = dayOf(Date.now());
  period: PeriodKey = 'today';
  startDate: string;
  endDate: string;
  tab: IncomeTab = 1;
  kind: RechargeKind = 'all';
  readonly charge = new Loadable<ElectricIncome>(() => getElectricIncome(this.startDate, this.endDate));
  readonly recharge = new Loadable<RechargeIncome>(() =>
    getRechargeIncome(this.startDate, this.endDate, this.kind === 'value' ? 1 : this.kind === 'month' ? 2 : undefined),
  );
  readonly curve = new Loadable<RevenueCurve>(() => getRevenueCurve(1, this.startDate, this.endDate));

  constructor(
    private readonly root: RootStore,
    query: { type?: number; range?: string; startDate?: string; endDate?: string } | null,
  ) {
    const range = query?.range;
    const key: Exclude<PeriodKey, 'custom'> = range === 'yesterday' || range === 'month' ? range : 'today';
    [this.startDate, this.endDate] = periodDays(key, this.today);
    this.period = key;
    if (query?.startDate && query.endDate && !rangeError(query.startDate, query.endDate, this.today)) {
      this.period = 'custom';
      this.startDate = query.startDate;
      this.endDate = query.endDate;
    }
    if (query?.type === 2 || query?.type === 3) {
      this.tab = 2;
      this.kind = query.type === 3 ? 'month' : 'value';
    } else if (query?.type === 5) this.tab = 5;
    makeAutoObservable<IncomeDetailStore, 'root'>(this, { root: false });
  }

  /** A property's tabs read 充电分润 | 充值分润 and both rankings are its share (分润收入 hidden). */
  get isProperty(): boolean {
    return this.root.session.extendPermission?.accountType === 3;
  }

  /** 分润收入 only when there is any share in the period. */
  get showShareTab(): boolean {
    return !this.isProperty && (this.curve.data?.sum.share ?? 0) > 0;
  }

  get block(): Loadable<ElectricIncome> | Loadable<RechargeIncome> | Loadable<RevenueCurve> {
    return this.tab === 1 ? this.charge : this.tab === 2 ? this.recharge : this.curve;
  }

  /** 客单价: chargeIncome / orderCount (fen, rounded), null without orders. */
  get perOrder(): number | null {
    const c = this.charge.data;
    return c && c.orderCount > 0 ? Math.round(c.chargeIncome / c.orderCount) : null;
  }

  /** Days of the period with a share (分润收入). */
  get shareDays(): { date: string; share: number }[] {
    return (this.curve.data?.points ?? [])
      .filter((p) => p.share > 0)
      .map((p) => ({ date: p.key, share: p.share }))
      .reverse();
  }

  load(): Promise<unknown> {
    return Promise.all([
      this.curve.load(),
      this.tab === 1 ? this.charge.load() : this.tab === 2 ? this.recharge.load() : true,
    ]);
  }

  setPeriod(key: Exclude<PeriodKey, 'custom'>): void {
    this.period = key;
    [this.startDate, this.endDate] = periodDays(key, this.today);
    void this.load();
  }

  /** A custom range; returns the refusal to toast, or null when it is taken. */
  setRange(startDate: string, endDate: string): string | null {
    const error = rangeError(startDate, endDate, this.today);
    if (error) return error;
    this.period = 'custom';
    this.startDate = startDate;
    this.endDate = endDate;
    void this.load();
    return null;
  }

  setTab(tab: IncomeTab): void {
    this.tab = tab;
    void this.load();
  }

  setKind(kind: RechargeKind): void {
    this.kind = kind;
    void this.recharge.load();
  }
}
export const incomeDetailStore = screenStore(
  (root, query: { type?: number; range?: string; startDate?: string; endDate?: string } | null) =>
    new IncomeDetailStore(root, query),
  'visit',
);

/** The status chips of the area-card freezes (全部 = 0), in the words of the records' tags (AREA_FREEZE_STATUS_LABELS). */
export const FREEZE_STATUSES: readonly { key: string; label: string }[] = [
  { key: '0', label: '全部' },
  ...([1, 2, 3, 4] as const).map((status) => ({ key: `${status}`, label: AREA_FREEZE_STATUS_LABELS[status] })),
];

/** /income/areaCard-bill — the wallet's frozen part, the month's recharges, the filters, the expanded record (D §4). */
export class AreaCardBillStore {
  status = 0;
  month: string | null = null;
  expanded: number | null;
  sum: AreaCardFreezePage['sum'] | null = null;
  readonly balance = new Loadable<WalletBalance>(() => getBalance());
  readonly recent = new Loadable<RechargeIncome>(() => getRechargeIncome(shiftDay(this.today, -29), this.today, 3));
  readonly today = dayOf(Date.now());

  constructor(readonly freezeId: number | null) {
    this.expanded = freezeId;
    makeAutoObservable(this);
  }

  get watch(): unknown[] {
    return [this.status, this.month];
  }

  load(): void {
    void this.balance.load();
    void this.recent.load();
  }

  fetchPage(pageNum: number, pageSize: number) {
    return getAreaCardFreezes(
      { status: this.status || undefined, month: this.month ?? undefined, freezeId: this.freezeId ?? undefined },
      { pageNum, pageSize },
    );
  }

  onPage(page: AreaCardFreezePage): void {
    this.sum = page.sum;
  }

  setStatus(status: number): void {
    this.status = status;
  }

  setMonth(month: string | null): void {
    this.month = month;
  }

  toggle(id: number): void {
    this.expanded = this.expanded === id ? null : id;
  }
}
export const areaCardBillStore = screenStore(
  (_root, freezeId: number | null) => new AreaCardBillStore(freezeId),
  'visit',
);

/** /income/statement/coinBill — the period, the site, the summary of coin orders (D §4; its 导出: coin-export.ts). */
export class CoinBillStore {
  readonly today = dayOf(Date.now());
  period: PeriodKey = 'today';
  startDate: string;
  endDate: string;
  siteId: number | null = null;
  readonly sites = new Loadable<{ id: number; name: string }[]>(() => getSiteNameList());
  readonly total = new Loadable<{ amount: number; coinCount: number; orderCount: number }>(() =>
    getCoinsOrderTotalMoney(this.startDate, this.endDate, this.siteId ?? undefined),
  );

  constructor(
    private readonly root: RootStore,
    range: string | null,
    month: string | null,
  ) {
    const key: Exclude<PeriodKey, 'custom'> = range === 'yesterday' || range === 'month' ? range : 'today';
    [this.startDate, this.endDate] = periodDays(key, this.today);
    this.period = key;
    if (month && month <= this.today.slice(0, 7)) {
      this.period = month === this.today.slice(0, 7) ? 'month' : 'custom';
      this.startDate = `${month}-01`;
      const last = shiftDay(`${shiftMonth(month, 1)}-01`, -1);
      this.endDate = last < this.today ? last : this.today;
    }
    makeAutoObservable<CoinBillStore, 'root'>(this, { root: false });
  }

  get coinEnabled(): boolean {
    return this.root.session.extendPermission?.coinEnabled ?? false;
  }

  get siteName(): string {
    return this.sites.data?.find((s) => s.id === this.siteId)?.name ?? '全部站点';
  }

  get watch(): unknown[] {
    return [this.startDate, this.endDate, this.siteId];
  }

  load(): void {
    void this.sites.load();
    void this.total.load();
  }

  fetchPage(pageNum: number, pageSize: number) {
    return getCoinsOrderList({
      startDate: this.startDate,
      endDate: this.endDate,
      ...(this.siteId ? { siteId: this.siteId } : {}),
      pageNum,
      pageSize,
    });
  }

  setPeriod(key: Exclude<PeriodKey, 'custom'>): void {
    this.period = key;
    [this.startDate, this.endDate] = periodDays(key, this.today);
    void this.total.load();
  }

  setRange(startDate: string, endDate: string): string | null {
    const error = rangeError(startDate, endDate, this.today);
    if (error) return error;
    this.period = 'custom';
    this.startDate = startDate;
    this.endDate = endDate;
    void this.total.load();
    return null;
  }

  setSite(siteId: number | null): void {
    this.siteId = siteId;
    void this.total.load();
  }
}
export const coinBillStore = screenStore(
  (root, range: string | null, month: string | null) => new CoinBillStore(root, range, month),
  'visit',
);
