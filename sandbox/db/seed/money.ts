import { addDays, addMonths, DAY_MS, dayOf, monthOf, startOfDay } from '../../lib/time';
import { type Activity, type OrderRec, type RechargeRec, postTimeOf } from './activity';
import { ACC, type SeedCtx, type SiteDef, type VersionDef } from './context';
import { HOUR_MS, MIN_MS, pad, roundDiv, stamp } from './util';
import { OPERATOR_CARDS } from './merchant';
import { replaySettlement } from './settlement';
import { at, lastDayOfMonth, type World } from './world';

/** One OrderSplit row (D OrderSplit). */
export interface SplitRow {
  id: number;
  orderType: 1 | 2 | 3 | 4 | 5;
  orderId: number;
  orderNo: string;
  siteId: number;
  versionId: number;
  role: 0 | 1 | 2 | 3 | 4 | 5;
  accountId: number | null;
  partyType: number | null;
  rate: number | null;
  proportion: number | null;
  periodId: number | null;
  amount: number;
  cashOnly: boolean;
  postStatus: 0 | 1;
  billId: number | null;
  createTime: number;
  postTime: number | null;
}

/** One AccountBill (ledger entry) before its id and balance are known. */
export interface LedgerEv {
  time: number;
  seq: number;
  accountId: number;
  direction: 1 | 2;
  bizType: number;
  title: string;
  amount: number;
  status: 1 | 2 | 3;
  siteId: number | null;
  siteName: string | null;
  orderId: number | null;
  orderNo: string | null;
  orderType: number | null;
  withdrawId: number | null;
  freezeId: number | null;
  remark: string | null;
  operatorName: string | null;
  rows: SplitRow[];
  deductionId?: number;
  costBillId?: number;
  onBill?: (billId: number) => void;
  id?: number;
  balanceAfter?: number;
}

/** FeePeriod of the split-mode operator (settleMode 2). */
interface PeriodDef {
  id: number;
  periodNo: number;
  month: string;
  due: number;
  deducted: number;
  /** Cap for role-3 splits (Infinity while the period's due is derived from its splits). */
  cap: number;
  platformFee: number;
}

export interface MoneyResult {
  splits: SplitRow[];
  bills: LedgerEv[];
  withdrawals: Record<string, unknown>[];
}

const SPLIT_PROPORTION_10007 = 20;
const PERIOD_DUE = 55000;
const PERIOD_PLATFORM_FEE = 10000;
const PERIOD7_OWE = 38650;

/** A profit-share party as one order's split reads it: its account, party type (2 物业, 3/4/5 others) and rate (bp). */
export interface SplitParty {
  userId: number;
  partyType: number;
  /** The party's rate for the order's income type (chargeRate, cardRate or coinRate), basis points. */
  rate: number;
}

/** The amounts of one order's split (fen): the parties' shares, the electricity paid to the property, the owner's rest. */
export interface SplitAmounts {
  /** Roles 1 (物业) / 2 (其他分润方), in the order of the parties. */
  shares: { party: SplitParty; amount: number }[];
  /** Role 5 电费结算 to the property. */
  electricity: number;
  /** Role 0, the owner's remainder. */
  owner: number;
}

/**
 * The split of one order (B-site.md Business rules §B.8, entities.md R4.1), given its gross G and its costs as the
 * caller computed them (channel fee, platform split, electricity cost; fen): the shared cost SC is each cost whose
 * bearer is 3 (electricity capped by what is left of G), Base = G − SC, each party gets floor(max(Base, 0) × rate /
 * 10000), the owner pays the costs it bears (bearer 1) from the rest, and the property is paid the electricity it is
 * owed (bearer 3 from the shared part; bearer 1 from the owner's rest, capped so that the owner's row is not negative;
 * nothing when the property bears it (2) or the site has no property). The amounts with the channel fee and the platform
 * split add up to G. Used by the seed's replay and by the sandbox's live orders (api/device-setup-orders.ts).
 */
