import { get, post, type Page } from './http';
import type { CallMeta } from './outcome';

/**
 * Withdrawal calls (D-income.md §2 /income/withdraw, /income/autowithdraw, /income/withdraw-list,
 * /income/withdraw-list/cashResult, /income/withdrawHistory; "Business rules: Withdrawals"; entities.md §55–§58).
 * Money fen (integer), instants epoch ms, days 'YYYY-MM-DD', months 'YYYY-MM' (Asia/Shanghai). Sub-accounts act on
 * their operator's wallet (the SMS code goes to the operator's phone). The money actions (withdrawApply,
 * updateThenAddAutoWithdraw) carry `requestId` (32 hex, D §0.5): the server answers a repeat with the first result.
 * Errors: D §0.6 codes 2001–2010 with their messages, 1001 for a wrong SMS code.
 */

/**
 * Why the account cannot withdraw (GET /api/user/isWithdrawable reasonCode): 0 可提现, 1 未绑定银行卡, 2 未完成电子协议签署,
 * 3 网商银行未开户, 4 对公账户待打款验证, 5 存在欠费, 6 账户已冻结, 7 今日提现次数已达上限, 8 系统结算时段.
 */
export type WithdrawReason = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** GET /api/user/isWithdrawable — the first failing check in the order of D "Withdrawals". */
export interface Withdrawable {
  withdrawable: boolean;
  reasonCode: WithdrawReason;
  /** The reason's text ('' when withdrawable). */
  reason: string;
  /** Open arrears (fen): platform-fee periods + arrears records; meaningful for reason 5. */
  oweAmount: number;
}

/** GET /api/user/withdrawFeeFree — the account's channel fee rule and this month's / today's use. */
export interface WithdrawFeeFree {
  /** Free withdrawals per calendar month (2). */
  freeCount: number;
  usedFreeCount: number;
  freeLeft: number;
  /** 万分比: 10 = 0.10 %. */
  feeRateBp: number;
  minFee: number;
  maxFee: number;
  minAmount: number;
  maxAmount: number;
  /** Applications per day (3). */
  dailyLimit: number;
  /** Applications today (status 1–3). */
  todayCount: number;
}

/** POST /api/user/withdrawApply body. */
export interface WithdrawApplyRequest {
  /** fen. */
  amount: number;
  /** Channel 1: the chosen card; ignored in channel 2 (the entity settlement card is used). */
  bankCardId?: number;
  /** 6 digits, SMS type 5. */
  code: string;
  requestId: string;
}

/** Withdrawal status: 1 待审核, 2 处理中, 3 已到账, 4 提现失败, 5 已驳回. */
export type WithdrawStatus = 1 | 2 | 3 | 4 | 5;

/** The word of each withdrawal status, in income-rules.ts so that the sandbox's export reads it too. */
export { WITHDRAW_STATUS_TEXT } from './income-rules';

/** POST /api/user/withdrawApply answer. */
export interface WithdrawApplied {
  withdrawId: number;
  withdrawNo: string;
  /** 1 待审核 or 2 处理中. */
  status: 1 | 2;
  amount: number;
  fee: number;
  actualAmount: number;
  expectTime: number;
}

/** One withdrawal as the lists show it. */
export interface WithdrawRecord {
  id: number;
  withdrawNo: string;
  /** 1 平台钱包, 2 网商银行. */
  channel: 1 | 2;
  /** 1 手动, 2 自动. */
  source: 1 | 2;
  amount: number;
  fee: number;
  actualAmount: number;
  bankName: string;
  bankLogo: string;
  cardNoTail: string;
  /** 1 储蓄卡, 2 对公账户. */
  cardType: 1 | 2;
  status: WithdrawStatus;
  failReason: string | null;
  applyTime: number;
  finishTime: number | null;
}

/** GET /api/user/withdrawList answer: a page, the filter's sums, and (channel 2) the sums of the months in the page. */
export interface WithdrawListPage extends Page<WithdrawRecord> {
  sum: { successAmount: number; successCount: number; fee: number };
  monthSums: { month: string; successAmount: number; successCount: number }[];
  /** True when the account has channel-1 withdrawals (withdrawHistory's 查看开通前的提现记录 link). */
  hasChannel1: boolean;
}

/** GET /api/user/withdrawDetail answer. */
export interface WithdrawDetail extends WithdrawRecord {
  /** Masked. */
  holderName: string;
  auditTime: number | null;
  expectTime: number;
  refundTime: number | null;
}

/** POST /api/user/updateThenAddAutoWithdraw body (an upsert of the account's setting). */
export interface AutoWithdrawRequest {
  autoWithdraw: 0 | 1;
  /** 1 每日, 2 每周, 3 每月. */
  autoMode: 1 | 2 | 3;
  /** Weekday 1–7 (每周), day 1–28 (每月), 1 otherwise. */
  date: number;
  /** Required when switching on in channel 1. */
  bankCardId: number | null;
  requestId: string;
}

/** POST /api/user/updateThenAddAutoWithdraw answer. */
export interface AutoWithdrawSaved {
  autoWithdraw: 0 | 1;
  autoMode: 1 | 2 | 3;
  date: number;
  bankCardId: number | null;
  nextWithdraw: string | null;
}

/** GET /api/user/isWithdrawable. */
export const isWithdrawable = (meta?: CallMeta) => get<Withdrawable>('/api/user/isWithdrawable', {}, meta);

/** GET /api/user/withdrawFeeFree. */
export const getWithdrawFeeFree = (meta?: CallMeta) => get<WithdrawFeeFree>('/api/user/withdrawFeeFree', {}, meta);

/**
 * POST /api/user/verificationCode {type: 5} — the withdrawal code, sent to the account's withdraw phone (the operator's
 * phone for a sub-account; no phone in the body). Answers { expireSeconds, resendSeconds }.
 */
export const sendWithdrawCode = (meta?: CallMeta) =>
  post<{ expireSeconds: number; resendSeconds: number }>('/api/user/verificationCode', { type: 5 }, meta);

/** POST /api/user/withdrawApply — 2001–2010, 1001 (wrong code). */
export const withdrawApply = (body: WithdrawApplyRequest, meta?: CallMeta) =>
  post<WithdrawApplied>('/api/user/withdrawApply', body, meta);

/** GET /api/user/withdrawList — channel 1 (withdraw-list) or 2 (withdrawHistory); status a comma list ('1,2'). */
export const getWithdrawList = (
  query: { pageNum: number; pageSize: number; channel: 1 | 2; month?: string; status?: string },
  meta?: CallMeta,
) => get<WithdrawListPage>('/api/user/withdrawList', query, meta);

/** GET /api/user/withdrawDetail — code 1 记录不存在 for another account's or an unknown id. */
export const getWithdrawDetail = (id: number, meta?: CallMeta) =>
  get<WithdrawDetail>('/api/user/withdrawDetail', { id }, meta);

/** POST /api/user/updateThenAddAutoWithdraw — 2005 when the card was unbound meanwhile. */
export const saveAutoWithdraw = (body: AutoWithdrawRequest, meta?: CallMeta) =>
  post<AutoWithdrawSaved>('/api/user/updateThenAddAutoWithdraw', body, meta);
