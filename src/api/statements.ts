import { get, type Page } from './http';

/**
 * Statement calls of the income section (D-income.md §4 "/income/statement/bill", "/income/detail-list"; §0.9 names
 * chosen there: GET /api/account/v2/statement, /api/account/v2/agentStatement). Every figure is computed by the backend
 * from the same orders, recharges, refunds, split rows and ledger entries the rest of the app shows (no separate totals):
 * 营业额 (grossIncome) is home's income rule (A todayIncome: charge + value card + month card + coin − refund of the
 * account's sites), 净入账 (netIncome) is what reached the wallet (the ledger's order income entries, bizTypes 1–5, less
 * its 订单退款 entries, bizType 11, by entry time), the shares are the split rows. Money fen (integer), energy Wh,
 * days 'YYYY-MM-DD', months 'YYYY-MM' (Asia/Shanghai). All GET, all need `bill:view`; a sub-account limited to some
 * sites (dataScope 2) sees its sites only.
 */

/** One month of the 12-bar chart. */
export interface StatementMonth {
  month: string;
  grossIncome: number;
  netIncome: number;
  orderCount: number;
}

/** GET /api/account/v2/statement — the year's months (12, zero-filled) for the chart of /income/statement/bill. */
export interface YearStatement {
  year: number;
  months: StatementMonth[];
  yearGross: number;
  yearNet: number;
  /** The month the account was created ('YYYY-MM'): months before it are greyed and not selectable. */
  firstMonth: string;
}

/** The month summary of 我的账单 (D §4 monthBillDetailOperation). */
export interface OperationSummary {
  orderCount: number;
  /** Wh. */
  energy: number;
  chargeIncome: number;
  valueCardIncome: number;
  monthCardIncome: number;
  coinIncome: number;
  coinCount: number;
  refundAmount: number;
  /** charge + valueCard + monthCard + coin − refund. */
  grossIncome: number;
  /** Split rows of the account's sites to properties, other parties and electricity (roles 1, 2, 5). */
  shareOut: number;
  /** Split rows to the platform (role 3, settleMode 2). */
  platformFee: number;
  /** Split rows of the payment channel's fee (role 4). */
  channelFee: number;
  /** The account's own share rows at other owners' sites (roles 1, 2, 5). */
  shareIn: number;
  /** = the wallet's order income entries of the period less its order refund entries (the ledger). */
  netIncome: number;
  lastMonthGross: number;
}

/** One day of a statement. */
export interface OperationDay {
  date: string;
  orderCount: number;
  energy: number;
  grossIncome: number;
  refundAmount: number;
  netIncome: number;
}

/** GET /api/user/monthBillDetailOperation — a month of 我的账单, with its days that have data (newest first). */
export interface MonthBillOperation {
  month: string;
  summary: OperationSummary;
  days: OperationDay[];
}

/** The month summary of 物业账单. */
export interface MerchantSummary {
  orderCount: number;
  energy: number;
  grossIncome: number;
  refundAmount: number;
  /** The property's rate of its sites' share rules (bp; the highest when they differ). */
  shareRate: number;
  /** The property's split rows (role 1). */
  shareAmount: number;
  /** Electricity paid to the property (role 5 rows). */
  electricityFee: number;
}

/** GET /api/user/monthBillDetailMerchant — a month of one property's statement. */
export interface MonthBillMerchant {
  month: string;
  merchant: { merchantId: number; name: string };
  summary: MerchantSummary;
  days: { date: string; orderCount: number; grossIncome: number; refundAmount: number; shareAmount: number }[];
}

/** One property merchant of the account (GET /api/user/merchantListByoperateId). */
export interface MerchantItem {
  merchantId: number;
  name: string;
  contacts: string;
  phone: string;
  siteCount: number;
  /** bp. */
  shareRate: number;
}

/** GET /api/account/v2/agentStatement — agents' shares of a month (1 上级视角: a row per agent; 2 代理视角: one row). */
export interface AgentStatement extends Page<AgentStatementRow> {
  role: 1 | 2;
  sum: { grossIncome: number; shareAmount: number };
}

export interface AgentStatementRow {
  agentId: number;
  agentName: string;
  phone: string;
  siteCount: number;
  grossIncome: number;
  /** bp. */
  shareRate: number;
  /** The superior's split rows at the agent's sites. */
  shareAmount: number;
}

