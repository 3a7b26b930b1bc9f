import { describe, expect, it } from 'vitest';
import type { GuardRow } from '../../src/api/device';
import type { Page } from '../../src/api/http';
import type { OrderDetail } from '../../src/api/orders';
import type { ChargeRule } from '../../src/api/site';
import { one, rows, scalar } from '../lib/db';
import { openSandboxForFile, walletViolations } from '../testing';
import { newRequestId } from '../testing-money';
import { NO_ACCESS } from '../domain/door-access';
import type { DoorOpenResult, SwipeResult } from './card-swipe';

/**
 * A rider's card at a box (C-mine.md Business rule 7, with rule 6's site binding) through the sandbox's swipe control,
 * each clause: only 正常 cards start; a value card needs balance + giveBalance ≥ the minimum price of the site's rule
 * and pays after the charge, balance first, then giveBalance (a split across both), never below 0 (its charge stops
 * 余额不足 when the money is used up); an area card's principal releases its freeze; a month card starts at most
 * dailyTimesLimit times per Asia/Shanghai day (again from 00:00), stops at maxMinutesPerCharge, is refused above
 * maxPowerW and stopped when its power goes above it; a resent swipe message starts once. And a rider at a site's door
 * guard or gate (B-site.md Business rule D13): a running order at the site, a valid card bound to it or a non-expired
 * whitelist entry of its community opens it, as the operator's door list then shows (今日开门 +1, 已打开); everyone else
 * is refused and the count does not move.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const MIN_MS = 60_000;
const { sb, tokens } = openSandboxForFile(NOW, ['operator']);

interface Socket {
  serialNumber: string;
  socketNo: number;
  chargerId: number;
}

interface Card {
  id: number;
  cardNo: string;
}

/** The idle sockets of the online boxes of `siteId` already handed out (charger ids). */
const used: number[] = [];

/** A fresh idle socket of an online box of `siteId`. */
async function idleSocket(siteId: number): Promise<Socket> {
  const row = await one<Socket>(
    sb.db,
    `select d.serial_number, c.socket_no, c.id as charger_id
     from charger c join device d on d.id = c.device_id
     where d.site_id = $1 and d.status = 1 and d.device_type between 1 and 3 and c.status = 0
       and c.current_order_id is null and not (c.id = any($2::bigint[]))
     order by d.id, c.socket_no limit 1`,
    [siteId, used],
  );
  if (!row) throw new Error(`site ${siteId} has an idle socket`);
  used.push(Number(row.chargerId));
  return { serialNumber: row.serialNumber, socketNo: Number(row.socketNo), chargerId: Number(row.chargerId) };
}

/** The operator's first site with a 正常 card of each type in `types` bound to it, and an online box. */
async function siteWith(types: number[]): Promise<number> {
  const siteId = await scalar(
    sb.db,
    `select s.id from site s where s.operator_id = 10001 and s.deleted = 0
       and exists (select 1 from device d where d.site_id = s.id and d.status = 1 and d.device_type between 1 and 3)
       and (select count(distinct k.card_type) from card_site cs join card k on k.id = cs.card_id
            where cs.site_id = s.id and k.status = 3 and k.card_type = any($1::int[])) = $2
     order by s.id limit 1`,
    [types, types.length],
  );
  if (!siteId) throw new Error(`a site with cards of types ${types.join(', ')}`);
  return siteId;
}

/** A 正常 card of `cardType` bound to `siteId`, not charging, not in `skip`; its daily starts reset to none. */
async function cardAt(siteId: number, cardType: number, skip: number[] = []): Promise<Card> {
  const row = await one<Card>(
    sb.db,
    `select k.id, k.card_no from card k join card_site cs on cs.card_id = k.id
     where cs.site_id = $1 and k.card_type = $2 and k.status = 3 and not (k.id = any($3::bigint[]))
       and not exists (select 1 from charge_order o where o.card_id = k.id and o.status = 1)
     order by k.id limit 1`,
    [siteId, cardType, skip],
  );
  if (!row) throw new Error(`a card of type ${cardType} at site ${siteId}`);
  return { id: Number(row.id), cardNo: row.cardNo };
}

/** Arranges a card's fields (test setup). */
async function setCard(card: Card, fields: Record<string, number | string | null>) {
  const keys = Object.keys(fields);
  await sb.db.query(`update card set ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} where id = $1`, [
    card.id,
    ...keys.map((k) => fields[k]),
  ]);
}

