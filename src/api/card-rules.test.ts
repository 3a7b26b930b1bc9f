import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  ADD_CARD_MAX,
  addDay,
  AREA_SITE_MAX,
  BATCH_BIND_MAX,
  CARD_BALANCE_MAX,
  CARD_KEYWORD_MAX,
  CARD_NO_MESSAGE,
  CARD_NO_PATTERN,
  CARD_PHONE_MESSAGE,
  CARD_STATUS_LABELS,
  CARD_TYPE_LABELS,
  cardNoRule,
  cardPhoneRule,
  cardRemarkRule,
  daysBetween,
  holderNameRule,
  isValueCard,
  LICENSE_PATTERN,
  licenseRule,
  MONTH_DAYS,
  monthTemplateError,
  type MonthTemplateFields,
  OFFLINE_PAY_TYPES,
  OLD_CARD_PATTERN,
  perSwipeError,
  RECHARGE_MAX,
  RECHARGE_MIN,
  rechargeAmountError,
  rechargeChannelText,
  remainDaysOf,
  renewalPeriod,
  RESET_REASONS,
  resumedEndDate,
  rfidRule,
  tiersError,
} from './card-rules';

/**
 * The app's own copy of the card rules (C-mine.md "Shared behaviour", the card blocks' "Validation", Business rules
 * 4–11; entities.md §31–37, R7, R11.1): what the card screens check and show before calling (issue 34).
 */

