import type { Page } from '@/api/http';
import { screenStore } from '@/stores/screen-store';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  addBox,
  checkAddDevicePermission,
  getBoxList,
  getBoxSimpleInfoBySerialNumber,
  getChargerListByBoxCode,
  getConnectorDetail,
  getDeviceTypeBySerialNumber,
  getPowerCharts,
  remotePay,
  remoteStop,
  setBackUpQrCode,
  setSocketQrCode,
  unbindBackUpQrCode,
  updateBatchChargerQrCode,
  updateBoxSignalMode,
  type BatchQrResult,
  type BoxListRow,
  type BoxSimpleInfo,
  type ChargerListOfBox,
  type ConnectorDetail,
  type DeviceTypeInfo,
  type PowerChart,
  type RemotePayResult,
  type RemoteReason,
  type SignalMode,
} from '@/api/device-setup';
import { getBoxDetail, type BoxDetail } from '@/api/device';
import { remarkRule } from '@/api/device-rules';
import { firstError } from '@/api/rules';
import type { SiteDetail } from '@/api/site';
import { SILENT } from '@/config/constants';
import { settings } from '@/config/env';
import { parseDeviceCode, parseSticker } from '@/lib/device-code';
import { formatTime } from '@/lib/time';
import { ActionGuard } from '@/stores/support/action-guard';
import { MoneyAction } from '@/stores/support/money-action';
import type { LoadableLike } from '@/stores/support/entity-cache';
import { Loadable } from '@/stores/support/loadable';
import type { RootStore } from '@/stores/root';

/**
 * Stores of adding and binding devices (B-site.md §3): scanning devices onto a site (facilityCode), the spare QR code
 * (spareQcode), the signal mode (signalSetting), the socket QR codes (socket/qrcode) and the socket detail
 * (socket/socketInfo). Scanning goes through the Platform (`root.platform.scan()`); codes are read with
 * lib/device-code (§0.4). Methods answer `{ error }` with the text the screen toasts for local validation; call
 * failures are already toasted by the request layer. Each store's calls run through an ActionGuard (one at a time;
 * the screen greys its buttons while busy). Money fen, power W, energy Wh, minutes, epoch ms.
 */

/** A local check failed: the text to toast. */
export interface Refusal {
  error: string;
}

/** Remark rule (B §3, the device lists' remarkRule): at most 20 characters once trimmed, may be empty. */
export function remarkError(remark: string): string | null {
  return firstError(remarkRule, remark.trim());
}

/**
 * Scans a platform QR sticker (§0.4 sticker rules: the platform QR domain, path /q/{code}). Resolves its code, the
 * refusal to toast (not a sticker, or a device code), or null when the scan was cancelled.
 */
export async function scanSticker(root: RootStore): Promise<{ code: string } | Refusal | null> {
  const text = await root.platform.scan();
  if (text === null) return null;
  const parsed = parseSticker(text, settings.qrBaseUrl || undefined);
  return parsed.ok ? { code: parsed.value } : { error: parsed.error };
}

/** Camera verify code rule (B §3): 6–8 letters or digits from the label. */
export function verifyCodeError(code: string): string | null {
  return /^[0-9A-Za-z]{6,8}$/.test(code.trim()) ? null : '请输入设备标签上的验证码';
}

// ---------------------------------------------------------------------------------------------------------------------
// /site/siteInfo/facilityList/facilityCode — 扫码添加设备
// ---------------------------------------------------------------------------------------------------------------------

/** A device added during this visit (本次已添加, page memory only). */
export interface AddedDevice {
  id: number;
  serialNumber: string;
  deviceType: number;
  typeName: string;
  remark: string;
  /** Epoch ms. */
  time: number;
}

/** The confirmation card of a recognised code. */
export interface ScanCard {
  type: DeviceTypeInfo;
  info: BoxSimpleInfo;
}

