import type { PGlite, Transaction } from '@electric-sql/pglite';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  DOC_RECORD_TTL_MS,
  DOC_RESEND_PER_DAY,
  DOC_TYPE_NAMES,
  exportEmailRule,
  rangeRefusal,
  type DocType,
} from '../../src/api/export-rules';
import type { DocRecord } from '../../src/api/exports';
import { ORDER_TAB_LABELS } from '../../src/api/order-rules';
import { exactlyOnce, requestIdRule } from '../domain/exactly-once';
import { deliverDoc, sentMails, XLSX_TYPE, type ExportParams } from '../domain/exports';
import { endpoints } from '../http/endpoint';
import { hidden } from '../http/access';
import { BizError, fail, INVALID, ok } from '../http/envelope';
import { touches } from '../http/touch';
import { one, rows, scalar, type Db } from '../lib/db';
import { dayOf } from '../lib/time';

/**
 * Exports (D-income.md §4 /income/exportFile; C-mine.md /mine/downCenter/index, rule 24; entities.md §77, R9.2) and the
 * sandbox's mailbox. An export request makes a DocRecord 生成中 exactly once per requestId (the same type and
 * conditions while one is 生成中: 2050; a span over the type's limit: 2051); the job exportGeneration (jobs/exports.ts)
 * writes its workbook and mails it 5 s later (已发送; 发送失败 with the reason when the mail server refuses the
 * address). A resend (status 2/3, record not expired, ≤ 5 a day) mails the same file again at once with a fresh 7-day
 * link. GET /__sandbox/mail lists what was sent (fixed interface, README).
 */

const dayRule = z.string().regex(/^20\d\d-\d\d-\d\d$/, '日期格式不正确');
const range = { startDate: dayRule, endDate: dayRule };

/**
 * The record's text of the conditions: "2024-05-01 至 2024-05-31 · 全部站点", and for a charging-order list its tab
 * when it is not 已完成 ("… · 已退款").
 */
function conditionsOf(p: ExportParams, siteName: string | null): string {
  return [
    `${p.startDate} 至 ${p.endDate}`,
    ...(siteName !== null ? [siteName || '全部站点'] : []),
    ...(p.tab ? [ORDER_TAB_LABELS[p.tab]] : []),
  ].join(' · ');
}

const RECORD_COLUMNS = `id, file_name, doc_type, conditions, email, status, fail_reason, file_size, create_time,
  send_time, expire_time, link_expire_time`;

function recordOf(r: Record<string, unknown>): DocRecord {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(r.id),
    fileName: String(r.fileName),
    docType: Number(r.docType) as DocType,
    conditions: String(r.conditions),
    email: String(r.email),
    status: Number(r.status) as 1 | 2 | 3,
    failReason: (r.failReason as string | null) ?? null,
    fileSize: Number(r.fileSize),
    createTime: Number(r.createTime),
    sendTime: n(r.sendTime),
    expireTime: Number(r.expireTime),
    linkExpireTime: n(r.linkExpireTime),
  };
}

