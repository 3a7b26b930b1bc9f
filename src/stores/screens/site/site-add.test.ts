import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SiteApi from '@/api/site';
import { emptySiteDraft, SiteDraftStore, type SiteDraft } from '@/stores/domain/drafts';
import { addSiteRequest, rateText, sameSiteName, siteFormFailure, SiteAddStore } from './site-add';

const apiMocks = vi.hoisted(() => ({
  addSite: vi.fn(),
  getSiteNameList: vi.fn(),
}));
vi.mock('@/api/site', async (importOriginal) => ({
  ...(await importOriginal<typeof SiteApi>()),
  addSite: apiMocks.addSite,
  getSiteNameList: apiMocks.getSiteNameList,
}));

/** B-site.md §1 /site/add; Business rules B.7 (the cost page's rules: site-settings-cost.test.ts). */

const property = { merchantId: 10004, name: '文新物业', phone: '13800138003' };

/** The fields of a valid site as typed, which addSite also sends as they are. */
const SITE_FIELDS = {
  name: '古荡湾3栋车棚',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  address: '古荡湾新村3栋南侧',
  longitude: 120.123456,
  latitude: 30.276543,
  contacts: '赵六',
  contactsPhone: '13912345678',
};

function validDraft(fields: Partial<SiteDraft> = {}): SiteDraft {
  return { ...emptySiteDraft('400-800-1234'), ...SITE_FIELDS, ...fields };
}

describe('the site draft writers (B §0.1)', () => {
  beforeEach(() => sessionStorage.clear());

  it('links a property keeping its rate, sets the rate for all income, and unlinks it resetting electricity', () => {
    const store = new SiteDraftStore('400-800-1234');
    expect(store.propertyRate).toBeNull();
    store.setProperty(property);
    expect(store.draft).toMatchObject({ merchantId: 10004, merchantName: '文新物业' });
    expect(store.propertyRate).toBe(0);
    store.setPropertyRate(3000);
    expect(store.draft.siteShareRule.shareMode).toBe(2);
    expect(store.draft.siteShareRule.parties).toEqual([
      {
        userId: 10004,
        partyType: 2,
        name: '文新物业',
        phone: '13800138003',
        chargeRate: 3000,
        cardRate: 3000,
        coinRate: 3000,
        remark: '',
      },
    ]);
    // Another property takes over the party with the same rate (B §4 merchant: "keep its rate").
    store.setProperty({ merchantId: 10003, name: '翠苑物业', phone: '13800138002' });
    expect(store.draft.siteShareRule.parties).toEqual([
      expect.objectContaining({ userId: 10003, partyType: 2, name: '翠苑物业', chargeRate: 3000, coinRate: 3000 }),
    ]);
    store.setCosts({ electricBearer: 3, electricPrice: 60, channelFeeBearer: 3, platformFeeBearer: 1 });
    store.setProperty(null);
    expect(store.draft).toMatchObject({ merchantId: null, merchantName: '' });
    expect(store.draft.siteShareRule).toMatchObject({
      parties: [],
      electricBearer: 1,
      electricPrice: 0,
      channelFeeBearer: 3,
    });
    // Without a property a rate has nowhere to go.
    store.setPropertyRate(1000);
    expect(store.draft.siteShareRule.parties).toEqual([]);
  });

  it('writes the location of the map screen', () => {
    const store = new SiteDraftStore('400-800-1234');
    store.setLocation({
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      address: '文一路1号',
      longitude: 120.1,
      latitude: 30.2,
    });
    expect(store.draft).toMatchObject({ province: '浙江省', area: '西湖区', address: '文一路1号', longitude: 120.1 });
  });
});

describe('validation (B §1 /site/add "Validation")', () => {
  it('reports the first failing field in screen order with the design’s messages', () => {
    const cases: [Partial<SiteDraft>, string, string][] = [
      [{ name: '' }, 'name', '请输入站点名称'],
      [{ name: ' 站 ' }, 'name', '站点名称为2-30个字符'],
      [{ name: '站'.repeat(31) }, 'name', '站点名称为2-30个字符'],
      [{ name: '站点@1' }, 'name', '站点名称仅支持中文、字母、数字、空格及()（）-#'],
      [{ longitude: null }, 'location', '请选择站点位置'],
      [{ address: '  ' }, 'address', '请输入详细地址'],
      [{ address: '路'.repeat(61) }, 'address', '详细地址最多60个字'],
      [{ contacts: '赵' }, 'contacts', '请输入联系人姓名'],
      [{ contactsPhone: '12345678901' }, 'contactsPhone', '请输入正确的手机号'],
      [{ servicePhone: '110' }, 'servicePhone', '请输入正确的客服电话'],
    ];
    for (const [fields, field, message] of cases) {
      expect({ fields, failure: siteFormFailure(validDraft(fields), '') }).toEqual({
        fields,
        failure: { field, message },
      });
    }
    expect(siteFormFailure(validDraft({ name: 'A栋(南)-1#（东）' }), '')).toBeNull();
    for (const servicePhone of [
      '400-800-1234',
      '4008001234',
      '800-123-4567',
      '0571-88886666',
      '02188886666',
      '13900001111',
    ]) {
      expect(siteFormFailure(validDraft({ servicePhone }), '')).toBeNull();
    }
  });

  it('asks for the property rate (0–100, 2 decimals) and a consistent cost rule only with a property', () => {
    const withProperty = validDraft({ merchantId: 10004, merchantName: '文新物业' });
    expect(siteFormFailure(withProperty, '')).toEqual({ field: 'propertyRate', message: '分成比例需在0-100%之间' });
    expect(siteFormFailure(withProperty, '100.01')).toEqual({
      field: 'propertyRate',
      message: '分成比例需在0-100%之间',
    });
    expect(siteFormFailure(withProperty, '12.345')).toEqual({
      field: 'propertyRate',
      message: '分成比例需在0-100%之间',
    });
    // Electricity paid by the operator needs a price once a property is linked (B §1 expensesSet).
    expect(siteFormFailure(withProperty, '30')).toEqual({ field: 'costs', message: '电费单价需在0.01-2.00元/度之间' });
    const priced = { ...withProperty, siteShareRule: { ...withProperty.siteShareRule, electricPrice: 60 } };
    expect(siteFormFailure(priced, '30')).toBeNull();
    expect(siteFormFailure(priced, '0')).toBeNull();
    expect(siteFormFailure(priced, '100')).toBeNull();
    // Without a property: the rate is not asked; electricity must stay with the operator.
    const shared = validDraft({ siteShareRule: { ...validDraft().siteShareRule, electricBearer: 3 } });
    expect(siteFormFailure(shared, '')).toEqual({ field: 'costs', message: '请先选择物业' });
  });

  it('compares names as the server does', () => {
    expect(sameSiteName(' Test Site ', 'test site')).toBe(true);
    expect(sameSiteName('翠苑一区', '翠苑二区')).toBe(false);
  });
});

