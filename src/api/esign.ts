import { get, post } from './http';
import type { OpenStatus, SettleCard } from './income';
import type { CallMeta } from './outcome';

/**
 * The onboarding chain (D-income.md §0.3, §5: certification, e-sign, online-bank account, corporate transfer
 * verification, settlement-card change; entities.md §78–§85). Main accounts only (accountType 1, 2, 3: others 403).
 * The reads are in ./income (getMerchantSignStatus, getMerchantEntity, getMerchantEntityProperty). Actions that route
 * money carry `requestId` (D §0.5). Errors: 2013, 2015, 2021–2023, 2040–2043 (D §0.6), 1001 wrong SMS code.
 *
 * Signing happens at the e-signature provider: smsSign {action: 1} starts a signing at the provider (it sends the
 * signer a code) and answers the provider's page `signUrl`; the user signs there with the code and comes back to
 * `backUrl`; the provider's notification then moves signStatus 0 → 1 → 2 (or 3 with a reason). smsSign {action: 2,
 * code} confirms with the code without the page (the same signing).
 */

/** Entity type: 1 个人, 2 个体工商户, 3 企业. */
export type EntityType = 1 | 2 | 3;

/** POST /api/merchant/entity/property/smsSign {action: 1} answer. */
export interface SignStarted {
  /** The signer's phone, masked. */
  phoneMasked: string;
  /** 300. */
  expireSeconds: number;
  /** The provider's signing page (returns to backUrl). */
  signUrl: string;
}

/** The entity snapshot of completeMerchantEntity / applyMerchantEntityChange. Dates 'YYYY-MM-DD'; null end = 长期. */
export interface EntityForm {
  entityType: EntityType;
  name?: string;
  licenseNo?: string;
  licenseImage?: string;
  licenseStart?: string;
  licenseEnd?: string | null;
  legalName: string;
  legalIdNo: string;
  legalIdStart: string;
  legalIdEnd?: string | null;
  idFrontImage: string;
  idBackImage: string;
  signerSameAsLegal: boolean;
  signerName?: string;
  signerIdNo?: string;
  signerPhone: string;
  authLetterImage?: string;
  /** 1 个人银行卡, 2 对公账户. */
  settleAccountType: 1 | 2;
  settleBankCode: string;
  settleBankName: string;
  settleBranchName?: string;
  /** Card or account number, digits. */
  settleCardNo: string;
  /** Personal card only. */
  settleReservedPhone?: string;
  email?: string;
}

/** A change application's snapshot: the entity form without its settlement account. */
export type EntityChange = Omit<
  EntityForm,
  | 'settleAccountType'
  | 'settleBankCode'
  | 'settleBankName'
  | 'settleBranchName'
  | 'settleCardNo'
  | 'settleReservedPhone'
>;

/** What an image is uploaded for (UploadFile.bizType). */
export type UploadKind = 'license' | 'idFront' | 'idBack' | 'authLetter' | 'store';

/** POST /api/merchant/entity/property/completeMerchantEntityProperty body (online-bank opening). */
export interface OpenAccountForm {
  /** Region codes. */
  businessProvince: string;
  businessCity: string;
  businessArea: string;
  businessAddress: string;
  categoryCode: string;
  storeImages: string[];
  contactEmail?: string;
  requestId: string;
}

/** KYB status: 0 未申请, 1 打款中, 2 待回填, 3 验证成功, 4 验证失败, 5 已过期, 6 打款失败. */
export type KybStatus = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** GET /api/merchant/entity/property/queryAccountBankKyb answer. */
export interface KybState {
  kybStatus: KybStatus;
  /** 1 开户验证, 2 更换结算卡, 3 对公提现账户; null when there is no corporate account to verify. */
  purpose: 1 | 2 | 3 | null;
  accountName: string;
  accountNoMasked: string;
  bankName: string;
  branchName: string;
  remitTime: number | null;
  expireTime: number | null;
  remainTimes: number;
  /** 3. */
  maxTimes: number;
  failReason: string | null;
  nextApplyTime: number | null;
}

/** POST /api/merchant/entity/property/smsSign {action: 1}: starts the signing at the provider. */
export const startSigning = (body: { agreementIds: number[]; backUrl: string; requestId: string }, meta?: CallMeta) =>
  post<SignStarted>('/api/merchant/entity/property/smsSign', { action: 1, ...body }, meta);

