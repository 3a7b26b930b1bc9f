import type { Page } from '../../src/api/http';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { Context } from 'hono';
import { z } from 'zod';
import type {
  BoxDetail,
  BoxRow,
  BoxRowWithChargers,
  CameraCloudSystem,
  CameraCloudToken,
  ChargerTile,
  DeviceCommandRecord,
  GuardRow,
  LiveAddress,
  SmokeRow,
  WebcamRow,
  WhiteRow,
} from '../../src/api/device';
import {
  AUTO_CLOSE_INTERVALS,
  remarkRule,
  TEST_CHARGE_MINUTES,
  whiteExpireError,
  whiteNameRule,
  whitePhoneRule,
  whiteRoomRule,
} from '../../src/api/device-rules';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID, controlCharacterPath, input, ok } from '../http/envelope';
import type { Caller } from '../http/session';
import { touches, type DeviceTarget } from '../http/touch';
import { one, rows, scalar, type Db } from '../lib/db';
import { DAY_MS, dayOf, startOfDayAt } from '../lib/time';
import { startFreeOrder } from './device-setup-orders';

/**
 * Device lists and remote control of the site detail (B-site.md §2 and its Entities / Business rules D; entities.md
 * R1–R3): charging boxes with their sockets, door guards and U8 gates with their commands, the community whitelist,
 * cameras with the live view (camera-cloud token, request signing, live addresses, and an emulation of the camera-cloud
 * open API with a short real HLS stream), smoke sensors.
 *
 * Who may do what (R1): every list shows the devices of a site the caller sees (visibleSites; a share party sees
 * read-only); remarks, unbinding and whitelist edits need the site editable (the owner with site:edit), commands
 * (强制开门, 开闸/关闸, 自动关闸, 测试充电) the owner's site and `device:control`; otherwise code 403 无操作权限. An offline
 * device refuses commands (code 1 设备离线，指令无法下发). Every command writes one DeviceOperationLog row.
 *
 * Time-driven states are settled lazily on the sandbox clock whenever a device is read or commanded (D8): a forced open
 * falls back to 已关闭 5 s later, a raised gate to 已落杆 after its autoCloseInterval (0 = never), and a test charge
 * ends after its minutes (socket back to 空闲, the order 已完成, its energy and duration added to SiteDailyStat).
 *
 * Sandbox-only routes: GET /__sandbox/device-commands?deviceId=N (the commands recorded for a device, for tests),
 * POST /__sandbox/lechange/openapi/:method (the camera cloud), GET /__sandbox/hls/:file (the live stream files).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
/** The short HLS stream served as every camera's live view (generated once with ffmpeg: 4 s, 192×108 / 384×216). */
const HLS_DIR = path.resolve(here, '../assets/hls');

/** The camera-cloud app of the sandbox (the real ones are the backend's secrets; the app never sees the secret). */
export const LECHANGE_APP_ID = 'lc5andb0x00000001';
const LECHANGE_APP_SECRET = 'sandbox-lechange-app-secret-7f3a9c';
/** Lifetime of a camera-cloud access token (the cloud's is 3 days). */
const TOKEN_TTL_MS = 3 * DAY_MS;
/** Accepted clock skew of a signed request, ms. */
const SIGN_SKEW_MS = 5 * 60 * 1000;
/** Lifetime of a live address (entities CameraLive: 2 h). */
const LIVE_TTL_MS = 2 * 3600 * 1000;
/** A forced open falls back after this long (D8). */
const DOOR_RELOCK_MS = 5000;

/**
 * DeviceOperationLog.type (B Entities): 1 强制开门, 2 远程开闸, 3 远程关闸, 4 设置自动关闸, 5 测试充电, 6 切换信号模式,
 * 7 远程启动, 8 远程停止, 9 添加设备, 10 解绑设备, 11 绑定备用码, 12 解绑备用码, 13 绑定插座码. One table for the device
 * lists here and the device setup (device-setup.ts).
 */
export const LOG = {
  forcedOpen: 1,
  gateOpen: 2,
  gateClose: 3,
  autoClose: 4,
  testCharge: 5,
  signalMode: 6,
  remoteStart: 7,
  remoteStop: 8,
  add: 9,
  unbind: 10,
  spareBind: 11,
  spareUnbind: 12,
  socketCode: 13,
} as const;

/** One of the LOG types. */
export type DeviceLogType = (typeof LOG)[keyof typeof LOG];

/** MD5("time:{time},nonce:{nonce},appSecret:{appSecret}") of the camera-cloud open API, hex. */
export function lechangeSign(time: number, nonce: string, secret = LECHANGE_APP_SECRET): string {
  return createHash('md5').update(`time:${time},nonce:${nonce},appSecret:${secret}`).digest('hex');
}

const id = (what: string) =>
  z
    .number({ error: `缺少${what}` })
    .int(`${what}不合法`)
    .positive(`${what}不合法`);
const page = {
  siteId: id('站点 siteId'),
  pageNum: z.number({ error: '缺少 pageNum' }).int().min(1, 'pageNum 须为正整数'),
  pageSize: z.number({ error: '缺少 pageSize' }).int().min(1).max(100, 'pageSize 最大为100'),
};
const boxListSchema = z.object({
  ...page,
  status: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '状态只能为1在线、2离线、3故障' }).optional(),
  keyword: z.string().trim().max(30, '搜索关键词最多30个字').optional(),
});
/** A remark request: the device id under `key` (boxId for boxes, id otherwise) and a remark of ≤ 20 characters. */
const remarkSchema = (key: 'id' | 'boxId') =>
  z
    .object({ [key]: id(`设备 ${key}`), remark: z.string({ error: '缺少备注' }).trim().pipe(remarkRule) })
    .transform((q) => ({ id: Number(q[key]), remark: q.remark }));

