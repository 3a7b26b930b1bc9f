import { describe, expect, inject, it } from 'vitest';
import { checkScreen } from './a11y';
import { clickText, openDemoPhone, sharedBrowser, tapSiteTab, waitForPath, type Host } from './helpers';

/**
 * Readable by every operator (issue 15 item 2): the hub screens on the narrowest phone (320 px) with the system's text
 * size at 200 % (WeChat's and Android's font setting; emulated with `text-size-adjust`, which Chromium applies to
 * mobile pages as the WebView's text zoom does) pass the same checks as every screen — axe-core's rules, inputs of
 * 16 px, no page wider than the screen — and the page lets the user pinch-zoom. And the check itself fails on what
 * it must refuse, so that a green suite means something.
 */

const HUBS = [
  ['/home', '首页'],
  ['/site', '站点'],
  ['/income', '收入'],
  ['/mine', '我的'],
] as const;

describe.each<Host>(['wechat', 'alipay'])('%s bundle: zoom and text size', (host) => {
  const baseUrl = inject('baseUrl');
  const browser = sharedBrowser();

  // First in the file: the hubs are checked once per file and bundle, and here they must be checked zoomed.
  it('at 320 px with text at 200 %, every hub screen passes the checks and has no sideways scrolling', async () => {
    const { page, context } = await openDemoPhone(browser(), baseUrl, host);
    await page.setViewport({ width: 320, height: 640, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    // The system's text size, as the WebView applies it: to every element, over the app's own 100 %. The stylesheet
    // goes in through the DevTools protocol: the app's Content-Security-Policy rightly refuses inline styles.
    await page.setBypassCSP(true);
    await page.evaluateOnNewDocument(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = '* { -webkit-text-size-adjust: 200% !important; text-size-adjust: 200% !important; }';
        document.head.append(style);
      });
    });
    await page.reload();
    await waitForPath(page, '/home');
    for (const [path, tab] of HUBS) {
      if (path === '/site') await tapSiteTab(page, baseUrl);
      else await clickText(page, tab, '.adm-tab-bar-item');
      await waitForPath(page, path);
      // The hub's content, not its skeleton: the tab bar's own text is there from the start.
      await page.waitForFunction(() => !document.querySelector('.adm-skeleton'), { timeout: 15_000 });
      const text = await page.$eval('.adm-tab-bar-item-title', (el) => parseFloat(getComputedStyle(el).fontSize));
      expect(text, 'the tab bar text is enlarged').toBeGreaterThanOrEqual(20);
      await checkScreen(page);
    }
    await context.close();
  });

  it('the viewport allows pinch zoom (no user-scalable=no, maximum-scale at least 5 when set)', async () => {
    const { page, context } = await openDemoPhone(browser(), baseUrl, host);
    const viewport = await page.$eval('meta[name="viewport"]', (el) => el.getAttribute('content') ?? '');
    expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)/);
    const maximum = /maximum-scale\s*=\s*([\d.]+)/.exec(viewport)?.[1];
    if (maximum !== undefined) expect(Number(maximum)).toBeGreaterThanOrEqual(5);
    await context.close();
  });

  it('the check refuses what it must: low contrast, an unnamed icon button, a small input, a page too wide', async () => {
    const { page, context } = await openDemoPhone(browser(), baseUrl, host);
    // The planted faults carry inline styles, which the app's Content-Security-Policy would refuse.
    await page.setBypassCSP(true);
    await page.goto(`${baseUrl}/mine/bind/find-pass`);
    await waitForPath(page, '/mine/bind/find-pass');
    await page.waitForSelector('input', { timeout: 15_000 });
    await page.evaluate(() => {
      const holder = document.createElement('div');
      holder.innerHTML =
        '<p style="color:#bbb;background:#fff">低对比度的文字</p>' +
        '<button type="button"><svg width="16" height="16"></svg></button>' +
        '<input name="tiny" style="font-size:12px" aria-label="小字输入框">' +
        '<div style="width:900px">过宽</div>';
      document.querySelector('#root')?.append(holder);
    });
    const error = await checkScreen(page).then(
      () => null,
      (e: unknown) => String(e),
    );
    expect(error).toMatch(/color-contrast \(serious\)/);
    expect(error).toMatch(/button-name \(critical\)/);
    expect(error).toMatch(/input-font-size \(serious\)/);
    expect(error).toMatch(/horizontal-overflow \(serious\)/);
    await context.close();
  });
});
