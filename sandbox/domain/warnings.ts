import type { Transaction } from '@electric-sql/pglite';
import type { Scope } from '../http/access';
import { one, rows, scalar, type Db } from '../lib/db';

/**
 * Device alarms (C-mine.md business rules 3 and 23; entities.md WarningRecord): a box with no heartbeat for 10 minutes
 * goes 离线 — its idle sockets 离线 — and a 设备离线 warning (level 2 严重) opens; the warning closes (status 1,
 * recoverTime) when the heartbeat returns. A level-2 warning sends one SMS to the merchant's alarm phone (alarmPhone,
 * else the login phone) when its phoneMessageReceive is 1, at most one per device per hour (warning_record.sms_sent is
 * the record of what was sent; the text is kept in sandbox_sms for GET /__sandbox/sms/inbox).
 *
 * The sandbox's boxes beat continuously unless a test stops them (POST /__sandbox/device-heartbeat, table
 * device_heartbeat_stop): the item-driven job `deviceHeartbeat` (jobs/index.ts) takes a stopped device off line at
 * stopped_at + its timeout on the business clock — 10 min, a smoke sensor 26 h (B-site.md D6). A 组网从机 (signalMode 3)
 * is offline whenever its master is (D6, D9): it goes 离线 with its master and comes back with it unless it is itself
 * silent past its own timeout. All sockets of an offline box read 离线 (4): the idle ones are stored so, the socket
 * reads show every socket of a box with status 2 as 4 (api/device.ts boxPage). Instants epoch ms.
 *
 * `last_heartbeat_time` is the device's heartbeat record (C rule 22 reads it, domain/settlement.ts simBilled): while
 * the device beats it is the start of its current heartbeat run (or a heartbeat within it), once it is stopped its
 * last heartbeat.
 */

/** A box is 离线 after this long without a heartbeat (rule 3; B-site.md D6). */
export const HEARTBEAT_TIMEOUT_MS = 10 * 60_000;
/** A smoke sensor (deviceType 7, which reports rarely) is 离线 only after this long without a heartbeat (B-site.md D6). */
export const SMOKE_HEARTBEAT_TIMEOUT_MS = 26 * 3600_000;
/** The heartbeat timeout of device `d` in SQL (ms): HEARTBEAT_TIMEOUT_MS, a smoke sensor SMOKE_HEARTBEAT_TIMEOUT_MS. */
const TIMEOUT_SQL = `(case when d.device_type = 7 then ${SMOKE_HEARTBEAT_TIMEOUT_MS} else ${HEARTBEAT_TIMEOUT_MS} end)`;
/** Signal mode 3 组网从机 (B-site.md D9). */
const SLAVE_MODE = 3;
/** At most one alarm SMS per device in this window (rule 23). */
export const ALARM_SMS_WINDOW_MS = 3600_000;
/** Warning type 1 设备离线 and its text (C-mine.md /mine/message/warning). */
export const OFFLINE_WARNING = { warningType: 1, level: 2, content: '设备离线已超过10分钟' } as const;
/** The 设备离线 warning of a smoke sensor silent for 26 hours (D6). */
export const SMOKE_OFFLINE_WARNING = { ...OFFLINE_WARNING, content: '设备离线已超过26小时' } as const;
/** The 设备离线 warning of a 组网从机 taken off line with its master (D6). */
export const SLAVE_OFFLINE_WARNING = { ...OFFLINE_WARNING, content: '组网主机离线，从机随之离线' } as const;

/** What a new warning says about its device. */
export interface NewWarning {
  deviceId: number;
  warningType: number;
  /** 1 一般, 2 严重. */
  level: 1 | 2;
  content: string;
  socketNo?: number | null;
}

/**
 * Opens a warning on a device at `at` (its merchant = the device's owner, its site and serial copied) and applies the
 * SMS rule 23. Answers the new warning's id.
 */
export async function openWarning(tx: Db, warning: NewWarning, at: number): Promise<number> {
  const row = await one<{ id: number }>(
    tx,
    `insert into warning_record (merchant_id, site_id, site_name, device_id, device_type, serial_number, socket_no,
       warning_type, level, content, warning_time, status, sms_sent, create_time, update_time)
     select d.owner_operator_id, d.site_id, coalesce(s.name, ''), d.id, d.device_type, d.serial_number, $2, $3, $4, $5,
       $6, 0, 0, $6, $6
     from device d left join site s on s.id = d.site_id where d.id = $1
     returning id`,
    [warning.deviceId, warning.socketNo ?? null, warning.warningType, warning.level, warning.content, at],
  );
  if (!row) throw new Error(`openWarning: no device ${warning.deviceId}`);
  const id = Number(row.id);
  if (warning.level === 2) await sendAlarmSms(tx, id, at);
  return id;
}

