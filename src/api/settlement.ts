import { get, type Page } from './http';

/**
 * Settlement calls of the home group (A-shell-home-settlement.md §4 settlement centre, settleMode 1 余额扣款, and §5
 * platform fee, settleMode 2 分账扣款; entities.md InstalmentPlan, InstalmentDeduction, DeductionItem, FreezeRecord,
 * CostSettlement, FeePeriod, SplitDeduction, R6). Every figure is what the sandbox's money jobs wrote (the 02:30 daily
 * freeze, the 03:00 settlement on the settle day, the split of each paid order to the platform). Money fen (integer),
 * instants epoch ms, days 'YYYY-MM-DD', cycles 'YYYY-MM' (Asia/Shanghai); proportion in percent (0–100). All GET, all
 * need the permission `settlement`; they answer the whole account's settlement (a sub-account sees its operator's).
 */

/** GET /api/site/getSettlementCycle — the account's settlement cycle (A §4). */
export interface SettlementCycle {
  /** 1 日结, 2 周结, 3 月结. */
  cycleType: 1 | 2 | 3;
  /** Day of the month the previous cycle is settled (1–28). */
  settleDay: number;
  /** 'YYYY-MM'. */
  currentCycle: string;
  startDate: string;
  endDate: string;
  nextSettleDate: string;
}

/** GET /api/account/settlement/cost/frozenAmount — a cycle's due, frozen and still to freeze (costType 2). */
export interface FrozenAmount {
  cycle: string;
  /** Σ dueAmount of the cycle's deductions (periods + arrears being recovered). */
  dueAmount: number;
  frozenAmount: number;
  /** dueAmount − frozenAmount (never below 0). */
  remainAmount: number;
  /** Frozen of the cycle over every cost type (instalments + SIM rent). */
  totalFrozenAmount: number;
  items: { costType: 1 | 2; amount: number }[];
}

/** One site of GET /api/account/settlement/cost/frozenInfo (冻结明细). */
export interface FrozenSite {
  siteId: number;
  siteName: string;
  /** The owner's posted income of the site in the cycle so far (the freeze base). */
  income: number;
  proportion: number;
  frozenAmount: number;
  lastFreezeDate: string | null;
}

/** Plan status: 1 分期中, 2 已结清, 3 已终止, 4 暂停扣款. */
export type PlanStatus = 1 | 2 | 3 | 4;
/** Deduction status: 1 冻结中, 2 已扣清, 3 部分扣款, 4 未扣款. */
export type DeductionStatus = 1 | 2 | 3 | 4;

/** An instalment plan (A §4 instalmentList) with its current cycle's deduction. */
export interface InstalmentPlan {
  id: number;
  planNo: string;
  /** 1 设备分期, 2 合同分期. */
  type: 1 | 2;
  title: string;
  contractNo: string | null;
  siteId: number | null;
  siteName: string;
  deviceCount: number;
  totalAmount: number;
  downPayment: number;
  financedAmount: number;
  periodAmount: number;
  totalPeriods: number;
  paidPeriods: number;
  paidAmount: number;
  remainingAmount: number;
  proportion: number;
  /** The current cycle's due / frozen / status (0 / 0 / null when the plan has no deduction this cycle). */
  currentDue: number;
  currentFrozen: number;
  currentStatus: DeductionStatus | null;
  status: PlanStatus;
  startMonth: string;
}

/** One monthly deduction (结算记录, A §4 instalment/list). */
export interface Deduction {
  id: number;
  planId: number;
  planNo: string;
  type: 1 | 2;
  title: string;
  siteName: string;
  cycle: string;
  periodNo: number;
  totalPeriods: number;
  dueAmount: number;
  frozenAmount: number;
  deductedAmount: number;
  oweAmount: number;
  status: DeductionStatus;
  settleTime: number | null;
}

/** Sums of the whole filter of instalment/list. */
export interface DeductionSum {
  dueAmount: number;
  deductedAmount: number;
  oweAmount: number;
}

/** A page of deductions with the filter's sums. */
export interface DeductionPage extends Page<Deduction> {
  sum: DeductionSum;
}

