import { describe, expect, it } from 'vitest';
import { formatFen, yuanToFen } from './money';
import { formatBp, percentToBp } from './rate';

describe('rates in basis points', () => {
  it('parses percents with up to two decimals, 0–100', () => {
    expect(percentToBp('30')).toBe(3000);
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp('0.25')).toBe(25);
    expect(percentToBp('100')).toBe(10000);
    expect(percentToBp('100.01')).toBeNull();
    expect(percentToBp('1.234')).toBeNull();
    expect(percentToBp('-1')).toBeNull();
    expect(percentToBp('abc')).toBeNull();
    expect(percentToBp('')).toBeNull();
  });

  it('formats basis points as a percent', () => {
    expect(formatBp(3000)).toBe('30%');
    expect(formatBp(1250)).toBe('12.5%');
    expect(formatBp(25)).toBe('0.25%');
  });
});

describe('money in fen', () => {
  it('formats fen as yuan with separators and signs', () => {
    expect(formatFen(123456)).toBe('¥1,234.56');
    expect(formatFen(-100)).toBe('-¥1.00');
    expect(formatFen(5, { sign: true })).toBe('+¥0.05');
    expect(formatFen(null)).toBe('--');
    expect(formatFen(100000000)).toBe('¥1,000,000.00');
  });

  it('parses typed yuan to fen by string', () => {
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('-1')).toBeNull();
  });
});
