import { describe, expect, it } from 'vitest';
import type { AgentInfo, TransferPage } from '../../src/api/factorial';
import {
  answerDialog,
  api,
  byTestId,
  clickText,
  openDemoPhone,
  press,
  sharedBrowser,
  smsInbox,
  typeInto,
  waitForPath,
  waitForText,
  waitForTextOf,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Agents and device transfers on screen (C-mine.md /mine/factorialList, /info; Business rules 18, 19) in both bundles:
 * the operator sends a new stock box to its agent 张伟 from 设备划拨 (the receiver looked up by phone, the box checked,
 * the transfer confirmed); the agent, on its own phone, accepts it in 划拨记录, and only then is the box the agent's;
 * the agent's detail shows it; 添加代理 lists a new agent and its phone gets the notice SMS the toast speaks of.
 * Data changed: a stock box per bundle delivered to the operator and transferred to the agent; an agent per bundle
 * (13900073001 / 13900073002).
 */

const AGENT_PHONE = '13800138001';
const AGENT_ID = 10002;
/** Agents added on screen, one per bundle. */
const NEW_AGENTS: Record<Host, string> = { wechat: '13900073001', alipay: '13900073002' };

describe.each<Host>(['wechat', 'alipay'])('%s bundle: agents and transfers', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('a box sent to the agent changes owner when the agent accepts it', async () => {
    const stock = await api<{ id: number; serialNumber: string }>(baseUrl, 'POST', '/__sandbox/device/stock', {
      phone: '13800138000',
    });
    expect(stock.code).toBe(0);
    const serial = stock.data.serialNumber;
    const operator = await openDemoPhone(browser(), baseUrl, host);
    const before = await operator.call.get<AgentInfo>(`/api/user/factorInfo?id=${AGENT_ID}`);

    await operator.page.goto(`${baseUrl}/mine`);
    await press(operator.page, byTestId('mine-entry-agent'));
    await waitForPath(operator.page, '/mine/factorialList');
    await waitForText(operator.page, '张伟');
    await clickText(operator.page, '设备划拨', 'button');
    await typeInto(operator.page, 'receiverPhone', AGENT_PHONE);
    await clickText(operator.page, '查询', 'button');
    await waitForTextOf(operator.page, byTestId('transfer-receiver'), '接收方：', 'contains');
    await typeInto(operator.page, 'serial', serial);
    await clickText(operator.page, '添加', 'button');
    await waitForTextOf(operator.page, byTestId('transfer-rows'), `${serial} ·`, 'contains');
    await press(operator.page, byTestId('transfer-submit'));
    await answerDialog(operator.page, '确定', '确认将 1 台设备划拨给');
    await waitForText(operator.page, '划拨已提交，待对方接收');
    const sent = await operator.call.get<TransferPage>(
      '/api/transfer/getRecord?direction=1&status=1&pageNum=1&pageSize=1',
    );
    const transfer = sent.list[0];
    expect(transfer).toMatchObject({ direction: 1, deviceCount: 1, status: 1 });
    await waitForTextOf(operator.page, byTestId(`transfer-${transfer?.transferId}`), '待接收', 'contains');
    // Pending: the box is still the operator's.
    const pending = await operator.call.get<{ ok: boolean }>(
      `/api/transfer/outDeviceAddCheck?serialNumber=${serial}&toMerchantId=${AGENT_ID}`,
    );
    expect(pending).toMatchObject({ ok: false, reason: '设备已在其他待接收的划拨中' });

    // The agent accepts it on its own phone.
    const agent = await openDemoPhone(browser(), baseUrl, host, AGENT_PHONE);
    // from /mine's 划拨记录, the agent's entry to the transfers it receives
    await clickText(agent.page, '我的', '.adm-tab-bar-item');
    await press(agent.page, byTestId('mine-entry-transfers'));
    await waitForPath(agent.page, '/mine/factorialList');
    const row = byTestId(`transfer-${transfer?.transferId}`);
    await waitForTextOf(agent.page, row, '转入', 'contains');
    await press(agent.page, `${row} button.adm-button-primary`);
    await answerDialog(agent.page, '确定', '接收后设备归属您，确定接收？');
    await waitForText(agent.page, '已接收');
    await waitForTextOf(agent.page, row, '已完成', 'contains');
    const check = await operator.call.get<{ ok: boolean; reason?: string }>(
      `/api/transfer/outDeviceAddCheck?serialNumber=${serial}&toMerchantId=${AGENT_ID}`,
    );
    expect(check).toMatchObject({ ok: false, reason: '设备不存在或不属于您' });

    // The agent's detail counts it.
    await operator.page.goto(`${baseUrl}/mine/factorialList/info?id=${AGENT_ID}`);
    await waitForTextOf(operator.page, byTestId('agent-devices'), `设备 ${before.deviceCount + 1} 台`, 'contains');
    await agent.context.close();
    await operator.context.close();
  });

  it('添加代理: the new agent is listed and told by SMS before the toast says so', async () => {
    const phone = NEW_AGENTS[host];
    const name = host === 'wechat' ? '微信新代理' : '支付宝新代理';
    const operator = await openDemoPhone(browser(), baseUrl, host);
    await operator.page.goto(`${baseUrl}/mine/factorialList`);
    await waitForText(operator.page, '张伟');
    await clickText(operator.page, '添加代理', 'button');
    await typeInto(operator.page, 'agentName', name);
    await typeInto(operator.page, 'agentPhone', phone);
    await typeInto(operator.page, 'agentPassword', 'agent1234');
    expect(await smsInbox(baseUrl, phone)).toEqual([]);
    await clickText(operator.page, '添加', 'button');
    await waitForText(operator.page, '添加成功，已短信通知对方');
    const [notice] = await smsInbox(baseUrl, phone);
    expect(notice?.kind).toBe('notice');
    expect(notice?.content).toContain(`已将您添加为代理商，请使用手机号${phone}`);
    const page = await operator.call.get<{ list: { id: number; phone: string }[] }>(
      `/api/user/factorRecords?keyword=${phone}&pageNum=1&pageSize=1`,
    );
    expect(page.list[0]?.phone).toBe(phone);
    await waitForTextOf(operator.page, byTestId(`agent-${page.list[0]?.id}`), name, 'contains');
    await operator.context.close();
  });
});