/** A device row as the commands need it. */
interface DeviceRow {
  id: number;
  serialNumber: string;
  deviceType: number;
  siteId: number | null;
  status: number;
  doorStatus: number | null;
  autoCloseInterval: number | null;
  signalMode: number | null;
  remark: string | null;
}

/** The device row of a device whose access the endpoint's touch has checked. */
async function deviceRow(db: PGlite, target: DeviceTarget): Promise<DeviceRow> {
  const device = await one<DeviceRow>(
    db,
    `select id, serial_number, device_type, site_id, status, door_status, auto_close_interval, signal_mode, remark
     from device where id = $1`,
    [target.id],
  );
  if (!device) throw new Error('a checked device exists');
  return device;
}

/**
 * Throws code 1 with `message` when the device is offline (D8: commands need the device online). The messages of
 * B-site.md: a door or gate command 设备离线，指令无法下发 (§2 guardList), a test charge 设备离线 (§2 facilityList).
 */
function requireOnline(device: DeviceRow, message = '设备离线，指令无法下发'): void {
  if (Number(device.status) === 2) throw new BizError(INVALID, message);
}

/**
 * Refuses (code 1) to unbind, migrate or switch away a 组网主机 that still carries slaves (Business rules D4, D9:
 * 该主机下还有N台从机，请先调整从机). Slaves are the bound boxes whose master it is (an unbound slave reverts to 4G).
 */
export async function refuseMasterWithSlaves(db: Db, device: { id: number; signalMode: number | null }): Promise<void> {
  if (Number(device.signalMode) !== 2) return;
  const slaves = await scalar(db, 'select count(*) from device where master_device_id = $1 and site_id is not null', [
    device.id,
  ]);
  if (slaves > 0) throw new BizError(INVALID, `该主机下还有${slaves}台从机，请先调整从机`);
}

/**
 * Writes one DeviceOperationLog row of a device action (Business rules D8: every command is logged): result 1 成功, or
 * 2 失败 with `failReason`. `at` epoch ms.
 */
