import { makeAutoObservable, observable, runInAction } from 'mobx';
import {
  bindDeviceLive,
  cameraCloudDeviceOnline,
  CameraCloudError,
  deleteWhite,
  editBoxMark,
  forcedToOpenTheDoor,
  getBoxDetail,
  getLechangeAccessToken,
  getPagedBoxListOfSite,
  getPagedBoxListWithChargerInfo,
  getPagedEntranceGuardList,
  getPagedSmokeSensorList,
  getPagedWebcamRows,
  getWhiteList,
  remoteCloseGateDoor,
  remoteOpenGateDoor,
  saveWhite,
  setAutoCloseGateDoorInterval,
  signLechangeSystem,
  testPay,
  unbindSocket,
  updateDoorRemark,
  updateSmokeRemark,
  updateWebcamRemark,
  type BoxDetail,
  type BoxListRequest,
  type BoxRow,
  type ChargerTile,
  type GuardRow,
  type CameraCloudToken,
  type LiveAddress,
  type SmokeListRequest,
  type SmokeRow,
  type WebcamRow,
  type WhiteInput,
  type WhiteRow,
} from '@/api/device';
import { addBox } from '@/api/device-setup';
import {
  remarkRule,
  whiteExpireError,
  whiteNameRule,
  whitePhoneRule,
  whiteRoomRule,
  type AutoCloseInterval,
} from '@/api/device-rules';
import { firstError, firstFailure } from '@/api/rules';
import { getSiteList } from '@/api/site';
import { BOX_FILTERS, boxFilterOf, SMOKE_FILTERS, type BoxFilterKey, type SmokeFilterKey } from '@/lib/device-status';
import { createNonce } from '@/lib/nonce';
import { dayOf } from '@/lib/time';
import type { SitesStore } from '@/stores/domain/sites';
import { screenStore } from '@/stores/screen-store';
import { ActionGuard } from '@/stores/support/action-guard';
import { LiveRows, livePageSize } from './site-detail';

/**
 * The four device tabs of the site detail (B-site.md §2): what each list asks the server for, its live refresh, and
 * every action of its rows — remarks, test charge, unbinding and migration of charging boxes; 强制开门, 开闸, 关闸 and
 * 自动关闸 of door guards and gates; the community whitelist; the camera live view through the camera-cloud open API;
 * smoke sensors. Screens render these stores and tell the user the outcomes; business errors are toasted by the
 * request layer only. Each store is one per site (useScreenStore(xxxStore, siteId)), kept while the app runs; a
 * change of the site's devices goes through root.sites (invalidate), so the header and the site list follow.
 */

/** Refresh interval of the device list and the guard list while visible, ms (B §2: the 插座 view every 30 s). */
export const BOX_POLL_MS = 30_000;
/** Refresh interval of the guard list, ms (door states after commands and auto-close). */
export const GUARD_POLL_MS = 30_000;
/** Refresh interval of the smoke list while a row is in alarm, ms (B §2). */
export const SMOKE_POLL_MS = 60_000;

/** Outcome of a form-like action: done, or refused with a validation message (null = the server refused, toasted). */
export type ActionOutcome = { ok: true } | { ok: false; message: string | null };

/** Validates a remark (≤ 20 characters) and saves it with `call`; the remark is trimmed, '' clears it. */
async function saveRemark(text: string, call: (remark: string) => PromiseLike<unknown>): Promise<ActionOutcome> {
  const remark = text.trim();
  const message = firstError(remarkRule, remark);
  if (message) return { ok: false, message };
  try {
    await call(remark);
    return { ok: true };
  } catch {
    return { ok: false, message: null };
  }
}

/** View of the device list: 列表 (rows) or 插座 (rows with socket tiles). */
export type BoxView = 'list' | 'socket';

/** The device list (B §2 facilityList): filters, view, live socket states and the 更多 actions of a box. */
export class BoxListStore {
  filter: BoxFilterKey = 'all';
  /** The applied search keyword (serial number or remark). */
  keyword = '';
  view: BoxView = 'list';
  /** Bumped to reload the list from page 1 (after unbinding or migrating a box). */
  version = 0;
  /** Fresher copies of rows (live refresh, saved remarks, commands just sent). */
  readonly live = new LiveRows<BoxRow & { chargers?: ChargerTile[] }>();
  /** Double-tap safety of the row actions. */
  readonly actions = new ActionGuard();
  private pagesLoaded = 1;

