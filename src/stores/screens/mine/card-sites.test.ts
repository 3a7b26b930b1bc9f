import { describe, expect, it } from 'vitest';
import { numberRange } from './card-sites';

describe('numberRange (C-mine.md card/tab/add 号段)', () => {
  it('counts on from the first number, keeping its width and its leading zeros', () => {
    expect(numberRange('00099998', '3')).toEqual(['00099998', '00099999', '00100000']);
  });

  it('counts exactly beyond 2^53 (20-digit numbers)', () => {
    expect(numberRange('12345678901234567899', '2')).toEqual(['12345678901234567899', '12345678901234567900']);
  });

  it('refuses a range that outgrows the width, letters, and counts outside 1-200', () => {
    expect(numberRange('99999999', '2')).toEqual({ error: '号段超出卡号位数' });
    expect(numberRange('99999999', '1')).toEqual(['99999999']);
    expect(numberRange('A0000001', '2')).toEqual({ error: '号段批量仅支持纯数字卡号' });
    expect(numberRange('10000001', '0')).toHaveProperty('error');
    expect(numberRange('10000001', '201')).toHaveProperty('error');
  });
});
