import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { DealtApplyDetail, SiteApplyDetail, SiteApplySite } from '../../src/api/site-author';
import {
  SITE_AUTHOR_MESSAGES,
  authEndOf,
  rejectReasonRule,
  type SiteApplyStatus,
} from '../../src/api/site-author-rules';
import { firstError } from '../../src/api/rules';
import type { Scope } from '../http/access';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID } from '../http/envelope';
import { touches } from '../http/touch';
import { one, rows, type Db } from '../lib/db';
import { siteDeviceCounts } from '../domain/sites';

/**
 * Site authorisation (C-mine.md /mine/siteAuthor/{id}/authorizeDetail; Business rule 16; entities.md §14–§16): the
 * detail of one application and the operator's decision. The lists and the pending count are in site-settings.ts and
 * site.ts (one shape shared with the site section), counted by domain/site-applies.ts.
 *
 * - A pending application (0) is decided once: 1 已同意 for ≥ 1 of its sites (those marked granted, authStartTime =
 *   dealTime, authEndTime = dealTime + validMonths calendar months) or 2 已拒绝 with a reason of 2–100 characters.
 * - From its expireTime (applyTime + 7 days) it is 3 已过期 (written by the 00:00 job, read so before it): a decision
 *   then, or on an application already decided, is refused with "该申请已处理或已过期" and changes nothing. The move is
 *   made in one transaction that re-reads the row under a lock, so that two decisions never both pass.
 *
 * Reached by the operator's people holding `siteAuthor` (touch siteApply: the caller's operator's applications; a
 * sub-account limited to some sites sees only the applications and the sites of its reach).
 */

const applyId = z.coerce
  .number({ error: '缺少申请 id' })
  .int()
  .positive('申请 id 不合法')
  .max(2_147_483_647, '申请 id 不合法');

interface ApplyRow {
  id: number;
  applyNo: string;
  status: number;
  merchantId: number;
  purpose: string;
  scopes: number[];
  validMonths: number;
  applyTime: number;
  expireTime: number;
  dealTime: number | null;
  dealRemark: string | null;
  dealerName: string | null;
  authStartTime: number | null;
  authEndTime: number | null;
  partnerName: string;
  partnerLogo: string;
  partnerType: number;
  company: string;
  contactName: string;
  contactPhone: string;
}

/** The status an application has at `at`: a pending one past its expireTime is 3 已过期 (rule 16). */
export function statusAt(status: number, expireTime: number, at: number): SiteApplyStatus {
  return (status === 0 && Number(expireTime) <= at ? 3 : status) as SiteApplyStatus;
}

async function applyOf(db: Db, id: number): Promise<ApplyRow> {
  const row = await one<ApplyRow>(
    db,
    `select a.id, a.apply_no, a.status, a.merchant_id, a.purpose, a.scopes, a.valid_months, a.apply_time, a.expire_time,
            a.deal_time, a.deal_remark, a.dealer_name, a.auth_start_time, a.auth_end_time,
            p.name as partner_name, p.logo as partner_logo, p.type as partner_type, p.company, p.contact_name,
            p.contact_phone
     from site_apply a join open_partner p on p.id = a.partner_id where a.id = $1`,
    [id],
  );
  if (!row) throw new BizError(INVALID, '申请不存在');
  return row;
}

/** The application's sites the caller sees (a limited sub-account: its own only), with their socket counts. */
async function sitesOf(db: Db, scope: Scope, id: number): Promise<Required<SiteApplySite>[]> {
  const list = await rows<{ siteId: number; siteName: string; address: string; granted: number }>(
    db,
    `select x.site_id, s.name as site_name, s.province || s.city || s.area || s.address as address, x.granted
     from site_apply_site x join site s on s.id = x.site_id
     where x.apply_id = $1 and ($2::bigint[] is null or x.site_id = any($2::bigint[]))
     order by x.site_id`,
    [id, scope.limited ? await scope.siteIds() : null],
  );
  const counts = await siteDeviceCounts(
    db,
    list.map((s) => Number(s.siteId)),
  );
  return list.map((s) => ({
    siteId: Number(s.siteId),
    siteName: s.siteName,
    address: s.address,
    socketCount: counts.get(Number(s.siteId))?.socketTotal ?? 0,
    granted: Number(s.granted) === 1,
  }));
}

function detailOf(row: ApplyRow, sites: Required<SiteApplySite>[], at: number): SiteApplyDetail {
  return {
    id: Number(row.id),
    applyNo: row.applyNo,
    status: statusAt(Number(row.status), Number(row.expireTime), at),
    partner: {
      name: row.partnerName,
      logo: row.partnerLogo,
      type: Number(row.partnerType) as SiteApplyDetail['partner']['type'],
      company: row.company,
      contactName: row.contactName,
      contactPhone: row.contactPhone,
    },
    purpose: row.purpose,
    scopes: row.scopes.map(Number) as SiteApplyDetail['scopes'],
    validMonths: Number(row.validMonths),
    applyTime: Number(row.applyTime),
    expireTime: Number(row.expireTime),
    sites: sites.map(({ granted: _granted, ...site }) => site),
  };
}

