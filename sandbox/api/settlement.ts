import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type {
  CostSettlement,
  CurrentFeePeriod,
  Deduction,
  DeductionInfo,
  DeductionItem,
  DeductionPage,
  DeviceInstalmentOverview,
  FeePeriodDetail,
  FeePeriodRow,
  FrozenAmount,
  FrozenSite,
  InstalmentPlan,
  InstalmentRefund,
  SettlementCycle,
  SiteInstalment,
  SplitDeduction,
  SplitDeductionPage,
} from '../../src/api/settlement';
import { forbidden, hidden } from '../http/access';
import { endpoints } from '../http/endpoint';
import type { Caller } from '../http/session';
import { touches } from '../http/touch';
import { one, rows, scalar, type Db } from '../lib/db';
import { addMonths, DAY_MS, dayOf, lastDayOfMonth, monthOf, startOfDay } from '../lib/time';
import { simBills, simCurrentBill } from './sim-rent';

/**
 * The settlement screens' reads (A-shell-home-settlement.md §4 settlement centre, settleMode 1; §5 platform fee,
 * settleMode 2; entities.md InstalmentPlan … FeePeriod, R6) over exactly what the money jobs write (jobs/settlement.ts:
 * the 02:30 daily freeze into instalment_deduction / deduction_item / freeze_record, the 03:00 settlement on the settle
 * day and cost_settlement; order_split role 3 rows of each paid order against the open fee_period, closed on its
 * settleDate) and the demo world's replay of the same rules. Nothing here is stored apart: every figure is read from
 * those rows. All need the permission `settlement` and answer the caller's owner's whole account (touches.account),
 * except the three reads the SIM screens share (frozenAmount, frozenInfo, historyList): asked with costType 1 (SIM
 * rent, C-mine.md /mine/sim/*) they need the permission `sim` instead (entities.md §1 Account codes; C-mine.md /mine:
 * SIM月租 is gated by `sim`), checked by `needCostTypeCode`.
 */

const paging = {
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};
const cycleRule = z.string().regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'cycle 须为 YYYY-MM');
const yearRule = z.coerce.number().int().min(2000).max(2099);

/** Converts the numeric columns of a row (bigint sums come back as text) to numbers; `keep` stay as they are. */
function numeric<T>(row: Record<string, unknown>, keep: readonly string[] = []): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    out[k] =
      keep.includes(k) || v === null || typeof v === 'boolean' || typeof v === 'object'
        ? v
        : typeof v === 'string' && !/^-?\d+(\.\d+)?$/.test(v)
          ? v
          : Number(v);
  }
  return out as T;
}

const TEXT = ['planNo', 'title', 'contractNo', 'siteName', 'cycle', 'startMonth', 'startDate', 'endDate', 'orderNo'];
const asRows = <T>(list: Record<string, unknown>[]) => list.map((r) => numeric<T>(r, [...TEXT, 'settleDate']));

/** The account's settle day (SettlementCycleConfig without a site; default 1) and cycle type (default 3 月结). */
async function cycleConfig(db: Db, accountId: number, siteId?: number) {
  const row = await one<{ cycleType: number; settleDay: number }>(
    db,
    `select cycle_type, settle_day from settlement_cycle_config
     where account_id = $1 and (site_id = $2 or site_id is null) order by site_id nulls last limit 1`,
    [accountId, siteId ?? null],
  );
  return { cycleType: Number(row?.cycleType ?? 3) as 1 | 2 | 3, settleDay: Number(row?.settleDay ?? 1) };
}

/** The settle date of `cycle`: its settleDay in the next month. */
const settleDateOf = (cycle: string, settleDay: number) =>
  `${addMonths(cycle, 1)}-${String(settleDay).padStart(2, '0')}`;

