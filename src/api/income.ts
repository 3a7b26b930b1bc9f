import { get } from './http';
import type { CallMeta } from './outcome';

/**
 * Calls of the income home /income (D-income.md §1 "/income — 收入", §0.9 for the names chosen there; the arrears
 * calls are section A's, A-shell-home-settlement.md §4–§5). All GET without a body; money in fen (integer), instants
 * epoch ms, days 'YYYY-MM-DD' and months 'YYYY-MM' (Asia/Shanghai). Sub-accounts get their operator's data; figures of
 * the revenue curve are limited to a sub-account's data scope, wallet figures stay whole-account (D §0.4).
 * Every call takes an optional CallMeta: the income home passes errorText 2 for its badge-type calls (notice bars).
 */

/** GET /api/account/v2/balance — the wallet (D §0.1, entities.md §47). All amounts fen. */
export interface WalletBalance {
  /** = availableBalance + frozenAmount + cardFrozenAmount + withdrawingAmount. */
  balance: number;
  /** The only withdrawable part. */
  availableBalance: number;
  /** Cost freezes: instalments (settleMode 1) + monthly SIM rent. */
  frozenAmount: number;
  /** Area value-card recharges awaiting consumption. */
  cardFrozenAmount: number;
  /** Withdrawals in progress (status 1/2). */
  withdrawingAmount: number;
  /** Split rows not yet posted (credited at 02:00 tomorrow); not part of balance. */
  pendingIncome: number;
  /** Σ ledger entries of bizType 1–5. */
  totalIncome: number;
  /** Σ successful withdrawals. */
  totalWithdraw: number;
  /** 提现主体名称: the certified entity's name, else the account's real name, else the account name. */
  account: string;
}

/** A withdrawal card as the withdraw info holds it (D §0.8 cashBank). */
export interface WithdrawCard {
  bankCardId: number;
  /** 1 储蓄卡, 2 对公账户. */
  cardType: 1 | 2;
  bankName: string;
  /** URL; '' when the bank has none (the screen shows a grey card icon). */
  bankLogo: string;
  /** Last 4 digits. */
  cardNoTail: string;
  /** Masked holder name (张*三). */
  holderName: string;
}

/** GET /api/user/getWithdrawMode (D §0.2, §1 /income; entities.md §56 WithdrawSetting). */
export interface WithdrawMode {
  /** 1 平台钱包, 2 网商银行电子账户 (iff the online-bank account is opened, openStatus 4). */
  channel: 1 | 2;
  autoWithdraw: 0 | 1;
  /** 1 每日, 2 每周, 3 每月. */
  autoMode: 1 | 2 | 3;
  /** Weekday 1–7 (autoMode 2), day 1–28 (autoMode 3), 1 otherwise. */
  date: number;
  /** 'YYYY-MM-DD' of the next automatic withdrawal, or null. */
  nextWithdraw: string | null;
  /** Channel 1: the card of the last withdrawal (if still bound); channel 2: the entity settlement card; or null. */
  cashBank: WithdrawCard | null;
  /** The saved auto-withdraw card, or null. */
  autoCard: WithdrawCard | null;
  /** Masked phone receiving withdrawal codes (the operator's for sub-accounts), 138****1234. */
  phone: string;
  /** 提现主体名称 (as WalletBalance.account). */
  account: string;
}

/** Dimension of the revenue curve: 1 按日 (keys 'YYYY-MM-DD'), 2 按月 (keys 'YYYY-MM'). */
export type RevenueDimension = 1 | 2;

/** The income figures of one day/month (fen). total (营业额) = charge + valueCard + monthCard + coin − refund. */
export interface RevenueFigures {
  total: number;
  /** 充电收入: scan-paid (WeChat/Alipay) charge orders by pay time. */
  charge: number;
  /** 储值卡充值: online recharges of value cards (card types 1/3/4). */
  valueCard: number;
  /** 月卡收入: online month-card purchases. */
  monthCard: number;
  /** 投币收入: cash collected from the boxes. */
  coin: number;
  /** 分润收入 received (OrderSplit roles 1/2/5 of the account); reported beside total, not inside it. */
  share: number;
  /** Refunds of online orders and recharges by refund time (positive fen). */
  refund: number;
}

