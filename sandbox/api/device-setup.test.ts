import { newRequestId } from '../testing-money';
import { REMOTE_ACK_MS } from './remote-start';
import { describe, expect, it } from 'vitest';
import type { SiteCount } from '../../src/api/home';
import type {
  AddDevicePermission,
  BatchQrResult,
  BoxListRow,
  BoxSimpleInfo,
  ChargerListOfBox,
  ConnectorDetail,
  PowerChart,
  RemotePayResult,
} from '../../src/api/device-setup';
import type { ChargeRule } from '../db/seed/util';
import { scalar } from '../lib/db';
import { openSandboxForFile } from '../testing';
import { endsWithinFreeMinutes } from './device-setup-orders';

/**
 * Adding and binding devices (B-site.md §3; Business rules C5, C7, C8, D1–D10; entities.md R1–R4): permission,
 * lookups, binding and migration, spare and socket stickers, signal mode, socket detail, remote start and stop.
 */

const NOW = Date.parse('2026-11-20T20:00:00+08:00');
/** Stock boxes of the demo operator: 41/42 are in a pending transfer, 43/44 free. */
const STOCK_FREE = '86123450011591';
const STOCK_FREE_2 = '86123450011628';
const STOCK_IN_TRANSFER = '86123450011517';
/** A box of the split-mode operator 10007 (site 8). */
const OTHER_OPERATOR_BOX = '86123450011813';

const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'agent', 'subAccount', 'splitOperator']);

/** POST /api/r9/box/addBox as `token` (the operator by default). */
const addBox = (body: Record<string, unknown>, token = tokens.operator) => sb.post('/api/r9/box/addBox', token, body);
/** POST /api/r9/box/setBackUpQrCode as `token` (the operator by default). */
const setBackUpQrCode = (boxId: number, backUpQrCode: string, token = tokens.operator) =>
  sb.post<{ backUpQrCode: string; bindTime: number }>('/api/r9/box/setBackUpQrCode', token, { boxId, backUpQrCode });
/** The sockets of the stock box STOCK_FREE (box 43) as the operator sees them (getChargerListByBoxCode). */
const boxOfStock = async () =>
  (await sb.get<ChargerListOfBox>('/api/box/getChargerListByBoxCode', tokens.operator, { boxCode: STOCK_FREE })).body
    .data;
/** POST /api/r9/charge/remotePay as `token` (the operator by default): 60 minutes on socket 5 of box 43, reason 设备测试. */
const remotePay = (fields: Record<string, unknown>, token = tokens.operator) =>
  sb.post<RemotePayResult>('/api/r9/charge/remotePay', token, {
    serialNumber: STOCK_FREE,
    socketNo: 5,
    chargeMinutes: 60,
    reasonType: 2,
    requestId: newRequestId(),
    ...fields,
  });
const logs = (deviceId: number, type: number) =>
  scalar(sb.db, 'select count(*) from device_operation_log where device_id = $1 and type = $2', [deviceId, type]);

describe('checkAddDevicePermission (D2, R6.4)', () => {
  it('allows the owner, refuses without device:add, with open arrears and on a site of another owner', async () => {
    const own = await sb.get<AddDevicePermission>('/api/box/checkAddDevicePermission', tokens.operator, { siteId: 6 });
    expect(own.body.data).toEqual({ allowed: true, reason: '' });
    const noPermission = await sb.get<AddDevicePermission>('/api/box/checkAddDevicePermission', tokens.subAccount, {
      siteId: 1,
    });
    expect(noPermission.body.data).toEqual({ allowed: false, reason: '当前账号无添加设备权限，请联系主账号开通' });
    const arrears = await sb.get<AddDevicePermission>('/api/box/checkAddDevicePermission', tokens.splitOperator, {
      siteId: 8,
    });
    expect(arrears.body.data).toEqual({ allowed: false, reason: '您有未缴清的欠费，请缴清后再添加设备' });
    // The agent is a party (read-only) of site 4 of the operator.
    const party = await sb.get<AddDevicePermission>('/api/box/checkAddDevicePermission', tokens.agent, { siteId: 4 });
    expect(party.body.data.allowed).toBe(false);
    const hidden = await sb.get('/api/box/checkAddDevicePermission', tokens.subAccount, { siteId: 3 });
    expect(hidden.body).toMatchObject({ code: 1, message: '站点不存在或无权查看' });
  });
});

