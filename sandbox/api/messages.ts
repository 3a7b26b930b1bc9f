import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { Page } from '../../src/api/http';
import type { NoticeDetail, PhoneMessageInfo, WarningRow } from '../../src/api/messages';
import { phoneRule } from '../../src/api/rules';
import { resumeHeartbeat, stopHeartbeat, warningScope } from '../domain/warnings';
import { deliverPendingRule } from './site-settings';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID, input, ok } from '../http/envelope';
import { touches } from '../http/touch';
import { one, rows, scalar } from '../lib/db';

/**
 * The message screens' endpoints (C-mine.md "/mine/message/warning", "/mine/message/upgrads", "/upgrads/info";
 * business rules 1, 3, 23, 25; entities.md WarningRecord, Notice, NoticeRead): the warning list in the caller's scope,
 * the caller's SMS alarm settings, a notice's detail and marking notices read. Sandbox controls beside them (README
 * "Sandbox interfaces"): POST /__sandbox/device-heartbeat stops or resumes a device's heartbeat (rule 3 and B-site.md
 * D6 on the business clock: 离线 after 10 min, a smoke sensor after 26 h, a 组网从机 with its master;
 * sandbox/domain/warnings.ts), GET /__sandbox/sms/inbox lists the text SMS the gateway sent (alarms of rule 23,
 * notices of sandbox/domain/sms-notice.ts), POST
 * /__sandbox/notice publishes a notice (the platform's back office). Instants epoch ms.
 */

const pageFields = {
  pageNum: z.coerce.number().int('pageNum 须为正整数').min(1, 'pageNum 须为正整数').default(1),
  pageSize: z.coerce
    .number()
    .int('pageSize 须为1-100的整数')
    .min(1, 'pageSize 须为1-100的整数')
    .max(100, 'pageSize 须为1-100的整数')
    .default(20),
};
const idRule = (name: string) =>
  z.coerce
    .number({ error: `${name} 须为正整数` })
    .int(`${name} 须为正整数`)
    .positive(`${name} 须为正整数`);

const warningQuery = z.object({
  warningType: z.coerce
    .number()
    .int()
    .min(1, '告警类型 warningType 须为1-6')
    .max(6, '告警类型 warningType 须为1-6')
    .optional(),
  status: z.coerce.number().int().min(0, '状态 status 须为0或1').max(1, '状态 status 须为0或1').optional(),
  siteId: idRule('siteId').optional(),
  deviceId: idRule('deviceId').optional(),
  ...pageFields,
});

const switchRule = z.union([z.literal(0), z.literal(1)], { error: '开关须为0或1' });
const phoneMessageBody = z
  .object({
    onMessage: switchRule.optional(),
    phoneMessageReceive: switchRule.optional(),
    alarmPhone: z.optional(phoneRule),
  })
  .refine((b) => b.onMessage !== undefined || b.phoneMessageReceive !== undefined || b.alarmPhone !== undefined, {
    message: '请至少修改一项设置',
  });

const SERIAL = /^[0-9A-Za-z]{6,20}$/;

/** Body of POST /__sandbox/notice: a notice as the back office publishes it (content is HTML, stored as given). */
const noticeBody = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'type 须为1-4' }),
  title: z.string().min(1, '请输入标题').max(100, '标题最多100字'),
  summary: z.string().max(200, '摘要最多200字').default(''),
  content: z.string().max(100_000, '正文过长'),
  coverUrl: z.string().max(500).nullable().default(null),
  status: z.union([z.literal(1), z.literal(2)]).default(1),
});

