import { makeAutoObservable } from 'mobx';
import {
  getAlarmNumSilently,
  getPosterList,
  getStatisticalOperation,
  getUnreadNoticeCount,
  listPosterImageUrl,
  reportPosterRecord,
} from '@/api/mine';
import type { AccountType, CommercialInfo } from '@/api/user';
import { afterInteractive } from '@/lib/idle';
import { Loadable } from '@/stores/support/loadable';
import type { RootStore } from '@/stores/root';
import { href } from '@/config/routes';
import { screenStore } from '@/stores/screen-store';

/**
 * The personal centre /mine (C-mine.md "/mine — 个人中心"): its counters, badges and posters, the throttled refresh
 * when the page is shown again, and the visibility of its entries by role and permission as pure functions.
 */

/** Counters refresh each time the page is shown, at most once per this many ms (C-mine.md /mine States). */
export const COUNTER_REFRESH_MS = 30_000;

/** Hint shown with the poster sheet: the host's image viewer saves or forwards on long press. */
export const POSTER_HINT = '长按图片保存或发送给朋友';

/** Every entry of /mine whose visibility depends on role and permission. */
export type MineEntryKey =
  | 'devStatistics'
  | 'chargerRecord'
  | 'remoteCharge'
  | 'card'
  | 'permuteCard'
  | 'parking'
  | 'siteAuthor'
  | 'workOrder'
  | 'tenement'
  | 'agent'
  | 'transfers'
  | 'subAccount'
  | 'sim'
  | 'downCenter'
  | 'poster'
  | 'warning'
  | 'notice';

/** One entry: its label, the permission code it needs (null = none) and its route (null = the poster sheet). */
export interface MineEntry {
  key: MineEntryKey;
  label: string;
  permission: string | null;
  to: string | null;
}

/** The entries of /mine (C-mine.md /mine Shows and Actions; permission codes of entities.md §1 Account). */
export const MINE_ENTRIES: Readonly<Record<MineEntryKey, MineEntry>> = {
  devStatistics: { key: 'devStatistics', label: '设备统计', permission: 'site:view', to: href('devStatistics') },
  chargerRecord: { key: 'chargerRecord', label: '充电记录', permission: 'order:view', to: href('chargerRecordList') },
  remoteCharge: { key: 'remoteCharge', label: '远程充电', permission: 'remote:charge', to: href('remoteCharge') },
  card: { key: 'card', label: '卡片管理', permission: 'card:view', to: href('card') },
  permuteCard: { key: 'permuteCard', label: '旧卡更换', permission: 'card:edit', to: href('permuteCard') },
  parking: { key: 'parking', label: '停车记录', permission: 'parking', to: href('parkingList') },
  siteAuthor: { key: 'siteAuthor', label: '站点授权', permission: 'siteAuthor', to: href('siteAuthorUndisposed') },
  workOrder: { key: 'workOrder', label: '安装工单', permission: 'workOrder', to: href('workOrderOnline') },
  tenement: { key: 'tenement', label: '物业管理', permission: 'tenement', to: href('tenementList') },
  agent: { key: 'agent', label: '我的代理', permission: 'agent', to: href('factorialList') },
  transfers: {
    key: 'transfers',
    label: '划拨记录',
    permission: 'transfer',
    to: href('factorialList', { tab: 'transfers' }),
  },
  subAccount: { key: 'subAccount', label: '子账号', permission: 'subAccount', to: href('accountList') },
  sim: { key: 'sim', label: 'SIM月租', permission: 'sim', to: href('sim') },
  downCenter: { key: 'downCenter', label: '下载中心', permission: 'export', to: href('downCenter') },
  poster: { key: 'poster', label: '推广海报', permission: null, to: null },
  warning: { key: 'warning', label: '告警通知', permission: 'message', to: href('warning') },
  notice: { key: 'notice', label: '系统消息', permission: 'message', to: href('upgrads') },
};

/** A group of the menu grid. */
export interface MenuGroupDef {
  title: string;
  entries: readonly MineEntryKey[];
}

/** The three groups of the menu grid, in display order (C-mine.md /mine Shows). */
export const MENU_GROUPS: readonly MenuGroupDef[] = [
  { title: '运营管理', entries: ['devStatistics', 'chargerRecord', 'remoteCharge', 'card', 'permuteCard', 'parking'] },
  { title: '合作与授权', entries: ['siteAuthor', 'workOrder', 'tenement', 'agent', 'transfers', 'subAccount'] },
  { title: '费用与工具', entries: ['sim', 'downCenter', 'poster'] },
];

/** Who is looking: the account type (undefined before it is known) and the stored PERMISSION codes. */
export interface Viewer {
  accountType: AccountType | undefined;
  permissions: readonly string[];
}

