import { createHash } from 'node:crypto';
import type { ChargeRule } from '../../../src/api/site';
import type { Random } from '../../lib/random';
import { stamp } from '../../lib/time';

/** Minutes / hours in ms. */
export const MIN_MS = 60_000;
export const HOUR_MS = 3_600_000;

export { stamp };

/** 'yyyyMMdd' of an instant in Asia/Shanghai. */
export function stampDay(ms: number): string {
  return stamp(ms).slice(0, 8);
}

/** Zero-padded decimal. */
export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Sandbox "encryption" of sensitive fields (…_enc columns): 'b64:' + base64 of the UTF-8 text. */
export function enc(plain: string): string {
  return `b64:${Buffer.from(plain, 'utf8').toString('base64')}`;
}

/** 张** style mask of a person or company name. */
export function maskName(name: string): string {
  if (name.length <= 1) return name;
  if (name.length <= 3) return name[0] + '*'.repeat(name.length - 1);
  return name.slice(0, 2) + '*'.repeat(Math.min(name.length - 3, 6)) + name.slice(-1);
}

/** Rounding half up of a non-negative rational a / b. */
export function roundDiv(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** ChargeRule value object (B-site §0.3): the API contract's type (money in fen, power in W, durations in minutes). */
export type { ChargeRule };

/** Canonical JSON of a rule (keys in a fixed order) and its hash (ChargeRuleGroup.ruleHash). */
export function ruleHash(rule: ChargeRule): string {
  const canonical = JSON.stringify({
    billingMode: rule.billingMode,
    tiers: rule.tiers.map((t) => ({ maxPower: t.maxPower, price: t.price })),
    energyPrice: rule.energyPrice,
    servicePrice: rule.servicePrice,
    prepayOptions: rule.prepayOptions,
    fullStop: rule.fullStop,
    freeMinutes: rule.freeMinutes,
    maxMinutes: rule.maxMinutes,
    coinMinutes: rule.coinMinutes,
  });
  return createHash('sha1').update(canonical).digest('hex').slice(0, 16);
}

/** Automatic group name: "按功率计时 ¥0.25-0.80/小时" or "按电量计费 ¥1.50/度". */
export function ruleSummary(rule: ChargeRule): string {
  if (rule.billingMode === 1) {
    const prices = rule.tiers.map((t) => t.price);
    const lo = Math.min(...prices);
    const hi = Math.max(...prices);
    return `按功率计时 ¥${(lo / 100).toFixed(2)}-${(hi / 100).toFixed(2)}/小时`;
  }
  return `按电量计费 ¥${((rule.energyPrice + rule.servicePrice) / 100).toFixed(2)}/度`;
}

/** Tier price (fen per hour) for an average power (mode 1); the last tier for anything above. */
export function tierPrice(rule: ChargeRule, powerW: number): number {
  for (const t of rule.tiers) if (powerW <= t.maxPower) return t.price;
  const last = rule.tiers[rule.tiers.length - 1];
  return last ? last.price : 100;
}

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈姚卢钟姜崔谭陆范汪廖石金贾夏韦付方邹熊白孟秦邱侯江尹薛闫段雷龙黎史陶贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '霞',
  '平',
  '刚',
  '桂英',
  '建华',
  '文',
  '华',
  '红',
  '建国',
  '志强',
  '丹',
  '萍',
  '鹏',
  '辉',
  '玲',
  '晨',
  '宇',
  '浩然',
  '子涵',
  '欣怡',
  '梓轩',
  '雨桐',
  '思远',
  '佳琪',
  '一鸣',
  '晓东',
  '海燕',
  '国平',
  '立新',
  '卫东',
  '春梅',
  '秋菊',
  '俊杰',
  '婷婷',
];

/** A Chinese person name. */
export function personName(rnd: Random): string {
  return SURNAMES[rnd.int(0, SURNAMES.length - 1)] + rnd.pick(GIVEN);
}

const PREFIXES = [
  '130',
  '131',
  '132',
  '133',
  '135',
  '136',
  '137',
  '139',
  '150',
  '151',
  '152',
  '155',
  '156',
  '157',
  '158',
  '159',
  '176',
  '177',
  '180',
  '181',
  '186',
  '187',
  '188',
  '189',
  '191',
  '199',
];

/** An 11-digit mainland mobile number (never one of the demo login phones 138001380xx). */
export function mobile(rnd: Random): string {
  return rnd.pick(PREFIXES) + pad(rnd.int(0, 99_999_999), 8);
}

/** 浙A·12345 style licence plate of an e-bike (杭州 电动自行车号牌 style: 杭州A12345). */
export function ebikePlate(rnd: Random): string {
  return `杭州${String.fromCharCode(65 + rnd.int(0, 7))}${pad(rnd.int(0, 99_999), 5)}`;
}

/** Luhn check digit appended to a digit string (bank card numbers). */
export function withLuhn(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** Base URL of platform QR stickers (`{QR_BASE_URL}/q/{code}`), B-site §0.4. */
export const QR_BASE_URL = 'https://qr.sandbox.yichong.local';

/** Placeholder images served by the sandbox. */
export const IMG = (name: string): string => `/__sandbox/static/${name}`;
