import { describe, expect, it } from 'vitest';
import type { SubAccount } from '../../src/api/accounts';
import type { Page } from '../../src/api/http';
import type { LoginResult } from '../../src/api/user';
import { ACCESS_HEADER } from '../http/access';
import { scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * Sub-accounts (C-mine.md /mine/accountList, accountInfo; Business rules 1, 20; entities.md §4 Token) through the
 * sandbox's HTTP interface: the limit of 20 (also under parallel creations), the permission implications and refusals,
 * the form's rules, token revocation on a change (code 2 on the next call, 1006 for a disabled login), the data scope of
 * a sub-account limited to some sites, and 403 无操作权限 on a call its permissions do not allow.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { operator: OPERATOR, agent: AGENT, property: PROPERTY, subAccount: DEMO_SUB } = DEMO_PHONES;
const { sb } = openSandboxForFile(NOW);
const PASSWORD = 'sandbox123';

let phoneSeq = 0;
/** A phone no account uses yet. */
function freshPhone(): string {
  phoneSeq += 1;
  return `1370000${String(phoneSeq).padStart(4, '0')}`;
}

/** A valid addAC request with `fields` over it (all sites, order viewing). */
function addRequest(fields: Record<string, unknown> = {}) {
  return {
    name: '测试员工',
    phone: freshPhone(),
    password: PASSWORD,
    permissions: ['order:view'],
    dataScope: 1,
    siteIds: [],
    remark: '',
    ...fields,
  };
}

/** Logs in by password as `phone` (a fresh token each time, not the cached one). */
async function loginAs(phone: string) {
  return sb.post<LoginResult>('/api/user/antLoginWithPwd', null, { phone, password: PASSWORD });
}

/** GET `url` with `token`: the envelope and the registry's decision (X-Sandbox-Access). */
async function raw(url: string, token: string): Promise<{ code: number; message: string; access: string | null }> {
  const res = await sb.app.request(url, { headers: { client: 'r9a_weixin', token } });
  const body = (await res.json()) as { code: number; message: string };
  return { code: body.code, message: body.message, access: res.headers.get(ACCESS_HEADER) };
}

const CARDS = '/api/card/selectCardList?pageNum=1&pageSize=1';
const ORDERS = '/api/r9/order/successChargeOrderList?pageNum=1&pageSize=1&startDate=2026-11-01&endDate=2026-11-20';

/** The sub-account `id` as the owner `owner` lists it. */
async function listed(owner: string, id: number): Promise<SubAccount> {
  const page = await sb.data<Page<SubAccount>>(owner, `/api/user/AClist?id=${id}&pageNum=1&pageSize=1`);
  expect(page.list).toHaveLength(1);
  return page.list[0] as SubAccount;
}

describe('the limit of 20 (rule 20)', () => {
  it('creates up to 20 sub-accounts, disabled ones counting, and refuses the 21st; home counts the same', async () => {
    const owner = AGENT;
    expect((await sb.data<Page<SubAccount>>(owner, '/api/user/AClist?pageNum=1&pageSize=20')).total).toBe(0);
    const ids: number[] = [];
    for (let i = 0; i < 19; i += 1) {
      ids.push((await sb.data<{ id: number }>(owner, '/api/user/addAC', addRequest({ name: `员工${i + 1}号` }))).id);
    }
    // One disabled: it still counts.
    const first = await listed(owner, ids[0] as number);
    await sb.data(owner, '/api/user/editAC', { ...first, status: 2 });

    // Three creations at once for the last place: exactly one gets it.
    const race = await Promise.all(
      [1, 2, 3].map(() => sb.call<{ id: number }>(owner, '/api/user/addAC', addRequest())),
    );
    expect(race.filter((a) => a.body.code === 0)).toHaveLength(1);
    for (const refused of race.filter((a) => a.body.code !== 0)) {
      expect(refused.body).toMatchObject({ code: 1, message: '最多创建20个子账号' });
    }
    const page = await sb.data<Page<SubAccount>>(owner, '/api/user/AClist?pageNum=1&pageSize=100');
    expect(page.total).toBe(20);
    expect(page.list).toHaveLength(20);
    // Newest first.
    expect(page.list.map((a) => a.createTime)).toEqual([...page.list.map((a) => a.createTime)].sort((a, b) => b - a));
    const children = await sb.data<{ subAccountCount: number }>(owner, '/api/user/commChildCount');
    expect(children.subAccountCount).toBe(20);

    const answer = await sb.call(owner, '/api/user/addAC', addRequest());
    expect(answer.body).toMatchObject({ code: 1, message: '最多创建20个子账号' });
    expect(await scalar(sb.db, `select count(*) from account where account_type = 4 and main_account_id = 10002`)).toBe(
      20,
    );
  });
});

describe('permissions (rule 20)', () => {
  it('stores home and the implied codes: withdraw → income:view, order:refund → order:view; the login carries them', async () => {
    const phone = freshPhone();
    const { id } = await sb.data<{ id: number }>(
      OPERATOR,
      '/api/user/addAC',
      addRequest({ phone, permissions: ['withdraw', 'bank', 'order:refund'] }),
    );
    const stored = await listed(OPERATOR, id);
    expect(stored.permissions).toEqual(['home', 'order:view', 'order:refund', 'income:view', 'withdraw', 'bank']);
    const login = await loginAs(phone);
    expect(login.body.code).toBe(0);
    expect(login.body.data.permission).toEqual(stored.permissions);
    expect(login.body.data.extendPermission).toMatchObject({ accountType: 4, mainAccountId: 10001, dataScope: 1 });
    // The implied code is granted by the server: the refund list's permission (order:view) answers.
    const orders = await raw(ORDERS, login.body.data.token);
    expect(orders.access).toBe('granted');
    expect(orders.code).toBe(0);
  });

  it('refuses codes a sub-account may never hold, and a list without any permission', async () => {
    for (const permissions of [['agent'], ['order:view', 'subAccount'], ['tenement'], ['no:such']]) {
      const answer = await sb.call(OPERATOR, '/api/user/addAC', addRequest({ permissions }));
      expect(answer.body).toMatchObject({ code: 1, message: '权限不可分配给子账号' });
    }
    for (const permissions of [[], ['home']]) {
      const answer = await sb.call(OPERATOR, '/api/user/addAC', addRequest({ permissions }));
      expect(answer.body).toMatchObject({ code: 1, message: '请至少选择一项权限' });
    }
  });
});

describe('the form rules', () => {
  it('refuses each field by its rule with its text, and creates nothing', async () => {
    const before = await scalar(sb.db, 'select count(*) from account');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '李' }, '请输入姓名'],
      [{ name: '一二三四五六七八九十一二三四五六七八九十一' }, '请输入姓名'],
      [{ phone: '12345678901' }, '请输入正确的11位手机号'],
      [{ phone: OPERATOR }, '该手机号已被注册'],
      [{ password: 'abcdefg' }, '密码需为6-20位字母和数字组合'],
      [{ password: '12345' }, '密码需为6-20位字母和数字组合'],
      [{ dataScope: 2, siteIds: [] }, '请选择站点'],
      [{ remark: '备'.repeat(51) }, '备注最多50个字'],
    ];
    for (const [fields, message] of cases) {
      const answer = await sb.call(OPERATOR, '/api/user/addAC', addRequest(fields));
      expect(answer.body, JSON.stringify(fields)).toMatchObject({ code: 1, message });
    }
    expect(await scalar(sb.db, 'select count(*) from account')).toBe(before);
  });

  it('accepts only the caller’s own sites: a party’s site is read-only (403), another owner’s is not told', async () => {
    // Site 7 is the agent's; the operator sees it only as its 上级 share party.
    const party = await sb.call(OPERATOR, '/api/user/addAC', addRequest({ dataScope: 2, siteIds: [1, 7] }));
    expect(party.body.code).toBe(403);
    const other = await sb.call(OPERATOR, '/api/user/addAC', addRequest({ dataScope: 2, siteIds: [8] }));
    expect(other.body).toMatchObject({ code: 1, message: '站点不存在或无权查看' });
  });

  it('reaches only the owner’s own sub-accounts', async () => {
    const demoSub = Number(await scalar(sb.db, 'select id from account where phone = $1', [DEMO_SUB]));
    const listedByAgent = await sb.call(AGENT, `/api/user/AClist?id=${demoSub}&pageNum=1&pageSize=1`);
    expect(listedByAgent.body).toMatchObject({ code: 1, message: '子账号不存在' });
    const edit = await sb.call(AGENT, '/api/user/editAC', {
      id: demoSub,
      name: '李娜',
      permissions: ['order:view'],
      dataScope: 1,
      siteIds: [],
      status: 2,
    });
    expect(edit.body).toMatchObject({ code: 1, message: '子账号不存在' });
    expect(await scalar(sb.db, 'select status from account where id = $1', [demoSub])).toBe(1);
    for (const phone of [PROPERTY, DEMO_SUB]) {
      const answer = await sb.call(phone, '/api/user/AClist?pageNum=1&pageSize=20');
      expect(answer.body).toMatchObject({ code: 403, message: '无操作权限' });
    }
  });
});

