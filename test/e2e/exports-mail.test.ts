import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page as ListPage } from '../../src/api/http';
import type { DocRecord } from '../../src/api/exports';
import {
  api,
  byTestId,
  clickText,
  openDemoPhone,
  press,
  sharedBrowser,
  textOf,
  waitForPath,
  waitForText,
  waitForTextOf,
  type Host,
  sandboxUrl,
  fillInput,
} from './helpers';

/**
 * An export from request to the workbook in the sandbox's mail (D-income.md §4 /income/exportFile; C-mine.md
 * /mine/downCenter/index) in both bundles: 收支明细 of this month sent to an address of the bundle's own, the record in
 * the record 已发送, the mail in GET /__sandbox/mail with its .xlsx attached (opened with exceljs: the header row and the
 * entries; the identity of the rows with the ledger is sandbox/api/exports.test.ts), the whole message as .eml; the
 * download centre lists the record 已发送 and resends the same file to another address.
 */

interface SentMail {
  id: number;
  to: string;
  subject: string;
  sentAt: number;
  attachments: { filename: string; contentType: string; size: number; url: string }[];
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: exports', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();
  const email = `e2e-${host}-${Date.now()}@yichong-hz.cn`;

  /** The mails to `to`, once there are `count` of them (the export's job runs 5 s after the request). */
  async function mailsTo(to: string, count = 1): Promise<SentMail[]> {
    for (let i = 0; i < 60; i += 1) {
      const answer = await api<SentMail[]>(baseUrl, 'GET', `/__sandbox/mail?to=${encodeURIComponent(to)}`);
      if (answer.code === 0 && answer.data.length >= count) return answer.data;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`no mail to ${to}`);
  }

  it('收支明细 from 发送到邮箱 to the workbook in the mail, then a resend from the download centre', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    await page.goto(`${baseUrl}/income/exportFile?type=3`);
    await waitForText(page, '报表类型');
    expect(await page.title()).toBe('导出报表');
    const range = await textOf(page, byTestId('export-range'));
    const [startDate, endDate] = range.split(' 至 ') as [string, string];
    await fillInput(page, 'email', email);
    await press(page, byTestId('export-submit'));
    await waitForText(page, `导出任务已提交，将发送至${email}`);

    const [mail] = await mailsTo(email);
    const attachment = mail?.attachments[0];
    expect(attachment?.filename).toBe(`收支明细_${startDate}_${endDate}.xlsx`);
    expect(attachment?.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const file = await (await fetch(`${baseUrl}${attachment?.url}`)).arrayBuffer();
    expect(file.byteLength).toBe(attachment?.size);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('时间');
    const records = await call.get<ListPage<DocRecord>>('/api/doc/listDocRecords?pageNum=1&pageSize=5&docType=3');
    const record = records.list.find((r) => r.email === email);
    expect(record).toMatchObject({ status: 2, fileSize: attachment?.size, conditions: `${startDate} 至 ${endDate}` });
    const eml = await (await fetch(`${baseUrl}/__sandbox/mail/${mail?.id}.eml`)).text();
    expect(eml).toContain('multipart/mixed');
    expect((sheet?.rowCount ?? 0) - 1).toBeGreaterThan(0);

    // the download centre: the record 已发送, resent to another address
    await page.goto(`${baseUrl}/mine/downCenter/index`);
    await waitForPath(page, '/mine/downCenter/index');
    await page.waitForSelector(byTestId(`doc-row-${record?.id}`), { timeout: 15_000 });
    await waitForTextOf(page, byTestId(`doc-row-${record?.id}`), '已发送', 'contains');
    await page.$eval(`${byTestId(`doc-row-${record?.id}`)} button`, (b) => (b as HTMLButtonElement).click());
    await page.waitForSelector('input[name="resendEmail"]', { visible: true });
    const other = `again-${email}`;
    // the sheet slides up: focus and select its prefilled address in place rather than tapping a moving target
    await page.$eval('input[name="resendEmail"]', (el) => {
      (el as HTMLInputElement).focus();
      (el as HTMLInputElement).select();
    });
    await page.keyboard.type(other);
    await clickText(page, '确定', `${byTestId('resend-sheet')} button`);
    await waitForText(page, `已重新发送至 ${other}`);
    const [again] = await mailsTo(other);
    const resent = await (await fetch(`${baseUrl}${again?.attachments[0]?.url}`)).arrayBuffer();
    expect(Buffer.from(resent).equals(Buffer.from(file))).toBe(true);
    await context.close();
  });
});
