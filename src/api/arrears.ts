import { get, post, type Page } from './http';
import type { CallMeta } from './outcome';

/**
 * Arrears and their payment (D-income.md §3 /income/feeOwedDetail and /payresult; A-shell-home-settlement.md §4–§5
 * "Settlement calls used by other sections"; entities.md §66, §69, §70, R6.4). Open arrears = platform-fee periods in
 * 欠费 (settleMode 2) + arrears records (instalments, SIM rent) in 未还/部分已还 (any settleMode). Both platforms pay in
 * the app the page runs in: aliPayment (Alipay tradePay) or wxPayment (WeChat chooseWXPay). A payment closes unpaid
 * after 15 minutes; an identical selection returns the pending one. Only queryPayResult says whether it was paid.
 * Money fen, instants epoch ms.
 */

/** One unpaid platform-fee period (FeePeriod status 3), oldest first. */
export interface OwedPeriod {
  instalmentId: number;
  periodNo: number;
  startDate: string;
  endDate: string;
  settleDate: string;
  dueAmount: number;
  deductedAmount: number;
  /** What is still unpaid (oweAmount − paidAmount). */
  oweAmount: number;
  status: 3;
}

/** A payment waiting for the cashier (OwePayment status 0). */
export interface PendingPayment {
  paymentId: number;
  amount: number;
  instalmentIds: number[];
  arrearsIds: number[];
  /** 1 支付宝, 2 微信支付. */
  payWay: 1 | 2;
  expireTime: number;
}

/** POST /api/share/instalment/queryCommOweAmountPaymentInfo answer (extends A). */
export interface OwePaymentInfo {
  /** Σ oweAmount of the periods. */
  oweAmount: number;
  /** = oweAmount (what paying every period costs). */
  payAmount: number;
  periods: OwedPeriod[];
  pendingPayment: PendingPayment | null;
}

/** One arrears record (A /api/account/settlement/cost/arrears/list). */
export interface ArrearsRecord {
  id: number;
  /** 'YYYY-MM'. */
  cycle: string;
  /** 1 设备分期, 2 合同分期, 3 SIM月租. */
  source: 1 | 2 | 3;
  planId: number | null;
  planNo: string | null;
  siteName: string | null;
  /** SIM rent: the number of devices billed. */
  deviceCount: number | null;
  amount: number;
  repaidAmount: number;
  /** 1 未还, 2 部分已还, 3 已还清. */
  status: 1 | 2 | 3;
  createTime: number;
  clearTime: number | null;
}

/** Body of aliPayment / wxPayment: at least one list non-empty; amount = their unpaid total (else 2030). */
export interface ArrearsPaymentRequest {
  instalmentIds?: number[];
  arrearsIds?: number[];
  amount: number;
  requestId: string;
}

/** POST /api/share/instalment/aliPayment answer: the trade for AlipayJSBridge tradePay. */
export interface AlipayPayment {
  paymentId: number;
  tradeNo: string;
  payWay: 1;
  amount: number;
  expireTime: number;
}

/** POST /api/share/instalment/wxPayment answer: the parameters of wx.chooseWXPay. */
export interface WxPayment {
  paymentId: number;
  payWay: 2;
  amount: number;
  expireTime: number;
  appId: string;
  /** Seconds, as text. */
  timeStamp: string;
  nonceStr: string;
  /** 'prepay_id=…'. */
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** Payment status: 0 待支付, 1 成功, 2 失败, 3 已关闭. */
export type PaymentStatus = 0 | 1 | 2 | 3;

/** GET /api/share/instalment/queryPayResult answer (extends A). */
export interface PayResult {
  paymentId: number;
  paymentNo: string;
  status: PaymentStatus;
  amount: number;
  payWay: 1 | 2;
  instalmentIds: number[];
  arrearsIds: number[];
  /** The periods' numbers (第3、4期平台费). */
  periodNos: number[];
  tradeNo: string | null;
  createTime: number;
  payTime: number | null;
  failReason: string | null;
  /** Open arrears left after this payment (fen); 0 = withdrawals are open again. */
  remainingOweAmount: number;
}

/** POST /api/share/instalment/queryCommOweAmountPaymentInfo. */
export const getOwePaymentInfo = (meta?: CallMeta) =>
  post<OwePaymentInfo>('/api/share/instalment/queryCommOweAmountPaymentInfo', {}, { loading: false, ...meta });

/** GET /api/account/settlement/cost/arrears/list — status a comma list ('1,2'), oldest first. */
export const getArrearsList = (query: { pageNum: number; pageSize: number; status?: string }, meta?: CallMeta) =>
  get<Page<ArrearsRecord>>('/api/account/settlement/cost/arrears/list', query, meta);

/** POST /api/share/instalment/aliPayment — 2030 amount changed, 2031 not oldest first, 2032 closed. */
export const createAliPayment = (body: ArrearsPaymentRequest, meta?: CallMeta) =>
  post<AlipayPayment>('/api/share/instalment/aliPayment', body, meta);

/** POST /api/share/instalment/wxPayment — same body and errors as aliPayment. */
export const createWxPayment = (body: ArrearsPaymentRequest, meta?: CallMeta) =>
  post<WxPayment>('/api/share/instalment/wxPayment', body, meta);

/** GET /api/share/instalment/queryPayResult — asks the payment platform itself when its notification has not come. */
export const queryPayResult = (paymentId: number, meta?: CallMeta) =>
  get<PayResult>('/api/share/instalment/queryPayResult', { paymentId }, meta);
