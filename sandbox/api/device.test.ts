import type { Page } from '../../src/api/http';
import { describe, expect, it } from 'vitest';
import type {
  BoxDetail,
  BoxRow,
  BoxRowWithChargers,
  CameraCloudSystem,
  CameraCloudToken,
  DeviceCommandRecord,
  GuardRow,
  LiveAddress,
  SmokeRow,
  WebcamRow,
  WhiteRow,
} from '../../src/api/device';
import type { ConnectorDetail } from '../../src/api/device-setup';
import type { DeviceStatusStatistics, SiteListPage } from '../../src/api/site';
import { scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';
import { LECHANGE_APP_ID, lechangeSign } from './device';

/**
 * The device lists and remote control of the site detail (B-site.md §2; Business rules D; entities.md R1, R2): what
 * each list shows and to whom, the commands and their DeviceOperationLog rows, the time-driven states, the whitelist,
 * the camera-cloud token, signing and emulation, live addresses, and the consistency with the site statistics.
 */

const NOW = Date.parse('2026-11-20T20:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator']);

const boxes = (token: string, body: Record<string, unknown>) =>
  sb.post<Page<BoxRow>>('/api/box/getPagedBoxListOfSite', token, { pageNum: 1, pageSize: 20, ...body });
const boxesWithSockets = (token: string, body: Record<string, unknown>) =>
  sb.post<Page<BoxRowWithChargers>>('/api/box/getPagedBoxListWithChargerInfo', token, {
    pageNum: 1,
    pageSize: 20,
    ...body,
  });
const guards = (token: string, siteId: number) =>
  sb.post<Page<GuardRow>>('/api/box/getPagedEntranceGuardList', token, { siteId, pageNum: 1, pageSize: 20 });
const stats = async (siteId: number) =>
  (await sb.get<DeviceStatusStatistics>('/api/box/getDeviceStatusStatistics', tokens.operator, { siteId })).body.data;
const commands = async (deviceId: number) =>
  (await sb.get<DeviceCommandRecord[]>('/__sandbox/device-commands', null, { deviceId })).body.data;