/** Figures of one site (or the whole) of a day (D §4 /income/detail-list dayBillDetailOperate). */
export interface DayFigures {
  orderCount: number;
  energy: number;
  chargeIncome: number;
  valueCardIncome: number;
  monthCardIncome: number;
  coinIncome: number;
  refundAmount: number;
  grossIncome: number;
  netIncome: number;
}

/** GET /api/user/dayBillDetailOperate — one day by site (sites with data). */
export interface DayBillOperation {
  date: string;
  summary: DayFigures;
  sites: ({ siteId: number | null; siteName: string } & DayFigures)[];
}

/** GET /api/user/dayBillDetailMerchant — one day of a property's statement by site. */
export interface DayBillMerchant {
  date: string;
  summary: { orderCount: number; grossIncome: number; refundAmount: number; shareAmount: number };
  sites: {
    siteId: number;
    siteName: string;
    orderCount: number;
    grossIncome: number;
    shareRate: number;
    shareAmount: number;
  }[];
}

export const getYearStatement = (year: number, merchantId?: number) =>
  get<YearStatement>('/api/account/v2/statement', merchantId ? { year, merchantId } : { year });

export const getMonthBillOperation = (month: string) =>
  get<MonthBillOperation>('/api/user/monthBillDetailOperation', { month });

export const getMonthBillMerchant = (month: string, merchantId?: number) =>
  get<MonthBillMerchant>('/api/user/monthBillDetailMerchant', merchantId ? { month, merchantId } : { month });

export const getMerchantList = () => get<{ list: MerchantItem[] }>('/api/user/merchantListByoperateId', {});

export const getAgentStatement = (month: string, page: { pageNum: number; pageSize: number }) =>
  get<AgentStatement>('/api/account/v2/agentStatement', { month, ...page });

export const getDayBillOperation = (date: string) => get<DayBillOperation>('/api/user/dayBillDetailOperate', { date });

export const getDayBillMerchant = (date: string, merchantId?: number) =>
  get<DayBillMerchant>('/api/user/dayBillDetailMerchant', merchantId ? { date, merchantId } : { date });

/**
 * One site's bill of one month (D §4 /income/statement/bill/siteBill; computed from the site's orders, recharges,
 * refunds and split rows of the month — nothing stored). billId names the site and the month. Operator figures are null
 * in a property's view, whose netIncome is its own share.
 */
export interface SiteBill {
  billId: number;
  billNo: string;
  month: string;
  siteId: number;
  siteName: string;
  communityName: string;
  merchantId: number | null;
  merchantName: string | null;
  agentId: number | null;
  agentName: string | null;
  orderCount: number;
  energy: number;
  grossIncome: number;
  refundAmount: number;
  /** bp. */
  propertyShareRate: number;
  propertyShareAmount: number;
  /** Other share parties (agent's superior, partners): role 2 rows. Null for a property. */
  superiorShareAmount: number | null;
  platformFee: number | null;
  channelFee: number | null;
  /** 1 运营商 2 物业 3 分润前扣除 (the site's share rule). */
  electricBearer: number;
  /** Fen per kWh. */
  electricPrice: number;
  /** round(energy × price / 1000) unless the property bears it. */
  electricityFee: number;
  /** Paid to the property through the splits (role 5 rows). */
  settledElectricityFee: number;
  /** electricityFee − settled (never below 0), paid offline. */
  unsettledElectricityFee: number;
  /** Operator: its own rows (role 0, coins' cash included) less the unsettled electricity; property: its share. */
  netIncome: number;
  /** 1 统计中, 2 已出账 (from the bill day of the month after). */
  status: 1 | 2;
}

/** A bill list's answer with the sums of the whole filter. */
export interface SiteBillPage extends Page<SiteBill> {
  sum: { grossIncome: number; propertyShareAmount: number; electricityFee: number; netIncome: number };
}

/** GET /api/bill/detail — a bill with its income parts and its days. */
export interface SiteBillDetail extends SiteBill {
  chargeIncome: number;
  valueCardIncome: number;
  monthCardIncome: number;
  coinIncome: number;
  merchantContacts: string | null;
  merchantPhone: string | null;
  generateTime: number | null;
  days: { date: string; orderCount: number; energy: number; grossIncome: number; propertyShareAmount: number }[];
}

