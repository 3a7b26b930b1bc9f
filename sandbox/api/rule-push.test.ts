import { describe, expect, it } from 'vitest';
import type { RemotePayResult } from '../../src/api/device-setup';
import type { ChargeRule } from '../../src/api/site';
import { one, rows, scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';
import { newRequestId } from '../testing-money';
import { deliverPendingRule, type RulePushParams } from './site-settings';

/**
 * Pushing a saved charge rule to the boxes (B-site.md Business rule C1): a saved, changed chargeRule is pushed at once
 * to each online charging box of the site (DeviceOperationLog type 14 下发收费规则, seen with GET
 * /__sandbox/rule-push), an offline box is marked and gets the site's current rule when it comes back on line (here
 * POST /__sandbox/device-behaviour 'ok'), running orders keep their ruleSnapshot and orders started after the save take
 * the new rule.
 */

const NOW = Date.parse('2026-11-20T20:00:00+08:00');
const MIN_MS = 60_000;
const SITE = 3;
const { sb, tokens } = openSandboxForFile(NOW, ['operator']);

interface RulePush {
  deviceId: number;
  pending: 0 | 1;
  pushes: { params: RulePushParams; operatorUserId: number | null; createTime: number }[];
}

const pushesOf = async (deviceId: number) => {
  const res = await sb.get<RulePush>('/__sandbox/rule-push', null, { deviceId });
  expect(res.body.code).toBe(0);
  return res.body.data;
};
const siteRule = async () => {
  const site = await one<{ chargeRule: ChargeRule }>(sb.db, 'select charge_rule from site where id = $1', [SITE]);
  if (!site) throw new Error(`the demo has site ${SITE}`);
  return site.chargeRule;
};
const saveRule = async (chargeRule: ChargeRule) => {
  const res = await sb.post('/api/r9/site/modifySite', tokens.operator, { id: SITE, chargeRule });
  expect(res.body).toMatchObject({ code: 0 });
};
const behaviour = async (serialNumber: string, value: 'ok' | 'offline') => {
  const res = await sb.post('/__sandbox/device-behaviour', null, { serialNumber, behaviour: value });
  expect(res.body.code).toBe(0);
};

describe('a saved charge rule goes to the boxes (C1)', () => {
  it('C1: pushed to each online box at the save, none to offline ones; an offline box gets it on reconnect', async () => {
    const operatorId = await scalar(sb.db, 'select id from account where phone = $1', [DEMO_PHONES.operator]);
    const boxes = await rows<{ id: number; serialNumber: string; status: number; running: number }>(
      sb.db,
      `select d.id, d.serial_number, d.status,
         (select count(*)::int from charge_order o where o.device_id = d.id and o.status = 1) as running
       from device d where d.site_id = $1 and d.device_type between 1 and 3 order by d.id`,
      [SITE],
    );
    // one more box goes off line before the save (an online box without a running order)
    const leaving = boxes.find((b) => Number(b.status) === 1 && Number(b.running) === 0);
    if (!leaving) throw new Error(`site ${SITE} has an idle online box`);
    await behaviour(leaving.serialNumber, 'offline');
    const offline = new Set([...boxes.filter((b) => Number(b.status) === 2).map((b) => Number(b.id)), leaving.id]);
    const online = boxes.map((b) => Number(b.id)).filter((id) => !offline.has(id));
    expect(online.length).toBeGreaterThan(1);
    for (const id of [...online, ...offline]) expect((await pushesOf(id)).pushes).toEqual([]);

    const running = await one<{ id: number; ruleSnapshot: ChargeRule }>(
      sb.db,
      'select id, rule_snapshot from charge_order where site_id = $1 and status = 1 order by id limit 1',
      [SITE],
    );
    if (!running) throw new Error(`site ${SITE} has a running order`);

    const before = await siteRule();
    const changed: ChargeRule = { ...before, freeMinutes: before.freeMinutes === 5 ? 6 : 5 };
    sb.clock.now = NOW + MIN_MS;
    const savedAt = sb.clock.now;
    await saveRule(changed);
    const saved = await siteRule();
    expect(saved).toMatchObject({ freeMinutes: changed.freeMinutes });
    const groupId = await scalar(sb.db, 'select charge_rule_group_id from site where id = $1', [SITE]);

    for (const id of online) {
      const box = await pushesOf(id);
      expect(box.pending).toBe(0);
      expect(box.pushes).toHaveLength(1);
      expect(box.pushes[0]).toMatchObject({
        params: { siteId: SITE, chargeRuleGroupId: groupId, chargeRule: saved },
        operatorUserId: operatorId,
        createTime: savedAt,
      });
    }
    for (const id of offline) expect(await pushesOf(id)).toMatchObject({ pending: 1, pushes: [] });

    // C1: the running order keeps its ruleSnapshot
    expect(
      await scalar(sb.db, 'select rule_snapshot->>$2 from charge_order where id = $1', [running.id, 'freeMinutes']),
    ).toBe(running.ruleSnapshot.freeMinutes);
    const snapshot = await one<{ ruleSnapshot: ChargeRule }>(
      sb.db,
      'select rule_snapshot from charge_order where id = $1',
      [running.id],
    );
    expect(snapshot?.ruleSnapshot).toEqual(running.ruleSnapshot);

    // saving the same rule again pushes nothing more
    await saveRule(saved);
    for (const id of online) expect((await pushesOf(id)).pushes).toHaveLength(1);

    // a second change while the box is off line: on reconnect it gets the site's current rule, once
    const latest: ChargeRule = { ...saved, maxMinutes: saved.maxMinutes === 600 ? 660 : 600 };
    sb.clock.now = NOW + 2 * MIN_MS;
    await saveRule(latest);
    for (const id of online) expect((await pushesOf(id)).pushes).toHaveLength(2);
    expect(await pushesOf(leaving.id)).toMatchObject({ pending: 1, pushes: [] });
    sb.clock.now = NOW + 5 * MIN_MS;
    await behaviour(leaving.serialNumber, 'ok');
    const back = await pushesOf(leaving.id);
    expect(back.pending).toBe(0);
    expect(back.pushes).toEqual([
      {
        params: { siteId: SITE, chargeRuleGroupId: expect.any(Number), chargeRule: await siteRule() },
        operatorUserId: null,
        createTime: NOW + 5 * MIN_MS,
      },
    ]);
    expect(back.pushes[0]?.params.chargeRule).toMatchObject({ maxMinutes: latest.maxMinutes });
    await behaviour(leaving.serialNumber, 'ok');
    expect((await pushesOf(leaving.id)).pushes).toHaveLength(1);
  });

  it('C1: a 组网主机 reporting again brings the pending rule to its 从机 that came back with it (D6)', async () => {
    const pair = await rows<{ id: number }>(
      sb.db,
      `select d.id from device d where d.site_id = $1 and d.device_type between 1 and 3 and d.status = 1
         and not exists (select 1 from charge_order o where o.device_id = d.id and o.status = 1)
         and not exists (select 1 from device s where s.master_device_id = d.id)
       order by d.id desc limit 2`,
      [SITE],
    );
    const [master, slave] = pair.map((b) => Number(b.id));
    if (master === undefined || slave === undefined) throw new Error(`site ${SITE} has two idle online boxes`);
    await sb.db.query('update device set signal_mode = 2 where id = $1', [master]);
    await sb.db.query('update device set signal_mode = 3, master_device_id = $2 where id = $1', [slave, master]);
    // the master goes off line, its slave with it (as domain/warnings.ts does)
    await sb.db.query('update device set status = 2 where id = any($1::bigint[])', [[master, slave]]);
    const rule = await siteRule();
    sb.clock.now = NOW + 10 * MIN_MS;
    await saveRule({ ...rule, freeMinutes: rule.freeMinutes === 7 ? 8 : 7 });
    for (const id of [master, slave]) expect((await pushesOf(id)).pending).toBe(1);
    // both back on line with the master's heartbeat; the rule goes to both, once
    await sb.db.query('update device set status = 1 where id = any($1::bigint[])', [[master, slave]]);
    sb.clock.now = NOW + 12 * MIN_MS;
    expect(await deliverPendingRule(sb.db, master, sb.clock.now)).toEqual([master, slave].sort((a, b) => a - b));
    expect(await deliverPendingRule(sb.db, master, sb.clock.now)).toEqual([]);
    for (const id of [master, slave]) {
      const box = await pushesOf(id);
      expect(box.pending).toBe(0);
      expect(box.pushes.at(-1)).toMatchObject({ operatorUserId: null, createTime: NOW + 12 * MIN_MS });
      expect(box.pushes.at(-1)?.params.chargeRule).toEqual(await siteRule());
    }
  });

  it('C1: a box whose heartbeat stopped (离线 after 10 minutes, D6) gets the rule when its heartbeat resumes', async () => {
    const box = await one<{ id: number; serialNumber: string }>(
      sb.db,
      `select d.id, d.serial_number from device d where d.site_id = $1 and d.device_type between 1 and 3
         and d.status = 1 and d.master_device_id is null
         and not exists (select 1 from device s where s.master_device_id = d.id)
         and not exists (select 1 from charge_order o where o.device_id = d.id and o.status = 1)
       order by d.id limit 1`,
      [SITE],
    );
    if (!box) throw new Error(`site ${SITE} has an idle online box`);
    const beat = async (heartbeat: 'stop' | 'resume') => {
      const res = await sb.post('/__sandbox/device-heartbeat', null, { serialNumber: box.serialNumber, heartbeat });
      expect(res.body.code).toBe(0);
    };
    const pushed = (await pushesOf(box.id)).pushes.length;
    await beat('stop');
    await sb.advance(11 * MIN_MS);
    expect(await scalar(sb.db, 'select status from device where id = $1', [box.id])).toBe(2);
    const rule = await siteRule();
    await saveRule({ ...rule, freeMinutes: rule.freeMinutes === 9 ? 10 : 9 });
    expect(await pushesOf(box.id)).toMatchObject({ pending: 1 });
    expect((await pushesOf(box.id)).pushes).toHaveLength(pushed);
    await beat('resume');
    const back = await pushesOf(box.id);
    expect(back.pending).toBe(0);
    expect(back.pushes).toHaveLength(pushed + 1);
    expect(back.pushes.at(-1)).toMatchObject({ operatorUserId: null, createTime: sb.clock.now });
    expect(back.pushes.at(-1)?.params.chargeRule).toEqual(await siteRule());
  });

  it('C1: an order started after the save takes the new rule', async () => {
    const socket = await one<{ serialNumber: string; socketNo: number; chargerId: number }>(
      sb.db,
      `select d.serial_number, c.socket_no, c.id as charger_id from charger c join device d on d.id = c.device_id
       where d.site_id = $1 and d.status = 1 and c.status = 0 and c.current_order_id is null order by c.id limit 1`,
      [SITE],
    );
    if (!socket) throw new Error(`site ${SITE} has an idle socket`);
    const rule = await siteRule();
    const changed: ChargeRule = { ...rule, freeMinutes: rule.freeMinutes === 3 ? 4 : 3 };
    await saveRule(changed);
    const start = await sb.post<RemotePayResult>('/api/r9/charge/remotePay', tokens.operator, {
      serialNumber: socket.serialNumber,
      socketNo: Number(socket.socketNo),
      chargeMinutes: 30,
      reasonType: 2,
      requestId: newRequestId(),
    });
    expect(start.body.code).toBe(0);
    const order = await one<{ ruleSnapshot: ChargeRule }>(
      sb.db,
      'select rule_snapshot from charge_order where order_no = $1',
      [start.body.data.orderNo],
    );
    expect(order?.ruleSnapshot).toEqual(await siteRule());
    expect(order?.ruleSnapshot.freeMinutes).toBe(changed.freeMinutes);
  });
});
