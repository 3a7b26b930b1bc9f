import { makeAutoObservable, runInAction } from 'mobx';
import {
  createAliPayment,
  createWxPayment,
  getArrearsList,
  getOwePaymentInfo,
  queryPayResult,
  type ArrearsRecord,
  type OwePaymentInfo,
  type PayResult,
} from '@/api/arrears';
import { ApiError } from '@/api/outcome';
import type { PayOutcome, PayParams } from '@platform/types';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';

/**
 * /income/feeOwedDetail — 欠费详情 and its payresult (D-income.md §3): the unpaid platform-fee periods (settleMode 2)
 * and open arrears records (every settleMode), all checked by default, with the oldest-first rule (checking an item
 * checks every older one of its list, unchecking unchecks every newer one; 2031), the selected total, and payment in
 * the app the page runs in (WeChat chooseWXPay with wxPayment's parameters, Alipay tradePay with aliPayment's tradeNo),
 * exactly once: the requestId is renewed when the selection changes, and the server answers an identical selection
 * with its pending payment. The result page trusts only queryPayResult (every 2 s, at most 15 times while 待支付).
 */

/** The outcome of 去支付 as the screen tells it. */
export type PayStep =
  | { kind: 'paid'; paymentId: number }
  | { kind: 'cancel' }
  | { kind: 'fail' }
  | { kind: 'refused'; message: string }
  | null;

/** Codes the screen answers itself (toast and reload): amount changed, order, closed. */
const HANDLED = [2030, 2031, 2032];

/** Unpaid part of an arrears record (fen). */
export const unpaidOf = (r: ArrearsRecord) => r.amount - r.repaidAmount;

/** Source labels of arrears records. */
export const SOURCE_LABELS: Record<1 | 2 | 3, string> = { 1: '设备分期', 2: '合同分期', 3: 'SIM月租' };

/**
 * The selection after a tap on item `index` of a list (oldest first): checking checks it and every older one,
 * unchecking unchecks it and every newer one (D: oldest-first rule).
 */
export function toggleOldestFirst(ids: readonly number[], selected: ReadonlySet<number>, index: number): Set<number> {
  const next = new Set(selected);
  const id = ids[index];
  if (id === undefined) return next;
  if (selected.has(id)) ids.slice(index).forEach((x) => next.delete(x));
  else ids.slice(0, index + 1).forEach((x) => next.add(x));
  return next;
}

/**
 * The items checked when the screen opens (D-income.md §3 "List with checkboxes"): every item of the list, or, when
 * the screen was opened for one item (`id`, query instalmentId / arrearsId), only that one and the older ones of its
 * list (oldest first). `id` absent: every item; `id` not in the list (already paid): null, and the caller checks all.
 */
export function openedFor(ids: readonly number[], id: number | undefined): Set<number> | null {
  if (id === undefined) return new Set(ids);
  const index = ids.indexOf(id);
  return index < 0 ? null : new Set(ids.slice(0, index + 1));
}

/** The item the screen was opened for (its query): a period (settleMode 2) or an arrears record. */
export interface OpenedFor {
  instalmentId?: number;
  arrearsId?: number;
}

export class FeeOwedStore {
  readonly info = new Loadable<OwePaymentInfo>(() => getOwePaymentInfo());
  readonly arrears = new Loadable<ArrearsRecord[]>(
    async () => (await getArrearsList({ pageNum: 1, pageSize: 50, status: '1,2' })).list,
  );
  periodsChecked = new Set<number>();
  arrearsChecked = new Set<number>();
  payment = new MoneyAction();

  constructor(private readonly root: RootStore) {
    makeAutoObservable<FeeOwedStore, 'root'>(this, { root: false });
  }

  get periods() {
    return this.info.data?.periods ?? [];
  }

  get records() {
    return this.arrears.data ?? [];
  }

  get loaded(): boolean {
    return this.info.data !== null && this.arrears.data !== null;
  }

  /** Nothing owed in any settleMode. */
  get nothingOwed(): boolean {
    return this.loaded && this.periods.length === 0 && this.records.length === 0;
  }

  get owedTotal(): number {
    return this.periods.reduce((s, p) => s + p.oweAmount, 0) + this.records.reduce((s, r) => s + unpaidOf(r), 0);
  }

  get selectedTotal(): number {
    return (
      this.periods.filter((p) => this.periodsChecked.has(p.instalmentId)).reduce((s, p) => s + p.oweAmount, 0) +
      this.records.filter((r) => this.arrearsChecked.has(r.id)).reduce((s, r) => s + unpaidOf(r), 0)
    );
  }

  get allChecked(): boolean {
    return (
      this.periods.every((p) => this.periodsChecked.has(p.instalmentId)) &&
      this.records.every((r) => this.arrearsChecked.has(r.id))
    );
  }

  /** `第3、4期平台费` / `2笔分期欠费` for the confirmation. */
  get selectionText(): string {
    const parts: string[] = [];
    const nos = this.periods.filter((p) => this.periodsChecked.has(p.instalmentId)).map((p) => p.periodNo);
    if (nos.length) parts.push(`第${nos.join('、')}期平台费`);
    const n = this.records.filter((r) => this.arrearsChecked.has(r.id)).length;
    if (n) parts.push(`${n}笔欠费`);
    return parts.join('及');
  }

