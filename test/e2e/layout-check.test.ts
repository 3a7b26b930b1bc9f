import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './helpers';
import { LAYOUT_RULES, layoutFindings, type LayoutRule } from './layout';

/**
 * The layout check (layout.ts, issue 30 item 2) catches each case it exists for: every rule fails on a planted fixture
 * drawn the way the walk found screens broken, and passes on its mended twin, in Chromium on a phone 390 px wide.
 */

/** A phone's page with `body` as its document (the app's font, antd-mobile's 14 px text, no margins). */
async function drawn(page: Page, body: string): Promise<void> {
  await page.setContent(
    `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>
      body { margin: 0; font: 14px/1.5 'WenQuanYi Micro Hei', sans-serif; }
      .row { display: flex; justify-content: space-between; padding: 12px; background: #fff; }
      input { font-size: 16px; height: 32px; }
    </style></head><body>${body}</body></html>`,
  );
}

/** The ids of the rules `body` breaks. */
async function broken(page: Page, body: string): Promise<string[]> {
  await drawn(page, body);
  return (await page.evaluate(layoutFindings)).map((finding) => finding.id).sort();
}

/** Each rule: a fixture that breaks it and its mended twin (which breaks none). */
const FIXTURES: Record<LayoutRule, { planted: string; mended: string }> = {
  'input-font-size': {
    planted: '<input name="phone" style="font-size: 14px; width: 200px" value="13800138000">',
    mended: '<input name="phone" style="width: 200px" value="13800138000">',
  },
  'placeholder-contrast': {
    planted:
      '<style>.faint::placeholder { color: #ccc }</style><input class="faint" placeholder="请输入" style="width: 200px">',
    mended:
      '<style>.dark::placeholder { color: #666 }</style><input class="dark" placeholder="请输入" style="width: 200px">',
  },
  'horizontal-overflow': {
    planted: '<div style="width: 600px">一行太宽的内容</div>',
    mended: '<div style="max-width: 100%">一行正好的内容</div>',
  },
  // 站点授权's rows: a card inside an inline <a> underlines all its text.
  'link-underline': {
    planted: '<a href="/x"><div class="row"><span>7 天后自动拒绝</span><span>2026-10-19</span></div></a>',
    mended:
      '<a href="/x" style="display: block; text-decoration: none; color: inherit"><div class="row"><span>7 天后自动拒绝</span><span>2026-10-19</span></div></a>' +
      '<p>阅读并同意<a href="/agreement">《服务协议》</a>后继续</p>',
  },
  // 删除档位, the eye of 显示密码: an icon of 16 px as the whole target.
  'target-size': {
    planted:
      '<p>档位一 <button aria-label="删除档位" style="width: 16px; height: 16px; padding: 0; border: 0"></button></p>',
    mended:
      '<p>档位一 <button aria-label="删除档位" style="width: 32px; height: 32px; padding: 0; border: 0"></button></p>' +
      '<div role="button" style="height: 0"></div>',
  },
  // 充值设置详情: a tier input 0 px wide.
  'narrow-control': {
    planted:
      '<div style="display: flex; width: 120px"><span style="flex: none">充值¥</span><input style="width: 0; padding: 0; border: 0" value="20"></div>',
    mended:
      '<div style="display: flex; width: 200px"><span style="flex: none">充值¥</span><input style="width: 80px; padding: 0; border: 0" value="20"></div>',
  },
  // 获取验证码 wrapped inside the word; a file name broken as .xls/x.
  'broken-word': {
    planted:
      '<button style="width: 44px; height: 48px; padding: 0; border: 0">获取验证码</button>' +
      '<div style="width: 40px; word-break: break-all">报表.xlsx</div>',
    mended:
      '<button style="height: 48px; padding: 0 8px; border: 0; white-space: nowrap">获取验证码</button>' +
      '<div style="width: 80px">报表.xlsx</div>' +
      '<div style="width: 70px; font: 16px monospace">abc-defghij</div>',
  },
  'clipped-text': {
    planted: '<div style="width: 80px; overflow: hidden; white-space: nowrap">一个很长很长的站点名称</div>',
    mended:
      '<div style="width: 80px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">一个很长很长的站点名称</div>',
  },
  'raw-value': {
    planted: '<div class="row"><span>今日收入</span><span>¥NaN</span></div><div>已绑卡 undefined 张</div>',
    mended: '<div class="row"><span>今日收入</span><span>¥0.00</span></div><div>已绑卡 -- 张</div>',
  },
  // 远程充电's 请选择设备: a row drawn as a <button> that kept the browser's face.
  'native-button': {
    planted:
      '<button class="row" style="width: 100%; min-height: 44px"><span>选择设备</span><span>请选择设备</span></button>',
    mended:
      '<button class="row" style="width: 100%; min-height: 44px; border: 0; font: inherit">' +
      '<span>选择设备</span><span>请选择设备</span></button>',
  },
};

describe('the layout check', () => {
  const browser = sharedBrowser();

  it('fails each rule on its planted fixture and passes its mended twin', async () => {
    const context = await browser().createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    try {
      expect(Object.keys(FIXTURES).sort()).toEqual([...LAYOUT_RULES].sort());
      for (const [rule, { planted, mended }] of Object.entries(FIXTURES)) {
        // A planted case may break another rule too (an input 0 px wide is also too small a target).
        expect(await broken(page, planted), `${rule}: planted`).toContain(rule);
        expect(await broken(page, mended), `${rule}: mended`).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });

  it('names the elements it finds and what is wrong with them', async () => {
    const context = await browser().createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    try {
      await drawn(page, FIXTURES['broken-word'].planted);
      const [finding] = await page.evaluate(layoutFindings, ['broken-word']);
      expect(finding?.nodes.map((n) => n.target[0])).toEqual(['button "获取验证码"', 'div "报表.xlsx"']);
      expect(finding?.nodes[0]?.summary).toMatch(/"获取验证码" on [2-5] lines/);
      expect(finding?.nodes[1]?.summary).toMatch(/broken at ".*\/.*"/);
      // A filter chip shrunk in a row that scrolls: its label spills over the next chip (the app's min-width of 24 px
      // for every tap target replaces a flex item's min-width auto, which had kept the chip as wide as its label).
      await drawn(
        page,
        '<div style="display: flex; gap: 6px; width: 150px; overflow-x: auto">' +
          ['全部', '设备离线', '端口故障', '烟雾报警']
            .map(
              (label) =>
                `<button role="tab" style="min-width: 24px; padding: 4px 12px; white-space: nowrap">${label}</button>`,
            )
            .join('') +
          '</div>',
      );
      const [spilled] = await page.evaluate(layoutFindings, ['narrow-control']);
      expect(spilled?.nodes.map((n) => n.target[0])).toContain('button "设备离线"');
      expect(spilled?.nodes[0]?.summary).toMatch(/spills out of/);
      // Only the rules asked for are looked at.
      await drawn(page, FIXTURES['raw-value'].planted + FIXTURES['clipped-text'].planted);
      expect((await page.evaluate(layoutFindings, ['raw-value'])).map((f) => f.id)).toEqual(['raw-value']);
    } finally {
      await context.close();
    }
  });
});