describe('charging boxes', () => {
  it('lists every box of every site with counts that agree with the site statistics and the site list', async () => {
    const siteList = (
      await sb.post<SiteListPage>('/api/r9/site/siteList', tokens.operator, { pageNum: 1, pageSize: 20 })
    ).body.data.list;
    for (const siteId of [1, 2, 3, 4, 5, 6]) {
      const page = (await boxesWithSockets(tokens.operator, { siteId, pageSize: 100 })).body.data;
      const s = await stats(siteId);
      expect(page.total).toBe(s.boxTotal);
      expect(page.list.filter((b) => b.status === 1)).toHaveLength(s.boxOnline);
      expect(page.list.filter((b) => b.status === 2)).toHaveLength(s.boxOffline);
      expect(page.list.filter((b) => b.status === 3)).toHaveLength(s.boxFault);
      const sum = (key: 'chargingCount' | 'idleCount' | 'faultCount') => page.list.reduce((n, b) => n + b[key], 0);
      expect(sum('chargingCount')).toBe(s.socketCharging + s.socketFull);
      expect(sum('idleCount')).toBe(s.socketIdle);
      expect(sum('faultCount')).toBe(s.socketFault);
      const tiles = page.list.flatMap((b) => b.chargers);
      expect(tiles).toHaveLength(s.socketTotal);
      expect(tiles.filter((t) => t.status === 4)).toHaveLength(s.socketOffline);
      const row = siteList.find((r) => r.id === siteId);
      expect(row?.boxOnlineCount).toBe(s.boxOnline + s.boxFault);
      expect(row?.chargingSocketCount).toBe(sum('chargingCount'));
    }
  });

  it('shows an offline box with all sockets 离线 and a running order with its power and remaining minutes', async () => {
    const site2 = (await boxesWithSockets(tokens.operator, { siteId: 2, status: 2 })).body.data;
    expect(site2.total).toBe(1);
    const offline = site2.list[0];
    expect(offline?.chargers.every((c) => c.status === 4 && c.power === 0)).toBe(true);
    expect(offline?.chargingCount).toBe(0);
    const running = await sb.db.query<{
      device_id: number;
      socket_no: number;
      preset_minutes: number;
      start_time: number;
    }>(
      `select o.device_id, o.socket_no, o.preset_minutes, o.start_time from charge_order o
       where o.status = 1 and o.pay_type between 1 and 6 and o.site_id between 1 and 5 limit 1`,
    );
    const order = running.rows[0];
    expect(order).toBeDefined();
    const siteId = await scalar(sb.db, 'select site_id from device where id = $1', [order?.device_id]);
    const box = (await boxesWithSockets(tokens.operator, { siteId, pageSize: 100 })).body.data.list.find(
      (b) => b.id === Number(order?.device_id),
    );
    const tile = box?.chargers.find((c) => c.socketNo === Number(order?.socket_no));
    expect(tile?.status).toBe(1);
    expect(tile?.power).toBeGreaterThan(0);
    const elapsed = Math.floor((NOW - Number(order?.start_time)) / 60_000);
    expect(tile?.remainMinutes).toBe(Math.max(0, Number(order?.preset_minutes) - elapsed));
  });

  it('filters by status and keyword, pages, and refuses bad input', async () => {
    const fault = (await boxes(tokens.operator, { siteId: 3, status: 3 })).body.data;
    expect(fault.list.map((b) => b.status)).toEqual([3]);
    const byRemark = (await boxes(tokens.operator, { siteId: 1, keyword: '03号' })).body.data;
    expect(byRemark.list.map((b) => b.remark)).toEqual(['03号机']);
    const bySerial = (await boxes(tokens.operator, { siteId: 1, keyword: byRemark.list[0]?.serialNumber ?? '' })).body
      .data;
    expect(bySerial.total).toBe(1);
    const first = (await boxes(tokens.operator, { siteId: 1, pageSize: 4 })).body.data;
    const third = (await boxes(tokens.operator, { siteId: 1, pageSize: 4, pageNum: 3 })).body.data;
    expect(first.total).toBe(10);
    expect(third.list).toHaveLength(2);
    expect((await boxes(tokens.operator, { siteId: 1, status: 4 })).body.code).toBe(1);
    expect((await boxes(tokens.operator, { siteId: 1, pageSize: 101 })).body).toMatchObject({
      code: 1,
      message: 'pageSize 最大为100',
    });
    expect((await boxes(tokens.operator, {})).body).toMatchObject({ code: 1, message: '缺少站点 siteId' });
  });

  it('shows a site only to who may see it (R1.3): sub-account scope, property, party read-only', async () => {
    const sub = await sb.login(DEMO_PHONES.subAccount);
    expect((await boxes(sub, { siteId: 1 })).body.code).toBe(0);
    expect((await boxes(sub, { siteId: 3 })).body).toMatchObject({ code: 1, message: '站点不存在或无权查看' });
    const property = await sb.login(DEMO_PHONES.property);
    expect((await boxes(property, { siteId: 1 })).body.code).toBe(0);
    expect((await boxes(property, { siteId: 4 })).body.code).toBe(1);
    // The operator is the superior party of the agent's site 7: it sees it, read-only.
    expect((await boxes(tokens.operator, { siteId: 7 })).body.data.total).toBe(4);
    expect((await sb.post('/api/site/editBoxMark', tokens.operator, { boxId: 45, remark: 'x' })).body).toMatchObject({
      code: 403,
      message: '无操作权限',
    });
    expect((await sb.post('/api/site/editBoxMark', property, { boxId: 1, remark: 'x' })).body.code).toBe(403);
    expect((await sb.post('/api/site/editBoxMark', sub, { boxId: 1, remark: 'x' })).body.code).toBe(403);
    expect(
      (await sb.post('/api/r9/box/testPay', tokens.operator, { boxId: 45, socketNo: 1, minutes: 1 })).body.code,
    ).toBe(403);
  });

  it('sends no income figure of a box or a socket to a caller without income:view (a builder)', async () => {
    const builder = await sb.login(DEMO_PHONES.builder);
    const sites = (await sb.post<SiteListPage>('/api/r9/site/siteList', builder, { pageNum: 1, pageSize: 20 })).body
      .data;
    const siteId = sites.list.find((s) => s.boxCount > 0)?.id;
    expect(siteId).toBeDefined();
    const rows = (await boxesWithSockets(builder, { siteId })).body.data.list;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).not.toHaveProperty('todayIncome');
    for (const row of (await boxes(builder, { siteId })).body.data.list) expect(row).not.toHaveProperty('todayIncome');
    const chargerId = rows[0]?.chargers[0]?.chargerId;
    const socket = (
      await sb.get<ConnectorDetail>('/api/box/getConnectorDetail', builder, { chargerId: chargerId ?? 0 })
    ).body.data;
    expect(socket.chargerId).toBe(chargerId);
    expect(socket).not.toHaveProperty('todayIncome');
    expect(socket).not.toHaveProperty('todayOrderCount');
    // the operator, who has income:view, gets them
    const own = (await boxesWithSockets(tokens.operator, { siteId: 1 })).body.data.list[0];
    expect(typeof own?.todayIncome).toBe('number');
    const ownSocket = await sb.get<ConnectorDetail>('/api/box/getConnectorDetail', tokens.operator, {
      chargerId: own?.chargers[0]?.chargerId ?? 0,
    });
    expect(typeof ownSocket.body.data.todayIncome).toBe('number');
    expect(typeof ownSocket.body.data.todayOrderCount).toBe('number');
  });

  it('edits a remark (≤ 20 characters, empty clears it)', async () => {
    const long = await sb.post('/api/site/editBoxMark', tokens.operator, { boxId: 4, remark: '一'.repeat(21) });
    expect(long.body).toMatchObject({ code: 1, message: '备注最多20个字' });
    expect(
      (await sb.post('/api/site/editBoxMark', tokens.operator, { boxId: 4, remark: ' 3号车棚左 ' })).body.code,
    ).toBe(0);
    expect((await sb.get<BoxDetail>('/api/box/boxDetail', tokens.operator, { boxId: 4 })).body.data.remark).toBe(
      '3号车棚左',
    );
    expect((await sb.post('/api/site/editBoxMark', tokens.operator, { boxId: 4, remark: '' })).body.code).toBe(0);
    expect((await sb.get<BoxDetail>('/api/box/boxDetail', tokens.operator, { boxId: 4 })).body.data.remark).toBeNull();
    expect((await sb.post('/api/site/editBoxMark', tokens.operator, { boxId: 66, remark: 'x' })).body.message).toBe(
      '该设备不是设备',
    );
  });

  it('gives a box detail with its mesh, SIM, spare code and order figures', async () => {
    const master = (await sb.get<BoxDetail>('/api/box/boxDetail', tokens.operator, { boxId: 22 })).body.data;
    expect(master).toMatchObject({ signalMode: 2, slaveCount: 2, supportMesh: true, siteId: 3 });
    const slave = (await sb.get<BoxDetail>('/api/box/boxDetail', tokens.operator, { boxId: 23 })).body.data;
    expect(slave).toMatchObject({ signalMode: 3, masterBoxId: 22, masterSerialNumber: master.serialNumber });
    const spare = (await sb.get<BoxDetail>('/api/box/boxDetail', tokens.operator, { boxId: 3 })).body.data;
    expect(spare.backUpQrCode).toBeTruthy();
    const orders = await scalar(
      sb.db,
      'select count(*) from charge_order where device_id = 3 and pay_type between 1 and 6 and status <> 5',
    );
    expect(spare.totalOrderCount).toBe(orders);
    expect((await sb.get('/api/box/boxDetail', tokens.operator, { boxId: 41 })).body.code).toBe(1);
  });

  it('test-charges an idle socket of an online box, logs it, and ends it after its minutes (C7, D8)', async () => {
    const box = (await boxesWithSockets(tokens.operator, { siteId: 4, status: 1 })).body.data.list[0];
    const idle = box?.chargers.find((c) => c.status === 0);
    expect(idle).toBeDefined();
    const before = await commands(box?.id ?? 0);
    const dayStat = () =>
      scalar(sb.db, `select duration_minutes from site_daily_stat where site_id = 4 and date = '2026-11-20'`);
    const durationBefore = await dayStat();
    const body = { boxId: box?.id, socketNo: idle?.socketNo, minutes: 3 };
    expect((await sb.post('/api/r9/box/testPay', tokens.operator, { ...body, minutes: 7 })).body).toMatchObject({
      code: 1,
      message: '测试时长只能为1、3或5分钟',
    });
    const started = await sb.post<{ orderNo: string }>('/api/r9/box/testPay', tokens.operator, body);
    expect(started.body.code).toBe(0);
    expect(started.body.data.orderNo).toMatch(/^CD\d{14}\d{6}$/);
    expect((await sb.post('/api/r9/box/testPay', tokens.operator, body)).body).toMatchObject({
      code: 1,
      message: '插座使用中',
    });
    const after = await commands(box?.id ?? 0);
    expect(after.slice(before.length)).toEqual([
      expect.objectContaining({ type: 5, result: 1, params: expect.objectContaining({ minutes: 3 }) }),
    ]);
    const tile = async () =>
      (
        await boxesWithSockets(tokens.operator, { siteId: 4, keyword: box?.serialNumber })
      ).body.data.list[0]?.chargers.find((c) => c.socketNo === idle?.socketNo);
    expect(await tile()).toMatchObject({ status: 1, remainMinutes: 3 });
    sb.clock.now += 3 * 60_000;
    expect(await tile()).toMatchObject({ status: 0, power: 0, remainMinutes: null });
    const order = await sb.db.query<{ status: number; pay_type: number; amount: number; duration_minutes: number }>(
      'select status, pay_type, amount, duration_minutes from charge_order where order_no = $1',
      [started.body.data.orderNo],
    );
    expect(order.rows[0]).toMatchObject({ status: 2, pay_type: 8, amount: 0, duration_minutes: 3 });
    expect(await dayStat()).toBe(durationBefore + 3);
    sb.clock.now = NOW;
    const offline = await sb.post('/api/r9/box/testPay', tokens.operator, { boxId: 17, socketNo: 1, minutes: 1 });
    expect(offline.body).toMatchObject({ code: 1, message: '设备离线' });
  });

  it('unbinds a box (D4): refused while charging or as a master with slaves; a slave reverts to 4G', async () => {
    const charging = await sb.db.query<{ device_id: number; site_id: number }>(
      `select device_id, site_id from charge_order where status = 1 and pay_type between 1 and 6
       and device_id not in (select master_device_id from device where master_device_id is not null) limit 1`,
    );
    const busy = charging.rows[0];
    const refused = await sb.post('/api/site/unbindSocket', tokens.operator, {
      siteId: busy?.site_id,
      boxId: busy?.device_id,
    });
    expect(refused.body).toMatchObject({ code: 1, message: '设备有正在充电的订单，请结束后再解绑' });
    expect((await sb.post('/api/site/unbindSocket', tokens.operator, { siteId: 3, boxId: 22 })).body).toMatchObject({
      code: 1,
      message: '该主机下还有2台从机，请先调整从机',
    });
    expect((await sb.post('/api/site/unbindSocket', tokens.operator, { siteId: 1, boxId: 23 })).body.message).toBe(
      '该设备不在本站点',
    );
    const before = await stats(3);
    expect((await sb.post('/api/site/unbindSocket', tokens.operator, { siteId: 3, boxId: 23 })).body.code).toBe(0);
    const after = await stats(3);
    expect(after.boxTotal).toBe(before.boxTotal - 1);
    const slave = await sb.db.query<{ site_id: number | null; signal_mode: number; master_device_id: number | null }>(
      'select site_id, signal_mode, master_device_id from device where id = 23',
    );
    expect(slave.rows[0]).toEqual({ site_id: null, signal_mode: 1, master_device_id: null });
    expect(await scalar(sb.db, 'select count(*) from charger where device_id = 23 and site_id is not null')).toBe(0);
    expect(await scalar(sb.db, 'select count(*) from device_operation_log where device_id = 23 and type = 10')).toBe(1);
    expect((await sb.get<BoxDetail>('/api/box/boxDetail', tokens.operator, { boxId: 22 })).body.data.slaveCount).toBe(
      1,
    );
  });
});

