import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../src/api/orders';
import type { ChargeRule } from '../../src/api/site';
import { one, rows, scalar } from '../lib/db';
import { openSandboxForFile, walletViolations } from '../testing';
import { newRequestId } from '../testing-money';
import type { SwipeResult } from './card-swipe';

/**
 * A rider's card at a box (C-mine.md Business rule 7, with rule 6's site binding) through the sandbox's swipe control,
 * each clause: only 正常 cards start; a value card needs balance + giveBalance ≥ the minimum price of the site's rule
 * and pays after the charge, balance first, then giveBalance (a split across both), never below 0 (its charge stops
 * 余额不足 when the money is used up); an area card's principal releases its freeze; a month card starts at most
 * dailyTimesLimit times per Asia/Shanghai day (again from 00:00), stops at maxMinutesPerCharge, is refused above
 * maxPowerW and stopped when its power goes above it; a resent swipe message starts once.
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
