import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SitesStore } from '@/stores/domain/sites';
import type * as SiteApi from '@/api/site';
import type * as SiteSettingsApi from '@/api/site-settings';
import { SiteDraftStore } from '@/stores/domain/drafts';
import { changeConfirmText, changeResultText, PropertyPickerStore } from './property-picker';

const apiMocks = vi.hoisted(() => ({ getSiteBaseInfo: vi.fn(), modifySite: vi.fn() }));
vi.mock('@/api/site', async (importOriginal) => ({
  ...(await importOriginal<typeof SiteApi>()),
  getSiteBaseInfo: apiMocks.getSiteBaseInfo,
}));
vi.mock('@/api/site-settings', async (importOriginal) => ({
  ...(await importOriginal<typeof SiteSettingsApi>()),
  modifySite: apiMocks.modifySite,
}));

/** B-site.md §4 /site/siteInfo/siteData/merchant. */

/** A resolved alova-like method: `.send()` and awaitable. */
const call = <T>(value: T) => ({
  send: () => Promise.resolve(value),
  then: <R>(ok: (v: T) => R) => Promise.resolve(value).then(ok),
});

const row = (merchantId: number, shortName: string, phone: string) => ({
  merchantId,
  name: shortName,
  shortName,
  contacts: '王经理',
  phone,
  logo: '',
  siteCount: 1,
  monthShareIncome: 0,
  accountStatus: 1 as const,
});

describe('texts', () => {
  it('words the confirmations and results of the design', () => {
    expect(changeConfirmText(row(10003, '翠苑物业', ''))).toBe(
      '更换物业为「翠苑物业」？原物业次日起不再获得本站点分成，新物业沿用原分成比例',
    );
    expect(changeConfirmText(null)).toBe('取消关联后物业将不再获得分成，需平台审核');
    expect(changeResultText({ id: 1, shareRuleStatus: 3, effectiveDate: '2026-11-21' })).toBe('已提交平台审核');
    expect(changeResultText({ id: 1, shareRuleStatus: 2, effectiveDate: '2026-11-21' })).toBe('已更换，2026-11-21生效');
    expect(changeResultText({ id: 1, shareRuleStatus: 2, effectiveDate: '2026-11-21' }, true)).toBe(
      '已取消关联，2026-11-21生效',
    );
    expect(changeResultText({ id: 1, shareRuleStatus: 3, effectiveDate: '2026-11-21' }, true)).toBe('已提交平台审核');
  });
});

describe('PropertyPickerStore', () => {
  beforeEach(() => {
    sessionStorage.clear();
    apiMocks.getSiteBaseInfo.mockReset();
    apiMocks.modifySite.mockReset();
  });

  it('from=add: the draft’s property is checked; a choice writes the draft; 不关联 clears it', () => {
    const drafts = new SiteDraftStore('400-800-1234');
    const store = new PropertyPickerStore(new SitesStore(), { kind: 'add' }, drafts);
    expect(store.currentMerchantId).toBeNull();
    expect(store.selectable).toBe(true);
    store.chooseForDraft(row(10004, '文新物业', '13800138003'));
    expect(store.currentMerchantId).toBe(10004);
    expect(drafts.draft.siteShareRule.parties[0]).toMatchObject({ userId: 10004, partyType: 2, phone: '13800138003' });
    store.chooseForDraft(null);
    expect(drafts.draft.merchantId).toBeNull();
    expect(store.search('x'.repeat(31))).toBe('搜索关键词最多30个字');
    expect(store.keyword).toBe('');
    expect(store.search(' 文新 ')).toBeNull();
    expect(store.keyword).toBe('文新');
  });

  it('with siteId: the site’s property is checked; a change posts modifySite { merchantId } (0 = unlink)', async () => {
    apiMocks.getSiteBaseInfo.mockReturnValue(call({ merchantId: 10003, editable: true }));
    const store = new PropertyPickerStore(
      new SitesStore(),
      { kind: 'edit', siteId: 2 },
      new SiteDraftStore('400-800-1234'),
    );
    expect(await store.site?.load()).toBe(true);
    expect(store.currentMerchantId).toBe(10003);
    expect(store.selectable).toBe(true);
    apiMocks.modifySite.mockReturnValue(call({ id: 2, shareRuleStatus: 3 }));
    expect(await store.changeSiteProperty(row(10004, '文新物业', ''))).toEqual({ id: 2, shareRuleStatus: 3 });
    expect(apiMocks.modifySite).toHaveBeenLastCalledWith({ siteId: 2, merchantId: 10004 });
    await store.changeSiteProperty(null);
    expect(apiMocks.modifySite).toHaveBeenLastCalledWith({ siteId: 2, merchantId: 0 });
  });

  it('with siteId: a read-only site cannot be changed', async () => {
    apiMocks.getSiteBaseInfo.mockReturnValue(call({ merchantId: null, editable: false }));
    const store = new PropertyPickerStore(
      new SitesStore(),
      { kind: 'edit', siteId: 7 },
      new SiteDraftStore('400-800-1234'),
    );
    await store.site?.load();
    expect(store.selectable).toBe(false);
  });
});
