import { can, PUBLIC, type AccessRow, type AccessTable } from '../trust/matrix';

/**
 * Expected access of arrears payment (sandbox/trust/matrix.ts; D-income.md §0.4 "feeOwedDetail: `settlement`"): the
 * arrears list, the payment info, creating a payment and its result need `settlement`; the payment platforms'
 * notifications come from the platforms (no login; their signature is checked instead).
 */
const SETTLEMENT = can('settlement');

/** The probed account's open arrears record: the one picked when it is the account's, else a fresh one of 100 fen. */
const ownArrears: NonNullable<AccessRow['prepare']> = async (o, db) => {
  const own = await db.query('select id from arrears where id = $1 and account_id = $2', [o.arrears, o.account]);
  if (own.rows.length > 0) return {};
  const row = await db.query(
    `insert into arrears (account_id, cycle, source, amount, status, create_time, update_time)
     values ($1, '2026-10', 3, 100, 1, 0, 0) returning id`,
    [o.account],
  );
  return { arrears: Number((row.rows[0] as { id: number }).id) };
};

export const ACCESS: AccessTable = {
  'POST /api/share/instalment/queryCommOweAmountPaymentInfo': { request: () => ({}), expect: SETTLEMENT },
  'GET /api/account/settlement/cost/arrears/list': {
    request: () => ({ pageNum: 1, pageSize: 50, status: '1,2' }),
    expect: SETTLEMENT,
  },
  // An open arrears record of the probed account's own (another account's is out of reach); the amount is not its
  // total, so no payment is made (2030).
  'POST /api/share/instalment/aliPayment': {
    request: (o) => ({ arrearsIds: [o.arrears], amount: 1, requestId: 'c'.repeat(32) }),
    expect: SETTLEMENT,
    prepare: ownArrears,
  },
  'POST /api/share/instalment/wxPayment': {
    request: (o) => ({ arrearsIds: [o.arrears], amount: 1, requestId: 'd'.repeat(32) }),
    expect: SETTLEMENT,
    prepare: ownArrears,
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