const PLAN_SELECT = `select p.id, p.plan_no, p.type, p.title, p.contract_no, p.site_id, p.site_name, p.device_count,
    p.total_amount, p.down_payment, p.financed_amount, p.period_amount, p.total_periods, p.paid_periods, p.paid_amount,
    p.remaining_amount, p.proportion, coalesce(d.due_amount, 0) as current_due,
    coalesce(d.frozen_amount, 0) as current_frozen, d.status as current_status, p.status, p.start_month
  from instalment_plan p left join instalment_deduction d on d.plan_id = p.id and d.cycle = $2
  where p.account_id = $1`;

const DEDUCTION_SELECT = `select d.id, d.plan_id, p.plan_no, p.type, p.title, p.site_name, d.cycle, d.period_no,
    p.total_periods, d.due_amount, d.frozen_amount, d.deducted_amount, d.owe_amount, d.status, d.settle_time
  from instalment_deduction d join instalment_plan p on p.id = d.plan_id`;

/** The order amount behind a split row, by its order type (charge order, card recharge, area-card release). */
const ORDER_AMOUNT = `case s.order_type
    when 1 then (select o.amount from charge_order o where o.id = s.order_id)
    when 5 then (select r.amount from area_card_release r where r.id = s.order_id)
    else (select c.pay_amount from card_recharge c where c.id = s.order_id) end`;

/** The open platform-fee period of an account at `day` (status 1 结算中, latest first), or null. */
async function openPeriod(db: Db, accountId: number) {
  return one<Record<string, unknown>>(
    db,
    `select id, period_no, start_date, end_date, settle_date, due_amount, device_amount, platform_fee_amount,
       deducted_amount, status from fee_period where account_id = $1 and status = 1
     order by period_no desc limit 1`,
    [accountId],
  );
}

/** The site instalments of a split-mode account with their site names (optionally one site). */
async function siteInstalments(db: Db, accountId: number, siteId?: number): Promise<SiteInstalment[]> {
  return asRows<SiteInstalment>(
    await rows(
      db,
      `select i.site_id, s.name as site_name, i.plan_id, i.device_count, i.total_amount, i.paid_amount,
         i.remaining_amount, i.proportion, i.status
       from site_instalment i join site s on s.id = i.site_id
       where i.account_id = $1 and ($2::bigint is null or i.site_id = $2) order by i.site_id`,
      [accountId, siteId ?? null],
    ),
  );
}

/**
 * The code a read shared by the settlement centre and the SIM screens needs: `sim` for costType 1 (SIM rent), else
 * `settlement` (instalments, the default costType 2). Throws 403 无操作权限 when the caller lacks it.
 */
function needCostTypeCode(caller: Caller, costType: number | undefined): void {
  const code = costType === 1 ? 'sim' : 'settlement';
  if (!caller.account.permissions.includes(code)) throw forbidden();
}

