import { describe, expect, it } from 'vitest';
import type { MerchantHomePage } from '../../src/api/home';
import type { PropertyListPage } from '../../src/api/site';
import type { PropertyAccountView } from '../../src/api/tenement';
import type { LoginResult } from '../../src/api/user';
import { scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * Property accounts (C-mine.md /mine/tenement-list, base/info, base/list; Business rule 21) through the sandbox's HTTP
 * interface: a property created without a login (未开通) and with one, the rules of the form, at most one login, the
 * phone unused, disabling (its tokens revoked, no login), a new password, deleting the login (the property, its sites
 * and its share income kept), and who reaches which property — a property sees its own share only.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { operator: OPERATOR, agent: AGENT, property: CUIYUAN } = DEMO_PHONES;
const { sb } = openSandboxForFile(NOW);
const PASSWORD = 'sandbox123';
const CUIYUAN_ID = 10003;

function login(phone: string, password = PASSWORD) {
  return sb.post<LoginResult>('/api/user/antLoginWithPwd', null, { phone, password });
}

async function view(merchantId: number): Promise<PropertyAccountView> {
  return sb.data<PropertyAccountView>(OPERATOR, `/api/user/viewPropertyAccount?merchantId=${merchantId}`);
}

describe('creating a property (rule 21)', () => {
  it('without a login it is 未开通 with no phone; its name is unique among the operator’s properties', async () => {
    const { accountId } = await sb.data<{ accountId: number }>(OPERATOR, '/api/user/createPropertyAccount', {
      name: '古荡物业',
      contacts: '钱多多',
      contactPhone: '13911110001',
    });
    expect(await view(accountId)).toEqual({
      merchant: { merchantId: accountId, name: '古荡物业', contacts: '钱多多', phone: '13911110001' },
      account: null,
    });
    const list = await sb.data<PropertyListPage>(
      OPERATOR,
      '/api/user/merchantListByOperator?pageNum=1&pageSize=50&keyword=古荡',
    );
    expect(list.list).toEqual([expect.objectContaining({ merchantId: accountId, accountStatus: 0, siteCount: 0 })]);
    const again = await sb.call(OPERATOR, '/api/user/createPropertyAccount', {
      name: '古荡物业',
      contacts: '钱多多',
      contactPhone: '13911110001',
    });
    expect(again.body).toMatchObject({ code: 1, message: '该物业已存在' });
    // Another operator's namesake is its own business.
    expect(
      (
        await sb.call(AGENT, '/api/user/createPropertyAccount', {
          name: '古荡物业',
          contacts: '钱多多',
          contactPhone: '13911110001',
        })
      ).body.code,
    ).toBe(0);
  });

  it('refuses each field by its rule and creates nothing', async () => {
    const before = await scalar(sb.db, 'select count(*) from account');
    const base = { name: '三墩物业', contacts: '孙立', contactPhone: '13911110002' };
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '物' }, '请输入物业名称'],
      [{ contacts: '孙' }, '请输入联系人姓名'],
      [{ contactPhone: '1391111' }, '请输入正确的11位手机号'],
      [{ loginPhone: '13911110003', password: 'abc' }, '密码需为6-20位字母和数字组合'],
      [{ loginPhone: OPERATOR, password: 'abc12345' }, '该手机号已被其他账号使用'],
    ];
    for (const [fields, message] of cases) {
      const answer = await sb.call(OPERATOR, '/api/user/createPropertyAccount', { ...base, ...fields });
      expect(answer.body, JSON.stringify(fields)).toMatchObject({ code: 1, message });
    }
    expect(await scalar(sb.db, 'select count(*) from account')).toBe(before);
  });

  it('with a login it can log in at once and sees its own (empty) share', async () => {
    const { accountId } = await sb.data<{ accountId: number }>(OPERATOR, '/api/user/createPropertyAccount', {
      name: '蒋村物业',
      contacts: '蒋文',
      contactPhone: '13911110004',
      loginPhone: '13911110005',
      accountName: '蒋村物业前台',
      password: 'abc12345',
    });
    const shown = await view(accountId);
    expect(shown.account).toMatchObject({ accountId, loginPhone: '13911110005', name: '蒋村物业前台', status: 1 });
    const session = await login('13911110005', 'abc12345');
    expect(session.body.data).toMatchObject({ accountType: 3 });
    const home = await sb.get<MerchantHomePage>('/api/user/merchantHomePage', session.body.data.token);
    expect(home.body.data).toMatchObject({ merchantId: accountId, list: [], summary: { totalShareIncome: 0 } });
  });
});

