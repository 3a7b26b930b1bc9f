import { describe, expect, it } from 'vitest';
import { checkScreen, leaveOut } from './a11y';
import { clickText, openDemoPhone, sharedBrowser, tapSiteTab, waitForPath, type Host, sandboxUrl } from './helpers';

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
  const baseUrl = sandboxUrl();
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
    // Reflowed at twice the text size, a short label or a figure may take two lines: every other rule holds.
    leaveOut(page, ['broken-word']);
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

  it('the check refuses what it must: low contrast, an unnamed icon button, a small input, a faint placeholder, a switch named "开关", a page too wide', async () => {
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
        '<input name="faint" style="font-size:16px" aria-label="浅色提示" placeholder="浅色提示">' +
        '<div role="switch" aria-checked="false" aria-label="开关" tabindex="0"></div>' +
        '<div style="width:900px">过宽</div>';
      // A placeholder in Chromium's default grey, as before the theme gave placeholders their colour.
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('input[name="faint"]::placeholder { color: #bbb; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
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
    expect(error).toMatch(/generic-control-name \(serious\)/);
    expect(error).toMatch(/placeholder-contrast \(serious\)[^]*"浅色提示" at [\d.]+:1/);
    await context.close();
  });

  it('a dialog or sheet is checked the first time it opens, also on a screen already checked', async () => {
    const { page, context } = await openDemoPhone(browser(), baseUrl, host);
    await page.setBypassCSP(true);
    await page.goto(`${baseUrl}/mine/bind/find-pass`);
    await waitForPath(page, '/mine/bind/find-pass');
    await page.waitForSelector('input[placeholder]', { timeout: 15_000 });
    // The real fields' placeholders have the theme's --text-placeholder (#686d76), which the check measures.
    const placeholder = await page.$eval('input[placeholder]', (el) => getComputedStyle(el, '::placeholder').color);
    expect(placeholder).toBe('rgb(104, 109, 118)');
    // The screen is checked (here or by the test before), then gets a fault behind where the dialog will be.
    await checkScreen(page).catch(() => undefined);
    await page.evaluate(() => {
      const behind = document.createElement('p');
      behind.id = 'behind';
      behind.style.color = '#bbb';
      behind.textContent = '对话框后面的文字';
      document.querySelector('#root')?.append(behind);
    });
    // A dialog as antd-mobile renders one, with a fault of its own.
    const open = (title: string) =>
      page.evaluate((t: string) => {
        document.querySelector('#planted-dialog')?.remove();
        const holder = document.createElement('div');
        holder.id = 'planted-dialog';
        holder.className = 'adm-center-popup adm-dialog';
        holder.innerHTML =
          '<div class="adm-center-popup-body adm-dialog-body" style="position:fixed;top:40%;left:10%;background:#fff">' +
          `<div class="adm-dialog-title">${t}</div><p id="faint-in-dialog" style="color:#bbb">低对比度的文字</p></div>`;
        document.body.append(holder);
      }, title);
    await open('确认删除');
    const first = await checkScreen(page).then(
      () => null,
      (e: unknown) => String(e),
    );
    expect(first).toMatch(/on \/mine\/bind\/find-pass \(adm-dialog\.adm-dialog-body:确认删除\)/);
    expect(first).toMatch(/color-contrast \(serious\)[^]*#faint-in-dialog/);
    // Only the dialog was looked at: the screen behind it was checked already.
    expect(first).not.toMatch(/#behind/);
    // The same dialog again is not checked twice; another one is.
    await expect(checkScreen(page)).resolves.toBeUndefined();
    await open('确认停用');
    await expect(checkScreen(page)).rejects.toThrow(/确认停用[^]*color-contrast/);
    await context.close();
  });
});
