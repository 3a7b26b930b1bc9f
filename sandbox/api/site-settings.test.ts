import { describe, expect, it } from 'vitest';
import type { ChargeRule, SiteDetail } from '../../src/api/site';
import type {
  AuditSiteInfo,
  CommercialByPhone,
  ContractDetail,
  ContractOption,
  ModifySiteResult,
  OperationMode,
  PropertyProportion,
  SameRuleSite,
  ShareRuleVersion,
  SiteInstalmentStatus,
} from '../../src/api/site-settings';
import { DEFAULT_CHARGE_RULE } from '../../src/api/site-settings-rules';
import { DEMO_PHONES, openSandboxForFile, shareParty, shareRule } from '../testing';

/**
 * The site profile and settings endpoints (B-site.md §4) and their business rules: who may change a site, site field
 * validation, share-rule versions (effective tomorrow, review when lowering the property's terms, ≤ 5 parties, the
 * operator's remainder never negative, the agent's 上级 row), cost bearing without a property, charge rules and their
 * same-rule groups, deleting a site.
 */

const NOW = Date.parse('2026-11-20T20:00:00+08:00');
const TOMORROW = '2026-11-21';
const { sb, tokens } = openSandboxForFile(NOW, ['operator']);

const modify = (token: string, body: Record<string, unknown> | string) =>
  sb.post<ModifySiteResult>('/api/r9/site/modifySite', token, body);
const versions = async (siteId: number, token = tokens.operator) =>
  (await sb.get<ShareRuleVersion[]>('/api/r9/site/querySiteShareRuleList', token, { siteId })).body;
const detail = async (siteId: number, token = tokens.operator) =>
  (await sb.get<SiteDetail>('/api/site/siteBaseInfo', token, { siteId })).body.data;
describe('who may change a site', () => {
  it('refuses callers without site:edit (403) and sites that are not visible (code 1)', async () => {
    const property = await sb.login(DEMO_PHONES.property);
    const sub = await sb.login(DEMO_PHONES.subAccount);
    const agent = await sb.login(DEMO_PHONES.agent);
    expect((await modify(property, { id: 1, contacts: '王五' })).body).toMatchObject({
      code: 403,
      message: '无操作权限',
    });
    expect((await modify(sub, { id: 1, contacts: '王五' })).body).toMatchObject({ code: 403, message: '无操作权限' });
    expect((await modify(agent, { id: 1, contacts: '王五' })).body).toMatchObject({
      code: 1,
      message: '站点不存在或无权查看',
    });
    // The operator sees the agent's site 7 as its superior party, read-only.
    expect((await modify(tokens.operator, { id: 7, contacts: '王五' })).body).toMatchObject({ code: 403 });
    expect((await sb.post('/api/r9/site/delSite', property, { id: 6 })).body.code).toBe(403);
    expect((await detail(1)).contacts).toBe('周海燕');
  });

  it('lets a sub-account with site:edit change the sites of its data scope only', async () => {
    await sb.db.query(
      "update account set permissions = array_append(permissions, 'site:edit') where id = 10005 and not ('site:edit' = any(permissions))",
    );
    try {
      const sub = await sb.login(DEMO_PHONES.subAccount);
      expect((await modify(sub, { id: 2, servicePhone: '0571-88881234' })).body.code).toBe(0);
      expect((await detail(2)).servicePhone).toBe('0571-88881234');
      // Site 4 is outside its data scope (sites 1, 2).
      expect((await modify(sub, { id: 4, servicePhone: '0571-88881234' })).body).toMatchObject({
        code: 1,
        message: '站点不存在或无权查看',
      });
    } finally {
      await sb.db.query("update account set permissions = array_remove(permissions, 'site:edit') where id = 10005");
    }
  });

  it('validates the request with clear messages', async () => {
    expect((await modify(tokens.operator, { contacts: '王五' })).body).toMatchObject({
      code: 1,
      message: '缺少站点 id',
    });
    expect((await modify(tokens.operator, { id: 1 })).body).toMatchObject({ code: 1, message: '没有要修改的内容' });
    expect((await modify(tokens.operator, { id: 1, name: ' ' })).body.message).toBe('请输入站点名称');
    expect((await modify(tokens.operator, { id: 1, name: 'A' })).body.message).toBe('站点名称为2-30个字符');
    expect((await modify(tokens.operator, { id: 1, name: '翠苑<script>' })).body.message).toContain('站点名称仅支持');
    expect((await modify(tokens.operator, { id: 1, name: ' 翠苑一区8栋车棚 ' })).body.message).toBe('站点名称已存在');
    expect((await modify(tokens.operator, { id: 1, contacts: '王' })).body.message).toBe('请输入联系人姓名');
    expect((await modify(tokens.operator, { id: 1, contactsPhone: '12345678901' })).body.message).toBe(
      '请输入正确的手机号',
    );
    expect((await modify(tokens.operator, { id: 1, servicePhone: '12345' })).body.message).toBe('请输入正确的客服电话');
    expect((await modify(tokens.operator, { id: 1, longitude: 2, latitude: 30 })).body.message).toBe(
      '请选择中国大陆范围内的位置',
    );
    expect((await modify(tokens.operator, { id: 1, communityId: 999 })).body.message).toBe('小区不存在');
    expect((await modify(tokens.operator, { id: 1, merchantId: 10002 })).body.message).toBe('物业不存在');
    expect((await modify(tokens.operator, { id: 1, contractCode: 'NOPE' })).body.message).toBe('合同不存在');
    expect((await modify(tokens.operator, 'not json')).body).toMatchObject({
      code: 1,
      message: '请求体不是合法的JSON',
    });
  });

  it('changes the plain fields at once (siteId accepted as an alias of id)', async () => {
    const answer = await modify(tokens.operator, {
      siteId: 6,
      name: '古荡新村充电站 (东门)',
      contacts: '王五',
      contactsPhone: '13900001111',
      servicePhone: '0571-88886666',
      communityId: 3,
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      address: '古荡新村东门北侧',
      longitude: 120.1412754321,
      latitude: 30.268732,
    });
    expect(answer.body).toMatchObject({ code: 0, data: { id: 6 } });
    expect(answer.body.data.shareRuleStatus).toBeUndefined();
    const site = await detail(6);
    expect(site).toMatchObject({
      name: '古荡新村充电站 (东门)',
      contacts: '王五',
      contactsPhone: '13900001111',
      servicePhone: '0571-88886666',
      communityName: '嘉绿苑',
      address: '古荡新村东门北侧',
      longitude: 120.141275,
    });
    expect((await modify(tokens.operator, { id: 6, communityId: 0 })).body.code).toBe(0);
    expect((await detail(6)).communityId).toBeNull();
  });
});

