import type { PGlite, Transaction } from '@electric-sql/pglite';
import { Hono } from 'hono';
import { z } from 'zod';
import { advanceOrder, advanceRunningOrders, startCardOrder } from '../api/device-setup-orders';
import { answerStarts } from '../api/remote-start';
import { LOG, settleDevices } from '../api/device';
import { cardStartRefusal, startMinutesOf, type PerSwipe } from '../domain/card-charge';
import { decideDoorAccess, doorFacts, doorRefusal, type DoorVia } from '../domain/door-access';
import { exactlyOnce, requestIdRule } from '../domain/exactly-once';
import { BizError, INVALID, input, ok } from '../http/envelope';
import { one, rows, scalar } from '../lib/db';
import { dayOf, startOfDayAt } from '../lib/time';
import type { ChargeRule } from '../../src/api/site';

/**
 * The rider's side of a charging box, as test controls (C-mine.md Business rules 6 and 7; B-site.md Business rule D13;
 * README "Sandbox interfaces"): a rider swiping a card at a socket, the power the rider's vehicle draws, and a rider
 * opening a site's door guard or gate from the rider page.
 *
 * - `POST /__sandbox/device/swipe` with `{ serialNumber, socketNo, cardNo, powerW?, requestId? }` — the box reads the
 *   card and asks the platform to start: a card-paid ChargeOrder (payType 3 储值卡 for card types 1 and 3, 4 月卡 for
 *   type 2, 5 电子卡 for type 4 — an e-card's start from the rider's phone takes the same path), 充电中 at once, its
 *   vehicle drawing `powerW` W (default 300; the first power report starts from it). Answers `{ orderId, orderNo,
 *   payType, cardId, presetMinutes, balance, giveBalance, usedTimesToday }` (money fen; presetMinutes the longest the
 *   start may run). Refused with code 1 and the box's message: an unknown card (卡片不存在); a box unknown, not installed
 *   or 离线; a socket unknown, 故障, 离线 or in use (a remote start's reservation included); rule 6 — a card not bound to
 *   the box's site, an area card whose rule is no longer the site's; a card already charging; rule 7 — a card not 3
 *   正常, a value card holding less than the minimum price of the site's rule (the per-swipe amount where a site card is
 *   charged 按次), a month card outside its period, at its dailyTimesLimit for the Asia/Shanghai day (the count of its
 *   orders started that day, as the card detail's usedTimesToday), or asked for more than its maxPowerW.
 *   A value card pays after the charge (balance first, then giveBalance, never below 0; the charge stops when its money
 *   is used up, 余额不足); a month card's charge stops at maxMinutesPerCharge (时间到) or at a power report above its
 *   maxPowerW (功率超限) — sandbox/api/device-setup-orders.ts, on the business clock like every running order.
 *   `requestId` (32 hex) is the box's message id: a resent message answers the first result and starts nothing more
 *   (exactly once per card owner and id for 24 h, D-income.md §0.5).
 * - `POST /__sandbox/device/load` with `{ serialNumber, socketNo, powerW }` — the vehicle on a charging socket now draws
 *   `powerW`: the next power report starts from it (e.g. a month card's charge goes above its maxPowerW and stops).
 *   Answers `{ orderId, orderNo, powerW }`; code 1 when the socket is not charging.
 * - `POST /__sandbox/device/door` with `{ serialNumber, phone?, cardNo? }` (at least one of the two) — a rider opens a
 *   door guard (deviceType 4) or U8 gate (5) from the rider page (rule D13, decided by sandbox/domain/door-access.ts):
 *   allowed with a running order of the phone (or the card) at the door's site, a valid card (the given one or any of
 *   the phone) bound to the site, or a non-expired whitelist entry of the phone in the site's community. An open is
 *   what the operator's forced open / 开闸 does (sandbox/api/device.ts): door_status 1 and last_open_time now, so a door
 *   guard relocks 5 s later and a gate falls after its autoCloseInterval (or at 关闸), and one DeviceOperationLog row of
 *   result 1 成功 — type 1 for a door guard, 2 for a gate, the types the door list's 今日开门 counts and the relock reads
 *   (the log has no rider-open type) — with operatorUserId null (a rider is no Account) and params `{ serialNumber,
 *   source: 'rider', via, phone?, cardNo? }` marking it as a rider's open, not the operator's. Answers `{ opened:
 *   true, via: 'order' | 'card' | 'whitelist', openTime }`. A refused rider gets code 1 with the reason and the attempt
 *   is logged with result 2 失败 and that failReason (not counted by 今日开门); a device unknown, of another type, not
 *   installed or 离线 (D8) is refused with nothing logged, like the operator's commands.
 */

