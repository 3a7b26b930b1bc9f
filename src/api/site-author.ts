import { get, post, type Page } from './http';
import type { PartnerType, SiteApplyScope, SiteApplyStatus } from './site-author-rules';

/**
 * Calls of site authorisation (C-mine.md /mine/siteAuthor, /undisposed, /processed, /{id}/authorizeDetail; spec §7
 * "Site applications"; entities.md §14–§16; Business rule 16). Open-platform partners ask an operator for access to
 * some of its sites; the operator agrees for chosen sites or rejects; a pending application expires after 7 days.
 * Instants epoch ms. An application is reached by its operator's people with `siteAuthor` (a sub-account limited to
 * some sites: the applications naming one of them).
 */

// The pending count (the 待处理 badge, /site's banner) is getUndealSiteApplyCount of ./site.ts.

/** One row of GET /api/openPlatform/getSiteApplies (both tabs). */
export interface SiteApplyRow {
  id: number;
  applyNo: string;
  partnerName: string;
  partnerLogo: string;
  partnerType: PartnerType;
  scopes: SiteApplyScope[];
  /** Sites the application names. */
  siteCount: number;
  /** Their names, in id order (the list shows the first two). */
  siteNames: string[];
  validMonths: number;
  /** As it stands now: a pending application past its expireTime answers 3 已过期. */
  status: SiteApplyStatus;
  applyTime: number;
  expireTime: number;
  dealTime: number | null;
  /** Sites granted (已同意 only). */
  grantedSiteCount: number;
  authEndTime: number | null;
  dealerName: string | null;
}

/** The query of the lists: tab 1 待处理 | 2 已处理 (status 1 | 2 | 3 filters it); siteId: applications of that site. */
export interface SiteApplyQuery {
  tab: 1 | 2;
  status?: 1 | 2 | 3;
  siteId?: number;
  pageNum: number;
  pageSize: number;
}

/** GET /api/openPlatform/getSiteApplies — one page of the caller's applications, newest first. */
export const getSiteApplies = (query: SiteApplyQuery) =>
  get<Page<SiteApplyRow>>('/api/openPlatform/getSiteApplies', query);

/** A site an application names. */
export interface SiteApplySite {
  siteId: number;
  siteName: string;
  address: string;
  socketCount: number;
  /** Processed applications only (getDealtAppDetail): the site was granted. */
  granted?: boolean;
}

/** GET /api/openPlatform/getSiteApplyDetail — one application. */
export interface SiteApplyDetail {
  id: number;
  applyNo: string;
  status: SiteApplyStatus;
  partner: {
    name: string;
    logo: string;
    type: PartnerType;
    company: string;
    contactName: string;
    contactPhone: string;
  };
  purpose: string;
  scopes: SiteApplyScope[];
  validMonths: number;
  applyTime: number;
  expireTime: number;
  sites: SiteApplySite[];
}

/** GET /api/openPlatform/getDealtAppDetail — a processed application: the detail plus the decision. */
export interface DealtApplyDetail extends SiteApplyDetail {
  dealRemark: string;
  /** Null for an application that expired undecided. */
  dealTime: number | null;
  dealerName: string | null;
  authStartTime: number | null;
  authEndTime: number | null;
  sites: Required<SiteApplySite>[];
}

export const getSiteApplyDetail = (id: number) => get<SiteApplyDetail>('/api/openPlatform/getSiteApplyDetail', { id });

export const getDealtAppDetail = (id: number) => get<DealtApplyDetail>('/api/openPlatform/getDealtAppDetail', { id });

/** POST /api/openPlatform/dealSiteApply — 1 同意 for `siteIds` (≥ 1 of the application's) or 2 拒绝 with a reason. */
export interface DealSiteApplyRequest {
  applyId: number;
  result: 1 | 2;
  siteIds: number[];
  remark: string;
}

/**
 * Decides a pending application once (rule 16); answers its new status and, when agreed, the authorisation's end. An
 * application already decided or expired is refused with "该申请已处理或已过期".
 */
export const dealSiteApply = (body: DealSiteApplyRequest) =>
  post<{ status: SiteApplyStatus; authEndTime?: number }>('/api/openPlatform/dealSiteApply', body);
