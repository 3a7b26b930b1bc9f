import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type {
  AgentStatement,
  AgentStatementRow,
  DayBillMerchant,
  DayBillOperation,
  DayFigures,
  MerchantItem,
  MonthBillMerchant,
  MonthBillOperation,
  OperationDay,
  OperationSummary,
  StatementMonth,
  YearStatement,
} from '../../src/api/statements';
import type { Scope } from '../http/access';
import { BizError } from '../http/envelope';
import { endpoints } from '../http/endpoint';
import { touches } from '../http/touch';
import { one, rows, scalar, type Db } from '../lib/db';
import { DAY_MS, addDays, addMonths, dayOf, lastDayOfMonth, monthOf, startOfDay } from '../lib/time';
import { INCOME_SETTLE, incomeBetween, orderCountBySite, siteIncomeBetween, sumIncome } from '../domain/sites';

/**
 * The statements of the income section (D-income.md §4 "/income/statement/bill", "/income/detail-list"; issue 9
 * item 1), computed at query time from the same rows every other screen reads — no separately stored totals:
 * - 营业额 and its parts: `siteIncomeBetween` / `incomeBetween` of domain/sites.ts, the rule of home's todayIncome and of
 *   /income's curve (so a day's statement equals home's figure of that day);
 * - 订单 and 电量: the charging orders started in the window (orderCountBySite, R3.4; energy of the orders not 启动失败);
 * - 分润支出 / 平台分账 / 支付手续费: the OrderSplit rows of the account's sites (roles 1, 2, 5 / 3 / 4) by split time;
 *   分润收入: the account's own share rows (roles 1, 2, 5) at other owners' sites;
 * - 净入账: the ledger — the owner's order income entries (bizTypes 1–5) less its 订单退款 entries (11) by entry time,
 *   i.e. the wallet credits of the period (postings of 02:00 credit the previous day's splits).
 * A sub-account limited to some sites (dataScope 2) sees those sites only (ledger entries of its sites). Money fen,
 * energy Wh, days/months Asia/Shanghai.
 */

const MONTH = z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, '月份格式须为YYYY-MM');
const DAY = z
  .string()
  .regex(/^20\d{2}-\d{2}-\d{2}$/, '日期格式须为YYYY-MM-DD')
  .refine((d) => {
    const ms = startOfDay(d);
    return Number.isFinite(ms) && dayOf(ms) === d;
  }, '日期格式须为YYYY-MM-DD');
const optionalId = z.coerce.number().int().positive().optional();

/** [from, to) of a month 'YYYY-MM'. */
function monthWindow(month: string): [number, number] {
  return [startOfDay(`${month}-01`), startOfDay(`${addMonths(month, 1)}-01`)];
}

/** [from, to) of a day. */
function dayWindow(day: string): [number, number] {
  const from = startOfDay(day);
  return [from, from + DAY_MS];
}

/** Energy (Wh) of the charging orders of `siteIds` started in [from, to) (not 启动失败; home's todayChargeInfo rule). */
async function energyBetween(db: Db, siteIds: readonly number[], from: number, to: number): Promise<number> {
  return scalar(
    db,
    `select coalesce(sum(energy_wh), 0) from charge_order
     where site_id = any($1::bigint[]) and status <> 5 and start_time >= $2 and start_time < $3`,
    [siteIds, from, to],
  );
}

/** Coins of the coin orders counted as income in [from, to) (by pay time, as the coin income). */
async function coinCountBetween(db: Db, siteIds: readonly number[], from: number, to: number): Promise<number> {
  return scalar(
    db,
    `select coalesce(sum(coin_count), 0) from charge_order
     where site_id = any($1::bigint[]) and pay_type = 6 and status <> 5 and settle_status in ${INCOME_SETTLE}
       and pay_time >= $2 and pay_time < $3`,
    [siteIds, from, to],
  );
}

