import type { Transaction } from '@electric-sql/pglite';
import { refundBlock, refundAmountError } from '../../src/api/order-rules';
import { refundReversal } from '../domain/refund';
import { ledgerTitle } from '../domain/posting';
import { moveWallet, writeLedgerEntry } from '../domain/wallet';
import { BizError, INVALID } from '../http/envelope';
import { one, rows, scalar } from '../lib/db';
import { dayOf, stamp } from '../lib/time';
import { addAccountStat, addSiteDailyStat } from './device-setup-orders';

/**
 * The refund of a charging order (C-mine.md /mine/chargerRecord-info 退款; Business rules 12–13; D-income.md
 * "Business rules: Splits", entities.md R4.4), one transaction of POST /api/r9/order/orderRefund (run it inside
 * exactlyOnce). Money fen, instants epoch ms.
 *
 * - The order row is locked first (`for update`) and the refundable amount read under the lock, so that refunds of one
 *   order — concurrent or not — never add up to more than it (amount − Σ refunds in status 1 or 2).
 * - Online orders (payType 1, 2) go back to the payment (the OrderRefund is 已退款 at once: the sandbox stands in for
 *   the payment channel) and reverse the order's split (refundReversal of domain/refund.ts, the one definition the demo
 *   world's history uses too), cumulatively: this refund reverses what the refunds so far plus this one reverse, minus
 *   what the earlier ones reversed, so that a full refund reverses every row exactly. Each reversal is one OrderSplit
 *   row with the negative amount, made at the refund's instant:
 *   - rows still 待入账 (post_status 0): the reversal stays unposted (the 02:00 posting nets it) and the account's
 *     pendingIncome goes down at once;
 *   - rows already posted: one 订单退款 ledger entry (bizType 11, direction 2, balanceAfter) per account from its
 *     available balance; a party short of it gives what it has and the site owner covers the rest (an extra owner row,
 *     role 0, so that the rows say who bore the money); the owner short of it refuses the whole refund ("账户余额不足，
 *     无法退款"; the transaction leaves nothing behind).
 *   The day's SiteDailyStat refund and the parties' AccountDailyStat move with it (as at the order's end).
 * - Card orders (payType 3, 5) go back to the card's balance at once and touch no wallet.
 * - The order becomes 3 已退款 when everything is refunded, else 4 部分退款; consumeAmount = amount − refunded.
 */

/** What the caller asks. */
export interface RefundAsk {
  orderId: number;
  refundAmount: number;
  reason: string;
  operator: { id: number; name: string };
}

/** The refusal of an owner who cannot cover a refund of posted income (rule 13). */
export const REFUND_INSUFFICIENT = { code: INVALID, message: '账户余额不足，无法退款' } as const;

interface OrderLock {
  id: number;
  orderNo: string;
  siteId: number;
  payType: number;
  cardId: number | null;
  amount: number;
  refundAmount: number;
  status: number;
  settleStatus: number;
  endTime: number | null;
}

interface SplitRecord {
  id: number;
  role: number;
  accountId: number | null;
  partyType: number | null;
  rate: number | null;
  proportion: number | null;
  periodId: number | null;
  versionId: number | null;
  amount: number;
  postStatus: number;
  createTime: number;
}

