import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { RemoteRecordPage, RemoteRecordRow } from '../../src/api/remote';
import { dateRangeError, isCalendarDay } from '../../src/api/remote-rules';
import { DOC_RECORD_TTL_MS, DOC_TYPE_NAMES, exportEmailRule, rangeRefusal } from '../../src/api/export-rules';
import { exactlyOnce, requestIdRule } from '../domain/exactly-once';
import type { ExportParams } from '../domain/exports';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID } from '../http/envelope';
import { touches } from '../http/touch';
import { one, rows, scalar } from '../lib/db';
import { answerStarts } from './remote-start';
import { addDays, dayOf, startOfDay } from '../lib/time';

/**
 * Remote charging records (C-mine.md /mine/recordOfremote; entities.md RemoteChargeRecord; Business rules 1, 15):
 * GET /api/r9/charge/remotePayRecord lists the remote starts of the caller's sites (a sub-account with data scope 2:
 * its sites only) whose start falls in [startDate, endDate] (Asia/Shanghai days, span ≤ 92, no future end), optionally
 * of one device serial (contains, case-insensitive), newest first, with Σ minutes (actual minutes when the charge
 * ended, else the set minutes) over the whole filter. The starts themselves are POST /api/r9/charge/remotePay.
 * POST /api/r9/charge/exportRemotePayRecord e-mails the same list as a workbook (DocRecord docType 2, permission
 * `export`).
 */
export function remoteRecordRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);
  const day = z.string({ error: '请选择日期' }).refine(isCalendarDay, '日期格式不正确');

  api.get(
    '/api/r9/charge/remotePayRecord',
    {
      permission: 'remote:charge',
      accountTypes: [1, 2, 4],
      input: z.object({
        startDate: day,
        endDate: day,
        serialNumber: z.string().trim().max(30, '设备号最多30位').optional(),
        pageNum: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(20),
      }),
      touches: touches.sites,
    },
    async ({ scope, input: q }) => {
      await answerStarts(db, now()); // the simulated boxes' answers due by now (remote-start.ts)
      const refusal = dateRangeError(q.startDate, q.endDate, dayOf(now()));
      if (refusal) throw new BizError(INVALID, refusal);
      const params: unknown[] = [
        scope.ownerId,
        startOfDay(q.startDate),
        startOfDay(addDays(q.endDate, 1)),
        await scope.siteIds(),
      ];
      let where = `r.merchant_id = $1 and r.start_time >= $2 and r.start_time < $3 and r.site_id = any($4::bigint[])`;
      if (q.serialNumber) {
        params.push(`%${q.serialNumber.toUpperCase()}%`);
        where += ` and upper(r.serial_number) like $${params.length}`;
      }
      const total = await scalar(db, `select count(*) from remote_charge_record r where ${where}`, params);
      const totalMinutes = await scalar(
        db,
        `select coalesce(sum(coalesce(r.actual_minutes, r.charge_minutes)), 0) from remote_charge_record r
         where ${where}`,
        params,
      );
      const list = await rows<RemoteRecordRow>(
        db,
        `select r.id, r.order_id, r.serial_number, r.socket_no, r.site_name, r.charge_minutes, r.actual_minutes,
           r.start_time, r.end_time, r.operator_name, r.reason_type, nullif(r.remark, '') as remark, r.status,
           r.fail_reason
         from remote_charge_record r where ${where}
         order by r.start_time desc, r.id desc limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
      );
      const page: RemoteRecordPage = {
        list: list.map((r) => ({
          ...r,
          id: Number(r.id),
          orderId: r.orderId === null ? null : Number(r.orderId),
          startTime: Number(r.startTime),
          endTime: r.endTime === null ? null : Number(r.endTime),
        })),
        total: Number(total),
        totalMinutes: Number(totalMinutes),
      };
      return page;
    },
  );

  // POST /api/r9/charge/exportRemotePayRecord — the e-mailed export of the same list (DocRecord docType 2, rule 24):
  // exactly once per requestId, 2050 while the same export is 生成中, 2051 over 92 days; the job exportGeneration
  // writes and mails the workbook (domain/exports.ts) 5 s later.
  api.post(
    '/api/r9/charge/exportRemotePayRecord',
    {
      permission: 'export',
      accountTypes: [1, 2, 4],
      input: z.object({
        startDate: day,
        endDate: day,
        serialNumber: z.string().trim().max(30, '设备号最多30位').optional(),
        email: exportEmailRule,
        requestId: requestIdRule,
      }),
      touches: touches.sites,
    },
    async ({ caller, scope, input: body }) => {
      const at = now();
      // read before the transaction: the scope reads the database, which the transaction holds (PGlite: one connection)
      const siteIds = await scope.siteIds();
      return exactlyOnce(
        db,
        { accountId: caller.account.id, action: 'export:2', requestId: body.requestId, body },
        at,
        async (tx) => {
          const refusal = rangeRefusal(2, body.startDate, body.endDate, dayOf(at));
          if (refusal) throw new BizError(refusal.startsWith('导出时间跨度') ? 2051 : INVALID, refusal);
          const serial = body.serialNumber || undefined;
          const params: ExportParams = {
            startDate: body.startDate,
            endDate: body.endDate,
            ...(serial ? { serialNumber: serial } : {}),
            siteIds,
          };
          const running = await scalar(
            tx,
            `select count(*) from doc_record where merchant_id = $1 and doc_type = 2 and status = 1 and params = $2::jsonb`,
            [caller.ownerId, JSON.stringify(params)],
          );
          if (running > 0) throw new BizError(2050, '相同的导出任务正在处理中，请稍后');
          const conditions = [`${body.startDate} 至 ${body.endDate}`, serial ? `设备 ${serial}` : '全部设备'].join(
            ' · ',
          );
          const fileName = `${DOC_TYPE_NAMES[2]}_${body.startDate}_${body.endDate}${serial ? `_${serial}` : ''}.xlsx`;
          const created = await one<{ id: number }>(
            tx,
            `insert into doc_record (merchant_id, account_id, file_name, doc_type, params, conditions, email, status,
             expire_time, create_time, update_time)
           values ($1, $2, $3, 2, $4::jsonb, $5, $6, 1, $7, $8, $8) returning id`,
            [
              caller.ownerId,
              caller.account.id,
              fileName,
              JSON.stringify(params),
              conditions,
              body.email,
              at + DOC_RECORD_TTL_MS,
              at,
            ],
          );
          return { docId: Number(created?.id) };
        },
      );
    },
  );

  return api.app;
}
