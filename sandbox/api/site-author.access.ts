import { can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of site authorisation (sandbox/trust/matrix.ts; C-mine.md /mine/siteAuthor/{id}/authorizeDetail,
 * Business rule 16): reading and deciding an application needs siteAuthor, which operators and agents hold and the demo
 * property, sub-account and builder do not. An application is reached by its operator's people only (touch siteApply);
 * the agent has none of its own, so its side is not called with one.
 */
export const ACCESS: AccessTable = {
  'GET /api/openPlatform/getSiteApplyDetail': { request: (o) => ({ id: o.siteApply }), expect: can('siteAuthor') },
  'GET /api/openPlatform/getDealtAppDetail': { request: (o) => ({ id: o.siteApply }), expect: can('siteAuthor') },
  'POST /api/openPlatform/dealSiteApply': {
    request: (o) => ({ applyId: o.siteApply, result: 2, siteIds: [], remark: '矩阵测试拒绝' }),
    expect: can('siteAuthor'),
    // A fresh pending application on the side's first site for each call that reaches the handler (it decides it).
    prepare: async (o, db) => {
      const at = Date.parse('2026-11-20T09:00:00+08:00');
      const created = await db.query(
        `insert into site_apply (apply_no, partner_id, merchant_id, purpose, scopes, valid_months, status, apply_time,
           expire_time, create_time, update_time)
         select 'SAMATRIX' || (select coalesce(max(id), 0) + 1 from site_apply), 2, operator_id, '矩阵测试', '{1}', 6, 0,
                $2::bigint, $2::bigint + 604800000, $2::bigint, $2::bigint
         from site where id = $1 returning id`,
        [o.site, at],
      );
      const id = Number((created.rows[0] as { id: number }).id);
      await db.query(
        'insert into site_apply_site (apply_id, site_id, granted, create_time, update_time) values ($1, $2, 0, $3, $3)',
        [id, o.site, at],
      );
      return { siteApply: id };
    },
  },
};
