import { describe, expect, it } from 'vitest';
import type { SiteCount } from '../../src/api/home';
import type { CommunityInfo, DeviceStatusStatistics, SiteDetail, SiteListPage } from '../../src/api/site';
import { DEFAULT_CHARGE_RULE } from '../../src/api/site-settings-rules';
import { DEMO_PHONES, addSiteForm, openSandboxForFile, shareRule } from '../testing';

/** The site list's endpoints (B-site.md §1) and their visibility rules (entities.md R1.3, R2). */

const NOW = Date.parse('2026-11-20T20:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator']);

const list = (token: string, body: Record<string, unknown>) =>
  sb.post<SiteListPage>('/api/r9/site/siteList', token, { pageNum: 1, pageSize: 20, ...body });

describe('siteList', () => {
  it('pages the operator sites (own 6 + the agent site it is a party of), figures agree with siteCount', async () => {
    const { body } = await list(tokens.operator, { pageSize: 4 });
    expect(body.code).toBe(0);
    expect(body.data.total).toBe(7);
    expect(body.data.list).toHaveLength(4);
    expect(body.data.canAdd).toBe(true);
    const rest = await list(tokens.operator, { pageNum: 2, pageSize: 4 });
    expect(rest.body.data.list).toHaveLength(3);
    const everything = [...body.data.list, ...rest.body.data.list];
    expect(new Set(everything.map((s) => s.id)).size).toBe(7);
    // Site 7 belongs to the agent; the operator (its superior party) sees it read-only, last, counted nowhere.
    expect(everything.find((s) => s.id === 7)).toMatchObject({ editable: false, shareOnly: true });
    expect(everything.at(-1)?.id).toBe(7);
    const all = everything.filter((s) => !s.shareOnly);
    expect(all.every((s) => s.editable)).toBe(true);
    expect(all).toHaveLength(6);
    const counts = (await sb.get<SiteCount>('/api/user/siteCount', tokens.operator)).body.data;
    expect(all.reduce((s, r) => s + r.boxCount, 0)).toBe(counts.boxCount);
    expect(all.reduce((s, r) => s + r.socketCount, 0)).toBe(counts.socketCount);
    expect(all.reduce((s, r) => s + r.boxOnlineCount, 0)).toBe(counts.onlineBoxCount);
    expect(all.reduce((s, r) => s + r.chargingSocketCount, 0)).toBe(counts.chargingSocketCount);
    expect(all.find((s) => s.boxCount === 0)?.name).toBe('古荡新村充电站');
    const today = (await sb.get<{ total: number }>('/api/user/todayIncome', tokens.operator)).body.data.total;
    // Area-card recharges belong to no single site: the rows add up to today's income minus those.
    expect(all.reduce((s, r) => s + (r.todayIncome ?? NaN), 0)).toBeLessThanOrEqual(today);
  });

  it('sorts by today income (default), creation, offline boxes; filters by keyword and community', async () => {
    const byIncome = (await list(tokens.operator, { sort: 1 })).body.data.list
      .filter((s) => !s.shareOnly)
      .map((s) => s.todayIncome ?? NaN);
    expect([...byIncome].sort((a, b) => b - a)).toEqual(byIncome);
    expect(byIncome[0]).toBeGreaterThan(0);
    // own sites first, then the share-only site 7 (each group in the sort's order)
    const byCreated = (await list(tokens.operator, { sort: 2 })).body.data.list;
    expect(byCreated.map((s) => s.shareOnly)).toEqual([false, false, false, false, false, false, true]);
    const created = byCreated.filter((s) => !s.shareOnly).map((s) => s.createTime);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    const byOffline = (await list(tokens.operator, { sort: 3 })).body.data.list;
    expect(byOffline[0]?.boxOfflineCount).toBeGreaterThan(0);
    const cuiyuan = (await list(tokens.operator, { keyword: '翠苑' })).body.data;
    expect(cuiyuan.total).toBe(2);
    expect(cuiyuan.list.every((s) => s.name.includes('翠苑') || s.address.includes('翠苑'))).toBe(true);
    expect((await list(tokens.operator, { keyword: '100%_' })).body.data.total).toBe(0);
    const community = (await sb.get<{ id: number; name: string }[]>('/api/community/simpleList', tokens.operator)).body
      .data;
    const first = community.find((c) => c.name === '翠苑一区');
    expect((await list(tokens.operator, { communityId: first?.id })).body.data.total).toBe(2);
  });

  it('rejects bad input with a clear message', async () => {
    expect((await list(tokens.operator, { pageSize: 1000 })).body).toMatchObject({
      code: 1,
      message: 'pageSize 最大为100',
    });
    expect((await list(tokens.operator, { keyword: 'x'.repeat(31) })).body).toMatchObject({
      code: 1,
      message: '搜索关键词最多30个字',
    });
    expect((await list(tokens.operator, { sort: 9 })).body.code).toBe(1);
  });

  it('shows each account what R1.3 says', async () => {
    const sub = await sb.login(DEMO_PHONES.subAccount);
    const subSites = (await list(sub, {})).body.data;
    expect(subSites.list.map((s) => s.id).sort()).toEqual([1, 2]);
    expect(subSites.canAdd).toBe(false);
    const property = await sb.login(DEMO_PHONES.property);
    const propertySites = (await list(property, {})).body.data;
    expect(propertySites.list.map((s) => s.id).sort()).toEqual([1, 2]);
    expect(propertySites.list.every((s) => !s.editable)).toBe(true);
    const agent = await sb.login(DEMO_PHONES.agent);
    const agentSites = (await list(agent, {})).body.data.list;
    const own = agentSites.find((s) => s.name === '西溪花园车棚');
    expect(own?.editable).toBe(true);
    // The agent is a party of site 4 of the operator: visible, read-only.
    expect(agentSites.find((s) => s.id === 4)).toMatchObject({ editable: false, shareOnly: true });
    const builder = await sb.login(DEMO_PHONES.builder);
    expect((await list(builder, {})).body.data.canAdd).toBe(false);
  });

  it('sends no income figure to a caller without income:view (a builder), nor sorts by them', async () => {
    const builder = await sb.login(DEMO_PHONES.builder);
    const rows = (await list(builder, { sort: 1 })).body.data.list;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).not.toHaveProperty('todayIncome');
      expect(row).not.toHaveProperty('todayOrderCount');
    }
    // 今日收入 as the sort would tell the order of incomes: the builder's list is the newest first instead.
    const newest = (await list(builder, { sort: 2 })).body.data.list;
    expect(rows.map((r) => r.id)).toEqual(newest.map((r) => r.id));
    const detail = (await sb.get<SiteDetail>(`/api/site/siteBaseInfo?siteId=${rows[0]?.id}`, builder)).body.data;
    expect(detail.name).toBe(rows[0]?.name);
    for (const figure of ['todayIncome', 'todayOrderCount', 'monthIncome']) expect(detail).not.toHaveProperty(figure);
    // The operator (income:view) gets them.
    const operatorRows = (await list(tokens.operator, { sort: 1 })).body.data.list;
    expect(operatorRows.every((r) => typeof r.todayIncome === 'number')).toBe(true);
  });
});

