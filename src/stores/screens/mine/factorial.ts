import { makeAutoObservable, runInAction } from 'mobx';
import { accountPasswordRule, accountPhoneRule } from '@/api/accounts-rules';
import {
  checkTransferDevice,
  editAgent,
  findAgent,
  getAgentInfo,
  getAgents,
  getTransferDetail,
  getTransfers,
  operateTransfer,
  submitTransfer,
  validateAgentPhone,
  FACTORIAL_MESSAGES,
  TRANSFER_MAX_DEVICES,
  type AgentInfo,
  type TransferCheck,
  type TransferDetail,
  type TransferPage,
} from '@/api/factorial';
import { agentNameRule, agentRemarkRule, type TransferStatus } from '@/api/factorial-rules';
import { firstFailure } from '@/api/rules';
import { parseDeviceCode } from '@/lib/device-code';
import { bpToPercent, percentToBp } from '@/lib/rate';
import type { RootStore } from '@/stores/root';
import { keptScreenStore, screenStore } from '@/stores/screen-store';
import { ActionGuard } from '@/stores/support/action-guard';
import { Loadable } from '@/stores/support/loadable';

/**
 * The agent screens (C-mine.md /mine/factorialList, /mine/factorialList/info; Business rules 18, 19): the two tabs
 * (代理列表 with its search, 划拨记录 with direction chips, a status filter and the badge of pending incoming
 * transfers), the sheets (添加代理, 设备划拨 with its device rows checked one by one, a transfer's detail), the answers to
 * a pending transfer, and the agent's detail with its edit sheet and status. Each action once at a time.
 */

/** A local refusal: the text to toast. */
export interface Refusal {
  error: string;
}

/** The 划拨记录 direction chips: 全部 / 转出 / 转入. */
export const DIRECTION_CHIPS = [
  { label: '全部', value: 0 },
  { label: '转出', value: 1 },
  { label: '转入', value: 2 },
] as const;

/** The lists of /mine/factorialList; kept while the app runs (its tab and filters stay). */
export class FactorialStore {
  tab: 'agents' | 'transfers' = 'agents';
  keyword = '';
  direction: 0 | 1 | 2 = 0;
  status: 0 | TransferStatus = 0;
  agentTotal: number | null = null;
  pendingInCount = 0;
  /** Bumped after a change: both lists reload. */
  version = 0;
  readonly guard = new ActionGuard();

  constructor() {
    makeAutoObservable(this);
  }

  setTab(tab: 'agents' | 'transfers'): void {
    this.tab = tab;
  }

  setKeyword(text: string): void {
    this.keyword = text.slice(0, 20);
  }

  setDirection(direction: 0 | 1 | 2): void {
    this.direction = direction;
  }

  setStatus(status: 0 | TransferStatus): void {
    this.status = status;
  }

  changed(): void {
    this.version += 1;
  }

  get agentWatch(): unknown[] {
    return [this.keyword.trim(), this.version];
  }

  get transferWatch(): unknown[] {
    return [this.direction, this.status, this.version];
  }

  agentPage(pageNum: number, pageSize: number) {
    const keyword = this.keyword.trim();
    return getAgents({ pageNum, pageSize, ...(keyword ? { keyword } : {}) });
  }

  transferPage(pageNum: number, pageSize: number) {
    return getTransfers({
      pageNum,
      pageSize,
      ...(this.direction ? { direction: this.direction } : {}),
      ...(this.status ? { status: this.status } : {}),
    });
  }

  setAgentTotal(total: number): void {
    this.agentTotal = total;
  }

  takeTransferPage(page: TransferPage): void {
    this.pendingInCount = page.pendingInCount;
  }

  /** Loads the badge of pending incoming transfers (before the 划拨记录 tab was opened). */
  async loadBadge(): Promise<void> {
    try {
      const page = await getTransfers({ direction: 2, status: 1, pageNum: 1, pageSize: 1 });
      this.takeTransferPage(page);
    } catch {
      // The request layer told the user.
    }
  }

  /** 接收 (1) / 拒绝 (2) / 撤回 (3) a pending transfer: the toast text when done, null otherwise. */
  async operate(transferId: number, action: 1 | 2 | 3): Promise<string | null> {
    const done = await this.guard.done(`operate-${transferId}`, () => operateTransfer(transferId, action));
    if (!done) return null;
    this.changed();
    return action === 1 ? '已接收' : action === 2 ? '已拒绝' : '已撤回';
  }
}

/** The list screen's store, kept while the app runs. */
export const factorialStore = screenStore(() => new FactorialStore());

/** The 添加代理 sheet: 姓名, 手机号, 登录密码, 备注. */
export class AgentAddStore {
  open = false;
  fields = { name: '', phone: '', password: '', remark: '' };
  readonly guard = new ActionGuard();

