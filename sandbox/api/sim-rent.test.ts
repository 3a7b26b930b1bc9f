import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/http';
import type { FrozenAmount } from '../../src/api/settlement';
import type { SimBillRow, SimCurrentBill } from '../../src/api/sim';
import { scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * The SIM monthly rent as /mine/sim reads it (C-mine.md /mine/sim/index, /list, /oldSim; Business rule 22) through the
 * sandbox's HTTP interface: this month's bill and its sites as the 00:00 job of the 1st wrote them, its frozen part
 * within the wallet's whole frozen amount, the monthly bills of a year and the old annual ones; and the next 1st on
 * the business clock deducting this month's and freezing the next.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb } = openSandboxForFile(NOW);
const OPERATOR = DEMO_PHONES.operator;
const SUB_ACCOUNT = DEMO_PHONES.subAccount;

/** Gives the demo sub-account (10005) exactly `codes` (the test's arrangement; addAC offers no `sim` box). */
async function subAccountHolds(codes: readonly string[]): Promise<void> {
  await sb.db.query('update account set permissions = $1 where id = 10005', [['home', ...codes]]);
}

const SIM_READS = [
  '/api/account/settlement/cost/frozenInfo?costType=1',
  '/api/account/settlement/cost/frozenAmount?costType=1',
  '/api/account/settlement/cost/historyList?costType=1&version=2&year=2026&pageNum=1&pageSize=10',
  '/api/account/settlement/cost/historyList?costType=1&version=1&pageNum=1&pageSize=10',
  '/api/account/settlement/cost/arrears/oweAmount',
];
const INSTALMENT_READS = [
  '/api/account/settlement/cost/frozenInfo',
  '/api/account/settlement/cost/frozenAmount?costType=2',
  '/api/account/settlement/cost/historyList?year=2026&pageNum=1&pageSize=10',
];

describe('SIM reads need `sim` (C-mine.md /mine: SIM月租; entities.md §1 Account codes)', () => {
  it('a sub-account holding only `sim` reads its operator’s SIM bills, not the instalment side', async () => {
    await subAccountHolds(['sim']);
    const bill = await sb.data<SimCurrentBill | null>(SUB_ACCOUNT, SIM_READS[0] ?? '');
    const own = await sb.data<SimCurrentBill | null>(OPERATOR, SIM_READS[0] ?? '');
    expect(bill?.billId).toBe(own?.billId);
    for (const url of SIM_READS) expect((await sb.call(SUB_ACCOUNT, url)).body.code, url).toBe(0);
    for (const url of INSTALMENT_READS) {
      const answer = await sb.call(SUB_ACCOUNT, url);
      expect([answer.body.code, answer.body.message], url).toEqual([403, '无操作权限']);
    }
  });

  it('one holding `settlement` but not `sim` is refused the SIM bills', async () => {
    await subAccountHolds(['settlement']);
    for (const url of SIM_READS.slice(0, 4)) {
      const answer = await sb.call(SUB_ACCOUNT, url);
      expect([answer.body.code, answer.body.message], url).toEqual([403, '无操作权限']);
    }
    for (const url of INSTALMENT_READS) expect((await sb.call(SUB_ACCOUNT, url)).body.code, url).toBe(0);
  });
});

describe('SIM rent reads (rule 22)', () => {
  it('this month’s bill with its sites, its frozen part, and the bills of both models', async () => {
    const bill = await sb.data<SimCurrentBill | null>(OPERATOR, '/api/account/settlement/cost/frozenInfo?costType=1');
    expect(bill).not.toBeNull();
    if (!bill) return;
    expect(bill.period).toBe('2026-11');
    expect(bill.unitPrice).toBe(150);
    expect(bill.amount).toBe(bill.deviceCount * 150);
    expect(bill.items.reduce((s, i) => s + i.deviceCount, 0)).toBe(bill.deviceCount);
    expect(bill.items.reduce((s, i) => s + i.amount, 0)).toBe(bill.amount);
    expect(bill.frozenAmount + bill.oweAmount).toBe(bill.amount);
    const frozen = await sb.data<FrozenAmount>(OPERATOR, '/api/account/settlement/cost/frozenAmount?costType=1');
    expect(frozen.frozenAmount).toBe(bill.frozenAmount);
    expect(frozen.items.find((i) => i.costType === 1)?.amount).toBe(bill.frozenAmount);
    const monthly = await sb.data<Page<SimBillRow>>(
      OPERATOR,
      '/api/account/settlement/cost/historyList?costType=1&version=2&year=2026&pageNum=1&pageSize=50',
    );
    expect(monthly.list[0]?.period).toBe('2026-11');
    expect(monthly.list.every((b) => b.period?.startsWith('2026-'))).toBe(true);
    expect(monthly.total).toBe(
      await scalar(
        sb.db,
        `select count(*) from cost_bill where account_id = 10001 and cost_type = 1 and version = 2
         and period like '2026-%'`,
      ),
    );
    const annual = await sb.data<Page<SimBillRow>>(
      OPERATOR,
      '/api/account/settlement/cost/historyList?costType=1&version=1&pageNum=1&pageSize=50',
    );
    expect(annual.total).toBe(2);
    expect(annual.list.every((b) => b.period === null && b.unitPrice === 1800 && b.periodStart !== null)).toBe(true);
    // The settlement centre's own history (costType 2, the default) is unchanged: cost settlements by cycle.
    const sheets = await sb.data<Page<{ cycle: string }>>(
      OPERATOR,
      '/api/account/settlement/cost/historyList?year=2026&pageNum=1&pageSize=5',
    );
    expect(sheets.list.every((s) => typeof s.cycle === 'string')).toBe(true);
  });

  it('on the next 1st the month’s rent is deducted and the next month’s frozen', async () => {
    const before = await sb.data<SimCurrentBill>(OPERATOR, '/api/account/settlement/cost/frozenInfo?costType=1');
    await sb.advance(Date.parse('2026-12-01T00:05:00+08:00') - sb.clock.now);
    const november = await scalar(sb.db, `select deducted_amount from cost_bill where id = $1`, [before.billId]);
    expect(november).toBe(before.frozenAmount);
    const december = await sb.data<SimCurrentBill>(OPERATOR, '/api/account/settlement/cost/frozenInfo?costType=1');
    expect(december.period).toBe('2026-12');
    expect(december.amount).toBe(december.deviceCount * 150);
    expect([1, 3]).toContain(december.status);
  });
});
