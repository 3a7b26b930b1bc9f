import { describe, expect, it } from 'vitest';
import type { ConnectorDetail } from '../../src/api/device-setup';
import type { ChargeRule } from '../../src/api/site';
import { tierPrice } from '../db/seed/util';
import { one, rows } from '../lib/db';
import { openSandboxForFile } from '../testing';
import { FULL_STOP_MS, fullStopAt, startFreeOrder } from './device-setup-orders';

/**
 * 充满自停 (B-site.md Business rules C5 and D7): with fullStop, a running order whose power reports stay below 30 W for
 * 10 minutes ends by itself (endReason 1 充满自停) at the instant the 10 minutes are complete, its unused part refunded
 * (refund = amount − ceil(minutes × tierPrice / 60), mode 1); its socket shows 已充满 (2) while it runs below 30 W. A
 * report of exactly 30 W is not below; a rule without fullStop never stops an order for its power. The vehicle's power
 * is set with POST /__sandbox/device/load; the business clock is moved with `sb.clock.now`.
 */

const NOW = Date.parse('2026-11-20T20:00:00+08:00');
const MIN_MS = 60_000;
const { sb, tokens } = openSandboxForFile(NOW, ['operator']);

/** A running scan-paid order of the operator as these tests prepare it. */
interface Prepared {
  id: number;
  orderNo: string;
  amount: number;
  chargerId: number;
  serialNumber: string;
  socketNo: number;
  rule: ChargeRule;
}

/** Sockets already handed out (one per test). */
const used: number[] = [0];

/**
 * A scan-paid order (payType 1, ¥3.00, 120 purchased minutes) started now on an idle socket of an online box of the
 * demo operator's site 1, its rule snapshot the site's rule in mode 1 with `fullStop` and no free minutes, no reports
 * yet; its vehicle then draws `powerW` (POST /__sandbox/device/load).
 */
async function prepare(fullStop: 0 | 1, powerW: number): Promise<Prepared> {
  const socket = await one<{ chargerId: number; deviceId: number; serialNumber: string; socketNo: number }>(
    sb.db,
    `select c.id as charger_id, d.id as device_id, d.serial_number, c.socket_no
     from charger c join device d on d.id = c.device_id
     where d.site_id = 1 and d.status = 1 and c.status = 0 and c.current_order_id is null
       and not (c.id = any($1::bigint[]))
     order by c.id limit 1`,
    [used],
  );
  if (!socket) throw new Error('site 1 has idle sockets on online boxes');
  used.push(Number(socket.chargerId));
  const site = await one<{ chargeRule: ChargeRule }>(sb.db, 'select charge_rule from site where id = 1');
  if (!site) throw new Error('the demo has site 1');
  const rule: ChargeRule = { ...site.chargeRule, billingMode: 1, fullStop, freeMinutes: 0 };
  const amount = 300;
  const at = sb.clock.now;
  const { orderId, orderNo } = await sb.db.transaction((tx) =>
    startFreeOrder(
      tx,
      {
        siteId: 1,
        deviceId: Number(socket.deviceId),
        chargerId: Number(socket.chargerId),
        serialNumber: socket.serialNumber,
        socketNo: Number(socket.socketNo),
        payType: 7,
        minutes: 120,
      },
      at,
    ),
  );
  // made a scan-paid order (the rider's payment is not what these tests are about)
  await sb.db.query(
    `update charge_order set pay_type = 1, amount = $2, original_amount = $2, rule_snapshot = $3 where id = $1`,
    [orderId, amount, JSON.stringify(rule)],
  );
  const load = await sb.post('/__sandbox/device/load', null, {
    serialNumber: socket.serialNumber,
    socketNo: Number(socket.socketNo),
    powerW,
  });
  expect(load.body).toMatchObject({ code: 0, data: { orderNo, powerW } });
  return {
    id: orderId,
    orderNo,
    amount,
    chargerId: Number(socket.chargerId),
    serialNumber: socket.serialNumber,
    socketNo: Number(socket.socketNo),
    rule,
  };
}

/** The socket as the operator's socket detail shows it (the read brings its order up to the clock). */
async function socketOf(order: Prepared): Promise<ConnectorDetail> {
  const res = await sb.get<ConnectorDetail>('/api/box/getConnectorDetail', tokens.operator, {
    chargerId: order.chargerId,
  });
  expect(res.body.code).toBe(0);
  return res.body.data;
}

/** The order's end as stored. */
const endOf = (order: Prepared) =>
  one<{ status: number; endReason: number | null; endTime: number | null; durationMinutes: number; refund: number }>(
    sb.db,
    `select status, end_reason, end_time, duration_minutes, refund_amount::float8 as refund from charge_order
     where id = $1`,
    [order.id],
  );