describe('share-rule versions', () => {
  it('adds a party from tomorrow (待生效); the version in force is unchanged until then', async () => {
    const before = await detail(4);
    const answer = await modify(tokens.operator, {
      id: 4,
      siteShareRule: shareRule([shareParty(10002, 3, 500), shareParty(10009, 4, 1250, { remark: '合作推广' })]),
    });
    expect(answer.body).toMatchObject({ code: 0, data: { id: 4, shareRuleStatus: 2, effectiveDate: TOMORROW } });
    const list = await versions(4);
    expect(list.code).toBe(0);
    expect(list.data.map((v) => [v.version, v.status])).toEqual([
      [2, 2],
      [1, 1],
    ]);
    const pending = list.data[0]!;
    expect(pending.effectiveDate).toBe(TOMORROW);
    expect(pending.rule.parties.map((p) => [p.userId, p.partyType, p.chargeRate, p.name, p.remark])).toEqual([
      [10002, 3, 500, before.shareRule.parties[0]!.name, ''],
      [10009, 4, 1250, '滨江智充', '合作推广'],
    ]);
    const after = await detail(4);
    expect(after.shareRule).toEqual(before.shareRule);
    expect(after.pendingShareRule).toMatchObject({ status: 2, effectiveDate: TOMORROW });
    expect(after.auditStatus).toBe(0);
    // A second change replaces the 待生效 version (已失效), the version number goes on.
    await modify(tokens.operator, { id: 4, siteShareRule: shareRule([shareParty(10002, 3, 800)]) });
    expect((await versions(4)).data.map((v) => [v.version, v.status])).toEqual([
      [3, 2],
      [2, 5],
      [1, 1],
    ]);
    // The same terms again: nothing to do.
    expect(
      (await modify(tokens.operator, { id: 4, siteShareRule: shareRule([shareParty(10002, 3, 800)]) })).body.message,
    ).toBe('分成规则没有变化');
  });

  it('becomes 生效中 on its day, and the previous version 已失效 (the 00:00 job, run by the first read)', async () => {
    sb.clock.now = Date.parse(`${TOMORROW}T00:05:00+08:00`);
    try {
      // The site detail is the first read of the new day: it shows the rule in force, not yesterday's.
      const site = await detail(4);
      expect(site.shareRule).toMatchObject({ effectiveDate: TOMORROW, parties: [{ userId: 10002, chargeRate: 800 }] });
      expect(site.pendingShareRule).toBeNull();
      const list = await versions(4);
      expect(list.data.map((v) => [v.version, v.status])).toEqual([
        [3, 1],
        [2, 5],
        [1, 5],
      ]);
    } finally {
      sb.clock.now = NOW;
    }
  });

  it('lowering the property share goes to review; further changes are refused until the platform decides', async () => {
    const site = await detail(1);
    expect(site.shareRule.parties[0]).toMatchObject({ userId: 10003, partyType: 2, chargeRate: 3000 });
    const lower = await modify(tokens.operator, {
      id: 1,
      siteShareRule: shareRule([shareParty(10003, 2, 2800)], { electricPrice: 60 }),
    });
    expect(lower.body.data).toEqual({ id: 1, shareRuleStatus: 3, effectiveDate: TOMORROW });
    expect((await detail(1)).auditStatus).toBe(1);
    const audit = (await sb.get<AuditSiteInfo>('/api/site/checkAuditSiteInfo', tokens.operator, { siteId: 1 })).body
      .data;
    expect(audit).toEqual({ auditStatus: 1, submitTime: NOW, rejectReason: null });
    expect(
      (
        await modify(tokens.operator, {
          id: 1,
          siteShareRule: shareRule([shareParty(10003, 2, 3500)], { electricPrice: 60 }),
        })
      ).body.message,
    ).toBe('分成变更审核中，暂不可修改');
    expect((await modify(tokens.operator, { id: 1, merchantId: 10004 })).body.message).toBe(
      '分成变更审核中，暂不可修改',
    );

    // The platform rejects it: 已驳回 with the reason; the version in force stays.
    const rejected = await sb.post('/__sandbox/site/auditShareRule', null, {
      siteId: 1,
      approve: false,
      rejectReason: '物业未同意',
    });
    expect(rejected.body.code).toBe(0);
    expect((await detail(1)).auditStatus).toBe(2);
    expect(
      (await sb.get<AuditSiteInfo>('/api/site/checkAuditSiteInfo', tokens.operator, { siteId: 1 })).body.data,
    ).toEqual({
      auditStatus: 2,
      submitTime: NOW,
      rejectReason: '物业未同意',
    });
    expect((await versions(1)).data[0]).toMatchObject({ status: 4, rejectReason: '物业未同意' });

    // Raising it is no review; it replaces the rejected version.
    const raise = await modify(tokens.operator, {
      id: 1,
      siteShareRule: shareRule([shareParty(10003, 2, 3200)], { electricPrice: 60 }),
    });
    expect(raise.body.data.shareRuleStatus).toBe(2);
    expect((await versions(1)).data.slice(0, 2).map((v) => v.status)).toEqual([2, 5]);
    expect((await detail(1)).auditStatus).toBe(0);
  });

  it('moving electricity to the property or lowering its price needs review; approval makes it 待生效', async () => {
    const answer = await modify(tokens.operator, {
      id: 2,
      siteShareRule: shareRule([shareParty(10003, 2, 3000)], { electricBearer: 1, electricPrice: 50 }),
    });
    expect(answer.body.data.shareRuleStatus).toBe(3);
    const approved = await sb.post('/__sandbox/site/auditShareRule', null, { siteId: 2, approve: true });
    expect(approved.body.code).toBe(0);
    expect((await versions(2)).data[0]).toMatchObject({ status: 2, effectiveDate: TOMORROW });
    expect((await detail(2)).auditStatus).toBe(0);
    const bearer = await modify(tokens.operator, {
      id: 2,
      siteShareRule: shareRule([shareParty(10003, 2, 3000)], { electricBearer: 2, electricPrice: 0 }),
    });
    expect(bearer.body.data.shareRuleStatus).toBe(3);
    expect(
      (
        await modify(tokens.operator, {
          id: 3,
          siteShareRule: shareRule([shareParty(10004, 2, 2500)], { electricPrice: 70 }),
        })
      ).body.message,
    ).toBe('分成变更审核中，暂不可修改');
  });

  it('changing the property links it at once and carries the rates, by review; unlinking resets electricity', async () => {
    const site4 = await detail(4);
    expect(site4.merchantId).toBeNull();
    // Site 4 (no property): linking one adds it at rate 0, no review.
    const link = await modify(tokens.operator, { id: 4, merchantId: 10003 });
    expect(link.body.data.shareRuleStatus).toBe(2);
    expect((await detail(4)).merchantId).toBe(10003);
    const linked = (await versions(4)).data[0]!;
    expect(linked.rule.parties.map((p) => [p.userId, p.partyType, p.chargeRate])).toEqual([
      [10003, 2, 0],
      [10002, 3, 800],
    ]);
    // Site 1 → another property: its rates move to the new one, and replacing the property needs review.
    const swap = await modify(tokens.operator, { id: 1, merchantId: 10004 });
    expect(swap.body.data).toEqual({ id: 1, shareRuleStatus: 3, effectiveDate: TOMORROW });
    const site1 = await detail(1);
    expect(site1.merchantId).toBe(10004);
    expect(site1.merchantName).toBe('文新物业');
    expect(site1.pendingShareRule?.parties.map((p) => [p.userId, p.chargeRate])).toEqual([[10004, 3200]]);
    // Unlinking on a site whose terms are free to change: electricity back to the operator at price 0.
    await sb.post('/__sandbox/site/auditShareRule', null, { siteId: 1, approve: true });
    const unlink = await modify(tokens.operator, { id: 1, merchantId: 0 });
    expect(unlink.body.data.shareRuleStatus).toBe(3);
    const newest = (await versions(1)).data[0]!;
    expect(newest.rule).toMatchObject({ electricBearer: 1, electricPrice: 0, parties: [] });
    expect((await detail(1)).merchantId).toBeNull();
  });

  it('lists the property rates of the caller sites and the review state', async () => {
    const rows = (
      await sb.get<PropertyProportion[]>('/api/site/querySiteShareSimpleProportionList', tokens.operator, {
        merchantId: 10003,
      })
    ).body.data;
    expect(rows.map((r) => [r.siteId, r.chargeRate])).toEqual([[2, 3000]]);
    expect(
      (await sb.get<AuditSiteInfo>('/api/site/checkAuditSiteInfo', tokens.operator, { siteId: 3 })).body.data
        .auditStatus,
    ).toBe(1);
  });
});

