import { addDays, dayOf } from '../../lib/time';
import type { Activity, OrderRec } from './activity';
import type { CardPlan } from './cards';
import { ACC, HISTORY_DAYS, type SeedCtx } from './context';
import type { Row } from './insert';
import type { MoneyResult } from './money';
import { rechargeRow } from './money';
import { MIN_MS, pad, stamp } from './util';
import type { World } from './world';

/** ChargeOrder rows, refunds summed per order. */
function orderRows(ctx: SeedCtx, act: Activity): void {
  const refunded = new Map<number, number>();
  for (const r of ctx.rows('order_refund')) {
    const id = r.orderId as number;
    refunded.set(id, (refunded.get(id) ?? 0) + (r.refundAmount as number));
  }
  for (const o of act.orders) {
    ctx.push('charge_order', {
      id: o.id,
      orderNo: o.orderNo,
      merchantId: o.site.operatorId,
      siteId: o.site.id,
      deviceId: o.charger.deviceId,
      chargerId: o.charger.id,
      serialNumber: o.charger.serialNumber,
      socketNo: o.charger.socketNo,
      userId: o.userId,
      userPhone: o.userPhone,
      nickname: o.nickname,
      payType: o.payType,
      cardId: o.card?.id ?? null,
      cardNo: o.card?.cardNo ?? null,
      transactionNo: o.transactionNo,
      coinCount: o.coinCount,
      chargeMode: o.chargeMode,
      presetMinutes: o.presetMinutes,
      presetAmount: o.presetAmount,
      ruleSnapshot: o.rule,
      payTime: o.payTime,
      startTime: o.startTime,
      endTime: o.endTime,
      durationMinutes: o.durationMinutes,
      energyWh: o.energyWh,
      maxPowerW: o.maxPowerW,
      endReason: o.endReason,
      originalAmount: o.amount,
      discountAmount: 0,
      amount: o.amount,
      consumeAmount: o.consumeAmount,
      refundAmount: refunded.get(o.id) ?? 0,
      status: o.status,
      settleStatus: o.settleStatus,
      deadline: o.deadline,
      settleTime: o.settleTime,
      returnTime: o.returnTime,
      createTime: o.createTime,
      updateTime: Math.max(o.returnTime ?? 0, o.manualRefund?.time ?? 0, o.settleTime ?? 0, o.endTime ?? o.startTime),
    });
  }
}

/** Card, CardSite, CardRecharge and AreaCardFreeze rows from the final card states. */
function cardRows(ctx: SeedCtx, world: World, plan: CardPlan, act: Activity): void {
  for (const c of plan.cards) {
    const last = c.periods[c.periods.length - 1];
    const month = c.cardType === 2 && c.template !== null && c.status !== 1;
    ctx.push('card', {
      id: c.id,
      cardNo: c.cardNo,
      cardType: c.cardType,
      merchantId: c.merchantId,
      status: c.status,
      holderName: c.holderName,
      phone: c.phone,
      userId: c.userId,
      licenseNumber: c.licenseNumber,
      rfidNo: c.rfidNo,
      balance: c.balance,
      giveBalance: c.give,
      chargeRuleGroupId: c.groupId,
      templateId: month ? (c.template?.id ?? null) : null,
      templateName: month ? (c.template?.name ?? null) : null,
      startDate: month && last ? last.start : null,
      endDate: month && last ? last.end : null,
      pauseDate: c.pauseDate,
      dailyTimesLimit: month ? (c.template?.dailyTimesLimit ?? null) : null,
      maxMinutesPerCharge: month ? (c.template?.maxMinutesPerCharge ?? null) : null,
      maxPowerW: month ? (c.template?.maxPowerW ?? null) : null,
      activeTime: c.activeTime,
      lastUseTime: c.lastUseTime,
      remark: c.remark,
      createTime: c.createTime,
      updateTime: Math.max(c.createTime, c.activeTime ?? 0, c.lastUseTime ?? 0),
    });
    for (const siteId of c.siteIds) {
      ctx.push('card_site', { cardId: c.id, siteId, createTime: c.createTime, updateTime: c.createTime });
    }
  }
  for (const r of act.recharges) {
    ctx.push('card_recharge', rechargeRow(r));
    const f = r.freeze;
    if (!f) continue;
    const remaining = f.amount - f.released - f.refunded;
    ctx.push('area_card_freeze', {
      id: f.id,
      accountId: r.card.merchantId,
      rechargeId: r.id,
      rechargeNo: r.rechargeNo,
      cardId: r.card.id,
      cardNo: r.card.cardNo,
      chargeRuleGroupId: r.card.groupId,
      areaName: r.card.groupId !== null ? (world.groupNames.get(r.card.groupId) ?? '') : '',
      userPhone: r.card.phone,
      amount: f.amount,
      releasedAmount: f.released,
      refundedAmount: f.refunded,
      remainingAmount: remaining,
      status: remaining > 0 ? (f.released > 0 ? 2 : 1) : f.refunded > 0 ? 4 : 3,
      payTime: f.payTime,
      lastReleaseTime: f.lastReleaseTime,
      createTime: f.payTime,
      updateTime: Math.max(f.payTime, f.lastReleaseTime ?? 0, r.refundTime ?? 0),
    });
  }
}

