import { addDays, DAY_MS, dayOf, startOfDay } from '../../lib/time';
import type { RechargeIntent, CardPlan } from './cards';
import { ACC, type CardState, type ChargerDef, type FreezeState, type SeedCtx, type SiteDef } from './context';
import { type ChargeRule, HOUR_MS, MIN_MS, pad, stamp, tierPrice } from './util';
import { at, type World } from './world';

type Want = 'scan' | 'coin' | 'value' | 'area' | 'month' | 'ecard' | 'test' | 'remote' | 'running';
type RefundClass = 'none' | 'fullAuto' | 'fullManual' | 'partAuto' | 'partManual';

interface OrderIntent {
  time: number;
  siteId: number;
  want: Want;
  /** Unsigned-owner orders: held (settleStatus 2) or already returned (4). */
  hold?: 'held' | 'returned';
  payType?: 1 | 2;
  remoteFail?: boolean;
}

/** A charge order being generated (fields = ChargeOrder columns + replay details). */
export interface OrderRec {
  id: number;
  orderNo: string;
  site: SiteDef;
  charger: ChargerDef;
  userId: number | null;
  userPhone: string | null;
  nickname: string | null;
  payType: number;
  card: CardState | null;
  transactionNo: string | null;
  coinCount: number | null;
  chargeMode: 1 | 2 | 3;
  presetMinutes: number | null;
  presetAmount: number | null;
  rule: ChargeRule;
  payTime: number;
  startTime: number;
  endTime: number | null;
  durationMinutes: number;
  energyWh: number;
  maxPowerW: number;
  avgPowerW: number;
  endReason: number | null;
  amount: number;
  consumeAmount: number;
  /** Refund made by the system when the order ended (free minutes / full stop); the split uses amount − autoRefund. */
  autoRefund: number;
  manualRefund: { time: number; amount: number; reason: string } | null;
  status: number;
  hold: 'held' | 'returned' | null;
  releases: { freeze: FreezeState; amount: number; id: number }[];
  createTime: number;
  /** Filled by the money replay. */
  settleStatus: number;
  settleTime: number | null;
  deadline: number | null;
  returnTime: number | null;
}

/** A card recharge being replayed (CardRecharge row + freeze). */
export interface RechargeRec {
  id: number;
  rechargeNo: string;
  intent: RechargeIntent;
  card: CardState;
  balanceAfter: number;
  giveBalanceAfter: number;
  freeze: FreezeState | null;
  status: number;
  refundAmount: number;
  refundTime: number | null;
  settleStatus: number | null;
  settleTime: number | null;
  deadline: number | null;
}

export interface RemoteRec {
  order: OrderRec | null;
  time: number;
  siteId: number;
  charger: ChargerDef;
  minutes: number;
  reasonType: number;
  failed: boolean;
}

export interface Activity {
  orders: OrderRec[];
  recharges: RechargeRec[];
  remotes: RemoteRec[];
  running: OrderRec[];
}

const HOUR_WEIGHTS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 0.6],
  [2, 0.4],
  [3, 0.3],
  [4, 0.3],
  [5, 0.4],
  [6, 1.2],
  [7, 2.5],
  [8, 2.8],
  [9, 1.6],
  [10, 1.2],
  [11, 1.2],
  [12, 1.6],
  [13, 1.4],
  [14, 1.1],
  [15, 1.1],
  [16, 1.4],
  [17, 2.2],
  [18, 3.6],
  [19, 4.2],
  [20, 4.4],
  [21, 3.8],
  [22, 2.6],
  [23, 1.6],
];

/** Post (02:00 next day) instant of a split made at `t`. */
export function postTimeOf(t: number): number {
  return at(addDays(dayOf(t), 1), 2, 0);
}

/** The rest (fen) below which the drained e-card's charge spends the whole balance. */
const DRAIN_REST = 300;

