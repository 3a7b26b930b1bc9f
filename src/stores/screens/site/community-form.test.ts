import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SiteApi from '@/api/site';
import { communityFields, communityFormFailure, CommunityFormStore, emptyCommunityForm } from './community-form';

const apiMocks = vi.hoisted(() => ({ addCommunity: vi.fn(), modifyCommunity: vi.fn() }));
vi.mock('@/api/site', async (importOriginal) => ({
  ...(await importOriginal<typeof SiteApi>()),
  addCommunity: apiMocks.addCommunity,
  modifyCommunity: apiMocks.modifyCommunity,
}));

/** B-site.md §1 "/site" community form: validation messages, the request, the save flow. */

const filled = {
  ...emptyCommunityForm(),
  name: '古荡湾新村',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  address: '古荡湾路8号',
};

describe('communityFormFailure', () => {
  it('checks the fields in order with the design’s messages', () => {
    const cases: [Partial<typeof filled>, string][] = [
      [{ name: ' ' }, '请输入小区名称'],
      [{ name: '古' }, '请输入小区名称'],
      [{ name: '古'.repeat(31) }, '小区名称最多30个字'],
      [{ province: '' }, '请选择所在地区'],
      [{ area: '' }, '请选择所在地区'],
      [{ address: '' }, '请输入详细地址'],
      [{ address: '路'.repeat(61) }, '详细地址最多60个字'],
      [{ householdText: '-1' }, '户数请输入0-99999的整数'],
      [{ householdText: '100000' }, '户数请输入0-99999的整数'],
      [{ householdText: '12.5' }, '户数请输入0-99999的整数'],
      [{ propertyName: '物'.repeat(31) }, '物业公司最多30个字'],
      [{ remark: '备'.repeat(101) }, '备注最多100个字'],
    ];
    for (const [fields, message] of cases) {
      expect({ fields, message: communityFormFailure({ ...filled, ...fields }) }).toEqual({ fields, message });
    }
    expect(communityFormFailure(filled)).toBeNull();
    expect(communityFormFailure({ ...filled, householdText: '99999' })).toBeNull();
  });

  it('sends trimmed texts and the optional fields only when filled', () => {
    expect(
      communityFields({ ...filled, name: ' 古荡湾新村 ', householdText: ' 0 ', propertyName: '', remark: ' ' }),
    ).toEqual({
      name: '古荡湾新村',
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      address: '古荡湾路8号',
      householdCount: 0,
    });
  });
});

describe('CommunityFormStore', () => {
  beforeEach(() => {
    apiMocks.addCommunity.mockReset();
    apiMocks.modifyCommunity.mockReset();
  });

  it('adds a new community, closes and notifies; edits an existing one with its id', async () => {
    const saved = vi.fn();
    const store = new CommunityFormStore(saved);
    store.open();
    expect(await store.save()).toEqual({ kind: 'invalid', message: '请输入小区名称' });
    for (const [k, v] of Object.entries(filled)) store.set(k as keyof typeof filled, v);
    apiMocks.addCommunity.mockReturnValue({ send: () => Promise.resolve({ id: 9 }) });
    expect(await store.save()).toEqual({ kind: 'saved' });
    expect(apiMocks.addCommunity).toHaveBeenCalledWith(expect.objectContaining({ name: '古荡湾新村' }));
    expect(store.visible).toBe(false);
    expect(saved).toHaveBeenCalledTimes(1);

    store.open({
      id: 9,
      name: '古荡湾新村',
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      address: '古荡湾路8号',
      householdCount: 300,
      propertyName: null,
      remark: null,
      siteCount: 0,
      whiteCount: 0,
      createTime: 0,
    });
    expect(store.values.householdText).toBe('300');
    store.setRegion({ province: '浙江省', city: '杭州市', area: '拱墅区' });
    apiMocks.modifyCommunity.mockReturnValue({ send: () => Promise.reject(new Error('小区名称已存在')) });
    expect(await store.save()).toEqual({ kind: 'failed' });
    expect(store.visible).toBe(true);
    expect(apiMocks.modifyCommunity).toHaveBeenCalledWith(
      expect.objectContaining({ id: 9, area: '拱墅区', householdCount: 300 }),
    );
    expect(saved).toHaveBeenCalledTimes(1);
  });
});
