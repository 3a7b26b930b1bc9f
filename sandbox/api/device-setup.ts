import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type {
  AddDevicePermission,
  BatchQrResult,
  BoxListRow,
  BoxSimpleInfo,
  ChargerListOfBox,
  ConnectorDetail,
  DeviceTypeInfo,
  PayType,
  PowerChart,
} from '../../src/api/device-setup';
import { QR_BASE_URL } from '../db/seed/util';
import { readOnly, type Scope, type SiteTarget } from '../http/access';
import { endpoints } from '../http/endpoint';
import { openArrearsTotal } from '../domain/arrears';
import { BizError, FORBIDDEN, INVALID } from '../http/envelope';
import { maskPhone, type Caller } from '../http/session';
import { touches, type DeviceTarget } from '../http/touch';
import { one, rows, scalar, type Db } from '../lib/db';
import { DAY_MS, startOfDayAt } from '../lib/time';
import { LOG, logOperation, refuseMasterWithSlaves } from './device';
import { advanceOrder, advanceRunningOrders, endOrder } from './device-setup-orders';
import { answerStarts } from './remote-start';

/**
 * Adding and binding devices (B-site.md §3, Business rules C7, C8, D1–D10; entities.md R1–R3): the add-device
 * permission, the factory lookup of a serial number, binding and migrating devices (sockets created on the first
 * binding), spare QR stickers (kind 2), the signal mode (mesh), socket QR stickers (kind 1), the socket detail with its
 * power curve, and remote start / stop. Every device action writes one DeviceOperationLog row. Visibility per R1.3:
 * only the owner (and its sub-accounts within their data scope) may change devices; parties read only (403 无操作权限).
 */

/** Names of the device types (B Entities "Device"). */
export const DEVICE_TYPE_NAMES: Record<number, string> = {
  1: '10路充电站',
  2: '12路充电站',
  3: '双路充电桩',
  4: '门禁',
  5: 'U8道闸控制器',
  6: '摄像头',
  7: '烟感',
};

/** Format of a device serial number (B §0.4). */
const SERIAL = /^[0-9A-Za-z]{6,20}$/;
/** Format of a platform QR sticker code (B §0.4). */
const STICKER = /^[0-9A-Za-z]{8,16}$/;
/** Most slaves a mesh master may carry (B §3 signalSetting, D9). */
export const MAX_SLAVES = 8;

const serialSchema = z.string({ error: '请输入设备号' }).trim().regex(SERIAL, '设备号格式不正确');
const id = (name: string) =>
  z.coerce
    .number({ error: `缺少 ${name}` })
    .int()
    .positive(`${name} 不合法`);

/** The default platform QR content of a socket ("{serial}-{socketNo}", B Entities Charger). */
export function defaultSocketQr(serialNumber: string, socketNo: number): string {
  return `${QR_BASE_URL}/c/${serialNumber}-${socketNo}`;
}

/** The URL of a sticker code. */
export function stickerUrl(code: string): string {
  return `${QR_BASE_URL}/q/${code}`;
}

/** The sticker code of a URL or a code (the app sends codes; a pasted URL is accepted too). */
function stickerCode(text: string): string {
  const match = /\/q\/([0-9A-Za-z]+)\/?$/.exec(text.trim());
  return match?.[1] ?? text.trim();
}

/**
 * Why the caller may not add devices to a visible site (B §3 facilityCode, D2), or '' when it may: the device:add
 * permission, ownership of the site (parties and properties read only), no open arrears.
 */
async function addRefusal(db: Db, scope: Scope, site: SiteTarget): Promise<{ code: number; reason: string } | null> {
  if (!scope.can('device:add')) return { code: FORBIDDEN, reason: '当前账号无添加设备权限，请联系主账号开通' };
  if (!site.owned) return { code: FORBIDDEN, reason: '无操作权限：该站点不属于当前账号，仅可查看' };
  if ((await openArrearsTotal(db, scope.ownerId)).count > 0)
    return { code: INVALID, reason: '您有未缴清的欠费，请缴清后再添加设备' };
  return null;
}

/** A device row as the routes use it. */
interface DeviceRow {
  id: number;
  serialNumber: string;
  model: string;
  deviceType: number;
  ownerOperatorId: number;
  siteId: number | null;
  remark: string | null;
  status: number;
  signal: number;
  signalMode: number | null;
  masterDeviceId: number | null;
  verifyCode: string | null;
  backUpQrCode: string | null;
  backUpBindTime: number | null;
  socketCount: number;
  supportMesh: boolean;
  needVerifyCode: boolean;
}

const DEVICE_SELECT = `select d.id, d.serial_number, d.model, d.device_type, d.owner_operator_id, d.site_id, d.remark,
  d.status, d.signal, d.signal_mode, d.master_device_id, d.verify_code, d.back_up_qr_code, d.back_up_bind_time,
  m.socket_count, m.support_mesh, m.need_verify_code
  from device d join device_model m on m.model = d.model`;

