import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/http';
import type { CoinOrderRow } from '../../src/api/site-income';
import type { DocRecord } from '../../src/api/exports';
import type { DayBillOperation, MonthBillMerchant, MonthBillOperation, SiteBillPage } from '../../src/api/statements';
import { workbookRows, type SentMail } from '../domain/exports';
import { DEMO_PHONES, openSandboxForFile } from '../testing';
import { newRequestId } from '../testing-money';

/**
 * The statements' exports (D-income.md §4 exportFile types 7 月度对账单, 8 日账单明细 and 9 站点账单, coinBill's 6 投币订单;
 * issue 9 item 3): each request
 * makes a record exactly once (the same requestId answers the same docId; the same export while one is 生成中 → 2050),
 * 5 s later a real .xlsx is mailed whose rows are exactly the rows of the list it exports — the statement's 每日账单
 * (我的账单 or a property's), every day's site rows of /income/detail-list, the coin orders of coinBill, the month's site
 * bills (all, or one site) —
 * with a header row and the conditions in its
 * file name.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'property', 'subAccount']);
const MONTH = '2026-11';
const q = (query: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

const mails = async (to: string) => {
  const res = await sb.app.request(`/__sandbox/mail?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { code: number; data: SentMail[] }).data;
};
const download = async (url: string) => new Uint8Array(await (await sb.app.request(url)).arrayBuffer());
const records = async (token: string) =>
  (await sb.get<Page<DocRecord>>('/api/doc/listDocRecords', token, { pageNum: 1, pageSize: 50 })).body.data.list;

/** Requests an export, lets its 5 s pass and answers its record and the rows of the workbook mailed to `email`. */
async function exported(token: string, path: string, body: Record<string, unknown>, email: string) {
  const started = await sb.post<{ docId: number }>(path, token, { ...body, email, requestId: newRequestId() });
  expect(started.body.code, started.body.message).toBe(0);
  await sb.advance(5_001);
  const record = (await records(token)).find((r) => r.id === started.body.data.docId);
  expect(record?.status).toBe(2);
  const [mail] = await mails(email);
  expect(mail?.attachments[0]?.filename).toBe(record?.fileName);
  return { record, sheet: await workbookRows(await download(mail?.attachments[0]?.url ?? '')) };
}

