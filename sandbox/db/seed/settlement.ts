import { addDays, addMonths, dayOf, monthOf, startOfDay } from '../../lib/time';
import { ACC, type SeedCtx } from './context';
import type { LedgerEv, SplitRow } from './money';
import { HOUR_MS, MIN_MS, pad } from './util';
import { at, lastDayOfMonth, type World } from './world';

const PROPORTION = 30;
const PLAN_SITES = [1, 2, 3];
const SIM_UNIT_PRICE = 150;

interface CycleFacts {
  month: string;
  /** Replayed from the window's orders (freeze records and ledger entries) or summarised (before the window). */
  replayed: boolean;
  income: number;
  frozen: number;
  deducted: number;
  unfrozen: number;
  owe: number;
  arrearsIn: number;
  status: number;
  settleTime: number | null;
  deductionId: number;
  freezes: { date: string; income: number; amount: number; time: number }[];
}

/**
 * Balance-deduction settlement of 10001 (A §4, R6.1): 3 device plans (12 periods, proportion 30 %, one per site 1–3)
 * started 5 months ago; the last 5 cycles are settled, the current one freezes daily. Cycles that end inside the
 * 90-day window are replayed from the owner's posted site income (02:30 freezes = bizType 13, settlement unfreezes =
 * bizType 6); older cycles are summaries without freeze records (before the ledger window, like the opening
 * balance). One historical arrears (site 3, first cycle) was repaid by the next cycle. Also the SIM rent (R6.3):
 * monthly freezes on day 1 (bizType 14), 5 past months deducted, 2 old annual bills. Pushes the rows and the
 * ledger events; the wallet's frozenAmount is derived from them.
 */
