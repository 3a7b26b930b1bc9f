import { describe, expect, it } from 'vitest';
import {
  AMOUNT_PATTERN,
  amountToFen,
  branchNameRule,
  BUSINESS_CATEGORIES,
  cardDigits,
  cardNoRule,
  corporateAccountRule,
  corporateBranchRule,
  emailRule,
  ENTITY_TYPE_LABELS,
  firstAutoWithdrawDay,
  groupCardNo,
  holderNameRule,
  idCardRule,
  idCardValid,
  kybAmountToFen,
  luhnValid,
  maskAccountNo,
  maskCardNo,
  maskIdNo,
  maskName,
  merchantNameRule,
  mobileRule,
  nextAutoWithdrawDay,
  normaliseAmountInput,
  personNameRule,
  REQUEST_ID_PATTERN,
  reservedPhoneRule,
  sixDigitCodeRule,
  usccRule,
  usccValid,
  WITHDRAW_MAX_AMOUNT,
  WITHDRAW_MIN_AMOUNT,
  withdrawFee,
  type FeeTerms,
} from './income-rules';
import { firstError } from './rules';

// Unit tests of the parts of income-rules.ts no other test reached (issue 34). None of these functions reads the clock:
// the automatic withdrawal days take `day`/`today` and `beforeTen` as arguments, so every case below is a fixed instant.

// Valid check characters, computed by hand from the published algorithms (ISO 7064 MOD 11-2; GB 32100).
const ID_CHECK_X = '11010519491231002X';
const ID_CHECK_DIGIT = '440524188001010014';
const ID_CHECK_ZERO = '320106199003000030';
const USCC_CHECK_DIGIT = '91350100M000100Y43';
const USCC_CHECK_ZERO = '91320100MA10000250';
const USCC_CHECK_LETTER = '91320100MA1000015Y';