describe('月度对账单 (docType 7)', () => {
  it('我的账单: one row per day of the statement’s 每日账单, newest first, with its figures', async () => {
    const { record, sheet } = await exported(
      tokens.operator,
      '/api/account/v2/billExportMonth',
      { month: MONTH },
      'month@yichong-hz.cn',
    );
    expect(record).toMatchObject({ docType: 7, fileName: '月度对账单_2026-11.xlsx', conditions: '2026-11 · 我的账单' });
    const bill = await sb.data<MonthBillOperation>(
      DEMO_PHONES.operator,
      `/api/user/monthBillDetailOperation${q({ month: MONTH })}`,
    );
    expect(bill.days.length).toBeGreaterThan(0);
    expect(sheet[0]).toEqual(['日期', '订单(笔)', '电量(kWh)', '营业额(元)', '退款(元)', '净入账(元)']);
    expect(sheet.slice(1)).toEqual(
      bill.days.map((d) => [
        d.date,
        d.orderCount,
        d.energy / 1000,
        d.grossIncome / 100,
        d.refundAmount / 100,
        d.netIncome / 100,
      ]),
    );
  });

  it('a property’s statement, from the operator and from the property itself, is its 物业账单 days', async () => {
    const property = await sb.data<MonthBillMerchant>(
      DEMO_PHONES.property,
      `/api/user/monthBillDetailMerchant${q({ month: MONTH })}`,
    );
    const rows = property.days.map((d) => [
      d.date,
      d.orderCount,
      d.grossIncome / 100,
      d.refundAmount / 100,
      d.shareAmount / 100,
    ]);
    expect(rows.length).toBeGreaterThan(0);
    const fromOperator = await exported(
      tokens.operator,
      '/api/account/v2/billExportMonth',
      { month: MONTH, merchantId: property.merchant.merchantId },
      'month-property@yichong-hz.cn',
    );
    expect(fromOperator.record?.fileName).toBe(`月度对账单_2026-11_${property.merchant.name}.xlsx`);
    expect(fromOperator.sheet[0]).toEqual(['日期', '订单(笔)', '营业额(元)', '退款(元)', '物业分润(元)']);
    expect(fromOperator.sheet.slice(1)).toEqual(rows);
    const own = await exported(tokens.property, '/api/account/v2/billExportMonth', { month: MONTH }, 'wy@cuiyuan.cn');
    expect(own.sheet.slice(1)).toEqual(rows);
  });

  it('once per requestId; the same export while one is 生成中 answers 2050; no future month', async () => {
    const body = { month: '2026-10', email: 'once@yichong-hz.cn', requestId: newRequestId() };
    const first = await sb.post<{ docId: number }>('/api/account/v2/billExportMonth', tokens.operator, body);
    const again = await sb.post<{ docId: number }>('/api/account/v2/billExportMonth', tokens.operator, body);
    expect(again.body.data.docId).toBe(first.body.data.docId);
    const other = await sb.post('/api/account/v2/billExportMonth', tokens.operator, {
      ...body,
      requestId: newRequestId(),
    });
    expect(other.body.code).toBe(2050);
    const future = await sb.post('/api/account/v2/billExportMonth', tokens.operator, {
      month: '2026-12',
      email: 'once@yichong-hz.cn',
      requestId: newRequestId(),
    });
    expect(future.body.code).not.toBe(0);
    const sub = await sb.post('/api/account/v2/billExportMonth', tokens.subAccount, {
      month: MONTH,
      email: 'once@yichong-hz.cn',
      requestId: newRequestId(),
    });
    expect(sub.body.code).toBe(403);
    await sb.advance(5_001);
  });
});

describe('日账单明细 (docType 8)', () => {
  it('every day of the range, newest first, with its /income/detail-list site rows; not for a property', async () => {
    const { record, sheet } = await exported(
      tokens.operator,
      '/api/account/v2/billExportDay',
      { startDate: '2026-11-16', endDate: '2026-11-18' },
      'days@yichong-hz.cn',
    );
    expect(record).toMatchObject({ docType: 8, fileName: '日账单明细_2026-11-16_2026-11-18.xlsx' });
    const expected: (string | number)[][] = [];
    for (const date of ['2026-11-18', '2026-11-17', '2026-11-16']) {
      const day = await sb.data<DayBillOperation>(DEMO_PHONES.operator, `/api/user/dayBillDetailOperate${q({ date })}`);
      for (const r of day.sites) {
        expected.push([
          date,
          r.siteName,
          r.orderCount,
          r.energy / 1000,
          r.chargeIncome / 100,
          r.valueCardIncome / 100,
          r.monthCardIncome / 100,
          r.coinIncome / 100,
          r.refundAmount / 100,
          r.grossIncome / 100,
          r.netIncome / 100,
        ]);
      }
    }
    expect(expected.length).toBeGreaterThan(3);
    expect(sheet[0]?.slice(0, 2)).toEqual(['日期', '站点']);
    expect(sheet.slice(1)).toEqual(expected);
    const long = await sb.post('/api/account/v2/billExportDay', tokens.operator, {
      startDate: '2026-10-01',
      endDate: '2026-11-18',
      email: 'days@yichong-hz.cn',
      requestId: newRequestId(),
    });
    expect(long.body.code).toBe(2051);
    const property = await sb.post('/api/account/v2/billExportDay', tokens.property, {
      startDate: '2026-11-16',
      endDate: '2026-11-18',
      email: 'days@yichong-hz.cn',
      requestId: newRequestId(),
    });
    expect(property.body.code).toBe(403);
  });
});

