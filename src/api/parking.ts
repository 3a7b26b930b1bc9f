import type { Page } from './http';
import { get } from './http';

/**
 * Parking records of gated e-bike parking (C-mine.md /mine/parkingRecord/parkingList; entities.md ParkingRecord,
 * CarType, ParkingRule). Calls of the Sites area, read by the mine section. Money in fen; instants epoch ms.
 */

/** Pay types of a parking record: 1 微信, 2 支付宝, 3 月卡, 4 储值卡, 5 免费. */
export const PARKING_PAY_LABELS: Readonly<Record<number, string>> = {
  1: '微信',
  2: '支付宝',
  3: '月卡',
  4: '储值卡',
  5: '免费',
};

/** One row of GET /api/site/parkingRecords. */
export interface ParkingRow {
  id: number;
  siteName: string;
  gateName: string;
  plateNo: string | null;
  cardNo: string | null;
  carTypeId: number;
  carTypeName: string;
  entryTime: number;
  exitTime: number | null;
  /** Minutes parked (still counting while 在场). */
  durationMinutes: number;
  /** Fen. */
  fee: number;
  payType: 1 | 2 | 3 | 4 | 5;
  /** 1 在场, 2 已离场. */
  status: 1 | 2;
}

/** Answer of GET /api/site/parkingRecords: the page and Σ fee over the whole filter (fen). */
export interface ParkingPage extends Page<ParkingRow> {
  totalFee: number;
}

/** Query of GET /api/site/parkingRecords (days 'YYYY-MM-DD' Asia/Shanghai of the entry, both ends included). */
export interface ParkingQuery {
  startDate: string;
  endDate: string;
  siteId?: number;
  carTypeId?: number;
  status?: 1 | 2;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

/** GET /api/site/parkingRecords — entries and exits at the caller's gated sites, newest entry first. */
export const getParkingRecords = (query: ParkingQuery) => get<ParkingPage>('/api/site/parkingRecords', query);

/** GET /api/site/getCarTypeList — the car types (电动自行车, 电动摩托车, 自行车, 三轮车). */
export const getCarTypeList = () => get<{ carTypeId: number; name: string }[]>('/api/site/getCarTypeList');

/** GET /api/site/querySiteParkingRuleList — the caller's sites with a parking rule. */
export const getParkingSites = () =>
  get<{ siteId: number; siteName: string; ruleDesc: string }[]>('/api/site/querySiteParkingRuleList');
