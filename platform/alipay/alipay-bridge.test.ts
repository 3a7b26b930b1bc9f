import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformServices } from '../types';
import { type AlipayResult, createAlipayPlatform, whenBridgeReady } from './index';

/**
 * The Alipay platform against a scripted AlipayJSBridge: each call answers with the result the test queued for its
 * name (the container's answers as documented: scan { qrCode } or { error }, tradePay { resultCode }).
 */

type Call = { name: string; args: Record<string, unknown> };

function installBridge() {
  const calls: Call[] = [];
  const answers: Record<string, AlipayResult[]> = {};
  (window as unknown as { AlipayJSBridge: unknown }).AlipayJSBridge = {
    call(name: string, args: Record<string, unknown>, callback?: (result: AlipayResult) => void) {
      calls.push({ name, args });
      const result = answers[name]?.shift() ?? {};
      setTimeout(() => callback?.(result), 0);
    },
  };
  const answer = (name: string, result: AlipayResult) => (answers[name] ??= []).push(result);
  return { calls, answer };
}

function services() {
  return {
    fetchSignature: vi.fn<PlatformServices['fetchSignature']>(),
    alert: vi.fn<PlatformServices['alert']>(),
    log: vi.fn<PlatformServices['log']>(),
  } satisfies PlatformServices;
}

describe('Alipay platform: what the shell and screens rely on (spec §4, §7, §9; D-income.md §3)', () => {
  beforeEach(() => {
    delete (window as unknown as Record<string, unknown>).AlipayJSBridge;
  });
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>).AlipayJSBridge;
  });

  it('describes the host: name alipay, QR-only scanner with the B-site hint, silent login aliLoginByAuthCode + authCode (A §2)', () => {
    const platform = createAlipayPlatform({ appId: 'x', authorizeBase: '/auth' });
    expect(platform.name).toBe('alipay');
    expect(platform.capabilities).toEqual({ scansBarCodes: false });
    expect(platform.wording).toEqual({ barCodeUnsupported: '支付宝仅支持扫描二维码，条形码请手动输入' });
    expect(platform.silentLogin).toEqual({ path: '/api/user/aliLoginByAuthCode', codeField: 'authCode' });
  });

  it('the bundle’s platform authorises with this build’s Alipay app id and authorisation page (deploy/env settings)', async () => {
    vi.resetModules(); // the bundle's module as a page loads it
    const { alipayPlatform } = await import('./index');
    // The unit project sees the sandbox build's settings (vitest.config.ts `define`).
    const appId = import.meta.env.PUBLIC_ALIPAY_APP_ID;
    const base = import.meta.env.PUBLIC_ALIPAY_AUTHORIZE_URL;
    expect(appId).toBeTruthy();
    expect(base).toBeTruthy();
    expect(alipayPlatform.appId).toBe(appId);
    const url = alipayPlatform.authorizeUrl('https://ops.example.com/home');
    expect(url.startsWith(`${base}?app_id=${encodeURIComponent(appId ?? '')}&`)).toBe(true);
  });

  it('previewImage opens the viewer on every image, at the index of `current` (0 when absent or not in the list)', async () => {
    const { calls } = installBridge();
    const platform = createAlipayPlatform({ appId: 'x', authorizeBase: '/auth' });
    const urls = ['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg', 'https://img.example.com/c.jpg'];
    const images = urls.map((u) => ({ u }));
    platform.previewImage(urls, urls[2]);
    platform.previewImage(urls, urls[1]);
    platform.previewImage(urls);
    platform.previewImage(urls, 'https://img.example.com/elsewhere.jpg');
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    expect(calls).toEqual([
      { name: 'imageViewer', args: { images, init: 2 } },
      { name: 'imageViewer', args: { images, init: 1 } },
      { name: 'imageViewer', args: { images, init: 0 } },
      { name: 'imageViewer', args: { images, init: 0 } },
    ]);
  });

  it('tradePay: 9000, 8000 and 6004 lead to the payment result; 6001 is a cancel; 4000, 6002 and others fail, logged', async () => {
    const { answer } = installBridge();
    const platform = createAlipayPlatform({ appId: 'x', authorizeBase: '/auth' });
    const given = services();
    await platform.init(given, location.href);
    const outcomes: string[] = [];
    for (const resultCode of ['9000', '8000', '6004', '6001', '4000', '6002', '']) {
      answer('tradePay', { resultCode });
      outcomes.push(await platform.pay({ tradeNO: 'T1' }));
    }
    expect(outcomes).toEqual(['success', 'success', 'success', 'cancel', 'fail', 'fail', 'fail']);
    expect(given.log).toHaveBeenCalledTimes(3);
    expect(given.log).toHaveBeenCalledWith(expect.stringMatching(/tradePay/), { resultCode: '4000' });
  });

  it('scan: a failure is logged (naming the scan), a cancel (error 10) is not; neither alerts; no content gives null', async () => {
    const { answer } = installBridge();
    const platform = createAlipayPlatform({ appId: 'x', authorizeBase: '/auth' });
    const given = services();
    await platform.init(given, location.href);
    answer('scan', { error: 11, errorMessage: '扫码失败' });
    await expect(platform.scan()).resolves.toBeNull();
    expect(given.log).toHaveBeenCalledWith(expect.stringMatching(/scan/), { error: 11, errorMessage: '扫码失败' });
    answer('scan', { error: 10, errorMessage: '用户取消' });
    await expect(platform.scan()).resolves.toBeNull();
    expect(given.log).toHaveBeenCalledTimes(1);
    answer('scan', {});
    await expect(platform.scan()).resolves.toBeNull();
    answer('scan', { qrCode: 42 });
    await expect(platform.scan()).resolves.toBeNull();
    answer('scan', { barCode: '6901234567892' });
    await expect(platform.scan()).resolves.toBe('6901234567892');
    expect(given.alert).not.toHaveBeenCalled();
  });

  it('prepare() hands over the services: a scan before init() logs its failure through them', async () => {
    const { answer } = installBridge();
    const platform = createAlipayPlatform({ appId: 'x', authorizeBase: '/auth' });
    const given = services();
    platform.prepare(given, location.href);
    answer('scan', { error: 11 });
    await expect(platform.scan()).resolves.toBeNull();
    expect(given.log).toHaveBeenCalledTimes(1);
  });

  it('an ability used before the services were handed over does not throw: a failed scan resolves null', async () => {
    const { answer } = installBridge();
    const platform = createAlipayPlatform({ appId: 'x', authorizeBase: '/auth' });
    answer('scan', { error: 11 });
    await expect(platform.scan()).resolves.toBeNull();
    answer('tradePay', { resultCode: '4000' });
    await expect(platform.pay({ tradeNO: 'T1' })).resolves.toBe('fail');
  });

  it('waits for AlipayJSBridgeReady once: the listener goes away after the bridge arrived', async () => {
    const document = new EventTarget();
    const bridge = { call: vi.fn() };
    let reads = 0;
    const win = {
      document,
      get AlipayJSBridge() {
        reads += 1;
        return reads === 1 ? undefined : bridge; // absent when asked, injected before the event
      },
    } as unknown as Window;
    const ready = whenBridgeReady(win);
    document.dispatchEvent(new Event('AlipayJSBridgeReady'));
    await expect(ready).resolves.toBe(bridge);
    document.dispatchEvent(new Event('AlipayJSBridgeReady')); // a container that announces the bridge again
    expect(reads).toBe(2);
  });
});
