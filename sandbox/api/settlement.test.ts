import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/http';
import type {
  CostSettlement,
  CurrentFeePeriod,
  DeductionInfo,
  DeductionItem,
  DeductionPage,
  DeviceInstalmentOverview,
  FeePeriodDetail,
  FeePeriodRow,
  FrozenAmount,
  FrozenSite,
  InstalmentPlan,
  SettlementCycle,
  SiteInstalment,
  SplitDeductionPage,
} from '../../src/api/settlement';
import { DEMO_PHONES, openSandboxForFile, walletViolations } from '../testing';

/**
 * The settlement reads (A-shell-home-settlement.md §4–§5) against what the money jobs wrote: the settlement centre's
 * figures are the sums of the cycle's deductions, freeze records and ledger entries (bizType 13 freezes, 6 unfreezes);
 * each closed cycle's sheet is the sum of its deduction records; a deduction's sites add up to it; every period's split
 * deductions add up to its deductedAmount. Then the business clock passes the 1st: the cycle is settled (deducted,
 * surplus unfrozen, plans paid on), a new cycle opens, the platform-fee period closes (欠费 when short) and the next opens.
 */

const NOW = Date.parse('2026-11-29T12:00:00+08:00');
const { sb } = openSandboxForFile(NOW);
const OPERATOR = DEMO_PHONES.operator;
const SPLIT = DEMO_PHONES.splitOperator;

async function value(sql: string, params: unknown[] = []): Promise<number> {
  const r = await sb.db.query<Record<string, unknown>>(sql, params);
  return Number(Object.values(r.rows[0] ?? { v: 0 })[0] ?? 0);
}

