import { describe, expect, it } from 'vitest';
import type { AgentInfo, AgentRow, TransferCheck, TransferDetail, TransferPage } from '../../src/api/factorial';
import type { Page } from '../../src/api/http';
import type { LoginResult } from '../../src/api/user';
import { rows, scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * Agents and device transfers (C-mine.md /mine/factorialList, /info; Business rules 18, 19) through the sandbox's HTTP
 * interface: creating an agent (its phone unused), disabling it (its login refused, its sites untouched), its 上级 rate
 * becoming a share-rule version effective tomorrow, and transfers 1 → 2 / 3 / 4 with the devices changing owner only
 * on acceptance.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { operator: OPERATOR, agent: AGENT } = DEMO_PHONES;
const { sb } = openSandboxForFile(NOW);
const AGENT_ID = 10002;

/** Serial numbers of the operator's stock boxes not in a pending transfer. */
async function freeStock(): Promise<string[]> {
  const list = await rows<{ serialNumber: string }>(
    sb.db,
    `select d.serial_number from device d where d.owner_operator_id = 10001 and d.site_id is null
       and d.device_type between 1 and 3
       and not exists (select 1 from transfer_item i join transfer t on t.id = i.transfer_id
                       where i.device_id = d.id and t.status = 1)
     order by d.id`,
  );
  return list.map((r) => r.serialNumber);
}

const owner = (serial: string) =>
  scalar(sb.db, 'select owner_operator_id from device where serial_number = $1', [serial]);

describe('agents (rule 18)', () => {
  it('creates an agent on a phone no account uses; it logs in as an agent of the operator', async () => {
    expect(await sb.data(OPERATOR, '/api/user/valiFactory?phone=13800138001')).toEqual({
      available: false,
      message: '该手机号已是代理',
    });
    expect(await sb.data(OPERATOR, '/api/user/valiFactory?phone=13800138006')).toEqual({
      available: false,
      message: '该手机号已注册为运营商',
    });
    expect(await sb.data(OPERATOR, '/api/user/valiFactory?phone=13911112001')).toEqual({ available: true });
    const taken = await sb.call(OPERATOR, '/api/user/factorEdit', {
      name: '重复代理',
      phone: '13800138004',
      password: 'abc12345',
    });
    expect(taken.body).toMatchObject({ code: 1, message: '该手机号已被注册' });

    const { id } = await sb.data<{ id: number }>(OPERATOR, '/api/user/factorEdit', {
      name: '王代理',
      phone: '13911112001',
      password: 'abc12345',
      remark: '城西',
    });
    const page = await sb.data<Page<AgentRow>>(OPERATOR, '/api/user/factorRecords?pageNum=1&pageSize=20');
    expect(page.list[0]).toMatchObject({ id, name: '王代理', phone: '13911112001', status: 1, deviceCount: 0 });
    // "添加成功，已短信通知对方": the new agent's phone got the notice (the sandbox's SMS inbox), without the password.
    const sms = await sb.app.request('/__sandbox/sms/inbox?phone=13911112001');
    const [notice] = ((await sms.json()) as { data: { kind: string; content: string }[] }).data;
    expect(notice?.kind).toBe('notice');
    expect(notice?.content).toContain('杭州易充科技已将您添加为代理商');
    expect(notice?.content).not.toContain('abc12345');
    const login = await sb.post<LoginResult>('/api/user/antLoginWithPwd', null, {
      phone: '13911112001',
      password: 'abc12345',
    });
    expect(login.body.data.extendPermission).toMatchObject({ accountType: 2, parentId: 10001 });
    // Agents have no agents.
    const nested = await sb.get('/api/user/factorRecords', login.body.data.token, { pageNum: 1, pageSize: 20 });
    expect(nested.body).toMatchObject({ code: 403, message: '无操作权限' });
  });

  it('disabling blocks the login only: its sites keep operating', async () => {
    // A token of its own (the cached one of sb.login is used by the transfer tests after this one).
    const token = (
      await sb.post<LoginResult>('/api/user/antLoginWithPwd', null, { phone: AGENT, password: 'sandbox123' })
    ).body.data.token;
    const sitesBefore = await scalar(sb.db, 'select count(*) from site where operator_id = $1 and status = 1', [
      AGENT_ID,
    ]);
    await sb.data(OPERATOR, '/api/user/factorEdit', { id: AGENT_ID, name: '张伟', status: 2 });
    expect((await sb.get('/api/user/getCommercialInfo', token)).body.code).toBe(2);
    const refused = await sb.post('/api/user/antLoginWithPwd', null, { phone: AGENT, password: 'sandbox123' });
    expect(refused.body.code).toBe(1006);
    expect(await scalar(sb.db, 'select count(*) from site where operator_id = $1 and status = 1', [AGENT_ID])).toBe(
      sitesBefore,
    );
    await sb.data(OPERATOR, '/api/user/factorEdit', { id: AGENT_ID, name: '张伟', status: 1 });
    expect((await sb.post('/api/user/antLoginWithPwd', null, { phone: AGENT, password: 'sandbox123' })).body.code).toBe(
      0,
    );
  });

  it('a new 上级 rate becomes the operator’s share of each agent site from tomorrow', async () => {
    const info = await sb.data<AgentInfo>(OPERATOR, `/api/user/factorInfo?id=${AGENT_ID}`);
    expect(info.superiorShareRate).toBe(1000);
    await sb.data(OPERATOR, '/api/user/factorEdit', { id: AGENT_ID, name: '张伟', superiorShareRate: 1500 });
    const pending = await rows<{ effectiveDate: string; chargeRate: number }>(
      sb.db,
      `select v.effective_date, p.charge_rate from site_share_rule_version v
       join site_share_party p on p.version_id = v.id and p.party_type = 5 and p.user_id = 10001
       where v.site_id = 7 and v.status = 2`,
    );
    expect(pending).toEqual([{ effectiveDate: '2026-11-21', chargeRate: 1500 }]);
    const inForce = await scalar(
      sb.db,
      `select p.charge_rate from site_share_rule_version v join site_share_party p on p.version_id = v.id
       where v.site_id = 7 and v.status = 1 and p.party_type = 5`,
    );
    expect(inForce).toBe(1000);
    expect((await sb.data<AgentInfo>(OPERATOR, `/api/user/factorInfo?id=${AGENT_ID}`)).superiorShareRate).toBe(1500);
  });

  it('another operator’s agent is not told', async () => {
    const answer = await sb.call(DEMO_PHONES.splitOperator, `/api/user/factorInfo?id=${AGENT_ID}`);
    expect(answer.body).toMatchObject({ code: 1, message: '代理不存在' });
  });
});

describe('device transfers (rule 19)', () => {
  it('checks each device, sends them pending, and moves the owner only when the agent accepts', async () => {
    const [a, b] = await freeStock();
    if (!a || !b) throw new Error('the demo operator has fewer than two free stock boxes');
    const check = await sb.data<TransferCheck>(
      OPERATOR,
      `/api/transfer/outDeviceAddCheck?serialNumber=${a}&toMerchantId=${AGENT_ID}`,
    );
    expect(check).toMatchObject({ ok: true, serialNumber: a });
    const bound = (
      await rows<{ serialNumber: string }>(sb.db, 'select serial_number from device where site_id = 1 limit 1')
    )[0];
    const boundCheck = await sb.data<TransferCheck>(
      OPERATOR,
      `/api/transfer/outDeviceAddCheck?serialNumber=${bound?.serialNumber}&toMerchantId=${AGENT_ID}`,
    );
    expect(boundCheck).toMatchObject({ ok: false, reason: '设备已绑定站点，不可划拨' });
    const notMine = await sb.call(OPERATOR, `/api/transfer/findAgent?phone=13800138006`);
    expect(notMine.body).toMatchObject({ code: 1, message: '只能划拨给您的下级代理' });

    const sent = await sb.data<{ transferId: number; transferNo: string }>(OPERATOR, '/api/transfer/outDeviceSubmit', {
      toMerchantId: AGENT_ID,
      serialNumbers: [a, b],
      remark: '测试划拨',
    });
    expect(sent.transferNo).toMatch(/^TF\d{14}\d{4,}$/);
    // Pending: still the operator's, and in no second transfer.
    expect(await owner(a)).toBe(10001);
    const again = await sb.call(OPERATOR, '/api/transfer/outDeviceSubmit', {
      toMerchantId: AGENT_ID,
      serialNumbers: [a],
    });
    expect(again.body).toMatchObject({ code: 1, message: `${a}：设备已在其他待接收的划拨中` });

    const incoming = await sb.data<TransferPage>(
      AGENT,
      '/api/transfer/getRecord?direction=2&status=1&pageNum=1&pageSize=20',
    );
    expect(incoming.pendingInCount).toBe(incoming.total);
    expect(incoming.list[0]).toMatchObject({ transferId: sent.transferId, direction: 2, deviceCount: 2, status: 1 });
    const detail = await sb.data<TransferDetail>(AGENT, `/api/transfer/transferDetail?transferId=${sent.transferId}`);
    expect(detail.devices.map((d) => d.serialNumber).sort()).toEqual([a, b].sort());
    // The sender cannot accept, the receiver cannot withdraw.
    expect(
      (await sb.call(OPERATOR, '/api/transfer/operation', { transferId: sent.transferId, action: 1 })).body.code,
    ).toBe(403);
    expect(
      (await sb.call(AGENT, '/api/transfer/operation', { transferId: sent.transferId, action: 3 })).body.code,
    ).toBe(403);

    expect(await sb.data(AGENT, '/api/transfer/operation', { transferId: sent.transferId, action: 1 })).toEqual({
      status: 2,
    });
    expect(await owner(a)).toBe(AGENT_ID);
    expect(await owner(b)).toBe(AGENT_ID);
    // A decision is final.
    const late = await sb.call(AGENT, '/api/transfer/operation', { transferId: sent.transferId, action: 2 });
    expect(late.body).toMatchObject({ code: 1, message: '划拨状态已变更' });
    const info = await sb.data<AgentInfo>(OPERATOR, `/api/user/factorInfo?id=${AGENT_ID}`);
    expect(info.transferredDeviceCount).toBeGreaterThanOrEqual(2);
  });

  it('rejected or withdrawn, the devices stay with the sender and can be sent again', async () => {
    // A new box in the operator's stock (the sandbox control standing in for a delivery).
    const delivered = await sb.app.request('/__sandbox/device/stock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: OPERATOR }),
    });
    const c = ((await delivered.json()) as { data: { serialNumber: string } }).data.serialNumber;
    const first = await sb.data<{ transferId: number }>(OPERATOR, '/api/transfer/outDeviceSubmit', {
      toMerchantId: AGENT_ID,
      serialNumbers: [c],
    });
    expect(await sb.data(AGENT, '/api/transfer/operation', { transferId: first.transferId, action: 2 })).toEqual({
      status: 3,
    });
    expect(await owner(c)).toBe(10001);
    const second = await sb.data<{ transferId: number }>(OPERATOR, '/api/transfer/outDeviceSubmit', {
      toMerchantId: AGENT_ID,
      serialNumbers: [c],
    });
    expect(await sb.data(OPERATOR, '/api/transfer/operation', { transferId: second.transferId, action: 3 })).toEqual({
      status: 4,
    });
    expect(await owner(c)).toBe(10001);
    const out = await sb.data<TransferPage>(OPERATOR, '/api/transfer/getRecord?direction=1&pageNum=1&pageSize=5');
    expect(out.list.slice(0, 2).map((t) => t.status)).toEqual([4, 3]);
  });

  it('refuses an empty list, duplicates and more than 100 devices', async () => {
    const send = (serialNumbers: string[]) =>
      sb.call(OPERATOR, '/api/transfer/outDeviceSubmit', { toMerchantId: AGENT_ID, serialNumbers });
    expect((await send([])).body).toMatchObject({ code: 1, message: '请添加设备' });
    expect((await send(['ABC123456', 'abc123456'])).body).toMatchObject({ code: 1, message: '该设备已在列表中' });
    const many = Array.from({ length: 101 }, (_, i) => `BOX${String(i).padStart(6, '0')}`);
    expect((await send(many)).body).toMatchObject({ code: 1, message: '单次最多划拨100台' });
  });
});