function deviceBySerial(db: Db, serial: string): Promise<DeviceRow | null> {
  return one<DeviceRow>(db, `${DEVICE_SELECT} where upper(d.serial_number) = upper($1)`, [serial]);
}

function deviceById(db: Db, deviceId: number): Promise<DeviceRow | null> {
  return one<DeviceRow>(db, `${DEVICE_SELECT} where d.id = $1`, [deviceId]);
}

/** The device row of a box whose access the endpoint's touch has checked (D2: own site, or the owner's stock). */
async function checkedBox(db: Db, target: DeviceTarget): Promise<DeviceRow> {
  const device = await deviceById(db, target.id);
  if (!device) throw new Error('a checked device exists');
  return device;
}

/** The sockets of a box with their effective QR content (B §3 /site/socket/qrcode). */
async function chargersOf(db: Db, device: DeviceRow, now: number) {
  const list = await rows<{
    chargerId: number;
    socketNo: number;
    status: number;
    power: number;
    customQrCode: string | null;
    startTime: number | null;
    presetMinutes: number | null;
  }>(
    db,
    `select c.id as charger_id, c.socket_no, c.status, c.power, c.custom_qr_code, o.start_time, o.preset_minutes
     from charger c left join charge_order o on o.id = c.current_order_id and o.status = 1
     where c.device_id = $1 order by c.socket_no`,
    [device.id],
  );
  return list.map((c) => {
    const offline = Number(device.status) === 2;
    const remain =
      c.startTime !== null && c.presetMinutes
        ? Math.max(0, Math.ceil((Number(c.startTime) + c.presetMinutes * 60_000 - now) / 60_000))
        : 0;
    return {
      chargerId: Number(c.chargerId),
      socketNo: c.socketNo,
      status: (offline ? 4 : c.status) as 0 | 1 | 2 | 3 | 4,
      power: offline ? 0 : c.power,
      remainMinutes: offline ? 0 : remain,
      qrCode: c.customQrCode ? stickerUrl(c.customQrCode) : defaultSocketQr(device.serialNumber, c.socketNo),
      customQrCode: c.customQrCode !== null,
    };
  });
}

/**
 * Binds a socket sticker (kind 1) to one socket, or restores the default when `text` is '' (D10): the sticker must
 * exist, not be void, be a socket code and be free or already this socket's; the socket's previous sticker returns to
 * 未使用. Returns an error text instead of throwing (the batch reports each failure).
 */
async function bindSocketSticker(
  db: Db,
  caller: Caller,
  device: DeviceRow,
  charger: { id: number; socketNo: number; customQrCode: string | null },
  text: string,
  now: number,
): Promise<{ error: string } | { qrCode: string }> {
  const code = stickerCode(text);
  if (code === '') {
    if (charger.customQrCode) {
      await db.query(
        `update qr_sticker set status = 0, bound_charger_id = null, bind_time = null, update_time = $2 where code = $1`,
        [charger.customQrCode, now],
      );
      await db.query('update charger set custom_qr_code = null, update_time = $2 where id = $1', [charger.id, now]);
      await logOperation(
        db,
        device,
        caller.account.id,
        LOG.socketCode,
        { socketNo: charger.socketNo, code: null },
        now,
      );
    }
    return { qrCode: defaultSocketQr(device.serialNumber, charger.socketNo) };
  }
  if (!STICKER.test(code)) return { error: '非本平台二维码，请扫描平台提供的二维码贴纸' };
  const sticker = await one<{
    kind: number;
    status: number;
    boundChargerId: number | null;
    boundDeviceId: number | null;
  }>(db, 'select kind, status, bound_charger_id, bound_device_id from qr_sticker where code = $1', [code]);
  if (!sticker || sticker.status === 2) return { error: '二维码不存在或已作废' };
  if (sticker.kind === 2) return { error: '备用码不能绑定到插座' };
  if (sticker.status === 1 && Number(sticker.boundChargerId) !== charger.id) return { error: '该二维码已绑定其他插座' };
  if (charger.customQrCode === code) return { qrCode: stickerUrl(code) };
  if (charger.customQrCode) {
    await db.query(
      'update qr_sticker set status = 0, bound_charger_id = null, bind_time = null, update_time = $2 where code = $1',
      [charger.customQrCode, now],
    );
  }
  await db.query(
    'update qr_sticker set status = 1, bound_charger_id = $2, bind_time = $3, update_time = $3 where code = $1',
    [code, charger.id, now],
  );
  await db.query('update charger set custom_qr_code = $2, update_time = $3 where id = $1', [charger.id, code, now]);
  await logOperation(db, device, caller.account.id, LOG.socketCode, { socketNo: charger.socketNo, code }, now);
  return { qrCode: stickerUrl(code) };
}