describe('revocation (rule 20; entities.md §4)', () => {
  it('a change of permissions revokes the tokens: the next call answers code 2; a new login has the new rights', async () => {
    const phone = freshPhone();
    const { id } = await sb.data<{ id: number }>(
      OPERATOR,
      '/api/user/addAC',
      addRequest({ phone, permissions: ['card:view', 'order:view'] }),
    );
    const first = (await loginAs(phone)).body.data.token;
    const second = (
      await sb.post<LoginResult>(
        '/api/user/antLoginWithPwd',
        null,
        { phone, password: PASSWORD },
        {
          client: 'alipay',
        },
      )
    ).body.data.token;
    expect((await sb.get('/api/user/getCommercialInfo', first)).body.code).toBe(0);

    // A remark only: the session stays.
    const account = await listed(OPERATOR, id);
    await sb.data(OPERATOR, '/api/user/editAC', { ...account, remark: '白班' });
    expect((await sb.get('/api/user/getCommercialInfo', first)).body.code).toBe(0);

    await sb.data(OPERATOR, '/api/user/editAC', { ...account, remark: '白班', permissions: ['order:view'] });
    for (const token of [first, second]) {
      const answer = await raw('/api/user/getCommercialInfo', token);
      expect(answer).toMatchObject({ code: 2, access: 'denied-login' });
      expect((await raw(CARDS, token)).code).toBe(2);
    }

    const again = await loginAs(phone);
    expect(again.body.data.permission).toEqual(['home', 'order:view']);
    const refused = await raw(CARDS, again.body.data.token);
    expect(refused).toMatchObject({ code: 403, message: '无操作权限', access: 'denied-permission' });
  });

  it('disabling revokes the tokens and refuses the login; enabling lets it log in again', async () => {
    const phone = freshPhone();
    const { id } = await sb.data<{ id: number }>(OPERATOR, '/api/user/addAC', addRequest({ phone }));
    const token = (await loginAs(phone)).body.data.token;
    const account = await listed(OPERATOR, id);
    await sb.data(OPERATOR, '/api/user/editAC', { ...account, status: 2 });
    expect((await listed(OPERATOR, id)).status).toBe(2);
    expect((await sb.get('/api/user/getCommercialInfo', token)).body.code).toBe(2);
    expect((await loginAs(phone)).body).toMatchObject({ code: 1006, message: '账号已被禁用' });

    await sb.data(OPERATOR, '/api/user/editAC', { ...account, status: 1 });
    // The old token stays revoked; a new login works.
    expect((await sb.get('/api/user/getCommercialInfo', token)).body.code).toBe(2);
    expect((await loginAs(phone)).body.code).toBe(0);
  });

  it('a new password revokes the tokens and is the one that logs in', async () => {
    const phone = freshPhone();
    const { id } = await sb.data<{ id: number }>(OPERATOR, '/api/user/addAC', addRequest({ phone }));
    const token = (await loginAs(phone)).body.data.token;
    await sb.data(OPERATOR, '/api/user/editAC', { ...(await listed(OPERATOR, id)), password: 'newpass88' });
    expect((await sb.get('/api/user/getCommercialInfo', token)).body.code).toBe(2);
    expect((await loginAs(phone)).body.code).toBe(1004);
    const login = await sb.post('/api/user/antLoginWithPwd', null, { phone, password: 'newpass88' });
    expect(login.body.code).toBe(0);
  });
});

