import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PERMISSIONS } from '@/api/permissions';
import type * as SiteApi from '@/api/site';
import type * as UserApi from '@/api/user';
import type { DealtApplyDetail, SiteApplyDetail } from '@/api/site-author';
import { ApiError } from '@/api/outcome';
import { SITE_AUTHOR_MESSAGES, authEndOf, daysLeft } from '@/api/site-author-rules';
import { RootStore } from '@/stores/root';
import type { Platform } from '@platform/types';
import { AuthorizeDetailStore, ProcessedListStore, SiteAuthorStore } from './site-author';

const api = vi.hoisted(() => ({
  getSiteApplies: vi.fn(),
  getSiteApplyDetail: vi.fn(),
  getDealtAppDetail: vi.fn(),
  dealSiteApply: vi.fn(),
  getUndealSiteApplyCount: vi.fn(),
  getCommercialInfo: vi.fn(),
}));

vi.mock('@/api/site-author', () => ({
  getSiteApplies: api.getSiteApplies,
  getSiteApplyDetail: api.getSiteApplyDetail,
  getDealtAppDetail: api.getDealtAppDetail,
  dealSiteApply: api.dealSiteApply,
}));

vi.mock('@/api/site', async (importOriginal) => ({
  ...(await importOriginal<typeof SiteApi>()),
  getUndealSiteApplyCount: api.getUndealSiteApplyCount,
}));

vi.mock('@/api/user', async (importOriginal) => ({
  ...(await importOriginal<typeof UserApi>()),
  getCommercialInfo: api.getCommercialInfo,
}));

const NOW = Date.parse('2026-01-31T10:00:00+08:00');

const APPLY: SiteApplyDetail = {
  id: 4,
  applyNo: 'SA202601310004',
  status: 0,
  partner: {
    name: '快电互联',
    logo: '',
    type: 1,
    company: '浙江快电互联科技有限公司',
    contactName: '赵磊',
    contactPhone: '13957112345',
  },
  purpose: '在快电App展示站点',
  scopes: [1, 4],
  validMonths: 1,
  applyTime: NOW - 3600_000,
  expireTime: NOW + 7 * 86_400_000 - 3600_000,
  sites: [
    { siteId: 1, siteName: '文一西路站', address: '杭州', socketCount: 20 },
    { siteId: 3, siteName: '蒋村站', address: '杭州', socketCount: 10 },
  ],
};

function root(): RootStore {
  localStorage.setItem('TOKEN', 't'.repeat(32));
  localStorage.setItem('PERMISSION', JSON.stringify([...DEFAULT_PERMISSIONS[1]]));
  localStorage.setItem('ExtendPermission', JSON.stringify({ accountType: 1, mainAccountId: 10001 }));
  return new RootStore({} as unknown as Platform);
}

describe('site-authorisation rules', () => {
  it('the term ends validMonths calendar months after the decision, on the Shanghai clock', () => {
    // 31 Jan + 1 month = 28 Feb (2026 is not a leap year); + 12 months = the same day next year.
    expect(authEndOf(NOW, 1)).toBe(Date.parse('2026-02-28T10:00:00+08:00'));
    expect(authEndOf(NOW, 12)).toBe(Date.parse('2027-01-31T10:00:00+08:00'));
  });

  it('"N 天后自动拒绝" counts whole days up, never below 0', () => {
    expect(daysLeft(NOW + 7 * 86_400_000, NOW)).toBe(7);
    expect(daysLeft(NOW + 86_400_000 + 1, NOW)).toBe(2);
    expect(daysLeft(NOW + 60_000, NOW)).toBe(1);
    expect(daysLeft(NOW - 1, NOW)).toBe(0);
  });
});

describe('the lists', () => {
  it('已处理 opens on 已同意 for the site of the query; removing the site or changing the chip reloads', () => {
    const bySite = new ProcessedListStore(6);
    expect(bySite.watch).toEqual([1, 6]);
    bySite.page(1, 20);
    expect(api.getSiteApplies).toHaveBeenLastCalledWith({ tab: 2, pageNum: 1, pageSize: 20, status: 1, siteId: 6 });
    bySite.clearSite();
    bySite.setStatus(undefined);
    expect(bySite.watch).toEqual([undefined, undefined]);
    bySite.page(2, 20);
    expect(api.getSiteApplies).toHaveBeenLastCalledWith({ tab: 2, pageNum: 2, pageSize: 20 });
    expect(new ProcessedListStore(undefined).status).toBeUndefined();
  });

  it('the tab badge writes merchant base info’s accreditCount; a failed count keeps it', async () => {
    localStorage.clear();
    const r = root();
    const store = new SiteAuthorStore(r);
    api.getUndealSiteApplyCount.mockResolvedValueOnce({ count: 3 });
    await store.refresh();
    expect(store.pending).toBe(3);
    expect(r.merchant.base.accreditCount).toBe(3);
    api.getUndealSiteApplyCount.mockRejectedValueOnce(new ApiError('network', null, '网络异常'));
    await store.refresh();
    expect(r.merchant.base.accreditCount).toBe(3);
  });
});

