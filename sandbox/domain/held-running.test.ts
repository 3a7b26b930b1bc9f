import { describe, expect, it } from 'vitest';
import { advanceOrder } from '../api/device-setup-orders';
import { one, rows, scalar } from '../lib/db';
import { openSandboxForFile } from '../testing';
import { setSignStatus } from './onboarding';

/**
 * A held order still charging when its operator signs (A-shell-home-settlement.md "Unsigned-contract orders";
 * domain/held-orders.ts settleHeldOrders, called by setSignStatus): the signing claims it (settleStatus 2 → 3 已补结算,
 * settleTime = the signing) but splits and posts nothing, since nothing is known of what it will cost; when it ends it
 * is split once, like any order, by its end, and the 02:00 job posts those rows once; a second signing touches it no
 * more. The order is made from a held order of 10020 (城西便民, certified, not signed) as a socket still running it.
 */

const NOW = Date.parse('2026-11-20T15:00:00+08:00');
const { sb } = openSandboxForFile(NOW);
const ACCOUNT = 10020;
const MINUTE = 60_000;

interface Facts {
  status: number;
  settleStatus: number;
  settleTime: number | null;
  endTime: number | null;
  amount: number;
  refundAmount: number;
}

const facts = async (id: number) => {
  const o = await one<Facts>(
    sb.db,
    'select status, settle_status, settle_time, end_time, amount, refund_amount from charge_order where id = $1',
    [id],
  );
  if (!o) throw new Error(`order ${id}`);
  return {
    status: Number(o.status),
    settleStatus: Number(o.settleStatus),
    settleTime: o.settleTime === null ? null : Number(o.settleTime),
    endTime: o.endTime === null ? null : Number(o.endTime),
    amount: Number(o.amount),
    refundAmount: Number(o.refundAmount),
  };
};
const splits = (id: number) =>
  rows<{ role: number; accountId: number | null; amount: number; postStatus: number; cashOnly: boolean }>(
    sb.db,
    'select role, account_id, amount, post_status, cash_only from order_split where order_type = 1 and order_id = $1 order by id',
    [id],
  );
const bills = (id: number) =>
  rows<{ accountId: number; amount: number }>(
    sb.db,
    'select account_id, amount from account_bill where order_type = 1 and order_id = $1 order by id',
    [id],
  );
const sign = (at: number) => sb.db.transaction((tx) => setSignStatus(tx, ACCOUNT, 2, null, at));

describe('a held order still charging at the signing', () => {
  it('is claimed by the signing, split when it ends (not at signing, not twice) and posted once', async () => {
    // a scan-paid order of 10020's, started 30 minutes ago for 60 minutes, held like its others
    const template = await scalar(
      sb.db,
      `select id from charge_order where merchant_id = $1 and settle_status = 2 and pay_type in (1, 2) and status = 2
       order by id limit 1`,
      [ACCOUNT],
    );
    const socket = await one<{ id: number; deviceId: number }>(
      sb.db,
      `select c.id, c.device_id from charger c
       where c.device_id in (select device_id from charge_order where merchant_id = $1)
         and not exists (select 1 from charge_order x where x.charger_id = c.id and x.status = 1)
       order by c.id limit 1`,
      [ACCOUNT],
    );
    expect(template).toBeGreaterThan(0);
    const start = NOW - 30 * MINUTE;
    const id = await scalar(
      sb.db,
      `insert into charge_order
       select (jsonb_populate_record(null::charge_order, to_jsonb(o) || jsonb_build_object(
         'id', nextval(pg_get_serial_sequence('charge_order', 'id')), 'order_no', o.order_no || 'R',
         'charger_id', $2::bigint, 'device_id', $3::bigint, 'status', 1, 'charge_mode', 1, 'preset_minutes', 60,
         'pay_time', $4::bigint - 60000, 'start_time', $4::bigint, 'end_time', null, 'end_reason', null,
         'energy_wh', 0, 'duration_minutes', 0, 'max_power_w', 0, 'refund_amount', 0, 'settle_status', 2,
         'settle_time', null, 'deadline', $4::bigint + 15 * 86400000, 'return_time', null))).*
       from charge_order o where o.id = $1
       returning id`,
      [template, socket?.id, socket?.deviceId, start],
    );

    // the signing claims it: 已补结算 at the signing, still charging, nothing split or posted
    await sign(NOW);
    expect(await facts(id)).toMatchObject({ status: 1, settleStatus: 3, settleTime: NOW, endTime: null });
    expect(await splits(id)).toEqual([]);
    expect(await bills(id)).toEqual([]);
    // a second signing: nothing more
    await sign(NOW + 1000);
    expect((await facts(id)).settleTime).toBe(NOW);
    expect(await splits(id)).toEqual([]);

    // it ends at its 60 minutes: split once, by its end, the rows not posted yet
    await sb.advance(31 * MINUTE);
    expect(await advanceOrder(sb.db, id, sb.clock.now)).toBe(false);
    const ended = await facts(id);
    expect(ended.endTime).toBe(start + 60 * MINUTE);
    expect(ended.settleStatus).toBe(3);
    const split = await splits(id);
    const gross = ended.amount - ended.refundAmount;
    expect(gross).toBeGreaterThan(0);
    expect(split.filter((r) => Number(r.role) === 0)).toHaveLength(1);
    expect(split.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(gross);
    expect(split.every((r) => Number(r.postStatus) === 0)).toBe(true);
    expect(await bills(id)).toEqual([]);

    // the 02:00 job posts its rows once; signing again and the next night's job change nothing
    await sb.advance(12 * 60 * MINUTE);
    const posted = await splits(id);
    expect(posted.filter((r) => !r.cashOnly).every((r) => Number(r.postStatus) === 1)).toBe(true);
    const ledger = await bills(id);
    const owner = posted.find((r) => Number(r.role) === 0);
    expect(ledger.filter((b) => Number(b.accountId) === ACCOUNT).reduce((s, b) => s + Number(b.amount), 0)).toBe(
      posted.filter((r) => Number(r.accountId) === ACCOUNT && !r.cashOnly).reduce((s, r) => s + Number(r.amount), 0),
    );
    expect(owner).toBeDefined();
    expect(ledger.length).toBeGreaterThan(0);
    await sign(sb.clock.now);
    await sb.advance(24 * 60 * MINUTE);
    expect(await splits(id)).toHaveLength(split.length);
    expect(await bills(id)).toEqual(ledger);
    expect((await facts(id)).settleStatus).toBe(3);
  });
});
