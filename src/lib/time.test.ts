import { describe, expect, it } from 'vitest';
import {
  dayOf,
  firstDayOfMonthOf,
  formatKwh,
  formatMinutes,
  formatTime,
  shiftDay,
  shiftMonth,
  tomorrowOf,
} from './time';

/**
 * The display helpers of src/lib/time.ts: instants shown in Asia/Shanghai whatever the phone's zone (spec: business
 * time zone Asia/Shanghai, C-mine.md header), durations as "{h}小时{m}分" (A-shell-home-settlement.md home 今日充电,
 * C-mine.md chargerRecord rows "3小时12分") and energy as kWh = energyWh / 1000 with 2 decimals (C-mine.md
 * chargerRecord-info, A-shell-home-settlement.md home). Inputs are fixed instants: no test reads the clock.
 */

/** 2024-02-29 23:59 in Asia/Shanghai (15:59 UTC): the last minute of a leap day. */
const LEAP_DAY_2359 = Date.UTC(2024, 1, 29, 15, 59);
/** 2024-03-01 00:01 in Asia/Shanghai (still 29 February, 16:01, in UTC): the first minute of a month. */
const MARCH_1ST_0001 = Date.UTC(2024, 1, 29, 16, 1);

describe('formatTime', () => {
  it('shows an instant as Asia/Shanghai "YYYY-MM-DD HH:mm" by default', () => {
    expect(formatTime(LEAP_DAY_2359)).toBe('2024-02-29 23:59');
    // two minutes later it is the 1st in Shanghai, though still 29 February in UTC
    expect(formatTime(MARCH_1ST_0001)).toBe('2024-03-01 00:01');
  });

  it('uses the pattern it is given', () => {
    expect(formatTime(MARCH_1ST_0001, 'HH:mm:ss')).toBe('00:01:00');
    expect(formatTime(LEAP_DAY_2359, 'MM-DD')).toBe('02-29');
  });

  it('shows "--" for a missing instant, but the epoch itself as a time', () => {
    expect(formatTime(null)).toBe('--');
    expect(formatTime(undefined)).toBe('--');
    expect(formatTime(null, 'HH:mm')).toBe('--');
    expect(formatTime(0)).toBe('1970-01-01 08:00');
  });
});

describe('formatMinutes ("{h}小时{m}分")', () => {
  it('shows minutes alone below an hour, hours and minutes from 60 on', () => {
    expect(formatMinutes(0)).toBe('0分');
    expect(formatMinutes(1)).toBe('1分');
    expect(formatMinutes(59)).toBe('59分');
    expect(formatMinutes(60)).toBe('1小时0分');
    expect(formatMinutes(61)).toBe('1小时1分');
    expect(formatMinutes(192)).toBe('3小时12分');
    expect(formatMinutes(24 * 60 + 5)).toBe('24小时5分');
  });

  it('shows "--" for a missing or non-finite duration', () => {
    expect(formatMinutes(null)).toBe('--');
    expect(formatMinutes(undefined)).toBe('--');
    expect(formatMinutes(Number.NaN)).toBe('--');
    expect(formatMinutes(Number.POSITIVE_INFINITY)).toBe('--');
    expect(formatMinutes(Number.NEGATIVE_INFINITY)).toBe('--');
  });
});

describe('formatKwh (energyWh / 1000, two decimals)', () => {
  it('shows Wh as kWh with two decimals', () => {
    expect(formatKwh(0)).toBe('0.00');
    expect(formatKwh(1)).toBe('0.00');
    expect(formatKwh(10)).toBe('0.01');
    expect(formatKwh(1500)).toBe('1.50');
    expect(formatKwh(12_340)).toBe('12.34');
  });

  it('shows "--" for a missing or non-finite energy', () => {
    expect(formatKwh(null)).toBe('--');
    expect(formatKwh(undefined)).toBe('--');
    expect(formatKwh(Number.NaN)).toBe('--');
    expect(formatKwh(Number.POSITIVE_INFINITY)).toBe('--');
  });
});

describe('days and months in Asia/Shanghai', () => {
  it('reads the day and the month of an instant in Shanghai, not in UTC', () => {
    expect(dayOf(LEAP_DAY_2359)).toBe('2024-02-29');
    expect(dayOf(MARCH_1ST_0001)).toBe('2024-03-01');
    expect(firstDayOfMonthOf(LEAP_DAY_2359)).toBe('2024-02-01');
    expect(firstDayOfMonthOf(MARCH_1ST_0001)).toBe('2024-03-01');
  });

  it('gives the next Shanghai day across a leap day and a month end (B-site.md §B.4: a share change takes effect then)', () => {
    expect(tomorrowOf(LEAP_DAY_2359)).toBe('2024-03-01');
    expect(tomorrowOf(MARCH_1ST_0001)).toBe('2024-03-02');
    expect(tomorrowOf(Date.UTC(2023, 1, 28, 15, 59))).toBe('2023-03-01');
    expect(tomorrowOf(Date.UTC(2024, 11, 31, 15, 59))).toBe('2025-01-01');
  });

  it('shifts days by calendar arithmetic, across February of leap and common years', () => {
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDay('2024-02-29', 1)).toBe('2024-03-01');
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDay('2023-03-01', -1)).toBe('2023-02-28');
    expect(shiftDay('2024-01-01', -1)).toBe('2023-12-31');
    expect(shiftDay('2024-02-29', 0)).toBe('2024-02-29');
  });

  it('shifts months across a year end both ways', () => {
    expect(shiftMonth('2024-02', 0)).toBe('2024-02');
    expect(shiftMonth('2024-11', 1)).toBe('2024-12');
    expect(shiftMonth('2024-12', 1)).toBe('2025-01');
    expect(shiftMonth('2024-01', -1)).toBe('2023-12');
    expect(shiftMonth('2024-03', -14)).toBe('2023-01');
  });
});
