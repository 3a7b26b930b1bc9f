import { get, post, type Page } from './http';

/**
 * Site calls of the site list, the community form, adding a site and the property list (spec §7 "Sites", "Devices",
 * "Community", "Site applications", "Account and login"; B-site.md §0–§1, §4 merchant). Rates are basis points
 * (3000 = 30.00 %); money fen; electricity price fen per kWh; coordinates GCJ-02; instants epoch ms.
 */

/** One profit-share party (B-site.md §0.2). */
export interface ShareParty {
  /** Account id of the party (the property = site.merchantId). */
  userId: number;
  /** 2 物业, 3 代理商, 4 合作方, 5 上级 (1 运营商 is the implicit remainder). */
  partyType: 2 | 3 | 4 | 5;
  name: string;
  phone: string;
  /** Basis points. */
  chargeRate: number;
  cardRate: number;
  coinRate: number;
  remark: string;
}

/** The site share rule object (B-site.md §0.2). */
export interface SiteShareRule {
  /** 1 分项分成, 2 综合分成. */
  shareMode: 1 | 2;
  /** 1 运营商承担, 2 物业承担, 3 按分成比例分摊. */
  electricBearer: 1 | 2 | 3;
  /** Fen per kWh. */
  electricPrice: number;
  channelFeeBearer: 1 | 3;
  platformFeeBearer: 1 | 3;
  /** At most 5. */
  parties: ShareParty[];
  /** 'YYYY-MM-DD', server-set. */
  effectiveDate?: string;
}

/** The charging fee rule of a site (B-site.md §0.3). Money fen, power W, durations minutes. */
export interface ChargeRule {
  /** 1 按功率分档计时, 2 按电量计费. */
  billingMode: 1 | 2;
  /** Mode 1: ascending upper bounds (W) with the price per hour (fen); the first tier starts at 0 W. */
  tiers: { maxPower: number; price: number }[];
  /** Mode 2: fen per kWh. */
  energyPrice: number;
  /** Mode 2: fen per kWh. */
  servicePrice: number;
  /** Amounts (fen) a rider can choose after scanning. */
  prepayOptions: number[];
  fullStop: 0 | 1;
  /** 0–30. */
  freeMinutes: number;
  /** 60–1440. */
  maxMinutes: number;
  /** Minutes per ¥1 coin; 0 = coin slot off. */
  coinMinutes: number;
}

/** Where a site is (B-site.md §0.5): region names from reverse geocoding, the address, GCJ-02 degrees (6 decimals). */
export interface SiteLocation {
  province: string;
  city: string;
  area: string;
  address: string;
  longitude: number;
  latitude: number;
}

/** What the operator states about a site (B-site.md §1 /site/add): its name, location and contacts. */
export interface SiteFields extends SiteLocation {
  name: string;
  /** The on-site contact person and mobile. */
  contacts: string;
  contactsPhone: string;
  /** Shown to riders on the charging page (mobile, landline or 400/800 number). */
  servicePhone: string;
}

/** GET /api/site/siteBaseInfo — one site (B-site.md §2 /site/siteInfo "SiteDetail"). */
export interface SiteDetail extends SiteFields {
  id: number;
  communityId: number | null;
  communityName: string | null;
  merchantId: number | null;
  merchantName: string | null;
  contractCode: string | null;
  /** The share rule in force. */
  shareRule: SiteShareRule;
  /** A submitted change waiting for its effective date or for review, or null. */
  pendingShareRule: (SiteShareRule & { status: 2 | 3 | 4; rejectReason: string | null }) | null;
  chargeRule: ChargeRule;
  boxCount: number;
  guardCount: number;
  cameraCount: number;
  smokeCount: number;
  /**
   * Fen: the owner's 营业额 of today; a party's own share on a site it does not own. The three figures are absent for
   * a caller without income:view (a builder): what a role may not see is not sent (issue 30).
   */
  todayIncome?: number;
  todayOrderCount?: number;
  /** Fen, month to date (same rule as todayIncome). */
  monthIncome?: number;
  /** 0 正常, 1 分成变更审核中, 2 分成变更已驳回. */
  auditStatus: 0 | 1 | 2;
  /** The caller may change it (owner with site:edit). */
  editable: boolean;
  createTime: number;
}

