import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IOS_UA, setUp } from './test-helpers';

/**
 * What the shell and screens rely on from the WeChat platform beyond scanning and paying (wechat.test.ts): its
 * descriptor, the image viewer, closing the page, and a JS-SDK configuration that fails. An iOS page (the SDK reads the
 * user agent once per page load), with the real weixin-js-sdk over the host emulator of test/emulators.
 */

const URLS = ['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg', 'https://img.example.com/c.jpg'];

describe('WeChat platform: descriptor, viewer, closing, configuration failures (spec §4, §8; A §2; B-site)', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/home?code=abc');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('describes the host: name wechat, a scanner that reads bar codes (no hint), silent login wapAntlogin + code (A §2)', async () => {
    const { platform } = await setUp(IOS_UA);
    expect(platform.name).toBe('wechat');
    expect(platform.capabilities).toEqual({ scansBarCodes: true });
    expect(platform.wording).toEqual({ barCodeUnsupported: '' });
    expect(platform.silentLogin).toEqual({ path: '/wap/user/wapAntlogin', codeField: 'code' });
  });

  it('the bundle’s platform authorises with this build’s WeChat app id and authorisation page (deploy/env settings)', async () => {
    const { wechatPlatform } = await import('./index');
    // The unit project sees the sandbox build's settings (vitest.config.ts `define`).
    const appId = import.meta.env.PUBLIC_WECHAT_APP_ID;
    const base = import.meta.env.PUBLIC_WECHAT_AUTHORIZE_URL;
    expect(appId).toBeTruthy();
    expect(base).toBeTruthy();
    expect(wechatPlatform.appId).toBe(appId);
    const url = wechatPlatform.authorizeUrl('https://ops.example.com/home');
    expect(url.startsWith(`${base}?appid=${encodeURIComponent(appId ?? '')}&`)).toBe(true);
  });

  it('previewImage shows every image, starting at `current` (the first image when none is given)', async () => {
    const { platform, services, emulator } = await setUp(IOS_UA);
    await platform.init(services, location.href);
    platform.previewImage(URLS, URLS[1]);
    platform.previewImage(URLS);
    platform.previewImage([]);
    const previews = () => emulator.calls.filter((c) => c.name === 'imagePreview' && c.answer !== null);
    await vi.waitFor(() => expect(previews()).toHaveLength(3));
    expect(previews().map((c) => ({ current: c.args.current, urls: c.args.urls }))).toEqual([
      { current: URLS[1], urls: URLS },
      { current: URLS[0], urls: URLS },
      { current: '', urls: [] },
    ]);
    expect(previews()[0]?.answer).toBe('imagePreview:ok');
  });

  it('closeWindow goes through the JS-SDK when WeixinJSBridge is not there (yet)', async () => {
    await setUp(IOS_UA);
    // the platform of the page set up (the SDK module it loads is the one this file gets after setUp's reset)
    const { createWechatPlatform } = await import('./index');
    const platform = createWechatPlatform({ appId: 'wx5andb0x0000000001', authorizeBase: '/auth' });
    const wx = (await import('weixin-js-sdk')).default;
    const close = vi.spyOn(wx, 'closeWindow');
    const w = window as unknown as Record<string, unknown>;
    const bridge = w.WeixinJSBridge;
    delete w.WeixinJSBridge;
    try {
      expect(() => platform.closeWindow()).not.toThrow();
      await vi.waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    } finally {
      w.WeixinJSBridge = bridge;
    }
  });

  it('closeWindow uses WeixinJSBridge when it is there, without the SDK', async () => {
    const { platform, emulator } = await setUp(IOS_UA);
    const wx = (await import('weixin-js-sdk')).default;
    const close = vi.spyOn(wx, 'closeWindow');
    platform.closeWindow();
    expect(emulator.calls.map((c) => c.name)).toContain('closeWindow');
    expect(emulator.closedAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(close).not.toHaveBeenCalled();
  });

  it('a wx.config the platform refuses is logged (spec §8: SDK errors only logged) and init still resolves', async () => {
    const { platform, services, log, emulator, alerts } = await setUp(IOS_UA, { configFails: true });
    await platform.init(services, location.href);
    // the SDK's ready fires at once on a page's second configuration (the SDK keeps its state per page): the refusal
    // may arrive after init resolved
    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledWith(
        expect.stringMatching(/config/),
        expect.objectContaining({ errMsg: expect.any(String) }),
      ),
    );
    expect(emulator.configs.map((c) => c.ok)).toEqual([false]);
    expect(alerts).toEqual([]);
  });

  it('a signature request that fails is logged with its error; init resolves and configures nothing', async () => {
    const { platform, services, log, emulator } = await setUp(IOS_UA);
    const error = new Error('network');
    vi.mocked(services.fetchSignature).mockRejectedValueOnce(error);
    await expect(platform.init(services, location.href)).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/config/i), error);
    expect(emulator.configs).toEqual([]);
  });

  it(
    'an ability used before boot handed over the services does not throw: the scan is refused (null), preview is quiet',
    { timeout: 10_000 },
    async () => {
      const { platform, services, emulator } = await setUp(IOS_UA);
      emulator.nextScan({ text: 'https://q.example.com/q/TOO_EARLY', type: 'qr' });
      await expect(platform.scan()).resolves.toBeNull();
      expect(services.fetchSignature).not.toHaveBeenCalled();
      expect(emulator.calls.find((c) => c.name === 'scanQRCode')?.answer).toBe('scanQRCode:permission denied');
      expect(() => platform.previewImage(URLS, URLS[0])).not.toThrow();
      await vi.waitFor(() => expect(emulator.calls.some((c) => c.name === 'imagePreview')).toBe(true));
    },
  );
});