  /**
   * @param sites the app's sites (root.sites): the header reloads through it, and device changes invalidate it
   * @param siteId the site shown (route query siteId)
   */
  constructor(
    private readonly sites: SitesStore,
    readonly siteId: number,
  ) {
    makeAutoObservable<BoxListStore, 'sites' | 'pagesLoaded'>(this, {
      sites: false,
      siteId: false,
      pagesLoaded: false,
    });
  }

  /** Applies the filter of the route query `status` (online|offline|fault; anything else shows all). */
  enter(status: string | null): void {
    this.setFilter(boxFilterOf(status));
  }

  /** Chooses a filter chip (全部 / 在线 / 离线 / 故障). */
  setFilter(filter: BoxFilterKey): void {
    if (filter === this.filter) return;
    this.filter = filter;
    this.live.clear();
  }

  /** Applies a search keyword (serial number or remark; at most 30 characters). */
  setKeyword(keyword: string): void {
    const next = keyword.trim().slice(0, 30);
    if (next === this.keyword) return;
    this.keyword = next;
    this.live.clear();
  }

  /** Switches 列表 | 插座. */
  setView(view: BoxView): void {
    if (view === this.view) return;
    this.view = view;
    this.live.clear();
  }

  /** True when a filter or keyword narrows the list (empty text 没有符合条件的设备). */
  get narrowed(): boolean {
    return this.filter !== 'all' || this.keyword !== '';
  }

  /** Values whose change reloads the list from page 1. */
  get watch(): unknown[] {
    return [this.siteId, this.filter, this.keyword, this.view, this.version];
  }

  private request(pageNum: number, pageSize: number): BoxListRequest {
    const status = BOX_FILTERS.find((f) => f.key === this.filter)?.status;
    return {
      siteId: this.siteId,
      pageNum,
      pageSize,
      ...(status ? { status } : {}),
      ...(this.keyword ? { keyword: this.keyword } : {}),
    };
  }

  /** Declares the call of one page for the shared list (the view decides which call). */
  readonly fetchPage = (pageNum: number, pageSize: number) => {
    this.pagesLoaded = pageNum;
    const body = this.request(pageNum, pageSize);
    return this.view === 'socket' ? getPagedBoxListWithChargerInfo(body) : getPagedBoxListOfSite(body);
  };

  /** Live refresh: re-reads the loaded rows (silently) and lays their states over the list. */
  async refreshLive(): Promise<void> {
    const body = this.request(1, livePageSize(this.pagesLoaded));
    const page =
      this.view === 'socket'
        ? await getPagedBoxListWithChargerInfo(body, true)
        : await getPagedBoxListOfSite(body, true);
    this.live.merge(page.list);
  }

  /** Pull-to-refresh: the list reloads itself; drop the overlay and refresh the header and strips. */
  async pulled(): Promise<void> {
    this.live.clear();
    await this.sites.invalidate(this.siteId);
  }

  private reload(): void {
    this.version += 1;
    this.live.clear();
  }

  /** 修改备注 (≤ 20 characters). */
  editRemark(box: BoxRow, text: string): Promise<ActionOutcome> {
    return saveRemark(text, async (remark) => {
      await editBoxMark({ boxId: box.id, remark });
      this.live.patch(box, { remark: remark || null });
    });
  }

  /** 设备详情: the box's detail (boxDetail). */
  loadDetail(boxId: number): Promise<BoxDetail> {
    return Promise.resolve(getBoxDetail(boxId));
  }

  /** The box's sockets with their states (for the 测试充电 picker: idle sockets only). */
  async sockets(box: BoxRow): Promise<ChargerTile[]> {
    const page = await getPagedBoxListWithChargerInfo({
      siteId: this.siteId,
      pageNum: 1,
      pageSize: 20,
      keyword: box.serialNumber,
    });
    const row = page.list.find((b) => b.id === box.id);
    if (row) this.live.merge([row]);
    return row?.chargers ?? [];
  }

  /** 测试充电: a free 1/3/5-minute charge of an idle socket; resolves the order number, undefined when refused. */
  testCharge(box: BoxRow, socketNo: number, minutes: 1 | 3 | 5): Promise<string | undefined> {
    return this.actions.run(`test:${box.id}`, async () => {
      const { orderNo } = await testPay({ boxId: box.id, socketNo, minutes });
      void this.refreshLive().catch(() => undefined);
      return orderNo;
    });
  }