export function splitAmounts(
  gross: number,
  costs: { channelFee: number; platformFee: number; electricCost: number },
  terms: { electricBearer: number; channelFeeBearer: number; platformFeeBearer: number },
  parties: readonly SplitParty[],
  hasProperty: boolean,
): SplitAmounts {
  const electricCost = hasProperty ? costs.electricCost : 0;
  const sharedFees =
    (terms.channelFeeBearer === 3 ? costs.channelFee : 0) + (terms.platformFeeBearer === 3 ? costs.platformFee : 0);
  const sharedElectricity = terms.electricBearer === 3 ? Math.min(electricCost, Math.max(0, gross - sharedFees)) : 0;
  const base = gross - sharedFees - sharedElectricity;
  const shares = parties.map((party) => ({ party, amount: Math.floor((Math.max(base, 0) * party.rate) / 10000) }));
  let owner =
    base -
    shares.reduce((sum, s) => sum + s.amount, 0) -
    (terms.channelFeeBearer === 1 ? costs.channelFee : 0) -
    (terms.platformFeeBearer === 1 ? costs.platformFee : 0);
  const ownElectricity = terms.electricBearer === 1 ? Math.max(0, Math.min(electricCost, owner)) : 0;
  owner -= ownElectricity;
  return { shares, electricity: sharedElectricity + ownElectricity, owner };
}

/** The share-rule version in force on `day` (R8.2): the newest 生效中/已失效 version effective on or before that day. */
export function versionOn(site: SiteDef, day: string): VersionDef {
  let best: VersionDef | null = null;
  for (const v of site.versions) {
    if (
      (v.status === 1 || v.status === 5) &&
      v.effectiveDate <= day &&
      (!best || v.effectiveDate >= best.effectiveDate)
    )
      best = v;
  }
  const fallback = site.versions[0];
  if (!best && !fallback) throw new Error(`no share version for site ${site.id}`);
  return (best ?? fallback) as VersionDef;
}

/**
 * Replays the money rules (R3/R4, B §B.8) over the generated activity: settle statuses, refunds, OrderSplit rows,
 * 02:00 postings, refund reversals, withdrawals of the main operator, then the ledger (AccountBill with running
 * balances) and the wallets.
 */
