import { describe, expect, it } from 'vitest';
import type { BoxListRow, ChargerListOfBox } from '../../src/api/device-setup';
import type { Page } from '../../src/api/http';
import type { RemoteRecordPage } from '../../src/api/remote';
import {
  answerDialog,
  byTestId,
  chooseBox,
  clickText,
  fault,
  openDemoPhone,
  press,
  sharedBrowser,
  shanghaiDate,
  waitForPath,
  waitForText,
  waitForTextOf,
  type AccountApi,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Remote charging on screen (C-mine.md remoteCharge, searchSerial, recordOfremote; Business rule 15) in both bundles:
 * a box chosen on 选择设备, an idle socket started for 4 hours after the confirmation — the socket turns 充电中 and
 * the record lists the start; a refused start (the sandbox's fault) leaves no record; an offline box cannot start.
 */

/** The first online box of the caller with an idle socket, and that socket. */
async function idleSocket(call: AccountApi) {
  const boxes = await call.get<Page<BoxListRow>>('/api/r9/box/boxList?pageNum=1&pageSize=100');
  for (const box of boxes.list.filter((b) => b.status !== 2 && b.idleCount > 0)) {
    const sockets = await call.get<ChargerListOfBox>(`/api/box/getChargerListByBoxCode?boxCode=${box.serialNumber}`);
    const idle = sockets.chargers.find((c) => c.status === 0);
    if (idle) return { box, socketNo: idle.socketNo };
  }
  throw new Error('the demo world has an idle socket');
}

const todayRecords = (call: AccountApi) => {
  const today = shanghaiDate();
  return call.get<RemoteRecordPage>(
    `/api/r9/charge/remotePayRecord?startDate=${shanghaiDate(-29)}&endDate=${today}&pageNum=1&pageSize=20`,
  );
};

describe.each<Host>(['wechat', 'alipay'])('%s bundle: remote charging', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('chooses a box, starts an idle socket and finds the start in the records', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const { box, socketNo } = await idleSocket(call);
    const before = await todayRecords(call);

    await page.goto(`${baseUrl}/mine`);
    await clickText(page, '远程充电');
    await waitForPath(page, '/mine/remoteCharge');
    await waitForText(page, '请选择设备');
    await press(page, byTestId('choose-box'));
    await waitForPath(page, '/mine/searchSerial');
    await chooseBox(page, box.serialNumber);
    await waitForPath(page, '/mine/remoteCharge');
    await waitForTextOf(page, byTestId('choose-box'), box.serialNumber, 'contains');
    await press(page, byTestId(`socket-${socketNo}`));
    await clickText(page, '设备测试', '.adm-radio-content');
    await clickText(page, '开始充电', `${byTestId('remote-bar')} button`);
    await answerDialog(page, '确定', `确认远程开启 ${box.serialNumber} 的 ${socketNo} 号口，充电 4 小时？`);
    await waitForText(page, '已下发启动指令');
    await waitForTextOf(page, byTestId(`socket-${socketNo}`), '充电中', 'contains');

    const after = await todayRecords(call);
    expect(after.total).toBe(before.total + 1);
    expect(after.list[0]).toMatchObject({
      serialNumber: box.serialNumber,
      socketNo,
      chargeMinutes: 240,
      reasonType: 2,
    });
    const record = after.list[0];
    if (!record) throw new Error('the start was recorded');

    // 记录 lists it with the summary of the last 30 days.
    await clickText(page, '记录', 'a');
    await waitForPath(page, '/mine/recordOfremote');
    await waitForTextOf(
      page,
      byTestId('remote-summary'),
      `共 ${after.total} 次 · 累计 ${Math.round((after.totalMinutes / 60) * 10) / 10} 小时`,
    );
    await waitForTextOf(page, byTestId(`remote-${record.id}`), `${box.serialNumber} · ${socketNo}号口`, 'contains');
  });

  it('a refused start leaves no record; an offline box cannot start', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const { box, socketNo } = await idleSocket(call);
    const before = await todayRecords(call);
    await page.goto(`${baseUrl}/mine/remoteCharge`);
    await press(page, byTestId('choose-box'));
    await waitForPath(page, '/mine/searchSerial');
    await chooseBox(page, box.serialNumber);
    await waitForPath(page, '/mine/remoteCharge');
    await press(page, byTestId(`socket-${socketNo}`));
    await clickText(page, '故障补偿', '.adm-radio-content');
    await fault(baseUrl, { path: '/api/r9/charge/remotePay', code: 1, message: '今日远程充电次数已达上限' });
    await clickText(page, '开始充电', `${byTestId('remote-bar')} button`);
    await answerDialog(page, '确定', '确认远程开启');
    await waitForText(page, '今日远程充电次数已达上限');
    expect((await todayRecords(call)).total).toBe(before.total);

    const boxes = await call.get<Page<BoxListRow>>('/api/r9/box/boxList?pageNum=1&pageSize=100');
    const offline = boxes.list.find((b) => b.status === 2);
    if (!offline) throw new Error('the demo world has an offline box');
    await page.goto(`${baseUrl}/mine/remoteCharge`);
    await press(page, byTestId('choose-box'));
    await waitForPath(page, '/mine/searchSerial');
    await chooseBox(page, offline.serialNumber);
    await waitForPath(page, '/mine/remoteCharge');
    await waitForText(page, '设备离线，无法远程充电');
    expect(await page.$eval(`${byTestId('remote-bar')} button`, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });
});
