import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { DOC_TYPE_NAMES, exportEmailRule, rangeRefusal, type DocType } from '../../src/api/export-rules';
import { SITE_BILL_STATUS_LABELS } from '../../src/api/income-rules';
import type { Scope } from '../http/access';
import { exactlyOnce, requestIdRule } from '../domain/exactly-once';
import { createDocRecord, workbookOf, type ExportParams, type ExportTable } from '../domain/exports';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID } from '../http/envelope';
import { touches } from '../http/touch';
import { scalar, type Db } from '../lib/db';
import { addDays, dayOf, lastDayOfMonth, monthOf } from '../lib/time';
import { billList, type ListKind } from './site-bills';
import { coinOrders } from './site-income';
import { dayBillOperation, ledgerScopeOf, merchantDays, merchantSites, operationDays } from './statements';

/**
 * The statements' exports (D-income.md §4 /income/exportFile types 7, 8 and 9; the statement's 导出 and the bill
 * detail's 导出账单): 7 月度对账单 — the 每日账单 rows of a month of /income/statement/bill (我的账单, or with merchantId the
 * property's 物业账单; a property account exports its own), 8 日账单明细 — the site rows of /income/detail-list of every
 * day of a range (≤ 31 days, newest day first; operators, agents, sub-accounts), 6 投币订单 — the coin orders of
 * /income/statement/coinBill (≤ 92 days, a site optional), and 9 站点账单 — the rows of the month's site-bill list
 * (/income/statement/bill/siteBill in the caller's view: operator and sub-account 物业账单, agent its sites, property
 * the bills opened to it), optionally of one site or one property. The rows are computed when the request is made, by
 * the functions the screens' lists are computed by (api/statements.ts, api/site-bills.ts), and written as the record's
 * workbook at once; the job exportGeneration mails it 5 s later like every export (domain/exports.ts deliverDoc).
 * Exactly once per requestId; the same type and conditions while one is 生成中 → 2050. Money in the file in yuan.
 * The bill day's mail of 账单设置 (jobs/bill-mail.ts) writes its 站点账单 with siteBillTable in the setting owner's scope.
 */

const MONTH = z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, '月份格式须为YYYY-MM');
const yuan = (fen: number | null) => (fen === null ? '' : Math.round(fen) / 100);
const kwh = (wh: number) => Math.round(wh) / 1000;

/** The rows of 月度对账单 (docType 7) of `month` for the caller, and the name of the property when it is one's. */
export async function monthStatementTable(
  db: PGlite,
  scope: Scope,
  month: string,
  merchantId: number | undefined,
  today: string,
): Promise<{ table: ExportTable; merchantName: string | null }> {
  if (scope.account.accountType === 3 || merchantId !== undefined) {
    const m = await merchantSites(db, scope, merchantId);
    const days = await merchantDays(db, m, month, today);
    return {
      merchantName: m.name,
      table: {
        sheet: '月度对账单',
        columns: [
          { header: '日期', width: 12 },
          { header: '订单(笔)', width: 10 },
          { header: '营业额(元)', width: 14, money: true },
          { header: '退款(元)', width: 12, money: true },
          { header: '物业分润(元)', width: 14, money: true },
        ],
        rows: days.map((d) => [d.date, d.orderCount, yuan(d.grossIncome), yuan(d.refundAmount), yuan(d.shareAmount)]),
      },
    };
  }
  const days = await operationDays(db, await scope.siteIds(), await ledgerScopeOf(scope), month, today);
  return {
    merchantName: null,
    table: {
      sheet: '月度对账单',
      columns: [
        { header: '日期', width: 12 },
        { header: '订单(笔)', width: 10 },
        { header: '电量(kWh)', width: 12 },
        { header: '营业额(元)', width: 14, money: true },
        { header: '退款(元)', width: 12, money: true },
        { header: '净入账(元)', width: 14, money: true },
      ],
      rows: days.map((d) => [
        d.date,
        d.orderCount,
        kwh(d.energy),
        yuan(d.grossIncome),
        yuan(d.refundAmount),
        yuan(d.netIncome),
      ]),
    },
  };
}