/** Registers the settlement reads (settleMode 1 and 2) on a Hono app. */
export function settlementRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);
  const read = { permission: 'settlement' as const, touches: touches.account };
  /** The reads shared with the SIM screens: either code lets the request in, `needCostTypeCode` decides by costType. */
  const costTypeRead = { permission: { anyOf: ['settlement', 'sim'] as const }, touches: touches.account };

  // ---------------------------------------------------------------- settleMode 1: settlement centre (A §4)

  api.get(
    '/api/site/getSettlementCycle',
    { ...read, input: z.object({ siteId: z.coerce.number().int().positive().optional() }) },
    async ({ caller, input }) => {
      const { cycleType, settleDay } = await cycleConfig(db, caller.ownerId, input.siteId);
      const cycle = monthOf(now());
      const data: SettlementCycle = {
        cycleType,
        settleDay,
        currentCycle: cycle,
        startDate: `${cycle}-01`,
        endDate: lastDayOfMonth(cycle),
        nextSettleDate: settleDateOf(cycle, settleDay),
      };
      return data;
    },
  );

  api.get(
    '/api/account/settlement/cost/frozenAmount',
    {
      ...costTypeRead,
      input: z.object({ cycle: cycleRule.optional(), costType: z.coerce.number().int().min(1).max(2).default(2) }),
    },
    async ({ caller, input }) => {
      needCostTypeCode(caller, input.costType);
      const cycle = input.cycle ?? monthOf(now());
      const plans = await one<{ dueAmount: number; frozenAmount: number }>(
        db,
        `select coalesce(sum(d.due_amount), 0)::bigint as due_amount, coalesce(sum(d.frozen_amount), 0)::bigint
           as frozen_amount
         from instalment_deduction d join instalment_plan p on p.id = d.plan_id where p.account_id = $1 and d.cycle = $2`,
        [caller.ownerId, cycle],
      );
      const sim = await one<{ amount: number; frozenAmount: number }>(
        db,
        `select coalesce(sum(amount), 0)::bigint as amount, coalesce(sum(frozen_amount), 0)::bigint as frozen_amount
         from cost_bill where account_id = $1 and cost_type = 1 and version = 2 and period = $2`,
        [caller.ownerId, cycle],
      );
      const instalment = { due: Number(plans?.dueAmount ?? 0), frozen: Number(plans?.frozenAmount ?? 0) };
      const simRent = { due: Number(sim?.amount ?? 0), frozen: Number(sim?.frozenAmount ?? 0) };
      const chosen = input.costType === 1 ? simRent : instalment;
      const data: FrozenAmount = {
        cycle,
        dueAmount: chosen.due,
        frozenAmount: chosen.frozen,
        remainAmount: Math.max(0, chosen.due - chosen.frozen),
        totalFrozenAmount: instalment.frozen + simRent.frozen,
        items: [
          { costType: 1, amount: simRent.frozen },
          { costType: 2, amount: instalment.frozen },
        ],
      };
      return data;
    },
  );

  api.get(
    '/api/account/settlement/cost/frozenInfo',
    {
      ...costTypeRead,
      input: z.object({ cycle: cycleRule.optional(), costType: z.coerce.number().int().min(1).max(2).optional() }),
    },
    async ({ caller, input }) => {
      needCostTypeCode(caller, input.costType);
      const cycle = input.cycle ?? monthOf(now());
      // costType 1: the month's SIM rent bill (C-mine.md /mine/sim/index), or null.
      if (input.costType === 1) return simCurrentBill(db, caller.ownerId, cycle);
      const list = asRows<FrozenSite>(
        await rows(
          db,
          `select i.site_id, min(i.site_name) as site_name, max(i.income)::bigint as income,
             sum(i.proportion)::int as proportion, sum(i.frozen_amount)::bigint as frozen_amount,
             (select max(f.date) from freeze_record f join instalment_deduction fd on fd.id = f.deduction_id
                join instalment_plan fp on fp.id = fd.plan_id
              where fp.account_id = $1 and fd.cycle = $2 and f.site_id = i.site_id) as last_freeze_date
           from deduction_item i join instalment_deduction d on d.id = i.deduction_id
             join instalment_plan p on p.id = d.plan_id
           where p.account_id = $1 and d.cycle = $2 group by i.site_id order by i.site_id`,
          [caller.ownerId, cycle],
        ),
      ).map((s) => ({ ...s, lastFreezeDate: (s.lastFreezeDate as string | null) ?? null }));
      return { list, total: list.length };
    },
  );

  const planList = (path: string, type: 1 | 2 | null) =>
    api.get(
      path,
      { ...read, input: z.object({ ...paging, status: z.coerce.number().int().min(1).max(4).optional() }) },
      async ({ caller, input }) => {
        const where = ` and ($3::int is null or p.type = $3) and ($4::int is null or p.status = $4)`;
        const params = [caller.ownerId, monthOf(now()), type, input.status ?? null];
        const total = await scalar(
          db,
          `select count(*) from instalment_plan p where p.account_id = $1 and $2::text is not null${where}`,
          params,
        );
        const list = asRows<InstalmentPlan>(
          await rows(db, `${PLAN_SELECT}${where} order by p.status, p.id limit $5 offset $6`, [
            ...params,
            input.pageSize,
            (input.pageNum - 1) * input.pageSize,
          ]),
        );
        return { list, total };
      },
    );
  planList('/api/account/settlement/cost/instalmentList', null);
  planList('/api/account/settlement/cost/deviceInstalmentList', 1);
  planList('/api/account/settlement/cost/contractInstalmentList', 2);

  api.get(
    '/api/account/settlement/cost/instalment/list',
    {
      ...read,
      input: z.object({
        ...paging,
        planId: z.coerce.number().int().positive().optional(),
        cycle: cycleRule.optional(),
        type: z.coerce.number().int().min(1).max(2).optional(),
        status: z.coerce.number().int().min(1).max(4).optional(),
      }),
    },
    async ({ caller, input }) => {
      const where = ` where p.account_id = $1 and ($2::bigint is null or d.plan_id = $2) and ($3::text is null or
        d.cycle = $3) and ($4::int is null or p.type = $4) and ($5::int is null or d.status = $5)`;
      const params = [
        caller.ownerId,
        input.planId ?? null,
        input.cycle ?? null,
        input.type ?? null,
        input.status ?? null,
      ];
      const sum = await one<Record<string, unknown>>(
        db,
        `select count(*)::int as total, coalesce(sum(d.due_amount), 0)::bigint as due_amount,
           coalesce(sum(d.deducted_amount), 0)::bigint as deducted_amount,
           coalesce(sum(d.owe_amount), 0)::bigint as owe_amount
         from instalment_deduction d join instalment_plan p on p.id = d.plan_id${where}`,
        params,
      );
      const list = asRows<Deduction>(
        await rows(db, `${DEDUCTION_SELECT}${where} order by d.cycle desc, d.plan_id limit $6 offset $7`, [
          ...params,
          input.pageSize,
          (input.pageNum - 1) * input.pageSize,
        ]),
      );
      const data: DeductionPage = {
        list,
        total: Number(sum?.total ?? 0),
        sum: {
          dueAmount: Number(sum?.dueAmount ?? 0),
          deductedAmount: Number(sum?.deductedAmount ?? 0),
          oweAmount: Number(sum?.oweAmount ?? 0),
        },
      };
      return data;
    },
  );

  api.get(
    '/api/account/settlement/cost/instalment/refundList',
    { ...read, input: z.object(paging) },
    async ({ caller, input }) => {
      const total = await scalar(db, 'select count(*) from instalment_refund where account_id = $1', [caller.ownerId]);
      const list = asRows<InstalmentRefund>(
        await rows(
          db,
          `select r.id, r.plan_id, p.plan_no, p.title, r.amount, r.reason, r.status, r.apply_time, r.finish_time,
             r.remark
           from instalment_refund r join instalment_plan p on p.id = r.plan_id where r.account_id = $1
           order by r.apply_time desc, r.id desc limit $2 offset $3`,
          [caller.ownerId, input.pageSize, (input.pageNum - 1) * input.pageSize],
        ),
      ).map((r) => ({ ...r, remark: String(r.remark) }));
      return { list, total };
    },
  );

  /** A deduction of the caller's account, or code 1. */
  async function deductionOf(accountId: number, id: number) {
    const row = await one<Record<string, unknown>>(
      db,
      `select d.id, d.plan_id, p.plan_no, p.type, p.title, p.contract_no, p.site_name, d.cycle, d.period_no,
         p.total_periods, d.period_amount, d.arrears_amount, d.due_amount, d.frozen_amount, d.deducted_amount,
         d.unfrozen_amount, d.owe_amount, d.status, d.settle_time, p.financed_amount, p.paid_amount,
         p.remaining_amount, p.paid_periods, p.proportion
       from instalment_deduction d join instalment_plan p on p.id = d.plan_id where d.id = $1 and p.account_id = $2`,
      [id, accountId],
    );
    if (!row) throw hidden('结算记录不存在或无权查看');
    return numeric<DeductionInfo & Omit<DeductionInfo['plan'], 'totalPeriods'>>(row, TEXT);
  }

  api.get(
    '/api/account/settlement/cost/instalment/info',
    { ...read, input: z.object({ id: z.coerce.number().int().positive() }) },
    async ({ caller, input }) => {
      const d = await deductionOf(caller.ownerId, input.id);
      const { settleDay } = await cycleConfig(db, caller.ownerId);
      const data: DeductionInfo = {
        id: d.id,
        planId: d.planId,
        planNo: d.planNo,
        type: d.type,
        title: d.title,
        contractNo: d.contractNo,
        siteName: d.siteName,
        cycle: d.cycle,
        periodNo: d.periodNo,
        totalPeriods: d.totalPeriods,
        periodAmount: d.periodAmount,
        arrearsAmount: d.arrearsAmount,
        dueAmount: d.dueAmount,
        frozenAmount: d.frozenAmount,
        deductedAmount: d.deductedAmount,
        unfrozenAmount: d.unfrozenAmount,
        oweAmount: d.oweAmount,
        status: d.status,
        settleTime: d.settleTime,
        nextSettleDate: settleDateOf(d.cycle, settleDay),
        plan: {
          financedAmount: d.financedAmount,
          paidAmount: d.paidAmount,
          remainingAmount: d.remainingAmount,
          paidPeriods: d.paidPeriods,
          totalPeriods: d.totalPeriods,
          proportion: d.proportion,
        },
      };
      return data;
    },
  );

  api.get(
    '/api/account/settlement/cost/instalment/itemList',
    { ...read, input: z.object({ id: z.coerce.number().int().positive(), ...paging }) },
    async ({ caller, input }) => {
      await deductionOf(caller.ownerId, input.id);
      const total = await scalar(db, 'select count(*) from deduction_item where deduction_id = $1', [input.id]);
      const list = asRows<DeductionItem>(
        await rows(
          db,
          `select site_id, site_name, income, proportion, frozen_amount, deducted_amount, unfrozen_amount
           from deduction_item where deduction_id = $1 order by site_id limit $2 offset $3`,
          [input.id, input.pageSize, (input.pageNum - 1) * input.pageSize],
        ),
      );
      return { list, total };
    },
  );

  api.get(
    '/api/account/settlement/cost/historyList',
    {
      ...costTypeRead,
      input: z.object({
        ...paging,
        year: yearRule.optional(),
        costType: z.coerce.number().int().min(1).max(2).optional(),
        version: z.coerce.number().int().min(1).max(2).default(2),
      }),
    },
    async ({ caller, input }) => {
      needCostTypeCode(caller, input.costType);
      const year = String(input.year ?? Number(dayOf(now()).slice(0, 4)));
      // costType 1: the SIM bills (C-mine.md /mine/sim/index/list, version 2; /oldSim, version 1).
      if (input.costType === 1) {
        const version = input.version === 1 ? 1 : 2;
        return simBills(db, caller.ownerId, { ...input, version, year: Number(year) });
      }
      // closed cycles only: a sheet still 结算中 is the current cycle, shown on /stages/index
      const where = `where account_id = $1 and status in (2, 3) and cycle like $2 || '-%'`;
      const total = await scalar(db, `select count(*) from cost_settlement ${where}`, [caller.ownerId, year]);
      const list = asRows<CostSettlement>(
        await rows(
          db,
          `select id, cycle, start_date, end_date, settle_time, due_amount, frozen_amount, deducted_amount,
             unfrozen_amount, owe_amount, plan_count, status
           from cost_settlement ${where} order by cycle desc limit $3 offset $4`,
          [caller.ownerId, year, input.pageSize, (input.pageNum - 1) * input.pageSize],
        ),
      );
      return { list, total };
    },
  );

  // ---------------------------------------------------------------- settleMode 2: platform fee (A §5)

  api.get(
    '/api/share/instalment/queryCurrentInstalmentDetail',
    { ...read, input: z.object({}) },
    async ({ caller }) => {
      const p = await openPeriod(db, caller.ownerId);
      if (!p) return null;
      const period = numeric<Omit<CurrentFeePeriod, 'remainAmount' | 'proportion' | 'daysLeft'> & { id: number }>(p, [
        'startDate',
        'endDate',
        'settleDate',
      ]);
      const proportion = await scalar(
        db,
        'select coalesce(max(proportion), 0) from site_instalment where account_id = $1 and status = 1',
        [caller.ownerId],
      );
      const today = startOfDay(dayOf(now()));
      const data: CurrentFeePeriod = {
        instalmentId: period.id,
        periodNo: period.periodNo,
        startDate: period.startDate,
        endDate: period.endDate,
        settleDate: period.settleDate,
        dueAmount: period.dueAmount,
        deviceAmount: period.deviceAmount,
        platformFeeAmount: period.platformFeeAmount,
        deductedAmount: period.deductedAmount,
        remainAmount: Math.max(0, period.dueAmount - period.deductedAmount),
        proportion,
        status: period.status,
        daysLeft: Math.max(0, Math.round((startOfDay(period.settleDate) - today) / DAY_MS)),
      };
      return data;
    },
  );

  api.get(
    '/api/share/instalment/queryDeviceInstalmentProportion',
    { ...read, input: z.object({}) },
    async ({ caller }) => {
      const sites = await siteInstalments(db, caller.ownerId);
      const active = sites.filter((s) => s.status === 1);
      const totalAmount = sites.reduce((s, x) => s + x.totalAmount, 0);
      const paidAmount = sites.reduce((s, x) => s + x.paidAmount, 0);
      // a period collects the latest period's device part: the plan's periods are the total in such parts
      const perPeriod = await scalar(
        db,
        'select device_amount from fee_period where account_id = $1 order by period_no desc limit 1',
        [caller.ownerId],
      );
      const totalPeriods = perPeriod > 0 ? Math.ceil(totalAmount / perPeriod) : 0;
      const data: DeviceInstalmentOverview = {
        proportion: active.reduce((m, s) => Math.max(m, s.proportion), 0),
        totalAmount,
        paidAmount,
        remainingAmount: sites.reduce((s, x) => s + x.remainingAmount, 0),
        totalPeriods,
        paidPeriods: perPeriod > 0 ? Math.min(totalPeriods, Math.floor(paidAmount / perPeriod)) : 0,
        siteCount: sites.length,
      };
      return data;
    },
  );

  api.get(
    '/api/site/getDeviceInstalment',
    { ...read, input: z.object({ siteId: z.coerce.number().int().positive().optional() }) },
    async ({ caller, input }) => {
      const list = await siteInstalments(db, caller.ownerId, input.siteId);
      return { list, total: list.length };
    },
  );

  api.get('/api/share/instalment/querySiteProportion', { ...read, input: z.object({}) }, async ({ caller }) => {
    const list = (await siteInstalments(db, caller.ownerId)).map((s) => ({
      siteId: s.siteId,
      siteName: s.siteName,
      proportion: s.proportion,
    }));
    return { list };
  });

  /** A period of the caller's account (or its open one when `id` is absent), or code 1. */
  async function periodOf(accountId: number, id?: number): Promise<number | null> {
    if (id === undefined) {
      const open = await openPeriod(db, accountId);
      return open ? Number(open.id) : null;
    }
    const found = await scalar(db, 'select id from fee_period where id = $1 and account_id = $2', [id, accountId]);
    if (!found) throw hidden('结算期次不存在或无权查看');
    return found;
  }

  api.get(
    '/api/share/instalment/queryDeductInstalment',
    {
      ...read,
      input: z.object({
        ...paging,
        instalmentId: z.coerce.number().int().positive().optional(),
        siteId: z.coerce.number().int().positive().optional(),
        date: z
          .string()
          .regex(/^20\d\d-\d\d-\d\d$/, 'date 须为 YYYY-MM-DD')
          .optional(),
      }),
    },
    async ({ caller, input }) => {
      const periodId = await periodOf(caller.ownerId, input.instalmentId);
      if (periodId === null) return { list: [], total: 0, totalDeductAmount: 0 } satisfies SplitDeductionPage;
      const from = input.date ? startOfDay(input.date) : null;
      const where = `where s.role = 3 and s.period_id = $1 and ($2::bigint is null or s.site_id = $2)
        and ($3::bigint is null or (s.create_time >= $3 and s.create_time < $3 + ${DAY_MS}))`;
      const params = [periodId, input.siteId ?? null, from];
      const sum = await one<{ total: number; amount: number }>(
        db,
        `select count(*)::int as total, coalesce(sum(s.amount), 0)::bigint as amount from order_split s ${where}`,
        params,
      );
      const list = asRows<SplitDeduction>(
        await rows(
          db,
          `select s.id, s.order_no, s.order_type, s.site_id, coalesce(st.name, '') as site_name,
             ${ORDER_AMOUNT} as order_amount, coalesce(s.proportion, 0) as proportion, s.amount as deduct_amount,
             s.create_time
           from order_split s left join site st on st.id = s.site_id ${where}
           order by s.create_time desc, s.id desc limit $4 offset $5`,
          [...params, input.pageSize, (input.pageNum - 1) * input.pageSize],
        ),
      );
      const data: SplitDeductionPage = {
        list,
        total: Number(sum?.total ?? 0),
        totalDeductAmount: Number(sum?.amount ?? 0),
      };
      return data;
    },
  );

  api.get(
    '/api/share/instalment/queryInstalmentDetail',
    { ...read, input: z.object({ instalmentId: z.coerce.number().int().positive() }) },
    async ({ caller, input }) => {
      const id = await periodOf(caller.ownerId, input.instalmentId);
      const p = numeric<Omit<FeePeriodDetail, 'instalmentId' | 'deductCount' | 'payments'> & { id: number }>(
        (await one<Record<string, unknown>>(
          db,
          `select id, period_no, start_date, end_date, settle_date, settle_time, due_amount, device_amount,
             platform_fee_amount, deducted_amount, owe_amount, paid_amount, status from fee_period where id = $1`,
          [id],
        )) ?? {},
        ['startDate', 'endDate', 'settleDate'],
      );
      const deductCount = await scalar(db, 'select count(*) from order_split where role = 3 and period_id = $1', [id]);
      // a back payment pays each chosen period in full (domain/arrears settlePaidPayment): its part is the period's
      const payments = (
        await rows<{ id: number; payTime: number; payWay: number }>(
          db,
          `select id, pay_time, pay_way from owe_payment
           where account_id = $1 and status = 1 and $2 = any(period_ids) order by pay_time`,
          [caller.ownerId, id],
        )
      ).map((x) => ({
        paymentId: Number(x.id),
        amount: p.paidAmount,
        payTime: Number(x.payTime),
        payWay: Number(x.payWay) as 1 | 2,
      }));
      const data: FeePeriodDetail = {
        instalmentId: p.id,
        periodNo: p.periodNo,
        startDate: p.startDate,
        endDate: p.endDate,
        settleDate: p.settleDate,
        settleTime: p.settleTime,
        dueAmount: p.dueAmount,
        deviceAmount: p.deviceAmount,
        platformFeeAmount: p.platformFeeAmount,
        deductedAmount: p.deductedAmount,
        oweAmount: p.oweAmount,
        paidAmount: p.paidAmount,
        status: p.status,
        deductCount,
        payments,
      };
      return data;
    },
  );

  api.get(
    '/api/share/instalment/queryInstalmentList',
    { ...read, input: z.object({ ...paging, year: yearRule.optional() }) },
    async ({ caller, input }) => {
      const where = `where account_id = $1 and ($2::text is null or start_date like $2 || '-%')`;
      const params = [caller.ownerId, input.year === undefined ? null : String(input.year)];
      const total = await scalar(db, `select count(*) from fee_period ${where}`, params);
      const list = asRows<FeePeriodRow>(
        await rows(
          db,
          `select id as instalment_id, period_no, start_date, end_date, settle_date, due_amount, deducted_amount,
             owe_amount, paid_amount, status
           from fee_period ${where} order by period_no desc limit $3 offset $4`,
          [...params, input.pageSize, (input.pageNum - 1) * input.pageSize],
        ),
      );
      return { list, total };
    },
  );

  return api.app;
}
