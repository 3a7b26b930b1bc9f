import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteCount } from '../../src/api/home';
import type { DeviceStatusStatistics, SiteDetail, SiteListPage } from '../../src/api/site';
import { openTestSandbox, type TestSandbox } from '../testing';

/** The site list's endpoints (B-site.md §1) and their visibility rules (entities.md R1.3, R2). */

const NOW = Date.parse('2026-11-20T20:00:00+08:00');
let sb: TestSandbox;
let operator: string;

beforeAll(async () => {
  sb = await openTestSandbox(NOW);
  operator = await sb.login('13800138000');
});
afterAll(async () => {
  await sb.close();
});

const list = (token: string, body: Record<string, unknown>) =>
  sb.post<SiteListPage>('/api/r9/site/siteList', token, { pageNum: 1, pageSize: 20, ...body });

describe('siteList', () => {
  it('pages the operator sites (own 6 + the agent site it is a party of), figures agree with siteCount', async () => {
    const { body } = await list(operator, { pageSize: 4 });
    expect(body.code).toBe(0);
    expect(body.data.total).toBe(7);
    expect(body.data.list).toHaveLength(4);
    expect(body.data.canAdd).toBe(true);
    const rest = await list(operator, { pageNum: 2, pageSize: 4 });
    expect(rest.body.data.list).toHaveLength(3);
    const everything = [...body.data.list, ...rest.body.data.list];
    expect(new Set(everything.map((s) => s.id)).size).toBe(7);
    // Site 7 belongs to the agent; the operator (its superior party) sees it read-only.
    expect(everything.find((s) => s.id === 7)?.editable).toBe(false);
    const all = everything.filter((s) => s.editable);
    expect(all).toHaveLength(6);
    const counts = (await sb.get<SiteCount>('/api/user/siteCount', operator)).body.data;
    expect(all.reduce((s, r) => s + r.boxCount, 0)).toBe(counts.boxCount);
    expect(all.reduce((s, r) => s + r.socketCount, 0)).toBe(counts.socketCount);
    expect(all.reduce((s, r) => s + r.boxOnlineCount, 0)).toBe(counts.onlineBoxCount);
    expect(all.reduce((s, r) => s + r.chargingSocketCount, 0)).toBe(counts.chargingSocketCount);
    expect(all.find((s) => s.boxCount === 0)?.name).toBe('古荡新村充电站');
    const today = (await sb.get<{ total: number }>('/api/user/todayIncome', operator)).body.data.total;
    // Area-card recharges belong to no single site: the rows add up to today's income minus those.
    expect(all.reduce((s, r) => s + r.todayIncome, 0)).toBeLessThanOrEqual(today);
  });

  it('sorts by today income (default), creation, offline boxes; filters by keyword and community', async () => {
    const byIncome = (await list(operator, { sort: 1 })).body.data.list
      .filter((s) => s.editable)
      .map((s) => s.todayIncome);
    expect([...byIncome].sort((a, b) => b - a)).toEqual(byIncome);
    expect(byIncome[0]).toBeGreaterThan(0);
    const byCreated = (await list(operator, { sort: 2 })).body.data.list;
    const created = byCreated.map((s) => s.createTime);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    const byOffline = (await list(operator, { sort: 3 })).body.data.list;
    expect(byOffline[0]?.boxOfflineCount).toBeGreaterThan(0);
    const cuiyuan = (await list(operator, { keyword: '翠苑' })).body.data;
    expect(cuiyuan.total).toBe(2);
    expect(cuiyuan.list.every((s) => s.name.includes('翠苑') || s.address.includes('翠苑'))).toBe(true);
    expect((await list(operator, { keyword: '100%_' })).body.data.total).toBe(0);
    const community = (await sb.get<{ id: number; name: string }[]>('/api/community/simpleList', operator)).body.data;
    const first = community.find((c) => c.name === '翠苑一区');
    expect((await list(operator, { communityId: first?.id })).body.data.total).toBe(2);
  });

  it('rejects bad input with a clear message', async () => {
    expect((await list(operator, { pageSize: 1000 })).body).toMatchObject({ code: 1, message: 'pageSize 最大为100' });
    expect((await list(operator, { keyword: 'x'.repeat(31) })).body).toMatchObject({
      code: 1,
      message: '搜索关键词最多30个字',
    });
    expect((await list(operator, { sort: 9 })).body.code).toBe(1);
  });

  it('shows each account what R1.3 says', async () => {
    const sub = await sb.login('13800138004');
    const subSites = (await list(sub, {})).body.data;
    expect(subSites.list.map((s) => s.id).sort()).toEqual([1, 2]);
    expect(subSites.canAdd).toBe(false);
    const property = await sb.login('13800138002');
    const propertySites = (await list(property, {})).body.data;
    expect(propertySites.list.map((s) => s.id).sort()).toEqual([1, 2]);
    expect(propertySites.list.every((s) => !s.editable)).toBe(true);
    const agent = await sb.login('13800138001');
    const agentSites = (await list(agent, {})).body.data.list;
    const own = agentSites.find((s) => s.name === '西溪花园车棚');
    expect(own?.editable).toBe(true);
    // The agent is a party of site 4 of the operator: visible, read-only.
    expect(agentSites.find((s) => s.id === 4)?.editable).toBe(false);
    const builder = await sb.login('13800138005');
    expect((await list(builder, {})).body.data.canAdd).toBe(false);
  });
});

