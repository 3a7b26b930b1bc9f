import { z } from 'zod/mini';
import { PHONE_PATTERN, MOBILE_MESSAGE } from './rules';

/**
 * Field rules of the money-out screens (D-income.md §0.7, §2 /income/withdraw, /income/bank/add, §5 edit-contract,
 * exchangeBank, KYBCheck "Validation"), with the messages the user sees. Part of the API contract: the forms check
 * them before calling, and the sandbox validates requests with the same rules, so both refuse the same input with the
 * same words. Money fen (integer).
 */

/** A money-action request id (D §0.5): 32 hex characters, made when the form opens (src/lib/nonce createRequestId). */
export const REQUEST_ID_PATTERN = /^[0-9a-fA-F]{32}$/;

/** An amount as typed (D §0.7): digits with at most two decimals. */
export const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

/**
 * Fen of an amount typed as text (D §0.7), by string: integer part × 100 + the padded decimals, never float math.
 * Leading zeros are harmless ("007.5" → 750). Returns null when the text is not digits with at most two decimals.
 */
export function amountToFen(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const integer = Number(match[1]);
  const fen = integer * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}

/**
 * What a money input keeps of a keystroke (D §0.7): digits and one dot, at most two decimals (a third is ignored:
 * the previous text is kept), leading zeros trimmed ("00" → "0", "05" → "5", "0.5" stays).
 */
export function normaliseAmountInput(next: string, previous: string): string {
  if (next === '') return '';
  if (!/^\d*\.?\d*$/.test(next)) return previous;
  const [int = '', dec] = next.split('.');
  if (dec !== undefined && dec.length > 2) return previous;
  const trimmed = int.replace(/^0+(?=\d)/, '');
  const head = trimmed === '' && dec !== undefined ? '0' : trimmed;
  return dec === undefined ? head : `${head}.${dec}`;
}

/** The withdrawal fee rule of a channel (entities.md §58 WithdrawFeeRule; GET /api/user/withdrawFeeFree). */
export interface FeeTerms {
  /** 万分比 (basis points): 10 = 0.10 %. */
  feeRateBp: number;
  /** fen. */
  minFee: number;
  /** fen. */
  maxFee: number;
  /** Free withdrawals left this month. */
  freeLeft: number;
}

/**
 * The fee of a withdrawal of `amount` fen (D "Business rules: Withdrawals"): 0 while the month's free quota lasts,
 * else min(maxFee, max(minFee, ⌈amount × feeRateBp / 10000⌉)). The withdraw screen shows it live; the sandbox charges it.
 */
export function withdrawFee(amount: number, terms: FeeTerms): number {
  if (terms.freeLeft > 0) return 0;
  return Math.min(terms.maxFee, Math.max(terms.minFee, Math.ceil((amount * terms.feeRateBp) / 10000)));
}

/**
 * One withdrawal's least and greatest amount, fen: ¥10.00 and ¥50,000.00 (D-income.md §0 codes 2002/2003, /income/withdraw
 * "Validation", /income/autowithdraw's rules text). The server's withdrawFeeFree carries them too (minAmount, maxAmount);
 * these are what the screens show before it answered, and the automatic withdrawal's rules text.
 */
export const WITHDRAW_MIN_AMOUNT = 1_000;
export const WITHDRAW_MAX_AMOUNT = 5_000_000;

/** Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** A mainland ID number: 17 digits + digit/X and the ISO 7064 MOD 11-2 check character (D /income/bank/add). */
export function idCardValid(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(id[i]), 0);
  return ID_CHECK[sum % 11] === id[17];
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A 统一社会信用代码: 18 characters of [0-9A-HJ-NPQRTUWXY] with the GB 32100 check character (D /income/edit-contract). */
export function usccValid(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  const sum = USCC_WEIGHTS.reduce((s, w, i) => s + w * USCC_CHARS.indexOf(code[i] ?? ''), 0);
  const check = (31 - (sum % 31)) % 31;
  return USCC_CHARS[check] === code[17];
}

/** A person's name: 2–20 Chinese characters or the middle dot (D bank/add 持卡人, edit-contract 姓名). */
export const PERSON_NAME_PATTERN = /^[\u4e00-\u9fa5·]{2,20}$/;

/** Card number digits of a personal card: 12–19. */
export const CARD_DIGITS_PATTERN = /^\d{12,19}$/;

/** 对公账号: 8–32 digits. */
export const CORPORATE_ACCOUNT_PATTERN = /^\d{8,32}$/;

/** The holder's name of a card to bind. */
export const holderNameRule = z
  .string()
  .check(z.minLength(1, '请输入持卡人姓名'), z.regex(PERSON_NAME_PATTERN, '持卡人姓名格式不正确'));

