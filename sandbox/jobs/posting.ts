import type { Transaction } from '@electric-sql/pglite';
import { ledgerTitle, postingsOf, type PostableRow } from '../domain/posting';
import { HELD_RETURN_REASON } from '../domain/schedule';
import { moveWallet, writeLedgerEntry } from '../domain/wallet';
import { rows, type Db } from '../lib/db';
import { dayOf, stamp, startOfDay } from '../lib/time';

/**
 * The 02:00 job (entities.md R10.2): yesterday's split rows are posted to the wallets (R4.3, domain/posting.ts) and
 * their orders and recharges become 已入账; held orders and recharges past their 15-day deadline are returned to the
 * riders (R5.3). `at` is the job's instant (epoch ms).
 */

interface SplitRow extends PostableRow {
  id: number;
  siteName: string | null;
  freezeId: number | null;
}

/** The columns of an unposted split row as posting reads it (aliases: os = order_split, s = site, r = release). */
const SPLIT_ROW_SELECT = `select os.id, os.order_type, os.order_id, os.order_no, os.site_id, os.role, os.account_id, os.amount,
            os.cash_only, s.name as site_name, r.freeze_id
     from order_split os left join site s on s.id = os.site_id
     left join area_card_release r on os.order_type = 5 and r.id = os.order_id`;

/**
 * Posts every unposted, non-cash split row made before today (00:00 of `at`'s day): per order, one AccountBill per
 * receiving account (writeLedgerEntry, the amount leaving pendingIncome for availableBalance), rows marked 已入账 with
 * their bill; then the ended orders and paid recharges of before today that were 待入账 become 已入账.
 */
export async function postSplits(tx: Transaction, at: number): Promise<void> {
  const today = startOfDay(dayOf(at));
  await postRows(
    tx,
    await rows<SplitRow>(
      tx,
      `${SPLIT_ROW_SELECT}
     where os.post_status = 0 and not os.cash_only and os.create_time < $1
     order by os.create_time, os.order_type, os.order_id, os.role, os.id`,
      [today],
    ),
    at,
  );
  await tx.query(
    `update charge_order set settle_status = 1, settle_time = $2, update_time = $2
     where settle_status = 0 and status <> 1 and end_time is not null and end_time < $1`,
    [today, at],
  );
  await tx.query(
    `update card_recharge set settle_status = 1, settle_time = $2, update_time = $2
     where settle_status = 0 and create_time < $1`,
    [today, at],
  );
}

/**
 * Posts at once, at `at`, the unposted, non-cash split rows of the given orders (orderType 1 charge, 2 储值卡/电子卡
 * recharge, 3 月卡 recharge; ids of charge_order / card_recharge): the same bills as the 02:00 job (R4.3), for the held
 * orders settled on signing (domain/held-orders.ts).
 */
export async function postOrderSplits(
  tx: Db,
  orders: readonly { orderType: number; orderId: number }[],
  at: number,
): Promise<void> {
  if (orders.length === 0) return;
  await postRows(
    tx,
    await rows<SplitRow>(
      tx,
      `${SPLIT_ROW_SELECT}
     join jsonb_to_recordset($1::jsonb) as w(order_type int, order_id bigint)
       on w.order_type = os.order_type and w.order_id = os.order_id
     where os.post_status = 0 and not os.cash_only
     order by os.create_time, os.order_type, os.order_id, os.role, os.id`,
      [JSON.stringify(orders.map((o) => ({ order_type: o.orderType, order_id: o.orderId })))],
    ),
    at,
  );
}