  constructor(private readonly list: FactorialStore) {
    makeAutoObservable<AgentAddStore, 'list'>(this, { list: false });
  }

  show(on: boolean): void {
    this.open = on;
    if (on) this.fields = { name: '', phone: '', password: '', remark: '' };
  }

  set(field: 'name' | 'phone' | 'password' | 'remark', value: string): void {
    this.fields[field] = value;
  }

  get error(): string | null {
    const f = this.fields;
    return firstFailure([
      [agentNameRule, f.name],
      [accountPhoneRule, f.phone.trim()],
      [accountPasswordRule, f.password],
      [agentRemarkRule, f.remark.trim()],
    ]);
  }

  /** valiFactory then factorEdit: `{ error }` (a rule, or the phone's refusal), true when added, false otherwise. */
  async submit(): Promise<Refusal | boolean> {
    const error = this.error;
    if (error) return { error };
    const f = this.fields;
    const result = await this.guard.run('add', async (): Promise<Refusal | true> => {
      const check = await validateAgentPhone(f.phone.trim());
      if (!check.available) return { error: check.message ?? FACTORIAL_MESSAGES.taken };
      await editAgent({ name: f.name.trim(), phone: f.phone.trim(), password: f.password, remark: f.remark.trim() });
      runInAction(() => {
        this.open = false;
      });
      this.list.changed();
      return true;
    });
    return result ?? false;
  }
}

/** One device row of the transfer sheet: its check (null while checking). */
export interface TransferRowState {
  serialNumber: string;
  check: TransferCheck | null;
}

/**
 * The 设备划拨 sheet: the receiver (findAgent by phone, or preset from an agent's detail), the device rows (typed or
 * scanned, each checked with outDeviceAddCheck), 备注, and the submission (1–100 devices, none failed).
 */
export class TransferSheetStore {
  open = false;
  phone = '';
  receiver: { merchantId: number; name: string; phone: string } | null = null;
  serial = '';
  rows: TransferRowState[] = [];
  remark = '';
  readonly guard = new ActionGuard();

  constructor(
    private readonly root: RootStore,
    private readonly list: FactorialStore,
  ) {
    makeAutoObservable<TransferSheetStore, 'root' | 'list'>(this, { root: false, list: false });
  }

  /** Opens the sheet empty, or for a preset receiver (the agent's detail: no findAgent). */
  show(on: boolean, receiver: { merchantId: number; name: string; phone: string } | null = null): void {
    this.open = on;
    if (!on) return;
    this.phone = receiver?.phone ?? '';
    this.receiver = receiver;
    this.serial = '';
    this.rows = [];
    this.remark = '';
  }

  setPhone(text: string): void {
    this.phone = text;
    if (this.receiver && this.receiver.phone !== text.trim()) this.receiver = null;
  }

  setSerial(text: string): void {
    this.serial = text;
  }

  setRemark(text: string): void {
    this.remark = text;
  }

  /** findAgent: `{ error }` for a phone that is not an 11-digit mobile; the server refuses others' agents (toasted). */
  async lookUp(): Promise<Refusal | null> {
    const phone = this.phone.trim();
    const error = firstFailure([[accountPhoneRule, phone]]);
    if (error) return { error };
    const found = await this.guard.run('find', () => findAgent(phone));
    if (found) {
      runInAction(() => {
        this.receiver = found;
      });
    }
    return null;
  }

  /** Adds a typed or scanned code: `{ error }` for a bad serial, a duplicate, the 100th+1 device or no receiver. */
  async add(raw: string): Promise<Refusal | null> {
    const receiver = this.receiver;
    if (!receiver) return { error: '请先查询接收方' };
    const code = parseDeviceCode(raw.trim());
    if (!code.ok) return { error: FACTORIAL_MESSAGES.serial };
    const serial = code.value;
    if (this.rows.some((r) => r.serialNumber.toUpperCase() === serial.toUpperCase())) {
      return { error: FACTORIAL_MESSAGES.duplicate };
    }
    if (this.rows.length >= TRANSFER_MAX_DEVICES) return { error: FACTORIAL_MESSAGES.devices };
    this.rows.push({ serialNumber: serial, check: null });
    this.serial = '';
    try {
      const check = await checkTransferDevice(serial, receiver.merchantId);
      runInAction(() => {
        const row = this.rows.find((r) => r.serialNumber === serial);
        if (row) row.check = check;
      });
    } catch {
      runInAction(() => {
        this.rows = this.rows.filter((r) => r.serialNumber !== serial);
      });
    }
    return null;
  }

  /** Scans a device code through the host and adds it. */
  async scan(): Promise<Refusal | null> {
    const text = await this.root.platform.scan();
    return text === null ? null : this.add(text);
  }

  remove(serial: string): void {
    this.rows = this.rows.filter((r) => r.serialNumber !== serial);
  }