/** Σ of split rows of `roles` at `siteIds` in [from, to), optionally only those of one account. */
async function splitSum(
  db: Db,
  where: { siteIds: readonly number[]; roles: readonly number[]; accountId?: number },
  from: number,
  to: number,
): Promise<number> {
  const params: unknown[] = [where.siteIds, where.roles, from, to];
  let account = '';
  if (where.accountId !== undefined) {
    params.push(where.accountId);
    account = 'and account_id = $5';
  }
  return scalar(
    db,
    `select coalesce(sum(amount), 0) from order_split
     where site_id = any($1::bigint[]) and role = any($2::int[]) and create_time >= $3 and create_time < $4 ${account}`,
    params,
  );
}

/** Whom the ledger figures cover: the owner's wallet, limited to some sites for a dataScope-2 sub-account. */
export interface LedgerScope {
  ownerId: number;
  siteIds: readonly number[] | null;
}

export async function ledgerScopeOf(scope: Scope): Promise<LedgerScope> {
  return { ownerId: scope.ownerId, siteIds: scope.limited ? await scope.siteIds() : null };
}

/**
 * 净入账 of [from, to): the owner's ledger entries of order income (bizTypes 1–5) less its 订单退款 entries (11), by
 * entry time; with `siteId` (or a limited scope) only the entries of those sites (`null` = the entries without a site).
 */
export async function ledgerNet(
  db: Db,
  ledger: LedgerScope,
  from: number,
  to: number,
  siteId?: number | null,
): Promise<number> {
  const params: unknown[] = [ledger.ownerId, from, to];
  let filter = '';
  if (siteId === null) filter = 'and site_id is null';
  else if (siteId !== undefined) {
    params.push(siteId);
    filter = 'and site_id = $4';
  } else if (ledger.siteIds) {
    params.push(ledger.siteIds);
    filter = 'and site_id = any($4::bigint[])';
  }
  return scalar(
    db,
    `select coalesce(sum(case when biz_type = 11 then -amount else amount end), 0) from account_bill
     where account_id = $1 and biz_type in (1, 2, 3, 4, 5, 11) and create_time >= $2 and create_time < $3 ${filter}`,
    params,
  );
}

/** The 我的账单 figures of [from, to) for the caller's sites (operators, agents, sub-accounts). */
async function operationFigures(
  db: Db,
  siteIds: readonly number[],
  ledger: LedgerScope,
  from: number,
  to: number,
): Promise<Omit<OperationSummary, 'lastMonthGross'>> {
  const income = await incomeBetween(db, siteIds, from, to);
  let orderCount = 0;
  for (const n of (await orderCountBySite(db, siteIds, from, to)).values()) orderCount += n;
  const shareIn = await scalar(
    db,
    `select coalesce(sum(amount), 0) from order_split where account_id = $1 and role in (1, 2, 5)
       and create_time >= $2 and create_time < $3 ${ledger.siteIds ? 'and site_id = any($4::bigint[])' : ''}`,
    ledger.siteIds ? [ledger.ownerId, from, to, ledger.siteIds] : [ledger.ownerId, from, to],
  );
  return {
    orderCount,
    energy: await energyBetween(db, siteIds, from, to),
    chargeIncome: income.charge,
    valueCardIncome: income.valueCard,
    monthCardIncome: income.monthCard,
    coinIncome: income.coin,
    coinCount: await coinCountBetween(db, siteIds, from, to),
    refundAmount: income.refund,
    grossIncome: income.total,
    shareOut: await splitSum(db, { siteIds, roles: [1, 2, 5] }, from, to),
    platformFee: await splitSum(db, { siteIds, roles: [3] }, from, to),
    channelFee: await splitSum(db, { siteIds, roles: [4] }, from, to),
    shareIn,
    netIncome: await ledgerNet(db, ledger, from, to),
  };
}

/**
 * The property merchant's sites among the caller's (v2/statement's optional merchantId; the other merchant reads get
 * theirs checked by touches.property): a property's own sites, or an owner's sites linked to that property. Code 1
 * 物业不存在或无权查看 when the caller has none of its sites.
 */
