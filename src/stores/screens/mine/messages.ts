import { makeAutoObservable } from 'mobx';
import {
  getNoticeDetail,
  getWarningRecords,
  readNotice,
  updatePhoneMessageInfo,
  WARNING_TYPE_NAMES,
  type WarningRow,
} from '@/api/messages';
import { getAlarmNum, getNoticeList, type NoticeListResult, type NoticeType, type WarningType } from '@/api/mine';
import type { Page } from '@/api/http';
import { href } from '@/config/routes';
import type { RootStore } from '@/stores/root';
import { keptScreenStore, screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';
import { mineStore } from './mine';

/**
 * The message screens' stores (C-mine.md "/mine/message/warning", "/mine/message/upgrads", "/mine/message/upgrads/info").
 * What they learn about alarms and notices is passed on so that the badges follow without a reload of the app: home's
 * bell (getCommercialInfo's unreadCount) is reloaded, and /mine's counters refresh at its next show.
 */

/** After alarms or notices changed: reloads merchant base info (home's bell) and lets /mine refresh its badges. */
function badgesChanged(root: RootStore): void {
  keptScreenStore(root, mineStore).invalidateCounters();
  void root.auth.loadMerchantInfo();
}

/** The site-section tab of a device type (C-mine.md warning row tap): 1–3 facilityList, 4–5 guardList, 6 camera, 7 smoke. */
export function deviceListRoute(deviceType: number, siteId: number): string {
  if (deviceType === 4 || deviceType === 5) return href('guardList', { siteId });
  if (deviceType === 6) return href('cameraList', { siteId });
  if (deviceType === 7) return href('smokeList', { siteId });
  return href('facilityList', { siteId });
}

/** "已持续2小时" / "已持续35分钟" / "已持续3天" of an open warning at `now` (epoch ms). */
export function lastedText(since: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  if (minutes < 60) return `已持续${Math.max(1, minutes)}分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `已持续${hours}小时`;
  return `已持续${Math.floor(hours / 24)}天`;
}

/** The type chips of the warning list: 全部 and the six types with their counts (getAlarmNum.typeCounts). */
export interface TypeChip {
  value: WarningType | undefined;
  label: string;
}

/**
 * /mine/message/warning — 告警通知: the top card (未恢复 · 今日告警 of getAlarmNum), the SMS alarm switch with the alarm
 * phone, the removable site / device filters of the query, the type chips with counts and the status segment over the
 * shared list. The switch posts updatePhoneMessageInfo once at a time and shows the stored value (reverted on failure).
 * One store per query (siteId, deviceId), kept while the app runs.
 */
export class WarningStore {
  readonly alarms = new Loadable(() => getAlarmNum());
  warningType: WarningType | undefined = undefined;
  status: 0 | 1 | undefined = undefined;
  siteId: number | undefined;
  deviceId: number | undefined;
  /** Site name and serial number of the filters, learnt from the rows. */
  siteName = '';
  serialNumber = '';
  /** When the screen was last shown or pulled (epoch ms): the open warnings' "已持续…" counts to it. */
  shownAt = Date.now();
  /** The switch value while its call runs (null: the stored merchant value). */
  pendingSms: 0 | 1 | null = null;
  constructor(
    private readonly root: RootStore,
    siteId?: number,
    deviceId?: number,
  ) {
    this.siteId = siteId;
    this.deviceId = deviceId;
    makeAutoObservable<WarningStore, 'root'>(this, { root: false });
  }

  /** The SMS alarm switch as shown: the value being saved, else merchant base info's phoneMessageReceive. */
  get smsOn(): boolean {
    return (this.pendingSms ?? this.root.merchant.base.phoneMessageReceive) === 1;
  }

  /** The alarm phone (getCommercialInfo.alarmPhone, else the login phone). */
  get alarmPhone(): string {
    return this.root.merchant.info?.alarmPhone || this.root.merchant.base.phone;
  }

  /** 全部 plus one chip per type, "设备离线 3" with the type's count once known. */
  get typeChips(): TypeChip[] {
    const counts = this.alarms.data?.typeCounts ?? [];
    return [
      { value: undefined, label: '全部' },
      ...(Object.keys(WARNING_TYPE_NAMES).map(Number) as WarningType[]).map((t) => {
        const count = counts.find((c) => c.warningType === t)?.count;
        return { value: t, label: count === undefined ? WARNING_TYPE_NAMES[t] : `${WARNING_TYPE_NAMES[t]} ${count}` };
      }),
    ];
  }

  /** Values whose change reloads the list from page 1. */
  get watch(): unknown[] {
    return [this.warningType, this.status, this.siteId, this.deviceId];
  }

  /** Shown (mount) or pulled (the list reloads itself): reloads the counts; the badges follow. */
  async refresh(): Promise<void> {
    this.shownAt = Date.now();
    await this.alarms.load();
    badgesChanged(this.root);
  }

  setType(t: WarningType | undefined): void {
    this.warningType = t;
  }

  setStatus(s: 0 | 1 | undefined): void {
    this.status = s;
  }

  /** Removes the 站点 filter chip. */
  clearSite(): void {
    this.siteId = undefined;
  }

  /** Removes the 设备 filter chip. */
  clearDevice(): void {
    this.deviceId = undefined;
  }

  /** One page of the list with the filters. */
  page(pageNum: number, pageSize: number) {
    return getWarningRecords({
      pageNum,
      pageSize,
      ...(this.warningType !== undefined ? { warningType: this.warningType } : {}),
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.siteId !== undefined ? { siteId: this.siteId } : {}),
      ...(this.deviceId !== undefined ? { deviceId: this.deviceId } : {}),
    });
  }

  /** Learns the filters' names from a page's rows. */
  onPage(page: Page<WarningRow>): void {
    const first = page.list[0];
    if (!first) return;
    if (this.siteId !== undefined && first.siteId === this.siteId) this.siteName = first.siteName;
    if (this.deviceId !== undefined && first.deviceId === this.deviceId) this.serialNumber = first.serialNumber;
  }

  /**
   * The switch was flipped: POST updatePhoneMessageInfo { phoneMessageReceive } (ignored while one runs). Resolves the
   * toast text ("已开启短信告警" / "已关闭短信告警"), or null when it failed (the switch reverts; the request layer
   * told why) or was ignored.
   */
  async setSms(on: boolean): Promise<string | null> {
    if (this.pendingSms !== null) return null;
    this.pendingSms = on ? 1 : 0;
    try {
      const info = await updatePhoneMessageInfo({ phoneMessageReceive: on ? 1 : 0 });
      await this.root.auth.loadMerchantInfo();
      return info.phoneMessageReceive === 1 ? '已开启短信告警' : '已关闭短信告警';
    } catch {
      return null;
    } finally {
      this.settleSms();
    }
  }

  private settleSms(): void {
    this.pendingSms = null;
  }
}

/** 告警通知, one store per (siteId, deviceId) query, kept while the app runs. */
export const warningStore = screenStore(
  (root, siteId?: number, deviceId?: number) => new WarningStore(root, siteId, deviceId),
);

/** The type chips of the notice list (全部 and the four types). */
export const NOTICE_CHIPS: readonly { value: NoticeType | undefined; label: string }[] = [
  { value: undefined, label: '全部' },
  { value: 1, label: '系统升级' },
  { value: 2, label: '功能上新' },
  { value: 3, label: '运营通知' },
  { value: 4, label: '政策公告' },
];

/**
 * /mine/message/upgrads — 系统消息: the type chips over the shared list and 全部已读 (POST readNotice without id, once
 * at a time; the list reloads and the dots clear). Kept while the app runs.
 */
export class NoticeListStore {
  type: NoticeType | undefined = undefined;
  unreadCount: number | null = null;
  markingAll = false;
  version = 0;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<NoticeListStore, 'root'>(this, { root: false });
  }

  get watch(): unknown[] {
    return [this.type, this.version];
  }

  setType(t: NoticeType | undefined): void {
    this.type = t;
  }

  page(pageNum: number, pageSize: number) {
    return getNoticeList({ pageNum, pageSize, ...(this.type !== undefined ? { type: this.type } : {}) });
  }

  onPage(page: NoticeListResult): void {
    this.unreadCount = page.unreadCount;
  }

  /** 全部已读: resolves the toast text, or null when it failed or another is running. */
  async markAllRead(): Promise<string | null> {
    if (this.markingAll) return null;
    this.markingAll = true;
    try {
      const { unreadCount } = await readNotice();
      this.settleAll(unreadCount);
      badgesChanged(this.root);
      return '已全部标为已读';
    } catch {
      return null;
    } finally {
      this.endMarking();
    }
  }

  private settleAll(unreadCount: number): void {
    this.unreadCount = unreadCount;
    this.version += 1;
  }

  private endMarking(): void {
    this.markingAll = false;
  }
}

/** 系统消息, kept while the app runs. */
export const noticeListStore = screenStore((root) => new NoticeListStore(root));

/**
 * /mine/message/upgrads/info — 消息详情: the notice (GET noticeDetail; "消息不存在或已下线" when refused), and on
 * opening POST readNotice { id } silently (override 2). A new store each visit.
 */
export class NoticeDetailStore {
  readonly detail: Loadable<Awaited<ReturnType<typeof getNoticeDetail>>>;
  /** The refusal's message ("消息不存在或已下线"), or a generic one for a network failure. */
  error: string | null = null;

  constructor(
    private readonly root: RootStore,
    readonly id: number,
  ) {
    this.detail = new Loadable(async () => {
      try {
        return await getNoticeDetail(id);
      } catch (e) {
        this.fail(e instanceof Error && e.message ? e.message : '加载失败');
        throw e;
      }
    });
    makeAutoObservable<NoticeDetailStore, 'root'>(this, { root: false, detail: false });
  }

  /** Loads the notice, then marks it read (silently; the badges follow). */
  async open(): Promise<void> {
    this.error = null;
    if (!(await this.detail.load())) return;
    try {
      await readNotice(this.id);
      badgesChanged(this.root);
    } catch {
      // silent (override 2): the notice stays unread
    }
  }

  private fail(message: string): void {
    this.error = message;
  }
}

/** 消息详情, a new store each visit. */
export const noticeDetailStore = screenStore((root, id: number) => new NoticeDetailStore(root, id), 'visit');
