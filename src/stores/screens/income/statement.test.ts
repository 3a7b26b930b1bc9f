import { describe, expect, it } from 'vitest';
import { dayLabel, monthOnMonth, monthSelectable } from './statement';

describe('statement rules (D-income.md §4)', () => {
  it('labels a day with its weekday', () => {
    expect(dayLabel('2024-05-12')).toBe('05-12 周日');
    expect(dayLabel('2026-11-24')).toBe('11-24 周二');
  });

  it('环比 with one decimal, hidden when last month is 0', () => {
    expect(monthOnMonth(11250, 10000)).toBe('▲12.5%');
    expect(monthOnMonth(9700, 10000)).toBe('▼3.0%');
    expect(monthOnMonth(10000, 10000)).toBe('持平');
    expect(monthOnMonth(500, 0)).toBeNull();
  });

  it('months from the first month of the account to the current one', () => {
    expect(monthSelectable('2026-08', '2026-08', '2026-11')).toBe(true);
    expect(monthSelectable('2026-07', '2026-08', '2026-11')).toBe(false);
    expect(monthSelectable('2026-12', '2026-08', '2026-11')).toBe(false);
  });
});
