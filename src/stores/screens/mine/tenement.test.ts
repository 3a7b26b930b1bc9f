import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as TenementApi from '@/api/tenement';
import { TenementInfoStore, TenementListStore } from './tenement';

const api = vi.hoisted(() => ({
  viewPropertyAccount: vi.fn(),
  createPropertyAccount: vi.fn(),
  updatePropertyAccount: vi.fn(),
  deletePropertyAccount: vi.fn(),
  getMerchantHomePage: vi.fn(),
  getCommercialByPhone: vi.fn(),
  getPropertyList: vi.fn(),
}));

vi.mock('@/api/tenement', async (importOriginal) => ({
  ...(await importOriginal<typeof TenementApi>()),
  viewPropertyAccount: api.viewPropertyAccount,
  createPropertyAccount: api.createPropertyAccount,
  updatePropertyAccount: api.updatePropertyAccount,
  deletePropertyAccount: api.deletePropertyAccount,
}));
vi.mock('@/api/home', () => ({ getMerchantHomePage: api.getMerchantHomePage }));
vi.mock('@/api/site-settings', () => ({ getCommercialByPhone: api.getCommercialByPhone }));
vi.mock('@/api/site', () => ({ getPropertyList: api.getPropertyList }));

const WITHOUT_LOGIN = {
  merchant: { merchantId: 10004, name: '文新物业', contacts: '吴立新', phone: '13800138003' },
  account: null,
};

beforeEach(() => {
  vi.clearAllMocks();
  api.viewPropertyAccount.mockResolvedValue(WITHOUT_LOGIN);
  api.getMerchantHomePage.mockResolvedValue({ summary: { siteCount: 0 } });
  api.getCommercialByPhone.mockResolvedValue({ exists: false });
  api.createPropertyAccount.mockResolvedValue({ accountId: 10100 });
  api.updatePropertyAccount.mockResolvedValue(null);
  api.deletePropertyAccount.mockResolvedValue(null);
});

/** C-mine.md /mine/tenement-list/base/info Validation and Actions. */
describe('TenementInfoStore', () => {
  it('a new property: its fields in order, the login when switched on, and the list told', async () => {
    const list = new TenementListStore();
    const store = new TenementInfoStore(list, null);
    expect(store.propertyError).toBe('请输入物业名称');
    store.setProperty('name', '古荡物业');
    expect(store.propertyError).toBe('请输入联系人姓名');
    store.setProperty('contacts', '钱多多');
    store.setProperty('contactPhone', '1391111');
    expect(store.propertyError).toBe('请输入正确的11位手机号');
    store.setProperty('contactPhone', '13911110001');
    expect(store.propertyError).toBeNull();
    store.setWithLogin(true);
    // The login defaults to the property's phone and name.
    expect(store.login).toMatchObject({ loginPhone: '13911110001', accountName: '古荡物业' });
    expect(store.propertyError).toBe('密码需为6-20位字母和数字组合');
    store.setLogin('password', 'abc12345');
    expect(store.propertyError).toBe('两次输入的密码不一致');
    store.setLogin('confirm', 'abc12345');
    const version = list.version;
    expect(await store.createProperty()).toEqual({ merchantId: 10100 });
    expect(api.createPropertyAccount).toHaveBeenCalledWith({
      name: '古荡物业',
      contacts: '钱多多',
      contactPhone: '13911110001',
      loginPhone: '13911110001',
      accountName: '古荡物业',
      password: 'abc12345',
    });
    expect(list.version).toBe(version + 1);
  });

  it('refuses a login phone another account uses, without calling create', async () => {
    api.getCommercialByPhone.mockResolvedValue({ exists: true, userId: 10001, name: '杭州易充科技' });
    const store = new TenementInfoStore(new TenementListStore(), 10004);
    await store.load();
    expect(store.login.loginPhone).toBe('13800138003');
    store.setLogin('password', 'abc12345');
    store.setLogin('confirm', 'abc12345');
    expect(await store.openLogin()).toEqual({ error: '该手机号已被其他账号使用' });
    expect(api.createPropertyAccount).not.toHaveBeenCalled();
  });

  it('opens, resets the password through its sheet, and deletes the login, once at a time', async () => {
    const store = new TenementInfoStore(new TenementListStore(), 10004);
    await store.load();
    store.setLogin('password', 'abc12345');
    store.setLogin('confirm', 'abc12345');
    const [a, b] = await Promise.all([store.openLogin(), store.openLogin()]);
    expect([a, b]).toContain(true);
    expect(api.createPropertyAccount).toHaveBeenCalledTimes(1);
    expect(api.createPropertyAccount).toHaveBeenCalledWith({
      merchantId: 10004,
      loginPhone: '13800138003',
      name: '文新物业',
      password: 'abc12345',
    });

    store.openSheet('password');
    store.setSheetField('password', 'newpass88');
    store.setSheetField('confirm', 'newpass8');
    expect(await store.saveSheet()).toEqual({ error: '两次输入的密码不一致' });
    store.setSheetField('confirm', 'newpass88');
    expect(await store.saveSheet()).toBe('密码已重置');
    expect(api.updatePropertyAccount).toHaveBeenCalledWith({ accountId: 10004, password: 'newpass88' });
    expect(store.sheet).toBeNull();

    expect(await store.deleteLogin()).toBe(true);
    expect(api.deletePropertyAccount).toHaveBeenCalledWith(10004);
  });
});
