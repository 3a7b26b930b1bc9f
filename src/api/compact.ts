import { get, type Page } from './http';

/**
 * Held orders of an unsigned operator (A-shell-home-settlement.md §6 /compact/index; entities.md rule 14): the charging
 * orders and online recharges whose money the payment institution holds until the site owner signs the e-agreement —
 * 2 待签约托管 (returned to the rider at `deadline`, 15 days after payment, by the 02:00 job), 3 已补结算 (settled after
 * signing), 4 已退回. GET /api/account/v2/selectWaitingOrderList (the orders area's call) with type and settleStatus.
 * Money fen, instants epoch ms.
 */

/** 2 待签约托管, 3 已补结算, 4 已退回. */
export type HeldStatus = 2 | 3 | 4;

/** A held charging order. */
export interface HeldChargeOrder {
  orderId: number;
  orderNo: string;
  siteName: string;
  serialNumber: string;
  socketNo: number;
  /** Masked. */
  userPhone: string;
  /** 1 微信支付, 2 支付宝. */
  payType: number;
  amount: number;
  payTime: number;
  settleStatus: HeldStatus;
  deadline: number | null;
  settleTime: number | null;
  returnTime: number | null;
}

/** A held online recharge. */
export interface HeldRecharge {
  orderId: number;
  orderNo: string;
  cardNo: string;
  /** 1 站点储值卡, 2 站点月卡, 3 区域储值卡, 4 电子卡. */
  cardType: number;
  siteName: string;
  days: number | null;
  payType: number;
  amount: number;
  payTime: number;
  settleStatus: HeldStatus;
  deadline: number | null;
  settleTime: number | null;
  returnTime: number | null;
  returnAmount: number | null;
}

export interface HeldPage<T> extends Page<T> {
  totalAmount: number;
}

export const getHeldCharges = (settleStatus: HeldStatus, page: { pageNum: number; pageSize: number }) =>
  get<HeldPage<HeldChargeOrder>>('/api/account/v2/selectWaitingOrderList', { type: 1, settleStatus, ...page });

export const getHeldRecharges = (settleStatus: HeldStatus, page: { pageNum: number; pageSize: number }) =>
  get<HeldPage<HeldRecharge>>('/api/account/v2/selectWaitingOrderList', { type: 2, settleStatus, ...page });
