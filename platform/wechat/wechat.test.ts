import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANDROID_UA, IOS_UA, setUp, signatureOf } from './test-helpers';

/**
 * The WeChat platform against the real weixin-js-sdk and the host emulator of test/emulators (as in the e2e tests).
 */

describe('WeChat platform (spec §4 SDK configuration, §8, §9)', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/home?code=abc#top');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('configures the SDK once, debug off, with the five abilities and the landing URL on iOS', async () => {
    const { platform, services, emulator } = await setUp(IOS_UA);
    window.history.replaceState(null, '', '/mine/bind?code=abc');
    await platform.init(services, 'http://localhost:3000/home?code=abc#x');
    await platform.init(services, 'http://localhost:3000/other');
    expect(services.fetchSignature).toHaveBeenCalledTimes(1);
    expect(services.fetchSignature).toHaveBeenCalledWith('http://localhost:3000/home?code=abc');
    expect(emulator.config).not.toBeNull();
    expect(emulator.config?.verifyJsApiList).toEqual([
      'scanQRCode',
      'closeWindow',
      'getBrandWCPayRequest',
      'imagePreview',
      'translateVoice',
    ]);
    expect(emulator.config?.verifySignature).toBe(signatureOf('http://localhost:3000/home?code=abc'));
    expect(emulator.config?.verifyTimestamp).toBe('1700000000');
  });

  it('prepare() configures nothing; a scan before init() configures the SDK first, once, with the landing URL', async () => {
    const { platform, services, emulator } = await setUp(IOS_UA);
    platform.prepare(services, 'http://localhost:3000/home?code=abc');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(services.fetchSignature).not.toHaveBeenCalled();
    expect(emulator.config).toBeNull();
    emulator.nextScan({ text: 'https://q.example.com/q/EARLY', type: 'qr' });
    await expect(platform.scan()).resolves.toBe('https://q.example.com/q/EARLY');
    expect(services.fetchSignature).toHaveBeenCalledTimes(1);
    expect(services.fetchSignature).toHaveBeenCalledWith('http://localhost:3000/home?code=abc');
    const order = emulator.calls.map((c) => c.name).filter((n) => n === 'preVerifyJSAPI' || n === 'scanQRCode');
    expect(order).toEqual(['preVerifyJSAPI', 'scanQRCode']);
    // boot's init() once the first screen is idle finds the configuration done
    await platform.init(services, 'http://localhost:3000/home?code=abc');
    expect(services.fetchSignature).toHaveBeenCalledTimes(1);
  });

  it('signs the current URL (without #…) on Android', async () => {
    const { platform, services } = await setUp(ANDROID_UA);
    window.history.replaceState(null, '', '/mine/bind?code=abc#frag');
    await platform.init(services, 'http://localhost:3000/home?code=abc');
    expect(services.fetchSignature).toHaveBeenCalledWith(`${location.origin}/mine/bind?code=abc`);
  });

  it('on iOS one configuration, signed for the landing URL, serves the page after history pushes', async () => {
    const { platform, services, emulator } = await setUp(IOS_UA);
    await platform.init(services, location.href);
    window.history.pushState(null, '', '/site/siteInfo?siteId=1');
    emulator.nextScan({ text: 'https://q.example.com/q/AFTER', type: 'qr' });
    await expect(platform.scan()).resolves.toBe('https://q.example.com/q/AFTER');
    expect(services.fetchSignature).toHaveBeenCalledTimes(1);
    expect(emulator.configs).toEqual([{ url: `${location.origin}/home?code=abc`, ok: true, verified: true }]);
  });

  it('on iOS the platform refuses a configuration signed for the current URL: the scan fails with 无法识别', async () => {
    const { platform, services, emulator, alerts } = await setUp(IOS_UA);
    // an app that signs where it is now, not where the page was entered
    window.history.pushState(null, '', '/site');
    await platform.init(services, `${location.origin}/site`);
    emulator.nextScan({ text: 'https://q.example.com/q/NEVER', type: 'qr' });
    await expect(platform.scan()).resolves.toBeNull();
    expect(emulator.configs).toEqual([{ url: `${location.origin}/home?code=abc`, ok: false, verified: true }]);
    expect(emulator.calls.find((c) => c.name === 'scanQRCode')?.answer).toBe('scanQRCode:permission denied');
    expect(alerts).toEqual(['无法识别']);
  });

  // The SDK reads the user agent once per page load (window.jWeixin): this file is an iOS page; the Android scan
  // format is tested in wechat-android.test.ts.
  it('scans QR and bar codes (iOS JSON result); a failure alerts 无法识别; cancel gives null', async () => {
    for (const ua of [IOS_UA]) {
      const { platform, services, emulator, alerts } = await setUp(ua);
      await platform.init(services, location.href);
      emulator.nextScan({ text: 'https://q.example.com/q/ABCD1234', type: 'qr' });
      await expect(platform.scan()).resolves.toBe('https://q.example.com/q/ABCD1234');
      emulator.nextScan({ text: '86112345678901', type: 'bar' });
      await expect(platform.scan()).resolves.toBe('86112345678901');
      const scanCall = emulator.calls.find((c) => c.name === 'scanQRCode');
      expect(scanCall?.args.scanType).toEqual(['qrCode', 'barCode']);
      expect(scanCall?.args.needResult).toBe(1);
      emulator.nextScan({ cancel: true });
      await expect(platform.scan()).resolves.toBeNull();
      expect(alerts).toEqual([]);
      emulator.nextScan({ fail: true });
      await expect(platform.scan()).resolves.toBeNull();
      expect(alerts).toEqual(['无法识别']);
    }
  });

  it('pays through chooseWXPay: the cashier tells the sandbox’s WeChat Pay; ok only when it took the money', async () => {
    const { platform, services, emulator } = await setUp(ANDROID_UA);
    await platform.init(services, location.href);
    const answers = ['ok', 'cancel', 'fail'];
    const cashier = vi.fn(async () => ({ json: async () => ({ code: 0, data: { result: answers.shift() } }) }));
    vi.stubGlobal('fetch', cashier);
    const params = {
      timeStamp: '1716190200',
      nonceStr: 'n'.repeat(32),
      package: 'prepay_id=wx1',
      signType: 'RSA',
      paySign: 'sig',
    };
    emulator.nextPay('ok');
    await expect(platform.pay(params)).resolves.toBe('success');
    const sent = JSON.parse((cashier.mock.calls[0] as unknown as [string, { body: string }])[1].body) as Record<
      string,
      string
    >;
    expect(sent).toMatchObject({ timeStamp: '1716190200', package: 'prepay_id=wx1', paySign: 'sig', outcome: 'pay' });
    emulator.nextPay('cancel');
    await expect(platform.pay(params)).resolves.toBe('cancel');
    emulator.nextPay('ok');
    await expect(platform.pay(params)).resolves.toBe('fail');
    vi.unstubAllGlobals();
  });

  it('closes the window through the bridge', async () => {
    const { platform, emulator } = await setUp(ANDROID_UA);
    platform.closeWindow();
    expect(emulator.closedAt).not.toBeNull();
  });

  it('builds the authorisation URL: appid, redirect_uri, response_type=code, scope=snsapi_userinfo, state, #wechat_redirect', async () => {
    const { createWechatPlatform } = await import('./index');
    const platform = createWechatPlatform({
      appId: 'wx123',
      authorizeBase: 'https://open.weixin.qq.com/connect/oauth2/authorize',
    });
    const url = new URL(platform.authorizeUrl('https://ops.example.com/home'));
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(url.searchParams.get('appid')).toBe('wx123');
    expect(url.searchParams.get('redirect_uri')).toBe('https://ops.example.com/home');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.hash).toBe('#wechat_redirect');
    expect([...url.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
  });

  it('detects the host and builds the header value', async () => {
    const { platform } = await setUp(ANDROID_UA);
    expect(platform.isHost(ANDROID_UA)).toBe(true);
    expect(platform.isHost('Mozilla/5.0 AlipayClient/10.5')).toBe(false);
    expect(platform.client).toBe('r9a_weixin');
    expect(platform.authCodeParam).toBe('code');
    expect(platform.scanTypes).toEqual(['qrCode', 'barCode']);
  });
});
