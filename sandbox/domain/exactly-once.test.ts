import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BizError } from '../http/envelope';
import { openSandboxForFile, walletViolations } from '../testing';
import { exactlyOnce, fingerprintOf, IDEMPOTENCY_TTL_MS, REUSED_MESSAGE } from './exactly-once';
import { checkSmsCode, consumeSmsCode, type SmsCodeUse } from './sms';
import { lockWallet, moveWallet, writeLedgerEntry } from './wallet';

/**
 * The exactly-once infrastructure of money actions (D-income.md §0.5): many calls at once (Promise.all), repeats of one
 * requestId, different requestIds racing for one wallet, SMS codes shared by racing requests, and the ledger writer.
 */

const NOW = Date.parse('2024-05-20T15:30:00+08:00');
const OPERATOR = 10001;
const { sb } = openSandboxForFile(NOW);

const requestId = () => randomBytes(16).toString('hex');

async function value(sql: string, params: unknown[] = []): Promise<number> {
  const r = await sb.db.query<Record<string, unknown>>(sql, params);
  return Number(Object.values(r.rows[0] ?? { v: 0 })[0] ?? 0);
}

let calls = 0;

/**
 * A money action as an endpoint writes it: takes `amount` from the operator's available balance (a bizType 15 调账扣款
 * entry) after checking the balance on the locked wallet; with `sms`, the code is checked in prepare and consumed in the
 * action.
 */
function takeMoney(id: string, amount: number, sms?: SmsCodeUse, caller = OPERATOR) {
  const now = sb.clock.now;
  return exactlyOnce(
    sb.db,
    { accountId: caller, action: 'testTake', requestId: id, body: { amount, code: sms?.code, requestId: id } },
    now,
    async (tx) => {
      calls++;
      if (sms) await consumeSmsCode(tx, sms, now);
      const wallet = await lockWallet(tx, OPERATOR);
      if (wallet.availableBalance < amount) throw new BizError(2001, '可提现余额不足');
      return writeLedgerEntry(
        tx,
        { accountId: OPERATOR, direction: 2, bizType: 15, title: '调账扣款 · 测试', amount },
        now,
      );
    },
    sms ? () => checkSmsCode(sb.db, sms, now) : undefined,
  );
}

/** Outcome of a call: its data or its error code. */
async function outcome<T>(p: Promise<T>): Promise<{ ok: T } | { code: number; message: string }> {
  try {
    return { ok: await p };
  } catch (error) {
    if (error instanceof BizError) return { code: error.code, message: error.message };
    throw error;
  }
}

const available = () => value('select available_balance from wallet where account_id = $1', [OPERATOR]);