describe('lookups', () => {
  it('getCommercialByPhone answers code 0 with exists', async () => {
    const agent = (
      await sb.get<CommercialByPhone>('/api/user/getCommercialByPhone', tokens.operator, { phone: '13800138001' })
    ).body;
    expect(agent).toMatchObject({ code: 0, data: { exists: true, userId: 10002, accountType: 2 } });
    const none = (
      await sb.get<CommercialByPhone>('/api/user/getCommercialByPhone', tokens.operator, { phone: '13912345678' })
    ).body;
    expect(none).toEqual({ code: 0, message: 'success', data: { exists: false } });
    // A 已注销 account is no account (as the share-rule checks say: 该手机号未注册平台账号).
    await sb.db.query('update account set status = 3 where id = 10009');
    try {
      const cancelled = await sb.get<CommercialByPhone>('/api/user/getCommercialByPhone', tokens.operator, {
        phone: DEMO_PHONES.kybOperator,
      });
      expect(cancelled.body.data).toEqual({ exists: false });
    } finally {
      await sb.db.query('update account set status = 1 where id = 10009');
    }
    expect((await sb.get('/api/user/getCommercialByPhone', tokens.operator, { phone: '123' })).body.message).toBe(
      '请输入正确的手机号',
    );
  });

  it('contracts, instalment status and granted applications', async () => {
    const contracts = (await sb.get<ContractOption[]>('/api/site/selectContractCodeList', tokens.operator)).body.data;
    expect(contracts.length).toBeGreaterThan(0);
    const first = contracts[0]!;
    const info = (
      await sb.get<ContractDetail>('/api/site/contractDetail', tokens.operator, { contractCode: first.contractCode })
    ).body.data;
    expect(info).toMatchObject({ contractCode: first.contractCode, deviceCount: first.deviceCount });
    expect(info.instalmentCount).toBeGreaterThan(0);
    const split = await sb.login(DEMO_PHONES.splitOperator);
    const status = (
      await sb.get<SiteInstalmentStatus | null>('/api/share/instalment/querySiteInstalmentStatus', split, { siteId: 8 })
    ).body.data;
    expect(status).toMatchObject({ siteId: 8, proportion: 20 });
    const none = await sb.get('/api/share/instalment/querySiteInstalmentStatus', tokens.operator, { siteId: 6 });
    expect(none.body).toMatchObject({ code: 0, data: null });
    const granted = await sb.db.query<{ siteId: number; n: number }>(
      `select x.site_id as "siteId", count(*)::int as n from site_apply_site x join site_apply a on a.id = x.apply_id
       where a.status = 1 and x.granted = 1 group by x.site_id order by x.site_id limit 1`,
    );
    const row = granted.rows[0]!;
    const applies = await sb.get<{ total: number }>('/api/openPlatform/getSiteApplies', tokens.operator, {
      tab: 2,
      status: 1,
      siteId: Number(row.siteId),
      pageNum: 1,
      pageSize: 1,
    });
    expect(applies.body.data.total).toBe(row.n);
    // 已失效 (status 3) filters without an extra bind parameter (it answered HTTP 500, found by the generated input).
    const lapsed = await sb.get<{ total: number; list: { status: number }[] }>(
      '/api/openPlatform/getSiteApplies',
      tokens.operator,
      { tab: 2, status: 3, pageNum: 1, pageSize: 100 },
    );
    expect(lapsed.body.code).toBe(0);
    expect(lapsed.body.data.list.every((apply) => apply.status === 3)).toBe(true);
    expect(lapsed.body.data.total).toBe(lapsed.body.data.list.length);
  });
});