/** An ID number (upper-case X). */
export const idCardRule = z.string().check(
  z.minLength(1, '请输入身份证号'),
  z.refine((v) => idCardValid(v), { message: '身份证号格式不正确' }),
);

/** A personal card number: digits, 12–19, Luhn. */
export const cardNoRule = z.string().check(
  z.minLength(1, '请输入银行卡号'),
  z.regex(CARD_DIGITS_PATTERN, '银行卡号位数不正确'),
  z.refine((v) => luhnValid(v), { message: '银行卡号校验失败，请核对' }),
);

/** The reserved phone of a card. */
export const reservedPhoneRule = z
  .string()
  .check(z.minLength(1, '请输入预留手机号'), z.regex(PHONE_PATTERN, MOBILE_MESSAGE));

/** A 6-digit code typed on the money screens (bank/add, exchangeBank, sign). */
export const sixDigitCodeRule = z.string().check(z.regex(/^\d{6}$/, '请输入6位验证码'));

/** 开户支行 when given (bank/add: ≤ 40 characters). */
export const branchNameRule = z.string().check(z.maxLength(40, '开户支行最多40个字'));

/** A 对公账号. */
export const corporateAccountRule = z
  .string()
  .check(z.minLength(1, '请输入对公账号'), z.regex(CORPORATE_ACCOUNT_PATTERN, '对公账号格式不正确'));

/** 开户支行 of a corporate account: 4–40 characters. */
export const corporateBranchRule = z
  .string()
  .check(z.minLength(4, '请输入开户支行名称'), z.maxLength(40, '请输入开户支行名称'));

/** A person's name on the entity form (法定代表人, 签约人). */
export const personNameRule = z.string().check(z.regex(PERSON_NAME_PATTERN, '请输入正确的姓名'));

/** A 商户名称 as on the licence: 2–50 characters. */
export const merchantNameRule = z
  .string()
  .check(z.minLength(2, '请输入营业执照上的商户名称'), z.maxLength(50, '请输入营业执照上的商户名称'));

/** A 统一社会信用代码. */
export const usccRule = z.string().check(z.refine((v) => usccValid(v), { message: '统一社会信用代码格式不正确' }));

/** A mobile phone (签约人手机号). */
export const mobileRule = z.string().check(z.regex(PHONE_PATTERN, MOBILE_MESSAGE));

/**
 * An e-mail when filled (C-mine.md "E-mail", the rule exportFile uses too, D-income.md §4): `/^[\w.+-]+@[\w-]+(\.[\w-]+)+$/`
 * and at most 50 characters, each failure → 请输入正确的邮箱地址.
 */
export const emailRule = z
  .string()
  .check(z.maxLength(50, '请输入正确的邮箱地址'), z.regex(/^[\w.+-]+@[\w-]+(\.[\w-]+)+$/, '请输入正确的邮箱地址'));

/** The KYB amount as typed: `0.dd` between 0.01 and 0.99 (D /income/KYBCheck). */
export function kybAmountToFen(text: string): number | null {
  if (!/^0\.\d{2}$/.test(text.trim())) return null;
  const fen = Number(text.trim().slice(2));
  return fen >= 1 && fen <= 99 ? fen : null;
}

/** Digits of a card number as typed with spaces ("6222 0212 …" → "62220212…"). */
export function cardDigits(text: string): string {
  return text.replace(/\s+/g, '');
}

