import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { RemoteRecordPage, RemoteRecordRow } from '../../src/api/remote';
import { dateRangeError, isCalendarDay } from '../../src/api/remote-rules';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID } from '../http/envelope';
import { touches } from '../http/touch';
import { rows, scalar } from '../lib/db';
import { answerStarts } from './remote-start';
import { addDays, dayOf, startOfDay } from '../lib/time';

/**
 * Remote charging records (C-mine.md /mine/recordOfremote; entities.md RemoteChargeRecord; Business rules 1, 15):
 * GET /api/r9/charge/remotePayRecord lists the remote starts of the caller's sites (a sub-account with data scope 2:
 * its sites only) whose start falls in [startDate, endDate] (Asia/Shanghai days, span ≤ 92, no future end), optionally
 * of one device serial (contains, case-insensitive), newest first, with Σ minutes (actual minutes when the charge
 * ended, else the set minutes) over the whole filter. The starts themselves are POST /api/r9/charge/remotePay.
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

  return api.app;
}
