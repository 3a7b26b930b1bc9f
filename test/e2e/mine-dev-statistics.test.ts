import { describe, expect, it } from 'vitest';
import type { BoxListRow } from '../../src/api/device-setup';
import type { Page } from '../../src/api/http';
import type { DeviceStatusStatistics, SiteListPage } from '../../src/api/site';
import {
  api,
  byTestId,
  clickText,
  openDemoPhone,
  press,
  sharedBrowser,
  waitForPath,
  waitForTextOf,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * 设备统计 (C-mine.md /mine/devStatistics) in both bundles: the figures are the sandbox's device statistics, the sites
 * are listed most offline first, the switcher shows one site's figures, a row's 离线 figure opens the site's device list
 * filtered; and a box whose heartbeat stops (rule 3) counts as 离线 once the business clock has moved 10 minutes,
 * when the screen is shown again from /mine (the clock is put back at the end).
 */

const MIN = 60_000;

describe.each<Host>(['wechat', 'alipay'])('%s bundle: 设备统计', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('shows the statistics, switches site, leads to the offline boxes, and counts a box gone silent', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const all = await call.get<DeviceStatusStatistics>('/api/box/getDeviceStatusStatistics');
    await page.goto(`${baseUrl}/mine/devStatistics`);
    await waitForTextOf(page, byTestId('dev-boxes'), `${all.boxTotal}台 总数`, 'contains');
    await waitForTextOf(page, byTestId('dev-boxes'), `${all.boxOffline}台 离线`, 'contains');
    await waitForTextOf(page, byTestId('dev-sockets'), `${all.socketTotal} 总数`, 'contains');
    const order = await page.$$eval('li[data-testid^="dev-site-"]', (els) =>
      els.map((el) => el.getAttribute('data-testid')),
    );
    const sorted = [...(all.siteList ?? [])].sort(
      (a, b) => b.boxOffline - a.boxOffline || a.siteName.localeCompare(b.siteName, 'zh-Hans-CN'),
    );
    expect(order.filter((id) => /^dev-site-\d+$/.test(id ?? ''))).toEqual(sorted.map((s) => `dev-site-${s.siteId}`));

    // one site
    const site = sorted[0];
    if (!site) throw new Error('the operator has sites');
    const one = await call.get<DeviceStatusStatistics>(`/api/box/getDeviceStatusStatistics?siteId=${site.siteId}`);
    await press(page, byTestId('dev-site-switch'));
    await clickText(page, site.siteName, '.adm-action-sheet-button-item-name');
    await waitForTextOf(page, byTestId('dev-site-switch'), `${site.siteName} ▾`);
    await waitForTextOf(page, byTestId('dev-boxes'), `${one.boxTotal}台 总数`, 'contains');
    await press(page, byTestId('dev-site-switch'));
    await clickText(page, '全部站点', '.adm-action-sheet-button-item-name');
    await waitForTextOf(page, byTestId('dev-boxes'), `${all.boxTotal}台 总数`, 'contains');

    // the 离线 figure of the site with offline boxes leads to its device list, filtered
    expect(site.boxOffline).toBeGreaterThan(0);
    await press(page, byTestId(`dev-site-offline-${site.siteId}`));
    await waitForPath(page, '/site/siteInfo/facilityList');
    expect(new URL(page.url()).searchParams.get('status')).toBe('offline');
    expect(new URL(page.url()).searchParams.get('siteId')).toBe(String(site.siteId));

    // a box goes silent: 10 minutes later it counts as 离线 when the screen is shown again
    const sites = await call.post<SiteListPage>('/api/r9/site/siteList', { pageNum: 1, pageSize: 50 });
    const own = new Set(sites.list.filter((s) => !s.shareOnly).map((s) => s.id));
    const boxes = await call.get<Page<BoxListRow>>('/api/r9/box/boxList?pageNum=1&pageSize=100');
    const box = boxes.list.filter((b) => b.status === 1 && own.has(b.siteId)).at(-2);
    if (!box) throw new Error('the operator has online boxes');
    const beat = (heartbeat: 'stop' | 'resume') =>
      api(baseUrl, 'POST', '/__sandbox/device-heartbeat', { serialNumber: box.serialNumber, heartbeat });
    try {
      await beat('stop');
      await api(baseUrl, 'POST', '/__sandbox/clock', { advanceMs: 10 * MIN + 1000 });
      await page.goto(`${baseUrl}/mine`);
      await press(page, byTestId('mine-entry-devStatistics'));
      await waitForPath(page, '/mine/devStatistics');
      await waitForTextOf(page, byTestId('dev-boxes'), `${all.boxOffline + 1}台 离线`, 'contains');
    } finally {
      await beat('resume');
      await api(baseUrl, 'DELETE', '/__sandbox/clock');
    }
  });
});
