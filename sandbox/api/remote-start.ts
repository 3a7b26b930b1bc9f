import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { RemotePayResult } from '../../src/api/device-setup';
import { exactlyOnce, requestIdRule } from '../domain/exactly-once';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID, input, ok } from '../http/envelope';
import { touches } from '../http/touch';
import { one, rows, scalar, type Db } from '../lib/db';
import { startOfDayAt } from '../lib/time';
import { LOG, logOperation } from './device';
import { startFreeOrder } from './device-setup-orders';
import { deliverPendingRule } from './site-settings';

/**
 * Remote charging against a simulated device (C-mine.md /mine/remoteCharge, B-site.md §3 socket 远程启动; Business rule
 * 15; entities.md ChargeOrder, RemoteChargeRecord). Money fen (remote orders are free), minutes, epoch ms.
 *
 * POST /api/r9/charge/remotePay (a money action: exactly once per (account, requestId), D-income.md §0.5) sends the
 * start command to the box — recorded once in its operation log (GET /__sandbox/device-commands) — and answers
 * `status 1` 启动中: the free order (payType 7, amount 0, 充电中) and the record (启动中) exist at once and the socket is
 * reserved (still 空闲 on screen, taken for any other start). The simulated box then answers on the business clock
 * (the job `remoteStartAck`, REMOTE_JOBS):
 * - a box that works acknowledges REMOTE_ACK_MS later: the socket turns 充电中 and the record 充电中; the order then
 *   charges and ends like any other (device-setup-orders.ts: power reports, 时间到 at its minutes, record 已结束);
 * - a box set to fail, or gone offline, never acknowledges: 60 s after the start the record becomes 启动失败 with its
 *   reason, the order 启动失败 (status 5, never counted) and the socket is freed;
 * - a box set to reject refuses the command at once (its socket cannot power on): the answer itself is `status 4` with
 *   its `failReason` (the design's instant 启动失败, C-mine.md /mine/remoteCharge "result 4 启动失败 → alert"), the record
 *   and the order are made 启动失败 in the same transaction and the socket stays free. A repeat of the request answers
 *   the same (exactly once).
 * Refusals: the box offline (设备离线), the socket not idle, longer than the site's maxMinutes, the account's 20 starts
 * of the day (今日远程充电次数已达上限; counted by the insert itself, so parallel starts cannot pass it together).
 *
 * Test control (README "Sandbox interfaces"): POST /__sandbox/device-behaviour `{ serialNumber, behaviour: 'ok' |
 * 'fail' | 'reject' | 'offline' }` — 'fail' makes the box ignore start commands (each fails after 60 s), 'reject' makes
 * it refuse each at once, 'offline' takes it off line now (box 离线, its idle sockets 离线, new starts refused; pending
 * ones fail), 'ok' restores it (a box back on line also gets the charge rule saved while it was off, B-site.md rule
 * C1: site-settings.ts deliverPendingRule).
 */

/** A working box acknowledges a start this long after it (ms). */
export const REMOTE_ACK_MS = 1_000;
/** A start not acknowledged within this becomes 启动失败 (ms; rule 15). */
export const REMOTE_START_TIMEOUT_MS = 60_000;
/** Remote starts per account and day (rule 15, R3.7). */
export const REMOTE_DAILY_LIMIT = 20;

const SERIAL = /^[0-9A-Za-z]{6,20}$/;
const serialSchema = z.string({ error: '请输入设备号' }).trim().regex(SERIAL, '设备号格式不正确');

/** The simulated behaviour of a box: 1 fails every start (no acknowledgement), 2 refuses each at once; absent = works. */
const FAILS = 1;
const REJECTS = 2;
/** failReason of a start the box refused at once. */
export const REJECT_REASON = '插座无法通电，启动失败';

/** The start statuses of a remote record: 1 启动中, 2 充电中, 4 启动失败. */
interface PendingStart {
  id: number;
  orderId: number;
  chargerId: number;
  deviceId: number;
  startTime: number;
  failing: boolean;
  offline: boolean;
}

/** The pending starts with what their box will answer (behaviour and status now). */
async function pendingStarts(db: Db): Promise<PendingStart[]> {
  const list = await rows<{
    id: number;
    orderId: number;
    chargerId: number;
    deviceId: number;
    startTime: number;
    behaviour: number | null;
    status: number;
  }>(
    db,
    `select r.id, r.order_id, r.charger_id, r.device_id, r.start_time, s.behaviour, d.status
     from remote_charge_record r join device d on d.id = r.device_id
     left join device_simulation s on s.device_id = r.device_id
     where r.status = 1 and r.order_id is not null order by r.start_time, r.id`,
  );
  return list.map((r) => ({
    id: Number(r.id),
    orderId: Number(r.orderId),
    chargerId: Number(r.chargerId),
    deviceId: Number(r.deviceId),
    startTime: Number(r.startTime),
    failing: Number(r.behaviour) === FAILS || Number(r.behaviour) === REJECTS,
    offline: Number(r.status) === 2,
  }));
}

