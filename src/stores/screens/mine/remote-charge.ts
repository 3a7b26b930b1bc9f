import { makeAutoObservable, runInAction } from 'mobx';
import {
  getBoxList,
  getBoxSimpleInfoBySerialNumber,
  getChargerListByBoxCode,
  getConnectorDetail,
  remotePay,
  type BoxListRow,
  type ChargerQr,
  type RemotePayResult,
  type RemoteReason,
} from '@/api/device-setup';
import type { Page } from '@/api/http';
import { dateRangeError, exportRemoteRecords, getRemoteRecords } from '@/api/remote';
import { parseDeviceCode } from '@/lib/device-code';
import { dayOf, shiftDay } from '@/lib/time';
import { screenStore } from '@/stores/screen-store';
import type { RootStore } from '@/stores/root';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';
import { ListExport } from './list-export';

/**
 * /mine/remoteCharge, /mine/searchSerial and /mine/recordOfremote — 远程充电 (C-mine.md; Business rule 15): a free
 * charge started from the phone on an idle socket of an online box of the caller's sites. The chosen box is the basic
 * info `remoteSerialNumber` of the root store (restored when coming back; written by searchSerial and by the site
 * section's socket detail). Hours are chips 1–12 never above the site's maxMinutes; the start is sent once per tap
 * (MoneyAction: one requestId, taps ignored while the dialog is open or the call runs) after the confirmation, its button
 * loading only once confirmed; the socket states are read again 3 s and 6 s later.
 */

/** 充电时长 chips, hours (C-mine.md remoteCharge). */
export const REMOTE_HOURS = [1, 2, 4, 6, 8, 10, 12] as const;

/** The first refusal of a remote start form, or null (C-mine.md remoteCharge "Validation"). */
export function remoteFormError(form: {
  serialNumber: string;
  boxOnline: boolean;
  socketNo: number | null;
  reasonType: RemoteReason | null;
  remark: string;
}): string | null {
  if (!form.serialNumber) return '请选择设备';
  if (!form.boxOnline) return '设备离线，无法远程充电';
  if (form.socketNo === null) return '请选择充电口';
  if (form.reasonType === null) return '请选择原因';
  const remark = form.remark.trim();
  if (form.reasonType === 4 && (remark.length < 2 || remark.length > 50)) return '请填写原因';
  return null;
}

export class RemoteChargeStore {
  readonly box = new Loadable(() => getBoxSimpleInfoBySerialNumber(this.serialNumber));
  readonly sockets = new Loadable(() => getChargerListByBoxCode(this.serialNumber, { loading: false }));
  /** The site's longest single charge (minutes), from the first socket's detail; null until known. */
  maxMinutes: number | null = null;
  socketNo: number | null = null;
  hours = 4;
  reasonType: RemoteReason | null = null;
  remark = '';
  /** The start's requestId (a money action, D-income.md §0.5: kept across a timeout, new after an answer). */
  readonly startRequest = new MoneyAction();

  constructor(private readonly root: RootStore) {
    makeAutoObservable<RemoteChargeStore, 'root'>(this, { root: false });
  }

  /** The chosen box's serial number (basic info). */
  get serialNumber(): string {
    return this.root.basicInfo.remoteSerialNumber;
  }

  /** Loads the chosen box, its sockets and the site's longest charge. */
  async load(): Promise<void> {
    if (!this.serialNumber) return;
    await Promise.all([this.box.load(), this.loadSockets()]);
    const first = this.sockets.data?.chargers[0];
    if (first && this.maxMinutes === null) {
      try {
        const detail = await getConnectorDetail(first.chargerId, { loading: false });
        runInAction(() => {
          this.maxMinutes = detail.maxMinutes;
          if (this.hours * 60 > detail.maxMinutes) this.hours = this.allowedHours[this.allowedHours.length - 1] ?? 1;
        });
      } catch {
        // told by the request layer; every chip stays allowed and the server checks the limit
      }
    }
  }

  /** Reads the socket states again; a chosen socket that is no longer idle is unchosen. */
  async loadSockets(): Promise<void> {
    await this.sockets.load();
    runInAction(() => {
      const chosen = this.sockets.data?.chargers.find((c) => c.socketNo === this.socketNo);
      if (chosen && chosen.status !== 0) this.socketNo = null;
    });
  }

  /** True when the box is online (故障 counts as online). */
  get boxOnline(): boolean {
    const status = this.box.data?.status;
    return status === 1 || status === 3;
  }

  /** The chips allowed by the site's longest charge. */
  get allowedHours(): number[] {
    const max = this.maxMinutes;
    return REMOTE_HOURS.filter((h) => max === null || h * 60 <= max);
  }

  /** Chooses a socket; resolves the refusal to toast when it is not idle. */
  chooseSocket(socket: ChargerQr): string | null {
    if (socket.status !== 0) return '该充电口当前不可用';
    this.socketNo = socket.socketNo;
    return null;
  }

  setHours(hours: number): void {
    if (this.allowedHours.includes(hours)) this.hours = hours;
  }

  setReason(reason: RemoteReason): void {
    this.reasonType = reason;
  }

  setRemark(text: string): void {
    this.remark = text.slice(0, 50);
  }

