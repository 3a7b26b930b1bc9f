import type { PGlite } from '@electric-sql/pglite';
import { Hono } from 'hono';
import { z } from 'zod';
import { phoneRule } from '../../src/api/rules';
import { SITE_APPLY_TTL_MS } from '../../src/api/site-author-rules';
import { fail, input, ok } from '../http/envelope';
import { one, rows, scalar } from '../lib/db';
import { stamp } from '../lib/time';

/**
 * Test controls standing in for the open platform around site authorisation (C-mine.md /mine/siteAuthor, rule 16;
 * README "Sandbox interfaces"):
 *
 * - `POST /__sandbox/site-apply` — an open-platform partner asks the operator that logs in with `phone` for access to
 *   some of its sites (what the partner does on the platform, outside the app); the application arrives 待处理 and
 *   expires 7 days later on the business clock.
 * - `GET /__sandbox/open-platform/access?partnerId=N` — what the partner may reach now: the sites granted to it by
 *   agreed applications whose authorisation runs (authStartTime ≤ now < authEndTime), with the scopes and the end.
 */

const applyBody = z.object({
  phone: phoneRule,
  partnerId: z.number().int().positive().default(2),
  /** Sites of the operator; default its first two (by id). */
  siteIds: z.array(z.number().int().positive()).min(1).max(50).optional(),
  scopes: z
    .array(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]))
    .min(1)
    .default([1, 2]),
  validMonths: z.number().int().min(1).max(60).default(12),
  purpose: z.string().trim().min(1).max(200).default('接入站点数据'),
});

/** The site-application controls (see the module docstring). `now` is the business clock (epoch ms). */
export function siteApplyControlRoutes(db: PGlite, now: () => number) {
  const app = new Hono();

  // POST /__sandbox/site-apply → { id, applyNo, expireTime }: a 待处理 application to the operator of `phone`.
  app.post('/__sandbox/site-apply', async (c) => {
    const body = await input(c, applyBody);
    const operator = await one<{ id: number }>(
      db,
      'select id from account where phone = $1 and account_type in (1, 2)',
      [body.phone],
    );
    if (!operator) return fail(c, 1, '该手机号不是运营商');
    const operatorId = Number(operator.id);
    if (!(await scalar(db, 'select count(*) from open_partner where id = $1', [body.partnerId]))) {
      return fail(c, 1, '合作方不存在');
    }
    const own = await rows<{ id: number }>(
      db,
      'select id from site where operator_id = $1 and deleted = 0 order by id',
      [operatorId],
    );
    const ownIds = own.map((s) => Number(s.id));
    const siteIds = body.siteIds ?? ownIds.slice(0, 2);
    if (siteIds.length === 0 || siteIds.some((id) => !ownIds.includes(id))) {
      return fail(c, 1, '站点不属于该运营商');
    }
    const at = now();
    const created = await db.transaction(async (tx) => {
      const seq = (await scalar(tx, 'select coalesce(max(id), 0) from site_apply')) + 1;
      const applyNo = `SA${stamp(at).slice(0, 8)}${String(seq).padStart(4, '0')}`;
      const row = await one<{ id: number }>(
        tx,
        `insert into site_apply (apply_no, partner_id, merchant_id, purpose, scopes, valid_months, status, apply_time,
           expire_time, create_time, update_time)
         values ($1, $2, $3, $4, $5, $6, 0, $7, $8, $7, $7) returning id`,
        [applyNo, body.partnerId, operatorId, body.purpose, body.scopes, body.validMonths, at, at + SITE_APPLY_TTL_MS],
      );
      const id = Number(row?.id);
      for (const siteId of siteIds) {
        await tx.query(
          `insert into site_apply_site (apply_id, site_id, granted, create_time, update_time) values ($1, $2, 0, $3, $3)`,
          [id, siteId, at],
        );
      }
      return { id, applyNo, expireTime: at + SITE_APPLY_TTL_MS };
    });
    return ok(c, created);
  });

  // GET /__sandbox/open-platform/access?partnerId=N → { partnerId, sites: [{ siteId, siteName, scopes, authEndTime }] }
  app.get('/__sandbox/open-platform/access', async (c) => {
    const q = await input(c, z.object({ partnerId: z.coerce.number().int().positive() }));
    const sites = await rows<{ siteId: number; siteName: string; scopes: number[]; authEndTime: number }>(
      db,
      `select x.site_id, s.name as site_name, a.scopes, a.auth_end_time
       from site_apply a join site_apply_site x on x.apply_id = a.id and x.granted = 1 join site s on s.id = x.site_id
       where a.partner_id = $1 and a.status = 1 and a.auth_start_time <= $2 and a.auth_end_time > $2
       order by x.site_id, a.id`,
      [q.partnerId, now()],
    );
    return ok(c, {
      partnerId: q.partnerId,
      sites: sites.map((s) => ({ ...s, siteId: Number(s.siteId), authEndTime: Number(s.authEndTime) })),
    });
  });

  return app;
}
