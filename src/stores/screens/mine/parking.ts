import { makeAutoObservable } from 'mobx';
import { getCarTypeList, getParkingRecords, getParkingSites, type ParkingPage } from '@/api/parking';
import { dateRangeError } from '@/api/remote-rules';
import { dayOf } from '@/lib/time';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';

/**
 * /mine/parkingRecord/parkingList — 停车记录 (C-mine.md parkingRecord/parkingList): the filters (站点 of the sites
 * with a parking rule, a date range of entries defaulting to today, 车型, 状态 全部 / 在场 / 已离场, 车牌 / 卡号), the
 * summary "车次 N · 停车费 ¥X" of the whole filter, and the rows on the shared list. Any filter change reloads from
 * page 1. Kept while the app runs (coming back shows the last filters).
 */
export class ParkingStore {
  readonly sites = new Loadable(() => getParkingSites());
  readonly carTypes = new Loadable(() => getCarTypeList());
  siteId: number | undefined = undefined;
  carTypeId: number | undefined = undefined;
  status: 1 | 2 | undefined = undefined;
  keyword = '';
  startDate: string;
  endDate: string;
  total: number | null = null;
  totalFee: number | null = null;

  constructor(today = dayOf(Date.now())) {
    this.startDate = today;
    this.endDate = today;
    makeAutoObservable(this);
  }

  /** True once the sites answered and none has a parking rule ("您的站点暂未开通停车收费"). */
  get noParking(): boolean {
    return this.sites.data !== null && this.sites.data.length === 0;
  }

  setSite(siteId: number | undefined): void {
    this.siteId = siteId;
  }

  setCarType(carTypeId: number | undefined): void {
    this.carTypeId = carTypeId;
  }

  setStatus(status: 1 | 2 | undefined): void {
    this.status = status;
  }

  setKeyword(text: string): void {
    this.keyword = text.slice(0, 20);
  }

  /** Sets one end of the range; resolves the refusal to toast (the range is kept then). */
  setDate(which: 'startDate' | 'endDate', day: string): string | null {
    const next = { startDate: this.startDate, endDate: this.endDate, [which]: day };
    const refusal = dateRangeError(next.startDate, next.endDate, dayOf(Date.now()));
    if (refusal) return refusal;
    this[which] = day;
    return null;
  }

  get siteLabel(): string {
    return this.sites.data?.find((s) => s.siteId === this.siteId)?.siteName ?? '全部站点';
  }

  get carTypeLabel(): string {
    return this.carTypes.data?.find((t) => t.carTypeId === this.carTypeId)?.name ?? '全部车型';
  }

  get watch(): unknown[] {
    return [this.siteId, this.carTypeId, this.status, this.keyword.trim(), this.startDate, this.endDate];
  }

  page(pageNum: number, pageSize: number) {
    const keyword = this.keyword.trim();
    return getParkingRecords({
      startDate: this.startDate,
      endDate: this.endDate,
      pageNum,
      pageSize,
      ...(this.siteId !== undefined ? { siteId: this.siteId } : {}),
      ...(this.carTypeId !== undefined ? { carTypeId: this.carTypeId } : {}),
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(keyword ? { keyword } : {}),
    });
  }

  onPage(page: ParkingPage): void {
    this.total = page.total;
    this.totalFee = page.totalFee;
  }
}

/** 停车记录, kept while the app runs. */
export const parkingStore = screenStore(() => new ParkingStore());
