import { z } from 'zod/mini';
import { PHONE_PATTERN } from './rules';

/**
 * Rules of rider cards (C-mine.md "Shared behaviour", the card blocks' "Validation", Business rules 4–11; entities.md
 * R7, R11.1), with the messages the user sees. Part of the API contract: the card screens check them before calling and
 * the sandbox enforces the same rules with the same functions. Money fen, days 'YYYY-MM-DD' (Asia/Shanghai).
 */

/** Card types (entities.md §31): 1 站点储值卡, 2 站点月卡, 3 区域储值卡, 4 电子卡. */
export type CardType = 1 | 2 | 3 | 4;

/** Card statuses (entities.md §31, K49): 1 未激活, 2 已冻结, 3 正常, 4 已注销, 5 已过期, 6 已停卡. */
export type CardStatus = 1 | 2 | 3 | 4 | 5 | 6;

/** The name of each card type (spec §2 titles). */
export const CARD_TYPE_LABELS: Readonly<Record<CardType, string>> = {
  1: '站点储值卡',
  2: '站点月卡',
  3: '区域储值卡',
  4: '电子卡',
};

/**
 * The word of each card status (entities.md §31 Card.status, K49; C-mine.md card/tab/list and card/tab/list/info), one
 * mapping for every screen (issue 30): the cards' status tags, the list's status chips and its "未激活 · 库存卡" line.
 */
export const CARD_STATUS_LABELS: Readonly<Record<CardStatus, string>> = {
  1: '未激活',
  2: '已冻结',
  3: '正常',
  4: '已注销',
  5: '已过期',
  6: '已停卡',
};

/** True for the value types (balance in fen): 1, 3 and 4. */
export function isValueCard(cardType: number): boolean {
  return cardType === 1 || cardType === 3 || cardType === 4;
}

/** Platform IC card number: 8–20 digits or letters. */
export const CARD_NO_PATTERN = /^[0-9A-Za-z]{8,20}$/;
/** Message of a card number that breaks CARD_NO_PATTERN. */
export const CARD_NO_MESSAGE = '卡号为8-20位数字或字母';
/** A platform card number. */
export const cardNoRule = z.string().check(z.regex(CARD_NO_PATTERN, CARD_NO_MESSAGE));

/** The section's phone message (C-mine.md "Phone"). */
export const CARD_PHONE_MESSAGE = '请输入正确的11位手机号';
/** A rider's mobile (holder phone, search). */
export const cardPhoneRule = z.string().check(z.regex(PHONE_PATTERN, CARD_PHONE_MESSAGE));

/** 持卡人姓名: at most 20 characters (may be empty). */
export const holderNameRule = z.string().check(z.maxLength(20, '姓名最多20个字'));

/** 车牌号: 2–10 Chinese characters, letters or digits (may be empty). */
export const LICENSE_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9]{2,10}$/;
/** A licence number, or '' for none. */
export const licenseRule = z.string().check(z.refine((v) => v === '' || LICENSE_PATTERN.test(v), '请输入正确的车牌号'));

/** RFID 标签号 of a month card: 8–24 hex digits. */
export const rfidRule = z.string().check(z.regex(/^[0-9A-Fa-f]{8,24}$/, '请输入正确的RFID标签号'));

/** 备注 of a card, a recharge or a replacement: at most 50 characters. */
export const cardRemarkRule = z.string().check(z.maxLength(50, '备注最多50个字'));

/** Search keywords of the card screens: at most 20 characters. */
export const CARD_KEYWORD_MAX = 20;

/** Most cards one submission of 添加卡片 adds. */
export const ADD_CARD_MAX = 200;
/** Most sites an area card (type 3) is bound to. */
export const AREA_SITE_MAX = 50;
/** Most cards of one 批量绑定站点. */
export const BATCH_BIND_MAX = 100;

// ---------------------------------------------------------------------------------------------------------------------
// Recharge limits (Business rule 8, R7.3)
// ---------------------------------------------------------------------------------------------------------------------

/** Smallest single recharge, fen (¥0.01). */
export const RECHARGE_MIN = 1;
/** Largest single recharge, fen (¥1000). */
export const RECHARGE_MAX = 100_000;
/** Largest balance + giveBalance after a recharge, fen (¥5000). */
export const CARD_BALANCE_MAX = 500_000;