/** The rows of 日账单明细 (docType 8): each day of the range, newest first, its /income/detail-list site rows. */
export async function dayBillsTable(
  db: PGlite,
  scope: Scope,
  startDate: string,
  endDate: string,
): Promise<ExportTable> {
  const siteIds = await scope.siteIds();
  const ledger = await ledgerScopeOf(scope);
  const out: (string | number)[][] = [];
  for (let date = endDate; date >= startDate; date = addDays(date, -1)) {
    for (const r of (await dayBillOperation(db, siteIds, ledger, date)).sites) {
      out.push([
        date,
        r.siteName,
        r.orderCount,
        kwh(r.energy),
        yuan(r.chargeIncome),
        yuan(r.valueCardIncome),
        yuan(r.monthCardIncome),
        yuan(r.coinIncome),
        yuan(r.refundAmount),
        yuan(r.grossIncome),
        yuan(r.netIncome),
      ]);
    }
  }
  return {
    sheet: '日账单明细',
    columns: [
      { header: '日期', width: 12 },
      { header: '站点', width: 18 },
      { header: '订单(笔)', width: 10 },
      { header: '电量(kWh)', width: 12 },
      { header: '充电收入(元)', width: 14, money: true },
      { header: '储值卡(元)', width: 12, money: true },
      { header: '月卡(元)', width: 12, money: true },
      { header: '投币(元)', width: 12, money: true },
      { header: '退款(元)', width: 12, money: true },
      { header: '营业额(元)', width: 14, money: true },
      { header: '净入账(元)', width: 14, money: true },
    ],
    rows: out,
  };
}

/** 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai of an instant. */
const timeText = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

/** The rows of 投币订单 (docType 6): the coin orders of /income/statement/coinBill for the range and site, newest first. */
export async function coinOrdersTable(
  db: PGlite,
  siteIds: readonly number[],
  startDate: string,
  endDate: string,
): Promise<ExportTable> {
  const { list } = await coinOrders(db, siteIds, startDate, endDate);
  return {
    sheet: '投币订单',
    columns: [
      { header: '开始时间', width: 20 },
      { header: '订单号', width: 26 },
      { header: '站点', width: 18 },
      { header: '设备号', width: 16 },
      { header: '插座', width: 8 },
      { header: '投币(枚)', width: 10 },
      { header: '金额(元)', width: 12, money: true },
      { header: '充电时长(分钟)', width: 14 },
    ],
    rows: list.map((o) => [
      timeText(o.startTime),
      o.orderNo,
      o.siteName,
      o.serialNumber,
      Number(o.socketNo),
      Number(o.coinCount),
      yuan(o.amount),
      Number(o.minutes),
    ]),
  };
}

/** Which site-bill list an account reads (the screen's first tab): property 3, agent 2, operator and sub-account. */
function listKindOf(accountType: number): ListKind {
  return accountType === 3 ? 'property' : accountType === 2 ? 'sub' : 'first';
}

/**
 * The rows of 站点账单 (docType 9) of `month` in the caller's view, of one site and/or one property when given, or of
 * the sites `siteIds` (a bill setting's: jobs/bill-mail.ts; ids outside the caller's list are left out). `db` may be
 * a transaction, with a scope reading through it (ownerScope).
 */
export async function siteBillTable(
  db: Db,
  scope: Scope,
  filter: { month: string; siteId?: number; merchantId?: number; siteIds?: readonly number[] },
  at: number,
): Promise<{ table: ExportTable; siteName: string | null; merchantName: string | null }> {
  const page = await billList(
    db,
    scope,
    listKindOf(scope.account.accountType),
    { month: filter.month, merchantId: filter.merchantId, pageNum: 1, pageSize: 100_000 },
    at,
  );
  const only = filter.siteIds === undefined ? null : new Set(filter.siteIds);
  const list = page.list.filter(
    (b) => (filter.siteId === undefined || b.siteId === filter.siteId) && (only === null || only.has(b.siteId)),
  );
  if (filter.siteId !== undefined && list.length === 0) throw new BizError(1, '账单不存在或无权查看');
  return {
    siteName: filter.siteId === undefined ? null : (list[0]?.siteName ?? null),
    merchantName: filter.merchantId === undefined ? null : (page.list[0]?.merchantName ?? null),
    table: {
      sheet: '站点账单',
      columns: [
        { header: '账单号', width: 22 },
        { header: '月份', width: 10 },
        { header: '站点', width: 18 },
        { header: '小区', width: 14 },
        { header: '物业', width: 14 },
        { header: '代理商', width: 12 },
        { header: '订单(笔)', width: 10 },
        { header: '电量(kWh)', width: 12 },
        { header: '营业额(元)', width: 14, money: true },
        { header: '退款(元)', width: 12, money: true },
        { header: '物业分润比例(%)', width: 14 },
        { header: '物业分润(元)', width: 14, money: true },
        { header: '电费(元)', width: 12, money: true },
        { header: '待结电费(元)', width: 14, money: true },
        { header: '我的收入(元)', width: 14, money: true },
        { header: '状态', width: 8 },
      ],
      rows: list.map((b) => [
        b.billNo,
        b.month,
        b.siteName,
        b.communityName,
        b.merchantName ?? '',
        b.agentName ?? '',
        b.orderCount,
        kwh(b.energy),
        yuan(b.grossIncome),
        yuan(b.refundAmount),
        b.propertyShareRate / 100,
        yuan(b.propertyShareAmount),
        yuan(b.electricityFee),
        yuan(b.unsettledElectricityFee),
        yuan(b.netIncome),
        SITE_BILL_STATUS_LABELS[b.status],
      ]),
    },
  };
}

