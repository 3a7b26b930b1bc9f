import { describe, expect, it } from 'vitest';
import type { SavingsCards } from '../../src/api/bank';
import type { WalletBalance } from '../../src/api/income';
import type {
  WithdrawApplied,
  WithdrawDetail,
  WithdrawFeeFree,
  Withdrawable,
  WithdrawListPage,
} from '../../src/api/withdraw';
import { REUSED_MESSAGE } from '../domain/exactly-once';
import { scalar } from '../lib/db';
import { DAY_MS } from '../lib/time';
import { DEMO_PHONES, openSandboxForFile, walletViolations } from '../testing';
import { freshSmsCode, moneyNeverDoubles, newRequestId } from '../testing-money';

/**
 * Withdrawals through the app (D-income.md §2 /income/withdraw, withdraw-list, cashResult; §0.5, §0.6) over HTTP:
 * whether an account can withdraw (unsigned → 2), the fee terms, the application (code type 5 consumed, 1001 for a
 * wrong code, 2002 / 2001 / 2005 refusals writing nothing), the money moved from available to withdrawing with its
 * ledger entry, the records and the detail, and exactly once under repeats, stalls and races (moneyNeverDoubles).
 */

const NOW = Date.parse('2024-05-21T15:30:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'unsignedOperator']);
const OPERATOR = 10001;

const balance = async () => (await sb.get<WalletBalance>('/api/account/v2/balance', tokens.operator)).body.data;
const withdrawals = () => scalar(sb.db, 'select count(*) from withdrawal where account_id = $1', [OPERATOR]);
const code = () => freshSmsCode(sb, DEMO_PHONES.operator, 5, tokens.operator);

async function firstCard(): Promise<number> {
  const cards = (await sb.get<SavingsCards>('/api/user/getUserBindBankCard', tokens.operator)).body.data;
  const card = cards.list[0];
  if (!card) throw new Error('the demo operator has a savings card');
  return card.bankCardId;
}

const apply = (body: Record<string, unknown>) =>
  sb.post<WithdrawApplied>('/api/user/withdrawApply', tokens.operator, body);

describe('isWithdrawable and withdrawFeeFree', () => {
  it('tells the signed operator it can withdraw and the unsigned one why not (2 未签约)', async () => {
    const ok = (await sb.get<Withdrawable>('/api/user/isWithdrawable', tokens.operator)).body.data;
    expect(ok).toMatchObject({ withdrawable: true, reasonCode: 0, reason: '' });
    const blocked = (await sb.get<Withdrawable>('/api/user/isWithdrawable', tokens.unsignedOperator)).body.data;
    expect(blocked).toMatchObject({ withdrawable: false, reasonCode: 2, reason: '请先完成电子协议签署' });
    const terms = (await sb.get<WithdrawFeeFree>('/api/user/withdrawFeeFree', tokens.operator)).body.data;
    expect(terms).toMatchObject({ minAmount: 1000, maxAmount: 5_000_000, dailyLimit: 3, minFee: 100, maxFee: 2500 });
    expect(terms.freeLeft).toBe(Math.max(0, terms.freeCount - terms.usedFreeCount));
  });
});

describe('POST /api/user/withdrawApply', () => {
  it('moves the amount from available to withdrawing, writes its entry and lists the record', async () => {
    const bankCardId = await firstCard();
    const before = await balance();
    const answer = await apply({ amount: 12_345, bankCardId, code: await code(), requestId: newRequestId() });
    expect(answer.body.code, answer.body.message).toBe(0);
    const made = answer.body.data;
    expect(made.amount).toBe(12_345);
    expect(made.actualAmount).toBe(12_345 - made.fee);
    const after = await balance();
    expect(after.availableBalance).toBe(before.availableBalance - 12_345);
    expect(after.withdrawingAmount).toBe(before.withdrawingAmount + 12_345);
    expect(after.balance).toBe(before.balance);
    expect(await walletViolations(sb.db)).toEqual([]);

    const list = (
      await sb.get<WithdrawListPage>('/api/user/withdrawList', tokens.operator, {
        pageNum: 1,
        pageSize: 20,
        channel: 1,
      })
    ).body.data;
    expect(list.list[0]).toMatchObject({ id: made.withdrawId, amount: 12_345, status: made.status, source: 1 });
    const detail = (await sb.get<WithdrawDetail>('/api/user/withdrawDetail', tokens.operator, { id: made.withdrawId }))
      .body.data;
    expect(detail).toMatchObject({ withdrawNo: made.withdrawNo, expectTime: made.expectTime, fee: made.fee });
    const processing = (
      await sb.get<WithdrawListPage>('/api/user/withdrawList', tokens.operator, { channel: 1, status: '1,2' })
    ).body.data;
    expect(processing.list.every((r) => r.status === 1 || r.status === 2)).toBe(true);
  });

  it('refuses a wrong code (1001), a small amount (2002), more than available (2001) and a foreign card (2005)', async () => {
    const bankCardId = await firstCard();
    const count = await withdrawals();
    const right = await code();
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await apply({ amount: 2000, bankCardId, code: wrong, requestId: newRequestId() })).body.code).toBe(1001);
    expect((await apply({ amount: 999, bankCardId, code: right, requestId: newRequestId() })).body).toMatchObject({
      code: 2002,
      message: '单笔提现金额不能低于¥10.00',
    });
    const { availableBalance } = await balance();
    if (availableBalance + 1 <= 5_000_000) {
      expect(
        (await apply({ amount: availableBalance + 1, bankCardId, code: right, requestId: newRequestId() })).body.code,
      ).toBe(2001);
    }
    expect((await apply({ amount: 2000, bankCardId: 999_999, code: right, requestId: newRequestId() })).body.code).toBe(
      2005,
    );
    expect(await withdrawals()).toBe(count);
    expect(
      (
        await sb.post('/api/user/withdrawApply', tokens.unsignedOperator, {
          amount: 2000,
          code: '123456',
          requestId: newRequestId(),
        })
      ).body.code,
    ).toBe(2006);
  });

  it('refuses the requestId of an application sent again with another amount and a wrong code, and applies nothing', async () => {
    sb.clock.now += DAY_MS;
    const bankCardId = await firstCard();
    const requestId = newRequestId();
    const first = await apply({ amount: 2000, bankCardId, code: await code(), requestId });
    expect(first.body.code, first.body.message).toBe(0);
    const count = await withdrawals();
    const changed = await apply({ amount: 9000, bankCardId, code: '000000', requestId });
    expect(changed.body).toMatchObject({ code: 1, message: REUSED_MESSAGE, data: null });
    expect(await withdrawals()).toBe(count);
  });

  it('acts exactly once: repeats at once and later, a stalled first request and its retry, racing requests', async () => {
    const bankCardId = await firstCard();
    let sms = '';
    await moneyNeverDoubles(sb, {
      path: '/api/user/withdrawApply',
      prepare: async () => {
        // A new day for each scenario (3 applications a day); a fresh code (one code serves one request).
        sb.clock.now += DAY_MS;
        sms = await code();
      },
      send: (requestId) => apply({ amount: 2000, bankCardId, code: sms, requestId }),
      effects: withdrawals,
      race: {
        prepare: async () => {
          sb.clock.now += DAY_MS;
          sms = await code();
        },
        // Different requests with the one code: the code serves one of them only.
        send: (requestId) => apply({ amount: 2000, bankCardId, code: sms, requestId }),
        count: 5,
        maxSuccesses: 1,
      },
    });
  });
});
