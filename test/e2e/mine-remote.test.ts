import { describe, expect, it } from 'vitest';
import type { BoxListRow, ChargerListOfBox } from '../../src/api/device-setup';
import type { DocRecord } from '../../src/api/exports';
import type { Page } from '../../src/api/http';
import type { OrderDetail, OrderPage } from '../../src/api/orders';
import type { RemoteRecordPage } from '../../src/api/remote';
import {
  api,
  answerDialog,
  bodyText,
  byTestId,
  chooseBox,
  clickText,
  openDemoPhone,
  press,
  sharedBrowser,
  shanghaiDate,
  typeInto,
  waitForPath,
  waitForText,
  waitForTextOf,
  type AccountApi,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Remote starts against the sandbox's simulated box (C-mine.md remoteCharge, recordOfremote; B-site.md §3 socket 远程启动;
 * Business rule 15) in both bundles: a start from the socket's detail that the box acknowledges — the socket turns
 * 充电中, the command is recorded once, the free order (远程充电, ¥0.00) is in the charging records; and a start on a
 * box made to fail (POST /__sandbox/device-behaviour) that becomes 启动失败 60 s later on the business clock, the
 * socket free again.
 */

/** An online box of the caller with an idle socket (its id, serial) and that socket, skipping `skip` serials. */
async function idleSocket(call: AccountApi, skip: string[] = []) {
  const boxes = await call.get<Page<BoxListRow>>('/api/r9/box/boxList?pageNum=1&pageSize=100');
  for (const box of boxes.list.filter((b) => b.status === 1 && b.idleCount > 0 && !skip.includes(b.serialNumber))) {
    const sockets = await call.get<ChargerListOfBox>(`/api/box/getChargerListByBoxCode?boxCode=${box.serialNumber}`);
    const idle = sockets.chargers.find((c) => c.status === 0);
    if (idle) return { box, socket: idle };
  }
  throw new Error('the demo world has an idle socket');
}

const socketStatus = async (call: AccountApi, serial: string, socketNo: number) =>
  (await call.get<ChargerListOfBox>(`/api/box/getChargerListByBoxCode?boxCode=${serial}`)).chargers.find(
    (c) => c.socketNo === socketNo,
  )?.status;

const records = (call: AccountApi, serial: string) =>
  call.get<RemoteRecordPage>(
    `/api/r9/charge/remotePayRecord?startDate=${shanghaiDate(-1)}&endDate=${shanghaiDate()}&serialNumber=${serial}&pageNum=1&pageSize=20`,
  );

