import type { ChargeRule } from '../../src/api/site';
import { tierPrice } from '../db/seed/util';

/**
 * Charging with a rider card (C-mine.md Business rule 7; entities.md ChargeOrder payType 3 储值卡, 4 月卡, 5 电子卡):
 * the pure parts of a card start and of its end — which card may start, what a value card must hold, how long a start
 * may run, what the charge costs and how the cost is taken from the card. Money fen, power W, minutes.
 *
 * Rule 7: only status 3 正常 cards start; a value card needs balance + giveBalance ≥ the minimum price of the rule and
 * pays after the charge, balance first, then giveBalance, never below 0 (the charge stops when the money is used up,
 * endReason 7 余额不足); a month card charges free within dailyTimesLimit starts per Asia/Shanghai calendar day, stops
 * at maxMinutesPerCharge (endReason 2 时间到) and is refused, or stopped (endReason 6 功率超限), above maxPowerW.
 */

/** How a site charges value cards (its simple value-card template): 按次 perSwipeAmount for perSwipeMinutes, or null. */
export interface PerSwipe {
  amount: number;
  minutes: number;
}

/** The card as a start reads it. */
export interface CardForStart {
  cardType: number;
  status: number;
  balance: number;
  giveBalance: number;
  startDate: string | null;
  endDate: string | null;
  dailyTimesLimit: number | null;
  maxMinutesPerCharge: number | null;
  maxPowerW: number | null;
}

/** The refusal text of a card that is not 3 正常 (rule 4's statuses), for the box's display and the door (D13). */
export const STATUS_REFUSALS: Readonly<Record<number, string>> = {
  1: '卡片未激活',
  2: '卡片已冻结',
  4: '卡片已注销',
  5: '月卡已过期',
  6: '月卡已停卡',
};

/** Yuan text of fen: 150 → "1.50". */
function yuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/**
 * The minimum price of a site's rule for a value card (rule 7): the per-swipe amount when the site charges 按次, else
 * the cheapest hour of a power-tier rule (billingMode 1) or one kWh of an energy rule (billingMode 2, energy + service).
 */
export function minimumPriceOf(rule: ChargeRule, perSwipe: PerSwipe | null): number {
  if (perSwipe) return perSwipe.amount;
  if (rule.billingMode === 2) return rule.energyPrice + rule.servicePrice;
  return rule.tiers.length > 0 ? Math.min(...rule.tiers.map((t) => t.price)) : 0;
}

/**
 * Why a card may not start a charge drawing `powerW` on `today` ('YYYY-MM-DD', Asia/Shanghai) at a site with `rule`, or
 * null (rule 7): not 3 正常; a value card (types 1, 3, 4) holding less than the minimum price; a month card (type 2)
 * outside its period, at its dailyTimesLimit with `usedToday` starts already made today, or asked for more than its
 * maxPowerW.
 */
export function cardStartRefusal(
  card: CardForStart,
  rule: ChargeRule,
  perSwipe: PerSwipe | null,
  usage: { today: string; usedToday: number; powerW: number },
): string | null {
  if (card.status !== 3) return STATUS_REFUSALS[card.status] ?? '卡片不可用';
  if (card.cardType !== 2) {
    const minimum = minimumPriceOf(rule, perSwipe);
    if (card.balance + card.giveBalance < minimum) return `余额不足，最低需¥${yuan(minimum)}`;
    return null;
  }
  if (card.startDate && usage.today < card.startDate) return '月卡未到生效日期';
  if (card.endDate && usage.today > card.endDate) return '月卡已过期';
  const limit = card.dailyTimesLimit ?? 0;
  if (limit > 0 && usage.usedToday >= limit) return `今日充电次数已达上限（${limit}次）`;
  const maxPower = card.maxPowerW ?? 0;
  if (maxPower > 0 && usage.powerW > maxPower) return `充电功率${usage.powerW}W超过月卡上限${maxPower}W`;
  return null;
}

/**
 * The longest a card start may run (minutes), never beyond the site's maxMinutes: a month card's maxMinutesPerCharge;
 * a 按次 value card the per-swipe minutes; a power-tier value card as long as balance + giveBalance pays at the tier of
 * `powerW`; an energy-rule value card the site's maxMinutes (it is stopped when its energy has used the money up).
 */
export function startMinutesOf(
  card: CardForStart,
  rule: ChargeRule,
  perSwipe: PerSwipe | null,
  powerW: number,
): number {
  const siteMax = rule.maxMinutes;
  if (card.cardType === 2) {
    const perCharge = card.maxMinutesPerCharge ?? 0;
    return perCharge > 0 ? Math.min(perCharge, siteMax) : siteMax;
  }
  if (perSwipe) return Math.min(perSwipe.minutes > 0 ? perSwipe.minutes : siteMax, siteMax);
  if (rule.billingMode === 2) return siteMax;
  const price = tierPrice(rule, powerW);
  if (price <= 0) return siteMax;
  return Math.max(1, Math.min(siteMax, Math.floor(((card.balance + card.giveBalance) * 60) / price)));
}

/**
 * What a value-card charge costs before the card's money caps it (rule 7; the site's rule as the order snapshot holds
 * it): a 按次 start its `presetAmount`; nothing within the rule's free minutes; else mode 1 ceil(minutes × the price of
 * the first reported power's tier / 60), mode 2 ceil(kWh × (energy + service price)).
 */
export function valueCardCost(
  order: { presetAmount: number | null; ruleSnapshot: ChargeRule; durationMinutes: number; energyWh: number },
  firstPower: number,
): number {
  if (order.presetAmount !== null) return order.presetAmount;
  const rule = order.ruleSnapshot;
  if (order.durationMinutes < (rule.freeMinutes ?? 0)) return 0;
  return rule.billingMode === 2
    ? Math.ceil((order.energyWh / 1000) * ((rule.energyPrice ?? 0) + (rule.servicePrice ?? 0)))
    : Math.ceil((order.durationMinutes * tierPrice(rule, firstPower)) / 60);
}

/**
 * How a cost is taken from a card (rule 7): balance (principal) first, then giveBalance (bonus), each never below 0;
 * what the card cannot cover is not taken. Returns the two parts (their sum is what was paid).
 */
export function consumeFromCard(
  card: { balance: number; giveBalance: number },
  cost: number,
): { fromBalance: number; fromGive: number } {
  const want = Math.max(0, cost);
  const fromBalance = Math.min(Math.max(0, card.balance), want);
  const fromGive = Math.min(Math.max(0, card.giveBalance), want - fromBalance);
  return { fromBalance, fromGive };
}