const money = async (card: Card) => {
  const row = await one<{ balance: number; giveBalance: number }>(
    sb.db,
    'select balance, give_balance from card where id = $1',
    [card.id],
  );
  return { balance: Number(row?.balance), giveBalance: Number(row?.giveBalance) };
};

const swipe = (s: Socket, card: Card, extra: { powerW?: number; requestId?: string } = {}) =>
  sb.post<SwipeResult>('/__sandbox/device/swipe', null, {
    serialNumber: s.serialNumber,
    socketNo: s.socketNo,
    cardNo: card.cardNo,
    ...extra,
  });

const started = async (s: Socket, card: Card, extra: { powerW?: number; requestId?: string } = {}) => {
  const { body } = await swipe(s, card, extra);
  expect(body.code, body.message).toBe(0);
  return body.data;
};

const refusal = async (s: Socket, card: Card, extra: { powerW?: number } = {}) => {
  const { body } = await swipe(s, card, extra);
  expect(body.code).toBe(1);
  return body.message;
};

const order = async (orderId: number) => {
  const { body } = await sb.get<OrderDetail>('/api/order/orderDetail', tokens.operator, { orderId });
  expect(body.code, body.message).toBe(0);
  return body.data;
};

const remoteStop = (s: Socket, orderNo: string) =>
  sb.post('/api/r9/charge/remoteStop', tokens.operator, { chargerId: s.chargerId, orderNo });

const ruleOf = async (siteId: number) =>
  (await one<{ chargeRule: ChargeRule }>(sb.db, 'select charge_rule from site where id = $1', [siteId]))
    ?.chargeRule as ChargeRule;

/** The tier price (fen per hour) of a mode-1 rule at a power, computed here independently of the sandbox's. */
const priceAt = (rule: ChargeRule, powerW: number) =>
  (rule.tiers.find((t) => powerW <= t.maxPower) ?? rule.tiers[rule.tiers.length - 1])?.price ?? 0;