describe('migration between the caller’s own sites (D3, through addBox with moveFromSiteId)', () => {
  it('moves an idle box to another own site with its sockets; never to a site the caller does not own', async () => {
    const box = (await boxes(tokens.operator, { siteId: 1, keyword: '06号' })).body.data.list[0];
    expect(box).toBeDefined();
    const move = (siteId: number) =>
      sb.post('/api/r9/box/addBox', tokens.operator, {
        siteId,
        serialNumber: box?.serialNumber,
        deviceType: box?.deviceType,
        moveFromSiteId: 1,
      });
    // Site 7 is the agent's: the operator sees it only as a party.
    expect((await move(7)).body.code).not.toBe(0);
    const before = [await stats(1), await stats(2)];
    expect((await move(2)).body.code).toBe(0);
    expect((await boxes(tokens.operator, { siteId: 1, keyword: box?.serialNumber })).body.data.total).toBe(0);
    const moved = (await boxesWithSockets(tokens.operator, { siteId: 2, keyword: box?.serialNumber })).body.data
      .list[0];
    expect(moved?.chargers).toHaveLength(box?.socketCount ?? -1);
    const after = [await stats(1), await stats(2)];
    expect(after[0]?.boxTotal).toBe((before[0]?.boxTotal ?? 0) - 1);
    expect(after[1]?.boxTotal).toBe((before[1]?.boxTotal ?? 0) + 1);
    expect(after[1]?.socketTotal).toBe((before[1]?.socketTotal ?? 0) + (box?.socketCount ?? 0));
  });
});