/** A recharge tier of a site's template (fen). */
export interface RechargeTier {
  payAmount: number;
  giveAmount: number;
}

/**
 * The first refusal of a value-card recharge (rule 8), or null: payAmount 1…100000 fen ("单次充值金额为0.01-1000元"),
 * at least the site's minimum for a custom amount ("最低充值¥x"), 0 ≤ giveAmount ≤ payAmount ("赠送金额不能超过充值金额"),
 * the card's balance + giveBalance afterwards ≤ 500000 ("充值后卡内余额不能超过5000元"). `allowZero` accepts a
 * payAmount of 0 with no gift (activation without a first recharge).
 */
export function rechargeAmountError(
  input: { payAmount: number; giveAmount: number; balanceBefore: number; minAmount?: number },
  allowZero = false,
): string | null {
  const { payAmount, giveAmount, balanceBefore, minAmount = 0 } = input;
  if (!Number.isInteger(payAmount) || !Number.isInteger(giveAmount)) return '金额最多保留两位小数';
  if (allowZero && payAmount === 0) return giveAmount === 0 ? null : '赠送金额不能超过充值金额';
  if (payAmount < RECHARGE_MIN || payAmount > RECHARGE_MAX) return '单次充值金额为0.01-1000元';
  if (payAmount < minAmount) return `最低充值¥${(minAmount / 100).toFixed(2)}`;
  if (giveAmount < 0 || giveAmount > payAmount) return '赠送金额不能超过充值金额';
  if (balanceBefore + payAmount + giveAmount > CARD_BALANCE_MAX) return '充值后卡内余额不能超过5000元';
  return null;
}

/** 收款方式 of a back-office recharge (CardRecharge.payType): 3 现金, 4 微信转账, 5 支付宝转账, 6 其他. */
export type OfflinePayType = 3 | 4 | 5 | 6;

/** The labels of the offline pay types, in the order of the radio list. */
export const OFFLINE_PAY_TYPES: readonly { value: OfflinePayType; label: string }[] = [
  { value: 3, label: '现金' },
  { value: 4, label: '微信转账' },
  { value: 5, label: '支付宝转账' },
  { value: 6, label: '其他' },
];

/** The channel text of a recharge row (C-mine.md recharge-recods): "用户线上·微信支付", "后台·现金" … */
export function rechargeChannelText(channel: number, payType: number): string {
  const pay =
    ({ 1: '微信支付', 2: '支付宝', 3: '现金', 4: '微信转账', 5: '支付宝转账', 6: '其他' } as Record<number, string>)[
      payType
    ] ?? '其他';
  return `${channel === 1 ? '用户线上' : '后台'}·${pay}`;
}

// ---------------------------------------------------------------------------------------------------------------------
// Days of month cards (rules 4, 9)
// ---------------------------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** The day `n` days after `day` ('YYYY-MM-DD'; n may be negative). Pure calendar arithmetic. */
export function addDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'): to − from. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Days a month card has left on `today`, today included (0 once past its endDate). */
export function remainDaysOf(endDate: string | null, today: string): number {
  if (!endDate) return 0;
  return Math.max(0, daysBetween(today, endDate) + 1);
}

/**
 * The period a renewal buys (rule 9): a card in status 3 (still valid) continues from endDate + 1, any other (5 已过期)
 * starts today; the period is `days` long: endDate = start + days − 1.
 */
export function renewalPeriod(
  card: { status: number; endDate: string | null },
  days: number,
  today: string,
): { startDate: string; endDate: string } {
  const startDate = card.status === 3 && card.endDate && card.endDate >= today ? addDay(card.endDate, 1) : today;
  return { startDate, endDate: addDay(startDate, days - 1) };
}

/**
 * The new endDate of a month card resumed from 停卡 (rule 4): pushed back by the whole days it was paused, counted up
 * (a pause of 1 hour gives one day). `pausedAt` and `resumedAt` are epoch ms.
 */
export function resumedEndDate(endDate: string, pausedAt: number, resumedAt: number): string {
  const days = Math.max(0, Math.ceil((resumedAt - pausedAt) / DAY_MS));
  return addDay(endDate, days);
}

/** Month-card template lengths, days (entities.md §37). */
export const MONTH_DAYS = [30, 90, 180, 365] as const;

