import { describe, expect, inject, it } from 'vitest';
import { bodyText, sharedBrowser, openPhone, waitForText } from './helpers';

/** Spec §4 step 1 / §8: outside both apps the page asks to be opened in WeChat or Alipay; nothing else runs. */
describe('outside WeChat and Alipay', () => {
  const baseUrl = inject('baseUrl');
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
      await context.close();
    },
  );
});
