import { makeAutoObservable } from 'mobx';
import {
  getCommunityCount,
  getCommunitySimpleList,
  getDeviceStatusStatistics,
  getUndealSiteApplyCount,
  type SiteSort,
} from '@/api/site';
import { CommunityFormStore } from './community-form';
import { Loadable } from '@/stores/support/loadable';
import { screenStore } from '@/stores/screen-store';
import type { SessionStore } from '@/stores/domain/session';
import type { SitesStore } from '@/stores/domain/sites';

/** Segments of the site list (B-site.md §1). */
export type SiteSegment = 'site' | 'community';

/** Sort options of the site list with their labels (B §1: 今日收入 default / 最新创建 / 离线设备多). */
export const SITE_SORTS: readonly { value: SiteSort; label: string }[] = [
  { value: 1, label: '今日收入' },
  { value: 2, label: '最新创建' },
  { value: 3, label: '离线设备多' },
];

/** Longest search keyword (B §1 validation). */
export const KEYWORD_MAX = 30;

/**
 * State of the site list (B-site.md §1 "/site"): segment, filters and the summaries above the lists. Kept per root
 * store (siteListStoreOf) so that returning from a child screen finds the same segment and filters.
 */
export class SiteListStore {
  segment: SiteSegment = 'site';
  keyword = '';
  communityId: number | null = null;
  sort: SiteSort = 1;
  communityKeyword = '';
  /** False when the caller cannot create sites (siteList canAdd). */
  canAdd = false;
  /** Bumped after a community was added or changed: the 小区 list, its counts and the open sheet reload. */
  communityVersion = 0;

  readonly stats = new Loadable(() => getDeviceStatusStatistics());
  readonly pendingApplies = new Loadable(() => getUndealSiteApplyCount());
  readonly communities = new Loadable(() => getCommunitySimpleList());
  readonly communityCount = new Loadable(() => getCommunityCount());
  /** The 新增小区 / 编辑 form popup (B §1). */
  readonly communityForm = new CommunityFormStore(() => this.communitiesChanged());

  /**
   * @param session the login (permissions decide whether communities may be added and edited)
   * @param sites the app's sites: any change to one (added, deleted, its devices or profile) reloads the kept list
   */
  constructor(
    private readonly session: Pick<SessionStore, 'can' | 'extendPermission'>,
    private readonly sites: Pick<SitesStore, 'changes'>,
  ) {
    makeAutoObservable<SiteListStore, 'session' | 'sites'>(this, { session: false, sites: false });
    if (!this.seesIncome) this.sort = 2;
  }

  /** True when the login may see income (income:view): the rows' 今日收入 / 今日订单 and the 今日收入 sort (issue 30). */
  get seesIncome(): boolean {
    return this.session.can('income:view');
  }

  /** The sorts offered: SITE_SORTS, without 今日收入 for a login that may not see income (the default is then 最新创建). */
  get sorts(): readonly { value: SiteSort; label: string }[] {
    return this.seesIncome ? SITE_SORTS : SITE_SORTS.filter((s) => s.value !== 1);
  }

  /**
   * Changes when a screen created, deleted or changed a site (the in-memory "site list dirty" event of B-site.md §1,
   * root.sites `changes`): the kept list reloads page 1 only then (or on pull-to-refresh).
   */
  get listVersion(): number {
    return this.sites.changes;
  }

  /**
   * Whether the caller may add and edit communities: the owner or a sub-account with site:edit (the server's rule,
   * entities.md R1.3); properties never.
   */
  get canEditCommunities(): boolean {
    return this.session.can('site:edit') && this.session.extendPermission?.accountType !== 3;
  }

  setSegment(segment: SiteSegment): void {
    this.segment = segment;
  }

  /** Sets the search keyword, cut to 30 characters. */
  setKeyword(keyword: string): void {
    this.keyword = keyword.slice(0, KEYWORD_MAX);
  }

  setCommunityId(id: number | null): void {
    this.communityId = id;
  }

  setSort(sort: SiteSort): void {
    this.sort = sort;
  }

  setCommunityKeyword(keyword: string): void {
    this.communityKeyword = keyword.slice(0, KEYWORD_MAX);
  }

  /**
   * After a community was saved: the 小区 list reloads page 1, its summary and the community filter of the 站点
   * segment reload (B §1 "save -> toast 保存成功, refresh the community list and counts").
   */
  communitiesChanged(): void {
    this.communityVersion += 1;
    void this.communityCount.load();
    void this.communities.load();
  }

  /** Records what a page of the site list reported (whether the caller may add sites). */
  setCanAdd(canAdd: boolean): void {
    this.canAdd = canAdd;
  }

  /** True when a filter or keyword narrows the site list (empty text 未找到相关站点 instead of 还没有站点). */
  get filtered(): boolean {
    return this.keyword.trim() !== '' || this.communityId !== null;
  }

  /** The community filter's label: its name, or 小区 when all. */
  get communityLabel(): string {
    if (this.communityId === null) return '小区';
    return this.communities.data?.find((c) => c.id === this.communityId)?.name ?? '小区';
  }

  /** Loads the summaries of the site segment. */
  async loadSiteSummaries(): Promise<void> {
    await Promise.all([this.stats.load(), this.pendingApplies.load(), this.communities.load()]);
  }

  /** Loads the summary of the community segment. */
  async loadCommunitySummary(): Promise<void> {
    await this.communityCount.load();
  }
}

/** The site list's store, kept while the app runs (see screenStore): segment and filters survive visits. */
export const siteListStore = screenStore((root) => new SiteListStore(root.session, root.sites));