export async function merchantSites(db: Db, scope: Scope, merchantId: number | undefined): Promise<MerchantSites> {
  const property = scope.account.accountType === 3;
  const id = merchantId ?? scope.ownerId;
  if (property && id !== scope.ownerId) throw new BizError(1, '物业不存在或无权查看');
  const siteIds = (
    await rows<{ id: number }>(
      db,
      'select id from site where id = any($1::bigint[]) and merchant_id = $2 and deleted = 0 order by id',
      [await scope.siteIds(), id],
    )
  ).map((r) => Number(r.id));
  const merchant = await one<{ name: string; accountType: number }>(
    db,
    'select name, account_type from account where id = $1',
    [id],
  );
  if (!merchant || merchant.accountType !== 3 || siteIds.length === 0) throw new BizError(1, '物业不存在或无权查看');
  return { merchantId: id, name: merchant.name, siteIds };
}

export interface MerchantSites {
  merchantId: number;
  name: string;
  siteIds: number[];
}

/** The rate (bp) of `accountId` as a party of the share rules in force at `siteIds` (the highest; 0 when none). */
async function partyRate(db: Db, accountId: number, siteIds: readonly number[]): Promise<number> {
  return scalar(
    db,
    `select coalesce(max(p.charge_rate), 0) from site_share_rule_version v join site_share_party p on p.version_id = v.id
     where v.status = 1 and v.site_id = any($1::bigint[]) and p.user_id = $2`,
    [siteIds, accountId],
  );
}

/** The property's figures of [from, to) at its sites. */
async function merchantFigures(db: Db, m: MerchantSites, from: number, to: number) {
  const income = sumIncome((await siteIncomeBetween(db, m.siteIds, from, to)).values());
  let orderCount = 0;
  for (const n of (await orderCountBySite(db, m.siteIds, from, to)).values()) orderCount += n;
  return {
    orderCount,
    energy: await energyBetween(db, m.siteIds, from, to),
    grossIncome: income.total,
    refundAmount: income.refund,
    shareAmount: await splitSum(db, { siteIds: m.siteIds, roles: [1], accountId: m.merchantId }, from, to),
    electricityFee: await splitSum(db, { siteIds: m.siteIds, roles: [5], accountId: m.merchantId }, from, to),
  };
}

/** The days of `month` up to `today` (newest first). */
function daysOf(month: string, today: string): string[] {
  const out: string[] = [];
  const last = lastDayOfMonth(month);
  for (let d = last < today ? last : today; d.startsWith(month); d = addDays(d, -1)) out.push(d);
  return out;
}

/**
 * The 每日账单 of a month of 我的账单 (D-income.md §4 /income/statement/bill; the rows of docType 7 月度对账单): the days up
 * to `today` with any figure, newest first — 订单, 电量 (Wh), 营业额, 退款 and 净入账 (the ledger's credits of the day).
 */
export async function operationDays(
  db: Db,
  siteIds: readonly number[],
  ledger: LedgerScope,
  month: string,
  today: string,
): Promise<OperationDay[]> {
  const days: OperationDay[] = [];
  for (const date of daysOf(month, today)) {
    const [dFrom, dTo] = dayWindow(date);
    const income = await incomeBetween(db, siteIds, dFrom, dTo);
    let orderCount = 0;
    for (const n of (await orderCountBySite(db, siteIds, dFrom, dTo)).values()) orderCount += n;
    const day: OperationDay = {
      date,
      orderCount,
      energy: await energyBetween(db, siteIds, dFrom, dTo),
      grossIncome: income.total,
      refundAmount: income.refund,
      netIncome: await ledgerNet(db, ledger, dFrom, dTo),
    };
    if (day.orderCount || day.grossIncome || day.refundAmount || day.netIncome || day.energy) days.push(day);
  }
  return days;
}

/** The 每日账单 of a month of a property's statement (物业账单; docType 7 with a property): 订单, 营业额, 退款, 物业分润. */
export async function merchantDays(
  db: Db,
  m: MerchantSites,
  month: string,
  today: string,
): Promise<MonthBillMerchant['days']> {
  const days: MonthBillMerchant['days'] = [];
  for (const date of daysOf(month, today)) {
    const [dFrom, dTo] = dayWindow(date);
    const d = await merchantFigures(db, m, dFrom, dTo);
    if (d.orderCount || d.grossIncome || d.refundAmount || d.shareAmount) {
      days.push({
        date,
        orderCount: d.orderCount,
        grossIncome: d.grossIncome,
        refundAmount: d.refundAmount,
        shareAmount: d.shareAmount,
      });
    }
  }
  return days;
}