  get error(): string | null {
    return remoteFormError({
      serialNumber: this.serialNumber,
      boxOnline: this.boxOnline,
      socketNo: this.socketNo,
      reasonType: this.reasonType,
      remark: this.remark,
    });
  }

  get confirmText(): string {
    return `确认远程开启 ${this.serialNumber} 的 ${this.socketNo ?? '--'} 号口，充电 ${this.hours} 小时？`;
  }

  /**
   * Sends the start once after `ask` (the confirmation) says yes; taps while the dialog is open or the call runs are
   * ignored. Resolves the answer, or null when it was cancelled or failed.
   */
  async start(ask?: () => PromiseLike<boolean>): Promise<RemotePayResult | null> {
    const socketNo = this.socketNo;
    const reasonType = this.reasonType;
    if (this.error !== null || socketNo === null || reasonType === null) return null;
    const remark = this.remark.trim();
    const answer = await this.startRequest.run(
      (requestId) =>
        remotePay({
          serialNumber: this.serialNumber,
          socketNo,
          chargeMinutes: this.hours * 60,
          reasonType,
          ...(remark ? { remark } : {}),
          requestId,
        }),
      ask,
    );
    return answer ?? null;
  }

  /** True when the socket `socketNo` is charging now. */
  charging(socketNo: number): boolean {
    const status = this.sockets.data?.chargers.find((c) => c.socketNo === socketNo)?.status;
    return status === 1 || status === 2;
  }
}

/** 远程充电, new on each visit (the chosen box is the basic info's). */
export const remoteChargeStore = screenStore((root) => new RemoteChargeStore(root), 'visit');

/** 选择设备: the caller's charging boxes, searchable; a tap or a scan writes the basic info. */
export class SearchSerialStore {
  keyword = '';

  constructor(private readonly root: RootStore) {
    makeAutoObservable<SearchSerialStore, 'root'>(this, { root: false });
  }

  setKeyword(text: string): void {
    this.keyword = text.slice(0, 30);
  }

  /** One page of boxes whose serial, name or site contains the keyword. */
  page(pageNum: number, pageSize: number) {
    const keyword = this.keyword.trim();
    return getBoxList({ pageNum, pageSize, ...(keyword ? { keyword } : {}) });
  }

  choose(row: Pick<BoxListRow, 'serialNumber'>): void {
    this.root.basicInfo.setRemoteSerialNumber(row.serialNumber);
  }

  /** A scanned code: resolves null when the box was chosen, else the message to toast. */
  async scanned(raw: string): Promise<string | null> {
    const code = parseDeviceCode(raw);
    if (!code.ok) return code.error;
    try {
      const box = await getBoxSimpleInfoBySerialNumber(code.value);
      if (box.boxId === null || box.bindStatus !== 1 || box.socketCount === 0) return '未找到该设备或无权限操作';
      this.choose(box);
      return null;
    } catch {
      return '未找到该设备或无权限操作';
    }
  }
}

/** 选择设备, new on each visit. */
export const searchSerialStore = screenStore((root) => new SearchSerialStore(root), 'visit');

/** 远程充电记录: the date range (default the last 30 days) and the serial filter. */
export class RemoteRecordsStore {
  startDate: string;
  endDate: string;
  serialNumber: string;
  totalMinutes: number | null = null;
  total: number | null = null;
  /** 导出: the e-mailed file of these records (range and device). */
  readonly exporter = new ListExport(2);

  constructor(serialNumber: string, today = dayOf(Date.now())) {
    this.endDate = today;
    this.startDate = shiftDay(today, -29);
    this.serialNumber = serialNumber;
    makeAutoObservable(this);
  }

  get rangeError(): string | null {
    return dateRangeError(this.startDate, this.endDate, dayOf(Date.now()));
  }

  /** Sets one end of the range; resolves the refusal to toast (the range is kept then). */
  setDate(which: 'startDate' | 'endDate', day: string): string | null {
    const next = { startDate: this.startDate, endDate: this.endDate, [which]: day };
    const refusal = dateRangeError(next.startDate, next.endDate, dayOf(Date.now()));
    if (refusal) return refusal;
    this[which] = day;
    return null;
  }

  setSerial(text: string): void {
    this.serialNumber = text.slice(0, 30);
  }

  get watch(): unknown[] {
    return [this.startDate, this.endDate, this.serialNumber.trim()];
  }

  page(pageNum: number, pageSize: number) {
    const serial = this.serialNumber.trim();
    return getRemoteRecords({
      startDate: this.startDate,
      endDate: this.endDate,
      pageNum,
      pageSize,
      ...(serial ? { serialNumber: serial } : {}),
    });
  }

  /** Sends the export of the records as filtered now (range, device). */
  exportList() {
    const serial = this.serialNumber.trim();
    return this.exporter.submit(this, (email, requestId) =>
      exportRemoteRecords({
        startDate: this.startDate,
        endDate: this.endDate,
        ...(serial ? { serialNumber: serial } : {}),
        email,
        requestId,
      }),
    );
  }

  onPage(page: Page<unknown> & { totalMinutes: number }): void {
    this.total = page.total;
    this.totalMinutes = page.totalMinutes;
  }
}

/** 远程充电记录, new on each visit (the query's serial prefills the search). */
export const remoteRecordsStore = screenStore(
  (_root, serialNumber: string) => new RemoteRecordsStore(serialNumber),
  'visit',
);