/** Refunds `ask` of one order in `tx` at `now`; resolves the OrderRefund's id and status (2). Throws BizError. */
export async function refundOrder(
  tx: Transaction,
  ask: RefundAsk,
  now: number,
): Promise<{ refundId: number; status: 2 }> {
  const raw = await one<OrderLock>(
    tx,
    `select id, order_no, site_id, pay_type, card_id, amount, refund_amount, status, settle_status, end_time
     from charge_order where id = $1 for update`,
    [ask.orderId],
  );
  if (!raw) throw new BizError(INVALID, '订单不存在');
  const order: OrderLock = {
    ...raw,
    id: Number(raw.id),
    siteId: Number(raw.siteId),
    cardId: raw.cardId === null ? null : Number(raw.cardId),
    amount: Number(raw.amount),
    refundAmount: Number(raw.refundAmount),
    endTime: raw.endTime === null ? null : Number(raw.endTime),
  };
  const refunded = await scalar(
    tx,
    'select coalesce(sum(refund_amount), 0) from order_refund where order_id = $1 and status in (1, 2)',
    [order.id],
  );
  const refundable = Math.max(0, order.amount - refunded);
  const block = refundBlock({ ...order, refundableAmount: refundable }, now);
  if (block) throw new BizError(INVALID, block);
  // A held order (settleStatus 2) is returned in full by the 02:00 job at its deadline (R5.3): not refunded by hand.
  if (Number(order.settleStatus) === 2) throw new BizError(INVALID, '订单待签约托管，到期未签约将原路退回');
  const amountError = refundAmountError(ask.refundAmount, refundable);
  if (amountError) throw new BizError(INVALID, amountError);

  const site = await one<{ name: string }>(tx, 'select name from site where id = $1', [order.siteId]);
  const siteName = site?.name ?? '';
  if (order.payType === 1 || order.payType === 2) {
    await reverseSplit(tx, order, siteName, ask, now);
    if ([0, 1, 3].includes(Number(order.settleStatus))) {
      await addSiteDailyStat(tx, order.siteId, dayOf(now), { chargeRefundAmount: ask.refundAmount }, now);
    }
  } else if (order.cardId !== null) {
    await tx.query('update card set balance = balance + $2, update_time = $3 where id = $1', [
      order.cardId,
      ask.refundAmount,
      now,
    ]);
  }

  const refundId = await scalar(tx, `select nextval(pg_get_serial_sequence('order_refund', 'id'))`);
  await tx.query(
    `insert into order_refund (id, refund_no, order_id, refund_amount, reason, status, operator_account_id,
       operator_name, create_time, finish_time, update_time)
     values ($1, $2, $3, $4, $5, 2, $6, $7, $8, $8, $8)`,
    [
      refundId,
      `TK${stamp(now)}${String(refundId).padStart(6, '0')}`,
      order.id,
      ask.refundAmount,
      ask.reason,
      ask.operator.id,
      ask.operator.name,
      now,
    ],
  );
  const total = refunded + ask.refundAmount;
  await tx.query(
    `update charge_order set refund_amount = $2, consume_amount = amount - $2, status = $3, update_time = $4
     where id = $1`,
    [order.id, total, total >= order.amount ? 3 : 4, now],
  );
  return { refundId, status: 2 };
}

