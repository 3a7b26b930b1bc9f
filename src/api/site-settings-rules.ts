import { fenToYuan } from '@/lib/money';
import { MOBILE_MESSAGE, firstError } from './rules';
import type { ChargeRule, ShareParty, SiteShareRule } from './site';
import {
  ELECTRIC_PRICE_MAX,
  ELECTRIC_PRICE_MESSAGE,
  ELECTRIC_PRICE_MIN,
  PROPERTY_REQUIRED_MESSAGE,
  RATE_RANGE_MESSAGE,
  addressRule,
  contactsPhoneRule,
  contactsRule,
  servicePhoneRule,
  siteNameRule,
} from './site-rules';

/**
 * The business rules of share rules and charge rules (B-site.md §0.2, §0.3, §4 "Validation", Business rules §B and §C;
 * entities.md R8) as pure functions with the messages the user sees. Part of the API contract: the screens check them
 * before calling, and the sandbox enforces the same functions. Rates are basis points (0–10000), money fen, power W,
 * durations minutes.
 */

export { DEFAULT_SHARE_RULE } from './site-defaults';

/** At most 5 profit-share parties per version, a 上级 (type 5) row included (B §B.2). */
export const MAX_PARTIES = 5;
/** 100 % in basis points. */
export const FULL_BP = 10_000;

/** Party types: 2 物业, 3 代理商, 4 合作方, 5 上级 (1 运营商 is the implicit remainder). */
export const PARTY_TYPE_NAMES: Readonly<Record<ShareParty['partyType'], string>> = {
  2: '物业',
  3: '代理商',
  4: '合作方',
  5: '上级',
};

/** Version status names (SiteShareRuleVersion.status). */
export const SHARE_STATUS_NAMES: Readonly<Record<1 | 2 | 3 | 4 | 5, string>> = {
  1: '生效中',
  2: '待生效',
  3: '审核中',
  4: '已驳回',
  5: '已失效',
};

/** 电费承担 names. */
export const ELECTRIC_BEARER_NAMES: Readonly<Record<SiteShareRule['electricBearer'], string>> = {
  1: '运营商承担',
  2: '物业承担',
  3: '按分成比例分摊',
};

/** 手续费 / 平台服务费 承担 names. */
export const FEE_BEARER_NAMES: Readonly<Record<1 | 3, string>> = { 1: '运营商承担', 3: '按分成比例分摊' };

/** The three income types of a party's rates. */
export type RateKey = 'chargeRate' | 'cardRate' | 'coinRate';

/** The rate columns with their labels and the message of a column whose sum exceeds 100 % (B §4 benefitSet). */
export const RATE_COLUMNS: readonly { key: RateKey; label: string; overMessage: string }[] = [
  { key: 'chargeRate', label: '充电收入', overMessage: '充电收入分成合计不能超过100%' },
  { key: 'cardRate', label: '充值收入', overMessage: '充值收入分成合计不能超过100%' },
  { key: 'coinRate', label: '投币收入', overMessage: '投币收入分成合计不能超过100%' },
];

/**
 * Messages of the share-rule rules (B §4 integrateSet, benefitSet, benefitAdd, expensesSet). Those the add-site form
 * shares (rate, phone, property, electricity price) are declared once in ./site-rules.
 */
export const SHARE_MESSAGES = {
  rateRange: RATE_RANGE_MESSAGE,
  sumOver: '分成比例合计不能超过100%',
  tooMany: '最多添加5个分成方',
  duplicate: '该账号已是分成方',
  self: '不能添加自己为分成方',
  notAgent: '该账号不是代理商',
  wrongType: '该账号类型不能参与分成',
  notRegistered: '该手机号未注册平台账号',
  phone: MOBILE_MESSAGE,
  property: '物业分成方须为站点关联的物业',
  oneProperty: '只能有一个物业分成方',
  unequal: '综合分成时各项比例须相同',
  remaining: '超出剩余可分配比例',
  zeroWarning: '比例为0的分成方不会获得收入',
  needProperty: PROPERTY_REQUIRED_MESSAGE,
  electricPrice: ELECTRIC_PRICE_MESSAGE,
  inReview: '分成变更审核中，暂不可修改',
  superiorFixed: '上级分成不可修改或删除',
} as const;

