import { addDays, DAY_MS, startOfDay } from '../../lib/time';
import { ACC, type CardState, type MonthTemplate, type SeedCtx } from './context';
import { HOUR_MS, MIN_MS, pad } from './util';
import { at, type World } from './world';

/** A card recharge to replay (CardRecharge row before the balances are known). */
export interface RechargeIntent {
  time: number;
  card: CardState;
  type: 1 | 2 | 3 | 4;
  channel: 1 | 2;
  payType: number;
  payAmount: number;
  giveAmount: number;
  template?: MonthTemplate;
  periodStart?: string;
  periodEnd?: string;
  operatorAccountId?: number;
  operatorName?: string;
  remark?: string;
  /** Refund of the whole recharge at this instant (area card, before any consumption). */
  refundAt?: number;
  /** Unsigned owner: held (settleStatus 2). */
  held?: boolean;
}

/** A factory reset (注销) of a card at an instant. */
export interface ResetIntent {
  time: number;
  card: CardState;
  reason: 1 | 2 | 3 | 4;
}

export interface CardPlan {
  cards: CardState[];
  recharges: RechargeIntent[];
  resets: ResetIntent[];
  /** Closing of an e-card by its rider once its balance is used up. */
  drainCard: CardState | null;
}

const T20 = { payAmount: 2000, giveAmount: 0 };
const T30 = { payAmount: 3000, giveAmount: 200 };
const T50 = { payAmount: 5000, giveAmount: 500 };
const T100 = { payAmount: 10000, giveAmount: 1500 };
/** Recharge tiers of sites 1–5 (fen): pay / gift. */
const TIERS = [T20, T30, T50, T100];

/** Recharge / month-card templates on sites 1–5, the AI gift config, the old-card activity. */
function seedTemplates(ctx: SeedCtx): Map<number, MonthTemplate[]> {
  const created = at(addDays(ctx.today, -300), 10);
  const month = new Map<number, MonthTemplate[]>();
  for (let siteId = 1; siteId <= 5; siteId++) {
    ctx.push('card_recharge_template', {
      siteId,
      tiers: TIERS,
      customAmount: 1,
      minAmount: 1000,
      createTime: created,
      updateTime: created,
    });
    ctx.push('simple_value_card_template', {
      siteId,
      chargeMode: 1,
      perSwipeAmount: 0,
      perSwipeMinutes: 0,
      onlineRecharge: 1,
      createTime: created,
      updateTime: created,
    });
    const list: MonthTemplate[] = [];
    for (const t of [
      { name: '包月卡', days: 30, price: 3000 },
      { name: '季卡', days: 90, price: 8000 },
    ]) {
      const tpl: MonthTemplate = {
        id: ctx.id('month_card_template'),
        siteId,
        name: t.name,
        days: t.days,
        price: t.price,
        dailyTimesLimit: 2,
        maxMinutesPerCharge: 480,
        maxPowerW: 800,
      };
      list.push(tpl);
      ctx.push('month_card_template', { ...tpl, enabled: 1, createTime: created, updateTime: created });
    }
    month.set(siteId, list);
  }
  ctx.push('ai_give_config', {
    siteId: 1,
    status: 2,
    startDate: addDays(ctx.today, -30),
    recommendTiers: [
      { payAmount: 3000, giveAmount: 300 },
      { payAmount: 5000, giveAmount: 600 },
      { payAmount: 10000, giveAmount: 1600 },
    ],
    createTime: ctx.now - 32 * DAY_MS,
    updateTime: ctx.now - 31 * DAY_MS,
  });
  return month;
}

function newCard(
  ctx: SeedCtx,
  cardType: 1 | 2 | 3 | 4,
  merchantId: number,
  siteIds: number[],
  groupId: number | null,
  createTime: number,
): CardState {
  const id = ctx.id('card');
  const prefix = { 1: '1008', 2: '2008', 3: '3008', 4: 'EC20' }[cardType];
  return {
    id,
    cardNo: `${prefix}${pad((id * 7919) % 1_000_000, 6)}${pad(id, 2).slice(-2)}`,
    cardType,
    merchantId,
    siteIds,
    groupId,
    status: 1,
    holderName: '',
    phone: '',
    userId: null,
    licenseNumber: '',
    rfidNo: cardType === 2 ? `E28011${pad((id * 104729) % 10_000_000, 8)}` : null,
    balance: 0,
    give: 0,
    usableFrom: Infinity,
    usableUntil: Infinity,
    activeTime: null,
    lastUseTime: null,
    createTime,
    template: null,
    periods: [],
    pauseDate: null,
    freezes: [],
    dayUse: new Map(),
    prefer: false,
    remark: '',
  };
}

