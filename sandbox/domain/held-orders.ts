import { splitOrder } from '../api/device-setup-orders';
import { postOrderSplits } from '../jobs/posting';
import { one, rows, type Db } from '../lib/db';
import { dayOf } from '../lib/time';
import { moveWallet } from './wallet';

/**
 * Settlement of held orders on signing (A-shell-home-settlement.md "Unsigned-contract orders" and §6 /compact/index;
 * entities.md R5): while a site's operator has not signed its e-agreement, the online orders and recharges paid at its
 * sites are held by the payment institution (settleStatus 2 待签约托管, deadline = payTime + 15 d). When its signStatus
 * becomes 2, every one of them still held becomes 3 已补结算 with settleTime = now, is split by the site's share rules
 * (the split of every other order: api/device-setup-orders.ts splitOrder) and posted to the wallets at once (the bills of
 * the 02:00 posting: jobs/posting.ts postOrderSplits), and counts as income of its pay day (SiteDailyStat of that day,
 * the orders' own rows for every statement). Returned orders (4 已退回) stay returned; an order already settled is never
 * settled again (the claim is one conditional update of settleStatus 2 → 3 inside the caller's transaction), so a
 * second signing or a repeated provider callback settles nothing. Money fen, instants epoch ms.
 */

/** What one settlement did: the orders and recharges it settled and their amounts (fen). */
export interface HeldSettlement {
  chargeOrders: number;
  chargeAmount: number;
  recharges: number;
  rechargeAmount: number;
}

/** Additions to one SiteDailyStat row (fen, Wh, minutes, counts). */
interface StatDelta {
  orderCount?: number;
  energyWh?: number;
  durationMinutes?: number;
  chargeIncome?: number;
  coinIncome?: number;
  coinCount?: number;
  chargeRefundAmount?: number;
  rechargeCount?: number;
  valueCardIncome?: number;
  monthCardIncome?: number;
  giveAmount?: number;
  cardRefundAmount?: number;
}

const STAT_COLUMNS: [keyof StatDelta, string][] = [
  ['orderCount', 'order_count'],
  ['energyWh', 'energy_wh'],
  ['durationMinutes', 'duration_minutes'],
  ['chargeIncome', 'charge_income'],
  ['coinIncome', 'coin_income'],
  ['coinCount', 'coin_count'],
  ['chargeRefundAmount', 'charge_refund_amount'],
  ['rechargeCount', 'recharge_count'],
  ['valueCardIncome', 'value_card_income'],
  ['monthCardIncome', 'month_card_income'],
  ['giveAmount', 'give_amount'],
  ['cardRefundAmount', 'card_refund_amount'],
];

/**
 * Adds to the SiteDailyStat row of a site (or, with `siteId` null, of an area: charge-rule group) and day, creating it
 * with zeros when missing, and recomputes its derived columns (chargeNetIncome, cardNetAmount, grossIncome).
 */
async function addDailyStat(
  tx: Db,
  where: { siteId: number | null; groupId: number | null; operatorId: number },
  day: string,
  delta: StatDelta,
  at: number,
): Promise<void> {
  const site = where.siteId !== null;
  await tx.query(
    `insert into site_daily_stat (site_id, charge_rule_group_id, operator_id, date, create_time, update_time)
     select $1::bigint, coalesce($2::bigint, (select charge_rule_group_id from site where id = $1::bigint)), $3, $4, $5, $5
     on conflict ${site ? '(site_id, date) where site_id is not null' : '(charge_rule_group_id, date) where site_id is null'}
     do nothing`,
    [where.siteId, site ? null : where.groupId, where.operatorId, day, at],
  );
  // one statement: the CHECKs tie the derived columns to the others (SET expressions read the old values)
  const param = new Map(STAT_COLUMNS.map(([key], i) => [key, `$${i + 4}::bigint`]));
  const plus = (key: keyof StatDelta, column: string) => `(${column} + ${param.get(key) ?? '0'})`;
  const charge = `${plus('chargeIncome', 'charge_income')} - ${plus('chargeRefundAmount', 'charge_refund_amount')} + ${plus('coinIncome', 'coin_income')}`;
  const card = `${plus('valueCardIncome', 'value_card_income')} + ${plus('monthCardIncome', 'month_card_income')} - ${plus('cardRefundAmount', 'card_refund_amount')}`;
  const sets = STAT_COLUMNS.map(([key, column]) => `${column} = ${plus(key, column)}`);
  await tx.query(
    `update site_daily_stat set ${sets.join(', ')}, charge_net_income = ${charge}, card_net_amount = ${card},
       gross_income = ${charge} + ${card}, update_time = $3
     where ${site ? 'site_id = $1' : 'site_id is null and charge_rule_group_id = $1'} and date = $2`,
    [site ? where.siteId : where.groupId, day, at, ...STAT_COLUMNS.map(([key]) => delta[key] ?? 0)],
  );
}

