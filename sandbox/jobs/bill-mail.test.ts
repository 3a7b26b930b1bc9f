import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/http';
import type { DocRecord } from '../../src/api/exports';
import type { SiteBillPage } from '../../src/api/statements';
import { workbookRows, type SentMail } from '../domain/exports';
import { scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';
import { mailSiteBills } from './bill-mail';

/**
 * The bill day's mail of 账单设置 (D-income.md §4 siteBill "账单设置": 出账日, 账单接收邮箱; jobs/bill-mail.ts): with a
 * setting of 翠苑物业's sites 1–2, bill day 12 and an e-mail, the business clock moved from 20 November past 08:00 of
 * 12 December mails exactly one workbook to that address — last month's site bills of those sites, the rows of the
 * operator's site-bill list — as the operator's 站点账单 record (下载中心), 已发送. Passing the day again (clock put back,
 * or the job's own run rewound) and the job run twice at once send nothing more (the key of bill_mail); the setting
 * without e-mail (文新物业, same bill day) and the deleted demo setting (its e-mail cuiyuanwy@163.com, day 5) send
 * nothing. Nothing more is sent until the next month's bill day, which sends that month's bills.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator']);
const CUIYUAN = 10_003;
const WENXIN = 10_004;
const EMAIL = 'bills@cuiyuan-wy.cn';
const BILL_DAY = 12;
/** 08:00 of the bill day in December (SCHEDULE.billMail), and when its export is mailed (5 s later). */
const DECEMBER_RUN = Date.parse('2026-12-12T08:00:00+08:00');

const mails = async (to?: string) => {
  const res = await sb.app.request(`/__sandbox/mail${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  return ((await res.json()) as { code: number; data: SentMail[] }).data;
};
const download = async (url: string) => new Uint8Array(await (await sb.app.request(url)).arrayBuffer());
/** The operator's 站点账单 records in its 下载中心. */
const siteBillRecords = async () =>
  (
    await sb.get<Page<DocRecord>>('/api/doc/listDocRecords', tokens.operator, {
      pageNum: 1,
      pageSize: 50,
      docType: '9',
    })
  ).body.data.list;
/** A site bill as the export writes it (api/statement-exports.ts siteBillTable). */
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
/** The operator's site-bill list of `month`, of the sites `siteIds`. */
const billsOf = async (month: string, siteIds: number[]) =>
  (
    await sb.data<SiteBillPage>(
      DEMO_PHONES.operator,
      `/api/bill/firstCommPropertyBill?month=${month}&pageNum=1&pageSize=100`,
    )
  ).list.filter((b) => siteIds.includes(b.siteId));

let settingId = 0;
let mailsBefore = 0;

describe('the bill day’s mail of a bill setting', () => {
  it('mails last month’s site bills of the setting’s sites once, as the owner’s 站点账单 export', async () => {
    // the demo setting of 翠苑物业 (with an e-mail) deleted; 文新物业's (none) on the same bill day; a new one for 翠苑
    expect((await sb.post('/api/bill/setting/delete', tokens.operator, { id: 1 })).body.code).toBe(0);
    const wenxin = await sb.post('/api/bill/setting/edit', tokens.operator, {
      id: 2,
      merchantId: WENXIN,
      siteIds: [3],
      billDay: BILL_DAY,
      visibleToProperty: 0,
    });
    expect(wenxin.body.code, wenxin.body.message).toBe(0);
    const saved = await sb.post<{ id: number }>('/api/bill/setting/save', tokens.operator, {
      merchantId: CUIYUAN,
      siteIds: [1, 2],
      billDay: BILL_DAY,
      visibleToProperty: 1,
      email: EMAIL,
    });
    expect(saved.body.code, saved.body.message).toBe(0);
    settingId = saved.body.data.id;
    // the demo world's export 生成中 is mailed first; from then on, every mail sent is counted
    await sb.advance(10_000);
    mailsBefore = (await mails()).length;

    // the day before: nothing; past 08:00 of the 12th (and the export's 5 s): one mail
    await sb.advance(DECEMBER_RUN - 60_000 - sb.clock.now);
    expect(await mails(EMAIL)).toEqual([]);
    await sb.advance(70_000);
    const sent = await mails(EMAIL);
    expect(sent).toHaveLength(1);
    expect((await mails()).length).toBe(mailsBefore + 1);
    expect(await mails('cuiyuanwy@163.com')).toEqual([]);
    const [mail] = sent;
    expect(mail).toMatchObject({ sentAt: DECEMBER_RUN + 5000 });
    expect(mail?.attachments[0]?.filename).toBe('站点账单_2026-11_翠苑物业.xlsx');

    // the workbook: a header row, then exactly the November bills of sites 1 and 2 as the site-bill list shows them
    const sheet = await workbookRows(await download(mail?.attachments[0]?.url ?? ''));
    const bills = await billsOf('2026-11', [1, 2]);
    expect(bills.map((b) => [b.siteId, b.status])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(sheet[0]?.slice(0, 3)).toEqual(['账单号', '月份', '站点']);
    expect(sheet.slice(1)).toEqual(bills.map(billRow));

    // the operator's record in its 下载中心, 已发送 to the setting's address; none for the setting without e-mail
    const records = await siteBillRecords();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      docType: 9,
      fileName: '站点账单_2026-11_翠苑物业.xlsx',
      email: EMAIL,
      status: 2,
      sendTime: DECEMBER_RUN + 5000,
    });
    expect(records[0]?.conditions).toContain('2026-11 · 物业：翠苑物业');
  });

  it('passing the bill day again, or the job run twice at once, sends nothing more', async () => {
    // the clock put back and moved past the day again: the runner does not repeat the day
    sb.clock.now = DECEMBER_RUN - 3_600_000;
    await sb.advance(2 * 3_600_000);
    // the job's own last run rewound (as a data folder that lost it): it runs the day again, the key refuses the month
    await sb.db.query(`update job_run set last_run = $1 where job = 'billMail'`, [DECEMBER_RUN - 3_600_000]);
    sb.clock.now = DECEMBER_RUN - 60_000;
    await sb.advance(70_000);
    // two runs of the job at once
    await Promise.all([1, 2].map(() => sb.db.transaction((tx) => mailSiteBills(tx, DECEMBER_RUN))));
    await sb.advance(10_000);
    expect(await mails(EMAIL)).toHaveLength(1);
    expect((await mails()).length).toBe(mailsBefore + 1);
    expect(await siteBillRecords()).toHaveLength(1);
    expect(await scalar(sb.db, 'select count(*) from bill_mail where setting_id = $1', [settingId])).toBe(1);
  });

  it('nothing until the next month’s bill day, which sends that month’s bills', async () => {
    // (a call within the login's 30 days keeps the operator's token alive)
    await sb.advance(Date.parse('2027-01-11T00:00:00+08:00') - sb.clock.now);
    expect(await siteBillRecords()).toHaveLength(1);
    expect(await mails(EMAIL)).toHaveLength(1);
    await sb.advance(Date.parse('2027-01-12T08:00:10+08:00') - sb.clock.now);
    const sent = await mails(EMAIL);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.attachments[0]?.filename).toBe('站点账单_2026-12_翠苑物业.xlsx');
    const sheet = await workbookRows(await download(sent[0]?.attachments[0]?.url ?? ''));
    expect(sheet.slice(1)).toEqual((await billsOf('2026-12', [1, 2])).map(billRow));
    expect((await mails()).length).toBe(mailsBefore + 2);
  });
});
