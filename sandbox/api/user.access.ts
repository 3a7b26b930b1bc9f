import { ANY_ACCOUNT, PUBLIC, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the account and login endpoints (sandbox/trust/matrix.ts; A-shell-home-settlement.md §1–§2):
 * signing in needs no token; the merchant info is every account's own. Requests use a phone that is not registered,
 * so no demo account's tries or SMS limits are spent.
 */
export const ACCESS: AccessTable = {
  'POST /api/user/signature': { request: () => ({ url: 'https://app.example.com/home' }), expect: PUBLIC },
  'POST /wap/user/wapAntlogin': { request: () => ({ code: 'no-such-code' }), expect: PUBLIC },
  'POST /api/user/aliLoginByAuthCode': { request: () => ({ authCode: 'no-such-code' }), expect: PUBLIC },
  'POST /api/user/verificationCode': { request: () => ({ phone: '13900000000', type: 1 }), expect: PUBLIC },
  'POST /api/user/antLogin': { request: () => ({ phone: '13900000000', code: '000000' }), expect: PUBLIC },
  'POST /api/user/antLoginWithPwd': { request: () => ({ phone: '13900000000', password: 'abc12345' }), expect: PUBLIC },
  'POST /api/user/registerFactor': {
    request: () => ({ phone: '13900000001', code: '000000', name: '测试运营商', password: 'abc12345' }),
    expect: PUBLIC,
  },
  'POST /api/user/validCode': { request: () => ({ phone: '13900000000', code: '000000', type: 1 }), expect: PUBLIC },
  'POST /api/user/findPass': {
    request: () => ({ phone: '13900000000', code: '000000', password: 'abc12345' }),
    expect: PUBLIC,
  },
  'GET /api/user/getCommercialInfo': { request: () => ({}), expect: ANY_ACCOUNT },
};