describe('the login of a property (rule 21)', () => {
  it('opens once on a phone no account uses; disabling revokes and refuses the login; enabling restores it', async () => {
    const { accountId } = await sb.data<{ accountId: number }>(OPERATOR, '/api/user/createPropertyAccount', {
      name: '留下物业',
      contacts: '留芳',
      contactPhone: '13911110006',
    });
    const open = { merchantId: accountId, loginPhone: '13911110007', name: '留下物业', password: PASSWORD };
    const taken = await sb.call(OPERATOR, '/api/user/createPropertyAccount', { ...open, loginPhone: CUIYUAN });
    expect(taken.body).toMatchObject({ code: 1, message: '该手机号已被其他账号使用' });
    expect((await sb.data<{ accountId: number }>(OPERATOR, '/api/user/createPropertyAccount', open)).accountId).toBe(
      accountId,
    );
    const twice = await sb.call(OPERATOR, '/api/user/createPropertyAccount', { ...open, loginPhone: '13911110008' });
    expect(twice.body).toMatchObject({ code: 1, message: '该物业已开通账号' });

    const token = (await login('13911110007')).body.data.token;
    expect((await sb.get('/api/user/getCommercialInfo', token)).body.code).toBe(0);
    await sb.data(OPERATOR, '/api/user/updatePropertyAccount', { accountId, status: 2 });
    expect((await view(accountId)).account?.status).toBe(2);
    expect((await sb.get('/api/user/getCommercialInfo', token)).body.code).toBe(2);
    expect((await login('13911110007')).body).toMatchObject({ code: 1006, message: '账号已被禁用' });
    const list = await sb.data<PropertyListPage>(
      OPERATOR,
      '/api/user/merchantListByOperator?pageNum=1&pageSize=50&keyword=留下',
    );
    expect(list.list[0]?.accountStatus).toBe(2);

    await sb.data(OPERATOR, '/api/user/updatePropertyAccount', { accountId, status: 1 });
    const fresh = (await login('13911110007')).body.data.token;
    await sb.data(OPERATOR, '/api/user/updatePropertyAccount', { accountId, password: 'newpass88' });
    expect((await sb.get('/api/user/getCommercialInfo', fresh)).body.code).toBe(2);
    expect((await login('13911110007', 'newpass88')).body.code).toBe(0);

    await sb.data(OPERATOR, '/api/user/updatePropertyAccount', { accountId, loginPhone: '13911110009' });
    expect((await view(accountId)).account?.loginPhone).toBe('13911110009');
    expect((await login('13911110009', 'newpass88')).body.code).toBe(0);
  });

  it('deleting the login keeps the property, its sites, its share rules and its share income', async () => {
    const before = await sb.data<MerchantHomePage>(OPERATOR, `/api/user/merchantHomePage?merchantId=${CUIYUAN_ID}`);
    expect(before.list.map((s) => s.siteId)).toEqual([1, 2]);
    const token = await sb.login(CUIYUAN);
    const parties = () => scalar(sb.db, 'select count(*) from site_share_party where user_id = $1', [CUIYUAN_ID]);
    const partyRows = await parties();
    expect(partyRows).toBeGreaterThan(0);

    await sb.data(OPERATOR, '/api/user/deletePropertyAccount', { accountId: CUIYUAN_ID });
    expect((await view(CUIYUAN_ID)).account).toBeNull();
    expect((await sb.get('/api/user/getCommercialInfo', token)).body.code).toBe(2);
    expect((await login(CUIYUAN)).body.code).toBe(1002);
    const after = await sb.data<MerchantHomePage>(OPERATOR, `/api/user/merchantHomePage?merchantId=${CUIYUAN_ID}`);
    expect(after.list.map((s) => s.siteId)).toEqual([1, 2]);
    expect(after.summary.totalShareIncome).toBe(before.summary.totalShareIncome);
    expect(await parties()).toBe(partyRows);
    const deleteAgain = await sb.call(OPERATOR, '/api/user/deletePropertyAccount', { accountId: CUIYUAN_ID });
    expect(deleteAgain.body).toMatchObject({ code: 1, message: '该物业未开通账号' });

    // Opened again on the same phone, it logs in and sees its share as before.
    await sb.data(OPERATOR, '/api/user/createPropertyAccount', {
      merchantId: CUIYUAN_ID,
      loginPhone: CUIYUAN,
      name: '翠苑物业',
      password: PASSWORD,
    });
    const again = (await login(CUIYUAN)).body.data.token;
    const own = await sb.get<MerchantHomePage>('/api/user/merchantHomePage', again);
    expect(own.body.data.summary.totalShareIncome).toBe(before.summary.totalShareIncome);
  });
});

