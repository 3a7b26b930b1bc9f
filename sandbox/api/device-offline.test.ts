import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/http';
import { HEARTBEAT_TIMEOUT_MS, SMOKE_HEARTBEAT_TIMEOUT_MS } from '../domain/warnings';
import { one, rows, scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * B-site.md Business rule D6 (with D9's mesh) on the business clock: "A device is 离线 when no heartbeat arrives for 10
 * minutes (smoke sensors: 26 hours); all sockets of an offline box show 离线 (4). A 组网从机 is offline whenever its
 * master is offline." Heartbeats are driven by the sandbox control POST /__sandbox/device-heartbeat (stop | resume);
 * the item-driven job `deviceHeartbeat` takes silent devices off line (sandbox/domain/warnings.ts).
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const OPERATOR = DEMO_PHONES.operator;
const OPERATOR_ID = 10001;
const MIN = 60_000;
const HOUR = 60 * MIN;

const { sb } = openSandboxForFile(NOW);

interface Device {
  id: number;
  serialNumber: string;
  siteId: number;
}

const heartbeat = async (serialNumber: string, beat: 'stop' | 'resume') => {
  const res = await sb.post<{ status: number }>('/__sandbox/device-heartbeat', null, { serialNumber, heartbeat: beat });
  expect(res.body.code).toBe(0);
  return res.body.data;
};

const statusOf = (id: number) => scalar(sb.db, 'select status from device where id = $1', [id]);

/** The first online device of the operator on a site matching `where` (columns of device d). */
async function device(where: string): Promise<Device> {
  const d = await one<Device>(
    sb.db,
    `select d.id, d.serial_number, d.site_id from device d
     where d.owner_operator_id = $1 and d.site_id is not null and d.status = 1 and ${where} order by d.id limit 1`,
    [OPERATOR_ID],
  );
  if (!d) throw new Error(`the demo world has a device where ${where}`);
  return { id: Number(d.id), serialNumber: d.serialNumber, siteId: Number(d.siteId) };
}

/** The sockets of a box as the site's 插座 view shows them (getPagedBoxListWithChargerInfo). */
async function socketsShown(box: Device): Promise<number[]> {
  const page = await sb.data<Page<{ id: number; status: number; chargers: { status: number }[] }>>(
    OPERATOR,
    '/api/box/getPagedBoxListWithChargerInfo',
    { siteId: box.siteId, keyword: box.serialNumber, pageNum: 1, pageSize: 10 },
  );
  const row = page.list.find((b) => Number(b.id) === box.id);
  if (!row) throw new Error(`box ${box.serialNumber} listed`);
  return row.chargers.map((c) => c.status);
}

describe('D6: a device without heartbeat for 10 minutes is 离线, all sockets of an offline box 离线 (4)', () => {
  it('a box silent 10 minutes goes 离线 and every one of its sockets shows 4; back when it beats again', async () => {
    // a box with a socket not 空闲 (charging or 故障): every socket, not only the idle ones, shows 离线
    const box = await device(
      `d.device_type between 1 and 3 and coalesce(d.signal_mode, 1) = 1
       and exists (select 1 from charger c where c.device_id = d.id and c.status in (1, 2, 3))`,
    );
    const before = await socketsShown(box);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((s) => s !== 4)).toBe(true);
    expect(before.some((s) => s !== 0)).toBe(true);

    await heartbeat(box.serialNumber, 'stop');
    await sb.advance(HEARTBEAT_TIMEOUT_MS - 1000);
    expect(await statusOf(box.id)).toBe(1);
    await sb.advance(1000);
    expect(await statusOf(box.id)).toBe(2);
    const shown = await socketsShown(box);
    expect(shown).toHaveLength(before.length);
    expect(shown.every((s) => s === 4)).toBe(true);

    expect((await heartbeat(box.serialNumber, 'resume')).status).toBe(1);
    expect(await socketsShown(box)).toEqual(before);
  });
});

describe('D6: a smoke sensor is 离线 only after 26 hours without heartbeat', () => {
  it('silent 11 minutes it is still online; silent 26 hours it is 离线 with a 设备离线 warning', async () => {
    const sensor = await device('d.device_type = 7');
    const stoppedAt = sb.clock.now;
    await heartbeat(sensor.serialNumber, 'stop');
    await sb.advance(11 * MIN);
    expect(await statusOf(sensor.id)).toBe(1);
    await sb.advance(SMOKE_HEARTBEAT_TIMEOUT_MS - 11 * MIN - 1000);
    expect(await statusOf(sensor.id)).toBe(1);
    await sb.advance(1000);
    expect(SMOKE_HEARTBEAT_TIMEOUT_MS).toBe(26 * HOUR);
    expect(await statusOf(sensor.id)).toBe(2);
    const warnings = await rows<{ warningTime: number; content: string }>(
      sb.db,
      'select warning_time, content from warning_record where device_id = $1 and warning_type = 1 and status = 0',
      [sensor.id],
    );
    expect(warnings).toEqual([{ warningTime: stoppedAt + 26 * HOUR, content: '设备离线已超过26小时' }]);
    // the site's smoke list filtered on 离线 shows it
    const offline = await sb.data<Page<{ id: number; status: number }>>(OPERATOR, '/api/box/getPagedSmokeSensorList', {
      siteId: sensor.siteId,
      status: 2,
      pageNum: 1,
      pageSize: 50,
    });
    expect(offline.list.map((s) => Number(s.id))).toContain(sensor.id);
    await heartbeat(sensor.serialNumber, 'resume');
    expect(await statusOf(sensor.id)).toBe(1);
  });
});

describe('D6/D9: a 组网从机 is offline whenever its master is offline', () => {
  it('the slaves go 离线 with their master (sockets 4) and come back with it, except one silent itself', async () => {
    const master = await device('d.signal_mode = 2');
    const slaves = (
      await rows<{ id: number; serialNumber: string }>(
        sb.db,
        `select id, serial_number from device where master_device_id = $1 and signal_mode = 3 and status = 1
         order by id`,
        [master.id],
      )
    ).map((s) => ({ id: Number(s.id), serialNumber: s.serialNumber, siteId: master.siteId }));
    expect(slaves.length).toBeGreaterThanOrEqual(2);
    const [beating, silent] = slaves as [Device, Device];

    await heartbeat(master.serialNumber, 'stop');
    await sb.advance(HEARTBEAT_TIMEOUT_MS);
    expect(await statusOf(master.id)).toBe(2);
    for (const s of slaves) {
      expect(await statusOf(s.id)).toBe(2);
      expect((await socketsShown(s)).every((x) => x === 4)).toBe(true);
    }
    // a slave's own heartbeat back does not bring it online while its master is offline
    await heartbeat(beating.serialNumber, 'stop');
    await heartbeat(beating.serialNumber, 'resume');
    expect(await statusOf(beating.id)).toBe(2);
    // one slave is silent on its own past its timeout
    await heartbeat(silent.serialNumber, 'stop');
    await sb.advance(HEARTBEAT_TIMEOUT_MS + MIN);

    expect((await heartbeat(master.serialNumber, 'resume')).status).toBe(1);
    expect(await statusOf(beating.id)).toBe(1);
    expect((await socketsShown(beating)).some((x) => x === 4)).toBe(false);
    expect(await statusOf(silent.id)).toBe(2);
    expect(
      await scalar(
        sb.db,
        'select count(*) from warning_record where device_id = $1 and warning_type = 1 and status = 0',
        [beating.id],
      ),
    ).toBe(0);
    expect((await heartbeat(silent.serialNumber, 'resume')).status).toBe(1);
  });
});
