import type { Transaction } from '@electric-sql/pglite';
import { jobTime } from '../domain/schedule';
import {
  allocate,
  closeFeePeriod,
  collectSimArrears,
  COMM_4G,
  costSettlementOf,
  dailyFreezeAmount,
  nextDeduction,
  planAfterPayment,
  repayOldestFirst,
  settleDeduction,
  simBilled,
  simRentOf,
  SIM_UNIT_PRICE,
  type DeductionFigures,
} from '../domain/settlement';
import { lockWallet, moveWallet, writeLedgerEntry } from '../domain/wallet';
import { one, rows, scalar, type Db } from '../lib/db';
import { addDays, addMonths, DAY_MS, dayOf, lastDayOfMonth, startOfDay } from '../lib/time';

/**
 * The settlement jobs (entities.md R10; A "Business rules"; C rule 22) on the database, with the rules of
 * domain/settlement.ts: 00:00 SIM rent on day 1, 02:30 the daily instalment freeze (settleMode 1), 03:00 the monthly
 * settlement on settleDay (settleMode 1) and the close of platform-fee periods on their settleDate (settleMode 2).
 * Money moves only through domain/wallet.ts.
 */

interface PlanRow {
  id: number;
  accountId: number;
  type: number;
  status: number;
  financedAmount: number;
  periodAmount: number;
  totalPeriods: number;
  paidAmount: number;
  remainingAmount: number;
}

const PLAN_COLUMNS = `id, account_id, type, status, financed_amount, period_amount, total_periods, paid_amount,
  remaining_amount`;

function plan(row: PlanRow): PlanRow {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as PlanRow;
}

interface DeductionRow extends DeductionFigures {
  id: number;
  planId: number;
  cycle: string;
  periodNo: number;
  arrearsAmount: number;
}

async function deductionOf(db: Db, planId: number, cycle: string): Promise<DeductionRow | null> {
  const d = await one<DeductionRow>(
    db,
    `select id, plan_id, cycle, period_no, arrears_amount, due_amount, frozen_amount, deducted_amount, unfrozen_amount,
            owe_amount, status
     from instalment_deduction where plan_id = $1 and cycle = $2`,
    [planId, cycle],
  );
  if (!d) return null;
  return { ...d, ...Object.fromEntries(Object.entries(d).map(([k, v]) => [k, k === 'cycle' ? v : Number(v)])) };
}

/** Outstanding arrears of a plan (Σ amount − repaid of its records in 未还 / 部分已还). */
async function planArrears(db: Db, planId: number): Promise<number> {
  return scalar(
    db,
    'select coalesce(sum(amount - repaid_amount), 0) from arrears where plan_id = $1 and status in (1, 2)',
    [planId],
  );
}

/**
 * The deduction of a plan for `cycle` ('YYYY-MM'), created when missing (A: due = the period + the plan's outstanding
 * arrears; one item per plan site), or null when the plan owes nothing more.
 */
export async function ensureDeduction(tx: Db, p: PlanRow, cycle: string, at: number): Promise<DeductionRow | null> {
  const existing = await deductionOf(tx, p.id, cycle);
  if (existing) return existing;
  const periodNo = (await scalar(tx, 'select count(*) from instalment_deduction where plan_id = $1', [p.id])) + 1;
  const next = nextDeduction(p, periodNo, await planArrears(tx, p.id));
  if (!next) return null;
  await tx.query(
    `insert into instalment_deduction (plan_id, cycle, period_no, period_amount, arrears_amount, due_amount, status,
       create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, 1, $7, $7)`,
    [p.id, cycle, periodNo, next.periodAmount, next.arrearsAmount, next.dueAmount, at],
  );
  const created = await deductionOf(tx, p.id, cycle);
  await tx.query(
    `insert into deduction_item (deduction_id, site_id, site_name, proportion, create_time, update_time)
     select $1, ps.site_id, s.name, ps.proportion, $3, $3 from plan_site ps join site s on s.id = ps.site_id
     where ps.plan_id = $2 order by ps.site_id`,
    [created?.id, p.id, at],
  );
  return created;
}