/** The power a swiping rider's vehicle draws when the swipe does not say (W): a common e-bike charger. */
export const DEFAULT_SWIPE_POWER_W = 300;

const SERIAL = /^[0-9A-Za-z]{6,20}$/;
const serialSchema = z.string({ error: '请输入设备号' }).trim().regex(SERIAL, '设备号格式不正确');
const socketNoSchema = z.number({ error: '请选择插座' }).int().min(1, '插座号不合法');
const powerSchema = z.number({ error: 'powerW 须为整数瓦' }).int('powerW 须为整数瓦').min(1).max(5000);

const swipeBody = z.object({
  serialNumber: serialSchema,
  socketNo: socketNoSchema,
  cardNo: z.string({ error: '请输入卡号' }).trim().min(1, '请输入卡号').max(32, '卡号格式不正确'),
  powerW: powerSchema.default(DEFAULT_SWIPE_POWER_W),
  requestId: requestIdRule.optional(),
});

const loadBody = z.object({ serialNumber: serialSchema, socketNo: socketNoSchema, powerW: powerSchema });

const doorBody = z
  .object({
    serialNumber: serialSchema,
    phone: z
      .string()
      .trim()
      .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号')
      .optional(),
    cardNo: z.string().trim().min(1, '请输入卡号').max(32, '卡号格式不正确').optional(),
  })
  .refine((b) => b.phone !== undefined || b.cardNo !== undefined, '请输入手机号或卡号');

/** The answer of a rider's door open that was allowed. */
export interface DoorOpenResult {
  opened: true;
  via: DoorVia;
  openTime: number;
}

/** The answer of a swipe that started a charge. */
export interface SwipeResult {
  orderId: number;
  orderNo: string;
  payType: 3 | 4 | 5;
  cardId: number;
  presetMinutes: number;
  balance: number;
  giveBalance: number;
  usedTimesToday: number;
}

/** A card as a swipe reads it (locked). */
interface SwipeCard {
  id: number;
  cardNo: string;
  cardType: number;
  status: number;
  merchantId: number;
  holderName: string;
  phone: string;
  userId: number | null;
  balance: number;
  giveBalance: number;
  chargeRuleGroupId: number | null;
  startDate: string | null;
  endDate: string | null;
  dailyTimesLimit: number | null;
  maxMinutesPerCharge: number | null;
  maxPowerW: number | null;
}

/** The box and socket of a swipe after the checks of a start on them (online, installed, the socket idle). */
async function startPlace(tx: Transaction, serialNumber: string, socketNo: number, at: number) {
  const device = await one<{ id: number; siteId: number | null; status: number }>(
    tx,
    'select id, site_id, status from device where serial_number = $1 and device_type in (1, 2, 3)',
    [serialNumber],
  );
  if (!device) throw new BizError(INVALID, '设备不存在');
  if (device.siteId === null) throw new BizError(INVALID, '设备未安装到站点');
  if (Number(device.status) === 2) throw new BizError(INVALID, '设备离线');
  const charger = await one<{ id: number }>(tx, 'select id from charger where device_id = $1 and socket_no = $2', [
    device.id,
    socketNo,
  ]);
  if (!charger) throw new BizError(INVALID, '插座不存在');
  // An order whose time is over frees its socket first.
  await advanceRunningOrders(tx, at, [Number(charger.id)]);
  const socket = await one<{ status: number; currentOrderId: number | null }>(
    tx,
    'select status, current_order_id from charger where id = $1',
    [charger.id],
  );
  const status = Number(socket?.status);
  if (status === 3) throw new BizError(INVALID, '插座故障');
  if (status === 4) throw new BizError(INVALID, '插座离线');
  if (status !== 0 || socket?.currentOrderId !== null) throw new BizError(INVALID, '插座使用中');
  return {
    siteId: Number(device.siteId),
    deviceId: Number(device.id),
    chargerId: Number(charger.id),
    serialNumber,
    socketNo,
  };
}

