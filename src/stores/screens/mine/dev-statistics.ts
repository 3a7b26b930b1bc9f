import { makeAutoObservable } from 'mobx';
import { getDeviceStatusStatistics, type DeviceStatusStatistics } from '@/api/site';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';

/** One row of 站点设备状况 (a site of getDeviceStatusStatistics' siteList). */
export type SiteDeviceRow = NonNullable<DeviceStatusStatistics['siteList']>[number];

/** A share in whole per cent of `part` over `whole` (0 when `whole` is 0). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/**
 * The figures of the 设备统计 screen from one answer (C-mine.md "/mine/devStatistics"): 在线 = boxOnline + boxFault (a
 * 故障 box is online), 在线率 = 在线 ÷ 总数; 充电中 = socketCharging + socketFull; 当前使用率 = 充电中 ÷ (总数 − 离线).
 * Counts are numbers of boxes / sockets; rates whole per cent.
 */
export function deviceFigures(s: DeviceStatusStatistics) {
  const boxOnline = s.boxOnline + s.boxFault;
  const socketInUse = s.socketCharging + s.socketFull;
  return {
    boxOnline,
    boxOnlineRate: percentOf(boxOnline, s.boxTotal),
    socketInUse,
    socketUsageRate: percentOf(socketInUse, s.socketTotal - s.socketOffline),
  };
}

/** 站点设备状况 order: most offline boxes first, then by name (Chinese collation). */
export function sortSiteRows(rows: readonly SiteDeviceRow[]): SiteDeviceRow[] {
  return [...rows].sort((a, b) => b.boxOffline - a.boxOffline || a.siteName.localeCompare(b.siteName, 'zh-Hans-CN'));
}

/**
 * /mine/devStatistics — 设备统计 (C-mine.md "/mine/devStatistics"): GET getDeviceStatusStatistics for all the caller's
 * sites or one (the switcher "全部站点 ▾" offers the sites of the all-sites answer); the screen's figures and the site
 * rows derive from the answer. Kept while the app runs (coming back shows the last figures while they reload).
 */
export class DevStatisticsStore {
  siteId: number | undefined = undefined;
  /** The sites of the last all-sites answer (the switcher's choices). */
  sites: SiteDeviceRow[] = [];
  readonly stats = new Loadable(() => getDeviceStatusStatistics(this.siteId));

  constructor() {
    makeAutoObservable(this);
  }

  /** Loads the figures of the chosen site (or all); an all-sites answer refreshes the switcher's sites. */
  async load(): Promise<void> {
    if (!(await this.stats.load())) return;
    const list = this.stats.data?.siteList;
    if (this.siteId === undefined && list) this.setSites(list);
  }

  /** Chooses a site (undefined: 全部站点) and reloads. */
  async choose(siteId: number | undefined): Promise<void> {
    this.siteId = siteId;
    await this.load();
  }

  private setSites(list: SiteDeviceRow[]): void {
    this.sites = list;
  }

  /** "全部站点" or the chosen site's name. */
  get siteLabel(): string {
    return this.sites.find((s) => s.siteId === this.siteId)?.siteName ?? '全部站点';
  }

  /** The derived figures of the answer, or null before it. */
  get figures() {
    return this.stats.data ? deviceFigures(this.stats.data) : null;
  }

  /** The site rows in screen order (all-sites answers only). */
  get siteRows(): SiteDeviceRow[] {
    return this.siteId === undefined ? sortSiteRows(this.stats.data?.siteList ?? []) : [];
  }

  /** True when the answer has no device at all ("暂无设备"). */
  get noDevice(): boolean {
    const s = this.stats.data;
    if (!s) return false;
    return s.boxTotal + s.guardTotal + s.gateTotal + s.cameraTotal + s.smokeTotal === 0;
  }
}

/** 设备统计, kept while the app runs. */
export const devStatisticsStore = screenStore(() => new DevStatisticsStore());
