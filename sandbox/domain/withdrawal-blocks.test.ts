import { describe, expect, it } from 'vitest';
import type { SavingsCards } from '../../src/api/bank';
import type { WithdrawApplied, WithdrawFeeFree, Withdrawable } from '../../src/api/withdraw';
import { scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile, walletViolations } from '../testing';
import { freshSmsCode, newRequestId } from '../testing-money';

/**
 * Withdrawal blocks 6, 7 and 8 end to end (issue 34), through GET /api/user/isWithdrawable and POST
 * /api/user/withdrawApply on the demo world, with the business time set on the sandbox clock (never the machine's), so
 * that they hold whatever day they run:
 * - D-income.md "Business rules: Withdrawals", isWithdrawable 6: a wallet in status 冻结 cannot withdraw (code 2009);
 * - same rule, 7: today's applications (status 1–3, the Asia/Shanghai day) ≥ dailyLimit (3) block the next one (2004);
 *   the last allowed one still goes through, and the next day is open again;
 * - same rule, 8: channel 2 is closed from 23:00 to 01:00 Asia/Shanghai (2010), open at 22:59:59 and 01:00:00;
 *   channel 1 is not closed then (D §0.2, §2 /income/withdraw "7 今日次数已满 and 8 结算时段").
 * Every refusal writes no withdrawal; every allowed one is made.
 */

