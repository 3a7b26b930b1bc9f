import { makeAutoObservable, observable, reaction } from 'mobx';
import { getDeviceStatusStatistics, type DeviceStatusStatistics, type SiteDetail } from '@/api/site';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import type { LoadOutcome } from '@/stores/support/entity-cache';
import { Loadable } from '@/stores/support/loadable';

/**
 * The site detail's own state (B-site.md §2 "/site/siteInfo"): the site (root.sites, shared with every screen that
 * shows it) and its device statistics (getDeviceStatusStatistics with siteId) shown by the layout above the four
 * device tabs, what the caller may do there, and the two helpers of live status used by the tabs: LivePoller (refresh
 * at an interval while the page is visible) and LiveRows (fresher copies of list rows laid over what the shared list
 * loaded).
 */

/** Outcome of opening a site: shown, not visible to the caller (server code ≠ 0: back to /site), or failed to load. */
export type OpenOutcome = LoadOutcome;

/** The layout's store for one site; obtain it with useScreenStore(siteDetailStore, siteId). */
export class SiteDetailStore {
  /** Device and socket counts of the site (GET /api/box/getDeviceStatusStatistics?siteId=). */
  readonly stats: Loadable<DeviceStatusStatistics>;

  /**
   * @param root the running app (its sites and session)
   * @param siteId the site shown (route query siteId)
   */
  constructor(
    private readonly root: RootStore,
    readonly siteId: number,
  ) {
    this.stats = new Loadable<DeviceStatusStatistics>(() => getDeviceStatusStatistics(siteId));
    makeAutoObservable<SiteDetailStore, 'root'>(this, { root: false, siteId: false, stats: false });
  }

  /** The site (GET /api/site/siteBaseInfo through root.sites), null until loaded. */
  get site(): SiteDetail | null {
    return this.root.sites.get(this.siteId);
  }

  /** True while the site is loading. */
  get siteLoading(): boolean {
    return this.root.sites.loadingOf(this.siteId);
  }

  /** True when the last load failed (the header shows `--`). */
  get siteFailed(): boolean {
    return this.root.sites.failedOf(this.siteId);
  }

  /**
   * Shows the site: a site seen before shows its last figures at once while they refresh (re-entering the page).
   * Resolves 'missing' when the server refuses the site (already toasted).
   */
  open(): Promise<OpenOutcome> {
    return this.refresh();
  }

  /** Reloads the header and both strips (re-entry, pull-to-refresh of the active tab). */
  async refresh(): Promise<OpenOutcome> {
    const [outcome] = await Promise.all([this.root.sites.load(this.siteId), this.stats.load()]);
    return outcome;
  }

  /**
   * Follows changes of the site made anywhere (a box added, unbound or migrated, a profile edit: root.sites
   * invalidate): the strips reload with the header. Returns the function that stops following (the layout unmounts).
   */
  follow(): () => void {
    return reaction(
      () => this.root.sites.versionOf(this.siteId),
      () => void this.stats.load(),
    );
  }

  /** True before the first answer for this site (the header shows a skeleton). */
  get sitePending(): boolean {
    return this.site === null && !this.siteFailed;
  }

  /** The caller may change the site (remarks, unbinding, whitelist): the owner with site:edit (server `editable`). */
  get editable(): boolean {
    return this.site?.editable === true;
  }

  /**
   * A read-only party view (a share party or a property on a site it does not own): the caller could edit sites
   * (site:edit) yet this one is not editable. Sub-accounts without site:edit still act for their owner.
   */
  get partyView(): boolean {
    return this.site !== null && !this.site.editable && this.root.session.can('site:edit');
  }

  /** The caller may send remote commands (强制开门, 开闸/关闸, 自动关闸, 测试充电): device:control on its own site. */
  get canControl(): boolean {
    return this.site !== null && !this.partyView && this.root.session.can('device:control');
  }