/** GET /api/site/siteBaseInfo — a site the caller may see; code 1 when unknown or not visible. */
export const getSiteBaseInfo = (siteId: number) => get<SiteDetail>('/api/site/siteBaseInfo', { siteId });

/** A row of POST /api/r9/site/siteList. */
export interface SiteRow {
  id: number;
  name: string;
  province: string;
  city: string;
  area: string;
  address: string;
  communityId: number | null;
  communityName: string | null;
  merchantId: number | null;
  merchantName: string | null;
  boxCount: number;
  boxOnlineCount: number;
  boxOfflineCount: number;
  socketCount: number;
  chargingSocketCount: number;
  smokeAlarmCount: number;
  /** Fen. Both absent for a caller without income:view (a builder), who may not see income (issue 30). */
  todayIncome?: number;
  todayOrderCount?: number;
  /** 0 正常, 1 分成变更审核中, 2 分成变更已驳回. */
  auditStatus: 0 | 1 | 2;
  editable: boolean;
  /**
   * True on a site of another owner where the caller is only a profit-share party (R1.3, B rule A4): listed read-only
   * after the caller's own sites, counted in no summary; its todayIncome is the caller's own share.
   */
  shareOnly: boolean;
  createTime: number;
}

/** Sort of the site list: 1 今日收入降序, 2 创建时间降序, 3 离线设备数降序. */
export type SiteSort = 1 | 2 | 3;

/** Request of POST /api/r9/site/siteList. */
export interface SiteListRequest {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  communityId?: number;
  sort?: SiteSort;
}

/** Answer of POST /api/r9/site/siteList. */
export interface SiteListPage extends Page<SiteRow> {
  /** False when the caller cannot create sites (no site:edit). */
  canAdd: boolean;
}

/** POST /api/r9/site/siteList — the caller's sites, paged, with live device counts and today's income. */
export const getSiteList = (body: SiteListRequest) =>
  post<SiteListPage>('/api/r9/site/siteList', body, { loading: false });

/** GET /api/r9/site/nameList — the caller's site names for search suggestions. */
export const getSiteNameList = (keyword?: string) =>
  get<{ id: number; name: string }[]>('/api/r9/site/nameList', keyword ? { keyword } : {}, { errorText: 2 });

/** Device status counts of GET /api/box/getDeviceStatusStatistics (B-site.md §1; one flat shape). */
export interface DeviceStatusStatistics {
  statTime: number;
  boxTotal: number;
  boxOnline: number;
  boxOffline: number;
  boxFault: number;
  socketTotal: number;
  socketIdle: number;
  socketCharging: number;
  socketFull: number;
  socketFault: number;
  socketOffline: number;
  guardTotal: number;
  guardOnline: number;
  gateTotal: number;
  gateOnline: number;
  cameraTotal: number;
  cameraOnline: number;
  smokeTotal: number;
  smokeOnline: number;
  smokeAlarm: number;
  smokeOffline: number;
  siteList?: {
    siteId: number;
    siteName: string;
    boxTotal: number;
    boxOffline: number;
    socketIdle: number;
    socketCharging: number;
    socketFault: number;
  }[];
}

/** GET /api/box/getDeviceStatusStatistics — counts for one site, or all the caller's sites when omitted. */
export const getDeviceStatusStatistics = (siteId?: number) =>
  get<DeviceStatusStatistics>('/api/box/getDeviceStatusStatistics', siteId ? { siteId } : {});

/** GET /api/openPlatform/getUndealSiteApplyCount — pending site applications (badge; silent). */
export const getUndealSiteApplyCount = () =>
  get<{ count: number }>('/api/openPlatform/getUndealSiteApplyCount', {}, { errorText: 2 });

/** A community row of POST /api/community/list. */
export interface CommunityRow {
  id: number;
  name: string;
  province: string;
  city: string;
  area: string;
  address: string;
  householdCount: number | null;
  propertyName: string | null;
  siteCount: number;
  createTime: number;
}

