import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/http';
import type { DocRecord } from '../../src/api/exports';
import type { WithdrawListPage } from '../../src/api/withdraw';
import { workbookRows, XLSX_TYPE, type SentMail } from '../domain/exports';
import { scalar } from '../lib/db';
import { openSandboxForFile } from '../testing';
import { moneyNeverDoubles, newRequestId } from '../testing-money';

/**
 * Exports (D-income.md §4 exportFile; C-mine.md downCenter, rule 24; R9.2) through the HTTP interface: a request makes
 * a record 生成中 exactly once (2050 for the same export running, 2051 for a span over the limit), 5 s later the job
 * has written a real .xlsx whose rows are exactly the rows of the list it exports and mailed it as a real MIME message
 * (GET /__sandbox/mail, the attachment's url, the .eml); a refused address fails with its reason and a resend (≤ 5 a
 * day) mails the same file again; records are kept 30 days.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'subAccount']);

const exportWithdraw = (body: Record<string, unknown>) =>
  sb.post<{ docId: number }>('/api/account/v2/billExportWithdraw', tokens.operator, body);
const records = async (token = tokens.operator) =>
  (await sb.get<Page<DocRecord>>('/api/doc/listDocRecords', token, { pageNum: 1, pageSize: 50 })).body.data;
const mails = async (to?: string) => {
  const res = await sb.app.request(`/__sandbox/mail${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  return ((await res.json()) as { code: number; data: SentMail[] }).data;
};
const download = async (url: string) => new Uint8Array(await (await sb.app.request(url)).arrayBuffer());
/** Lets the exports' 5 s pass (and their job run). */
const generate = () => sb.advance(5_001);