/** The message routes over `db` on the business clock `now` (epoch ms). */
export function messageRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // GET /api/warning/warningRecordList — warnings the caller sees (rule 1), newest first, filtered.
  api.get(
    '/api/warning/warningRecordList',
    { permission: 'message', input: warningQuery, touches: touches.sites },
    async ({ scope, input: q }) => {
      const { where, params } = await warningScope(scope);
      const conds = [where];
      const values = [...params];
      const add = (sql: string, value: unknown) => {
        values.push(value);
        conds.push(sql.replace('?', `$${values.length}`));
      };
      if (q.warningType !== undefined) add('warning_type = ?', q.warningType);
      if (q.status !== undefined) add('status = ?', q.status);
      if (q.siteId !== undefined) add('site_id = ?', q.siteId);
      if (q.deviceId !== undefined) add('device_id = ?', q.deviceId);
      const filter = conds.join(' and ');
      const total = await scalar(db, `select count(*) from warning_record where ${filter}`, values);
      const list = await rows<WarningRow>(
        db,
        `select id, warning_type, level, site_id, site_name, device_id, device_type, serial_number, socket_no, content,
           warning_time, status, recover_time
         from warning_record where ${filter}
         order by warning_time desc, id desc limit $${values.length + 1} offset $${values.length + 2}`,
        [...values, q.pageSize, (q.pageNum - 1) * q.pageSize],
      );
      const data: Page<WarningRow> = { list, total };
      return data;
    },
  );

  // POST /api/warning/updatePhoneMessageInfo — the caller's own switches and alarm phone (only the fields given).
  api.post(
    '/api/warning/updatePhoneMessageInfo',
    { permission: 'message', input: phoneMessageBody, touches: touches.self },
    async ({ caller, input: body }) => {
      const row = await one<{
        onMessage: 0 | 1;
        phoneMessageReceive: 0 | 1;
        alarmPhone: string | null;
        phone: string | null;
      }>(
        db,
        `update account set on_message = coalesce($2, on_message),
           phone_message_receive = coalesce($3, phone_message_receive),
           alarm_phone = coalesce($4, alarm_phone), update_time = $5
         where id = $1 returning on_message, phone_message_receive, alarm_phone, phone`,
        [caller.account.id, body.onMessage ?? null, body.phoneMessageReceive ?? null, body.alarmPhone ?? null, now()],
      );
      if (!row) throw new BizError(INVALID, '账号不存在');
      const data: PhoneMessageInfo = {
        onMessage: row.onMessage,
        phoneMessageReceive: row.phoneMessageReceive,
        alarmPhone: row.alarmPhone || row.phone || '',
      };
      return data;
    },
  );

  // GET /api/message/noticeDetail — one published notice (status 1); anything else 消息不存在或已下线.
  api.get(
    '/api/message/noticeDetail',
    { permission: 'message', input: z.object({ id: idRule('id') }), touches: touches.none },
    async ({ input: { id } }) => {
      const notice = await one<NoticeDetail>(
        db,
        'select id, type, title, content, cover_url, publish_time from notice where id = $1 and status = 1',
        [id],
      );
      if (!notice) throw new BizError(INVALID, '消息不存在或已下线');
      return notice;
    },
  );

  // POST /api/message/readNotice — marks one published notice read for the caller, or all of them without an id
  // (rule 25); answers the caller's unreadCount after it.
  api.post(
    '/api/message/readNotice',
    { permission: 'message', input: z.object({ id: idRule('id').optional() }), touches: touches.self },
    async ({ caller, input: { id } }) => {
      const accountId = caller.account.id;
      const at = now();
      if (id !== undefined) {
        const published = await scalar(db, 'select count(*) from notice where id = $1 and status = 1', [id]);
        if (published === 0) throw new BizError(INVALID, '消息不存在或已下线');
      }
      await db.query(
        `insert into notice_read (notice_id, account_id, read_time, create_time, update_time)
         select n.id, $1, $2, $2, $2 from notice n where n.status = 1 and ($3::bigint is null or n.id = $3)
         on conflict (notice_id, account_id) do nothing`,
        [accountId, at, id ?? null],
      );
      const unreadCount = await scalar(
        db,
        `select count(*) from notice n where n.status = 1
         and not exists (select 1 from notice_read r where r.notice_id = n.id and r.account_id = $1)`,
        [accountId],
      );
      return { unreadCount };
    },
  );

  const app = api.app;

  // POST /__sandbox/device-heartbeat { serialNumber, heartbeat: 'stop' | 'resume' } — test control of rule 3 and D6
  // (any device type; a resumed 组网从机 stays 离线 while its master is, a resumed master brings its slaves back).
  // Answers the device's status, its stoppedAt (epoch ms) and warningsClosed (its own and its slaves').
  app.post('/__sandbox/device-heartbeat', async (c) => {
    const body = await input(
      c,
      z.object({
        serialNumber: z.string({ error: '请输入设备号' }).trim().regex(SERIAL, '设备号格式不正确'),
        heartbeat: z.enum(['stop', 'resume'], { error: "heartbeat 须为 'stop' | 'resume'" }),
      }),
    );
    const device = await one<{ id: number }>(db, 'select id from device where upper(serial_number) = upper($1)', [
      body.serialNumber,
    ]);
    if (!device) throw new BizError(INVALID, '设备不存在');
    const at = now();
    const closed = await db.transaction(async (tx) => {
      if (body.heartbeat === 'stop') {
        await stopHeartbeat(tx, Number(device.id), at);
        return 0;
      }
      const closed = await resumeHeartbeat(tx, Number(device.id), at);
      // B-site.md rule C1: a box back on line gets the charge rule saved while it was away (its slaves too).
      await deliverPendingRule(tx, Number(device.id), at);
      return closed;
    });
    const state = await one<{ status: number; stoppedAt: number | null }>(
      db,
      `select d.status, h.stopped_at from device d left join device_heartbeat_stop h on h.device_id = d.id
       where d.id = $1`,
      [device.id],
    );
    return ok(c, {
      serialNumber: body.serialNumber,
      heartbeat: body.heartbeat,
      status: Number(state?.status),
      stoppedAt: state?.stoppedAt === null || state?.stoppedAt === undefined ? null : Number(state.stoppedAt),
      warningsClosed: closed,
    });
  });

  // GET /__sandbox/sms/inbox?phone=N — the text SMS (alarms, notices) sent to a phone, newest first.
  app.get('/__sandbox/sms/inbox', async (c) => {
    const { phone } = await input(c, z.object({ phone: phoneRule }));
    const list = await rows<{
      id: number;
      kind: string;
      content: string;
      warningId: number | null;
      deviceId: number | null;
      sentAt: number;
    }>(
      db,
      `select id, kind, content, warning_id, device_id, sent_at from sandbox_sms where phone = $1
       order by sent_at desc, id desc`,
      [phone],
    );
    return ok(c, list);
  });

  // POST /__sandbox/notice — publishes a notice as the platform's back office does (its HTML stored as given).
  app.post('/__sandbox/notice', async (c) => {
    const body = await input(c, noticeBody);
    const at = now();
    const row = await one<{ id: number }>(
      db,
      `insert into notice (type, title, summary, content, cover_url, publish_time, status, create_time, update_time)
       values ($1, $2, $3, $4, $5, $6, $7, $6, $6) returning id`,
      [body.type, body.title, body.summary, body.content, body.coverUrl, at, body.status],
    );
    return ok(c, { id: Number(row?.id) });
  });

  return app;
}
