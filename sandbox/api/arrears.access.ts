import { can, PUBLIC, type AccessTable } from '../trust/matrix';

/**
 * Expected access of arrears payment (sandbox/trust/matrix.ts; D-income.md §0.4 "feeOwedDetail: `settlement`"): the
 * arrears list, the payment info, creating a payment and its result need `settlement`; the payment platforms'
 * notifications come from the platforms (no login; their signature is checked instead).
 */
const SETTLEMENT = can('settlement');

export const ACCESS: AccessTable = {
  'POST /api/share/instalment/queryCommOweAmountPaymentInfo': { request: () => ({}), expect: SETTLEMENT },
  'GET /api/account/settlement/cost/arrears/list': {
    request: () => ({ pageNum: 1, pageSize: 50, status: '1,2' }),
    expect: SETTLEMENT,
  },
  'POST /api/share/instalment/aliPayment': {
    request: () => ({ arrearsIds: [999999], amount: 100, requestId: 'c'.repeat(32) }),
    expect: SETTLEMENT,
  },
  'POST /api/share/instalment/wxPayment': {
    request: () => ({ arrearsIds: [999999], amount: 100, requestId: 'd'.repeat(32) }),
    expect: SETTLEMENT,
  },
  'GET /api/share/instalment/queryPayResult': {
    request: (o) => ({ paymentId: o.payment }),
    expect: SETTLEMENT,
    // A closed back payment of the probed account's own (the demo world's are the split operator's).
    prepare: async (o, db) => {
      const row = await db.query(
        `insert into owe_payment (payment_no, account_id, arrears_ids, amount, pay_way, status, request_id, expire_time,
           create_time, update_time)
         values ($2, $1, '{1}', 100, 1, 3, $2, 0, 0, 0)
         on conflict (payment_no) do update set status = 3 returning id`,
        [o.account, `MATRIX${o.account}`],
      );
      return { payment: Number((row.rows[0] as { id: number }).id) };
    },
  },
  'POST /api/share/instalment/wxPayNotify': {
    request: () => ({
      id: 'n',
      event_type: 'TRANSACTION.SUCCESS',
      resource: '{}',
      timestamp: '0',
      nonce: 'n',
      signature: 'x',
    }),
    expect: PUBLIC,
  },
  'POST /api/share/instalment/aliPayNotify': { request: () => ({}), expect: PUBLIC },
};