interface HeldOrderRow {
  id: number;
  orderNo: string;
  siteId: number;
  merchantId: number;
  payType: number;
  amount: number;
  refundAmount: number;
  coinCount: number | null;
  status: number;
  payTime: number;
  startTime: number;
  endTime: number | null;
  energyWh: number;
  durationMinutes: number;
}

interface HeldRechargeRow {
  id: number;
  rechargeNo: string;
  cardId: number;
  cardNo: string;
  cardType: number;
  merchantId: number;
  siteId: number | null;
  chargeRuleGroupId: number | null;
  payAmount: number;
  giveAmount: number;
  refundAmount: number;
  refundTime: number | null;
  createTime: number;
}

/**
 * Settles every held order and recharge (settleStatus 2) of the sites of `accountId` at `at` (see the module note):
 * charge orders and recharges become 3 已补结算 (settleTime = at); each one's income goes to the SiteDailyStat of its
 * days (orders and energy of its start day, income of its pay day, its refunds of their day); an ended scan- or
 * coin-paid order and a site card's recharge are split (rows dated when the order ended / the recharge was paid) and
 * their rows posted at `at` (bizType 1 充电收入, 2 储值卡充值收入, 3 月卡收入, 4 分润收入 for the parties); an area
 * card's recharge is frozen (AreaCardFreeze, the wallet's cardFrozenAmount) to be credited as it is used; a running
 * order is split when it ends, like any order. Run inside the transaction that sets signStatus 2.
 */
