import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AccountsApi from '@/api/accounts';
import type { SubAccount } from '@/api/accounts';
import {
  normalizeSubAccountPermissions,
  permissionSummary,
  siteScopeSummary,
  subAccountPermissionError,
} from '@/api/accounts-rules';
import { subAccountsCache } from '@/stores/domain/sub-accounts';
import { RootStore } from '@/stores/root';
import { keptScreenStore } from '@/stores/screen-store';
import type { Platform } from '@platform/types';
import { SubAccountFormStore, SubAccountListStore } from './sub-accounts';

const api = vi.hoisted(() => ({
  getSubAccounts: vi.fn(),
  getSubAccount: vi.fn(),
  addSubAccount: vi.fn(),
  editSubAccount: vi.fn(),
  simpleSiteList: vi.fn(),
}));

vi.mock('@/api/accounts', async (importOriginal) => ({
  ...(await importOriginal<typeof AccountsApi>()),
  getSubAccounts: api.getSubAccounts,
  getSubAccount: api.getSubAccount,
  addSubAccount: api.addSubAccount,
  editSubAccount: api.editSubAccount,
}));

vi.mock('@/api/site-settings', () => ({ simpleSiteList: api.simpleSiteList }));

const SITES = [
  { id: 1, name: '翠苑一区车棚' },
  { id: 2, name: '翠苑二区车棚' },
  { id: 3, name: '文新公寓车棚' },
];

const LI_NA: SubAccount = {
  id: 10005,
  name: '李娜',
  phone: '13800138004',
  status: 1,
  permissions: ['site:view', 'order:view', 'income:view', 'bill:view'],
  dataScope: 2,
  siteIds: [1, 2],
  remark: '',
  createTime: 1,
  lastLoginTime: null,
};

function root(): RootStore {
  localStorage.setItem('TOKEN', 't'.repeat(32));
  localStorage.setItem('PERMISSION', JSON.stringify(['home', 'subAccount']));
  localStorage.setItem('ExtendPermission', JSON.stringify({ accountType: 1, mainAccountId: 10001 }));
  return new RootStore({} as unknown as Platform);
}

beforeEach(() => {
  vi.clearAllMocks();
  api.simpleSiteList.mockResolvedValue(SITES);
  api.getSubAccount.mockResolvedValue(LI_NA);
  api.addSubAccount.mockResolvedValue({ id: 10100 });
  api.editSubAccount.mockResolvedValue(null);
});

/** C-mine.md Business rule 20 and the list's texts. */
describe('the rules of sub-account permissions', () => {
  it('adds home and the implied codes, in the contract order', () => {
    expect(normalizeSubAccountPermissions(['withdraw', 'bank'])).toEqual(['home', 'income:view', 'withdraw', 'bank']);
    expect(normalizeSubAccountPermissions(['order:refund'])).toEqual(['home', 'order:view', 'order:refund']);
    expect(normalizeSubAccountPermissions(['card:view', 'card:view'])).toEqual(['home', 'card:view']);
  });

  it('refuses codes a sub-account never holds, and an empty choice', () => {
    expect(subAccountPermissionError(['agent'])).toBe('权限不可分配给子账号');
    expect(subAccountPermissionError(['order:view', 'tenement'])).toBe('权限不可分配给子账号');
    expect(subAccountPermissionError(['home'])).toBe('请至少选择一项权限');
    expect(subAccountPermissionError([])).toBe('请至少选择一项权限');
    expect(subAccountPermissionError(['home', 'message'])).toBeNull();
  });

  it('summarises the groups held and the site scope as the list shows them', () => {
    expect(permissionSummary(['home'])).toBe('无');
    expect(permissionSummary(['order:view'])).toBe('订单查看');
    expect(permissionSummary(['site:view', 'card:view', 'order:view', 'income:view', 'message'])).toBe(
      '站点管理、卡片管理等5项',
    );
    expect(siteScopeSummary(1, [])).toBe('全部站点');
    expect(siteScopeSummary(2, [1, 2, 3])).toBe('指定3个站点');
  });
});