/** The state of the add-device screen of one site. */
export class ScanAddStore {
  readonly site: LoadableLike<SiteDetail>;
  readonly permission: Loadable<{ allowed: boolean; reason: string }>;
  manualCode = '';
  card: ScanCard | null = null;
  remark = '';
  verifyCode = '';
  added: AddedDevice[] = [];
  /** The lookup ('lookUp') and the binding ('confirm'), each once at a time. */
  readonly actions = new ActionGuard();

  constructor(
    private readonly root: RootStore,
    readonly siteId: number,
  ) {
    this.site = root.sites.handle(siteId);
    this.permission = new Loadable(() => checkAddDevicePermission(siteId));
    makeAutoObservable<ScanAddStore, 'root'>(this, { root: false });
  }

  /** True while a code is being looked up (the card shows a spinner). */
  get lookingUp(): boolean {
    return this.actions.busy('lookUp');
  }

  /** True while 确认添加 / 迁移 is being sent. */
  get submitting(): boolean {
    return this.actions.busy('confirm');
  }

  /** The host's hint about bar codes (B §0.4: Alipay scans QR only), or null where bar codes can be scanned. */
  get scanHint(): string | null {
    const { capabilities, wording } = this.root.platform;
    return capabilities.scansBarCodes ? null : wording.barCodeUnsupported;
  }

  /** What the card's button does: 确认添加 (unbound), 迁移到本站点 (another own site), or nothing. */
  get action(): 'add' | 'move' | null {
    const info = this.card?.info;
    if (!info) return null;
    if (info.bindStatus === 0) return 'add';
    if (info.bindStatus === 1 && info.siteId !== this.siteId) return 'move';
    return null;
  }

  /** Loads the site banner and the permission check (on enter). */
  async init(): Promise<void> {
    await Promise.all([this.site.load(), this.permission.load()]);
  }

  setManualCode(text: string): void {
    this.manualCode = text;
  }

  setRemark(text: string): void {
    this.remark = text;
  }

  setVerifyCode(text: string): void {
    this.verifyCode = text;
  }

  /** Clears the card (ready for the next scan). */
  clearCard(): void {
    this.card = null;
    this.remark = '';
    this.verifyCode = '';
  }

  /** 扫一扫: scans through the Platform; a cancel or a failed scan (alerted by WeChat) does nothing. */
  async scan(): Promise<Refusal | null> {
    const text = await this.root.platform.scan();
    if (text === null) return null;
    return this.lookUp(text);
  }

  /** 确定 of the manual input. */
  async submitManual(): Promise<Refusal | null> {
    return this.lookUp(this.manualCode);
  }

  /**
   * Reads a code (§0.4) and looks it up (type + binding, in parallel) into the confirmation card. Refuses a code added
   * in this visit (该设备已添加), a device already on this site (该设备已在本站点) and one of another operator.
   */
  async lookUp(raw: string): Promise<Refusal | null> {
    const parsed = parseDeviceCode(raw);
    if (!parsed.ok) return { error: parsed.error };
    const serial = parsed.value;
    if (this.added.some((d) => d.serialNumber.toUpperCase() === serial.toUpperCase())) return { error: '该设备已添加' };
    if (this.lookingUp) return null;
    this.clearCard();
    const refusal = await this.actions.run('lookUp', async (): Promise<Refusal | null> => {
      const [type, info] = await Promise.all([
        getDeviceTypeBySerialNumber(serial).send(),
        getBoxSimpleInfoBySerialNumber(serial).send(),
      ]);
      if (info.bindStatus === 2) return { error: '该设备已被其他运营商绑定，无法添加' };
      if (info.bindStatus === 1 && info.siteId === this.siteId) return { error: '该设备已在本站点' };
      runInAction(() => {
        this.card = { type, info };
        this.remark = info.remark;
        this.manualCode = '';
      });
      return null;
    });
    return refusal ?? null;
  }

