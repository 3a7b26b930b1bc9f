import { makeAutoObservable } from 'mobx';
import { getPowerCharts, type PowerChart } from '@/api/device-setup';
import {
  REFUND_REASONS,
  getOrderDetail,
  getOrderDiscount,
  orderRefund,
  refundAmountError,
  refundBlock,
  refundReasonError,
  type OrderDetail,
  type OrderDiscount,
  type OrderRefundResult,
} from '@/api/orders';
import { fenToYuan, formatFen, yuanToFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { screenStore } from '@/stores/screen-store';
import type { RootStore } from '@/stores/root';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';

/**
 * /mine/chargerRecord-info — 充电记录详情 (C-mine.md chargerRecord-info; Business rules 12–13): one order (GET
 * orderDetail), its discount, its power curve (GET powerCharts, loaded separately with its own placeholder), and the
 * refund: 退款 shown when the order allows it (refundBlock of src/api/order-rules.ts: ended, 微信/支付宝/储值卡/电子卡,
 * ≤ 30 days, refundable > 0) and the caller holds order:refund; the sheet's amount (default the refundable amount) and
 * reason (充电异常 / 设备故障 / 用户误操作 / 其他 + 2–50 characters) are validated here; the submission is a money
 * action (MoneyAction: requestId kept across a timeout, taps while it runs and second confirmations ignored).
 * 充电中 orders refresh every 30 s while shown (CHARGING_REFRESH_MS). New on each visit.
 */

/** Auto-refresh of a charging order, ms (C-mine.md chargerRecord-info States). */
export const CHARGING_REFRESH_MS = 30_000;

/** The confirmation text of a refund (C-mine.md chargerRecord-info Actions). */
export function refundConfirmText(amount: number): string {
  return `确认退款 ${formatFen(amount)}？线上支付原路退回，卡支付退回卡内余额；线上订单的分账（物业等分润方）按比例冲回，未入账部分先冲减待入账，其余从各方余额扣除，不足部分由您承担`;
}

/** The points of a power curve for the chart: 'HH:mm' and W. */
export function curvePoints(chart: PowerChart | null): { label: string; value: number }[] {
  return (chart?.points ?? []).map((p) => ({ label: formatTime(p.time, 'HH:mm'), value: p.power }));
}

export class ChargerRecordInfoStore {
  readonly detail: Loadable<OrderDetail>;
  readonly discount: Loadable<OrderDiscount>;
  readonly chart: Loadable<PowerChart>;
  readonly refund = new MoneyAction();
  /** The refund sheet: open, amount typed in yuan, reason chosen, text of 其他. */
  sheetOpen = false;
  amountText = '';
  reasonChoice: string = REFUND_REASONS[0];
  otherText = '';

  constructor(
    private readonly root: RootStore,
    readonly orderId: number,
  ) {
    this.detail = new Loadable(() => getOrderDetail(orderId));
    this.discount = new Loadable(() => getOrderDiscount(orderId));
    this.chart = new Loadable(async () => {
      const orderNo = this.detail.data?.orderNo;
      if (!orderNo) throw new Error('no order yet');
      return getPowerCharts(orderNo);
    });
    makeAutoObservable<ChargerRecordInfoStore, 'root'>(this, { root: false });
  }

  /** Loads the order, then its discount and power curve (each on its own). Resolves whether the order loaded. */
  async load(): Promise<boolean> {
    const ok = await this.detail.load();
    if (ok) {
      void this.discount.load();
      void this.chart.load();
    }
    return ok;
  }

  /** True while the order charges (the screen refreshes it every 30 s). */
  get charging(): boolean {
    return this.detail.data?.status === 1;
  }

  /** 退款 is offered: the order allows a refund now and the caller holds order:refund. */
  get canRefund(): boolean {
    const d = this.detail.data;
    if (!d || !this.root.session.can('order:refund')) return false;
    return refundBlock(d, Date.now()) === null;
  }

  /** Opens the refund sheet with the refundable amount and the first reason. */
  openSheet(): void {
    const d = this.detail.data;
    if (!d) return;
    this.amountText = fenToYuan(d.refundableAmount);
    this.reasonChoice = REFUND_REASONS[0];
    this.otherText = '';
    this.sheetOpen = true;
  }

  closeSheet(): void {
    this.sheetOpen = false;
  }

  setAmount(text: string): void {
    this.amountText = text;
  }

  setReason(choice: string): void {
    this.reasonChoice = choice;
  }

  setOther(text: string): void {
    this.otherText = text.slice(0, 50);
  }

  /** The amount typed, fen (null when not an amount). */
  get amount(): number | null {
    return yuanToFen(this.amountText);
  }

  /** The reason sent: the chosen one, or the text of 其他. */
  get reason(): string {
    return this.reasonChoice === '其他' ? this.otherText.trim() : this.reasonChoice;
  }

  /** The first refusal of the sheet, or null. */
  get sheetError(): string | null {
    const d = this.detail.data;
    if (!d) return '订单加载中';
    const amount = this.amount;
    return refundAmountError(amount ?? 0, d.refundableAmount) ?? refundReasonError(this.reason);
  }

  /**
   * Sends the refund once, after `ask` confirms it (the dialog; taps while it is open or while the call runs are
   * ignored); on success the sheet closes and the order reloads. Resolves the answer, or undefined (cancelled, refused
   * by the server — already told — or ignored).
   */
  async submit(ask: (text: string) => PromiseLike<boolean>): Promise<OrderRefundResult | undefined> {
    const d = this.detail.data;
    const amount = this.amount;
    if (!d || amount === null || this.sheetError) return undefined;
    const reason = this.reason;
    const answer = await this.refund.run(
      (requestId) => orderRefund({ orderId: d.orderId, refundAmount: amount, reason, requestId }),
      () => ask(refundConfirmText(amount)),
    );
    if (answer) {
      this.closeSheet();
      void this.load();
    }
    return answer;
  }
}

/** 充电记录详情, new on each visit. */
export const chargerRecordInfoStore = screenStore(
  (root, orderId: number) => new ChargerRecordInfoStore(root, orderId),
  'visit',
);
