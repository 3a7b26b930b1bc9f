import type { FrozenAmount } from './settlement';
import { get, type Page } from './http';

/**
 * Calls of the SIM monthly rent (C-mine.md /mine/sim/index, /list, /oldSim; Business rule 22; entities.md CostBill,
 * costType 1): on day 1 of each month the month's rent of the merchant's 4G boxes (deviceCount × unitPrice, ¥1.50) is
 * frozen from the available balance, and deducted on day 1 of the next month; a shortfall is owed (status 3 欠费) and is
 * an arrears record of source 3 SIM月租, paid on /income/feeOwedDetail. Version-1 bills are the old annual fees. Money
 * fen; instants epoch ms; periods 'YYYY-MM', days 'YYYY-MM-DD'.
 */

/** CostBill statuses: 1 冻结中, 2 已扣款, 3 欠费, 4 已减免. */
export type SimBillStatus = 1 | 2 | 3 | 4;

export const SIM_BILL_STATUS_NAMES: Readonly<Record<SimBillStatus, string>> = {
  1: '冻结中',
  2: '已扣款',
  3: '欠费',
  4: '已减免',
};

/** One site of a bill: its 4G boxes and their rent. */
export interface SimBillItem {
  siteId: number;
  siteName: string;
  deviceCount: number;
  amount: number;
}

/** GET /api/account/settlement/cost/frozenInfo {costType: 1} — this month's bill, or null (no 4G box billed). */
export interface SimCurrentBill {
  billId: number;
  period: string;
  deviceCount: number;
  /** Fen per box and month (150). */
  unitPrice: number;
  amount: number;
  frozenAmount: number;
  oweAmount: number;
  status: SimBillStatus;
  frozenTime: number;
  items: SimBillItem[];
}

export const getSimCurrentBill = () =>
  get<SimCurrentBill | null>('/api/account/settlement/cost/frozenInfo', { costType: 1 });

/** GET /api/account/settlement/cost/frozenAmount {costType: 1} — the SIM part and the wallet's whole frozen amount. */
export const getSimFrozenAmount = () => get<FrozenAmount>('/api/account/settlement/cost/frozenAmount', { costType: 1 });

/** GET /api/account/settlement/cost/arrears/oweAmount — open arrears of every source (the banner). */
export const getOweAmount = () =>
  get<{ oweAmount: number; count: number }>('/api/account/settlement/cost/arrears/oweAmount');

/** One bill of GET /api/account/settlement/cost/historyList {costType: 1}. */
export interface SimBillRow {
  billId: number;
  /** Version 2 (monthly): 'YYYY-MM'; version 1: null. */
  period: string | null;
  /** Version 1 (annual): the billed days; version 2: null. */
  periodStart: string | null;
  periodEnd: string | null;
  deviceCount: number;
  unitPrice: number;
  amount: number;
  deductedAmount: number;
  oweAmount: number;
  status: SimBillStatus;
  settleTime: number | null;
  items: SimBillItem[];
}

/** The query of the SIM bills: version 2 (结算记录, by year) or 1 (往期结算记录). */
export interface SimBillQuery {
  version: 1 | 2;
  year?: number;
  pageNum: number;
  pageSize: number;
}

/** The merchant's SIM bills of a version, newest first (version 2: the months of `year`, default this year). */
export const getSimBills = (query: SimBillQuery) =>
  get<Page<SimBillRow>>('/api/account/settlement/cost/historyList', { costType: 1, ...query });
