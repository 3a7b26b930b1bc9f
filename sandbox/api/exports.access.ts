import { randomBytes } from 'node:crypto';
import { can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of exports (sandbox/trust/matrix.ts; D-income.md §0.4 and C-mine.md: exports and the download centre
 * need `export`, held by operators, agents and properties; the demo sub-account and builder lack it). The charging-order
 * export names a site, checked as a site the caller sees; the others export the caller's whole account.
 */
const EXPORT = can('export');
const requestId = () => randomBytes(16).toString('hex');
const range = { startDate: '2026-11-01', endDate: '2026-11-10', email: 'matrix@yichong-hz.cn' };

export const ACCESS: AccessTable = {
  'POST /api/account/v2/billExportAccountBill': {
    request: () => ({ ...range, requestId: requestId() }),
    expect: EXPORT,
  },
  'POST /api/account/v2/billExportWithdraw': { request: () => ({ ...range, requestId: requestId() }), expect: EXPORT },
  'POST /api/account/v2/billExportChargeOrder': {
    request: (o) => ({ ...range, siteId: o.site, requestId: requestId() }),
    expect: EXPORT,
  },
  'GET /api/doc/listDocRecords': { request: () => ({ pageNum: 1, pageSize: 10 }), expect: EXPORT },
  'POST /api/doc/resendDocRecordByEmail': {
    request: (o) => ({ id: o.docRecord, email: 'matrix@yichong-hz.cn', requestId: requestId() }),
    expect: EXPORT,
  },
};