  /** 解绑设备: removes the box from the site (refused while charging); the list and strips reload. */
  async unbind(box: BoxRow): Promise<boolean> {
    if (!(await this.actions.done(`unbind:${box.id}`, () => unbindSocket({ siteId: this.siteId, boxId: box.id }))))
      return false;
    this.reload();
    // The site's devices changed: its header and strips, and the kept site list, follow.
    void this.sites.invalidate(this.siteId);
    return true;
  }

  /** Sites the box may migrate to: the caller's own editable sites other than this one. */
  async migrationTargets(): Promise<{ id: number; name: string }[]> {
    const page = await getSiteList({ pageNum: 1, pageSize: 100, sort: 2 });
    return page.list.filter((s) => s.editable && s.id !== this.siteId).map((s) => ({ id: s.id, name: s.name }));
  }

  /** 迁移站点: moves the box to another site of the caller (refused while charging); the list and strips reload. */
  async migrate(box: BoxRow, targetSiteId: number): Promise<boolean> {
    const moved = await this.actions.done(`migrate:${box.id}`, () =>
      addBox({
        siteId: targetSiteId,
        serialNumber: box.serialNumber,
        deviceType: box.deviceType,
        moveFromSiteId: this.siteId,
      }),
    );
    if (!moved) return false;
    this.reload();
    // The site's devices changed: its header and strips, and the kept site list, follow.
    void this.sites.invalidate(this.siteId);
    return true;
  }
}

/** The door guard list (B §2 guardList): rows, live door states and the remote commands. */
export class GuardListStore {
  /** Fresher copies of rows (live refresh, saved remarks, commands just sent). */
  readonly live = new LiveRows<GuardRow>();
  /** Double-tap safety of the row actions. */
  readonly actions = new ActionGuard();
  private pagesLoaded = 1;

  /**
   * @param sites the app's sites (root.sites): the header reloads through it
   * @param siteId the site shown (route query siteId)
   */
  constructor(
    private readonly sites: SitesStore,
    readonly siteId: number,
  ) {
    makeAutoObservable<GuardListStore, 'sites' | 'pagesLoaded'>(this, {
      sites: false,
      siteId: false,
      pagesLoaded: false,
    });
  }

  /** Declares the call of one page for the shared list. */
  readonly fetchPage = (pageNum: number, pageSize: number) => {
    this.pagesLoaded = pageNum;
    return getPagedEntranceGuardList({ siteId: this.siteId, pageNum, pageSize });
  };

  /** Live refresh: re-reads the loaded rows silently and lays their states over the list. */
  async refreshLive(): Promise<void> {
    const page = await getPagedEntranceGuardList(
      { siteId: this.siteId, pageNum: 1, pageSize: livePageSize(this.pagesLoaded) },
      true,
    );
    this.live.merge(page.list);
  }

  /** Pull-to-refresh: the list reloads itself; drop the overlay and refresh the header and strips. */
  async pulled(): Promise<void> {
    this.live.clear();
    await this.sites.invalidate(this.siteId);
  }

  /** 强制开门: the row shows 已打开 until the next refresh (the lock falls back after 5 s). */
  async forceOpen(row: GuardRow): Promise<boolean> {
    const result = await this.actions.run(`cmd:${row.id}`, () => forcedToOpenTheDoor(row.id));
    if (!result) return false;
    const current = this.live.of(row);
    this.live.patch(row, {
      doorStatus: 1,
      lastOpenTime: result.openTime,
      todayOpenCount: current.todayOpenCount + 1,
    });
    return true;
  }

  /** 开闸: the barrier rises (已抬杆). */
  async openGate(row: GuardRow): Promise<boolean> {
    if (!(await this.actions.done(`cmd:${row.id}`, () => remoteOpenGateDoor(row.id)))) return false;
    const current = this.live.of(row);
    this.live.patch(row, { doorStatus: 1, lastOpenTime: Date.now(), todayOpenCount: current.todayOpenCount + 1 });
    return true;
  }

