import { makeAutoObservable } from 'mobx';
import { DEFAULT_SHARE_RULE, type SiteShareRule } from '../api/site';
import { DEFAULTS, STORAGE_KEYS } from '../config/constants';
import { removeItem } from '../lib/storage';
import { persistToSession, restoreFromSession } from './persist';

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

/** The site draft store: persisted to session storage `siteDraft`, debounced 300 ms (B-site.md §0.1). */
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

  /** Resets to the defaults (after a successful add, or 清空). */
  reset(): void {
    this.draft = emptySiteDraft(this.servicePhone);
    removeItem('session', STORAGE_KEYS.siteDraft);
  }
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
