import { describe, expect, it } from 'vitest';
import type { DealtApplyDetail } from '../../src/api/site-author';
import type { SiteDetail } from '../../src/api/site';
import {
  DEMO,
  answerDialog,
  api,
  byTestId,
  clickText,
  openDemoPhone,
  press,
  sharedBrowser,
  tapSiteTab,
  textOf,
  waitForPath,
  waitForText,
  waitForTextOf,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Site authorisation on screen (C-mine.md /mine/siteAuthor, undisposed, processed, {id}/authorizeDetail; B-site.md §1
 * the site tab's dialog; Business rule 16) in both bundles: a partner's application arrives (the sandbox control
 * standing in for the open platform), the site tab meets it in its once-per-session dialog "有 N 条站点授权申请待处理"
 * and 去处理 opens 待处理 with the tab's badge; the operator agrees on the detail for one of the two sites (confirmed),
 * the application leaves 待处理 for 已处理, and the partner's access follows — each step checked against the sandbox.
 * Data: one application of 快电互联 (partner 2) per bundle, agreed for one site.
 */

interface Access {
  sites: { siteId: number; authEndTime: number }[];
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: site authorisation', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('an application shows in the site tab’s dialog and in 待处理, is agreed for the chosen site and moves to 已处理', async () => {
    const [granted, withheld] = host === 'wechat' ? [3, 4] : [6, 4];
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    const filed = await api<{ id: number }>(baseUrl, 'POST', '/__sandbox/site-apply', {
      phone: DEMO.phone,
      partnerId: 2,
      siteIds: [Math.min(granted, withheld), Math.max(granted, withheld)],
      scopes: [1, 2, 3],
      validMonths: 12,
    });
    expect(filed.code, filed.message).toBe(0);
    const id = filed.data.id;
    const { count } = await call.get<{ count: number }>('/api/openPlatform/getUndealSiteApplyCount');
    expect(count).toBeGreaterThanOrEqual(1);
    const grantedSite = await call.get<SiteDetail>(`/api/site/siteBaseInfo?siteId=${granted}`);

    // The site tab: the dialog with the sandbox's count; 去处理 opens 待处理, whose badge says the same.
    expect(await tapSiteTab(page, baseUrl, '去处理')).toBe(count);
    await waitForPath(page, '/mine/siteAuthor/undisposed');
    await waitForTextOf(page, byTestId('site-author-tab-undisposed'), String(count), 'contains');
    const row = byTestId(`site-apply-${id}`);
    await waitForTextOf(page, row, '快电互联', 'contains');
    const shown = await textOf(page, row);
    expect(shown).toContain('申请 2 个站点：');
    expect(shown).toContain('授权期限 12 个月');
    expect(shown).toContain('7 天后自动拒绝');

    // The detail: every site checked at first; one unchecked; 同意授权 confirmed for the other.
    await press(page, row);
    await waitForPath(page, `/mine/siteAuthor/${id}/authorizeDetail`);
    await waitForTextOf(page, byTestId('chosen-count'), '已选 2/2');
    await press(page, `${byTestId(`apply-site-${withheld}`)} .adm-checkbox`);
    await waitForTextOf(page, byTestId('chosen-count'), '已选 1/2');
    await clickText(page, '同意授权');
    await answerDialog(page, '确定', '确认向「快电互联」开放所选 1 个站点的站点信息、设备状态、订单数据？');
    await waitForText(page, '已同意授权');
    await waitForPath(page, '/mine/siteAuthor/undisposed');
    await page.waitForFunction((sel: string) => !document.querySelector(sel), { timeout: 15_000 }, row);

    // The sandbox: agreed for the chosen site only; one fewer pending; the partner reaches that site now.
    const dealt = await call.get<DealtApplyDetail>(`/api/openPlatform/getDealtAppDetail?id=${id}`);
    expect(dealt.status).toBe(1);
    expect(dealt.sites.map((s) => [s.siteId, s.granted])).toEqual(
      [granted, withheld].sort((a, b) => a - b).map((siteId) => [siteId, siteId === granted]),
    );
    expect((await call.get<{ count: number }>('/api/openPlatform/getUndealSiteApplyCount')).count).toBe(count - 1);
    const access = await api<Access>(baseUrl, 'GET', '/__sandbox/open-platform/access?partnerId=2');
    expect(access.data.sites.find((s) => s.siteId === granted)?.authEndTime).toBe(dealt.authEndTime);
    expect(access.data.sites.some((s) => s.siteId === withheld)).toBe(false);

    // 已处理 lists it as 已同意 for 1 of 2 sites; its detail says which.
    await press(page, byTestId('site-author-tab-processed'));
    await waitForPath(page, '/mine/siteAuthor/processed');
    await waitForTextOf(page, row, '已同意', 'contains');
    expect(await textOf(page, row)).toContain('已授权 1/2 个站点');
    await press(page, row);
    await waitForPath(page, `/mine/siteAuthor/${id}/authorizeDetail`);
    await waitForTextOf(page, byTestId('deal-result'), '已同意');
    await waitForTextOf(page, `${byTestId(`apply-site-${granted}`)} ${byTestId('site-granted')}`, '已授权');
    expect(await textOf(page, byTestId(`apply-site-${granted}`))).toContain(grantedSite.name);
    await waitForTextOf(page, `${byTestId(`apply-site-${withheld}`)} ${byTestId('site-granted')}`, '未授权');
    expect(await page.$(byTestId('apply-actions'))).toBeNull();
    await context.close();
  });
});
