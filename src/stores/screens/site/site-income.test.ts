import { describe, expect, it } from 'vitest';
import { dayLabel, monthChartPoints, monthRange, pickMonth, yearRange } from './site-income';

/** Pure rules of the site income screens (B-site.md §5, rule E1). */

const created = Date.parse('2025-11-07T10:00:00+08:00');
const now = Date.parse('2026-02-03T00:30:00+08:00');

describe('ranges', () => {
  it('years from the creation year to the current year', () => {
    expect(yearRange(created, now)).toEqual({ min: 2025, max: 2026 });
  });
  it('months from the creation month to the current month, newest first', () => {
    expect(monthRange(created, now)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    // 2026-01-31T16:30Z is already 2026-02-01 in Shanghai.
    expect(monthRange(created, Date.parse('2026-01-31T16:30:00Z'))[0]).toBe('2026-02');
  });
  it('the month query when in range, else the current month', () => {
    const months = monthRange(created, now);
    expect(pickMonth('2025-12', months)).toBe('2025-12');
    expect(pickMonth('2025-10', months)).toBe('2026-02');
    expect(pickMonth(null, months)).toBe('2026-02');
  });
});

describe('labels', () => {
  it('a day row reads "05-20 周一"', () => {
    expect(dayLabel('2024-05-20')).toBe('05-20 周一');
    expect(dayLabel('2026-11-22')).toBe('11-22 周日');
  });
  it('the chart runs oldest to newest', () => {
    const row = (month: string, totalIncome: number) => ({
      month,
      totalIncome,
      chargeIncome: 0,
      coinIncome: 0,
      cardIncome: 0,
      refundAmount: 0,
      myIncome: 0,
      orderCount: 0,
      energyWh: 0,
    });
    expect(monthChartPoints([row('2026-02', 300), row('2026-01', 100)])).toEqual([
      { label: '1月', value: 100, month: '2026-01' },
      { label: '2月', value: 300, month: '2026-02' },
    ]);
  });
});