/** OrderSplit and AccountBill rows; Withdrawal rows (bill ids are linked after the bills are inserted). */
function moneyRows(ctx: SeedCtx, money: MoneyResult): void {
  for (const s of money.splits) ctx.push('order_split', { ...s, updateTime: s.postTime ?? s.createTime });
  for (const e of money.bills) {
    if (e.id === undefined) continue;
    ctx.push('account_bill', {
      id: e.id,
      serialNo: `B${stamp(e.time)}${pad(e.id, 6)}`,
      accountId: e.accountId,
      direction: e.direction,
      bizType: e.bizType,
      title: e.title,
      amount: e.amount,
      balanceAfter: e.balanceAfter,
      status: e.status,
      siteId: e.siteId,
      siteName: e.siteName,
      orderId: e.orderId,
      orderNo: e.orderNo,
      orderType: e.orderType,
      withdrawId: e.withdrawId,
      deductionId: e.deductionId ?? null,
      costBillId: e.costBillId ?? null,
      freezeId: e.freezeId,
      remark: e.remark,
      operatorName: e.operatorName,
      createTime: e.time,
      updateTime: e.time,
    });
  }
  for (const w of money.withdrawals) ctx.push('withdrawal', w);
}

/** Remote starts, test-charge logs, power samples of running orders, final socket states. */
function deviceActivityRows(ctx: SeedCtx, world: World, act: Activity): void {
  const { rnd, now } = ctx;
  for (const r of act.remotes) {
    const o = r.order;
    const id = ctx.id('remote_charge_record');
    const site = world.sites.get(r.siteId);
    ctx.push('remote_charge_record', {
      id,
      merchantId: site?.operatorId ?? ACC.operator,
      orderId: o?.id ?? null,
      deviceId: r.charger.deviceId,
      chargerId: r.charger.id,
      serialNumber: r.charger.serialNumber,
      socketNo: r.charger.socketNo,
      siteId: r.siteId,
      siteName: site?.name ?? '',
      chargeMinutes: r.minutes,
      actualMinutes: o ? o.durationMinutes : null,
      reasonType: r.reasonType,
      remark: ['用户手机没电无法扫码', '维修后测试', '插座故障补偿充电', '物业人员临时充电'][r.reasonType - 1] ?? '',
      status: r.failed ? 4 : 3,
      failReason: r.failed ? '设备响应超时，启动失败' : null,
      operatorAccountId: ACC.operator,
      operatorName: '陈建国',
      startTime: r.time,
      endTime: o?.endTime ?? r.time + 30_000,
      createTime: r.time,
      updateTime: o?.endTime ?? r.time + 30_000,
    });
    ctx.push('device_operation_log', {
      id: ctx.id('device_operation_log'),
      deviceId: r.charger.deviceId,
      siteId: r.siteId,
      operatorUserId: ACC.operator,
      type: 7,
      params: { socketNo: r.charger.socketNo, minutes: r.minutes, remoteRecordId: id },
      result: r.failed ? 2 : 1,
      failReason: r.failed ? '设备响应超时' : null,
      createTime: r.time,
      updateTime: r.time,
    });
  }
  for (const o of act.orders) {
    if (o.payType !== 8) continue;
    ctx.push('device_operation_log', {
      id: ctx.id('device_operation_log'),
      deviceId: o.charger.deviceId,
      siteId: o.site.id,
      operatorUserId: o.site.operatorId,
      type: 5,
      params: { socketNo: o.charger.socketNo, minutes: o.presetMinutes, orderId: o.id },
      result: 1,
      failReason: null,
      createTime: o.startTime,
      updateTime: o.startTime,
    });
  }
  const chargerRows = new Map<number, Row>();
  for (const r of ctx.rows('charger')) chargerRows.set(r.id as number, r);
  for (const [id, def] of world.chargerDefs) {
    const row = chargerRows.get(id);
    if (row) row.status = def.status;
  }
  for (const o of act.running) {
    const row = chargerRows.get(o.charger.id);
    if (row) {
      row.power = o.avgPowerW;
      row.updateTime = o.startTime;
    }
    for (let t = o.startTime + 5 * MIN_MS; t <= now; t += 5 * MIN_MS) {
      const ramp = t - o.startTime < 10 * MIN_MS ? 0.8 : 1;
      ctx.push('power_sample', {
        orderId: o.id,
        chargerId: o.charger.id,
        time: t,
        power: Math.round(o.avgPowerW * ramp * (0.94 + rnd.next() * 0.12)),
        createTime: t,
      });
    }
  }
}