/** Sum of the parties' rates per income type (bp). */
export function rateSums(parties: readonly Pick<ShareParty, RateKey>[]): Record<RateKey, number> {
  const sums = { chargeRate: 0, cardRate: 0, coinRate: 0 };
  for (const p of parties) {
    sums.chargeRate += p.chargeRate;
    sums.cardRate += p.cardRate;
    sums.coinRate += p.coinRate;
  }
  return sums;
}

/** What the operator keeps per income type (bp): 10000 − the parties' sum (negative when over-allocated). */
export function operatorRemainder(parties: readonly Pick<ShareParty, RateKey>[]): Record<RateKey, number> {
  const sums = rateSums(parties);
  return {
    chargeRate: FULL_BP - sums.chargeRate,
    cardRate: FULL_BP - sums.cardRate,
    coinRate: FULL_BP - sums.coinRate,
  };
}

function isRate(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= FULL_BP;
}

/**
 * The first violation of the parties' rate rules (B §B.1–2), or null: every rate 0–10000 bp, at most 5 parties,
 * userIds unique, at most one property party, equal rates in shareMode 2, each column's sum ≤ 10000 (the operator's
 * remainder is never negative).
 */
export function partiesError(shareMode: 1 | 2, parties: readonly ShareParty[]): string | null {
  for (const p of parties) {
    if (!isRate(p.chargeRate) || !isRate(p.cardRate) || !isRate(p.coinRate)) return SHARE_MESSAGES.rateRange;
  }
  if (parties.length > MAX_PARTIES) return SHARE_MESSAGES.tooMany;
  if (new Set(parties.map((p) => p.userId)).size !== parties.length) return SHARE_MESSAGES.duplicate;
  if (parties.filter((p) => p.partyType === 2).length > 1) return SHARE_MESSAGES.oneProperty;
  if (shareMode === 2) {
    if (parties.some((p) => p.chargeRate !== p.cardRate || p.chargeRate !== p.coinRate)) return SHARE_MESSAGES.unequal;
    if (rateSums(parties).chargeRate > FULL_BP) return SHARE_MESSAGES.sumOver;
    return null;
  }
  const sums = rateSums(parties);
  for (const column of RATE_COLUMNS) if (sums[column.key] > FULL_BP) return column.overMessage;
  return null;
}

/**
 * The first violation of the cost-bearing form (B §1 expensesSet "Validation", §B.7), or null. Without a property
 * electricity is the operator's with price 0 ("请先选择物业" otherwise); with one, the price (fen/kWh) is 1–200 when it
 * is shown (运营商承担 / 按分成比例分摊); when the property bears the cost the price is not used.
 */
export function costError(
  rule: Pick<SiteShareRule, 'electricBearer' | 'electricPrice'>,
  hasProperty: boolean,
): string | null {
  const stored = storedCostError(rule, hasProperty);
  if (stored || !electricPriceShown(rule.electricBearer, hasProperty)) return stored;
  return rule.electricPrice >= ELECTRIC_PRICE_MIN ? null : SHARE_MESSAGES.electricPrice;
}

/**
 * The cost rule a stored version must satisfy (B §B.7; what the server enforces), or null: without a property
 * electricBearer 1 and electricPrice 0; with one, an integer price 0–200 fen/kWh (0 until the operator states one, e.g.
 * right after a property is linked to an existing site).
 */
export function storedCostError(
  rule: Pick<SiteShareRule, 'electricBearer' | 'electricPrice'>,
  hasProperty: boolean,
): string | null {
  if (!hasProperty) return rule.electricBearer !== 1 || rule.electricPrice !== 0 ? SHARE_MESSAGES.needProperty : null;
  if (!Number.isInteger(rule.electricPrice) || rule.electricPrice < 0 || rule.electricPrice > ELECTRIC_PRICE_MAX) {
    return SHARE_MESSAGES.electricPrice;
  }
  return null;
}

/** Whether the electricity price field is shown and required (a property is linked and it does not bear the cost). */
export function electricPriceShown(electricBearer: SiteShareRule['electricBearer'], hasProperty: boolean): boolean {
  return hasProperty && electricBearer !== 2;
}

/**
 * Whether a new version needs platform review (B §B.5): compared with the version in force it lowers any rate of the
 * property party, removes or replaces the property party, moves electricity from 运营商承担 to 物业承担 / 按分成比例分摊,
 * or lowers electricPrice.
 */