export function replayMoney(ctx: SeedCtx, world: World, act: Activity): MoneyResult {
  const { now } = ctx;
  const splits: SplitRow[] = [];
  const events: LedgerEv[] = [];
  let seq = 0;
  const siteName = (id: number) => world.sites.get(id)?.name ?? '';

  // ---- fee periods of the split-mode operator ------------------------------------------------------------------------
  const thisMonth = monthOf(now);
  const periods: PeriodDef[] = [];
  for (let no = 1; no <= 8; no++) {
    const month = addMonths(thisMonth, no - 8);
    periods.push({
      id: ctx.id('fee_period'),
      periodNo: no,
      month,
      due: PERIOD_DUE,
      deducted: no <= 6 ? PERIOD_DUE : 0,
      cap: no === 7 ? Infinity : PERIOD_DUE,
      platformFee: PERIOD_PLATFORM_FEE,
    });
  }
  const periodOf = (t: number) => periods.find((p) => p.month === monthOf(t)) ?? null;

  // ---- split of one source (B §B.8) ------------------------------------------------------------------------------
  const split = (
    src: {
      orderType: 1 | 2 | 3 | 4 | 5;
      orderId: number;
      orderNo: string;
      site: SiteDef;
      payDay: string;
      time: number;
      energyWh: number;
    },
    gross: number,
    kind: 'charge' | 'card' | 'coin',
  ): SplitRow[] => {
    const site = src.site;
    const v = versionOn(site, src.payDay);
    const cashOnly = kind === 'coin';
    const rows: SplitRow[] = [];
    const row = (role: SplitRow['role'], amount: number, extra: Partial<SplitRow> = {}) => {
      rows.push({
        id: 0,
        orderType: src.orderType,
        orderId: src.orderId,
        orderNo: src.orderNo,
        siteId: site.id,
        versionId: v.id,
        role,
        accountId: null,
        partyType: null,
        rate: null,
        proportion: null,
        periodId: null,
        amount,
        cashOnly,
        postStatus: 0,
        billId: null,
        createTime: src.time,
        postTime: null,
        ...extra,
      });
    };
    const channelFee = kind === 'coin' ? 0 : roundDiv(gross * 60, 10000); // B §B.8: round(G × 0.6 %)
    let platformFee = 0;
    let period: PeriodDef | null = null;
    if (site.operatorId === ACC.splitOperator && kind !== 'coin') {
      period = periodOf(src.time);
      if (period) {
        platformFee = Math.min(
          Math.floor((gross * SPLIT_PROPORTION_10007) / 100),
          Math.max(0, period.cap - period.deducted),
        );
        period.deducted += platformFee;
      }
    }
    const electricCost = kind === 'card' ? 0 : roundDiv(src.energyWh * v.electricPrice, 1000);
    const property = site.merchantId;
    const { shares, electricity, owner } = splitAmounts(
      gross,
      { channelFee, platformFee, electricCost },
      v,
      v.parties.map((p) => ({
        userId: p.userId,
        partyType: p.partyType,
        rate: kind === 'charge' ? p.chargeRate : kind === 'card' ? p.cardRate : p.coinRate,
      })),
      property !== null,
    );
    if (channelFee > 0) row(4, channelFee);
    if (platformFee > 0) row(3, platformFee, { proportion: SPLIT_PROPORTION_10007, periodId: period?.id ?? null });
    for (const s of shares) {
      if (s.amount <= 0) continue;
      const p = s.party;
      row(p.partyType === 2 ? 1 : 2, s.amount, { accountId: p.userId, partyType: p.partyType, rate: p.rate });
    }
    if (electricity > 0 && property !== null) row(5, electricity, { accountId: property, partyType: 2 });
    row(0, owner, { accountId: site.operatorId });
    return rows;
  };

  const bizOf = (orderType: number, role: number) =>
    role === 0 ? (({ 1: 1, 2: 2, 3: 3, 4: 0, 5: 5 } as Record<number, number>)[orderType] ?? 1) : 4;
  const titleOf = (biz: number, site: string) =>
    `${{ 1: '充电收入', 2: '储值卡充值收入', 3: '月卡收入', 4: '分润收入', 5: '区域卡消费解冻', 11: '订单退款' }[biz] ?? '收入'} · ${site}`;

  /** Posts a source's rows at 02:00 after `splitTime` when that is past: one bill per receiving account. */
  const post = (rows: SplitRow[], splitTime: number, freezeId: number | null, chargeOrderId: number | null) => {
    for (const r of rows) splits.push(r);
    if (rows.length === 0 || rows[0]?.cashOnly) return;
    const postAt = postTimeOf(splitTime);
    if (postAt > now) return;
    const byAccount = new Map<number, SplitRow[]>();
    for (const r of rows) {
      r.postStatus = 1;
      r.postTime = postAt;
      if (r.accountId === null) continue;
      const l = byAccount.get(r.accountId) ?? [];
      l.push(r);
      byAccount.set(r.accountId, l);
    }
    for (const [accountId, list] of byAccount) {
      const first = list[0];
      if (!first) continue;
      const amount = list.reduce((s, r) => s + r.amount, 0);
      if (amount <= 0) continue;
      const biz = bizOf(first.orderType, list.some((r) => r.role === 0) ? 0 : 1);
      events.push({
        time: postAt,
        seq: ++seq,
        accountId,
        direction: 1,
        bizType: biz,
        title: titleOf(biz, siteName(first.siteId)),
        amount,
        status: 1,
        siteId: first.siteId,
        siteName: siteName(first.siteId),
        orderId: chargeOrderId ?? first.orderId,
        orderNo: first.orderNo,
        orderType: first.orderType,
        withdrawId: null,
        freezeId,
        remark: null,
        operatorName: null,
        rows: list,
      });
    }
  };

  // ---- charge orders -------------------------------------------------------------------------------------------
  const refunds: Record<string, unknown>[] = [];
  const orderRefund = (o: OrderRec, time: number, amount: number, reason: string, operator: number | null) => {
    refunds.push({
      _time: time,
      orderId: o.id,
      refundAmount: amount,
      reason,
      status: 2,
      operatorAccountId: operator,
      operatorName: operator === null ? '系统' : (world.accountNames.get(operator) ?? ''),
      createTime: time,
      finishTime: time,
      updateTime: time,
    });
  };
  for (const o of act.orders) {
    const site = o.site;
    o.deadline = null;
    if (o.hold === 'held') {
      o.settleStatus = 2;
      o.deadline = o.payTime + 15 * DAY_MS;
      continue;
    }
    if (o.hold === 'returned') {
      o.settleStatus = 4;
      o.deadline = o.payTime + 15 * DAY_MS;
      const dl = o.deadline;
      const sameDay = at(dayOf(dl), 2, 0);
      o.returnTime = sameDay > dl ? sameDay : at(addDays(dayOf(dl), 1), 2, 0);
      o.status = 3;
      orderRefund(o, o.returnTime, o.amount, '超过15天未完成签约，订单资金原路退回', null);
      continue;
    }
    if (o.endTime === null) {
      o.settleStatus = 0;
      continue;
    }
    const postAt = postTimeOf(o.endTime);
    o.settleStatus = postAt <= now ? 1 : 0;
    o.settleTime = postAt <= now ? postAt : null;
    if (o.autoRefund > 0) {
      orderRefund(
        o,
        o.endTime,
        o.autoRefund,
        o.endReason === 8 ? '免费时长内结束，全额退款' : '充满自停，退还未使用金额',
        null,
      );
    }
    const src = {
      orderType: 1 as const,
      orderId: o.id,
      orderNo: o.orderNo,
      site,
      payDay: dayOf(o.payTime),
      time: o.endTime,
      energyWh: o.energyWh,
    };
    if (o.payType === 1 || o.payType === 2) {
      const gross = o.amount - o.autoRefund;
      if (gross <= 0) continue;
      const rows = split(src, gross, 'charge');
      post(rows, o.endTime, null, null);
      const m = o.manualRefund;
      if (m) {
        orderRefund(o, m.time, m.amount, m.reason, site.operatorId);
        // reversal (R4.4): every row in proportion, the owner takes the rounding remainder
        const reversal: SplitRow[] = [];
        let others = 0;
        for (const r of rows) {
          if (r.role === 0) continue;
          const amount = Math.floor((r.amount * m.amount) / gross);
          others += amount;
          if (amount > 0)
            reversal.push({ ...r, amount: -amount, createTime: m.time, postStatus: 1, postTime: m.time, billId: null });
          const period = r.role === 3 ? periods.find((p) => p.id === r.periodId) : undefined;
          if (period) period.deducted -= amount;
        }
        const owner = rows.find((r) => r.role === 0);
        if (owner)
          reversal.push({
            ...owner,
            amount: -(m.amount - others),
            createTime: m.time,
            postStatus: 1,
            postTime: m.time,
            billId: null,
          });
        const byAccount = new Map<number, SplitRow[]>();
        for (const r of reversal) {
          splits.push(r);
          if (r.accountId === null) continue;
          const l = byAccount.get(r.accountId) ?? [];
          l.push(r);
          byAccount.set(r.accountId, l);
        }
        for (const [accountId, list] of byAccount) {
          const amount = -list.reduce((s, r) => s + r.amount, 0);
          if (amount <= 0) continue;
          events.push({
            time: m.time,
            seq: ++seq,
            accountId,
            direction: 2,
            bizType: 11,
            title: titleOf(11, site.name),
            amount,
            status: 1,
            siteId: site.id,
            siteName: site.name,
            orderId: o.id,
            orderNo: o.orderNo,
            orderType: 1,
            withdrawId: null,
            freezeId: null,
            remark: m.reason,
            operatorName: world.accountNames.get(site.operatorId) ?? null,
            rows: list,
          });
        }
      }
    } else if (o.payType === 6) {
      post(split({ ...src, orderType: 4 }, o.amount, 'coin'), o.endTime, null, null);
    }
    for (const rel of o.releases) {
      const rows = split({ ...src, orderType: 5, orderId: rel.id, energyWh: 0 }, rel.amount, 'card');
      const ownerRow = rows.find((r) => r.role === 0);
      post(rows, o.endTime, rel.freeze.id, null);
      const ownerBill = events.find((e) => e.rows.includes(ownerRow as SplitRow));
      ctx.push('area_card_release', {
        id: rel.id,
        freezeId: rel.freeze.id,
        chargeOrderId: o.id,
        orderNo: o.orderNo,
        siteId: site.id,
        siteName: site.name,
        amount: rel.amount,
        credited: ownerRow?.amount ?? 0,
        _bill: ownerBill ?? null,
        createTime: o.endTime,
        updateTime: o.endTime,
      });
    }
  }
  // refund ids in time order
  refunds.sort((a, b) => (a._time as number) - (b._time as number));
  refunds.forEach((r, i) => {
    const id = i + 1;
    const t = r._time as number;
    delete r._time;
    ctx.push('order_refund', { id, refundNo: `TK${stamp(t)}${pad(id, 6)}`, ...r });
  });
  for (const o of act.orders) {
    const refunded =
      (o.autoRefund > 0 ? o.autoRefund : 0) + (o.manualRefund?.amount ?? 0) + (o.hold === 'returned' ? o.amount : 0);
    if (o.status !== 1 && refunded > 0) o.status = refunded >= o.amount ? 3 : 4;
  }

  // ---- recharges -------------------------------------------------------------------------------------------------
  for (const r of act.recharges) {
    const it = r.intent;
    if (it.channel !== 1) continue;
    if (it.held) {
      r.settleStatus = 2;
      r.deadline = it.time + 15 * DAY_MS;
      continue;
    }
    const postAt = postTimeOf(it.time);
    r.settleStatus = postAt <= now ? 1 : 0;
    r.settleTime = postAt <= now ? postAt : null;
    if (r.card.cardType === 3) continue; // frozen, credited at consumption
    const siteId = r.card.siteIds[0];
    const site = siteId !== undefined ? world.sites.get(siteId) : undefined;
    if (!site) continue;
    const orderType = r.card.cardType === 2 ? 3 : 2;
    const rows = split(
      { orderType, orderId: r.id, orderNo: r.rechargeNo, site, payDay: dayOf(it.time), time: it.time, energyWh: 0 },
      it.payAmount,
      'card',
    );
    post(rows, it.time, null, null);
  }

  // ---- settlement plans and SIM rent of the main operator (freezes in the ledger) ------------------------------------
  replaySettlement(ctx, world, splits, events, () => ++seq);

  // ---- withdrawals of the main operator (10001) ----------------------------------------------------------------------
  const withdrawals = planWithdrawals(ctx, events, () => ++seq);

  // ---- ledger: ids in time order, running balances ---------------------------------------------------------------
  events.sort((a, b) => a.time - b.time || a.seq - b.seq);
  const balance = new Map<number, number>();
  events.forEach((e, i) => {
    e.id = i + 1;
    const b = (balance.get(e.accountId) ?? 0) + (e.direction === 1 ? e.amount : -e.amount);
    if (b < 0) throw new Error(`seed: negative balance of ${e.accountId} at ${new Date(e.time).toISOString()}`);
    balance.set(e.accountId, b);
    e.balanceAfter = b;
    for (const r of e.rows) r.billId = e.id;
    e.onBill?.(e.id);
  });
  splits.sort(
    (a, b) => a.createTime - b.createTime || a.orderType - b.orderType || a.orderId - b.orderId || a.role - b.role,
  );
  splits.forEach((s, i) => {
    s.id = i + 1;
  });
  for (const rel of ctx.rows('area_card_release')) {
    const bill = rel._bill as LedgerEv | null;
    rel.billId = bill?.id ?? null;
    delete rel._bill;
  }

  // ---- fee periods (split mode) and site instalments ------------------------------------------------------------
  const acc = ACC.splitOperator;
  for (const p of periods) {
    const start = `${p.month}-01`;
    const end = lastDayOfMonth(start);
    const settleDate = addDays(end, 1);
    if (p.periodNo === 7) p.due = p.deducted + PERIOD7_OWE;
    const owe = p.periodNo <= 7 ? p.due - p.deducted : 0;
    const status = p.periodNo <= 6 ? 2 : p.periodNo === 7 ? 3 : 1;
    const settled = p.periodNo <= 7 ? at(settleDate, 3, 0) : null;
    const created = startOfDay(start);
    ctx.push('fee_period', {
      id: p.id,
      accountId: acc,
      periodNo: p.periodNo,
      startDate: start,
      endDate: end,
      settleDate,
      deviceAmount: p.due - p.platformFee,
      platformFeeAmount: p.platformFee,
      dueAmount: p.due,
      deductedAmount: p.deducted,
      oweAmount: owe,
      paidAmount: 0,
      status,
      settleTime: settled,
      createTime: created,
      updateTime: settled ?? now,
    });
  }
  const p7 = periods[6];
  if (p7) {
    const t = now - 2 * DAY_MS - 3 * HOUR_MS;
    ctx.push('owe_payment', {
      id: ctx.id('owe_payment'),
      paymentNo: `OP${stamp(t)}${pad(1, 4)}`,
      accountId: acc,
      periodIds: [p7.id],
      arrearsIds: [],
      amount: p7.due - p7.deducted,
      payWay: 1,
      tradeNo: null,
      prepayId: null,
      status: 3,
      failReason: '支付超时，订单已关闭',
      requestId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      expireTime: t + 15 * MIN_MS,
      payTime: null,
      createTime: t,
      updateTime: t + 15 * MIN_MS,
    });
  }
  const totalDeviceDeducted = periods.reduce(
    (s, p) => s + Math.floor((p.deducted * (p.due - p.platformFee)) / p.due),
    0,
  );
  for (const siteId of [8, 9]) {
    const total = 6 * 55000; // 6 boxes × ¥550.00
    const paid = Math.min(total, Math.floor(totalDeviceDeducted / 2));
    const created = world.sites.get(siteId)?.createTime ?? now;
    ctx.push('site_instalment', {
      id: ctx.id('site_instalment'),
      accountId: acc,
      siteId,
      planId: null,
      deviceCount: 6,
      totalAmount: total,
      paidAmount: paid,
      remainingAmount: total - paid,
      proportion: SPLIT_PROPORTION_10007,
      status: 1,
      createTime: created,
      updateTime: now,
    });
  }
  return { splits, bills: events, withdrawals };
}

