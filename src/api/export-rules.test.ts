import { describe, expect, it } from 'vitest';
import { isCalendarDay, rangeRefusal } from './export-rules';

describe('rangeRefusal (D exportFile validation)', () => {
  it('refuses a day that is not a calendar day before comparing (the sandbox answered 500 for 2020-09-46)', () => {
    expect(isCalendarDay('2026-11-25')).toBe(true);
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2020-09-46')).toBe(false);
    expect(isCalendarDay('2021-02-29')).toBe(false);
    expect(isCalendarDay('2026-1-05')).toBe(false);
    expect(rangeRefusal(8, '2016-11-08', '2020-09-46', '2026-11-25')).toBe('日期格式不正确');
    expect(rangeRefusal(8, '2026-11-01', '2026-11-20', '2026-11-25')).toBeNull();
    expect(rangeRefusal(8, '2026-11-20', '2026-11-01', '2026-11-25')).toBe('结束日期不能早于开始日期');
  });
});
