import { randomBytes } from 'node:crypto';
import { can, PAGE, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the remote charging records (sandbox/trust/matrix.ts; C-mine.md /mine/recordOfremote, Business
 * rules 1, 15): operators, agents and sub-accounts holding remote:charge; a limited sub-account sees its sites' rows.
 */
export const ACCESS: AccessTable = {
  'GET /api/r9/charge/remotePayRecord': {
    request: () => ({ startDate: '2026-01-01', endDate: '2026-01-31', ...PAGE }),
    expect: can('remote:charge', { types: [1, 2, 4] }),
  },
  'POST /api/r9/charge/exportRemotePayRecord': {
    request: () => ({
      startDate: '2026-11-01',
      endDate: '2026-11-10',
      email: 'matrix@yichong-hz.cn',
      requestId: randomBytes(16).toString('hex'),
    }),
    expect: can('export', { types: [1, 2, 4] }),
  },
};