/**
 * 12 withdrawals of 10001 (10 已到账, 1 提现失败 + 提现退回, 1 待审核 ¥25,000.00). The available balance before the
 * window is carried in by one opening entry (bizType 8, 历史余额结转) sized so that the balance never goes negative.
 */
function planWithdrawals(ctx: SeedCtx, events: LedgerEv[], nextSeq: () => number): Record<string, unknown>[] {
  const { now, today } = ctx;
  const acc = ACC.operator;
  const plan: { daysAgo: number; yuan: number; card: number; fail?: boolean; pending?: boolean }[] = [
    { daysAgo: 84, yuan: 1200, card: 0 },
    { daysAgo: 77, yuan: 1500, card: 0 },
    { daysAgo: 69, yuan: 900, card: 1 },
    { daysAgo: 62, yuan: 1800, card: 2 },
    { daysAgo: 55, yuan: 1300, card: 0 },
    { daysAgo: 48, yuan: 1500, card: 0 },
    { daysAgo: 41, yuan: 1000, card: 1 },
    { daysAgo: 34, yuan: 2000, card: 2 },
    { daysAgo: 27, yuan: 1400, card: 0 },
    { daysAgo: 20, yuan: 1100, card: 1, fail: true },
    { daysAgo: 12, yuan: 1600, card: 0 },
    { daysAgo: 0, yuan: 25000, card: 0, pending: true },
  ];
  const rows: Record<string, unknown>[] = [];
  const wEvents: LedgerEv[] = [];
  const monthCount = new Map<string, number>();
  const usedCards = new Set<number>();
  for (const p of plan) {
    const card = OPERATOR_CARDS[p.card];
    if (!card) continue;
    const apply = p.pending
      ? now - 2 * HOUR_MS - 13 * MIN_MS
      : at(addDays(today, -p.daysAgo), 10, 8 + (p.daysAgo % 40));
    const amount = p.yuan * 100;
    const month = monthOf(apply);
    const n = monthCount.get(month) ?? 0;
    const feeFree = n < 2;
    const fee = feeFree ? 0 : Math.min(2500, Math.max(100, Math.ceil((amount * 10) / 10000)));
    if (!p.fail) monthCount.set(month, n + 1);
    const id = ctx.id('withdrawal');
    const firstToCard = !usedCards.has(card.id);
    usedCards.add(card.id);
    const needsAudit = amount >= 2_000_000 || firstToCard;
    const status = p.pending ? 1 : p.fail ? 4 : 3;
    const finish = p.pending ? null : apply + (20 + (p.daysAgo % 7) * 3) * HOUR_MS;
    const row: Record<string, unknown> = {
      id,
      withdrawNo: `W${stamp(apply)}${pad(100000 + id * 7, 6)}`,
      accountId: acc,
      operatorAccountId: acc,
      channel: 1,
      source: 1,
      amount,
      fee,
      actualAmount: amount - fee,
      feeFree,
      bankCardId: card.id,
      bankName: card.bankName,
      cardNoTail: card.tail,
      cardType: card.cardType,
      holderName: card.holder,
      status,
      failReason: p.fail ? '收款账户状态异常，银行退票' : null,
      requestId: `${stamp(apply)}${pad(id, 18)}`,
      applyTime: apply,
      auditTime: needsAudit && !p.pending ? apply + 50 * MIN_MS : null,
      expectTime: at(addDays(dayOf(apply), 3), 18, 0),
      finishTime: finish,
      refundTime: p.fail && finish !== null ? finish : null,
      applyBillId: null,
      refundBillId: null,
      createTime: apply,
      updateTime: finish ?? apply,
    };
    rows.push(row);
    const label = `${card.bankName}(${card.tail})`;
    wEvents.push({
      time: apply,
      seq: nextSeq(),
      accountId: acc,
      direction: 2,
      bizType: 12,
      title: `提现 · ${label}`,
      amount,
      status: p.pending ? 2 : p.fail ? 3 : 1,
      siteId: null,
      siteName: null,
      orderId: null,
      orderNo: null,
      orderType: null,
      withdrawId: id,
      freezeId: null,
      remark: null,
      operatorName: '陈建国',
      rows: [],
      onBill: (billId) => {
        row.applyBillId = billId;
      },
    });
    if (p.fail && finish !== null) {
      wEvents.push({
        time: finish,
        seq: nextSeq(),
        accountId: acc,
        direction: 1,
        bizType: 7,
        title: `提现退回 · ${label}`,
        amount,
        status: 1,
        siteId: null,
        siteName: null,
        orderId: null,
        orderNo: null,
        orderType: null,
        withdrawId: id,
        freezeId: null,
        remark: '收款账户状态异常，银行退票',
        operatorName: null,
        rows: [],
        onBill: (billId) => {
          row.refundBillId = billId;
        },
      });
    }
  }
  // opening balance so that the running balance never goes below ¥1,000.00
  const mine = [...events.filter((e) => e.accountId === acc), ...wEvents].sort(
    (a, b) => a.time - b.time || a.seq - b.seq,
  );
  let bal = 0;
  let min = 0;
  for (const e of mine) {
    bal += e.direction === 1 ? e.amount : -e.amount;
    min = Math.min(min, bal);
  }
  const opening = Math.ceil((-min + 100_000) / 100_000) * 100_000;
  events.push({
    time: startOfDay(ctx.day0) - 6 * HOUR_MS,
    seq: 0,
    accountId: acc,
    direction: 1,
    bizType: 8,
    title: '调账入账 · 历史余额结转',
    amount: opening,
    status: 1,
    siteId: null,
    siteName: null,
    orderId: null,
    orderNo: null,
    orderType: null,
    withdrawId: null,
    freezeId: null,
    remark: '系统迁移：结转此前的可提现余额',
    operatorName: '系统',
    rows: [],
  });
  events.push(...wEvents);
  return rows;
}