describe('door guards and gates', () => {
  it('lists the guards and gates of a site with their states', async () => {
    const site5 = (await guards(tokens.operator, 5)).body.data;
    expect(site5.list).toEqual([
      expect.objectContaining({ id: 69, deviceType: 5, autoCloseInterval: 30, doorStatus: 0, todayOpenCount: 0 }),
    ]);
    const site1 = (await guards(tokens.operator, 1)).body.data.list;
    expect(site1).toEqual([expect.objectContaining({ id: 66, deviceType: 4, autoCloseInterval: 0 })]);
    const s = await stats(5);
    expect(site5.total).toBe(s.guardTotal + s.gateTotal);
  });

  it('forces a door open: one log row, 已打开, back to 已关闭 5 s later (D8)', async () => {
    expect((await commands(66)).filter((c) => c.type === 1)).toHaveLength(0);
    const opened = await sb.post<{ openTime: number }>('/api/box/forcedToOpenTheDoor', tokens.operator, { id: 66 });
    expect(opened.body).toMatchObject({ code: 0, data: { openTime: NOW } });
    expect(await commands(66)).toEqual([
      { type: 1, params: { serialNumber: 'MJ2023003001' }, createTime: NOW, result: 1 },
    ]);
    expect((await guards(tokens.operator, 1)).body.data.list[0]).toMatchObject({
      doorStatus: 1,
      todayOpenCount: 1,
      lastOpenTime: NOW,
    });
    sb.clock.now = NOW + 4_999;
    expect((await guards(tokens.operator, 1)).body.data.list[0]?.doorStatus).toBe(1);
    sb.clock.now = NOW + 5_000;
    expect((await guards(tokens.operator, 1)).body.data.list[0]?.doorStatus).toBe(0);
    sb.clock.now = NOW;
    expect((await sb.post('/api/box/forcedToOpenTheDoor', tokens.operator, { id: 69 })).body).toMatchObject({
      code: 1,
      message: '该设备不是门禁',
    });
  });

  it('keeps a door held open that no forced open caused', async () => {
    const site3 = (await guards(tokens.operator, 3)).body.data.list[0];
    expect(site3?.doorStatus).toBe(1);
    sb.clock.now = NOW + 3600_000;
    expect((await guards(tokens.operator, 3)).body.data.list[0]?.doorStatus).toBe(1);
    sb.clock.now = NOW;
  });

  it('raises and lowers a gate, falls by itself after the auto-close interval; each command is logged once', async () => {
    const before = (await commands(69)).length;
    expect((await sb.post('/api/box/u8/remoteOpenGateDoor', tokens.operator, { id: 69 })).body.code).toBe(0);
    expect((await guards(tokens.operator, 5)).body.data.list[0]).toMatchObject({ doorStatus: 1, todayOpenCount: 1 });
    sb.clock.now = NOW + 30_000;
    expect((await guards(tokens.operator, 5)).body.data.list[0]?.doorStatus).toBe(0);
    expect(
      (await sb.post('/api/box/u8/setAutoCloseGateDoorInterval', tokens.operator, { id: 69, interval: 45 })).body,
    ).toMatchObject({
      code: 1,
      message: '自动关闸时间只能为0、10、30、60、120或300秒',
    });
    expect(
      (await sb.post('/api/box/u8/setAutoCloseGateDoorInterval', tokens.operator, { id: 69, interval: 0 })).body.code,
    ).toBe(0);
    expect((await sb.post('/api/box/u8/remoteOpenGateDoor', tokens.operator, { id: 69 })).body.code).toBe(0);
    sb.clock.now = NOW + 3600_000;
    expect((await guards(tokens.operator, 5)).body.data.list[0]).toMatchObject({ doorStatus: 1, autoCloseInterval: 0 });
    expect((await sb.post('/api/box/u8/remoteCloseGateDoor', tokens.operator, { id: 69 })).body.code).toBe(0);
    expect((await guards(tokens.operator, 5)).body.data.list[0]?.doorStatus).toBe(0);
    const log = (await commands(69)).slice(before);
    expect(log.map((c) => c.type)).toEqual([2, 4, 2, 3]);
    expect(log[1]?.params).toMatchObject({ interval: 0, previous: 30 });
    expect(
      (await sb.post('/api/box/u8/setAutoCloseGateDoorInterval', tokens.operator, { id: 69, interval: 30 })).body.code,
    ).toBe(0);
    sb.clock.now = NOW;
  });

  it('refuses commands to offline devices, without device:control, and on a site of another owner', async () => {
    await sb.db.query('update device set status = 2 where id = 67');
    expect((await sb.post('/api/box/forcedToOpenTheDoor', tokens.operator, { id: 67 })).body).toMatchObject({
      code: 1,
      message: '设备离线，指令无法下发',
    });
    await sb.db.query('update device set status = 1 where id = 67');
    expect((await commands(67)).length).toBe(0);
    const sub = await sb.login(DEMO_PHONES.subAccount);
    expect((await sb.post('/api/box/forcedToOpenTheDoor', sub, { id: 66 })).body).toMatchObject({
      code: 403,
      message: '无操作权限',
    });
    const property = await sb.login(DEMO_PHONES.property);
    expect((await sb.post('/api/box/forcedToOpenTheDoor', property, { id: 66 })).body.code).toBe(403);
    const agent = await sb.login(DEMO_PHONES.agent);
    expect((await sb.post('/api/box/u8/remoteOpenGateDoor', agent, { id: 69 })).body).toMatchObject({
      code: 1,
      message: '道闸不存在或无权查看',
    });
    expect((await sb.post('/api/box/forcedToOpenTheDoor', tokens.operator, {})).body).toMatchObject({
      code: 1,
      message: '缺少设备 id',
    });
  });

  it('edits remarks of guards, cameras and smoke sensors only on devices of the right type', async () => {
    expect((await sb.post('/api/box/updateDoorRemark', tokens.operator, { id: 66, remark: '北门' })).body.code).toBe(0);
    expect((await guards(tokens.operator, 1)).body.data.list[0]?.remark).toBe('北门');
    expect((await sb.post('/api/box/updateDoorRemark', tokens.operator, { id: 70, remark: 'x' })).body.message).toBe(
      '该设备不是门禁',
    );
    expect(
      (await sb.post('/api/box/updateWebcamRemark', tokens.operator, { id: 70, remark: '车棚全景' })).body.code,
    ).toBe(0);
    expect(
      (await sb.post('/api/box/updateSmokeRemark', tokens.operator, { id: 72, remark: '一'.repeat(21) })).body.message,
    ).toBe('备注最多20个字');
    expect((await sb.post('/api/box/updateSmokeRemark', tokens.operator, { id: 72, remark: '东侧' })).body.code).toBe(
      0,
    );
  });
});