  /** 关闸: the barrier falls (已落杆). */
  async closeGate(row: GuardRow): Promise<boolean> {
    if (!(await this.actions.done(`cmd:${row.id}`, () => remoteCloseGateDoor(row.id)))) return false;
    this.live.patch(row, { doorStatus: 0 });
    return true;
  }

  /** 自动关闸: 0 (不自动关闸) or 10/30/60/120/300 seconds. */
  async setAutoClose(row: GuardRow, interval: AutoCloseInterval): Promise<boolean> {
    if (!(await this.actions.done(`cmd:${row.id}`, () => setAutoCloseGateDoorInterval(row.id, interval)))) return false;
    this.live.patch(row, { autoCloseInterval: interval });
    return true;
  }

  /** 备注 of a guard or gate. */
  editRemark(row: GuardRow, text: string): Promise<ActionOutcome> {
    return saveRemark(text, async (remark) => {
      await updateDoorRemark({ id: row.id, remark });
      this.live.patch(row, { remark: remark || null });
    });
  }
}

/** Fields of the whitelist form (strings as typed; expireDate '' = 长期). */
export interface WhiteForm {
  id?: number;
  name: string;
  phone: string;
  roomNo: string;
  expireDate: string;
}

/**
 * The community whitelist of the guard list (B §2 门禁白名单 popup): what the shared list asks for (search by name,
 * phone or room), the entry row's N人, add/edit and delete. The list reloads from page 1 after a change.
 */
export class WhitelistStore {
  communityId: number | null = null;
  /** The applied search keyword (name, phone or room). */
  keyword = '';
  /** All entries of the community (the entry row's N人), null before known. */
  count: number | null = null;
  /** Bumped to reload the list from page 1 (after a save or a delete). */
  version = 0;
  /** Double-tap safety of the row actions. */
  readonly actions = new ActionGuard();

  constructor() {
    makeAutoObservable(this);
  }

  /** Points the store at a community (the site's), forgetting another community's search and count. */
  use(communityId: number): void {
    if (communityId === this.communityId) return;
    this.communityId = communityId;
    this.keyword = '';
    this.count = null;
  }

  /** Loads the N人 count of the entry row (the community's entries, whatever the search). */
  async loadCount(): Promise<void> {
    const communityId = this.communityId;
    if (communityId === null) return;
    try {
      const page = await getWhiteList({ communityId, pageNum: 1, pageSize: 1 });
      runInAction(() => {
        if (this.communityId === communityId) this.count = page.total;
      });
    } catch {
      /* the entry row shows -- */
    }
  }

  /** Sets the search keyword (name, phone or room; at most 30 characters); the list reloads. */
  setKeyword(keyword: string): void {
    this.keyword = keyword.trim().slice(0, 30);
  }

  /** Values whose change reloads the list from page 1. */
  get watch(): unknown[] {
    return [this.communityId, this.keyword, this.version];
  }

  /** Declares the call of one page for the shared list. */
  readonly fetchPage = (pageNum: number, pageSize: number) =>
    getWhiteList({
      communityId: this.communityId ?? 0,
      pageNum,
      pageSize,
      ...(this.keyword ? { keyword: this.keyword } : {}),
    });

  /** The first validation message of a form, or null (B §2 whitelist validation, in field order). */
  validate(form: WhiteForm): string | null {
    return (
      firstFailure([
        [whiteNameRule, form.name.trim()],
        [whitePhoneRule, form.phone.trim()],
        [whiteRoomRule, form.roomNo.trim()],
      ]) ?? whiteExpireError(form.expireDate || null, dayOf(Date.now()))
    );
  }

  /** 保存: validates, saves (new or edit); the list and the count reload. */
  async save(form: WhiteForm): Promise<ActionOutcome> {
    const message = this.validate(form);
    if (message) return { ok: false, message };
    const communityId = this.communityId;
    if (communityId === null) return { ok: false, message: null };
    const body: WhiteInput = {
      ...(form.id ? { id: form.id } : {}),
      communityId,
      name: form.name.trim(),
      phone: form.phone.trim(),
      roomNo: form.roomNo.trim(),
      expireDate: form.expireDate || null,
    };
    if (!(await this.actions.done('save', () => saveWhite(body)))) return { ok: false, message: null };
    this.changed();
    return { ok: true };
  }

