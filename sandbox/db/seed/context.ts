import { Random } from '../../lib/random';
import { addDays, dayOf } from '../../lib/time';
import type { Row } from './insert';
import type { ChargeRule } from './util';

/** Demo account ids (entities.md › Demo data). */
export const ACC = {
  operator: 10001,
  agent: 10002,
  propertyCuiyuan: 10003,
  propertyWenxin: 10004,
  subAccount: 10005,
  builder: 10006,
  splitOperator: 10007,
  unsignedOperator: 10008,
  kybOperator: 10009,
  /** The second unsigned operator (db/seed/held-operator.ts), signed in the held-order stories. */
  heldOperator: 10020,
  /** An operator owing platform-fee periods (db/seed/owing-operator.ts), paid in the arrears-payment stories. */
  owingOperator: 10021,
} as const;

/** Number of days of history (today included) for the main operator. */
export const HISTORY_DAYS = 90;

export interface PartyDef {
  userId: number;
  partyType: 2 | 3 | 4 | 5;
  chargeRate: number;
  cardRate: number;
  coinRate: number;
}

export interface VersionDef {
  id: number;
  siteId: number;
  version: number;
  status: 1 | 2 | 3 | 4 | 5;
  effectiveDate: string;
  electricBearer: 1 | 2 | 3;
  electricPrice: number;
  channelFeeBearer: 1 | 3;
  platformFeeBearer: 1 | 3;
  parties: PartyDef[];
}

export interface ChargerDef {
  id: number;
  deviceId: number;
  siteId: number | null;
  socketNo: number;
  serialNumber: string;
  maxPower: number;
  /** Orders may start at or after this instant (bind time). */
  usableFrom: number;
  /** Orders must end before this instant (box offline / socket fault since), or +∞. */
  usableUntil: number;
  /** End of the last order placed on this socket while generating. */
  busyUntil: number;
  /** Final status (0 空闲, 3 故障, 4 离线; 1 set for running orders). */
  status: number;
}

export interface SiteDef {
  id: number;
  operatorId: number;
  name: string;
  merchantId: number | null;
  groupId: number;
  rule: ChargeRule;
  versions: VersionDef[];
  chargers: ChargerDef[];
  coinChargers: ChargerDef[];
  createTime: number;
  communityName: string;
}

export interface FreezeState {
  id: number;
  rechargeId: number;
  amount: number;
  released: number;
  refunded: number;
  lastReleaseTime: number | null;
  payTime: number;
}

export interface MonthTemplate {
  id: number;
  siteId: number;
  name: string;
  days: number;
  price: number;
  dailyTimesLimit: number;
  maxMinutesPerCharge: number;
  maxPowerW: number;
}

export interface CardState {
  id: number;
  cardNo: string;
  cardType: 1 | 2 | 3 | 4;
  merchantId: number;
  siteIds: number[];
  groupId: number | null;
  status: number;
  holderName: string;
  phone: string;
  userId: number | null;
  licenseNumber: string;
  rfidNo: string | null;
  balance: number;
  give: number;
  /** Orders may use the card in [usableFrom, usableUntil). */
  usableFrom: number;
  usableUntil: number;
  activeTime: number | null;
  lastUseTime: number | null;
  createTime: number;
  template: MonthTemplate | null;
  /** Month cards: valid periods [start, end] (days, inclusive). */
  periods: { start: string; end: string }[];
  pauseDate: string | null;
  freezes: FreezeState[];
  dayUse: Map<string, number>;
  /** Preferred when several cards could pay (to shape the demo freezes). */
  prefer: boolean;
  remark: string;
}

/** Holds the generated rows per table (camelCase) and per-table id counters. */
export class SeedCtx {
  readonly today: string;
  readonly day0: string;
  readonly rnd: Random;
  readonly tables = new Map<string, Row[]>();
  private readonly seq = new Map<string, number>();

  constructor(readonly now: number) {
    this.today = dayOf(now);
    this.day0 = addDays(this.today, -(HISTORY_DAYS - 1));
    this.rnd = new Random(20240501);
  }

  /** Appends a row to a table. */
  push(table: string, row: Row): Row {
    let list = this.tables.get(table);
    if (!list) {
      list = [];
      this.tables.set(table, list);
    }
    list.push(row);
    return row;
  }

  /** Rows of a table generated so far. */
  rows(table: string): Row[] {
    return this.tables.get(table) ?? [];
  }

  /** Next id of a table (1, 2, …). */
  id(table: string): number {
    const n = (this.seq.get(table) ?? 0) + 1;
    this.seq.set(table, n);
    return n;
  }

  /** Makes the next id of a table at least `next`. */
  reserve(table: string, next: number): void {
    this.seq.set(table, Math.max(this.seq.get(table) ?? 0, next - 1));
  }
}
