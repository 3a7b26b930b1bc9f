import { randomBytes } from 'node:crypto';
import { can, PAGE, type AccessTable } from '../trust/matrix';

/**
 * Expected access of rider cards (sandbox/trust/matrix.ts; C-mine.md cards, Business rules 1–11; R1): cards are the
 * owner's (operators, agents and their sub-accounts — a limited sub-account only the cards of its sites); card:view to
 * read, card:edit to change, card:recharge to top up; a property or a builder holds none. Requests that would change a
 * card fail their business rule after access (an active card activated again, a card of another type topped up, an
 * idle card reset), so the matrix's picks stay as they are. The lookups by phone ask for the holder of the side's card;
 * another owner's rider answers an empty list, not a refusal (sandbox/trust/license-scope.test.ts), so they name no
 * object and their answers are checked for leaks.
 */
const CARDS = [1, 2, 4];
const view = can('card:view', { types: CARDS });
const edit = can('card:edit', { types: CARDS });
const requestId = () => randomBytes(16).toString('hex');
const month = {
  name: '矩阵月卡',
  days: 30,
  price: 3000,
  dailyTimesLimit: 2,
  maxMinutesPerCharge: 600,
  maxPowerW: 800,
  enabled: 1,
};

export const ACCESS: AccessTable = {
  'GET /api/card/cardUserList': { request: (o) => ({ phone: o.riderPhone }), expect: view, object: false },
  'GET /api/card/cardListByUserId': { request: (o) => ({ phone: o.riderPhone }), expect: view, object: false },
  'GET /api/card/selectCardList': { request: (o) => ({ siteId: o.site, ...PAGE }), expect: view },
  'GET /api/card/monthCardList': { request: (o) => ({ siteId: o.site, ...PAGE }), expect: view },
  'GET /api/card/cardList': { request: (o) => ({ siteId: o.site, ...PAGE }), expect: view },
  'GET /api/card/getsiteecardlist': { request: (o) => ({ siteId: o.site, ...PAGE }), expect: view },
  'GET /api/card/selectCardDetail': { request: (o) => ({ cardId: o.card }), expect: view },
  'GET /api/card/monthCardDetail': { request: (o) => ({ cardId: o.card }), expect: view },
  'GET /api/card/cardDetail': { request: (o) => ({ cardId: o.card }), expect: view },
  'GET /api/card/cardFeeCharge': { request: (o) => ({ cardId: o.card }), expect: view },
  'GET /api/card/RFIDDetail': { request: (o) => ({ cardId: o.card }), expect: view },
  'GET /api/card/getLicenseNumber': { request: (o) => ({ phone: o.riderPhone }), expect: view, object: false },
  'POST /api/card/updateCard': {
    request: (o) => ({ cardId: o.card, holderName: '矩阵', phone: '13912345678', licenseNumber: '', remark: '' }),
    expect: edit,
  },
  'POST /api/card/updateRFID': { request: (o) => ({ cardId: o.card, rfidNo: 'ABCDEF12' }), expect: edit },
  'POST /api/card/updateCardStatus': { request: (o) => ({ cardId: o.card, status: 3 }), expect: edit },
  'POST /api/card/stopOrUnfreezeMonthCard': { request: (o) => ({ cardId: o.card, action: 2 }), expect: edit },
  'GET /api/card/queryCardRecharge': { request: (o) => ({ cardId: o.card, ...PAGE }), expect: view },
  'GET /api/user/checkChargeRecords': { request: (o) => ({ cardId: o.card, month: '2026-11', ...PAGE }), expect: view },
  'GET /api/card/getCardBindSite': { request: (o) => ({ cardId: o.card }), expect: view },
  'GET /api/card/bindSiteList': { request: (o) => ({ cardId: o.card, ...PAGE }), expect: view },
  'GET /api/card/unbindSiteList': { request: () => ({ ...PAGE }), expect: view },
  'POST /api/card/updateCardBindSite': { request: (o) => ({ cardId: o.card, siteIds: [o.site] }), expect: edit },
  'POST /api/card/updateBindSite': {
    request: (o) => ({ cardId: o.card, addSiteIds: [], removeSiteIds: [] }),
    expect: edit,
  },
  'POST /api/card/updateBatchBindSite': {
    request: (o) => ({ cardIds: [o.card], siteIds: [o.site], mode: 1 }),
    expect: edit,
  },
  // Counts for the sites asked that are the caller's; others are left out (checked for leaks, not refused).
  'GET /api/card/siteBindCardNum': { request: (o) => ({ siteIds: String(o.site) }), expect: view, object: false },
  'GET /api/card/siteAvailableRule': { request: (o) => ({ siteId: o.site }), expect: view },
  'POST /api/card/cardIsBindOtherSite': { request: () => ({ cardNos: ['MATRIX0001'] }), expect: edit },
  'POST /api/card/addCard': {
    request: (o) => ({ cardType: 1, cardNos: ['MATRIX0002'], siteIds: [o.site] }),
    expect: edit,
  },
  'POST /api/card/add': { request: (o) => ({ cardType: 3, cardNos: ['MATRIX0003'], siteIds: [o.site] }), expect: edit },
  'GET /api/card/resetCardList': { request: () => ({ ...PAGE }), expect: view },
  'POST /api/card/refillCard': {
    request: (o) => ({
      cardId: o.card,
      cardType: 99,
      payAmount: 100,
      giveAmount: 0,
      payType: 3,
      requestId: requestId(),
    }),
    expect: can('card:recharge', { types: CARDS }),
  },
  'POST /api/card/activeCard': {
    request: (o) => ({ cardId: o.card, phone: '13912345678', payAmount: 0, giveAmount: 0, requestId: requestId() }),
    expect: edit,
  },
  'POST /api/card/factoryReset': {
    request: (o) => ({ cardId: o.idleCard, reason: 1, requestId: requestId() }),
    expect: edit,
  },
  'GET /wap/card/goingActivity': { request: () => ({}), expect: edit },
  'GET /wap/card/getCardBySiteId': { request: (o) => ({ siteId: o.site }), expect: edit },
  'POST /wap/card/cardReplace': {
    request: (o) => ({
      activityId: o.activity,
      oldCard: 'OLD0000',
      oldCardBalance: 0,
      phone: '13912345678',
      rechargeType: 1,
      newCard: 'MATRIX0004',
      siteId: o.site,
      requestId: requestId(),
    }),
    expect: edit,
  },
  'GET /api/card/getCardRechargeTemplateList': { request: (o) => ({ siteId: o.site, ...PAGE }), expect: view },
  'GET /api/card/getMonthCardTemplate': { request: (o) => ({ siteId: o.site }), expect: view },
  'POST /api/card/setCardRechargeTemplate': {
    request: (o) => ({ siteId: o.site, tiers: [], customAmount: 0, minAmount: 0 }),
    expect: edit,
  },
  'GET /api/card/getSimpleValueCardTemplate': { request: (o) => ({ siteId: o.site }), expect: view },
  'POST /api/card/setSimpleValueCardTemplate': {
    request: (o) => ({ siteId: o.site, chargeMode: 1, perSwipeAmount: 100, perSwipeMinutes: 60, onlineRecharge: 0 }),
    expect: edit,
  },
  'POST /api/card/setMonthCardTemplate': { request: (o) => ({ siteId: o.site, ...month, days: 0 }), expect: edit },
  'POST /api/card/editMonthCardTemplate': {
    request: (o) => ({ templateId: o.monthTemplate, ...month }),
    expect: edit,
  },
  'GET /api/card/hasAISellCardEligible': { request: (o) => ({ siteId: o.site }), expect: view },
  'GET /api/site/getSiteAIRecommendCardGiveStatus': { request: (o) => ({ siteId: o.site }), expect: view },
  'GET /api/card/recentAIRechargeStatistics': { request: (o) => ({ siteId: o.site }), expect: view },
  'POST /api/card/openAIRecommendCardGiveDate': {
    request: (o) => ({ siteId: o.site, startDate: '2000-01-01' }),
    expect: edit,
  },
};
