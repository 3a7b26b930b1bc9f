import { createHash } from 'node:crypto';
import type { Transaction } from '@electric-sql/pglite';
import { lockWallet } from '../domain/wallet';
import {
  channelOf,
  feeRuleOf,
  makeWithdrawal,
  nextAutoWithdrawDay,
  withdrawBlock,
  type WithdrawBlock,
} from '../domain/withdrawal';
import { one, rows, type Db } from '../lib/db';
import { dayOf } from '../lib/time';

/**
 * 10:00 — automatic withdrawals due today (D-income.md "Auto-withdraw"; entities.md §56, §57, R10.5): for every setting
 * switched on whose nextWithdraw is today (or was missed), a withdrawal of min(availableBalance, maxAmount) to the
 * setting's card (channel 1) or the entity's settlement card (channel 2) when the account may withdraw and has at
 * least the minimum, with the manual fee rules and no SMS; every run writes an AutoWithdrawRun (1 已发起, 2 余额不足未发起,
 * 3 不满足提现条件未发起, 4 发起失败) and moves nextWithdraw to the next run day.
 */
export async function autoWithdraw(tx: Transaction, at: number): Promise<void> {
  const today = dayOf(at);
  const settings = await rows<{ accountId: number; autoMode: number; date: number; bankCardId: number | null }>(
    tx,
    `select account_id, auto_mode, date, bank_card_id from withdraw_setting
     where auto_withdraw = 1 and next_withdraw is not null and next_withdraw <= $1 order by account_id`,
    [today],
  );
  for (const s of settings) {
    const accountId = Number(s.accountId);
    const wallet = await lockWallet(tx, accountId);
    const available = wallet.availableBalance;
    const channel = await channelOf(tx, accountId);
    const rule = await feeRuleOf(tx, channel);
    const block: WithdrawBlock | null = await withdrawBlock(tx, accountId, at);
    let result: 1 | 2 | 3 | 4;
    let reason: string | null = null;
    let withdrawalId: number | null = null;
    const cardId = channel === 2 ? await settlementCardOf(tx, accountId) : s.bankCardId;
    if (block) {
      result = 3;
      reason = block.message;
    } else if (available < rule.minAmount) {
      result = 2;
      reason = `可提现余额不足¥${(rule.minAmount / 100).toFixed(2)}`;
    } else if (cardId === null || !(await usableCard(tx, accountId, Number(cardId)))) {
      result = 4;
      reason = '到账银行卡不存在或已解绑';
    } else {
      const made = await makeWithdrawal(
        tx,
        {
          accountId,
          operatorAccountId: accountId,
          channel,
          source: 2,
          amount: Math.min(available, rule.maxAmount),
          bankCardId: Number(cardId),
          requestId: createHash('md5').update(`autoWithdraw:${accountId}:${today}`).digest('hex'),
          operatorName: '系统（自动提现）',
        },
        at,
      );
      result = 1;
      withdrawalId = made.withdrawId;
    }
    await tx.query(
      `insert into auto_withdraw_run (account_id, run_date, result, withdrawal_id, available_balance, reason, create_time,
         update_time)
       values ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [accountId, today, result, withdrawalId, available, reason, at],
    );
    await tx.query('update withdraw_setting set next_withdraw = $2, update_time = $3 where account_id = $1', [
      accountId,
      nextAutoWithdrawDay(Number(s.autoMode), Number(s.date), today),
      at,
    ]);
  }
}

/** The settlement card of an account's merchant entity (channel 2), or null. */
async function settlementCardOf(db: Db, accountId: number): Promise<number | null> {
  const row = await one<{ settleBankCardId: number | null }>(
    db,
    'select settle_bank_card_id from merchant_entity where account_id = $1',
    [accountId],
  );
  return row?.settleBankCardId === null || row?.settleBankCardId === undefined ? null : Number(row.settleBankCardId);
}

/** True when the card belongs to the account, is bound and verified. */
async function usableCard(db: Db, accountId: number, cardId: number): Promise<boolean> {
  const row = await one<{ id: number }>(
    db,
    'select id from bank_card where id = $1 and account_id = $2 and status = 1 and verify_status = 2',
    [cardId, accountId],
  );
  return row !== null;
}
