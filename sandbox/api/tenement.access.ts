import { can, type AccessTable } from '../trust/matrix';

/**
 * Expected access of the property accounts (sandbox/trust/matrix.ts; C-mine.md /mine/tenement-list/base/info;
 * Business rule 21; entities.md §1: `tenement` is held by operators and agents, never by a property, a sub-account or
 * a builder). A property is reached by the operator (or agent) that manages it; another one is not told. Deleting a
 * login acts on a fresh property (the demo property's token is still used by the matrix).
 */
const OWNERS = can('tenement', { types: [1, 2] });

export const ACCESS: AccessTable = {
  'GET /api/user/viewPropertyAccount': { request: (o) => ({ merchantId: o.property }), expect: OWNERS },
  'POST /api/user/createPropertyAccount': {
    request: () => ({ name: '矩阵物业', contacts: '张三', contactPhone: '13700990011' }),
    expect: OWNERS,
  },
  // Status 1 of an enabled login: nothing changes, no token is revoked.
  'POST /api/user/updatePropertyAccount': { request: (o) => ({ accountId: o.property, status: 1 }), expect: OWNERS },
  'POST /api/user/deletePropertyAccount': {
    request: (o) => ({ accountId: o.property }),
    expect: OWNERS,
    prepare: async (o, db) => {
      const made = await db.query(
        `insert into account (account_type, phone, name, short_name, parent_id, main_account_id, status, create_time,
           update_time)
         select 3, null, '矩阵删除物业' || nextval(pg_get_serial_sequence('account', 'id')), '', s.operator_id,
           s.operator_id, 0, 0, 0
         from site s where s.id = $1 returning id`,
        [o.site],
      );
      const id = Number((made.rows[0] as { id: number | string }).id);
      await db.query('update account set main_account_id = id where id = $1', [id]);
      return { property: id };
    },
  },
};