export function replaySettlement(
  ctx: SeedCtx,
  world: World,
  splits: SplitRow[],
  events: LedgerEv[],
  nextSeq: () => number,
): void {
  const { now } = ctx;
  const thisMonth = monthOf(now);
  const windowStart = startOfDay(ctx.day0);
  const firstReplayed = ((): string => {
    // cycles whose first day is inside the window (freezes of all their days can be replayed)
    let m = monthOf(windowStart);
    if (`${m}-01` < ctx.day0) m = addMonths(m, 1);
    return m;
  })();

  // owner's posted role-0 income per site and day (the freeze base)
  const income = new Map<string, number>();
  for (const r of splits) {
    if (r.role !== 0 || r.accountId !== ACC.operator || r.cashOnly || r.postTime === null || r.amount <= 0) continue;
    const d = dayOf(r.createTime);
    if (r.postTime !== at(addDays(d, 1), 2, 0)) continue;
    const k = `${r.siteId}|${d}`;
    income.set(k, (income.get(k) ?? 0) + r.amount);
  }
  const daysOf = (month: string) => {
    const list: string[] = [];
    for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) list.push(d);
    return list;
  };
  // capacity of a replayed, finished cycle → the period amount (the plans are sized to be covered by income)
  const capacity = (siteId: number, month: string) =>
    daysOf(month).reduce((s, d) => s + Math.floor(((income.get(`${siteId}|${d}`) ?? 0) * PROPORTION) / 100), 0);

  const startMonth = addMonths(thisMonth, -5);
  const contractT = startOfDay(`${addMonths(startMonth, -1)}-20`);
  const monthCost = new Map<
    string,
    {
      due: number;
      frozen: number;
      deducted: number;
      unfrozen: number;
      owe: number;
      plans: number;
      settle: number | null;
    }
  >();
  const siteRows = new Map(ctx.rows('site').map((r) => [r.id as number, r]));

  PLAN_SITES.forEach((siteId, idx) => {
    const site = world.sites.get(siteId);
    if (!site) return;
    const boxes = world.boxesBySite.get(siteId)?.length ?? 0;
    const finished: number[] = [];
    for (let m = firstReplayed; m < thisMonth; m = addMonths(m, 1)) finished.push(capacity(siteId, m));
    const minCap = finished.length > 0 ? Math.min(...finished) : 20_000;
    const periodAmount = Math.max(5_000, Math.floor((minCap * 0.85) / 1000) * 1000);
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

    const cycles: CycleFacts[] = [];
    let arrearsCarry = 0;
    let arrearsRow: Record<string, unknown> | null = null;
    for (let m = startMonth, no = 1; m <= thisMonth; m = addMonths(m, 1), no++) {
      const deductionId = ctx.id('instalment_deduction');
      const replayed = m >= firstReplayed;
      const due = periodAmount + arrearsCarry;
      const c: CycleFacts = {
        month: m,
        replayed,
        income: 0,
        frozen: 0,
        deducted: 0,
        unfrozen: 0,
        owe: 0,
        arrearsIn: arrearsCarry,
        status: 1,
        settleTime: null,
        deductionId,
        freezes: [],
      };
      if (replayed) {
        for (const d of daysOf(m)) {
          const t = at(addDays(d, 1), 2, 30);
          if (t > now) break;
          const inc = income.get(`${siteId}|${d}`) ?? 0;
          c.income += inc;
          const amount = Math.min(Math.floor((inc * PROPORTION) / 100), due - c.frozen);
          if (amount <= 0) continue;
          c.frozen += amount;
          c.freezes.push({ date: d, income: inc, amount, time: t });
        }
      } else {
        // summary of a cycle before the window: site 3's first cycle fell short (arrears repaid next cycle)
        const short = siteId === 3 && no === 1;
        c.income = Math.round((periodAmount * 100) / PROPORTION) + 3_000 * (idx + 1);
        c.frozen = short ? periodAmount - 6_450 : due + 1_200 * (idx + 1);
      }
      const settle = at(`${addMonths(m, 1)}-01`, 3, 0);
      if (m < thisMonth && settle <= now) {
        c.settleTime = settle;
        c.deducted = Math.min(c.frozen, due);
        c.unfrozen = c.frozen - c.deducted;
        c.owe = due - c.deducted;
        c.status = c.owe === 0 ? 2 : c.deducted > 0 ? 3 : 4;
        arrearsCarry = c.owe;
        if (c.owe > 0) {
          arrearsRow = {
            id: ctx.id('arrears'),
            accountId: ACC.operator,
            deductionId,
            planId,
            costBillId: null,
            cycle: m,
            source: 1,
            amount: c.owe,
            repaidAmount: 0,
            status: 1,
            clearTime: null,
            createTime: settle,
            updateTime: settle,
          };
          ctx.push('arrears', arrearsRow);
        } else if (arrearsRow && c.arrearsIn > 0) {
          arrearsRow.repaidAmount = c.arrearsIn;
          arrearsRow.status = 3;
          arrearsRow.clearTime = settle;
          arrearsRow.updateTime = settle;
        }
      }
      cycles.push(c);
    }
    const paid = cycles.reduce((s, c) => s + c.deducted, 0);
    const paidPeriods = cycles.filter((c) => c.settleTime !== null).length;
    ctx.push('instalment_plan', {
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
      paidPeriods,
      paidAmount: paid,
      remainingAmount: financed - paid,
      proportion: PROPORTION,
      startMonth,
      status: 1,
      finishTime: null,
      createTime: contractT,
      updateTime: Math.min(now, cycles[cycles.length - 1]?.freezes.at(-1)?.time ?? now),
    });
    cycles.forEach((c, i) => {
      const due = periodAmount + c.arrearsIn;
      ctx.push('instalment_deduction', {
        id: c.deductionId,
        planId,
        cycle: c.month,
        periodNo: i + 1,
        periodAmount,
        arrearsAmount: c.arrearsIn,
        dueAmount: due,
        frozenAmount: c.frozen,
        deductedAmount: c.deducted,
        unfrozenAmount: c.unfrozen,
        oweAmount: c.owe,
        status: c.status,
        settleTime: c.settleTime,
        createTime: startOfDay(`${c.month}-01`),
        updateTime: c.settleTime ?? c.freezes.at(-1)?.time ?? startOfDay(`${c.month}-01`),
      });
      ctx.push('deduction_item', {
        id: ctx.id('deduction_item'),
        deductionId: c.deductionId,
        siteId,
        siteName: site.name,
        income: c.income,
        proportion: PROPORTION,
        frozenAmount: c.frozen,
        deductedAmount: c.deducted,
        unfrozenAmount: c.unfrozen,
        createTime: startOfDay(`${c.month}-01`),
        updateTime: c.settleTime ?? now,
      });
      for (const f of c.freezes) {
        const row: Record<string, unknown> = {
          id: ctx.id('freeze_record'),
          deductionId: c.deductionId,
          siteId,
          date: f.date,
          income: f.income,
          proportion: PROPORTION,
          amount: f.amount,
          billId: null,
          createTime: f.time,
          updateTime: f.time,
        };
        ctx.push('freeze_record', row);
        events.push({
          time: f.time,
          seq: nextSeq(),
          accountId: ACC.operator,
          direction: 2,
          bizType: 13,
          title: `分期冻结 · ${site.name}`,
          amount: f.amount,
          status: 1,
          siteId,
          siteName: site.name,
          orderId: null,
          orderNo: null,
          orderType: null,
          withdrawId: null,
          freezeId: null,
          remark: `${c.month}期 ${f.date}收入¥${(f.income / 100).toFixed(2)}×${PROPORTION}%`,
          operatorName: '系统',
          rows: [],
          deductionId: c.deductionId,
          onBill: (billId) => {
            row.billId = billId;
          },
        });
      }
      if (c.replayed && c.settleTime !== null && c.unfrozen > 0) {
        events.push({
          time: c.settleTime,
          seq: nextSeq(),
          accountId: ACC.operator,
          direction: 1,
          bizType: 6,
          title: `费用解冻 · ${site.name}`,
          amount: c.unfrozen,
          status: 1,
          siteId,
          siteName: site.name,
          orderId: null,
          orderNo: null,
          orderType: null,
          withdrawId: null,
          freezeId: null,
          remark: `${c.month}期结算后解冻`,
          operatorName: '系统',
          rows: [],
          deductionId: c.deductionId,
        });
      }
      const agg = monthCost.get(c.month) ?? {
        due: 0,
        frozen: 0,
        deducted: 0,
        unfrozen: 0,
        owe: 0,
        plans: 0,
        settle: null,
      };
      agg.due += due;
      agg.frozen += c.frozen;
      agg.deducted += c.deducted;
      agg.unfrozen += c.unfrozen;
      agg.owe += c.owe;
      agg.plans += 1;
      agg.settle = c.settleTime;
      monthCost.set(c.month, agg);
    });
  });
  for (const [cycle, a] of [...monthCost.entries()].sort()) {
    const start = `${cycle}-01`;
    ctx.push('cost_settlement', {
      id: ctx.id('cost_settlement'),
      accountId: ACC.operator,
      cycle,
      startDate: start,
      endDate: lastDayOfMonth(start),
      settleTime: a.settle,
      dueAmount: a.due,
      frozenAmount: a.frozen,
      deductedAmount: a.deducted,
      unfrozenAmount: a.unfrozen,
      oweAmount: a.owe,
      planCount: a.plans,
      status: a.settle === null ? 1 : a.owe > 0 ? 3 : 2,
      createTime: startOfDay(start),
      updateTime: a.settle ?? now,
    });
  }

  // ---- SIM rent (monthly, v2) and two old annual bills (v1) --------------------------------------------------------
  const simBoxes = ctx
    .rows('device')
    .filter(
      (d) =>
        d.ownerOperatorId === ACC.operator && d.siteId !== null && (d.deviceType as number) <= 3 && d.iccid !== null,
    );
  const bySite = new Map<number, number>();
  for (const d of simBoxes) bySite.set(d.siteId as number, (bySite.get(d.siteId as number) ?? 0) + 1);
  for (let back = 5; back >= 0; back--) {
    const period = addMonths(thisMonth, -back);
    const frozenAt = startOfDay(`${period}-01`);
    const settleAt = back > 0 ? startOfDay(`${addMonths(period, 1)}-01`) + 5 * MIN_MS : null;
    const amount = simBoxes.length * SIM_UNIT_PRICE;
    const id = ctx.id('cost_bill');
    ctx.push('cost_bill', {
      id,
      accountId: ACC.operator,
      costType: 1,
      version: 2,
      period,
      periodStart: null,
      periodEnd: null,
      deviceCount: simBoxes.length,
      unitPrice: SIM_UNIT_PRICE,
      amount,
      frozenAmount: amount,
      deductedAmount: back > 0 ? amount : 0,
      oweAmount: 0,
      status: back > 0 ? 2 : 1,
      frozenTime: frozenAt,
      settleTime: settleAt,
      createTime: frozenAt,
      updateTime: settleAt ?? frozenAt,
    });
    for (const [siteId, n] of [...bySite.entries()].sort((a, b) => a[0] - b[0])) {
      ctx.push('cost_bill_item', {
        billId: id,
        siteId,
        siteName: world.sites.get(siteId)?.name ?? '',
        deviceCount: n,
        amount: n * SIM_UNIT_PRICE,
        createTime: frozenAt,
        updateTime: frozenAt,
      });
    }
    if (frozenAt >= windowStart && frozenAt <= now) {
      events.push({
        time: frozenAt,
        seq: nextSeq(),
        accountId: ACC.operator,
        direction: 2,
        bizType: 14,
        title: `SIM卡月租 · ${period}`,
        amount,
        status: 1,
        siteId: null,
        siteName: null,
        orderId: null,
        orderNo: null,
        orderType: null,
        withdrawId: null,
        freezeId: null,
        remark: `${simBoxes.length}台4G设备 × ¥${(SIM_UNIT_PRICE / 100).toFixed(2)}`,
        operatorName: '系统',
        rows: [],
        costBillId: id,
      });
    }
  }
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