/** Friday noon; the night window is crossed into Saturday 21 November 2026, the daily limit reached on Sunday 22nd. */
const NOW = Date.parse('2026-11-20T12:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'splitOperator']);
/** 杭州易充科技: channel 1 (a verified savings card). */
const OPERATOR = 10001;
/** The split-mode operator: its online-bank account is opened (openStatus 4), so it withdraws through channel 2. */
const CHANNEL_2 = 10007;

const shanghai = (text: string) => Date.parse(`${text}+08:00`);

/** Moves the business clock forward to `text` (Asia/Shanghai) with the jobs due on the way. */
async function moveTo(text: string): Promise<void> {
  const target = shanghai(text);
  expect(target, `${text} lies ahead of the clock`).toBeGreaterThanOrEqual(sb.clock.now);
  await sb.advance(target - sb.clock.now);
}

type Who = 'operator' | 'splitOperator';

const withdrawable = async (who: Who) =>
  (await sb.get<Withdrawable>('/api/user/isWithdrawable', tokens[who])).body.data;
const reasonCode = async (who: Who) => (await withdrawable(who)).reasonCode;
const todayCount = async (who: Who) =>
  (await sb.get<WithdrawFeeFree>('/api/user/withdrawFeeFree', tokens[who])).body.data.todayCount;
const withdrawals = (accountId: number) =>
  scalar(sb.db, 'select count(*) from withdrawal where account_id = $1', [accountId]);

async function savingsCard(): Promise<number> {
  const cards = (await sb.get<SavingsCards>('/api/user/getUserBindBankCard', tokens.operator)).body.data;
  const card = cards.list[0];
  if (!card) throw new Error('the demo operator has a savings card');
  return card.bankCardId;
}

/** A withdrawal of ¥20.00 with a fresh SMS code (channel 1 to the operator's savings card; channel 2 to the entity's). */
async function apply(who: Who) {
  const code = await freshSmsCode(sb, DEMO_PHONES[who], 5, tokens[who]);
  const body: Record<string, unknown> = { amount: 2000, code, requestId: newRequestId() };
  if (who === 'operator') body.bankCardId = await savingsCard();
  return (await sb.post<WithdrawApplied>('/api/user/withdrawApply', tokens[who], body)).body;
}

/** Applies and expects the withdrawal to be made (one more row of the account). */
async function applied(who: Who, accountId: number): Promise<void> {
  const before = await withdrawals(accountId);
  const answer = await apply(who);
  expect(answer.code, answer.message).toBe(0);
  expect(await withdrawals(accountId)).toBe(before + 1);
}

/** Applies and expects the refusal `code` with `message`, writing no withdrawal. */
async function refused(who: Who, accountId: number, code: number, message: string): Promise<void> {
  const before = await withdrawals(accountId);
  expect(await apply(who)).toMatchObject({ code, message });
  expect(await withdrawals(accountId)).toBe(before);
}

describe('withdrawal blocks 6, 7 and 8 (D-income.md Business rules: Withdrawals, isWithdrawable)', () => {
  it('starts from accounts that may withdraw: the operator on channel 1, the split operator on channel 2 once its arrears are paid', async () => {
    // the split operator's arrears (block 5) are paid, as /income/feeOwedDetail would: only blocks 6–8 remain to test
    await sb.db.query(
      'update fee_period set paid_amount = owe_amount, status = 4, update_time = $2 where account_id = $1 and status = 3',
      [CHANNEL_2, sb.clock.now],
    );
    await sb.db.query(
      `update arrears set repaid_amount = amount, status = 3, clear_time = $2, update_time = $2
       where account_id = $1 and status in (1, 2)`,
      [CHANNEL_2, sb.clock.now],
    );
    expect(await withdrawable('operator')).toMatchObject({ withdrawable: true, reasonCode: 0 });
    expect(await withdrawable('splitOperator')).toMatchObject({ withdrawable: true, reasonCode: 0 });
    expect(
      await scalar(sb.db, 'select open_status from merchant_entity_property where account_id = $1', [CHANNEL_2]),
    ).toBe(4);
  });

  it('D Business rules isWithdrawable 8: channel 2 is open at 22:59:59 and from 01:00:00, closed 23:00:00–00:59:59 Asia/Shanghai (2010); channel 1 stays open', async () => {
    await moveTo('2026-11-20T22:59:59');
    expect(await reasonCode('splitOperator')).toBe(0);
    await applied('splitOperator', CHANNEL_2);

    await moveTo('2026-11-20T23:00:00');
    expect(await withdrawable('splitOperator')).toMatchObject({
      withdrawable: false,
      reasonCode: 8,
      reason: '系统结算时段（23:00-01:00）暂不可提现',
    });
    await refused('splitOperator', CHANNEL_2, 2010, '系统结算时段（23:00-01:00）暂不可提现');
    // the window is channel 2's: channel 1 withdraws at the same instant
    expect(await reasonCode('operator')).toBe(0);

    await moveTo('2026-11-20T23:59:59');
    expect(await reasonCode('splitOperator')).toBe(8);
    await moveTo('2026-11-21T00:00:00');
    expect(await reasonCode('splitOperator')).toBe(8);
    await moveTo('2026-11-21T00:59:00');
    expect(await reasonCode('splitOperator')).toBe(8);
    await refused('splitOperator', CHANNEL_2, 2010, '系统结算时段（23:00-01:00）暂不可提现');
    expect(await reasonCode('operator')).toBe(0);
    await moveTo('2026-11-21T00:59:59');
    expect(await reasonCode('splitOperator')).toBe(8);

    await moveTo('2026-11-21T01:00:00');
    expect(await withdrawable('splitOperator')).toMatchObject({ withdrawable: true, reasonCode: 0, reason: '' });
    await applied('splitOperator', CHANNEL_2);
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('D Business rules isWithdrawable 7: the last of the day’s 3 applications goes through, the next is refused (2004) until the next Asia/Shanghai day', async () => {
    // the Asia/Shanghai day begins at 00:00:00: an application then counts for that day
    await moveTo('2026-11-22T00:00:00');
    expect(await todayCount('operator')).toBe(0);
    await applied('operator', OPERATOR);
    await moveTo('2026-11-22T11:00:00');
    const limit = (await sb.get<WithdrawFeeFree>('/api/user/withdrawFeeFree', tokens.operator)).body.data.dailyLimit;
    expect(limit).toBe(3);
    // up to the last allowed application (whatever else the day holds, e.g. an automatic withdrawal at 10:00)
    while ((await todayCount('operator')) < limit - 1) await applied('operator', OPERATOR);
    expect(await todayCount('operator')).toBe(limit - 1);
    expect(await reasonCode('operator')).toBe(0);
    await applied('operator', OPERATOR);
    expect(await todayCount('operator')).toBe(limit);

    expect(await withdrawable('operator')).toMatchObject({
      withdrawable: false,
      reasonCode: 7,
      reason: '今日提现次数已达上限（3次）',
    });
    await refused('operator', OPERATOR, 2004, '今日提现次数已达上限（3次）');
    // still the same Asia/Shanghai day one second before midnight
    await moveTo('2026-11-22T23:59:59');
    expect(await reasonCode('operator')).toBe(7);
    await refused('operator', OPERATOR, 2004, '今日提现次数已达上限（3次）');

    // a new day: the count starts again
    await moveTo('2026-11-23T00:00:00');
    expect(await todayCount('operator')).toBe(0);
    expect(await reasonCode('operator')).toBe(0);
    await applied('operator', OPERATOR);
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('D Business rules isWithdrawable 6: a wallet in status 冻结 cannot withdraw (2009); back to 正常 it can', async () => {
    await moveTo('2026-11-23T09:00:00');
    expect(await todayCount('operator')).toBeLessThan(3);
    expect(await reasonCode('operator')).toBe(0);
    // the back office freezes the wallet (Wallet.status 2; no app call does)
    await sb.db.query('update wallet set status = 2 where account_id = $1', [OPERATOR]);
    expect(await withdrawable('operator')).toMatchObject({
      withdrawable: false,
      reasonCode: 6,
      reason: '账户已冻结，暂不可提现，请联系客服',
    });
    await refused('operator', OPERATOR, 2009, '账户已冻结，暂不可提现，请联系客服');
    // another account's frozen wallet does not block this one
    await sb.db.query('update wallet set status = 1 where account_id = $1', [OPERATOR]);
    await sb.db.query('update wallet set status = 2 where account_id = $1', [CHANNEL_2]);
    expect(await reasonCode('operator')).toBe(0);
    await applied('operator', OPERATOR);
    expect(await reasonCode('splitOperator')).toBe(6);
    await refused('splitOperator', CHANNEL_2, 2009, '账户已冻结，暂不可提现，请联系客服');
    await sb.db.query('update wallet set status = 1 where account_id = $1', [CHANNEL_2]);
    expect(await walletViolations(sb.db)).toEqual([]);
  });
});
