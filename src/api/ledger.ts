import { get, type Page } from './http';
import type { BizType } from './ledger-rules';
import type { CallMeta } from './outcome';

/**
 * The ledger (收支明细; D-income.md §1 /income/list and /income/list/detail/{id}; entities.md §48 AccountBill): every
 * change of the available balance, newest first. Money fen (amount positive; direction says the sign), instants epoch
 * ms, month 'YYYY-MM' (Asia/Shanghai). Sub-accounts read their operator's ledger.
 */

export { BIZ_TYPE_LABELS, BIZ_TYPES_BY_DIRECTION, type BizType } from './ledger-rules';

/** One ledger entry as the list shows it. */
export interface LedgerEntry {
  id: number;
  /** 1 收入, 2 支出. */
  direction: 1 | 2;
  bizType: BizType;
  title: string;
  /** fen, > 0. */
  amount: number;
  /** The available balance after the entry (fen). */
  balanceAfter: number;
  /** 1 成功, 2 处理中, 3 失败 (withdrawals only use 2/3). */
  status: 1 | 2 | 3;
  siteName: string | null;
  createTime: number;
}

/** GET /api/user/getAccountBill answer: a page and the filter's sums (fen). */
export interface LedgerPage extends Page<LedgerEntry> {
  sum: { income: number; expense: number };
}

/** One row of an order's split (分账明细): role 0 站点运营方, 1 物业分润, 2 其他分润方, 3 平台分账, 4 支付手续费, 5 电费结算. */
export interface LedgerSplit {
  role: 0 | 1 | 2 | 3 | 4 | 5;
  name: string;
  /** Basis points for share rows, else null. */
  rate: number | null;
  amount: number;
}

/** What a ledger entry refers to (fields of other kinds are null). */
export interface LedgerRef {
  orderId: number | null;
  orderNo: string | null;
  siteName: string | null;
  serialNumber: string | null;
  socketNo: number | null;
  cardNo: string | null;
  cardType: number | null;
  /** 1 微信, 2 支付宝 (the order's payType). */
  payType: number | null;
  orderAmount: number | null;
  refundAmount: number | null;
  splits: LedgerSplit[];
  withdrawId: number | null;
  withdrawNo: string | null;
  fee: number | null;
  actualAmount: number | null;
  bankName: string | null;
  cardNoTail: string | null;
  deductionId: number | null;
  planTitle: string | null;
  cycle: string | null;
  freezeId: number | null;
  areaName: string | null;
  rechargeOrderNo: string | null;
  operatorName: string | null;
  reason: string | null;
  /** SIM rent: the month and the number of cards. */
  month: string | null;
  count: number | null;
  /** The order was settled after signing (补结算). */
  settledAfterSigning: boolean;
}

/** GET /api/user/getAccountBillDetail answer. */
export interface LedgerDetail extends LedgerEntry {
  serialNo: string;
  remark: string | null;
  ref: LedgerRef;
}

/** GET /api/user/getAccountBill — month 'YYYY-MM'; direction and bizType optional filters. */
export const getAccountBill = (
  query: { pageNum: number; pageSize: number; month: string; direction?: 1 | 2; bizType?: number },
  meta?: CallMeta,
) => get<LedgerPage>('/api/user/getAccountBill', query, meta);

/** GET /api/user/getAccountBillDetail — code 1 记录不存在或已删除 for an unknown or another account's entry. */
export const getAccountBillDetail = (id: number, meta?: CallMeta) =>
  get<LedgerDetail>('/api/user/getAccountBillDetail', { id }, meta);
