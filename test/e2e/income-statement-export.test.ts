import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { DocRecord } from '../../src/api/exports';
import type { Page as ListPage } from '../../src/api/http';
import type { CoinOrderRow } from '../../src/api/site-income';
import type { MonthBillOperation } from '../../src/api/statements';
import {
  api,
  byTestId,
  openDemoPhone,
  press,
  shanghaiDate,
  sharedBrowser,
  textOf,
  typeInto,
  waitForPath,
  waitForText,
  waitForTextOf,
  type Host,
  sandboxUrl,
  fillInput,
} from './helpers';

/**
 * The statement's 导出 (D-income.md §4 /income/statement/bill → /income/exportFile?type=7&month=) in both bundles: the
 * statement offers 导出, the export screen opens with 月度对账单 and the statement's month, 发送到邮箱 mails a workbook
 * named after the month whose rows are the statement's 每日账单; the coin bill's 导出 (D-income.md §4
 * /income/statement/coinBill: top-right 导出 → the e-mail sheet → POST /api/r9/order/exportCoinOrderRecord) makes a 投币订单
 * record of the chosen range and mails a workbook whose rows are the coin orders the screen lists (the figures' identity
 * with the lists, row by row, is sandbox/api/statement-exports.test.ts).
 */

interface SentMail {
  id: number;
  attachments: { filename: string; size: number; url: string }[];
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: the statement’s export', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();
  const email = `statement-${host}-${Date.now()}@yichong-hz.cn`;

  async function mailTo(to: string): Promise<SentMail> {
    for (let i = 0; i < 60; i += 1) {
      const answer = await api<SentMail[]>(baseUrl, 'GET', `/__sandbox/mail?to=${encodeURIComponent(to)}`);
      const [mail] = answer.code === 0 ? answer.data : [];
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`no mail to ${to}`);
  }

  it('导出 on the statement → 月度对账单 of its month, mailed with the statement’s days as rows', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    await page.goto(`${baseUrl}/income/statement/bill`);
    const link = 'a[href*="/income/exportFile"]';
    await page.waitForSelector(link, { timeout: 15_000 });
    const target = await page.$eval(link, (a) => (a as HTMLAnchorElement).getAttribute('href') ?? '');
    const month = new URLSearchParams(target.split('?')[1]).get('month') ?? '';
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    await page.$eval(link, (a) => (a as HTMLElement).click());
    await waitForPath(page, '/income/exportFile');
    await waitForText(page, '报表类型');
    expect(await textOf(page, byTestId('export-month'))).toBe(month);
    await fillInput(page, 'email', email);
    await press(page, byTestId('export-submit'));
    await waitForText(page, `导出任务已提交，将发送至${email}`);

    const mail = await mailTo(email);
    const attachment = mail.attachments[0];
    expect(attachment?.filename).toBe(`月度对账单_${month}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await fetch(`${baseUrl}${attachment?.url}`)).arrayBuffer());
    const sheet = book.worksheets[0];
    const bill = await call.get<MonthBillOperation>(`/api/user/monthBillDetailOperation?month=${month}`);
    expect(sheet?.getRow(1).getCell(1).value).toBe('日期');
    expect((sheet?.rowCount ?? 0) - 1).toBe(bill.days.length);
    if (bill.days[0]) expect(sheet?.getRow(2).getCell(1).value).toBe(bill.days[0].date);
    await context.close();
  });

  it('导出 on the coin bill → the e-mail sheet → 投币订单 of 本月, mailed with the listed coin orders as rows', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    const coinEmail = `coins-${host}-${Date.now()}@yichong-hz.cn`;
    const endDate = shanghaiDate();
    const startDate = `${endDate.slice(0, 7)}-01`;
    await page.goto(`${baseUrl}/income/statement/coinBill?range=month`);
    await page.waitForSelector(byTestId('coin-summary'), { timeout: 15_000 });
    await press(page, byTestId('export-open'));
    await typeInto(page, 'exportEmail', coinEmail);
    await press(page, byTestId('export-submit'));
    await waitForText(page, `导出任务已提交，将发送至${coinEmail}`);
    await waitForTextOf(page, byTestId('export-started'), coinEmail, 'contains');

    const records = await call.get<ListPage<DocRecord>>('/api/doc/listDocRecords?pageNum=1&pageSize=5&docType=6');
    const record = records.list.find((r) => r.email === coinEmail);
    expect(record).toMatchObject({ docType: 6, conditions: `${startDate} 至 ${endDate} · 全部站点` });
    const mail = await mailTo(coinEmail);
    const attachment = mail.attachments[0];
    expect(attachment?.filename).toBe(`投币订单_${startDate}_${endDate}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await fetch(`${baseUrl}${attachment?.url}`)).arrayBuffer());
    const sheet = book.worksheets[0];
    const orders = await call.get<ListPage<CoinOrderRow>>(
      `/api/charger/getCoinsOrderList?startDate=${startDate}&endDate=${endDate}&pageNum=1&pageSize=100`,
    );
    expect(sheet?.getRow(1).getCell(2).value).toBe('订单号');
    expect((sheet?.rowCount ?? 0) - 1).toBe(orders.total);
    if (orders.list[0]) expect(sheet?.getRow(2).getCell(2).value).toBe(orders.list[0].orderNo);
    const sent = await call.get<ListPage<DocRecord>>('/api/doc/listDocRecords?pageNum=1&pageSize=5&docType=6');
    expect(sent.list.find((r) => r.id === record?.id)?.status).toBe(2);
    await context.close();
  });
});