/** Totals per account used for the Wallet rows (R4.5). */
export function walletRows(
  ctx: SeedCtx,
  money: MoneyResult,
  act: Activity,
  accounts: number[],
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const accountId of accounts) {
    const mine = money.bills.filter((b) => b.accountId === accountId);
    const last = mine[mine.length - 1];
    const available = last?.balanceAfter ?? 0;
    const cardFrozen =
      accountId === ACC.operator
        ? act.recharges.reduce(
            (s, r) => s + (r.freeze ? r.freeze.amount - r.freeze.released - r.freeze.refunded : 0),
            0,
          )
        : 0;
    const withdrawing = money.withdrawals
      .filter((w) => w.accountId === accountId && (w.status === 1 || w.status === 2))
      .reduce((s, w) => s + (w.amount as number), 0);
    const totalWithdraw = money.withdrawals
      .filter((w) => w.accountId === accountId && w.status === 3)
      .reduce((s, w) => s + (w.amount as number), 0);
    const pending = money.splits
      .filter((r) => r.accountId === accountId && r.postStatus === 0 && !r.cashOnly)
      .reduce((s, r) => s + r.amount, 0);
    const totalIncome = mine.filter((b) => b.bizType >= 1 && b.bizType <= 5).reduce((s, b) => s + b.amount, 0);
    const planIds = new Set(
      ctx
        .rows('instalment_plan')
        .filter((p) => p.accountId === accountId)
        .map((p) => p.id),
    );
    const frozen =
      ctx
        .rows('instalment_deduction')
        .filter((d) => d.status === 1 && planIds.has(d.planId))
        .reduce((s, d) => s + (d.frozenAmount as number), 0) +
      ctx
        .rows('cost_bill')
        .filter((b) => b.accountId === accountId && b.status === 1)
        .reduce((s, b) => s + (b.frozenAmount as number), 0);
    const created = ctx.rows('account').find((a) => a.id === accountId)?.createTime as number;
    out.push({
      accountId,
      availableBalance: available,
      frozenAmount: frozen,
      cardFrozenAmount: cardFrozen,
      withdrawingAmount: withdrawing,
      balance: available + frozen + cardFrozen + withdrawing,
      pendingIncome: pending,
      totalIncome,
      totalWithdraw,
      status: 1,
      version: mine.length,
      createTime: created,
      updateTime: last?.time ?? created,
    });
  }
  return out;
}