describe('data scope 2 (rule 1)', () => {
  it('a sub-account limited to site 3 reaches site 3 only; a call outside its permissions answers 403', async () => {
    const phone = freshPhone();
    await sb.data(
      OPERATOR,
      '/api/user/addAC',
      addRequest({ phone, permissions: ['site:view', 'order:view'], dataScope: 2, siteIds: [3] }),
    );
    const login = (await loginAs(phone)).body.data;
    expect(login.extendPermission).toMatchObject({ dataScope: 2, siteIds: [3] });
    const token = login.token;

    const sites = await sb.post<{ list: { id: number }[]; total: number }>('/api/r9/site/siteList', token, {
      pageNum: 1,
      pageSize: 20,
    });
    expect(sites.body.code).toBe(0);
    expect(sites.body.data.list.map((s) => s.id)).toEqual([3]);
    const counts = await sb.get<{ siteCount: number }>('/api/user/statisticalOperation', token);
    expect(counts.body.data.siteCount).toBe(1);

    expect((await sb.get('/api/site/siteBaseInfo', token, { siteId: 3 })).body.code).toBe(0);
    for (const siteId of [1, 2, 4]) {
      const outside = await raw(`/api/site/siteBaseInfo?siteId=${siteId}`, token);
      expect(outside).toMatchObject({ code: 1, message: '站点不存在或无权查看', access: 'denied-scope' });
    }
    // Orders of a site outside its scope are not told either.
    expect((await raw(`${ORDERS}&siteId=1`, token)).access).toBe('denied-scope');
    // No card:view: refused by the server whatever the screen shows.
    const cards = await raw(CARDS, token);
    expect(cards).toMatchObject({ code: 403, message: '无操作权限', access: 'denied-permission' });

    // Widening the scope to every site: a new login sees all six of the operator's sites.
    const { list } = await sb.data<Page<SubAccount>>(
      OPERATOR,
      `/api/user/AClist?keyword=${phone}&pageNum=1&pageSize=5`,
    );
    await sb.data(OPERATOR, '/api/user/editAC', { ...list[0], dataScope: 1, siteIds: [] });
    expect((await sb.get('/api/user/statisticalOperation', token)).body.code).toBe(2);
    const wide = (await loginAs(phone)).body.data.token;
    expect((await sb.get<{ siteCount: number }>('/api/user/statisticalOperation', wide)).body.data.siteCount).toBe(6);
  });
});
