import { describe, expect, it } from 'vitest';
import type { WalletBalance } from '../../src/api/income';
import { DEMO_PHONES, openSandboxForFile, walletViolations, type DemoAccount } from '../testing';

/**
 * Issue 13 item 4: the demo wallets are the replay of the world's own orders, splits, withdrawals and freezes. For every
 * demo account whose wallet the app shows, the figures of GET /api/account/v2/balance are what its ledger replays to,
 * and lifetime credits, withdrawals, available, frozen and withdrawing amounts tell a possible story.
 */

const NOW = Date.parse('2026-11-20T20:00:00+08:00');
const { sb } = openSandboxForFile(NOW);

/** Replays an account's ledger in id order: the running balance after each entry and the sums by bizType. */
async function replay(accountId: number) {
  const entries = await sb.db.query<{ direction: number; biz_type: number; amount: string; balance_after: string }>(
    'select direction, biz_type, amount, balance_after from account_bill where account_id = $1 order by id',
    [accountId],
  );
  let running = 0;
  const byBiz = new Map<number, number>();
  for (const e of entries.rows) {
    running += (e.direction === 1 ? 1 : -1) * Number(e.amount);
    expect(Number(e.balance_after), `account ${accountId}: running balance`).toBe(running);
    byBiz.set(e.biz_type, (byBiz.get(e.biz_type) ?? 0) + Number(e.amount));
  }
  const sum = (...types: number[]) => types.reduce((s, t) => s + (byBiz.get(t) ?? 0), 0);
  return { running, sum };
}

const WALLET_OWNERS: DemoAccount[] = [
  'operator',
  'agent',
  'property',
  'splitOperator',
  'unsignedOperator',
  'kybOperator',
  'heldOperator',
  'owingOperator',
];

describe.each(WALLET_OWNERS)('the wallet of %s', (account) => {
  it('is its ledger replayed from zero, and its lifetime figures add up', async () => {
    const wallet = await sb.data<WalletBalance>(DEMO_PHONES[account], '/api/account/v2/balance');
    const owner = await sb.db.query<{ id: number }>('select id from account where phone = $1', [DEMO_PHONES[account]]);
    const { running, sum } = await replay(Number(owner.rows[0]?.id));
    expect(wallet.availableBalance).toBe(running);
    expect(wallet.totalIncome).toBe(sum(1, 2, 3, 4, 5));
    expect(sum(8, 15)).toBe(0); // nothing carried in or adjusted by hand
    // credited + unfrozen = withdrawn + being withdrawn + available + what refunds, freezes and SIM rent took
    expect(wallet.totalIncome + sum(6)).toBe(
      wallet.totalWithdraw + wallet.withdrawingAmount + wallet.availableBalance + sum(11, 13, 14, 16),
    );
    expect(wallet.totalWithdraw + wallet.withdrawingAmount).toBeLessThanOrEqual(wallet.totalIncome);
    expect(wallet.frozenAmount).toBeLessThanOrEqual(sum(13, 14));
    expect(wallet.balance).toBe(
      wallet.availableBalance + wallet.frozenAmount + wallet.cardFrozenAmount + wallet.withdrawingAmount,
    );
  });
});

describe('every demo wallet', () => {
  it('holds every invariant of its ledger and facts', async () => {
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('shows the operator a history of withdrawals it could afford, one still under review', async () => {
    const wallet = await sb.data<WalletBalance>(DEMO_PHONES.operator, '/api/account/v2/balance');
    expect(wallet.totalIncome).toBeGreaterThan(wallet.totalWithdraw);
    expect(wallet.withdrawingAmount).toBeGreaterThan(0);
    const withdrawals = await sb.db.query<{ status: number; amount: string; before: string }>(
      `select x.status, x.amount, b.balance_after + b.amount as before from withdrawal x
       join account_bill b on b.id = x.apply_bill_id where x.account_id = 10001 order by x.id`,
    );
    expect(withdrawals.rows).toHaveLength(12);
    for (const w of withdrawals.rows) expect(Number(w.amount)).toBeLessThanOrEqual(Number(w.before));
    expect(withdrawals.rows.filter((w) => w.status === 1)).toHaveLength(1);
  });
});