describe('POST /__sandbox/device/swipe (C-mine.md rule 7)', () => {
  it('starts only a 正常 card bound to the box’s site, on an idle socket of an online box', async () => {
    const siteId = await siteWith([1]);
    const s = await idleSocket(siteId);
    const card = await cardAt(siteId, 1);
    await setCard(card, { balance: 10_000, give_balance: 0 });
    expect(await refusal(s, { id: 0, cardNo: 'NOSUCHCARD0001' })).toBe('卡片不存在');
    await setCard(card, { status: 1 });
    expect(await refusal(s, card)).toBe('卡片未激活');
    await setCard(card, { status: 2 });
    expect(await refusal(s, card)).toBe('卡片已冻结');
    await setCard(card, { status: 3 });
    // Rule 6: a card of another site of the same operator does not work here.
    const elsewhere = await one<{ id: number; cardNo: string }>(
      sb.db,
      `select k.id, k.card_no from card k where k.card_type = 1 and k.status = 3 and k.merchant_id = 10001
         and not exists (select 1 from card_site cs where cs.card_id = k.id and cs.site_id = $1) order by k.id limit 1`,
      [siteId],
    );
    expect(elsewhere).not.toBeNull();
    if (elsewhere) {
      await setCard({ id: Number(elsewhere.id), cardNo: elsewhere.cardNo }, { balance: 10_000 });
      expect(await refusal(s, { id: Number(elsewhere.id), cardNo: elsewhere.cardNo })).toBe('该卡不能在此站点使用');
    }
    await sb.post('/__sandbox/device-behaviour', null, { serialNumber: s.serialNumber, behaviour: 'offline' });
    expect(await refusal(s, card)).toBe('设备离线');
    await sb.post('/__sandbox/device-behaviour', null, { serialNumber: s.serialNumber, behaviour: 'ok' });
    expect(await scalar(sb.db, 'select count(*) from charge_order where card_id = $1 and status = 1', [card.id])).toBe(
      0,
    );

    const first = await started(s, card);
    expect(first.payType).toBe(3);
    const detail = await order(first.orderId);
    expect(detail).toMatchObject({ status: 1, payType: 3, cardNo: card.cardNo, amount: 0 });
    expect(await refusal(s, card)).toBe('插座使用中');
    expect(await refusal(await idleSocket(siteId), card)).toBe('该卡正在充电中');
    expect((await remoteStop(s, first.orderNo)).body.code).toBe(0);
  });

  it('a value card needs balance + giveBalance ≥ the minimum price of the site’s rule', async () => {
    const siteId = await siteWith([1]);
    const rule = await ruleOf(siteId);
    const minimum =
      rule.billingMode === 2 ? rule.energyPrice + rule.servicePrice : Math.min(...rule.tiers.map((t) => t.price));
    const card = await cardAt(siteId, 1);
    const s = await idleSocket(siteId);
    await setCard(card, { balance: 1, give_balance: minimum - 2 });
    expect(await refusal(s, card)).toBe(`余额不足，最低需¥${(minimum / 100).toFixed(2)}`);
    await setCard(card, { balance: 1, give_balance: minimum - 1 });
    const ok = await started(s, card);
    expect(ok).toMatchObject({ payType: 3, balance: 1, giveBalance: minimum - 1 });
    expect((await remoteStop(s, ok.orderNo)).body.code).toBe(0);
  });

  it('a value card pays after the charge: balance first, then giveBalance (split across both)', async () => {
    const siteId = await siteWith([1]);
    const rule = await ruleOf(siteId);
    const card = await cardAt(siteId, 1);
    const s = await idleSocket(siteId);
    await setCard(card, { balance: 20, give_balance: 50_000 });
    const start = await started(s, card, { powerW: 300 });
    await sb.advance(120 * MIN_MS);
    expect((await remoteStop(s, start.orderNo)).body.code).toBe(0);
    const done = await order(start.orderId);
    const first = await scalar(sb.db, 'select power from power_sample where order_id = $1 order by time limit 1', [
      start.orderId,
    ]);
    const cost =
      rule.billingMode === 2
        ? Math.ceil((done.energyWh / 1000) * (rule.energyPrice + rule.servicePrice))
        : Math.ceil((done.durationMinutes * priceAt(rule, first)) / 60);
    expect(done).toMatchObject({ status: 2, endReason: 4, durationMinutes: 120, refundAmount: 0 });
    expect(done.amount).toBe(cost);
    expect(done.consumeAmount).toBe(cost);
    expect(cost).toBeGreaterThan(20);
    expect(await money(card)).toEqual({ balance: 0, giveBalance: 50_000 - (cost - 20) });
  });

  it('a value card never goes below 0: its charge stops 余额不足 when the money is used up', async () => {
    const siteId = await siteWith([1]);
    const card = await cardAt(siteId, 1);
    const s = await idleSocket(siteId);
    await setCard(card, { balance: 30, give_balance: 25 });
    const start = await started(s, card, { powerW: 300 });
    await sb.advance(24 * 60 * MIN_MS);
    const done = await order(start.orderId);
    expect(done.status).toBe(2);
    expect(done.endReason).toBe(7);
    expect(done.amount).toBeLessThanOrEqual(55);
    const after = await money(card);
    expect(after.balance).toBe(0);
    expect(after.giveBalance).toBeGreaterThanOrEqual(0);
    expect(after.giveBalance).toBe(25 - (done.amount - 30));
    // The socket is free again.
    expect(
      await scalar(sb.db, 'select count(*) from charger where id = $1 and current_order_id is null', [s.chargerId]),
    ).toBe(1);
  });

  it('an area card’s principal releases its frozen recharge to the operator as it is consumed', async () => {
    const row = await one<{ id: number; cardNo: string; siteId: number; remaining: number }>(
      sb.db,
      `select * from (
         select k.id, k.card_no,
           (select sum(f.remaining_amount) from area_card_freeze f where f.card_id = k.id) as remaining,
           (select min(cs.site_id) from card_site cs join site s on s.id = cs.site_id
            where cs.card_id = k.id and s.charge_rule_group_id = k.charge_rule_group_id
              and exists (select 1 from device d where d.site_id = s.id and d.status = 1 and d.device_type between 1 and 3)
           ) as site_id
         from card k
         where k.card_type = 3 and k.status = 3
           and exists (select 1 from area_card_freeze f where f.card_id = k.id and f.remaining_amount > 0)
           and not exists (select 1 from charge_order o where o.card_id = k.id and o.status = 1)
       ) x where site_id is not null order by id limit 1`,
    );
    expect(row).not.toBeNull();
    if (!row) return;
    const card = { id: Number(row.id), cardNo: row.cardNo };
    const remaining = Number(row.remaining);
    // Principal beyond the frozen part is cash the operator collected (back-office recharges): never frozen.
    await setCard(card, { balance: Math.max(remaining, 10_000), give_balance: 0 });
    const s = await idleSocket(Number(row.siteId));
    const start = await started(s, card, { powerW: 300 });
    await sb.advance(90 * MIN_MS);
    expect((await remoteStop(s, start.orderNo)).body.code).toBe(0);
    const done = await order(start.orderId);
    expect(done.amount).toBeGreaterThan(0);
    const released = await scalar(
      sb.db,
      'select coalesce(sum(amount), 0) from area_card_release where charge_order_id = $1',
      [start.orderId],
    );
    expect(released).toBe(Math.min(done.amount, remaining));
    const split = await scalar(
      sb.db,
      `select coalesce(sum(os.amount), 0) from order_split os join area_card_release r on r.id = os.order_id
       where os.order_type = 5 and r.charge_order_id = $1`,
      [start.orderId],
    );
    expect(split).toBe(released);
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('a month card is refused above maxPowerW and stopped when its power goes above it', async () => {
    const siteId = await siteWith([2]);
    const card = await cardAt(siteId, 2);
    await setCard(card, {
      max_power_w: 800,
      daily_times_limit: 10,
      max_minutes_per_charge: 480,
      end_date: '2099-12-31',
    });
    const s = await idleSocket(siteId);
    expect(await refusal(s, card, { powerW: 801 })).toBe('充电功率801W超过月卡上限800W');
    const start = await started(s, card, { powerW: 500 });
    expect(start.payType).toBe(4);
    await sb.advance(10 * MIN_MS);
    expect((await order(start.orderId)).status).toBe(1);
    const load = await sb.post('/__sandbox/device/load', null, {
      serialNumber: s.serialNumber,
      socketNo: s.socketNo,
      powerW: 900,
    });
    expect(load.body.code, load.body.message).toBe(0);
    await sb.advance(10 * MIN_MS);
    const done = await order(start.orderId);
    expect(done).toMatchObject({ status: 2, endReason: 6, amount: 0 });
    expect(done.maxPowerW).toBeGreaterThan(800);
  });

  it('a month card stops at maxMinutesPerCharge, free', async () => {
    const siteId = await siteWith([2]);
    const card = await cardAt(siteId, 2);
    await setCard(card, {
      max_power_w: 800,
      daily_times_limit: 10,
      max_minutes_per_charge: 60,
      end_date: '2099-12-31',
    });
    const before = await money(card);
    const s = await idleSocket(siteId);
    const start = await started(s, card, { powerW: 300 });
    expect(start.presetMinutes).toBe(60);
    await sb.advance(59 * MIN_MS);
    expect((await order(start.orderId)).status).toBe(1);
    await sb.advance(2 * MIN_MS);
    const done = await order(start.orderId);
    expect(done).toMatchObject({ status: 2, endReason: 2, durationMinutes: 60, amount: 0 });
    expect(await money(card)).toEqual(before);
  });

  it('a resent swipe message (same requestId) starts one charge', async () => {
    const siteId = await siteWith([1]);
    const card = await cardAt(siteId, 1);
    await setCard(card, { balance: 10_000, give_balance: 0 });
    const s = await idleSocket(siteId);
    const requestId = newRequestId();
    const [a, b] = await Promise.all([started(s, card, { requestId }), started(s, card, { requestId })]);
    expect(b.orderNo).toBe(a.orderNo);
    expect(await started(s, card, { requestId })).toEqual(a);
    expect(await scalar(sb.db, 'select count(*) from charge_order where card_id = $1 and status = 1', [card.id])).toBe(
      1,
    );
    expect((await remoteStop(s, a.orderNo)).body.code).toBe(0);
  });

  it('a month card starts at most dailyTimesLimit times a day, again from 00:00 Asia/Shanghai', async () => {
    const siteId = await siteWith([2]);
    const card = await cardAt(siteId, 2);
    const today = Date.parse(`${new Date(sb.clock.now + 8 * 3_600_000).toISOString().slice(0, 10)}T00:00:00+08:00`);
    const usedToday = await scalar(
      sb.db,
      'select count(*) from charge_order where card_id = $1 and status <> 5 and start_time >= $2',
      [card.id, today],
    );
    await setCard(card, {
      max_power_w: 800,
      daily_times_limit: usedToday + 1,
      max_minutes_per_charge: 60,
      end_date: '2099-12-31',
    });
    const s = await idleSocket(siteId);
    const start = await started(s, card);
    expect(start.usedTimesToday).toBe(usedToday + 1);
    expect((await remoteStop(s, start.orderNo)).body.code).toBe(0);
    expect(await refusal(s, card)).toBe(`今日充电次数已达上限（${usedToday + 1}次）`);
    // One minute before midnight still today; at 00:00 the count starts again.
    const midnight = today + 24 * 60 * MIN_MS;
    await sb.advance(midnight - MIN_MS - sb.clock.now);
    expect(await refusal(s, card)).toBe(`今日充电次数已达上限（${usedToday + 1}次）`);
    await sb.advance(MIN_MS);
    const next = await started(s, card);
    expect(next.usedTimesToday).toBe(1);
    const since = await rows<{ startTime: number }>(
      sb.db,
      'select start_time from charge_order where card_id = $1 and start_time >= $2',
      [card.id, today],
    );
    expect(since).toHaveLength(usedToday + 2);
  });
});

describe('POST /__sandbox/device/door (B-site.md rule D13)', () => {
  interface Door {
    id: number;
    serialNumber: string;
    siteId: number;
  }

  /** The online door guards (deviceType 4) and gates (5) of the demo world, by id. */
  const doors = async (type: 4 | 5): Promise<Door[]> =>
    (
      await rows<Door>(
        sb.db,
        'select id, serial_number, site_id from device where device_type = $1 and status = 1 and site_id is not null order by id',
        [type],
      )
    ).map((d) => ({ id: Number(d.id), serialNumber: d.serialNumber, siteId: Number(d.siteId) }));

  /** The row of `door` in the operator's door list (the door screen's call). */
  const guardRow = async (door: Door): Promise<GuardRow> => {
    const { body } = await sb.post<Page<GuardRow>>('/api/box/getPagedEntranceGuardList', tokens.operator, {
      siteId: door.siteId,
      pageNum: 1,
      pageSize: 20,
    });
    expect(body.code, body.message).toBe(0);
    const row = body.data.list.find((r) => Number(r.id) === door.id);
    if (!row) throw new Error(`door ${door.id} in the list of site ${door.siteId}`);
    return row;
  };

  const open = (body: { serialNumber: string; phone?: string; cardNo?: string }) =>
    sb.post<DoorOpenResult>('/__sandbox/device/door', null, body);

  const refused = async (body: { serialNumber: string; phone?: string; cardNo?: string }) => {
    const res = await open(body);
    expect(res.body.code).toBe(1);
    return res.body.message;
  };

  /** The id of the last device operation log row so far (test bookkeeping). */
  const lastLog = () => scalar(sb.db, 'select coalesce(max(id), 0) from device_operation_log');

  /** The door's log rows written after the row `since` (lastLog), oldest first. */
  const logsSince = (door: Door, since: number) =>
    rows<{ type: number; operatorUserId: number | null; params: Record<string, unknown>; result: number }>(
      sb.db,
      `select type, operator_user_id, params, result from device_operation_log
       where device_id = $1 and id > $2 order by id`,
      [door.id, since],
    );

  /** A phone that no card, order or whitelist entry knows. */
  const strangerPhone = async () => {
    for (let n = 13900000000; ; n++) {
      const phone = String(n);
      const known = await scalar(
        sb.db,
        `select (select count(*) from card where phone = $1) + (select count(*) from charge_order where user_phone = $1)
           + (select count(*) from community_white where phone = $1) + (select count(*) from rider_user where phone = $1)`,
        [phone],
      );
      if (known === 0) return phone;
    }
  };

  it('a rider with a card bound to the site opens its door guard: 今日开门 +1, 已打开, relocked 5 s later', async () => {
    const guards = await doors(4);
    let door: Door | undefined;
    let card: Card | undefined;
    for (const d of guards) {
      const row = await one<Card>(
        sb.db,
        `select k.id, k.card_no from card k join card_site cs on cs.card_id = k.id
         where cs.site_id = $1 and k.card_type = 1 and k.status = 3 order by k.id limit 1`,
        [d.siteId],
      );
      if (row) {
        door = d;
        card = { id: Number(row.id), cardNo: row.cardNo };
        break;
      }
    }
    if (!door || !card) throw new Error('a door guard of a site with a 正常 value card');
    // A card of the site opens whatever it holds (a 正常 card is valid; rule 7's minimum is for charging).
    await setCard(card, { balance: 0, give_balance: 0 });
    const before = await guardRow(door);
    const at = sb.clock.now;
    const since = await lastLog();
    const res = await open({ serialNumber: door.serialNumber, cardNo: card.cardNo });
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data).toEqual({ opened: true, via: 'card', openTime: at });
    expect(await guardRow(door)).toMatchObject({
      doorStatus: 1,
      todayOpenCount: Number(before.todayOpenCount) + 1,
      lastOpenTime: at,
    });
    // One log row of the open, a rider's (no operator account), counted like a forced open.
    expect(await logsSince(door, since)).toEqual([
      {
        type: 1,
        operatorUserId: null,
        params: { serialNumber: door.serialNumber, source: 'rider', via: 'card', cardNo: card.cardNo },
        result: 1,
      },
    ]);
    // The lock falls back 5 s later, as after the operator's forced open (D8).
    await sb.advance(4_999);
    expect((await guardRow(door)).doorStatus).toBe(1);
    await sb.advance(1);
    expect(await guardRow(door)).toMatchObject({ doorStatus: 0, todayOpenCount: Number(before.todayOpenCount) + 1 });

    // A card of another site and a frozen card are refused, the count unchanged.
    const elsewhere = await one<Card>(
      sb.db,
      `select k.id, k.card_no from card k where k.status = 3 and k.card_type = 1
         and not exists (select 1 from card_site cs where cs.card_id = k.id and cs.site_id = $1) order by k.id limit 1`,
      [door.siteId],
    );
    if (!elsewhere) throw new Error('a card of another site');
    expect(await refused({ serialNumber: door.serialNumber, cardNo: elsewhere.cardNo })).toBe('该卡不能在此站点使用');
    await setCard(card, { status: 2 });
    expect(await refused({ serialNumber: door.serialNumber, cardNo: card.cardNo })).toBe('卡片已冻结');
    await setCard(card, { status: 3 });
    expect((await guardRow(door)).todayOpenCount).toBe(Number(before.todayOpenCount) + 1);
  });

  it('refuses a stranger: code 1 with the reason, the count unchanged, the attempt logged 失败', async () => {
    const [door] = await doors(4);
    if (!door) throw new Error('a door guard');
    const phone = await strangerPhone();
    const before = await guardRow(door);
    const since = await lastLog();
    expect(await refused({ serialNumber: door.serialNumber, phone })).toBe(NO_ACCESS);
    expect(await refused({ serialNumber: door.serialNumber, cardNo: 'NOSUCHCARD0001' })).toBe('卡片不存在');
    const after = await guardRow(door);
    expect(after.todayOpenCount).toBe(before.todayOpenCount);
    expect(after.doorStatus).toBe(before.doorStatus);
    expect(after.lastOpenTime).toBe(before.lastOpenTime);
    expect(await logsSince(door, since)).toEqual([
      { type: 1, operatorUserId: null, params: { serialNumber: door.serialNumber, source: 'rider', phone }, result: 2 },
      {
        type: 1,
        operatorUserId: null,
        params: { serialNumber: door.serialNumber, source: 'rider', cardNo: 'NOSUCHCARD0001' },
        result: 2,
      },
    ]);
    // Neither a phone nor a card: refused before anything.
    expect(await refused({ serialNumber: door.serialNumber })).toBe('请输入手机号或卡号');
  });

  it('a whitelisted phone of the site’s community opens its door; an expired entry does not', async () => {
    const target = await one<{ doorId: number; phone: string; whiteId: number }>(
      sb.db,
      `select d.id as door_id, w.phone, w.id as white_id from device d join site s on s.id = d.site_id
         join community_white w on w.community_id = s.community_id
       where d.device_type in (4, 5) and d.status = 1 and (w.expire_date is null or w.expire_date >= $1)
         and not exists (select 1 from card k where k.phone = w.phone)
         and not exists (select 1 from charge_order o where o.user_phone = w.phone and o.status = 1)
       order by d.id, w.id limit 1`,
      [new Date(sb.clock.now + 8 * 3_600_000).toISOString().slice(0, 10)],
    );
    if (!target) throw new Error('a door of a site whose community has a whitelist');
    const door = [...(await doors(4)), ...(await doors(5))].find((d) => d.id === Number(target.doorId));
    if (!door) throw new Error('the door');
    const before = await guardRow(door);
    const res = await open({ serialNumber: door.serialNumber, phone: target.phone });
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data).toMatchObject({ opened: true, via: 'whitelist' });
    expect(await guardRow(door)).toMatchObject({ doorStatus: 1, todayOpenCount: Number(before.todayOpenCount) + 1 });
    // Its entry expired yesterday: refused.
    await sb.db.query("update community_white set expire_date = '2000-01-01' where id = $1", [target.whiteId]);
    expect(await refused({ serialNumber: door.serialNumber, phone: target.phone })).toBe('白名单已过期');
    expect((await guardRow(door)).todayOpenCount).toBe(Number(before.todayOpenCount) + 1);
  });

  it('a rider charging at the site opens with the order; once the order has ended, no longer', async () => {
    const site = await one<{ doorId: number; siteId: number }>(
      sb.db,
      `select d.id as door_id, d.site_id from device d where d.device_type = 4 and d.status = 1
         and exists (select 1 from device b where b.site_id = d.site_id and b.status = 1 and b.device_type between 1 and 3)
         and exists (select 1 from card_site cs join card k on k.id = cs.card_id
                     where cs.site_id = d.site_id and k.card_type = 1 and k.status = 3)
       order by d.id limit 1`,
    );
    if (!site) throw new Error('a site with a door guard, a box and a value card');
    const door = (await doors(4)).find((d) => d.id === Number(site.doorId));
    if (!door) throw new Error('the door');
    const card = await cardAt(Number(site.siteId), 1);
    const phone = await strangerPhone();
    await setCard(card, { balance: 50_000, give_balance: 0, phone });
    const s = await idleSocket(Number(site.siteId));
    const start = await started(s, card);
    // The card frozen while it charges: the running order still opens, for its phone and for the card.
    await setCard(card, { status: 2 });
    const byPhone = await open({ serialNumber: door.serialNumber, phone });
    expect(byPhone.body.code, byPhone.body.message).toBe(0);
    expect(byPhone.body.data.via).toBe('order');
    expect((await open({ serialNumber: door.serialNumber, cardNo: card.cardNo })).body.data.via).toBe('order');
    await setCard(card, { status: 3 });
    expect((await remoteStop(s, start.orderNo)).body.code).toBe(0);
    await setCard(card, { status: 2 });
    expect(await refused({ serialNumber: door.serialNumber, phone })).toBe(NO_ACCESS);
    expect(await refused({ serialNumber: door.serialNumber, cardNo: card.cardNo })).toBe('卡片已冻结');
    await setCard(card, { status: 3 });
  });

  it('an offline door opens for nobody, and nothing is logged (D8)', async () => {
    const [door] = await doors(4);
    if (!door) throw new Error('a door guard');
    const card = await one<Card>(
      sb.db,
      `select k.id, k.card_no from card k join card_site cs on cs.card_id = k.id
       where cs.site_id = $1 and k.status = 3 and k.card_type = 1 order by k.id limit 1`,
      [door.siteId],
    );
    if (!card) throw new Error('a card of the door’s site');
    const since = await lastLog();
    await sb.post('/__sandbox/device-behaviour', null, { serialNumber: door.serialNumber, behaviour: 'offline' });
    expect(await refused({ serialNumber: door.serialNumber, cardNo: card.cardNo })).toBe('设备离线，无法开门');
    expect(await logsSince(door, since)).toEqual([]);
    await sb.post('/__sandbox/device-behaviour', null, { serialNumber: door.serialNumber, behaviour: 'ok' });
    expect((await open({ serialNumber: door.serialNumber, cardNo: card.cardNo })).body.code).toBe(0);
    // A charging box is no door.
    const box = await idleSocket(door.siteId).catch(() => null);
    if (box)
      expect(await refused({ serialNumber: box.serialNumber, cardNo: card.cardNo })).toBe('该设备不是门禁或道闸');
  });
});
