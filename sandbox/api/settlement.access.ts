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
  'GET /api/account/settlement/cost/instalment/info': { request: (o) => ({ id: o.deduction }), expect: SETTLEMENT },
  'GET /api/account/settlement/cost/instalment/itemList': {
    request: (o) => ({ id: o.deduction, ...list() }),
    expect: SETTLEMENT,
  },
  'GET /api/account/settlement/cost/historyList': { request: () => ({ ...list(), costType: 1 }), expect: SIM },
  'GET /api/share/instalment/queryCurrentInstalmentDetail': { request: () => ({}), expect: SETTLEMENT },
  'GET /api/share/instalment/queryDeviceInstalmentProportion': { request: () => ({}), expect: SETTLEMENT },
  'GET /api/site/getDeviceInstalment': { request: () => ({}), expect: SETTLEMENT },
  'GET /api/share/instalment/querySiteProportion': { request: () => ({}), expect: SETTLEMENT },
  'GET /api/share/instalment/queryDeductInstalment': { request: list, expect: SETTLEMENT },
  'GET /api/share/instalment/queryInstalmentDetail': {
    request: (o) => ({ instalmentId: o.feePeriod }),
    expect: SETTLEMENT,
    // A settled fee period of the probed account's own (the demo world's are the split operator's).
    prepare: async (o, db) => {
      const row = await db.query(
        `insert into fee_period (account_id, period_no, start_date, end_date, settle_date, status, create_time,
           update_time)
         values ($1, 900, '2026-10-01', '2026-10-31', '2026-11-01', 2, 0, 0)
         on conflict (account_id, period_no) do update set status = 2 returning id`,
        [o.account],
      );
      return { feePeriod: Number((row.rows[0] as { id: number }).id) };
    },
  },
  'GET /api/share/instalment/queryInstalmentList': { request: list, expect: SETTLEMENT },
};