/**
 * Rule 23 for one level-2 warning: when its merchant has SMS alarms on and no SMS went out for the device within the
 * last hour, one SMS to the alarm phone (else the login phone), marked on the warning (sms_sent 1). Answers the phone
 * it was sent to, or null.
 */
async function sendAlarmSms(tx: Db, warningId: number, at: number): Promise<string | null> {
  const w = await one<{
    deviceId: number;
    siteName: string;
    serialNumber: string;
    content: string;
    phone: string | null;
    receive: number;
  }>(
    tx,
    `select w.device_id, w.site_name, w.serial_number, w.content,
       coalesce(nullif(a.alarm_phone, ''), a.phone) as phone, a.phone_message_receive as receive
     from warning_record w join account a on a.id = w.merchant_id where w.id = $1`,
    [warningId],
  );
  if (!w || Number(w.receive) !== 1 || !w.phone) return null;
  const recent = await scalar(
    tx,
    `select count(*) from warning_record
     where device_id = $1 and sms_sent = 1 and id <> $2 and warning_time > $3 and warning_time <= $4`,
    [w.deviceId, warningId, at - ALARM_SMS_WINDOW_MS, at],
  );
  if (recent > 0) return null;
  const place = w.siteName ? `${w.siteName} ` : '';
  const content = `【易充】告警：${place}设备${w.serialNumber}${w.content}，请及时处理。`;
  await tx.query(
    `insert into sandbox_sms (phone, kind, content, warning_id, device_id, sent_at) values ($1, 'alarm', $2, $3, $4, $5)`,
    [w.phone, content, warningId, w.deviceId, at],
  );
  await tx.query('update warning_record set sms_sent = 1, update_time = $2 where id = $1', [warningId, at]);
  console.log(`[sandbox sms] ${w.phone} alarm: ${content}`);
  return w.phone;
}

/** Stops a box's heartbeat at `at` (its last heartbeat then); a box already stopped keeps its first stop. */
export async function stopHeartbeat(tx: Db, deviceId: number, at: number): Promise<void> {
  await tx.query(
    `insert into device_heartbeat_stop (device_id, stopped_at, update_time) values ($1, $2, $2)
     on conflict (device_id) do nothing`,
    [deviceId, at],
  );
  await tx.query('update device set last_heartbeat_time = $2, update_time = $2 where id = $1', [deviceId, at]);
}

/**
 * The heartbeat returns at `at`: the device beats again, and a device that was 离线 is 在线 with its 离线 sockets 空闲
 * and its open 设备离线 warnings closed (status 1, recoverTime `at`) — unless it is a 组网从机 whose master is 离线,
 * which stays 离线 with its master (D6). A master coming back brings back its 离线 slaves that are not themselves
 * silent past their timeout (bringSlavesBack). Answers the number of warnings closed (the device's and its slaves').
 */
export async function resumeHeartbeat(tx: Db, deviceId: number, at: number): Promise<number> {
  await tx.query('delete from device_heartbeat_stop where device_id = $1', [deviceId]);
  await tx.query('update device set last_heartbeat_time = $2, update_time = $2 where id = $1', [deviceId, at]);
  const masterOffline = await scalar(
    tx,
    `select count(*) from device d join device m on m.id = d.master_device_id
     where d.id = $1 and d.signal_mode = $2 and m.status = 2`,
    [deviceId, SLAVE_MODE],
  );
  if (masterOffline > 0) return 0;
  const closed = await bringOnline(tx, deviceId, at);
  return closed + (await bringSlavesBack(tx, deviceId, at));
}

/** A 离线 device back 在线 at `at`: its 离线 sockets 空闲, its open 设备离线 warnings closed. Answers the count closed. */
async function bringOnline(tx: Db, deviceId: number, at: number): Promise<number> {
  const back = await one<{ id: number }>(
    tx,
    'update device set status = 1, update_time = $2 where id = $1 and status = 2 returning id',
    [deviceId, at],
  );
  if (back) {
    await tx.query('update charger set status = 0, update_time = $2 where device_id = $1 and status = 4', [
      deviceId,
      at,
    ]);
  }
  const closed = await rows<{ id: number }>(
    tx,
    `update warning_record set status = 1, recover_time = $2, update_time = $2
     where device_id = $1 and warning_type = $3 and status = 0 returning id`,
    [deviceId, at, OFFLINE_WARNING.warningType],
  );
  return closed.length;
}

/**
 * A master back 在线 at `at` brings back its 离线 组网从机 (D6) except those silent past their own timeout (a slave
 * stopped but not yet due comes back and goes 离线 when its own timeout falls due). Answers the warnings closed.
 */