/** Every message a field rule reports for `value` (an empty list when it passes). */
function messages(rule: z.ZodMiniType, value: unknown): string[] {
  const result = rule.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('card words (entities.md §31, §33, §34; C-mine.md "Card-type titles")', () => {
  it('names the four card types as the titles do', () => {
    expect(CARD_TYPE_LABELS).toEqual({ 1: '站点储值卡', 2: '站点月卡', 3: '区域储值卡', 4: '电子卡' });
  });

  it('names every card status (K49), 4 已注销 and 6 已停卡 included', () => {
    expect(CARD_STATUS_LABELS).toEqual({ 1: '未激活', 2: '已冻结', 3: '正常', 4: '已注销', 5: '已过期', 6: '已停卡' });
  });

  it('offers the four offline pay types of a back-office recharge, in the radio order 现金 / 微信转账 / 支付宝转账 / 其他', () => {
    expect(OFFLINE_PAY_TYPES).toEqual([
      { value: 3, label: '现金' },
      { value: 4, label: '微信转账' },
      { value: 5, label: '支付宝转账' },
      { value: 6, label: '其他' },
    ]);
  });

  it('offers the four reset reasons of 注销卡片 (CardResetRecord.reason), in the radio order', () => {
    expect(RESET_REASONS).toEqual([
      { value: 1, label: '用户退卡' },
      { value: 2, label: '卡片损坏' },
      { value: 3, label: '卡片丢失' },
      { value: 4, label: '其他' },
    ]);
  });

  it('offers exactly the month-card lengths of entities.md §37, in ascending order', () => {
    expect(MONTH_DAYS).toEqual([30, 90, 180, 365]);
  });
});

describe('isValueCard (balance in fen: types 1, 3, 4)', () => {
  it('is true for 站点储值卡, 区域储值卡 and 电子卡', () => {
    expect(isValueCard(1)).toBe(true);
    expect(isValueCard(3)).toBe(true);
    expect(isValueCard(4)).toBe(true);
  });

  it('is false for 站点月卡 and for numbers that are no card type', () => {
    expect(isValueCard(2)).toBe(false);
    expect(isValueCard(0)).toBe(false);
    expect(isValueCard(5)).toBe(false);
  });
});

describe('limits of the card screens (C-mine.md card blocks "Validation")', () => {
  it('caps keywords at 20, one 添加卡片 at 200 cards, an area card at 50 sites and a batch bind at 100 cards', () => {
    expect(CARD_KEYWORD_MAX).toBe(20);
    expect(ADD_CARD_MAX).toBe(200);
    expect(AREA_SITE_MAX).toBe(50);
    expect(BATCH_BIND_MAX).toBe(100);
  });

  it('bounds a recharge at 1…100000 fen and the resulting balance at 500000 fen (rule 8, R7.3)', () => {
    expect(RECHARGE_MIN).toBe(1);
    expect(RECHARGE_MAX).toBe(100_000);
    expect(CARD_BALANCE_MAX).toBe(500_000);
  });
});

describe('card number (C-mine.md "Card number": /^[0-9A-Za-z]{8,20}$/ → "卡号为8-20位数字或字母")', () => {
  it('shows the section message', () => {
    expect(CARD_NO_MESSAGE).toBe('卡号为8-20位数字或字母');
  });

  it('accepts 8 and 20 characters of digits, upper- or lower-case letters', () => {
    for (const cardNo of ['12345678', '09182736', 'ABCDEFGZ', 'abcdefgz', '0aZ9zA12', '1'.repeat(20), 'a'.repeat(20)]) {
      expect(CARD_NO_PATTERN.test(cardNo), cardNo).toBe(true);
      expect(messages(cardNoRule, cardNo), cardNo).toEqual([]);
    }
  });

  it('refuses 7 and 21 characters, the empty input and other characters anywhere', () => {
    for (const cardNo of [
      '1234567',
      '1'.repeat(21),
      '',
      '1234 5678',
      '-12345678',
      '12345678-',
      '1234567８',
      '卡12345678',
    ]) {
      expect(CARD_NO_PATTERN.test(cardNo), cardNo).toBe(false);
      expect(messages(cardNoRule, cardNo), cardNo).toEqual(['卡号为8-20位数字或字母']);
    }
  });
});

describe('holder phone (C-mine.md "Phone": /^1[3-9]\\d{9}$/ → "请输入正确的11位手机号")', () => {
  it('shows the section message', () => {
    expect(CARD_PHONE_MESSAGE).toBe('请输入正确的11位手机号');
  });

  it('accepts 11-digit mainland mobiles from 13… to 19…', () => {
    expect(messages(cardPhoneRule, '13812345678')).toEqual([]);
    expect(messages(cardPhoneRule, '19900000000')).toEqual([]);
  });

  it('refuses the empty input, 10 or 12 digits and a second digit outside 3–9 with the section message', () => {
    for (const phone of ['', '1381234567', '138123456789', '12812345678', '23812345678', '138-1234-5678']) {
      expect(messages(cardPhoneRule, phone), phone).toEqual(['请输入正确的11位手机号']);
    }
  });
});

describe('holder name (card/tab/list/info "Validation": 姓名 ≤ 20)', () => {
  it('accepts no name and names of up to 20 characters', () => {
    expect(messages(holderNameRule, '')).toEqual([]);
    expect(messages(holderNameRule, '张三')).toEqual([]);
    expect(messages(holderNameRule, '名'.repeat(20))).toEqual([]);
  });

  it('refuses 21 characters with "姓名最多20个字"', () => {
    expect(messages(holderNameRule, '名'.repeat(21))).toEqual(['姓名最多20个字']);
  });
});

describe('licence number (车牌号 2–10 chars Chinese/letters/digits → "请输入正确的车牌号")', () => {
  it('accepts no licence, and 2 to 10 Chinese characters, letters or digits', () => {
    for (const plate of ['', '京A', '京A12345', '粤Bz9', '一龥', 'AZaz09AZaz', '电动车牌号一二三四']) {
      expect(messages(licenseRule, plate), plate).toEqual([]);
    }
  });

  it('the pattern itself needs at least 2 characters (no licence is the rule’s exception)', () => {
    expect(LICENSE_PATTERN.test('')).toBe(false);
    expect(LICENSE_PATTERN.test('京')).toBe(false);
    expect(LICENSE_PATTERN.test('京A')).toBe(true);
    expect(LICENSE_PATTERN.test('京A12345678')).toBe(true);
    expect(LICENSE_PATTERN.test('京A123456789')).toBe(false);
  });

  it('refuses 1 or 11 characters, spaces and punctuation anywhere', () => {
    for (const plate of [
      '京',
      'A',
      '京A123456789',
      '京A 12345',
      '京A-12345',
      '·京A12345',
      '京A12345·',
      ' 京A',
      '京A ',
    ]) {
      expect(messages(licenseRule, plate), plate).toEqual(['请输入正确的车牌号']);
    }
  });
});

describe('RFID tag of a month card (8–24 hex digits → "请输入正确的RFID标签号")', () => {
  it('accepts 8 and 24 hex digits of either case', () => {
    for (const rfid of ['0123ABCD', '89abcdef', 'AbCdEf09', '0123456789abcdefABCDEF01']) {
      expect(messages(rfidRule, rfid), rfid).toEqual([]);
    }
  });

  it('refuses 7 and 25 digits, the empty input and letters beyond F', () => {
    for (const rfid of ['0123ABC', 'F'.repeat(25), '', '0123ABCG', 'g123abcd', '0123 ABCD', ':0123ABCD', '0123ABCD:']) {
      expect(messages(rfidRule, rfid), rfid).toEqual(['请输入正确的RFID标签号']);
    }
  });
});

describe('card remark (备注 ≤ 50)', () => {
  it('accepts no remark and up to 50 characters', () => {
    expect(messages(cardRemarkRule, '')).toEqual([]);
    expect(messages(cardRemarkRule, '备'.repeat(50))).toEqual([]);
  });

  it('refuses 51 characters with "备注最多50个字"', () => {
    expect(messages(cardRemarkRule, '备'.repeat(51))).toEqual(['备注最多50个字']);
  });
});

describe('old card number (permuteCard "Validation": 旧卡号 4–20 alphanumeric)', () => {
  it('accepts 4 and 20 digits or letters', () => {
    for (const oldCard of ['0912', 'AZaz', '0'.repeat(20), 'OLD00001']) {
      expect(OLD_CARD_PATTERN.test(oldCard), oldCard).toBe(true);
    }
  });

  it('refuses 3 and 21 characters, the empty input and other characters anywhere', () => {
    for (const oldCard of ['091', '0'.repeat(21), '', 'OLD-0001', '-OLD0001', 'OLD0001-', '旧卡0001']) {
      expect(OLD_CARD_PATTERN.test(oldCard), oldCard).toBe(false);
    }
  });
});

describe('rechargeAmountError (rule 8, R7.3; card/tab/list/info/recharge and active "Validation")', () => {
  const ok = { payAmount: 5_000, giveAmount: 500, balanceBefore: 0 };

  it('accepts a tier recharge within every limit', () => {
    expect(rechargeAmountError(ok)).toBeNull();
  });

  it('refuses amounts with more than two decimals of a yuan (a fraction of a fen), paid or given', () => {
    expect(rechargeAmountError({ ...ok, payAmount: 5_000.5 })).toBe('金额最多保留两位小数');
    expect(rechargeAmountError({ ...ok, giveAmount: 0.5 })).toBe('金额最多保留两位小数');
    expect(rechargeAmountError({ ...ok, payAmount: 0.5 }, true)).toBe('金额最多保留两位小数');
  });

  it('accepts ¥0.01 and ¥1000, and refuses 0, a negative amount and ¥1000.01', () => {
    expect(rechargeAmountError({ payAmount: 1, giveAmount: 0, balanceBefore: 0 })).toBeNull();
    expect(rechargeAmountError({ payAmount: 100_000, giveAmount: 0, balanceBefore: 0 })).toBeNull();
    expect(rechargeAmountError({ payAmount: 0, giveAmount: 0, balanceBefore: 0 })).toBe('单次充值金额为0.01-1000元');
    expect(rechargeAmountError({ payAmount: -100, giveAmount: 0, balanceBefore: 0 })).toBe('单次充值金额为0.01-1000元');
    expect(rechargeAmountError({ payAmount: 100_001, giveAmount: 0, balanceBefore: 0 })).toBe(
      '单次充值金额为0.01-1000元',
    );
  });

  it('refuses a custom amount below the site’s minimum, naming it in yuan with two decimals', () => {
    expect(rechargeAmountError({ ...ok, payAmount: 1_000, giveAmount: 0, minAmount: 1_000 })).toBeNull();
    expect(rechargeAmountError({ ...ok, payAmount: 999, giveAmount: 0, minAmount: 1_000 })).toBe('最低充值¥10.00');
    expect(rechargeAmountError({ ...ok, payAmount: 1_049, giveAmount: 0, minAmount: 1_050 })).toBe('最低充值¥10.50');
  });

  it('checks the range before the site’s minimum', () => {
    expect(rechargeAmountError({ payAmount: 0, giveAmount: 0, balanceBefore: 0, minAmount: 1_000 })).toBe(
      '单次充值金额为0.01-1000元',
    );
  });

  it('accepts a gift of 0 up to the paid amount and refuses a negative gift or one above it', () => {
    expect(rechargeAmountError({ ...ok, giveAmount: 0 })).toBeNull();
    expect(rechargeAmountError({ ...ok, giveAmount: 5_000 })).toBeNull();
    expect(rechargeAmountError({ ...ok, giveAmount: 5_001 })).toBe('赠送金额不能超过充值金额');
    expect(rechargeAmountError({ ...ok, giveAmount: -1 })).toBe('赠送金额不能超过充值金额');
  });

  it('refuses a recharge that would leave more than ¥5000 (balance + giveBalance) on the card', () => {
    expect(rechargeAmountError({ payAmount: 60_000, giveAmount: 40_000, balanceBefore: 400_000 })).toBeNull();
    expect(rechargeAmountError({ payAmount: 60_000, giveAmount: 40_001, balanceBefore: 400_000 })).toBe(
      '充值后卡内余额不能超过5000元',
    );
    expect(rechargeAmountError({ payAmount: 1, giveAmount: 0, balanceBefore: 500_000 })).toBe(
      '充值后卡内余额不能超过5000元',
    );
    expect(rechargeAmountError({ payAmount: 1, giveAmount: 0, balanceBefore: 499_999 })).toBeNull();
  });

  it('reports the first refusal only: the range before the gift, the gift before the balance', () => {
    expect(rechargeAmountError({ payAmount: 100_001, giveAmount: 200_000, balanceBefore: 500_000 })).toBe(
      '单次充值金额为0.01-1000元',
    );
    expect(rechargeAmountError({ payAmount: 100, giveAmount: 101, balanceBefore: 500_000 })).toBe(
      '赠送金额不能超过充值金额',
    );
  });

  it('at activation (allowZero) accepts 0 = 不充值 without a gift, even below the site’s minimum', () => {
    expect(rechargeAmountError({ payAmount: 0, giveAmount: 0, balanceBefore: 0, minAmount: 1_000 }, true)).toBeNull();
  });

  it('at activation refuses a gift with nothing paid', () => {
    expect(rechargeAmountError({ payAmount: 0, giveAmount: 100, balanceBefore: 0 }, true)).toBe(
      '赠送金额不能超过充值金额',
    );
  });

  it('at activation applies every other limit to a paid first recharge', () => {
    expect(rechargeAmountError({ payAmount: 100_001, giveAmount: 0, balanceBefore: 0 }, true)).toBe(
      '单次充值金额为0.01-1000元',
    );
    expect(rechargeAmountError({ payAmount: 500, giveAmount: 0, balanceBefore: 0, minAmount: 1_000 }, true)).toBe(
      '最低充值¥10.00',
    );
    expect(rechargeAmountError({ payAmount: 500, giveAmount: 501, balanceBefore: 0 }, true)).toBe(
      '赠送金额不能超过充值金额',
    );
    expect(rechargeAmountError({ payAmount: 500, giveAmount: 500, balanceBefore: 0 }, true)).toBeNull();
  });
});

describe('rechargeChannelText (recharge-recods rows: "用户线上·微信支付", "后台·现金" …; entities.md §33)', () => {
  it('names an online recharge 用户线上 with its payment app', () => {
    expect(rechargeChannelText(1, 1)).toBe('用户线上·微信支付');
    expect(rechargeChannelText(1, 2)).toBe('用户线上·支付宝');
  });

  it('names a back-office recharge 后台 with how the operator was paid', () => {
    expect(rechargeChannelText(2, 3)).toBe('后台·现金');
    expect(rechargeChannelText(2, 4)).toBe('后台·微信转账');
    expect(rechargeChannelText(2, 5)).toBe('后台·支付宝转账');
    expect(rechargeChannelText(2, 6)).toBe('后台·其他');
  });

  it('says 其他 for a pay type it does not know', () => {
    expect(rechargeChannelText(2, 0)).toBe('后台·其他');
    expect(rechargeChannelText(1, 7)).toBe('用户线上·其他');
  });

  it('uses the words of the 收款方式 radio for the offline pay types', () => {
    for (const { value, label } of OFFLINE_PAY_TYPES) expect(rechargeChannelText(2, value)).toBe(`后台·${label}`);
  });
});

describe('addDay and daysBetween (calendar days, rules 4 and 9)', () => {
  it('moves across month ends, leap days and years, backwards too', () => {
    expect(addDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDay('2024-02-28', 2)).toBe('2024-03-01');
    expect(addDay('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDay('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDay('2024-01-15', 0)).toBe('2024-01-15');
    expect(addDay('2024-01-01', 365)).toBe('2024-12-31');
  });

  it('counts to − from in whole days', () => {
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(29);
    expect(daysBetween('2024-03-01', '2024-02-01')).toBe(-29);
    expect(daysBetween('2024-05-05', '2024-05-05')).toBe(0);
    expect(daysBetween('2024-12-31', '2025-01-01')).toBe(1);
  });
});

describe('remainDaysOf (剩余 N 天, today included)', () => {
  it('is 0 for a card without an endDate', () => {
    expect(remainDaysOf(null, '2024-05-10')).toBe(0);
    expect(remainDaysOf('', '2024-05-10')).toBe(0);
  });

  it('counts today: 1 on the last day, 3 two days before it', () => {
    expect(remainDaysOf('2024-05-10', '2024-05-10')).toBe(1);
    expect(remainDaysOf('2024-05-12', '2024-05-10')).toBe(3);
    expect(remainDaysOf('2024-06-08', '2024-05-10')).toBe(30);
  });

  it('is 0, never negative, once the endDate has passed', () => {
    expect(remainDaysOf('2024-05-09', '2024-05-10')).toBe(0);
    expect(remainDaysOf('2024-05-01', '2024-05-10')).toBe(0);
  });
});

describe('renewalPeriod (rule 9: status 3 from endDate + 1, status 5 from today; endDate = start + days − 1)', () => {
  const today = '2024-05-10';

  it('continues a valid card (status 3) the day after its endDate', () => {
    expect(renewalPeriod({ status: 3, endDate: '2024-05-20' }, 30, today)).toEqual({
      startDate: '2024-05-21',
      endDate: '2024-06-19',
    });
  });

  it('continues a card on its last day (endDate = today) from tomorrow', () => {
    expect(renewalPeriod({ status: 3, endDate: today }, 30, today)).toEqual({
      startDate: '2024-05-11',
      endDate: '2024-06-09',
    });
  });

  it('starts an expired card (status 5) today, whatever its old endDate', () => {
    expect(renewalPeriod({ status: 5, endDate: '2024-05-01' }, 90, today)).toEqual({
      startDate: today,
      endDate: '2024-08-07',
    });
    expect(renewalPeriod({ status: 5, endDate: '2024-05-20' }, 30, today)).toEqual({
      startDate: today,
      endDate: '2024-06-08',
    });
  });

  it('starts today a status-3 card whose endDate has passed (not yet expired by the 00:00 job) or is missing', () => {
    expect(renewalPeriod({ status: 3, endDate: '2024-05-09' }, 30, today)).toEqual({
      startDate: today,
      endDate: '2024-06-08',
    });
    expect(renewalPeriod({ status: 3, endDate: null }, 30, today)).toEqual({ startDate: today, endDate: '2024-06-08' });
  });

  it('makes a period exactly `days` long for each template length', () => {
    for (const days of MONTH_DAYS) {
      const { startDate, endDate } = renewalPeriod({ status: 5, endDate: null }, days, today);
      expect(daysBetween(startDate, endDate) + 1, String(days)).toBe(days);
    }
  });
});

describe('resumedEndDate (rule 4: endDate pushed back by the whole paused days, counted up)', () => {
  const pausedAt = Date.parse('2024-05-10T02:00:00Z');

  it('gives one day for a pause of one hour or of exactly 24 hours', () => {
    expect(resumedEndDate('2024-05-31', pausedAt, pausedAt + HOUR_MS)).toBe('2024-06-01');
    expect(resumedEndDate('2024-05-31', pausedAt, pausedAt + DAY_MS)).toBe('2024-06-01');
  });

  it('gives two days for a pause one millisecond longer than a day, three for three days', () => {
    expect(resumedEndDate('2024-05-31', pausedAt, pausedAt + DAY_MS + 1)).toBe('2024-06-02');
    expect(resumedEndDate('2024-05-31', pausedAt, pausedAt + 3 * DAY_MS)).toBe('2024-06-03');
  });

  it('keeps the endDate for a resume at the pause instant, or a clock that went back', () => {
    expect(resumedEndDate('2024-05-31', pausedAt, pausedAt)).toBe('2024-05-31');
    expect(resumedEndDate('2024-05-31', pausedAt, pausedAt - 2 * DAY_MS)).toBe('2024-05-31');
  });
});

describe('monthTemplateError (rechargeSet/info "Validation": 月卡 name, days, price, limits)', () => {
  const ok: MonthTemplateFields = {
    name: '月卡30天',
    days: 30,
    price: 3_000,
    dailyTimesLimit: 2,
    maxMinutesPerCharge: 480,
    maxPowerW: 800,
    enabled: 1,
  };

  it('accepts a template within every limit', () => {
    expect(monthTemplateError(ok)).toBeNull();
    expect(monthTemplateError({ ...ok, enabled: 0 })).toBeNull();
  });

  it('names: 2–10 characters once trimmed → "套餐名称为2-10个字"', () => {
    expect(monthTemplateError({ ...ok, name: '月卡' })).toBeNull();
    expect(monthTemplateError({ ...ok, name: '月'.repeat(10) })).toBeNull();
    expect(monthTemplateError({ ...ok, name: '  月卡  ' })).toBeNull();
    expect(monthTemplateError({ ...ok, name: '月' })).toBe('套餐名称为2-10个字');
    expect(monthTemplateError({ ...ok, name: '月'.repeat(11) })).toBe('套餐名称为2-10个字');
    expect(monthTemplateError({ ...ok, name: '' })).toBe('套餐名称为2-10个字');
    expect(monthTemplateError({ ...ok, name: ' 月  ' })).toBe('套餐名称为2-10个字');
    expect(monthTemplateError({ ...ok, name: ` ${'月'.repeat(10)} ` })).toBeNull();
  });

  it('days: only 30, 90, 180 or 365', () => {
    for (const days of [30, 90, 180, 365]) expect(monthTemplateError({ ...ok, days }), String(days)).toBeNull();
    for (const days of [0, 29, 31, 60, 364, 366]) {
      expect(monthTemplateError({ ...ok, days }), String(days)).toBe('天数只能为30、90、180或365天');
    }
  });

  it('price: whole fen from ¥1 to ¥2000', () => {
    expect(monthTemplateError({ ...ok, price: 100 })).toBeNull();
    expect(monthTemplateError({ ...ok, price: 200_000 })).toBeNull();
    expect(monthTemplateError({ ...ok, price: 99 })).toBe('套餐价格为1-2000元');
    expect(monthTemplateError({ ...ok, price: 200_001 })).toBe('套餐价格为1-2000元');
    expect(monthTemplateError({ ...ok, price: 150.5 })).toBe('套餐价格为1-2000元');
  });

  it('daily starts: 1–10 whole times', () => {
    expect(monthTemplateError({ ...ok, dailyTimesLimit: 1 })).toBeNull();
    expect(monthTemplateError({ ...ok, dailyTimesLimit: 10 })).toBeNull();
    expect(monthTemplateError({ ...ok, dailyTimesLimit: 0 })).toBe('每日次数为1-10次');
    expect(monthTemplateError({ ...ok, dailyTimesLimit: 11 })).toBe('每日次数为1-10次');
    expect(monthTemplateError({ ...ok, dailyTimesLimit: 1.5 })).toBe('每日次数为1-10次');
  });

  it('minutes per charge: whole hours from 1 to 12', () => {
    expect(monthTemplateError({ ...ok, maxMinutesPerCharge: 60 })).toBeNull();
    expect(monthTemplateError({ ...ok, maxMinutesPerCharge: 720 })).toBeNull();
    for (const minutes of [0, 59, 721, 780, 90, 61, 719]) {
      expect(monthTemplateError({ ...ok, maxMinutesPerCharge: minutes }), String(minutes)).toBe('单次时长为1-12小时');
    }
  });

  it('power: 200–2000 W → "请输入200-2000之间的功率"', () => {
    expect(monthTemplateError({ ...ok, maxPowerW: 200 })).toBeNull();
    expect(monthTemplateError({ ...ok, maxPowerW: 2_000 })).toBeNull();
    expect(monthTemplateError({ ...ok, maxPowerW: 199 })).toBe('请输入200-2000之间的功率');
    expect(monthTemplateError({ ...ok, maxPowerW: 2_001 })).toBe('请输入200-2000之间的功率');
    expect(monthTemplateError({ ...ok, maxPowerW: 800.5 })).toBe('请输入200-2000之间的功率');
  });

  it('reports the first refusal in the form’s order: name, days, price, times, minutes, power', () => {
    const bad: MonthTemplateFields = {
      name: '',
      days: 31,
      price: 0,
      dailyTimesLimit: 0,
      maxMinutesPerCharge: 0,
      maxPowerW: 0,
      enabled: 1,
    };
    expect(monthTemplateError(bad)).toBe('套餐名称为2-10个字');
    expect(monthTemplateError({ ...bad, name: ok.name })).toBe('天数只能为30、90、180或365天');
    expect(monthTemplateError({ ...bad, name: ok.name, days: 30 })).toBe('套餐价格为1-2000元');
    expect(monthTemplateError({ ...bad, name: ok.name, days: 30, price: 3_000 })).toBe('每日次数为1-10次');
    expect(monthTemplateError({ ...bad, name: ok.name, days: 30, price: 3_000, dailyTimesLimit: 2 })).toBe(
      '单次时长为1-12小时',
    );
    expect(
      monthTemplateError({
        ...bad,
        name: ok.name,
        days: 30,
        price: 3_000,
        dailyTimesLimit: 2,
        maxMinutesPerCharge: 60,
      }),
    ).toBe('请输入200-2000之间的功率');
  });
});

describe('tiersError (rechargeSet/info "Validation": value-card tiers, 最低充值)', () => {
  const off = { customAmount: 0, minAmount: 0, onlineRecharge: 0 } as const;
  const tier = (payAmount: number, giveAmount = 0) => ({ payAmount, giveAmount });

  it('accepts no tiers when online recharge is off, and up to six distinct tiers', () => {
    expect(tiersError([], off)).toBeNull();
    expect(tiersError([tier(5_000, 500), tier(10_000, 1_500)], off)).toBeNull();
    expect(tiersError([tier(100), tier(200), tier(300), tier(400), tier(500), tier(600)], off)).toBeNull();
  });

  it('refuses a seventh tier before looking at the tiers', () => {
    const seven = [tier(100), tier(200), tier(300), tier(400), tier(500), tier(600), tier(700)];
    expect(tiersError(seven, off)).toBe('最多设置6个充值档位');
    expect(tiersError([...seven.slice(0, 6), tier(0, 5)], off)).toBe('最多设置6个充值档位');
  });

  it('tier 充值: whole fen from ¥1 to ¥1000 → "充值档位金额为1-1000元"', () => {
    expect(tiersError([tier(100)], off)).toBeNull();
    expect(tiersError([tier(100_000)], off)).toBeNull();
    expect(tiersError([tier(99)], off)).toBe('充值档位金额为1-1000元');
    expect(tiersError([tier(100_001)], off)).toBe('充值档位金额为1-1000元');
    expect(tiersError([tier(150.5)], off)).toBe('充值档位金额为1-1000元');
  });

  it('tier 赠送: whole fen from 0 to the tier’s 充值 → "赠送金额不能超过充值金额"', () => {
    expect(tiersError([tier(5_000, 0)], off)).toBeNull();
    expect(tiersError([tier(5_000, 5_000)], off)).toBeNull();
    expect(tiersError([tier(5_000, 5_001)], off)).toBe('赠送金额不能超过充值金额');
    expect(tiersError([tier(5_000, -1)], off)).toBe('赠送金额不能超过充值金额');
    expect(tiersError([tier(5_000, 0.5)], off)).toBe('赠送金额不能超过充值金额');
  });

  it('checks every tier, in order, the amount of a tier before its gift', () => {
    expect(tiersError([tier(5_000), tier(99)], off)).toBe('充值档位金额为1-1000元');
    expect(tiersError([tier(5_000), tier(6_000, 7_000)], off)).toBe('赠送金额不能超过充值金额');
    expect(tiersError([tier(99, 200)], off)).toBe('充值档位金额为1-1000元');
    expect(tiersError([tier(5_000, 6_000), tier(99)], off)).toBe('赠送金额不能超过充值金额');
  });

  it('refuses two tiers with the same 充值, whatever their gifts', () => {
    expect(tiersError([tier(5_000, 0), tier(5_000, 500)], off)).toBe('充值档位不能重复');
    expect(tiersError([tier(5_000), tier(10_000), tier(5_000)], off)).toBe('充值档位不能重复');
  });

  it('needs at least one tier when 线上充值 is on', () => {
    expect(tiersError([], { ...off, onlineRecharge: 1 })).toBe('请至少设置一个充值档位');
    expect(tiersError([tier(5_000)], { ...off, onlineRecharge: 1 })).toBeNull();
  });

  it('with custom amounts allowed, needs a 最低充值 of ¥1 to ¥100', () => {
    const custom = { ...off, customAmount: 1 } as const;
    expect(tiersError([], { ...custom, minAmount: 100 })).toBeNull();
    expect(tiersError([], { ...custom, minAmount: 10_000 })).toBeNull();
    expect(tiersError([], { ...custom, minAmount: 99 })).toBe('最低充值为1-100元');
    expect(tiersError([], { ...custom, minAmount: 10_001 })).toBe('最低充值为1-100元');
    expect(tiersError([], { ...custom, minAmount: 0 })).toBe('最低充值为1-100元');
  });

  it('ignores 最低充值 when custom amounts are not allowed', () => {
    expect(tiersError([], { ...off, minAmount: 0 })).toBeNull();
    expect(tiersError([], { ...off, minAmount: 10_001 })).toBeNull();
  });

  it('reports the tiers before the online and the minimum rules', () => {
    const all = { customAmount: 1, minAmount: 0, onlineRecharge: 1 } as const;
    expect(tiersError([tier(5_000), tier(5_000)], all)).toBe('充值档位不能重复');
    expect(tiersError([], all)).toBe('请至少设置一个充值档位');
  });
});

describe('perSwipeError (rechargeSet/info 按次扣费: 0.01–20 yuan, 1–12 h)', () => {
  it('accepts ¥0.01 to ¥20 per swipe for 60 to 720 minutes', () => {
    expect(perSwipeError(1, 60)).toBeNull();
    expect(perSwipeError(2_000, 720)).toBeNull();
    expect(perSwipeError(100, 480)).toBeNull();
  });

  it('refuses an amount of 0, above ¥20 or with a fraction of a fen → "每次扣费为0.01-20元"', () => {
    expect(perSwipeError(0, 60)).toBe('每次扣费为0.01-20元');
    expect(perSwipeError(2_001, 60)).toBe('每次扣费为0.01-20元');
    expect(perSwipeError(1.5, 60)).toBe('每次扣费为0.01-20元');
  });

  it('refuses under one hour, over twelve hours or a fraction of a minute → "每次时长为1-12小时"', () => {
    expect(perSwipeError(100, 59)).toBe('每次时长为1-12小时');
    expect(perSwipeError(100, 721)).toBe('每次时长为1-12小时');
    expect(perSwipeError(100, 60.5)).toBe('每次时长为1-12小时');
    expect(perSwipeError(100, -1)).toBe('每次时长为1-12小时');
  });

  it('refuses a duration that is not whole hours (90 minutes would read 每次最长2小时 on the card)', () => {
    expect(perSwipeError(100, 90)).toBe('每次时长为1-12小时');
    expect(perSwipeError(100, 661)).toBe('每次时长为1-12小时');
    expect(perSwipeError(100, 660)).toBeNull();
  });

  it('reports the amount before the duration', () => {
    expect(perSwipeError(0, 0)).toBe('每次扣费为0.01-20元');
  });
});