export async function settleHeldOrders(tx: Db, accountId: number, at: number): Promise<HeldSettlement> {
  const orders = (
    await rows<HeldOrderRow>(
      tx,
      `update charge_order set settle_status = 3, settle_time = $2, update_time = $2
       where merchant_id = $1 and settle_status = 2
       returning id, order_no, site_id, merchant_id, pay_type, amount, refund_amount, coin_count, status, pay_time,
         start_time, end_time, energy_wh, duration_minutes`,
      [accountId, at],
    )
  )
    .map((o) => ({
      ...o,
      id: Number(o.id),
      siteId: Number(o.siteId),
      merchantId: Number(o.merchantId),
      payType: Number(o.payType),
      amount: Number(o.amount),
      refundAmount: Number(o.refundAmount),
      coinCount: o.coinCount === null ? null : Number(o.coinCount),
      status: Number(o.status),
      payTime: Number(o.payTime),
      startTime: Number(o.startTime),
      endTime: o.endTime === null ? null : Number(o.endTime),
      energyWh: Number(o.energyWh),
      durationMinutes: Number(o.durationMinutes),
    }))
    .sort((a, b) => a.payTime - b.payTime || a.id - b.id);
  const posted: { orderType: number; orderId: number }[] = [];
  for (const o of orders) {
    const where = { siteId: o.siteId, groupId: null, operatorId: o.merchantId };
    await addDailyStat(
      tx,
      where,
      dayOf(o.startTime),
      {
        orderCount: o.payType >= 1 && o.payType <= 6 && o.status !== 5 ? 1 : 0,
        energyWh: o.energyWh,
        durationMinutes: o.durationMinutes,
      },
      at,
    );
    const online = o.payType === 1 || o.payType === 2;
    await addDailyStat(
      tx,
      where,
      dayOf(o.payTime),
      online
        ? { chargeIncome: o.amount }
        : o.payType === 6
          ? { coinIncome: o.amount, coinCount: o.coinCount ?? 0 }
          : {},
      at,
    );
    if (online) {
      const refunds = await rows<{ createTime: number; refundAmount: number }>(
        tx,
        'select create_time, refund_amount from order_refund where order_id = $1 and status = 2 order by id',
        [o.id],
      );
      for (const r of refunds) {
        await addDailyStat(tx, where, dayOf(Number(r.createTime)), { chargeRefundAmount: Number(r.refundAmount) }, at);
      }
    }
    if (o.status === 1 || o.endTime === null || !(online || o.payType === 6)) continue;
    const gross = o.amount - o.refundAmount;
    if (gross <= 0) continue;
    await splitOrder(tx, o, gross, o.payType === 6 ? 'coin' : 'charge', o.endTime, at);
    if (online) posted.push({ orderType: 1, orderId: o.id });
  }

  const recharges = (
    await rows<HeldRechargeRow>(
      tx,
      `update card_recharge set settle_status = 3, settle_time = $2, update_time = $2
       where merchant_id = $1 and settle_status = 2
       returning id, recharge_no, card_id, card_no, card_type, merchant_id, site_id, charge_rule_group_id, pay_amount,
         give_amount, refund_amount, refund_time, create_time`,
      [accountId, at],
    )
  )
    .map((r) => ({
      ...r,
      id: Number(r.id),
      cardId: Number(r.cardId),
      cardType: Number(r.cardType),
      merchantId: Number(r.merchantId),
      siteId: r.siteId === null ? null : Number(r.siteId),
      chargeRuleGroupId: r.chargeRuleGroupId === null ? null : Number(r.chargeRuleGroupId),
      payAmount: Number(r.payAmount),
      giveAmount: Number(r.giveAmount),
      refundAmount: Number(r.refundAmount),
      refundTime: r.refundTime === null ? null : Number(r.refundTime),
      createTime: Number(r.createTime),
    }))
    .sort((a, b) => a.createTime - b.createTime || a.id - b.id);
  for (const r of recharges) {
    const area = r.cardType === 3;
    const where = { siteId: area ? null : r.siteId, groupId: area ? r.chargeRuleGroupId : null, operatorId: accountId };
    if (where.siteId === null && where.groupId === null) continue;
    await addDailyStat(
      tx,
      where,
      dayOf(r.createTime),
      {
        rechargeCount: 1,
        ...(r.cardType === 2 ? { monthCardIncome: r.payAmount } : { valueCardIncome: r.payAmount }),
        giveAmount: r.giveAmount,
      },
      at,
    );
    if (r.refundAmount > 0 && r.refundTime !== null)
      await addDailyStat(tx, where, dayOf(r.refundTime), { cardRefundAmount: r.refundAmount }, at);
    if (area) {
      await freezeAreaRecharge(tx, r, at);
      continue;
    }
    if (r.siteId === null || r.payAmount <= 0) continue;
    const orderType = r.cardType === 2 ? 3 : 2;
    await splitOrder(
      tx,
      { id: r.id, orderNo: r.rechargeNo, siteId: r.siteId, payTime: r.createTime, energyWh: 0 },
      r.payAmount,
      'card',
      r.createTime,
      at,
      orderType,
    );
    posted.push({ orderType, orderId: r.id });
  }
  await postOrderSplits(tx, posted, at);
  return {
    chargeOrders: orders.length,
    chargeAmount: orders.reduce((s, o) => s + o.amount, 0),
    recharges: recharges.length,
    rechargeAmount: recharges.reduce((s, r) => s + r.payAmount, 0),
  };
}

/** An area card's settled recharge is frozen like any (AreaCardFreeze, status 1; the wallet's cardFrozenAmount). */
async function freezeAreaRecharge(tx: Db, r: HeldRechargeRow, at: number): Promise<void> {
  const amount = r.payAmount - r.refundAmount;
  if (amount <= 0 || r.chargeRuleGroupId === null) return;
  const card = await one<{ phone: string | null }>(tx, 'select phone from card where id = $1', [r.cardId]);
  const group = await one<{ name: string }>(tx, 'select name from charge_rule_group where id = $1', [
    r.chargeRuleGroupId,
  ]);
  await tx.query(
    `insert into area_card_freeze (account_id, recharge_id, recharge_no, card_id, card_no, charge_rule_group_id,
       area_name, user_phone, amount, remaining_amount, status, pay_time, create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, 1, $10, $11, $11) on conflict (recharge_id) do nothing`,
    [
      r.merchantId,
      r.id,
      r.rechargeNo,
      r.cardId,
      r.cardNo,
      r.chargeRuleGroupId,
      group?.name ?? '',
      card?.phone ?? '',
      amount,
      r.createTime,
      at,
    ],
  );
  await tx.query('update card_recharge set freeze_status = 1, update_time = $2 where id = $1', [r.id, at]);
  await moveWallet(tx, r.merchantId, { cardFrozen: amount }, at);
}
