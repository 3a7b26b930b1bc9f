import { newRequestId } from '../testing-money';
import { describe, expect, it } from 'vitest';
import type { DocRecord } from '../../src/api/exports';
import type { Page } from '../../src/api/http';
import type { RemoteRecordPage } from '../../src/api/remote';
import { sentMails, workbookRows } from '../domain/exports';
import { one } from '../lib/db';
import { openSandboxForFile } from '../testing';

/**
 * Remote charging records (C-mine.md /mine/recordOfremote; Business rules 1, 15): a start made with remotePay is
 * listed for its day with its set minutes; the range rule is the section's; a sub-account limited to sites 1 and 2
 * sees only their records; an account without remote:charge is refused.
 */
const NOW = Date.parse('2026-11-20T20:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'subAccount', 'property']);
const TODAY = '2026-11-20';

const list = (token: string, query: Record<string, string | number> = {}) =>
  sb.get<RemoteRecordPage>('/api/r9/charge/remotePayRecord', token, {
    startDate: TODAY,
    endDate: TODAY,
    pageNum: 1,
    pageSize: 20,
    ...query,
  });

/** An online charging box of `siteId` with an idle socket. */
async function idleSocket(siteId: number) {
  const row = await one<{ serialNumber: string; socketNo: number }>(
    sb.db,
    `select d.serial_number, c.socket_no from device d join charger c on c.device_id = d.id
     where d.site_id = $1 and d.status = 1 and d.device_type in (1, 2, 3) and c.status = 0
     order by d.id, c.socket_no limit 1`,
    [siteId],
  );
  if (!row) throw new Error(`site ${siteId} has an idle socket`);
  return row;
}

describe('GET /api/r9/charge/remotePayRecord', () => {
  it('lists a start of the day with its minutes, newest first, filtered by serial', async () => {
    const before = (await list(tokens.operator)).body.data;
    const socket = await idleSocket(5);
    const start = await sb.post<{ recordId: number; orderNo: string }>('/api/r9/charge/remotePay', tokens.operator, {
      serialNumber: socket.serialNumber,
      socketNo: socket.socketNo,
      chargeMinutes: 120,
      reasonType: 2,
      requestId: newRequestId(),
    });
    expect(start.body.code).toBe(0);
    const after = (await list(tokens.operator)).body.data;
    expect(after.total).toBe(before.total + 1);
    expect(after.totalMinutes).toBe(before.totalMinutes + 120);
    expect(after.list[0]).toMatchObject({
      id: start.body.data.recordId,
      serialNumber: socket.serialNumber,
      socketNo: socket.socketNo,
      chargeMinutes: 120,
      reasonType: 2,
      status: 1, // 启动中 until the box acknowledges (remote-start.ts)
    });
    expect(after.list[0]?.orderId).toBeGreaterThan(0);
    const bySerial = (await list(tokens.operator, { serialNumber: socket.serialNumber.slice(-6).toLowerCase() })).body
      .data;
    expect(bySerial.list.every((r) => r.serialNumber === socket.serialNumber)).toBe(true);
    expect(bySerial.list.some((r) => r.id === start.body.data.recordId)).toBe(true);
  });

  it('keeps a limited sub-account to its sites and refuses bad ranges and accounts without the permission', async () => {
    const socket = await idleSocket(4);
    await sb.post('/api/r9/charge/remotePay', tokens.operator, {
      serialNumber: socket.serialNumber,
      socketNo: socket.socketNo,
      chargeMinutes: 60,
      reasonType: 1,
      requestId: newRequestId(),
    });
    const own = (await list(tokens.operator)).body.data;
    expect(own.list.some((r) => r.serialNumber === socket.serialNumber)).toBe(true);
    // The demo sub-account (sites 1 and 2) lacks remote:charge: refused; granted it, it sees its sites' rows only.
    expect((await list(tokens.subAccount)).body).toMatchObject({ code: 403, message: '无操作权限' });
    await sb.db.query(
      `update account set permissions = array_append(permissions, 'remote:charge') where phone = '13800138004'`,
    );
    const limited = await list(tokens.subAccount);
    expect(limited.body.code).toBe(0);
    expect(limited.body.data.list.some((r) => r.serialNumber === socket.serialNumber)).toBe(false);
    const siteOfRow = await one<{ n: number }>(
      sb.db,
      `select count(*)::int as n from remote_charge_record where id = any($1::bigint[]) and site_id not in (1, 2)`,
      [limited.body.data.list.map((r) => r.id)],
    );
    expect(siteOfRow?.n).toBe(0);

    expect((await list(tokens.operator, { startDate: '2026-11-21' })).body).toMatchObject({
      code: 1,
      message: '开始日期不能晚于结束日期',
    });
    expect((await list(tokens.operator, { startDate: '2026-08-01' })).body).toMatchObject({
      code: 1,
      message: '查询时间跨度不能超过3个月',
    });
    expect((await list(tokens.property)).body).toMatchObject({ code: 403, message: '无操作权限' });
  });
});

describe('POST /api/r9/charge/exportRemotePayRecord', () => {
  it('mails the records of the range and serial as the list shows them, exactly once per requestId', async () => {
    const socket = await idleSocket(3);
    expect(
      (
        await sb.post('/api/r9/charge/remotePay', tokens.operator, {
          serialNumber: socket.serialNumber,
          socketNo: socket.socketNo,
          chargeMinutes: 90,
          reasonType: 3,
          requestId: newRequestId(),
        })
      ).body.code,
    ).toBe(0);
    const listed = (await list(tokens.operator, { serialNumber: socket.serialNumber })).body.data;
    const email = 'remote@yichong-hz.cn';
    const body = {
      startDate: TODAY,
      endDate: TODAY,
      serialNumber: socket.serialNumber,
      email,
      requestId: newRequestId(),
    };
    const first = await sb.post<{ docId: number }>('/api/r9/charge/exportRemotePayRecord', tokens.operator, body);
    expect(first.body.code, first.body.message).toBe(0);
    const again = await sb.post<{ docId: number }>('/api/r9/charge/exportRemotePayRecord', tokens.operator, body);
    expect(again.body.data.docId).toBe(first.body.data.docId);
    // the same export while it runs: 2050
    expect(
      (await sb.post('/api/r9/charge/exportRemotePayRecord', tokens.operator, { ...body, requestId: newRequestId() }))
        .body.code,
    ).toBe(2050);
    await sb.advance(5_001); // the job exportGeneration
    const docs = (
      await sb.get<Page<DocRecord>>('/api/doc/listDocRecords', tokens.operator, {
        docType: '2',
        pageNum: 1,
        pageSize: 5,
      })
    ).body.data;
    expect(docs.list[0]).toMatchObject({
      id: first.body.data.docId,
      docType: 2,
      status: 2,
      conditions: `${TODAY} 至 ${TODAY} · 设备 ${socket.serialNumber}`,
    });
    const mail = (await sentMails(sb.db, email))[0];
    expect(mail?.attachments[0]?.filename).toBe(`远程充电记录_${TODAY}_${TODAY}_${socket.serialNumber}.xlsx`);
    const content = await one<{ content: Uint8Array }>(
      sb.db,
      'select content from sandbox_mail_attachment where mail_id = $1 and idx = 0',
      [mail?.id],
    );
    const sheet = await workbookRows(new Uint8Array(content?.content ?? []));
    expect(sheet[0]?.[0]).toBe('开始时间');
    expect(sheet.length - 1).toBe(listed.total);
    expect(sheet.slice(1).map((r) => [r[2], r[3], r[4], r[6]])).toEqual(
      listed.list.map((r) => [
        r.serialNumber,
        r.socketNo,
        r.chargeMinutes,
        ['用户无法支付', '设备测试', '故障补偿', '其他'][r.reasonType - 1],
      ]),
    );
    // over 92 days: 2051; the property (no remote records) and the sub-account (no export) are refused
    expect(
      (
        await sb.post('/api/r9/charge/exportRemotePayRecord', tokens.operator, {
          ...body,
          startDate: '2026-08-01',
          requestId: newRequestId(),
        })
      ).body.code,
    ).toBe(2051);
    expect(
      (await sb.post('/api/r9/charge/exportRemotePayRecord', tokens.property, { ...body, requestId: newRequestId() }))
        .body.code,
    ).toBe(403);
  });
});
