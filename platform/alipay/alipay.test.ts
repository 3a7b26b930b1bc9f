import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createAlipayPlatform } from './index';

const emulatorSource = readFileSync(path.resolve('test/emulators/alipay.js'), 'utf8');
const ALIPAY_UA =
  'Mozilla/5.0 (Linux; U; Android 13; zh-CN) AppleWebKit/537.36 Chrome/116 Mobile Safari/537.36 Nebula AlipayClient/10.5.36.8100 Language/zh-Hans';

interface Emulator {
  calls: { name: string; args: Record<string, unknown> }[];
  closedAt: number | null;
  nextScan(outcome: unknown): void;
  nextPay(outcome: string): void;
}

describe('Alipay platform (spec §4, §9)', () => {
  it('builds the authorisation URL: app_id, scope=auth_user, redirect_uri', () => {
    const platform = createAlipayPlatform({
      appId: '2021001',
      authorizeBase: 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm',
    });
    const url = new URL(platform.authorizeUrl('https://ops.example.com/home'));
    expect(url.origin + url.pathname).toBe('https://openauth.alipay.com/oauth2/publicAppAuthorize.htm');
    expect(url.searchParams.get('app_id')).toBe('2021001');
    expect(url.searchParams.get('scope')).toBe('auth_user');
    expect(url.searchParams.get('redirect_uri')).toBe('https://ops.example.com/home');
  });

  it('waits for AlipayJSBridgeReady, scans QR only, logs failures, closes the webview, pays', async () => {
    Object.defineProperty(window.navigator, 'userAgent', { value: ALIPAY_UA, configurable: true });
    delete (window as unknown as Record<string, unknown>).AlipayJSBridge;
    const platform = createAlipayPlatform({ appId: '2021000000000001', authorizeBase: '/auth' });
    const log = vi.fn();
    const alert = vi.fn();
    const ready = platform.init({ fetchSignature: vi.fn(), alert, log }, location.href);
    new Function(emulatorSource)(); // the bridge appears after the app asked for it
    await ready;
    const emulator = (window as unknown as { __hostEmulator: Emulator }).__hostEmulator;

    emulator.nextScan({ text: 'https://q.example.com/q/ABCD1234', type: 'qr' });
    await expect(platform.scan()).resolves.toBe('https://q.example.com/q/ABCD1234');
    expect(emulator.calls.find((c) => c.name === 'scan')?.args).toEqual({ type: 'qr' });

    emulator.nextScan({ text: '86112345678901', type: 'bar' });
    await expect(platform.scan()).resolves.toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
    emulator.nextScan({ cancel: true });
    await expect(platform.scan()).resolves.toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
    expect(alert).not.toHaveBeenCalled();

    // The cashier tells the sandbox's Alipay the outcome; the page hears 9000 only when the platform took the money.
    const cashier = vi.fn(async (_url: string, init: { body: string }) => {
      const { outcome } = JSON.parse(init.body) as { outcome: string };
      const result = outcome === 'pay' ? (cashier.mock.calls.length > 2 ? 'fail' : 'ok') : outcome;
      return { json: async () => ({ code: 0, data: { result } }) };
    });
    vi.stubGlobal('fetch', cashier);
    emulator.nextPay('ok');
    await expect(platform.pay({ tradeNO: 'T1' })).resolves.toBe('success');
    expect(cashier).toHaveBeenCalledWith('/__sandbox/pay/alipay/cashier', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(cashier.mock.calls[0]?.[1].body ?? '{}')).toEqual({ tradeNO: 'T1', outcome: 'pay' });
    emulator.nextPay('cancel');
    await expect(platform.pay({ tradeNO: 'T2' })).resolves.toBe('cancel');
    emulator.nextPay('ok'); // the platform refuses (closed): the page hears 4000
    await expect(platform.pay({ tradeNO: 'T3' })).resolves.toBe('fail');
    vi.unstubAllGlobals();

    platform.closeWindow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(emulator.closedAt).not.toBeNull();
    expect(platform.client).toBe('alipay');
    expect(platform.authCodeParam).toBe('auth_code');
    expect(platform.scanTypes).toEqual(['qr']);
    expect(platform.isHost(ALIPAY_UA)).toBe(true);
    expect(platform.isHost('Mozilla/5.0 MicroMessenger/8.0')).toBe(false);
  });
});
