import { ledgerTitle, postingsOf } from '../../domain/posting';
import { refundReversal } from '../../domain/refund';
import { HELD_RETURN_REASON, HOLD_DAYS, postingTimeOf, returnTimeOf } from '../../domain/schedule';
import { closeFeePeriod } from '../../domain/settlement';
import { channelFeeOf, platformSplitOf, splitAmounts } from '../../domain/split';
import { addDays, addMonths, DAY_MS, dayOf, monthOf, startOfDay } from '../../lib/time';
import type { Activity, OrderRec, RechargeRec } from './activity';
import { ACC, type SeedCtx, type SiteDef, type VersionDef } from './context';
import { Book, STEP, Timeline } from './ledger';
import { HOUR_MS, MIN_MS, pad, roundDiv, stamp } from './util';
import { replaySettlement } from './settlement';
import { planWithdrawals } from './withdrawals';
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
  /** The ledger in time order (ids 1, 2, … in that order). */
  bills: LedgerEv[];
  withdrawals: Record<string, unknown>[];
  /** The wallets as the replay left them (checked against the facts by walletRows). */
  wallets: Book;
}

const SPLIT_PROPORTION_10007 = 20;
const PERIOD_DUE = 55000;
const PERIOD_PLATFORM_FEE = 10000;
const PERIOD7_OWE = 38650;

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
 * Replays the money rules (R3/R4, B §B.8; sandbox/domain) over the generated activity: settle statuses, refunds,
 * OrderSplit rows (domain/split.ts), then on a timeline in time and job order the 02:00 postings (domain/posting.ts),
 * refund reversals (domain/refund.ts), the settlement and SIM rent (settlement.ts) and the main operator's withdrawals
 * (withdrawals.ts), written to the Book (ledger.ts): the ledger with running balances, from zero, and the wallets.
 */