describe('投币订单 (docType 6)', () => {
  it('the coin orders of the range and site as /income/statement/coinBill lists them', async () => {
    const range = { startDate: '2026-11-01', endDate: '2026-11-19' };
    const listed: CoinOrderRow[] = [];
    for (let pageNum = 1; ; pageNum += 1) {
      const page = await sb.data<Page<CoinOrderRow>>(
        DEMO_PHONES.operator,
        `/api/charger/getCoinsOrderList${q({ ...range, siteId: 5, pageNum, pageSize: 100 })}`,
      );
      listed.push(...page.list);
      if (pageNum * 100 >= page.total) break;
    }
    expect(listed.length).toBeGreaterThan(0);
    const { record, sheet } = await exported(
      tokens.operator,
      '/api/r9/order/exportCoinOrderRecord',
      { ...range, siteId: 5 },
      'coins@yichong-hz.cn',
    );
    expect(record?.fileName).toBe(`投币订单_2026-11-01_2026-11-19_${listed[0]?.siteName}.xlsx`);
    expect(sheet[0]?.slice(0, 2)).toEqual(['开始时间', '订单号']);
    expect(sheet.slice(1).map((r) => [r[1], r[5], r[6], r[7]])).toEqual(
      listed.map((o) => [o.orderNo, o.coinCount, o.amount / 100, o.minutes]),
    );
  });
});

describe('站点账单 (docType 9)', () => {
  const billRow = (b: SiteBillPage['list'][number]) => [
    b.billNo,
    b.month,
    b.siteName,
    b.communityName,
    b.merchantName ?? '',
    b.agentName ?? '',
    b.orderCount,
    b.energy / 1000,
    b.grossIncome / 100,
    b.refundAmount / 100,
    b.propertyShareRate / 100,
    b.propertyShareAmount / 100,
    b.electricityFee / 100,
    b.unsettledElectricityFee / 100,
    b.netIncome / 100,
    b.status === 1 ? '统计中' : '已出账',
  ];

  it('all the month’s bills, or one site’s, are the rows of the site-bill list', async () => {
    const page = await sb.data<SiteBillPage>(
      DEMO_PHONES.operator,
      `/api/bill/firstCommPropertyBill${q({ month: MONTH, pageNum: 1, pageSize: 100 })}`,
    );
    expect(page.total).toBeGreaterThan(1);
    const all = await exported(
      tokens.operator,
      '/api/account/v2/billExportSiteBill',
      { month: MONTH },
      'sites@yichong-hz.cn',
    );
    expect(all.record).toMatchObject({
      docType: 9,
      fileName: '站点账单_2026-11.xlsx',
      conditions: '2026-11 · 全部站点',
    });
    expect(all.sheet[0]?.slice(0, 3)).toEqual(['账单号', '月份', '站点']);
    expect(all.sheet.slice(1)).toEqual(page.list.map(billRow));

    const one = page.list[0];
    if (!one) throw new Error('no bill');
    const single = await exported(
      tokens.operator,
      '/api/account/v2/billExportSiteBill',
      { month: MONTH, siteId: one.siteId },
      'site-one@yichong-hz.cn',
    );
    expect(single.record?.fileName).toBe(`站点账单_2026-11_${one.siteName}.xlsx`);
    expect(single.sheet.slice(1)).toEqual([billRow(one)]);
    const foreign = await sb.post('/api/account/v2/billExportSiteBill', tokens.operator, {
      month: MONTH,
      siteId: 8,
      email: 'site-one@yichong-hz.cn',
      requestId: newRequestId(),
    });
    expect(foreign.body.code).not.toBe(0);
  });

  it('a property exports the bills opened to it, with its share as its income', async () => {
    const page = await sb.data<SiteBillPage>(
      DEMO_PHONES.property,
      `/api/bill/propertyBill${q({ month: MONTH, pageNum: 1, pageSize: 100 })}`,
    );
    const own = await exported(
      tokens.property,
      '/api/account/v2/billExportSiteBill',
      { month: MONTH },
      'bills@cuiyuan.cn',
    );
    expect(own.sheet.slice(1)).toEqual(page.list.map(billRow));
  });
});