/** A month-card template as 新增/编辑月卡套餐 sends it (C-mine.md rechargeSet/info). */
export interface MonthTemplateFields {
  name: string;
  days: number;
  /** Fen. */
  price: number;
  dailyTimesLimit: number;
  maxMinutesPerCharge: number;
  maxPowerW: number;
  enabled: 0 | 1;
}

/** The first refusal of a month-card template (C-mine.md rechargeSet/info Validation), or null. */
export function monthTemplateError(t: MonthTemplateFields): string | null {
  const name = t.name.trim();
  if (name.length < 2 || name.length > 10) return '套餐名称为2-10个字';
  if (!(MONTH_DAYS as readonly number[]).includes(t.days)) return '天数只能为30、90、180或365天';
  if (!Number.isInteger(t.price) || t.price < 100 || t.price > 200_000) return '套餐价格为1-2000元';
  if (!Number.isInteger(t.dailyTimesLimit) || t.dailyTimesLimit < 1 || t.dailyTimesLimit > 10)
    return '每日次数为1-10次';
  if (!Number.isInteger(t.maxMinutesPerCharge) || t.maxMinutesPerCharge < 60 || t.maxMinutesPerCharge > 720)
    return '单次时长为1-12小时';
  if (t.maxMinutesPerCharge % 60 !== 0) return '单次时长为1-12小时';
  if (!Number.isInteger(t.maxPowerW) || t.maxPowerW < 200 || t.maxPowerW > 2000) return '请输入200-2000之间的功率';
  return null;
}

/**
 * The first refusal of a site's value-card tiers (C-mine.md rechargeSet/info): each 充值 1–1000 yuan, 赠送 0…充值,
 * no two with the same 充值, at most 6, at least one when 线上充值 is on; 最低充值 1–100 yuan when custom amounts are
 * allowed.
 */
export function tiersError(
  tiers: readonly RechargeTier[],
  options: { customAmount: 0 | 1; minAmount: number; onlineRecharge: 0 | 1 },
): string | null {
  if (tiers.length > 6) return '最多设置6个充值档位';
  for (const t of tiers) {
    if (!Number.isInteger(t.payAmount) || t.payAmount < 100 || t.payAmount > 100_000) return '充值档位金额为1-1000元';
    if (!Number.isInteger(t.giveAmount) || t.giveAmount < 0 || t.giveAmount > t.payAmount)
      return '赠送金额不能超过充值金额';
  }
  if (new Set(tiers.map((t) => t.payAmount)).size !== tiers.length) return '充值档位不能重复';
  if (options.onlineRecharge === 1 && tiers.length === 0) return '请至少设置一个充值档位';
  if (options.customAmount === 1 && (options.minAmount < 100 || options.minAmount > 10_000)) return '最低充值为1-100元';
  return null;
}

/**
 * The first refusal of 按次扣费 settings (C-mine.md /mine/card/setting Validation: 每次扣费 0.01–20 yuan, 每次时长 1–12 h,
 * whole hours as the screen offers them and 计费标准 shows them, 每次最长N小时), or null. perSwipeAmount fen,
 * perSwipeMinutes minutes (a multiple of 60).
 */
export function perSwipeError(perSwipeAmount: number, perSwipeMinutes: number): string | null {
  if (!Number.isInteger(perSwipeAmount) || perSwipeAmount < 1 || perSwipeAmount > 2000) return '每次扣费为0.01-20元';
  if (!Number.isInteger(perSwipeMinutes) || perSwipeMinutes < 60 || perSwipeMinutes > 720 || perSwipeMinutes % 60 !== 0)
    return '每次时长为1-12小时';
  return null;
}

/** 注销 reasons (CardResetRecord.reason): 1 用户退卡, 2 卡片损坏, 3 卡片丢失, 4 其他. */
export const RESET_REASONS: readonly { value: 1 | 2 | 3 | 4; label: string }[] = [
  { value: 1, label: '用户退卡' },
  { value: 2, label: '卡片损坏' },
  { value: 3, label: '卡片丢失' },
  { value: 4, label: '其他' },
];

/** Old card numbers of another system (旧卡卡号): 4–20 letters or digits. */
export const OLD_CARD_PATTERN = /^[0-9A-Za-z]{4,20}$/;