/** The reversal of one online refund over the order's split rows (see the module docstring). */
async function reverseSplit(tx: Transaction, order: OrderLock, siteName: string, ask: RefundAsk, now: number) {
  const list = (
    await rows<SplitRecord>(
      tx,
      `select id, role, account_id, party_type, rate, proportion, period_id, version_id, amount, post_status,
         create_time
       from order_split where order_type = 1 and order_id = $1 order by create_time, id`,
      [order.id],
    )
  ).map((r) => ({
    ...r,
    id: Number(r.id),
    role: Number(r.role),
    accountId: r.accountId === null ? null : Number(r.accountId),
    periodId: r.periodId === null ? null : Number(r.periodId),
    versionId: r.versionId === null ? null : Number(r.versionId),
    amount: Number(r.amount),
    postStatus: Number(r.postStatus),
    createTime: Number(r.createTime),
  }));
  const first = list[0];
  if (!first) return; // held or returned orders were never split: nothing reached a wallet
  // The order's split: the rows made when it ended; later rows are reversals of earlier refunds.
  const split = list.filter((r) => r.createTime === first.createTime && r.amount >= 0);
  const gross = split.reduce((s, r) => s + r.amount, 0);
  if (gross <= 0) return;
  const before = -list.filter((r) => !split.includes(r)).reduce((s, r) => s + r.amount, 0);
  const after = Math.min(gross, before + ask.refundAmount);
  const cumulative = (refund: number) => {
    const out = new Map<number, number>();
    if (refund <= 0) return out;
    for (const { row, amount } of refundReversal(split, refund, gross)) out.set(row.id, -amount);
    return out;
  };
  const was = cumulative(before);
  const now_ = cumulative(after);
  const parts = split
    .map((row) => ({ row, amount: (now_.get(row.id) ?? 0) - (was.get(row.id) ?? 0) }))
    .filter((p) => p.amount > 0);
  const posted = first.postStatus === 1;
  const day = dayOf(now);
  const owner = split.find((r) => r.role === 0);
  const ownerId = owner?.accountId ?? null;

  // What each account gives: pending parts at once; posted parts from the available balance, shortfalls to the owner.
  const insert = async (row: SplitRecord, amount: number, accountId: number | null, billId: number | null) => {
    await tx.query(
      `insert into order_split (order_type, order_id, order_no, site_id, version_id, role, account_id, party_type, rate,
         proportion, period_id, amount, cash_only, post_status, bill_id, create_time, post_time, update_time)
       values (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, false, $12, $13, $14, $15, $14)`,
      [
        order.id,
        order.orderNo,
        order.siteId,
        row.versionId,
        row.role,
        accountId,
        row.partyType,
        row.rate,
        row.proportion,
        row.periodId,
        -amount,
        posted ? 1 : 0,
        billId,
        now,
        posted ? now : null,
      ],
    );
    if (row.role === 3 && row.periodId !== null) {
      await tx.query('update fee_period set deducted_amount = deducted_amount - $2, update_time = $3 where id = $1', [
        row.periodId,
        amount,
        now,
      ]);
    }
    if (ownerId !== null) {
      if (row.role === 1 || row.role === 2 || row.role === 5) {
        if (accountId !== null) await addAccountStat(tx, accountId, order.siteId, day, { shareIn: -amount }, now);
        await addAccountStat(tx, ownerId, order.siteId, day, { shareOut: -amount }, now);
      } else if (row.role === 3) await addAccountStat(tx, ownerId, order.siteId, day, { platformFee: -amount }, now);
      else if (row.role === 4) await addAccountStat(tx, ownerId, order.siteId, day, { channelFee: -amount }, now);
    }
    if (accountId !== null) await addAccountStat(tx, accountId, order.siteId, day, { myIncome: -amount }, now);
  };

  if (!posted) {
    for (const { row, amount } of parts) {
      await insert(row, amount, row.accountId, null);
      if (row.accountId !== null) await moveWallet(tx, row.accountId, { pending: -amount }, now);
    }
    return;
  }

  const entry = (accountId: number, amount: number) =>
    writeLedgerEntry(
      tx,
      {
        accountId,
        direction: 2,
        bizType: 11,
        title: ledgerTitle(11, siteName),
        amount,
        siteId: order.siteId,
        siteName,
        orderId: order.id,
        orderNo: order.orderNo,
        orderType: 1,
        remark: ask.reason,
        operatorName: ask.operator.name,
      },
      now,
      {},
      REFUND_INSUFFICIENT,
    );
  let shortfall = 0;
  const ownerParts: { row: SplitRecord; amount: number }[] = [];
  // parties first, by account: each gives what its available balance allows
  const byAccount = new Map<number, { row: SplitRecord; amount: number }[]>();
  for (const p of parts) {
    if (p.row.accountId === null) {
      await insert(p.row, p.amount, null, null); // platform split, channel fee: no wallet
    } else if (p.row.accountId === ownerId) {
      ownerParts.push(p);
    } else {
      byAccount.set(p.row.accountId, [...(byAccount.get(p.row.accountId) ?? []), p]);
    }
  }
  for (const [accountId, own] of byAccount) {
    const due = own.reduce((s, p) => s + p.amount, 0);
    const wallet = await one<{ availableBalance: number }>(
      tx,
      'select available_balance from wallet where account_id = $1 for update',
      [accountId],
    );
    const gives = Math.min(due, Math.max(0, Number(wallet?.availableBalance ?? 0)));
    const billId = gives > 0 ? (await entry(accountId, gives)).billId : null;
    let left = gives;
    for (const p of own) {
      const taken = Math.min(p.amount, left);
      left -= taken;
      if (taken > 0) await insert(p.row, taken, accountId, billId);
      shortfall += p.amount - taken;
    }
  }
  if (ownerId === null || !owner) {
    if (shortfall > 0) throw new BizError(REFUND_INSUFFICIENT.code, REFUND_INSUFFICIENT.message);
    return;
  }
  const ownerDue = ownerParts.reduce((s, p) => s + p.amount, 0) + shortfall;
  if (ownerDue <= 0) return;
  const { billId } = await entry(ownerId, ownerDue);
  for (const p of ownerParts) await insert(p.row, p.amount, ownerId, billId);
  if (shortfall > 0) await insert(owner, shortfall, ownerId, billId);
}