export function needsReview(current: SiteShareRule, next: SiteShareRule): boolean {
  const before = current.parties.find((p) => p.partyType === 2);
  if (before) {
    const after = next.parties.find((p) => p.partyType === 2);
    if (!after || after.userId !== before.userId) return true;
    if (after.chargeRate < before.chargeRate || after.cardRate < before.cardRate || after.coinRate < before.coinRate) {
      return true;
    }
  }
  if (current.electricBearer === 1 && next.electricBearer !== 1) return true;
  if (next.electricPrice < current.electricPrice) return true;
  return false;
}

/** Whether two share rules state the same terms (mode, costs, parties and their rates; names and remarks aside). */
export function sameShareTerms(a: SiteShareRule, b: SiteShareRule): boolean {
  const key = (rule: SiteShareRule) =>
    JSON.stringify([
      rule.shareMode,
      rule.electricBearer,
      rule.electricPrice,
      rule.channelFeeBearer,
      rule.platformFeeBearer,
      [...rule.parties]
        .sort((x, y) => x.userId - y.userId)
        .map((p) => [p.userId, p.partyType, p.chargeRate, p.cardRate, p.coinRate, p.remark ?? '']),
    ]);
  return key(a) === key(b);
}

/** Payment fee of online money (charge and card income): 0.6 %, in basis points (B §B.8). */
export const CHANNEL_FEE_BP = 60;

/** The split of an example day: each party's amount, the operator's, and the costs, all fen. */
export interface ExampleSplit {
  /** Each party's share plus, for the property, the electricity it is paid. */
  parties: { userId: number; name: string; partyType: ShareParty['partyType']; amount: number }[];
  /** What the operator keeps (negative when the electricity it owes exceeds its share, see below). */
  operator: number;
  /** The payment fee, round(gross × 0.6 %). */
  channelFee: number;
  /** The electricity settled with the property, round(kWh × electricPrice); 0 without a property or when it bears it. */
  electricCost: number;
}

/**
 * Profit of one day's example (B §1 expensesSet "Live example", §B.8): income `gross` fen of charging with `energyWh`
 * used, split with the rule as one charge order. The payment fee is 0.6 % (rounded half up) and the electricity kWh ×
 * price (rounded half up); the shared costs (bearer 3) come off the base first; each party gets floor(base × rate /
 * 10000); the property is also paid the electricity when electricBearer is 1 (out of the operator's share, capped so
 * that it is not negative) or 3 (already taken from the base). The platform split of settleMode 2 is not known here and
 * counts as 0. The parties (electricity included) + the operator + the channel fee = gross.
 */
export function exampleSplit(rule: SiteShareRule, gross: number, energyWh: number): ExampleSplit {
  const channelFee = Math.round((gross * CHANNEL_FEE_BP) / FULL_BP);
  const hasPropertyParty = rule.parties.some((p) => p.partyType === 2);
  const electricCost =
    hasPropertyParty && rule.electricBearer !== 2 ? Math.round((energyWh * rule.electricPrice) / 1000) : 0;
  const sharedCost = (rule.channelFeeBearer === 3 ? channelFee : 0) + (rule.electricBearer === 3 ? electricCost : 0);
  const base = gross - sharedCost;
  const shares = rule.parties.map((p) => ({
    userId: p.userId,
    name: p.name,
    partyType: p.partyType,
    amount: Math.floor((Math.max(base, 0) * p.chargeRate) / FULL_BP),
  }));
  let operator = base - shares.reduce((sum, s) => sum + s.amount, 0) - (rule.channelFeeBearer === 1 ? channelFee : 0);
  const property = shares.find((s) => s.partyType === 2);
  if (property && electricCost > 0) {
    // 运营商承担: paid from the operator's share; 按分成比例分摊: already taken from the base, paid to the property.
    const paid = rule.electricBearer === 1 ? Math.max(0, Math.min(electricCost, operator)) : electricCost;
    property.amount += paid;
    if (rule.electricBearer === 1) operator -= paid;
  }
  return { parties: shares, operator, channelFee, electricCost };
}

// ---------------------------------------------------------------------------------------------------------------
// Charge rules (B §0.3, §4 setCharger "Validation", §C)