function intents(ctx: SeedCtx, world: World): OrderIntent[] {
  const { rnd, now } = ctx;
  const list: OrderIntent[] = [];
  const timeIn = (day: string) => at(day, rnd.weighted(HOUR_WEIGHTS), rnd.int(0, 59)) + rnd.int(0, 59) * 1000;
  const dayFactor = (day: string) => {
    const wd = new Date(startOfDay(day) + 8 * HOUR_MS).getUTCDay();
    return (wd === 0 || wd === 6 ? 1.08 : 0.97) * (0.9 + rnd.next() * 0.2);
  };
  // main operator, sites 1–5
  for (let d = 0; d < 90; d++) {
    const day = addDays(ctx.day0, d);
    const n = Math.round(60 * dayFactor(day));
    for (let i = 0; i < n; i++) {
      const want = rnd.weighted([
        ['scan', 70],
        ['coin', 10],
        ['valueAny', 10],
        ['month', 4],
        ['ecard', 3],
        ['test', 3],
      ] as const);
      const time = timeIn(day);
      if (want === 'coin') {
        list.push({ time, siteId: 5, want: 'coin' });
        continue;
      }
      if (want === 'valueAny' && rnd.chance(0.35)) {
        list.push({ time, siteId: rnd.chance(0.55) ? 1 : 2, want: 'area' });
        continue;
      }
      const siteId = rnd.weighted([
        [1, 14],
        [2, 11],
        [3, 11],
        [4, 10],
        [5, 8],
      ] as const);
      list.push({ time, siteId, want: want === 'valueAny' ? 'value' : want });
    }
  }
  // 10 remote starts in the last 30 days (the last one fails)
  for (let k = 0; k < 10; k++) {
    const time = now - rnd.int(1, 29) * DAY_MS - rnd.int(1, 10) * HOUR_MS;
    list.push({ time, siteId: rnd.int(1, 5), want: 'remote', remoteFail: k === 9 });
  }
  // agent site 7 since its boxes were bound
  const firstBind = Math.min(...(world.sites.get(7)?.chargers.map((c) => c.usableFrom) ?? [now]));
  for (let d = 0; d < 90; d++) {
    const day = addDays(ctx.day0, d);
    const n = Math.round(7 * dayFactor(day));
    for (let i = 0; i < n; i++) {
      const time = timeIn(day);
      if (time < firstBind + HOUR_MS) continue;
      list.push({ time, siteId: 7, want: rnd.chance(0.94) ? 'scan' : 'test' });
    }
  }
  // split-mode operator 10007: 30 days
  for (let d = 60; d < 90; d++) {
    const day = addDays(ctx.day0, d);
    const n = Math.round(25 * dayFactor(day));
    for (let i = 0; i < n; i++) {
      list.push({ time: timeIn(day), siteId: rnd.chance(0.55) ? 8 : 9, want: rnd.chance(0.96) ? 'scan' : 'test' });
    }
  }
  // unsigned operator 10008: 15 held charge orders (3 within 3 days of the deadline) + 3 returned
  for (let k = 0; k < 15; k++) {
    const time =
      k < 3 ? now - 15 * DAY_MS + rnd.int(3, 60) * HOUR_MS : now - rnd.int(1, 11) * DAY_MS - rnd.int(2, 20) * HOUR_MS;
    list.push({ time, siteId: 10, want: 'scan', hold: 'held' });
  }
  for (let k = 0; k < 3; k++) {
    list.push({
      time: now - rnd.int(17, 28) * DAY_MS - rnd.int(1, 12) * HOUR_MS,
      siteId: 10,
      want: 'scan',
      hold: 'returned',
    });
  }
  // the two orders charging right now
  list.push({ time: now - 95 * MIN_MS, siteId: 1, want: 'running', payType: 1 });
  list.push({ time: now - 38 * MIN_MS, siteId: 3, want: 'running', payType: 2 });
  return list;
}

type Ev =
  | { time: number; kind: 0; r: RechargeIntent }
  | { time: number; kind: 1; r: RechargeIntent }
  | { time: number; kind: 2; card: CardState; reason: number }
  | { time: number; kind: 3; o: OrderIntent };

/**
 * Replays orders, recharges, refunds of recharges and card resets in time order: picks free sockets, pays card
 * orders from card balances (principal first, then gift; area-card principal releases its freeze), decides
 * automatic/manual refunds. Rows are written later by the money replay.
 */