describe('community whitelist', () => {
  const list = (token: string, body: Record<string, unknown>) =>
    sb.post<Page<WhiteRow>>('/api/community/white/list', token, {
      communityId: 1,
      pageNum: 1,
      pageSize: 20,
      ...body,
    });
  const save = (token: string, body: Record<string, unknown>) =>
    sb.post<{ id: number }>('/api/community/white/saveOrUpdate', token, { communityId: 1, ...body });

  it('lists, searches, adds, edits and deletes entries with the design’s validation', async () => {
    const all = (await list(tokens.operator, {})).body.data;
    expect(all.total).toBe(8);
    const first = all.list[0];
    expect((await list(tokens.operator, { keyword: first?.roomNo })).body.data.list.map((r) => r.id)).toContain(
      first?.id,
    );
    const entry = { name: '王小明', phone: '13912345678', roomNo: '3栋2单元501' };
    expect((await save(tokens.operator, { ...entry, name: '王' })).body).toMatchObject({
      code: 1,
      message: '请输入姓名',
    });
    expect((await save(tokens.operator, { ...entry, phone: '1391234' })).body.message).toBe('请输入正确的手机号');
    expect((await save(tokens.operator, { ...entry, roomNo: '' })).body.message).toBe('请输入房号');
    expect((await save(tokens.operator, { ...entry, expireDate: '2026-11-19' })).body.message).toBe(
      '有效期不能早于今天',
    );
    expect((await save(tokens.operator, { ...entry, phone: first?.phone })).body.message).toBe('该手机号已在白名单中');
    const added = await save(tokens.operator, { ...entry, expireDate: '2026-11-20' });
    expect(added.body.code).toBe(0);
    expect((await list(tokens.operator, {})).body.data.total).toBe(9);
    const edited = await save(tokens.operator, {
      ...entry,
      id: added.body.data.id,
      expireDate: null,
      roomNo: '3栋2单元502',
    });
    expect(edited.body.data.id).toBe(added.body.data.id);
    const row = (await list(tokens.operator, { keyword: '13912345678' })).body.data.list[0];
    expect(row).toMatchObject({ roomNo: '3栋2单元502', expireDate: null });
    // The same phone is allowed in another community.
    expect((await save(tokens.operator, { ...entry, communityId: 2 })).body.code).toBe(0);
    expect((await sb.post('/api/community/white/delete', tokens.operator, { id: added.body.data.id })).body.code).toBe(
      0,
    );
    expect((await list(tokens.operator, {})).body.data.total).toBe(8);
    expect(
      (await sb.post('/api/community/white/delete', tokens.operator, { id: added.body.data.id })).body.message,
    ).toBe('白名单不存在');
  });

  it('lets a property read its communities’ whitelist but not change it; other operators see nothing', async () => {
    const property = await sb.login(DEMO_PHONES.property);
    expect((await list(property, {})).body.code).toBe(0);
    expect((await save(property, { name: '李四', phone: '13700001111', roomNo: '1栋' })).body.code).toBe(403);
    const other = await sb.login(DEMO_PHONES.splitOperator);
    expect((await list(other, {})).body).toMatchObject({ code: 1, message: '小区不存在或无权查看' });
  });
});

