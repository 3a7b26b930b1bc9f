import { describe, expect, it } from 'vitest';
import { SITE_SORTS, SiteListStore } from './site-list';

/** The site list's sorts by role (issue 30: a role without income:view neither sees nor sorts by income). */
describe('SiteListStore sorts', () => {
  const storeFor = (permissions: string[]) =>
    new SiteListStore(
      { can: (code: string) => permissions.includes(code), extendPermission: () => false } as never,
      { changes: 0 } as never,
    );

  it('offers 今日收入 first, as the default, to a login with income:view', () => {
    const store = storeFor(['site:view', 'income:view']);
    expect(store.seesIncome).toBe(true);
    expect(store.sort).toBe(1);
    expect(store.sorts).toEqual(SITE_SORTS);
  });

  it('leaves 今日收入 out for a builder (no income:view), sorting by 最新创建', () => {
    const store = storeFor(['home', 'workOrder', 'site:view', 'device:add']);
    expect(store.seesIncome).toBe(false);
    expect(store.sort).toBe(2);
    expect(store.sorts.map((s) => s.label)).toEqual(['最新创建', '离线设备多']);
  });
});
