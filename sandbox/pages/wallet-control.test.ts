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
});