describe('device statistics, applications, communities', () => {
  it('getDeviceStatusStatistics adds up and agrees with siteCount', async () => {
    const { body } = await sb.get<DeviceStatusStatistics>('/api/box/getDeviceStatusStatistics', tokens.operator);
    const s = body.data;
    expect(s.boxOnline + s.boxFault + s.boxOffline).toBe(s.boxTotal);
    expect(s.socketIdle + s.socketCharging + s.socketFull + s.socketFault + s.socketOffline).toBe(s.socketTotal);
    const counts = (await sb.get<SiteCount>('/api/user/siteCount', tokens.operator)).body.data;
    expect(s.boxTotal).toBe(counts.boxCount);
    expect(s.boxOnline + s.boxFault).toBe(counts.onlineBoxCount);
    expect(s.socketCharging + s.socketFull).toBe(counts.chargingSocketCount);
    expect(s.smokeAlarm).toBe(1);
    expect(s.siteList?.length).toBe(6);
    const one = (
      await sb.get<DeviceStatusStatistics>('/api/box/getDeviceStatusStatistics', tokens.operator, { siteId: 1 })
    ).body;
    expect(one.data.boxTotal).toBe(10);
    expect(one.data.siteList).toBeUndefined();
    expect((await sb.get('/api/box/getDeviceStatusStatistics', tokens.operator, { siteId: 999 })).body.code).toBe(1);
  });

  it('counts pending site applications', async () => {
    expect((await sb.get('/api/openPlatform/getUndealSiteApplyCount', tokens.operator)).body.data).toEqual({
      count: 2,
    });
  });

  it('lists communities with their sites and households', async () => {
    const count = (
      await sb.get<{ communityCount: number; siteCount: number }>('/api/community/communityCount', tokens.operator)
    ).body.data;
    expect(count.communityCount).toBe(3);
    const page = (
      await sb.post<{ list: { id: number; siteCount: number }[]; total: number }>(
        '/api/community/list',
        tokens.operator,
        {
          pageNum: 1,
          pageSize: 20,
        },
      )
    ).body.data;
    expect(page.total).toBe(3);
    expect(page.list.reduce((s, c) => s + c.siteCount, 0)).toBe(count.siteCount);
    const first = page.list[0];
    const info = (
      await sb.get<{ name: string; whiteCount: number }>('/api/community/info', tokens.operator, { id: first?.id ?? 0 })
    ).body;
    expect(info.code).toBe(0);
    const sites = (
      await sb.get<{ id: number }[]>('/api/site/simpleCommunitySiteList', tokens.operator, {
        communityId: first?.id ?? 0,
      })
    ).body;
    expect(sites.data).toHaveLength(first?.siteCount ?? -1);
    expect((await sb.get('/api/community/info', tokens.operator, { id: 99999 })).body).toMatchObject({
      code: 1,
      message: '小区不存在',
    });
    expect((await sb.get('/api/community/info', tokens.operator)).body.code).toBe(1);
  });
});