const q = (query: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
const all = { pageNum: 1, pageSize: 100 };

describe('settlement centre (settleMode 1)', () => {
  it('the current cycle: due and frozen are the sums of its deductions, of its freeze records and of the ledger', async () => {
    const cycle = await sb.data<SettlementCycle>(OPERATOR, '/api/site/getSettlementCycle');
    expect(cycle).toMatchObject({
      currentCycle: '2026-11',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      nextSettleDate: '2026-12-01',
      cycleType: 3,
      settleDay: 1,
    });
    const frozen = await sb.data<FrozenAmount>(OPERATOR, '/api/account/settlement/cost/frozenAmount');
    const plans = await sb.data<Page<InstalmentPlan>>(OPERATOR, `/api/account/settlement/cost/instalmentList${q(all)}`);
    expect(plans.total).toBe(3);
    expect(frozen.dueAmount).toBe(plans.list.reduce((s, p) => s + p.currentDue, 0));
    expect(frozen.frozenAmount).toBe(plans.list.reduce((s, p) => s + p.currentFrozen, 0));
    expect(frozen.frozenAmount).toBeGreaterThan(0);
    expect(frozen.remainAmount).toBe(frozen.dueAmount - frozen.frozenAmount);
    const records = await value(
      `select sum(f.amount) from freeze_record f join instalment_deduction d on d.id = f.deduction_id
       where d.cycle = '2026-11'`,
    );
    const ledger = await value(
      `select sum(b.amount) from account_bill b join instalment_deduction d on d.id = b.deduction_id
       where b.biz_type = 13 and b.account_id = 10001 and d.cycle = '2026-11'`,
    );
    expect(frozen.frozenAmount).toBe(records);
    expect(frozen.frozenAmount).toBe(ledger);
    const sites = await sb.data<Page<FrozenSite>>(OPERATOR, '/api/account/settlement/cost/frozenInfo');
    expect(sites.list.reduce((s, x) => s + x.frozenAmount, 0)).toBe(frozen.frozenAmount);
    expect(sites.list.map((s) => s.siteId)).toEqual([1, 2, 3]);
    const lastFreeze = await sb.db.query<{ date: string }>(
      `select max(f.date) as date from freeze_record f join instalment_deduction d on d.id = f.deduction_id
       where d.cycle = '2026-11'`,
    );
    expect(sites.list.every((s) => s.proportion === 30 && (s.lastFreezeDate ?? '') >= '2026-11-01')).toBe(true);
    expect(
      sites.list
        .map((s) => s.lastFreezeDate)
        .sort()
        .at(-1),
    ).toBe(lastFreeze.rows[0]?.date);
    // the tabs: 设备分期 holds the three plans, 合同分期 none
    expect(
      (await sb.data<Page<InstalmentPlan>>(OPERATOR, `/api/account/settlement/cost/deviceInstalmentList${q(all)}`))
        .total,
    ).toBe(3);
    expect(
      (await sb.data<Page<InstalmentPlan>>(OPERATOR, `/api/account/settlement/cost/contractInstalmentList${q(all)}`))
        .total,
    ).toBe(0);
  });

  it('each closed cycle’s sheet is the sum of its deduction records, and its unfreezes are the ledger’s', async () => {
    const history = await sb.data<Page<CostSettlement>>(
      OPERATOR,
      `/api/account/settlement/cost/historyList${q({ ...all, year: 2026 })}`,
    );
    expect(history.list.map((h) => h.cycle)).toEqual(['2026-10', '2026-09', '2026-08', '2026-07', '2026-06']);
    for (const sheet of history.list) {
      const page = await sb.data<DeductionPage>(
        OPERATOR,
        `/api/account/settlement/cost/instalment/list${q({ ...all, cycle: sheet.cycle })}`,
      );
      expect(page.total).toBe(sheet.planCount);
      expect(page.sum).toEqual({
        dueAmount: sheet.dueAmount,
        deductedAmount: sheet.deductedAmount,
        oweAmount: sheet.oweAmount,
      });
      expect(sheet.status).toBe(sheet.oweAmount > 0 ? 3 : 2);
      expect(sheet.settleTime).toBeGreaterThan(Date.parse(`${sheet.endDate}T23:59:59+08:00`));
    }
    // a cycle replayed inside the ledger window: its unfreezes are bizType 6 entries of its deductions
    const october = history.list[0];
    const unfrozen = await value(
      `select coalesce(sum(b.amount), 0) from account_bill b join instalment_deduction d on d.id = b.deduction_id
       where b.biz_type = 6 and d.cycle = '2026-10'`,
    );
    expect(october?.unfrozenAmount).toBe(unfrozen);
    // the year filter
    const before = await sb.data<Page<CostSettlement>>(
      OPERATOR,
      `/api/account/settlement/cost/historyList${q({ ...all, year: 2025 })}`,
    );
    expect(before.total).toBe(0);
  });

  it('a deduction explained: its sites add up to it, its plan’s progress holds, and filters narrow the records', async () => {
    const page = await sb.data<DeductionPage>(
      OPERATOR,
      `/api/account/settlement/cost/instalment/list${q({ ...all, planId: 3 })}`,
    );
    expect(page.list.map((d) => d.cycle)).toEqual(['2026-11', '2026-10', '2026-09', '2026-08', '2026-07', '2026-06']);
    const owed = page.list.find((d) => d.oweAmount > 0);
    expect(owed).toMatchObject({ cycle: '2026-06', status: 3 });
    for (const d of page.list) {
      const info = await sb.data<DeductionInfo>(
        OPERATOR,
        `/api/account/settlement/cost/instalment/info${q({ id: d.id })}`,
      );
      expect(info.dueAmount).toBe(info.periodAmount + info.arrearsAmount);
      expect(info.plan.paidAmount + info.plan.remainingAmount).toBe(info.plan.financedAmount);
      const items = await sb.data<Page<DeductionItem>>(
        OPERATOR,
        `/api/account/settlement/cost/instalment/itemList${q({ id: d.id, ...all })}`,
      );
      expect(items.list.reduce((s, i) => s + i.frozenAmount, 0)).toBe(info.frozenAmount);
      if (info.status !== 1) {
        expect(info.deductedAmount + info.unfrozenAmount).toBe(info.frozenAmount);
        expect(info.deductedAmount + info.oweAmount).toBe(info.dueAmount);
        expect(items.list.reduce((s, i) => s + i.deductedAmount, 0)).toBe(info.deductedAmount);
        expect(items.list.reduce((s, i) => s + i.unfrozenAmount, 0)).toBe(info.unfrozenAmount);
      } else {
        expect(info.settleTime).toBeNull();
        expect(info.nextSettleDate).toBe('2026-12-01');
      }
    }
    const frozenOnly = await sb.data<DeductionPage>(
      OPERATOR,
      `/api/account/settlement/cost/instalment/list${q({ ...all, status: 1 })}`,
    );
    expect(frozenOnly.list.every((d) => d.status === 1 && d.cycle === '2026-11')).toBe(true);
    expect(frozenOnly.total).toBe(3);
    // another account's deduction is out of reach
    const agent = await sb.call(
      DEMO_PHONES.agent,
      `/api/account/settlement/cost/instalment/info${q({ id: page.list[0]?.id ?? 0 })}`,
    );
    expect(agent.body.code).toBe(1);
  });
});

describe('platform fee (settleMode 2)', () => {
  it('the open period and every period’s split deductions add up to its deductedAmount', async () => {
    const current = await sb.data<CurrentFeePeriod>(SPLIT, '/api/share/instalment/queryCurrentInstalmentDetail');
    expect(current).toMatchObject({ periodNo: 8, startDate: '2026-11-01', settleDate: '2026-12-01', status: 1 });
    expect(current.daysLeft).toBe(2);
    expect(current.remainAmount).toBe(current.dueAmount - current.deductedAmount);
    expect(current.dueAmount).toBe(current.deviceAmount + current.platformFeeAmount);
    const periods = await sb.data<Page<FeePeriodRow>>(SPLIT, `/api/share/instalment/queryInstalmentList${q(all)}`);
    expect(periods.list.map((p) => p.periodNo)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    // the periods the demo world replays from its orders (7 and 8; 1–6 are settled summaries: sandbox/db/seed/money.ts)
    for (const p of periods.list.filter((x) => x.periodNo >= 7)) {
      const splits = await sb.data<SplitDeductionPage>(
        SPLIT,
        `/api/share/instalment/queryDeductInstalment${q({ instalmentId: p.instalmentId, pageNum: 1, pageSize: 5 })}`,
      );
      expect(splits.totalDeductAmount).toBe(p.deductedAmount);
      const detail = await sb.data<FeePeriodDetail>(
        SPLIT,
        `/api/share/instalment/queryInstalmentDetail${q({ instalmentId: p.instalmentId })}`,
      );
      expect(detail.deductCount).toBe(splits.total);
      expect(detail.oweAmount).toBe(p.status === 1 ? 0 : p.dueAmount - p.deductedAmount);
    }
    // the open period by default; a day and a site narrow it, and the rows add up to the total
    const open = await sb.data<SplitDeductionPage>(SPLIT, `/api/share/instalment/queryDeductInstalment${q(all)}`);
    expect(open.totalDeductAmount).toBe(current.deductedAmount);
    const first = open.list[0];
    expect(first?.deductAmount).toBeGreaterThan(0);
    expect(first?.deductAmount).toBeLessThanOrEqual(
      Math.floor(((first?.orderAmount ?? 0) * (first?.proportion ?? 0)) / 100),
    );
    const sites = await sb.data<Page<SiteInstalment>>(SPLIT, '/api/site/getDeviceInstalment');
    let bySite = 0;
    for (const s of sites.list) {
      bySite += (
        await sb.data<SplitDeductionPage>(
          SPLIT,
          `/api/share/instalment/queryDeductInstalment${q({ ...all, siteId: s.siteId })}`,
        )
      ).totalDeductAmount;
    }
    expect(bySite).toBe(current.deductedAmount);
    const overview = await sb.data<DeviceInstalmentOverview>(
      SPLIT,
      '/api/share/instalment/queryDeviceInstalmentProportion',
    );
    expect(overview.siteCount).toBe(sites.total);
    expect(overview.paidAmount + overview.remainingAmount).toBe(overview.totalAmount);
    expect(overview.proportion).toBe(20);
  });
});

describe('the clock passes the 1st', () => {
  it('settles November (deducted, surplus unfrozen, owed), opens December, closes period 8 and opens period 9', async () => {
    const before = await sb.data<Page<InstalmentPlan>>(
      OPERATOR,
      `/api/account/settlement/cost/instalmentList${q(all)}`,
    );
    await sb.jobs.setTime(Date.parse('2026-12-01T04:00:00+08:00'));
    expect(await walletViolations(sb.db)).toEqual([]);

    const history = await sb.data<Page<CostSettlement>>(
      OPERATOR,
      `/api/account/settlement/cost/historyList${q({ ...all, year: 2026 })}`,
    );
    const november = history.list[0];
    expect(november?.cycle).toBe('2026-11');
    expect(november?.settleTime).toBe(Date.parse('2026-12-01T03:00:00+08:00'));
    const page = await sb.data<DeductionPage>(
      OPERATOR,
      `/api/account/settlement/cost/instalment/list${q({ ...all, cycle: '2026-11' })}`,
    );
    expect(page.list.every((d) => d.status !== 1 && d.settleTime !== null)).toBe(true);
    expect(page.sum.deductedAmount).toBe(november?.deductedAmount);
    expect((november?.deductedAmount ?? 0) + (november?.unfrozenAmount ?? 0)).toBe(november?.frozenAmount);
    // the unfreezes went back to the available balance as bizType 6 entries
    const unfrozen = await value(
      `select coalesce(sum(amount), 0) from account_bill where account_id = 10001 and biz_type = 6 and create_time = $1`,
      [Date.parse('2026-12-01T03:00:00+08:00')],
    );
    expect(unfrozen).toBe(november?.unfrozenAmount);

    // December opened: the plans have a new current deduction, paid on by November's
    const cycle = await sb.data<SettlementCycle>(OPERATOR, '/api/site/getSettlementCycle');
    expect(cycle.currentCycle).toBe('2026-12');
    const after = await sb.data<Page<InstalmentPlan>>(OPERATOR, `/api/account/settlement/cost/instalmentList${q(all)}`);
    for (const p of after.list) {
      const was = before.list.find((x) => x.id === p.id);
      const deducted = page.list.find((d) => d.planId === p.id)?.deductedAmount ?? 0;
      expect(p.paidAmount).toBe((was?.paidAmount ?? 0) + deducted);
      expect(p.currentStatus).toBe(1);
      expect(p.currentDue).toBeGreaterThan(0);
    }

    // the platform fee: period 8 closed, 9 open
    const periods = await sb.data<Page<FeePeriodRow>>(SPLIT, `/api/share/instalment/queryInstalmentList${q(all)}`);
    const p8 = periods.list.find((p) => p.periodNo === 8);
    expect(p8?.status).toBe(p8 && p8.deductedAmount < p8.dueAmount ? 3 : 2);
    expect(p8?.oweAmount).toBe((p8?.dueAmount ?? 0) - (p8?.deductedAmount ?? 0));
    const current = await sb.data<CurrentFeePeriod>(SPLIT, '/api/share/instalment/queryCurrentInstalmentDetail');
    expect(current).toMatchObject({ periodNo: 9, startDate: '2026-12-01', settleDate: '2027-01-01', status: 1 });
  });
});