describe.each<Host>(['wechat', 'alipay'])('%s bundle: remote starts on the simulated box', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('a start from the socket detail is acknowledged: 充电中, one command, a free order in the records', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const { box, socket } = await idleSocket(call);
    const since = Date.now() - 1000;
    await page.goto(`${baseUrl}/site/socket/socketInfo?chargerId=${socket.chargerId}`);
    await clickText(page, '远程启动', 'button');
    await page.waitForSelector(byTestId('remote-start-sheet'), { visible: true });
    await clickText(page, '60分钟', `${byTestId('remote-start-sheet')} .adm-selector-item`);
    await clickText(page, '设备测试', `${byTestId('remote-start-sheet')} .adm-radio-content`);
    await clickText(page, '确定启动', 'button');
    await answerDialog(page, '确定', '远程启动不收取费用');
    await waitForText(page, '启动指令已下发');
    // the box acknowledges within seconds
    for (let i = 0; i < 30 && (await socketStatus(call, box.serialNumber, socket.socketNo)) !== 1; i++)
      await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await socketStatus(call, box.serialNumber, socket.socketNo)).toBe(1);
    await page.goto(`${baseUrl}/site/socket/socketInfo?chargerId=${socket.chargerId}`);
    await waitForTextOf(page, byTestId('socket-order'), '远程', 'contains');

    const rec = (await records(call, box.serialNumber)).list.find((r) => r.socketNo === socket.socketNo);
    expect(rec).toMatchObject({ status: 2, chargeMinutes: 60, reasonType: 2 });
    const commands = await api<{ type: number; params: { socketNo: number } }[]>(
      baseUrl,
      'GET',
      `/__sandbox/device-commands?deviceId=${box.id}&since=${since}`,
    );
    expect(commands.data.filter((c) => c.type === 7 && c.params.socketNo === socket.socketNo)).toHaveLength(1);

    // the free order: 远程充电, ¥0.00, 充电中 — so not yet under the 已完成 tab of the charging records
    const order = await call.get<OrderDetail>(`/api/order/orderDetail?orderId=${rec?.orderId}`);
    expect(order).toMatchObject({ payType: 7, amount: 0, status: 1 });
    const done = await call.get<OrderPage>(
      `/api/r9/order/successChargeOrderList?startDate=${shanghaiDate()}&endDate=${shanghaiDate()}&payType=7&keyword=${box.serialNumber}&pageNum=1&pageSize=20`,
    );
    expect(done.list.map((o) => o.orderId)).not.toContain(order.orderId);
    await page.goto(`${baseUrl}/mine/chargerRecord-info?orderId=${order.orderId}`);
    await waitForTextOf(page, byTestId('order-pay-type'), '远程充电');
    await waitForTextOf(page, byTestId('order-banner'), '充电中', 'contains');
    expect(await page.$(byTestId('refund-open'))).toBeNull();

    // the records of that box (the socket detail's 远程充电记录) e-mailed: 导出 → one DocRecord 远程充电记录
    const email = `remote-${host}@yichong-hz.cn`;
    await page.goto(`${baseUrl}/mine/recordOfremote?serialNumber=${box.serialNumber}`);
    const listed = await call.get<RemoteRecordPage>(
      `/api/r9/charge/remotePayRecord?startDate=${shanghaiDate(-29)}&endDate=${shanghaiDate()}&serialNumber=${box.serialNumber}&pageNum=1&pageSize=20`,
    );
    await waitForTextOf(page, byTestId('remote-summary'), `共 ${listed.total} 次`, 'contains');
    await press(page, byTestId('export-open'));
    await typeInto(page, 'exportEmail', email);
    await press(page, byTestId('export-submit'));
    await waitForTextOf(page, byTestId('export-started'), email, 'contains');
    const docs = await call.get<Page<DocRecord>>('/api/doc/listDocRecords?docType=2&pageNum=1&pageSize=5');
    expect(docs.list.filter((d) => d.email === email)).toHaveLength(1);
    expect(docs.list[0]).toMatchObject({
      email,
      conditions: `${shanghaiDate(-29)} 至 ${shanghaiDate()} · 设备 ${box.serialNumber}`,
    });
    await clickText(page, '去下载中心', 'a');
    await waitForPath(page, '/mine/downCenter/index');
    await waitForText(page, docs.list[0]?.fileName ?? '');
  });

  it('a box that does not answer: 启动失败 after 60 s, the socket free again', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const { box, socket } = await idleSocket(call);
    await api(baseUrl, 'POST', '/__sandbox/device-behaviour', { serialNumber: box.serialNumber, behaviour: 'fail' });
    try {
      await page.goto(`${baseUrl}/mine/remoteCharge`);
      await press(page, byTestId('choose-box'));
      await waitForPath(page, '/mine/searchSerial');
      await chooseBox(page, box.serialNumber);
      await waitForPath(page, '/mine/remoteCharge');
      await press(page, byTestId(`socket-${socket.socketNo}`));
      await clickText(page, '1小时', `${byTestId('hour-chips')} button`);
      await clickText(page, '故障补偿', '.adm-radio-content');
      await clickText(page, '开始充电', `${byTestId('remote-bar')} button`);
      // one question, and behind it the button does not say it is starting yet
      await page.waitForSelector('.adm-dialog-body', { visible: true });
      expect(await page.$(`${byTestId('remote-bar')} .adm-button-loading`)).toBeNull();
      await answerDialog(page, '确定', `确认远程开启 ${box.serialNumber} 的 ${socket.socketNo} 号口，充电 1 小时？`);
      await waitForText(page, '已下发启动指令');
      const pending = (await records(call, box.serialNumber)).list.find((r) => r.socketNo === socket.socketNo);
      expect(pending).toMatchObject({ status: 1 });

      // 60 s on the business clock: no acknowledgement, the start fails
      const moved = await api(baseUrl, 'POST', '/__sandbox/clock', { advanceMs: 61_000 });
      expect(moved.code).toBe(0);
      const failed = (await records(call, box.serialNumber)).list.find((r) => r.id === pending?.id);
      expect(failed).toMatchObject({ status: 4, failReason: '设备未响应，启动失败' });
      expect(await socketStatus(call, box.serialNumber, socket.socketNo)).toBe(0);
      await page.goto(`${baseUrl}/mine/recordOfremote?serialNumber=${box.serialNumber}`);
      await waitForTextOf(page, byTestId(`remote-${pending?.id}`), '启动失败', 'contains');
      await waitForTextOf(page, byTestId(`remote-${pending?.id}`), '设备未响应，启动失败', 'contains');
    } finally {
      await api(baseUrl, 'DELETE', '/__sandbox/clock');
      await api(baseUrl, 'POST', '/__sandbox/device-behaviour', { serialNumber: box.serialNumber, behaviour: 'ok' });
    }
  });

  it('a box that refuses the command: 启动失败 with its reason at once, the socket free', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const { box, socket } = await idleSocket(call);
    await api(baseUrl, 'POST', '/__sandbox/device-behaviour', { serialNumber: box.serialNumber, behaviour: 'reject' });
    try {
      await page.goto(`${baseUrl}/mine/remoteCharge`);
      await press(page, byTestId('choose-box'));
      await waitForPath(page, '/mine/searchSerial');
      await chooseBox(page, box.serialNumber);
      await waitForPath(page, '/mine/remoteCharge');
      await press(page, byTestId(`socket-${socket.socketNo}`));
      await clickText(page, '1小时', `${byTestId('hour-chips')} button`);
      await clickText(page, '设备测试', '.adm-radio-content');
      await clickText(page, '开始充电', `${byTestId('remote-bar')} button`);
      await answerDialog(page, '确定', `确认远程开启 ${box.serialNumber} 的 ${socket.socketNo} 号口，充电 1 小时？`);
      // the answer itself says 启动失败: an alert with the box's reason, no 已下发启动指令
      await answerDialog(page, '确定', '插座无法通电，启动失败');
      expect(await bodyText(page)).not.toContain('已下发启动指令');
      const failed = (await records(call, box.serialNumber)).list.find((r) => r.socketNo === socket.socketNo);
      expect(failed).toMatchObject({ status: 4, failReason: '插座无法通电，启动失败' });
      expect(await socketStatus(call, box.serialNumber, socket.socketNo)).toBe(0);
    } finally {
      await api(baseUrl, 'POST', '/__sandbox/device-behaviour', { serialNumber: box.serialNumber, behaviour: 'ok' });
    }
  });
});
