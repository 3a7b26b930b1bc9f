import { jobTime } from '../../domain/schedule';
import {
  collectSimArrears,
  costSettlementOf,
  dailyFreezeAmount,
  nextDeduction,
  planAfterPayment,
  repayOldestFirst,
  settleDeduction,
  simRentOf,
  SIM_UNIT_PRICE,
} from '../../domain/settlement';
import { addDays, addMonths, dayOf, lastDayOfMonth, monthOf, startOfDay } from '../../lib/time';
import { ACC, type SeedCtx } from './context';
import { type Book, STEP, type Timeline } from './ledger';
import type { SplitRow } from './money';
import { HOUR_MS, pad } from './util';
import type { World } from './world';

const PROPORTION = 30;
const PLAN_SITES = [1, 2, 3];
/** Months of SIM rent of 10001 before this month (the older ones, before the ledger window, as settled summaries). */
const SIM_MONTHS_BACK = 5;

type Row = Record<string, unknown>;

/**
 * Balance-deduction settlement of 10001 (A §4, R6.1) and the SIM rent of every account (C rule 22, R6.3), replayed on
 * the timeline with the rules of domain/settlement.ts, as the jobs of jobs/settlement.ts would have run them:
 * 3 device plans (12 periods, proportion 30 %, one per site 1–3) started 5 months ago. Cycles whose first day lies in
 * the 90-day window are replayed — 02:30 freezes of the owner's posted site income (bizType 13, FreezeRecord),
 * settlement at 03:00 on the 1st (deducted from frozen, surplus unfrozen as bizType 6, shortfall as Arrears); older
 * cycles are settled summaries from before the ledger (one historical arrears, site 3's first cycle, repaid by the
 * next). SIM rent: every main account's 4G boxes bound to a site, frozen at 00:00 on each 1st of the window once the
 * account's money history has begun (bizType 14; a shortfall is owed, Arrears source 3) and deducted on the next 1st;
 * 10001's months before the window are settled summaries, and its two old annual bills. Rows are pushed at once and filled in as the timeline runs.
 */
