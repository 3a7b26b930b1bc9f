import { makeAutoObservable } from 'mobx';
import type { ShareParty, SiteLocation, SiteShareRule } from '@/api/site';
import { DEFAULT_SHARE_RULE } from '@/api/site-defaults';
import { DEFAULTS, STORAGE_KEYS } from '@/config/constants';
import { removeItem } from '@/lib/storage';
import { persistToSession, restoreFromSession } from '@/stores/support/persist';

/**
 * The client-held shapes of spec §3 that are drafts: the site draft and the old-card activation draft survive within
 * the browser session (session storage); the work-order edit lives in memory.
 */

/** Site draft (spec §3; B-site.md §0.1). Coordinates are GCJ-02. */
export interface SiteDraft {
  name: string;
  address: string;
  contacts: string;
  contactsPhone: string;
  servicePhone: string;
  merchantId: number | null;
  merchantName: string;
  province: string;
  city: string;
  area: string;
  longitude: number | null;
  latitude: number | null;
  siteShareRule: SiteShareRule;
}

/** A new site draft: strings empty, the service phone defaulted (B-site.md §0.1). */
export function emptySiteDraft(servicePhone: string): SiteDraft {
  return {
    name: '',
    address: '',
    contacts: '',
    contactsPhone: '',
    servicePhone,
    merchantId: null,
    merchantName: '',
    province: '',
    city: '',
    area: '',
    longitude: null,
    latitude: null,
    siteShareRule: { ...DEFAULT_SHARE_RULE, parties: [] },
  };
}

/** The property party (partyType 2, 物业) of a share rule, if any (B-site.md §0.2: at most one). */
export function propertyPartyOf(rule: SiteShareRule): ShareParty | undefined {
  return rule.parties.find((p) => p.partyType === 2);
}

/** The property chosen for a site (a row of the property list). */
export interface ChosenProperty {
  /** The property's Account id. */
  merchantId: number;
  name: string;
  phone: string;
}

/** Where the site is (written by the map location screen): names of the region, address, GCJ-02 degrees. */
export type DraftLocation = SiteLocation;

/** The cost-bearing fields of a share rule (B-site.md §1 /site/add/expensesSet). */
export type DraftCosts = Pick<
  SiteShareRule,
  'electricBearer' | 'electricPrice' | 'channelFeeBearer' | 'platformFeeBearer'
>;

/**
 * The site draft store (B-site.md §0.1): persisted to session storage `siteDraft`, debounced 300 ms, so that leaving
 * /site/add for the map, the property list or the cost page and coming back (or reloading) keeps everything. Its
 * writers: /site/add (text fields, property rate), the map location screen (location), the property list (property and
 * its party), the cost page (cost fields). Cleared after a successful addSite and by 清空.
 */
export class SiteDraftStore {
  draft: SiteDraft;

  constructor(private readonly servicePhone: string) {
    this.draft = restoreFromSession(STORAGE_KEYS.siteDraft, emptySiteDraft(servicePhone));
    makeAutoObservable(this);
    persistToSession(STORAGE_KEYS.siteDraft, () => this.draft, 300);
  }

  /** Sets fields of the draft. */
  update(fields: Partial<SiteDraft>): void {
    Object.assign(this.draft, fields);
  }

  /** The property's share of all income in basis points (shareMode 2), or null without a property. */
  get propertyRate(): number | null {
    if (this.draft.merchantId === null) return null;
    return propertyPartyOf(this.draft.siteShareRule)?.chargeRate ?? 0;
  }

  /**
   * Links a property (B §4 merchant?from=add): merchantId and merchantName, and the property party of the share rule
   * replaced by the new property keeping the old party's rate (0 when there was none). `null` (不关联物业) clears them,
   * removes the property party and puts electricity back on the operator at price 0 (B §B.7).
   */
  setProperty(property: ChosenProperty | null): void {
    const rule = this.draft.siteShareRule;
    const others = rule.parties.filter((p) => p.partyType !== 2);
    if (property === null) {
      this.draft.merchantId = null;
      this.draft.merchantName = '';
      this.draft.siteShareRule = { ...rule, parties: others, electricBearer: 1, electricPrice: 0 };
      return;
    }
    const rate = propertyPartyOf(rule)?.chargeRate ?? 0;
    this.draft.merchantId = property.merchantId;
    this.draft.merchantName = property.name;
    this.draft.siteShareRule = {
      ...rule,
      shareMode: 2,
      parties: [propertyParty(property.merchantId, property.name, property.phone, rate), ...others],
    };
  }