describe('siteBaseInfo', () => {
  it('gives the site with its rules, device counts and figures; a party sees only its share', async () => {
    const one = (await sb.get<SiteDetail>('/api/site/siteBaseInfo', tokens.operator, { siteId: 1 })).body;
    expect(one.code).toBe(0);
    expect(one.data).toMatchObject({ id: 1, boxCount: 10, editable: true, merchantId: 10003 });
    expect(one.data.shareRule.shareMode).toBe(2);
    expect(one.data.shareRule.parties).toEqual([
      expect.objectContaining({ userId: 10003, partyType: 2, chargeRate: 3000, cardRate: 3000, coinRate: 3000 }),
    ]);
    expect(one.data.chargeRule.tiers.length).toBeGreaterThan(0);
    const rows = (await list(tokens.operator, { pageSize: 20 })).body.data.list;
    expect(one.data.todayIncome).toBe(rows.find((s) => s.id === 1)?.todayIncome);

    const reviewing = (await sb.get<SiteDetail>('/api/site/siteBaseInfo', tokens.operator, { siteId: 3 })).body.data;
    expect(reviewing.auditStatus).toBe(1);
    expect(reviewing.pendingShareRule?.status).toBe(3);

    const agentSite = (await sb.get<SiteDetail>('/api/site/siteBaseInfo', tokens.operator, { siteId: 7 })).body.data;
    expect(agentSite.editable).toBe(false);
    expect(agentSite.shareRule.parties.some((p) => p.userId === 10001 && p.partyType === 5)).toBe(true);

    const sub = await sb.login(DEMO_PHONES.subAccount);
    expect((await sb.get('/api/site/siteBaseInfo', sub, { siteId: 3 })).body.code).toBe(1);
    expect((await sb.get('/api/site/siteBaseInfo', tokens.operator, { siteId: 999 })).body).toMatchObject({
      code: 1,
      message: '站点不存在或无权查看',
    });
    expect((await sb.get('/api/site/siteBaseInfo', tokens.operator)).body.code).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// Writes (they run after the read tests above, on the same database)
// ---------------------------------------------------------------------------------------------------------------------

const communityForm = (fields: Record<string, unknown> = {}) => ({
  name: '测试新小区',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  address: '文一西路100号',
  householdCount: 800,
  propertyName: '绿城物业',
  remark: '东门有车棚',
  ...fields,
});

describe('community add / modify (B §1 小区 form; Business rules A1)', () => {
  it('adds a community that the list, the filter, the counts and info then show', async () => {
    const before = (
      await sb.get<{ communityCount: number; householdCount: number }>('/api/community/communityCount', tokens.operator)
    ).body.data;
    const added = await sb.post<{ id: number }>(
      '/api/community/add',
      tokens.operator,
      communityForm({ name: '  测试新小区 ' }),
    );
    expect(added.body.code).toBe(0);
    const id = added.body.data.id;
    const info = (await sb.get<CommunityInfo>('/api/community/info', tokens.operator, { id })).body.data;
    // Stored trimmed, as the form states it.
    expect(info).toMatchObject({ ...communityForm(), id, siteCount: 0, createTime: sb.clock.now });
    const after = (
      await sb.get<{ communityCount: number; householdCount: number }>('/api/community/communityCount', tokens.operator)
    ).body.data;
    expect(after.communityCount).toBe(before.communityCount + 1);
    expect(after.householdCount).toBe(before.householdCount + 800);
    const simple = (await sb.get<{ id: number; name: string }[]>('/api/community/simpleList', tokens.operator)).body
      .data;
    expect(simple).toContainEqual({ id, name: '测试新小区' });
    const found = (
      await sb.post<{ list: { id: number }[]; total: number }>('/api/community/list', tokens.operator, {
        pageNum: 1,
        pageSize: 20,
        keyword: '测试新',
      })
    ).body.data;
    expect(found.list.map((r) => r.id)).toEqual([id]);
    // Optional fields may be left out; empty texts are stored as none.
    const bare = await sb.post<{ id: number }>('/api/community/add', tokens.operator, {
      ...communityForm({ name: '测试空字段小区', propertyName: '', remark: '' }),
      householdCount: undefined,
    });
    expect(bare.body.code).toBe(0);
    const bareInfo = (await sb.get<CommunityInfo>('/api/community/info', tokens.operator, { id: bare.body.data.id }))
      .body.data;
    expect(bareInfo).toMatchObject({ householdCount: null, propertyName: null, remark: null });
  });

  it('refuses a duplicate name (trimmed, case-insensitive) and invalid fields with the form messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '翠苑一区' }, '小区名称已存在'],
      [{ name: ' ' }, '请输入小区名称'],
      [{ name: 'x'.repeat(31) }, '小区名称最多30个字'],
      [{ province: '' }, '请选择所在地区'],
      [{ area: '' }, '请选择所在地区'],
      [{ address: '' }, '请输入详细地址'],
      [{ address: '路'.repeat(61) }, '详细地址最多60个字'],
      [{ householdCount: 100_000 }, '户数请输入0-99999的整数'],
      [{ householdCount: 1.5 }, '户数请输入0-99999的整数'],
      [{ propertyName: '物'.repeat(31) }, '物业公司最多30个字'],
      [{ remark: '备'.repeat(101) }, '备注最多100个字'],
    ];
    for (const [fields, message] of cases) {
      const { body } = await sb.post('/api/community/add', tokens.operator, communityForm(fields));
      expect({ fields, body: { code: body.code, message: body.message } }).toEqual({
        fields,
        body: { code: 1, message },
      });
    }
    const upper = await sb.post('/api/community/add', tokens.operator, communityForm({ name: 'ABC花园' }));
    expect(upper.body.code).toBe(0);
    expect(
      (await sb.post('/api/community/add', tokens.operator, communityForm({ name: 'abc花园' }))).body,
    ).toMatchObject({
      code: 1,
      message: '小区名称已存在',
    });
  });

  it('modifies its own communities only, keeping names unique', async () => {
    const simple = (await sb.get<{ id: number; name: string }[]>('/api/community/simpleList', tokens.operator)).body
      .data;
    const mine = simple.find((c) => c.name === '测试新小区');
    const id = mine?.id ?? 0;
    const changed = await sb.post(
      '/api/community/modify',
      tokens.operator,
      communityForm({ id, name: '测试改名小区', householdCount: 900 }),
    );
    expect(changed.body).toMatchObject({ code: 0, data: null });
    const info = (await sb.get<CommunityInfo>('/api/community/info', tokens.operator, { id })).body.data;
    expect(info).toMatchObject({ name: '测试改名小区', householdCount: 900 });
    // Saving its own name again is fine; another community's name is not.
    expect(
      (await sb.post('/api/community/modify', tokens.operator, communityForm({ id, name: '测试改名小区' }))).body.code,
    ).toBe(0);
    expect(
      (await sb.post('/api/community/modify', tokens.operator, communityForm({ id, name: '文新小区' }))).body,
    ).toMatchObject({
      code: 1,
      message: '小区名称已存在',
    });
    expect((await sb.post('/api/community/modify', tokens.operator, communityForm({ id: 99999 }))).body).toMatchObject({
      code: 1,
      message: '小区不存在',
    });
    expect((await sb.post('/api/community/modify', tokens.operator, communityForm())).body).toMatchObject({
      code: 1,
      message: '缺少小区 id',
    });
    const other = await sb.login(DEMO_PHONES.splitOperator);
    expect((await sb.post('/api/community/modify', other, communityForm({ id, name: '抢改' }))).body).toMatchObject({
      code: 1,
      message: '小区不存在',
    });
  });

  it('needs site:edit: sub-accounts without it, properties and builders get 403', async () => {
    for (const phone of ['13800138004', '13800138002', '13800138005']) {
      const token = await sb.login(phone);
      const { body } = await sb.post('/api/community/add', token, communityForm({ name: `无权限${phone.slice(-2)}` }));
      expect({ phone, code: body.code, message: body.message }).toEqual({ phone, code: 403, message: '无操作权限' });
    }
  });
});

describe('addSite (B §1 /site/add; Business rules A1, A5, B2, B3, B7)', () => {
  it('creates a site in status 运营中 with version 1 in force today and the platform default charge rule', async () => {
    const before = (await list(tokens.operator, {})).body.data.total;
    const { body } = await sb.post<{ id: number }>('/api/r9/site/addSite', tokens.operator, addSiteForm());
    expect(body.code).toBe(0);
    const id = body.data.id;
    const site = (await sb.get<SiteDetail>('/api/site/siteBaseInfo', tokens.operator, { siteId: id })).body.data;
    const { siteShareRule: _rule, ...fields } = addSiteForm();
    expect(site).toMatchObject({
      ...fields,
      id,
      longitude: 120.123457,
      latitude: 30.276543,
      merchantName: '文新物业',
      communityId: null,
      boxCount: 0,
      auditStatus: 0,
      editable: true,
      pendingShareRule: null,
      createTime: sb.clock.now,
    });
    expect(site.shareRule).toEqual({
      shareMode: 2,
      electricBearer: 1,
      electricPrice: 55,
      channelFeeBearer: 3,
      platformFeeBearer: 1,
      effectiveDate: '2026-11-20',
      parties: [
        {
          userId: 10004,
          partyType: 2,
          name: '文新物业',
          phone: '13800138003',
          chargeRate: 2000,
          cardRate: 2000,
          coinRate: 2000,
          remark: '',
        },
      ],
    });
    expect(site.chargeRule).toEqual(DEFAULT_CHARGE_RULE);
    const stored = await sb.db.query<{
      status: number;
      charge_rule_group_id: number;
      version: number;
      vstatus: number;
    }>(
      `select s.status, s.charge_rule_group_id, v.version, v.status as vstatus
       from site s join site_share_rule_version v on v.site_id = s.id where s.id = $1`,
      [id],
    );
    expect(stored.rows).toEqual([{ status: 1, charge_rule_group_id: expect.any(Number), version: 1, vstatus: 1 }]);
    // Same rule as site 6 (the platform default) → the same ChargeRuleGroup (same-rule grouping by hash).
    const site6 = await sb.db.query<{ g: number }>('select charge_rule_group_id as g from site where id = 6');
    expect(stored.rows[0]?.charge_rule_group_id).toBe(site6.rows[0]?.g);
    const after = (await list(tokens.operator, { keyword: '测试新站点' })).body.data;
    expect(after.list).toHaveLength(1);
    expect(after.list[0]).toMatchObject({ id, boxCount: 0, merchantName: '文新物业', todayIncome: 0, editable: true });
    expect((await list(tokens.operator, {})).body.data.total).toBe(before + 1);
    const names = (
      await sb.get<{ id: number; name: string }[]>('/api/r9/site/nameList', tokens.operator, { keyword: '测试新' })
    ).body.data;
    expect(names).toEqual([{ id, name: '测试新站点' }]);
  });

  it('refuses a duplicate name among non-deleted sites; a deleted site frees its name', async () => {
    expect(
      (await sb.post('/api/r9/site/addSite', tokens.operator, addSiteForm({ name: ' 测试新站点 ' }))).body,
    ).toMatchObject({
      code: 1,
      message: '站点名称已存在',
    });
    await sb.post('/api/r9/site/addSite', tokens.operator, addSiteForm({ name: 'Test Site' }));
    expect(
      (await sb.post('/api/r9/site/addSite', tokens.operator, addSiteForm({ name: 'test site' }))).body.message,
    ).toBe('站点名称已存在');
    await sb.db.query(`update site set deleted = 1 where name = 'Test Site'`);
    expect((await sb.post('/api/r9/site/addSite', tokens.operator, addSiteForm({ name: 'test site' }))).body.code).toBe(
      0,
    );
    // Another operator may use the same name.
    const other = await sb.login(DEMO_PHONES.splitOperator);
    expect(
      (await sb.post('/api/r9/site/addSite', other, addSiteForm({ merchantId: null, siteShareRule: shareRule([]) })))
        .body.code,
    ).toBe(0);
  });

  it('validates the fields with the form messages and the accepted area', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '请输入站点名称'],
      [{ name: '站' }, '站点名称为2-30个字符'],
      [{ name: '站'.repeat(31) }, '站点名称为2-30个字符'],
      [{ name: '站点<script>' }, '站点名称仅支持中文、字母、数字、空格及()（）-#'],
      [{ longitude: undefined }, '请选择站点位置'],
      [{ province: '' }, '请选择站点位置'],
      [{ longitude: 150, latitude: 30 }, '请选择中国大陆范围内的位置'],
      [{ latitude: 60 }, '请选择中国大陆范围内的位置'],
      [
        { province: '香港特别行政区', city: '香港岛', area: '中西区', longitude: 114.16, latitude: 22.28 },
        '暂不支持港澳台地区站点',
      ],
      [{ address: '' }, '请输入详细地址'],
      [{ contacts: '赵' }, '请输入联系人姓名'],
      [{ contactsPhone: '1381234567' }, '请输入正确的手机号'],
      [{ servicePhone: '12345' }, '请输入正确的客服电话'],
      [{ merchantId: 10002 }, '物业不存在'],
    ];
    for (const [fields, message] of cases) {
      const { body } = await sb.post(
        '/api/r9/site/addSite',
        tokens.operator,
        addSiteForm({ name: '校验站点', ...fields }),
      );
      expect({ fields, code: body.code, message: body.message }).toEqual({ fields, code: 1, message });
    }
    for (const [i, servicePhone] of [
      '0571-88886666',
      '057188886666',
      '4008001234',
      '800-123-4567',
      '13900001111',
    ].entries()) {
      const { body } = await sb.post(
        '/api/r9/site/addSite',
        tokens.operator,
        addSiteForm({ name: `客服电话站点${i}`, servicePhone }),
      );
      expect({ servicePhone, code: body.code }).toEqual({ servicePhone, code: 0 });
    }
  });

  it('needs site:edit: sub-accounts without it, properties and builders get 403', async () => {
    for (const phone of ['13800138004', '13800138002', '13800138005']) {
      const token = await sb.login(phone);
      const { body } = await sb.post(
        '/api/r9/site/addSite',
        token,
        addSiteForm({ name: `无权限站点${phone.slice(-2)}` }),
      );
      expect({ phone, code: body.code }).toEqual({ phone, code: 403 });
    }
    expect((await sb.post('/api/r9/site/addSite', null, addSiteForm())).body.code).toBe(2);
  });
});