  /** 删除 (after the screen's confirmation); the list and the count reload. */
  async remove(row: WhiteRow): Promise<boolean> {
    if (!(await this.actions.done(`delete:${row.id}`, () => deleteWhite(row.id)))) return false;
    this.changed();
    return true;
  }

  private changed(): void {
    this.version += 1;
    void this.loadCount();
  }
}

/** Quality of the live view: 标清 (hlsUrl) or 高清 (hlsHdUrl). */
export type LiveQuality = 'sd' | 'hd';

/** Outcome of opening a camera's live view. */
export type LiveOutcome = 'ok' | 'offline' | 'cloudFailed' | 'failed';

/** The camera list (B §2 cameraList): the camera-cloud token, the open sequence of the live view, remarks. */
export class CameraListStore {
  /** Fresher copies of rows (live refresh, saved remarks, commands just sent). */
  readonly live = new LiveRows<WebcamRow>();
  /** Double-tap safety of the row actions. */
  readonly actions = new ActionGuard();
  /** The camera-cloud token, cached until its expireTime. */
  token: CameraCloudToken | null = null;
  /** The open player, or null. */
  player: { camera: WebcamRow; address: LiveAddress; quality: LiveQuality } | null = null;

  /**
   * @param sites the app's sites (root.sites): the header reloads through it
   * @param siteId the site shown (route query siteId)
   */
  constructor(
    private readonly sites: SitesStore,
    readonly siteId: number,
  ) {
    makeAutoObservable<CameraListStore, 'sites'>(this, { sites: false, siteId: false });
  }

  /** One page of cameras, grouped by two for the grid. */
  readonly fetchPage = (pageNum: number, pageSize: number) =>
    getPagedWebcamRows({ siteId: this.siteId, pageNum, pageSize });

  /** Pull-to-refresh: the list reloads itself; drop the overlay and refresh the header and strips. */
  async pulled(): Promise<void> {
    this.live.clear();
    await this.sites.invalidate(this.siteId);
  }

  /** The camera-cloud token, fetched when missing or within a minute of expiry. */
  async ensureToken(now = Date.now()): Promise<CameraCloudToken> {
    if (this.token && this.token.expireTime - now > 60_000) return this.token;
    const token = await getLechangeAccessToken();
    runInAction(() => {
      this.token = token;
    });
    return token;
  }

  /**
   * Opens the live view of a camera (B §2): (1) the camera-cloud token, (2) the cloud's deviceOnline with a request
   * signed by the backend, (3) bindDeviceLive, then the player. 'offline' when the cloud reports the camera offline,
   * 'cloudFailed' when the cloud call failed, 'failed' when our backend refused (already toasted).
   */
  openLive(camera: WebcamRow): Promise<LiveOutcome> {
    return this.actions
      .run(`live:${camera.id}`, async (): Promise<LiveOutcome> => {
        let token: CameraCloudToken;
        try {
          token = await this.ensureToken();
        } catch {
          return 'failed';
        }
        try {
          const system = await signLechangeSystem({ time: Math.floor(Date.now() / 1000), nonce: createNonce() });
          const online = await cameraCloudDeviceOnline(system, token.accessToken, camera.serialNumber, createNonce(16));
          if (online.onLine !== '1') return 'offline';
        } catch (error) {
          if (error instanceof CameraCloudError && error.code === 'TK1002') runInAction(() => (this.token = null));
          return error instanceof CameraCloudError ? 'cloudFailed' : 'failed';
        }
        try {
          const address = await bindDeviceLive(camera.id);
          runInAction(() => {
            this.player = { camera, address, quality: 'sd' };
          });
          return 'ok';
        } catch {
          return 'failed';
        }
      })
      .then((outcome) => outcome ?? 'failed');
  }

  /** True while a camera's live view is being opened (its card shows a spinner and ignores taps). */
  opening(cameraId: number): boolean {
    return this.actions.busy(`live:${cameraId}`);
  }

  /** 标清 / 高清. */
  setQuality(quality: LiveQuality): void {
    if (this.player) this.player = { ...this.player, quality };
  }

  /** The stream of the open player at its quality. */
  get streamUrl(): string | null {
    if (!this.player) return null;
    return this.player.quality === 'hd' ? this.player.address.hlsHdUrl : this.player.address.hlsUrl;
  }

  /** Closes the player (playback stops). */
  closePlayer(): void {
    this.player = null;
  }