/** The site's rule and, for a site card, its 按次 billing (simple value-card template in mode 2), or null. */
async function siteBilling(tx: Transaction, siteId: number, cardType: number) {
  const site = await one<{ chargeRule: ChargeRule; chargeRuleGroupId: number }>(
    tx,
    'select charge_rule, charge_rule_group_id from site where id = $1',
    [siteId],
  );
  if (!site) throw new BizError(INVALID, '设备未安装到站点');
  let perSwipe: PerSwipe | null = null;
  if (cardType === 1 || cardType === 4) {
    const simple = await one<{ chargeMode: number; perSwipeAmount: number; perSwipeMinutes: number }>(
      tx,
      'select charge_mode, per_swipe_amount, per_swipe_minutes from simple_value_card_template where site_id = $1',
      [siteId],
    );
    if (simple && Number(simple.chargeMode) === 2)
      perSwipe = { amount: Number(simple.perSwipeAmount), minutes: Number(simple.perSwipeMinutes) };
  }
  return { rule: site.chargeRule, ruleGroupId: Number(site.chargeRuleGroupId), perSwipe };
}

/** One swipe, inside its transaction (see the module docstring). */
async function swipe(tx: Transaction, body: z.infer<typeof swipeBody>, cardId: number, at: number) {
  // Remote starts the boxes have answered by now (a failed one frees its socket).
  await answerStarts(tx, at);
  // The card's running orders are brought up to the clock: one that has ended no longer blocks the card.
  for (const r of await rows<{ id: number }>(tx, 'select id from charge_order where card_id = $1 and status = 1', [
    cardId,
  ]))
    await advanceOrder(tx, Number(r.id), at);
  const place = await startPlace(tx, body.serialNumber, body.socketNo, at);
  const raw = await one<SwipeCard>(
    tx,
    `select id, card_no, card_type, status, merchant_id, holder_name, phone, user_id, balance, give_balance,
       charge_rule_group_id, start_date, end_date, daily_times_limit, max_minutes_per_charge, max_power_w
     from card where id = $1 for update`,
    [cardId],
  );
  if (!raw) throw new BizError(INVALID, '卡片不存在');
  const card: SwipeCard = {
    ...raw,
    id: Number(raw.id),
    cardType: Number(raw.cardType),
    status: Number(raw.status),
    balance: Number(raw.balance),
    giveBalance: Number(raw.giveBalance),
    userId: raw.userId === null ? null : Number(raw.userId),
  };
  // Rule 6: a card works only at its bound sites (an area card while the site still uses its rule).
  const bound = await scalar(tx, 'select count(*) from card_site where card_id = $1 and site_id = $2', [
    card.id,
    place.siteId,
  ]);
  if (bound === 0) throw new BizError(INVALID, '该卡不能在此站点使用');
  const billing = await siteBilling(tx, place.siteId, card.cardType);
  if (card.cardType === 3 && Number(card.chargeRuleGroupId) !== billing.ruleGroupId)
    throw new BizError(INVALID, '该站点收费规则与卡片不一致');
  if (await scalar(tx, 'select count(*) from charge_order where card_id = $1 and status = 1', [card.id]))
    throw new BizError(INVALID, '该卡正在充电中');
  // The card detail's usedTimesToday: its orders started since 00:00 Asia/Shanghai, failed starts not counted.
  const usedToday = await scalar(
    tx,
    'select count(*) from charge_order where card_id = $1 and status <> 5 and start_time >= $2',
    [card.id, startOfDayAt(at)],
  );
  const refusal = cardStartRefusal(card, billing.rule, billing.perSwipe, {
    today: dayOf(at),
    usedToday,
    powerW: body.powerW,
  });
  if (refusal) throw new BizError(INVALID, refusal);
  const payType = card.cardType === 2 ? 4 : card.cardType === 4 ? 5 : 3;
  const minutes = startMinutesOf(card, billing.rule, billing.perSwipe, body.powerW);
  const { orderId, orderNo } = await startCardOrder(
    tx,
    place,
    {
      payType,
      minutes,
      presetAmount: payType !== 4 && billing.perSwipe ? billing.perSwipe.amount : null,
      card: { id: card.id, cardNo: card.cardNo, userId: card.userId, phone: card.phone, holderName: card.holderName },
      power: body.powerW,
    },
    at,
  );
  await tx.query(
    `insert into socket_load (charger_id, power_w, update_time) values ($1, $2, $3)
     on conflict (charger_id) do update set power_w = excluded.power_w, update_time = excluded.update_time`,
    [place.chargerId, body.powerW, at],
  );
  const result: SwipeResult = {
    orderId,
    orderNo,
    payType,
    cardId: card.id,
    presetMinutes: minutes,
    balance: card.balance,
    giveBalance: card.giveBalance,
    usedTimesToday: usedToday + 1,
  };
  return result;
}