/** One point of the curve: `key` is the day 'YYYY-MM-DD' (dimension 1) or month 'YYYY-MM' (dimension 2). */
export interface RevenuePoint extends RevenueFigures {
  key: string;
}

/**
 * GET /api/account/v3/revenueCurve — one point per day/month from startDate to endDate inclusive, zero-filled, oldest
 * first, and their sum. For property accounts every field but share is 0.
 */
export interface RevenueCurve {
  points: RevenuePoint[];
  sum: RevenueFigures;
}

/** Signing status (section A): 0 未签约, 1 签约审核中, 2 已签约, 3 签约失败. */
export type SignStatus = 0 | 1 | 2 | 3;

/** One agreement of the signing set (D /income/sign-agree). */
export interface SignAgreement {
  agreementId: number;
  name: string;
  version: string;
  contentUrl: string;
  /** URL of the signed copy, or null before signing. */
  signedUrl: string | null;
}

/** GET /api/merchant/esign/getMerchantSignStatus (extends A; shape of D /income/sign-agree). */
export interface MerchantSignStatus {
  signStatus: SignStatus;
  rejectReason: string | null;
  signTime: number | null;
  entityName: string;
  /** 1 个人, 2 个体工商户, 3 企业; null before an entity exists. */
  entityType: 1 | 2 | 3 | null;
  signerName: string;
  /** Masked. */
  signerPhone: string;
  /** 0 未提交, 1 审核中, 2 已认证, 3 认证失败. */
  certStatus: 0 | 1 | 2 | 3;
  agreements: SignAgreement[];
  openRequired: boolean;
}

/** The entity settlement card (D /income/openAccountDetail settleCard). */
export interface SettleCard extends WithdrawCard {
  /** 0 未验证, 1 待打款验证, 2 已验证. */
  verifyStatus: 0 | 1 | 2;
}

/**
 * Online-bank opening status (D §0.3, entities.md §82): 0 未开户, 1 资料待补充, 2 开户审核中, 3 待对公验证, 4 已开户,
 * 5 开户失败.
 */
export type OpenStatus = 0 | 1 | 2 | 3 | 4 | 5;

/** GET /api/merchant/entity/property/getMerchantEntityProperty (D /income/openAccountDetail). */
export interface MerchantEntityProperty {
  openRequired: boolean;
  openStatus: OpenStatus;
  failReason: string | null;
  applyTime: number | null;
  openTime: number | null;
  /** '网商银行'. */
  bankName: string;
  eAccountName: string | null;
  /** Full number (the client masks it), or null before opening. */
  eAccountNo: string | null;
  /** Region codes. */
  businessProvince: string;
  businessCity: string;
  businessArea: string;
  businessAddress: string;
  categoryCode: string;
  categoryName: string;
  /** Image URLs. */
  storeImages: string[];
  contactEmail: string | null;
  settleCard: SettleCard | null;
  /** KYB status of the latest verification: 0 未申请, 1 打款中, 2 待回填, 3 验证成功, 4 验证失败, 5 已过期, 6 打款失败. */
  kybStatus: number;
}

/** A certification-change application (D /income/apply-result; entities.md §79). */
export interface EntityChangeApply {
  applyId: number;
  applyNo: string;
  /** 1 审核中, 2 已通过, 3 已驳回. */
  status: 1 | 2 | 3;
  /** Masked values. */
  changes: { field: string; label: string; oldValue: string; newValue: string }[];
  rejectReason: string | null;
  needResign: boolean;
  applyTime: number;
  auditTime: number | null;
}