/**
 * One day of 我的账单 by site (D-income.md §4 /income/detail-list; the rows of docType 8 日账单明细): the sites with any
 * figure that day, largest 营业额 first, a row 区域卡及其他 for what belongs to no site, and the day's summary.
 */
export async function dayBillOperation(
  db: Db,
  siteIds: readonly number[],
  ledger: LedgerScope,
  date: string,
): Promise<DayBillOperation> {
  const [from, to] = dayWindow(date);
  const bySite = await siteIncomeBetween(db, siteIds, from, to);
  const counts = await orderCountBySite(db, siteIds, from, to);
  const names = new Map(
    (
      await rows<{ id: number; name: string }>(db, 'select id, name from site where id = any($1::bigint[])', [siteIds])
    ).map((r) => [Number(r.id), r.name]),
  );
  const sites: DayBillOperation['sites'] = [];
  for (const siteId of siteIds) {
    const f = bySite.get(siteId);
    if (!f) continue;
    const row = {
      siteId,
      siteName: names.get(siteId) ?? '',
      orderCount: counts.get(siteId) ?? 0,
      energy: await energyBetween(db, [siteId], from, to),
      chargeIncome: f.charge,
      valueCardIncome: f.valueCard,
      monthCardIncome: f.monthCard,
      coinIncome: f.coin,
      refundAmount: f.refund,
      grossIncome: f.total,
      netIncome: await ledgerNet(db, ledger, from, to, siteId),
    };
    if (row.orderCount || row.grossIncome || row.refundAmount || row.netIncome || row.energy) sites.push(row);
  }
  // What belongs to no site of the list: area-card recharges of the account's rule groups, and ledger entries of
  // other sites (shares received) or of none — one row, so that the sites add up to the summary.
  const whole = await incomeBetween(db, siteIds, from, to);
  const siteTotal = sumIncome(bySite.values());
  const wholeNet = await ledgerNet(db, ledger, from, to);
  const restNet = wholeNet - sites.reduce((s, r) => s + r.netIncome, 0);
  const rest = {
    siteId: null,
    siteName: '区域卡及其他',
    orderCount: 0,
    energy: 0,
    chargeIncome: 0,
    valueCardIncome: whole.valueCard - siteTotal.valueCard,
    monthCardIncome: 0,
    coinIncome: 0,
    refundAmount: whole.refund - siteTotal.refund,
    grossIncome: whole.total - siteTotal.total,
    netIncome: restNet,
  };
  if (rest.valueCardIncome || rest.refundAmount || rest.netIncome) sites.push(rest);
  sites.sort((a, b) => b.grossIncome - a.grossIncome);
  const summary: DayFigures = {
    orderCount: sites.reduce((s, r) => s + r.orderCount, 0),
    energy: sites.reduce((s, r) => s + r.energy, 0),
    chargeIncome: whole.charge,
    valueCardIncome: whole.valueCard,
    monthCardIncome: whole.monthCard,
    coinIncome: whole.coin,
    refundAmount: whole.refund,
    grossIncome: whole.total,
    netIncome: wholeNet,
  };
  return { date, summary, sites };
}

/** The month the owner's account was created ('YYYY-MM'). */
async function firstMonthOf(db: Db, ownerId: number): Promise<string> {
  const created = await scalar(db, 'select create_time from account where id = $1', [ownerId]);
  return monthOf(created);
}

