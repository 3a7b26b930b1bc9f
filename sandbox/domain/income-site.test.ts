import { describe, expect, it } from 'vitest';
import type { ChargeIncomeDay, ChargeIncomePage } from '../../src/api/site-income';
import { one, rows, scalar } from '../lib/db';
import { openSandboxForFile, walletViolations } from '../testing';
import { newRequestId } from '../testing-money';

/**
 * Income stays with its site after a device moves (issue 34): B-site.md "D. Devices" 3 (a box moves between two sites
 * of its operator only without a running order; past orders keep their original siteId) and "E. Income figures" 6
 * (income stays attributed to the site recorded on each order, even after device migration). A box of site 1 with a
 * paid order of today is moved to site 2 (POST /api/r9/box/addBox with moveFromSiteId): that order stays site 1's —
 * in site 1's day list (/api/site/incomeDayList), in its split rows and in the ledger entries the 02:00 job writes
 * after the move (D-income.md "Splits"), and a refund made after the move counts at site 1 too; an order started on
 * the box after the move is site 2's.
 */

/** Tuesday evening, 4 June 2024. */
const NOW = Date.parse('2024-06-04T21:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator']);
const OPERATOR = 10001;
const A = 1;
const B = 2;
const shanghai = (text: string) => Date.parse(`${text}+08:00`);

async function day(siteId: number, date: string): Promise<ChargeIncomeDay> {
  const answer = await sb.post<ChargeIncomePage>('/api/site/incomeDayList', tokens.operator, {
    siteId,
    month: date.slice(0, 7),
    pageNum: 1,
    pageSize: 31,
  });
  expect(answer.body.code, answer.body.message).toBe(0);
  const row = answer.body.data.list.find((r) => r.date === date);
  if (!row) throw new Error(`no ${date} in site ${siteId}'s day list`);
  return row;
}

interface Box {
  id: number;
  serialNumber: string;
  deviceType: number;
}

/** The box of site A the test moves, and its paid order of today (ended, split, not posted yet). */
let box: Box;
let orderId: number;

const orderSites = (id: number) =>
  rows<{ siteId: number }>(sb.db, 'select distinct site_id from order_split where order_type = 1 and order_id = $1', [
    id,
  ]).then((r) => r.map((x) => Number(x.siteId)));

describe('B-site.md D.3 / E.6: income stays attributed to the site recorded on each order after its box moves', () => {
  it('a paid order of site A stays in A’s day list when its box moves to site B', async () => {
    const found = await one<Box & { orderId: number }>(
      sb.db,
      `select d.id, d.serial_number, d.device_type, o.id as order_id from device d
       join charge_order o on o.device_id = d.id and o.site_id = d.site_id
       where d.site_id = $1 and d.device_type between 1 and 3 and o.pay_type in (1, 2) and o.status = 2
         and o.settle_status = 0 and o.amount > 0 and o.start_time >= $2
         and not exists (select 1 from charge_order r where r.device_id = d.id and r.status = 1)
       order by d.id, o.id limit 1`,
      [A, shanghai('2024-06-04T00:00:00')],
    );
    if (!found) throw new Error('site 1 has a box with an ended paid order of today and none running');
    box = { id: Number(found.id), serialNumber: found.serialNumber, deviceType: Number(found.deviceType) };
    orderId = Number(found.orderId);
    expect(await orderSites(orderId)).toEqual([A]);

    const aBefore = await day(A, '2024-06-04');
    const bBefore = await day(B, '2024-06-04');
    expect(aBefore.chargeIncome).toBeGreaterThan(0);

    const moved = await sb.post<{ id: number }>('/api/r9/box/addBox', tokens.operator, {
      siteId: B,
      serialNumber: box.serialNumber,
      deviceType: box.deviceType,
      moveFromSiteId: A,
    });
    expect(moved.body.code, moved.body.message).toBe(0);
    expect(await scalar(sb.db, 'select site_id from device where id = $1', [box.id])).toBe(B);

    // the order keeps its site, its split rows theirs, and the day lists of both sites are as they were
    expect(await scalar(sb.db, 'select site_id from charge_order where id = $1', [orderId])).toBe(A);
    expect(await orderSites(orderId)).toEqual([A]);
    expect(await day(A, '2024-06-04')).toEqual(aBefore);
    expect(await day(B, '2024-06-04')).toEqual(bBefore);
  });

  it('the 02:00 posting after the move credits the order to site A in the ledger', async () => {
    await sb.advance(shanghai('2024-06-05T02:10:00') - sb.clock.now);
    const entries = await rows<{ siteId: number; siteName: string; bizType: number }>(
      sb.db,
      'select site_id, site_name, biz_type from account_bill where order_type = 1 and order_id = $1 order by id',
      [orderId],
    );
    expect(entries.length).toBeGreaterThan(0);
    const siteA = (await one<{ name: string }>(sb.db, 'select name from site where id = $1', [A]))?.name;
    for (const e of entries) expect([Number(e.siteId), e.siteName]).toEqual([A, siteA]);
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('a refund of that order made after the move counts at site A (its day list and the reversing entries)', async () => {
    await sb.advance(shanghai('2024-06-05T09:00:00') - sb.clock.now);
    const aBefore = await day(A, '2024-06-05');
    const bBefore = await day(B, '2024-06-05');
    const refunded = await sb.post('/api/r9/order/orderRefund', tokens.operator, {
      orderId,
      refundAmount: 50,
      reason: '充电异常',
      requestId: newRequestId(),
    });
    expect(refunded.body.code, refunded.body.message).toBe(0);
    expect((await day(A, '2024-06-05')).refundAmount).toBe(aBefore.refundAmount + 50);
    expect(await day(B, '2024-06-05')).toEqual(bBefore);
    expect(await orderSites(orderId)).toEqual([A]);
    const reversals = await rows<{ siteId: number }>(
      sb.db,
      'select site_id from account_bill where order_type = 1 and order_id = $1 and biz_type = 11',
      [orderId],
    );
    expect(reversals.length).toBeGreaterThan(0);
    for (const r of reversals) expect(Number(r.siteId)).toBe(A);
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('an order started on the moved box is site B’s', async () => {
    const card = await one<{ cardNo: string }>(
      sb.db,
      `select c.card_no from card c join card_site cs on cs.card_id = c.id
       where cs.site_id = $1 and c.card_type = 1 and c.status = 3 and c.merchant_id = $2 and c.balance >= 500
         and (select count(*) from card_site x where x.card_id = c.id) = 1
         and not exists (select 1 from charge_order o where o.card_id = c.id and o.status = 1)
       order by c.id limit 1`,
      [B, OPERATOR],
    );
    if (!card) throw new Error('site 2 has a value card');
    const aBefore = await day(A, '2024-06-05');
    const bBefore = await day(B, '2024-06-05');
    const swiped = await sb.post<{ orderId: number }>('/__sandbox/device/swipe', null, {
      serialNumber: box.serialNumber,
      socketNo: 1,
      cardNo: card.cardNo,
    });
    expect(swiped.body.code, swiped.body.message).toBe(0);
    expect(await scalar(sb.db, 'select site_id from charge_order where id = $1', [swiped.body.data.orderId])).toBe(B);
    expect((await day(B, '2024-06-05')).orderCount).toBe(bBefore.orderCount + 1);
    expect((await day(A, '2024-06-05')).orderCount).toBe(aBefore.orderCount);
  });
});
