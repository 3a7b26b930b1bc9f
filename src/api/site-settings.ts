import { get, post, type Page } from './http';
import type { CallMeta } from './outcome';
import type { ChargeRule, SiteShareRule } from './site';

/**
 * Calls of the site profile and its settings pages (spec §7 "Sites", "Account and login"; B-site.md §4: /site/siteInfo/
 * siteData, the cost-bearing detail, integrated and per-type profit sharing, adding a party, charging fees), plus the
 * two calls of other sections the profile reads (device instalment status of the settlement section, granted site
 * applications of /mine/siteAuthor). Units: rates basis points (3000 = 30.00 %), money fen, power W, durations minutes,
 * instants epoch ms, days 'YYYY-MM-DD' (Asia/Shanghai), coordinates GCJ-02.
 */

/** The fields of a partial site update (B-site.md §4 /site/siteInfo/siteData "Calls": POST modifySite). */
export interface ModifySiteFields {
  name?: string;
  province?: string;
  city?: string;
  area?: string;
  address?: string;
  /** GCJ-02, 6 decimals. */
  longitude?: number;
  latitude?: number;
  contacts?: string;
  contactsPhone?: string;
  servicePhone?: string;
  /** The property Account id; 0 unlinks the property (the change of terms is effective tomorrow, B §B.4). */
  merchantId?: number;
  /** 0 = no community. */
  communityId?: number;
  /** '' = no contract. */
  contractCode?: string;
  /** The whole share rule; creates a version effective tomorrow (待生效, or 审核中 when it lowers the property's terms). */
  siteShareRule?: SiteShareRule;
  /** The whole charge rule; applies to orders started after the save. */
  chargeRule?: ChargeRule;
}

/** Answer of modifySite: the site id and, when the share terms changed, the new version's status and day. */
export interface ModifySiteResult {
  id: number;
  /** 2 待生效, 3 审核中 (present when a share-rule version was created). */
  shareRuleStatus?: 2 | 3;
  /** 'YYYY-MM-DD' the new version takes effect (present with shareRuleStatus). */
  effectiveDate?: string;
}

/**
 * POST /api/r9/site/modifySite — partial update of an existing site by its owner (site:edit). The request body is
 * `{ id: siteId, ...fields }` as B-site.md §4 writes it. Used by the profile, the settings pages, and the map and
 * property pages in edit mode (developer A). Errors are toasted by the request layer.
 * @param request `{ siteId, ...fields }` — only the fields to change
 * @param meta per-call options (e.g. `handles` for codes the caller shows itself)
 */
export const modifySite = ({ siteId, ...fields }: { siteId: number } & ModifySiteFields, meta?: CallMeta) =>
  post<ModifySiteResult>('/api/r9/site/modifySite', { id: siteId, ...fields }, meta);

/** Status of a share-rule version: 1 生效中, 2 待生效, 3 审核中, 4 已驳回, 5 已失效. */
export type ShareRuleStatus = 1 | 2 | 3 | 4 | 5;

/** One share-rule version of GET /api/r9/site/querySiteShareRuleList (B §4 expensesSet "Calls"). */
export interface ShareRuleVersion {
  version: number;
  status: ShareRuleStatus;
  /** 'YYYY-MM-DD'. */
  effectiveDate: string;
  /** The version's rule; party name and phone filled by the server. */
  rule: SiteShareRule;
  /** Epoch ms. */
  submitTime: number;
  rejectReason: string | null;
}

/** GET /api/r9/site/querySiteShareRuleList — every share-rule version of a site, newest first. */
export const querySiteShareRuleList = (siteId: number) =>
  get<ShareRuleVersion[]>('/api/r9/site/querySiteShareRuleList', { siteId });

/** Review state of a site's share change: 0 正常, 1 审核中, 2 已驳回. */
export interface AuditSiteInfo {
  auditStatus: 0 | 1 | 2;
  /** Epoch ms of the newest version's submission, or null. */
  submitTime: number | null;
  rejectReason: string | null;
}

/** GET /api/site/checkAuditSiteInfo — whether a share change of the site is under review or was rejected. */
export const checkAuditSiteInfo = (siteId: number) =>
  get<AuditSiteInfo>('/api/site/checkAuditSiteInfo', { siteId }, { loading: true });

/** A row of GET /api/site/querySiteShareSimpleProportionList: the property's rates (bp) on one site. */
export interface PropertyProportion {
  siteId: number;
  siteName: string;
  shareMode: 1 | 2;
  chargeRate: number;
  cardRate: number;
  coinRate: number;
}

/** GET /api/site/querySiteShareSimpleProportionList — the property's share on each of the caller's sites (in force). */
export const querySiteShareSimpleProportionList = (merchantId: number) =>
  get<PropertyProportion[]>('/api/site/querySiteShareSimpleProportionList', { merchantId });