  /** 备注 of a camera. */
  editRemark(row: WebcamRow, text: string): Promise<ActionOutcome> {
    return saveRemark(text, async (remark) => {
      await updateWebcamRemark({ id: row.id, remark });
      this.live.patch(row, { remark: remark || null });
    });
  }
}

/** The smoke sensor list (B §2 smokeList): filter chips, alarm rows, refresh every 60 s while an alarm shows. */
export class SmokeListStore {
  filter: SmokeFilterKey = 'all';
  /** Fresher copies of rows (live refresh, saved remarks, commands just sent). */
  readonly live = new LiveRows<SmokeRow>();
  /** Ids of loaded rows in alarm (smokeStatus 1). */
  private readonly alarmIds = observable.set<number>();
  private pagesLoaded = 1;

  /**
   * @param sites the app's sites (root.sites): the header reloads through it
   * @param siteId the site shown (route query siteId)
   */
  constructor(
    private readonly sites: SitesStore,
    readonly siteId: number,
  ) {
    makeAutoObservable<SmokeListStore, 'sites' | 'pagesLoaded'>(this, {
      sites: false,
      siteId: false,
      pagesLoaded: false,
    });
  }

  /** Chooses a filter chip (全部 / 报警 / 低电量 / 离线). */
  setFilter(filter: SmokeFilterKey): void {
    if (filter === this.filter) return;
    this.filter = filter;
    this.live.clear();
    this.alarmIds.clear();
  }

  /** Values whose change reloads the list from page 1. */
  get watch(): unknown[] {
    return [this.siteId, this.filter];
  }

  private request(pageNum: number, pageSize: number): SmokeListRequest {
    const request = SMOKE_FILTERS.find((f) => f.key === this.filter)?.request ?? {};
    return { siteId: this.siteId, pageNum, pageSize, ...request };
  }

  /** Declares the call of one page for the shared list. */
  readonly fetchPage = (pageNum: number, pageSize: number) => {
    this.pagesLoaded = pageNum;
    return getPagedSmokeSensorList(this.request(pageNum, pageSize));
  };

  /** Records which loaded rows are in alarm (called with every page answer). */
  notePage(list: readonly SmokeRow[]): void {
    for (const row of list) {
      if (row.smokeStatus === 1) this.alarmIds.add(row.id);
      else this.alarmIds.delete(row.id);
    }
  }

  /** True while any row shown is in alarm (the list then refreshes every 60 s). */
  get alarming(): boolean {
    return this.alarmIds.size > 0;
  }

  /** Live refresh: re-reads the loaded rows silently and lays their states over the list. */
  async refreshLive(): Promise<void> {
    const page = await getPagedSmokeSensorList(this.request(1, livePageSize(this.pagesLoaded)), true);
    this.live.merge(page.list);
    this.notePage(page.list);
  }

  /** Pull-to-refresh: the list reloads itself; drop the overlay and refresh the header and strips. */
  async pulled(): Promise<void> {
    this.live.clear();
    this.alarmIds.clear();
    await this.sites.invalidate(this.siteId);
  }

  /** True when a chip narrows the list (empty text 没有符合条件的烟感). */
  get narrowed(): boolean {
    return this.filter !== 'all';
  }

  /** 备注 of a smoke sensor (where it hangs). */
  editRemark(row: SmokeRow, text: string): Promise<ActionOutcome> {
    return saveRemark(text, async (remark) => {
      await updateSmokeRemark({ id: row.id, remark });
      this.live.patch(row, { remark: remark || null });
    });
  }
}

/** The device list's store of a site (kept while the app runs). */
export const boxListStore = screenStore((root, siteId: number) => new BoxListStore(root.sites, siteId));
/** The guard list's store of a site (kept while the app runs). */
export const guardListStore = screenStore((root, siteId: number) => new GuardListStore(root.sites, siteId));
/** The whitelist popup's store (kept while the app runs; it starts afresh for another community). */
export const whitelistStore = screenStore(() => new WhitelistStore());
/** The camera list's store of a site (kept while the app runs). */
export const cameraListStore = screenStore((root, siteId: number) => new CameraListStore(root.sites, siteId));
/** The smoke list's store of a site (kept while the app runs). */
export const smokeListStore = screenStore((root, siteId: number) => new SmokeListStore(root.sites, siteId));
