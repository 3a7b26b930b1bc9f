import { get, post, type Page } from './http';

/**
 * Calls of the site income screens (spec §7 "Sites"; B-site.md §5, Business rules E; entities.md SiteDailyStat §73,
 * R3): the year overview by month, the day lists of charging and card top-up income, the coin orders of a day. Money
 * fen, energy Wh, days 'YYYY-MM-DD', months 'YYYY-MM' (Asia/Shanghai). Month and year figures are sums of the day rows.
 */

/** One month of GET /api/site/siteIncomeMonth. */
export interface SiteIncomeMonthRow {
  /** 'YYYY-MM'. */
  month: string;
  /** Scan income (payType 1/2) by pay day. */
  chargeIncome: number;
  coinIncome: number;
  /** Card top-ups sold at the site, net of card refunds (the 充值 column). */
  cardIncome: number;
  /** Refunds of scan orders (shown negative). */
  refundAmount: number;
  /** 营业额 = chargeIncome − refundAmount + coinIncome + cardIncome. */
  totalIncome: number;
  /** The caller's own OrderSplit rows at this site (coin share included). */
  myIncome: number;
  orderCount: number;
  energyWh: number;
}

/** Answer of GET /api/site/siteIncomeMonth. */
export interface SiteIncomeYear {
  summary: { totalIncome: number; myIncome: number; orderCount: number; energyWh: number };
  /** Newest first; from the site's creation month (or January) to the current month (or December). */
  list: SiteIncomeMonthRow[];
}

/** GET /api/site/siteIncomeMonth — a site's income of one year, month by month. */
export const getSiteIncomeMonth = (siteId: number, year: number) =>
  get<SiteIncomeYear>('/api/site/siteIncomeMonth', { siteId, year });

/** One day of POST /api/site/incomeDayList. */
export interface ChargeIncomeDay {
  /** 'YYYY-MM-DD'. */
  date: string;
  orderCount: number;
  chargeIncome: number;
  coinIncome: number;
  refundAmount: number;
  /** 净收入 = chargeIncome − refundAmount + coinIncome. */
  chargeNetIncome: number;
  energyWh: number;
}

/** Totals of the month in POST /api/site/incomeDayList. */
export interface ChargeIncomeSummary {
  chargeIncome: number;
  coinIncome: number;
  refundAmount: number;
  chargeNetIncome: number;
  orderCount: number;
  energyWh: number;
}

/** Answer of POST /api/site/incomeDayList (days up to today, newest first). */
export interface ChargeIncomePage extends Page<ChargeIncomeDay> {
  summary: ChargeIncomeSummary;
}

/** POST /api/site/incomeDayList — charging income per day of one month, paged. */
export const getIncomeDayList = (body: { siteId: number; month: string; pageNum: number; pageSize: number }) =>
  post<ChargeIncomePage>('/api/site/incomeDayList', body, { loading: false });

/** One day of POST /api/site/cardIncomeDayList. */
export interface CardIncomeDay {
  date: string;
  rechargeCount: number;
  valueCardAmount: number;
  monthCardAmount: number;
  /** Bonus given, not income. */
  giveAmount: number;
  refundAmount: number;
  /** 净额 = valueCardAmount + monthCardAmount − refundAmount. */
  netAmount: number;
}

/** Totals of the month in POST /api/site/cardIncomeDayList. */
export type CardIncomeSummary = Omit<CardIncomeDay, 'date'>;

/** Answer of POST /api/site/cardIncomeDayList. */
export interface CardIncomePage extends Page<CardIncomeDay> {
  summary: CardIncomeSummary;
}

/** POST /api/site/cardIncomeDayList — card top-up income per day of one month, paged. */
export const getCardIncomeDayList = (body: { siteId: number; month: string; pageNum: number; pageSize: number }) =>
  post<CardIncomePage>('/api/site/cardIncomeDayList', body, { loading: false });

/** A row of GET /api/charger/getCoinsOrderList (one shape, also /income/statement/coinBill; K47). */
export interface CoinOrderRow {
  id: number;
  orderNo: string;
  siteId: number;
  siteName: string;
  serialNumber: string;
  socketNo: number;
  coinCount: number;
  /** Fen = coinCount × 100. */
  amount: number;
  /** Minutes charged. */
  minutes: number;
  startTime: number;
}

/** GET /api/charger/getCoinsOrderList — coin orders between two days inclusive, optionally of one site, paged. */
export const getCoinsOrderList = (query: {
  siteId?: number;
  startDate: string;
  endDate: string;
  pageNum: number;
  pageSize: number;
}) => get<Page<CoinOrderRow>>('/api/charger/getCoinsOrderList', query);