/** GET /api/community/simpleList — [{id, name}] for the community filter. */
export const getCommunitySimpleList = () => get<{ id: number; name: string }[]>('/api/community/simpleList');

/** GET /api/community/communityCount — summary of the 小区 segment. */
export const getCommunityCount = () =>
  get<{ communityCount: number; siteCount: number; householdCount: number }>('/api/community/communityCount');

/** POST /api/community/list — the caller's communities, paged. */
export const getCommunityList = (body: { pageNum: number; pageSize: number; keyword?: string }) =>
  post<Page<CommunityRow>>('/api/community/list', body, { loading: false });

/** GET /api/community/info — one community (B §1 小区信息 sheet). */
export interface CommunityInfo extends CommunityRow {
  remark: string | null;
  whiteCount: number;
}

/** GET /api/community/info — one community of the caller's operator with its counts; code 1 小区不存在. */
export const getCommunityInfo = (id: number) => get<CommunityInfo>('/api/community/info', { id });

/** GET /api/site/simpleCommunitySiteList — the sites of a community with device and socket counts. */
export const getCommunitySites = (communityId: number) =>
  get<{ id: number; name: string; boxCount: number; socketCount: number }[]>('/api/site/simpleCommunitySiteList', {
    communityId,
  });

/** Fields of the community form (B-site.md §1 小区 form): POST /api/community/add and, with its id, /modify. */
export interface CommunityFields {
  name: string;
  province: string;
  city: string;
  area: string;
  address: string;
  /** 户数, 0–99999. */
  householdCount?: number;
  /** 物业公司 (free text, ≤ 30). */
  propertyName?: string;
  /** ≤ 100. */
  remark?: string;
}

/** POST /api/community/add — creates a community of the caller's operator; data `{ id }`. Code 1 小区名称已存在. */
export const addCommunity = (body: CommunityFields) => post<{ id: number }>('/api/community/add', body);

/** POST /api/community/modify — changes a community of the caller's operator; data null. */
export const modifyCommunity = (body: CommunityFields & { id: number }) => post<null>('/api/community/modify', body);

/**
 * Request of POST /api/r9/site/addSite (B-site.md §1 /site/add): the site draft without the display-only fields.
 * Coordinates GCJ-02 with 6 decimals; rates in siteShareRule are basis points, electricPrice fen per kWh.
 */
export interface AddSiteRequest extends SiteFields {
  /** The linked property's Account id; omitted = no property. */
  merchantId?: number;
  siteShareRule: SiteShareRule;
}

/**
 * POST /api/r9/site/addSite — creates a site (status 运营中) owned by the caller's operator, with share-rule version 1
 * effective today and the platform default ChargeRule; data `{ id }`. Code 1 站点名称已存在 and validation messages.
 */
export const addSite = (body: AddSiteRequest) => post<{ id: number }>('/api/r9/site/addSite', body);

/** A property merchant of GET /api/user/merchantListByOperator (one shape with /mine/tenement-list, K14). */
export interface PropertyRow {
  /** The property's Account id (a site's merchantId). */
  merchantId: number;
  name: string;
  shortName: string;
  contacts: string;
  phone: string;
  /** URL or ''. */
  logo: string;
  /** The caller's non-deleted sites linked to this property. */
  siteCount: number;
  /** Fen: the property's share of this month at the caller's sites. */
  monthShareIncome: number;
  /** 0 未开通, 1 启用, 2 停用. */
  accountStatus: 0 | 1 | 2;
}

/** Answer of GET /api/user/merchantListByOperator. */
export interface PropertyListPage extends Page<PropertyRow> {
  /** Fen: Σ monthShareIncome of all the caller's properties (not only this page). */
  monthShareIncomeSum: number;
}

/** GET /api/user/merchantListByOperator — the caller's property merchants, paged, keyword on name or phone. */
export const getPropertyList = (query: { pageNum: number; pageSize: number; keyword?: string }) =>
  get<PropertyListPage>('/api/user/merchantListByOperator', query);