/** One instalment refund (退款记录). */
export interface InstalmentRefund {
  id: number;
  planId: number;
  planNo: string;
  title: string;
  amount: number;
  /** 1 提前终止, 2 多扣退回, 3 设备退货. */
  reason: 1 | 2 | 3;
  /** 1 退款中, 2 已退款, 3 退款失败. */
  status: 1 | 2 | 3;
  applyTime: number;
  finishTime: number | null;
  remark: string;
}

/** GET /api/account/settlement/cost/instalment/info — one deduction explained (A §4 stageInfo). */
export interface DeductionInfo {
  id: number;
  planId: number;
  planNo: string;
  type: 1 | 2;
  title: string;
  contractNo: string | null;
  siteName: string;
  cycle: string;
  periodNo: number;
  totalPeriods: number;
  periodAmount: number;
  arrearsAmount: number;
  dueAmount: number;
  frozenAmount: number;
  deductedAmount: number;
  unfrozenAmount: number;
  oweAmount: number;
  status: DeductionStatus;
  settleTime: number | null;
  /** The day the cycle is settled (shown while 冻结中). */
  nextSettleDate: string;
  plan: {
    financedAmount: number;
    paidAmount: number;
    remainingAmount: number;
    paidPeriods: number;
    totalPeriods: number;
    proportion: number;
  };
}

/** One site of a deduction (站点明细). */
export interface DeductionItem {
  siteId: number;
  siteName: string;
  income: number;
  proportion: number;
  frozenAmount: number;
  deductedAmount: number;
  unfrozenAmount: number;
}

/** One closed cycle (往期结算记录, CostSettlement). Status 2 已结算, 3 已结算·有欠费. */
export interface CostSettlement {
  id: number;
  cycle: string;
  startDate: string;
  endDate: string;
  settleTime: number | null;
  dueAmount: number;
  frozenAmount: number;
  deductedAmount: number;
  unfrozenAmount: number;
  oweAmount: number;
  planCount: number;
  status: 1 | 2 | 3;
}

/** Platform-fee period status: 1 结算中, 2 已结清, 3 欠费, 4 已补缴. */
export type FeePeriodStatus = 1 | 2 | 3 | 4;

/** GET /api/share/instalment/queryCurrentInstalmentDetail — the open period (null when none). */
export interface CurrentFeePeriod {
  instalmentId: number;
  periodNo: number;
  startDate: string;
  endDate: string;
  settleDate: string;
  dueAmount: number;
  deviceAmount: number;
  platformFeeAmount: number;
  deductedAmount: number;
  remainAmount: number;
  proportion: number;
  status: FeePeriodStatus;
  daysLeft: number;
}

/** GET /api/share/instalment/queryDeviceInstalmentProportion — the device instalment overview. */
export interface DeviceInstalmentOverview {
  /** The default split proportion of the account's sites (%). */
  proportion: number;
  totalAmount: number;
  paidAmount: number;
  remainingAmount: number;
  totalPeriods: number;
  paidPeriods: number;
  siteCount: number;
}

/** One site instalment (GET /api/site/getDeviceInstalment). Status 1 分期中, 2 已结清, 3 暂停分账. */
export interface SiteInstalment {
  siteId: number;
  siteName: string;
  planId: number | null;
  deviceCount: number;
  totalAmount: number;
  paidAmount: number;
  remainingAmount: number;
  proportion: number;
  status: 1 | 2 | 3;
}

/** One split deduction (扣款明细). orderType 1 充电订单, 2 储值卡充值, 3 月卡购买, 5 区域卡消费解冻. */
export interface SplitDeduction {
  id: number;
  orderNo: string;
  orderType: 1 | 2 | 3 | 5;
  siteId: number | null;
  siteName: string;
  orderAmount: number;
  proportion: number;
  deductAmount: number;
  createTime: number;
}

/** A page of split deductions with the filter's total. */
export interface SplitDeductionPage extends Page<SplitDeduction> {
  totalDeductAmount: number;
}

/** GET /api/share/instalment/queryInstalmentDetail — one period's result. */
export interface FeePeriodDetail {
  instalmentId: number;
  periodNo: number;
  startDate: string;
  endDate: string;
  settleDate: string;
  settleTime: number | null;
  dueAmount: number;
  deviceAmount: number;
  platformFeeAmount: number;
  deductedAmount: number;
  oweAmount: number;
  paidAmount: number;
  status: FeePeriodStatus;
  deductCount: number;
  /** Back payments (补缴) that paid this period, oldest first; amount = the part of the payment for this period. */
  payments: { paymentId: number; amount: number; payTime: number; payWay: 1 | 2 }[];
}

