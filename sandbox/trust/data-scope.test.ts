import { describe, expect, it } from 'vitest';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * Data scope and permissions in one place (issue 12, item 4): the leaks found endpoint by endpoint, each now refused
 * by the registry (sandbox/http/endpoint.ts) and the scope rules (sandbox/http/access.ts, touch.ts). The demo
 * sub-account (10005) sees sites 1 and 2 (community 1 翠苑一区); site 3 is community 2 文新小区, sites 4–5 community 3
 * 嘉绿苑. Every endpoint × account is walked by the access matrix (sandbox/trust/access-matrix.test.ts).
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb } = openSandboxForFile(NOW, ['operator', 'subAccount', 'agent', 'builder', 'property']);
const { subAccount, agent, builder, property } = DEMO_PHONES;

/** Gives the demo sub-account more permissions for one test (its data scope stays sites 1 and 2). */
async function withSubAccountPermissions(codes: string[], run: () => Promise<void>): Promise<void> {
  await sb.db.query('update account set permissions = permissions || $1::text[] where id = 10005', [codes]);
  try {
    await run();
  } finally {
    await sb.db.query(
      'update account set permissions = array(select unnest(permissions) except select unnest($1::text[])) where id = 10005',
      [codes],
    );
  }
}

const whitelist = (phone: string, communityId: number) =>
  sb.call<{ list: { phone: string }[] }>(phone, '/api/community/white/list', { communityId, pageNum: 1, pageSize: 20 });

describe('residents’ whitelists (names, full phones, rooms)', () => {
  it('a sub-account limited to two sites reads its community’s whitelist, not another community’s', async () => {
    expect((await whitelist(subAccount, 1)).body.code).toBe(0);
    const other = await whitelist(subAccount, 2);
    expect(other.body).toEqual({ code: 1, message: '小区不存在或无权查看', data: null });
  });

  it('an agent (a share party of site 4) and a builder read no whitelist', async () => {
    expect((await whitelist(agent, 3)).body).toMatchObject({ code: 1, data: null });
    for (const id of [1, 2, 3]) expect((await whitelist(builder, id)).body).toMatchObject({ code: 1, data: null });
  });
});

describe('communities', () => {
  it('a limited sub-account sees the sites and counts of its own communities only', async () => {
    const outside = await sb.call(subAccount, '/api/site/simpleCommunitySiteList?communityId=3');
    expect(outside.body).toMatchObject({ code: 1, data: null });
    const inside = await sb.data<{ name: string }[]>(subAccount, '/api/site/simpleCommunitySiteList?communityId=1');
    expect(inside.map((s) => s.name)).toEqual(['翠苑一区3栋车棚', '翠苑一区8栋车棚']);
    const count = await sb.data<{ communityCount: number; siteCount: number }>(
      subAccount,
      '/api/community/communityCount',
    );
    expect(count).toMatchObject({ communityCount: 1, siteCount: 2 });
    const names = await sb.data<{ name: string }[]>(subAccount, '/api/community/simpleList');
    expect(names.map((c) => c.name)).toEqual(['翠苑一区']);
  });
});

describe('boxes, contracts, KYC, phone look-ups', () => {
  it('a box on a site outside the sub-account’s scope is not told about (even with device:add)', async () => {
    await withSubAccountPermissions(['device:add'], async () => {
      const info = await sb.data<{ boxId: number | null; siteId: number | null; siteName: string; bindStatus: number }>(
        subAccount,
        '/api/box/getBoxSimpleInfoBySerialNumber?serialNumber=86123450010814',
      );
      expect(info).toMatchObject({ boxId: null, siteId: null, siteName: '', bindStatus: 2 });
    });
  });

  it('contracts need site:edit; a limited sub-account sees only those of its own sites', async () => {
    expect((await sb.call(subAccount, '/api/site/selectContractCodeList')).body).toMatchObject({ code: 403 });
    await withSubAccountPermissions(['site:edit'], async () => {
      const list = await sb.data<{ contractCode: string }[]>(subAccount, '/api/site/selectContractCodeList');
      expect(list.map((c) => c.contractCode).sort()).toEqual(['HT20260600108800', 'HT20260600208801']);
      const other = await sb.call(subAccount, '/api/site/contractDetail?contractCode=HT20260600308802');
      expect(other.body).toEqual({ code: 1, message: '合同不存在', data: null });
    });
  });

  it('the owner’s KYC details are the owner’s: a sub-account with income:view is refused', async () => {
    expect((await sb.call(subAccount, '/api/merchant/esign/getMerchantEntity')).body).toEqual({
      code: 403,
      message: '无操作权限',
      data: null,
    });
    expect((await sb.call(DEMO_PHONES.operator, '/api/merchant/esign/getMerchantEntity')).body.code).toBe(0);
  });

  it('only accounts that add parties or properties look a phone up', async () => {
    for (const phone of [subAccount, builder, property]) {
      const answer = await sb.call(phone, '/api/user/getCommercialByPhone?phone=13800138006');
      expect(answer.body, phone).toEqual({ code: 403, message: '无操作权限', data: null });
    }
    const owner = await sb.data<{ exists: boolean }>(
      DEMO_PHONES.operator,
      '/api/user/getCommercialByPhone?phone=13800138006',
    );
    expect(owner.exists).toBe(true);
  });
});

describe('the registry', () => {
  it('every API route of the app is declared through it (a raw app.get/post would skip the checks)', async () => {
    const { createSandboxApp } = await import('../app');
    const { loadConfig } = await import('../config');
    const { app, endpoints } = createSandboxApp(sb.db, loadConfig());
    const declared = new Set(endpoints.map((e) => `${e.method} ${e.path}`));
    const routes = app.routes
      .filter((r) => r.method !== 'ALL' && /^\/(api|wap)\//.test(r.path))
      .map((r) => `${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(90);
    expect(routes.filter((r) => !declared.has(r))).toEqual([]);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('every answer carries the decision; a refusal never reaches the handler', async () => {
    const res = await sb.app.request('/api/card/cardCount', { headers: { token: await sb.login(builder) } });
    expect(res.headers.get('x-sandbox-access')).toBe('denied-permission');
    const anonymous = await sb.app.request('/api/user/todayIncome');
    expect(anonymous.headers.get('x-sandbox-access')).toBe('denied-login');
    expect(await anonymous.json()).toMatchObject({ code: 2 });
    const scoped = await sb.app.request('/api/site/siteBaseInfo?siteId=3', {
      headers: { token: await sb.login(subAccount) },
    });
    expect(scoped.headers.get('x-sandbox-access')).toBe('denied-scope');
    const granted = await sb.app.request('/api/site/siteBaseInfo?siteId=1', {
      headers: { token: await sb.login(subAccount) },
    });
    expect(granted.headers.get('x-sandbox-access')).toBe('granted');
  });
});