/** Recomputes an account's CostSettlement of `cycle` from its deductions (costSettlementOf), creating it when missing. */
export async function refreshCostSettlement(tx: Db, accountId: number, cycle: string, at: number): Promise<void> {
  const list = await rows<DeductionFigures & { settleTime: number | null }>(
    tx,
    `select d.due_amount, d.frozen_amount, d.deducted_amount, d.unfrozen_amount, d.owe_amount, d.status, d.settle_time
     from instalment_deduction d join instalment_plan p on p.id = d.plan_id where p.account_id = $1 and d.cycle = $2`,
    [accountId, cycle],
  );
  if (list.length === 0) return;
  const sheet = costSettlementOf(
    list.map((d) => ({
      dueAmount: Number(d.dueAmount),
      frozenAmount: Number(d.frozenAmount),
      deductedAmount: Number(d.deductedAmount),
      unfrozenAmount: Number(d.unfrozenAmount),
      oweAmount: Number(d.oweAmount),
      status: Number(d.status),
    })),
  );
  const settleTimes = list.map((d) => d.settleTime).filter((t): t is number => t !== null);
  await tx.query(
    `insert into cost_settlement (account_id, cycle, start_date, end_date, settle_time, due_amount, frozen_amount,
       deducted_amount, unfrozen_amount, owe_amount, plan_count, status, create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
     on conflict (account_id, cycle) do update set settle_time = excluded.settle_time, due_amount = excluded.due_amount,
       frozen_amount = excluded.frozen_amount, deducted_amount = excluded.deducted_amount,
       unfrozen_amount = excluded.unfrozen_amount, owe_amount = excluded.owe_amount, plan_count = excluded.plan_count,
       status = excluded.status, update_time = excluded.update_time`,
    [
      accountId,
      cycle,
      `${cycle}-01`,
      lastDayOfMonth(cycle),
      sheet.status === 1 || settleTimes.length === 0 ? null : Math.max(...settleTimes.map(Number)),
      sheet.dueAmount,
      sheet.frozenAmount,
      sheet.deductedAmount,
      sheet.unfrozenAmount,
      sheet.oweAmount,
      sheet.planCount,
      sheet.status,
      at,
    ],
  );
}

/**
 * 02:30 — the daily freeze (A "Daily at 02:30"): for each plan 分期中 of a settleMode-1 account, each plan site's income
 * of yesterday (the owner's role-0 split rows of that day posted by today's 02:00 job) × proportion moves from the
 * available balance to frozenAmount (bizType 13, FreezeRecord), up to the cycle's due (dailyFreezeAmount).
 */