/** One period of GET /api/share/instalment/queryInstalmentList. */
export interface FeePeriodRow {
  instalmentId: number;
  periodNo: number;
  startDate: string;
  endDate: string;
  settleDate: string;
  dueAmount: number;
  deductedAmount: number;
  oweAmount: number;
  paidAmount: number;
  status: FeePeriodStatus;
}

interface Paging {
  pageNum: number;
  pageSize: number;
}

/** The settlement cycle of the account (A §4). */
export const getSettlementCycle = () => get<SettlementCycle>('/api/site/getSettlementCycle');

/** Due / frozen / to freeze of `cycle` (default current). */
export const getFrozenAmount = (cycle?: string) =>
  get<FrozenAmount>('/api/account/settlement/cost/frozenAmount', cycle ? { cycle } : {});

/** Per-site freezes of `cycle` (default current). */
export const getFrozenInfo = (cycle?: string) =>
  get<Page<FrozenSite>>('/api/account/settlement/cost/frozenInfo', cycle ? { cycle } : {});

/** Plans of a tab: all, 设备分期 (type 1) or 合同分期 (type 2). */
export function getInstalmentPlans(tab: 'all' | 1 | 2, paging: Paging) {
  const path =
    tab === 'all' ? 'instalmentList' : tab === 1 ? 'deviceInstalmentList' : ('contractInstalmentList' as const);
  return get<Page<InstalmentPlan>>(`/api/account/settlement/cost/${path}`, paging);
}

/** Deduction records (one per plan per cycle), newest cycle first, with the filter's sums. */
export const getDeductions = (
  q: Paging & { planId?: number; cycle?: string; type?: 1 | 2; status?: DeductionStatus },
) => get<DeductionPage>('/api/account/settlement/cost/instalment/list', q);

/** Instalment refunds, newest first. */
export const getInstalmentRefunds = (paging: Paging) =>
  get<Page<InstalmentRefund>>('/api/account/settlement/cost/instalment/refundList', paging);

/** One deduction (code 1 when it is not the account's). */
export const getDeductionInfo = (id: number) =>
  get<DeductionInfo>('/api/account/settlement/cost/instalment/info', { id });

/** The sites of one deduction. */
export const getDeductionItems = (id: number, paging: Paging) =>
  get<Page<DeductionItem>>('/api/account/settlement/cost/instalment/itemList', { id, ...paging });

/** Closed cycles of `year` (default current), newest first. */
export const getSettlementHistory = (q: Paging & { year?: number }) =>
  get<Page<CostSettlement>>('/api/account/settlement/cost/historyList', q);

/** The open platform-fee period (null when none). */
export const getCurrentFeePeriod = () =>
  get<CurrentFeePeriod | null>('/api/share/instalment/queryCurrentInstalmentDetail');

/** The device instalment overview of the split-mode account. */
export const getDeviceInstalmentOverview = () =>
  get<DeviceInstalmentOverview>('/api/share/instalment/queryDeviceInstalmentProportion');

/** The site instalments (optionally of one site). */
export const getSiteInstalments = (siteId?: number) =>
  get<Page<SiteInstalment>>('/api/site/getDeviceInstalment', siteId ? { siteId } : {});

/** The split deductions of a period (default the open one), by site and day. */
export const getSplitDeductions = (q: Paging & { instalmentId?: number; siteId?: number; date?: string }) =>
  get<SplitDeductionPage>('/api/share/instalment/queryDeductInstalment', q);

/** The split proportion of each instalment site (fills the site picker). */
export const getSiteProportions = () =>
  get<{ list: { siteId: number; siteName: string; proportion: number }[] }>(
    '/api/share/instalment/querySiteProportion',
  );

/** One period's result (code 1 when it is not the account's). */
export const getFeePeriodDetail = (instalmentId: number) =>
  get<FeePeriodDetail>('/api/share/instalment/queryInstalmentDetail', { instalmentId });

/** Periods of `year` (default all), newest first. */
export const getFeePeriods = (q: Paging & { year?: number }) =>
  get<Page<FeePeriodRow>>('/api/share/instalment/queryInstalmentList', q);