/** POST /api/merchant/entity/property/smsSign {action: 2}: confirms with the signer's code (2042 wrong code). */
export const confirmSigning = (body: { code: string; agreementIds: number[]; requestId: string }, meta?: CallMeta) =>
  post<{ signStatus: 0 | 1 | 2 | 3; signTime: number | null }>(
    '/api/merchant/entity/property/smsSign',
    { action: 2, ...body },
    meta,
  );

/** POST /api/merchant/esign/completeMerchantEntity — 2040 while under review or certified. */
export const completeMerchantEntity = (body: EntityForm & { requestId: string }, meta?: CallMeta) =>
  post<{ entityId: number; certStatus: 0 | 1 | 2 | 3; rejectReason: string | null }>(
    '/api/merchant/esign/completeMerchantEntity',
    body,
    meta,
  );

/**
 * POST /api/merchant/esign/applyMerchantEntityChange — the full new snapshot without the settlement account (ignored:
 * it changes on exchangeBank); ID numbers sent back masked as getMerchantEntity showed them are kept. 2040 not
 * certified, 2043 one already under review.
 */
export const applyMerchantEntityChange = (body: EntityChange & { requestId: string }, meta?: CallMeta) =>
  post<{ applyId: number; applyNo: string; status: 1; needResign: boolean }>(
    '/api/merchant/esign/applyMerchantEntityChange',
    body,
    meta,
  );

/**
 * POST /api/merchant/esign/uploadImage — a JPEG or PNG (≤ 1 MB after the client's compression) as a data URL in JSON
 * (`data:image/jpeg;base64,…`; the design's multipart field `file` carried in the body the sandbox reads). Answers the
 * stored image's url and size in px.
 */
export const uploadImage = (body: { bizType: UploadKind; image: string }, meta?: CallMeta) =>
  post<{ url: string; width: number; height: number }>('/api/merchant/esign/uploadImage', body, meta);

/** POST /api/merchant/entity/property/completeMerchantEntityProperty — 2041 not certified, 2006 not signed. */
export const completeMerchantEntityProperty = (body: OpenAccountForm, meta?: CallMeta) =>
  post<{ openStatus: OpenStatus }>('/api/merchant/entity/property/completeMerchantEntityProperty', body, meta);

/** GET /api/merchant/entity/property/queryAccountBankKyb. */
export const queryAccountBankKyb = (meta?: CallMeta) =>
  get<KybState>('/api/merchant/entity/property/queryAccountBankKyb', {}, meta);

/** POST /api/merchant/entity/property/applyKyb — an active verification is returned as is; 2023 rate-limited. */
export const applyKyb = (body: { requestId: string }, meta?: CallMeta) =>
  post<{ kybStatus: KybStatus }>('/api/merchant/entity/property/applyKyb', body, meta);

/** POST /api/merchant/entity/property/kybMath — amount fen 1–99; 2021 exhausted, 2022 expired. */
export const kybMath = (body: { amount: number; requestId: string }, meta?: CallMeta) =>
  post<{ matched: boolean; kybStatus: KybStatus; remainTimes: number }>(
    '/api/merchant/entity/property/kybMath',
    body,
    meta,
  );

/** POST /api/merchant/entity/property/changPersonBank — SMS type 6 to the new card's reserved phone; 2013, 2015. */
export const changePersonBank = (
  body: {
    cardNo: string;
    bankCode: string;
    branchName?: string;
    reservedPhone: string;
    code: string;
    requestId: string;
  },
  meta?: CallMeta,
) => post<{ settleCard: SettleCard }>('/api/merchant/entity/property/changPersonBank', body, meta);

/** POST /api/merchant/entity/property/changCompanyBank — the new account waits for KYB; 2015. */
export const changeCompanyBank = (
  body: { accountNo: string; bankCode: string; bankName: string; branchName: string; requestId: string },
  meta?: CallMeta,
) =>
  post<{ kybStatus: KybStatus; pendingCard: { bankName: string; cardNoTail: string } }>(
    '/api/merchant/entity/property/changCompanyBank',
    body,
    meta,
  );
