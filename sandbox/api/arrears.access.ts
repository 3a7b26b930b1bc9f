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
  'GET /api/share/instalment/queryPayResult': { request: () => ({ paymentId: 999999 }), expect: SETTLEMENT },
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
