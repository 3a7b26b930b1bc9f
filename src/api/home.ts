import { get } from './http';

/**
 * Home calls (spec §7 "Home", "Common"; A-shell-home-settlement.md §3). All GET, money in fen, energy Wh, durations
 * minutes, days 'YYYY-MM-DD' (Asia/Shanghai). Figures are limited to the account's data scope.
 */

/** GET /api/user/todayIncome (fen). total = charge + valueCardRecharge + monthCard + coin − refund. */
export interface TodayIncome {
  total: number;
  charge: number;
  valueCardRecharge: number;
  monthCard: number;
  coin: number;
  refund: number;
  yesterdayTotal: number;
  monthTotal: number;
}

/** GET /api/user/todayChargeInfo. energy Wh, duration minutes. */
export interface TodayChargeInfo {
  orderCount: number;
  chargingCount: number;
  energy: number;
  duration: number;
  userCount: number;
  yesterdayOrderCount: number;
}

/** GET /api/user/siteCount (故障 boxes count as online, 已充满 sockets as charging). */
export interface SiteCount {
  siteCount: number;
  boxCount: number;
  onlineBoxCount: number;
  offlineBoxCount: number;
  socketCount: number;
  idleSocketCount: number;
  chargingSocketCount: number;
  faultSocketCount: number;
  offlineSocketCount: number;
}

/** GET /api/user/unSignBackOrderCount — orders held for an unsigned contract (fen; deadline epoch ms). */
export interface UnSignBackOrderCount {
  total: number;
  amount: number;
  chargeOrderCount: number;
  chargeOrderAmount: number;
  rechargeOrderCount: number;
  rechargeOrderAmount: number;
  nearestDeadline: number | null;
  returnedCount: number;
}

/** GET /api/user/commChildCount. */
export interface CommChildCount {
  agentCount: number;
  subAccountCount: number;
  propertyCount: number;
}

/** GET /api/card/cardCount (one shape shared with /mine/card). total counts cards with status ≠ 4. */
export interface CardCount {
  total: number;
  siteValueCardCount: number;
  siteMonthCardCount: number;
  areaValueCardCount: number;
  electronicCardCount: number;
  todayNewCount: number;
  list: { cardType: number; total: number; activeCount: number; balanceSum: number; validCount: number }[];
}

/** GET /api/user/merchantHomePage — a property's own home (merchantId omitted = self). */
export interface MerchantHomePage {
  merchantId: number;
  name: string;
  summary: {
    siteCount: number;
    socketCount: number;
    todayShareIncome: number;
    monthShareIncome: number;
    totalShareIncome: number;
  };
  availableBalance: number;
  list: {
    siteId: number;
    siteName: string;
    address: string;
    socketCount: number;
    /** Basis points: the property party's chargeRate in the share rule in force (1500 = 15.00%); null if none. */
    shareRatio: number | null;
    /** Fen: the site's income this month (siteIncomeBetween); null for the property itself (its share only). */
    monthIncome: number | null;
    monthShareIncome: number;
  }[];
  total: number;
}

export const getTodayIncome = () => get<TodayIncome>('/api/user/todayIncome');
export const getTodayChargeInfo = () => get<TodayChargeInfo>('/api/user/todayChargeInfo');
export const getSiteCount = () => get<SiteCount>('/api/user/siteCount');
/** Badge-type call: errors silenced (override 2). */
export const getUnSignBackOrderCount = () =>
  get<UnSignBackOrderCount>('/api/user/unSignBackOrderCount', {}, { errorText: 2 });
/** Badge-type call: errors silenced (override 2). */
export const getCommChildCount = () => get<CommChildCount>('/api/user/commChildCount', {}, { errorText: 2 });
export const getCardCount = () => get<CardCount>('/api/card/cardCount');
/** GET /api/r9/order/countCoinOrder — coin orders (count) and coins (coinCount) between two days inclusive. */
export const countCoinOrder = (startDate: string, endDate: string) =>
  get<{ count: number; coinCount: number }>('/api/r9/order/countCoinOrder', { startDate, endDate });
/** GET /api/charger/getCoinsOrderTotalMoney — coin income (fen) between two days inclusive, optionally of one site. */
export const getCoinsOrderTotalMoney = (startDate: string, endDate: string, siteId?: number) =>
  get<{ amount: number; coinCount: number; orderCount: number }>('/api/charger/getCoinsOrderTotalMoney', {
    startDate,
    endDate,
    ...(siteId ? { siteId } : {}),
  });
/**
 * GET /api/user/merchantHomePage — a property's share figures and sites: the caller itself (a property), or the
 * property `merchantId` of the caller (C-mine.md tenement-list/base/info, base/list; paged when pageSize is given).
 */
export const getMerchantHomePage = (query: { merchantId?: number; pageNum?: number; pageSize?: number } = {}) =>
  get<MerchantHomePage>('/api/user/merchantHomePage', query);