describe('an export from request to the workbook in the mail', () => {
  it('withdrawals of three months: a record 生成中, then 已发送 with the list’s rows in a real .xlsx attached to a MIME mail', async () => {
    const email = 'finance@yichong-hz.cn';
    const started = await exportWithdraw({
      startDate: '2026-09-01',
      endDate: '2026-11-20',
      email,
      requestId: newRequestId(),
    });
    expect(started.body.code, started.body.message).toBe(0);
    const docId = started.body.data.docId;
    const before = (await records()).list.find((r) => r.id === docId);
    expect(before).toMatchObject({
      status: 1,
      docType: 4,
      fileName: '提现记录_2026-09-01_2026-11-20.xlsx',
      conditions: '2026-09-01 至 2026-11-20',
      email,
      sendTime: null,
    });
    expect(before?.expireTime).toBe(NOW + 30 * 86_400_000);

    await generate();
    const after = (await records()).list.find((r) => r.id === docId);
    expect(after?.status).toBe(2);
    expect(after?.linkExpireTime).toBe((after?.sendTime ?? 0) + 7 * 86_400_000);

    const [mail] = await mails(email);
    expect(mail).toMatchObject({ to: email, sentAt: after?.sendTime });
    expect(mail?.subject).toContain('提现记录_2026-09-01_2026-11-20.xlsx');
    expect(mail?.attachments).toEqual([
      {
        filename: '提现记录_2026-09-01_2026-11-20.xlsx',
        contentType: XLSX_TYPE,
        size: after?.fileSize,
        url: `/__sandbox/mail/${mail?.id}/attachments/0`,
      },
    ]);
    const file = await download(mail?.attachments[0]?.url ?? '');
    expect(file.byteLength).toBe(after?.fileSize);
    expect([...file.slice(0, 2)]).toEqual([0x50, 0x4b]); // a zip: the .xlsx container

    // the rows are those of /income/withdraw-list for the same months, in its order
    const listed: WithdrawListPage['list'] = [];
    for (const month of ['2026-11', '2026-10', '2026-09']) {
      for (let pageNum = 1; ; pageNum += 1) {
        const page = await sb.get<WithdrawListPage>('/api/user/withdrawList', tokens.operator, {
          pageNum,
          pageSize: 20,
          month,
        });
        expect(page.body.code, page.body.message).toBe(0);
        listed.push(...page.body.data.list);
        if (pageNum * 20 >= page.body.data.total) break;
      }
    }
    expect(listed.length).toBeGreaterThan(0);
    const sheet = await workbookRows(file);
    expect(sheet[0]?.slice(0, 3)).toEqual(['申请时间', '提现单号', '提现金额(元)']);
    expect(sheet.length - 1).toBe(listed.length);
    sheet.slice(1).forEach((row, i) => {
      const w = listed[i];
      expect(row[2]).toBe((w?.amount ?? 0) / 100);
      expect(row[3]).toBe((w?.fee ?? 0) / 100);
      expect(row[5]).toBe(w?.bankName);
      expect(row[6]).toBe(w?.cardNoTail);
    });

    // the whole message is a real MIME message with the workbook attached
    const eml = new TextDecoder().decode(await download(`/__sandbox/mail/${mail?.id}.eml`));
    expect(eml).toMatch(/^Content-Type: multipart\/mixed; boundary=/m);
    expect(eml).toMatch(/^Content-Type:\s+application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/m);
    expect(eml).toMatch(/^To: finance@yichong-hz\.cn$/m);
    expect(eml).toContain('Content-Transfer-Encoding: base64');
  });

  it('the ledger export has one row per ledger entry of the range; charging orders only the caller’s sites', async () => {
    const ledger = await exportAccountBill('2026-11-01', '2026-11-19');
    const orders = await sb.post<{ docId: number }>('/api/account/v2/billExportChargeOrder', tokens.subAccount, {
      startDate: '2026-11-10',
      endDate: '2026-11-19',
      email: 'lina@yichong-hz.cn',
      requestId: newRequestId(),
    });
    // the sub-account lacks `export` (its permissions, entities.md demo data)
    expect(orders.body.code).toBe(403);
    await generate();
    const entries = await scalar(
      sb.db,
      'select count(*) from account_bill where account_id = 10001 and create_time >= $1 and create_time < $2',
      [Date.parse('2026-11-01T00:00:00+08:00'), Date.parse('2026-11-20T00:00:00+08:00')],
    );
    const [mail] = await mails('ledger@yichong-hz.cn');
    const sheet = await workbookRows(await download(mail?.attachments[0]?.url ?? ''));
    expect(sheet[0]).toEqual([
      '时间',
      '流水号',
      '类型',
      '说明',
      '收支',
      '金额(元)',
      '余额(元)',
      '站点',
      '订单号',
      '备注',
    ]);
    expect(sheet.length - 1).toBe(entries);
    expect(ledger).toBeGreaterThan(0);
    const op = await sb.post<{ docId: number }>('/api/account/v2/billExportChargeOrder', tokens.operator, {
      startDate: '2026-11-19',
      endDate: '2026-11-19',
      siteId: 2,
      email: 'orders@yichong-hz.cn',
      requestId: newRequestId(),
    });
    expect(op.body.code, op.body.message).toBe(0);
    await generate();
    const [orderMail] = await mails('orders@yichong-hz.cn');
    expect(orderMail?.attachments[0]?.filename).toMatch(/^充电订单_2026-11-19_2026-11-19_.+\.xlsx$/);
    const rows = await workbookRows(await download(orderMail?.attachments[0]?.url ?? ''));
    const count = await scalar(
      sb.db,
      'select count(*) from charge_order where site_id = 2 and status = 2 and start_time >= $1 and start_time < $2',
      [Date.parse('2026-11-19T00:00:00+08:00'), Date.parse('2026-11-20T00:00:00+08:00')],
    );
    expect(rows.length - 1).toBe(count);
  });
});

async function exportAccountBill(startDate: string, endDate: string): Promise<number> {
  const res = await sb.post<{ docId: number }>('/api/account/v2/billExportAccountBill', tokens.operator, {
    startDate,
    endDate,
    email: 'ledger@yichong-hz.cn',
    requestId: newRequestId(),
  });
  expect(res.body.code, res.body.message).toBe(0);
  return res.body.data.docId;
}