const pageSchema = {
  pageNum: z.coerce.number().int().min(1, 'pageNum 须为正整数'),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize 最大为100'),
};

export function deviceSetupRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // GET /api/box/checkAddDevicePermission — may the caller add devices to this site.
  api.get(
    '/api/box/checkAddDevicePermission',
    { permission: 'login', input: z.object({ siteId: id('siteId') }), touches: touches.site('siteId', 'view') },
    async ({ scope, target }) => {
      const refusal = await addRefusal(db, scope, target);
      const data: AddDevicePermission = { allowed: refusal === null, reason: refusal?.reason ?? '' };
      return data;
    },
  );

  // GET /api/box/getDeviceTypeBySerialNumber — the factory registry's entry of a serial number.
  api.get(
    '/api/box/getDeviceTypeBySerialNumber',
    { permission: 'device:add', input: z.object({ serialNumber: serialSchema }), touches: touches.none },
    async ({ input: { serialNumber } }) => {
      const device = await deviceBySerial(db, serialNumber);
      if (!device) throw new BizError(INVALID, '设备号不存在，请核对');
      const data: DeviceTypeInfo = {
        serialNumber: device.serialNumber,
        deviceType: device.deviceType as DeviceTypeInfo['deviceType'],
        deviceTypeName: DEVICE_TYPE_NAMES[device.deviceType] ?? '设备',
        model: device.model,
        socketCount: device.socketCount,
        needVerifyCode: device.needVerifyCode,
      };
      return data;
    },
  );

  // GET /api/box/getBoxSimpleInfoBySerialNumber — where a device is bound, as far as the caller may know.
  api.get(
    '/api/box/getBoxSimpleInfoBySerialNumber',
    { permission: 'device:add', input: z.object({ serialNumber: serialSchema }), touches: touches.sites },
    async ({ scope, input: { serialNumber } }) => {
      const device = await deviceBySerial(db, serialNumber);
      if (!device) throw new BizError(INVALID, '设备号不存在，请核对');
      // The caller's own device: its owner's, in stock or on a site of the caller's scope (never a property's view).
      const mine =
        Number(device.ownerOperatorId) === scope.ownerId &&
        scope.account.accountType !== 3 &&
        (device.siteId === null || (await scope.siteIds()).includes(Number(device.siteId)));
      const site =
        mine && device.siteId !== null
          ? await one<{ name: string }>(db, 'select name from site where id = $1', [device.siteId])
          : null;
      const active = await scalar(db, 'select count(*) from charge_order where device_id = $1 and status = 1', [
        device.id,
      ]);
      const data: BoxSimpleInfo = {
        boxId: mine ? Number(device.id) : null,
        serialNumber: device.serialNumber,
        deviceType: device.deviceType as BoxSimpleInfo['deviceType'],
        model: device.model,
        remark: mine ? (device.remark ?? '') : '',
        socketCount: device.socketCount,
        status: device.status as BoxSimpleInfo['status'],
        bindStatus: !mine ? 2 : device.siteId === null ? 0 : 1,
        siteId: mine && device.siteId !== null ? Number(device.siteId) : null,
        siteName: site?.name ?? '',
        hasActiveOrder: mine && active > 0,
      };
      return data;
    },
  );

  // POST /api/r9/box/addBox — binds a device to a site, or migrates it from another of the caller's sites.
  api.post(
    '/api/r9/box/addBox',
    {
      permission: 'device:add',
      input: z.object({
        siteId: z.number({ error: '缺少站点 siteId' }).int().positive(),
        serialNumber: serialSchema,
        deviceType: z.number({ error: '缺少设备类型' }).int().min(1).max(7, '设备类型不合法'),
        remark: z.string().trim().max(20, '备注最多20个字').optional(),
        verifyCode: z.string().trim().optional(),
        moveFromSiteId: z.number().int().positive().optional(),
      }),
      touches: touches.site('siteId', 'own'),
    },
    async ({ caller, scope, input: body }) => {
      const at = now();
      if ((await openArrearsTotal(db, caller.ownerId)).count > 0) {
        throw new BizError(INVALID, '您有未缴清的欠费，请缴清后再添加设备');
      }
      const device = await deviceBySerial(db, body.serialNumber);
      if (!device) throw new BizError(INVALID, '设备号不存在，请核对');
      if (Number(device.ownerOperatorId) !== caller.ownerId) throw new BizError(INVALID, '该设备已被其他运营商绑定');
      if (device.deviceType !== body.deviceType) throw new BizError(INVALID, '设备类型与设备号不符');
      const inTransfer = await scalar(
        db,
        `select count(*) from transfer_item i join transfer t on t.id = i.transfer_id where i.device_id = $1 and t.status = 1`,
        [device.id],
      );
      if (inTransfer > 0) throw new BizError(INVALID, '该设备正在划拨中，无法添加');
      if (device.needVerifyCode) {
        const code = body.verifyCode ?? '';
        if (!/^[0-9A-Za-z]{6,8}$/.test(code)) throw new BizError(INVALID, '请输入设备标签上的验证码');
        if (code.toUpperCase() !== (device.verifyCode ?? '').toUpperCase())
          throw new BizError(INVALID, '设备验证码错误');
      }
      const fromSite = device.siteId === null ? null : Number(device.siteId);
      if (fromSite === body.siteId) throw new BizError(INVALID, '该设备已在本站点');
      if (fromSite !== null) {
        // Migrating takes the device from another site, which must be the caller's own too (a site of its owner in
        // its data scope; the device is its owner's).
        if (scope.account.accountType === 3 || !(await scope.siteIds()).includes(fromSite)) throw readOnly();
        const from = await one<{ name: string }>(db, 'select name from site where id = $1', [fromSite]);
        if (body.moveFromSiteId !== fromSite)
          throw new BizError(INVALID, `该设备当前绑定在「${from?.name ?? ''}」，请确认迁移`);
        await refuseMasterWithSlaves(db, device);
        const running = await scalar(db, 'select count(*) from charge_order where device_id = $1 and status = 1', [
          device.id,
        ]);
        if (running > 0) throw new BizError(INVALID, '设备有正在充电的订单，请结束后再迁移');
      }
      const isBox = device.deviceType <= 3;
      await db.transaction(async (tx) => {
        // A device taken from stock is installed and powered on: it reports online with its first heartbeat.
        const fromStock = fromSite === null;
        await tx.query(
          `update device set site_id = $2, bind_time = $3, remark = coalesce($4, remark),
           status = case when $5 then 1 else status end,
           signal = case when $5 and signal = 0 then 22 else signal end,
           last_heartbeat_time = case when $5 then $3 else last_heartbeat_time end,
           signal_mode = case when signal_mode = 3 then 1 else signal_mode end,
           master_device_id = null, update_time = $3
         where id = $1`,
          [device.id, body.siteId, at, body.remark ?? null, fromStock],
        );
        if (isBox) {
          const existing = await scalar(tx, 'select count(*) from charger where device_id = $1', [device.id]);
          if (existing === 0) {
            for (let n = 1; n <= device.socketCount; n++) {
              await tx.query(
                `insert into charger (device_id, site_id, socket_no, status, power, create_time, update_time)
               values ($1, $2, $3, 0, 0, $4, $4)`,
                [device.id, body.siteId, n, at],
              );
            }
          } else {
            await tx.query(
              `update charger set site_id = $2, status = case when $3 and status = 4 then 0 else status end,
             update_time = $4 where device_id = $1`,
              [device.id, body.siteId, fromStock, at],
            );
          }
        }
        await logOperation(
          tx,
          { id: Number(device.id), siteId: body.siteId },
          caller.account.id,
          LOG.add,
          { serialNumber: device.serialNumber, siteId: body.siteId, ...(fromSite ? { moveFromSiteId: fromSite } : {}) },
          at,
        );
      });
      return { id: Number(device.id) };
    },
  );

  // POST /api/r9/box/setBackUpQrCode — binds a spare sticker (kind 2) to a box; the old one returns to 未使用.
  api.post(
    '/api/r9/box/setBackUpQrCode',
    {
      permission: 'device:add',
      input: z.object({
        boxId: z.number({ error: '缺少设备 boxId' }).int().positive(),
        backUpQrCode: z.string().trim(),
      }),
      touches: touches.device('boxId', { types: [1, 2, 3], mode: 'own', stock: true, missing: '设备不存在' }),
    },
    async ({ caller, input: body, target }) => {
      const device = await checkedBox(db, target);
      const code = stickerCode(body.backUpQrCode);
      if (!STICKER.test(code)) throw new BizError(INVALID, '非本平台二维码，请扫描平台提供的二维码贴纸');
      const sticker = await one<{ kind: number; status: number; boundDeviceId: number | null }>(
        db,
        'select kind, status, bound_device_id from qr_sticker where code = $1',
        [code],
      );
      if (!sticker || sticker.status === 2) throw new BizError(INVALID, '备用码不存在或已作废');
      if (sticker.kind === 1) throw new BizError(INVALID, '该二维码为插座码，不能作为备用码');
      if (sticker.status === 1 && Number(sticker.boundDeviceId) !== Number(device.id)) {
        const other = await one<{ serialNumber: string }>(db, 'select serial_number from device where id = $1', [
          sticker.boundDeviceId,
        ]);
        throw new BizError(INVALID, `该备用码已绑定设备${other?.serialNumber ?? ''}`);
      }
      const at = now();
      if (device.backUpQrCode === code) return { backUpQrCode: code, bindTime: Number(device.backUpBindTime) };
      await db.transaction(async (tx) => {
        if (device.backUpQrCode) {
          await tx.query(
            'update qr_sticker set status = 0, bound_device_id = null, bind_time = null, update_time = $2 where code = $1',
            [device.backUpQrCode, at],
          );
        }
        await tx.query(
          'update qr_sticker set status = 1, bound_device_id = $2, bind_time = $3, update_time = $3 where code = $1',
          [code, device.id, at],
        );
        await tx.query(
          'update device set back_up_qr_code = $2, back_up_bind_time = $3, update_time = $3 where id = $1',
          [device.id, code, at],
        );
        await logOperation(
          tx,
          device,
          caller.account.id,
          LOG.spareBind,
          { code, ...(device.backUpQrCode ? { replaced: device.backUpQrCode } : {}) },
          at,
        );
      });
      return { backUpQrCode: code, bindTime: at };
    },
  );

  // POST /api/r9/box/unbindBackUpQrCode — releases the spare sticker of a box.
  api.post(
    '/api/r9/box/unbindBackUpQrCode',
    {
      permission: 'device:add',
      input: z.object({ boxId: z.number({ error: '缺少设备 boxId' }).int().positive() }),
      touches: touches.device('boxId', { types: [1, 2, 3], mode: 'own', stock: true, missing: '设备不存在' }),
    },
    async ({ caller, target }) => {
      const device = await checkedBox(db, target);
      if (!device.backUpQrCode) throw new BizError(INVALID, '该设备未绑定备用二维码');
      const at = now();
      await db.transaction(async (tx) => {
        await tx.query(
          'update qr_sticker set status = 0, bound_device_id = null, bind_time = null, update_time = $2 where code = $1',
          [device.backUpQrCode, at],
        );
        await tx.query(
          'update device set back_up_qr_code = null, back_up_bind_time = null, update_time = $2 where id = $1',
          [device.id, at],
        );
        await logOperation(tx, device, caller.account.id, LOG.spareUnbind, { code: device.backUpQrCode }, at);
      });
      return null;
    },
  );

  // GET /api/r9/box/boxList — the caller's charging boxes (visible sites), paged.
  api.get(
    '/api/r9/box/boxList',
    {
      permission: 'login',
      input: z.object({
        siteId: z.coerce.number().int().positive().optional(),
        signalMode: z.coerce.number().int().min(1).max(3, 'signalMode 不合法').optional(),
        keyword: z.string().trim().max(30, '搜索关键词最多30个字').optional(),
        ...pageSchema,
      }),
      touches: touches.optionalSite('siteId', 'view'),
    },
    async ({ scope, input: q, target }) => {
      const params: unknown[] = [target ? [target.id] : (await scope.visibleSites()).map((v) => v.id)];
      const where = ['d.site_id = any($1::bigint[])', 'd.device_type between 1 and 3'];
      if (q.signalMode !== undefined) {
        params.push(q.signalMode);
        where.push(`d.signal_mode = $${params.length}`);
      }
      if (q.keyword) {
        params.push(`%${q.keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
        where.push(`(d.serial_number ilike $${params.length} or d.remark ilike $${params.length})`);
      }
      const total = await scalar(db, `select count(*) from device d where ${where.join(' and ')}`, params);
      params.push(q.pageSize, (q.pageNum - 1) * q.pageSize);
      const list = await rows<BoxListRow>(
        db,
        `select d.id, d.serial_number, coalesce(d.remark, '') as remark, d.site_id, s.name as site_name, d.status,
              d.signal, d.signal_mode,
              (select count(*)::int from device x where x.master_device_id = d.id) as slave_count,
              (select count(*)::int from charger c where c.device_id = d.id) as socket_count,
              (select count(*)::int from charger c where c.device_id = d.id and c.status = 0 and d.status <> 2) as idle_count
       from device d join site s on s.id = d.site_id
       where ${where.join(' and ')} order by d.site_id, d.id limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      return { list: list.map((r) => ({ ...r, id: Number(r.id), siteId: Number(r.siteId) })), total };
    },
  );

  // POST /api/r9/box/updateBox — switches a box's signal mode (mesh rules D9); asynchronous command.
  api.post(
    '/api/r9/box/updateBox',
    {
      permission: 'device:control',
      input: z.object({
        id: z.number({ error: '缺少设备 id' }).int().positive(),
        signalMode: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '信号模式不合法' }),
        masterBoxId: z.number().int().positive().optional(),
      }),
      touches: touches.device('id', { types: [1, 2, 3], mode: 'own', stock: true, missing: '设备不存在' }),
    },
    async ({ caller, input: body, target }) => {
      const device = await checkedBox(db, target);
      if (device.siteId === null) throw new BizError(INVALID, '设备未绑定站点');
      if (device.status === 2) throw new BizError(INVALID, '设备离线，无法下发设置');
      if (body.signalMode !== 1 && !device.supportMesh) throw new BizError(INVALID, '该型号不支持组网');
      if (body.signalMode !== 2) await refuseMasterWithSlaves(db, device);
      let masterId: number | null = null;
      if (body.signalMode === 3) {
        if (body.masterBoxId === undefined) throw new BizError(INVALID, '请选择主机');
        if (body.masterBoxId === Number(device.id)) throw new BizError(INVALID, '不能选择本设备作为主机');
        const master = await deviceById(db, body.masterBoxId);
        if (!master || Number(master.siteId) !== Number(device.siteId) || master.signalMode !== 2)
          throw new BizError(INVALID, '主机须为同站点的组网主机');
        if (master.status === 2) throw new BizError(INVALID, '主机离线，请选择在线的主机');
        const carried = await scalar(db, 'select count(*) from device where master_device_id = $1 and id <> $2', [
          master.id,
          device.id,
        ]);
        if (carried >= MAX_SLAVES) throw new BizError(INVALID, '该主机从机数量已满');
        masterId = Number(master.id);
      }
      if (device.signalMode === body.signalMode && Number(device.masterDeviceId ?? 0) === Number(masterId ?? 0))
        throw new BizError(INVALID, '设备当前已是该信号模式');
      const at = now();
      await db.transaction(async (tx) => {
        await tx.query(
          'update device set signal_mode = $2, master_device_id = $3, last_heartbeat_time = $4, update_time = $4 where id = $1',
          [device.id, body.signalMode, masterId, at],
        );
        await logOperation(
          tx,
          device,
          caller.account.id,
          LOG.signalMode,
          { from: device.signalMode, to: body.signalMode, ...(masterId ? { masterBoxId: masterId } : {}) },
          at,
        );
      });
      return { commandStatus: 1 as const };
    },
  );

  // GET /api/box/getChargerListByBoxCode — the sockets of a box with their QR contents.
  api.get(
    '/api/box/getChargerListByBoxCode',
    {
      permission: 'login',
      input: z.object({ boxCode: serialSchema }),
      touches: touches.deviceBySerial('boxCode', {
        types: [1, 2, 3],
        mode: 'view',
        stock: true,
        missing: '设备不存在',
      }),
    },
    async ({ target }) => {
      const device = await checkedBox(db, target);
      const at = now();
      await answerStarts(db, at); // the simulated boxes' answers due by now (remote-start.ts)
      await advanceRunningOrders(
        db,
        at,
        (await rows<{ id: number }>(db, 'select id from charger where device_id = $1', [device.id])).map((r) =>
          Number(r.id),
        ),
      );
      const site = device.siteId
        ? await one<{ name: string }>(db, 'select name from site where id = $1', [device.siteId])
        : null;
      const data: ChargerListOfBox = {
        boxId: Number(device.id),
        serialNumber: device.serialNumber,
        remark: device.remark ?? '',
        siteId: device.siteId === null ? null : Number(device.siteId),
        siteName: site?.name ?? '',
        backUpQrCode: device.backUpQrCode,
        backUpQrCodeUrl: device.backUpQrCode ? stickerUrl(device.backUpQrCode) : null,
        chargers: await chargersOf(db, device, at),
      };
      return data;
    },
  );

  // POST /api/site/setSocketQRcode — binds a socket sticker to one socket ('' = back to the default code).
  api.post(
    '/api/site/setSocketQRcode',
    {
      permission: 'device:add',
      input: z.object({ chargerId: z.number({ error: '缺少插座 chargerId' }).int().positive(), qrCode: z.string() }),
      touches: touches.charger('chargerId', { mode: 'own', stock: true, missing: '插座不存在' }),
    },
    async ({ caller, input: body, target }) => {
      const charger = await one<{ id: number; deviceId: number; socketNo: number; customQrCode: string | null }>(
        db,
        'select id, device_id, socket_no, custom_qr_code from charger where id = $1',
        [body.chargerId],
      );
      if (!charger) throw new BizError(INVALID, '插座不存在');
      const device = await checkedBox(db, target);
      const result = await db.transaction((tx) =>
        bindSocketSticker(tx, caller, device, { ...charger, id: Number(charger.id) }, body.qrCode, now()),
      );
      if ('error' in result) throw new BizError(INVALID, result.error);
      return { chargerId: Number(charger.id), qrCode: result.qrCode };
    },
  );

  // POST /api/box/updateBatchChargerQrCode — binds several socket stickers of one box; each item on its own.
  api.post(
    '/api/box/updateBatchChargerQrCode',
    {
      permission: 'device:add',
      input: z.object({
        boxId: z.number({ error: '缺少设备 boxId' }).int().positive(),
        items: z
          .array(z.object({ chargerId: z.number().int().positive(), qrCode: z.string() }), { error: '缺少绑定项' })
          .min(1, '请至少扫描一个插座码')
          .max(12, '一次最多绑定12个插座'),
      }),
      touches: touches.device('boxId', { types: [1, 2, 3], mode: 'own', stock: true, missing: '设备不存在' }),
    },
    async ({ caller, input: body, target }) => {
      const device = await checkedBox(db, target);
      const chargers = await rows<{ id: number; socketNo: number; customQrCode: string | null }>(
        db,
        'select id, socket_no, custom_qr_code from charger where device_id = $1',
        [device.id],
      );
      const result: BatchQrResult = { successCount: 0, failList: [] };
      const seen = new Set<string>();
      const at = now();
      for (const item of body.items) {
        const charger = chargers.find((ch) => Number(ch.id) === item.chargerId);
        const code = stickerCode(item.qrCode);
        let error: string | null = null;
        if (!charger) error = '插座不属于该设备';
        else if (code === '') error = '请扫描插座码';
        else if (seen.has(code)) error = '同一二维码不能绑定多个插座';
        if (charger && error === null) {
          seen.add(code);
          const outcome = await db.transaction((tx) =>
            bindSocketSticker(tx, caller, device, { ...charger, id: Number(charger.id) }, code, at),
          );
          if ('error' in outcome) error = outcome.error;
        }
        if (error === null) result.successCount += 1;
        else result.failList.push({ chargerId: item.chargerId, socketNo: charger?.socketNo ?? 0, reason: error });
      }
      return result;
    },
  );

  // GET /api/box/getConnectorDetail — one socket with its running order and today's figures.
  api.get(
    '/api/box/getConnectorDetail',
    {
      permission: 'site:view',
      input: z.object({ chargerId: id('chargerId') }),
      touches: touches.charger('chargerId', { mode: 'view', missing: '插座不存在' }),
    },
    async ({ caller, input: { chargerId }, target }) => {
      const at = now();
      await answerStarts(db, at); // the simulated boxes' answers due by now (remote-start.ts)
      await advanceRunningOrders(db, at, [chargerId]);
      const row = await one<{
        chargerId: number;
        socketNo: number;
        status: number;
        power: number;
        customQrCode: string | null;
        currentOrderId: number | null;
        boxId: number;
        serialNumber: string;
        boxRemark: string | null;
        boxStatus: number;
        siteId: number | null;
        siteName: string | null;
        chargeRule: { maxMinutes: number } | null;
      }>(
        db,
        `select c.id as charger_id, c.socket_no, c.status, c.power, c.custom_qr_code, c.current_order_id,
              d.id as box_id, d.serial_number, d.remark as box_remark, d.status as box_status, d.site_id,
              s.name as site_name, s.charge_rule
       from charger c join device d on d.id = c.device_id left join site s on s.id = d.site_id where c.id = $1`,
        [chargerId],
      );
      if (!row) throw new BizError(INVALID, '插座不存在');
      const order = row.currentOrderId
        ? await one<{
            id: number;
            orderNo: string;
            payType: number;
            amount: number;
            startTime: number;
            presetMinutes: number | null;
            durationMinutes: number;
            energyWh: number;
            userPhone: string | null;
          }>(
            db,
            `select id, order_no, pay_type, amount, start_time, preset_minutes, duration_minutes, energy_wh, user_phone
           from charge_order where id = $1 and status = 1`,
            [row.currentOrderId],
          )
        : null;
      const today = startOfDayAt(at);
      const figures = await one<{ count: number; income: number }>(
        db,
        `select count(*) filter (where pay_type between 1 and 6 and status <> 5 and start_time >= $2)::int as count,
              coalesce(sum(amount) filter (where pay_type in (1, 2, 6) and status <> 5 and pay_time >= $2
                and settle_status in (0, 1, 3)), 0)::bigint as income
       from charge_order where charger_id = $1 and (start_time >= $2 or pay_time >= $2)`,
        [chargerId, today],
      );
      const refunds = await scalar(
        db,
        `select coalesce(sum(r.refund_amount), 0) from order_refund r join charge_order o on o.id = r.order_id
       where o.charger_id = $1 and o.pay_type in (1, 2) and o.settle_status in (0, 1, 3) and r.status = 2
         and r.finish_time >= $2 and r.finish_time < $3`,
        [chargerId, today, today + DAY_MS],
      );
      const lastEnd = await one<{ endTime: number | null }>(
        db,
        'select max(end_time) as end_time from charge_order where charger_id = $1 and status <> 1',
        [chargerId],
      );
      const offline = row.boxStatus === 2;
      const elapsed = order ? Math.max(0, Math.floor((at - Number(order.startTime)) / 60_000)) : 0;
      const data: ConnectorDetail = {
        chargerId: Number(row.chargerId),
        socketNo: row.socketNo,
        status: (offline ? 4 : row.status) as ConnectorDetail['status'],
        boxId: Number(row.boxId),
        serialNumber: row.serialNumber,
        boxRemark: row.boxRemark ?? '',
        boxStatus: row.boxStatus as ConnectorDetail['boxStatus'],
        siteId: Number(row.siteId),
        siteName: row.siteName ?? '',
        qrCode: row.customQrCode ? stickerUrl(row.customQrCode) : defaultSocketQr(row.serialNumber, row.socketNo),
        power: offline ? 0 : row.power,
        todayOrderCount: figures?.count ?? 0,
        todayIncome: Number(figures?.income ?? 0) - refunds,
        currentOrder: order
          ? {
              orderId: Number(order.id),
              orderNo: order.orderNo,
              payType: order.payType as PayType,
              amount: Number(order.amount),
              startTime: Number(order.startTime),
              durationMinutes: elapsed,
              remainMinutes: order.presetMinutes ? Math.max(0, order.presetMinutes - elapsed) : 0,
              energyWh: Number(order.energyWh),
              userPhone: maskPhone(order.userPhone),
            }
          : null,
        lastOrderEndTime: lastEnd?.endTime ? Number(lastEnd.endTime) : null,
        maxMinutes: row.chargeRule?.maxMinutes ?? 720,
        canControl: (target.site?.owned ?? false) && caller.account.permissions.includes('remote:charge'),
      };
      // Today's figures are income: not sent to a caller without income:view (a builder; issue 30).
      if (!caller.account.permissions.includes('income:view')) {
        const { todayIncome: _income, todayOrderCount: _orders, ...rest } = data;
        return rest;
      }
      return data;
    },
  );

  // GET /api/charger/powerCharts — the power samples of an order (every 5 minutes).
  api.get(
    '/api/charger/powerCharts',
    {
      permission: 'site:view',
      input: z.object({
        orderNo: z.string({ error: '缺少订单号 orderNo' }).trim().min(1, '缺少订单号 orderNo'),
        chargerId: z.coerce.number().int().positive().optional(),
      }),
      touches: touches.order('orderNo', 'view'),
    },
    async ({ input: q }) => {
      const order = await one<{ id: number; siteId: number; chargerId: number; status: number }>(
        db,
        'select id, site_id, charger_id, status from charge_order where order_no = $1',
        [q.orderNo],
      );
      if (!order || (q.chargerId !== undefined && Number(order.chargerId) !== q.chargerId))
        throw new BizError(INVALID, '订单不存在');
      if (order.status === 1) await advanceOrder(db, Number(order.id), now());
      const points = await rows<{ time: number; power: number }>(
        db,
        'select time, power from power_sample where order_id = $1 order by time',
        [order.id],
      );
      const list = points.map((p) => ({ time: Number(p.time), power: p.power }));
      const data: PowerChart = {
        points: list,
        maxPower: list.reduce((m, p) => Math.max(m, p.power), 0),
        avgPower: list.length ? Math.round(list.reduce((s, p) => s + p.power, 0) / list.length) : 0,
      };
      return data;
    },
  );

  // POST /api/r9/charge/remotePay: sandbox/api/remote-start.ts (the simulated box's acknowledgement, exactly once).

  // POST /api/r9/charge/remoteStop (PROPOSED) — ends a running order (endReason 4) with the C5 refund.
  api.post(
    '/api/r9/charge/remoteStop',
    {
      permission: 'remote:charge',
      input: z.object({
        chargerId: z.number({ error: '缺少插座 chargerId' }).int().positive(),
        orderNo: z.string({ error: '缺少订单号 orderNo' }).trim().min(1, '缺少订单号 orderNo'),
        reason: z.string().trim().max(50, '原因最多50个字').optional(),
      }),
      touches: touches.charger('chargerId', { mode: 'own', missing: '插座不存在' }),
    },
    async ({ caller, input: body, target }) => {
      const device = await checkedBox(db, target);
      const at = now();
      await advanceRunningOrders(db, at, [body.chargerId]);
      const order = await one<{ id: number; status: number; chargerId: number }>(
        db,
        'select id, status, charger_id from charge_order where order_no = $1',
        [body.orderNo],
      );
      if (!order || Number(order.chargerId) !== body.chargerId) throw new BizError(INVALID, '订单不存在');
      if (order.status !== 1) throw new BizError(INVALID, '订单已结束');
      if (device.status === 2) throw new BizError(INVALID, '设备离线');
      const operator = {
        id: caller.account.id,
        name: caller.account.contacts || caller.account.shortName || caller.account.name,
      };
      const refundAmount = await db.transaction(async (tx) => {
        const refund = await endOrder(
          tx,
          Number(order.id),
          { endReason: 4, at, operator, reason: body.reason ? `远程结束：${body.reason}` : '' },
          at,
        );
        await logOperation(
          tx,
          device,
          caller.account.id,
          LOG.remoteStop,
          { orderNo: body.orderNo, refundAmount: refund },
          at,
        );
        return refund;
      });
      return { orderNo: body.orderNo, refundAmount };
    },
  );

  return api.app;
}
