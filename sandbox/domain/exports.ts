import ExcelJS from 'exceljs';
import MailComposer from 'nodemailer/lib/mail-composer';
import { DOC_LINK_TTL_MS, DOC_RECORD_TTL_MS, DOC_TYPE_NAMES, type DocType } from '../../src/api/export-rules';
import { BIZ_TYPE_LABELS, type BizType } from '../../src/api/ledger-rules';
import { WITHDRAW_STATUS_TEXT } from '../../src/api/income-rules';
import {
  ORDER_STATUS_LABELS,
  PAY_TYPE_LABELS,
  SETTLE_STATUS_LABELS,
  type OrderStatus,
} from '../../src/api/order-rules';
import { REMOTE_REASONS, REMOTE_STATUS_LABELS, type RemoteStatus } from '../../src/api/remote-rules';
import { one, rows, type Db } from '../lib/db';
import { BizError, INVALID } from '../http/envelope';
import { ORDER_TAB_CONDITIONS, orderWhere, type OrderListTab } from './order-filter';
import { DAY_MS, startOfDay } from '../lib/time';

/**
 * Exports as files and mail (D-income.md §4 /income/exportFile; C-mine.md /mine/downCenter/index, rule 24; entities.md
 * §77, R9.2): the rows of the list an export names (the same filter and order as its screen's list), written as a real
 * .xlsx workbook with exceljs (a header row, then exactly those rows; money in yuan with two decimals), sent as a real
 * MIME message built by nodemailer's MailComposer (no network: the sandbox keeps the message, GET /__sandbox/mail).
 * An address at a `.invalid` domain (RFC 2606) is refused by the stood-in mail server: 发送失败 with its reason.
 */

/** The parameters a DocRecord keeps (params jsonb): the range and the list's filters, and the caller's site scope. */
export interface ExportParams {
  startDate: string;
  endDate: string;
  channel?: 1 | 2;
  direction?: 1 | 2;
  bizType?: number;
  siteId?: number;
  payType?: number;
  /**
   * The sites the caller saw when it asked (charging orders: the data scope at request time; the ledger: a limited
   * sub-account's sites, whose file also holds the entries of no site).
   */
  siteIds?: number[];
  /** Charging orders: the list's tab (domain/order-filter.ts; absent = 1 已完成), socket and search. */
  tab?: OrderListTab;
  chargerId?: number;
  keyword?: string;
  /** Remote records: the device serial searched (contained, case-insensitive). */
  serialNumber?: string;
  /** Statements (docTypes 7 and 9, api/statement-exports.ts): the month and the property of the statement. */
  month?: string;
  merchantId?: number;
}

/** A sheet: its columns and its rows (cells in column order). */
export interface ExportTable {
  sheet: string;
  columns: { header: string; width: number; money?: boolean }[];
  rows: (string | number)[][];
}

/** The content type of an .xlsx file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Why the stood-in mail server refuses an address (null: accepted). */
export function mailRefusal(email: string): string | null {
  return /\.invalid$/i.test(email.trim()) ? '邮件服务器拒收，请检查邮箱地址' : null;
}

