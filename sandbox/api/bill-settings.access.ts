import { can, type AccessTable, type Objects } from '../trust/matrix';

/**
 * Expected access of the bill settings (sandbox/trust/matrix.ts; D-income.md §4 siteBill: 账单设置 for operators and
 * agents only, statement/* need `bill:view`): every other account type answers 403. save and edit name the caller's own
 * sites (an outside site is refused); edit and delete name a setting, which the matrix writes for the side's operator
 * before each call (a setting of another account answers 账单设置不存在: sandbox test).
 */
const OWNERS = can('bill:view', { types: [1, 2] });
const EDITED = 990_001;
const DELETED = 990_002;

/** Writes setting `id` (no sites) for the operator of the side's site. */
const settingFor =
  (id: number) => async (o: Objects, db: { query: (sql: string, params?: unknown[]) => Promise<unknown> }) => {
    await db.query(
      `insert into bill_setting (id, account_id, merchant_id, site_ids, bill_day, visible_to_property, create_time, update_time)
     select $1, s.operator_id, 10003, '{}', 1, 0, 0, 0 from site s where s.id = $2
     on conflict (id) do update set account_id = excluded.account_id, site_ids = '{}'`,
      [id, o.site],
    );
    return {};
  };

const body = (o: Objects) => ({ merchantId: o.property, siteIds: [o.site], billDay: 10, visibleToProperty: 1 });

export const ACCESS: AccessTable = {
  'GET /api/bill/setting/list': { request: () => ({}), expect: OWNERS, object: false },
  'POST /api/bill/setting/save': { request: body, expect: OWNERS },
  'POST /api/bill/setting/edit': {
    request: (o) => ({ id: EDITED, ...body(o) }),
    expect: OWNERS,
    prepare: settingFor(EDITED),
  },
  'POST /api/bill/setting/delete': {
    request: () => ({ id: DELETED }),
    expect: OWNERS,
    object: false,
    prepare: settingFor(DELETED),
  },
};
