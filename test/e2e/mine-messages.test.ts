import { describe, expect, it } from 'vitest';
import type { BoxListRow } from '../../src/api/device-setup';
import type { Page } from '../../src/api/http';
import type { WarningRow } from '../../src/api/messages';
import type { SiteListPage } from '../../src/api/site';
import type { AlarmNum, NoticeListResult } from '../../src/api/mine';
import type { CommercialInfo } from '../../src/api/user';
import {
  api,
  byTestId,
  clickText,
  openDemoPhone,
  press,
  sharedBrowser,
  waitForPath,
  waitForText,
  waitForTextOf,
  type AccountApi,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Alarms and system messages (C-mine.md /mine/message/warning, /upgrads, /upgrads/info; business rules 3, 23, 25;
 * issue 11 items 3 and 5) in both bundles: a box whose heartbeat stops (POST /__sandbox/device-heartbeat) opens a
 * 设备离线 alarm once the business clock has moved 10 minutes, and it clears when the heartbeat returns — the warning
 * list, home's bell and /mine's badge follow without a reload of the app (the clock is put back at the end); a notice
 * carrying hostile HTML (POST /__sandbox/notice) shows its text and runs nothing, its links open safely, and reading
 * clears the dots.
 */

const WARNING = '/mine/message/warning';
const BELL = `header a[href="${WARNING}"]`;
const MIN = 60_000;

/** A badge's text as the app draws it ('' for 0: antd-mobile then draws no badge). */
const badge = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The last online charging box on one of the operator's own sites (not a site where it is only a share party), one
 * that the other files' first picks leave alone.
 */
async function quietBox(call: AccountApi): Promise<BoxListRow> {
  const sites = await call.post<SiteListPage>('/api/r9/site/siteList', { pageNum: 1, pageSize: 50 });
  const own = new Set(sites.list.filter((s) => !s.shareOnly).map((s) => s.id));
  const boxes = await call.get<Page<BoxListRow>>('/api/r9/box/boxList?pageNum=1&pageSize=100');
  const online = boxes.list.filter((b) => b.status === 1 && own.has(b.siteId));
  const box = online[online.length - 1];
  if (!box) throw new Error('the demo world has an online box');
  return box;
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: alarms and system messages', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('an alarm opens 10 minutes after the heartbeat stops and clears when it returns; bell and badges follow', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const box = await quietBox(call);
    const unread = (await call.get<CommercialInfo>('/api/user/getCommercialInfo')).unreadCount;
    const open = (await call.get<AlarmNum>('/api/warning/getAlarmNum')).unrecoveredCount;
    const heartbeat = (beat: 'stop' | 'resume') =>
      api(baseUrl, 'POST', '/__sandbox/device-heartbeat', { serialNumber: box.serialNumber, heartbeat: beat });
    try {
      await waitForTextOf(page, `${BELL} .adm-badge-content`, badge(unread));
      expect((await heartbeat('stop')).code).toBe(0);
      expect((await api(baseUrl, 'POST', '/__sandbox/clock', { advanceMs: 10 * MIN + 1000 })).code).toBe(0);
      const [alarm] = (
        await call.get<Page<WarningRow>>(
          `/api/warning/warningRecordList?status=0&warningType=1&deviceId=${box.id}&pageNum=1&pageSize=5`,
        )
      ).list;
      expect(alarm).toMatchObject({ serialNumber: box.serialNumber, level: 2, status: 0 });

      // the bell leads to the list, which shows the new alarm and counts it
      await press(page, BELL);
      await waitForPath(page, WARNING);
      await waitForTextOf(page, byTestId('warning-unrecovered'), String(open + 1));
      const row = byTestId(`warning-${alarm?.id}`);
      await waitForTextOf(page, row, `设备离线已超过10分钟`, 'contains');
      await waitForTextOf(page, row, box.serialNumber, 'contains');
      await waitForTextOf(page, `${row} ${byTestId('warning-state')}`, '未恢复', 'contains');
      await waitForTextOf(page, row, '严重', 'contains');

      // back on home (no reload): the bell counts it
      await page.goBack();
      await waitForPath(page, '/home');
      await waitForTextOf(page, `${BELL} .adm-badge-content`, badge(unread + 1));

      // the heartbeat returns: /mine's badge and the list follow
      expect((await heartbeat('resume')).code).toBe(0);
      await clickText(page, '我的', '.adm-tab-bar-item');
      await waitForPath(page, '/mine');
      await waitForTextOf(page, `main a[href="${WARNING}"] .adm-badge-content`, badge(open));
      await press(page, `main a[href="${WARNING}"]`);
      await waitForPath(page, WARNING);
      await waitForTextOf(page, `${row} ${byTestId('warning-state')}`, '已恢复', 'contains');
      await waitForTextOf(page, byTestId('warning-unrecovered'), String(open));
      await clickText(page, '未恢复', '[role="tab"]');
      await page.waitForFunction((sel: string) => !document.querySelector(sel), { timeout: 15_000 }, row);
      await page.goBack();
      await waitForPath(page, '/mine');
      await clickText(page, '首页', '.adm-tab-bar-item');
      await waitForTextOf(page, `${BELL} .adm-badge-content`, badge(unread));
    } finally {
      await heartbeat('resume');
      await api(baseUrl, 'DELETE', '/__sandbox/clock');
    }
  });

  it('a notice with hostile HTML shows its text and runs nothing; reading clears the dots', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const title = `安全提示 ${host}`;
    const hostile = [
      '<p>正文开始</p>',
      '<img src="x" onerror="window.__pwned = 1">',
      '<script>window.__pwned = 2</script>',
      '<a href="javascript:window.__pwned = 3">恶意链接</a>',
      '<iframe src="javascript:window.__pwned = 4"></iframe>',
      '<svg><script>window.__pwned = 5</script><a xlink:href="javascript:window.__pwned = 6">矢量链接</a></svg>',
      '<p onclick="window.__pwned = 7" style="background:url(javascript:window.__pwned = 8)">点我</p>',
      '<form action="https://evil.invalid/"><input name="password" autofocus onfocus="window.__pwned = 9"></form>',
      '<a href="/mine/message/upgrads" target="_blank">返回消息列表</a>',
    ].join('');
    const created = await api<{ id: number }>(baseUrl, 'POST', '/__sandbox/notice', {
      type: 3,
      title,
      summary: '请勿点击不明链接',
      content: hostile,
    });
    const id = created.data.id;
    // one more unread notice, for 全部已读 (the other bundle's run read every earlier one)
    await api(baseUrl, 'POST', '/__sandbox/notice', { type: 1, title: `系统升级 ${host}`, content: '<p>升级说明</p>' });
    await page.goto(`${baseUrl}/mine/message/upgrads`);
    const row = byTestId(`notice-${id}`);
    await waitForTextOf(page, row, title, 'contains');
    expect(await page.$(`${row} [aria-label="未读"]`)).not.toBeNull();

    await press(page, row);
    await waitForPath(page, '/mine/message/upgrads/info');
    await waitForTextOf(page, byTestId('notice-title'), title);
    await waitForTextOf(page, byTestId('notice-content'), '正文开始', 'contains');
    const left = await page.$eval(byTestId('notice-content'), (el) => ({
      dangerous: el.querySelectorAll('script, iframe, form, input, svg, style, object, embed').length,
      handlers: [...el.querySelectorAll('*')].filter((n) =>
        [...n.attributes].some((a) => a.name.startsWith('on') || a.name === 'style'),
      ).length,
      scriptLinks: [...el.querySelectorAll('a')].filter((a) => /script:/i.test(a.getAttribute('href') ?? '')).length,
      targets: el.querySelectorAll('[target]').length,
    }));
    expect(left).toEqual({ dangerous: 0, handlers: 0, scriptLinks: 0, targets: 0 });
    await clickText(page, '恶意链接', 'a');
    await clickText(page, '点我', 'p');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/mine/message/upgrads/info');

    // the app's own link opens inside the app; the notice is read now
    await clickText(page, '返回消息列表', 'a');
    await waitForPath(page, '/mine/message/upgrads');
    await waitForTextOf(page, row, title, 'contains');
    expect(await page.$(`${row} [aria-label="未读"]`)).toBeNull();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    // 全部已读
    expect(
      (await call.get<NoticeListResult>('/api/message/noticeList?pageNum=1&pageSize=1')).unreadCount,
    ).toBeGreaterThan(0);
    await clickText(page, '全部已读', 'button');
    await waitForText(page, '已全部标为已读');
    await waitForTextOf(page, byTestId('notice-unread'), '没有未读消息');
    expect((await call.get<NoticeListResult>('/api/message/noticeList?pageNum=1&pageSize=1')).unreadCount).toBe(0);
    // The list reloads after the count is set: the dots clear with the reloaded rows (a state, not at once).
    await page.waitForFunction(
      (list: string) => document.querySelector(list) !== null && !document.querySelector(`${list} [aria-label="未读"]`),
      { timeout: 15_000 },
      byTestId('notice-list'),
    );
  });
});