export async function dailyFreeze(tx: Transaction, at: number): Promise<void> {
  const day = addDays(dayOf(at), -1);
  const cycle = day.slice(0, 7);
  const posted = jobTime('posting', dayOf(at));
  const plans = await rows<PlanRow>(
    tx,
    `select ${PLAN_COLUMNS.replace(/(\w+)/g, 'p.$1')} from instalment_plan p join account a on a.id = p.account_id
     where a.settle_mode = 1 and p.status = 1 order by p.id`,
  );
  const touched = new Set<number>();
  for (const raw of plans) {
    const p = plan(raw);
    const deduction = await ensureDeduction(tx, p, cycle, at);
    if (!deduction || deduction.status !== 1) continue;
    const items = await rows<{ id: number; siteId: number; siteName: string; proportion: number }>(
      tx,
      'select id, site_id, site_name, proportion from deduction_item where deduction_id = $1 order by site_id',
      [deduction.id],
    );
    const income = await rows<{ siteId: number; amount: string }>(
      tx,
      `select site_id, sum(amount) as amount from order_split
       where role = 0 and account_id = $1 and site_id = any($2::bigint[]) and not cash_only and amount > 0
         and post_time = $3 and create_time >= $4 and create_time < $5
       group by site_id`,
      [p.accountId, items.map((i) => i.siteId), posted, startOfDay(day), startOfDay(day) + DAY_MS],
    );
    let frozen = deduction.frozenAmount;
    for (const item of items) {
      const inc = Number(income.find((r) => Number(r.siteId) === Number(item.siteId))?.amount ?? 0);
      const wallet = await lockWallet(tx, p.accountId);
      const amount = dailyFreezeAmount(
        inc,
        Number(item.proportion),
        deduction.dueAmount,
        frozen,
        wallet.availableBalance,
      );
      if (amount > 0) {
        const { billId } = await writeLedgerEntry(
          tx,
          {
            accountId: p.accountId,
            direction: 2,
            bizType: 13,
            title: `分期冻结 · ${item.siteName}`,
            amount,
            siteId: Number(item.siteId),
            siteName: item.siteName,
            deductionId: deduction.id,
            remark: `${cycle}期 ${day}收入¥${(inc / 100).toFixed(2)}×${item.proportion}%`,
            operatorName: '系统',
          },
          at,
        );
        frozen += amount;
        await tx.query(
          `insert into freeze_record (deduction_id, site_id, date, income, proportion, amount, bill_id, create_time,
             update_time)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
          [deduction.id, item.siteId, day, inc, item.proportion, amount, billId, at],
        );
      }
      await tx.query(
        `update deduction_item set income = income + $2, frozen_amount = frozen_amount + $3, update_time = $4
         where id = $1`,
        [item.id, inc, amount, at],
      );
    }
    await tx.query('update instalment_deduction set frozen_amount = $2, update_time = $3 where id = $1', [
      deduction.id,
      frozen,
      at,
    ]);
    touched.add(p.accountId);
  }
  for (const accountId of touched) await refreshCostSettlement(tx, accountId, cycle, at);
}

/** The settleDay of an account (SettlementCycleConfig without a site; default 1). */
async function settleDayOf(db: Db, accountId: number): Promise<number> {
  const day = await one<{ settleDay: number }>(
    db,
    'select settle_day from settlement_cycle_config where account_id = $1 and site_id is null',
    [accountId],
  );
  return Number(day?.settleDay ?? 1);
}

/** Settles one deduction (settleDeduction): frozen → deducted / unfrozen (bizType 6), arrears, items, plan. */
async function settleOne(tx: Db, p: PlanRow, d: DeductionRow, at: number): Promise<void> {
  const out = settleDeduction({ due: d.dueAmount, frozen: d.frozenAmount, arrearsAmount: d.arrearsAmount });
  if (out.deducted > 0) await moveWallet(tx, p.accountId, { frozen: -out.deducted }, at);
  const items = await rows<{ id: number; siteId: number; siteName: string; frozenAmount: number }>(
    tx,
    'select id, site_id, site_name, frozen_amount from deduction_item where deduction_id = $1 order by site_id',
    [d.id],
  );
  const weights = items.map((i) => Number(i.frozenAmount));
  const deductedParts = allocate(out.deducted, weights);
  const unfrozenParts = allocate(out.unfrozen, weights);
  for (const [i, item] of items.entries()) {
    await tx.query(
      'update deduction_item set deducted_amount = $2, unfrozen_amount = $3, update_time = $4 where id = $1',
      [item.id, deductedParts[i] ?? 0, unfrozenParts[i] ?? 0, at],
    );
    const back = unfrozenParts[i] ?? 0;
    if (back > 0) {
      await writeLedgerEntry(
        tx,
        {
          accountId: p.accountId,
          direction: 1,
          bizType: 6,
          title: `费用解冻 · ${item.siteName}`,
          amount: back,
          siteId: Number(item.siteId),
          siteName: item.siteName,
          deductionId: d.id,
          remark: `${d.cycle}期结算后解冻`,
          operatorName: '系统',
        },
        at,
      );
    }
  }
  if (out.arrearsRepaid > 0) {
    const open = await rows<{ id: number; amount: number; repaidAmount: number }>(
      tx,
      'select id, amount, repaid_amount from arrears where plan_id = $1 and status in (1, 2) order by id',
      [p.id],
    );
    const repaid = repayOldestFirst(
      open.map((a) => ({ id: Number(a.id), amount: Number(a.amount), repaidAmount: Number(a.repaidAmount) })),
      out.arrearsRepaid,
    );
    for (const r of repaid) {
      await tx.query(
        `update arrears set repaid_amount = $2, status = $3, clear_time = $4, update_time = $5 where id = $1`,
        [r.id, r.repaidAmount, r.cleared ? 3 : 2, r.cleared ? at : null, at],
      );
    }
  }
  if (out.owe > 0) {
    await tx.query(
      `insert into arrears (account_id, deduction_id, plan_id, cycle, source, amount, repaid_amount, status, create_time,
         update_time)
       values ($1, $2, $3, $4, $5, $6, 0, 1, $7, $7)`,
      [p.accountId, d.id, p.id, d.cycle, p.type === 2 ? 2 : 1, out.owe, at],
    );
  }
  await tx.query(
    `update instalment_deduction set deducted_amount = $2, unfrozen_amount = $3, owe_amount = $4, status = $5,
       settle_time = $6, update_time = $6 where id = $1`,
    [d.id, out.deducted, out.unfrozen, out.owe, out.status, at],
  );
  const after = planAfterPayment(p, out.deducted);
  await tx.query(
    `update instalment_plan set paid_amount = $2, remaining_amount = $3, paid_periods = $4,
       status = case when $5 then 2 else status end, finish_time = case when $5 then $6 else finish_time end,
       update_time = $6 where id = $1`,
    [p.id, after.paidAmount, after.remainingAmount, after.paidPeriods, after.settled, at],
  );
}

/**
 * 03:00 — the monthly settlement of settleMode-1 accounts on their settleDay (A "On settlement"): every deduction of the
 * previous cycle still 冻结中 is settled (settleOne), the sheet of that cycle is written, and the plans still 分期中 or
 * 暂停扣款 get their deduction of the new cycle. Then the platform-fee periods of settleMode-2 accounts whose
 * settleDate is today close (closeFeePeriod) and the current month's period is opened.
 */
export async function monthlySettlement(tx: Transaction, at: number): Promise<void> {
  const today = dayOf(at);
  const month = today.slice(0, 7);
  const accounts = await rows<{ id: number }>(
    tx,
    'select id from account where settle_mode = 1 and account_type in (1, 2) order by id',
  );
  for (const { id } of accounts) {
    const accountId = Number(id);
    if (Number(today.slice(8)) !== (await settleDayOf(tx, accountId))) continue;
    const cycle = addMonths(month, -1);
    const plans = (
      await rows<PlanRow>(tx, `select ${PLAN_COLUMNS} from instalment_plan where account_id = $1 order by id`, [
        accountId,
      ])
    ).map(plan);
    for (const p of plans) {
      const d = await deductionOf(tx, p.id, cycle);
      if (d && d.status === 1) await settleOne(tx, p, d, at);
    }
    await refreshCostSettlement(tx, accountId, cycle, at);
    const open = (
      await rows<PlanRow>(
        tx,
        `select ${PLAN_COLUMNS} from instalment_plan where account_id = $1 and status in (1, 4) order by id`,
        [accountId],
      )
    ).map(plan);
    for (const p of open) await ensureDeduction(tx, p, month, at);
    await refreshCostSettlement(tx, accountId, month, at);
  }

  const closing = await rows<{ id: number; accountId: number; dueAmount: number; deductedAmount: number }>(
    tx,
    'select id, account_id, due_amount, deducted_amount from fee_period where status = 1 and settle_date <= $1 order by id',
    [today],
  );
  for (const period of closing) {
    const out = closeFeePeriod({ dueAmount: Number(period.dueAmount), deductedAmount: Number(period.deductedAmount) });
    await tx.query(
      'update fee_period set owe_amount = $2, status = $3, settle_time = $4, update_time = $4 where id = $1',
      [period.id, out.oweAmount, out.status, at],
    );
    await ensureFeePeriod(tx, Number(period.accountId), month, at);
  }
}

/**
 * The platform-fee period of `month` of a split-mode account, opened when missing (A §5: a calendar month; settleDate
 * the 1st of the next month; its due = the device instalment part, at most what the sites still owe, + the platform
 * fee, both as the account's latest period). Returns its id, or null when the account has no periods.
 */
export async function ensureFeePeriod(tx: Db, accountId: number, month: string, at: number): Promise<number | null> {
  const existing = await scalar(tx, 'select id from fee_period where account_id = $1 and start_date = $2', [
    accountId,
    `${month}-01`,
  ]);
  if (existing) return existing;
  const last = await one<{ periodNo: number; deviceAmount: number; platformFeeAmount: number }>(
    tx,
    'select period_no, device_amount, platform_fee_amount from fee_period where account_id = $1 order by period_no desc limit 1',
    [accountId],
  );
  if (!last) return null;
  const owed = await scalar(
    tx,
    'select coalesce(sum(remaining_amount), 0) from site_instalment where account_id = $1 and status = 1',
    [accountId],
  );
  const device = Math.min(Number(last.deviceAmount), owed);
  const fee = Number(last.platformFeeAmount);
  const created = await one<{ id: number }>(
    tx,
    `insert into fee_period (account_id, period_no, start_date, end_date, settle_date, device_amount, platform_fee_amount,
       due_amount, status, create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9, $9) returning id`,
    [
      accountId,
      Number(last.periodNo) + 1,
      `${month}-01`,
      lastDayOfMonth(month),
      `${addMonths(month, 1)}-01`,
      device,
      fee,
      device + fee,
      at,
    ],
  );
  return Number(created?.id);
}

/**
 * 00:00 on day 1 — SIM rent (C rule 22, R6.3): last month's frozen rent is deducted (frozenAmount −, bill 已扣款; no
 * ledger entry) and what last month still owed is deducted from the available balance (collectSimArrears), then this
 * month's is frozen for every main account's 4G boxes (commType 1 with a SIM card) bound to a site that were online
 * at least once in the previous Asia/Shanghai calendar month (simBilled, from their heartbeat record; simRentOf:
 * bizType 14, CostBill 冻结中 with one item per site; a shortfall is owed: 欠费 and an Arrears record, source 3). Boxes
 * of a fully frozen month are paid up to its last day (simExpireDate).
 */
export async function simRent(tx: Transaction, at: number): Promise<void> {
  const today = dayOf(at);
  if (today.slice(8) !== '01') return;
  const month = today.slice(0, 7);
  const last = addMonths(month, -1);
  const held = await rows<{
    id: number;
    accountId: number;
    frozenAmount: number;
    deductedAmount: number;
    status: number;
  }>(
    tx,
    `select id, account_id, frozen_amount, deducted_amount, status from cost_bill
     where cost_type = 1 and version = 2 and period = $1 and status in (1, 3) and frozen_amount > deducted_amount
     order by id`,
    [last],
  );
  for (const b of held) {
    await moveWallet(tx, Number(b.accountId), { frozen: -(Number(b.frozenAmount) - Number(b.deductedAmount)) }, at);
    await tx.query(
      `update cost_bill set deducted_amount = frozen_amount, status = case when status = 1 then 2 else status end,
         settle_time = $2, update_time = $2 where id = $1`,
      [b.id, at],
    );
  }
  await collectLastMonthSimArrears(tx, last, at);
  const from = startOfDay(`${last}-01`);
  const to = startOfDay(`${month}-01`);
  const candidates = await rows<{
    id: number;
    accountId: number;
    siteId: number;
    siteName: string;
    is4g: boolean;
    beating: boolean;
    lastHeartbeatTime: number | null;
  }>(
    tx,
    `select d.id, d.owner_operator_id as account_id, d.site_id, s.name as site_name,
            coalesce(d.comm_type, m.comm_type) = $2 and d.iccid is not null as is4g,
            d.status <> 2 and not exists (select 1 from device_heartbeat_stop h where h.device_id = d.id) as beating,
            d.last_heartbeat_time
     from device d join device_model m on m.model = d.model join site s on s.id = d.site_id
     join account a on a.id = d.owner_operator_id
     where d.device_type between 1 and 3 and s.deleted = 0 and a.account_type in (1, 2)
       and not exists (select 1 from cost_bill c where c.account_id = d.owner_operator_id and c.cost_type = 1
                       and c.version = 2 and c.period = $1)
     order by d.owner_operator_id, d.site_id, d.id`,
    [month, COMM_4G],
  );
  const boxes: { accountId: number; siteId: number; siteName: string; count: number; ids: number[] }[] = [];
  for (const d of candidates) {
    const record = {
      is4g: d.is4g,
      beating: d.beating,
      lastHeartbeatTime: d.lastHeartbeatTime === null ? null : Number(d.lastHeartbeatTime),
    };
    if (!simBilled(record, from, to)) continue;
    const group = boxes.at(-1);
    if (group && group.accountId === Number(d.accountId) && group.siteId === Number(d.siteId)) {
      group.count++;
      group.ids.push(Number(d.id));
    } else {
      boxes.push({
        accountId: Number(d.accountId),
        siteId: Number(d.siteId),
        siteName: d.siteName,
        count: 1,
        ids: [Number(d.id)],
      });
    }
  }
  const byAccount = new Map<number, typeof boxes>();
  for (const b of boxes) byAccount.set(Number(b.accountId), [...(byAccount.get(Number(b.accountId)) ?? []), b]);
  for (const [accountId, sites] of byAccount) {
    const count = sites.reduce((s, b) => s + Number(b.count), 0);
    const wallet = await lockWallet(tx, accountId);
    const rent = simRentOf(count, SIM_UNIT_PRICE, wallet.availableBalance);
    const bill = await one<{ id: number }>(
      tx,
      `insert into cost_bill (account_id, cost_type, version, period, device_count, unit_price, amount, frozen_amount,
         deducted_amount, owe_amount, status, frozen_time, create_time, update_time)
       values ($1, 1, 2, $2, $3, $4, $5, $6, 0, $7, $8, $9, $9, $9) returning id`,
      [accountId, month, count, SIM_UNIT_PRICE, rent.amount, rent.frozen, rent.owe, rent.status, at],
    );
    const billId = Number(bill?.id);
    for (const s of sites) {
      await tx.query(
        `insert into cost_bill_item (bill_id, site_id, site_name, device_count, amount, create_time, update_time)
         values ($1, $2, $3, $4, $5, $6, $6)`,
        [billId, s.siteId, s.siteName, s.count, Number(s.count) * SIM_UNIT_PRICE, at],
      );
    }
    if (rent.frozen > 0) {
      await writeLedgerEntry(
        tx,
        {
          accountId,
          direction: 2,
          bizType: 14,
          title: `SIM卡月租 · ${month}`,
          amount: rent.frozen,
          costBillId: billId,
          remark: `${count}台4G设备 × ¥${(SIM_UNIT_PRICE / 100).toFixed(2)}`,
          operatorName: '系统',
        },
        at,
      );
    }
    if (rent.owe > 0) {
      await tx.query(
        `insert into arrears (account_id, cost_bill_id, cycle, source, amount, repaid_amount, status, create_time,
           update_time)
         values ($1, $2, $3, 3, $4, 0, 1, $5, $5)`,
        [accountId, billId, month, rent.owe, at],
      );
    } else {
      await tx.query('update device set sim_expire_date = $2, update_time = $3 where id = any($1::bigint[])', [
        sites.flatMap((s) => s.ids),
        lastDayOfMonth(month),
        at,
      ]);
    }
  }
}

/**
 * The 1st's collection of last month's SIM arrears (R6.3, domain/settlement.ts collectSimArrears), per account: each
 * open source-3 record of `month` takes what the available balance holds, oldest first, as a bizType 14 entry that
 * leaves the available balance and is deducted at once (the wallet's frozen part is unchanged); its bill's frozen and
 * deducted parts grow by it and its owed part drops, 已扣款 once nothing is owed (and its boxes are then paid up to
 * the month's last day); the record is 部分已还 or 已还清. Nothing is taken from an empty balance.
 */
async function collectLastMonthSimArrears(tx: Transaction, month: string, at: number): Promise<void> {
  const open = await rows<{ id: number; accountId: number; costBillId: number; amount: number; repaidAmount: number }>(
    tx,
    `select id, account_id, cost_bill_id, amount, repaid_amount from arrears
     where source = 3 and cycle = $1 and status in (1, 2) and cost_bill_id is not null order by account_id, id`,
    [month],
  );
  const byAccount = new Map<number, typeof open>();
  for (const a of open) byAccount.set(Number(a.accountId), [...(byAccount.get(Number(a.accountId)) ?? []), a]);
  for (const [accountId, records] of byAccount) {
    const wallet = await lockWallet(tx, accountId);
    const figures = records.map((a) => ({
      id: Number(a.id),
      amount: Number(a.amount),
      repaidAmount: Number(a.repaidAmount),
    }));
    const { repayments } = collectSimArrears(figures, wallet.availableBalance);
    for (const r of repayments) {
      const record = records.find((a) => Number(a.id) === r.id);
      const before = figures.find((a) => a.id === r.id);
      if (!record || !before) continue;
      const part = r.repaidAmount - before.repaidAmount;
      const billId = Number(record.costBillId);
      await writeLedgerEntry(
        tx,
        {
          accountId,
          direction: 2,
          bizType: 14,
          title: `SIM卡月租欠费扣款 · ${month}`,
          amount: part,
          costBillId: billId,
          remark: `${month}欠费从可提现余额扣除`,
          operatorName: '系统',
        },
        at,
        { frozen: -part },
      );
      await tx.query(
        `update arrears set repaid_amount = $2, status = $3, clear_time = $4, update_time = $5 where id = $1`,
        [r.id, r.repaidAmount, r.cleared ? 3 : 2, r.cleared ? at : null, at],
      );
      const bill = await one<{ oweAmount: number }>(
        tx,
        `update cost_bill set frozen_amount = frozen_amount + $2, deducted_amount = deducted_amount + $2,
           owe_amount = owe_amount - $2, status = case when owe_amount - $2 = 0 then 2 else status end,
           settle_time = $3, update_time = $3
         where id = $1 returning owe_amount`,
        [billId, part, at],
      );
      if (Number(bill?.oweAmount) === 0) {
        await tx.query(
          `update device d set sim_expire_date = $3, update_time = $4
           from cost_bill_item i
           where i.bill_id = $1 and d.site_id = i.site_id and d.owner_operator_id = $2 and d.iccid is not null
             and d.device_type between 1 and 3 and (d.sim_expire_date is null or d.sim_expire_date < $3)`,
          [billId, accountId, lastDayOfMonth(month), at],
        );
      }
    }
  }
}