describe('lookups by serial number (D1)', () => {
  it('knows the registry, refuses bad formats and unknown codes', async () => {
    const type = await sb.get('/api/box/getDeviceTypeBySerialNumber', tokens.operator, { serialNumber: STOCK_FREE });
    expect(type.body.data).toMatchObject({
      deviceType: 1,
      deviceTypeName: '10路充电站',
      model: 'R9-10',
      socketCount: 10,
    });
    const camera = await sb.get('/api/box/getDeviceTypeBySerialNumber', tokens.operator, {
      serialNumber: 'LCC620003053',
    });
    expect(camera.body.data).toMatchObject({ deviceType: 6, needVerifyCode: true });
    const unknown = await sb.get('/api/box/getDeviceTypeBySerialNumber', tokens.operator, {
      serialNumber: 'ZZ99999999',
    });
    expect(unknown.body).toMatchObject({ code: 1, message: '设备号不存在，请核对' });
    const bad = await sb.get('/api/box/getDeviceTypeBySerialNumber', tokens.operator, { serialNumber: 'ab-12' });
    expect(bad.body).toMatchObject({ code: 1, message: '设备号格式不正确' });
  });

  it('tells the binding state without revealing another operator’s site', async () => {
    const other = await sb.get<BoxSimpleInfo>('/api/box/getBoxSimpleInfoBySerialNumber', tokens.operator, {
      serialNumber: OTHER_OPERATOR_BOX,
    });
    expect(other.body.data).toMatchObject({ bindStatus: 2, boxId: null, siteId: null, siteName: '' });
    const bound = await sb.get<BoxSimpleInfo>('/api/box/getBoxSimpleInfoBySerialNumber', tokens.operator, {
      serialNumber: '86123450010037',
    });
    expect(bound.body.data).toMatchObject({ bindStatus: 1, boxId: 1, siteId: 1, siteName: '翠苑一区3栋车棚' });
    const stock = await sb.get<BoxSimpleInfo>('/api/box/getBoxSimpleInfoBySerialNumber', tokens.operator, {
      serialNumber: STOCK_FREE,
    });
    expect(stock.body.data).toMatchObject({ bindStatus: 0, boxId: 43, siteId: null });
  });
});

