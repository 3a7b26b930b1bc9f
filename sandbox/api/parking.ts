import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { ParkingPage, ParkingRow } from '../../src/api/parking';
import { dateRangeError, isCalendarDay } from '../../src/api/remote-rules';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID } from '../http/envelope';
import { touches } from '../http/touch';
import { rows, scalar } from '../lib/db';
import { addDays, dayOf, startOfDay } from '../lib/time';

/**
 * Parking records (C-mine.md /mine/parkingRecord/parkingList; entities.md ParkingRecord, CarType, ParkingRule; Business
 * rule 1): the caller's sites with a parking rule, the car types, and the records of those sites whose entry falls in
 * [startDate, endDate] (the section's range rule), filtered by site, car type, status and plate / card number, newest
 * entry first, with Σ fee over the whole filter. A record still 在场 counts its minutes up to now. Permission `parking`.
 */
export function parkingRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);
  const access = { permission: 'parking', accountTypes: [1, 2, 4] } as const;

  api.get(
    '/api/site/querySiteParkingRuleList',
    { ...access, input: z.object({}), touches: touches.sites },
    async ({ scope }) => {
      const list = await rows<{ siteId: number; siteName: string; ruleDesc: string }>(
        db,
        `select s.id as site_id, s.name as site_name, r.rule_desc from parking_rule r join site s on s.id = r.site_id
         where s.id = any($1::bigint[]) and s.operator_id = $2 order by s.id`,
        [await scope.siteIds(), scope.ownerId],
      );
      return list.map((r) => ({ ...r, siteId: Number(r.siteId) }));
    },
  );

  api.get('/api/site/getCarTypeList', { ...access, input: z.object({}), touches: touches.none }, async () => {
    const list = await rows<{ carTypeId: number; name: string }>(
      db,
      'select id as car_type_id, name from car_type order by id',
    );
    return list.map((r) => ({ carTypeId: Number(r.carTypeId), name: r.name }));
  });

  api.get(
    '/api/site/parkingRecords',
    {
      ...access,
      input: z.object({
        startDate: z.string({ error: '请选择日期' }).refine(isCalendarDay, '日期格式不正确'),
        endDate: z.string({ error: '请选择日期' }).refine(isCalendarDay, '日期格式不正确'),
        siteId: z.coerce.number().int().positive().optional(),
        carTypeId: z.coerce.number().int().positive().optional(),
        status: z.coerce
          .number()
          .pipe(z.union([z.literal(1), z.literal(2)]))
          .optional(),
        keyword: z.string().trim().max(20, '关键词最多20个字').optional(),
        pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(20),
      }),
      touches: touches.optionalSite('siteId', 'view'),
    },
    async ({ scope, input: q }) => {
      const at = now();
      const refusal = dateRangeError(q.startDate, q.endDate, dayOf(at));
      if (refusal) throw new BizError(INVALID, refusal);
      const params: unknown[] = [
        await scope.siteIds(),
        scope.ownerId,
        startOfDay(q.startDate),
        startOfDay(addDays(q.endDate, 1)),
      ];
      let where = `p.site_id = any($1::bigint[]) and s.operator_id = $2 and p.entry_time >= $3 and p.entry_time < $4`;
      const add = (sql: string, value: unknown) => {
        params.push(value);
        where += ` and ${sql.replace('?', `$${params.length}`)}`;
      };
      if (q.siteId !== undefined) add('p.site_id = ?', q.siteId);
      if (q.carTypeId !== undefined) add('p.car_type_id = ?', q.carTypeId);
      if (q.status !== undefined) add('p.status = ?', q.status);
      if (q.keyword) {
        params.push(`%${q.keyword.toUpperCase()}%`);
        const n = params.length;
        where += ` and (upper(coalesce(p.plate_no, '')) like $${n} or upper(coalesce(p.card_no, '')) like $${n})`;
      }
      const from = 'parking_record p join site s on s.id = p.site_id join car_type t on t.id = p.car_type_id';
      const total = await scalar(db, `select count(*) from ${from} where ${where}`, params);
      const totalFee = await scalar(db, `select coalesce(sum(p.fee), 0) from ${from} where ${where}`, params);
      const list = await rows<ParkingRow>(
        db,
        `select p.id, s.name as site_name, p.gate_name, p.plate_no, p.card_no, p.car_type_id, t.name as car_type_name,
           p.entry_time, p.exit_time, p.duration_minutes, p.fee, p.pay_type, p.status
         from ${from} where ${where}
         order by p.entry_time desc, p.id desc limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
      );
      const page: ParkingPage = {
        list: list.map((r) => {
          const entryTime = Number(r.entryTime);
          return {
            ...r,
            id: Number(r.id),
            carTypeId: Number(r.carTypeId),
            entryTime,
            exitTime: r.exitTime === null ? null : Number(r.exitTime),
            fee: Number(r.fee),
            durationMinutes: r.status === 1 ? Math.max(0, Math.floor((at - entryTime) / 60_000)) : r.durationMinutes,
          };
        }),
        total: Number(total),
        totalFee: Number(totalFee),
      };
      return page;
    },
  );

  return api.app;
}