/** Registers the export endpoints (permission `export`) and the listing of records. */
export function exportRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  /**
   * One export endpoint: validates the range (2051), then, exactly once per requestId, refuses a running identical
   * export (2050) and makes the DocRecord 生成中. `paramsOf` gets the sites of a limited sub-account's data scope
   * (undefined for every other caller), read before the transaction.
   */
  function exportEndpoint<S extends z.ZodRawShape>(
    path: string,
    docType: DocType,
    extra: S,
    paramsOf: (
      input: z.infer<z.ZodObject<S>> & { startDate: string; endDate: string },
      limitedTo: number[] | undefined,
    ) => Promise<{
      params: ExportParams;
      siteName: string | null;
    }>,
  ) {
    api.post(
      path,
      {
        permission: 'export',
        input: z.object({ ...range, ...extra, email: exportEmailRule, requestId: requestIdRule }),
        touches: touches.account,
      },
      async ({ caller, scope, input }) => {
        const at = now();
        const limitedTo = scope.limited ? await scope.siteIds() : undefined;
        const body = input as unknown as z.infer<z.ZodObject<S>> & {
          startDate: string;
          endDate: string;
          email: string;
          requestId: string;
        };
        return exactlyOnce(
          db,
          { accountId: caller.account.id, action: `export:${docType}`, requestId: body.requestId, body },
          at,
          async (tx: Transaction) => {
            const refusal = rangeRefusal(docType, body.startDate, body.endDate, dayOf(at));
            if (refusal) throw new BizError(refusal.startsWith('导出时间跨度') ? 2051 : INVALID, refusal);
            const { params, siteName } = await paramsOf(body, limitedTo);
            const running = await scalar(
              tx,
              `select count(*) from doc_record where merchant_id = $1 and doc_type = $2 and status = 1
                 and params = $3::jsonb`,
              [caller.ownerId, docType, JSON.stringify(params)],
            );
            if (running > 0) throw new BizError(2050, '相同的导出任务正在处理中，请稍后');
            const conditions = conditionsOf(params, siteName);
            const fileName = `${DOC_TYPE_NAMES[docType]}_${params.startDate}_${params.endDate}${
              siteName ? `_${siteName}` : ''
            }.xlsx`;
            const created = await one<{ id: number }>(
              tx,
              `insert into doc_record (merchant_id, account_id, file_name, doc_type, params, conditions, email, status,
                 expire_time, create_time, update_time)
               values ($1, $2, $3, $4, $5::jsonb, $6, $7, 1, $8, $9, $9) returning id`,
              [
                caller.ownerId,
                caller.account.id,
                fileName,
                docType,
                JSON.stringify(params),
                conditions,
                body.email,
                at + DOC_RECORD_TTL_MS,
                at,
              ],
            );
            return { docId: Number(created?.id) };
          },
        );
      },
    );
  }

  exportEndpoint(
    '/api/account/v2/billExportAccountBill',
    3,
    {
      direction: z.union([z.literal(1), z.literal(2)]).optional(),
      bizType: z.number().int().min(1).max(16).optional(),
    },
    // A limited sub-account's file holds what its ledger shows: its sites' entries and those of no site.
    async (b, limitedTo) => ({
      params: {
        startDate: b.startDate,
        endDate: b.endDate,
        ...(b.direction ? { direction: b.direction } : {}),
        ...(b.bizType ? { bizType: b.bizType } : {}),
        ...(limitedTo ? { siteIds: limitedTo } : {}),
      },
      siteName: null,
    }),
  );

  exportEndpoint(
    '/api/account/v2/billExportWithdraw',
    4,
    { channel: z.union([z.literal(1), z.literal(2)]).optional() },
    async (b) => ({
      params: { startDate: b.startDate, endDate: b.endDate, ...(b.channel ? { channel: b.channel } : {}) },
      siteName: null,
    }),
  );

  // Charging orders: the caller's sites (its data scope) at request time; a site of the request must be one of them.
  api.post(
    '/api/account/v2/billExportChargeOrder',
    {
      permission: 'export',
      input: z.object({
        ...range,
        siteId: z.number().int().positive().optional(),
        payType: z.number().int().min(1).max(8).optional(),
        // the list's tab, socket and search (C-mine.md chargerRecord-list; domain/order-filter.ts)
        tab: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '列表不正确' }).optional(),
        chargerId: z.number().int().positive().optional(),
        keyword: z.string().trim().max(32, '搜索关键词最多32个字').optional(),
        email: exportEmailRule,
        requestId: requestIdRule,
      }),
      touches: touches.optionalSite('siteId', 'view'),
    },
    async ({ caller, input: body, scope, target }) => {
      const at = now();
      // Read before the transaction: the scope reads the database, which the transaction holds (PGlite has one
      // connection), so reading it inside hung the call when no site was given.
      const siteIds = target ? [target.id] : await scope.siteIds();
      return exactlyOnce(
        db,
        { accountId: caller.account.id, action: 'export:1', requestId: body.requestId, body },
        at,
        async (tx) => {
          const refusal = rangeRefusal(1, body.startDate, body.endDate, dayOf(at));
          if (refusal) throw new BizError(refusal.startsWith('导出时间跨度') ? 2051 : INVALID, refusal);
          const params: ExportParams = {
            startDate: body.startDate,
            endDate: body.endDate,
            ...(body.siteId ? { siteId: body.siteId } : {}),
            ...(body.payType ? { payType: body.payType } : {}),
            ...(body.tab && body.tab !== 1 ? { tab: body.tab } : {}),
            ...(body.chargerId ? { chargerId: body.chargerId } : {}),
            ...(body.keyword ? { keyword: body.keyword } : {}),
            siteIds,
          };
          const running = await scalar(
            tx,
            `select count(*) from doc_record where merchant_id = $1 and doc_type = 1 and status = 1
               and params = $2::jsonb`,
            [caller.ownerId, JSON.stringify(params)],
          );
          if (running > 0) throw new BizError(2050, '相同的导出任务正在处理中，请稍后');
          const siteName = target ? target.name : '';
          const tabName = params.tab ? `_${ORDER_TAB_LABELS[params.tab]}` : '';
          const fileName = `${DOC_TYPE_NAMES[1]}${tabName}_${params.startDate}_${params.endDate}${siteName ? `_${siteName}` : ''}.xlsx`;
          const created = await one<{ id: number }>(
            tx,
            `insert into doc_record (merchant_id, account_id, file_name, doc_type, params, conditions, email, status,
               expire_time, create_time, update_time)
             values ($1, $2, $3, 1, $4::jsonb, $5, $6, 1, $7, $8, $8) returning id`,
            [
              caller.ownerId,
              caller.account.id,
              fileName,
              JSON.stringify(params),
              conditionsOf(params, siteName),
              body.email,
              at + DOC_RECORD_TTL_MS,
              at,
            ],
          );
          return { docId: Number(created?.id) };
        },
      );
    },
  );

  // GET /api/doc/listDocRecords — the account's records not yet expired, newest first; docType a comma list.
  api.get(
    '/api/doc/listDocRecords',
    {
      permission: 'export',
      input: z.object({
        docType: z
          .string()
          .regex(/^[1-9](,[1-9])*$/, 'docType 须为 1–9 的逗号列表')
          .optional(),
        pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(20),
      }),
      touches: touches.account,
    },
    async ({ caller, input: q }) => {
      const types = q.docType ? q.docType.split(',').map(Number) : [1, 2, 3, 4, 5, 6, 7, 8, 9];
      const where = 'where merchant_id = $1 and doc_type = any($2::int[]) and expire_time > $3';
      const params = [caller.ownerId, types, now()];
      const total = await scalar(db, `select count(*) from doc_record ${where}`, params);
      const list = (
        await rows<Record<string, unknown>>(
          db,
          `select ${RECORD_COLUMNS} from doc_record ${where} order by create_time desc, id desc limit $4 offset $5`,
          [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
        )
      ).map(recordOf);
      return { list, total };
    },
  );

  // POST /api/doc/resendDocRecordByEmail — mails a sent or failed record's file again (≤ 5 a day), exactly once.
  api.post(
    '/api/doc/resendDocRecordByEmail',
    {
      permission: 'export',
      input: z.object({
        id: z.number().int().positive(),
        email: exportEmailRule,
        requestId: requestIdRule.optional(),
      }),
      touches: touches.account,
    },
    async ({ caller, input: body }) => {
      const at = now();
      const act = async (tx: Db) => {
        const doc = await one<{ status: number; expireTime: number; resendDay: string | null; count: number }>(
          tx,
          `select status, expire_time, resend_day, resend_count_today as count from doc_record
           where id = $1 and merchant_id = $2 for update`,
          [body.id, caller.ownerId],
        );
        // another merchant's record is not told from a missing one (an object outside the caller's reach)
        if (!doc) throw hidden('导出记录不存在或无权查看');
        if (Number(doc.expireTime) <= at) throw new BizError(INVALID, '导出记录已过期');
        if (Number(doc.status) === 1) throw new BizError(2050, '相同的导出任务正在处理中，请稍后');
        const today = dayOf(at);
        const count = doc.resendDay === today ? Number(doc.count) : 0;
        if (count >= DOC_RESEND_PER_DAY) throw new BizError(INVALID, '今日重发次数已达上限');
        await tx.query('update doc_record set resend_day = $2, resend_count_today = $3 where id = $1', [
          body.id,
          today,
          count + 1,
        ]);
        return { status: await deliverDoc(tx, body.id, body.email, at) };
      };
      if (!body.requestId) return db.transaction(act);
      return exactlyOnce(
        db,
        { accountId: caller.account.id, action: 'resendDoc', requestId: body.requestId, body },
        at,
        act,
      );
    },
  );

  return api.app;
}

