import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SiteApi from '@/api/site';
import type * as SiteSettingsApi from '@/api/site-settings';
import { wgs84ToGcj02 } from '@/lib/coords';
import { SiteDraftStore } from '@/stores/domain/drafts';
import { SitesStore } from '@/stores/domain/sites';
import { cityOrProvince, composeAddress, locateFailureText, MapLocationStore } from './map-location';

const apiMocks = vi.hoisted(() => ({ getSiteBaseInfo: vi.fn(), modifySite: vi.fn() }));
vi.mock('@/api/site', async (importOriginal) => ({
  ...(await importOriginal<typeof SiteApi>()),
  getSiteBaseInfo: apiMocks.getSiteBaseInfo,
}));
vi.mock('@/api/site-settings', async (importOriginal) => ({
  ...(await importOriginal<typeof SiteSettingsApi>()),
  modifySite: apiMocks.modifySite,
}));

/** B-site.md §4 /site/siteInfo/siteData/maplocation and §0.5. */

const call = <T>(value: T) => ({ send: () => Promise.resolve(value) });

describe('address and region helpers', () => {
  it('builds the address from the POI and the street detail, without the region prefix, at most 60 characters', () => {
    const region = { province: '浙江省', city: '杭州市', area: '西湖区' };
    expect(composeAddress('翠苑一区', '浙江省杭州市西湖区文三路翠苑一区', region)).toBe('文三路翠苑一区');
    expect(composeAddress('3栋车棚', '浙江省杭州市西湖区文三路', region)).toBe('文三路3栋车棚');
    expect(composeAddress('', '浙江省杭州市西湖区文三路', region)).toBe('文三路');
    expect(composeAddress('长'.repeat(70), '', region)).toHaveLength(60);
  });

  it('uses the province as city in municipalities', () => {
    expect(cityOrProvince([], '北京市')).toBe('北京市');
    expect(cityOrProvince('', '上海市')).toBe('上海市');
    expect(cityOrProvince('杭州市', '浙江省')).toBe('杭州市');
  });

  it('explains a failed positioning', () => {
    expect(locateFailureText('denied')).toContain('未获得定位权限');
    expect(locateFailureText('timeout')).toContain('定位超时');
  });
});

describe('MapLocationStore', () => {
  beforeEach(() => {
    sessionStorage.clear();
    apiMocks.getSiteBaseInfo.mockReset();
    apiMocks.modifySite.mockReset();
    vi.unstubAllGlobals();
  });

  it('from=add: starts from the draft, locates by the browser in GCJ-02, checks the area and writes the draft', async () => {
    const drafts = new SiteDraftStore('400-800-1234');
    drafts.update({ address: '文三路1号' });
    const store = new MapLocationStore(new SitesStore(), { kind: 'add' }, drafts);
    expect(store.picked.address).toBe('文三路1号');
    expect(store.confirmFailure()).toBe('请选择位置');
    vi.stubGlobal('navigator', {
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { longitude: 120.1192, latitude: 30.278 } } as GeolocationPosition),
      },
    });
    expect(await store.locate()).toBeNull();
    expect(store.point).toEqual(wgs84ToGcj02([120.1192, 30.278]));
    expect(store.confirmFailure()).toBe('请选择所在地区');
    store.setRegion({ province: '香港特别行政区', city: '香港岛', area: '中西区', provinceAdcode: '810000' });
    expect(store.confirmFailure()).toBe('暂不支持港澳台地区站点');
    store.setRegion({ province: '浙江省', city: '杭州市', area: '西湖区', provinceAdcode: '330000' });
    store.setAddress(' ');
    expect(store.confirmFailure()).toBe('请输入详细地址');
    store.setAddress(' 文三路2号 ');
    expect(store.confirmFailure()).toBeNull();
    store.applyToDraft();
    expect(drafts.draft).toMatchObject({
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      address: '文三路2号',
      longitude: store.point?.[0],
      latitude: store.point?.[1],
    });
    store.setPoint([150, 30]);
    expect(store.confirmFailure()).toBe('请选择中国大陆范围内的位置');
  });

  it('with siteId: loads the site and saves the location through modifySite', async () => {
    apiMocks.getSiteBaseInfo.mockResolvedValue({
      name: '古荡新村充电站',
      editable: true,
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      address: '古荡新村',
      longitude: 120.11,
      latitude: 30.27,
    } as never);
    const store = new MapLocationStore(
      new SitesStore(),
      { kind: 'edit', siteId: 6 },
      new SiteDraftStore('400-800-1234'),
    );
    expect(store.loaded).toBe(false);
    expect(await store.load()).toBe(true);
    expect(apiMocks.getSiteBaseInfo).toHaveBeenCalledWith(6);
    expect(store).toMatchObject({ loaded: true, readOnly: false, siteName: '古荡新村充电站' });
    store.setPoint([120.1234567, 30.2712345]);
    apiMocks.modifySite.mockReturnValue(call({ id: 6 }));
    expect(await store.saveToSite()).toBe(true);
    expect(apiMocks.modifySite).toHaveBeenCalledWith({
      siteId: 6,
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      address: '古荡新村',
      longitude: 120.123457,
      latitude: 30.271235,
    });
    apiMocks.modifySite.mockReturnValue({ send: () => Promise.reject(new Error('无操作权限')) });
    expect(await store.saveToSite()).toBe(false);
    expect(store.saving).toBe(false);
  });

  it('with siteId: a site that cannot be read reports false (the screen goes back to the list)', async () => {
    apiMocks.getSiteBaseInfo.mockRejectedValue(new Error('站点不存在或无权查看'));
    const store = new MapLocationStore(
      new SitesStore(),
      { kind: 'edit', siteId: 999 },
      new SiteDraftStore('400-800-1234'),
    );
    expect(await store.load()).toBe(false);
  });
});
