import { BizError, INVALID } from '../http/envelope';
import type { Db } from '../lib/db';
import { one, rows, scalar } from '../lib/db';
import { dayOf } from '../lib/time';
import type { SplitRow as SeedSplitRow } from '../db/seed/money';
import { channelFeeOf, platformSplitOf, splitAmounts } from '../domain/split';
import { pad, stamp, tierPrice, type ChargeRule } from '../db/seed/util';
import { activateDueVersions } from './share-rules';
import { consumeFromCard, valueCardCost } from '../domain/card-charge';
import { moveWallet } from '../domain/wallet';

/**
 * Running charge orders in the sandbox (B-site.md §3 socket detail; Business rules C4, C5, C7, C8, D7; B §B.8 and
 * entities.md R3/R4): the device's power reports every 5 minutes (PowerSample), the end of an order (time up or remote
 * stop) with its automatic refund and its OrderSplit rows, and the derived stored values kept equal to the facts:
 * SiteDailyStat (energy and duration by start day, refunds by refund day), AccountDailyStat (shares of the split day),
 * Wallet.pendingIncome (Σ unposted, non-cash split rows). Money fen, power W, energy Wh, minutes, epoch ms.
 */

/** Minutes between two power reports (PowerSample, K45). */
export const SAMPLE_MINUTES = 5;
const SAMPLE_MS = SAMPLE_MINUTES * 60_000;

/** Rule C5 / D7: a report below this power (W) is 已充满 (a vehicle at or above it is still charging). */
export const FULL_POWER_W = 30;
/** Rule C5: with fullStop, an order whose power stays below FULL_POWER_W this long (ms) ends (endReason 1). */
export const FULL_STOP_MS = 10 * 60_000;

/**
 * Rule C5's watch over an order's power reports, one report at a time: the instant since which the power has been
 * below FULL_POWER_W (30 W; exactly 30 W is not below), or null when the report at `time` is not below. A report stands
 * for the interval since the report before it (`previous`, or the order's start for the first: its energy is power ×
 * 5 min), so a run of low reports is low from the start of its first interval.
 */
export function lowSinceAfter(lowSince: number | null, previous: number, power: number): number | null {
  return power < FULL_POWER_W ? (lowSince ?? previous) : null;
}

/**
 * Rule C5 over a whole order: the instant (epoch ms) a fullStop order ends — when its reports have stayed below 30 W for
 * 10 consecutive minutes (exactly 10 is enough; 30 W is not below), i.e. low-run start + 10 min, which on the 5-minute
 * report grid is the instant of the report that completes the run — or null when it does not. `samples` oldest first,
 * `time` epoch ms, `power` W; `startTime` the order's start.
 */
export function fullStopAt(startTime: number, samples: readonly { time: number; power: number }[]): number | null {
  let lowSince: number | null = null;
  let previous = startTime;
  for (const s of samples) {
    lowSince = lowSinceAfter(lowSince, previous, s.power);
    if (lowSince !== null && s.time - lowSince >= FULL_STOP_MS) return lowSince + FULL_STOP_MS;
    previous = s.time;
  }
  return null;
}

/** Settle statuses that count as income (R3.2): 0 待入账, 1 已入账, 3 已补结算. */
const COUNTED = [0, 1, 3];

/** A running (or ending) order as these functions read it. */
interface OrderRow {
  id: number;
  orderNo: string;
  merchantId: number;
  siteId: number;
  deviceId: number;
  chargerId: number;
  payType: number;
  amount: number;
  coinCount: number | null;
  cardId: number | null;
  presetMinutes: number | null;
  presetAmount: number | null;
  ruleSnapshot: ChargeRule;
  payTime: number;
  startTime: number;
  durationMinutes: number;
  energyWh: number;
  maxPowerW: number;
  settleStatus: number;
  status: number;
}

const ORDER_COLUMNS = `id, order_no, merchant_id, site_id, device_id, charger_id, pay_type, amount, coin_count, card_id,
  preset_minutes, preset_amount::float8 as preset_amount, rule_snapshot, pay_time, start_time, duration_minutes,
  energy_wh, max_power_w, settle_status, status`;

/** A deterministic pseudo-random integer in [0, n) from two numbers (sample noise without a global RNG). */
function noise(a: number, b: number, n: number): number {
  let h = (a * 2_654_435_761 + b * 40_503) >>> 0;
  h ^= h >>> 15;
  h = Math.imul(h, 2_246_822_519) >>> 0;
  h ^= h >>> 13;
  return (h >>> 0) % n;
}

/**
 * Adds to the SiteDailyStat row of a site and day (creating it with zeros when missing) and recomputes its derived
 * columns (chargeNetIncome, cardNetAmount, grossIncome), so that the CHECKs of the table and every screen agree.
 */
