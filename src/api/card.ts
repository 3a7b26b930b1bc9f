import type { CardStatus, CardType, MonthTemplateFields, OfflinePayType, RechargeTier } from './card-rules';
import { get, post, type Page } from './http';

/**
 * Calls of rider cards (spec §7 "Cards"; C-mine.md /mine/card and its children, /mine/permuteCard): the card hub, the
 * lists by type, a card's detail and actions, recharges and activation, bound sites, adding cards, the recharge
 * settings of a site and the old-card replacement. Money fen, instants epoch ms, days 'YYYY-MM-DD'.
 *
 * Money actions (refillCard, activeCard, factoryReset, cardReplace) carry a `requestId` (32 hex, created when the form
 * opens and kept across a retry) and are answered once per request by the server (D-income.md §0.5).
 */

export type { CardStatus, CardType } from './card-rules';

/** A row of a rider search (GET /api/card/cardUserList): userId null for a holder not registered as a rider. */
export interface CardUser {
  userId: number | null;
  nickname: string;
  phone: string;
  cardCount: number;
}

/** GET /api/card/cardUserList — riders (or holders) with that phone holding the caller's cards. */
export const getCardUserList = (phone: string) => get<CardUser[]>('/api/card/cardUserList', { phone });

/** A card of one rider (GET /api/card/cardListByUserId). */
export interface RiderCard {
  cardId: number;
  cardNo: string;
  cardType: CardType;
  status: CardStatus;
  balance: number;
  giveBalance: number;
  endDate?: string;
  siteNames: string[];
}

/** GET /api/card/cardListByUserId — the cards of a rider (by userId, or by the holder's phone when not a rider). */
export const getCardListByUser = (who: { userId: number } | { phone: string }) =>
  get<RiderCard[]>('/api/card/cardListByUserId', who);

/** A row of a card list (C-mine.md card/tab/list). */
export interface CardRow {
  cardId: number;
  cardNo: string;
  cardType: CardType;
  status: CardStatus;
  holderName: string;
  phone: string;
  balance: number;
  giveBalance: number;
  siteId: number | null;
  siteName: string | null;
  /** Type 3: the number of bound sites. */
  siteCount: number;
  lastUseTime: number | null;
  templateName: string | null;
  startDate: string | null;
  endDate: string | null;
  remainDays: number | null;
  /** Type 4: the rider's nickname. */
  nickname: string | null;
  createTime: number;
}

/** One page of a card list, with the sum of balance + giveBalance of the filtered cards (value types). */
export interface CardListPage extends Page<CardRow> {
  balanceSum: number;
}