  /** The confirm text of a migration (§3), or null for a plain add. */
  get moveConfirmText(): string | null {
    const info = this.card?.info;
    if (this.action !== 'move' || !info) return null;
    return `该设备当前绑定在「${info.siteName}」，迁移后${info.siteName}站点将不再显示该设备，确定迁移？`;
  }

  /** 确认添加 / 迁移: validates and calls addBox; appends to 本次已添加. Resolves the added device, or a refusal. */
  async confirm(): Promise<AddedDevice | Refusal | null> {
    const card = this.card;
    const action = this.action;
    if (!card || !action) return null;
    const remarkProblem = remarkError(this.remark);
    if (remarkProblem) return { error: remarkProblem };
    if (card.type.needVerifyCode) {
      const codeProblem = verifyCodeError(this.verifyCode);
      if (codeProblem) return { error: codeProblem };
    }
    const remark = this.remark.trim();
    const added = await this.actions.run('confirm', async () => {
      const { id } = await addBox({
        siteId: this.siteId,
        serialNumber: card.type.serialNumber,
        deviceType: card.type.deviceType,
        ...(remark ? { remark } : {}),
        ...(card.type.needVerifyCode ? { verifyCode: this.verifyCode.trim() } : {}),
        ...(action === 'move' && card.info.siteId !== null ? { moveFromSiteId: card.info.siteId } : {}),
      }).send();
      const device: AddedDevice = {
        id,
        serialNumber: card.type.serialNumber,
        deviceType: card.type.deviceType,
        typeName: card.type.deviceTypeName,
        remark,
        time: Date.now(),
      };
      // The site's device counts changed: every screen showing the site follows (the kept site list too).
      void this.root.sites.invalidate(this.siteId);
      runInAction(() => {
        this.added = [device, ...this.added];
        this.clearCard();
      });
      return device;
    });
    return added ?? null;
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// /site/siteInfo/facilityList/facilityCode/spareQcode — 绑定备用二维码
// ---------------------------------------------------------------------------------------------------------------------

/** The spare-code screen of one box. */
export class SpareCodeStore {
  readonly box: Loadable<BoxDetail>;
  /** The spare sticker's content (its platform URL, drawn as the QR image), or null. */
  spareUrl: string | null = null;
  /** Binding and releasing, one at a time. */
  readonly actions = new ActionGuard();

  constructor(
    private readonly root: RootStore,
    readonly boxId: number,
  ) {
    this.box = new Loadable(() => getBoxDetail(boxId));
    makeAutoObservable<SpareCodeStore, 'root'>(this, { root: false });
  }

  /** Loads the box, then the content of its spare sticker (from the box's socket list, silently). */
  async load(): Promise<boolean> {
    const okay = await this.box.load();
    const box = this.box.data;
    if (!okay || !box?.backUpQrCode) {
      runInAction(() => {
        this.spareUrl = null;
      });
      return okay;
    }
    try {
      const list = await getChargerListByBoxCode(box.serialNumber, { errorText: SILENT }).send();
      runInAction(() => {
        this.spareUrl = list.backUpQrCodeUrl;
      });
    } catch {
      runInAction(() => {
        this.spareUrl = null;
      });
    }
    return okay;
  }

  /** True while a binding or a release is being sent. */
  get busy(): boolean {
    return this.actions.anyBusy;
  }

  /** Scans a sticker (§0.4 rules). Resolves its code, a refusal, or null when the scan was cancelled. */
  scanSticker(): Promise<{ code: string } | Refusal | null> {
    return scanSticker(this.root);
  }

  /** The confirm text of binding `code` (更换 warns that the old code stops working). */
  bindConfirmText(code: string): string {
    const box = this.box.data;
    const text = `将备用码 ${code} 绑定到设备 ${box?.serialNumber ?? ''}？`;
    return box?.backUpQrCode ? `${text}原备用码将失效` : text;
  }

  /** Binds a sticker code; true when done (the box reloads). */
  bind(code: string): Promise<boolean> {
    return this.actions.done('change', async () => {
      await setBackUpQrCode(this.boxId, code);
      await this.load();
    });
  }

  /** Releases the spare code; true when done (the box reloads). */
  unbind(): Promise<boolean> {
    return this.actions.done('change', async () => {
      await unbindBackUpQrCode(this.boxId);
      await this.load();
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// /site/siteInfo/facilityList/signalSetting — 信号模式设置
// ---------------------------------------------------------------------------------------------------------------------

/** The three modes with their descriptions (B §3 signalSetting). */
export const SIGNAL_MODES: readonly { mode: SignalMode; label: string; description: string }[] = [
  { mode: 1, label: '4G独立联网', description: '设备使用自带物联网卡直接联网' },
  { mode: 2, label: '组网主机', description: '为本站点信号弱的设备转发数据，最多带8台从机' },
  { mode: 3, label: '组网从机', description: '通过同站点主机联网，适合地下车棚等信号弱的位置' },
];

/** Most slaves of a master (D9). */
export const MAX_SLAVES = 8;

/** The signal-mode screen of one box. */
export class SignalModeStore {
  readonly box: Loadable<BoxDetail>;
  readonly masters: Loadable<Page<BoxListRow>>;
  mode: SignalMode | null = null;
  masterId: number | null = null;
  /** 保存, once at a time. */
  readonly actions = new ActionGuard();

  constructor(
    readonly siteId: number,
    readonly boxId: number,
  ) {
    this.box = new Loadable(() => getBoxDetail(boxId));
    this.masters = new Loadable(() => getBoxList({ siteId, signalMode: 2, pageNum: 1, pageSize: 100 }));
    makeAutoObservable(this);
  }

  /** True while the command is being sent. */
  get saving(): boolean {
    return this.actions.busy('save');
  }

  /** Loads the box and the site's masters; the form starts from the box's mode and master. */
  async init(): Promise<void> {
    await Promise.all([this.box.load(), this.masters.load()]);
    runInAction(() => {
      const box = this.box.data;
      if (box) {
        this.mode = box.signalMode;
        this.masterId = box.masterBoxId;
      }
    });
  }

  /** The site's online masters other than this box (the 从机 choices). */
  get masterChoices(): BoxListRow[] {
    return (this.masters.data?.list ?? []).filter((b) => b.id !== this.boxId && b.status !== 2);
  }

  /** Why a mode cannot be chosen (该型号不支持组网), or null. */
  modeDisabledReason(mode: SignalMode): string | null {
    return mode !== 1 && this.box.data && !this.box.data.supportMesh ? '该型号不支持组网' : null;
  }

  /** Why a master cannot be chosen (该主机从机数量已满), or null. */
  masterDisabledReason(master: BoxListRow): string | null {
    return master.slaveCount >= MAX_SLAVES && master.id !== this.box.data?.masterBoxId ? '该主机从机数量已满' : null;
  }

  setMode(mode: SignalMode): void {
    if (this.modeDisabledReason(mode)) return;
    this.mode = mode;
  }

  setMaster(id: number): void {
    this.masterId = id;
  }

  /** Checks before the confirmation (B §3 Validation); null when it may be saved. */
  validate(): string | null {
    const box = this.box.data;
    if (!box || this.mode === null) return '设备信息加载中';
    if (box.status === 2) return '设备离线，无法下发设置';
    const disabled = this.modeDisabledReason(this.mode);
    if (disabled) return disabled;
    if (box.signalMode === 2 && this.mode !== 2 && box.slaveCount > 0)
      return `该主机下还有${box.slaveCount}台从机，请先调整从机`;
    if (this.mode === 3) {
      const master = this.masterChoices.find((m) => m.id === this.masterId);
      if (!master) return '请选择主机';
      const full = this.masterDisabledReason(master);
      if (full) return full;
    }
    if (this.mode === box.signalMode && (this.mode !== 3 || this.masterId === box.masterBoxId))
      return '设备当前已是该信号模式';
    return null;
  }

  /** The confirmation text of 保存. */
  get confirmText(): string {
    const label = SIGNAL_MODES.find((m) => m.mode === this.mode)?.label ?? '';
    return `设备将重启并切换为${label}，期间无法充电，确定？`;
  }

  /** Sends updateBox; true when the command was accepted. */
  async save(): Promise<boolean> {
    const mode = this.mode;
    if (mode === null) return false;
    const master = mode === 3 ? (this.masterId ?? undefined) : undefined;
    return this.actions.done('save', () => updateBoxSignalMode(this.boxId, mode, master));
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// /site/socket/qrcode — 充电插座
// ---------------------------------------------------------------------------------------------------------------------

/** One entry of the batch loop: a socket and the sticker scanned for it (or skipped). */
export interface BatchEntry {
  chargerId: number;
  socketNo: number;
  code: string | null;
}

/** The socket QR screen of one box (by boxId, or by serial number boxCode). */
export class SocketQrStore {
  readonly box: Loadable<ChargerListOfBox>;
  /** Binding one socket and submitting the batch, one at a time. */
  readonly actions = new ActionGuard();
  /** The batch loop (page memory only): index of the socket asked for, and what was scanned so far. */
  batch: { index: number; entries: BatchEntry[]; done: boolean } | null = null;
  batchResult: BatchQrResult | null = null;
  private serial: string | null;

  constructor(
    private readonly root: RootStore,
    ref: { boxId?: number; boxCode?: string },
  ) {
    this.serial = ref.boxCode ?? null;
    this.box = new Loadable(async () => {
      if (!this.serial && ref.boxId) {
        const detail = await getBoxDetail(ref.boxId).send();
        this.serial = detail.serialNumber;
      }
      return getChargerListByBoxCode(this.serial ?? '');
    });
    makeAutoObservable<SocketQrStore, 'root'>(this, { root: false });
  }

  /** True while a binding or the batch is being sent. */
  get busy(): boolean {
    return this.actions.anyBusy;
  }

  /** Scans a sticker for a socket; refuses non-stickers locally (§0.4). */
  scanSticker(): Promise<{ code: string } | Refusal | null> {
    return scanSticker(this.root);
  }

  /** Binds a sticker to one socket ('' = back to the default code); true when done (the grid reloads). */
  setCode(chargerId: number, code: string): Promise<boolean> {
    if (this.busy) return Promise.resolve(false);
    return this.actions.done('change', async () => {
      await setSocketQrCode(chargerId, code);
      await this.box.load();
    });
  }

  /** Starts the guided loop 请扫描第N号插座的贴纸 from socket 1. */
  startBatch(): void {
    this.batch = { index: 0, entries: [], done: false };
    this.batchResult = null;
  }

  /** The socket the loop asks for, or null when it is over. */
  get batchSocket(): { chargerId: number; socketNo: number } | null {
    const chargers = this.box.data?.chargers ?? [];
    if (!this.batch || this.batch.done) return null;
    return chargers[this.batch.index] ?? null;
  }

  /** Records the scanned code for the current socket; a code already used in this batch is refused. */
  batchScanned(code: string): Refusal | null {
    const socket = this.batchSocket;
    if (!this.batch || !socket) return null;
    if (this.batch.entries.some((e) => e.code === code)) return { error: '该二维码已在本次绑定中使用' };
    this.batch.entries.push({ ...socket, code });
    this.advanceBatch();
    return null;
  }

  /** 跳过 the current socket. */
  batchSkip(): void {
    const socket = this.batchSocket;
    if (!this.batch || !socket) return;
    this.batch.entries.push({ ...socket, code: null });
    this.advanceBatch();
  }

  /** 结束 the loop early (the summary shows what was scanned). */
  batchStop(): void {
    if (this.batch) this.batch.done = true;
  }

  cancelBatch(): void {
    this.batch = null;
  }

  private advanceBatch(): void {
    if (!this.batch) return;
    this.batch.index += 1;
    if (this.batch.index >= (this.box.data?.chargers.length ?? 0)) this.batch.done = true;
  }

  /** The scanned entries to submit. */
  get batchItems(): { chargerId: number; qrCode: string }[] {
    return (this.batch?.entries ?? []).flatMap((e) => (e.code ? [{ chargerId: e.chargerId, qrCode: e.code }] : []));
  }

  /** 提交: sends the batch and shows its result; the grid reloads. */
  async submitBatch(): Promise<BatchQrResult | Refusal | null> {
    const box = this.box.data;
    const items = this.batchItems;
    if (!box || this.busy) return null;
    if (items.length === 0) return { error: '请至少扫描一个插座码' };
    const result = await this.actions.run('batch', async () => {
      const answer = await updateBatchChargerQrCode(box.boxId, items);
      runInAction(() => {
        this.batchResult = answer;
        this.batch = null;
      });
      await this.box.load();
      return answer;
    });
    return result ?? null;
  }

  closeResult(): void {
    this.batchResult = null;
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// /site/socket/socketInfo — 插座详情
// ---------------------------------------------------------------------------------------------------------------------

/** Pay types (K35). */
export const PAY_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: '微信',
  2: '支付宝',
  3: '储值卡',
  4: '月卡',
  5: '电子卡',
  6: '投币',
  7: '远程',
  8: '测试',
};

/** Remote-start durations (minutes, B §3). */
export const REMOTE_MINUTES: readonly number[] = [30, 60, 120, 240, 480, 720];

/** Remote-start reasons (B §3). */
export const REMOTE_REASONS: readonly { value: RemoteReason; label: string }[] = [
  { value: 1, label: '用户无法支付' },
  { value: 2, label: '设备测试' },
  { value: 3, label: '故障补偿' },
  { value: 4, label: '其他' },
];

/** The durations offered on a site: the fixed list, never above its maxMinutes. */
export function remoteMinuteChoices(maxMinutes: number): number[] {
  return REMOTE_MINUTES.filter((m) => m <= maxMinutes);
}

/** Checks the remote-start form (B §3 Validation); null when it may be sent. */
export function remoteStartError(form: {
  minutes: number | null;
  reason: RemoteReason | null;
  remark: string;
}): string | null {
  if (form.minutes === null) return '请选择充电时长';
  if (form.reason === null) return '请选择原因';
  const remark = form.remark.trim();
  if (form.reason === 4 && (remark.length < 2 || remark.length > 30)) return '请填写远程启动原因';
  if (remark.length > 30) return '备注最多30个字';
  return null;
}

/** Chart points of a power curve: x labels HH:mm, values W. */
export function powerPoints(chart: PowerChart | null): { label: string; value: number }[] {
  return (chart?.points ?? []).map((p) => ({ label: formatTime(p.time, 'HH:mm'), value: p.power }));
}

/** Auto-refresh interval of a charging socket, ms (B §3: every 30 s while charging). */
export const SOCKET_REFRESH_MS = 30_000;

/** The socket detail of one socket. */
export class SocketDetailStore {
  readonly detail: Loadable<ConnectorDetail>;
  chart: PowerChart | null = null;
  chartFailed = false;
  /** 远程启动 and 结束充电, one at a time. */
  readonly actions = new ActionGuard();
  /** The remote start's requestId (a money action, D-income.md §0.5: kept across a timeout). */
  readonly startRequest = new MoneyAction();

  constructor(
    private readonly root: RootStore,
    readonly chargerId: number,
  ) {
    this.detail = new Loadable(() => getConnectorDetail(chargerId));
    makeAutoObservable<SocketDetailStore, 'root'>(this, { root: false });
  }

  /** Loads the detail, then the power curve of its running order (none when idle). */
  async load(): Promise<boolean> {
    const okay = await this.detail.load();
    const order = this.detail.data?.currentOrder;
    if (!order) {
      runInAction(() => {
        this.chart = null;
      });
      return okay;
    }
    try {
      const chart = await getPowerCharts(order.orderNo, this.chargerId).send();
      runInAction(() => {
        this.chart = chart;
        this.chartFailed = false;
      });
    } catch {
      runInAction(() => {
        this.chartFailed = true;
      });
    }
    return okay;
  }

  /** True while a remote start or stop is being sent. */
  get busy(): boolean {
    return this.actions.anyBusy;
  }

  /** True while the socket charges (the screen refreshes every 30 s). */
  get charging(): boolean {
    const status = this.detail.data?.status;
    return status === 1 || status === 2;
  }

  /** 远程启动 is offered: idle socket of an online box, and the caller may control it. */
  get canStart(): boolean {
    const d = this.detail.data;
    return !!d && d.canControl && d.status === 0 && d.boxStatus !== 2;
  }

  /** 结束充电 is offered: a running order, and the caller may control it. */
  get canStop(): boolean {
    const d = this.detail.data;
    return !!d && d.canControl && d.currentOrder !== null;
  }

  /** The confirm text of a remote start. */
  startConfirmText(minutes: number): string {
    return `远程启动不收取费用，确定为${this.detail.data?.socketNo ?? ''}号插座启动${minutes}分钟？`;
  }

  /**
   * Sends remotePay once at a time. Resolves the answer — status 1 the command was sent (the screen reloads after 3 s),
   * 4 the box refused it at once (failReason to show) — or null when nothing was sent (busy, or the call failed: its
   * message was shown).
   */
  async start(form: { minutes: number; reason: RemoteReason; remark: string }): Promise<RemotePayResult | null> {
    const d = this.detail.data;
    if (!d || this.busy) return null;
    const remark = form.remark.trim();
    const result = await this.actions.run('command', () =>
      this.startRequest.run((requestId) =>
        remotePay({
          serialNumber: d.serialNumber,
          socketNo: d.socketNo,
          chargeMinutes: form.minutes,
          reasonType: form.reason,
          ...(remark ? { remark } : {}),
          requestId,
        }),
      ),
    );
    return result ?? null;
  }

  /** Sends remoteStop for the running order; resolves the refund (fen), or null when it failed. */
  async stop(): Promise<number | null> {
    const order = this.detail.data?.currentOrder;
    if (!order || this.busy) return null;
    const result = await this.actions.run('command', async () => {
      const answer = await remoteStop(this.chargerId, order.orderNo);
      await this.load();
      return answer.refundAmount;
    });
    return result ?? null;
  }

  /** 远程充电记录: remembers the box (basic info remoteSerialNumber) for /mine/remoteCharge. */
  rememberSerial(): void {
    const serial = this.detail.data?.serialNumber;
    if (serial) this.root.basicInfo.setRemoteSerialNumber(serial);
  }
}

/** The store of 扫码添加设备 for a site, new on each visit. */
export const scanAddStore = screenStore((root, siteId: number) => new ScanAddStore(root, siteId), 'visit');
/** The store of 绑定备用二维码 for a box, new on each visit. */
export const spareCodeStore = screenStore((root, boxId: number) => new SpareCodeStore(root, boxId), 'visit');
/** The store of 信号模式设置 for a box of a site, new on each visit. */
export const signalModeStore = screenStore(
  (_root, siteId: number, boxId: number) => new SignalModeStore(siteId, boxId),
  'visit',
);
/** The store of 充电插座 for a box (by id or by its code), new on each visit. */
export const socketQrStore = screenStore(
  (root, ref: { boxId?: number; boxCode?: string }) => new SocketQrStore(root, ref),
  'visit',
);
/** The store of 插座详情 for a socket, new on each visit. */
export const socketDetailStore = screenStore(
  (root, chargerId: number) => new SocketDetailStore(root, chargerId),
  'visit',
);