describe('addBox (D2–D5)', () => {
  it('binds a stock box: its sockets on the site, online, one log row, and the counts of home and the site agree', async () => {
    const before = (await sb.get<SiteCount>('/api/user/siteCount', tokens.operator)).body.data;
    const res = await addBox({ siteId: 6, serialNumber: STOCK_FREE, deviceType: 1, remark: '1号车棚' });
    expect(res.body).toMatchObject({ code: 0, data: { id: 43 } });
    const after = (await sb.get<SiteCount>('/api/user/siteCount', tokens.operator)).body.data;
    expect(after.boxCount).toBe(before.boxCount + 1);
    expect(after.socketCount).toBe(before.socketCount + 10);
    expect(after.onlineBoxCount).toBe(before.onlineBoxCount + 1);
    const list = await boxOfStock();
    expect(list).toMatchObject({ siteId: 6, siteName: '古荡新村充电站', remark: '1号车棚' });
    expect(list.chargers.map((c) => c.socketNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(list.chargers.every((c) => c.status === 0)).toBe(true);
    expect(await logs(43, 9)).toBe(1);
    const again = await addBox({ siteId: 6, serialNumber: STOCK_FREE, deviceType: 1 });
    expect(again.body).toMatchObject({ code: 1, message: '该设备已在本站点' });
  });

  it('refuses another operator’s device, a device in transfer, a wrong type, a long remark, and parties (403)', async () => {
    const other = await addBox({ siteId: 6, serialNumber: OTHER_OPERATOR_BOX, deviceType: 2 });
    expect(other.body).toMatchObject({ code: 1, message: '该设备已被其他运营商绑定' });
    const transfer = await addBox({ siteId: 6, serialNumber: STOCK_IN_TRANSFER, deviceType: 1 });
    expect(transfer.body).toMatchObject({ code: 1, message: '该设备正在划拨中，无法添加' });
    const type = await addBox({ siteId: 6, serialNumber: STOCK_FREE_2, deviceType: 2 });
    expect(type.body).toMatchObject({ code: 1, message: '设备类型与设备号不符' });
    const remark = await addBox({
      siteId: 6,
      serialNumber: STOCK_FREE_2,
      deviceType: 1,
      remark: '一二三四五六七八九十一二三四五六七八九十一',
    });
    expect(remark.body).toMatchObject({ code: 1, message: '备注最多20个字' });
    const party = await addBox({ siteId: 4, serialNumber: STOCK_FREE_2, deviceType: 1 }, tokens.agent);
    expect(party.body).toMatchObject({ code: 403, message: '无操作权限' });
    const arrears = await addBox({ siteId: 8, serialNumber: STOCK_FREE_2, deviceType: 1 }, tokens.splitOperator);
    expect(arrears.body).toMatchObject({ code: 1, message: '您有未缴清的欠费，请缴清后再添加设备' });
  });

  it('cameras need the label verify code', async () => {
    // Move the camera of site 5 to site 1 (the same operator): migration + verify code.
    const base = { siteId: 1, serialNumber: 'LCC620003066', deviceType: 6, moveFromSiteId: 5 };
    expect((await addBox(base)).body.message).toBe('请输入设备标签上的验证码');
    expect((await addBox({ ...base, verifyCode: 'AAAAAA' })).body.message).toBe('设备验证码错误');
    expect((await addBox({ ...base, verifyCode: 'qwerty' })).body.code).toBe(0);
  });

  it('migrates between own sites only when confirmed, without a running order, never a master with slaves', async () => {
    const serial = '86123450010888'; // slave of the master 22 on site 3
    const unconfirmed = await addBox({ siteId: 6, serialNumber: serial, deviceType: 1 });
    expect(unconfirmed.body).toMatchObject({ code: 1, message: '该设备当前绑定在「文新小区南门车棚」，请确认迁移' });
    const master = await addBox({ siteId: 6, serialNumber: '86123450010814', deviceType: 1, moveFromSiteId: 3 });
    expect(master.body).toMatchObject({ code: 1, message: '该主机下还有2台从机，请先调整从机' });
    const running = await sb.db.query<{ serial_number: string; site_id: number; device_type: number }>(
      `select o.serial_number, o.site_id, d.device_type from charge_order o join device d on d.id = o.device_id
       where o.status = 1 order by o.id limit 1`,
    );
    const busy = running.rows[0];
    if (!busy) throw new Error('the demo has running orders');
    const refused = await addBox({
      siteId: 6,
      serialNumber: busy.serial_number,
      deviceType: Number(busy.device_type),
      moveFromSiteId: Number(busy.site_id),
    });
    expect(refused.body).toMatchObject({ code: 1, message: '设备有正在充电的订单，请结束后再迁移' });
    const moved = await addBox({ siteId: 6, serialNumber: serial, deviceType: 1, moveFromSiteId: 3 });
    expect(moved.body.code).toBe(0);
    // Sockets move with the box; a slave moved away reverts to 4G.
    expect(await scalar(sb.db, 'select count(*) from charger where device_id = 24 and site_id = 6')).toBe(10);
    expect(await scalar(sb.db, 'select signal_mode from device where id = 24')).toBe(1);
    expect(await scalar(sb.db, 'select count(*) from device where master_device_id = 22')).toBe(1);
  });
});

describe('spare QR codes (D10)', () => {
  it('binds an unused spare sticker, replaces it (old one released), unbinds, with one log row each', async () => {
    const bind = await setBackUpQrCode(43, 'YCB000880101');
    expect(bind.body.data).toEqual({ backUpQrCode: 'YCB000880101', bindTime: NOW });
    const replace = await setBackUpQrCode(43, 'https://qr.sandbox.yichong.local/q/YCB000880102');
    expect(replace.body.code).toBe(0);
    expect(await scalar(sb.db, `select status from qr_sticker where code = 'YCB000880101'`)).toBe(0);
    expect(await scalar(sb.db, `select bound_device_id from qr_sticker where code = 'YCB000880102'`)).toBe(43);
    expect(await logs(43, 11)).toBe(2);
    expect((await sb.post('/api/r9/box/unbindBackUpQrCode', tokens.operator, { boxId: 43 })).body.code).toBe(0);
    expect(await scalar(sb.db, `select status from qr_sticker where code = 'YCB000880102'`)).toBe(0);
    expect(await scalar(sb.db, 'select count(*) from device where id = 43 and back_up_qr_code is null')).toBe(1);
    expect(await logs(43, 12)).toBe(1);
    const none = await sb.post('/api/r9/box/unbindBackUpQrCode', tokens.operator, { boxId: 43 });
    expect(none.body).toMatchObject({ code: 1, message: '该设备未绑定备用二维码' });
  });

  it('refuses socket stickers, stickers bound to another box, void or unknown codes, and parties', async () => {
    const socketCode = await setBackUpQrCode(43, 'YCQ000100301');
    expect(socketCode.body).toMatchObject({ code: 1, message: '该二维码为插座码，不能作为备用码' });
    const taken = await setBackUpQrCode(43, 'YCB000880001');
    expect(taken.body.code).toBe(1);
    expect(taken.body.message).toMatch(/^该备用码已绑定设备\d+$/);
    const voided = await setBackUpQrCode(43, 'YCB000880109');
    expect(voided.body).toMatchObject({ code: 1, message: '备用码不存在或已作废' });
    const party = await setBackUpQrCode(28, 'YCB000880103', tokens.agent);
    expect(party.body).toMatchObject({ code: 403, message: '无操作权限' });
  });
});

describe('signal mode (D9)', () => {
  it('lists the online masters of a site with their slaves', async () => {
    const masters = await sb.get<{ list: BoxListRow[]; total: number }>('/api/r9/box/boxList', tokens.operator, {
      siteId: 3,
      signalMode: 2,
      pageNum: 1,
      pageSize: 100,
    });
    expect(masters.body.data.list.map((b) => [b.id, b.slaveCount])).toEqual([[22, 1]]);
  });

  it('enforces online, same-site master, 8 slaves at most, and no master with slaves switching away', async () => {
    const toSlave = await sb.post('/api/r9/box/updateBox', tokens.operator, { id: 25, signalMode: 3, masterBoxId: 22 });
    expect(toSlave.body).toEqual({ code: 0, message: 'success', data: { commandStatus: 1 } });
    expect(await scalar(sb.db, 'select master_device_id from device where id = 25')).toBe(22);
    expect(await logs(25, 6)).toBe(1);
    expect((await sb.post('/api/r9/box/updateBox', tokens.operator, { id: 19, signalMode: 3 })).body.message).toBe(
      '请选择主机',
    );
    const farMaster = await sb.post('/api/r9/box/updateBox', tokens.operator, {
      id: 1,
      signalMode: 3,
      masterBoxId: 22,
    });
    expect(farMaster.body.message).toBe('主机须为同站点的组网主机');
    const away = await sb.post('/api/r9/box/updateBox', tokens.operator, { id: 22, signalMode: 1 });
    expect(away.body.message).toBe('该主机下还有2台从机，请先调整从机');
    const offline = await sb.post('/api/r9/box/updateBox', tokens.operator, { id: 17, signalMode: 2 });
    expect(offline.body.message).toBe('设备离线，无法下发设置');
    await sb.db.query('update device set master_device_id = 22, signal_mode = 3 where id in (19, 20, 21, 26)');
    await sb.db.query(`update device set master_device_id = 22, signal_mode = 3, site_id = 3 where id in (2, 3)`);
    const full = await sb.post('/api/r9/box/updateBox', tokens.operator, { id: 4, signalMode: 3, masterBoxId: 22 });
    // box 4 is on site 1: same-site rule first; then a site-3 box when the master already carries 8.
    expect(full.body.message).toBe('主机须为同站点的组网主机');
    await sb.db.query('update device set site_id = 3 where id = 4');
    expect(
      (await sb.post('/api/r9/box/updateBox', tokens.operator, { id: 4, signalMode: 3, masterBoxId: 22 })).body.message,
    ).toBe('该主机从机数量已满');
    await sb.db.query('update device set site_id = 1 where id in (2, 3, 4)');
    await sb.db.query('update device set master_device_id = null, signal_mode = 1 where id in (2, 3, 19, 20, 21, 26)');
  });
});

describe('socket QR stickers (D10)', () => {
  it('binds one socket sticker, restores the default (sticker released), refuses spare and taken codes', async () => {
    const chargers = (await boxOfStock()).chargers;
    const first = chargers[0];
    if (!first) throw new Error('box 43 has sockets');
    const bind = await sb.post('/api/site/setSocketQRcode', tokens.operator, {
      chargerId: first.chargerId,
      qrCode: 'YCQ000100301',
    });
    expect(bind.body.data).toEqual({
      chargerId: first.chargerId,
      qrCode: 'https://qr.sandbox.yichong.local/q/YCQ000100301',
    });
    expect(await scalar(sb.db, `select bound_charger_id from qr_sticker where code = 'YCQ000100301'`)).toBe(
      first.chargerId,
    );
    const reset = await sb.post<{ qrCode: string }>('/api/site/setSocketQRcode', tokens.operator, {
      chargerId: first.chargerId,
      qrCode: '',
    });
    expect(reset.body.data.qrCode).toBe(`https://qr.sandbox.yichong.local/c/${STOCK_FREE}-1`);
    expect(await scalar(sb.db, `select status from qr_sticker where code = 'YCQ000100301'`)).toBe(0);
    const spare = await sb.post('/api/site/setSocketQRcode', tokens.operator, {
      chargerId: first.chargerId,
      qrCode: 'YCB000880103',
    });
    expect(spare.body).toMatchObject({ code: 1, message: '备用码不能绑定到插座' });
    const taken = await sb.post('/api/site/setSocketQRcode', tokens.operator, {
      chargerId: first.chargerId,
      qrCode: 'YCQ000100201',
    });
    expect(taken.body).toMatchObject({ code: 1, message: '该二维码已绑定其他插座' });
    expect(await logs(43, 13)).toBe(2);
  });

  it('binds a batch: each item succeeds or fails with its reason', async () => {
    const chargers = (await boxOfStock()).chargers;
    const [a, b, c] = chargers;
    if (!a || !b || !c) throw new Error('box 43 has sockets');
    const res = await sb.post<BatchQrResult>('/api/box/updateBatchChargerQrCode', tokens.operator, {
      boxId: 43,
      items: [
        { chargerId: a.chargerId, qrCode: 'YCQ000100302' },
        { chargerId: b.chargerId, qrCode: 'YCQ000100302' },
        { chargerId: c.chargerId, qrCode: 'YCQ000100201' },
      ],
    });
    expect(res.body.data).toEqual({
      successCount: 1,
      failList: [
        { chargerId: b.chargerId, socketNo: 2, reason: '同一二维码不能绑定多个插座' },
        { chargerId: c.chargerId, socketNo: 3, reason: '该二维码已绑定其他插座' },
      ],
    });
    const after = (await boxOfStock()).chargers;
    expect(after[0]).toMatchObject({ customQrCode: true, qrCode: 'https://qr.sandbox.yichong.local/q/YCQ000100302' });
  });
});

describe('socket detail, power curve, remote start and stop (C5, C7, C8, R3.7, R4)', () => {
  it('starts a free remote charge on an idle socket, reports power every 5 minutes, stops it', async () => {
    const chargers = (await boxOfStock()).chargers;
    const socket = chargers[4];
    if (!socket) throw new Error('box 43 has 10 sockets');
    const bad = await remotePay({ reasonType: 4 });
    expect(bad.body).toMatchObject({ code: 1, message: '请填写远程启动原因' });
    const tooLong = await remotePay({ chargeMinutes: 1440 });
    expect(tooLong.body).toMatchObject({ code: 1, message: '充电时长不能超过站点最长充电时长720分钟' });
    const start = await remotePay({ reasonType: 4, remark: '用户支付失败补电' });
    expect(start.body.data).toMatchObject({ status: 1 });
    const busy = await remotePay({});
    expect(busy.body).toMatchObject({ code: 1, message: '插座使用中' });
    expect(await logs(43, 7)).toBe(1);
    await sb.advance(REMOTE_ACK_MS); // the box acknowledges the start (sandbox/api/remote-start.ts)
    sb.clock.now = NOW + 21 * 60_000;
    const detail = (
      await sb.get<ConnectorDetail>('/api/box/getConnectorDetail', tokens.operator, { chargerId: socket.chargerId })
    ).body.data;
    expect(detail.status).toBe(1);
    expect(detail.currentOrder).toMatchObject({
      orderNo: start.body.data.orderNo,
      payType: 7,
      amount: 0,
      durationMinutes: 21,
      remainMinutes: 39,
    });
    const chart = (
      await sb.get<PowerChart>('/api/charger/powerCharts', tokens.operator, { orderNo: start.body.data.orderNo })
    ).body.data;
    expect(chart.points.map((p) => p.time)).toEqual([5, 10, 15, 20].map((m) => NOW + m * 60_000));
    expect(chart.maxPower).toBe(Math.max(...chart.points.map((p) => p.power)));
    expect(detail.power).toBe(chart.points[3]?.power);
    const energy = chart.points.reduce((s, p) => s + Math.round((p.power * 5) / 60), 0);
    expect(detail.currentOrder?.energyWh).toBe(energy);
    const stop = await sb.post('/api/r9/charge/remoteStop', tokens.operator, {
      chargerId: socket.chargerId,
      orderNo: start.body.data.orderNo,
    });
    expect(stop.body.data).toEqual({ orderNo: start.body.data.orderNo, refundAmount: 0 });
    expect(await logs(43, 8)).toBe(1);
    const after = (
      await sb.get<ConnectorDetail>('/api/box/getConnectorDetail', tokens.operator, { chargerId: socket.chargerId })
    ).body.data;
    expect(after).toMatchObject({ status: 0, currentOrder: null, power: 0, lastOrderEndTime: NOW + 21 * 60_000 });
    expect(
      await scalar(
        sb.db,
        'select status from remote_charge_record where order_id = (select id from charge_order where order_no = $1)',
        [start.body.data.orderNo],
      ),
    ).toBe(3);
    const again = await sb.post('/api/r9/charge/remoteStop', tokens.operator, {
      chargerId: socket.chargerId,
      orderNo: start.body.data.orderNo,
    });
    expect(again.body).toMatchObject({ code: 1, message: '订单已结束' });
  });

  it('K37: an order stopped within its free minutes ends as 8 免费时长内结束 and is refunded in full', async () => {
    const running = (
      await sb.db.query<{ charger_id: number; order_no: string; amount: number; id: number }>(
        `select charger_id, order_no, amount, id from charge_order where status = 1 and pay_type in (1, 2)
         and amount > 0 order by id desc limit 1`,
      )
    ).rows[0];
    if (!running) throw new Error('the demo has a running scan-paid order');
    // started 2 minutes ago under a rule with 5 free minutes
    await sb.db.query(
      `update charge_order set start_time = $2, pay_time = $2, duration_minutes = 0,
         rule_snapshot = jsonb_set(rule_snapshot, '{freeMinutes}', '5') where id = $1`,
      [running.id, sb.clock.now - 2 * 60_000],
    );
    const res = await sb.post<{ refundAmount: number }>('/api/r9/charge/remoteStop', tokens.operator, {
      chargerId: Number(running.charger_id),
      orderNo: running.order_no,
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.refundAmount).toBe(Number(running.amount));
    const order = (
      await sb.db.query<{ refund_amount: number; end_reason: number; status: number }>(
        'select refund_amount::float8 as refund_amount, end_reason, status from charge_order where id = $1',
        [running.id],
      )
    ).rows[0];
    expect(order).toEqual({ refund_amount: Number(running.amount), end_reason: 8, status: 3 });
  });

  it('K37: 8 only within the free minutes, and only for orders charged by use', () => {
    const rule = { freeMinutes: 5 } as ChargeRule;
    const scan = { payType: 1, amount: 300, presetAmount: null, ruleSnapshot: rule };
    expect(endsWithinFreeMinutes(scan, 4)).toBe(true);
    expect(endsWithinFreeMinutes(scan, 5)).toBe(false);
    expect(endsWithinFreeMinutes({ ...scan, payType: 2 }, 0)).toBe(true);
    expect(endsWithinFreeMinutes({ ...scan, amount: 0 }, 1)).toBe(false);
    expect(endsWithinFreeMinutes({ ...scan, payType: 3, amount: 0 }, 1)).toBe(true);
    expect(endsWithinFreeMinutes({ ...scan, payType: 5, amount: 0 }, 1)).toBe(true);
    expect(endsWithinFreeMinutes({ ...scan, payType: 3, presetAmount: 200 }, 1)).toBe(false);
    for (const payType of [4, 6, 7, 8]) expect(endsWithinFreeMinutes({ ...scan, payType }, 1)).toBe(false);
    expect(endsWithinFreeMinutes({ ...scan, ruleSnapshot: {} as ChargeRule }, 0)).toBe(false);
  });

  it('stops a paid order: refund of the unused part, split rows adding up, day stats and pending income agree', async () => {
    const running = (
      await sb.db.query<{ charger_id: number; order_no: string; amount: number; site_id: number; id: number }>(
        `select charger_id, order_no, amount, site_id, id from charge_order where status = 1 and pay_type in (1, 2)
         order by id limit 1`,
      )
    ).rows[0];
    if (!running) throw new Error('the demo has a running scan-paid order');
    const day = '2026-11-20';
    const refundBefore = await scalar(
      sb.db,
      'select charge_refund_amount from site_daily_stat where site_id = $1 and date = $2',
      [running.site_id, day],
    );
    const pendingBefore = await scalar(sb.db, 'select pending_income from wallet where account_id = 10001');
    const res = await sb.post<{ refundAmount: number }>('/api/r9/charge/remoteStop', tokens.operator, {
      chargerId: Number(running.charger_id),
      orderNo: running.order_no,
    });
    expect(res.body.code).toBe(0);
    const refund = res.body.data.refundAmount;
    expect(refund).toBeGreaterThanOrEqual(0);
    expect(refund).toBeLessThanOrEqual(Number(running.amount));
    const order = (
      await sb.db.query<{ refund_amount: number; end_reason: number; status: number }>(
        'select refund_amount, end_reason, status from charge_order where id = $1',
        [running.id],
      )
    ).rows[0];
    expect(order).toMatchObject({ refund_amount: refund, end_reason: 4, status: refund > 0 ? 4 : 2 });
    const splitSum = await scalar(
      sb.db,
      'select coalesce(sum(amount), 0) from order_split where order_id = $1 and order_type = 1',
      [running.id],
    );
    expect(splitSum).toBe(Number(running.amount) - refund);
    const ownerRow = await scalar(
      sb.db,
      'select amount from order_split where order_id = $1 and order_type = 1 and role = 0',
      [running.id],
    );
    expect(await scalar(sb.db, 'select pending_income from wallet where account_id = 10001')).toBe(
      pendingBefore + ownerRow,
    );
    expect(
      await scalar(sb.db, 'select charge_refund_amount from site_daily_stat where site_id = $1 and date = $2', [
        running.site_id,
        day,
      ]),
    ).toBe(refundBefore + refund);
    // The day row stays consistent with its derived columns (table CHECKs) and with the income call.
    const dayList = await sb.post<{ list: { date: string; refundAmount: number }[] }>(
      '/api/site/incomeDayList',
      tokens.operator,
      {
        siteId: Number(running.site_id),
        month: '2026-11',
        pageNum: 1,
        pageSize: 1,
      },
    );
    expect(dayList.body.data.list[0]).toMatchObject({ date: day, refundAmount: refundBefore + refund });
  });

  it('refuses parties and accounts without remote:charge, and the 21st remote start of a day', async () => {
    const party = await remotePay({ serialNumber: '86123450011073', socketNo: 1 }, tokens.agent);
    expect(party.body).toMatchObject({ code: 403, message: '无操作权限' });
    const noPermission = await remotePay({ serialNumber: '86123450010037', socketNo: 3 }, tokens.subAccount);
    expect(noPermission.body).toMatchObject({ code: 403, message: '无操作权限' });
    await sb.db.query(
      `insert into remote_charge_record (merchant_id, device_id, charger_id, serial_number, socket_no, site_id,
         charge_minutes, reason_type, status, operator_account_id, start_time, create_time, update_time)
       select 10001, 43, c.id, '${STOCK_FREE}', 1, 6, 30, 2, 3, 10001, $1, $1, $1
       from charger c, generate_series(1, 20) where c.device_id = 43 and c.socket_no = 1`,
      [NOW + 60_000],
    );
    const limit = await remotePay({ socketNo: 6 });
    expect(limit.body).toMatchObject({ code: 1, message: '今日远程充电次数已达上限' });
  });
});