/** When a pending start is answered: acknowledged, or failed at the timeout. */
const answerAt = (s: PendingStart) => s.startTime + (s.failing || s.offline ? REMOTE_START_TIMEOUT_MS : REMOTE_ACK_MS);

/**
 * The boxes' answers to the starts due by `at`: the job's run on the business clock, and the reads of sockets, records
 * and orders (so that what a screen reads never lags behind the clock, e.g. after a test moved the clock back).
 */
export async function answerStarts(tx: Db, at: number): Promise<void> {
  for (const s of await pendingStarts(tx)) {
    if (answerAt(s) > at) continue;
    if (s.failing || s.offline) {
      const reason = s.offline ? '设备离线，启动失败' : '设备未响应，启动失败';
      await tx.query(
        `update remote_charge_record set status = 4, fail_reason = $2, actual_minutes = 0, end_time = $3,
           update_time = $3 where id = $1`,
        [s.id, reason, at],
      );
      await tx.query(
        `update charge_order set status = 5, end_time = $2, duration_minutes = 0, update_time = $2 where id = $1`,
        [s.orderId, at],
      );
      await tx.query(
        `update charger set current_order_id = null, power = 0, update_time = $2
         where id = $1 and current_order_id = $3`,
        [s.chargerId, at, s.orderId],
      );
    } else {
      await tx.query('update remote_charge_record set status = 2, update_time = $2 where id = $1', [s.id, at]);
      await tx.query(`update charger set status = 1, update_time = $2 where id = $1 and current_order_id = $3`, [
        s.chargerId,
        at,
        s.orderId,
      ]);
    }
  }
}

/** The job of the simulated boxes' answers (sandbox/jobs/index.ts). */
export const REMOTE_JOBS = [
  {
    name: 'remoteStartAck',
    nextDue: async (db: Db) => {
      const list = await pendingStarts(db);
      return list.length === 0 ? null : Math.min(...list.map(answerAt));
    },
    run: answerStarts,
  },
] as const;

