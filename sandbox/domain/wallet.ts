import { BizError } from '../http/envelope';
import { one, scalar, type Db } from '../lib/db';
import { stamp } from '../lib/time';

/**
 * The wallet and its ledger (D-income.md §0.1, "Business rules: Wallet and ledger"; entities.md §47, §48, R4.5): the
 * one place where a wallet's money moves. Every move locks the wallet row first (`select … for update`), so that a
 * balance check and the move it guards are one step and two requests can never overdraw; every change of the available
 * balance writes exactly one AccountBill whose balanceAfter is the new available balance. Invariants kept here (and by
 * the table's CHECKs): balance = availableBalance + frozenAmount + cardFrozenAmount + withdrawingAmount, each ≥ 0;
 * availableBalance = Σ direction-1 − Σ direction-2 entries = the latest balanceAfter. Money fen, instants epoch ms.
 *
 * Run these inside one transaction of the money action (exactlyOnce gives one); inside it use the transaction, never
 * the database object (PGlite runs one transaction at a time: a query on the database waits for the transaction).
 */

/** A wallet row (entities.md §47). */
export interface WalletRow {
  accountId: number;
  availableBalance: number;
  frozenAmount: number;
  cardFrozenAmount: number;
  withdrawingAmount: number;
  balance: number;
  pendingIncome: number;
  totalIncome: number;
  totalWithdraw: number;
  /** 1 正常, 2 冻结 (no withdrawals). */
  status: number;
  version: number;
}

/** A change of a wallet's parts (fen; positive adds, negative takes). */
export interface WalletMove {
  available?: number;
  frozen?: number;
  cardFrozen?: number;
  withdrawing?: number;
  /** Σ unposted split rows (not part of the balance). */
  pending?: number;
  totalIncome?: number;
  totalWithdraw?: number;
}

/** The error of a move that would take the available balance below zero, unless the caller names its own. */
export const INSUFFICIENT = { code: 2001, message: '可提现余额不足' } as const;

const COLUMNS = `account_id, available_balance, frozen_amount, card_frozen_amount, withdrawing_amount, balance,
  pending_income, total_income, total_withdraw, status, version`;

function numeric(row: WalletRow): WalletRow {
  return {
    accountId: Number(row.accountId),
    availableBalance: Number(row.availableBalance),
    frozenAmount: Number(row.frozenAmount),
    cardFrozenAmount: Number(row.cardFrozenAmount),
    withdrawingAmount: Number(row.withdrawingAmount),
    balance: Number(row.balance),
    pendingIncome: Number(row.pendingIncome),
    totalIncome: Number(row.totalIncome),
    totalWithdraw: Number(row.totalWithdraw),
    status: Number(row.status),
    version: Number(row.version),
  };
}

/**
 * Locks the wallet of a main account for the rest of the transaction and returns it: the row every balance check of a
 * money action reads. Throws BizError(1) when the account has no wallet.
 */
export async function lockWallet(tx: Db, accountId: number): Promise<WalletRow> {
  const row = await one<WalletRow>(tx, `select ${COLUMNS} from wallet where account_id = $1 for update`, [accountId]);
  if (!row) throw new BizError(1, '账户钱包不存在');
  return numeric(row);
}

/**
 * Moves money between the parts of a wallet (locking it first) and returns the new row; balance is recomputed and
 * version incremented. A move that would leave availableBalance below zero throws BizError `insufficient` (default
 * 2001 可提现余额不足) and changes nothing; any other part below zero is a broken invariant (Error).
 */
export async function moveWallet(
  tx: Db,
  accountId: number,
  move: WalletMove,
  now: number,
  insufficient: { code: number; message: string } = INSUFFICIENT,
): Promise<WalletRow> {
  const w = await lockWallet(tx, accountId);
  const next = {
    available: w.availableBalance + (move.available ?? 0),
    frozen: w.frozenAmount + (move.frozen ?? 0),
    cardFrozen: w.cardFrozenAmount + (move.cardFrozen ?? 0),
    withdrawing: w.withdrawingAmount + (move.withdrawing ?? 0),
    pending: w.pendingIncome + (move.pending ?? 0),
  };
  if (next.available < 0) throw new BizError(insufficient.code, insufficient.message);
  for (const [part, value] of Object.entries(next)) {
    if (part !== 'pending' && value < 0) throw new Error(`wallet ${accountId}: ${part} would be ${value} fen`);
  }
  const row = await one<WalletRow>(
    tx,
    `update wallet set available_balance = $2, frozen_amount = $3, card_frozen_amount = $4, withdrawing_amount = $5,
       balance = $2::bigint + $3::bigint + $4::bigint + $5::bigint, pending_income = $6,
       total_income = total_income + $7::bigint,
       total_withdraw = total_withdraw + $8::bigint, version = version + 1, update_time = $9
     where account_id = $1 returning ${COLUMNS}`,
    [
      accountId,
      next.available,
      next.frozen,
      next.cardFrozen,
      next.withdrawing,
      next.pending,
      move.totalIncome ?? 0,
      move.totalWithdraw ?? 0,
      now,
    ],
  );
  return numeric(row as WalletRow);
}

