import { ANY_ACCOUNT, PAGE, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the settings centre (sandbox/trust/matrix.ts; C-mine.md /mine/set): every logged-in account reads
 * and edits its own profile, reads the help centre and logs out.
 */
export const ACCESS: AccessTable = {
  'GET /api/user/checkoutMerchantInfo': { request: () => ({}), expect: ANY_ACCOUNT },
  'POST /api/user/replenishMerchantInfo': { request: () => ({ contacts: '陈建国' }), expect: ANY_ACCOUNT },
  'GET /api/user/selectInformation': { request: () => ({ ...PAGE }), expect: ANY_ACCOUNT },
  'GET /api/user/selectInformationDetails': { request: (o) => ({ id: o.article }), expect: ANY_ACCOUNT },
  'POST /api/user/logout': { request: () => ({}), expect: ANY_ACCOUNT },
};