interface PropertyPage {
  list: {
    merchantId: number;
    name: string;
    shortName: string;
    phone: string;
    contacts: string;
    siteCount: number;
    monthShareIncome: number;
    accountStatus: number;
  }[];
  total: number;
  monthShareIncomeSum: number;
}

describe('merchantListByOperator (B §4 property list; K14)', () => {
  it('lists the operator’s properties with their sites and this month’s share', async () => {
    const page = (
      await sb.get<PropertyPage>('/api/user/merchantListByOperator', tokens.operator, { pageNum: 1, pageSize: 20 })
    ).body.data;
    expect(page.total).toBe(2);
    const cuiyuan = page.list.find((p) => p.merchantId === 10003);
    const wenxin = page.list.find((p) => p.merchantId === 10004);
    expect(cuiyuan).toMatchObject({
      name: '翠苑物业',
      shortName: '翠苑物业',
      phone: '13800138002',
      siteCount: 2,
      accountStatus: 1,
    });
    const wenxinSites = await sb.db.query<{ n: number }>(
      'select count(*)::int as n from site where merchant_id = 10004 and operator_id = 10001 and deleted = 0',
    );
    expect(wenxin).toMatchObject({
      name: '文新物业',
      phone: '13800138003',
      accountStatus: 0,
      siteCount: wenxinSites.rows[0]?.n,
    });
    const monthStart = Date.parse('2026-11-01T00:00:00+08:00');
    const share = await sb.db.query<{ s: string }>(
      `select coalesce(sum(amount), 0)::text as s from order_split where account_id = 10003 and role in (1, 2, 5)
         and create_time >= $1 and create_time < $2`,
      [monthStart, Date.parse('2026-11-21T00:00:00+08:00')],
    );
    expect(cuiyuan?.monthShareIncome).toBe(Number(share.rows[0]?.s));
    expect(cuiyuan?.monthShareIncome).toBeGreaterThan(0);
    expect(page.monthShareIncomeSum).toBe(page.list.reduce((s, p) => s + p.monthShareIncome, 0));
  });

  it('searches by name or phone and pages', async () => {
    const get = (q: Record<string, string | number>) =>
      sb.get<PropertyPage>('/api/user/merchantListByOperator', tokens.operator, { pageNum: 1, pageSize: 20, ...q });
    expect((await get({ keyword: '文新' })).body.data.list.map((p) => p.merchantId)).toEqual([10004]);
    expect((await get({ keyword: '13800138002' })).body.data.list.map((p) => p.merchantId)).toEqual([10003]);
    expect((await get({ keyword: '13800138003' })).body.data.list.map((p) => p.merchantId)).toEqual([10004]);
    const first = (await get({ pageSize: 1 })).body.data;
    const second = (await get({ pageSize: 1, pageNum: 2 })).body.data;
    expect(first.total).toBe(2);
    expect([...first.list, ...second.list].map((p) => p.merchantId)).toEqual([10003, 10004]);
    expect((await get({ keyword: 'x'.repeat(31) })).body).toMatchObject({ code: 1, message: '搜索关键词最多30个字' });
    expect((await get({ pageSize: 0 })).body.code).toBe(1);
  });

  it('shows each caller only its own properties', async () => {
    const agent = await sb.login(DEMO_PHONES.agent);
    expect(
      (await sb.get<PropertyPage>('/api/user/merchantListByOperator', agent, { pageNum: 1, pageSize: 20 })).body.data,
    ).toMatchObject({ total: 0, list: [], monthShareIncomeSum: 0 });
    for (const phone of ['13800138002', '13800138004']) {
      const token = await sb.login(phone);
      expect((await sb.get('/api/user/merchantListByOperator', token, { pageNum: 1, pageSize: 20 })).body.code).toBe(
        403,
      );
    }
  });
});
