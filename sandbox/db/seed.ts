import type { PGlite } from '@electric-sql/pglite';
import { replayActivity } from './seed/activity';
import { planCards } from './seed/cards';
import { ACC, SeedCtx } from './seed/context';
import { emitActivity } from './seed/emit';
import { seedHeldOperator } from './seed/held-operator';
import { insertRows, resetIdentitySequences } from './seed/insert';
import { seedMerchants } from './seed/merchant';
import { seedMisc } from './seed/misc';
import { seedOwingOperator } from './seed/owing-operator';
import { replayMoney, walletRows } from './seed/money';
import { buildWorld } from './seed/world';

/** Tables in foreign-key order (parents first). */
const INSERT_ORDER = [
  'account',
  'community',
  'community_white',
  'charge_rule_group',
  'site_contract',
  'site',
  'site_share_rule_version',
  'site_share_party',
  'open_partner',
  'site_apply',
  'site_apply_site',
  'parking_rule',
  'car_type',
  'parking_record',
  'device_model',
  'device',
  'charger',
  'qr_sticker',
  'device_operation_log',
  'camera_live',
  'transfer',
  'transfer_item',
  'rider_user',
  'rider_license',
  'month_card_template',
  'card',
  'card_site',
  'card_recharge',
  'card_reset_record',
  'card_recharge_template',
  'simple_value_card_template',
  'ai_give_config',
  'card_replace_activity',
  'card_replace_record',
  'old_card',
  'charge_order',
  'power_sample',
  'order_refund',
  'order_discount',
  'remote_charge_record',
  'wallet',
  'bank',
  'bank_bin',
  'bank_card',
  'account_real_name',
  'withdrawal',
  'account_bill',
  'withdraw_setting',
  'auto_withdraw_run',
  'withdraw_fee_rule',
  'instalment_plan',
  'plan_site',
  'instalment_deduction',
  'deduction_item',
  'freeze_record',
  'cost_settlement',
  'settlement_cycle_config',
  'cost_bill',
  'cost_bill_item',
  'arrears',
  'instalment_refund',
  'site_instalment',
  'fee_period',
  'owe_payment',
  'area_card_freeze',
  'area_card_release',
  'order_split',
  'site_daily_stat',
  'account_daily_stat',
  'bill_setting',
  'site_bill',
  'doc_record',
  'merchant_entity',
  'merchant_entity_change',
  'agreement',
  'merchant_sign',
  'merchant_entity_property',
  'kyb_verification',
  'settle_card_change',
  'upload_file',
  'train_info',
  'work_order',
  'warning_record',
  'notice',
  'notice_read',
  'poster',
  'poster_record',
  'help_article',
  'job_run',
];

/** Main accounts that own a Wallet (accountType 1, 2, 3). */
const WALLET_ACCOUNTS = [
  ACC.operator,
  ACC.agent,
  ACC.propertyCuiyuan,
  ACC.propertyWenxin,
  ACC.splitOperator,
  ACC.unsignedOperator,
  ACC.kybOperator,
];

/** The demo world in memory: every table's rows (camelCase keys, `ctx.rows(table)`) and the sockets charging now. */
export interface DemoRows {
  ctx: SeedCtx;
  /** The running orders' sockets (Charger.currentOrderId), linked after both are inserted. */
  running: { chargerId: number; orderId: number }[];
}

/**
 * The demo world as of `now` (epoch ms), in memory, as seedDemoData inserts it. Pure and deterministic for a given
 * `now`; the sweep of sandbox/db/demo-world.test.ts reads it without a database.
 */
