import { describe, expect, it } from 'vitest';
import type { BillSetting } from '../../src/api/bill-settings';
import type { SiteBillPage } from '../../src/api/statements';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * 账单设置 (D-income.md §4 siteBill "Top-right 账单设置"; entities.md §75 BillSetting): the demo settings as listed (翠苑物业
 * sites 1–2 visible, 文新物业 site 3 hidden, bill day 5, each site's electricity from its share rule), operators and agents
 * only, the form's rules, a site in at most one setting (2060), and what a setting decides: the property sees the bills
 * of its setting's sites only while 物业可查看账单 is on, and last month's bill is 已出账 from the bill day (the 1st once the
 * setting is deleted). The clock stands on 3 December, between the 1st and the demo bill day.
 */

const NOW = Date.parse('2026-12-03T10:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'agent', 'property', 'subAccount', 'builder']);
const LIST = '/api/bill/setting/list';

const settings = async (token: string) => (await sb.get<{ list: BillSetting[]; total: number }>(LIST, token)).body;
const save = (token: string, body: Record<string, unknown>) =>
  sb.post<{ id: number } | null>('/api/bill/setting/save', token, body);
const edit = (token: string, body: Record<string, unknown>) => sb.post<null>('/api/bill/setting/edit', token, body);
const remove = (token: string, id: number) => sb.post<null>('/api/bill/setting/delete', token, { id });
/** The site ids of a month's bills in a list, with their status. */
const bills = async (phone: string, list: string, month: string) =>
  (await sb.data<SiteBillPage>(phone, `/api/bill/${list}?month=${month}&pageNum=1&pageSize=100`)).list.map(
    (b): [number, number] => [b.siteId, b.status],
  );

describe('bill settings', () => {
  it('lists the operator’s settings with their sites and each site’s electricity terms from its share rule', async () => {
    const { list, total } = (await settings(tokens.operator)).data;
    expect(total).toBe(2);
    expect(list.map((s) => [s.merchantName, s.siteIds, s.billDay, s.visibleToProperty])).toEqual([
      ['翠苑物业', [1, 2], 5, 1],
      ['文新物业', [3], 5, 0],
    ]);
    const rule = await sb.db.query<{ electric_bearer: number; electric_price: number }>(
      'select electric_bearer, electric_price from site_share_rule_version where site_id = 1 and status = 1 order by version desc limit 1',
    );
    expect(list[0]?.sites[0]).toEqual({
      siteId: 1,
      electricBearer: rule.rows[0]?.electric_bearer,
      electricPrice: rule.rows[0]?.electric_price,
    });
    expect(list[0]?.siteNames).toHaveLength(2);
    const one = (await sb.get<{ list: BillSetting[] }>(LIST, tokens.operator, { merchantId: list[1]?.merchantId ?? 0 }))
      .body.data.list;
    expect(one.map((s) => s.id)).toEqual([list[1]?.id]);
  });

  it('operators and agents only; an agent sees and touches only its own settings', async () => {
    for (const token of [tokens.property, tokens.subAccount, tokens.builder]) {
      expect((await settings(token)).code).toBe(403);
      expect((await remove(token, 1)).body.code).toBe(403);
    }
    expect((await settings(tokens.agent)).data.total).toBe(0);
    expect((await remove(tokens.agent, 1)).body).toMatchObject({ code: 1, message: '账单设置不存在' });
    const foreign = await edit(tokens.agent, {
      id: 1,
      merchantId: 10003,
      siteIds: [7],
      billDay: 9,
      visibleToProperty: 0,
    });
    expect(foreign.body.code).not.toBe(0);
    expect((await settings(tokens.operator)).data.list[0]?.billDay).toBe(5);
  });

  it('refuses what the form refuses: no site, a bill day outside 1–28, a bad e-mail, a site of another property or account', async () => {
    const base = { merchantId: 10003, siteIds: [1], billDay: 10, visibleToProperty: 1 };
    expect((await save(tokens.operator, { ...base, siteIds: [] })).body.message).toBe('请至少选择一个站点');
    expect((await save(tokens.operator, { ...base, billDay: 29 })).body.message).toBe('出账日须为1–28日');
    expect((await save(tokens.operator, { ...base, email: 'nope' })).body.message).toBe('请输入正确的邮箱地址');
    expect((await save(tokens.operator, { ...base, siteIds: [3] })).body).toMatchObject({
      code: 1,
      message: '所选站点不属于该物业',
    });
    expect((await save(tokens.operator, { ...base, siteIds: [7] })).body.code).not.toBe(0);
    expect((await settings(tokens.operator)).data.total).toBe(2);
  });

  it('a site in at most one setting: 2060 on save and on edit, while a setting keeps its own sites', async () => {
    const [cuiyuan, wenxin] = (await settings(tokens.operator)).data.list;
    if (!cuiyuan || !wenxin) throw new Error('the demo settings');
    const taken = await save(tokens.operator, { merchantId: 10003, siteIds: [2], billDay: 10, visibleToProperty: 1 });
    expect(taken.body).toMatchObject({ code: 2060, message: '站点已在其他账单设置中' });
    const moved = await edit(tokens.operator, {
      id: wenxin.id,
      merchantId: 10003,
      siteIds: [1],
      billDay: 5,
      visibleToProperty: 0,
    });
    expect(moved.body.code).toBe(2060);
    const kept = await edit(tokens.operator, {
      id: cuiyuan.id,
      merchantId: 10003,
      siteIds: [1, 2],
      billDay: 5,
      visibleToProperty: 1,
      email: 'cuiyuan-bills@163.com',
    });
    expect(kept.body.code, kept.body.message).toBe(0);
    const after = (await settings(tokens.operator)).data.list;
    expect(after.map((s) => [s.id, s.siteIds, s.email])).toEqual([
      [cuiyuan.id, [1, 2], 'cuiyuan-bills@163.com'],
      [wenxin.id, [3], null],
    ]);
  });

  it('开放物业查看 and the bill day decide what the property sees and when last month’s bill is 已出账', async () => {
    const [cuiyuan] = (await settings(tokens.operator)).data.list;
    if (!cuiyuan) throw new Error('the demo settings');
    // visible, bill day 5: on 3 December the property sees its two sites' November bills, still 统计中
    expect(await bills(DEMO_PHONES.property, 'propertyBill', '2026-11')).toEqual([
      [1, 1],
      [2, 1],
    ]);
    const hide = { id: cuiyuan.id, merchantId: 10003, siteIds: [1, 2], billDay: 5, visibleToProperty: 0 };
    expect((await edit(tokens.operator, hide)).body.code).toBe(0);
    expect(await bills(DEMO_PHONES.property, 'propertyBill', '2026-11')).toEqual([]);
    // bill day 2, visible again, site 1 only: the property sees site 1, already 已出账
    expect((await edit(tokens.operator, { ...hide, siteIds: [1], billDay: 2, visibleToProperty: 1 })).body.code).toBe(
      0,
    );
    expect(await bills(DEMO_PHONES.property, 'propertyBill', '2026-11')).toEqual([[1, 2]]);
    // deleted: hidden from the property, and the site's bill day is the 1st again (site 3 keeps its setting's 5th)
    expect((await remove(tokens.operator, cuiyuan.id)).body.code).toBe(0);
    expect(await bills(DEMO_PHONES.property, 'propertyBill', '2026-11')).toEqual([]);
    const owner = new Map(await bills(DEMO_PHONES.operator, 'firstCommPropertyBill', '2026-11'));
    expect([owner.get(1), owner.get(2), owner.get(3)]).toEqual([2, 2, 1]);
    expect((await settings(tokens.operator)).data.list.map((s) => s.siteIds)).toEqual([[3]]);
    // added back: listed with its sites, and the property sees them again
    const added = await save(tokens.operator, { merchantId: 10003, siteIds: [2, 1], billDay: 5, visibleToProperty: 1 });
    expect(added.body.code, added.body.message).toBe(0);
    const listed = (await settings(tokens.operator)).data.list.find(
      (s) => s.id === (added.body.data as { id: number }).id,
    );
    expect(listed).toMatchObject({
      merchantName: '翠苑物业',
      siteIds: [2, 1],
      billDay: 5,
      visibleToProperty: 1,
      email: null,
    });
    expect((await bills(DEMO_PHONES.property, 'propertyBill', '2026-11')).map(([id]) => id)).toEqual([1, 2]);
  });
});