describe('request ids and typed amounts (D-income.md §0.5, §0.7)', () => {
  it('a request id is exactly 32 hexadecimal characters, either case', () => {
    expect(REQUEST_ID_PATTERN.test('0123456789abcdefABCDEF0123456789')).toBe(true);
    expect(REQUEST_ID_PATTERN.test('f'.repeat(32))).toBe(true);
    expect(REQUEST_ID_PATTERN.test('f'.repeat(31))).toBe(false);
    expect(REQUEST_ID_PATTERN.test('f'.repeat(33))).toBe(false);
    expect(REQUEST_ID_PATTERN.test(`${'f'.repeat(31)}g`)).toBe(false);
    expect(REQUEST_ID_PATTERN.test('')).toBe(false);
  });

  it('an amount is digits with at most two decimals', () => {
    for (const ok of ['0', '12', '10.5', '10.55', '007.50']) expect([ok, AMOUNT_PATTERN.test(ok)]).toEqual([ok, true]);
    for (const bad of ['', '.5', '10.', '10.555', 'a1', '1a', '1.2.3', '-1', '1,000', '1e3']) {
      expect([bad, AMOUNT_PATTERN.test(bad)]).toEqual([bad, false]);
    }
  });

  it('converts to fen by string: integer × 100 plus the padded decimals, leading zeros and spaces harmless', () => {
    expect(amountToFen('12.34')).toBe(1234);
    expect(amountToFen('12.3')).toBe(1230);
    expect(amountToFen('12')).toBe(1200);
    expect(amountToFen('0.01')).toBe(1);
    expect(amountToFen('0')).toBe(0);
    expect(amountToFen('007.5')).toBe(750);
    expect(amountToFen(' 12.5 ')).toBe(1250);
    // 0.29 and 1.13 go wrong with float math (× 100 gives 28.999… and 112.999…)
    expect(amountToFen('0.29')).toBe(29);
    expect(amountToFen('1.13')).toBe(113);
  });

  it('refuses anything but digits with at most two decimals', () => {
    for (const bad of ['', ' ', '.5', '12.', '1.234', 'a1', '1a', '1.2.3', '-1', '1e3', '¥12']) {
      expect([bad, amountToFen(bad)]).toEqual([bad, null]);
    }
  });

  it('refuses an amount beyond the safe integers, and keeps the largest safe one', () => {
    expect(amountToFen('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(amountToFen('90071992547409.92')).toBeNull();
  });
});

describe('what a money input keeps of a keystroke (D-income.md §0.7)', () => {
  it('keeps digits with one dot and up to two decimals as typed', () => {
    expect(normaliseAmountInput('12', '1')).toBe('12');
    expect(normaliseAmountInput('12.', '12')).toBe('12.');
    expect(normaliseAmountInput('12.3', '12.')).toBe('12.3');
    expect(normaliseAmountInput('12.34', '12.3')).toBe('12.34');
    expect(normaliseAmountInput('100', '10')).toBe('100');
    expect(normaliseAmountInput('1.50', '1.5')).toBe('1.50');
  });

  it('ignores a third decimal: the previous text stays', () => {
    expect(normaliseAmountInput('12.345', '12.34')).toBe('12.34');
    expect(normaliseAmountInput('0.001', '0.00')).toBe('0.00');
  });

  it('ignores a keystroke that is not a digit or a second dot', () => {
    expect(normaliseAmountInput('12a', '12')).toBe('12');
    expect(normaliseAmountInput('a12', '12')).toBe('12');
    expect(normaliseAmountInput('1.2.', '1.2')).toBe('1.2');
    expect(normaliseAmountInput('-1', '1')).toBe('1');
    expect(normaliseAmountInput('1 ', '1')).toBe('1');
  });

  it('trims leading zeros ("00" → "0", "05" → "5", "0.5" stays) and puts a 0 before a bare dot', () => {
    expect(normaliseAmountInput('0', '')).toBe('0');
    expect(normaliseAmountInput('00', '0')).toBe('0');
    expect(normaliseAmountInput('05', '0')).toBe('5');
    expect(normaliseAmountInput('007', '00')).toBe('7');
    expect(normaliseAmountInput('0.5', '0.')).toBe('0.5');
    expect(normaliseAmountInput('000.5', '00.5')).toBe('0.5');
    expect(normaliseAmountInput('.', '')).toBe('0.');
    expect(normaliseAmountInput('.5', '.')).toBe('0.5');
  });

  it('clears to empty when the field is emptied', () => {
    expect(normaliseAmountInput('', '12.34')).toBe('');
  });
});

// D "Business rules: Withdrawals": fee = 0 while the month's free quota lasts, else
// min(maxFee, max(minFee, ⌈amount × feeRateBp / 10000⌉)); the withdraw screen's line says 最低¥1.00，最高¥25.00.
describe('the withdrawal fee (D Business rules: Withdrawals)', () => {
  const terms: FeeTerms = { feeRateBp: 10, minFee: 100, maxFee: 2_500, freeLeft: 0 };

  it('is free while a free withdrawal is left this month, whatever the amount', () => {
    expect(withdrawFee(5_000_000, { ...terms, freeLeft: 1 })).toBe(0);
    expect(withdrawFee(1_000, { ...terms, freeLeft: 3 })).toBe(0);
  });

  it('charges the rate once the quota is used up, rounded up to the fen', () => {
    expect(withdrawFee(1_500_000, terms)).toBe(1_500);
    expect(withdrawFee(1_500_001, terms)).toBe(1_501);
    expect(withdrawFee(1_500_999, terms)).toBe(1_501);
    expect(withdrawFee(123_456, { ...terms, feeRateBp: 60 })).toBe(741);
  });

  it('charges at least the least fee and at most the greatest', () => {
    expect(withdrawFee(1_000, terms)).toBe(100);
    expect(withdrawFee(99_999, terms)).toBe(100);
    expect(withdrawFee(100_000, terms)).toBe(100);
    expect(withdrawFee(100_001, terms)).toBe(101);
    expect(withdrawFee(2_499_999, terms)).toBe(2_500);
    expect(withdrawFee(2_500_000, terms)).toBe(2_500);
    expect(withdrawFee(2_500_001, terms)).toBe(2_500);
    expect(withdrawFee(5_000_000, terms)).toBe(2_500);
  });

  it('one withdrawal is ¥10.00 to ¥50,000.00 (D §0 codes 2002/2003)', () => {
    expect([WITHDRAW_MIN_AMOUNT, WITHDRAW_MAX_AMOUNT]).toEqual([1_000, 5_000_000]);
  });
});

describe('check characters of card, ID and credit-code numbers (D /income/bank/add, /income/edit-contract)', () => {
  it('Luhn: refuses anything but digits, the empty text included', () => {
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4111 1111 1111 1111')).toBe(false);
    expect(luhnValid('4111-1111-1111-1111')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('59')).toBe(true); // 5 doubled is 10 → 1, + 9 = 10
    expect(luhnValid('58')).toBe(false);
  });

  it('an ID number: 17 digits and the MOD 11-2 check character, X upper-case only', () => {
    for (const valid of [ID_CHECK_X, ID_CHECK_DIGIT, ID_CHECK_ZERO, '110101200002290018']) {
      expect([valid, idCardValid(valid)]).toEqual([valid, true]);
    }
    for (const invalid of [
      '11010519491231002x', // lower-case x
      '110105194912310021', // wrong check digit
      '320106199003000001', // a check 1 where 6 is due
      '440524188001010015',
      ID_CHECK_DIGIT.slice(0, 17), // 17 characters
      `${ID_CHECK_DIGIT}0`, // 19 characters: the valid 18 followed by a digit
      `0${ID_CHECK_DIGIT}`,
      '4405241880010100X4', // X only last
      'A40524188001010014',
      '',
    ]) {
      expect([invalid, idCardValid(invalid)]).toEqual([invalid, false]);
    }
  });

  it('a 统一社会信用代码: 18 of [0-9A-HJ-NPQRTUWXY] with the GB 32100 check character', () => {
    for (const valid of [USCC_CHECK_DIGIT, USCC_CHECK_ZERO, USCC_CHECK_LETTER]) {
      expect([valid, usccValid(valid)]).toEqual([valid, true]);
    }
    for (const invalid of [
      '91350100M000100Y44', // wrong check character
      '91350100M000100Y40', // a check 0 where 3 is due
      '91320100MA10000251',
      '91350100m000100Y43', // lower case
      '91350100I000100Y43', // I, O, S, V, Z are not in the alphabet
      '91350100O000100Y43',
      '91350100M000100Y4',
      `${USCC_CHECK_DIGIT}0`,
      `0${USCC_CHECK_DIGIT}`,
      '',
    ]) {
      expect([invalid, usccValid(invalid)]).toEqual([invalid, false]);
    }
  });
});

// D /income/bank/add "Validation (toast, first failure)".
describe('the card-binding form’s rules and words (D /income/bank/add)', () => {
  it('持卡人: empty → 请输入持卡人姓名; not 2–20 Chinese characters or · → 持卡人姓名格式不正确', () => {
    expect(firstError(holderNameRule, '')).toBe('请输入持卡人姓名');
    for (const ok of ['张三', '一龥', '阿卜杜·热合曼', '张'.repeat(20)]) {
      expect([ok, firstError(holderNameRule, ok)]).toEqual([ok, null]);
    }
    for (const bad of ['张', '张'.repeat(21), 'Zhang San', '张三1', '张 三', ' 张三', '张三 ']) {
      expect([bad, firstError(holderNameRule, bad)]).toEqual([bad, '持卡人姓名格式不正确']);
    }
  });

  it('身份证号: empty → 请输入身份证号; bad form or check → 身份证号格式不正确', () => {
    expect(firstError(idCardRule, '')).toBe('请输入身份证号');
    expect(firstError(idCardRule, ID_CHECK_X)).toBeNull();
    expect(firstError(idCardRule, ID_CHECK_DIGIT)).toBeNull();
    expect(firstError(idCardRule, '11010519491231002x')).toBe('身份证号格式不正确');
    expect(firstError(idCardRule, '110105194912310021')).toBe('身份证号格式不正确');
    expect(firstError(idCardRule, '1101051949')).toBe('身份证号格式不正确');
  });

  it('银行卡号: 12 and 19 digits pass, 11 and 20 do not even with a right check digit', () => {
    expect(firstError(cardNoRule, '622202123452')).toBeNull();
    expect(firstError(cardNoRule, '6222021234567890128')).toBeNull();
    expect(luhnValid('62220212344')).toBe(true);
    expect(firstError(cardNoRule, '62220212344')).toBe('银行卡号位数不正确');
    expect(luhnValid('62220212345678901234')).toBe(true);
    expect(firstError(cardNoRule, '62220212345678901234')).toBe('银行卡号位数不正确');
    expect(firstError(cardNoRule, '6222 0212 3452')).toBe('银行卡号位数不正确');
  });

  it('预留手机号: empty → 请输入预留手机号; not 1[3-9] and 9 digits → 请输入正确的手机号', () => {
    expect(firstError(reservedPhoneRule, '')).toBe('请输入预留手机号');
    expect(firstError(reservedPhoneRule, '13812345678')).toBeNull();
    expect(firstError(reservedPhoneRule, '12812345678')).toBe('请输入正确的手机号');
    expect(firstError(reservedPhoneRule, '1381234567')).toBe('请输入正确的手机号');
  });

  it('验证码: anything but 6 digits → 请输入6位验证码, the empty code included', () => {
    expect(firstError(sixDigitCodeRule, '123456')).toBeNull();
    expect(firstError(sixDigitCodeRule, '000000')).toBeNull();
    for (const bad of ['', '12345', '1234567', '12345a', ' 123456', '123456 ']) {
      expect([bad, firstError(sixDigitCodeRule, bad)]).toEqual([bad, '请输入6位验证码']);
    }
  });

  it('开户支行（选填）: up to 40 characters → else 开户支行最多40个字', () => {
    expect(firstError(branchNameRule, '')).toBeNull();
    expect(firstError(branchNameRule, '招商银行南京新街口支行')).toBeNull();
    expect(firstError(branchNameRule, '支'.repeat(40))).toBeNull();
    expect(firstError(branchNameRule, '支'.repeat(41))).toBe('开户支行最多40个字');
  });
});

// D /income/edit-contract "Validation" (and exchangeBank's corporate form, "as on edit-contract").
describe('the entity form’s rules and words (D /income/edit-contract)', () => {
  it('对公账号: empty → 请输入对公账号; not 8–32 digits → 对公账号格式不正确', () => {
    expect(firstError(corporateAccountRule, '')).toBe('请输入对公账号');
    expect(firstError(corporateAccountRule, '12345678')).toBeNull();
    expect(firstError(corporateAccountRule, '1'.repeat(32))).toBeNull();
    for (const bad of ['1234567', '1'.repeat(33), '1234567a', '1234 5678']) {
      expect([bad, firstError(corporateAccountRule, bad)]).toEqual([bad, '对公账号格式不正确']);
    }
  });

  it('开户支行 of a corporate account: 4–40 characters → else 请输入开户支行名称', () => {
    expect(firstError(corporateBranchRule, '南京支行')).toBeNull();
    expect(firstError(corporateBranchRule, '支'.repeat(40))).toBeNull();
    for (const bad of ['', '新街口', '支'.repeat(41)]) {
      expect([bad, firstError(corporateBranchRule, bad)]).toEqual([bad, '请输入开户支行名称']);
    }
  });

  it('姓名 (法定代表人, 签约人): 2–20 Chinese characters or · → else 请输入正确的姓名', () => {
    expect(firstError(personNameRule, '张三')).toBeNull();
    expect(firstError(personNameRule, '阿卜杜·热合曼')).toBeNull();
    expect(firstError(personNameRule, '张'.repeat(20))).toBeNull();
    for (const bad of ['', '张', '张'.repeat(21), 'Li Lei']) {
      expect([bad, firstError(personNameRule, bad)]).toEqual([bad, '请输入正确的姓名']);
    }
  });

  it('商户名称: 2–50 characters → else 请输入营业执照上的商户名称', () => {
    expect(firstError(merchantNameRule, '电驿')).toBeNull();
    expect(firstError(merchantNameRule, '商'.repeat(50))).toBeNull();
    for (const bad of ['', '商', '商'.repeat(51)]) {
      expect([bad, firstError(merchantNameRule, bad)]).toEqual([bad, '请输入营业执照上的商户名称']);
    }
  });

  it('统一社会信用代码: the GB 32100 check → else 统一社会信用代码格式不正确', () => {
    expect(firstError(usccRule, USCC_CHECK_DIGIT)).toBeNull();
    expect(firstError(usccRule, '91350100M000100Y44')).toBe('统一社会信用代码格式不正确');
    expect(firstError(usccRule, '')).toBe('统一社会信用代码格式不正确');
  });

  it('签约人手机号: 1[3-9] and 9 digits → else 请输入正确的手机号 (no separate word for empty)', () => {
    expect(firstError(mobileRule, '19912345678')).toBeNull();
    expect(firstError(mobileRule, '')).toBe('请输入正确的手机号');
    expect(firstError(mobileRule, '11912345678')).toBe('请输入正确的手机号');
    expect(firstError(mobileRule, '199123456789')).toBe('请输入正确的手机号');
  });

  it('联系邮箱 when filled: name@domain.tld, else 请输入正确的邮箱地址', () => {
    for (const ok of ['a@b.co', 'ops.team+cn@example.com.cn']) {
      expect([ok, firstError(emailRule, ok)]).toEqual([ok, null]);
    }
    for (const bad of [
      '',
      'a',
      'a@b',
      'a@.b',
      '@b.co',
      'a@b.',
      'a b@c.de',
      'a@b@c.de',
      ' a@b.co',
      'a@b.co ',
      // outside C-mine.md's `/^[\w.+-]+@[\w-]+(\.[\w-]+)+$/`, though each has an @ and a dot
      'a!b@c.de',
      '张三@例子.中国',
      'a@b..c',
      'a@b.c.',
    ]) {
      expect([bad, firstError(emailRule, bad)]).toEqual([bad, '请输入正确的邮箱地址']);
    }
  });

  it('联系邮箱: 50 characters pass, 51 are refused with 请输入正确的邮箱地址 (C-mine.md "E-mail")', () => {
    const fifty = `${'a'.repeat(44)}@b.com`;
    expect(fifty).toHaveLength(50);
    expect(firstError(emailRule, fifty)).toBeNull();
    expect(firstError(emailRule, `a${fifty}`)).toBe('请输入正确的邮箱地址');
  });
});

describe('the KYB amount (D /income/KYBCheck: `^0\\.\\d{2}$` and 0.01–0.99)', () => {
  it('reads 0.01–0.99 as 1–99 fen, spaces around harmless', () => {
    expect(kybAmountToFen('0.01')).toBe(1);
    expect(kybAmountToFen('0.37')).toBe(37);
    expect(kybAmountToFen('0.99')).toBe(99);
    expect(kybAmountToFen(' 0.37 ')).toBe(37);
  });

  it('refuses 0.00, one or three decimals, and anything not 0.dd', () => {
    for (const bad of ['', '0.00', '0.1', '0.370', '1.00', '00.37', '.37', '0,37', 'x0.37', '0.37x', '37']) {
      expect([bad, kybAmountToFen(bad)]).toEqual([bad, null]);
    }
  });
});

describe('a card number while typing (D /income/bank/add: grouped `6222 0212 3456 7890 123`)', () => {
  it('drops every space or tab typed', () => {
    expect(cardDigits('6222 0212 3456 7890 123')).toBe('6222021234567890123');
    expect(cardDigits(' 6222  0212\t3456 ')).toBe('622202123456');
    expect(cardDigits('')).toBe('');
  });

  it('groups digits by four with no space at the end', () => {
    expect(groupCardNo('6222021234567890123')).toBe('6222 0212 3456 7890 123');
    expect(groupCardNo('6222021234567890')).toBe('6222 0212 3456 7890');
    expect(groupCardNo('62220')).toBe('6222 0');
    expect(groupCardNo('6222')).toBe('6222');
    expect(groupCardNo('622')).toBe('622');
    expect(groupCardNo('')).toBe('');
  });
});

describe('entity types and business categories (D §5 edit-contract, /income/openAccountDetail)', () => {
  it('names the three entity types', () => {
    expect(ENTITY_TYPE_LABELS).toEqual({ 1: '个人', 2: '个体工商户', 3: '企业' });
  });

  it('offers the three categories, charging first (the default)', () => {
    expect(BUSINESS_CATEGORIES).toEqual([
      { code: '7523', name: '充电服务（电动车充电）' },
      { code: '6513', name: '物业管理' },
      { code: '5999', name: '其他' },
    ]);
  });
});

// D-income.md §0.7 "Masking": card `**** **** **** 1234`; ID 3201**********123X; names 张*三; e-account 8888****6666.
describe('masks (D-income.md §0.7)', () => {
  it('a name keeps its first character, and its last when longer than two', () => {
    expect(maskName('')).toBe('');
    expect(maskName('张')).toBe('张');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('张小三')).toBe('张*三');
    expect(maskName('欧阳娜娜')).toBe('欧**娜');
  });

  it('an ID number keeps its first and last four', () => {
    expect(maskIdNo(ID_CHECK_X)).toBe('1101**********002X');
    expect(maskIdNo('123456789')).toBe('1234*6789');
    expect(maskIdNo('12345678')).toBe('12345678');
    expect(maskIdNo('')).toBe('');
  });

  it('a card shows only its tail', () => {
    expect(maskCardNo('1234')).toBe('**** **** **** 1234');
  });

  it('an account number keeps its first and last four around four stars, whatever its length', () => {
    expect(maskAccountNo('8888123456786666')).toBe('8888****6666');
    expect(maskAccountNo('88881234567890126666')).toBe('8888****6666');
    expect(maskAccountNo('123456789')).toBe('1234****6789');
    expect(maskAccountNo('12345678')).toBe('12345678');
    expect(maskAccountNo('1234')).toBe('1234');
  });
});

// D-income.md §2 /income/autowithdraw and "Auto-withdraw": nextWithdraw advances 每日 next day, 每周 next date-weekday,
// 每月 same date next month; on save it is the first run strictly after now (today if a run day and before 10:00).
describe('the next automatic withdrawal day (D /income/autowithdraw, Business rules: Auto-withdraw)', () => {
  it('每日: the next calendar day, over month ends, 29 February and the year end', () => {
    expect(nextAutoWithdrawDay(1, 1, '2024-03-14')).toBe('2024-03-15');
    expect(nextAutoWithdrawDay(1, 1, '2024-02-28')).toBe('2024-02-29');
    expect(nextAutoWithdrawDay(1, 1, '2024-02-29')).toBe('2024-03-01');
    expect(nextAutoWithdrawDay(1, 1, '2023-02-28')).toBe('2023-03-01');
    expect(nextAutoWithdrawDay(1, 1, '2024-04-30')).toBe('2024-05-01');
    expect(nextAutoWithdrawDay(1, 1, '2024-12-31')).toBe('2025-01-01');
  });

  it('每周: the next day of that weekday (1 Monday … 7 Sunday), a week on when it is today', () => {
    // 2024-03-04 is a Monday, 2024-03-10 a Sunday
    expect(nextAutoWithdrawDay(2, 1, '2024-03-03')).toBe('2024-03-04');
    expect(nextAutoWithdrawDay(2, 1, '2024-03-04')).toBe('2024-03-11');
    expect(nextAutoWithdrawDay(2, 3, '2024-03-04')).toBe('2024-03-06');
    expect(nextAutoWithdrawDay(2, 7, '2024-03-09')).toBe('2024-03-10');
    expect(nextAutoWithdrawDay(2, 7, '2024-03-10')).toBe('2024-03-17');
    expect(nextAutoWithdrawDay(2, 6, '2024-03-10')).toBe('2024-03-16');
    expect(nextAutoWithdrawDay(2, 4, '2024-02-27')).toBe('2024-02-29');
    expect(nextAutoWithdrawDay(2, 3, '2024-12-30')).toBe('2025-01-01');
  });

  it('每月: that day of this month when still ahead, else of the next month', () => {
    expect(nextAutoWithdrawDay(3, 15, '2024-03-10')).toBe('2024-03-15');
    expect(nextAutoWithdrawDay(3, 15, '2024-03-14')).toBe('2024-03-15');
    expect(nextAutoWithdrawDay(3, 15, '2024-03-15')).toBe('2024-04-15');
    expect(nextAutoWithdrawDay(3, 15, '2024-03-31')).toBe('2024-04-15');
    expect(nextAutoWithdrawDay(3, 1, '2024-08-31')).toBe('2024-09-01');
    expect(nextAutoWithdrawDay(3, 1, '2024-09-30')).toBe('2024-10-01');
    expect(nextAutoWithdrawDay(3, 28, '2024-02-28')).toBe('2024-03-28');
    expect(nextAutoWithdrawDay(3, 28, '2024-02-29')).toBe('2024-03-28');
    expect(nextAutoWithdrawDay(3, 5, '2024-12-05')).toBe('2025-01-05');
    expect(nextAutoWithdrawDay(3, 28, '2024-12-31')).toBe('2025-01-28');
    expect(nextAutoWithdrawDay(3, 28, '2024-12-27')).toBe('2024-12-28');
  });

  it('on save, 每日 runs today before 10:00 and tomorrow from 10:00', () => {
    expect(firstAutoWithdrawDay(1, 1, '2024-02-29', true)).toBe('2024-02-29');
    expect(firstAutoWithdrawDay(1, 1, '2024-02-29', false)).toBe('2024-03-01');
    expect(firstAutoWithdrawDay(1, 1, '2024-12-31', false)).toBe('2025-01-01');
  });

  it('on save, 每周 runs today only on its weekday before 10:00', () => {
    // 2024-03-06 is a Wednesday (3), and the 6th of its month
    expect(firstAutoWithdrawDay(2, 3, '2024-03-06', true)).toBe('2024-03-06');
    expect(firstAutoWithdrawDay(2, 3, '2024-03-06', false)).toBe('2024-03-13');
    expect(firstAutoWithdrawDay(2, 4, '2024-03-06', true)).toBe('2024-03-07');
    // the 3rd of the month is no 每周 day 3 (2024-03-03 is a Sunday)
    expect(firstAutoWithdrawDay(2, 3, '2024-03-03', true)).toBe('2024-03-06');
    expect(firstAutoWithdrawDay(2, 7, '2024-03-03', true)).toBe('2024-03-03');
  });

  it('on save, 每月 runs today only on its day of the month before 10:00', () => {
    expect(firstAutoWithdrawDay(3, 5, '2024-03-05', true)).toBe('2024-03-05');
    expect(firstAutoWithdrawDay(3, 5, '2024-03-05', false)).toBe('2024-04-05');
    expect(firstAutoWithdrawDay(3, 28, '2024-02-28', false)).toBe('2024-03-28');
    expect(firstAutoWithdrawDay(3, 28, '2024-02-29', true)).toBe('2024-03-28');
    expect(firstAutoWithdrawDay(3, 1, '2024-12-31', true)).toBe('2025-01-01');
    // 2024-03-08 is a Friday (5): no 每月 day 5
    expect(firstAutoWithdrawDay(3, 5, '2024-03-08', true)).toBe('2024-04-05');
  });
});