/** GET /api/merchant/esign/getMerchantEntity (D /income/edit-contract; entities.md §78). */
export interface MerchantEntity {
  entityId: number | null;
  /** 1 个人, 2 个体工商户, 3 企业. */
  entityType: 1 | 2 | 3;
  /** 0 未提交, 1 审核中, 2 已认证, 3 认证失败. */
  certStatus: 0 | 1 | 2 | 3;
  rejectReason: string | null;
  name: string;
  licenseNo: string | null;
  licenseImage: string | null;
  /** 'YYYY-MM-DD'. */
  licenseStart: string | null;
  /** 'YYYY-MM-DD', null = 长期. */
  licenseEnd: string | null;
  legalName: string;
  /** Masked once certified. */
  legalIdNo: string;
  legalIdStart: string;
  legalIdEnd: string | null;
  idFrontImage: string;
  idBackImage: string;
  signerSameAsLegal: boolean;
  signerName: string;
  /** Masked. */
  signerIdNo: string;
  signerPhone: string;
  authLetterImage: string | null;
  /** 1 个人银行卡, 2 对公账户; null before submission. */
  settleAccountType: 1 | 2 | null;
  settleBankCode: string;
  settleBankName: string;
  settleBranchName: string | null;
  settleCardNoMasked: string;
  /** Masked. */
  settleReservedPhone: string;
  email: string | null;
  submitTime: number | null;
  certTime: number | null;
  /** The latest change application, or null. */
  changeApply: EntityChangeApply | null;
}

/** GET /api/account/settlement/cost/arrears/oweAmount (A): open arrears records (status 1/2) of every source. */
export interface ArrearsOweAmount {
  /** Σ (amount − repaidAmount), fen. */
  oweAmount: number;
  /** Number of open records. */
  count: number;
}

/** GET /api/share/instalment/queryCommOweAmount (A, settleMode 2): unpaid platform-fee periods (status 3 欠费). */
export interface CommOweAmount {
  /** Σ (oweAmount − paidAmount), fen. */
  oweAmount: number;
  owePeriodCount: number;
}

/** GET /api/account/v2/balance — the wallet of the account (the operator's for sub-accounts). */
export const getBalance = (meta?: CallMeta) => get<WalletBalance>('/api/account/v2/balance', {}, meta);

/** GET /api/user/getWithdrawMode — channel, auto-withdraw setting, cards, withdraw phone. */
export const getWithdrawMode = (meta?: CallMeta) => get<WithdrawMode>('/api/user/getWithdrawMode', {}, meta);

/**
 * GET /api/account/v3/revenueCurve — dimension 1 with days 'YYYY-MM-DD' (span ≤ 92 days) or 2 with months 'YYYY-MM'
 * (span ≤ 24 months); startDate ≤ endDate.
 */
export const getRevenueCurve = (dimension: RevenueDimension, startDate: string, endDate: string, meta?: CallMeta) =>
  get<RevenueCurve>('/api/account/v3/revenueCurve', { dimension, startDate, endDate }, meta);

/** GET /api/merchant/esign/getMerchantSignStatus — e-sign status and agreements. */
export const getMerchantSignStatus = (meta?: CallMeta) =>
  get<MerchantSignStatus>('/api/merchant/esign/getMerchantSignStatus', {}, meta);

/** GET /api/merchant/entity/property/getMerchantEntityProperty — online-bank account (openRequired, openStatus ...). */
export const getMerchantEntityProperty = (meta?: CallMeta) =>
  get<MerchantEntityProperty>('/api/merchant/entity/property/getMerchantEntityProperty', {}, meta);

/** GET /api/merchant/esign/getMerchantEntity — the merchant entity (certStatus, changeApply ...). */
export const getMerchantEntity = (meta?: CallMeta) =>
  get<MerchantEntity>('/api/merchant/esign/getMerchantEntity', {}, meta);

/** GET /api/account/settlement/cost/arrears/oweAmount — open arrears of every source, any settleMode. */
export const getArrearsOweAmount = (meta?: CallMeta) =>
  get<ArrearsOweAmount>('/api/account/settlement/cost/arrears/oweAmount', {}, meta);

/** GET /api/share/instalment/queryCommOweAmount — unpaid platform-fee periods (settleMode 2). */
export const queryCommOweAmount = (meta?: CallMeta) =>
  get<CommOweAmount>('/api/share/instalment/queryCommOweAmount', {}, meta);