export function replayActivity(ctx: SeedCtx, world: World, plan: CardPlan): Activity {
  const { rnd, now } = ctx;
  const events: Ev[] = [];
  for (const r of plan.recharges) {
    events.push({ time: r.time, kind: 0, r });
    if (r.refundAt !== undefined) events.push({ time: r.refundAt, kind: 1, r });
  }
  for (const rs of plan.resets) events.push({ time: rs.time, kind: 2, card: rs.card, reason: rs.reason });
  for (const o of intents(ctx, world)) events.push({ time: o.time, kind: 3, o });
  events.sort((a, b) => a.time - b.time || a.kind - b.kind);

  const orders: OrderRec[] = [];
  const recharges: RechargeRec[] = [];
  const remotes: RemoteRec[] = [];
  const running: OrderRec[] = [];
  const rechargeOf = new Map<RechargeIntent, RechargeRec>();
  const cardsBy = new Map<string, CardState[]>();
  for (const c of plan.cards) {
    for (const s of c.siteIds) {
      const key = `${c.cardType}:${s}`;
      const l = cardsBy.get(key) ?? [];
      l.push(c);
      cardsBy.set(key, l);
    }
  }
  let freezeSeq = 0;
  let releaseSeq = 0;

  const usable = (c: CardState, t: number) => c.usableFrom <= t && t < c.usableUntil;
  const pickCard = (type: number, siteId: number, t: number, min: number): CardState | null => {
    const day = dayOf(t);
    const pool = (cardsBy.get(`${type}:${siteId}`) ?? []).filter((c) => {
      if (!usable(c, t)) return false;
      if (type === 2) {
        const tpl = c.template;
        if (!tpl || !c.periods.some((p) => p.start <= day && day <= p.end)) return false;
        return (c.dayUse.get(day) ?? 0) < tpl.dailyTimesLimit;
      }
      return c.balance + c.give >= min;
    });
    if (pool.length === 0) return null;
    const preferred = pool.filter((c) => c.prefer);
    if (preferred.length > 0 && (type === 4 || rnd.chance(0.6))) return rnd.pick(preferred);
    return rnd.pick(pool);
  };
  const pickPower = () => {
    const band = rnd.weighted([
      [[120, 200], 30],
      [[200, 400], 45],
      [[400, 650], 20],
      [[650, 900], 5],
    ] as const);
    return rnd.int(band[0], band[1]);
  };
  const freeCharger = (list: ChargerDef[], start: number, end: number): ChargerDef | null => {
    const free = list.filter((c) => c.usableFrom <= start && end < c.usableUntil && c.busyUntil <= start);
    return free.length > 0 ? rnd.pick(free) : null;
  };

  const placeOrder = (o: OrderIntent): void => {
    const site = world.sites.get(o.siteId);
    if (!site) return;
    const rule = site.rule;
    let want = o.want;
    let card: CardState | null = null;
    if (want === 'value' || want === 'area' || want === 'ecard' || want === 'month') {
      const type = { value: 1, month: 2, area: 3, ecard: 4 }[want];
      card = pickCard(type, o.siteId, o.time, want === 'ecard' ? 1 : 100);
      if (!card) want = 'scan';
    }
    const avg = want === 'test' ? rnd.int(80, 300) : pickPower();
    let maxPower = Math.min(1000, Math.round(avg * (1.08 + rnd.next() * 0.25)));
    let payType: number;
    let amount = 0;
    let duration: number;
    let endReason: number | null;
    let chargeMode: 1 | 2 | 3 = 1;
    let presetMinutes: number | null = null;
    let presetAmount: number | null = null;
    let coinCount: number | null = null;
    let autoRefund = 0;
    let manual: OrderRec['manualRefund'] = null;
    let refundClass: RefundClass = 'none';
    let energy = -1;
    const start = want === 'scan' || want === 'running' ? o.time + rnd.int(5, 25) * 1000 : o.time;
    const price = rule.billingMode === 1 ? tierPrice(rule, maxPower) : rule.energyPrice + rule.servicePrice;

    if (want === 'scan' || want === 'running') {
      payType = o.payType ?? (rnd.chance(0.6) ? 1 : 2);
      amount = rnd.weighted(rule.prepayOptions.map((v, i) => [v, [25, 35, 25, 15][i] ?? 10] as const));
      presetAmount = amount;
      if (want === 'running') {
        refundClass = 'none';
      } else if (!o.hold) {
        const r = rnd.next();
        refundClass =
          r < 0.04
            ? r < 0.02
              ? 'fullAuto'
              : 'fullManual'
            : r < 0.08
              ? r < 0.06
                ? 'partAuto'
                : 'partManual'
              : 'none';
      }
      if (rule.billingMode === 1) {
        const purchased = Math.min(rule.maxMinutes, Math.floor((amount / price) * 60));
        presetMinutes = purchased;
        chargeMode = 1;
        switch (refundClass) {
          case 'fullAuto':
            duration = rnd.int(1, Math.max(1, rule.freeMinutes));
            endReason = 8;
            autoRefund = amount;
            break;
          case 'fullManual':
            duration = rnd.int(3, 40);
            endReason = rnd.pick([5, 6]);
            break;
          case 'partAuto': {
            chargeMode = 3;
            duration = Math.max(rule.freeMinutes + 5, Math.floor(purchased * (0.3 + rnd.next() * 0.5)));
            const used = Math.ceil((duration * price) / 60);
            endReason = 1;
            autoRefund = Math.max(0, amount - used);
            if (autoRefund === 0) refundClass = 'none';
            break;
          }
          case 'partManual':
            duration = Math.max(rule.freeMinutes + 5, Math.floor(purchased * (0.3 + rnd.next() * 0.6)));
            endReason = 3;
            break;
          default:
            if (rnd.chance(0.55)) {
              duration = purchased;
              endReason = 2;
            } else {
              duration = Math.max(rule.freeMinutes + 5, Math.floor(purchased * (0.35 + rnd.next() * 0.6)));
              endReason = 3;
            }
        }
      } else {
        // billing by energy (site 7): the order stops when energy × price reaches the amount
        chargeMode = 2;
        const purchasedWh = Math.floor((amount * 1000) / price);
        switch (refundClass) {
          case 'fullAuto':
            duration = rnd.int(1, Math.max(1, rule.freeMinutes));
            endReason = 8;
            autoRefund = amount;
            break;
          case 'partAuto': {
            energy = Math.floor(purchasedWh * (0.3 + rnd.next() * 0.5));
            duration = Math.max(rule.freeMinutes + 5, Math.round((energy / avg) * 60));
            const used = Math.ceil((energy * price) / 1000);
            endReason = 1;
            autoRefund = Math.max(0, amount - used);
            if (autoRefund === 0) refundClass = 'none';
            break;
          }
          default:
            energy = Math.floor(purchasedWh * (0.5 + rnd.next() * 0.5));
            duration = Math.max(rule.freeMinutes + 5, Math.min(rule.maxMinutes, Math.round((energy / avg) * 60)));
            energy = Math.min(energy, Math.round((avg * duration) / 60));
            endReason = refundClass === 'fullManual' ? 5 : 3;
        }
      }
    } else if (want === 'coin') {
      payType = 6;
      coinCount = rnd.weighted([
        [1, 35],
        [2, 40],
        [3, 15],
        [4, 10],
      ] as const);
      amount = coinCount * 100;
      presetMinutes = Math.min(rule.maxMinutes, coinCount * rule.coinMinutes);
      if (rnd.chance(0.5)) {
        duration = presetMinutes;
        endReason = 2;
      } else {
        duration = Math.floor(presetMinutes * (0.5 + rnd.next() * 0.45));
        endReason = 1;
      }
    } else if (want === 'month' && card) {
      payType = 4;
      chargeMode = 3;
      const tpl = card.template;
      maxPower = Math.min(maxPower, tpl?.maxPowerW ?? 800);
      duration = rnd.int(60, Math.min(tpl?.maxMinutesPerCharge ?? 480, rule.maxMinutes));
      endReason = rnd.chance(0.6) ? 1 : 3;
    } else if (card) {
      payType = want === 'ecard' ? 5 : 3;
      chargeMode = 3;
      duration = rnd.int(60, Math.min(420, rule.maxMinutes));
      let cost = Math.ceil((duration * price) / 60);
      endReason = rnd.chance(0.6) ? 1 : 3;
      const avail = card.balance + card.give;
      // The drained e-card's rider charges until the card is empty: a remainder below DRAIN_REST is spent by this charge
      // (else how many charges its site happened to get, which depends on the time of day the world is built at, would
      // decide whether the card is empty and closed, and with it the demo account's card count).
      if (cost > avail || (card === plan.drainCard && avail - cost < DRAIN_REST)) {
        // the balance runs out: the charge stops and takes what is left on the card
        duration = Math.floor((avail * 60) / price);
        cost = avail;
        endReason = 7;
      }
      if (duration < 5 || cost <= 0) return;
      amount = cost;
    } else if (want === 'test') {
      payType = 8;
      duration = rnd.int(1, 5);
      presetMinutes = duration;
      endReason = 4;
    } else if (want === 'remote') {
      payType = 7;
      presetMinutes = rnd.pick([60, 120, 180, 240]);
      duration = rnd.chance(0.7) ? presetMinutes : rnd.int(30, presetMinutes - 10);
      endReason = duration === presetMinutes ? 2 : 4;
    } else {
      return;
    }

    const end = start + duration * MIN_MS + rnd.int(0, 50) * 1000;
    const isRunning = want === 'running';
    if (!isRunning && end > now - MIN_MS) return;
    const candidates = want === 'coin' ? site.coinChargers : site.chargers;
    const charger = isRunning
      ? freeCharger(
          candidates.filter((c) => c.usableUntil === Infinity),
          start,
          start,
        )
      : freeCharger(candidates, start, end);
    if (!charger) return;

    if (want === 'remote') {
      const rec: RemoteRec = {
        order: null,
        time: start,
        siteId: site.id,
        charger,
        minutes: presetMinutes ?? 60,
        reasonType: rnd.pick([1, 2, 3, 4]),
        failed: !!o.remoteFail,
      };
      remotes.push(rec);
      if (o.remoteFail) return;
    }
    charger.busyUntil = isRunning ? Infinity : end;

    if (energy < 0) energy = Math.round((avg * duration) / 60);
    if (refundClass === 'fullManual' || refundClass === 'partManual') {
      const post = postTimeOf(end);
      const t = post + rnd.int(2, 60) * HOUR_MS + rnd.int(0, 59) * MIN_MS;
      if (t <= now - 10 * MIN_MS && t <= start + 30 * DAY_MS) {
        const refundAmount =
          refundClass === 'fullManual' ? amount : Math.max(1, Math.floor(amount * (0.3 + rnd.next() * 0.3)));
        manual = {
          time: t,
          amount: refundAmount,
          reason: refundClass === 'fullManual' ? '设备异常未正常充电，全额退款' : '用户反馈充电中断，协商退还部分费用',
        };
      } else if (refundClass === 'fullManual') {
        duration = Math.min(duration, rule.freeMinutes);
        autoRefund = amount;
        endReason = 8;
      }
    }

    // card payment (principal first, then gift); area-card principal releases its freezes (oldest first)
    const releases: OrderRec['releases'] = [];
    if (card && (payType === 3 || payType === 5)) {
      const principal = Math.min(card.balance, amount);
      card.balance -= principal;
      card.give -= amount - principal;
      let toRelease = principal;
      for (const f of card.freezes) {
        if (toRelease <= 0) break;
        const remaining = f.amount - f.released - f.refunded;
        const part = Math.min(remaining, toRelease);
        if (part <= 0) continue;
        f.released += part;
        f.lastReleaseTime = end;
        toRelease -= part;
        releases.push({ freeze: f, amount: part, id: ++releaseSeq });
      }
    }
    if (card) {
      card.lastUseTime = start;
      const day = dayOf(start);
      card.dayUse.set(day, (card.dayUse.get(day) ?? 0) + 1);
    }
    const rider = card ? null : want === 'scan' || want === 'running' ? rnd.pick(world.riders) : null;
    const id = orders.length + 1;
    const order: OrderRec = {
      id,
      orderNo: `CD${stamp(o.time)}${pad(id, 6)}`,
      site,
      charger,
      userId: card ? card.userId : (rider?.id ?? null),
      userPhone: card ? card.phone || null : (rider?.phone ?? null),
      nickname: card ? card.holderName || null : (rider?.nickname ?? null),
      payType,
      card,
      transactionNo:
        payType === 1
          ? `4200${pad(rnd.int(0, 99_999_999), 8)}${stamp(o.time).slice(0, 8)}${pad(id, 8)}`
          : payType === 2
            ? `${stamp(o.time).slice(0, 8)}2200${pad(rnd.int(0, 99_999_999), 8)}${pad(id, 8)}`
            : null,
      coinCount,
      chargeMode,
      presetMinutes,
      presetAmount,
      rule,
      payTime: o.time,
      startTime: start,
      endTime: isRunning ? null : end,
      durationMinutes: isRunning ? Math.floor((now - start) / MIN_MS) : duration,
      energyWh: isRunning ? Math.round((avg * (now - start)) / HOUR_MS) : energy,
      maxPowerW: maxPower,
      avgPowerW: avg,
      endReason: isRunning ? null : endReason,
      amount,
      consumeAmount: amount - autoRefund,
      autoRefund,
      manualRefund: manual,
      status: isRunning ? 1 : 2,
      hold: o.hold ?? null,
      releases,
      createTime: o.time,
      settleStatus: 0,
      settleTime: null,
      deadline: null,
      returnTime: null,
    };
    orders.push(order);
    if (isRunning) {
      running.push(order);
      charger.status = 1;
    }
    if (want === 'remote') {
      const rec = remotes[remotes.length - 1];
      if (rec) rec.order = order;
    }
  };

  for (const ev of events) {
    if (ev.kind === 3) {
      placeOrder(ev.o);
    } else if (ev.kind === 0) {
      const r = ev.r;
      const card = r.card;
      if (card.cardType !== 2 && card.balance + card.give + r.payAmount + r.giveAmount > 500000) continue;
      if (card.cardType !== 2) {
        card.balance += r.payAmount;
        card.give += r.giveAmount;
      }
      const id = recharges.length + 1;
      let freeze: FreezeState | null = null;
      if (card.cardType === 3 && r.channel === 1) {
        freeze = {
          id: ++freezeSeq,
          rechargeId: id,
          amount: r.payAmount,
          released: 0,
          refunded: 0,
          lastReleaseTime: null,
          payTime: r.time,
        };
        card.freezes.push(freeze);
      }
      const rec: RechargeRec = {
        id,
        rechargeNo: `CZ${stamp(r.time)}${pad(id, 6)}`,
        intent: r,
        card,
        balanceAfter: card.balance,
        giveBalanceAfter: card.give,
        freeze,
        status: 1,
        refundAmount: 0,
        refundTime: null,
        settleStatus: null,
        settleTime: null,
        deadline: null,
      };
      recharges.push(rec);
      rechargeOf.set(r, rec);
    } else if (ev.kind === 1) {
      const rec = rechargeOf.get(ev.r);
      if (!rec || !rec.freeze) continue;
      const f = rec.freeze;
      const remaining = f.amount - f.released - f.refunded;
      const refund = Math.min(remaining, rec.card.balance);
      if (refund <= 0) continue;
      f.refunded += refund;
      rec.card.balance -= refund;
      rec.status = refund === rec.intent.payAmount ? 2 : 1;
      rec.refundAmount = refund;
      rec.refundTime = ev.time;
    } else {
      const card = ev.card;
      ctx.push('card_reset_record', {
        id: ctx.id('card_reset_record'),
        cardId: card.id,
        cardNo: card.cardNo,
        cardType: card.cardType,
        holderName: card.holderName,
        phone: card.phone,
        clearedBalance: card.balance,
        clearedGiveBalance: card.give,
        monthEndDate: null,
        remainDays: null,
        reason: ev.reason,
        reasonRemark: ev.reason === 1 ? '用户搬离小区退卡' : '卡片损坏无法读取',
        siteNames: card.siteIds.map((s) => world.sites.get(s)?.name ?? '').join('、'),
        operatorAccountId: ACC.operator,
        operatorName: '陈建国',
        resetTime: ev.time,
        createTime: ev.time,
        updateTime: ev.time,
      });
      card.balance = 0;
      card.give = 0;
      card.status = 1;
      card.holderName = '';
      card.phone = '';
      card.userId = null;
      card.licenseNumber = '';
      card.activeTime = null;
      card.usableUntil = ev.time;
    }
  }
  // the drained e-card is closed by its rider the day after its last use
  const drain = plan.drainCard;
  if (
    drain &&
    drain.balance === 0 &&
    drain.give === 0 &&
    drain.lastUseTime !== null &&
    drain.lastUseTime + DAY_MS < now
  ) {
    drain.status = 4;
    drain.usableUntil = drain.lastUseTime + DAY_MS;
  }
  return { orders, recharges, remotes, running };
}
