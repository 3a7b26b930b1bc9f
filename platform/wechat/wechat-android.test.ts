import { describe, expect, it } from 'vitest';
import { scanContent } from './index';
import { ANDROID_UA, setUp } from './test-helpers';

describe('WeChat platform on Android (spec §9 scan types)', () => {
  it('scans QR codes and bar codes from the plain-text result; failure alerts 无法识别', async () => {
    const { platform, services, emulator, alerts } = await setUp(ANDROID_UA);
    await platform.init(services, location.href);
    emulator.nextScan({ text: 'https://q.example.com/q/ABCD1234', type: 'qr' });
    await expect(platform.scan()).resolves.toBe('https://q.example.com/q/ABCD1234');
    emulator.nextScan({ text: '86112345678901', type: 'bar' });
    await expect(platform.scan()).resolves.toBe('86112345678901');
    emulator.nextScan({ fail: true });
    await expect(platform.scan()).resolves.toBeNull();
    expect(alerts).toEqual(['无法识别']);
  });
});

describe('scanContent (what the WeChat scanner wraps around a code)', () => {
  it('takes the content after a bar code’s symbology and out of the iOS JSON; leaves QR contents alone', () => {
    expect(scanContent('CODE_128,86112345678901')).toBe('86112345678901');
    expect(scanContent('EAN_13,6901234567892 ')).toBe('6901234567892');
    expect(scanContent('{"scan_code":{"scan_type":"barcode","scan_result":"CODE_128,86123450011517"}}')).toBe(
      '86123450011517',
    );
    expect(scanContent(' https://a.example.com/x?sn=ABC123,d ')).toBe('https://a.example.com/x?sn=ABC123,d');
    expect(scanContent('86112345678901')).toBe('86112345678901');
  });
});