describe('cameras and the camera cloud', () => {
  const cloud = async (body: unknown) => {
    const res = await sb.app.request('/__sandbox/lechange/openapi/deviceOnline', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { id: string; result: { code: string; msg: string; data?: { onLine: string } } };
  };
  const signed = async (nonce: string, time = Math.floor(NOW / 1000)) =>
    (await sb.post<CameraCloudSystem>('/api/lechange/open/signSystem', tokens.operator, { time, nonce })).body;

  it('lists cameras; the token is reused until it expires', async () => {
    const page = (
      await sb.post<Page<WebcamRow>>('/api/box/getPagedWebcamList', tokens.operator, {
        siteId: 1,
        pageNum: 1,
        pageSize: 20,
      })
    ).body.data;
    expect(page.list).toEqual([expect.objectContaining({ id: 70, serialNumber: 'LCC620003053', status: 1 })]);
    // The cover is a frame of the live clip (a JPEG), not a generated stand-in.
    const cover = await sb.app.request(page.list[0]?.coverUrl ?? '');
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await cover.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8]);
    const a = (await sb.get<CameraCloudToken>('/api/lechange/open/getAccessToken', tokens.operator)).body.data;
    const b = (await sb.get<CameraCloudToken>('/api/lechange/open/getAccessToken', tokens.operator)).body.data;
    expect(a).toEqual(b);
    expect(a.appId).toBe(LECHANGE_APP_ID);
    expect(a.expireTime).toBeGreaterThan(NOW);
  });

  it('signs requests with MD5(time, nonce, appSecret) without revealing the secret; refuses a wrong clock', async () => {
    const nonce = 'N'.repeat(32);
    const system = await signed(nonce);
    expect(system.data).toEqual({
      ver: '1.0',
      appId: LECHANGE_APP_ID,
      time: Math.floor(NOW / 1000),
      nonce,
      sign: lechangeSign(Math.floor(NOW / 1000), nonce),
    });
    expect(JSON.stringify(system)).not.toContain('secret');
    expect((await signed(nonce, Math.floor(NOW / 1000) - 600)).message).toBe('手机时间不准确，请校准后重试');
    expect((await signed('short')).message).toBe('nonce 须为32位字母或数字');
  });

  it('answers deviceOnline for a well-signed request only once per nonce, with a valid token', async () => {
    const token = (await sb.get<CameraCloudToken>('/api/lechange/open/getAccessToken', tokens.operator)).body.data
      .accessToken;
    const system = (await signed('A'.repeat(32))).data;
    const ok = await cloud({ system, params: { token, deviceId: 'LCC620003053' }, id: 'r1' });
    expect(ok).toEqual({
      id: 'r1',
      result: { code: '0', msg: '操作成功。', data: { deviceId: 'LCC620003053', onLine: '1' } },
    });
    expect((await cloud({ system, params: { token, deviceId: 'LCC620003053' }, id: 'r2' })).result.code).toBe('SN1002');
    const forged = { ...(await signed('B'.repeat(32))).data, sign: '0'.repeat(32) };
    expect((await cloud({ system: forged, params: { token, deviceId: 'LCC620003053' }, id: 'r3' })).result.code).toBe(
      'SN1001',
    );
    const other = (await signed('C'.repeat(32))).data;
    expect(
      (await cloud({ system: other, params: { token: 'At_nope', deviceId: 'LCC620003053' }, id: 'r4' })).result.code,
    ).toBe('TK1002');
    // A well-signed request uses its nonce up even when it fails further on.
    expect((await cloud({ system: other, params: { token, deviceId: 'LCC620003053' }, id: 'r5' })).result.code).toBe(
      'SN1002',
    );
    const fresh = (await signed('E'.repeat(32))).data;
    expect((await cloud({ system: fresh, params: { token, deviceId: 'NOPE000001' }, id: 'r7' })).result.code).toBe(
      'DV1001',
    );
    expect((await cloud({ nothing: true })).result.code).toBe('OP1002');
    await sb.db.query('update device set status = 2 where id = 71');
    const offline = (await signed('D'.repeat(32))).data;
    expect(
      (await cloud({ system: offline, params: { token, deviceId: 'LCC620003066' }, id: 'r6' })).result.data?.onLine,
    ).toBe('0');
    expect((await sb.post('/api/lechange/open/bindDeviceLive', tokens.operator, { id: 71 })).body).toMatchObject({
      code: 1,
      message: '摄像头离线，无法查看实时画面',
    });
    await sb.db.query('update device set status = 1 where id = 71');
  });

  it('binds a live address, reuses it for 2 h, and serves the HLS stream it points at', async () => {
    const first = (await sb.post<LiveAddress>('/api/lechange/open/bindDeviceLive', tokens.operator, { id: 70 })).body
      .data;
    expect(first.expireTime).toBe(NOW + 2 * 3600_000);
    const again = (await sb.post<LiveAddress>('/api/lechange/open/bindDeviceLive', tokens.operator, { id: 70 })).body
      .data;
    expect(again).toEqual(first);
    sb.clock.now = NOW + 2 * 3600_000;
    const renewed = (await sb.post<LiveAddress>('/api/lechange/open/bindDeviceLive', tokens.operator, { id: 70 })).body
      .data;
    expect(renewed.hlsUrl).not.toBe(first.hlsUrl);
    sb.clock.now = NOW;
    for (const url of [first.hlsUrl, first.hlsHdUrl]) {
      const playlist = await sb.app.request(url);
      expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      const text = await playlist.text();
      const segment = text.split('\n').find((line) => line.endsWith('.mpegts')) ?? '';
      const media = await sb.app.request(`/__sandbox/hls/${segment}`);
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toBe('video/mp2t');
      expect((await media.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    expect((await sb.app.request('/__sandbox/hls/..%2Fdevice.ts')).status).toBe(404);
    expect((await sb.post('/api/lechange/open/bindDeviceLive', tokens.operator, { id: 66 })).body.message).toBe(
      '该设备不是摄像头',
    );
  });
});

describe('smoke sensors', () => {
  const smoke = (body: Record<string, unknown>) =>
    sb.post<Page<SmokeRow>>('/api/box/getPagedSmokeSensorList', tokens.operator, {
      pageNum: 1,
      pageSize: 20,
      ...body,
    });

  it('shows alarms first, low batteries by priority, and filters as the chips ask (D12)', async () => {
    const site3 = (await smoke({ siteId: 3 })).body.data.list;
    expect(site3[0]?.smokeStatus).toBe(1);
    expect(site3[0]?.lastAlarmTime).toBeTruthy();
    const site4 = (await smoke({ siteId: 4, smokeStatus: 2 })).body.data.list;
    expect(site4).toEqual([expect.objectContaining({ smokeStatus: 2 })]);
    expect(site4[0]?.battery).toBeLessThanOrEqual(20);
    expect((await smoke({ siteId: 4, smokeStatus: 1 })).body.data.total).toBe(0);
    let alarms = 0;
    for (const siteId of [1, 2, 3, 4, 5]) {
      alarms += (await smoke({ siteId, smokeStatus: 1 })).body.data.total;
    }
    const all = (await sb.get<DeviceStatusStatistics>('/api/box/getDeviceStatusStatistics', tokens.operator)).body.data;
    expect(alarms).toBe(all.smokeAlarm);
    await sb.db.query('update device set status = 2, smoke_status = 0, battery = 15 where id = 73');
    expect((await smoke({ siteId: 1, status: 2 })).body.data.list.map((r) => r.id)).toEqual([73]);
    expect((await smoke({ siteId: 1, smokeStatus: 2 })).body.data.list.map((r) => r.id)).toEqual([73]);
    expect((await smoke({ siteId: 1, status: 1 })).body.code).toBe(1);
    expect((await smoke({ siteId: 1, smokeStatus: 3 })).body.message).toBe('烟感状态只能为1报警或2低电量');
  });
});

describe('test controls', () => {
  it('lists the commands of a device since a time', async () => {
    const all = await commands(66);
    expect(all.length).toBeGreaterThan(0);
    const later = (
      await sb.get<DeviceCommandRecord[]>('/__sandbox/device-commands', null, { deviceId: 66, since: NOW + 1 })
    ).body.data;
    expect(later).toEqual([]);
    expect((await sb.get('/__sandbox/device-commands', null)).body.code).toBe(1);
  });
});