export function replaySettlement(ctx: SeedCtx, world: World, splits: SplitRow[], timeline: Timeline, book: Book): void {
  const { now } = ctx;
  const thisMonth = monthOf(now);
  const windowStart = startOfDay(ctx.day0);
  // cycles whose first day is inside the window (all their days' freezes can be replayed)
  const firstReplayed =
    `${ctx.day0.slice(0, 8)}01` >= ctx.day0 ? ctx.day0.slice(0, 7) : addMonths(ctx.day0.slice(0, 7), 1);

  // the owner's role-0 income per site and day as the 02:00 job posted it (the freeze base)
  const income = new Map<string, number>();
  for (const r of splits) {
    if (r.role !== 0 || r.accountId !== ACC.operator || r.cashOnly || r.postTime === null || r.amount <= 0) continue;
    const d = dayOf(r.createTime);
    if (r.postTime !== jobTime('posting', addDays(d, 1))) continue;
    const k = `${r.siteId}|${d}`;
    income.set(k, (income.get(k) ?? 0) + r.amount);
  }
  const daysOf = (month: string) => {
    const list: string[] = [];
    for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) list.push(d);
    return list;
  };
  // what a finished cycle could freeze → the period amount (the plans are sized to be covered by income)
  const capacity = (siteId: number, month: string) =>
    daysOf(month).reduce((s, d) => s + Math.floor(((income.get(`${siteId}|${d}`) ?? 0) * PROPORTION) / 100), 0);

  const startMonth = addMonths(thisMonth, -5);
  const contractT = startOfDay(`${addMonths(startMonth, -1)}-20`);
  const siteRows = new Map(ctx.rows('site').map((r) => [r.id as number, r]));
  const deductionsByCycle = new Map<string, Row[]>();

  for (const [idx, siteId] of PLAN_SITES.entries()) {
    const site = world.sites.get(siteId);
    if (!site) continue;
    const boxes = world.boxesBySite.get(siteId)?.length ?? 0;
    const finished: number[] = [];
    for (let m = firstReplayed; m < thisMonth; m = addMonths(m, 1)) finished.push(capacity(siteId, m));
    const minCap = finished.length > 0 ? Math.min(...finished) : 20_000;
    const periodAmount = Math.max(5_000, Math.floor((minCap * 0.7) / 1000) * 1000);
    const financed = periodAmount * 12;
    const total = boxes * 120_000;
    const planId = ctx.id('instalment_plan');
    const contractNo = `HT${startMonth.replace('-', '')}${pad(siteId, 3)}${pad(8800 + idx, 5)}`;
    ctx.push('site_contract', {
      contractCode: contractNo,
      operatorId: ACC.operator,
      contractName: `${site.name}充电设备分期购买合同`,
      partyA: '杭州易充科技有限公司',
      partyB: '浙江云充智能设备有限公司',
      signDate: dayOf(contractT),
      deviceCount: boxes,
      totalAmount: total,
      fileUrl: `/__sandbox/static/contracts/${contractNo}.pdf`,
      createTime: contractT,
      updateTime: contractT,
    });
    const siteRow = siteRows.get(siteId);
    if (siteRow) siteRow.contractCode = contractNo;
    ctx.push('plan_site', { planId, siteId, proportion: PROPORTION, createTime: contractT, updateTime: contractT });
    const plan: Row = {
      id: planId,
      planNo: `FQ${startMonth.replace('-', '')}${pad(planId, 4)}`,
      accountId: ACC.operator,
      type: 1,
      title: `${site.name}设备分期`,
      contractNo,
      siteId,
      siteName: site.name,
      deviceCount: boxes,
      totalAmount: total,
      downPayment: total - financed,
      financedAmount: financed,
      totalPeriods: 12,
      periodAmount,
      paidPeriods: 0,
      paidAmount: 0,
      remainingAmount: financed,
      proportion: PROPORTION,
      startMonth,
      status: 1,
      finishTime: null,
      createTime: contractT,
      updateTime: contractT,
    };
    ctx.push('instalment_plan', plan);
    const progress = () => ({
      financedAmount: financed,
      periodAmount,
      totalPeriods: 12,
      paidAmount: plan.paidAmount as number,
      remainingAmount: plan.remainingAmount as number,
    });
    const arrears: Row[] = [];
    const outstanding = () =>
      arrears.reduce((s, a) => s + (a.status === 3 ? 0 : (a.amount as number) - (a.repaidAmount as number)), 0);

    /** Settles a deduction at `t` (jobs/settlement.ts settleOne); `replayed` moves the wallet. */
    const settle = (d: Row, item: Row, t: number, replayed: boolean) => {
      const out = settleDeduction({
        due: d.dueAmount as number,
        frozen: d.frozenAmount as number,
        arrearsAmount: d.arrearsAmount as number,
      });
      if (replayed) {
        if (out.deducted > 0) book.move(ACC.operator, { frozen: -out.deducted }, t);
        if (out.unfrozen > 0) {
          book.write({
            time: t,
            accountId: ACC.operator,
            direction: 1,
            bizType: 6,
            title: `费用解冻 · ${site.name}`,
            amount: out.unfrozen,
            status: 1,
            siteId,
            siteName: site.name,
            orderId: null,
            orderNo: null,
            orderType: null,
            withdrawId: null,
            freezeId: null,
            remark: `${d.cycle as string}期结算后解冻`,
            operatorName: '系统',
            rows: [],
            deductionId: d.id as number,
          });
        }
      }
      for (const r of repayOldestFirst(
        arrears
          .filter((a) => a.status !== 3)
          .map((a) => ({
            id: a.id as number,
            amount: a.amount as number,
            repaidAmount: a.repaidAmount as number,
          })),
        out.arrearsRepaid,
      )) {
        const a = arrears.find((x) => x.id === r.id) as Row;
        Object.assign(a, { repaidAmount: r.repaidAmount, status: r.cleared ? 3 : 2, updateTime: t });
        if (r.cleared) a.clearTime = t;
      }
      if (out.owe > 0) {
        const a: Row = {
          id: ctx.id('arrears'),
          accountId: ACC.operator,
          deductionId: d.id,
          planId,
          costBillId: null,
          cycle: d.cycle,
          source: 1,
          amount: out.owe,
          repaidAmount: 0,
          status: 1,
          clearTime: null,
          createTime: t,
          updateTime: t,
        };
        arrears.push(a);
        ctx.push('arrears', a);
      }
      Object.assign(d, {
        deductedAmount: out.deducted,
        unfrozenAmount: out.unfrozen,
        oweAmount: out.owe,
        status: out.status,
        settleTime: t,
        updateTime: t,
      });
      Object.assign(item, { deductedAmount: out.deducted, unfrozenAmount: out.unfrozen, updateTime: t });
      const after = planAfterPayment(progress(), out.deducted);
      Object.assign(plan, {
        paidAmount: after.paidAmount,
        remainingAmount: after.remainingAmount,
        paidPeriods: after.paidPeriods,
        status: after.settled ? 2 : plan.status,
        finishTime: after.settled ? t : null,
        updateTime: t,
      });
    };

    /** The open deduction of the plan (one per cycle) and its site item. */
    let current: { d: Row; item: Row } | null = null;
    let periodNo = 0;
    /** Opens the deduction of `cycle` at `t` (jobs/settlement.ts ensureDeduction): its due reads the plan as it is. */
    const open = (cycle: string, t: number) => {
      const next = nextDeduction(progress(), periodNo + 1, outstanding());
      if (!next) {
        current = null;
        return;
      }
      periodNo += 1;
      const d: Row = {
        id: ctx.id('instalment_deduction'),
        planId,
        cycle,
        periodNo,
        periodAmount: next.periodAmount,
        arrearsAmount: next.arrearsAmount,
        dueAmount: next.dueAmount,
        frozenAmount: 0,
        deductedAmount: 0,
        unfrozenAmount: 0,
        oweAmount: 0,
        status: 1,
        settleTime: null,
        createTime: t,
        updateTime: t,
      };
      ctx.push('instalment_deduction', d);
      deductionsByCycle.set(cycle, [...(deductionsByCycle.get(cycle) ?? []), d]);
      const item: Row = {
        id: ctx.id('deduction_item'),
        deductionId: d.id,
        siteId,
        siteName: site.name,
        income: 0,
        proportion: PROPORTION,
        frozenAmount: 0,
        deductedAmount: 0,
        unfrozenAmount: 0,
        createTime: t,
        updateTime: t,
      };
      ctx.push('deduction_item', item);
      current = { d, item };
    };

    // cycles from before the ledger: summaries of their freezes; site 3's first cycle fell short (repaid by the next)
    for (let m = startMonth; m < firstReplayed; m = addMonths(m, 1)) {
      open(m, m === startMonth ? contractT : jobTime('settlement', `${m}-01`));
      const c = current as { d: Row; item: Row } | null;
      if (!c) break;
      const short = siteId === 3 && m === startMonth;
      c.item.income = Math.round((periodAmount * 100) / PROPORTION) + 3_000 * (idx + 1);
      c.d.frozenAmount = short ? periodAmount - 6_450 : (c.d.dueAmount as number) + 1_200 * (idx + 1);
      c.item.frozenAmount = c.d.frozenAmount;
      const settleAt = jobTime('settlement', `${addMonths(m, 1)}-01`);
      if (settleAt <= now) settle(c.d, c.item, settleAt, false);
    }
    open(firstReplayed, jobTime('settlement', `${firstReplayed}-01`));

    // the window: 02:30 freezes of each day's posted income; 03:00 on each 1st settles and opens the next cycle
    for (let day = `${firstReplayed}-01`; jobTime('dailyFreeze', addDays(day, 1)) <= now; day = addDays(day, 1)) {
      const t = jobTime('dailyFreeze', addDays(day, 1));
      const cycle = day.slice(0, 7);
      timeline.at(t, STEP.dailyFreeze, () => {
        const c = current as { d: Row; item: Row } | null;
        if (!c || c.d.cycle !== cycle || c.d.status !== 1 || plan.status !== 1) return;
        const { d, item } = c;
        const inc = income.get(`${siteId}|${day}`) ?? 0;
        item.income = (item.income as number) + inc;
        const frozen = d.frozenAmount as number;
        const amount = dailyFreezeAmount(inc, PROPORTION, d.dueAmount as number, frozen, book.available(ACC.operator));
        if (amount <= 0) return;
        d.frozenAmount = frozen + amount;
        item.frozenAmount = (item.frozenAmount as number) + amount;
        d.updateTime = t;
        item.updateTime = t;
        const record: Row = {
          id: ctx.id('freeze_record'),
          deductionId: d.id,
          siteId,
          date: day,
          income: inc,
          proportion: PROPORTION,
          amount,
          billId: null,
          createTime: t,
          updateTime: t,
        };
        ctx.push('freeze_record', record);
        book.write({
          time: t,
          accountId: ACC.operator,
          direction: 2,
          bizType: 13,
          title: `分期冻结 · ${site.name}`,
          amount,
          status: 1,
          siteId,
          siteName: site.name,
          orderId: null,
          orderNo: null,
          orderType: null,
          withdrawId: null,
          freezeId: null,
          remark: `${cycle}期 ${day}收入¥${(inc / 100).toFixed(2)}×${PROPORTION}%`,
          operatorName: '系统',
          rows: [],
          deductionId: d.id as number,
          onBill: (billId) => {
            record.billId = billId;
          },
        });
      });
    }
    for (let m = addMonths(firstReplayed, 1); m <= thisMonth; m = addMonths(m, 1)) {
      const t = jobTime('settlement', `${m}-01`);
      if (t > now) break;
      timeline.at(t, STEP.settlement, () => {
        const c = current as { d: Row; item: Row } | null;
        if (c && c.d.status === 1) settle(c.d, c.item, t, true);
        if (plan.status === 1 || plan.status === 4) open(m, t);
      });
    }
  }

  // the monthly settlement sheets (CostSettlement = Σ of the cycle's deductions), once the timeline has run
  timeline.at(now, STEP.action + 1, () => {
    for (const [cycle, list] of [...deductionsByCycle.entries()].sort()) {
      const sheet = costSettlementOf(
        list.map((d) => ({
          dueAmount: d.dueAmount as number,
          frozenAmount: d.frozenAmount as number,
          deductedAmount: d.deductedAmount as number,
          unfrozenAmount: d.unfrozenAmount as number,
          oweAmount: d.oweAmount as number,
          status: d.status as number,
        })),
      );
      const settled = list.map((d) => d.settleTime as number | null).filter((t): t is number => t !== null);
      ctx.push('cost_settlement', {
        id: ctx.id('cost_settlement'),
        accountId: ACC.operator,
        cycle,
        startDate: `${cycle}-01`,
        endDate: lastDayOfMonth(cycle),
        settleTime: sheet.status === 1 || settled.length === 0 ? null : Math.max(...settled),
        dueAmount: sheet.dueAmount,
        frozenAmount: sheet.frozenAmount,
        deductedAmount: sheet.deductedAmount,
        unfrozenAmount: sheet.unfrozenAmount,
        oweAmount: sheet.oweAmount,
        planCount: sheet.planCount,
        status: sheet.status,
        createTime: startOfDay(`${cycle}-01`),
        updateTime: settled.length > 0 ? Math.max(...settled) : now,
      });
    }
  });

  replaySimRent(ctx, world, timeline, book, windowStart);
}