/** Entries a property (物业) sees (C-mine.md: 充电记录, 告警通知, 系统消息, 下载中心). */
const PROPERTY_ENTRIES: ReadonlySet<MineEntryKey> = new Set(['chargerRecord', 'warning', 'notice', 'downCenter']);
/** Entries a sub-account never sees, whatever its permissions. */
const SUB_ACCOUNT_NEVER: ReadonlySet<MineEntryKey> = new Set(['subAccount', 'agent', 'tenement', 'transfers']);

/**
 * Whether an entry is visible to a viewer (C-mine.md /mine "Visibility by role"; Shared behaviour "Permissions"):
 * the entry's permission code must be held, and then by role — 施工人员 only 安装工单; 物业 only 充电记录, 告警通知,
 * 系统消息, 下载中心; 代理商 everything but 我的代理 (one agent level); 子账号 never 子账号 / 我的代理 / 物业管理;
 * 运营商 everything its permissions allow. 推广海报 needs no code (its list call decides whether it shows).
 * 划拨记录 (the devices transferred to the account, /mine/factorialList's transfers tab) is an agent's only: the design
 * hides 我的代理 from agents and gives them no other way to the transfers they must accept (C-mine.md rules 18–19);
 * an operator reaches them through 我的代理.
 */
export function canSeeEntry(key: MineEntryKey, viewer: Viewer): boolean {
  const { permission } = MINE_ENTRIES[key];
  if (permission !== null && !viewer.permissions.includes(permission)) return false;
  switch (viewer.accountType) {
    case 5:
      return key === 'workOrder';
    case 3:
      return PROPERTY_ENTRIES.has(key);
    case 2:
      return key !== 'agent';
    case 4:
      return !SUB_ACCOUNT_NEVER.has(key);
    default:
      return key !== 'transfers';
  }
}

/** The route of an entry for a viewer: 安装工单 of a 施工人员 goes to workOrder/working; null for the poster sheet. */
export function entryRoute(key: MineEntryKey, accountType: AccountType | undefined): string | null {
  if (key === 'workOrder' && accountType === 5) return href('workOrderWorking');
  return MINE_ENTRIES[key].to;
}

/** True when the stats strip shows: everyone but a 施工人员 (who sees only 安装工单 and the gear). */
export function showsStats(accountType: AccountType | undefined): boolean {
  return accountType !== 5;
}

/** One visible entry of the grid, with its route and badge count. */
export interface VisibleEntry {
  key: MineEntryKey;
  label: string;
  /** Route, or null for 推广海报 (opens the poster sheet). */
  to: string | null;
  badge: number;
}

/** Badge counts of the grid: 站点授权 accreditCount, 安装工单 orderCount (merchant base info). */
export interface MenuBadges {
  accreditCount: number;
  orderCount: number;
}

/**
 * The menu grid as shown (C-mine.md /mine Shows): per group the entries visible for the viewer whose screen is built
 * (`isBuilt`), 推广海报 only when `posterCount` > 0; groups left empty are dropped.
 */
export function visibleMenu(
  viewer: Viewer,
  isBuilt: (path: string) => boolean,
  posterCount: number,
  badges: MenuBadges,
): { title: string; entries: VisibleEntry[] }[] {
  return MENU_GROUPS.map((group) => ({
    title: group.title,
    entries: group.entries
      .filter((key) => canSeeEntry(key, viewer))
      .map((key) => ({ key, to: entryRoute(key, viewer.accountType) }))
      .filter(({ key, to }) => (to === null ? key === 'poster' && posterCount > 0 : isBuilt(to)))
      .map(({ key, to }) => ({
        key,
        to,
        label: MINE_ENTRIES[key].label,
        badge: key === 'siteAuthor' ? badges.accreditCount : key === 'workOrder' ? badges.orderCount : 0,
      })),
  })).filter((group) => group.entries.length > 0);
}

/** The header name: shortName, else contacts, else the full name; '' before merchant info is known. */
export function displayName(info: Pick<CommercialInfo, 'shortName' | 'contacts' | 'name'> | null): string {
  if (!info) return '';
  return info.shortName || info.contacts || info.name;
}

/** Whether a page show at `now` (epoch ms) refreshes the counters, given the last refresh (throttle, 30 s). */
export function shouldRefresh(lastRefreshAt: number | null, now: number, interval = COUNTER_REFRESH_MS): boolean {
  return lastRefreshAt === null || now - lastRefreshAt >= interval || now < lastRefreshAt;
}

/**
 * The /mine store (C-mine.md "/mine — 个人中心"): one Loadable per independent call — stats strip
 * (statisticalOperation, errors toasted), alarm and notice badges and the poster list (silenced, their UI hidden on
 * failure) — plus merchant base info through the auth store. Obtain it with useScreenStore(mineStore).
 */
