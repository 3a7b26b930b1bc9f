import { describe, expect, it } from 'vitest';
import { CODE_MESSAGES, parseDeviceCode, parseSticker } from './device-code';

/** B-site.md §0.4: reading device codes and platform QR stickers. */

describe('parseDeviceCode', () => {
  it('reads sn, then serialNumber, then no, then the last path segment of a URL', () => {
    expect(parseDeviceCode('https://d.example.com/p?sn=86123450011591&no=X1')).toEqual({
      ok: true,
      value: '86123450011591',
    });
    expect(parseDeviceCode('https://d.example.com/p?serialNumber=YG8600003144&no=ZZZZZZ')).toEqual({
      ok: true,
      value: 'YG8600003144',
    });
    expect(parseDeviceCode('https://d.example.com/p?no=U8GZ20003040')).toEqual({ ok: true, value: 'U8GZ20003040' });
    expect(parseDeviceCode('https://d.example.com/device/MJ2023003001/')).toEqual({ ok: true, value: 'MJ2023003001' });
  });
  it('takes plain text and bar codes as they are, trimmed', () => {
    expect(parseDeviceCode('  86123450011591 ')).toEqual({ ok: true, value: '86123450011591' });
    expect(parseDeviceCode('86123450011628\n')).toEqual({ ok: true, value: '86123450011628' });
  });
  it('refuses anything outside ^[0-9A-Za-z]{6,20}$', () => {
    for (const bad of ['12345', 'ABC-123456', '123456789012345678901', '', 'https://d.example.com/', '设备123456']) {
      expect(parseDeviceCode(bad)).toEqual({ ok: false, error: CODE_MESSAGES.badDevice });
    }
    expect(CODE_MESSAGES.badDevice).toBe('无法识别的设备码');
  });
});

describe('parseSticker', () => {
  it('reads /q/{code} URLs', () => {
    expect(parseSticker('https://qr.sandbox.yichong.local/q/YCQ000100301')).toEqual({
      ok: true,
      value: 'YCQ000100301',
    });
    expect(parseSticker('https://qr.sandbox.yichong.local/q/YCB000880101', 'https://qr.sandbox.yichong.local')).toEqual(
      {
        ok: true,
        value: 'YCB000880101',
      },
    );
  });
  it('refuses other domains, other paths and codes of a bad length', () => {
    const notSticker = { ok: false, error: '非本平台二维码，请扫描平台提供的二维码贴纸' };
    expect(parseSticker('https://evil.example.com/q/YCQ000100301', 'https://qr.sandbox.yichong.local')).toEqual(
      notSticker,
    );
    expect(parseSticker('https://qr.sandbox.yichong.local/x/YCQ000100301')).toEqual(notSticker);
    expect(parseSticker('https://qr.sandbox.yichong.local/q/ABC')).toEqual(notSticker);
    expect(parseSticker('weixin://wxpay/bizpayurl?pr=abc')).toEqual(notSticker);
  });
  it('tells a device code apart', () => {
    const deviceCode = { ok: false, error: '这是设备码，请扫描二维码贴纸' };
    expect(parseSticker('86123450011591')).toEqual(deviceCode);
    expect(parseSticker('https://d.example.com/p?sn=86123450011591')).toEqual(deviceCode);
  });
});
