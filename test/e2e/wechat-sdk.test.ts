import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import {
  authorizeAndBindByPassword,
  openPhone,
  press,
  sandboxUrl,
  sharedBrowser,
  waitForPath,
  waitForText,
  type Os,
} from './helpers';
import { openInApp } from './walk';

/**
 * The WeChat JS-SDK on each OS (issue 32 item 3): with history routing, iOS WeChat binds wx.config to the address the
 * page was entered at, Android to the address it is at. The emulator (test/emulators/wechat.js) recomputes each
 * configuration's signature with the sandbox's ticket for the address its OS's rule names, and refuses a scan without
 * a valid configuration for the page ("permission denied", which the app shows as 无法识别).
 *
 * A phone logs in afresh through the authorisation page, so that the page is entered at /home?code=… and moves on by
 * history pushes (the code taken out of the address, /mine/bind, /home), then opens 选择设备 in the app and scans a code
 * that is no box of the operator's: the app must get the scan's text and answer 未找到该设备或无权限操作.
 * Read-only beyond the login.
 */

interface EmulatorState {
  landingUrl: string;
  configs: { url: string; ok: boolean; verified: boolean }[];
  calls: { name: string; answer: string | null }[];
}

function emulatorState(page: Page): Promise<EmulatorState> {
  return page.evaluate(() => {
    const e = (window as unknown as { __hostEmulator: EmulatorState }).__hostEmulator;
    return {
      landingUrl: e.landingUrl,
      configs: e.configs,
      calls: e.calls.map(({ name, answer }) => ({ name, answer })),
    };
  });
}

describe.each<Os>(['ios', 'android'])('WeChat bundle on %s: wx.config signs the address the platform binds', (os) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('a scan after history pushes reaches the app, under a configuration the platform accepts', async () => {
    const { page, context } = await openPhone(browser(), 'wechat', os);
    try {
      await authorizeAndBindByPassword(page, baseUrl, 'wechat');
      await openInApp(page, '/mine/searchSerial');
      await waitForPath(page, '/mine/searchSerial');
      await page.evaluate(() => {
        const e = (window as unknown as { __hostEmulator: { nextScan(o: unknown): void } }).__hostEmulator;
        e.nextScan({ text: '86123450000000', type: 'bar' });
      });
      await press(page, 'button[aria-label="扫码"]');
      await waitForText(page, '未找到该设备或无权限操作');

      const state = await emulatorState(page);
      // entered through the authorisation's return, code and all
      expect(new URL(state.landingUrl).searchParams.get('code')).toBeTruthy();
      expect(state.calls.filter((c) => c.name === 'scanQRCode').map((c) => c.answer)).toEqual(['scanQRCode:ok']);
      expect(state.configs.length).toBeGreaterThan(0);
      expect(state.configs.every((c) => c.ok && c.verified)).toBe(true);
      const last = state.configs[state.configs.length - 1]!;
      if (os === 'ios') {
        // one configuration for the page, signed for where it was entered
        expect(state.configs).toHaveLength(1);
        expect(last.url).toBe(state.landingUrl);
      } else {
        // configured again for the address the scan was made at
        expect(last.url).toBe(`${baseUrl}/mine/searchSerial`);
      }
    } finally {
      await context.close();
    }
  });
});
