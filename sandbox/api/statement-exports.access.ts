import { randomBytes } from 'node:crypto';
import { can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the statements' exports (sandbox/trust/matrix.ts; D-income.md §0.4: exports need `export`, held by
 * operators, agents and properties; the demo sub-account and builder lack it). Both export the caller's own statement
 * or site bills (a property its own); a property named by merchantId is checked like the statement's. The day bills
 * are the owner's view (accountTypes 1, 2, 4), like /income/detail-list; the coin orders name a site the caller sees.
 */
const EXPORT = can('export');
const requestId = () => randomBytes(16).toString('hex');
const month = '2026-11';
const email = 'matrix@yichong-hz.cn';

export const ACCESS: AccessTable = {
  'POST /api/account/v2/billExportMonth': { request: () => ({ month, email, requestId: requestId() }), expect: EXPORT },
  'POST /api/account/v2/billExportDay': {
    request: () => ({ startDate: '2026-11-01', endDate: '2026-11-03', email, requestId: requestId() }),
    expect: can('export', { types: [1, 2, 4] }),
  },
  'POST /api/r9/order/exportCoinOrderRecord': {
    request: (o) => ({ startDate: '2026-11-01', endDate: '2026-11-10', siteId: o.site, email, requestId: requestId() }),
    expect: EXPORT,
  },
  'POST /api/account/v2/billExportSiteBill': {
    request: () => ({ month, email, requestId: requestId() }),
    expect: EXPORT,
  },
};