describe('the SMS of an opened login (C-mine.md 开通 → "开通成功，已短信通知物业")', () => {
  const inbox = async (phone: string) => {
    const res = await sb.app.request(`/__sandbox/sms/inbox?phone=${phone}`);
    return ((await res.json()) as { data: { kind: string; content: string; sentAt: number }[] }).data;
  };

  it('tells the login phone; a second notice to it within 60 s is refused and the login is not opened', async () => {
    const phone = '13911110031';
    const { accountId } = await sb.data<{ accountId: number }>(OPERATOR, '/api/user/createPropertyAccount', {
      name: '通知物业',
      contacts: '通知',
      contactPhone: '13911110030',
    });
    expect(await inbox(phone)).toEqual([]);
    const open = { merchantId: accountId, loginPhone: phone, name: '通知物业', password: PASSWORD };
    await sb.data(OPERATOR, '/api/user/createPropertyAccount', open);
    const [sent] = await inbox(phone);
    expect(sent).toMatchObject({ kind: 'notice', sentAt: sb.clock.now });
    expect(sent?.content).toContain('杭州易充科技');
    expect(sent?.content).toContain(`手机号${phone}`);
    expect(sent?.content).not.toContain(PASSWORD);

    // Deleted and opened again at once: the SMS limit (60 s per phone) refuses it, and nothing is opened.
    await sb.data(OPERATOR, '/api/user/deletePropertyAccount', { accountId });
    const tooSoon = await sb.call(OPERATOR, '/api/user/createPropertyAccount', open);
    expect(tooSoon.body).toMatchObject({ code: 1007, message: '短信发送过于频繁，请稍后再试' });
    expect((await view(accountId)).account).toBeNull();
    expect(await inbox(phone)).toHaveLength(1);
    sb.clock.now += 61_000;
    await sb.data(OPERATOR, '/api/user/createPropertyAccount', open);
    expect((await view(accountId)).account?.loginPhone).toBe(phone);
    expect(await inbox(phone)).toHaveLength(2);
  });

  it('a new property opened with its login at once is told too; one without a login is not', async () => {
    await sb.data(OPERATOR, '/api/user/createPropertyAccount', {
      name: '无号物业',
      contacts: '无号',
      contactPhone: '13911110032',
    });
    expect(await inbox('13911110032')).toEqual([]);
    await sb.data(OPERATOR, '/api/user/createPropertyAccount', {
      name: '带号物业',
      contacts: '带号',
      contactPhone: '13911110033',
      loginPhone: '13911110034',
      password: PASSWORD,
    });
    expect((await inbox('13911110034'))[0]?.kind).toBe('notice');
    expect(await inbox('13911110033')).toEqual([]);
  });
});

describe('who reaches a property', () => {
  it('the operator its own; an agent not the operator’s; a property, a sub-account, a builder none (403)', async () => {
    const agentView = await sb.call(AGENT, `/api/user/viewPropertyAccount?merchantId=${CUIYUAN_ID}`);
    expect(agentView.body).toMatchObject({ code: 1, message: '物业不存在或无权查看' });
    const agentDisable = await sb.call(AGENT, '/api/user/updatePropertyAccount', { accountId: CUIYUAN_ID, status: 2 });
    expect(agentDisable.body.code).toBe(1);
    for (const phone of [CUIYUAN, DEMO_PHONES.subAccount, DEMO_PHONES.builder]) {
      const token = (await login(phone)).body.data.token;
      const answer = await sb.get('/api/user/viewPropertyAccount', token, { merchantId: CUIYUAN_ID });
      expect(answer.body).toMatchObject({ code: 403, message: '无操作权限' });
    }
  });

  it('a property sees its own share only: its sites, not another property’s figures', async () => {
    const token = (await login(CUIYUAN)).body.data.token;
    const own = (await sb.get<MerchantHomePage>('/api/user/merchantHomePage', token)).body.data;
    expect(own.merchantId).toBe(CUIYUAN_ID);
    expect(own.list.map((s) => s.siteId)).toEqual([1, 2]);
    const other = await sb.get('/api/user/merchantHomePage', token, { merchantId: 10004 });
    expect(other.body).toMatchObject({ code: 1 });
  });
});