describe('device statistics, applications, communities', () => {
  it('getDeviceStatusStatistics adds up and agrees with siteCount', async () => {
    const { body } = await sb.get<DeviceStatusStatistics>('/api/box/getDeviceStatusStatistics', operator);
    const s = body.data;
    expect(s.boxOnline + s.boxFault + s.boxOffline).toBe(s.boxTotal);
    expect(s.socketIdle + s.socketCharging + s.socketFull + s.socketFault + s.socketOffline).toBe(s.socketTotal);
    const counts = (await sb.get<SiteCount>('/api/user/siteCount', operator)).body.data;
    expect(s.boxTotal).toBe(counts.boxCount);
    expect(s.boxOnline + s.boxFault).toBe(counts.onlineBoxCount);
    expect(s.socketCharging + s.socketFull).toBe(counts.chargingSocketCount);
    expect(s.smokeAlarm).toBe(1);
    expect(s.siteList?.length).toBe(6);
    const one = (await sb.get<DeviceStatusStatistics>('/api/box/getDeviceStatusStatistics', operator, { siteId: 1 }))
      .body;
    expect(one.data.boxTotal).toBe(10);
    expect(one.data.siteList).toBeUndefined();
    expect((await sb.get('/api/box/getDeviceStatusStatistics', operator, { siteId: 999 })).body.code).toBe(1);
  });

  it('counts pending site applications', async () => {
    expect((await sb.get('/api/openPlatform/getUndealSiteApplyCount', operator)).body.data).toEqual({ count: 2 });
  });

  it('lists communities with their sites and households', async () => {
    const count = (
      await sb.get<{ communityCount: number; siteCount: number }>('/api/community/communityCount', operator)
    ).body.data;
    expect(count.communityCount).toBe(3);
    const page = (
      await sb.post<{ list: { id: number; siteCount: number }[]; total: number }>('/api/community/list', operator, {
        pageNum: 1,
        pageSize: 20,
      })
    ).body.data;
    expect(page.total).toBe(3);
    expect(page.list.reduce((s, c) => s + c.siteCount, 0)).toBe(count.siteCount);
    const first = page.list[0];
    const info = (
      await sb.get<{ name: string; whiteCount: number }>('/api/community/info', operator, { id: first?.id ?? 0 })
    ).body;
    expect(info.code).toBe(0);
    const sites = (
      await sb.get<{ id: number }[]>('/api/site/simpleCommunitySiteList', operator, { communityId: first?.id ?? 0 })
    ).body;
    expect(sites.data).toHaveLength(first?.siteCount ?? -1);
    expect((await sb.get('/api/community/info', operator, { id: 99999 })).body).toMatchObject({
      code: 1,
      message: '小区不存在',
    });
    expect((await sb.get('/api/community/info', operator)).body.code).toBe(1);
  });
});

describe('siteBaseInfo', () => {
  it('gives the site with its rules, device counts and figures; a party sees only its share', async () => {
    const one = (await sb.get<SiteDetail>('/api/site/siteBaseInfo', operator, { siteId: 1 })).body;
    expect(one.code).toBe(0);
    expect(one.data).toMatchObject({ id: 1, boxCount: 10, editable: true, merchantId: 10003 });
    expect(one.data.shareRule.shareMode).toBe(2);
    expect(one.data.shareRule.parties).toEqual([
      expect.objectContaining({ userId: 10003, partyType: 2, chargeRate: 3000, cardRate: 3000, coinRate: 3000 }),
    ]);
    expect(one.data.chargeRule.tiers.length).toBeGreaterThan(0);
    const rows = (await list(operator, { pageSize: 20 })).body.data.list;
    expect(one.data.todayIncome).toBe(rows.find((s) => s.id === 1)?.todayIncome);

    const reviewing = (await sb.get<SiteDetail>('/api/site/siteBaseInfo', operator, { siteId: 3 })).body.data;
    expect(reviewing.auditStatus).toBe(1);
    expect(reviewing.pendingShareRule?.status).toBe(3);

    const agentSite = (await sb.get<SiteDetail>('/api/site/siteBaseInfo', operator, { siteId: 7 })).body.data;
    expect(agentSite.editable).toBe(false);
    expect(agentSite.shareRule.parties.some((p) => p.userId === 10001 && p.partyType === 5)).toBe(true);

    const sub = await sb.login('13800138004');
    expect((await sb.get('/api/site/siteBaseInfo', sub, { siteId: 3 })).body.code).toBe(1);
    expect((await sb.get('/api/site/siteBaseInfo', operator, { siteId: 999 })).body).toMatchObject({
      code: 1,
      message: '站点不存在或无权查看',
    });
    expect((await sb.get('/api/site/siteBaseInfo', operator)).body.code).toBe(1);
  });
});
