import { can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the settlement reads (sandbox/trust/matrix.ts; A-shell-home-settlement.md §4–§5, entities.md R1:
 * the settlement centre and the platform fee need `settlement`, which operators and agents hold and the demo property,
 * sub-account and builder do not). They answer the owner's whole account and name no site of the request's choosing
 * (a siteId filter only narrows the account's own rows). frozenAmount, frozenInfo and historyList are shared with the
 * SIM screens (C-mine.md /mine/sim/*): asked with costType 1 they need `sim` instead; the rows ask so, and
 * sim-rent.test.ts checks both codes against both cost types.
 */
const SETTLEMENT = can('settlement');
const SIM = can('sim');
const list = () => ({ pageNum: 1, pageSize: 10 });

export const ACCESS: AccessTable = {
  'GET /api/site/getSettlementCycle': { request: () => ({}), expect: SETTLEMENT },
  'GET /api/account/settlement/cost/frozenAmount': { request: () => ({ costType: 1 }), expect: SIM },
  'GET /api/account/settlement/cost/frozenInfo': { request: () => ({ costType: 1 }), expect: SIM },
  'GET /api/account/settlement/cost/instalmentList': { request: list, expect: SETTLEMENT },
  'GET /api/account/settlement/cost/deviceInstalmentList': { request: list, expect: SETTLEMENT },
  'GET /api/account/settlement/cost/contractInstalmentList': { request: list, expect: SETTLEMENT },
  'GET /api/account/settlement/cost/instalment/list': { request: list, expect: SETTLEMENT },
  'GET /api/account/settlement/cost/instalment/refundList': { request: list, expect: SETTLEMENT },
  'GET /api/account/settlement/cost/instalment/info': { request: () => ({ id: 999999 }), expect: SETTLEMENT },
  'GET /api/account/settlement/cost/instalment/itemList': {
    request: () => ({ id: 999999, ...list() }),
    expect: SETTLEMENT,
  },
  'GET /api/account/settlement/cost/historyList': { request: () => ({ ...list(), costType: 1 }), expect: SIM },
  'GET /api/share/instalment/queryCurrentInstalmentDetail': { request: () => ({}), expect: SETTLEMENT },
  'GET /api/share/instalment/queryDeviceInstalmentProportion': { request: () => ({}), expect: SETTLEMENT },
  'GET /api/site/getDeviceInstalment': { request: () => ({}), expect: SETTLEMENT },
  'GET /api/share/instalment/querySiteProportion': { request: () => ({}), expect: SETTLEMENT },
  'GET /api/share/instalment/queryDeductInstalment': { request: list, expect: SETTLEMENT },
  'GET /api/share/instalment/queryInstalmentDetail': {
    request: () => ({ instalmentId: 999999 }),
    expect: SETTLEMENT,
  },
  'GET /api/share/instalment/queryInstalmentList': { request: list, expect: SETTLEMENT },
};