const yuan = (fen: unknown) => Math.round(Number(fen)) / 100;
/** 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai of an instant ('' for none). */
const time = (ms: unknown) =>
  ms === null || ms === undefined
    ? ''
    : new Date(Number(ms) + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

/** The words of a withdrawal's and an order's settlement status: the app's (income-rules, order-rules). */
const WITHDRAW_STATUS: Readonly<Record<number, string>> = WITHDRAW_STATUS_TEXT;
const SETTLE_STATUS: Readonly<Record<number, string>> = SETTLE_STATUS_LABELS;

/** The range as instants: [00:00 of start, 00:00 after end). */
const rangeOf = (p: ExportParams) => [startOfDay(p.startDate), startOfDay(p.endDate) + DAY_MS] as const;

/**
 * The rows of an export (docType 1, 2, 3 or 4) of the account `merchantId`, newest first as their lists show them:
 * 4 the withdrawals applied in the range (/income/withdraw-list, channel optional); 3 the ledger entries made in the
 * range (/income/list, direction and bizType optional; a limited sub-account's: those of its sites or of none); 1 the charging orders started in the range at the caller's
 * sites (/mine/chargerRecord-list: the tab's orders — 已完成 when absent — of the list's filter, domain/order-filter.ts);
 * 2 the remote starts at the caller's sites started in the range (/mine/recordOfremote, serial optional).
 */
export async function exportTable(db: Db, docType: DocType, merchantId: number, p: ExportParams): Promise<ExportTable> {
  const [from, to] = rangeOf(p);
  if (docType === 4) {
    const list = await rows<Record<string, unknown>>(
      db,
      `select w.apply_time, w.withdraw_no, w.amount, w.fee, w.actual_amount, w.bank_name, w.card_no_tail, w.channel,
         w.source, w.status, w.fail_reason, w.finish_time
       from withdrawal w where w.account_id = $1 and w.apply_time >= $2 and w.apply_time < $3
         and ($4::int is null or w.channel = $4)
       order by w.apply_time desc, w.id desc`,
      [merchantId, from, to, p.channel ?? null],
    );
    return {
      sheet: '提现记录',
      columns: [
        { header: '申请时间', width: 20 },
        { header: '提现单号', width: 26 },
        { header: '提现金额(元)', width: 14, money: true },
        { header: '手续费(元)', width: 12, money: true },
        { header: '实际到账(元)', width: 14, money: true },
        { header: '到账银行', width: 16 },
        { header: '卡号尾号', width: 10 },
        { header: '渠道', width: 10 },
        { header: '方式', width: 8 },
        { header: '状态', width: 10 },
        { header: '失败原因', width: 24 },
        { header: '完成时间', width: 20 },
      ],
      rows: list.map((w) => [
        time(w.applyTime),
        String(w.withdrawNo),
        yuan(w.amount),
        yuan(w.fee),
        yuan(w.actualAmount),
        String(w.bankName ?? ''),
        String(w.cardNoTail ?? ''),
        Number(w.channel) === 2 ? '网商银行' : '平台钱包',
        Number(w.source) === 2 ? '自动' : '手动',
        WITHDRAW_STATUS[Number(w.status)] ?? '',
        String(w.failReason ?? ''),
        time(w.finishTime),
      ]),
    };
  }
  if (docType === 3) {
    const list = await rows<Record<string, unknown>>(
      db,
      `select create_time, serial_no, biz_type, title, direction, amount, balance_after, site_name, order_no, remark
       from account_bill where account_id = $1 and create_time >= $2 and create_time < $3
         and ($4::int is null or direction = $4) and ($5::int is null or biz_type = $5)
         and ($6::bigint[] is null or site_id is null or site_id = any($6::bigint[]))
       order by create_time desc, id desc`,
      [merchantId, from, to, p.direction ?? null, p.bizType ?? null, p.siteIds ?? null],
    );
    return {
      sheet: '收支明细',
      columns: [
        { header: '时间', width: 20 },
        { header: '流水号', width: 26 },
        { header: '类型', width: 14 },
        { header: '说明', width: 28 },
        { header: '收支', width: 8 },
        { header: '金额(元)', width: 12, money: true },
        { header: '余额(元)', width: 12, money: true },
        { header: '站点', width: 18 },
        { header: '订单号', width: 26 },
        { header: '备注', width: 28 },
      ],
      rows: list.map((b) => [
        time(b.createTime),
        String(b.serialNo),
        BIZ_TYPE_LABELS[Number(b.bizType) as BizType] ?? '',
        String(b.title ?? ''),
        Number(b.direction) === 1 ? '收入' : '支出',
        (Number(b.direction) === 1 ? 1 : -1) * yuan(b.amount),
        yuan(b.balanceAfter),
        String(b.siteName ?? ''),
        String(b.orderNo ?? ''),
        String(b.remark ?? ''),
      ]),
    };
  }
  if (docType === 1) {
    // the same filter as the list of the tab (domain/order-filter.ts)
    const { where, params } = orderWhere(
      {
        siteIds: p.siteId ? (p.siteIds ?? []).filter((id) => id === p.siteId) : (p.siteIds ?? []),
        startDate: p.startDate,
        endDate: p.endDate,
        chargerId: p.chargerId,
        payType: p.payType,
        keyword: p.keyword,
      },
      ORDER_TAB_CONDITIONS[p.tab ?? 1],
    );
    const list = await rows<Record<string, unknown>>(
      db,
      `select o.order_no, s.name as site_name, o.serial_number, o.socket_no, o.pay_type, o.amount, o.refund_amount,
         o.start_time, o.duration_minutes, o.status, o.settle_status
       from charge_order o join site s on s.id = o.site_id
       where ${where}
       order by o.start_time desc, o.id desc`,
      params,
    );
    return {
      sheet: '充电订单',
      columns: [
        { header: '订单号', width: 26 },
        { header: '站点', width: 18 },
        { header: '设备号', width: 16 },
        { header: '插座', width: 8 },
        { header: '支付方式', width: 10 },
        { header: '金额(元)', width: 12, money: true },
        { header: '退款(元)', width: 12, money: true },
        { header: '开始时间', width: 20 },
        { header: '时长(分钟)', width: 10 },
        { header: '状态', width: 10 },
        { header: '入账状态', width: 10 },
      ],
      rows: list.map((o) => [
        String(o.orderNo),
        String(o.siteName),
        String(o.serialNumber),
        Number(o.socketNo),
        PAY_TYPE_LABELS[Number(o.payType)] ?? '',
        yuan(o.amount),
        yuan(o.refundAmount),
        time(o.startTime),
        Number(o.durationMinutes),
        ORDER_STATUS_LABELS[Number(o.status) as OrderStatus] ?? '',
        SETTLE_STATUS[Number(o.settleStatus)] ?? '',
      ]),
    };
  }
  if (docType === 2) {
    // /mine/recordOfremote: the remote starts at the caller's sites started in the range, of a serial
    const list = await rows<Record<string, unknown>>(
      db,
      `select r.start_time, r.site_name, r.serial_number, r.socket_no, r.charge_minutes, r.actual_minutes,
         r.reason_type, r.remark, r.operator_name, r.status, r.fail_reason
       from remote_charge_record r
       where r.merchant_id = $1 and r.site_id = any($2::bigint[]) and r.start_time >= $3 and r.start_time < $4
         and ($5::text is null or upper(r.serial_number) like '%' || upper($5::text) || '%')
       order by r.start_time desc, r.id desc`,
      [merchantId, p.siteIds ?? [], from, to, p.serialNumber ?? null],
    );
    return {
      sheet: '远程充电记录',
      columns: [
        { header: '开始时间', width: 20 },
        { header: '站点', width: 18 },
        { header: '设备号', width: 16 },
        { header: '插座', width: 8 },
        { header: '设定时长(分钟)', width: 14 },
        { header: '实际时长(分钟)', width: 14 },
        { header: '原因', width: 14 },
        { header: '备注', width: 20 },
        { header: '操作人', width: 12 },
        { header: '状态', width: 10 },
        { header: '失败原因', width: 20 },
      ],
      rows: list.map((r) => [
        time(r.startTime),
        String(r.siteName ?? ''),
        String(r.serialNumber),
        Number(r.socketNo),
        Number(r.chargeMinutes),
        r.actualMinutes === null ? '' : Number(r.actualMinutes),
        REMOTE_REASONS.find((x) => x.value === Number(r.reasonType))?.label ?? '',
        String(r.remark ?? ''),
        String(r.operatorName ?? ''),
        REMOTE_STATUS_LABELS[Number(r.status) as RemoteStatus] ?? '',
        String(r.failReason ?? ''),
      ]),
    };
  }
  // A record of a type the sandbox cannot write yet (the seed's older records): its resend is refused, not a 500.
  throw new BizError(INVALID, `${DOC_TYPE_NAMES[docType] ?? '该类'}文件暂不能重新生成，请重新导出`);
}

/** The workbook of a table: one sheet, a bold header row, money columns formatted 0.00. */
export async function workbookOf(table: ExportTable): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = '充电运营管理平台';
  const sheet = book.addWorksheet(table.sheet);
  sheet.columns = table.columns.map((c) => ({
    header: c.header,
    width: c.width,
    ...(c.money ? { style: { numFmt: '0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of table.rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Reads the rows of a workbook's first sheet as cell values (header first); for tests and the mail check. */
export async function workbookRows(content: Uint8Array): Promise<(string | number)[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(content) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const out: (string | number)[][] = [];
  // every column of the sheet, empty cells as '' (a row's values leave them out)
  const width = sheet?.columnCount ?? 0;
  sheet?.eachRow((row) => {
    const values = Array.from({ length: width }, (_, i) => row.getCell(i + 1).value);
    out.push(values.map((v) => (typeof v === 'number' ? v : v === null || v === undefined ? '' : String(v))));
  });
  return out;
}

/** A sent mail as GET /__sandbox/mail lists it. */
export interface SentMail {
  id: number;
  to: string;
  subject: string;
  sentAt: number;
  attachments: { filename: string; contentType: string; size: number; url: string }[];
}

/**
 * Composes the MIME message of an export (a text body with the conditions and the link's lifetime, the workbook
 * attached) and keeps it as sent. Returns the mail's id.
 */
export async function sendExportMail(
  tx: Db,
  doc: { id: number; fileName: string; conditions: string; docType: DocType },
  email: string,
  content: Uint8Array,
  at: number,
): Promise<number> {
  const subject = `【充电运营管理平台】${DOC_TYPE_NAMES[doc.docType]}导出：${doc.fileName}`;
  const linkExpires = time(at + DOC_LINK_TTL_MS);
  const message = await new MailComposer({
    from: '充电运营管理平台 <noreply@yichong.sandbox>',
    to: email,
    subject,
    date: new Date(at),
    text: `您好：\n\n您导出的${DOC_TYPE_NAMES[doc.docType]}（${doc.conditions}）已生成，见附件 ${doc.fileName}。\n附件下载链接7天内有效（至 ${linkExpires}），导出记录保留30天。\n`,
    attachments: [{ filename: doc.fileName, content: Buffer.from(content), contentType: XLSX_TYPE }],
  })
    .compile()
    .build();
  const mail = await one<{ id: number }>(
    tx,
    `insert into sandbox_mail (doc_id, to_address, subject, sent_at, eml) values ($1, $2, $3, $4, $5) returning id`,
    [doc.id, email, subject, at, message],
  );
  const mailId = Number(mail?.id);
  await tx.query(
    `insert into sandbox_mail_attachment (mail_id, idx, filename, content_type, size, content)
     values ($1, 0, $2, $3, $4, $5)`,
    [mailId, doc.fileName, XLSX_TYPE, content.byteLength, Buffer.from(content)],
  );
  return mailId;
}

/** The sent mails, newest first (optionally to one address), as the fixed interface lists them. */
export async function sentMails(db: Db, to?: string): Promise<SentMail[]> {
  const list = await rows<{ id: number; toAddress: string; subject: string; sentAt: number }>(
    db,
    `select id, to_address, subject, sent_at from sandbox_mail
     where ($1::text is null or lower(to_address) = lower($1)) order by sent_at desc, id desc`,
    [to ?? null],
  );
  const attachments = await rows<{ mailId: number; idx: number; filename: string; contentType: string; size: number }>(
    db,
    `select mail_id, idx, filename, content_type, size from sandbox_mail_attachment
     where mail_id = any($1::bigint[]) order by mail_id, idx`,
    [list.map((m) => m.id)],
  );
  return list.map((m) => ({
    id: Number(m.id),
    to: m.toAddress,
    subject: m.subject,
    sentAt: Number(m.sentAt),
    attachments: attachments
      .filter((a) => Number(a.mailId) === Number(m.id))
      .map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: Number(a.size),
        url: `/__sandbox/mail/${Number(m.id)}/attachments/${Number(a.idx)}`,
      })),
  }));
}

/** A DocRecord to make 生成中 whose workbook is already written (createDocRecord). */
export interface NewDocRecord {
  /** The main account whose 下载中心 lists it (merchant_id). */
  merchantId: number;
  /** The account that asked for it (the caller; for a job's record, the main account). */
  accountId: number;
  docType: DocType;
  params: ExportParams;
  conditions: string;
  fileName: string;
  email: string;
  /** The .xlsx bytes (workbookOf). */
  content: Buffer;
}

/**
 * Inserts a record 生成中 with its workbook, kept DOC_RECORD_TTL_MS (30 days) from `at` (epoch ms); the job
 * exportGeneration mails it EXPORT_DELAY_MS later (deliverDoc). Returns its id.
 */
export async function createDocRecord(db: Db, doc: NewDocRecord, at: number): Promise<number> {
  const created = await one<{ id: number }>(
    db,
    `insert into doc_record (merchant_id, account_id, file_name, doc_type, params, conditions, email, status,
       file_content, expire_time, create_time, update_time)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7, 1, $8, $9, $10, $10) returning id`,
    [
      doc.merchantId,
      doc.accountId,
      doc.fileName,
      doc.docType,
      JSON.stringify(doc.params),
      doc.conditions,
      doc.email,
      doc.content,
      at + DOC_RECORD_TTL_MS,
      at,
    ],
  );
  return Number(created?.id);
}

/** Generation takes this long in the sandbox (D Business rules: 5 s). */
export const EXPORT_DELAY_MS = 5000;

/**
 * Writes a record's workbook and mails it to `email` (the stood-in server may refuse it): status 2 with the size, the
 * send time and a fresh link, or 3 with the reason. The file is kept for resends. Returns the new status.
 */
export async function deliverDoc(tx: Db, docId: number, email: string, at: number): Promise<2 | 3> {
  const doc = await one<{
    id: number;
    merchantId: number;
    fileName: string;
    docType: number;
    conditions: string;
    params: ExportParams;
    fileContent: Uint8Array | null;
  }>(
    tx,
    'select id, merchant_id, file_name, doc_type, conditions, params, file_content from doc_record where id = $1',
    [docId],
  );
  if (!doc) return 3;
  const docType = Number(doc.docType) as DocType;
  const content =
    doc.fileContent ?? (await workbookOf(await exportTable(tx, docType, Number(doc.merchantId), doc.params)));
  const refusal = mailRefusal(email);
  if (refusal) {
    await tx.query(
      `update doc_record set status = 3, fail_reason = $2, email = $3, file_content = $4, update_time = $5 where id = $1`,
      [docId, refusal, email, Buffer.from(content), at],
    );
    return 3;
  }
  const mailId = await sendExportMail(
    tx,
    { id: docId, fileName: doc.fileName, conditions: doc.conditions, docType },
    email,
    content,
    at,
  );
  await tx.query(
    `update doc_record set status = 2, fail_reason = null, email = $2, file_content = $3, file_size = $4,
       file_url = $5, send_time = $6, link_expire_time = $7, update_time = $6 where id = $1`,
    [
      docId,
      email,
      Buffer.from(content),
      content.byteLength,
      `/__sandbox/mail/${mailId}/attachments/0`,
      at,
      at + DOC_LINK_TTL_MS,
    ],
  );
  return 2;
}