export async function addSiteDailyStat(
  db: Db,
  siteId: number,
  day: string,
  delta: { energyWh?: number; durationMinutes?: number; chargeRefundAmount?: number; orderCount?: number },
  now: number,
): Promise<void> {
  const site = await one<{ operatorId: number; chargeRuleGroupId: number }>(
    db,
    'select operator_id, charge_rule_group_id from site where id = $1',
    [siteId],
  );
  if (!site) return;
  await db.query(
    `insert into site_daily_stat (site_id, charge_rule_group_id, operator_id, date, create_time, update_time)
     values ($1, $2, $3, $4, $5, $5) on conflict (site_id, date) where site_id is not null do nothing`,
    [siteId, site.chargeRuleGroupId, site.operatorId, day, now],
  );
  await db.query(
    `update site_daily_stat set
       energy_wh = energy_wh + $3, duration_minutes = duration_minutes + $4,
       charge_refund_amount = charge_refund_amount + $5, order_count = order_count + $6,
       charge_net_income = charge_income - (charge_refund_amount + $5) + coin_income,
       gross_income = charge_income - (charge_refund_amount + $5) + coin_income + card_net_amount,
       update_time = $7
     where site_id = $1 and date = $2`,
    [
      siteId,
      day,
      delta.energyWh ?? 0,
      delta.durationMinutes ?? 0,
      delta.chargeRefundAmount ?? 0,
      delta.orderCount ?? 0,
      now,
    ],
  );
}

/** The end of the purchased time of a running order (epoch ms), or null when open-ended. */
function plannedEnd(order: OrderRow): number | null {
  return order.presetMinutes ? order.startTime + order.presetMinutes * 60_000 : null;
}

/** What a card-paid order's stop checks read of its card (rule 7). */
interface CardLimits {
  money: number;
  maxPowerW: number;
}

/** The card money (value cards) or power limit (month cards) of a card-paid order, or null for other orders. */
async function cardLimitsOf(db: Db, order: OrderRow): Promise<CardLimits | null> {
  if (order.cardId === null || ![3, 4, 5].includes(order.payType)) return null;
  const card = await one<{ balance: number; giveBalance: number; maxPowerW: number | null }>(
    db,
    'select balance, give_balance, max_power_w from card where id = $1',
    [order.cardId],
  );
  if (!card) return null;
  return {
    money: Number(card.balance) + Number(card.giveBalance),
    maxPowerW: order.payType === 4 ? Number(card.maxPowerW ?? 0) : 0,
  };
}

/**
 * Brings one running order up to `now`: the power reports due every 5 minutes since the last one (PowerSample), the
 * order's energy, duration and max power, the socket's live power, and the start day's SiteDailyStat energy and
 * duration. The first report after a load set by a test (socket_load: a card swipe's powerW, POST
 * /__sandbox/device/load) starts from that power; a vehicle drawing below 30 W (a full battery's trickle) keeps that
 * draw, while one charging (30 W or more) varies by up to ±20 W a report, never below 30 W. The socket is 已充满 (2)
 * while the last report is below 30 W, 充电中 (1) otherwise (rule D7). An order whose purchased time is over ends
 * (endReason 2 时间到); a fullStop order (ruleSnapshot.fullStop 1) ends when its reports have stayed below 30 W for 10
 * minutes (rule C5, fullStopAt: 1 充满自停, at the instant the 10 minutes are complete, refunded by refundOnStop); a
 * card-paid order also ends at the report where (rule 7) a month card's power is above its maxPowerW (6 功率超限) or a
 * value card's charge has used up balance + giveBalance (7 余额不足). Returns true when it is still running.
 */