describe('charge rules', () => {
  const base: ChargeRule = { ...DEFAULT_CHARGE_RULE };
  const save = (siteId: number, chargeRule: Partial<ChargeRule>, token = tokens.operator) =>
    modify(token, { id: siteId, chargeRule: { ...base, ...chargeRule } });

  it('derives the capabilities from the box models', async () => {
    const site5 = (await sb.get<OperationMode>('/api/site/getOperationMode', tokens.operator, { siteId: 5 })).body.data;
    expect(site5).toEqual({
      supportModes: [1, 2],
      currentMode: 1,
      supportCoin: true,
      supportFullStop: true,
      maxPower: 1000,
    });
    const site6 = (await sb.get<OperationMode>('/api/site/getOperationMode', tokens.operator, { siteId: 6 })).body.data;
    expect(site6.supportModes).toEqual([1, 2]);
    // Site 1's boxes include coin-capable models although its rule keeps the slot off.
    const site1 = (await sb.get<OperationMode>('/api/site/getOperationMode', tokens.operator, { siteId: 1 })).body.data;
    const coin = await sb.db.query(
      'select 1 from device d join device_model m on m.model = d.model where d.site_id = 1 and m.support_coin',
    );
    expect(site1.supportCoin).toBe(coin.rows.length > 0);
  });

  it('refuses invalid rules with the design messages', async () => {
    const message = async (rule: Partial<ChargeRule>) => (await save(5, rule)).body.message;
    expect(await message({ tiers: [{ maxPower: 200, price: 25 }] })).toBe('最高档位需覆盖至1000W');
    expect(await message({ tiers: [] })).toBe('档位数量需为1-6个');
    expect(
      await message({
        tiers: [
          { maxPower: 400, price: 25 },
          { maxPower: 200, price: 40 },
          { maxPower: 1000, price: 60 },
        ],
      }),
    ).toBe('功率档位上限需为递增的整数');
    expect(
      await message({
        tiers: [
          { maxPower: 200, price: 50 },
          { maxPower: 1000, price: 40 },
        ],
      }),
    ).toBe('高功率档位单价不能低于低功率档位');
    expect(await message({ tiers: [{ maxPower: 1000, price: 1001 }] })).toBe('单价需在0.01-10元/小时之间');
    expect(await message({ billingMode: 2, energyPrice: 0 })).toBe('电费需在0.01-5.00元/度之间');
    expect(await message({ billingMode: 2, energyPrice: 100, servicePrice: 501 })).toBe('服务费需在0-5.00元/度之间');
    expect(await message({ prepayOptions: [] })).toBe('预付金额需设置1-6个');
    expect(await message({ prepayOptions: [100, 100] })).toBe('预付金额不能重复');
    expect(await message({ prepayOptions: [5] })).toBe('预付金额需在0.1-100元之间');
    expect(await message({ freeMinutes: 31 })).toBe('免费时长需为0-30分钟的整数');
    expect(await message({ maxMinutes: 1500 })).toBe('单次最长时长需为1-24小时的整数');
    expect(await message({ maxMinutes: 90 })).toBe('单次最长时长需为1-24小时的整数');
    expect(await message({ coinMinutes: 10 })).toBe('投币时长需为0（关闭）或30-720分钟/元');
  });

  it('a changed rule moves the site to the group of its canonical JSON; sameSiteRuleList follows', async () => {
    const same = async (siteId: number) =>
      (await sb.get<SameRuleSite[]>('/api/site/sameSiteRuleList', tokens.operator, { siteId })).body.data;
    // Sites 5 and 6 share the platform default rule.
    expect((await same(5)).map((s) => s.siteId)).toEqual([6]);
    const changed = {
      tiers: [
        { maxPower: 300, price: 30 },
        { maxPower: 1000, price: 70 },
      ],
      prepayOptions: [200, 500],
      fullStop: 0 as const,
      freeMinutes: 3,
      maxMinutes: 600,
      coinMinutes: 180,
    };
    expect((await save(5, changed)).body).toMatchObject({ code: 0, data: { id: 5 } });
    expect(await same(5)).toEqual([]);
    expect(await same(6)).toEqual([]);
    const site5 = await detail(5);
    expect(site5.chargeRule).toEqual({ ...base, ...changed, energyPrice: 0, servicePrice: 0 });
    // Site 6 takes the same rule (energy fields of mode 1 normalised away): both in one group again.
    expect((await save(6, { ...changed, energyPrice: 999 })).body.code).toBe(0);
    expect((await same(5)).map((s) => [s.siteId, s.boxCount])).toEqual([[6, 0]]);
    const groups = await sb.db.query<{ g: number }>(
      'select distinct charge_rule_group_id as g from site where id in (5, 6)',
    );
    expect(groups.rows).toHaveLength(1);
    // Mode 2 drops the tiers.
    expect((await save(6, { billingMode: 2, energyPrice: 80, servicePrice: 70 })).body.code).toBe(0);
    expect((await detail(6)).chargeRule).toMatchObject({
      billingMode: 2,
      tiers: [],
      energyPrice: 80,
      servicePrice: 70,
    });
  });

  it('refuses modes and full stop the boxes do not support', async () => {
    await sb.db.query("update device_model set support_modes = '{1}', support_full_stop = false where model = 'R9-12'");
    try {
      expect((await save(1, { billingMode: 2, energyPrice: 80 })).body.message).toBe('本站点设备不支持该计费方式');
      expect((await save(1, { fullStop: 1 })).body.message).toBe('本站点设备不支持充满自停');
    } finally {
      await sb.db.query(
        "update device_model set support_modes = '{1,2}', support_full_stop = true where model = 'R9-12'",
      );
    }
  });
});