describe('SubAccountListStore', () => {
  it('counts against the limit of 20 and reloads when a sub-account changed', async () => {
    const r = root();
    const list = new SubAccountListStore(r);
    expect(list.countText).toBe('共 -- 个 · 最多20个');
    list.setTotal(19);
    expect(list.full).toBe(false);
    list.setTotal(20);
    expect(list.full).toBe(true);
    expect(list.countText).toBe('共 20 个 · 最多20个');
    const before = JSON.stringify(list.watch);
    await keptScreenStore(r, subAccountsCache).invalidate();
    expect(JSON.stringify(list.watch)).not.toBe(before);
  });
});

describe('SubAccountFormStore', () => {
  it('validates a new sub-account in the form order and creates it with its codes', async () => {
    const r = root();
    const form = new SubAccountFormStore(r, null);
    await form.load();
    expect(form.dirty).toBe(false);
    expect(await form.save()).toEqual({ error: '请输入姓名' });
    form.set('name', '王芳');
    expect(form.error).toBe('请输入正确的11位手机号');
    form.set('phone', '13912345678');
    expect(form.error).toBe('密码需为6-20位字母和数字组合');
    form.set('password', 'abc12345');
    expect(form.error).toBe('请至少选择一项权限');
    form.toggleGroup('withdraw');
    // 提现 ticks 收入查看 with it (rule 20).
    expect(form.groupState('withdraw')).toBe('all');
    expect(form.groupState('income')).toBe('all');
    form.setDataScope(2);
    expect(form.error).toBe('请选择站点');
    form.toggleSite(3);
    expect(form.chosenSites).toEqual([SITES[2]]);
    expect(form.dirty).toBe(true);

    expect(await form.save()).toBe('added');
    expect(api.addSubAccount).toHaveBeenCalledWith({
      name: '王芳',
      phone: '13912345678',
      password: 'abc12345',
      permissions: expect.arrayContaining(['home', 'income:view', 'bill:view', 'withdraw', 'bank']) as string[],
      dataScope: 2,
      siteIds: [3],
      remark: '',
    });
    expect(form.dirty).toBe(false);
  });

  it('unticking 收入查看 unticks 提现 too; a partly held group shows half-ticked and ticks whole', async () => {
    const form = new SubAccountFormStore(root(), 10005);
    await form.load();
    expect(form.fields.name).toBe('李娜');
    // 李娜 holds site:view without site:edit.
    expect(form.groupState('site')).toBe('some');
    form.toggleGroup('site');
    expect(form.groupState('site')).toBe('all');
    form.toggleGroup('withdraw');
    form.toggleGroup('income');
    expect(form.groupState('income')).toBe('none');
    expect(form.groupState('withdraw')).toBe('none');
    form.toggleGroup('orderRefund');
    expect(form.groupState('orderView')).toBe('all');
    form.toggleGroup('orderView');
    expect(form.groupState('orderRefund')).toBe('none');
  });

  it('edits without a password, disables, and invalidates the sub-account once saved', async () => {
    const r = root();
    const form = new SubAccountFormStore(r, 10005);
    await form.load();
    expect(form.dirty).toBe(false);
    expect(form.error).toBeNull();
    form.setStatus(2);
    expect(form.dirty).toBe(true);
    const changes = keptScreenStore(r, subAccountsCache).changes;
    // Two taps: one save.
    const [first, second] = await Promise.all([form.save(), form.save()]);
    expect([first, second]).toContain('saved');
    expect(api.editSubAccount).toHaveBeenCalledTimes(1);
    expect(api.editSubAccount).toHaveBeenCalledWith({
      id: 10005,
      name: '李娜',
      permissions: LI_NA.permissions,
      dataScope: 2,
      siteIds: [1, 2],
      remark: '',
      status: 2,
    });
    expect(keptScreenStore(r, subAccountsCache).changes).toBe(changes + 1);
    expect(api.getSubAccount).toHaveBeenCalledTimes(2);
  });

  it('a password typed when editing must follow the rule, and is sent', async () => {
    const form = new SubAccountFormStore(root(), 10005);
    await form.load();
    form.set('password', 'short');
    expect(form.error).toBe('密码需为6-20位字母和数字组合');
    form.set('password', 'newpass88');
    expect(await form.save()).toBe('saved');
    expect(api.editSubAccount).toHaveBeenCalledWith(expect.objectContaining({ password: 'newpass88' }));
  });
});
