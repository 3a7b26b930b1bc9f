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

describe('WeChat platform on Android: the JS-SDK is bound to the current address', () => {
  it('configures again, signed for the new address, before an ability used after a history push', async () => {
    window.history.replaceState(null, '', '/home');
    const { platform, services, emulator } = await setUp(ANDROID_UA);
    await platform.init(services, location.href);
    window.history.pushState(null, '', '/site/siteInfo?siteId=1#x');
    emulator.nextScan({ text: 'https://q.example.com/q/MOVED', type: 'qr' });
    await expect(platform.scan()).resolves.toBe('https://q.example.com/q/MOVED');
    // a second scan at the same address needs no new configuration
    emulator.nextScan({ text: 'https://q.example.com/q/AGAIN', type: 'qr' });
    await expect(platform.scan()).resolves.toBe('https://q.example.com/q/AGAIN');
    expect(services.fetchSignature).toHaveBeenNthCalledWith(2, `${location.origin}/site/siteInfo?siteId=1`);
    expect(emulator.configs).toEqual([
      { url: `${location.origin}/home`, ok: true, verified: true },
      { url: `${location.origin}/site/siteInfo?siteId=1`, ok: true, verified: true },
    ]);
    const order = emulator.calls
      .map((c) => `${c.name}:${c.answer ?? ''}`)
      .filter((c) => /^(preVerifyJSAPI|scanQRCode):/.test(c));
    expect(order).toEqual([
      'preVerifyJSAPI:config:ok',
      'preVerifyJSAPI:config:ok',
      'scanQRCode:scanQRCode:ok',
      'scanQRCode:scanQRCode:ok',
    ]);
  });

  it('the platform refuses an ability at an address the configuration was not signed for', async () => {
    window.history.replaceState(null, '', '/home');
    const { platform, services, emulator } = await setUp(ANDROID_UA);
    await platform.init(services, location.href);
    // a page that skips the new configuration after moving (the bridge called directly)
    window.history.pushState(null, '', '/site');
    const bridge = (
      window as unknown as {
        WeixinJSBridge: { invoke(n: string, a: unknown, cb: (r: { err_msg: string }) => void): void };
      }
    ).WeixinJSBridge;
    const answer = await new Promise<string>((resolve) => bridge.invoke('scanQRCode', {}, (r) => resolve(r.err_msg)));
    expect(answer).toBe('scanQRCode:permission denied');
    // the same page, back at the address it configured for, may scan
    window.history.replaceState(null, '', '/home');
    emulator.nextScan({ text: 'https://q.example.com/q/BACK', type: 'qr' });
    await expect(platform.scan()).resolves.toBe('https://q.example.com/q/BACK');
    expect(emulator.configs).toHaveLength(1);
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
    // spaces around the content inside the wrapping are the scanner's, not the code's
    expect(scanContent('CODE_128, 86112345678901')).toBe('86112345678901');
    expect(scanContent('{"scan_code":{"scan_type":"qrCode","scan_result":" YCQ000000123 "}}')).toBe('YCQ000000123');
    // a JSON-looking text that is not the wrapping is returned as it came (trimmed)
    expect(scanContent(' {"scan_code":{}} ')).toBe('{"scan_code":{}}');
  });
});