describe('deleting a site', () => {
  it('is refused with devices or cards bound, soft otherwise', async () => {
    expect((await sb.post('/api/r9/site/delSite', tokens.operator, { id: 5 })).body.message).toBe(
      '站点下还有设备，请先解绑所有设备',
    );
    const card = await sb.db.query<{ id: number }>('select id from card where status = 3 limit 1');
    await sb.db.query('insert into card_site (card_id, site_id, create_time, update_time) values ($1, 6, 0, 0)', [
      card.rows[0]!.id,
    ]);
    expect((await sb.get('/api/site/haveCard', tokens.operator, { siteId: 6 })).body.data).toEqual({
      haveCard: true,
      cardCount: 1,
    });
    expect((await sb.post('/api/r9/site/delSite', tokens.operator, { id: 6 })).body.message).toBe(
      '站点已绑定1张卡，请先解绑卡片',
    );
    await sb.db.query('delete from card_site where site_id = 6');
    expect((await sb.post('/api/r9/site/delSite', tokens.operator, { id: 6 })).body).toMatchObject({
      code: 0,
      data: null,
    });
    expect((await sb.get('/api/site/siteBaseInfo', tokens.operator, { siteId: 6 })).body.code).toBe(1);
    const names = (await sb.get<{ id: number }[]>('/api/site/simpleSiteList', tokens.operator)).body.data.map(
      (s) => s.id,
    );
    expect(names).toEqual([1, 2, 3, 4, 5]);
  });
});