export class MineStore {
  /** GET /api/user/statisticalOperation: site, box, socket and card counts. */
  readonly statistics = new Loadable(() => getStatisticalOperation());
  /** GET /api/warning/getAlarmNum (silent): the 告警通知 badge = unrecoveredCount. */
  readonly alarms = new Loadable(() => getAlarmNumSilently());
  /** GET /api/message/noticeList pageSize 1 (silent): the 系统消息 badge = unreadCount. */
  readonly notices = new Loadable(() => getUnreadNoticeCount());
  /** GET /api/direct/poster/reportPosterList (silent): the posters of the sheet; none or failure → entry hidden. */
  readonly posters = new Loadable(() => getPosterList());

  /** Epoch ms of the last counter refresh (the 30-second throttle), null before the first. */
  lastRefreshAt: number | null = null;
  /** Whether the poster bottom sheet is open. */
  posterSheetOpen = false;
  /** The poster whose personalised image is being fetched (double taps are ignored meanwhile). */
  openingPosterId: number | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<MineStore, 'root'>(this, { root: false });
  }

  /** The logged-in viewer: account type (ExtendPermission, else merchant info) and PERMISSION codes. */
  get viewer(): Viewer {
    const { session, merchant } = this.root;
    return {
      accountType: session.extendPermission?.accountType ?? merchant.info?.accountType,
      permissions: session.permissions,
    };
  }

  /** Whether an entry is visible for the logged-in viewer (role and permission; not whether its screen is built). */
  canSee(key: MineEntryKey): boolean {
    return canSeeEntry(key, this.viewer);
  }

  /** Whether the stats strip shows. */
  get statsVisible(): boolean {
    return showsStats(this.viewer.accountType);
  }

  /** Posters available to the sheet (empty while unknown or after a failure). */
  get posterList() {
    return this.posters.data ?? [];
  }

  /**
   * The page was shown (mount, or the webview came back to the foreground): refreshes the counters unless they were
   * refreshed less than 30 s ago. Resolves true when a refresh ran. Never rejects.
   */
  async onShow(now: number = Date.now()): Promise<boolean> {
    if (!shouldRefresh(this.lastRefreshAt, now)) return false;
    await this.refresh(now);
    return true;
  }

  /**
   * Loads every block the viewer sees, in parallel, each independent: merchant base info (header, gear dot, grid
   * badges) and the stats strip at once; the two message badges and the posters (first time, or after a failure) once
   * the app is idle. Stamps the throttle at the start so that shows during the refresh do not start another. Resolves
   * when all have settled; never rejects.
   */
  async refresh(now: number = Date.now()): Promise<void> {
    this.lastRefreshAt = now;
    const jobs: Promise<unknown>[] = [this.root.auth.loadMerchantInfo()];
    if (this.statsVisible) jobs.push(this.statistics.load());
    // The badges and the posters are not what the screen is opened for: they load once it is shown and the app is
    // idle (src/lib/idle.ts; at once outside the app), after the header and the counters.
    jobs.push(afterInteractive(() => this.loadBadgesAndPosters()));
    await Promise.all(jobs);
  }

  /** Alarms or notices changed elsewhere (the message screens): the next show refreshes at once, not after 30 s. */
  invalidateCounters(): void {
    this.lastRefreshAt = null;
  }

  /** The 告警通知 and 系统消息 badges and the poster list (first time, or after a failure), as the viewer sees them. */
  private loadBadgesAndPosters(): Promise<unknown> {
    const jobs: Promise<unknown>[] = [];
    if (this.canSee('warning')) jobs.push(this.alarms.load());
    if (this.canSee('notice')) jobs.push(this.notices.load());
    if (this.canSee('poster') && this.posters.data === null && !this.posters.loading) jobs.push(this.posters.load());
    return Promise.all(jobs);
  }

  /** Opens the 推广海报 bottom sheet. */
  openPosterSheet(): void {
    this.posterSheetOpen = true;
  }

  /** Closes the 推广海报 bottom sheet. */
  closePosterSheet(): void {
    this.posterSheetOpen = false;
  }

  /**
   * A thumbnail was tapped (C-mine.md /mine 推广海报): GET listPosterImageUrl (errors toasted by the request layer),
   * then the host's image viewer on the personalised poster (`platform.previewImage(imageUrls, imageUrls[0])`), then
   * POST reportPosterRecord action 1 silently. Resolves true when the viewer opened. Never rejects.
   */
  async openPoster(posterId: number): Promise<boolean> {
    if (this.openingPosterId !== null) return false;
    this.openingPosterId = posterId;
    try {
      const { imageUrls } = await listPosterImageUrl(posterId);
      const first = imageUrls[0];
      if (first === undefined) return false;
      this.root.platform.previewImage(imageUrls, first);
      void Promise.resolve(reportPosterRecord(posterId, 1)).catch(() => undefined);
      return true;
    } catch {
      return false;
    } finally {
      this.settleOpening();
    }
  }

  private settleOpening(): void {
    this.openingPosterId = null;
  }
}

/** The /mine store of a root store (see screenStore); the 30-second throttle spans visits. */
export const mineStore = screenStore((root) => new MineStore(root));