export async function advanceOrder(db: Db, orderId: number, now: number): Promise<boolean> {
  const order = await one<OrderRow>(db, `select ${ORDER_COLUMNS} from charge_order where id = $1`, [orderId]);
  if (!order || order.status !== 1) return false;
  const end = plannedEnd(order);
  const until = end === null ? now : Math.min(now, end);
  const last = await one<{ time: number; power: number }>(
    db,
    'select time, power from power_sample where order_id = $1 order by time desc limit 1',
    [order.id],
  );
  const maxPower = await scalar(
    db,
    `select coalesce(m.max_power, 1000) from device d join device_model m on m.model = d.model where d.id = $1`,
    [order.deviceId],
  );
  const load = await one<{ powerW: number }>(db, 'select power_w from socket_load where charger_id = $1', [
    order.chargerId,
  ]);
  const card = await cardLimitsOf(db, order);
  // The first report's power prices a value card's charge (its tier); read only for card orders.
  let firstPower: number | null = null;
  if (card && last) {
    const first = await one<{ power: number }>(
      db,
      'select power from power_sample where order_id = $1 order by time limit 1',
      [order.id],
    );
    firstPower = Number(first?.power ?? last.power);
  }
  let time = last ? Number(last.time) : Number(order.startTime);
  let power = load ? Number(load.powerW) : last ? Number(last.power) : 120 + noise(order.id, 0, 260);
  let energy = Number(order.energyWh);
  let peak = Number(order.maxPowerW);
  let stop: { at: number; endReason: 1 | 6 | 7 } | null = null;
  // Rule C5: the instant since which the reports so far have been below 30 W (null when the last one is not).
  const fullStop = Number(order.ruleSnapshot.fullStop) === 1;
  let lowSince: number | null = null;
  if (fullStop && last && Number(last.power) < FULL_POWER_W) {
    const high = await one<{ time: number }>(
      db,
      'select max(time) as time from power_sample where order_id = $1 and power >= $2',
      [order.id, FULL_POWER_W],
    );
    lowSince = high?.time === null || high?.time === undefined ? Number(order.startTime) : Number(high.time);
    if (time - lowSince >= FULL_STOP_MS) stop = { at: lowSince + FULL_STOP_MS, endReason: 1 };
  }
  const samples: [number, number][] = [];
  while (!stop && time + SAMPLE_MS <= until) {
    const previous = time;
    time += SAMPLE_MS;
    // A full battery's trickle (below 30 W) stays as it is; a charging vehicle varies, never below 30 W.
    if (power >= FULL_POWER_W)
      power = Math.max(FULL_POWER_W, Math.min(maxPower, power + noise(order.id, time, 41) - 20));
    energy += Math.round((power * SAMPLE_MINUTES) / 60);
    peak = Math.max(peak, power);
    firstPower ??= power;
    samples.push([time, power]);
    if (card && card.maxPowerW > 0 && power > card.maxPowerW) {
      stop = { at: time, endReason: 6 };
      break;
    }
    if (card && order.payType !== 4 && order.presetAmount === null) {
      // A 按次 start (presetAmount) costs its price whatever it uses: it runs its minutes.
      const minutes = Math.floor((time - Number(order.startTime)) / 60_000);
      const cost = valueCardCost({ ...order, durationMinutes: minutes, energyWh: energy }, firstPower);
      if (cost >= card.money) {
        stop = { at: time, endReason: 7 };
        break;
      }
    }
    if (fullStop) {
      lowSince = lowSinceAfter(lowSince, previous, power);
      if (lowSince !== null && time - lowSince >= FULL_STOP_MS) {
        stop = { at: lowSince + FULL_STOP_MS, endReason: 1 };
        break;
      }
    }
  }
  for (const [t, p] of samples) {
    await db.query(
      'insert into power_sample (order_id, charger_id, time, power, create_time) values ($1, $2, $3, $4, $3) on conflict do nothing',
      [order.id, order.chargerId, t, p],
    );
  }
  if (load && samples.length > 0) await db.query('delete from socket_load where charger_id = $1', [order.chargerId]);
  const upTo = stop ? stop.at : until;
  const duration = Math.max(0, Math.floor((upTo - Number(order.startTime)) / 60_000));
  const energyDelta = energy - Number(order.energyWh);
  const durationDelta = duration - Number(order.durationMinutes);
  if (energyDelta !== 0 || durationDelta > 0 || samples.length > 0) {
    await db.query(
      `update charge_order set energy_wh = $2, duration_minutes = greatest(duration_minutes, $3), max_power_w = $4,
       update_time = $5 where id = $1`,
      [order.id, energy, duration, peak, now],
    );
    if (samples.length > 0)
      // Rule D7: 已充满 (2) while the order runs below 30 W, 充电中 (1) otherwise (a reserved or 故障 socket keeps its status).
      await db.query(
        `update charger set power = $2, status = case when status in (1, 2) then $4 else status end, update_time = $3
         where id = $1`,
        [order.chargerId, power, now, power < FULL_POWER_W ? 2 : 1],
      );
    if (order.settleStatus !== 2 && order.settleStatus !== 4) {
      await addSiteDailyStat(
        db,
        order.siteId,
        dayOf(Number(order.startTime)),
        { energyWh: energyDelta, durationMinutes: Math.max(0, durationDelta) },
        now,
      );
    }
  }
  if (stop) {
    await endOrder(db, order.id, { endReason: stop.endReason, at: stop.at, operator: null, reason: '' }, now);
    return false;
  }
  if (end !== null && now >= end) {
    await endOrder(db, order.id, { endReason: 2, at: end, operator: null, reason: '' }, now);
    return false;
  }
  return true;
}

/** Brings every running order of the given chargers (or all when omitted) up to `now` (see advanceOrder). */
export async function advanceRunningOrders(db: Db, now: number, chargerIds?: number[]): Promise<void> {
  const running = await rows<{ id: number }>(
    db,
    chargerIds
      ? 'select id from charge_order where status = 1 and charger_id = any($1::bigint[])'
      : 'select id from charge_order where status = 1',
    chargerIds ? [chargerIds] : [],
  );
  for (const r of running) await advanceOrder(db, Number(r.id), now);
}

/**
 * What a stopped order used and refunds (rule C5): within the free minutes everything is refunded; otherwise mode 1
 * used = ceil(minutes × tier price / 60) with the tier of the first reported power, mode 2 used = ceil(kWh × (energy +
 * service price)); refund = amount − used, never negative, never above the amount. Only scan-paid orders (1, 2) paid
 * in advance; card orders (3–5) pay after the charge (endOrder, rule 7) and coin, remote and test orders (6–8) refund
 * nothing.
 */