export function statementRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  api.get(
    '/api/account/v2/statement',
    {
      permission: 'bill:view',
      input: z.object({ year: z.coerce.number().int().min(2000).max(2100), merchantId: optionalId }),
      touches: touches.sites,
    },
    async ({ scope, input }) => {
      const current = monthOf(now());
      const merchant =
        scope.account.accountType === 3 || input.merchantId !== undefined
          ? await merchantSites(db, scope, input.merchantId)
          : null;
      const siteIds = merchant ? merchant.siteIds : await scope.siteIds();
      const ledger = await ledgerScopeOf(scope);
      const months: StatementMonth[] = [];
      for (let m = 1; m <= 12; m += 1) {
        const month = `${input.year}-${String(m).padStart(2, '0')}`;
        if (month > current) {
          months.push({ month, grossIncome: 0, netIncome: 0, orderCount: 0 });
          continue;
        }
        const [from, to] = monthWindow(month);
        if (merchant) {
          const f = await merchantFigures(db, merchant, from, to);
          months.push({ month, grossIncome: f.grossIncome, netIncome: f.shareAmount, orderCount: f.orderCount });
          continue;
        }
        const income = await incomeBetween(db, siteIds, from, to);
        let orderCount = 0;
        for (const n of (await orderCountBySite(db, siteIds, from, to)).values()) orderCount += n;
        months.push({ month, grossIncome: income.total, netIncome: await ledgerNet(db, ledger, from, to), orderCount });
      }
      const data: YearStatement = {
        year: input.year,
        months,
        yearGross: months.reduce((s, m) => s + m.grossIncome, 0),
        yearNet: months.reduce((s, m) => s + m.netIncome, 0),
        firstMonth: await firstMonthOf(db, scope.ownerId),
      };
      return data;
    },
  );

  api.get(
    '/api/user/monthBillDetailOperation',
    { permission: 'bill:view', accountTypes: [1, 2, 4], input: z.object({ month: MONTH }), touches: touches.sites },
    async ({ scope, input }) => {
      const siteIds = await scope.siteIds();
      const ledger = await ledgerScopeOf(scope);
      const [from, to] = monthWindow(input.month);
      const figures = await operationFigures(db, siteIds, ledger, from, to);
      const [lastFrom, lastTo] = monthWindow(addMonths(input.month, -1));
      const lastMonthGross = (await incomeBetween(db, siteIds, lastFrom, lastTo)).total;
      const days = await operationDays(db, siteIds, ledger, input.month, dayOf(now()));
      const data: MonthBillOperation = { month: input.month, summary: { ...figures, lastMonthGross }, days };
      return data;
    },
  );

  api.get(
    '/api/user/monthBillDetailMerchant',
    {
      permission: 'bill:view',
      input: z.object({ month: MONTH, merchantId: optionalId }),
      touches: touches.property('merchantId'),
    },
    async ({ scope, input, target }) => {
      const m = await merchantSites(db, scope, target.merchantId);
      const [from, to] = monthWindow(input.month);
      const f = await merchantFigures(db, m, from, to);
      const days = await merchantDays(db, m, input.month, dayOf(now()));
      const data: MonthBillMerchant = {
        month: input.month,
        merchant: { merchantId: m.merchantId, name: m.name },
        summary: {
          orderCount: f.orderCount,
          energy: f.energy,
          grossIncome: f.grossIncome,
          refundAmount: f.refundAmount,
          shareRate: await partyRate(db, m.merchantId, m.siteIds),
          shareAmount: f.shareAmount,
          electricityFee: f.electricityFee,
        },
        days,
      };
      return data;
    },
  );

  api.get(
    '/api/user/merchantListByoperateId',
    { permission: 'bill:view', accountTypes: [1, 2, 4], input: z.object({}), touches: touches.sites },
    async ({ scope }) => {
      const merchants = await rows<{
        merchantId: number;
        name: string;
        contacts: string;
        phone: string;
        siteIds: number[];
      }>(
        db,
        `select a.id as merchant_id, a.name, a.contacts, coalesce(a.contact_phone, '') as phone,
                array_agg(s.id order by s.id) as site_ids
         from site s join account a on a.id = s.merchant_id
         where s.id = any($1::bigint[]) and s.deleted = 0 and a.account_type = 3
         group by a.id order by a.id`,
        [await scope.siteIds()],
      );
      const list: MerchantItem[] = [];
      for (const m of merchants) {
        const siteIds = m.siteIds.map(Number);
        list.push({
          merchantId: Number(m.merchantId),
          name: m.name,
          contacts: m.contacts,
          phone: m.phone,
          siteCount: siteIds.length,
          shareRate: await partyRate(db, Number(m.merchantId), siteIds),
        });
      }
      return { list };
    },
  );

  api.get(
    '/api/account/v2/agentStatement',
    {
      permission: 'bill:view',
      accountTypes: [1, 2],
      input: z.object({
        month: MONTH,
        pageNum: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(20),
      }),
      touches: touches.account,
    },
    async ({ scope, input }) => {
      const [from, to] = monthWindow(input.month);
      const agentRow = async (
        agent: { id: number; name: string; phone: string | null },
        superior: number,
      ): Promise<AgentStatementRow> => {
        const siteIds = (
          await rows<{ id: number }>(db, 'select id from site where operator_id = $1 and deleted = 0 order by id', [
            agent.id,
          ])
        ).map((r) => Number(r.id));
        return {
          agentId: Number(agent.id),
          agentName: agent.name,
          phone: agent.phone ?? '',
          siteCount: siteIds.length,
          grossIncome: (await incomeBetween(db, siteIds, from, to)).total,
          shareRate: await partyRate(db, superior, siteIds),
          shareAmount: await splitSum(db, { siteIds, roles: [1, 2], accountId: superior }, from, to),
        };
      };
      const role = scope.account.accountType === 2 ? 2 : 1;
      let all: AgentStatementRow[] = [];
      if (role === 1) {
        const agents = await rows<{ id: number; name: string; phone: string | null }>(
          db,
          'select id, name, phone from account where parent_id = $1 and account_type = 2 order by id',
          [scope.ownerId],
        );
        for (const a of agents) all.push(await agentRow(a, scope.ownerId));
      } else {
        const self = await one<{ id: number; name: string; phone: string | null; parentId: number | null }>(
          db,
          'select id, name, phone, parent_id from account where id = $1',
          [scope.ownerId],
        );
        if (self?.parentId) all = [await agentRow(self, Number(self.parentId))];
      }
      const start = (input.pageNum - 1) * input.pageSize;
      const data: AgentStatement = {
        role,
        list: all.slice(start, start + input.pageSize),
        total: all.length,
        sum: {
          grossIncome: all.reduce((s, r) => s + r.grossIncome, 0),
          shareAmount: all.reduce((s, r) => s + r.shareAmount, 0),
        },
      };
      return data;
    },
  );

  api.get(
    '/api/user/dayBillDetailOperate',
    { permission: 'income:view', accountTypes: [1, 2, 4], input: z.object({ date: DAY }), touches: touches.sites },
    async ({ scope, input }) => {
      const data: DayBillOperation = await dayBillOperation(
        db,
        await scope.siteIds(),
        await ledgerScopeOf(scope),
        input.date,
      );
      return data;
    },
  );

  api.get(
    '/api/user/dayBillDetailMerchant',
    {
      permission: 'income:view',
      input: z.object({ date: DAY, merchantId: optionalId }),
      touches: touches.property('merchantId'),
    },
    async ({ scope, input, target }) => {
      const m = await merchantSites(db, scope, target.merchantId);
      const [from, to] = dayWindow(input.date);
      const bySite = await siteIncomeBetween(db, m.siteIds, from, to);
      const counts = await orderCountBySite(db, m.siteIds, from, to);
      const sites: (DayBillMerchant['sites'][number] & { refundAmount: number })[] = [];
      for (const siteId of m.siteIds) {
        const f = bySite.get(siteId);
        const name = await one<{ name: string }>(db, 'select name from site where id = $1', [siteId]);
        const row = {
          siteId,
          siteName: name?.name ?? '',
          orderCount: counts.get(siteId) ?? 0,
          grossIncome: f?.total ?? 0,
          shareRate: await partyRate(db, m.merchantId, [siteId]),
          shareAmount: await splitSum(db, { siteIds: [siteId], roles: [1], accountId: m.merchantId }, from, to),
          refundAmount: f?.refund ?? 0,
        };
        if (row.orderCount || row.grossIncome || row.shareAmount || row.refundAmount) sites.push(row);
      }
      const data: DayBillMerchant = {
        date: input.date,
        summary: {
          orderCount: sites.reduce((s, r) => s + r.orderCount, 0),
          grossIncome: sites.reduce((s, r) => s + r.grossIncome, 0),
          refundAmount: sites.reduce((s, r) => s + r.refundAmount, 0),
          shareAmount: sites.reduce((s, r) => s + r.shareAmount, 0),
        },
        sites: sites.map(({ refundAmount: _r, ...rest }) => rest),
      };
      return data;
    },
  );

  return api.app;
}