describe('exactlyOnce', () => {
  it('acts once for 40 simultaneous repeats of one requestId; every repeat gets the first result', async () => {
    const before = await available();
    calls = 0;
    const id = requestId();
    const answers = await Promise.all(Array.from({ length: 40 }, () => takeMoney(id, 1234)));
    expect(calls).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]?.balanceAfter).toBe(before - 1234);
    expect(await available()).toBe(before - 1234);
    expect(
      await value('select count(*) from account_bill where account_id = $1 and title = $2', [
        OPERATOR,
        '调账扣款 · 测试',
      ]),
    ).toBe(1);
    // later repeats, in either case of the hex digits, still answer the first result without acting
    sb.clock.now = NOW + 3600_000;
    expect(await takeMoney(id.toUpperCase(), 1234)).toEqual(answers[0]);
    expect(calls).toBe(1);
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('never overdraws: 30 different requests at once, only as many as the balance covers succeed', async () => {
    const before = await available();
    const amount = Math.floor(before / 7) + 1; // 6 fit, the 7th does not
    const answers = await Promise.all(Array.from({ length: 30 }, () => outcome(takeMoney(requestId(), amount))));
    const succeeded = answers.filter((a) => 'ok' in a);
    expect(succeeded).toHaveLength(6);
    expect(answers.filter((a) => 'code' in a && a.code === 2001)).toHaveLength(24);
    expect(await available()).toBe(before - 6 * amount);
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('stores a business error as the answer: repeats get the same error without acting', async () => {
    calls = 0;
    const id = requestId();
    const huge = (await available()) + 1;
    const answers = await Promise.all(Array.from({ length: 10 }, () => outcome(takeMoney(id, huge))));
    expect(calls).toBe(1);
    expect(answers.every((a) => 'code' in a && a.code === 2001 && a.message === '可提现余额不足')).toBe(true);
    // a later repeat keeps the answer too (the app makes a new requestId after an answer)
    sb.clock.now += 60_000;
    expect(await outcome(takeMoney(id, huge))).toEqual({ code: 2001, message: '可提现余额不足' });
    expect(calls).toBe(1);
  });

  it('refuses the same requestId with another body, later or at once, and acts only for the first', async () => {
    calls = 0;
    const before = await available();
    const id = requestId();
    const first = await takeMoney(id, 100);
    expect(await outcome(takeMoney(id, 200))).toEqual({ code: 1, message: REUSED_MESSAGE });
    // the requestId's case is not the body: the same request again is answered with the first result
    expect(await outcome(takeMoney(id.toUpperCase(), 100))).toEqual({ ok: first });
    const other = requestId();
    const racing = await Promise.all([outcome(takeMoney(other, 300)), outcome(takeMoney(other, 400))]);
    expect(racing.filter((a) => 'ok' in a)).toHaveLength(1);
    expect(racing.filter((a) => 'code' in a && a.message === REUSED_MESSAGE)).toHaveLength(1);
    expect(calls).toBe(2);
    const taken = 'ok' in racing[0]! ? 300 : 400;
    expect(await available()).toBe(before - 100 - taken);
  });

  it('keys a requestId per calling account: a sub-account sharing its operator’s requestId gets its own action', async () => {
    calls = 0;
    const id = requestId();
    const byOperator = await takeMoney(id, 150);
    const bySubAccount = await takeMoney(id, 150, undefined, 10005);
    expect(calls).toBe(2);
    expect(bySubAccount.billId).not.toBe(byOperator.billId);
  });

  it('fingerprints the body whatever the order of its keys, without its requestId', () => {
    expect(fingerprintOf({ a: 1, b: { c: [1, 2], d: 'x' }, requestId: 'f'.repeat(32) })).toBe(
      fingerprintOf({ b: { d: 'x', c: [1, 2] }, a: 1, requestId: '0'.repeat(32) }),
    );
    expect(fingerprintOf({ a: 1, b: undefined })).toBe(fingerprintOf({ a: 1 }));
    expect(fingerprintOf({ amount: 100 })).not.toBe(fingerprintOf({ amount: 101 }));
    expect(fingerprintOf({ ids: [1, 2] })).not.toBe(fingerprintOf({ ids: [2, 1] }));
  });

  it('refuses a requestId that is not 32 hex characters', async () => {
    for (const id of ['', 'abc', 'z'.repeat(32), `${requestId()}0`]) {
      expect(await outcome(takeMoney(id, 1))).toEqual({ code: 1, message: 'requestId 须为32位十六进制字符串' });
    }
  });

  it('forgets a requestId after 24 hours', async () => {
    calls = 0;
    const id = requestId();
    const first = await takeMoney(id, 100);
    sb.clock.now = sb.clock.now + IDEMPOTENCY_TTL_MS + 1;
    const second = await takeMoney(id, 100);
    expect(calls).toBe(2);
    expect(second.billId).not.toBe(first.billId);
  });
});

describe('SMS codes of money actions', () => {
  const phone = '13800138000';
  async function sendCode(): Promise<string> {
    const code = String(100000 + Math.floor(Math.random() * 900000));
    await sb.db.query(
      `insert into sms_code (phone, type, code, create_time, expire_time, used, verify_fail_count, update_time)
       values ($1, 5, $2, $3, $4, false, 0, $3)`,
      [phone, code, sb.clock.now, sb.clock.now + 5 * 60_000],
    );
    return code;
  }

  it('serves one request only: 12 different requests racing with one code make one move', async () => {
    const code = await sendCode();
    const before = await available();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => outcome(takeMoney(requestId(), 500, { phone, type: 5, code }))),
    );
    expect(answers.filter((a) => 'ok' in a)).toHaveLength(1);
    expect(answers.filter((a) => 'code' in a && a.code === 1001)).toHaveLength(11);
    expect(await available()).toBe(before - 500);
  });

  it('is not needed again by a repeat of the request that used it', async () => {
    const code = await sendCode();
    const id = requestId();
    const first = await takeMoney(id, 300, { phone, type: 5, code });
    expect(await takeMoney(id, 300, { phone, type: 5, code })).toEqual(first);
  });

  it('counts wrong tries although the request fails, and dies after 5; a failed action leaves it unused', async () => {
    const code = await sendCode();
    const wrong = code === '000000' ? '111111' : '000000';
    // a right code on a request that then fails (balance) is not consumed
    const huge = (await available()) + 1;
    expect(await outcome(takeMoney(requestId(), huge, { phone, type: 5, code }))).toMatchObject({ code: 2001 });
    expect(await value('select count(*) from sms_code where phone = $1 and code = $2 and used', [phone, code])).toBe(0);
    for (let i = 1; i <= 5; i++) {
      expect(await outcome(takeMoney(requestId(), 100, { phone, type: 5, code: wrong }))).toMatchObject({ code: 1001 });
      expect(await value('select verify_fail_count from sms_code where phone = $1 and code = $2', [phone, code])).toBe(
        i,
      );
    }
    expect(await outcome(takeMoney(requestId(), 100, { phone, type: 5, code }))).toMatchObject({ code: 1001 });
  });
});

describe('the wallet and its ledger', () => {
  it('keeps balanceAfter and the parts right through a freeze and an unfreeze', async () => {
    const t = sb.clock.now;
    const before = await available();
    await sb.db.transaction(async (tx) => {
      await writeLedgerEntry(
        tx,
        { accountId: OPERATOR, direction: 2, bizType: 13, title: '分期冻结 · 测试', amount: 700 },
        t,
      );
      await writeLedgerEntry(
        tx,
        { accountId: OPERATOR, direction: 1, bizType: 6, title: '费用解冻 · 测试', amount: 200 },
        t,
      );
    });
    // keep the facts behind frozenAmount in step: a deduction in 冻结中 holds what is frozen
    await sb.db.query(
      `update instalment_deduction set frozen_amount = frozen_amount + 500
       where id = (select d.id from instalment_deduction d join instalment_plan p on p.id = d.plan_id
                   where p.account_id = $1 and d.status = 1 order by d.id limit 1)`,
      [OPERATOR],
    );
    expect(await available()).toBe(before - 500);
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('refuses to take the available balance below zero and changes nothing', async () => {
    const before = await available();
    await expect(
      sb.db.transaction((tx) => moveWallet(tx, OPERATOR, { available: -(before + 1) }, sb.clock.now)),
    ).rejects.toMatchObject({ code: 2001 });
    expect(await available()).toBe(before);
  });
});
