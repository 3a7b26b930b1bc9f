import { describe, expect, it } from 'vitest';
import { rows } from '../lib/db';
import { openSandboxForFile } from '../testing';

/**
 * C-mine.md Business rule 22, who pays SIM rent: "at 00:00 on day 1 of each month, `deviceCount` = the merchant's 4G
 * boxes bound to a site and online at least once in the previous month" (WiFi/蓝牙 boxes pay none; /mine/sim). The
 * job `simRent` (jobs/settlement.ts) reads each box's heartbeat record (domain/settlement.ts simBilled); heartbeats are
 * driven by POST /__sandbox/device-heartbeat on the business clock. Months are Asia/Shanghai calendar months.
 */

const NOW = Date.parse('2026-11-28T10:00:00+08:00');
const OPERATOR_ID = 10001;
const { sb } = openSandboxForFile(NOW);

interface Box {
  id: number;
  serialNumber: string;
  siteId: number;
}

const heartbeat = async (serialNumber: string, beat: 'stop' | 'resume') => {
  const res = await sb.post('/__sandbox/device-heartbeat', null, { serialNumber, heartbeat: beat });
  expect(res.body.code).toBe(0);
};

/** Moves the business clock to `iso` (Asia/Shanghai wall time), running the jobs due on the way. */
const moveTo = (iso: string) => sb.advance(Date.parse(`${iso}+08:00`) - sb.clock.now);

/** The operator's SIM bill items of `period`: site id → billed boxes. */
async function billedBySite(period: string): Promise<Map<number, number>> {
  const items = await rows<{ siteId: number; deviceCount: number }>(
    sb.db,
    `select i.site_id, i.device_count from cost_bill_item i join cost_bill b on b.id = i.bill_id
     where b.account_id = $1 and b.cost_type = 1 and b.version = 2 and b.period = $2`,
    [OPERATOR_ID, period],
  );
  return new Map(items.map((i) => [Number(i.siteId), Number(i.deviceCount)]));
}

/**
 * One online 4G box (a SIM card, signal mode 4G独立联网) on each of three sites of the operator where every box is
 * online (A, B, C), and one on a fourth site (W) with that site's boxes already 离线 in the demo world.
 */
async function fourBoxes(): Promise<{ boxes: [Box, Box, Box, Box]; offlineOnW: number }> {
  const list = await rows<Box & { offline: number }>(
    sb.db,
    `select distinct on (d.site_id) d.id, d.serial_number, d.site_id,
       (select count(*)::int from device o where o.site_id = d.site_id and o.device_type between 1 and 3
          and o.status = 2) as offline
     from device d
     where d.owner_operator_id = $1 and d.device_type between 1 and 3 and d.status = 1 and d.iccid is not null
       and d.signal_mode = 1
     order by d.site_id, d.id`,
    [OPERATOR_ID],
  );
  const boxes = list.map((b) => ({
    id: Number(b.id),
    serialNumber: b.serialNumber,
    siteId: Number(b.siteId),
    offline: Number(b.offline),
  }));
  const online = boxes.filter((b) => b.offline === 0);
  const w = boxes.find((b) => b.offline > 0);
  expect(online.length).toBeGreaterThanOrEqual(3);
  if (!w) throw new Error('the demo world has a site with an offline box');
  const [a, b, c] = online;
  if (!a || !b || !c) throw new Error('three sites with every box online');
  return { boxes: [a, b, c, w], offlineOnW: w.offline };
}

describe('rule 22: SIM rent only for 4G boxes online at least once in the previous Shanghai month', () => {
  it('bills a 4G box online last month (to 23:59 of its last day), not one silent all month, not one back only on the 1st, not a WiFi box', async () => {
    const {
      boxes: [a, b, c, w],
      offlineOnW,
    } = await fourBoxes();
    // A, B and C fall silent on 28 Nov (离线 10 minutes later); W is a WiFi box that beats all along, on a site
    // whose demo-world boxes 离线 stay silent.
    for (const box of [a, b, c]) await heartbeat(box.serialNumber, 'stop');
    await sb.db.query('update device set comm_type = 2 where id = $1', [w.id]);

    // 1 Dec: November's rent. A, B and C were online in November (until the 28th): billed; W is not 4G.
    await moveTo('2026-12-01T00:05:00');
    const december = await billedBySite('2026-12');
    const fourG = async (siteId: number) =>
      Number(
        (
          await rows<{ n: number }>(
            sb.db,
            `select count(*)::int as n from device d join device_model m on m.model = d.model
             where d.site_id = $1 and d.owner_operator_id = $2 and d.device_type between 1 and 3
               and d.iccid is not null and coalesce(d.comm_type, m.comm_type) = 1`,
            [siteId, OPERATOR_ID],
          )
        )[0]?.n,
      );
    for (const box of [a, b, c]) expect(december.get(box.siteId), `site ${box.siteId}`).toBe(await fourG(box.siteId));
    expect(december.get(w.siteId), 'W: a WiFi box').toBe(await fourG(w.siteId));
    expect(await fourG(w.siteId)).toBeGreaterThan(0);

    // A beats again on 31 Dec from 23:58 and falls silent at 23:59 Shanghai: online in December.
    await moveTo('2026-12-31T23:58:00');
    await heartbeat(a.serialNumber, 'resume');
    await moveTo('2026-12-31T23:59:00');
    await heartbeat(a.serialNumber, 'stop');
    // C comes back at 00:00 on 1 Jan, just before the job of that instant runs: not online in December.
    sb.clock.now = Date.parse('2027-01-01T00:00:00+08:00');
    await heartbeat(c.serialNumber, 'resume');
    await sb.advance(5 * 60_000);

    const january = await billedBySite('2027-01');
    expect(january.get(a.siteId), 'A: last heartbeat 23:59 on 31 Dec').toBe(december.get(a.siteId));
    expect(january.get(b.siteId) ?? 0, 'B: silent all December').toBe((december.get(b.siteId) ?? 0) - 1);
    expect(january.get(c.siteId) ?? 0, 'C: back only at 00:00 on 1 Jan').toBe((december.get(c.siteId) ?? 0) - 1);
    // W's site: W (WiFi) as before, and its boxes 离线 since November not billed either.
    expect(january.get(w.siteId) ?? 0, 'W: a WiFi box').toBe((december.get(w.siteId) ?? 0) - offlineOnW);
    const bill = await rows<{ deviceCount: number; amount: number }>(
      sb.db,
      `select device_count, amount from cost_bill where account_id = $1 and cost_type = 1 and period = '2027-01'`,
      [OPERATOR_ID],
    );
    expect(bill).toHaveLength(1);
    expect(Number(bill[0]?.amount)).toBe(Number(bill[0]?.deviceCount) * 150);
    expect(Number(bill[0]?.deviceCount)).toBe([...january.values()].reduce((s, n) => s + n, 0));
  });
});
