import type { PGlite } from '@electric-sql/pglite';
import { Hono } from 'hono';
import { z } from 'zod';
import { phoneRule } from '../../src/api/rules';
import { fail, input, ok } from '../http/envelope';
import { one, scalar } from '../lib/db';
import { stamp } from '../lib/time';

/**
 * Test controls standing in for what happens outside the app around work orders (README "Sandbox interfaces"):
 *
 * - `POST /__sandbox/work-order` — an installation application submitted online (by a property, a resident or a
 *   salesperson: C-mine.md /mine/workOrder/online) to the operator that logs in with `phone`; it arrives 待审核.
 * - `POST /__sandbox/device/stock` — a new charging box delivered into the stock of the account that logs in with
 *   `phone` (unbound, offline until installed), so that a builder has a box to install.
 */

const workOrderBody = z.object({
  phone: phoneRule,
  commName: z.string().trim().min(2).max(30).default('测试小区'),
  applicantName: z.string().trim().min(2).max(10).default('测试申请人'),
  applicantPhone: z.optional(phoneRule),
  applyType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  address: z.string().trim().min(2).max(100).default('东门车棚'),
  expectBoxCount: z.number().int().min(1).max(50).default(2),
  socketType: z.union([z.literal(10), z.literal(12)]).default(10),
  longitude: z.number().min(-180).max(180).default(120.13),
  latitude: z.number().min(-90).max(90).default(30.28),
});

const stockBody = z.object({
  phone: phoneRule,
  model: z.enum(['R9-10', 'R9-12']).default('R9-10'),
});

/** The work-order and stock controls (see the module docstring). */
export function workOrderControlRoutes(db: PGlite, now: () => number) {
  const app = new Hono();

  // POST /__sandbox/work-order → { id, orderNo }: a 待审核 application to the operator of `phone`.
  app.post('/__sandbox/work-order', async (c) => {
    const body = await input(c, workOrderBody);
    const operator = await one<{ id: number }>(
      db,
      'select id from account where phone = $1 and account_type in (1, 2)',
      [body.phone],
    );
    if (!operator) return fail(c, 1, '该手机号不是运营商');
    const at = now();
    const seq = (await scalar(db, 'select coalesce(max(id), 0) from work_order')) + 1;
    const orderNo = `WO${stamp(at).slice(0, 8)}${String(seq).padStart(4, '0')}`;
    const row = await one<{ id: number }>(
      db,
      `insert into work_order (order_no, merchant_id, apply_type, applicant_name, applicant_phone, comm_name, province,
         city, area, address, longitude, latitude, expect_box_count, socket_type, expect_socket_count, parking_spaces,
         has_power, photos, remark, status, apply_time, create_time, update_time)
       values ($1, $2, $3, $4, $5, $6, '浙江省', '杭州市', '西湖区', $7, $8, $9, $10, $11, $12, $13, 1, '{}', '', 1,
         $14, $14, $14) returning id`,
      [
        orderNo,
        Number(operator.id),
        body.applyType,
        body.applicantName,
        body.applicantPhone ?? '13900000000',
        body.commName,
        body.address,
        body.longitude,
        body.latitude,
        body.expectBoxCount,
        body.socketType,
        body.expectBoxCount * body.socketType,
        body.expectBoxCount * 15,
        at,
      ],
    );
    return ok(c, { id: Number(row?.id), orderNo });
  });

  // POST /__sandbox/device/stock → { id, serialNumber }: a new box in the stock of the owner of `phone`.
  app.post('/__sandbox/device/stock', async (c) => {
    const body = await input(c, stockBody);
    const account = await one<{ ownerId: number }>(
      db,
      `select case when account_type in (4, 5) then main_account_id else id end as owner_id
       from account where phone = $1 and account_type in (1, 2, 4, 5)`,
      [body.phone],
    );
    if (!account) return fail(c, 1, '该手机号不能持有设备');
    const at = now();
    const seq = (await scalar(db, 'select coalesce(max(id), 0) from device')) + 1;
    const serialNumber = `86129${String(seq).padStart(9, '0')}`;
    const row = await one<{ id: number }>(
      db,
      `insert into device (serial_number, model, device_type, owner_operator_id, status, signal, signal_mode,
         firmware_version, comm_type, create_time, update_time)
       select $1, model, device_type, $2, 2, 0, 1, 'V3.1.8', comm_type, $3, $3 from device_model where model = $4
       returning id`,
      [serialNumber, Number(account.ownerId), at, body.model],
    );
    return ok(c, { id: Number(row?.id), serialNumber });
  });

  return app;
}