export function refundOnStop(
  order: { payType: number; amount: number; ruleSnapshot: ChargeRule; durationMinutes: number; energyWh: number },
  firstPower: number,
): number {
  if (![1, 2].includes(order.payType) || order.amount <= 0) return 0;
  const rule = order.ruleSnapshot;
  if (order.durationMinutes < (rule.freeMinutes ?? 0)) return order.amount;
  const used =
    rule.billingMode === 2
      ? Math.ceil((order.energyWh / 1000) * ((rule.energyPrice ?? 0) + (rule.servicePrice ?? 0)))
      : Math.ceil((order.durationMinutes * tierPrice(rule, firstPower)) / 60);
  return Math.max(0, Math.min(order.amount, order.amount - used));
}

/**
 * K37 (consistency.md; B-site.md rule C5 "Orders ending within freeMinutes are refunded in full (endReason 8)"): an
 * order that ends before its rule's free minutes are over ends as 8 免费时长内结束, whatever stopped it, because
 * nothing of it is charged: a scan-paid order (1, 2) is refunded in full, a value-card or e-card order (3, 5) without a
 * preset price costs nothing. Month-card, coin, remote and test orders (4, 6–8) charge nothing by the minute and keep
 * their reason. `durationMinutes`: whole minutes from start to end.
 */
export function endsWithinFreeMinutes(
  order: { payType: number; amount: number; presetAmount: number | null; ruleSnapshot: ChargeRule },
  durationMinutes: number,
): boolean {
  if (durationMinutes >= (order.ruleSnapshot.freeMinutes ?? 0)) return false;
  if (order.payType === 1 || order.payType === 2) return Number(order.amount) > 0;
  if (order.payType === 3 || order.payType === 5) return order.presetAmount === null;
  return false;
}

/** How an order ends. */
export interface EndOptions {
  /**
   * 1 充满自停 (rule C5: a fullStop order below 30 W for 10 minutes), 2 时间到, 4 手动/远程结束, 6 功率超限 (a month card
   * above its maxPowerW), 7 余额不足 (a value card's money used up) (entities.md ChargeOrder.endReason). A card order's
   * 时间到 whose cost took all the card's money is recorded as 7; any order ending within its free minutes as 8 (K37).
   */
  endReason: 1 | 2 | 4 | 6 | 7;
  /** End instant (epoch ms). */
  at: number;
  /** The account that stopped it (remote stop), or null for the device/system. */
  operator: { id: number; name: string } | null;
  /** Refund reason text (remote stop). */
  reason: string;
}

/**
 * Takes a value-card charge's cost from its card (rule 7): balance first, then giveBalance, never below 0 (what the card
 * cannot cover is not taken). The move is conditional on the balances it read, so that two ends of orders of one card
 * cannot both take the same money. Returns the parts taken and the money the card held before.
 */
async function payFromCard(
  db: Db,
  cardId: number,
  cost: number,
  at: number,
  now: number,
): Promise<{ fromBalance: number; fromGive: number; before: number }> {
  for (;;) {
    const card = await one<{ balance: number; giveBalance: number }>(
      db,
      'select balance, give_balance from card where id = $1',
      [cardId],
    );
    if (!card) return { fromBalance: 0, fromGive: 0, before: 0 };
    const balances = { balance: Number(card.balance), giveBalance: Number(card.giveBalance) };
    const { fromBalance, fromGive } = consumeFromCard(balances, cost);
    const moved = await db.query(
      `update card set balance = balance - $4, give_balance = give_balance - $5,
         last_use_time = greatest(coalesce(last_use_time, 0), $6), update_time = $7
       where id = $1 and balance = $2 and give_balance = $3`,
      [cardId, balances.balance, balances.giveBalance, fromBalance, fromGive, at, now],
    );
    if (moved.affectedRows) return { fromBalance, fromGive, before: balances.balance + balances.giveBalance };
  }
}

/**
 * Releases an area card's frozen principal as the card consumes it (rule 8; the income section's card-freeze records,
 * as the seed replays them): oldest freeze first, each release an AreaCardRelease of the order with its split (order
 * type 5 区域卡消费解冻, the parties' card rates) as pending income, and the owner's cardFrozenAmount lowered by it.
 */
