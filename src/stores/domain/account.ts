import { makeAutoObservable } from 'mobx';
import type { WithdrawCard } from '@/api/income';
import type { SiteInstalment } from '@/api/settlement';
import type { CommercialInfo } from '@/api/user';
import { DEFAULTS, STORAGE_KEYS } from '@/config/constants';
import { persistToSession, restoreFromSession } from '@/stores/support/persist';

/**
 * Account-level client state of spec §3: merchant base info, device instalments, withdraw info (survives within the
 * session), basic info, sign info and the last JS-SDK signature.
 */

/** Merchant base info (spec §3), filled from getCommercialInfo. */
export interface MerchantBaseInfo {
  orderCount: number;
  logo: string;
  contacts: string;
  shortName: string;
  phone: string;
  loaded: boolean;
  accreditCount: number;
  onMessage: 0 | 1;
  phoneMessageReceive: 0 | 1;
}

/** The merchant store: base info plus the whole last getCommercialInfo answer for the screens that show more. */
export class MerchantStore {
  base: MerchantBaseInfo = {
    orderCount: 0,
    logo: '',
    contacts: '',
    shortName: '',
    phone: '',
    loaded: false,
    accreditCount: 0,
    onMessage: 0,
    phoneMessageReceive: 0,
  };
  /** The last full answer of getCommercialInfo (name, accountType, unreadCount ...), or null before it. */
  info: CommercialInfo | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  /** Stores a getCommercialInfo answer and marks base info loaded. */
  setInfo(info: CommercialInfo): void {
    this.info = info;
    this.base = {
      orderCount: info.orderCount,
      logo: info.logo,
      contacts: info.contacts,
      shortName: info.shortName,
      phone: info.phone,
      loaded: true,
      accreditCount: info.accreditCount,
      onMessage: info.onMessage,
      phoneMessageReceive: info.phoneMessageReceive,
    };
  }

  /** Forgets everything (logout, find-pass). */
  clear(): void {
    this.info = null;
    this.base = { ...this.base, loaded: false };
  }
}

/**
 * Device instalments (spec §3 siteInstalmentList; A-shell-home-settlement.md §5): the site instalments of the
 * split-mode account, as /platformfee/settleCurrent last loaded them (GET /api/site/getDeviceInstalment: siteId,
 * siteName, deviceCount, money in fen, proportion in %, status 1 分期中 / 2 已结清 / 3 暂停分账). 本期结算 writes it;
 * 扣款明细's site picker reads it, and asks querySiteProportion only while it is empty (a reload, a deep link). Lives
 * in memory for the login (not persisted); logout and a password reset empty it.
 */
export class DeviceInstalmentStore {
  siteInstalmentList: SiteInstalment[] = [];

  constructor() {
    makeAutoObservable(this);
  }

  set(list: SiteInstalment[]): void {
    this.siteInstalmentList = list;
  }

  /** The picker's sites (siteId, siteName, proportion %) from the list; empty while nothing was loaded. */
  get siteProportions(): { siteId: number; siteName: string; proportion: number }[] {
    return this.siteInstalmentList.map(({ siteId, siteName, proportion }) => ({ siteId, siteName, proportion }));
  }
}

/** The card chosen for the next withdrawal (D-income.md §0.8 cashBank): the contract's WithdrawCard. */
export type CashBank = WithdrawCard;

/** Withdraw info (spec §3; D-income.md §0.8). Money in fen. */
export interface WithdrawInfo {
  account: string;
  availableBalance: number;
  phone: string;
  balance: number;
  /** 1 每日, 2 每周, 3 每月. */
  autoMode: 1 | 2 | 3;
  autoWithdraw: 0 | 1;
  /** Weekday 1–7 (autoMode 2) or day 1–28 (autoMode 3). */
  date: number;
  /** 'YYYY-MM-DD' or null. */
  nextWithdraw: string | null;
  cashBank: CashBank | null;
}

/** A new withdraw info with the spec's defaults (autoWithdraw 0, date 1). */
export function emptyWithdrawInfo(): WithdrawInfo {
  return {
    account: '',
    availableBalance: 0,
    phone: '',
    balance: 0,
    autoMode: 1,
    autoWithdraw: DEFAULTS.autoWithdraw,
    date: DEFAULTS.withdrawDate,
    nextWithdraw: null,
    cashBank: null,
  };
}

/** The withdraw info store, persisted to session storage `withdrawInfo`. */
export class WithdrawInfoStore {
  info: WithdrawInfo = restoreFromSession(STORAGE_KEYS.withdrawInfo, emptyWithdrawInfo());

  constructor() {
    makeAutoObservable(this);
    persistToSession(STORAGE_KEYS.withdrawInfo, () => this.info);
  }

  update(fields: Partial<WithdrawInfo>): void {
    Object.assign(this.info, fields);
  }
}

/** Basic info (spec §3): the serial number chosen for remote charging. */
export class BasicInfoStore {
  remoteSerialNumber = '';

  constructor() {
    makeAutoObservable(this);
  }

  setRemoteSerialNumber(serial: string): void {
    this.remoteSerialNumber = serial;
  }
}

/** Sign info (spec §3: a free-form object; D-income.md §0.8), in memory. */
export class SignInfoStore {
  info: Record<string, unknown> = {};

  constructor() {
    makeAutoObservable(this);
  }

  update(fields: Record<string, unknown>): void {
    this.info = { ...this.info, ...fields };
  }
}