/** Cards of the demo (entities.md › Demo data › Cards) and the recharges / resets to replay. */
export function planCards(ctx: SeedCtx, world: World): CardPlan {
  const { rnd, now, today } = ctx;
  const monthTemplates = seedTemplates(ctx);
  const cards: CardState[] = [];
  const recharges: RechargeIntent[] = [];
  const resets: ResetIntent[] = [];
  const windowStart = startOfDay(ctx.day0);
  const riders = [...world.riders];
  let riderIdx = 0;
  const nextRider = () => {
    const r = riders[riderIdx++ % riders.length];
    if (!r) throw new Error('no riders');
    return r;
  };
  const holder = (c: CardState) => {
    const r = nextRider();
    c.holderName = rnd.chance(0.8) ? randomHolder(ctx) : r.nickname.slice(0, 10);
    c.phone = r.phone;
    c.userId = r.id;
    c.licenseNumber = rnd.chance(0.7) ? r.license : '';
  };
  const time = (daysAgo: number) => at(addDays(today, -daysAgo), rnd.int(8, 21), rnd.int(0, 59));
  const offline = (t: number, siteIds: number[]) => {
    const bySub = siteIds.every((s) => s === 1 || s === 2) && rnd.chance(0.4);
    return {
      channel: 2 as const,
      payType: rnd.weighted([
        [3, 7],
        [4, 2],
        [5, 1],
      ] as const),
      operatorAccountId: bySub ? ACC.subAccount : ACC.operator,
      operatorName: bySub ? '李娜' : '陈建国',
      time: t,
    };
  };
  const online = (t: number) => ({ channel: 1 as const, payType: rnd.chance(0.6) ? 1 : 2, time: t });
  const tier = () =>
    rnd.weighted([
      [T20, 3],
      [T30, 3],
      [T50, 3],
      [T100, 1],
    ] as const);

  // ---- 60 site value cards -----------------------------------------------------------------------------------------
  const valueStatuses = shuffle(ctx, [
    ...Array<string>(45).fill('normal'),
    ...Array<string>(10).fill('inactive'),
    ...Array<string>(3).fill('frozen'),
    ...Array<string>(2).fill('reset'),
  ]);
  const valueSites = [
    ...Array<number>(15).fill(1),
    ...Array<number>(12).fill(2),
    ...Array<number>(12).fill(3),
    ...Array<number>(10).fill(4),
    ...Array<number>(11).fill(5),
  ];
  const replaceTargets: CardState[] = [];
  valueStatuses.forEach((st, k) => {
    const siteId = valueSites[k] ?? 1;
    const preWindow = st !== 'normal' || rnd.chance(0.7);
    const activeDaysAgo = preWindow ? rnd.int(95, 400) : rnd.int(5, 85);
    const activeTime = time(activeDaysAgo);
    const card = newCard(ctx, 1, ACC.operator, [siteId], null, activeTime - rnd.int(0, 20) * DAY_MS);
    cards.push(card);
    if (st === 'inactive') {
      card.createTime = time(rnd.int(20, 200));
      return;
    }
    holder(card);
    card.status = 3;
    card.activeTime = activeTime;
    card.usableFrom = activeTime + 10 * MIN_MS;
    const first = tier();
    const pay = preWindow
      ? offline(activeTime, card.siteIds)
      : rnd.chance(0.6)
        ? online(activeTime)
        : offline(activeTime, card.siteIds);
    recharges.push({ ...pay, card, type: 2, payAmount: first.payAmount, giveAmount: first.giveAmount });
    if (st === 'frozen') {
      card.status = 2;
      card.usableUntil = now - rnd.int(5, 25) * DAY_MS - rnd.int(0, 10) * HOUR_MS;
      card.remark = '用户挂失，暂时冻结';
    } else if (st === 'reset') {
      const t = now - rnd.int(8, 40) * DAY_MS - rnd.int(0, 10) * HOUR_MS;
      card.usableUntil = t;
      resets.push({ time: t, card, reason: rnd.chance(0.5) ? 1 : 2 });
    } else if (!preWindow && (siteId === 1 || siteId === 2) && replaceTargets.length < 5 && activeDaysAgo <= 60) {
      replaceTargets.push(card);
    }
  });

  // ---- 20 month cards ------------------------------------------------------------------------------------------------
  const monthStatuses = shuffle(ctx, [
    ...Array<string>(15).fill('normal'),
    'expired',
    'expired',
    'paused',
    'inactive',
    'inactive',
  ]);
  const monthSites = [1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5];
  monthStatuses.forEach((st, k) => {
    const siteId = monthSites[k] ?? 1;
    const templates = monthTemplates.get(siteId) ?? [];
    const tpl = (rnd.chance(0.8) ? templates[0] : templates[1]) ?? templates[0];
    if (!tpl) throw new Error('month template');
    const card = newCard(ctx, 2, ACC.operator, [siteId], null, time(rnd.int(100, 300)));
    cards.push(card);
    if (st === 'inactive') return;
    holder(card);
    card.template = tpl;
    let end = st === 'expired' ? addDays(today, -rnd.int(3, 30)) : addDays(today, rnd.int(1, tpl.days - 1));
    const periods: { start: string; end: string }[] = [];
    for (;;) {
      const start = addDays(end, -(tpl.days - 1));
      periods.unshift({ start, end });
      if (startOfDay(start) < windowStart - 20 * DAY_MS) break;
      end = addDays(start, -1);
    }
    card.periods = periods;
    periods.forEach((p, i) => {
      let t = at(addDays(p.start, -rnd.int(0, 2)), rnd.int(8, 21), rnd.int(0, 59));
      if (t > now - HOUR_MS) t = now - rnd.int(2, 6) * HOUR_MS;
      const pay = t < windowStart ? offline(t, card.siteIds) : rnd.chance(0.75) ? online(t) : offline(t, card.siteIds);
      recharges.push({
        ...pay,
        card,
        type: 3,
        payAmount: tpl.price,
        giveAmount: 0,
        template: tpl,
        periodStart: p.start,
        periodEnd: p.end,
      });
      if (i === 0) {
        card.activeTime = t;
        card.usableFrom = startOfDay(p.start);
      }
    });
    const last = periods[periods.length - 1];
    card.usableUntil = last ? startOfDay(addDays(last.end, 1)) : Infinity;
    card.status = st === 'expired' ? 5 : 3;
    if (st === 'paused') {
      card.status = 6;
      card.pauseDate = addDays(today, -6);
      card.usableUntil = startOfDay(card.pauseDate);
      card.remark = '用户外出，停卡';
    }
  });

  // ---- 15 area value cards on 区域A (sites 1–2) -------------------------------------------------------------------
  for (let k = 0; k < 15; k++) {
    const activeTime = time(k < 10 ? rnd.int(95, 300) : rnd.int(40, 85));
    const card = newCard(ctx, 3, ACC.operator, [1, 2], world.areaGroupId, activeTime - rnd.int(1, 15) * DAY_MS);
    cards.push(card);
    if (k === 14) continue; // 未激活
    holder(card);
    card.status = 3;
    card.activeTime = activeTime;
    card.usableFrom = activeTime + 10 * MIN_MS;
    const first = tier();
    recharges.push({
      ...offline(activeTime, [1, 2]),
      card,
      type: 2,
      payAmount: first.payAmount,
      giveAmount: first.giveAmount,
    });
  }
  const area = cards.filter((c) => c.cardType === 3 && c.status === 3);
  const freezeSpecs: { idx: number; at: number; amount: number; prefer: boolean; lock: boolean; refund: boolean }[] = [
    { idx: 0, at: now - 4 * HOUR_MS - 17 * MIN_MS, amount: 5000, prefer: false, lock: true, refund: false }, // 冻结中
    { idx: 1, at: now - 20 * DAY_MS + 3 * HOUR_MS, amount: 10000, prefer: true, lock: false, refund: false }, // 部分解冻
    { idx: 2, at: now - 12 * DAY_MS - 2 * HOUR_MS, amount: 10000, prefer: true, lock: false, refund: false }, // 部分解冻
    { idx: 3, at: now - 70 * DAY_MS + 5 * HOUR_MS, amount: 3000, prefer: true, lock: false, refund: false }, // 已解冻
    { idx: 4, at: now - 30 * DAY_MS + 1 * HOUR_MS, amount: 5000, prefer: false, lock: true, refund: true }, // 已退款
  ];
  for (const f of freezeSpecs) {
    const card = area[f.idx];
    if (!card) continue;
    card.prefer = f.prefer;
    if (f.lock) card.usableUntil = f.at;
    recharges.push({
      ...online(f.at),
      card,
      type: 1,
      payAmount: f.amount,
      giveAmount: 0,
      refundAt: f.refund ? f.at + 22 * HOUR_MS : undefined,
    });
  }

  // ---- 10 e-cards (online only) --------------------------------------------------------------------------------------
  let drainCard: CardState | null = null;
  for (let k = 0; k < 10; k++) {
    const siteId = Math.floor(k / 2) + 1;
    const activeTime = time(k === 9 ? 60 : rnd.int(10, 85));
    const card = newCard(ctx, 4, ACC.operator, [siteId], null, activeTime);
    cards.push(card);
    holder(card);
    card.status = 3;
    card.activeTime = activeTime;
    card.usableFrom = activeTime + 5 * MIN_MS;
    const amount = k === 9 ? 500 : rnd.pick([1000, 2000, 3000]);
    recharges.push({ ...online(activeTime), card, type: 2, payAmount: amount, giveAmount: 0 });
    if (k === 9) {
      card.prefer = true;
      drainCard = card;
    }
  }

  // ---- 5 cards of the unsigned operator 10008 with held first recharges ----------------------------------------------
  const heldTimes = [
    now - 15 * DAY_MS + 5 * HOUR_MS, // within 3 days of the deadline
    now - 10 * DAY_MS - 3 * HOUR_MS,
    now - 7 * DAY_MS + 2 * HOUR_MS,
    now - 4 * DAY_MS - 5 * HOUR_MS,
    now - 26 * HOUR_MS,
  ];
  for (const t of heldTimes) {
    const card = newCard(ctx, 1, ACC.unsignedOperator, [10], null, t - 3 * DAY_MS);
    cards.push(card);
    holder(card);
    card.status = 3;
    card.activeTime = t;
    card.usableFrom = Infinity; // no card orders at 10008
    recharges.push({ ...online(t), card, type: 2, payAmount: rnd.pick([3000, 5000]), giveAmount: 0, held: true });
  }

  // ---- scheduled top-ups over the window -------------------------------------------------------------------------
  const usableAt = (c: CardState, t: number) => c.usableFrom <= t && t < c.usableUntil;
  const valueCards = cards.filter((c) => c.cardType === 1 && c.merchantId === ACC.operator && c.activeTime !== null);
  const eCards = cards.filter((c) => c.cardType === 4 && c !== drainCard);
  const areaCards = area.filter((c) => !freezeSpecs.some((f) => f.lock && area[f.idx] === c));
  for (let d = 0; d < 90; d++) {
    const day = addDays(ctx.day0, d);
    const slot = () =>
      at(
        day,
        rnd.weighted([
          [8, 2],
          [10, 1],
          [12, 2],
          [18, 3],
          [20, 3],
          [21, 2],
        ] as const),
        rnd.int(0, 59),
      ) +
      rnd.int(0, 59) * 1000;
    const nOnline = rnd.weighted([
      [1, 2],
      [2, 4],
      [3, 3],
    ] as const);
    for (let i = 0; i < nOnline; i++) {
      const t = slot();
      if (t > now - 30 * MIN_MS) continue;
      const pool = rnd.chance(0.8) ? valueCards : eCards;
      const choices = pool.filter((c) => usableAt(c, t));
      if (choices.length === 0) continue;
      const card = rnd.pick(choices);
      const tr = card.cardType === 4 ? { payAmount: rnd.pick([1000, 2000, 3000, 5000]), giveAmount: 0 } : tier();
      recharges.push({ ...online(t), card, type: 1, ...tr });
    }
    if (rnd.chance(0.9)) {
      const t = slot();
      if (t <= now - 30 * MIN_MS) {
        const pool = rnd.chance(0.6) ? valueCards : areaCards;
        const choices = pool.filter((c) => usableAt(c, t));
        if (choices.length > 0) {
          const card = rnd.pick(choices);
          const tr = tier();
          recharges.push({ ...offline(t, card.siteIds), card, type: 1, ...tr });
        }
      }
    }
  }

  // ---- old-card replacement activity (sites 1–2, 30 imported cards, 5 replaced) ------------------------------------
  const actStart = now - 62 * DAY_MS;
  const activityId = ctx.id('card_replace_activity');
  ctx.push('card_replace_activity', {
    id: activityId,
    merchantId: ACC.operator,
    name: '翠苑旧卡免费换新',
    startTime: actStart,
    endTime: now + 28 * DAY_MS,
    status: 2,
    rules: '持旧卡到车棚管理员处登记，旧卡余额转入新卡赠送金额，每卡最多转入¥100.00。',
    maxTransferAmount: 10000,
    allowManualBalance: 0,
    siteIds: [1, 2],
    createTime: actStart - DAY_MS,
    updateTime: actStart - DAY_MS,
  });
  const olds: { id: number; siteId: number; oldCard: string; balance: number; phone: string }[] = [];
  for (let k = 0; k < 30; k++) {
    const id = ctx.id('old_card');
    olds.push({
      id,
      siteId: k % 2 === 0 ? 1 : 2,
      oldCard: `0${pad(31_000_000 + k * 7331, 9)}`,
      balance: rnd.int(3, 80) * 100 + rnd.pick([0, 50]),
      phone: nextRider().phone,
    });
  }
  const replaceRows = new Map<number, number>();
  replaceTargets.forEach((card, k) => {
    const old = olds[k * 3];
    if (!old || card.activeTime === null) return;
    const t = card.activeTime + 20 * MIN_MS;
    const rechargeType = k < 2 ? 1 : 2;
    const amount = Math.min(old.balance, 10000);
    const recId = ctx.id('card_replace_record');
    replaceRows.set(old.id, recId);
    ctx.push('card_replace_record', {
      id: recId,
      activityId,
      oldCard: old.oldCard,
      oldCardBalance: old.balance,
      phone: card.phone,
      rechargeType,
      newCardId: card.id,
      newCard: card.cardNo,
      siteId: card.siteIds[0] ?? 1,
      remark: '',
      status: 3,
      operatorAccountId: ACC.subAccount,
      createTime: t,
      updateTime: t,
    });
    recharges.push({
      time: t,
      card,
      type: 4,
      channel: 2,
      payType: 6,
      payAmount: rechargeType === 1 ? amount : 0,
      giveAmount: rechargeType === 1 ? 0 : amount,
      operatorAccountId: ACC.subAccount,
      operatorName: '李娜',
      remark: `旧卡${old.oldCard}转入`,
    });
  });
  for (const o of olds) {
    const rec = replaceRows.get(o.id) ?? null;
    ctx.push('old_card', {
      id: o.id,
      activityId,
      siteId: o.siteId,
      oldCard: o.oldCard,
      balance: o.balance,
      holderPhone: o.phone,
      replaced: rec ? 1 : 0,
      replaceRecordId: rec,
      createTime: actStart,
      updateTime: actStart,
    });
  }

  recharges.sort((a, b) => a.time - b.time);
  return { cards, recharges, resets, drainCard };
}

function randomHolder(ctx: SeedCtx): string {
  const s = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹';
  const g = [
    '建平',
    '秀兰',
    '海涛',
    '丽华',
    '志刚',
    '春燕',
    '国强',
    '玉梅',
    '小军',
    '晓峰',
    '红霞',
    '伟',
    '静',
    '磊',
    '婷',
    '鑫',
  ];
  return s[ctx.rnd.int(0, s.length - 1)] + ctx.rnd.pick(g);
}

function shuffle<T>(ctx: SeedCtx, list: T[]): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = ctx.rnd.int(0, i);
    const x = a[i] as T;
    a[i] = a[j] as T;
    a[j] = x;
  }
  return a;
}
