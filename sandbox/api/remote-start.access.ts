import { can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the remote start (sandbox/trust/matrix.ts; C-mine.md /mine/remoteCharge, B-site.md §3, Business
 * rule 15): remote:charge on a box of the caller's own site. The request names a socket no box has, so that it changes
 * nothing.
 */
export const ACCESS: AccessTable = {
  'POST /api/r9/charge/remotePay': {
    request: (o) => ({
      serialNumber: o.boxSerial,
      socketNo: 99,
      chargeMinutes: 30,
      reasonType: 2,
      requestId: '0123456789abcdef0123456789abcdef',
    }),
    expect: can('remote:charge'),
  },
};