  /** The caller may add devices here (扫码加设备): device:add on its own site. */
  get canAddDevice(): boolean {
    return this.site !== null && !this.partyView && this.root.session.can('device:add');
  }

  /** 待装机: the site has no charging device (B §2 header, rule A5). */
  get awaitingInstall(): boolean {
    return this.site?.boxCount === 0;
  }

  /** Red dot on the 烟感 tab: some smoke sensor of the site is in alarm. */
  get smokeAlarm(): boolean {
    return (this.stats.data?.smokeAlarm ?? 0) > 0;
  }
}

/** The site detail's store, one per site, kept while the app runs (the layout and its four tabs share it). */
export const siteDetailStore = screenStore((root, siteId: number) => new SiteDetailStore(root, siteId));

/** What LivePoller needs from the page it runs in (document, injectable for tests). */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/**
 * Calls `tick` every `intervalMs` while started and the page is visible (B §2: the 插座 view every 30 s, the smoke list
 * every 60 s while an alarm shows). Ticks never overlap (the next one is scheduled after the previous settled); a hidden
 * page (document visibilitychange) pauses, becoming visible again refreshes at once and resumes; stop() ends it (the
 * route was left).
 */
export class LivePoller {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private started = false;
  private ticking = false;

  constructor(
    private readonly tick: () => Promise<unknown> | void,
    private readonly intervalMs: number,
    private readonly page: VisibilitySource = document,
  ) {}

  /** Starts polling (the first tick after one interval). Idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.page.addEventListener('visibilitychange', this.onVisibility);
    if (this.page.visibilityState !== 'hidden') this.schedule();
  }

  /** Stops polling and forgets the page listener. */
  stop(): void {
    this.started = false;
    this.clear();
    this.page.removeEventListener('visibilitychange', this.onVisibility);
  }

  /** True while a tick is scheduled (started and visible). */
  get active(): boolean {
    return this.timer !== null;
  }

  private readonly onVisibility = (): void => {
    if (!this.started) return;
    if (this.page.visibilityState === 'hidden') {
      this.clear();
    } else if (this.timer === null) {
      void this.run();
    }
  };

  private schedule(): void {
    this.clear();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, this.intervalMs);
  }

  private async run(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.tick();
    } catch {
      /* a failed refresh keeps the rows shown; the next tick tries again */
    } finally {
      this.ticking = false;
    }
    if (this.started && this.page.visibilityState !== 'hidden') this.schedule();
  }

  private clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * Fresher copies of list rows, by id, laid over the rows the shared list loaded (live refresh, a remark just saved, a
 * door just opened), so that status changes show without reloading the list or losing its scroll position.
 */
export class LiveRows<T extends { id: number }> {
  private readonly rows = observable.map<number, T>({}, { deep: false });

  constructor() {
    makeAutoObservable(this);
  }

  /** The freshest copy of a row. */
  of<R extends T>(row: R): R {
    const live = this.rows.get(row.id);
    return live ? ({ ...row, ...live } as R) : row;
  }

  /** Lays fresh rows over the loaded ones. */
  merge(list: readonly T[]): void {
    for (const row of list) this.rows.set(row.id, row);
  }

  /** Changes some fields of a row (after an action succeeded). */
  patch(row: T, change: Partial<T>): void {
    this.rows.set(row.id, { ...this.of(row), ...change });
  }

  /** Forgets every fresher copy (the list reloaded). */
  clear(): void {
    this.rows.clear();
  }

  /** The number of rows laid over. */
  get size(): number {
    return this.rows.size;
  }

  /** The fresher copies, in no particular order. */
  get values(): T[] {
    return [...this.rows.values()];
  }
}

/** Rows a live refresh re-reads: the pages loaded so far (pageNum × pageSize), at least one page, at most 100. */
export function livePageSize(pagesLoaded: number, pageSize = 20): number {
  return Math.min(100, Math.max(pageSize, pagesLoaded * pageSize));
}
