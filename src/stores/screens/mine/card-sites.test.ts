import { describe, expect, it } from 'vitest';
import { cardNoFromScan, numberRange } from './card-sites';

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

describe('cardNoFromScan (C-mine.md card/tab/add, permuteCard: a card number typed or scanned)', () => {
  it('reads the number of a QR code: the cardNo or no query, else the last path segment', () => {
    expect(cardNoFromScan('https://card.example.com/bind?cardNo=10080123456701&from=qr')).toBe('10080123456701');
    expect(cardNoFromScan('https://card.example.com/c?no= 20080011 ')).toBe('20080011');
    expect(cardNoFromScan('https://qr.sandbox.yichong.local/card/30080022/')).toBe('30080022');
  });

  it('takes a bar code’s digits and plain text as they are, without surrounding blanks', () => {
    // The platform layer already strips WeChat's "CODE_128," symbology prefix (platform/wechat).
    expect(cardNoFromScan('86123450011517')).toBe('86123450011517');
    expect(cardNoFromScan('  A1B2C3D4\n')).toBe('A1B2C3D4');
  });
});