export function remoteStartRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // POST /api/r9/charge/remotePay — a free remote start on an idle socket of an online box (rule 15), exactly once.
  api.post(
    '/api/r9/charge/remotePay',
    {
      permission: 'remote:charge',
      input: z.object({
        serialNumber: serialSchema,
        socketNo: z.number({ error: '请选择插座' }).int().min(1, '插座号不合法'),
        chargeMinutes: z.number({ error: '请选择充电时长' }).int().min(1, '充电时长不合法'),
        reasonType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: '请选择原因' }),
        remark: z.string().trim().max(30, '备注最多30个字').optional(),
        requestId: requestIdRule,
      }),
      touches: touches.deviceBySerial('serialNumber', { types: [1, 2, 3], mode: 'own', missing: '设备不存在' }),
    },
    async ({ caller, input: body, target }) => {
      const at = now();
      const operatorName = caller.account.contacts || caller.account.shortName || caller.account.name;
      const data: RemotePayResult = await exactlyOnce(
        db,
        { accountId: caller.account.id, action: 'remotePay', requestId: body.requestId, body },
        at,
        async (tx) => {
          if (body.reasonType === 4 && (body.remark ?? '').length < 2)
            throw new BizError(INVALID, '请填写远程启动原因');
          const device = await one<{
            id: number;
            serialNumber: string;
            siteId: number;
            status: number;
            behaviour: number | null;
          }>(
            tx,
            `select d.id, d.serial_number, d.site_id, d.status, s.behaviour
             from device d left join device_simulation s on s.device_id = d.id where d.id = $1`,
            [target.id],
          );
          if (!device || device.siteId === null) throw new BizError(INVALID, '设备不存在');
          if (Number(device.status) === 2) throw new BizError(INVALID, '设备离线');
          const charger = await one<{ id: number; status: number; currentOrderId: number | null }>(
            tx,
            'select id, status, current_order_id from charger where device_id = $1 and socket_no = $2',
            [device.id, body.socketNo],
          );
          if (!charger) throw new BizError(INVALID, '插座不存在');
          if (Number(charger.status) !== 0 || charger.currentOrderId !== null)
            throw new BizError(INVALID, Number(charger.status) === 3 ? '插座故障' : '插座使用中');
          const site = await one<{ chargeRule: { maxMinutes?: number } }>(
            tx,
            'select charge_rule from site where id = $1',
            [device.siteId],
          );
          const maxMinutes = site?.chargeRule.maxMinutes ?? 720;
          if (body.chargeMinutes > maxMinutes)
            throw new BizError(INVALID, `充电时长不能超过站点最长充电时长${maxMinutes}分钟`);
          const today = startOfDayAt(at);
          const limitReached = () => new BizError(INVALID, '今日远程充电次数已达上限');
          const used = await scalar(
            tx,
            'select count(*) from remote_charge_record where operator_account_id = $1 and start_time >= $2',
            [caller.account.id, today],
          );
          if (used >= REMOTE_DAILY_LIMIT) throw limitReached();
          const box = { id: Number(device.id), siteId: Number(device.siteId) };
          const { orderId, orderNo } = await startFreeOrder(
            tx,
            {
              payType: 7,
              siteId: box.siteId,
              deviceId: box.id,
              chargerId: Number(charger.id),
              serialNumber: device.serialNumber,
              socketNo: body.socketNo,
              minutes: body.chargeMinutes,
            },
            at,
          );
          // Reserved until the box acknowledges: 空闲 on screen, taken for every other start.
          await tx.query('update charger set status = 0 where id = $1', [charger.id]);
          const record = await one<{ id: number }>(
            tx,
            `insert into remote_charge_record (merchant_id, order_id, device_id, charger_id, serial_number, socket_no,
               site_id, site_name, charge_minutes, reason_type, remark, status, operator_account_id, operator_name,
               start_time, create_time, update_time)
             select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1, $12, $13, $14, $14, $14
             where (select count(*) from remote_charge_record where operator_account_id = $12 and start_time >= $15) < $16
             returning id`,
            [
              caller.ownerId,
              orderId,
              box.id,
              charger.id,
              device.serialNumber,
              body.socketNo,
              box.siteId,
              target.site?.name ?? '',
              body.chargeMinutes,
              body.reasonType,
              body.remark ?? '',
              caller.account.id,
              operatorName,
              at,
              today,
              REMOTE_DAILY_LIMIT,
            ],
          );
          if (!record) throw limitReached();
          await logOperation(
            tx,
            box,
            caller.account.id,
            LOG.remoteStart,
            { socketNo: body.socketNo, minutes: body.chargeMinutes, reasonType: body.reasonType, orderNo },
            at,
          );
          if (Number(device.behaviour) === REJECTS) {
            // The box refused the command: the start fails now, and the socket was never taken.
            await tx.query(
              `update remote_charge_record set status = 4, fail_reason = $2, actual_minutes = 0, end_time = $3,
                 update_time = $3 where id = $1`,
              [record.id, REJECT_REASON, at],
            );
            await tx.query(
              `update charge_order set status = 5, end_time = $2, duration_minutes = 0, update_time = $2
               where id = $1`,
              [orderId, at],
            );
            await tx.query(
              `update charger set current_order_id = null, power = 0, update_time = $2
               where id = $1 and current_order_id = $3`,
              [charger.id, at, orderId],
            );
            return { recordId: Number(record.id), orderNo, status: 4 as const, failReason: REJECT_REASON };
          }
          return { recordId: Number(record.id), orderNo, status: 1 as const };
        },
      );
      return data;
    },
  );

  const app = api.app;

  // POST /__sandbox/device-behaviour — how a simulated box answers from now on (test control).
  app.post('/__sandbox/device-behaviour', async (c) => {
    const body = await input(
      c,
      z.object({
        serialNumber: serialSchema,
        behaviour: z.enum(['ok', 'fail', 'reject', 'offline'], {
          error: "behaviour 须为 'ok' | 'fail' | 'reject' | 'offline'",
        }),
      }),
    );
    const device = await one<{ id: number }>(db, 'select id from device where serial_number = $1', [body.serialNumber]);
    if (!device) throw new BizError(INVALID, '设备不存在');
    const at = now();
    await db.transaction(async (tx) => {
      if (body.behaviour === 'fail' || body.behaviour === 'reject') {
        await tx.query(
          `insert into device_simulation (device_id, behaviour, update_time) values ($1, $2, $3)
           on conflict (device_id) do update set behaviour = excluded.behaviour, update_time = excluded.update_time`,
          [device.id, body.behaviour === 'fail' ? FAILS : REJECTS, at],
        );
      } else {
        await tx.query('delete from device_simulation where device_id = $1', [device.id]);
      }
      const offline = body.behaviour === 'offline';
      await tx.query('update device set status = $2, update_time = $3 where id = $1 and status <> $2', [
        device.id,
        offline ? 2 : 1,
        at,
      ]);
      await tx.query(
        offline
          ? 'update charger set status = 4, update_time = $2 where device_id = $1 and status = 0 and current_order_id is null'
          : 'update charger set status = 0, update_time = $2 where device_id = $1 and status = 4',
        [device.id, at],
      );
      // A box back on line gets the charge rule saved while it was off line (B-site.md rule C1).
      if (!offline) await deliverPendingRule(tx, Number(device.id), at);
    });
    return ok(c, { serialNumber: body.serialNumber, behaviour: body.behaviour });
  });

  return app;
}