/** Filters of the four bill lists. */
export interface SiteBillQuery {
  month: string;
  merchantId?: number;
  agentId?: number;
  keyword?: string;
}

/** The list of the caller's role: operator 物业账单 / 代理商站点, agent, property (D §4 siteBill Calls). */
export type SiteBillList = 'firstCommPropertyBill' | 'subCommPropertyBill' | 'subCommBill' | 'propertyBill';

export const getSiteBills = (list: SiteBillList, query: SiteBillQuery, page: { pageNum: number; pageSize: number }) =>
  get<SiteBillPage>(`/api/bill/${list}`, { ...query, ...page });

export const getSiteBillDetail = (billId: number) => get<SiteBillDetail>('/api/bill/detail', { billId });

/** One site of the charging-income ranking (D §4 /income/income-detail countElectricIncome). */
export interface ElectricSite {
  siteId: number;
  siteName: string;
  chargeIncome: number;
  orderCount: number;
  energy: number;
  /** Share of the total, percent with 1 decimal (display only). */
  ratio: number;
}

/** GET /api/user/countElectricIncome — scan-paid charging income of a period (a property: its share of it). */
export interface ElectricIncome {
  chargeIncome: number;
  orderCount: number;
  energy: number;
  /** Minutes. */
  duration: number;
  refundAmount: number;
  sites: ElectricSite[];
}

/** One row of the recharge ranking: a site's cards of one type, or an area's value cards. */
export interface RechargeSite {
  siteId: number | null;
  siteName: string | null;
  areaId: number | null;
  areaName: string | null;
  /** 1 站点储值卡 (and e-cards), 2 站点月卡, 3 区域储值卡. */
  cardType: 1 | 2 | 3;
  amount: number;
  count: number;
  ratio: number;
}

/** GET /api/account/recentValueCardRechargeIncome — online card recharges of a period (gifts are not income). */
export interface RechargeIncome {
  valueCardIncome: number;
  valueCardCount: number;
  monthCardIncome: number;
  monthCardCount: number;
  giftAmount: number;
  sites: RechargeSite[];
}

/** One area value-card recharge held frozen (GET /api/account/v2/areaCardFreezeList). */
export interface AreaCardFreeze {
  id: number;
  rechargeOrderNo: string;
  cardId: number;
  cardNo: string;
  areaId: number;
  areaName: string;
  /** Masked. */
  userPhone: string;
  amount: number;
  releasedAmount: number;
  refundedAmount: number;
  remainingAmount: number;
  /** 1 冻结中, 2 部分解冻, 3 已解冻, 4 已退款. */
  status: 1 | 2 | 3 | 4;
  payTime: number;
  lastReleaseTime: number | null;
}

export interface AreaCardFreezePage extends Page<AreaCardFreeze> {
  sum: { amount: number; releasedAmount: number; refundedAmount: number; remainingAmount: number };
}

/** One release of a freeze: a charge at a site that consumed the card (GET /api/account/v2/areaCardReleaseList). */
export interface AreaCardRelease {
  id: number;
  chargeOrderId: number;
  orderNo: string;
  siteId: number;
  siteName: string;
  amount: number;
  /** This account's part after the site's splits. */
  credited: number;
  createTime: number;
}

export const getElectricIncome = (startDate: string, endDate: string) =>
  get<ElectricIncome>('/api/user/countElectricIncome', { startDate, endDate });

export const getRechargeIncome = (startDate: string, endDate: string, cardType?: 1 | 2 | 3) =>
  get<RechargeIncome>(
    '/api/account/recentValueCardRechargeIncome',
    cardType ? { startDate, endDate, cardType } : { startDate, endDate },
  );

export const getAreaCardFreezes = (
  query: { status?: number; month?: string; freezeId?: number },
  page: { pageNum: number; pageSize: number },
) => get<AreaCardFreezePage>('/api/account/v2/areaCardFreezeList', { ...query, ...page });

export const getAreaCardReleases = (freezeId: number, page: { pageNum: number; pageSize: number }) =>
  get<Page<AreaCardRelease>>('/api/account/v2/areaCardReleaseList', { freezeId, ...page });
