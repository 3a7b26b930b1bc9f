import { describe, expect, it } from 'vitest';
import { ANDROID_UA, setUp } from './test-helpers';

describe('WeChat platform on Android (spec §9 scan types)', () => {
  it('scans QR codes and bar codes from the plain-text result; failure alerts 无法识别', async () => {
    const { platform, services, emulator, alerts } = await setUp(ANDROID_UA);
    await platform.init(services, location.href);
    emulator.nextScan({ text: 'https://q.example.com/q/ABCD1234', type: 'qr' });
    await expect(platform.scan()).resolves.toBe('https://q.example.com/q/ABCD1234');
    emulator.nextScan({ text: '86112345678901', type: 'bar' });
    await expect(platform.scan()).resolves.toBe('CODE_128,86112345678901');
    emulator.nextScan({ fail: true });
    await expect(platform.scan()).resolves.toBeNull();
    expect(alerts).toEqual(['无法识别']);
  });
});