  /**
   * Sets the property's rate (B §1 物业分成比例: one rate for all income, shareMode 2): the property party gets
   * chargeRate = cardRate = coinRate = `bp`. Ignored without a property.
   */
  setPropertyRate(bp: number): void {
    const { merchantId, merchantName, siteShareRule: rule } = this.draft;
    if (merchantId === null) return;
    const phone = propertyPartyOf(rule)?.phone ?? '';
    const others = rule.parties.filter((p) => p.partyType !== 2);
    this.draft.siteShareRule = {
      ...rule,
      shareMode: 2,
      parties: [propertyParty(merchantId, merchantName, phone, bp), ...others],
    };
  }

  /** Writes the location chosen on the map location screen (?from=add). */
  setLocation(location: DraftLocation): void {
    Object.assign(this.draft, location);
  }

  /** Writes the cost-bearing fields chosen on /site/add/expensesSet. */
  setCosts(costs: DraftCosts): void {
    this.draft.siteShareRule = { ...this.draft.siteShareRule, ...costs };
  }

  /** Resets to the defaults (after a successful add, or 清空). */
  reset(): void {
    this.draft = emptySiteDraft(this.servicePhone);
    removeItem('session', STORAGE_KEYS.siteDraft);
  }
}

/** A property party with one rate for all income (shareMode 2). */
function propertyParty(userId: number, name: string, phone: string, bp: number): ShareParty {
  return { userId, partyType: 2, name, phone, chargeRate: bp, cardRate: bp, coinRate: bp, remark: '' };
}

/** Old-card activation draft (spec §3): rechargeType default 2, status default 3 (spec §9). */
export interface OldCardDraft {
  activityId: number | null;
  oldCard: string;
  /** Fen. */
  oldCardBalance: number;
  phone: string;
  /** 1 转为本金, 2 转为赠送金额. */
  rechargeType: 1 | 2;
  newCard: string;
  siteId: number | null;
  siteName: string;
  remark: string;
  status: number;
}

/** A new old-card draft with the spec's defaults. */
export function emptyOldCardDraft(): OldCardDraft {
  return {
    activityId: null,
    oldCard: '',
    oldCardBalance: 0,
    phone: '',
    rechargeType: DEFAULTS.oldCardRechargeType,
    newCard: '',
    siteId: null,
    siteName: '',
    remark: '',
    status: DEFAULTS.oldCardStatus,
  };
}

/** The old-card draft store, persisted to session storage `oldCardDraft`. */
export class OldCardDraftStore {
  draft: OldCardDraft = restoreFromSession(STORAGE_KEYS.oldCardDraft, emptyOldCardDraft());

  constructor() {
    makeAutoObservable(this);
    persistToSession(STORAGE_KEYS.oldCardDraft, () => this.draft);
  }

  update(fields: Partial<OldCardDraft>): void {
    Object.assign(this.draft, fields);
  }

  reset(): void {
    this.draft = emptyOldCardDraft();
    removeItem('session', STORAGE_KEYS.oldCardDraft);
  }
}

/** Work-order edit (spec §3): checkStatus default 1 (spec §9). In memory only. */
export interface WorkOrderEdit {
  id: number | null;
  checkStatus: number;
  applyApprovedContent: string;
  builderName: string;
  builderPassword: string;
  builderPhone: string;
  onlineSite: number | null;
  siteList: { id: number; name: string }[];
  stationId: number | null;
  addstationId: number | null;
  siteName: string;
  builderId: number | null;
  /** 施工人员: 'existing' = 选择已有 (builderId), 'new' = 新建账号 (builderName, builderPhone, builderPassword). */
  builderMode: 'existing' | 'new';
}

/** A new work-order edit with the spec's defaults. */
export function emptyWorkOrderEdit(): WorkOrderEdit {
  return {
    id: null,
    checkStatus: DEFAULTS.workOrderCheckStatus,
    applyApprovedContent: '',
    builderName: '',
    builderPassword: '',
    builderPhone: '',
    onlineSite: null,
    siteList: [],
    stationId: null,
    addstationId: null,
    siteName: '',
    builderId: null,
    builderMode: 'existing',
  };
}

/** The work-order edit store (memory). */
export class WorkOrderEditStore {
  edit: WorkOrderEdit = emptyWorkOrderEdit();

  constructor() {
    makeAutoObservable(this);
  }

  update(fields: Partial<WorkOrderEdit>): void {
    Object.assign(this.edit, fields);
  }

  reset(): void {
    this.edit = emptyWorkOrderEdit();
  }
}