/** One ledger entry (AccountBill, entities.md §48) as a money action states it; amount > 0 (fen). */
export interface LedgerEntry {
  accountId: number;
  /** 1 收入 (adds to the available balance), 2 支出 (takes from it). */
  direction: 1 | 2;
  /**
   * 1 充电收入, 2 储值卡充值收入, 3 月卡收入, 4 分润收入, 5 区域卡消费解冻, 6 费用解冻, 7 提现退回, 8 调账入账, 11 订单退款,
   * 12 提现, 13 分期冻结, 14 SIM卡月租, 15 调账扣款, 16 卡余额退款.
   */
  bizType: number;
  title: string;
  amount: number;
  /** 1 成功 (default), 2 处理中, 3 失败 (2/3 only for bizType 12 withdrawals). */
  status?: 1 | 2 | 3;
  siteId?: number | null;
  siteName?: string | null;
  orderId?: number | null;
  orderNo?: string | null;
  orderType?: number | null;
  withdrawId?: number | null;
  deductionId?: number | null;
  costBillId?: number | null;
  freezeId?: number | null;
  remark?: string | null;
  operatorName?: string | null;
}

/**
 * Where the money of an entry goes besides the available balance, by bizType (D "Wallet and ledger"): a withdrawal
 * (12) moves it to withdrawingAmount and a returned one (7) back; cost freezes (13 instalments, 14 SIM rent) move it to
 * frozenAmount and an unfreeze (6) back; income (1–5) adds to the lifetime totalIncome. Others touch only the
 * available balance.
 */
export function counterpartOf(entry: Pick<LedgerEntry, 'bizType' | 'amount'>): WalletMove {
  const a = entry.amount;
  switch (entry.bizType) {
    case 12:
      return { withdrawing: a };
    case 7:
      return { withdrawing: -a };
    case 13:
    case 14:
      return { frozen: a };
    case 6:
      return { frozen: -a };
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
      return { totalIncome: a };
    default:
      return {};
  }
}

/**
 * Writes one ledger entry and moves the wallet by it, the one way the available balance changes: available ± amount
 * (direction 1 / 2), the entry's counterpart (counterpartOf) and `also` (e.g. pending −amount when split rows are
 * posted), in one locked update; balanceAfter = the new available balance. Serial numbers are B + yyyyMMddHHmmss +
 * the id. Throws like moveWallet when the available balance would go below zero. Returns the AccountBill id and
 * balanceAfter.
 */
export async function writeLedgerEntry(
  tx: Db,
  entry: LedgerEntry,
  now: number,
  also: WalletMove = {},
  insufficient: { code: number; message: string } = INSUFFICIENT,
): Promise<{ billId: number; balanceAfter: number }> {
  if (!Number.isInteger(entry.amount) || entry.amount <= 0) {
    throw new Error(`ledger entry of ${entry.accountId}: amount ${entry.amount} must be a positive integer (fen)`);
  }
  const counterpart = counterpartOf(entry);
  const sum = (key: keyof WalletMove) => (counterpart[key] ?? 0) + (also[key] ?? 0);
  const wallet = await moveWallet(
    tx,
    entry.accountId,
    {
      available: entry.direction === 1 ? entry.amount : -entry.amount,
      frozen: sum('frozen'),
      cardFrozen: sum('cardFrozen'),
      withdrawing: sum('withdrawing'),
      pending: sum('pending'),
      totalIncome: sum('totalIncome'),
      totalWithdraw: sum('totalWithdraw'),
    },
    now,
    insufficient,
  );
  const billId = await scalar(tx, `select nextval(pg_get_serial_sequence('account_bill', 'id'))`);
  await tx.query(
    `insert into account_bill (id, serial_no, account_id, direction, biz_type, title, amount, balance_after, status,
       site_id, site_name, order_id, order_no, order_type, withdraw_id, deduction_id, cost_bill_id, freeze_id, remark,
       operator_name, create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $21)`,
    [
      billId,
      `B${stamp(now)}${String(billId).padStart(6, '0')}`,
      entry.accountId,
      entry.direction,
      entry.bizType,
      entry.title,
      entry.amount,
      wallet.availableBalance,
      entry.status ?? 1,
      entry.siteId ?? null,
      entry.siteName ?? null,
      entry.orderId ?? null,
      entry.orderNo ?? null,
      entry.orderType ?? null,
      entry.withdrawId ?? null,
      entry.deductionId ?? null,
      entry.costBillId ?? null,
      entry.freezeId ?? null,
      entry.remark ?? null,
      entry.operatorName ?? null,
      now,
    ],
  );
  return { billId, balanceAfter: wallet.availableBalance };
}