describe('the data scope of a ledger file', () => {
  it('a limited sub-account’s file holds the entries of its sites and of no site, as its ledger does', async () => {
    // 13800138004 is limited to sites 1 and 2 and lacks `export` in the demo world: it is given the permission here.
    await sb.db.query(
      `update account set permissions = array_append(permissions, 'export') where phone = '13800138004'`,
    );
    try {
      const res = await sb.post<{ docId: number }>('/api/account/v2/billExportAccountBill', tokens.subAccount, {
        startDate: '2026-11-01',
        endDate: '2026-11-19',
        email: 'scoped-ledger@yichong-hz.cn',
        requestId: newRequestId(),
      });
      expect(res.body.code, res.body.message).toBe(0);
      await generate();
      const range = [Date.parse('2026-11-01T00:00:00+08:00'), Date.parse('2026-11-20T00:00:00+08:00')];
      const inScope = await scalar(
        sb.db,
        `select count(*) from account_bill where account_id = 10001 and create_time >= $1 and create_time < $2
           and (site_id is null or site_id in (1, 2))`,
        range,
      );
      const whole = await scalar(
        sb.db,
        'select count(*) from account_bill where account_id = 10001 and create_time >= $1 and create_time < $2',
        range,
      );
      expect(inScope).toBeLessThan(whole);
      const [mail] = await mails('scoped-ledger@yichong-hz.cn');
      const sheet = await workbookRows(await download(mail?.attachments[0]?.url ?? ''));
      expect(sheet.length - 1).toBe(inScope);
      const outside = await scalar(
        sb.db,
        `select count(distinct site_name) from account_bill where account_id = 10001 and site_id not in (1, 2)`,
      );
      expect(outside).toBeGreaterThan(0);
      const names = new Set(sheet.slice(1).map((row) => row[7]));
      const foreign = await scalar(
        sb.db,
        `select count(*) from site where id not in (1, 2) and name = any($1::text[])`,
        [[...names].filter(Boolean)],
      );
      expect(foreign).toBe(0);
    } finally {
      await sb.db.query(
        `update account set permissions = array_remove(permissions, 'export') where phone = '13800138004'`,
      );
    }
  });
});