  /** The refusal of the submission, or null (then the screen asks for confirmation). */
  get error(): string | null {
    if (!this.receiver) return '请先查询接收方';
    if (this.rows.length === 0) return FACTORIAL_MESSAGES.noDevice;
    if (this.rows.some((r) => r.check === null)) return '设备校验中，请稍候';
    if (this.rows.some((r) => r.check?.ok === false)) return FACTORIAL_MESSAGES.failedRows;
    return firstFailure([[agentRemarkRule, this.remark.trim()]]);
  }

  /** The confirmation's text. */
  get question(): string {
    return `确认将 ${this.rows.length} 台设备划拨给${this.receiver?.name ?? ''}？对方接收后设备归属转移`;
  }

  /** outDeviceSubmit (after the screen's confirmation): true when sent. */
  async submit(): Promise<boolean> {
    const receiver = this.receiver;
    if (this.error || !receiver) return false;
    const done = await this.guard.done('submit', () =>
      submitTransfer({
        toMerchantId: receiver.merchantId,
        serialNumbers: this.rows.map((r) => r.serialNumber),
        remark: this.remark.trim(),
      }),
    );
    if (done) {
      runInAction(() => {
        this.open = false;
      });
      this.list.changed();
      this.list.setTab('transfers');
    }
    return done;
  }
}

/** The sheets of the list screen, kept with it. */
export const agentAddStore = screenStore((root) => new AgentAddStore(keptScreenStore(root, factorialStore)));
export const transferSheetStore = screenStore(
  (root) => new TransferSheetStore(root, keptScreenStore(root, factorialStore)),
);

/** A transfer's detail sheet (transferDetail). */
export class TransferDetailStore {
  transferId: number | null = null;
  detail: Loadable<TransferDetail> | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  show(transferId: number | null): void {
    this.transferId = transferId;
    if (transferId === null) {
      this.detail = null;
      return;
    }
    const detail = new Loadable(() => getTransferDetail(transferId));
    this.detail = detail;
    void detail.load();
  }
}

export const transferDetailStore = screenStore(() => new TransferDetailStore());

/**
 * The agent's detail /mine/factorialList/info: factorInfo, its last 5 transfers, the edit sheet (姓名 / 备注 / 上级分润比例
 * 0–100 % with 2 decimals, effective tomorrow) and 停用 / 启用. A new store each visit.
 */
export class AgentInfoStore {
  readonly info: Loadable<AgentInfo>;
  readonly recent: Loadable<TransferPage>;
  readonly guard = new ActionGuard();
  editing = false;
  edit = { name: '', remark: '', rate: '' };

  constructor(
    private readonly list: FactorialStore,
    readonly id: number,
  ) {
    this.info = new Loadable(() => getAgentInfo(id));
    this.recent = new Loadable(() => getTransfers({ agentId: id, pageNum: 1, pageSize: 5 }));
    makeAutoObservable<AgentInfoStore, 'list'>(this, { list: false });
  }

  async load(): Promise<void> {
    await Promise.all([this.info.load(), this.recent.load()]);
  }

  startEdit(on: boolean): void {
    this.editing = on;
    const info = this.info.data;
    if (on && info) {
      this.edit = { name: info.name, remark: info.remark, rate: bpToPercent(info.superiorShareRate) };
    }
  }

  setEdit(field: 'name' | 'remark' | 'rate', value: string): void {
    this.edit[field] = value;
  }

  get editError(): string | null {
    const e = this.edit;
    return (
      firstFailure([
        [agentNameRule, e.name],
        [agentRemarkRule, e.remark.trim()],
      ]) ?? (percentToBp(e.rate) === null ? FACTORIAL_MESSAGES.rate : null)
    );
  }

  /** factorEdit with the sheet: `{ error }`, true when saved (reloaded), false otherwise. */
  async saveEdit(): Promise<Refusal | boolean> {
    const error = this.editError;
    if (error) return { error };
    const e = this.edit;
    const done = await this.guard.done('edit', () =>
      editAgent({
        id: this.id,
        name: e.name.trim(),
        remark: e.remark.trim(),
        superiorShareRate: percentToBp(e.rate) ?? 0,
      }),
    );
    if (done) {
      runInAction(() => {
        this.editing = false;
      });
      this.list.changed();
      await this.info.load();
    }
    return done;
  }

  /** 停用 (2) / 启用 (1): true when done. */
  async setStatus(status: 1 | 2): Promise<boolean> {
    const info = this.info.data;
    if (!info) return false;
    const done = await this.guard.done('status', () =>
      editAgent({ id: this.id, name: info.name, remark: info.remark, status }),
    );
    if (done) {
      this.list.changed();
      await this.info.load();
    }
    return done;
  }
}

export const agentInfoStore = screenStore(
  (root, id: number) => new AgentInfoStore(keptScreenStore(root, factorialStore), id),
  'visit',
);
