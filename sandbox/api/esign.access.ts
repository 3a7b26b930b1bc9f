import { loggedIn, PUBLIC, type AccessTable } from '../trust/matrix';

/**
 * Expected access of e-signature, certification, online-bank opening, KYB and the settlement-card change
 * (sandbox/trust/matrix.ts; D-income.md §0.4 "e-sign screens …: main accounts only (accountType 1, 2, 3)"); the
 * provider's signing notification comes from the provider (no login; its signature is checked instead).
 */
const MAIN = loggedIn({ types: [1, 2, 3] });
const rid = (c: string) => c.repeat(32);
/** An entity snapshot that passes the input schema and is refused by the rules (the ID number's check digit). */
const entity = (c: string) => ({
  entityType: 1,
  legalName: '张三',
  legalIdNo: '110101199001011230',
  legalIdStart: '2020-01-01',
  idFrontImage: '/__sandbox/upload/1.jpg',
  idBackImage: '/__sandbox/upload/2.jpg',
  signerSameAsLegal: true,
  signerPhone: '13800000000',
  settleAccountType: 1,
  settleBankCode: 'CMB',
  settleBankName: '招商银行',
  settleCardNo: '6225880137000007',
  requestId: rid(c),
});

export const ACCESS: AccessTable = {
  'POST /api/merchant/entity/property/smsSign': { request: () => ({ action: 1, requestId: rid('e') }), expect: MAIN },
  'POST /api/merchant/esign/notify': {
    request: () => ({ flowId: 'none', event: 'SIGNED', reason: null, timestamp: '0', signature: 'x' }),
    expect: PUBLIC,
  },
  'POST /api/merchant/esign/completeMerchantEntity': { request: () => entity('f'), expect: MAIN },
  'POST /api/merchant/esign/applyMerchantEntityChange': { request: () => entity('1'), expect: MAIN },
  'POST /api/merchant/esign/uploadImage': {
    request: () => ({ bizType: 'store', image: 'not-an-image' }),
    expect: MAIN,
  },
  'POST /api/merchant/entity/property/completeMerchantEntityProperty': {
    request: () => ({
      businessProvince: '320000',
      businessCity: '320100',
      businessArea: '320102',
      businessAddress: '中山路1号',
      categoryCode: '0000',
      storeImages: ['/__sandbox/upload/3.jpg'],
      requestId: rid('2'),
    }),
    expect: MAIN,
  },
  'GET /api/merchant/entity/property/queryAccountBankKyb': { request: () => ({}), expect: MAIN },
  'POST /api/merchant/entity/property/applyKyb': { request: () => ({ requestId: rid('3') }), expect: MAIN },
  'POST /api/merchant/entity/property/kybMath': { request: () => ({ amount: 1, requestId: rid('4') }), expect: MAIN },
  'POST /api/merchant/entity/property/changPersonBank': {
    request: () => ({
      cardNo: '6225880137000007',
      bankCode: 'CMB',
      reservedPhone: '13800000000',
      code: '000000',
      requestId: rid('5'),
    }),
    expect: MAIN,
  },
  'POST /api/merchant/entity/property/changCompanyBank': {
    request: () => ({
      accountNo: '1234567890123',
      bankCode: 'NOSUCHBANK',
      bankName: '无此银行',
      branchName: '无此支行名称',
      requestId: rid('6'),
    }),
    expect: MAIN,
  },
};