async function releaseAreaPrincipal(db: Db, order: OrderRow, principal: number, at: number, now: number) {
  let toRelease = principal;
  const freezes = await rows<{ id: number; accountId: number; remainingAmount: number; rechargeId: number }>(
    db,
    `select id, account_id, remaining_amount, recharge_id from area_card_freeze
     where card_id = $1 and remaining_amount > 0 order by id`,
    [order.cardId],
  );
  const site = await one<{ name: string }>(db, 'select name from site where id = $1', [order.siteId]);
  for (const f of freezes) {
    if (toRelease <= 0) break;
    const part = Math.min(Number(f.remainingAmount), toRelease);
    const left = Number(f.remainingAmount) - part;
    await db.query(
      `update area_card_freeze set released_amount = released_amount + $2, remaining_amount = remaining_amount - $2,
         status = $3, last_release_time = $4, update_time = $5 where id = $1`,
      [f.id, part, left > 0 ? 2 : 3, at, now],
    );
    if (left === 0)
      await db.query('update card_recharge set freeze_status = 2, update_time = $2 where id = $1', [f.rechargeId, now]);
    const release = await one<{ id: number }>(
      db,
      `insert into area_card_release (freeze_id, charge_order_id, order_no, site_id, site_name, amount, create_time,
         update_time) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [f.id, order.id, order.orderNo, order.siteId, site?.name ?? '', part, at, now],
    );
    if (!release) continue;
    await moveWallet(db, Number(f.accountId), { cardFrozen: -part }, now);
    await splitOrder(
      db,
      { id: Number(release.id), orderNo: order.orderNo, siteId: order.siteId, payTime: order.payTime, energyWh: 0 },
      part,
      'card',
      at,
      now,
      5,
    );
    await db.query(
      `update area_card_release set credited = coalesce((select amount from order_split
         where order_type = 5 and order_id = $1 and role = 0), 0) where id = $1`,
      [release.id],
    );
    toRelease -= part;
  }
}

/**
 * Ends a running order (rules C5, C8, R3, R4; C-mine.md rule 7): closes the order — only once: the order is claimed by
 * a conditional update, so two ends racing (reads bring orders up to time) act once — and frees its socket; a scan-paid
 * order refunds its unused part to the payer; a value-card order (3, 5) pays its cost from the card, balance first, then
 * giveBalance, never below 0 (its amount = what the card paid; an area card's principal releases its freezes), and ends
 * 7 余额不足 when the cost took all the card's money; writes the refund to the day's SiteDailyStat, computes the
 * OrderSplit rows of a paid scan or coin order (B §B.8) with the pending wallet income and the AccountDailyStat of the
 * split day, and closes a remote-charge record. Returns the refunded amount (fen).
 */
export async function endOrder(db: Db, orderId: number, options: EndOptions, now: number): Promise<number> {
  const order = await one<OrderRow>(db, `select ${ORDER_COLUMNS} from charge_order where id = $1`, [orderId]);
  if (!order || order.status !== 1) return 0;
  const at = options.at;
  const claimed = await db.query(
    'update charge_order set status = 2, end_time = $2, update_time = $3 where id = $1 and status = 1',
    [order.id, at, now],
  );
  if (!claimed.affectedRows) return 0;
  const duration = Math.max(0, Math.floor((at - Number(order.startTime)) / 60_000));
  const durationDelta = duration - Number(order.durationMinutes);
  const first = await one<{ power: number }>(
    db,
    'select power from power_sample where order_id = $1 order by time limit 1',
    [order.id],
  );
  const firstPower = first ? Number(first.power) : Number(order.maxPowerW);
  const refund = refundOnStop({ ...order, durationMinutes: duration, energyWh: Number(order.energyWh) }, firstPower);
  let endReason: number = endsWithinFreeMinutes(order, duration) ? 8 : options.endReason;
  let amount = Number(order.amount);
  if ((order.payType === 3 || order.payType === 5) && order.cardId !== null) {
    const cost = valueCardCost({ ...order, durationMinutes: duration, energyWh: Number(order.energyWh) }, firstPower);
    const paid = await payFromCard(db, order.cardId, cost, at, now);
    amount = paid.fromBalance + paid.fromGive;
    if (endReason === 2 && cost > 0 && cost >= paid.before) endReason = 7;
    if (paid.fromBalance > 0) await releaseAreaPrincipal(db, order, paid.fromBalance, at, now);
  } else if (order.payType === 4 && order.cardId !== null) {
    await db.query(
      'update card set last_use_time = greatest(coalesce(last_use_time, 0), $2), update_time = $3 where id = $1',
      [order.cardId, at, now],
    );
  }
  const status = refund <= 0 ? 2 : refund >= amount ? 3 : 4;
  await db.query(
    `update charge_order set status = $2, end_time = $3, end_reason = $4, duration_minutes = $5,
       original_amount = case when pay_type in (3, 5) then $8 else original_amount end,
       amount = case when pay_type in (3, 5) then $8 else amount end,
       refund_amount = refund_amount + $6, consume_amount = $8 - $6, update_time = $7 where id = $1`,
    [order.id, status, at, endReason, duration, refund, now, amount],
  );
  await db.query(
    `update charger set status = case when status in (1, 2) then 0 else status end, power = 0, current_order_id = null,
     update_time = $2 where id = $1`,
    [order.chargerId, now],
  );
  const counted = COUNTED.includes(Number(order.settleStatus));
  if (counted && durationDelta > 0) {
    await addSiteDailyStat(db, order.siteId, dayOf(Number(order.startTime)), { durationMinutes: durationDelta }, now);
  }
  if (refund > 0) {
    const refundId = await scalar(db, `select nextval(pg_get_serial_sequence('order_refund', 'id'))`);
    await db.query(
      `insert into order_refund (id, refund_no, order_id, refund_amount, reason, status, operator_account_id,
         operator_name, create_time, finish_time, update_time)
       values ($1, $2, $3, $4, $5, 2, $6, $7, $8, $8, $8)`,
      [
        refundId,
        `TK${stamp(at)}${pad(refundId, 6)}`,
        order.id,
        refund,
        options.reason ||
          (endReason === 8
            ? '免费时长内结束，全额退款'
            : options.endReason === 4
              ? '远程结束充电，退还未使用金额'
              : options.endReason === 1
                ? '充满自停，退还未使用金额'
                : '退还未使用金额'),
        options.operator?.id ?? null,
        options.operator?.name ?? '系统',
        at,
      ],
    );
    if ((order.payType === 1 || order.payType === 2) && counted) {
      await addSiteDailyStat(db, order.siteId, dayOf(at), { chargeRefundAmount: refund }, now);
    }
  }
  if (counted && (order.payType === 1 || order.payType === 2 || order.payType === 6)) {
    const gross = amount - refund;
    if (gross > 0) await splitOrder(db, order, gross, order.payType === 6 ? 'coin' : 'charge', at, now);
  }
  await db.query(
    `update remote_charge_record set status = 3, end_time = $2, actual_minutes = $3, update_time = $4
     where order_id = $1 and status in (1, 2)`,
    [order.id, at, duration, now],
  );
  return refund;
}

/** One OrderSplit row before it is stored: the fields the seed's rows carry that one order decides. */
type SplitRow = Pick<SeedSplitRow, 'role' | 'accountId' | 'partyType' | 'rate' | 'proportion' | 'periodId' | 'amount'>;

/** What a split reads of its source: a charge order, or a recharge (id, rechargeNo, siteId, payTime, energyWh 0). */
export type SplitSource = Pick<OrderRow, 'id' | 'orderNo' | 'siteId' | 'payTime' | 'energyWh'>;

/**
 * The OrderSplit rows of an ended scan-paid (charge) or coin order, of a site card's recharge (kind 'card', orderType
 * 2 储值卡/电子卡 or 3 月卡; as the seed splits recharges) or of an area card's release (kind 'card', orderType 5 区域卡
 * 消费解冻), B §B.8, with the share-rule version in force on its pay day: channel fee round(G × 0.6 %) (charge and
 * card, role 4), the platform split of a settleMode-2 owner (role 3, capped by the open fee period), then splitAmounts (the seed's rule): electricity to the property (role 5; none for a card), the
 * parties' shares of Base = G − shared costs (roles 1/2, floor, the party's cardRate for a card), the owner's remainder
 * (role 0). The rows add up to G and are dated `at` (their AccountDailyStat day too).
 */
export async function splitOrder(
  db: Db,
  order: SplitSource,
  gross: number,
  kind: 'charge' | 'coin' | 'card',
  at: number,
  now: number,
  orderType?: 2 | 3 | 5,
): Promise<void> {
  const payDay = dayOf(Number(order.payTime));
  // The rule in force on the pay day: a 待生效 version whose day has come is switched on first (B.6).
  await activateDueVersions(db, now, order.siteId);
  const version = await one<{
    id: number;
    electricBearer: number;
    electricPrice: number;
    channelFeeBearer: number;
    platformFeeBearer: number;
  }>(
    db,
    `select id, electric_bearer, electric_price, channel_fee_bearer, platform_fee_bearer from site_share_rule_version
     where site_id = $1 and status in (1, 5) and effective_date <= $2 order by effective_date desc, version desc limit 1`,
    [order.siteId, payDay],
  );
  if (!version) return;
  const parties = await rows<{
    userId: number;
    partyType: number;
    chargeRate: number;
    cardRate: number;
    coinRate: number;
  }>(
    db,
    'select user_id, party_type, charge_rate, card_rate, coin_rate from site_share_party where version_id = $1 order by id',
    [version.id],
  );
  const site = await one<{ operatorId: number; merchantId: number | null }>(
    db,
    'select operator_id, merchant_id from site where id = $1',
    [order.siteId],
  );
  if (!site) return;
  const owner = await one<{ settleMode: number }>(db, 'select settle_mode from account where id = $1', [
    site.operatorId,
  ]);
  const channelFee = kind !== 'coin' ? channelFeeOf(gross) : 0;
  let platformFee = 0;
  let proportion: number | null = null;
  let periodId: number | null = null;
  if (owner?.settleMode === 2 && kind !== 'coin') {
    const plan = await one<{ proportion: number }>(
      db,
      'select proportion from site_instalment where site_id = $1 and status = 1 order by id desc limit 1',
      [order.siteId],
    );
    const period = await one<{ id: number; dueAmount: number; deductedAmount: number }>(
      db,
      `select id, due_amount, deducted_amount from fee_period where account_id = $1 and status = 1
       order by period_no desc limit 1`,
      [site.operatorId],
    );
    if (plan && period) {
      proportion = Number(plan.proportion);
      periodId = Number(period.id);
      platformFee = platformSplitOf(gross, proportion, Number(period.dueAmount) - Number(period.deductedAmount));
      if (platformFee > 0)
        await db.query('update fee_period set deducted_amount = deducted_amount + $2, update_time = $3 where id = $1', [
          period.id,
          platformFee,
          now,
        ]);
    }
  }
  const electricCost = Math.round((Number(order.energyWh) * version.electricPrice) / 1000);
  const {
    shares,
    electricity,
    owner: ownerRest,
  } = splitAmounts(
    gross,
    { channelFee, platformFee, electricCost },
    version,
    parties.map((p) => ({
      userId: Number(p.userId),
      partyType: Number(p.partyType),
      rate: Number(kind === 'coin' ? p.coinRate : kind === 'card' ? p.cardRate : p.chargeRate),
    })),
    site.merchantId !== null,
  );
  const out: SplitRow[] = [];
  const plain = { accountId: null, partyType: null, rate: null, proportion: null, periodId: null };
  if (channelFee > 0) out.push({ ...plain, role: 4, amount: channelFee });
  if (platformFee > 0) out.push({ ...plain, role: 3, proportion, periodId, amount: platformFee });
  for (const { party, amount } of shares) {
    if (amount <= 0) continue;
    const role = party.partyType === 2 ? 1 : 2;
    out.push({ ...plain, role, accountId: party.userId, partyType: party.partyType, rate: party.rate, amount });
  }
  if (electricity > 0 && site.merchantId !== null)
    out.push({ ...plain, role: 5, accountId: Number(site.merchantId), partyType: 2, amount: electricity });
  out.push({ ...plain, role: 0, accountId: Number(site.operatorId), amount: ownerRest });

  const cashOnly = kind === 'coin';
  const day = dayOf(at);
  for (const r of out) {
    await db.query(
      `insert into order_split (order_type, order_id, order_no, site_id, version_id, role, account_id, party_type, rate,
         proportion, period_id, amount, cash_only, post_status, create_time, update_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 0, $14, $14)`,
      [
        kind === 'coin' ? 4 : kind === 'card' ? (orderType ?? 2) : 1,
        order.id,
        order.orderNo,
        order.siteId,
        version.id,
        r.role,
        r.accountId,
        r.partyType,
        r.rate,
        r.proportion,
        r.periodId,
        r.amount,
        cashOnly,
        at,
      ],
    );
    if (r.accountId !== null && !cashOnly && r.amount !== 0) {
      await db.query('update wallet set pending_income = pending_income + $2, update_time = $3 where account_id = $1', [
        r.accountId,
        r.amount,
        now,
      ]);
    }
    const owned = Number(site.operatorId);
    if (r.role === 1 || r.role === 2 || r.role === 5) {
      if (r.accountId !== null) await addAccountStat(db, r.accountId, order.siteId, day, { shareIn: r.amount }, now);
      await addAccountStat(db, owned, order.siteId, day, { shareOut: r.amount }, now);
    } else if (r.role === 3) await addAccountStat(db, owned, order.siteId, day, { platformFee: r.amount }, now);
    else if (r.role === 4) await addAccountStat(db, owned, order.siteId, day, { channelFee: r.amount }, now);
    if (r.accountId !== null) await addAccountStat(db, r.accountId, order.siteId, day, { myIncome: r.amount }, now);
  }
}

/** Adds to the AccountDailyStat row of (account, site, day), creating it with zeros when missing. */
export async function addAccountStat(
  db: Db,
  accountId: number,
  siteId: number,
  day: string,
  delta: { shareIn?: number; shareOut?: number; platformFee?: number; channelFee?: number; myIncome?: number },
  now: number,
): Promise<void> {
  await db.query(
    `insert into account_daily_stat (account_id, site_id, date, share_in, share_out, platform_fee, channel_fee,
       my_income, create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     on conflict (account_id, site_id, date) do update set
       share_in = account_daily_stat.share_in + excluded.share_in,
       share_out = account_daily_stat.share_out + excluded.share_out,
       platform_fee = account_daily_stat.platform_fee + excluded.platform_fee,
       channel_fee = account_daily_stat.channel_fee + excluded.channel_fee,
       my_income = account_daily_stat.my_income + excluded.my_income,
       update_time = excluded.update_time`,
    [
      accountId,
      siteId,
      day,
      delta.shareIn ?? 0,
      delta.shareOut ?? 0,
      delta.platformFee ?? 0,
      delta.channelFee ?? 0,
      delta.myIncome ?? 0,
      now,
    ],
  );
}

/** The socket and box an order starts on, and its site. */
interface StartPlace {
  siteId: number;
  deviceId: number;
  chargerId: number;
  serialNumber: string;
  socketNo: number;
}

/**
 * Inserts a running order (charging, settle status 0, the site's charge rule as its snapshot, owner as merchant) and
 * takes its socket (充电中, drawing `power` W when given) only if it is still idle — one conditional statement, so that
 * two parallel starts on one socket cannot both start (the loser throws 插座使用中 and its caller's transaction drops
 * its order). Resolves the order's id and number.
 */
async function startOrder(
  db: Db,
  place: StartPlace,
  order: {
    payType: number;
    chargeMode: 1 | 2 | 3;
    minutes: number;
    presetAmount: number | null;
    card: { id: number; cardNo: string; userId: number | null; phone: string; holderName: string } | null;
    power?: number;
  },
  at: number,
): Promise<{ orderId: number; orderNo: string }> {
  const orderId = await scalar(db, `select nextval(pg_get_serial_sequence('charge_order', 'id'))`);
  const orderNo = orderNoOf(orderId, at);
  await db.query(
    `insert into charge_order (id, order_no, merchant_id, site_id, device_id, charger_id, serial_number, socket_no,
       pay_type, charge_mode, preset_minutes, preset_amount, card_id, card_no, user_id, user_phone, nickname,
       rule_snapshot, pay_time, start_time, amount, status, settle_status, create_time, update_time)
     select $1, $2, s.operator_id, s.id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, s.charge_rule, $16,
       $16, 0, 1, 0, $16, $16
     from site s where s.id = $17`,
    [
      orderId,
      orderNo,
      place.deviceId,
      place.chargerId,
      place.serialNumber,
      place.socketNo,
      order.payType,
      order.chargeMode,
      order.minutes,
      order.presetAmount,
      order.card?.id ?? null,
      order.card?.cardNo ?? null,
      order.card?.userId ?? null,
      order.card ? order.card.phone || null : null,
      order.card ? order.card.holderName || null : null,
      at,
      place.siteId,
    ],
  );
  // The socket is taken only if it is still idle (one conditional statement).
  const taken = await db.query(
    `update charger set status = 1, power = coalesce($4, power), current_order_id = $2, update_time = $3
     where id = $1 and status = 0 and current_order_id is null`,
    [place.chargerId, orderId, at, order.power ?? null],
  );
  if (!taken.affectedRows) throw new BizError(INVALID, '插座使用中');
  return { orderId, orderNo };
}

/**
 * Starts a free order on an idle socket (Business rules C7: payType 7 远程充电 or 8 测试充电, amount 0, no income): the
 * charge order (charging, settle status 0, the site's charge rule as its snapshot, owner as merchant, `minutes` preset)
 * numbered like every order (orderNoOf), and the socket 充电中 with it, drawing `power` W (when given) until the next
 * report. Run it inside the caller's transaction. Resolves the order's id and number.
 */
export async function startFreeOrder(
  db: Db,
  order: StartPlace & { payType: 7 | 8; minutes: number; power?: number },
  at: number,
): Promise<{ orderId: number; orderNo: string }> {
  return startOrder(
    db,
    order,
    {
      payType: order.payType,
      chargeMode: 1,
      minutes: order.minutes,
      presetAmount: null,
      card: null,
      power: order.power,
    },
    at,
  );
}

/**
 * Starts a card-paid order on an idle socket (C-mine.md rule 7; the checks are the caller's, sandbox/pages/card-swipe.ts):
 * payType 3 储值卡 (card types 1, 3), 4 月卡 (type 2) or 5 电子卡 (type 4), amount 0 until it ends (a value card pays
 * its cost then, endOrder), chargeMode 3 充满自停 — or 1 按时长 for a 按次 start with its `presetAmount` — stopping at
 * `minutes`; the card and its holder on the order; the socket 充电中 drawing `power` W; one more order of the start day
 * in the site's SiteDailyStat. Run it inside the caller's transaction. Resolves the order's id and number.
 */
export async function startCardOrder(
  db: Db,
  place: StartPlace,
  order: {
    payType: 3 | 4 | 5;
    minutes: number;
    presetAmount: number | null;
    card: { id: number; cardNo: string; userId: number | null; phone: string; holderName: string };
    power: number;
  },
  at: number,
): Promise<{ orderId: number; orderNo: string }> {
  const started = await startOrder(db, place, { ...order, chargeMode: order.presetAmount === null ? 3 : 1 }, at);
  await db.query('update card set last_use_time = $2, update_time = $2 where id = $1', [order.card.id, at]);
  await addSiteDailyStat(db, place.siteId, dayOf(at), { orderCount: 1 }, at);
  return started;
}

/** A new order number: 'CD' + yyyyMMddHHmmss (Asia/Shanghai) + the id on 6 digits, as the seed numbers orders. */
export function orderNoOf(id: number, at: number): string {
  return `CD${stamp(at)}${pad(id, 6)}`;
}