/** The rider-side controls (see the module docstring). `now` is the business clock (epoch ms). */
export function cardSwipeRoutes(db: PGlite, now: () => number) {
  const app = new Hono();

  // POST /__sandbox/device/swipe — a card swipe at a socket: starts a card-paid charge or answers the refusal.
  app.post('/__sandbox/device/swipe', async (c) => {
    const body = await input(c, swipeBody);
    const card = await one<{ id: number; merchantId: number }>(
      db,
      'select id, merchant_id from card where card_no = $1',
      [body.cardNo],
    );
    if (!card) throw new BizError(INVALID, '卡片不存在');
    const at = now();
    const act = (tx: Transaction) => swipe(tx, body, Number(card.id), at);
    const data = body.requestId
      ? await exactlyOnce(
          db,
          { accountId: Number(card.merchantId), action: 'cardSwipe', requestId: body.requestId, body },
          at,
          act,
        )
      : await db.transaction(act);
    return ok(c, data);
  });

  // POST /__sandbox/device/load — the power the vehicle on a charging socket draws from the next report on.
  app.post('/__sandbox/device/load', async (c) => {
    const body = await input(c, loadBody);
    const at = now();
    const data = await db.transaction(async (tx) => {
      const charger = await one<{ id: number }>(
        tx,
        `select c.id from charger c join device d on d.id = c.device_id
         where d.serial_number = $1 and c.socket_no = $2`,
        [body.serialNumber, body.socketNo],
      );
      if (!charger) throw new BizError(INVALID, '插座不存在');
      // The reports due so far keep the power they had; the new draw starts after now.
      await advanceRunningOrders(tx, at, [Number(charger.id)]);
      const order = await one<{ id: number; orderNo: string }>(
        tx,
        'select id, order_no from charge_order where charger_id = $1 and status = 1',
        [charger.id],
      );
      if (!order) throw new BizError(INVALID, '插座未在充电');
      await tx.query(
        `insert into socket_load (charger_id, power_w, update_time) values ($1, $2, $3)
         on conflict (charger_id) do update set power_w = excluded.power_w, update_time = excluded.update_time`,
        [charger.id, body.powerW, at],
      );
      return { orderId: Number(order.id), orderNo: order.orderNo, powerW: body.powerW };
    });
    return ok(c, data);
  });

  // POST /__sandbox/device/door — a rider opens a door guard or gate from the rider page (rule D13).
  app.post('/__sandbox/device/door', async (c) => {
    const body = await input(c, doorBody);
    const at = now();
    // Forced opens due to relock and gates due to fall do so first (D8), as every door read does.
    await settleDevices(db, at);
    const outcome = await db.transaction(async (tx) => {
      const facts = await doorFacts(tx, body.serialNumber, { phone: body.phone, cardNo: body.cardNo }, at);
      const decision = decideDoorAccess(facts);
      const door = facts.door;
      // Only an attempt that reached an online door of a site is logged (the operator's offline commands are not).
      if (!door || doorRefusal(door)) return decision;
      const params = {
        serialNumber: door.serialNumber,
        source: 'rider',
        ...(decision.allowed ? { via: decision.via } : {}),
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(body.cardNo !== undefined ? { cardNo: body.cardNo } : {}),
      };
      if (decision.allowed)
        await tx.query('update device set door_status = 1, last_open_time = $2, update_time = $2 where id = $1', [
          door.id,
          at,
        ]);
      await tx.query(
        `insert into device_operation_log (device_id, site_id, operator_user_id, type, params, result, fail_reason,
           create_time, update_time) values ($1, $2, null, $3, $4, $5, $6, $7, $7)`,
        [
          door.id,
          door.siteId,
          door.deviceType === 5 ? LOG.gateOpen : LOG.forcedOpen,
          JSON.stringify(params),
          decision.allowed ? 1 : 2,
          decision.allowed ? null : decision.reason,
          at,
        ],
      );
      return decision;
    });
    if (!outcome.allowed) throw new BizError(INVALID, outcome.reason);
    const data: DoorOpenResult = { opened: true, via: outcome.via, openTime: at };
    return ok(c, data);
  });

  return app;
}
