import { describe, expect, it } from 'vitest';
import { dateRangeError, isCalendarDay, RANGE_MAX_DAYS, REMOTE_REASONS, REMOTE_STATUS_LABELS } from './remote-rules';

/**
 * The mine section's date-range rule and the day check the sandbox applies to its inputs (C-mine.md "Shared behaviour
 * of this section" › Date-range filters: start ≤ end, span ≤ 92 days, no future end date), and the labels of a remote
 * start (C-mine.md /mine/remote: 原因 radio; /mine/recordOfremote status tags). `today` is passed in: no clock is read.
 */

describe('isCalendarDay', () => {
  it('accepts real days of 2000–2099, leap days included', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2024-03-01')).toBe(true);
    expect(isCalendarDay('2000-01-01')).toBe(true);
    expect(isCalendarDay('2099-12-31')).toBe(true);
    expect(isCalendarDay('2023-04-30')).toBe(true);
  });

  it('refuses days that do not exist, though JavaScript would roll them over to the next month', () => {
    // Date.parse reads these as 1 March, 1 March and 1 May: the day itself must come back unchanged
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2024-02-30')).toBe(false);
    expect(isCalendarDay('2024-04-31')).toBe(false);
  });

  it('refuses months and days out of range, which Date.parse cannot read at all', () => {
    expect(isCalendarDay('2024-13-01')).toBe(false);
    expect(isCalendarDay('2024-00-10')).toBe(false);
    expect(isCalendarDay('2024-01-32')).toBe(false);
    expect(isCalendarDay('2024-01-00')).toBe(false);
  });

  it('refuses years outside 2000–2099, though they are real days', () => {
    expect(isCalendarDay('1999-12-31')).toBe(false);
    expect(isCalendarDay('2100-01-01')).toBe(false);
  });

  it('refuses any other shape of text', () => {
    for (const text of [
      '',
      '2024-2-29',
      '2024-02-9',
      '24-02-29',
      '2024/02/29',
      '20240229',
      '2024-02-29T00:00:00Z',
      ' 2024-02-29',
      '2024-02-29 ',
      '2024-02-29\n',
      'x2024-02-29',
      '+002024-02-29',
      '2024-0a-29',
      '2024-02-2a',
      '20ab-02-29',
    ]) {
      expect(isCalendarDay(text), text).toBe(false);
    }
  });
});

describe('dateRangeError (C-mine.md Date-range filters)', () => {
  const today = '2024-03-01';

  it('accepts a range of one day and a range ending today', () => {
    expect(dateRangeError(today, today, today)).toBeNull();
    expect(dateRangeError('2024-02-29', today, today)).toBeNull();
  });

  it('refuses a start after the end', () => {
    expect(dateRangeError('2024-02-29', '2024-02-28', today)).toBe('开始日期不能晚于结束日期');
  });

  it('refuses an end after today, even by one day', () => {
    expect(dateRangeError('2024-02-29', '2024-03-02', today)).toBe('结束日期不能晚于今天');
  });

  it('accepts a span of exactly 92 days (both ends counted) and refuses 93', () => {
    expect(RANGE_MAX_DAYS).toBe(92);
    // 2023-12-01 … 2024-03-01: 31 + 31 + 29 + 1 = 92 days in the leap year
    expect(dateRangeError('2023-12-01', today, today)).toBeNull();
    expect(dateRangeError('2023-11-30', today, today)).toBe('查询时间跨度不能超过3个月');
  });

  it('checks the order before the future end, and both before the span', () => {
    expect(dateRangeError('2024-03-05', '2024-03-04', today)).toBe('开始日期不能晚于结束日期');
    expect(dateRangeError('2023-01-01', '2024-03-02', today)).toBe('结束日期不能晚于今天');
  });
});

describe('labels of a remote start (C-mine.md /mine/remote, /mine/recordOfremote)', () => {
  it('offers the four reasons in the order of the radio', () => {
    expect(REMOTE_REASONS).toEqual([
      { value: 1, label: '用户无法支付' },
      { value: 2, label: '设备测试' },
      { value: 3, label: '故障补偿' },
      { value: 4, label: '其他' },
    ]);
  });

  it('names the four statuses', () => {
    expect(REMOTE_STATUS_LABELS).toEqual({ 1: '启动中', 2: '充电中', 3: '已结束', 4: '启动失败' });
  });
});
