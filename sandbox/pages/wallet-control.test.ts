import { describe, expect, it } from 'vitest';
import type { ArrearsRecord } from '../../src/api/arrears';
import type { Page } from '../../src/api/http';
import type { WalletBalance } from '../../src/api/income';
import type { SimCurrentBill } from '../../src/api/sim';
import type { Withdrawable } from '../../src/api/withdraw';
import { rows } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile, walletViolations } from '../testing';

/**
 * The wallet-adjustment control (POST /__sandbox/wallet/adjust; the back office's 调账, ledger bizTypes 8 / 15) and
 * what it is for: a merchant put short of money before the SIM rent of the 1st (C-mine.md Business rule 22) owes the
 * rest as an arrears record of source 3 SIM月租 that blocks withdrawals.
 */

const NOW = Date.parse('2026-11-30T23:50:00+08:00');
const { sb } = openSandboxForFile(NOW);
const OPERATOR = DEMO_PHONES.operator;

async function adjust(body: Record<string, unknown>) {
  const res = await sb.app.request('/__sandbox/wallet/adjust', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as {
    code: number;
    message: string;
    data: { availableBalance: number; frozenAmount: number; billId: number };
  };
}

const balance = () => sb.data<WalletBalance>(OPERATOR, '/api/account/v2/balance');

describe('POST /__sandbox/wallet/adjust', () => {
  it('credits and debits the available balance through one ledger entry each; never below zero', async () => {
    const before = await balance();
    const credit = await adjust({ phone: OPERATOR, amount: 1234 });
    expect(credit).toMatchObject({ code: 0, data: { availableBalance: before.availableBalance + 1234 } });
    const debit = await adjust({ phone: OPERATOR, amount: -1234, remark: '测试扣回' });
    expect(debit.data.availableBalance).toBe(before.availableBalance);
    const entries = await rows<{ bizType: number; direction: number; amount: number; balanceAfter: number }>(
      sb.db,
      'select biz_type, direction, amount, balance_after from account_bill where id = any($1::bigint[]) order by id',
      [[credit.data.billId, debit.data.billId]],
    );
    expect(entries.map((e) => [Number(e.bizType), Number(e.direction), Number(e.amount)])).toEqual([
      [8, 1, 1234],
      [15, 2, 1234],
    ]);
    expect(Number(entries[1]?.balanceAfter)).toBe(before.availableBalance);
    expect(await adjust({ phone: OPERATOR, amount: -(before.availableBalance + 1) })).toMatchObject({
      code: 2001,
      message: '可提现余额不足',
    });
    expect((await balance()).availableBalance).toBe(before.availableBalance);
    expect((await adjust({ phone: OPERATOR, amount: 0 })).code).not.toBe(0);
    expect((await adjust({ phone: '13800138004', amount: 100 })).message).toBe('该手机号不是主账号');
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('an operator emptied before the 1st owes its SIM rent as 欠费 (source 3), which blocks withdrawals', async () => {
    const before = await balance();
    await adjust({ phone: OPERATOR, amount: -before.availableBalance });
    expect((await balance()).availableBalance).toBe(0);
    await sb.advance(Date.parse('2026-12-01T00:05:00+08:00') - sb.clock.now);

    const bill = await sb.data<SimCurrentBill>(OPERATOR, '/api/account/settlement/cost/frozenInfo?costType=1');
    expect(bill).toMatchObject({ period: '2026-12', status: 3, frozenAmount: 0, oweAmount: bill.amount });
    expect(bill.amount).toBeGreaterThan(0);
    const open = await sb.data<Page<ArrearsRecord>>(
      OPERATOR,
      '/api/account/settlement/cost/arrears/list?pageNum=1&pageSize=50&status=1,2',
    );
    const sim = open.list.filter((r) => r.source === 3);
    expect(sim).toHaveLength(1);
    expect(sim[0]).toMatchObject({ cycle: '2026-12', amount: bill.amount, repaidAmount: 0, status: 1 });
    expect(sim[0]?.deviceCount).toBe(bill.deviceCount);
    const withdrawable = await sb.data<Withdrawable>(OPERATOR, '/api/user/isWithdrawable');
    expect(withdrawable).toMatchObject({ withdrawable: false, reasonCode: 5 });
    expect(withdrawable.oweAmount).toBeGreaterThanOrEqual(bill.amount);
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('on the next 1st what the SIM rent owes is deducted from the available balance; what stays short stays owed', async () => {
    // the wallet holds 2,000 fen just before 2027-01-01: the December arrears take all of it and owe the rest
    await sb.advance(Date.parse('2026-12-31T23:50:00+08:00') - sb.clock.now);
    const held = (await balance()).availableBalance;
    await adjust({ phone: OPERATOR, amount: 2000 - held });
    const december = async () => {
      const open = await sb.data<Page<ArrearsRecord>>(
        OPERATOR,
        '/api/account/settlement/cost/arrears/list?pageNum=1&pageSize=50&status=1,2,3',
      );
      return open.list.find((r) => r.source === 3 && r.cycle === '2026-12');
    };
    const owed = (await december())?.amount ?? 0;
    expect(owed).toBeGreaterThan(2000);
    await sb.advance(Date.parse('2027-01-01T00:05:00+08:00') - sb.clock.now);

    expect(await december()).toMatchObject({ repaidAmount: 2000, status: 2, clearTime: null });
    const taken = await rows<{ bizType: number; direction: number; amount: number; balanceAfter: number }>(
      sb.db,
      `select biz_type, direction, amount, balance_after from account_bill
       where account_id = 10001 and create_time = $1 and title like 'SIM卡月租欠费扣款%'`,
      [Date.parse('2027-01-01T00:00:00+08:00')],
    );
    expect(
      taken.map((e) => [Number(e.bizType), Number(e.direction), Number(e.amount), Number(e.balanceAfter)]),
    ).toEqual([[14, 2, 2000, 0]]);
    const bills = await rows<{ period: string; status: number; oweAmount: number; deductedAmount: number }>(
      sb.db,
      `select period, status, owe_amount, deducted_amount from cost_bill
       where account_id = 10001 and cost_type = 1 and period in ('2026-12', '2027-01') order by period`,
    );
    expect(bills.map((b) => [b.period, Number(b.status), Number(b.oweAmount), Number(b.deductedAmount)])).toEqual([
      ['2026-12', 3, owed - 2000, 2000],
      // nothing was left for January's rent: all of it is owed
      ['2027-01', 3, bills[1] ? Number(bills[1].oweAmount) : -1, 0],
    ]);
    expect((await sb.data<Withdrawable>(OPERATOR, '/api/user/isWithdrawable')).reasonCode).toBe(5);
    expect(await walletViolations(sb.db)).toEqual([]);

    // with money before 2027-02-01, January's arrears are deducted in full (已还清, the bill 已扣款); December's rest,
    // past its 1st, stays owed until it is paid
    await sb.advance(Date.parse('2027-01-31T23:50:00+08:00') - sb.clock.now);
    await adjust({ phone: OPERATOR, amount: 100_000 });
    await sb.advance(Date.parse('2027-02-01T00:05:00+08:00') - sb.clock.now);
    const all = await sb.data<Page<ArrearsRecord>>(
      OPERATOR,
      '/api/account/settlement/cost/arrears/list?pageNum=1&pageSize=50&status=1,2,3',
    );
    const january = all.list.find((r) => r.source === 3 && r.cycle === '2027-01');
    expect(january).toMatchObject({ status: 3, clearTime: Date.parse('2027-02-01T00:00:00+08:00') });
    expect(january?.repaidAmount).toBe(january?.amount);
    expect(all.list.find((r) => r.source === 3 && r.cycle === '2026-12')).toMatchObject({
      repaidAmount: 2000,
      status: 2,
    });
    const jan = await rows<{ status: number; oweAmount: number }>(
      sb.db,
      `select status, owe_amount from cost_bill where account_id = 10001 and cost_type = 1 and period = '2027-01'`,
    );
    expect(jan.map((b) => [Number(b.status), Number(b.oweAmount)])).toEqual([[2, 0]]);
    expect(await walletViolations(sb.db)).toEqual([]);
  });
});
