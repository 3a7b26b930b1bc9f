import { PAGE, can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the sub-accounts (sandbox/trust/matrix.ts; C-mine.md /mine/accountList, accountInfo; Business
 * rule 20; entities.md §1: `subAccount` is held by operators and agents, never by a property, a sub-account or a
 * builder). Creating and editing name the sub-account's sites, each one the caller's own (an outside site is refused).
 * The edited sub-account is a fresh one of the site's owner (editing the demo sub-account would revoke its token,
 * which the matrix still uses).
 */
const OWNERS = can('subAccount', { types: [1, 2] });

/** The id of the sub-account the matrix edits, written before each allowed call. */
const EDITED = 990_001;

export const ACCESS: AccessTable = {
  'GET /api/user/AClist': { request: () => ({ ...PAGE }), expect: OWNERS },
  'POST /api/user/addAC': {
    request: (o) => ({
      name: '矩阵子账号',
      phone: '13700990002',
      password: 'abc12345',
      permissions: ['order:view'],
      dataScope: 2,
      siteIds: [o.site],
    }),
    expect: OWNERS,
  },
  'POST /api/user/editAC': {
    request: (o) => ({
      id: EDITED,
      name: '矩阵编辑',
      permissions: ['order:view', 'card:view'],
      dataScope: 2,
      siteIds: [o.site],
      status: 1,
    }),
    expect: OWNERS,
    prepare: async (o, db) => {
      await db.query(
        `insert into account (id, account_type, phone, name, main_account_id, status, data_scope, site_ids, permissions,
           create_time, update_time)
         select $1, 4, '13700990001', '矩阵编辑', s.operator_id, 1, 2, array[s.id], array['home', 'order:view'], 0, 0
         from site s where s.id = $2
         on conflict (id) do update set main_account_id = excluded.main_account_id, site_ids = excluded.site_ids,
           status = 1`,
        [EDITED, o.site],
      );
      return {};
    },
  },
};