const nullable = (v: number | null) => (v === null ? null : Number(v));

/** The site-authorisation endpoints (see the module docstring). `now` is the business clock (epoch ms). */
export function siteAuthorRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // GET /api/openPlatform/getSiteApplyDetail — one application, as it stands now.
  api.get(
    '/api/openPlatform/getSiteApplyDetail',
    { permission: 'siteAuthor', input: z.object({ id: applyId }), touches: touches.siteApply('id') },
    async ({ scope, target }) => {
      const row = await applyOf(db, target.id);
      return detailOf(row, await sitesOf(db, scope, target.id), now());
    },
  );

  // GET /api/openPlatform/getDealtAppDetail — a processed application: the detail plus the decision.
  api.get(
    '/api/openPlatform/getDealtAppDetail',
    { permission: 'siteAuthor', input: z.object({ id: applyId }), touches: touches.siteApply('id') },
    async ({ scope, target }): Promise<DealtApplyDetail> => {
      const at = now();
      const row = await applyOf(db, target.id);
      if (statusAt(Number(row.status), Number(row.expireTime), at) === 0) {
        throw new BizError(INVALID, '该申请尚未处理');
      }
      const sites = await sitesOf(db, scope, target.id);
      return {
        ...detailOf(row, sites, at),
        sites,
        dealRemark: row.dealRemark ?? '',
        dealTime: nullable(row.dealTime),
        dealerName: row.dealerName,
        authStartTime: nullable(row.authStartTime),
        authEndTime: nullable(row.authEndTime),
      };
    },
  );

  // POST /api/openPlatform/dealSiteApply — the decision, once (rule 16).
  api.post(
    '/api/openPlatform/dealSiteApply',
    {
      permission: 'siteAuthor',
      input: z.object({
        applyId,
        result: z.union([z.literal(1), z.literal(2)], { error: '处理结果不合法' }),
        siteIds: z
          .array(z.number().int().positive('站点 id 不合法').max(2_147_483_647, '站点 id 不合法'))
          .max(200, '站点过多')
          .default([]),
        remark: z.string().max(100, SITE_AUTHOR_MESSAGES.rejectReason).default(''),
      }),
      touches: touches.siteApply('applyId'),
    },
    async ({ caller, scope, input: body }) => {
      const at = now();
      const refuse = (message: string): never => {
        throw new BizError(INVALID, message);
      };
      if (body.result === 2) {
        const refusal = firstError(rejectReasonRule, body.remark);
        if (refusal) refuse(refusal);
      } else if (body.siteIds.length === 0) {
        refuse(SITE_AUTHOR_MESSAGES.noSite);
      }
      // The sites the caller may grant: the application's, within its reach.
      const reachable = new Set((await sitesOf(db, scope, body.applyId)).map((s) => s.siteId));
      const chosen = [...new Set(body.siteIds)];
      if (body.result === 1 && chosen.some((id) => !reachable.has(id))) refuse(SITE_AUTHOR_MESSAGES.foreignSite);
      const { account } = caller;
      const dealerName = account.contacts || account.name;
      return db.transaction(async (tx) => {
        const row = await one<{ status: number; expireTime: number; validMonths: number }>(
          tx,
          'select status, expire_time, valid_months from site_apply where id = $1 for update',
          [body.applyId],
        );
        if (!row || statusAt(Number(row.status), Number(row.expireTime), at) !== 0) refuse(SITE_AUTHOR_MESSAGES.stale);
        const remark = body.remark.trim();
        if (body.result === 2) {
          await tx.query(
            `update site_apply set status = 2, deal_time = $2, deal_remark = $3, dealer_account_id = $4,
               dealer_name = $5, update_time = $2 where id = $1`,
            [body.applyId, at, remark, account.id, dealerName],
          );
          return { status: 2 as const };
        }
        const authEndTime = authEndOf(at, Number(row?.validMonths));
        await tx.query(
          `update site_apply set status = 1, deal_time = $2, deal_remark = $3, dealer_account_id = $4, dealer_name = $5,
             auth_start_time = $2, auth_end_time = $6, update_time = $2 where id = $1`,
          [body.applyId, at, remark, account.id, dealerName, authEndTime],
        );
        await tx.query(
          `update site_apply_site set granted = 1, update_time = $3 where apply_id = $1 and site_id = any($2::bigint[])`,
          [body.applyId, chosen, at],
        );
        return { status: 1 as const, authEndTime };
      });
    },
  );

  return api.app;
}