/** The platform default charge rule given to new sites (B §0.3). */
export const DEFAULT_CHARGE_RULE: ChargeRule = {
  billingMode: 1,
  tiers: [
    { maxPower: 200, price: 25 },
    { maxPower: 400, price: 40 },
    { maxPower: 700, price: 60 },
    { maxPower: 1000, price: 80 },
  ],
  energyPrice: 0,
  servicePrice: 0,
  prepayOptions: [100, 200, 300, 500],
  fullStop: 1,
  freeMinutes: 5,
  maxMinutes: 720,
  coinMinutes: 240,
};

/** Limits of the charge rule (B §4 setCharger "Validation"). */
export const CHARGE_LIMITS = {
  maxTiers: 6,
  minTierPrice: 1,
  maxTierPrice: 1000,
  minEnergyPrice: 1,
  maxEnergyPrice: 500,
  maxServicePrice: 500,
  maxPrepayOptions: 6,
  minPrepay: 10,
  maxPrepay: 10_000,
  maxFreeMinutes: 30,
  minMaxMinutes: 60,
  maxMaxMinutes: 1440,
  minCoinMinutes: 30,
  maxCoinMinutes: 720,
} as const;

/** Messages of the charge-rule rules. `{maxPower}` is replaced by the site's W per socket. */
export const CHARGE_MESSAGES = {
  modeUnsupported: '本站点设备不支持该计费方式',
  tierCount: '档位数量需为1-6个',
  tierAscending: '功率档位上限需为递增的整数',
  tierCover: '最高档位需覆盖至{maxPower}W',
  tierPrice: '单价需在0.01-10元/小时之间',
  tierCheaper: '高功率档位单价不能低于低功率档位',
  energyPrice: '电费需在0.01-5.00元/度之间',
  servicePrice: '服务费需在0-5.00元/度之间',
  prepayCount: '预付金额需设置1-6个',
  prepayRange: '预付金额需在0.1-100元之间',
  prepayDuplicate: '预付金额不能重复',
  freeMinutes: '免费时长需为0-30分钟的整数',
  maxMinutes: '单次最长时长需为1-24小时的整数',
  coinMinutes: '投币时长需为0（关闭）或30-720分钟/元',
  fullStopUnsupported: '本站点设备不支持充满自停',
} as const;

/** What a site's boxes support (getOperationMode), as the charge-rule rules need it. */
export interface ChargeCapabilities {
  supportModes: readonly number[];
  supportFullStop: boolean;
  /** W per socket. */
  maxPower: number;
}

/**
 * The rule as stored: fields of the other billing mode cleared (mode 1 → energy and service price 0; mode 2 → no
 * tiers), so that identical effective rules have identical canonical JSON (same ChargeRuleGroup, B §C.3).
 */
export function normalizeChargeRule(rule: ChargeRule): ChargeRule {
  return {
    billingMode: rule.billingMode,
    tiers: rule.billingMode === 1 ? rule.tiers.map((t) => ({ maxPower: t.maxPower, price: t.price })) : [],
    energyPrice: rule.billingMode === 2 ? rule.energyPrice : 0,
    servicePrice: rule.billingMode === 2 ? rule.servicePrice : 0,
    prepayOptions: [...rule.prepayOptions],
    fullStop: rule.fullStop,
    freeMinutes: rule.freeMinutes,
    maxMinutes: rule.maxMinutes,
    coinMinutes: rule.coinMinutes,
  };
}

/** Canonical JSON of a rule (keys in a fixed order, normalised): equal strings = same-rule group. */
export function canonicalChargeRule(rule: ChargeRule): string {
  const r = normalizeChargeRule(rule);
  return JSON.stringify({
    billingMode: r.billingMode,
    tiers: r.tiers,
    energyPrice: r.energyPrice,
    servicePrice: r.servicePrice,
    prepayOptions: r.prepayOptions,
    fullStop: r.fullStop,
    freeMinutes: r.freeMinutes,
    maxMinutes: r.maxMinutes,
    coinMinutes: r.coinMinutes,
  });
}