/** Posts split rows (as read by SPLIT_ROW_SELECT) at `at`: one bill per receiving account and order (postingsOf). */
async function postRows(tx: Db, pending: readonly SplitRow[], at: number): Promise<void> {
  const orders = new Map<string, SplitRow[]>();
  for (const raw of pending) {
    const r: SplitRow = {
      ...raw,
      id: Number(raw.id),
      orderType: Number(raw.orderType),
      orderId: Number(raw.orderId),
      siteId: raw.siteId === null ? null : Number(raw.siteId),
      role: Number(raw.role),
      accountId: raw.accountId === null ? null : Number(raw.accountId),
      amount: Number(raw.amount),
      freezeId: raw.freezeId === null ? null : Number(raw.freezeId),
    };
    const key = `${r.orderType}:${r.orderId}`;
    orders.set(key, [...(orders.get(key) ?? []), r]);
  }
  for (const list of orders.values()) {
    const first = list[0] as SplitRow;
    const posted = new Set<number>();
    for (const p of postingsOf(list)) {
      const { billId } = await writeLedgerEntry(
        tx,
        {
          accountId: p.accountId,
          direction: 1,
          bizType: p.bizType,
          title: ledgerTitle(p.bizType, first.siteName),
          amount: p.amount,
          siteId: first.siteId,
          siteName: first.siteName,
          orderId: first.orderId,
          orderNo: first.orderNo,
          orderType: first.orderType,
          freezeId: first.freezeId,
        },
        at,
        { pending: -p.amount },
      );
      const ids = p.rows.map((r) => r.id);
      for (const id of ids) posted.add(id);
      await tx.query(
        'update order_split set post_status = 1, post_time = $2, bill_id = $3, update_time = $2 where id = any($1::bigint[])',
        [ids, at, billId],
      );
      if (first.orderType === 5 && p.bizType === 5) {
        await tx.query('update area_card_release set bill_id = $2, update_time = $3 where id = $1', [
          first.orderId,
          billId,
          at,
        ]);
      }
    }
    // rows without a bill: no account (channel fee, platform split) or an account whose rows of the order net ≤ 0
    const rest = list.filter((r) => !posted.has(r.id));
    if (rest.length === 0) continue;
    await tx.query(
      'update order_split set post_status = 1, post_time = $2, update_time = $2 where id = any($1::bigint[])',
      [rest.map((r) => r.id), at],
    );
    const byAccount = new Map<number, number>();
    for (const r of rest)
      if (r.accountId !== null) byAccount.set(r.accountId, (byAccount.get(r.accountId) ?? 0) + r.amount);
    for (const [accountId, sum] of byAccount) if (sum !== 0) await moveWallet(tx, accountId, { pending: -sum }, at);
  }
}

/**
 * Returns held orders and recharges (settleStatus 2) whose deadline has passed (R5.3): a charge order is refunded in
 * full to its original payment (an OrderRefund by 系统; status 3 已退款, settleStatus 4 已退回); a recharge returns
 * min(payAmount, the card's principal balance), taken from the card (returnAmount).
 * Held money never reached a wallet, so no ledger entry is written.
 */
export async function returnHeldOrders(tx: Transaction, at: number): Promise<void> {
  const held = await rows<{ id: number; amount: number }>(
    tx,
    'select id, amount from charge_order where settle_status = 2 and deadline <= $1 order by deadline, id',
    [at],
  );
  for (const o of held) {
    const refundId = Number(
      (await tx.query<{ id: number }>(`select nextval(pg_get_serial_sequence('order_refund', 'id')) as id`)).rows[0]
        ?.id,
    );
    await tx.query(
      `insert into order_refund (id, refund_no, order_id, refund_amount, reason, status, operator_name, create_time,
         finish_time, update_time)
       values ($1, $2, $3, $4, $5, 2, '系统', $6, $6, $6)`,
      [refundId, `TK${stamp(at)}${String(refundId).padStart(6, '0')}`, o.id, o.amount, HELD_RETURN_REASON, at],
    );
    await tx.query(
      `update charge_order set status = 3, refund_amount = amount, settle_status = 4, return_time = $2, update_time = $2
       where id = $1`,
      [o.id, at],
    );
  }
  const recharges = await rows<{ id: number; cardId: number; payAmount: number; balance: number }>(
    tx,
    `select r.id, r.card_id, r.pay_amount, c.balance from card_recharge r join card c on c.id = r.card_id
     where r.settle_status = 2 and r.deadline <= $1 order by r.deadline, r.id`,
    [at],
  );
  for (const r of recharges) {
    const amount = Math.min(Number(r.payAmount), Number(r.balance));
    await tx.query('update card set balance = balance - $2, update_time = $3 where id = $1', [r.cardId, amount, at]);
    await tx.query(
      'update card_recharge set settle_status = 4, return_time = $2, return_amount = $3, update_time = $2 where id = $1',
      [r.id, at, amount],
    );
  }
}