export async function logOperation(
  db: Db,
  device: { id: number; siteId: number | null },
  operatorUserId: number,
  type: DeviceLogType,
  params: Record<string, unknown>,
  at: number,
  failReason: string | null = null,
): Promise<void> {
  await db.query(
    `insert into device_operation_log (device_id, site_id, operator_user_id, type, params, result, fail_reason,
       create_time, update_time) values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [device.id, device.siteId, operatorUserId, type, JSON.stringify(params), failReason ? 2 : 1, failReason, at],
  );
}

/**
 * Settles the time-driven states due at `now` (D8, C7): forced opens relock after 5 s, raised gates fall after their
 * auto-close interval, test charges end after their minutes.
 */
export async function settleDevices(db: PGlite, now: number): Promise<void> {
  await db.query(
    `update device d set door_status = 0, update_time = $1
     where d.device_type = 4 and d.door_status = 1 and d.last_open_time is not null
       and d.last_open_time + ${DOOR_RELOCK_MS} <= $1
       and exists (select 1 from device_operation_log l where l.device_id = d.id and l.type = ${LOG.forcedOpen}
                   and l.create_time = d.last_open_time)`,
    [now],
  );
  await db.query(
    `update device set door_status = 0, update_time = $1
     where device_type = 5 and door_status = 1 and auto_close_interval > 0 and last_open_time is not null
       and last_open_time + auto_close_interval * 1000 <= $1`,
    [now],
  );
  const due = await rows<{
    id: number;
    siteId: number;
    chargerId: number;
    startTime: number;
    presetMinutes: number;
    power: number;
  }>(
    db,
    `select o.id, o.site_id, o.charger_id, o.start_time, o.preset_minutes, c.power
     from charge_order o join charger c on c.id = o.charger_id
     where o.pay_type = 8 and o.status = 1 and o.start_time + o.preset_minutes * 60000 <= $1`,
    [now],
  );
  for (const order of due) {
    const minutes = Number(order.presetMinutes);
    const end = Number(order.startTime) + minutes * 60_000;
    const energyWh = Math.round((Number(order.power) * minutes) / 60);
    await db.transaction(async (tx) => {
      await tx.query(
        `update charge_order set status = 2, end_time = $2, duration_minutes = $3, energy_wh = $4, end_reason = 2,
           update_time = $5 where id = $1`,
        [order.id, end, minutes, energyWh, now],
      );
      await tx.query(
        `update charger set status = 0, power = 0, current_order_id = null, update_time = $2
         where id = $1 and current_order_id = $3`,
        [order.chargerId, now, order.id],
      );
      // SiteDailyStat counts every order's energy and duration on its start day (remote and test included).
      const day = dayOf(Number(order.startTime));
      const updated = await tx.query(
        `update site_daily_stat set energy_wh = energy_wh + $3, duration_minutes = duration_minutes + $4, update_time = $5
         where site_id = $1 and date = $2`,
        [order.siteId, day, energyWh, minutes, now],
      );
      if (!updated.affectedRows) {
        await tx.query(
          `insert into site_daily_stat (site_id, charge_rule_group_id, operator_id, date, energy_wh, duration_minutes,
             create_time, update_time)
           select id, charge_rule_group_id, operator_id, $2, $3, $4, $5, $5 from site where id = $1`,
          [order.siteId, day, energyWh, minutes, now],
        );
      }
    });
  }
}

/** Remaining minutes of a running order at `now` (never negative). */
function remainMinutes(presetMinutes: number | null, startTime: number | null, now: number): number | null {
  if (presetMinutes === null || startTime === null) return null;
  return Math.max(0, Number(presetMinutes) - Math.floor((now - Number(startTime)) / 60_000));
}

/**
 * The charging boxes of a site, filtered and paged, with socket counts and today's income (B §2 facilityList). Without
 * `figures` (a caller without income:view, such as a builder) the rows carry no todayIncome: what a role may not see
 * is not sent (issue 30).
 */
async function boxPage(
  db: PGlite,
  q: z.infer<typeof boxListSchema>,
  now: number,
  withChargers: boolean,
  figures: boolean,
): Promise<Page<BoxRow> | Page<BoxRowWithChargers>> {
  const conditions = ['d.site_id = $1', 'd.device_type between 1 and 3'];
  const params: unknown[] = [q.siteId];
  if (q.status) {
    params.push(q.status);
    conditions.push(`d.status = $${params.length}`);
  }
  if (q.keyword) {
    params.push(`%${q.keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
    conditions.push(`(d.serial_number ilike $${params.length} or d.remark ilike $${params.length})`);
  }
  const where = conditions.join(' and ');
  const total = await scalar(db, `select count(*) from device d where ${where}`, params);
  const today = startOfDayAt(now);
  params.push(today, today + DAY_MS, q.pageSize, (q.pageNum - 1) * q.pageSize);
  const n = params.length;
  const list = await rows<BoxRow>(
    db,
    `select d.id, d.serial_number, d.device_type, d.model, m.socket_count, d.remark, d.status, d.signal,
            coalesce(d.signal_mode, 1) as signal_mode, md.serial_number as master_serial_number,
            coalesce(k.charging, 0) as charging_count, coalesce(k.idle, 0) as idle_count,
            coalesce(k.fault, 0) as fault_count, d.back_up_qr_code is not null as has_back_up_qr_code,
            d.last_heartbeat_time,
            (coalesce(o.gross, 0) - coalesce(rf.refund, 0))::bigint as today_income
     from device d
     join device_model m on m.model = d.model
     left join device md on md.id = d.master_device_id
     left join lateral (select count(*) filter (where d.status <> 2 and c.status in (1, 2))::int as charging,
                               count(*) filter (where d.status <> 2 and c.status = 0)::int as idle,
                               count(*) filter (where d.status <> 2 and c.status = 3)::int as fault
                        from charger c where c.device_id = d.id) k on true
     left join lateral (select coalesce(sum(amount) filter (where pay_type in (1, 2)), 0)
                               + coalesce(sum(amount) filter (where pay_type = 6 and status <> 5), 0) as gross
                        from charge_order where device_id = d.id and site_id = d.site_id and settle_status in (0, 1, 3)
                          and pay_time >= $${n - 3} and pay_time < $${n - 2}) o on true
     left join lateral (select coalesce(sum(r.refund_amount), 0) as refund from order_refund r
                        join charge_order co on co.id = r.order_id
                        where co.device_id = d.id and co.site_id = d.site_id and co.pay_type in (1, 2)
                          and co.settle_status in (0, 1, 3) and r.status = 2
                          and r.finish_time >= $${n - 3} and r.finish_time < $${n - 2}) rf on true
     where ${where}
     order by d.id
     limit $${n - 1} offset $${n}`,
    params,
  );
  const out = list.map(({ todayIncome, ...row }) => (figures ? { ...row, todayIncome: Number(todayIncome) } : row));
  if (!withChargers) return { list: out, total };
  const chargers = await rows<{
    deviceId: number;
    chargerId: number;
    socketNo: number;
    status: number;
    power: number;
    presetMinutes: number | null;
    startTime: number | null;
  }>(
    db,
    `select c.device_id, c.id as charger_id, c.socket_no, c.status, c.power, o.preset_minutes, o.start_time
     from charger c left join charge_order o on o.id = c.current_order_id and o.status = 1
     where c.device_id = any($1::bigint[]) order by c.device_id, c.socket_no`,
    [out.map((b) => b.id)],
  );
  return {
    total,
    list: out.map((box) => ({
      ...box,
      chargers: chargers
        .filter((c) => Number(c.deviceId) === Number(box.id))
        .map((c): ChargerTile => {
          // All sockets of an offline box show 离线 (D6).
          const status = (Number(box.status) === 2 ? 4 : Number(c.status)) as ChargerTile['status'];
          const charging = status === 1 || status === 2;
          return {
            chargerId: Number(c.chargerId),
            socketNo: Number(c.socketNo),
            status,
            power: charging ? Number(c.power) : 0,
            remainMinutes: charging ? remainMinutes(c.presetMinutes, c.startTime, now) : null,
          };
        }),
    })),
  };
}

/** Escapes LIKE wildcards of a keyword. */
function like(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** An answer of the camera-cloud emulation (its own envelope, not ours). */
function cloud(c: Context, requestId: string, code: string, msg: string, data?: unknown) {
  return c.json({ id: requestId, result: { code, msg, ...(data === undefined ? {} : { data }) } });
}

const cloudSchema = z.object({
  system: z.object({
    ver: z.literal('1.0'),
    appId: z.string(),
    time: z.number().int(),
    nonce: z.string().regex(/^[0-9A-Za-z]{32}$/),
    sign: z.string().regex(/^[0-9a-f]{32}$/),
  }),
  params: z.record(z.string(), z.unknown()),
  id: z.string().min(1),
});

export function deviceRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);
  const app = api.app;
  /** Camera-cloud tokens issued (token → owner, expiry) and nonces already used (replay refused). */
  const cloudTokens = new Map<string, { ownerId: number; expireTime: number }>();
  const usedNonces = new Set<string>();

  // POST /api/box/getPagedBoxListOfSite — the site's charging boxes (列表 view).
  api.post(
    '/api/box/getPagedBoxListOfSite',
    { permission: 'site:view', input: boxListSchema, touches: touches.site('siteId', 'view') },
    async ({ caller, input: q }) => {
      await settleDevices(db, now());
      return await boxPage(db, q, now(), false, caller.account.permissions.includes('income:view'));
    },
  );

  // POST /api/box/getPagedBoxListWithChargerInfo — the same rows with their sockets (插座 view).
  api.post(
    '/api/box/getPagedBoxListWithChargerInfo',
    { permission: 'site:view', input: boxListSchema, touches: touches.site('siteId', 'view') },
    async ({ caller, input: q }) => {
      await settleDevices(db, now());
      return await boxPage(db, q, now(), true, caller.account.permissions.includes('income:view'));
    },
  );

  // GET /api/box/boxDetail — one charging box.
  api.get(
    '/api/box/boxDetail',
    {
      permission: 'site:view',
      input: z.object({ boxId: z.coerce.number({ error: '缺少设备 boxId' }).int().positive() }),
      touches: touches.device('boxId', { types: [1, 2, 3], mode: 'view', wrongType: '该设备不是设备' }),
    },
    async ({ target }) => {
      const device = await deviceRow(db, target);
      await settleDevices(db, now());
      const detail = await one<BoxDetail>(
        db,
        `select d.id, d.serial_number, d.device_type, d.model, m.socket_count, d.remark, d.status, d.signal,
              coalesce(d.signal_mode, 1) as signal_mode, d.master_device_id as master_box_id,
              md.serial_number as master_serial_number,
              (select count(*)::int from device s where s.master_device_id = d.id and s.site_id is not null) as slave_count,
              m.support_mesh, d.firmware_version, d.iccid, d.sim_expire_date, d.site_id, s.name as site_name,
              d.bind_time, d.last_heartbeat_time,
              (select count(*)::int from charge_order o where o.device_id = d.id and o.pay_type between 1 and 6
                 and o.status <> 5) as total_order_count,
              d.back_up_qr_code, d.back_up_bind_time
       from device d join device_model m on m.model = d.model left join device md on md.id = d.master_device_id
       left join site s on s.id = d.site_id where d.id = $1`,
        [device.id],
      );
      return detail;
    },
  );

  // POST /api/r9/box/testPay — a free test charge of an idle socket (C7: online box, idle socket, 1–5 minutes).
  api.post(
    '/api/r9/box/testPay',
    {
      permission: 'device:control',
      input: z.object({
        boxId: id('设备 boxId'),
        socketNo: z.number({ error: '请选择插座' }).int().positive('请选择插座'),
        minutes: z
          .number({ error: '请选择测试时长' })
          .refine(
            (m): m is 1 | 3 | 5 => (TEST_CHARGE_MINUTES as readonly number[]).includes(m),
            '测试时长只能为1、3或5分钟',
          ),
      }),
      touches: touches.device('boxId', { types: [1, 2, 3], mode: 'own', wrongType: '该设备不是设备' }),
    },
    async ({ caller, input: q, target }) => {
      const device = await deviceRow(db, target);
      await settleDevices(db, now());
      requireOnline(device, '设备离线');
      const at = now();
      const charger = await one<{ id: number; status: number }>(
        db,
        'select id, status from charger where device_id = $1 and socket_no = $2',
        [device.id, q.socketNo],
      );
      if (!charger) throw new BizError(INVALID, `插座不存在（${q.socketNo}号）`);
      if (Number(charger.status) !== 0) throw new BizError(INVALID, '插座使用中');
      const orderNo = await db.transaction(async (tx) => {
        // A short test draws a modest, fixed load in the sandbox.
        const { orderId, orderNo: no } = await startFreeOrder(
          tx,
          {
            payType: 8,
            siteId: Number(device.siteId),
            deviceId: device.id,
            chargerId: charger.id,
            serialNumber: device.serialNumber,
            socketNo: q.socketNo,
            minutes: q.minutes,
            power: 250,
          },
          at,
        );
        await logOperation(
          tx,
          { id: device.id, siteId: device.siteId },
          caller.account.id,
          LOG.testCharge,
          { socketNo: q.socketNo, minutes: q.minutes, orderId },
          at,
        );
        return no;
      });
      return { orderNo };
    },
  );

  // POST /api/site/unbindSocket — removes a box from the site (D4).
  api.post(
    '/api/site/unbindSocket',
    {
      permission: 'site:edit',
      input: z.object({ siteId: id('站点 siteId'), boxId: id('设备 boxId') }),
      touches: touches.device('boxId', { types: [1, 2, 3], mode: 'edit', wrongType: '该设备不是设备' }),
    },
    async ({ caller, input: q, target }) => {
      const device = await deviceRow(db, target);
      if (Number(device.siteId) !== q.siteId) throw new BizError(INVALID, '该设备不在本站点');
      await settleDevices(db, now());
      await refuseMasterWithSlaves(db, device);
      const charging = await scalar(
        db,
        'select count(*) from charger where device_id = $1 and (status in (1, 2) or current_order_id is not null)',
        [device.id],
      );
      if (charging > 0) throw new BizError(INVALID, '设备有正在充电的订单，请结束后再解绑');
      const at = now();
      await db.transaction(async (tx) => {
        // A slave that is unbound reverts to 4G; spare and socket stickers stay bound to the device (D4).
        await tx.query(
          `update device set site_id = null, bind_time = null, master_device_id = null,
           signal_mode = case when signal_mode = 3 then 1 else signal_mode end, update_time = $2 where id = $1`,
          [device.id, at],
        );
        await tx.query('update charger set site_id = null, update_time = $2 where device_id = $1', [device.id, at]);
        await logOperation(
          tx,
          { id: device.id, siteId: q.siteId },
          caller.account.id,
          LOG.unbind,
          { siteId: q.siteId, serialNumber: device.serialNumber },
          at,
        );
      });
      return null;
    },
  );

  // POST /api/box/getPagedEntranceGuardList — door guards and U8 gates with today's opens.
  api.post(
    '/api/box/getPagedEntranceGuardList',
    { permission: 'site:view', input: z.object(page), touches: touches.site('siteId', 'view') },
    async ({ input: q }) => {
      await settleDevices(db, now());
      const today = startOfDayAt(now());
      const total = await scalar(db, 'select count(*) from device where site_id = $1 and device_type in (4, 5)', [
        q.siteId,
      ]);
      const list = await rows<GuardRow>(
        db,
        `select d.id, d.serial_number, d.device_type, d.remark, d.status, coalesce(d.door_status, 0) as door_status,
              case when d.device_type = 5 then coalesce(d.auto_close_interval, 0) else 0 end as auto_close_interval,
              (select count(*)::int from device_operation_log l where l.device_id = d.id and l.type in (1, 2)
                 and l.result = 1 and l.create_time >= $2 and l.create_time < $3) as today_open_count,
              d.last_open_time
       from device d where d.site_id = $1 and d.device_type in (4, 5)
       order by d.device_type, d.id limit $4 offset $5`,
        [q.siteId, today, today + DAY_MS, q.pageSize, (q.pageNum - 1) * q.pageSize],
      );
      return { list, total };
    },
  );

  /** Runs a door/gate command (access checked by the touch): online check, the state change and one log row. */
  const command = async (
    caller: Caller,
    target: DeviceTarget,
    type: DeviceLogType,
    change: (device: DeviceRow, at: number) => Promise<Record<string, unknown>>,
  ) => {
    const device = await deviceRow(db, target);
    await settleDevices(db, now());
    requireOnline(device);
    const at = now();
    const params = await change(device, at);
    await logOperation(
      db,
      { id: device.id, siteId: device.siteId },
      caller.account.id,
      type,
      { serialNumber: device.serialNumber, ...params },
      at,
    );
    return at;
  };

  // POST /api/box/forcedToOpenTheDoor — 强制开门: door 已打开 now, relocks 5 s later.
  api.post(
    '/api/box/forcedToOpenTheDoor',
    {
      permission: 'device:control',
      input: z.object({ id: id('设备 id') }),
      touches: touches.device('id', {
        types: [4],
        mode: 'own',
        missing: '门禁不存在或无权查看',
        wrongType: '该设备不是门禁',
      }),
    },
    async ({ caller, target }) => {
      const openTime = await command(caller, target, LOG.forcedOpen, async (device, at) => {
        await db.query('update device set door_status = 1, last_open_time = $2, update_time = $2 where id = $1', [
          device.id,
          at,
        ]);
        return {};
      });
      return { openTime };
    },
  );

  // POST /api/box/u8/remoteOpenGateDoor — 开闸: 已抬杆 until 关闸 or the auto-close interval.
  api.post(
    '/api/box/u8/remoteOpenGateDoor',
    {
      permission: 'device:control',
      input: z.object({ id: id('设备 id') }),
      touches: touches.device('id', {
        types: [5],
        mode: 'own',
        missing: '道闸不存在或无权查看',
        wrongType: '该设备不是道闸',
      }),
    },
    async ({ caller, target }) => {
      await command(caller, target, LOG.gateOpen, async (device, at) => {
        await db.query('update device set door_status = 1, last_open_time = $2, update_time = $2 where id = $1', [
          device.id,
          at,
        ]);
        return {};
      });
      return null;
    },
  );

  // POST /api/box/u8/remoteCloseGateDoor — 关闸: 已落杆.
  api.post(
    '/api/box/u8/remoteCloseGateDoor',
    {
      permission: 'device:control',
      input: z.object({ id: id('设备 id') }),
      touches: touches.device('id', {
        types: [5],
        mode: 'own',
        missing: '道闸不存在或无权查看',
        wrongType: '该设备不是道闸',
      }),
    },
    async ({ caller, target }) => {
      await command(caller, target, LOG.gateClose, async (device, at) => {
        await db.query('update device set door_status = 0, update_time = $2 where id = $1', [device.id, at]);
        return {};
      });
      return null;
    },
  );

  // POST /api/box/u8/setAutoCloseGateDoorInterval — interval ∈ {0, 10, 30, 60, 120, 300} seconds.
  api.post(
    '/api/box/u8/setAutoCloseGateDoorInterval',
    {
      permission: 'device:control',
      input: z.object({
        id: id('设备 id'),
        interval: z
          .number({ error: '请选择自动关闸时间' })
          .refine(
            (s) => (AUTO_CLOSE_INTERVALS as readonly number[]).includes(s),
            '自动关闸时间只能为0、10、30、60、120或300秒',
          ),
      }),
      touches: touches.device('id', {
        types: [5],
        mode: 'own',
        missing: '道闸不存在或无权查看',
        wrongType: '该设备不是道闸',
      }),
    },
    async ({ caller, input: { interval }, target }) => {
      await command(caller, target, LOG.autoClose, async (device, at) => {
        await db.query('update device set auto_close_interval = $2, update_time = $3 where id = $1', [
          device.id,
          interval,
          at,
        ]);
        return { interval, previous: Number(device.autoCloseInterval ?? 0) };
      });
      return null;
    },
  );

  /** A remark endpoint for devices of the given types ('' clears the remark; the site must be editable). */
  const remarkRoute = (url: string, types: readonly number[], what: string, key: 'id' | 'boxId' = 'id') =>
    api.post(
      url,
      {
        permission: 'site:edit',
        input: remarkSchema(key),
        touches: touches.device('id', {
          types,
          mode: 'edit',
          missing: `${what}不存在或无权查看`,
          wrongType: `该设备不是${what}`,
        }),
      },
      async ({ input: q, target }) => {
        await db.query('update device set remark = $2, update_time = $3 where id = $1', [
          target.id,
          q.remark || null,
          now(),
        ]);
        return null;
      },
    );
  // POST /api/site/editBoxMark (req { boxId, remark }), updateDoorRemark, updateWebcamRemark, updateSmokeRemark.
  remarkRoute('/api/site/editBoxMark', [1, 2, 3], '设备', 'boxId');
  remarkRoute('/api/box/updateDoorRemark', [4, 5], '门禁');
  remarkRoute('/api/box/updateWebcamRemark', [6], '摄像头');
  remarkRoute('/api/box/updateSmokeRemark', [7], '烟感');

  // POST /api/community/white/list — a community's whitelist (newest first), keyword on name, phone or room.
  api.post(
    '/api/community/white/list',
    {
      permission: 'site:view',
      input: z.object({
        communityId: id('小区 communityId'),
        pageNum: page.pageNum,
        pageSize: page.pageSize,
        keyword: z.string().trim().max(30, '搜索关键词最多30个字').optional(),
      }),
      touches: touches.whitelist({ community: 'communityId' }, 'view'),
    },
    async ({ input: q }) => {
      const params: unknown[] = [q.communityId];
      let filter = '';
      if (q.keyword) {
        params.push(like(q.keyword));
        filter = `and (name ilike $2 or phone ilike $2 or room_no ilike $2)`;
      }
      const total = await scalar(db, `select count(*) from community_white where community_id = $1 ${filter}`, params);
      params.push(q.pageSize, (q.pageNum - 1) * q.pageSize);
      const list = await rows<WhiteRow>(
        db,
        `select id, community_id, name, phone, room_no, expire_date, create_time from community_white
       where community_id = $1 ${filter} order by id desc limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      return { list, total };
    },
  );

  // POST /api/community/white/saveOrUpdate — adds (no id) or edits an entry; phone unique within the community.
  api.post(
    '/api/community/white/saveOrUpdate',
    {
      permission: 'site:edit',
      input: z.object({
        id: id('白名单 id').optional(),
        communityId: id('小区 communityId'),
        name: z.string({ error: '请输入姓名' }).trim().pipe(whiteNameRule),
        phone: z.string({ error: '请输入正确的手机号' }).trim().pipe(whitePhoneRule),
        roomNo: z.string({ error: '请输入房号' }).trim().pipe(whiteRoomRule),
        expireDate: z.string().nullable().optional(),
      }),
      touches: touches.whitelist({ community: 'communityId' }, 'edit'),
    },
    async ({ input: q }) => {
      const expireError = whiteExpireError(q.expireDate, dayOf(now()));
      if (expireError) throw new BizError(INVALID, expireError);
      if (q.id !== undefined) {
        const existing = await scalar(db, 'select count(*) from community_white where id = $1 and community_id = $2', [
          q.id,
          q.communityId,
        ]);
        if (!existing) throw new BizError(INVALID, '白名单不存在');
      }
      const clash = await scalar(
        db,
        'select count(*) from community_white where community_id = $1 and phone = $2 and id <> coalesce($3, -1)',
        [q.communityId, q.phone, q.id ?? null],
      );
      if (clash) throw new BizError(INVALID, '该手机号已在白名单中');
      const at = now();
      const expireDate = q.expireDate ? q.expireDate : null;
      if (q.id !== undefined) {
        await db.query(
          'update community_white set name = $2, phone = $3, room_no = $4, expire_date = $5, update_time = $6 where id = $1',
          [q.id, q.name, q.phone, q.roomNo, expireDate, at],
        );
        return { id: q.id };
      }
      const created = await db.query<{ id: number }>(
        `insert into community_white (community_id, name, phone, room_no, expire_date, create_time, update_time)
       values ($1, $2, $3, $4, $5, $6, $6) returning id`,
        [q.communityId, q.name, q.phone, q.roomNo, expireDate, at],
      );
      return { id: Number(created.rows[0]?.id) };
    },
  );

  // POST /api/community/white/delete — removes an entry.
  api.post(
    '/api/community/white/delete',
    {
      permission: 'site:edit',
      input: z.object({ id: id('白名单 id') }),
      touches: touches.whitelist({ entry: 'id' }, 'edit'),
    },
    async ({ input: q }) => {
      await db.query('delete from community_white where id = $1', [q.id]);
      return null;
    },
  );

  // POST /api/box/getPagedWebcamList — the site's cameras.
  api.post(
    '/api/box/getPagedWebcamList',
    { permission: 'site:view', input: z.object(page), touches: touches.site('siteId', 'view') },
    async ({ input: q }) => {
      await settleDevices(db, now());
      const total = await scalar(db, 'select count(*) from device where site_id = $1 and device_type = 6', [q.siteId]);
      const list = await rows<WebcamRow>(
        db,
        `select id, serial_number, coalesce(channel_id, 0) as channel_id, remark, status, cover_url, last_online_time
       from device where site_id = $1 and device_type = 6 order by id limit $2 offset $3`,
        [q.siteId, q.pageSize, (q.pageNum - 1) * q.pageSize],
      );
      return { list, total };
    },
  );

  // POST /api/box/getPagedSmokeSensorList — smoke sensors, alarms first; smokeStatus by priority (D12).
  api.post(
    '/api/box/getPagedSmokeSensorList',
    {
      permission: 'site:view',
      input: z.object({
        ...page,
        smokeStatus: z.union([z.literal(1), z.literal(2)], { error: '烟感状态只能为1报警或2低电量' }).optional(),
        status: z.literal(2, { error: '状态只能为2离线' }).optional(),
      }),
      touches: touches.site('siteId', 'view'),
    },
    async ({ input: q }) => {
      await settleDevices(db, now());
      // 烟雾报警 > 故障 > 低电量 (reported, or battery ≤ 20) > 正常.
      const derived = `(case when smoke_status = 1 then 1 when smoke_status = 3 then 3
                           when smoke_status = 2 or coalesce(battery, 100) <= 20 then 2 else 0 end)`;
      const conditions = ['site_id = $1', 'device_type = 7'];
      const params: unknown[] = [q.siteId];
      if (q.smokeStatus !== undefined) {
        params.push(q.smokeStatus);
        conditions.push(`${derived} = $${params.length}`);
      }
      if (q.status !== undefined) {
        params.push(q.status);
        conditions.push(`status = $${params.length}`);
      }
      const where = conditions.join(' and ');
      const total = await scalar(db, `select count(*) from device where ${where}`, params);
      params.push(q.pageSize, (q.pageNum - 1) * q.pageSize);
      const list = await rows<SmokeRow>(
        db,
        `select id, serial_number, remark, status, ${derived} as smoke_status, coalesce(battery, 0) as battery, signal,
              last_heartbeat_time as last_report_time, last_alarm_time
       from device where ${where}
       order by (${derived} = 1) desc, id limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      return { list, total };
    },
  );

  // GET /api/lechange/open/getAccessToken — the camera-cloud token of the caller's operator (reused until expiry).
  api.get(
    '/api/lechange/open/getAccessToken',
    { permission: 'site:view', input: z.object({}), touches: touches.account },
    ({ caller: { ownerId } }) => {
      const at = now();
      for (const [token, entry] of cloudTokens) {
        if (entry.ownerId === ownerId && entry.expireTime - at > 60_000) {
          const data: CameraCloudToken = { accessToken: token, appId: LECHANGE_APP_ID, expireTime: entry.expireTime };
          return data;
        }
      }
      const token = `At_${randomBytes(16).toString('hex')}`;
      cloudTokens.set(token, { ownerId, expireTime: at + TOKEN_TTL_MS });
      const data: CameraCloudToken = { accessToken: token, appId: LECHANGE_APP_ID, expireTime: at + TOKEN_TTL_MS };
      return data;
    },
  );

  // POST /api/lechange/open/signSystem (PROPOSED) — signs a camera-cloud request; the secret stays here.
  api.post(
    '/api/lechange/open/signSystem',
    {
      permission: 'site:view',
      input: z.object({
        time: z.number({ error: '缺少时间戳 time' }).int('时间戳须为整数秒'),
        nonce: z.string({ error: '缺少 nonce' }).regex(/^[0-9A-Za-z]{32}$/, 'nonce 须为32位字母或数字'),
      }),
      touches: touches.none,
    },
    async ({ input: q }) => {
      if (Math.abs(q.time * 1000 - now()) > SIGN_SKEW_MS) throw new BizError(INVALID, '手机时间不准确，请校准后重试');
      const system: CameraCloudSystem = {
        ver: '1.0',
        appId: LECHANGE_APP_ID,
        time: q.time,
        nonce: q.nonce,
        sign: lechangeSign(q.time, q.nonce),
      };
      return system;
    },
  );

  // POST /api/lechange/open/bindDeviceLive — the camera's HLS addresses (reused until expireTime, 2 h; idempotent).
  api.post(
    '/api/lechange/open/bindDeviceLive',
    {
      permission: 'site:view',
      input: z.object({ id: id('摄像头 id') }),
      touches: touches.device('id', {
        types: [6],
        mode: 'view',
        missing: '摄像头不存在或无权查看',
        wrongType: '该设备不是摄像头',
      }),
    },
    async ({ target }) => {
      const device = await deviceRow(db, target);
      if (Number(device.status) === 2) throw new BizError(INVALID, '摄像头离线，无法查看实时画面');
      const at = now();
      const live = await one<LiveAddress>(
        db,
        'select hls_url, hls_hd_url, cover_url, expire_time from camera_live where device_id = $1 and expire_time > $2',
        [device.id, at],
      );
      if (live) return { ...live, expireTime: Number(live.expireTime) };
      const key = randomBytes(8).toString('hex');
      const cover = await one<{ coverUrl: string | null }>(db, 'select cover_url from device where id = $1', [
        device.id,
      ]);
      const data: LiveAddress = {
        hlsUrl: `/__sandbox/hls/sd.m3u8?camera=${device.serialNumber}&key=${key}`,
        hlsHdUrl: `/__sandbox/hls/hd.m3u8?camera=${device.serialNumber}&key=${key}`,
        coverUrl: cover?.coverUrl ?? null,
        expireTime: at + LIVE_TTL_MS,
      };
      await db.query(
        `insert into camera_live (device_id, hls_url, hls_hd_url, cover_url, expire_time, create_time, update_time)
       values ($1, $2, $3, $4, $5, $6, $6)
       on conflict (device_id) do update set hls_url = excluded.hls_url, hls_hd_url = excluded.hls_hd_url,
         cover_url = excluded.cover_url, expire_time = excluded.expire_time, update_time = excluded.update_time`,
        [device.id, data.hlsUrl, data.hlsHdUrl, data.coverUrl, data.expireTime, at],
      );
      return data;
    },
  );

  // POST /__sandbox/lechange/openapi/:method — the camera-cloud open API (sandbox emulation; its own envelope).
  app.post('/__sandbox/lechange/openapi/:method', async (c) => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return cloud(c, '', 'OP1001', '请求体不是合法的JSON');
    }
    const requestId = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : '';
    if (controlCharacterPath(raw) !== null) return cloud(c, '', 'OP1002', '请求参数含有不允许的控制字符或无效字符');
    const parsed = cloudSchema.safeParse(raw);
    if (!parsed.success)
      return cloud(c, requestId, 'OP1002', '请求参数不合法：需要 system(ver, appId, time, nonce, sign)、params、id');
    const { system, params } = parsed.data;
    if (system.appId !== LECHANGE_APP_ID) return cloud(c, requestId, 'SN1000', 'appId 不存在');
    if (Math.abs(system.time * 1000 - now()) > SIGN_SKEW_MS) return cloud(c, requestId, 'SN1003', '请求已过期');
    if (system.sign !== lechangeSign(system.time, system.nonce)) return cloud(c, requestId, 'SN1001', '签名校验失败');
    if (usedNonces.has(system.nonce)) return cloud(c, requestId, 'SN1002', 'nonce 已使用');
    usedNonces.add(system.nonce);
    const token = typeof params.token === 'string' ? cloudTokens.get(params.token) : undefined;
    if (!token || token.expireTime <= now()) return cloud(c, requestId, 'TK1002', 'accessToken 无效或已过期');
    if (c.req.param('method') !== 'deviceOnline') return cloud(c, requestId, 'OP1003', '沙箱未模拟该接口');
    const deviceId = typeof params.deviceId === 'string' ? params.deviceId : '';
    const camera = await one<{ status: number }>(
      db,
      'select status from device where serial_number = $1 and device_type = 6 and owner_operator_id = $2',
      [deviceId, token.ownerId],
    );
    if (!camera) return cloud(c, requestId, 'DV1001', '设备不存在或不属于该账号');
    return cloud(c, requestId, '0', '操作成功。', { deviceId, onLine: Number(camera.status) === 2 ? '0' : '1' });
  });

  // GET /__sandbox/hls/:file — the live stream (a short real HLS clip, the same for every camera).
  app.get('/__sandbox/hls/:file', (c) => {
    const file = c.req.param('file');
    if (!/^(sd|hd)(\.m3u8|-\d+\.mpegts)$/.test(file)) return c.text('Not Found', 404);
    let body: Buffer;
    try {
      body = readFileSync(path.join(HLS_DIR, file));
    } catch {
      return c.text('Not Found', 404);
    }
    const type = file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t';
    return c.body(new Uint8Array(body), 200, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
  });

  // GET /__sandbox/device-commands?deviceId=N — the remote commands recorded for a device, oldest first (tests).
  app.get('/__sandbox/device-commands', async (c) => {
    const q = await input(
      c,
      z.object({
        deviceId: z.coerce.number({ error: '缺少设备 deviceId' }).int().positive(),
        since: z.coerce.number().int().optional(),
      }),
    );
    const list = await rows<DeviceCommandRecord>(
      db,
      `select type, params, create_time, result from device_operation_log
       where device_id = $1 and (type between 1 and 8 or type = 14) and create_time >= $2 order by id`,
      [q.deviceId, q.since ?? 0],
    );
    return ok(
      c,
      list.map((r) => ({ ...r, type: Number(r.type), createTime: Number(r.createTime), result: Number(r.result) })),
    );
  });

  return app;
}
