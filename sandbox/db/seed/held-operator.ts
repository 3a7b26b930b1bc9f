import { HOLD_DAYS, returnTimeOf, HELD_RETURN_REASON } from '../../domain/schedule';
import { addDays, DAY_MS, dayOf } from '../../lib/time';
import { ACC, type SeedCtx } from './context';
import { copyOf, nextId, seedIndividualOperator } from './individual';
import { HOUR_MS, IMG, MIN_MS, pad, stamp } from './util';
import { at, type World } from './world';

/**
 * The second unsigned operator of the demo (entities.md › Demo data; README demo accounts): 城西便民充电 (10020,
 * 13800138020), certified (its entity, an individual, has certStatus 2 and a settlement card) but not yet signed
 * (signStatus 0), so that signing can be shown from start to end (A-shell-home-settlement.md "Unsigned-contract
 * orders": held orders settled at once on signing) without touching the first unsigned operator (10008), which the
 * onboarding story signs. It has one site (11, 紫金港路便民充电站, 2 boxes of 10 sockets), 8 held charge orders (two
 * partly refunded when they stopped), 1 order already returned to its rider, and 3 rider value cards whose first
 * recharges are held. Nothing of it reached a wallet: its wallet is empty and its SiteDailyStat rows are zero.
 *
 * Added after the rest of the demo world, from copies of the rows of the same kinds (so that their columns stay
 * those of the other rows) and fixed values (no draw from the world's random sequence), with ids after the others':
 * every other row of the demo is exactly what it was.
 */

const ACCOUNT = ACC.heldOperator;
const PHONE = '13800138020';
const NAME = '城西便民充电服务部';
const SHORT = '城西便民';
const CONTACT = '方志明';
const ID_NO = '330106198905123017';

/** The held charge orders: days and hours before now, minutes charged, amount (fen), refund when it stopped. */
const ORDERS: { ago: number; minutes: number; amount: number; refund: number; socket: number; rider: number }[] = [
  { ago: 11 * DAY_MS + 5 * HOUR_MS, minutes: 240, amount: 300, refund: 0, socket: 0, rider: 3 },
  { ago: 9 * DAY_MS + 2 * HOUR_MS, minutes: 95, amount: 300, refund: 110, socket: 1, rider: 17 },
  { ago: 8 * DAY_MS + 9 * HOUR_MS, minutes: 360, amount: 400, refund: 0, socket: 2, rider: 29 },
  { ago: 6 * DAY_MS + 4 * HOUR_MS, minutes: 180, amount: 200, refund: 0, socket: 3, rider: 41 },
  { ago: 5 * DAY_MS + 7 * HOUR_MS, minutes: 480, amount: 500, refund: 0, socket: 10, rider: 55 },
  { ago: 3 * DAY_MS + 3 * HOUR_MS, minutes: 60, amount: 300, refund: 150, socket: 11, rider: 68 },
  { ago: 2 * DAY_MS + 6 * HOUR_MS, minutes: 300, amount: 400, refund: 0, socket: 12, rider: 80 },
  { ago: 22 * HOUR_MS, minutes: 210, amount: 300, refund: 0, socket: 4, rider: 92 },
];

/** The held first recharges of three value cards: days and hours before now, amount (fen), WeChat (1) / Alipay (2). */
const RECHARGES: { ago: number; amount: number; payType: 1 | 2; rider: number }[] = [
  { ago: 10 * DAY_MS + 4 * HOUR_MS, amount: 5000, payType: 1, rider: 105 },
  { ago: 6 * DAY_MS + 8 * HOUR_MS, amount: 3000, payType: 2, rider: 118 },
  { ago: 1 * DAY_MS + 3 * HOUR_MS, amount: 10000, payType: 1, rider: 131 },
];