describe('SiteAddStore.submit (B §1 提交)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    apiMocks.addSite.mockReset();
    apiMocks.getSiteNameList.mockReset();
  });

  const call = <T>(value: T) => ({ send: () => Promise.resolve(value) });

  it('validates first, then refuses a name the caller already uses, without calling addSite', async () => {
    const drafts = new SiteDraftStore('400-800-1234');
    const store = new SiteAddStore(drafts, vi.fn());
    expect(await store.submit()).toEqual({ kind: 'invalid', failure: { field: 'name', message: '请输入站点名称' } });
    drafts.update(validDraft());
    apiMocks.getSiteNameList.mockReturnValue(call([{ id: 1, name: '古荡湾3栋车棚 ' }]));
    expect(await store.submit()).toEqual({ kind: 'invalid', failure: { field: 'name', message: '站点名称已存在' } });
    expect(apiMocks.getSiteNameList).toHaveBeenCalledWith('古荡湾3栋车棚');
    expect(apiMocks.addSite).not.toHaveBeenCalled();
  });

  it('posts the draft, clears it and marks the site list dirty; a second tap while posting is ignored', async () => {
    const drafts = new SiteDraftStore('400-800-1234');
    drafts.update(validDraft({ name: ' 古荡湾3栋车棚 ' }));
    drafts.setProperty(property);
    drafts.setCosts({ electricBearer: 1, electricPrice: 60, channelFeeBearer: 1, platformFeeBearer: 1 });
    const created = vi.fn();
    const store = new SiteAddStore(drafts, created);
    store.setRateInput('25.5');
    expect(drafts.propertyRate).toBe(2550);
    apiMocks.getSiteNameList.mockReturnValue(call([]));
    let resolve: (v: { id: number }) => void = () => undefined;
    apiMocks.addSite.mockReturnValue({ send: () => new Promise((r) => (resolve = r)) });
    const first = store.submit();
    await vi.waitFor(() => expect(apiMocks.addSite).toHaveBeenCalled());
    expect(store.submitting).toBe(true);
    expect(await store.submit()).toBeNull();
    resolve({ id: 42 });
    expect(await first).toEqual({ kind: 'created', id: 42 });
    expect(apiMocks.addSite).toHaveBeenCalledTimes(1);
    expect(apiMocks.addSite.mock.calls[0]?.[0]).toEqual({
      ...SITE_FIELDS,
      servicePhone: '400-800-1234',
      merchantId: 10004,
      siteShareRule: {
        shareMode: 2,
        electricBearer: 1,
        electricPrice: 60,
        channelFeeBearer: 1,
        platformFeeBearer: 1,
        parties: [
          {
            userId: 10004,
            partyType: 2,
            name: '文新物业',
            phone: '13800138003',
            chargeRate: 2550,
            cardRate: 2550,
            coinRate: 2550,
            remark: '',
          },
        ],
      },
    });
    expect(created).toHaveBeenCalledTimes(1);
    expect(drafts.draft).toEqual(emptySiteDraft('400-800-1234'));
    expect(store.submitting).toBe(false);
  });

  it('keeps the draft when addSite is refused (the request layer told the user)', async () => {
    const drafts = new SiteDraftStore('400-800-1234');
    drafts.update(validDraft());
    const store = new SiteAddStore(drafts, vi.fn());
    apiMocks.getSiteNameList.mockReturnValue(call([]));
    apiMocks.addSite.mockReturnValue({ send: () => Promise.reject(new Error('站点名称已存在')) });
    expect(await store.submit()).toEqual({ kind: 'failed' });
    expect(drafts.draft.name).toBe('古荡湾3栋车棚');
  });

  it('omits the property when none is linked and shows rates as percents', () => {
    expect(addSiteRequest(validDraft())).not.toHaveProperty('merchantId');
    expect(rateText(3000)).toBe('30');
    expect(rateText(1250)).toBe('12.5');
    expect(rateText(25)).toBe('0.25');
    expect(rateText(null)).toBe('');
  });
});
