import { describe, expect, it } from 'vitest';
import { bodyText, sharedBrowser, openPhone, waitForText, sandboxUrl } from './helpers';

/** Spec §4 step 1 / §8: outside both apps the page asks to be opened in WeChat or Alipay; nothing else runs. */
describe('outside WeChat and Alipay', () => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('shows the stop screen and a toast, makes no call and no redirect', async () => {
    const { page, context } = await openPhone(browser(), 'desktop');
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/') || path.startsWith('/wap/') || path.startsWith('/__sandbox/oauth'))
        apiCalls.push(path);
    });
    await page.goto(`${baseUrl}/site?x=1`);
    await waitForText(page, '本平台仅支持在微信或支付宝内使用');
    const text = await bodyText(page);
    expect(text).toContain('请在微信或支付宝客户端中打开');
    expect(text).toContain('复制链接');
    // The entry toast carries the same title (centred, 2000 ms).
    expect(await page.$$eval('.adm-toast-main', (els) => els.map((el) => el.textContent))).toContain(
      '请在微信或支付宝客户端中打开',
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(new URL(page.url()).pathname).toBe('/site');
    expect(apiCalls).toEqual([]);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    await context.close();
  });

  it.each(['wechat', 'alipay'] as const)(
    'the desktop preview opens the app as %s with the injected emulator',
    async (host) => {
      const { page, context } = await openPhone(browser(), 'desktop');
      await page.goto(`${baseUrl}/__sandbox/`);
      await waitForText(page, '以微信打开');
      await page.goto(`${baseUrl}/__sandbox/preview/${host}`);
      await page.waitForSelector('#consent', { timeout: 20_000 });
      expect(page.url()).toContain(host === 'wechat' ? '/__sandbox/oauth/wechat/' : '/__sandbox/oauth/alipay/');
      await Promise.all([page.waitForNavigation(), page.click('#consent')]);
      await page.waitForFunction(() => location.pathname === '/mine/bind', { timeout: 20_000 });
      expect(await page.evaluate(() => navigator.userAgent)).toMatch(
        host === 'wechat' ? /MicroMessenger/ : /AlipayClient/,
      );
      expect(await page.evaluate(() => typeof (window as unknown as { __hostEmulator?: unknown }).__hostEmulator)).toBe(
        'object',
      );

      // A scan asks the person what to scan: digits are a bar code, anything else a QR code; Cancel cancels.
      const typed = ['86123450011517', 'https://qr.sandbox.yichong.local/q/YCB000880101', null];
      page.on('dialog', (dialog) => {
        const next = typed.shift();
        void (next === null || next === undefined ? dialog.dismiss() : dialog.accept(next));
      });
      const scan = () =>
        page.evaluate(
          (h) =>
            new Promise<unknown>((resolve) => {
              const w = window as unknown as {
                WeixinJSBridge: { invoke: (n: string, a: object, cb: (r: unknown) => void) => void };
                AlipayJSBridge: { call: (n: string, a: object, cb: (r: unknown) => void) => void };
              };
              if (h === 'wechat') w.WeixinJSBridge.invoke('scanQRCode', { needResult: 1 }, resolve);
              else w.AlipayJSBridge.call('scan', { type: 'qr' }, resolve);
            }),
          host,
        );
      if (host === 'wechat') {
        // The platform answers a scan once the page's wx.config was accepted (the app configures once it is idle; the
        // preview's emulator checks the signature with the sandbox's ticket).
        await page.waitForFunction(
          () =>
            (
              window as unknown as { __hostEmulator: { configs: { ok: boolean; verified: boolean }[] } }
            ).__hostEmulator.configs.some((c) => c.ok && c.verified),
          { timeout: 20_000 },
        );
        expect(await scan()).toMatchObject({ err_msg: 'scanQRCode:ok', resultStr: 'CODE_128,86123450011517' });
        expect(await scan()).toMatchObject({ resultStr: 'https://qr.sandbox.yichong.local/q/YCB000880101' });
        expect(await scan()).toMatchObject({ err_msg: 'scanQRCode:cancel' });
      } else {
        // Alipay's scan of type 'qr' cannot read a bar code.
        expect(await scan()).toMatchObject({ error: 11 });
        expect(await scan()).toEqual({ qrCode: 'https://qr.sandbox.yichong.local/q/YCB000880101' });
        expect(await scan()).toMatchObject({ error: 10 });
      }
      await context.close();
    },
  );
});
