import { describe, expect, it } from 'vitest';
import {
  AREA_FREEZE_STATUS_LABELS,
  BANK_VERIFY_STATUS_LABELS,
  cardNoRule,
  luhnValid,
  SITE_BILL_STATUS_LABELS,
  WITHDRAW_STATUS_TEXT,
} from './income-rules';
import { firstError } from './rules';

// The words of entities.md §49, §51, §55, §76 and D-income.md, every status present (issue 30).
describe('income status words', () => {
  it('names every status of withdrawals, site bills, area-card freezes and corporate-account verification', () => {
    expect(WITHDRAW_STATUS_TEXT).toEqual({ 1: '待审核', 2: '处理中', 3: '已到账', 4: '提现失败', 5: '已驳回' });
    expect(SITE_BILL_STATUS_LABELS).toEqual({ 1: '统计中', 2: '已出账' });
    expect(AREA_FREEZE_STATUS_LABELS).toEqual({ 1: '冻结中', 2: '部分解冻', 3: '已解冻', 4: '已退款' });
    expect(BANK_VERIFY_STATUS_LABELS).toEqual({ 0: '未验证', 1: '待打款验证', 2: '已验证' });
  });
});

// D-income.md §2 /income/bank/add "Validation": card empty → 请输入银行卡号; not 12–19 digits → 银行卡号位数不正确; Luhn
// check fails → 银行卡号校验失败，请核对 (the same rule on exchangeBank, edit-contract and the sandbox's bindBank).
describe('the card number’s Luhn check (D bank/add)', () => {
  it('passes numbers with the right check digit', () => {
    for (const valid of ['6217000001234567891', '4111111111111111', '6222021234567890128']) {
      expect([valid, luhnValid(valid), firstError(cardNoRule, valid)]).toEqual([valid, true, null]);
    }
  });

  it('refuses a wrong check digit, and two swapped digits, with its message', () => {
    for (const invalid of ['6217000001234567892', '4111111111111112', '6217000001234567819', '6222021234567890127']) {
      expect([invalid, luhnValid(invalid), firstError(cardNoRule, invalid)]).toEqual([
        invalid,
        false,
        '银行卡号校验失败，请核对',
      ]);
    }
  });

  it('checks length and emptiness before the check digit', () => {
    expect(firstError(cardNoRule, '')).toBe('请输入银行卡号');
    expect(firstError(cardNoRule, '79927398713')).toBe('银行卡号位数不正确');
  });
});