describe('AuthorizeDetailStore', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.clearAllMocks();
    api.getCommercialInfo.mockResolvedValue({ accreditCount: 1, orderCount: 0 });
  });

  it('chooses every site at first; agreeing needs one and sends the chosen ones in the application’s order', async () => {
    api.getSiteApplyDetail.mockResolvedValue(APPLY);
    const store = new AuthorizeDetailStore(root(), 4, () => NOW);
    await store.load();
    expect(store.isPending).toBe(true);
    expect(store.chosenText).toBe('已选 2/2');
    expect(store.prospectiveEnd).toBe('2026-02-28');
    store.toggle(1);
    store.toggle(3);
    expect(store.agreeError).toBe(SITE_AUTHOR_MESSAGES.noSite);
    expect(await store.agree()).toEqual({ ok: false, message: SITE_AUTHOR_MESSAGES.noSite });
    store.toggle(3);
    store.toggle(1);
    expect(store.agreeQuestion).toBe(
      '确认向「快电互联」开放所选 2 个站点的站点信息、远程启停？授权有效期至 2026-02-28',
    );
    api.dealSiteApply.mockResolvedValue({ status: 1, authEndTime: authEndOf(NOW, 1) });
    expect(await store.agree()).toEqual({ ok: true });
    expect(api.dealSiteApply).toHaveBeenCalledWith({ applyId: 4, result: 1, siteIds: [1, 3], remark: '' });
    expect(api.dealSiteApply).toHaveBeenCalledTimes(1);
    expect(api.getCommercialInfo).toHaveBeenCalled();
    expect(api.getDealtAppDetail).not.toHaveBeenCalled();
  });

  it('rejecting needs a reason of 2–100 characters; a second tap while it runs sends nothing', async () => {
    api.getSiteApplyDetail.mockResolvedValue(APPLY);
    const store = new AuthorizeDetailStore(root(), 4, () => NOW);
    await store.load();
    expect(await store.reject(' 否 ')).toEqual({ ok: false, message: SITE_AUTHOR_MESSAGES.rejectReason });
    expect(await store.reject('x'.repeat(101))).toEqual({ ok: false, message: SITE_AUTHOR_MESSAGES.rejectReason });
    let answer: (v: unknown) => void = () => undefined;
    api.dealSiteApply.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const first = store.reject(' 暂不开放 ');
    const second = await store.reject('暂不开放');
    expect(second.ok).toBe(false);
    answer({ status: 2 });
    expect(await first).toEqual({ ok: true });
    expect(api.dealSiteApply).toHaveBeenCalledTimes(1);
    expect(api.dealSiteApply).toHaveBeenCalledWith({ applyId: 4, result: 2, siteIds: [], remark: '暂不开放' });
  });

  it('a decision refused as stale reloads the application, which then shows its decision', async () => {
    api.getSiteApplyDetail.mockResolvedValueOnce(APPLY).mockResolvedValueOnce({ ...APPLY, status: 3 });
    const dealt: DealtApplyDetail = {
      ...APPLY,
      status: 3,
      dealRemark: '',
      dealTime: null,
      dealerName: null,
      authStartTime: null,
      authEndTime: null,
      sites: APPLY.sites.map((s) => ({ ...s, granted: false })),
    };
    api.getDealtAppDetail.mockResolvedValue(dealt);
    api.dealSiteApply.mockRejectedValue(new ApiError('business', 1, SITE_AUTHOR_MESSAGES.stale));
    const store = new AuthorizeDetailStore(root(), 4, () => NOW);
    await store.load();
    expect(await store.agree()).toEqual({ ok: false, message: null });
    await vi.waitFor(() => expect(store.dealt.data?.status).toBe(3));
    expect(store.isPending).toBe(false);
  });
});