export function buildDemoRows(now: number): DemoRows {
  const ctx = new SeedCtx(now);
  const world = buildWorld(ctx);
  const plan = planCards(ctx, world);
  const activity = replayActivity(ctx, world, plan);
  const money = replayMoney(ctx, world, activity);
  emitActivity(ctx, world, plan, activity, money);
  seedMerchants(ctx);
  seedMisc(ctx, world, money);
  for (const w of walletRows(ctx, money, activity, WALLET_ACCOUNTS)) ctx.push('wallet', w);
  seedHeldOperator(ctx, world);
  seedOwingOperator(ctx);
  // every scheduled job has been replayed up to the seed's clock (jobs/runner.ts)
  ctx.push('job_run', { job: '*', lastRun: now, updateTime: now });
  for (const table of ctx.tables.keys()) {
    if (!INSERT_ORDER.includes(table)) throw new Error(`seed: table ${table} has no insert position`);
  }
  return { ctx, running: activity.running.map((o) => ({ chargerId: o.charger.id, orderId: o.id })) };
}

/**
 * Fills an empty sandbox database (schema.sql already applied) with the demo world of entities.md › Demo data,
 * as of the instant `now` (epoch ms; "today" = its Asia/Shanghai day). Deterministic for a given `now`.
 *
 * Creates: accounts 10001–10009, 10020 and 10021 (password `sandbox123`; 10021 owes two platform-fee periods:
 * db/seed/owing-operator.ts), communities, sites 1–11 (1–6 of operator 10001, 7 of
 * agent 10002, 8–9 of split-mode operator 10007, 10 of unsigned operator 10008, 11 of the second unsigned operator
 * 10020: db/seed/held-operator.ts) with charge-rule groups and share-rule
 * versions, device models, devices and chargers (424 sockets on sites 1–5), QR stickers, transfers, riders and cards
 * with their recharges, 90 days of charge orders (30 for 10007; held / returned orders for 10008; 2 running now),
 * refunds, the money replay (OrderSplit rows; then, in time order on a timeline, the 02:00 postings, refunds, the
 * 02:30 freezes, the settlements, SIM rent and the withdrawals with their review and payout, each decided by the rules
 * of sandbox/domain that the scheduled jobs use, on the wallets as they are at that instant: every wallet is its
 * ledger replayed from zero), site and account daily statistics, site bills, merchant entities,
 * e-sign, online-bank accounts, KYB, fee periods, and the smaller message / work-order / parking / export data.
 * All money is in fen, all instants epoch ms, days 'YYYY-MM-DD' (Asia/Shanghai).
 *
 * Everything is generated in memory first, then inserted table by table in large batches inside one transaction;
 * identity sequences are moved past the inserted ids at the end.
 */
export async function seedDemoData(db: PGlite, now: number): Promise<void> {
  const { ctx, running } = buildDemoRows(now);
  // withdrawals reference their ledger entries (and the entries the withdrawals): link them after both exist
  const billLinks = ctx.rows('withdrawal').map((w) => {
    const link = { id: w.id, applyBillId: w.applyBillId, refundBillId: w.refundBillId };
    w.applyBillId = null;
    w.refundBillId = null;
    return link;
  });

  await db.exec('begin');
  try {
    for (const table of INSERT_ORDER) await insertRows(db, table, ctx.rows(table));
    await db.query(
      `update withdrawal w set apply_bill_id = l.apply_bill_id, refund_bill_id = l.refund_bill_id
         from jsonb_to_recordset($1::jsonb) as l(id bigint, apply_bill_id bigint, refund_bill_id bigint)
        where w.id = l.id`,
      [
        JSON.stringify(
          billLinks.map((l) => ({ id: l.id, apply_bill_id: l.applyBillId, refund_bill_id: l.refundBillId })),
        ),
      ],
    );
    await db.query(
      `update charger c set current_order_id = l.order_id
         from jsonb_to_recordset($1::jsonb) as l(charger_id bigint, order_id bigint)
        where c.id = l.charger_id`,
      [JSON.stringify(running.map((o) => ({ charger_id: o.chargerId, order_id: o.orderId })))],
    );
    await resetIdentitySequences(db);
    await db.exec('commit');
  } catch (err) {
    await db.exec('rollback');
    throw err;
  }
}