/** The export endpoints of the statements (permission `export`; README sandbox interfaces). */
export function statementExportRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  /**
   * Makes the DocRecord 生成中 of a statement export whose workbook is already written, exactly once per requestId;
   * the same type and conditions while one is 生成中 → 2050.
   */
  const record = (
    caller: { account: { id: number }; ownerId: number },
    docType: DocType,
    requestId: string,
    doc: { params: ExportParams; conditions: string; fileName: string; email: string; content: Buffer },
    at: number,
  ) =>
    exactlyOnce(
      db,
      {
        accountId: caller.account.id,
        action: `export:${docType}`,
        requestId,
        body: { ...doc.params, email: doc.email },
      },
      at,
      async (tx) => {
        const running = await scalar(
          tx,
          'select count(*) from doc_record where merchant_id = $1 and doc_type = $2 and status = 1 and params = $3::jsonb',
          [caller.ownerId, docType, JSON.stringify(doc.params)],
        );
        if (running > 0) throw new BizError(2050, '相同的导出任务正在处理中，请稍后');
        const docId = await createDocRecord(
          tx,
          { merchantId: caller.ownerId, accountId: caller.account.id, docType, ...doc },
          at,
        );
        return { docId };
      },
    );

  /** The month's range as a record keeps it: the 1st to its last day (or today in the current month). */
  const monthParams = (month: string, today: string) => {
    const last = lastDayOfMonth(`${month}-01`);
    return { month, startDate: `${month}-01`, endDate: last < today ? last : today };
  };
  const checkMonth = (month: string, at: number) => {
    if (month > monthOf(at)) throw new BizError(INVALID, '不能选择未来的月份');
  };

  // POST /api/account/v2/billExportMonth — 7 月度对账单 of a month (merchantId: a property's statement).
  api.post(
    '/api/account/v2/billExportMonth',
    {
      permission: 'export',
      input: z.object({
        month: MONTH,
        merchantId: z.number().int().positive().optional(),
        email: exportEmailRule,
        requestId: requestIdRule,
      }),
      touches: touches.sites,
    },
    async ({ caller, scope, input }) => {
      const at = now();
      checkMonth(input.month, at);
      // computed before the transaction: the scope reads the database, which the transaction holds
      const { table, merchantName } = await monthStatementTable(db, scope, input.month, input.merchantId, dayOf(at));
      const params: ExportParams = {
        ...monthParams(input.month, dayOf(at)),
        ...(input.merchantId ? { merchantId: input.merchantId } : {}),
      };
      return record(
        caller,
        7,
        input.requestId,
        {
          params,
          conditions: `${input.month} · ${merchantName ? `物业：${merchantName}` : '我的账单'}`,
          fileName: `${DOC_TYPE_NAMES[7]}_${input.month}${merchantName ? `_${merchantName}` : ''}.xlsx`,
          email: input.email,
          content: await workbookOf(table),
        },
        at,
      );
    },
  );

  // POST /api/account/v2/billExportDay — 8 日账单明细 of a range (≤ 31 days): every day's site rows.
  api.post(
    '/api/account/v2/billExportDay',
    {
      permission: 'export',
      accountTypes: [1, 2, 4],
      input: z.object({
        startDate: z.string().regex(/^20\d\d-\d\d-\d\d$/, '日期格式不正确'),
        endDate: z.string().regex(/^20\d\d-\d\d-\d\d$/, '日期格式不正确'),
        email: exportEmailRule,
        requestId: requestIdRule,
      }),
      touches: touches.sites,
    },
    async ({ caller, scope, input }) => {
      const at = now();
      const refusal = rangeRefusal(8, input.startDate, input.endDate, dayOf(at));
      if (refusal) throw new BizError(refusal.startsWith('导出时间跨度') ? 2051 : INVALID, refusal);
      const table = await dayBillsTable(db, scope, input.startDate, input.endDate);
      return record(
        caller,
        8,
        input.requestId,
        {
          params: { startDate: input.startDate, endDate: input.endDate },
          conditions: `${input.startDate} 至 ${input.endDate}`,
          fileName: `${DOC_TYPE_NAMES[8]}_${input.startDate}_${input.endDate}.xlsx`,
          email: input.email,
          content: await workbookOf(table),
        },
        at,
      );
    },
  );

  // POST /api/r9/order/exportCoinOrderRecord — 6 投币订单 of a range (≤ 92 days), of a site the caller sees or all.
  api.post(
    '/api/r9/order/exportCoinOrderRecord',
    {
      permission: 'export',
      input: z.object({
        startDate: z.string().regex(/^20\d\d-\d\d-\d\d$/, '日期格式不正确'),
        endDate: z.string().regex(/^20\d\d-\d\d-\d\d$/, '日期格式不正确'),
        siteId: z.number().int().positive().optional(),
        email: exportEmailRule,
        requestId: requestIdRule,
      }),
      touches: touches.optionalSite('siteId', 'view'),
    },
    async ({ caller, scope, input, target }) => {
      const at = now();
      const refusal = rangeRefusal(6, input.startDate, input.endDate, dayOf(at));
      if (refusal) throw new BizError(refusal.startsWith('导出时间跨度') ? 2051 : INVALID, refusal);
      const siteIds = target ? [target.id] : await scope.siteIds();
      const table = await coinOrdersTable(db, siteIds, input.startDate, input.endDate);
      const siteName = target ? target.name : null;
      return record(
        caller,
        6,
        input.requestId,
        {
          params: {
            startDate: input.startDate,
            endDate: input.endDate,
            ...(input.siteId ? { siteId: input.siteId } : {}),
          },
          conditions: `${input.startDate} 至 ${input.endDate} · ${siteName ?? '全部站点'}`,
          fileName: `${DOC_TYPE_NAMES[6]}_${input.startDate}_${input.endDate}${siteName ? `_${siteName}` : ''}.xlsx`,
          email: input.email,
          content: await workbookOf(table),
        },
        at,
      );
    },
  );

  // POST /api/account/v2/billExportSiteBill — 9 站点账单 of a month (siteId: one site's bill; merchantId: a property's).
  api.post(
    '/api/account/v2/billExportSiteBill',
    {
      permission: 'export',
      input: z.object({
        month: MONTH,
        siteId: z.number().int().positive().optional(),
        merchantId: z.number().int().positive().optional(),
        email: exportEmailRule,
        requestId: requestIdRule,
      }),
      touches: touches.sites,
    },
    async ({ caller, scope, input }) => {
      const at = now();
      checkMonth(input.month, at);
      const { table, siteName, merchantName } = await siteBillTable(
        db,
        scope,
        { month: input.month, siteId: input.siteId, merchantId: input.merchantId },
        at,
      );
      const params: ExportParams = {
        ...monthParams(input.month, dayOf(at)),
        ...(input.siteId ? { siteId: input.siteId } : {}),
        ...(input.merchantId ? { merchantId: input.merchantId } : {}),
      };
      const subject = siteName ?? (merchantName ? `物业：${merchantName}` : '全部站点');
      return record(
        caller,
        9,
        input.requestId,
        {
          params,
          conditions: `${input.month} · ${subject}`,
          fileName: `${DOC_TYPE_NAMES[9]}_${input.month}${siteName ? `_${siteName}` : merchantName ? `_${merchantName}` : ''}.xlsx`,
          email: input.email,
          content: await workbookOf(table),
        },
        at,
      );
    },
  );

  return api.app;
}