/** Filters of a card list. */
export interface CardListQuery {
  status?: number;
  siteId?: number;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

/** The list call of each card type (C-mine.md card/tab/list "Calls"). */
export const CARD_LIST_PATHS: Readonly<Record<CardType, string>> = {
  1: '/api/card/selectCardList',
  2: '/api/card/monthCardList',
  3: '/api/card/cardList',
  4: '/api/card/getsiteecardlist',
};

/** GET the card list of a type (status ≠ 4 已注销), newest first. */
export const getCardList = (cardType: CardType, query: CardListQuery) =>
  get<CardListPage>(CARD_LIST_PATHS[cardType], query);

/** Result of a batch action on cards: how many succeeded and why the others failed. */
export interface BatchResult {
  successCount: number;
  failList: { cardNo: string; reason: string }[];
}

/** POST /api/card/updateBatchBindSite — binds area cards (type 3) to sites: mode 1 追加, 2 覆盖. */
export const updateBatchBindSite = (body: { cardIds: number[]; siteIds: number[]; mode: 1 | 2 }) =>
  post<BatchResult>('/api/card/updateBatchBindSite', body);

/** A bound site of a card. */
export interface CardSiteRef {
  siteId: number;
  siteName: string;
}

/** A card in full (C-mine.md card/tab/list/info "Calls"); month fields only for type 2. */
export interface CardDetail {
  cardId: number;
  cardNo: string;
  cardType: CardType;
  status: CardStatus;
  holderName: string;
  phone: string;
  licenseNumber: string;
  balance: number;
  giveBalance: number;
  sites: CardSiteRef[];
  ruleId: number | null;
  activeTime: number | null;
  lastUseTime: number | null;
  createTime: number;
  remark: string;
  totalRecharge: number;
  totalConsume: number;
  chargeCount: number;
  nickname: string | null;
  templateId: number | null;
  templateName: string | null;
  startDate: string | null;
  endDate: string | null;
  remainDays: number | null;
  dailyTimesLimit: number | null;
  usedTimesToday: number;
  maxMinutesPerCharge: number | null;
  maxPowerW: number | null;
  pauseDate: string | null;
}

/** The detail call of each card type. */
export const CARD_DETAIL_PATHS: Readonly<Record<CardType, string>> = {
  1: '/api/card/selectCardDetail',
  2: '/api/card/monthCardDetail',
  3: '/api/card/cardDetail',
  4: '/api/card/selectCardDetail',
};

/** GET a card's detail; a card not found or not the caller's answers code 1 卡片不存在. */
export const getCardDetail = (cardType: CardType, cardId: number) =>
  get<CardDetail>(CARD_DETAIL_PATHS[cardType], { cardId });

/** Answer of GET /api/card/cardFeeCharge: how the card's site charges. */
export interface CardFeeCharge {
  /** 1 按时, 2 按量, 3 按次. */
  chargeMode: 1 | 2 | 3;
  priceDesc: string;
  tiers: { minPowerW: number; maxPowerW: number; price: number; unitMinutes: number }[];
}

/** GET /api/card/cardFeeCharge. */
export const getCardFeeCharge = (cardId: number) => get<CardFeeCharge>('/api/card/cardFeeCharge', { cardId });

/** GET /api/card/RFIDDetail — the RFID tag of a month card. */
export const getRfidDetail = (cardId: number) =>
  get<{ rfidNo: string | null; bindTime?: number }>('/api/card/RFIDDetail', { cardId });

/** A plate a rider registered in the rider app. */
export interface RiderLicense {
  licenseNumber: string;
  carTypeName: string;
}

/** GET /api/card/getLicenseNumber — the plates of the rider with that phone ([] when none). */
export const getLicenseNumber = (phone: string) =>
  get<RiderLicense[]>('/api/card/getLicenseNumber', { phone }, { loading: false });

/** POST /api/card/updateCard — 编辑持卡人信息. */
export const updateCard = (body: {
  cardId: number;
  holderName: string;
  phone: string;
  licenseNumber: string;
  remark: string;
}) => post<null>('/api/card/updateCard', body);

/** POST /api/card/updateRFID — "该RFID标签已绑定其他卡" when another card has it. */
export const updateRfid = (cardId: number, rfidNo: string) => post<null>('/api/card/updateRFID', { cardId, rfidNo });

/** POST /api/card/updateCardStatus — 2 冻结 (from 3), 3 解冻 (from 2). */
export const updateCardStatus = (cardId: number, status: 2 | 3) =>
  post<{ status: CardStatus }>('/api/card/updateCardStatus', { cardId, status });

/** POST /api/card/stopOrUnfreezeMonthCard — 1 停卡, 2 恢复 (endDate pushed back by the whole paused days). */
export const stopOrUnfreezeMonthCard = (cardId: number, action: 1 | 2) =>
  post<{ status: CardStatus; endDate: string | null }>('/api/card/stopOrUnfreezeMonthCard', { cardId, action });

/** POST /api/card/factoryReset — 注销: balances cleared, holder removed, back to 未激活 (money action). */
export const factoryReset = (body: {
  cardId: number;
  reason: 1 | 2 | 3 | 4;
  reasonRemark?: string;
  requestId: string;
}) => post<{ resetRecordId: number }>('/api/card/factoryReset', body);

/** A site's recharge settings (GET /api/card/getCardRechargeTemplateList). */
export interface RechargeTemplate {
  siteId: number;
  siteName: string;
  /** The tiers a rider or the counter can choose; the smart-bonus gifts when it is in force. */
  valueTiers: RechargeTier[];
  /** The tiers as the operator set them (before the smart bonus). */
  baseTiers: RechargeTier[];
  customAmount: 0 | 1;
  /** Fen. */
  minAmount: number;
  monthTemplates: MonthTemplate[];
  onlineRecharge: 0 | 1;
  /** 0 未开启, 1 待生效, 2 生效中. */
  aiGiveStatus: 0 | 1 | 2;
  /** False when the site has no value-card template (custom amounts only, no gift). */
  hasTemplate: boolean;
}

/** GET /api/card/getCardRechargeTemplateList for one site (the list holds that site only). */
export const getSiteRechargeTemplate = (siteId: number) =>
  get<Page<RechargeTemplate>>('/api/card/getCardRechargeTemplateList', { siteId, pageNum: 1, pageSize: 1 });

/** GET /api/card/getCardRechargeTemplateList — the overview of every own site (充值设置). */
export const getRechargeTemplateList = (query: { keyword?: string; pageNum: number; pageSize: number }) =>
  get<Page<RechargeTemplate>>('/api/card/getCardRechargeTemplateList', query);

/** A month-card template. */
export interface MonthTemplate extends MonthTemplateFields {
  templateId: number;
}

/** GET /api/card/getMonthCardTemplate — the templates of a site (enabled and disabled). */
export const getMonthCardTemplate = (siteId: number) =>
  get<MonthTemplate[]>('/api/card/getMonthCardTemplate', { siteId });

/** Request of POST /api/card/refillCard (money action): a counter recharge or a month-card renewal. */
export interface RefillRequest {
  cardId: number;
  cardType: CardType;
  payAmount: number;
  giveAmount: number;
  templateId?: number;
  payType: OfflinePayType;
  remark?: string;
  requestId: string;
}

/** POST /api/card/refillCard. */
export const refillCard = (body: RefillRequest) =>
  post<{ rechargeId: number; balance: number; giveBalance: number; endDate?: string }>('/api/card/refillCard', body);

/** A row of a card's recharge records. */
export interface CardRechargeRow {
  id: number;
  rechargeNo: string;
  /** 1 充值, 2 开卡首充, 3 月卡开卡/续费, 4 旧卡转入. */
  type: 1 | 2 | 3 | 4;
  /** 1 用户线上, 2 后台. */
  channel: 1 | 2;
  payType: number;
  payAmount: number;
  giveAmount: number;
  balanceAfter: number;
  giveBalanceAfter: number;
  periodStart: string | null;
  periodEnd: string | null;
  operatorName: string | null;
  remark: string | null;
  createTime: number;
}

/** GET /api/card/queryCardRecharge — a card's recharges, newest first, with the sums of the whole list. */
export const queryCardRecharge = (cardId: number, pageNum: number, pageSize: number) =>
  get<Page<CardRechargeRow> & { payAmountSum: number; giveAmountSum: number }>('/api/card/queryCardRecharge', {
    cardId,
    pageNum,
    pageSize,
  });

/** A charging session of a card. */
export interface CardChargeRow {
  orderId: number;
  orderNo: string;
  siteName: string;
  serialNumber: string;
  socketNo: number;
  startTime: number;
  durationMinutes: number;
  amount: number;
  /** ChargeOrder.status. */
  status: number;
  endReason: number | null;
}

/** GET /api/user/checkChargeRecords — a card's charging sessions of a month, with the month's count and sum. */
export const checkChargeRecords = (cardId: number, month: string, pageNum: number, pageSize: number) =>
  get<Page<CardChargeRow> & { countSum: number; amountSum: number }>('/api/user/checkChargeRecords', {
    cardId,
    month,
    pageNum,
    pageSize,
  });

/** Request of POST /api/card/activeCard (money action: the first recharge or month package). */
export interface ActivateRequest {
  cardId: number;
  phone: string;
  holderName?: string;
  licenseNumber?: string;
  payAmount: number;
  giveAmount: number;
  templateId?: number;
  startDate?: string;
  payType?: OfflinePayType;
  remark?: string;
  requestId: string;
}

/** POST /api/card/activeCard — 未激活 → 正常 ("该卡已激活" when it is not in stock). */
export const activeCard = (body: ActivateRequest) =>
  post<{
    cardId: number;
    status: 3;
    balance: number;
    giveBalance: number;
    startDate?: string;
    endDate?: string;
  }>('/api/card/activeCard', body);

/** A site a card is or can be bound to. */
export interface BindSite {
  siteId: number;
  siteName: string;
  address: string;
  ruleId: number;
  ruleName: string;
  /** unbindSiteList: the site uses the card's rule (always true without a card). */
  sameRule?: boolean;
}

/** GET /api/card/getCardBindSite — the sites a card is bound to. */
export const getCardBindSite = (cardId: number) => get<BindSite[]>('/api/card/getCardBindSite', { cardId });

/** POST /api/card/updateCardBindSite — types 1/2: moves the card to exactly one other site. */
export const updateCardBindSite = (cardId: number, siteId: number) =>
  post<null>('/api/card/updateCardBindSite', { cardId, siteIds: [siteId] });

/** GET /api/card/bindSiteList — the sites of an area card, paged. */
export const getBindSiteList = (cardId: number, pageNum: number, pageSize: number) =>
  get<Page<BindSite>>('/api/card/bindSiteList', { cardId, pageNum, pageSize });

/** GET /api/card/unbindSiteList — own sites not bound to the card (all own sites without a card). */
export const getUnbindSiteList = (query: { cardId?: number; keyword?: string; pageNum: number; pageSize: number }) =>
  get<Page<BindSite>>('/api/card/unbindSiteList', query);

/** POST /api/card/updateBindSite — adds and removes sites of an area card. */
export const updateBindSite = (body: { cardId: number; addSiteIds: number[]; removeSiteIds: number[] }) =>
  post<{ siteCount: number }>('/api/card/updateBindSite', body);

/** GET /api/card/siteBindCardNum — the number of cards bound to each site. */
export const getSiteBindCardNum = (siteIds: number[]) =>
  get<{ siteId: number; cardCount: number }[]>('/api/card/siteBindCardNum', { siteIds: siteIds.join(',') });

/** Answer of GET /api/card/siteAvailableRule: the site's fee rule and the card types it accepts. */
export interface SiteAvailableRule {
  ruleId: number;
  ruleName: string;
  chargeMode: 1 | 2 | 3;
  priceDesc: string;
  cardTypes: CardType[];
}

/** GET /api/card/siteAvailableRule. */
export const getSiteAvailableRule = (siteId: number) =>
  get<SiteAvailableRule>('/api/card/siteAvailableRule', { siteId }, { loading: false });

/** POST /api/card/cardIsBindOtherSite — numbers already held by any card (own or another merchant's). */
export const cardIsBindOtherSite = (cardNos: string[]) =>
  post<{ boundList: { cardNo: string; siteName: string; merchantName: string }[] }>('/api/card/cardIsBindOtherSite', {
    cardNos,
  });

/** POST /api/card/addCard (types 1, 2) or /api/card/add (type 3): new cards in stock (未激活) bound to `siteIds`. */
export const addCards = (body: { cardType: CardType; cardNos: string[]; siteIds: number[]; remark?: string }) =>
  post<BatchResult>(body.cardType === 3 ? '/api/card/add' : '/api/card/addCard', body);

/** A row of the cancellation records. */
export interface ResetRecord {
  id: number;
  cardId: number;
  cardNo: string;
  cardType: CardType;
  holderName: string;
  phone: string;
  clearedBalance: number;
  clearedGiveBalance: number;
  monthEndDate: string | null;
  remainDays: number | null;
  reason: 1 | 2 | 3 | 4;
  reasonRemark: string;
  siteNames: string[];
  operatorName: string;
  resetTime: number;
}

/** GET /api/card/resetCardList — 注销记录, newest first. */
export const getResetCardList = (query: { cardType?: number; keyword?: string; pageNum: number; pageSize: number }) =>
  get<Page<ResetRecord>>('/api/card/resetCardList', query);

// ---------------------------------------------------------------------------------------------------------------------
// Recharge settings of a site (充值设置详情)
// ---------------------------------------------------------------------------------------------------------------------

/** POST /api/card/setCardRechargeTemplate — the value-card tiers (sorted ascending by the server). */
export const setCardRechargeTemplate = (body: {
  siteId: number;
  tiers: RechargeTier[];
  customAmount: 0 | 1;
  minAmount: number;
}) => post<null>('/api/card/setCardRechargeTemplate', body);

/** The value-card billing of a site. */
export interface SimpleValueTemplate {
  siteId: number;
  /** 1 按站点收费规则, 2 按次扣费. */
  chargeMode: 1 | 2;
  perSwipeAmount: number;
  perSwipeMinutes: number;
  onlineRecharge: 0 | 1;
}

/** GET /api/card/getSimpleValueCardTemplate. */
export const getSimpleValueCardTemplate = (siteId: number) =>
  get<SimpleValueTemplate>('/api/card/getSimpleValueCardTemplate', { siteId });

/** POST /api/card/setSimpleValueCardTemplate. */
export const setSimpleValueCardTemplate = (body: SimpleValueTemplate) =>
  post<null>('/api/card/setSimpleValueCardTemplate', body);

/** POST /api/card/setMonthCardTemplate — a new month-card template. */
export const setMonthCardTemplate = (body: MonthTemplateFields & { siteId: number }) =>
  post<{ templateId: number }>('/api/card/setMonthCardTemplate', body);

/** POST /api/card/editMonthCardTemplate — changes a template (cards already sold keep their terms). */
export const editMonthCardTemplate = (body: MonthTemplateFields & { templateId: number }) =>
  post<null>('/api/card/editMonthCardTemplate', body);

/** GET /api/card/hasAISellCardEligible — may the site switch on the smart bonus. */
export const hasAiSellCardEligible = (siteId: number) =>
  get<{ eligible: boolean; reason?: string }>('/api/card/hasAISellCardEligible', { siteId });

/** Answer of GET /api/site/getSiteAIRecommendCardGiveStatus. */
export interface AiGiveStatus {
  /** 0 未开启, 1 待生效, 2 生效中. */
  status: 0 | 1 | 2;
  startDate?: string;
  recommendTiers: RechargeTier[];
}

/** GET /api/site/getSiteAIRecommendCardGiveStatus (Sites area). */
export const getAiGiveStatus = (siteId: number) =>
  get<AiGiveStatus>('/api/site/getSiteAIRecommendCardGiveStatus', { siteId });

/** Answer of GET /api/card/recentAIRechargeStatistics: the site's online recharges of the last 30 days. */
export interface RecentRechargeStatistics {
  days: 30;
  rechargeCount: number;
  rechargeAmount: number;
  giveAmount: number;
  /** Percent against the 30 days before, one decimal (may be negative). */
  changeRate: number;
}

/** GET /api/card/recentAIRechargeStatistics. */
export const getRecentRechargeStatistics = (siteId: number) =>
  get<RecentRechargeStatistics>('/api/card/recentAIRechargeStatistics', { siteId });

/** POST /api/card/openAIRecommendCardGiveDate — switches the smart bonus on from startDate (≥ tomorrow). */
export const openAiGive = (siteId: number, startDate: string) =>
  post<{ status: 1 }>('/api/card/openAIRecommendCardGiveDate', { siteId, startDate });

// ---------------------------------------------------------------------------------------------------------------------
// Old-card replacement (/mine/permuteCard)
// ---------------------------------------------------------------------------------------------------------------------

/** The replacement activity in progress (GET /wap/card/goingActivity), or null. */
export interface ReplaceActivity {
  activityId: number;
  name: string;
  startTime: number;
  endTime: number;
  rules: string;
  /** Fen. */
  maxTransferAmount: number;
  allowManualBalance: 0 | 1;
  siteList: { siteId: number; siteName: string; address: string }[];
}

/** GET /wap/card/goingActivity. */
export const getGoingActivity = () => get<ReplaceActivity | null>('/wap/card/goingActivity');

/** An imported old card of a site. */
export interface OldCardRow {
  oldCard: string;
  balance: number;
  holderPhone?: string;
  replaced: 0 | 1;
}

/** GET /wap/card/getCardBySiteId — the imported old cards of a site (keyword: part of the number). */
export const getOldCardsOfSite = (siteId: number, keyword?: string) =>
  get<OldCardRow[]>('/wap/card/getCardBySiteId', { siteId, ...(keyword ? { keyword } : {}) }, { loading: false });

/** Request of POST /wap/card/cardReplace (money action). */
export interface CardReplaceRequest {
  activityId: number;
  oldCard: string;
  oldCardBalance: number;
  phone: string;
  rechargeType: 1 | 2;
  newCard: string;
  siteId: number;
  remark?: string;
  status: number;
  requestId: string;
}

/** POST /wap/card/cardReplace — the new card activated with the old card's balance. */
export const cardReplace = (body: CardReplaceRequest) =>
  post<{ newCardId: number; newCardNo: string; newCardType: 1 | 3; balance: number; giveBalance: number; status: 3 }>(
    '/wap/card/cardReplace',
    body,
  );