/** A card number grouped by 4 for display while typing (D bank/add): "6222 0212 3456 7890 123". */
export function groupCardNo(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 主体类型 (D-income.md §5 edit-contract, sign-agree; entities.md MerchantEntity.entityType), for the screens and the sandbox. */
export const ENTITY_TYPE_LABELS: Readonly<Record<1 | 2 | 3, string>> = { 1: '个人', 2: '个体工商户', 3: '企业' };

/** 经营类目 of the online-bank opening (D /income/openAccountDetail picker; the first is the default). */
export const BUSINESS_CATEGORIES: readonly { code: string; name: string }[] = [
  { code: '7523', name: '充电服务（电动车充电）' },
  { code: '6513', name: '物业管理' },
  { code: '5999', name: '其他' },
];

// Masks of D-income.md §0.7, one definition for the screens and the sandbox.

/** 张*三 / 张* style mask of a name (D §0.7): first character kept, and the last when longer than two. */
export function maskName(name: string): string {
  if (name.length <= 1) return name;
  if (name.length === 2) return `${name[0]}*`;
  return `${name[0]}${'*'.repeat(name.length - 2)}${name.slice(-1)}`;
}

/** 3201**********123X style mask of an ID number (first 4, last 4). */
export function maskIdNo(idNo: string): string {
  if (idNo.length <= 8) return idNo;
  return `${idNo.slice(0, 4)}${'*'.repeat(idNo.length - 8)}${idNo.slice(-4)}`;
}

/** `**** **** **** 1234` (D §0.7). */
export function maskCardNo(tail: string): string {
  return `**** **** **** ${tail}`;
}

/** 8888****6666 style mask of an account number (first 4, last 4). */
export function maskAccountNo(no: string): string {
  if (no.length <= 8) return no;
  return `${no.slice(0, 4)}****${no.slice(-4)}`;
}

// Automatic withdrawal run days (D-income.md §2 /income/autowithdraw, "Auto-withdraw"), one definition for the screen's
// 下次自动提现 line and the sandbox's setting and 10:00 job. Days 'YYYY-MM-DD' (Asia/Shanghai calendar days).

/** `day` plus `n` calendar days. */
function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
function isoWeekday(day: string): number {
  const w = new Date(`${day}T00:00:00Z`).getUTCDay();
  return w === 0 ? 7 : w;
}

/**
 * The next automatic withdrawal day strictly after `day`: 每日 (autoMode 1) the next day; 每周 (2) the next
 * `date`-weekday, 1 Monday … 7 Sunday; 每月 (3) day `date` (1–28) of this month when still ahead, else of the next.
 */
export function nextAutoWithdrawDay(autoMode: number, date: number, day: string): string {
  if (autoMode === 1) return plusDays(day, 1);
  if (autoMode === 2) {
    let next = plusDays(day, 1);
    while (isoWeekday(next) !== date) next = plusDays(next, 1);
    return next;
  }
  const dd = String(date).padStart(2, '0');
  const thisMonth = `${day.slice(0, 7)}-${dd}`;
  if (thisMonth > day) return thisMonth;
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-${dd}` : `${y}-${String(m + 1).padStart(2, '0')}-${dd}`;
}

/**
 * The first automatic withdrawal day of a setting saved on `today`: today when today is a run day and it is not yet
 * 10:00 (`beforeTen`), else the next run day.
 */
export function firstAutoWithdrawDay(autoMode: number, date: number, today: string, beforeTen: boolean): string {
  const runsToday =
    autoMode === 1 ||
    (autoMode === 2 && isoWeekday(today) === date) ||
    (autoMode === 3 && Number(today.slice(8)) === date);
  return runsToday && beforeTen ? today : nextAutoWithdrawDay(autoMode, date, today);
}

// ---------------------------------------------------------------------------------------------------------------------
// Status words of the income section's entities (issue 30: one record, one word on every screen and in every export)
// ---------------------------------------------------------------------------------------------------------------------

/**
 * The word of each withdrawal status (entities.md §55 Withdrawal; D-income.md withdraw-list), the one every screen shows
 * for it: the records' tags, the result's status field and its timeline, and the 状态 column of the withdrawals export
 * (sandbox domain/exports.ts).
 */
export const WITHDRAW_STATUS_TEXT: Readonly<Record<1 | 2 | 3 | 4 | 5, string>> = {
  1: '待审核',
  2: '处理中',
  3: '已到账',
  4: '提现失败',
  5: '已驳回',
};

/**
 * SiteBill.status (entities.md §76; D-income.md /income/statement/bill/siteBill "status tag 统计中 (current month) /
 * 已出账"): 1 统计中, 2 已出账 — the bill list, the bill's detail and the 状态 column of the site-bill export.
 */
export const SITE_BILL_STATUS_LABELS: Readonly<Record<1 | 2, string>> = {
  1: '统计中',
  2: '已出账',
};

/**
 * AreaCardFreeze.status (entities.md §49; D-income.md /income/areaCard-bill "Status chips 全部 | 冻结中 | 部分解冻 | 已解冻 |
 * 已退款"): 1 冻结中, 2 部分解冻, 3 已解冻, 4 已退款 — the chips and the records' tags.
 */
export const AREA_FREEZE_STATUS_LABELS: Readonly<Record<1 | 2 | 3 | 4, string>> = {
  1: '冻结中',
  2: '部分解冻',
  3: '已解冻',
  4: '已退款',
};

/**
 * BankCard.verifyStatus of a corporate account (entities.md §51; D-income.md /income/bank "已验证 (green) / 待打款验证
 * (orange) / 未验证 (grey)"): 0 未验证, 1 待打款验证, 2 已验证 — /income/bank and /income/openAccountDetail.
 */
export const BANK_VERIFY_STATUS_LABELS: Readonly<Record<0 | 1 | 2, string>> = {
  0: '未验证',
  1: '待打款验证',
  2: '已验证',
};