  /**
   * Loads both lists; every item checked (after a payment attempt, and on the first load), or, on the first load of a
   * screen opened for one item (`opened`), that item and the older ones of its list only (openedFor).
   */
  async load(opened: OpenedFor = {}): Promise<void> {
    await Promise.all([this.info.load(), this.arrears.load()]);
    runInAction(() => {
      const periodIds = this.periods.map((p) => p.instalmentId);
      const recordIds = this.records.map((r) => r.id);
      const periods = opened.instalmentId === undefined ? null : openedFor(periodIds, opened.instalmentId);
      const records = opened.arrearsId === undefined ? null : openedFor(recordIds, opened.arrearsId);
      const one = periods !== null || records !== null;
      this.periodsChecked = one ? (periods ?? new Set()) : new Set(periodIds);
      this.arrearsChecked = one ? (records ?? new Set()) : new Set(recordIds);
      this.payment = new MoneyAction();
    });
  }

  togglePeriod(index: number): void {
    this.periodsChecked = toggleOldestFirst(
      this.periods.map((p) => p.instalmentId),
      this.periodsChecked,
      index,
    );
    this.payment = new MoneyAction();
  }

  toggleRecord(index: number): void {
    this.arrearsChecked = toggleOldestFirst(
      this.records.map((r) => r.id),
      this.arrearsChecked,
      index,
    );
    this.payment = new MoneyAction();
  }

  toggleAll(): void {
    const all = !this.allChecked;
    this.periodsChecked = all ? new Set(this.periods.map((p) => p.instalmentId)) : new Set();
    this.arrearsChecked = all ? new Set(this.records.map((r) => r.id)) : new Set();
    this.payment = new MoneyAction();
  }

  /**
   * Creates the payment of the selection (or of the pending payment: 继续支付) in the app's platform and opens its
   * cashier. Resolves what the screen tells: paid (→ payresult; the server confirms), cancel, fail, a refusal, or null.
   */
  async pay(pending = false): Promise<PayStep> {
    const pend = this.info.data?.pendingPayment ?? null;
    const instalmentIds = pending && pend ? pend.instalmentIds : [...this.periodsChecked];
    const arrearsIds = pending && pend ? pend.arrearsIds : [...this.arrearsChecked];
    const amount = pending && pend ? pend.amount : this.selectedTotal;
    if (amount <= 0) return null;
    const platform = this.root.platform;
    let refused: string | null = null;
    const created = await this.payment.run(async (requestId): Promise<{ paymentId: number; params: PayParams }> => {
      const body = {
        ...(instalmentIds.length ? { instalmentIds } : {}),
        ...(arrearsIds.length ? { arrearsIds } : {}),
        amount,
        requestId,
      };
      try {
        if (platform.name === 'wechat') {
          const p = await createWxPayment(body, { handles: HANDLED });
          return {
            paymentId: p.paymentId,
            params: {
              timeStamp: p.timeStamp,
              nonceStr: p.nonceStr,
              package: p.package,
              signType: p.signType,
              paySign: p.paySign,
            },
          };
        }
        const p = await createAliPayment(body, { handles: HANDLED });
        return { paymentId: p.paymentId, params: { tradeNO: p.tradeNo } };
      } catch (error) {
        if (error instanceof ApiError && error.code !== null && HANDLED.includes(error.code)) refused = error.message;
        throw error;
      }
    });
    if (!created) {
      if (refused) {
        void this.load();
        return { kind: 'refused', message: refused };
      }
      return null;
    }
    const outcome: PayOutcome = await platform.pay(created.params);
    if (outcome === 'success') return { kind: 'paid', paymentId: created.paymentId };
    void this.load();
    return { kind: outcome };
  }
}

/** The store of /income/feeOwedDetail, new on each visit. */
export const feeOwedStore = screenStore((root: RootStore) => new FeeOwedStore(root), 'visit');

/** Polling of payresult (D): every 2 s, at most 15 times while 待支付. */
export const RESULT_POLL_MS = 2000;
export const RESULT_POLL_TIMES = 15;

export class PayResultStore {
  readonly result: Loadable<PayResult>;
  polls = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(readonly paymentId: number) {
    this.result = new Loadable(() => queryPayResult(paymentId));
    makeAutoObservable<PayResultStore, 'timer'>(this, { timer: false });
  }

  /** Still 待支付 after every poll (D: ⏳ 支付结果确认中，请稍后刷新…). */
  get gaveUp(): boolean {
    return this.result.data?.status === 0 && this.polls >= RESULT_POLL_TIMES;
  }

  /** Starts (or restarts: 刷新) polling. */
  start(): void {
    this.polls = 0;
    this.dispose();
    void this.poll();
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async poll(): Promise<void> {
    await this.result.load();
    runInAction(() => {
      this.polls += 1;
    });
    if ((this.result.data?.status ?? 0) === 0 && this.polls < RESULT_POLL_TIMES) {
      this.timer = setTimeout(() => void this.poll(), RESULT_POLL_MS);
    }
  }
}

/** The store of payresult for one payment, new on each visit. */
export const payResultStore = screenStore(
  (_root: RootStore, paymentId: number) => new PayResultStore(paymentId),
  'visit',
);
