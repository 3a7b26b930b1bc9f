import { get, post } from './http';
import type { CallMeta } from './outcome';

/**
 * Bank cards (D-income.md §2 /income/bank, /income/bank/add; "Business rules: Bank cards and real name"; entities.md
 * §51–§54): the savings cards bound for withdrawal (at most 5), the entity's corporate accounts, the BIN lookup and the
 * bank list. Card numbers never come back in full: tails and masked values only. bindBank and unBindBank are money
 * routing actions with `requestId` (D §0.5). Errors: 2011–2018 (D §0.6), 1001 wrong SMS code.
 */

/** A bound savings card (GET /api/user/getUserBindBankCard). */
export interface SavingsCard {
  bankCardId: number;
  cardType: 1;
  bankCode: string;
  bankName: string;
  bankLogo: string;
  /** `**** **** **** 1234`. */
  cardNoMasked: string;
  cardNoTail: string;
  /** Masked (张*三). */
  holderName: string;
  branchName: string | null;
  /** Masked (138****1234). */
  reservedPhone: string;
  /** It is the auto-withdraw card. */
  isAutoWithdraw: boolean;
  createTime: number;
}

/** GET /api/user/getUserBindBankCard answer. */
export interface SavingsCards {
  list: SavingsCard[];
  /** 5. */
  maxCount: number;
  /** The account's real name is fixed (a first card or the certified entity): new cards must carry it. */
  realNameLocked: boolean;
  /** Masked, or null. */
  realName: string | null;
  /** Masked, or null. */
  idCardNoMasked: string | null;
}

/** Verification of a corporate account: 0 未验证, 1 待打款验证, 2 已验证. */
export type VerifyStatus = 0 | 1 | 2;

/** A corporate account of the entity (GET /api/user/getPublicAccounts). */
export interface CorporateAccount {
  bankCardId: number;
  cardType: 2;
  accountName: string;
  bankCode: string;
  bankName: string;
  bankLogo: string;
  branchName: string;
  cardNoMasked: string;
  cardNoTail: string;
  verifyStatus: VerifyStatus;
  isAutoWithdraw: boolean;
}

/** GET /api/user/bankBin answer: the bank of a card number's first digits. */
export interface BankBin {
  bankCode: string;
  bankName: string;
  bankLogo: string;
  /** 1 借记卡, 2 贷记卡, 3 准贷记卡, 4 预付费卡. */
  cardType: 1 | 2 | 3 | 4;
  /** e.g. 一卡通(银联IC普卡). */
  cardName: string;
  /** 16–19. */
  cardLength: number;
}

/** One bank of the picker (GET /api/user/bankList). */
export interface BankOption {
  bankCode: string;
  bankName: string;
  bankLogo: string;
}

/** POST /api/user/bindBank body. */
export interface BindBankRequest {
  /** Omitted when realNameLocked. */
  holderName?: string;
  /** Omitted when realNameLocked. */
  idCardNo?: string;
  /** Digits only. */
  cardNo: string;
  bankCode: string;
  branchName?: string;
  reservedPhone: string;
  /** SMS type 4, sent to the reserved phone. */
  code: string;
  requestId: string;
}

/** POST /api/user/bindBank answer. */
export interface BoundCard {
  bankCardId: number;
  bankName: string;
  bankLogo: string;
  cardNoTail: string;
  cardType: 1;
  holderName: string;
}

/** GET /api/user/getUserBindBankCard. */
export const getSavingsCards = (meta?: CallMeta) => get<SavingsCards>('/api/user/getUserBindBankCard', {}, meta);

/** GET /api/user/getPublicAccounts. */
export const getPublicAccounts = (meta?: CallMeta) =>
  get<{ list: CorporateAccount[] }>('/api/user/getPublicAccounts', {}, meta);

/** GET /api/user/bankBin — the first 10 digits only; 2016 when the bank is unknown. */
export const getBankBin = (cardNo: string, meta?: CallMeta) =>
  get<BankBin>('/api/user/bankBin', { cardNo: cardNo.slice(0, 10) }, meta);

/** GET /api/user/bankList — the banks of the 对公 picker. */
export const getBankList = (meta?: CallMeta) => get<{ list: BankOption[] }>('/api/user/bankList', {}, meta);

/**
 * POST /api/user/verificationCode {phone, type} — type 4 (bind a card) or 6 (change the settlement card) to the
 * card's reserved phone.
 */
export const sendCardCode = (phone: string, type: 4 | 6, meta?: CallMeta) =>
  post<{ expireSeconds: number; resendSeconds: number }>('/api/user/verificationCode', { phone, type }, meta);

/** POST /api/user/bindBank — 2011, 2012, 2013, 2014, 2016, 2018, 1001. */
export const bindBank = (body: BindBankRequest, meta?: CallMeta) => post<BoundCard>('/api/user/bindBank', body, meta);

/** POST /api/user/unBindBank — 2015 (a withdrawal in progress), 2017 (the auto-withdraw card). */
export const unBindBank = (body: { bankCardId: number; requestId: string }, meta?: CallMeta) =>
  post<null>('/api/user/unBindBank', body, meta);