/** Answer of GET /api/user/getCommercialByPhone (consistency K13: one shape, code 0 even when not registered). */
export interface CommercialByPhone {
  exists: boolean;
  userId?: number;
  shortName?: string;
  name?: string;
  contacts?: string;
  phone?: string;
  /** 1 运营商, 2 代理商, 3 物业, 4 子账号, 5 施工人员. */
  accountType?: 1 | 2 | 3 | 4 | 5;
}

/** GET /api/user/getCommercialByPhone — looks an account up by its login phone (the 查询 button shows a spinner). */
export const getCommercialByPhone = (phone: string) =>
  get<CommercialByPhone>('/api/user/getCommercialByPhone', { phone });

/** Billing capabilities of a site's boxes (GET /api/site/getOperationMode). */
export interface OperationMode {
  /** Billing modes every box supports (1 按功率分档计时, 2 按电量计费); all when the site has no box. */
  supportModes: (1 | 2)[];
  /** The site's current billingMode. */
  currentMode: 1 | 2;
  /** A box of the site has a coin slot. */
  supportCoin: boolean;
  /** Every box can stop when full. */
  supportFullStop: boolean;
  /** W per socket: the highest tier must reach it. */
  maxPower: number;
}

/** GET /api/site/getOperationMode — what the site's box models support (derived from their models). */
export const getOperationMode = (siteId: number) => get<OperationMode>('/api/site/getOperationMode', { siteId });

/** A site of the same charge-rule group (GET /api/site/sameSiteRuleList). */
export interface SameRuleSite {
  siteId: number;
  siteName: string;
  boxCount: number;
}

/** GET /api/site/sameSiteRuleList — the caller's other sites whose charge rule is identical (same ChargeRuleGroup). */
export const sameSiteRuleList = (siteId: number) => get<SameRuleSite[]>('/api/site/sameSiteRuleList', { siteId });

/** GET /api/site/simpleSiteList — `[{ id, name }]` of the caller's sites (consistency K28). */
export const simpleSiteList = () => get<{ id: number; name: string }[]>('/api/site/simpleSiteList');

/** GET /api/site/haveCard — whether cards are bound to the site, and how many. */
export const haveCard = (siteId: number) =>
  get<{ haveCard: boolean; cardCount: number }>('/api/site/haveCard', { siteId }, { loading: true });

/** POST /api/r9/site/delSite — soft-deletes a site without devices or cards (B §A.3). */
export const delSite = (siteId: number) => post<null>('/api/r9/site/delSite', { id: siteId });

/** A contract of GET /api/site/selectContractCodeList. */
export interface ContractOption {
  contractCode: string;
  contractName: string;
  /** 'YYYY-MM-DD'. */
  signDate: string;
  deviceCount: number;
  /** Non-deleted sites linked to it. */
  boundSiteCount: number;
}

/** GET /api/site/selectContractCodeList — the caller's device contracts. */
export const selectContractCodeList = () =>
  get<ContractOption[]>('/api/site/selectContractCodeList', {}, { loading: true });

/** GET /api/site/contractDetail — one contract with its instalment progress. */
export interface ContractDetail {
  contractCode: string;
  contractName: string;
  partyA: string;
  partyB: string;
  signDate: string;
  deviceCount: number;
  /** Fen. */
  totalAmount: number;
  instalmentCount: number;
  paidInstalmentCount: number;
  /** 1 履行中, 2 已结清, 3 已终止. */
  status: 1 | 2 | 3;
  fileUrl: string | null;
}

export const contractDetail = (contractCode: string) =>
  get<ContractDetail>('/api/site/contractDetail', { contractCode }, { loading: true });

/** Device instalment of a site in split mode (settlement section; A-shell-home-settlement.md "calls used by others"). */
export interface SiteInstalmentStatus {
  siteId: number;
  /** 1 分期中, 2 已结清, 3 暂停分账. */
  status: 1 | 2 | 3;
  /** Percent 0–100 of the site's income split to the instalment. */
  proportion: number;
  /** Fen. */
  remainingAmount: number;
}

/** GET /api/share/instalment/querySiteInstalmentStatus — null when the site has no device instalment. Silent. */
export const querySiteInstalmentStatus = (siteId: number) =>
  get<SiteInstalmentStatus | null>('/api/share/instalment/querySiteInstalmentStatus', { siteId }, { errorText: 2 });

/** GET /api/openPlatform/getSiteApplies (shape of /mine/siteAuthor) — the profile reads only `total`. */
export const countGrantedSiteApplies = (siteId: number) =>
  get<Page<unknown>>(
    '/api/openPlatform/getSiteApplies',
    { tab: 2, status: 1, siteId, pageNum: 1, pageSize: 1 },
    { errorText: 2 },
  );
