import { makeAutoObservable } from 'mobx';
import type { PayType } from '@/api/device-setup';
import {
  getRefundedOrders,
  getSuccessOrders,
  getWaitingOrders,
  type OrderPage,
  type OrderQuery,
  type OrderTab,
} from '@/api/orders';
import { exportChargeOrders } from '@/api/exports';
import { ORDER_TAB_LABELS } from '@/api/order-rules';
import { dateRangeError } from '@/api/remote';
import { simpleSiteList } from '@/api/site-settings';
import { dayOf, firstDayOfMonthOf } from '@/lib/time';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';
import { ListExport } from './list-export';

/**
 * /mine/chargerRecord-list — 充电记录 (C-mine.md chargerRecord-list): the charging orders of the caller's sites in three
 * tabs (已完成 / 已退款 / 待入账), filtered by a date range (default the current month; query `date` sets both ends;
 * the section's range rule, ≤ 92 days), a site (query `siteId` preselects), a socket (query `chargerId`, removable), a
 * pay type and a search (订单号 / 手机号 / 卡号 / 设备号, ≤ 32). Every filter change reloads the shared list from page
 * 1; the summary ("共 N 笔 · 金额 ¥X", 已退款: "退款 ¥X") comes from the server's sums over the whole filter; 导出
 * e-mails the list as filtered (billExportChargeOrder, ListExport). New on each visit (its query decides the filters).
 */

/** The tabs of the list. */
export const ORDER_TABS: readonly { key: OrderTab; label: string }[] = ([1, 2, 3] as const).map((key) => ({
  key,
  label: ORDER_TAB_LABELS[key],
}));

/** The pay-type filter (全部 / 微信支付 / 支付宝 / 储值卡 / 月卡 / 电子卡 / 远程充电). */
export const PAY_TYPE_FILTERS: readonly { value: PayType | undefined; label: string }[] = [
  { value: undefined, label: '全部' },
  { value: 1, label: '微信支付' },
  { value: 2, label: '支付宝' },
  { value: 3, label: '储值卡' },
  { value: 4, label: '月卡' },
  { value: 5, label: '电子卡' },
  { value: 7, label: '远程充电' },
];

/** Longest search text (C-mine.md chargerRecord-list Validation). */
export const ORDER_KEYWORD_MAX = 32;

/** What the route's query sets. */
export interface ChargerRecordsQuery {
  siteId?: number;
  date?: string;
  chargerId?: number;
}

export class ChargerRecordsStore {
  tab: OrderTab = 1;
  startDate: string;
  endDate: string;
  siteId: number | undefined;
  chargerId: number | undefined;
  payType: PayType | undefined = undefined;
  keyword = '';
  /** Σ of the last page answer: count and amount (refunds on 已退款). */
  summary: { total: number; totalAmount: number } | null = null;
  readonly sites = new Loadable(() => simpleSiteList());
  /** 导出: the e-mailed file of this list (its tab and filters). */
  readonly exporter = new ListExport(1);

  constructor(query: ChargerRecordsQuery = {}, today = dayOf(Date.now())) {
    this.endDate = query.date ?? today;
    this.startDate = query.date ?? firstDayOfMonthOf(Date.parse(`${today}T12:00:00+08:00`));
    this.siteId = query.siteId;
    this.chargerId = query.chargerId;
    makeAutoObservable(this);
  }

  setTab(tab: OrderTab): void {
    if (tab === this.tab) return;
    this.tab = tab;
    this.summary = null;
  }

  /** Sets one end of the range; resolves the refusal to toast (the range is kept then). */
  setDate(which: 'startDate' | 'endDate', day: string): string | null {
    const next = { startDate: this.startDate, endDate: this.endDate, [which]: day };
    const refusal = dateRangeError(next.startDate, next.endDate, dayOf(Date.now()));
    if (refusal) return refusal;
    this[which] = day;
    return null;
  }

  setSite(siteId: number | undefined): void {
    this.siteId = siteId;
  }

  /** Removes the socket chip. */
  clearCharger(): void {
    this.chargerId = undefined;
  }

  setPayType(payType: PayType | undefined): void {
    this.payType = payType;
  }

  setKeyword(text: string): void {
    this.keyword = text.slice(0, ORDER_KEYWORD_MAX);
  }

  /** The chosen site's name (全部站点 without one; the id until the list of sites is there). */
  get siteLabel(): string {
    if (this.siteId === undefined) return '全部站点';
    return this.sites.data?.find((s) => s.id === this.siteId)?.name ?? `站点${this.siteId}`;
  }

  get payTypeLabel(): string {
    return PAY_TYPE_FILTERS.find((p) => p.value === this.payType)?.label ?? '全部';
  }

  /** Values that reload the list from page 1. */
  get watch(): unknown[] {
    return [this.tab, this.startDate, this.endDate, this.siteId, this.chargerId, this.payType, this.keyword.trim()];
  }

  /** The query of one page. */
  query(pageNum: number, pageSize: number): OrderQuery {
    const keyword = this.keyword.trim();
    return {
      startDate: this.startDate,
      endDate: this.endDate,
      pageNum,
      pageSize,
      ...(this.siteId === undefined ? {} : { siteId: this.siteId }),
      ...(this.chargerId === undefined ? {} : { chargerId: this.chargerId }),
      ...(this.payType === undefined ? {} : { payType: this.payType }),
      ...(keyword ? { keyword } : {}),
    };
  }

  /** The call of one page of the current tab. */
  page(pageNum: number, pageSize: number) {
    const q = this.query(pageNum, pageSize);
    return this.tab === 1 ? getSuccessOrders(q) : this.tab === 2 ? getRefundedOrders(q) : getWaitingOrders(q);
  }

  /** Sends the export of the list as filtered now (tab, range, site, socket, pay type, search). */
  exportList() {
    const q = this.query(1, 1);
    return this.exporter.submit(q, (email, requestId) =>
      exportChargeOrders({
        startDate: q.startDate,
        endDate: q.endDate,
        ...(q.siteId === undefined ? {} : { siteId: q.siteId }),
        ...(q.chargerId === undefined ? {} : { chargerId: q.chargerId }),
        ...(q.payType === undefined ? {} : { payType: q.payType }),
        ...(q.keyword ? { keyword: q.keyword } : {}),
        tab: this.tab,
        email,
        requestId,
      }),
    );
  }

  onPage(page: OrderPage): void {
    this.summary = { total: page.total, totalAmount: page.totalAmount };
  }
}

/** 充电记录, new on each visit (the query's site, day and socket preset the filters). */
export const chargerRecordsStore = screenStore(
  (_root, siteId: number | undefined, date: string | undefined, chargerId: number | undefined) =>
    new ChargerRecordsStore({ siteId, date, chargerId }),
  'visit',
);