async function bringSlavesBack(tx: Db, masterId: number, at: number): Promise<number> {
  const slaves = await rows<{ id: number }>(
    tx,
    `select d.id from device d
     where d.master_device_id = $1 and d.signal_mode = $2 and d.status = 2
       and not exists (select 1 from device_heartbeat_stop h where h.device_id = d.id and h.stopped_at + ${TIMEOUT_SQL} <= $3)
     order by d.id`,
    [masterId, SLAVE_MODE, at],
  );
  let closed = 0;
  for (const s of slaves) {
    // A slave that still beats starts a new heartbeat run with its master (its record, rule 22).
    await tx.query(
      `update device d set last_heartbeat_time = $2
       where d.id = $1 and not exists (select 1 from device_heartbeat_stop h where h.device_id = d.id)`,
      [s.id, at],
    );
    closed += await bringOnline(tx, Number(s.id), at);
  }
  return closed;
}

/** When the next stopped device goes 离线 (its last heartbeat + its timeout), or null: the job's nextDue. */
export async function nextHeartbeatTimeout(db: Db): Promise<number | null> {
  const row = await one<{ due: number | null }>(
    db,
    `select min(h.stopped_at + ${TIMEOUT_SQL}) as due from device_heartbeat_stop h join device d on d.id = h.device_id
     where d.status <> 2`,
  );
  return row?.due === null || row?.due === undefined ? null : Number(row.due);
}

/**
 * The job's run at `at`: every stopped device whose last heartbeat is its timeout old or more (10 min, a smoke sensor
 * 26 h) goes 离线 (idle sockets 离线) with a 设备离线 warning at `at` (rule 3, D6) and its SMS (rule 23); the
 * 组网从机 of a master gone 离线 go 离线 with it, each with its warning (D6).
 */
export async function takeSilentBoxesOffline(tx: Transaction, at: number): Promise<void> {
  const due = await rows<{ deviceId: number; deviceType: number }>(
    tx,
    `select h.device_id, d.device_type from device_heartbeat_stop h join device d on d.id = h.device_id
     where d.status <> 2 and h.stopped_at + ${TIMEOUT_SQL} <= $1
     order by h.stopped_at + ${TIMEOUT_SQL}, h.device_id`,
    [at],
  );
  for (const { deviceId, deviceType } of due) {
    const id = Number(deviceId);
    await takeOffline(tx, id, Number(deviceType) === 7 ? SMOKE_OFFLINE_WARNING : OFFLINE_WARNING, at);
    // A slave reports through its master: its last heartbeat that reached the platform is the master's last one.
    const slaves = await rows<{ id: number }>(
      tx,
      `update device d set last_heartbeat_time = case when exists (select 1 from device_heartbeat_stop h where h.device_id = d.id)
         then least(d.last_heartbeat_time, m.last_heartbeat_time) else m.last_heartbeat_time end
       from device m where m.id = $1 and d.master_device_id = m.id and d.signal_mode = $2 and d.status <> 2
       returning d.id`,
      [id, SLAVE_MODE],
    );
    for (const s of slaves.sort((a, b) => Number(a.id) - Number(b.id)))
      await takeOffline(tx, Number(s.id), SLAVE_OFFLINE_WARNING, at);
  }
}

/** One device 离线 at `at`: status 2, its idle sockets 离线 (4), and its 设备离线 warning `warning` opened. */
async function takeOffline(
  tx: Transaction,
  deviceId: number,
  warning: Omit<NewWarning, 'deviceId'>,
  at: number,
): Promise<void> {
  await tx.query('update device set status = 2, update_time = $2 where id = $1', [deviceId, at]);
  await tx.query(
    `update charger set status = 4, update_time = $2
     where device_id = $1 and status = 0 and current_order_id is null`,
    [deviceId, at],
  );
  await openWarning(tx, { deviceId, ...warning }, at);
}

/**
 * The WHERE clause selecting the warnings a caller sees (rule 1; R1.1, R1.3): an owner (1/2) and a builder its
 * operator's warnings; a sub-account with dataScope 2 only those of its sites; a property those of the sites linked to
 * it. Parameters start at $1.
 */
export async function warningScope(scope: Scope): Promise<{ where: string; params: unknown[] }> {
  const { account, ownerId } = scope;
  if (account.accountType === 3) {
    return { where: 'site_id = any($1::bigint[])', params: [await scope.siteIds()] };
  }
  if (scope.limited) {
    return { where: 'merchant_id = $1 and site_id = any($2::bigint[])', params: [ownerId, await scope.siteIds()] };
  }
  return { where: 'merchant_id = $1', params: [ownerId] };
}

/**
 * The unrecovered warnings (status 0) a caller sees: the one definition of the 告警通知 badge (getAlarmNum's
 * unrecoveredCount) and of the alarm part of getCommercialInfo's unreadCount (home's bell).
 */
export async function unrecoveredWarnings(db: Db, scope: Scope): Promise<number> {
  const { where, params } = await warningScope(scope);
  return scalar(db, `select count(*) from warning_record where ${where} and status = 0`, params);
}
