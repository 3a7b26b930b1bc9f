import { describe, expect, it } from 'vitest';
import {
  firstAutoWithdrawDay,
  nextAutoWithdrawDay,
  WITHDRAW_MAX_AMOUNT,
  WITHDRAW_MIN_AMOUNT,
} from '@/api/income-rules';
import { autoFormError, autoWithdrawRules, dayLabel, nextRunOf, type AutoForm } from './auto-withdraw';
import { bizTypeOptions, dayTitle, LedgerListStore } from './ledger';
import { monthTitle } from './withdraw-history';

/** The automatic-withdrawal rules (D-income.md §2 /income/autowithdraw) and the ledger filter (D §1 /income/list). */

const card = {
  bankCardId: 1,
  cardType: 1 as const,
  bankName: '招商银行',
  bankLogo: '',
  cardNoTail: '1234',
  holderName: '张*',
};

describe('automatic withdrawal run days', () => {
  it('daily, weekly and monthly, strictly after the day', () => {
    expect(nextAutoWithdrawDay(1, 1, '2024-05-31')).toBe('2024-06-01');
    // 2024-05-21 is a Tuesday: the next Monday is the 27th, the next Tuesday a week later
    expect(nextAutoWithdrawDay(2, 1, '2024-05-21')).toBe('2024-05-27');
    expect(nextAutoWithdrawDay(2, 2, '2024-05-21')).toBe('2024-05-28');
    expect(nextAutoWithdrawDay(3, 28, '2024-05-21')).toBe('2024-05-28');
    expect(nextAutoWithdrawDay(3, 21, '2024-05-21')).toBe('2024-06-21');
    expect(nextAutoWithdrawDay(3, 5, '2024-12-20')).toBe('2025-01-05');
  });

  it('today when today is a run day before 10:00', () => {
    expect(firstAutoWithdrawDay(2, 2, '2024-05-21', true)).toBe('2024-05-21');
    expect(firstAutoWithdrawDay(2, 2, '2024-05-21', false)).toBe('2024-05-28');
    expect(firstAutoWithdrawDay(1, 1, '2024-05-21', true)).toBe('2024-05-21');
  });

  it('the screen computes the line from the form at an instant (Asia/Shanghai)', () => {
    const form: AutoForm = { autoWithdraw: 1, autoMode: 2, date: 2, card };
    expect(nextRunOf(form, Date.parse('2024-05-21T09:59:00+08:00'))).toBe('2024-05-21');
    expect(nextRunOf(form, Date.parse('2024-05-21T10:00:00+08:00'))).toBe('2024-05-28');
    expect(nextRunOf({ ...form, autoWithdraw: 0 }, Date.now())).toBeNull();
    expect(dayLabel(2, 7)).toBe('周日');
    expect(dayLabel(3, 15)).toBe('15日');
  });

  it('validates period day and card; switched off needs nothing', () => {
    expect(autoFormError({ autoWithdraw: 1, autoMode: 2, date: 8, card }, 1)).toBe('请选择提现日');
    expect(autoFormError({ autoWithdraw: 1, autoMode: 1, date: 1, card: null }, 1)).toBe('请选择到账账户');
    expect(autoFormError({ autoWithdraw: 1, autoMode: 1, date: 1, card: null }, 2)).toBeNull();
    expect(autoFormError({ autoWithdraw: 0, autoMode: 2, date: 9, card: null }, 1)).toBeNull();
  });
});

describe('ledger filter', () => {
  it('a bizType query preselects its direction; a tab of the other direction drops the type', () => {
    const store = new LedgerListStore('2024-05-21', 12);
    expect(store.tab).toBe('out');
    expect(store.query).toEqual({ month: '2024-05', direction: 2, bizType: 12 });
    store.setTab('in');
    expect(store.query).toEqual({ month: '2024-05', direction: 1 });
    expect(new LedgerListStore('2024-05-21', 99).query).toEqual({ month: '2024-05' });
  });

  it('offers the types of the direction, and titles days and months', () => {
    expect(bizTypeOptions('in').map((o) => o.label)).toEqual([
      '全部类型',
      '充电收入',
      '储值卡充值收入',
      '月卡收入',
      '分润收入',
      '区域卡消费解冻',
      '费用解冻',
      '提现退回',
      '调账入账',
    ]);
    expect(dayTitle(Date.parse('2024-05-12T23:30:00+08:00'))).toBe('05月12日 周日');
    expect(monthTitle('2024-05')).toBe('2024年05月');
  });
});

// D-income.md §2 /income/autowithdraw "Rules text", with the single withdrawal's limits of codes 2002/2003 (¥10.00 and
// ¥50,000.00): the figures are the limits' constants formatted as money (issue 34 item 3), never typed as text.
describe('the automatic withdrawal’s rules text', () => {
  it('is the design’s text, with the limits ¥10.00 and ¥50,000.00', () => {
    expect([WITHDRAW_MIN_AMOUNT, WITHDRAW_MAX_AMOUNT]).toEqual([1_000, 5_000_000]);
    expect(autoWithdrawRules()).toBe(
      '开启后，系统将在每个提现日10:00将全部可提现余额提现至到账账户（单笔最高¥50,000.00，超出部分下期提现）；' +
        '可提现余额不足¥10.00、账户存在欠费或未完成签约时当期不发起；自动提现同样占用每月免费次数，超出按手动提现费率收取手续费。',
    );
  });

  it('takes both figures from the limits it is given', () => {
    const text = autoWithdrawRules(2_050, 1_000_000);
    expect(text).toContain('单笔最高¥10,000.00，');
    expect(text).toContain('可提现余额不足¥20.50、');
    expect(text).not.toContain('¥10.00');
    expect(text).not.toContain('¥50,000.00');
  });
});