export function replayMoney(ctx: SeedCtx, world: World, act: Activity): MoneyResult {
  const { now } = ctx;
  const splits: SplitRow[] = [];
  const timeline = new Timeline();
  const book = new Book();
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
    const channelFee = kind === 'coin' ? 0 : channelFeeOf(gross);
    let platformFee = 0;
    let period: PeriodDef | null = null;
    if (site.operatorId === ACC.splitOperator && kind !== 'coin') {
      period = periodOf(src.time);
      if (period) {
        platformFee = platformSplitOf(gross, SPLIT_PROPORTION_10007, period.cap - period.deducted);
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

  /**
   * Split rows made at `splitTime` are posted by the 02:00 job of the next day (when that is past): one bill per
   * receiving account (domain/posting.ts), written when the timeline reaches it. `onOwnerBill` receives the owner's
   * bill id of an area-card release.
   */
  const post = (
    rows: SplitRow[],
    splitTime: number,
    freezeId: number | null,
    onOwnerBill?: (billId: number) => void,
  ) => {
    for (const r of rows) splits.push(r);
    const first = rows[0];
    if (!first || first.cashOnly) return;
    const postAt = postingTimeOf(splitTime);
    if (postAt > now) return;
    for (const r of rows) {
      r.postStatus = 1;
      r.postTime = postAt;
    }
    timeline.at(postAt, STEP.posting, () => {
      for (const p of postingsOf(rows)) {
        book.write({
          time: postAt,
          accountId: p.accountId,
          direction: 1,
          bizType: p.bizType,
          title: ledgerTitle(p.bizType, siteName(first.siteId)),
          amount: p.amount,
          status: 1,
          siteId: first.siteId,
          siteName: siteName(first.siteId),
          orderId: first.orderId,
          orderNo: first.orderNo,
          orderType: first.orderType,
          withdrawId: null,
          freezeId,
          remark: null,
          operatorName: null,
          rows: p.rows,
          onBill: p.bizType === 5 ? onOwnerBill : undefined,
        });
      }
    });
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
      o.deadline = o.payTime + HOLD_DAYS * DAY_MS;
      continue;
    }
    if (o.hold === 'returned') {
      // returned by the 02:00 job past its deadline (jobs/posting.ts returnHeldOrders)
      o.settleStatus = 4;
      o.deadline = o.payTime + HOLD_DAYS * DAY_MS;
      o.returnTime = returnTimeOf(o.deadline);
      o.status = 3;
      orderRefund(o, o.returnTime, o.amount, HELD_RETURN_REASON, null);
      continue;
    }
    if (o.endTime === null) {
      o.settleStatus = 0;
      continue;
    }
    const postAt = postingTimeOf(o.endTime);
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
      post(rows, o.endTime, null);
      const m = o.manualRefund;
      if (m) {
        orderRefund(o, m.time, m.amount, m.reason, site.operatorId);
        // reversal (R4.4, domain/refund.ts) of rows already posted: bizType 11 entries when the refund is made
        const reversal: SplitRow[] = refundReversal(rows, m.amount, gross).map(({ row, amount }) => ({
          ...row,
          amount,
          createTime: m.time,
          postStatus: 1,
          postTime: m.time,
          billId: null,
        }));
        for (const r of reversal) {
          splits.push(r);
          const period = r.role === 3 ? periods.find((p) => p.id === r.periodId) : undefined;
          if (period) period.deducted += r.amount;
        }
        timeline.at(m.time, STEP.action, () => {
          for (const p of postingsOf(reversal.map((r) => ({ ...r, amount: -r.amount })))) {
            book.write({
              time: m.time,
              accountId: p.accountId,
              direction: 2,
              bizType: 11,
              title: ledgerTitle(11, site.name),
              amount: p.amount,
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
              rows: reversal.filter((r) => r.accountId === p.accountId),
            });
          }
        });
      }
    } else if (o.payType === 6) {
      post(split({ ...src, orderType: 4 }, o.amount, 'coin'), o.endTime, null);
    }
    for (const rel of o.releases) {
      const rows = split({ ...src, orderType: 5, orderId: rel.id, energyWh: 0 }, rel.amount, 'card');
      const ownerRow = rows.find((r) => r.role === 0);
      const release: Record<string, unknown> = {
        id: rel.id,
        freezeId: rel.freeze.id,
        chargeOrderId: o.id,
        orderNo: o.orderNo,
        siteId: site.id,
        siteName: site.name,
        amount: rel.amount,
        credited: ownerRow?.amount ?? 0,
        billId: null,
        createTime: o.endTime,
        updateTime: o.endTime,
      };
      ctx.push('area_card_release', release);
      post(rows, o.endTime, rel.freeze.id, (billId) => {
        release.billId = billId;
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
      r.deadline = it.time + HOLD_DAYS * DAY_MS;
      continue;
    }
    const postAt = postingTimeOf(it.time);
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
    post(rows, it.time, null);
  }

  // ---- the jobs of the window and the withdrawals, replayed on the wallets in time order --------------------------
  replaySettlement(ctx, world, splits, timeline, book);
  const withdrawals = planWithdrawals(ctx, timeline, book);
  timeline.run(now);

  splits.sort(
    (a, b) => a.createTime - b.createTime || a.orderType - b.orderType || a.orderId - b.orderId || a.role - b.role,
  );
  splits.forEach((s, i) => {
    s.id = i + 1;
  });

  // ---- fee periods (split mode) and site instalments ------------------------------------------------------------
  const acc = ACC.splitOperator;
  for (const p of periods) {
    const start = `${p.month}-01`;
    const end = lastDayOfMonth(start);
    const settleDate = addDays(end, 1);
    if (p.periodNo === 7) p.due = p.deducted + PERIOD7_OWE;
    // periods before this month closed at their settleDate (jobs/settlement.ts); this month's is still 结算中
    const closed = p.periodNo <= 7 ? closeFeePeriod({ dueAmount: p.due, deductedAmount: p.deducted }) : null;
    const owe = closed?.oweAmount ?? 0;
    const status = closed?.status ?? 1;
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
  return { splits, bills: book.entries, withdrawals, wallets: book };
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
    const cardFrozen = act.recharges
      .filter((r) => r.card.merchantId === accountId)
      .reduce((s, r) => s + (r.freeze ? r.freeze.amount - r.freeze.released - r.freeze.refunded : 0), 0);
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
        .filter((b) => b.accountId === accountId && (b.status === 1 || b.status === 3))
        .reduce((s, b) => s + (b.frozenAmount as number) - (b.deductedAmount as number), 0);
    // the replay moved the wallet by the same rules: its parts must be what the facts say
    const replayed = money.wallets.wallet(accountId);
    if (replayed.available !== available || replayed.frozen !== frozen || replayed.withdrawing !== withdrawing) {
      throw new Error(
        `seed: wallet ${accountId} replayed ${JSON.stringify(replayed)} ≠ facts ` +
          JSON.stringify({ available, frozen, withdrawing }),
      );
    }
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