describe('refusals, failures, resends and expiry', () => {
  it('refuses a span over the limit (2051), a future day, a bad e-mail; the same export running answers 2050', async () => {
    const over = await exportWithdraw({
      startDate: '2025-11-01',
      endDate: '2026-11-20',
      email: 'a@b.cn',
      requestId: newRequestId(),
    });
    expect(over.body).toMatchObject({ code: 2051, message: '导出时间跨度不能超过366天' });
    const ledgerOver = await sb.post('/api/account/v2/billExportAccountBill', tokens.operator, {
      startDate: '2026-10-01',
      endDate: '2026-11-05',
      email: 'a@b.cn',
      requestId: newRequestId(),
    });
    expect(ledgerOver.body).toMatchObject({ code: 2051, message: '导出时间跨度不能超过31天' });
    const future = await exportWithdraw({
      startDate: '2026-11-01',
      endDate: '2026-11-21',
      email: 'a@b.cn',
      requestId: newRequestId(),
    });
    expect(future.body.code).toBe(1);
    const bad = await exportWithdraw({
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      email: 'a@b',
      requestId: newRequestId(),
    });
    expect(bad.body).toMatchObject({ code: 1, message: '请输入正确的邮箱地址' });
    const first = await exportWithdraw({
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      email: 'a@b.cn',
      requestId: newRequestId(),
    });
    expect(first.body.code).toBe(0);
    const again = await exportWithdraw({
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      email: 'c@d.cn',
      requestId: newRequestId(),
    });
    expect(again.body).toMatchObject({ code: 2050, message: '相同的导出任务正在处理中，请稍后' });
    await generate();
    const later = await exportWithdraw({
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      email: 'c@d.cn',
      requestId: newRequestId(),
    });
    expect(later.body.code).toBe(0);
    await generate();
  });

  it('a refused address fails with the reason; a resend mails the same file again, at most 5 times a day', async () => {
    const started = await exportWithdraw({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      email: 'nobody@mail.invalid',
      requestId: newRequestId(),
    });
    await generate();
    const failed = (await records()).list.find((r) => r.id === started.body.data.docId);
    expect(failed).toMatchObject({ status: 3, failReason: '邮件服务器拒收，请检查邮箱地址', sendTime: null });
    expect(await mails('nobody@mail.invalid')).toEqual([]);
    const resend = (email: string) =>
      sb.post<{ status: number }>('/api/doc/resendDocRecordByEmail', tokens.operator, {
        id: started.body.data.docId,
        email,
        requestId: newRequestId(),
      });
    expect((await resend('boss@yichong-hz.cn')).body.data.status).toBe(2);
    const [first] = await mails('boss@yichong-hz.cn');
    for (let i = 0; i < 4; i += 1) expect((await resend('boss@yichong-hz.cn')).body.code).toBe(0);
    const sixth = await resend('boss@yichong-hz.cn');
    expect(sixth.body).toMatchObject({ code: 1, message: '今日重发次数已达上限' });
    const sent = await mails('boss@yichong-hz.cn');
    expect(sent).toHaveLength(5);
    // the same file each time
    const a = await download(first?.attachments[0]?.url ?? '');
    const b = await download(sent[0]?.attachments[0]?.url ?? '');
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect((await records()).list.find((r) => r.id === started.body.data.docId)?.email).toBe('boss@yichong-hz.cn');
  });

  it('a charging-order export of every site of the caller answers (it once hung reading the scope in its transaction)', async () => {
    const all = await sb.post<{ docId: number }>('/api/account/v2/billExportChargeOrder', tokens.operator, {
      startDate: '2026-11-18',
      endDate: '2026-11-18',
      email: 'all-sites@yichong-hz.cn',
      requestId: newRequestId(),
    });
    expect(all.body.code, all.body.message).toBe(0);
    expect(all.body.data.docId).toBeGreaterThan(0);
  }, 15_000);

  it('a record of a type the sandbox cannot write yet is refused on resend, not answered with a 500', async () => {
    const id = await scalar(
      sb.db,
      `select id from doc_record where merchant_id = 10001 and doc_type = 6 and file_content is null
         and status <> 1 and expire_time > $1 limit 1`,
      [NOW],
    );
    expect(id).not.toBeNull();
    const answer = await sb.post('/api/doc/resendDocRecordByEmail', tokens.operator, {
      id: Number(id),
      email: 'boss@yichong-hz.cn',
      requestId: newRequestId(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 1, message: expect.stringContaining('暂不能重新生成') });
  });

  it('records are listed 30 days, newest first, and filtered by type', async () => {
    const all = await records();
    expect(all.list.map((r) => r.createTime)).toEqual([...all.list.map((r) => r.createTime)].sort((x, y) => y - x));
    const ledgerOnly = await sb.get<Page<DocRecord>>('/api/doc/listDocRecords', tokens.operator, {
      pageNum: 1,
      pageSize: 50,
      docType: '3',
    });
    expect(ledgerOnly.body.data.list.every((r) => r.docType === 3)).toBe(true);
    // a record made 30 days and a minute ago has expired (expireTime = createTime + 30 d)
    const oldest = all.list.at(-1);
    await sb.db.query('update doc_record set create_time = $2, expire_time = $3 where id = $1', [
      oldest?.id,
      sb.clock.now - 30 * 86_400_000 - 60_000,
      sb.clock.now - 60_000,
    ]);
    const after = await records();
    expect(after.total).toBe(all.total - 1);
    expect(after.list.some((r) => r.id === oldest?.id)).toBe(false);
  });

  it('never makes two records for one request', async () => {
    let day = 1;
    await moneyNeverDoubles(sb, {
      path: '/api/account/v2/billExportWithdraw',
      // each scenario exports another range, so that an earlier scenario's running export is no duplicate
      prepare: async () => {
        day += 1;
      },
      send: (requestId) =>
        exportWithdraw({
          startDate: `2026-08-${String(day).padStart(2, '0')}`,
          endDate: '2026-08-31',
          email: 'once@yichong-hz.cn',
          requestId,
        }),
      effects: () => scalar(sb.db, 'select count(*) from doc_record where email = $1', ['once@yichong-hz.cn']),
      race: {
        count: 4,
        maxSuccesses: 1,
        send: (requestId) =>
          exportWithdraw({ startDate: '2026-07-01', endDate: '2026-07-31', email: 'once@yichong-hz.cn', requestId }),
      },
    });
  });
});