/**
 * The sandbox's mailbox (fixed interface, README "Sandbox interfaces"): `GET /__sandbox/mail[?to=]` → `{ code: 0,
 * data: [{ id, to, subject, sentAt, attachments: [{ filename, contentType, size, url }] }] }` newest first; each url
 * downloads the attachment as sent; `GET /__sandbox/mail/:id.eml` is the whole message (message/rfc822).
 */
export function mailRoutes(db: PGlite) {
  const app = new Hono();
  app.get('/__sandbox/mail', async (c) => {
    const to = c.req.query('to');
    return ok(c, await sentMails(db, to && to.trim() ? to.trim() : undefined));
  });
  app.get('/__sandbox/mail/:mailId/attachments/:idx', async (c) => {
    const found = await one<{ filename: string; contentType: string; content: Uint8Array }>(
      db,
      'select filename, content_type, content from sandbox_mail_attachment where mail_id = $1 and idx = $2',
      [Number(c.req.param('mailId')) || 0, Number(c.req.param('idx')) || 0],
    );
    if (!found) return fail(c, INVALID, '附件不存在', 404);
    return c.body(new Uint8Array(found.content), 200, {
      'Content-Type': found.contentType || XLSX_TYPE,
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(found.filename)}`,
    });
  });
  app.get('/__sandbox/mail/:file', async (c) => {
    const match = /^(\d+)\.eml$/.exec(c.req.param('file'));
    const found = match
      ? await one<{ eml: Uint8Array }>(db, 'select eml from sandbox_mail where id = $1', [Number(match[1])])
      : null;
    if (!found) return fail(c, INVALID, '邮件不存在', 404);
    return c.body(new Uint8Array(found.eml), 200, { 'Content-Type': 'message/rfc822' });
  });
  return app;
}
