import { describe, expect, it } from 'vitest';
import { progressPercent, yearOptions } from './settlement';

/** The settlement screens' pure rules (A-shell-home-settlement.md §4–§5): progress bars and the year pickers. */
describe('progressPercent', () => {
  it('is the whole percent of the part, floored and bounded to 0–100', () => {
    expect(progressPercent(39_947, 45_000)).toBe(88);
    expect(progressPercent(45_000, 45_000)).toBe(100);
    expect(progressPercent(50_000, 45_000)).toBe(100);
    expect(progressPercent(-5, 100)).toBe(0);
  });

  it('is 0 when nothing is due and nothing frozen, full when something is frozen against nothing due', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(10, 0)).toBe(100);
  });
});

describe('yearOptions', () => {
  it('lists the years from now back to the first, newest first', () => {
    expect(yearOptions(2024, 2026)).toEqual([2026, 2025, 2024]);
  });

  it('offers the current year alone when the first lies ahead', () => {
    expect(yearOptions(2027, 2026)).toEqual([2026]);
  });
});