/**
 * SIM rent (C rule 22; jobs/settlement.ts simRent): on each 1st in the window, last month's frozen rent is deducted,
 * what last month still owed is deducted from the available balance (collectSimArrears), and this month's frozen for every main account's 4G boxes bound to a site by then; 10001's earlier months are
 * settled summaries from before the ledger, and it has two old annual bills.
 */
function replaySimRent(ctx: SeedCtx, world: World, timeline: Timeline, book: Book, windowStart: number): void {
  const { now } = ctx;
  const thisMonth = monthOf(now);
  const mainAccounts = new Set(
    ctx
      .rows('account')
      .filter((a) => a.accountType === 1 || a.accountType === 2)
      .map((a) => a.id as number),
  );
  const simBoxes = ctx
    .rows('device')
    .filter(
      (d) =>
        d.siteId !== null &&
        (d.deviceType as number) <= 3 &&
        d.iccid !== null &&
        mainAccounts.has(d.ownerOperatorId as number),
    );
  const bills: Row[] = [];
  const pushBill = (accountId: number, period: string, boxes: Row[], t: number, available: number | null): Row => {
    const bySite = new Map<number, number>();
    for (const b of boxes) bySite.set(b.siteId as number, (bySite.get(b.siteId as number) ?? 0) + 1);
    const rent = simRentOf(boxes.length, SIM_UNIT_PRICE, available ?? Number.MAX_SAFE_INTEGER);
    const bill: Row = {
      id: ctx.id('cost_bill'),
      accountId,
      costType: 1,
      version: 2,
      period,
      periodStart: null,
      periodEnd: null,
      deviceCount: boxes.length,
      unitPrice: SIM_UNIT_PRICE,
      amount: rent.amount,
      frozenAmount: rent.frozen,
      deductedAmount: 0,
      oweAmount: rent.owe,
      status: rent.status,
      frozenTime: t,
      settleTime: null,
      createTime: t,
      updateTime: t,
    };
    ctx.push('cost_bill', bill);
    bills.push(bill);
    for (const [siteId, n] of [...bySite.entries()].sort((a, b) => a[0] - b[0])) {
      ctx.push('cost_bill_item', {
        billId: bill.id,
        siteId,
        siteName: world.sites.get(siteId)?.name ?? '',
        deviceCount: n,
        amount: n * SIM_UNIT_PRICE,
        createTime: t,
        updateTime: t,
      });
    }
    return bill;
  };
  /**
   * Deducts the rent of `period` still held (a bill frozen at or before the window's first instant moved money before
   * the ledger, which starts empty then).
   */
  const deduct = (period: string, t: number) => {
    for (const b of bills) {
      if (b.period !== period || (b.status !== 1 && b.status !== 3)) continue;
      const held = (b.frozenAmount as number) - (b.deductedAmount as number);
      if (held <= 0) continue;
      if ((b.frozenTime as number) > windowStart) book.move(b.accountId as number, { frozen: -held }, t);
      Object.assign(b, {
        deductedAmount: b.frozenAmount,
        status: b.status === 1 ? 2 : b.status,
        settleTime: t,
        updateTime: t,
      });
    }
  };

  const simArrears: Row[] = [];
  /** Collects what `period` still owes from each account's available balance (jobs/settlement.ts, R6.3). */
  const collect = (period: string, t: number) => {
    const open = simArrears.filter((a) => a.cycle === period && (a.status === 1 || a.status === 2));
    for (const accountId of [...new Set(open.map((a) => a.accountId as number))].sort((a, b) => a - b)) {
      const records = open.filter((a) => a.accountId === accountId);
      const { repayments } = collectSimArrears(
        records.map((a) => ({
          id: a.id as number,
          amount: a.amount as number,
          repaidAmount: a.repaidAmount as number,
        })),
        book.available(accountId),
      );
      for (const r of repayments) {
        const record = records.find((a) => a.id === r.id) as Row;
        const bill = bills.find((b) => b.id === record.costBillId) as Row;
        const part = r.repaidAmount - (record.repaidAmount as number);
        book.write({
          time: t,
          accountId,
          direction: 2,
          bizType: 14,
          title: `SIM卡月租欠费扣款 · ${period}`,
          amount: part,
          status: 1,
          siteId: null,
          siteName: null,
          orderId: null,
          orderNo: null,
          orderType: null,
          withdrawId: null,
          freezeId: null,
          remark: `${period}欠费从可提现余额扣除`,
          operatorName: '系统',
          rows: [],
          costBillId: bill.id as number,
        });
        book.move(accountId, { frozen: -part }, t);
        Object.assign(record, {
          repaidAmount: r.repaidAmount,
          status: r.cleared ? 3 : 2,
          clearTime: r.cleared ? t : null,
          updateTime: t,
        });
        const owe = (bill.oweAmount as number) - part;
        Object.assign(bill, {
          frozenAmount: (bill.frozenAmount as number) + part,
          deductedAmount: (bill.deductedAmount as number) + part,
          oweAmount: owe,
          status: owe === 0 ? 2 : bill.status,
          settleTime: t,
          updateTime: t,
        });
      }
    }
  };

  // 10001's months before the window: settled summaries (the money moved before the ledger starts)
  for (let back = SIM_MONTHS_BACK; back >= 1; back--) {
    const period = addMonths(thisMonth, -back);
    const t = jobTime('midnight', `${period}-01`);
    if (t > windowStart) continue;
    const boxes = simBoxes.filter((d) => d.ownerOperatorId === ACC.operator);
    pushBill(ACC.operator, period, boxes, t, null);
    const next = jobTime('midnight', `${addMonths(period, 1)}-01`);
    if (next <= windowStart) deduct(period, next);
  }
  // every 1st of the window: deduct last month's, freeze this month's
  for (let period = monthOf(windowStart); period <= thisMonth; period = addMonths(period, 1)) {
    const t = jobTime('midnight', `${period}-01`);
    if (t <= windowStart || t > now) continue;
    timeline.at(t, STEP.sim, () => {
      deduct(addMonths(period, -1), t);
      collect(addMonths(period, -1), t);
      const byOwner = new Map<number, Row[]>();
      for (const d of simBoxes) {
        if ((d.bindTime as number | null) === null || (d.bindTime as number) > t) continue;
        const owner = d.ownerOperatorId as number;
        byOwner.set(owner, [...(byOwner.get(owner) ?? []), d]);
      }
      for (const [accountId, boxes] of [...byOwner.entries()].sort((a, b) => a[0] - b[0])) {
        // an account's rent is replayed from its first 1st with a money history in the sandbox (10001's began before)
        if (accountId !== ACC.operator && !book.started(accountId)) continue;
        const bill = pushBill(accountId, period, boxes, t, book.available(accountId));
        if ((bill.frozenAmount as number) > 0) {
          book.write({
            time: t,
            accountId,
            direction: 2,
            bizType: 14,
            title: `SIM卡月租 · ${period}`,
            amount: bill.frozenAmount as number,
            status: 1,
            siteId: null,
            siteName: null,
            orderId: null,
            orderNo: null,
            orderType: null,
            withdrawId: null,
            freezeId: null,
            remark: `${boxes.length}台4G设备 × ¥${(SIM_UNIT_PRICE / 100).toFixed(2)}`,
            operatorName: '系统',
            rows: [],
            costBillId: bill.id as number,
          });
        }
        if ((bill.oweAmount as number) > 0) {
          const arrears: Row = {
            id: ctx.id('arrears'),
            accountId,
            deductionId: null,
            planId: null,
            costBillId: bill.id,
            cycle: period,
            source: 3,
            amount: bill.oweAmount,
            repaidAmount: 0,
            status: 1,
            clearTime: null,
            createTime: t,
            updateTime: t,
          };
          simArrears.push(arrears);
          ctx.push('arrears', arrears);
        }
      }
    });
  }
  // two old annual bills (version 1) from before the monthly rent
  for (let k = 2; k >= 1; k--) {
    const y = Number(thisMonth.slice(0, 4)) - k - 1;
    const start = `${y}-01-01`;
    const t = startOfDay(start);
    const count = 24 + k * 3;
    ctx.push('cost_bill', {
      id: ctx.id('cost_bill'),
      accountId: ACC.operator,
      costType: 1,
      version: 1,
      period: null,
      periodStart: start,
      periodEnd: `${y}-12-31`,
      deviceCount: count,
      unitPrice: 1800,
      amount: count * 1800,
      frozenAmount: count * 1800,
      deductedAmount: count * 1800,
      oweAmount: 0,
      status: 2,
      frozenTime: t,
      settleTime: t + 2 * HOUR_MS,
      createTime: t,
      updateTime: t + 2 * HOUR_MS,
    });
  }
}
