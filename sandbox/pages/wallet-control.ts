import type { PGlite } from '@electric-sql/pglite';
import { Hono } from 'hono';
import { z } from 'zod';
import { phoneRule } from '../../src/api/rules';
import { lockWallet, writeLedgerEntry } from '../domain/wallet';
import { fail, input, ok } from '../http/envelope';
import { one } from '../lib/db';

/**
 * A test control standing in for the platform's back office adjusting a wallet (调账; D-income.md ledger bizTypes
 * 8 调账入账 and 15 调账扣款; README "Sandbox interfaces"), so that a test can put a merchant short of money before a
 * money job (e.g. the SIM rent of the 1st, C-mine.md Business rule 22) and give it back afterwards:
 *
 * - `POST /__sandbox/wallet/adjust` with `{ phone, amount, remark? }` — `amount` fen, > 0 credits the available balance
 *   (bizType 8), < 0 takes from it (bizType 15; more than it holds → 2001 可提现余额不足, nothing changes); one ledger
 *   entry through writeLedgerEntry. Answers `{ availableBalance, frozenAmount, billId }` after it.
 */

const adjustBody = z.object({
  phone: phoneRule,
  amount: z
    .number()
    .int()
    .refine((v) => v !== 0, 'amount 不能为0'),
  remark: z.string().trim().min(1).max(50).default('沙箱调账'),
});

/** The wallet-adjustment control (see the module docstring). `now` is the business clock (epoch ms). */
export function walletControlRoutes(db: PGlite, now: () => number) {
  const app = new Hono();

  app.post('/__sandbox/wallet/adjust', async (c) => {
    const body = await input(c, adjustBody);
    const account = await one<{ id: number }>(
      db,
      'select id from account where phone = $1 and account_type in (1, 2, 3) and status <> 3',
      [body.phone],
    );
    if (!account) return fail(c, 1, '该手机号不是主账号');
    const at = now();
    const credit = body.amount > 0;
    const result = await db.transaction(async (tx) => {
      const entry = await writeLedgerEntry(
        tx,
        {
          accountId: Number(account.id),
          direction: credit ? 1 : 2,
          bizType: credit ? 8 : 15,
          title: credit ? '调账入账' : '调账扣款',
          amount: Math.abs(body.amount),
          remark: body.remark,
          operatorName: '平台',
        },
        at,
      );
      const wallet = await lockWallet(tx, Number(account.id));
      return { availableBalance: wallet.availableBalance, frozenAmount: wallet.frozenAmount, billId: entry.billId };
    });
    return ok(c, result);
  });

  return app;
}