type Stat = Record<string, number>;

/** SiteDailyStat (every site and day of the window, plus the 区域A area rows) and AccountDailyStat rows. */
function statRows(ctx: SeedCtx, world: World, act: Activity, money: MoneyResult): void {
  const days: string[] = [];
  for (let d = 0; d < HISTORY_DAYS; d++) days.push(addDays(ctx.day0, d));
  const inWindow = new Set(days);
  const stats = new Map<string, Stat>();
  const empty = (): Stat => ({
    orderCount: 0,
    energyWh: 0,
    durationMinutes: 0,
    chargeIncome: 0,
    coinIncome: 0,
    coinCount: 0,
    chargeRefundAmount: 0,
    rechargeCount: 0,
    valueCardIncome: 0,
    monthCardIncome: 0,
    giveAmount: 0,
    cardRefundAmount: 0,
  });
  const stat = (key: string, day: string): Stat | null => {
    if (!inWindow.has(day)) return null;
    const k = `${key}|${day}`;
    let s = stats.get(k);
    if (!s) {
      s = empty();
      stats.set(k, s);
    }
    return s;
  };
  const refundsBy = new Map<number, { time: number; amount: number }[]>();
  for (const r of ctx.rows('order_refund')) {
    const l = refundsBy.get(r.orderId as number) ?? [];
    l.push({ time: r.createTime as number, amount: r.refundAmount as number });
    refundsBy.set(r.orderId as number, l);
  }
  const counted = (o: OrderRec) => o.settleStatus !== 2 && o.settleStatus !== 4;
  for (const o of act.orders) {
    if (!counted(o)) continue;
    const key = `s${o.site.id}`;
    const s = stat(key, dayOf(o.startTime));
    if (s) {
      if (o.payType >= 1 && o.payType <= 6 && o.status !== 5) s.orderCount = (s.orderCount ?? 0) + 1;
      s.energyWh = (s.energyWh ?? 0) + o.energyWh;
      s.durationMinutes = (s.durationMinutes ?? 0) + o.durationMinutes;
    }
    const p = stat(key, dayOf(o.payTime));
    if (p) {
      if (o.payType === 1 || o.payType === 2) p.chargeIncome = (p.chargeIncome ?? 0) + o.amount;
      if (o.payType === 6) {
        p.coinIncome = (p.coinIncome ?? 0) + o.amount;
        p.coinCount = (p.coinCount ?? 0) + (o.coinCount ?? 0);
      }
    }
    if (o.payType === 1 || o.payType === 2) {
      for (const r of refundsBy.get(o.id) ?? []) {
        const q = stat(key, dayOf(r.time));
        if (q) q.chargeRefundAmount = (q.chargeRefundAmount ?? 0) + r.amount;
      }
    }
  }
  for (const r of act.recharges) {
    const it = r.intent;
    if (it.channel !== 1 || r.settleStatus === 2 || r.settleStatus === 4) continue;
    const key = r.card.cardType === 3 ? `g${r.card.groupId}` : `s${r.card.siteIds[0]}`;
    const s = stat(key, dayOf(it.time));
    if (s) {
      s.rechargeCount = (s.rechargeCount ?? 0) + 1;
      if (r.card.cardType === 2) s.monthCardIncome = (s.monthCardIncome ?? 0) + it.payAmount;
      else s.valueCardIncome = (s.valueCardIncome ?? 0) + it.payAmount;
      s.giveAmount = (s.giveAmount ?? 0) + it.giveAmount;
    }
    if (r.refundTime !== null && r.refundAmount > 0) {
      const q = stat(key, dayOf(r.refundTime));
      if (q) q.cardRefundAmount = (q.cardRefundAmount ?? 0) + r.refundAmount;
    }
  }
  const emitStat = (siteId: number | null, groupId: number | null, operatorId: number, day: string) => {
    const s = stats.get(`${siteId !== null ? `s${siteId}` : `g${groupId}`}|${day}`) ?? empty();
    const n = (k: string) => s[k] ?? 0;
    const chargeNet = n('chargeIncome') - n('chargeRefundAmount') + n('coinIncome');
    const cardNet = n('valueCardIncome') + n('monthCardIncome') - n('cardRefundAmount');
    const t = Math.min(ctx.now, Date.parse(`${day}T23:59:59+08:00`));
    ctx.push('site_daily_stat', {
      id: ctx.id('site_daily_stat'),
      siteId,
      chargeRuleGroupId: siteId === null ? groupId : (world.sites.get(siteId)?.groupId ?? null),
      operatorId,
      date: day,
      orderCount: n('orderCount'),
      energyWh: n('energyWh'),
      durationMinutes: n('durationMinutes'),
      chargeIncome: n('chargeIncome'),
      coinIncome: n('coinIncome'),
      coinCount: n('coinCount'),
      chargeRefundAmount: n('chargeRefundAmount'),
      chargeNetIncome: chargeNet,
      rechargeCount: n('rechargeCount'),
      valueCardIncome: n('valueCardIncome'),
      monthCardIncome: n('monthCardIncome'),
      giveAmount: n('giveAmount'),
      cardRefundAmount: n('cardRefundAmount'),
      cardNetAmount: cardNet,
      grossIncome: chargeNet + cardNet,
      createTime: t,
      updateTime: t,
    });
  };
  for (const day of days) {
    for (const site of world.sites.values())
      if (day >= dayOf(site.createTime)) emitStat(site.id, null, site.operatorId, day);
    emitStat(null, world.areaGroupId, ACC.operator, day);
  }

  // AccountDailyStat: party facts per (account, site, day)
  const acc = new Map<string, Stat>();
  const add = (accountId: number, siteId: number, day: string, field: string, amount: number) => {
    if (!inWindow.has(day)) return;
    const k = `${accountId}|${siteId}|${day}`;
    let s = acc.get(k);
    if (!s) {
      s = { shareIn: 0, shareOut: 0, platformFee: 0, channelFee: 0, myIncome: 0, netIncome: 0 };
      acc.set(k, s);
    }
    s[field] = (s[field] ?? 0) + amount;
  };
  for (const r of money.splits) {
    const owner = world.sites.get(r.siteId)?.operatorId;
    if (owner === undefined) continue;
    const day = dayOf(r.createTime);
    if (r.role === 1 || r.role === 2 || r.role === 5) {
      if (r.accountId !== null) add(r.accountId, r.siteId, day, 'shareIn', r.amount);
      add(owner, r.siteId, day, 'shareOut', r.amount);
    } else if (r.role === 3) add(owner, r.siteId, day, 'platformFee', r.amount);
    else if (r.role === 4) add(owner, r.siteId, day, 'channelFee', r.amount);
    if (r.accountId !== null) add(r.accountId, r.siteId, day, 'myIncome', r.amount);
  }
  for (const b of money.bills) {
    if (b.siteId === null) continue;
    const day = dayOf(b.time);
    if (b.bizType >= 1 && b.bizType <= 5) add(b.accountId, b.siteId, day, 'netIncome', b.amount);
    else if (b.bizType === 11 || b.bizType === 16) add(b.accountId, b.siteId, day, 'netIncome', -b.amount);
  }
  const keys = [...acc.keys()].sort();
  for (const k of keys) {
    const [a, s, day] = k.split('|');
    const v = acc.get(k);
    if (!v || a === undefined || s === undefined || day === undefined) continue;
    const t = Math.min(ctx.now, Date.parse(`${day}T23:59:59+08:00`));
    ctx.push('account_daily_stat', {
      id: ctx.id('account_daily_stat'),
      accountId: Number(a),
      siteId: Number(s),
      date: day,
      ...v,
      createTime: t,
      updateTime: t,
    });
  }
}

/** Turns the replayed activity and money into table rows. */
export function emitActivity(ctx: SeedCtx, world: World, plan: CardPlan, act: Activity, money: MoneyResult): void {
  orderRows(ctx, act);
  cardRows(ctx, world, plan, act);
  moneyRows(ctx, money);
  deviceActivityRows(ctx, world, act);
  statRows(ctx, world, act, money);
}