/** Adds the second unsigned operator with its site, boxes, held orders and cards (see the module note). */
export function seedHeldOperator(ctx: SeedCtx, world: World): void {
  const { now, today } = ctx;
  const created = at(addDays(today, -35), 10, 20);
  const siteCreated = at(addDays(today, -30), 9, 40);

  // ---- the account, its entity (certified), its unsigned e-agreement, its card and its empty wallet ---------------
  const certified = created + 2 * HOUR_MS;
  seedIndividualOperator(ctx, {
    accountId: ACCOUNT,
    phone: PHONE,
    name: NAME,
    shortName: SHORT,
    logo: IMG('logo-chengxi.png'),
    person: CONTACT,
    idNo: ID_NO,
    inviteCode: 'CX2468',
    accountLike: ACC.unsignedOperator,
    account: { signStatus: 0, lastLoginTime: now - 20 * HOUR_MS, updateTime: now - 20 * HOUR_MS },
    created,
    certified,
    card: { no: '6217001540012467', bankCode: 'CCB', bankName: '中国建设银行' },
    signLike: ACC.unsignedOperator,
    sign: { signStatus: 0, agreements: [], signTime: null, createTime: certified, updateTime: certified },
  });
  world.accountNames.set(ACCOUNT, SHORT);

  // ---- the site, its charge-rule group and share rule, two boxes of 10 sockets ------------------------------------
  const template = world.sites.get(10);
  if (!template) throw new Error('seed: site 10');
  const siteId = nextId(ctx, 'site');
  const groupId = nextId(ctx, 'charge_rule_group');
  ctx.push(
    'charge_rule_group',
    copyOf(ctx, 'charge_rule_group', (r) => r.id === template.groupId, {
      id: groupId,
      operatorId: ACCOUNT,
      createTime: siteCreated,
      updateTime: siteCreated,
    }),
  );
  const siteName = '紫金港路便民充电站';
  ctx.push(
    'site',
    copyOf(ctx, 'site', (r) => r.id === 10, {
      id: siteId,
      operatorId: ACCOUNT,
      name: siteName,
      area: '西湖区',
      address: '紫金港路与余杭塘路交叉口西南角',
      longitude: 120.083571,
      latitude: 30.296418,
      contacts: CONTACT,
      contactsPhone: PHONE,
      chargeRuleGroupId: groupId,
      createTime: siteCreated,
      updateTime: siteCreated,
    }),
  );
  const versionId = nextId(ctx, 'site_share_rule_version');
  ctx.push(
    'site_share_rule_version',
    copyOf(ctx, 'site_share_rule_version', (r) => r.siteId === 10, {
      id: versionId,
      siteId,
      version: 1,
      effectiveDate: dayOf(siteCreated),
      submitUserId: ACCOUNT,
      submitTime: siteCreated,
      createTime: siteCreated,
      updateTime: siteCreated,
    }),
  );
  const boxOf = ctx.rows('device').find((r) => r.siteId === 10);
  if (!boxOf) throw new Error('seed: a box of site 10');
  const sockets: { id: number; deviceId: number; serial: string; socketNo: number }[] = [];
  for (let b = 0; b < 2; b++) {
    const deviceId = nextId(ctx, 'device');
    const serial = `8612346${pad(20001 + b * 53, 7)}`;
    const bind = siteCreated + (2 + b) * HOUR_MS;
    ctx.push('device', {
      ...boxOf,
      id: deviceId,
      serialNumber: serial,
      model: 'R9-10',
      ownerOperatorId: ACCOUNT,
      siteId,
      bindTime: bind,
      remark: `${pad(b + 1, 2)}号机`,
      status: 1,
      signal: 24 + b,
      lastHeartbeatTime: now - (40 + b * 30) * 1000,
      signalMode: 1,
      masterDeviceId: null,
      iccid: `898604${pad(31_770_000 + b, 8)}${pad(900 + b, 6)}`,
      backUpQrCode: null,
      backUpBindTime: null,
      createTime: bind - 9 * DAY_MS,
      updateTime: bind,
    });
    ctx.push('device_operation_log', {
      id: nextId(ctx, 'device_operation_log'),
      deviceId,
      siteId,
      operatorUserId: ACCOUNT,
      type: 9,
      params: { serialNumber: serial, siteId },
      result: 1,
      failReason: null,
      createTime: bind,
      updateTime: bind,
    });
    for (let n = 1; n <= 10; n++) {
      const id = nextId(ctx, 'charger');
      sockets.push({ id, deviceId, serial, socketNo: n });
      ctx.push('charger', {
        id,
        deviceId,
        siteId,
        socketNo: n,
        status: 0,
        power: 0,
        customQrCode: null,
        currentOrderId: null,
        createTime: bind - 9 * DAY_MS,
        updateTime: bind,
      });
    }
  }

  // ---- held charge orders, and one returned -------------------------------------------------------------------------
  const heldOrder = ctx.rows('charge_order').find((r) => r.merchantId === ACC.unsignedOperator && r.settleStatus === 2);
  if (!heldOrder) throw new Error('seed: a held order to copy');
  const rider = (k: number) => world.riders[k % world.riders.length] as World['riders'][number];
  const order = (
    spec: { ago: number; minutes: number; amount: number; refund: number; socket: number; rider: number },
    returned: boolean,
  ) => {
    const id = nextId(ctx, 'charge_order');
    const payTime = now - spec.ago;
    const start = payTime + 20 * 1000;
    const end = start + spec.minutes * MIN_MS;
    const socket = sockets[spec.socket] as (typeof sockets)[number];
    const r = rider(spec.rider);
    const payType = spec.rider % 3 === 0 ? 2 : 1;
    const avg = 150 + ((spec.rider * 37) % 180);
    const deadline = payTime + HOLD_DAYS * DAY_MS;
    const returnTime = returned ? returnTimeOf(deadline) : null;
    const refund = returned ? spec.amount : spec.refund;
    ctx.push('charge_order', {
      ...heldOrder,
      id,
      orderNo: `CD${stamp(payTime)}${pad(id, 6)}`,
      merchantId: ACCOUNT,
      siteId,
      deviceId: socket.deviceId,
      chargerId: socket.id,
      serialNumber: socket.serial,
      socketNo: socket.socketNo,
      userId: r.id,
      userPhone: r.phone,
      nickname: r.nickname,
      payType,
      cardId: null,
      cardNo: null,
      transactionNo:
        payType === 1
          ? `4200${pad(id, 8)}${stamp(payTime).slice(0, 8)}${pad(id, 8)}`
          : `${stamp(payTime).slice(0, 8)}2200${pad(id * 7, 8)}${pad(id, 8)}`,
      coinCount: null,
      chargeMode: spec.refund > 0 ? 3 : 1,
      presetMinutes: spec.refund > 0 ? null : spec.minutes,
      presetAmount: spec.amount,
      ruleSnapshot: template.rule,
      payTime,
      startTime: start,
      endTime: end,
      durationMinutes: spec.minutes,
      energyWh: Math.round((avg * spec.minutes) / 60),
      maxPowerW: avg + 40,
      endReason: spec.refund > 0 ? 1 : 2,
      originalAmount: spec.amount,
      discountAmount: 0,
      amount: spec.amount,
      consumeAmount: spec.amount - spec.refund,
      refundAmount: refund,
      status: refund === 0 ? 2 : refund >= spec.amount ? 3 : 4,
      settleStatus: returned ? 4 : 2,
      deadline,
      settleTime: null,
      returnTime,
      createTime: payTime,
      updateTime: returnTime ?? end,
    });
    const refunds: [number, number, string][] = [];
    if (spec.refund > 0) refunds.push([end, spec.refund, '充满自停，退还未使用金额']);
    if (returned && returnTime !== null) refunds.push([returnTime, spec.amount, HELD_RETURN_REASON]);
    for (const [time, amount, reason] of refunds) {
      const refundId = nextId(ctx, 'order_refund');
      ctx.push('order_refund', {
        id: refundId,
        refundNo: `TK${stamp(time)}${pad(refundId, 6)}`,
        orderId: id,
        refundAmount: amount,
        reason,
        status: 2,
        operatorAccountId: null,
        operatorName: '系统',
        createTime: time,
        finishTime: time,
        updateTime: time,
      });
    }
  };
  order({ ago: 21 * DAY_MS + 3 * HOUR_MS, minutes: 150, amount: 300, refund: 0, socket: 5, rider: 7 }, true);
  for (const spec of ORDERS) order(spec, false);

  // ---- three rider value cards whose first recharges are held --------------------------------------------------------
  const heldCard = ctx.rows('card').find((r) => r.merchantId === ACC.unsignedOperator);
  const heldRecharge = ctx.rows('card_recharge').find((r) => r.merchantId === ACC.unsignedOperator);
  if (!heldCard || !heldRecharge) throw new Error('seed: a held card to copy');
  for (const spec of RECHARGES) {
    const cardId = nextId(ctx, 'card');
    const t = now - spec.ago;
    const r = rider(spec.rider);
    const cardNo2 = `1008${pad((cardId * 7919) % 1_000_000, 6)}${pad(cardId, 2).slice(-2)}`;
    const opened = t - 2 * DAY_MS;
    ctx.push('card', {
      ...heldCard,
      id: cardId,
      cardNo: cardNo2,
      cardType: 1,
      merchantId: ACCOUNT,
      status: 3,
      holderName: r.nickname,
      phone: r.phone,
      userId: r.id,
      licenseNumber: r.license,
      rfidNo: null,
      balance: spec.amount,
      giveBalance: 0,
      chargeRuleGroupId: null,
      activeTime: t,
      lastUseTime: null,
      remark: '',
      createTime: opened,
      updateTime: t,
    });
    ctx.push('card_site', { cardId, siteId, createTime: opened, updateTime: opened });
    const id = nextId(ctx, 'card_recharge');
    ctx.push('card_recharge', {
      ...heldRecharge,
      id,
      rechargeNo: `CZ${stamp(t)}${pad(id, 6)}`,
      cardId,
      cardNo: cardNo2,
      cardType: 1,
      merchantId: ACCOUNT,
      siteId,
      chargeRuleGroupId: null,
      type: 2,
      channel: 1,
      payType: spec.payType,
      payAmount: spec.amount,
      giveAmount: 0,
      balanceAfter: spec.amount,
      giveBalanceAfter: 0,
      templateId: null,
      days: null,
      periodStart: null,
      periodEnd: null,
      operatorAccountId: null,
      operatorName: null,
      remark: null,
      status: 1,
      refundAmount: 0,
      refundTime: null,
      settleStatus: 2,
      deadline: t + HOLD_DAYS * DAY_MS,
      settleTime: null,
      returnTime: null,
      returnAmount: null,
      freezeStatus: 0,
      createTime: t,
      updateTime: t,
    });
  }

  // ---- its SiteDailyStat rows: every day since the site opened, all zero (held orders are no income yet) -------------
  const zero = ctx.rows('site_daily_stat').find((r) => r.siteId === 10);
  if (!zero) throw new Error('seed: a SiteDailyStat row to copy');
  for (let day = dayOf(siteCreated); day <= today; day = addDays(day, 1)) {
    if (day < ctx.day0) continue;
    const t = Math.min(now, Date.parse(`${day}T23:59:59+08:00`));
    ctx.push('site_daily_stat', {
      ...zero,
      id: nextId(ctx, 'site_daily_stat'),
      siteId,
      chargeRuleGroupId: groupId,
      operatorId: ACCOUNT,
      date: day,
      orderCount: 0,
      energyWh: 0,
      durationMinutes: 0,
      chargeIncome: 0,
      coinIncome: 0,
      coinCount: 0,
      chargeRefundAmount: 0,
      chargeNetIncome: 0,
      rechargeCount: 0,
      valueCardIncome: 0,
      monthCardIncome: 0,
      giveAmount: 0,
      cardRefundAmount: 0,
      cardNetAmount: 0,
      grossIncome: 0,
      createTime: t,
      updateTime: t,
    });
  }
}