/** Rows of a recharge (CardRecharge). */
export function rechargeRow(r: RechargeRec): Record<string, unknown> {
  const it = r.intent;
  const c = r.card;
  const f = r.freeze;
  return {
    id: r.id,
    rechargeNo: r.rechargeNo,
    cardId: c.id,
    cardNo: c.cardNo,
    cardType: c.cardType,
    merchantId: c.merchantId,
    siteId: c.cardType === 3 ? null : (c.siteIds[0] ?? null),
    chargeRuleGroupId: c.cardType === 3 ? c.groupId : null,
    type: it.type,
    channel: it.channel,
    payType: it.payType,
    payAmount: it.payAmount,
    giveAmount: it.giveAmount,
    balanceAfter: r.balanceAfter,
    giveBalanceAfter: r.giveBalanceAfter,
    templateId: it.template?.id ?? null,
    days: it.template?.days ?? null,
    periodStart: it.periodStart ?? null,
    periodEnd: it.periodEnd ?? null,
    operatorAccountId: it.operatorAccountId ?? null,
    operatorName: it.operatorName ?? null,
    remark: it.remark ?? null,
    status: r.status,
    refundAmount: r.refundAmount,
    refundTime: r.refundTime,
    settleStatus: r.settleStatus,
    deadline: r.deadline,
    settleTime: r.settleTime,
    returnTime: null,
    returnAmount: null,
    freezeStatus: f ? (f.amount - f.released - f.refunded > 0 ? 1 : 2) : 0,
    createTime: it.time,
    updateTime: r.refundTime ?? r.settleTime ?? it.time,
  };
}
