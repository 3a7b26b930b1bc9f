import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '@platform/types';
import type * as UserApi from '@/api/user';
import { RootStore } from '@/stores/root';
import { editError, MineSetStore } from './mine-set';

const api = vi.hoisted(() => ({
  checkoutMerchantInfo: vi.fn(),
  replenishMerchantInfo: vi.fn(),
  logout: vi.fn(),
  getHelpArticle: vi.fn(),
  updatePhoneMessageInfo: vi.fn(),
  getCommercialInfo: vi.fn(),
}));

vi.mock('@/api/mine-set', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  checkoutMerchantInfo: api.checkoutMerchantInfo,
  replenishMerchantInfo: api.replenishMerchantInfo,
  logout: api.logout,
  getHelpArticle: api.getHelpArticle,
}));
vi.mock('@/api/messages', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  updatePhoneMessageInfo: api.updatePhoneMessageInfo,
}));
vi.mock('@/api/user', async (importOriginal) => ({
  ...(await importOriginal<typeof UserApi>()),
  getCommercialInfo: api.getCommercialInfo,
}));

function loggedIn(): RootStore {
  localStorage.setItem('TOKEN', 't'.repeat(32));
  localStorage.setItem('PERMISSION', JSON.stringify(['message']));
  localStorage.setItem('ExtendPermission', JSON.stringify({ accountType: 1, mainAccountId: 10001 }));
  return new RootStore({ previewImage: vi.fn() } as unknown as Platform);
}

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
  api.getCommercialInfo.mockResolvedValue({
    accountType: 1,
    phone: '13800138000',
    contacts: '陈建国',
    shortName: '杭州易充科技',
    alarmPhone: '13800138000',
    onMessage: 1,
    phoneMessageReceive: 1,
  });
  api.checkoutMerchantInfo.mockResolvedValue({ complete: false, missingFields: ['email'] });
});

describe('the settings centre', () => {
  it('refuses each field by its rule', () => {
    expect(editError('shortName', '易')).toBe('商户简称为2-12个字');
    expect(editError('contacts', '陈')).toBe('请输入联系人姓名');
    expect(editError('servicePhone', '12345')).toBe('请输入正确的客服电话');
    expect(editError('servicePhone', '0571-88886666')).toBeNull();
    expect(editError('email', 'a@b')).toBe('请输入正确的邮箱地址');
    expect(editError('alarmPhone', '1380013800')).toBe('请输入正确的手机号');
    expect(editError('alarmPhone', '13900001111')).toBeNull();
  });

  it('shows the refusal without calling, then saves once and reloads merchant info and the missing fields', async () => {
    const store = new MineSetStore(loggedIn());
    await store.load();
    expect(store.missing('email')).toBe(true);
    expect(store.missing('contacts')).toBe(false);
    store.startEdit('contacts');
    expect(store.draft).toBe('陈建国');
    store.setDraft('陈');
    expect(await store.saveEdit()).toBeNull();
    expect(store.error).toBe('请输入联系人姓名');
    expect(api.replenishMerchantInfo).not.toHaveBeenCalled();

    store.setDraft('陈小明');
    let finish!: () => void;
    api.replenishMerchantInfo.mockReturnValueOnce(new Promise<null>((resolve) => (finish = () => resolve(null))));
    const saving = store.saveEdit();
    expect(await store.saveEdit()).toBeNull(); // a second tap while saving
    finish();
    expect(await saving).toBe('保存成功');
    expect(api.replenishMerchantInfo).toHaveBeenCalledTimes(1);
    expect(api.replenishMerchantInfo).toHaveBeenCalledWith('contacts', '陈小明');
    expect(store.editing).toBeNull();
    expect(api.checkoutMerchantInfo).toHaveBeenCalledTimes(2);
  });

  it('saves the alarm phone through updatePhoneMessageInfo; a failing switch shows the stored value again', async () => {
    const root = loggedIn();
    const store = new MineSetStore(root);
    await store.load();
    store.startEdit('alarmPhone');
    store.setDraft('13900001111');
    api.updatePhoneMessageInfo.mockResolvedValueOnce({
      onMessage: 1,
      phoneMessageReceive: 1,
      alarmPhone: '13900001111',
    });
    expect(await store.saveEdit()).toBe('设置已更新');
    expect(api.updatePhoneMessageInfo).toHaveBeenCalledWith({ alarmPhone: '13900001111' });

    api.updatePhoneMessageInfo.mockRejectedValueOnce(new Error('网络异常'));
    const flipping = store.setSwitch('phoneMessageReceive', false);
    expect(store.switchOn('phoneMessageReceive')).toBe(false);
    expect(await flipping).toBeNull();
    expect(store.switchOn('phoneMessageReceive')).toBe(true);
  });

  it('logout forgets the login only once the server answered', async () => {
    const root = loggedIn();
    const store = new MineSetStore(root);
    await store.load();
    root.deviceInstalments.set([
      {
        siteId: 1,
        siteName: '站点1',
        planId: 1,
        deviceCount: 1,
        totalAmount: 100,
        paidAmount: 0,
        remainingAmount: 100,
        proportion: 8,
        status: 1,
      },
    ]);
    api.logout.mockRejectedValueOnce(new Error('网络异常'));
    expect(await store.logout()).toBe(false);
    expect(root.session.token).not.toBeNull();
    expect(root.deviceInstalments.siteInstalmentList).toHaveLength(1);
    api.logout.mockResolvedValueOnce(null);
    expect(await store.logout()).toBe(true);
    expect(root.session.token).toBeNull();
    expect(localStorage.getItem('TOKEN')).toBeNull();
    expect(localStorage.getItem('PERMISSION')).toBeNull();
    expect(root.merchant.base.loaded).toBe(false);
    // the next account's 扣款明细 picker must not offer this account's sites
    expect(root.deviceInstalments.siteInstalmentList).toEqual([]);
  });
});
