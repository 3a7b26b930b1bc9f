import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { Page } from '../../src/api/http';
import type { HelpArticle, HelpRow, MerchantCheck } from '../../src/api/mine-set';
import { MERCHANT_FIELD_RULES } from '../../src/api/mine-set-rules';
import { missingMerchantFields } from '../domain/merchant-info';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID } from '../http/envelope';
import { accountById } from '../http/session';
import { touches } from '../http/touch';
import { one, rows, scalar } from '../lib/db';

/**
 * The settings centre's endpoints (C-mine.md "/mine/set"; entities.md Account, HelpArticle, PlatformBinding): what the
 * merchant profile lacks, saving one field, the help centre, and logout (PROPOSED /api/user/logout: this WeChat /
 * Alipay user is unbound from the account, so the next visit asks for the phone again; the app forgets its token).
 */

const replenishBody = z
  .object({
    shortName: z.optional(MERCHANT_FIELD_RULES.shortName),
    contacts: z.optional(MERCHANT_FIELD_RULES.contacts),
    servicePhone: z.optional(MERCHANT_FIELD_RULES.servicePhone),
    email: z.optional(MERCHANT_FIELD_RULES.email),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '请填写要修改的信息' });

const helpQuery = z.object({
  pageNum: z.coerce.number().int('pageNum 须为正整数').min(1, 'pageNum 须为正整数').default(1),
  pageSize: z.coerce
    .number()
    .int('pageSize 须为1-100的整数')
    .min(1, 'pageSize 须为1-100的整数')
    .max(100, 'pageSize 须为1-100的整数')
    .default(20),
});

/** The settings routes over `db` on the business clock `now` (epoch ms). */
export function mineSetRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // GET /api/user/checkoutMerchantInfo — the caller's missing merchant fields.
  api.get(
    '/api/user/checkoutMerchantInfo',
    { permission: 'login', input: z.object({}), touches: touches.self },
    async ({ caller }) => {
      const owner = caller.ownerId === caller.account.id ? caller.account : await accountById(db, caller.ownerId);
      const missingFields = missingMerchantFields(caller.account, owner);
      const data: MerchantCheck = { complete: missingFields.length === 0, missingFields };
      return data;
    },
  );

  // POST /api/user/replenishMerchantInfo — saves the fields given on the caller's own account.
  api.post(
    '/api/user/replenishMerchantInfo',
    { permission: 'login', input: replenishBody, touches: touches.self },
    async ({ caller, input: body }) => {
      await db.query(
        `update account set short_name = coalesce($2, short_name), contacts = coalesce($3, contacts),
           service_phone = coalesce($4, service_phone), email = coalesce($5, email), update_time = $6
         where id = $1`,
        [
          caller.account.id,
          body.shortName ?? null,
          body.contacts ?? null,
          body.servicePhone ?? null,
          body.email ?? null,
          now(),
        ],
      );
      return null;
    },
  );

  // GET /api/user/selectInformation — help articles, newest first.
  api.get(
    '/api/user/selectInformation',
    { permission: 'login', input: helpQuery, touches: touches.none },
    async ({ input: q }) => {
      const list = await rows<HelpRow>(
        db,
        `select id, title, category, publish_time from help_article
         order by publish_time desc, id desc limit $1 offset $2`,
        [q.pageSize, (q.pageNum - 1) * q.pageSize],
      );
      const data: Page<HelpRow> = { list, total: await scalar(db, 'select count(*) from help_article') };
      return data;
    },
  );

  // GET /api/user/selectInformationDetails — one help article.
  api.get(
    '/api/user/selectInformationDetails',
    {
      permission: 'login',
      input: z.object({
        id: z.coerce.number({ error: 'id 须为正整数' }).int('id 须为正整数').positive('id 须为正整数'),
      }),
      touches: touches.none,
    },
    async ({ input: { id } }) => {
      const article = await one<HelpArticle>(
        db,
        'select id, title, content, publish_time from help_article where id = $1',
        [id],
      );
      if (!article) throw new BizError(INVALID, '文章不存在');
      return article;
    },
  );

  // POST /api/user/logout — unbinds this platform user (the token's client) from the account (C-mine.md: the app then
  // forgets the token and the login; the next visit asks for the phone again).
  api.post(
    '/api/user/logout',
    { permission: 'login', input: z.object({}), touches: touches.self },
    async ({ caller }) => {
      await db.query('delete from platform_binding where account_id = $1 and client = $2', [
        caller.account.id,
        caller.client,
      ]);
      return null;
    },
  );

  return api.app;
}