describe('fullStopAt: the 10-minute run below 30 W (C5 boundaries)', () => {
  const at = (m: number) => m * MIN_MS;
  it('ends once the reports have been below 30 W for exactly 10 minutes, from the start of the first low interval', () => {
    expect(FULL_STOP_MS).toBe(10 * MIN_MS);
    // reports every 5 minutes: each stands for the 5 minutes before it
    expect(
      fullStopAt(0, [
        { time: at(5), power: 20 },
        { time: at(10), power: 20 },
      ]),
    ).toBe(at(10));
    expect(fullStopAt(0, [{ time: at(5), power: 29 }])).toBeNull();
    // a run that starts after a charging report counts from that report
    expect(
      fullStopAt(0, [
        { time: at(5), power: 120 },
        { time: at(10), power: 29 },
        { time: at(15), power: 29 },
      ]),
    ).toBe(at(15));
    // 9 minutes 59.999 s below is not enough
    expect(
      fullStopAt(0, [
        { time: at(5), power: 20 },
        { time: at(10) - 1, power: 20 },
      ]),
    ).toBeNull();
  });

  it('exactly 30 W is not below, and a report at 30 W or more restarts the run', () => {
    expect(
      fullStopAt(0, [
        { time: at(5), power: 30 },
        { time: at(10), power: 30 },
        { time: at(15), power: 30 },
      ]),
    ).toBeNull();
    expect(
      fullStopAt(0, [
        { time: at(5), power: 20 },
        { time: at(10), power: 30 },
        { time: at(15), power: 20 },
      ]),
    ).toBeNull();
  });
});

describe('an order below 30 W on the business clock (C5, D7)', () => {
  it('C5: a fullStop order drawing 20 W runs 已充满 (D7) for 9 minutes and ends at 10 with endReason 1 and a refund', async () => {
    const t0 = sb.clock.now;
    const order = await prepare(1, 20);
    sb.clock.now = t0 + 9 * MIN_MS;
    const at9 = await socketOf(order);
    // D7: 已充满 (2) while the order runs below 30 W
    expect(at9).toMatchObject({ status: 2, power: 20 });
    expect(at9.currentOrder?.orderNo).toBe(order.orderNo);
    sb.clock.now = t0 + 10 * MIN_MS - 1;
    expect((await socketOf(order)).currentOrder?.orderNo).toBe(order.orderNo);
    sb.clock.now = t0 + 10 * MIN_MS;
    const after = await socketOf(order);
    expect(after).toMatchObject({ status: 0, currentOrder: null, power: 0, lastOrderEndTime: t0 + 10 * MIN_MS });
    const used10 = Math.ceil((10 * tierPrice(order.rule, 20)) / 60);
    const refund = Math.min(order.amount, order.amount - used10);
    expect(refund).toBeGreaterThan(0);
    expect(await endOf(order)).toEqual({
      status: refund >= order.amount ? 3 : 4,
      endReason: 1,
      endTime: t0 + 10 * MIN_MS,
      durationMinutes: 10,
      refund,
    });
    const refunds = await rows<{ refundAmount: number; reason: string; finishTime: number }>(
      sb.db,
      'select refund_amount::float8 as refund_amount, reason, finish_time from order_refund where order_id = $1',
      [order.id],
    );
    expect(refunds).toEqual([
      { refundAmount: refund, reason: '充满自停，退还未使用金额', finishTime: t0 + 10 * MIN_MS },
    ]);
    const samples = await rows<{ time: number; power: number }>(
      sb.db,
      'select time, power from power_sample where order_id = $1 order by time',
      [order.id],
    );
    expect(samples).toEqual([
      { time: t0 + 5 * MIN_MS, power: 20 },
      { time: t0 + 10 * MIN_MS, power: 20 },
    ]);
  });

  it('C5: a fullStop order drawing 30 W is still charging (not 已充满) after 30 minutes', async () => {
    const t0 = sb.clock.now;
    const order = await prepare(1, 30);
    sb.clock.now = t0 + 30 * MIN_MS;
    const detail = await socketOf(order);
    expect(detail.status).toBe(1);
    expect(detail.currentOrder?.orderNo).toBe(order.orderNo);
    expect(await endOf(order)).toMatchObject({ status: 1, endReason: null, endTime: null });
  });

  it('C5: without fullStop an order drawing 20 W keeps running (已充满, D7) until its time is up', async () => {
    const t0 = sb.clock.now;
    const order = await prepare(0, 20);
    sb.clock.now = t0 + 30 * MIN_MS;
    const detail = await socketOf(order);
    expect(detail).toMatchObject({ status: 2, power: 20 });
    expect(detail.currentOrder?.orderNo).toBe(order.orderNo);
    expect(await endOf(order)).toMatchObject({ status: 1, endReason: null });
    sb.clock.now = t0 + 120 * MIN_MS;
    expect(await endOf(order)).toMatchObject({ status: 1 });
    await socketOf(order);
    expect(await endOf(order)).toMatchObject({ endReason: 2, endTime: t0 + 120 * MIN_MS, durationMinutes: 120 });
  });
});