const between = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** The first violation of the charge-rule rules for a site with these capabilities (B §4 setCharger, §C.2), or null. */
export function chargeRuleError(rule: ChargeRule, caps: ChargeCapabilities): string | null {
  const L = CHARGE_LIMITS;
  if (!caps.supportModes.includes(rule.billingMode)) return CHARGE_MESSAGES.modeUnsupported;
  if (rule.billingMode === 1) {
    if (rule.tiers.length < 1 || rule.tiers.length > L.maxTiers) return CHARGE_MESSAGES.tierCount;
    let previous = 0;
    for (const tier of rule.tiers) {
      if (!Number.isInteger(tier.maxPower) || tier.maxPower <= previous) return CHARGE_MESSAGES.tierAscending;
      previous = tier.maxPower;
    }
    if (previous !== caps.maxPower) return CHARGE_MESSAGES.tierCover.replace('{maxPower}', String(caps.maxPower));
    let cheapest = 0;
    for (const tier of rule.tiers) {
      if (!between(tier.price, L.minTierPrice, L.maxTierPrice)) return CHARGE_MESSAGES.tierPrice;
      if (tier.price < cheapest) return CHARGE_MESSAGES.tierCheaper;
      cheapest = tier.price;
    }
  } else {
    if (!between(rule.energyPrice, L.minEnergyPrice, L.maxEnergyPrice)) return CHARGE_MESSAGES.energyPrice;
    if (!between(rule.servicePrice, 0, L.maxServicePrice)) return CHARGE_MESSAGES.servicePrice;
  }
  if (rule.prepayOptions.length < 1 || rule.prepayOptions.length > L.maxPrepayOptions) {
    return CHARGE_MESSAGES.prepayCount;
  }
  if (rule.prepayOptions.some((amount) => !between(amount, L.minPrepay, L.maxPrepay))) {
    return CHARGE_MESSAGES.prepayRange;
  }
  if (new Set(rule.prepayOptions).size !== rule.prepayOptions.length) return CHARGE_MESSAGES.prepayDuplicate;
  if (rule.fullStop === 1 && !caps.supportFullStop) return CHARGE_MESSAGES.fullStopUnsupported;
  if (!between(rule.freeMinutes, 0, L.maxFreeMinutes)) return CHARGE_MESSAGES.freeMinutes;
  if (!between(rule.maxMinutes, L.minMaxMinutes, L.maxMaxMinutes) || rule.maxMinutes % 60 !== 0) {
    return CHARGE_MESSAGES.maxMinutes;
  }
  if (rule.coinMinutes !== 0 && !between(rule.coinMinutes, L.minCoinMinutes, L.maxCoinMinutes)) {
    return CHARGE_MESSAGES.coinMinutes;
  }
  return null;
}

/**
 * One-line summary of a charge rule (the profile's 收费设置 row, the same-rule group name): "按功率计时
 * ¥0.25-0.80/小时 · 充满自停" or "按电量计费 ¥1.50/度 · 充满自停".
 */
export function chargeRuleSummary(rule: ChargeRule): string {
  let head: string;
  if (rule.billingMode === 1) {
    const prices = rule.tiers.map((t) => t.price);
    const lo = prices.length ? Math.min(...prices) : 0;
    const hi = prices.length ? Math.max(...prices) : 0;
    head = lo === hi ? `按功率计时 ¥${fenToYuan(lo)}/小时` : `按功率计时 ¥${fenToYuan(lo)}-${fenToYuan(hi)}/小时`;
  } else {
    head = `按电量计费 ¥${fenToYuan(rule.energyPrice + rule.servicePrice)}/度`;
  }
  return rule.fullStop === 1 ? `${head} · 充满自停` : head;
}

/** Minutes ¥1 buys at a tier price (fen per hour), floor(100 / price × 60) (B §C.4). */
export function minutesPerYuan(pricePerHour: number): number {
  return pricePerHour > 0 ? Math.floor((100 * 60) / pricePerHour) : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Site fields (B §4 site profile "Validation": the rules of /site/add, declared once in ./site-rules)

/** Message of a site name used by another of the owner's sites (B §A.1). */
export const SITE_NAME_TAKEN = '站点名称已存在';

/** The text fields of a site the profile edits one at a time. */
export type SiteTextField = 'name' | 'address' | 'contacts' | 'contactsPhone' | 'servicePhone';

const SITE_FIELD_RULES = {
  name: siteNameRule,
  address: addressRule,
  contacts: contactsRule,
  contactsPhone: contactsPhoneRule,
  servicePhone: servicePhoneRule,
} as const;

/** The first violation of a site text field's rule (as /site/add checks it), or null. Uniqueness is the server's. */
export function siteFieldError(field: SiteTextField, value: string): string | null {
  return firstError(SITE_FIELD_RULES[field], value);
}
