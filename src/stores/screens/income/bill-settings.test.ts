import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BillSettingsApi from '@/api/bill-settings';
import type * as StatementsApi from '@/api/statements';
import { BillSettingsStore, draftErrors, type SettingDraft } from './bill-settings';

const api = vi.hoisted(() => ({
  getBillSettings: vi.fn(),
  saveBillSetting: vi.fn(),
  editBillSetting: vi.fn(),
  deleteBillSetting: vi.fn(),
  getSiteBills: vi.fn(),
}));

vi.mock('@/api/bill-settings', async (importOriginal) => ({
  ...(await importOriginal<typeof BillSettingsApi>()),
  getBillSettings: api.getBillSettings,
  saveBillSetting: api.saveBillSetting,
  editBillSetting: api.editBillSetting,
  deleteBillSetting: api.deleteBillSetting,
}));
vi.mock('@/api/statements', async (importOriginal) => ({
  ...(await importOriginal<typeof StatementsApi>()),
  getSiteBills: api.getSiteBills,
}));

beforeEach(() => {
  vi.clearAllMocks();
  api.getBillSettings.mockResolvedValue({ list: [], total: 0 });
  api.saveBillSetting.mockResolvedValue({ id: 3 });
  api.editBillSetting.mockResolvedValue(null);
  api.getSiteBills.mockResolvedValue({ list: [], total: 0, sum: {} });
});

const valid: SettingDraft = {
  id: null,
  merchantId: 10003,
  siteIds: [1, 2],
  billDay: 12,
  visibleToProperty: true,
  email: 'bills@cuiyuan-wy.cn',
};

/** The settings form's rules (D-income.md §4 siteBill "Validation (settings form)"). */
describe('draftErrors', () => {
  it('accepts a complete draft, with or without an e-mail', () => {
    expect(draftErrors(valid)).toBeNull();
    expect(draftErrors({ ...valid, email: '' })).toBeNull();
    expect(draftErrors({ ...valid, email: '   ' })).toBeNull();
  });

  it('asks for a property and at least one site', () => {
    expect(draftErrors({ ...valid, merchantId: null })).toBe('请选择物业');
    expect(draftErrors({ ...valid, siteIds: [] })).toBe('请至少选择一个站点');
  });

  it('takes bill days 1 to 28 only', () => {
    expect(draftErrors({ ...valid, billDay: 1 })).toBeNull();
    expect(draftErrors({ ...valid, billDay: 28 })).toBeNull();
    for (const billDay of [0, 29, 31, -1, 5.5, Number.NaN])
      expect(draftErrors({ ...valid, billDay }), String(billDay)).toBe('出账日须为1–28日');
  });

  it('takes an e-mail only in the export rule’s format', () => {
    for (const email of ['a@b', 'bills@', '@cuiyuan.cn', 'bills cuiyuan@163.com', `${'a'.repeat(45)}@b.com`])
      expect(draftErrors({ ...valid, email }), email).toBe('请输入正确的邮箱地址');
    expect(draftErrors({ ...valid, email: ' bills@cuiyuan-wy.cn ' })).toBeNull();
  });
});

describe('BillSettingsStore.save', () => {
  const store = () => new BillSettingsStore(() => 'firstCommPropertyBill', vi.fn());

  it('answers the first problem and sends nothing while the draft is wrong', async () => {
    const s = store();
    s.startForm(null);
    expect(await s.save()).toBe('请选择物业');
    s.setMerchant(10003);
    expect(await s.save()).toBe('请至少选择一个站点');
    s.toggleSite(1);
    s.setBillDay(29);
    expect(await s.save()).toBe('出账日须为1–28日');
    s.setBillDay(28);
    s.setEmail('bills@cuiyuan');
    expect(await s.save()).toBe('请输入正确的邮箱地址');
    expect(api.saveBillSetting).not.toHaveBeenCalled();
    expect(api.editBillSetting).not.toHaveBeenCalled();
  });

  it('saves a new setting with the chosen day and the trimmed e-mail; no e-mail field when blank', async () => {
    const onChanged = vi.fn();
    const s = new BillSettingsStore(() => 'firstCommPropertyBill', onChanged);
    s.startForm(null);
    s.setMerchant(10003);
    s.toggleSite(1);
    s.toggleSite(2);
    s.toggleSite(1);
    s.setBillDay(12);
    s.setEmail(' bills@cuiyuan-wy.cn ');
    expect(await s.save()).toBe('保存成功');
    expect(api.saveBillSetting).toHaveBeenCalledWith({
      merchantId: 10003,
      siteIds: [2],
      billDay: 12,
      visibleToProperty: 1,
      email: 'bills@cuiyuan-wy.cn',
    });
    expect(s.draft).toBeNull();
    expect(onChanged).toHaveBeenCalledOnce();

    s.startForm({
      id: 7,
      merchantId: 10004,
      merchantName: '文新物业',
      siteIds: [3],
      siteNames: ['文新3号'],
      sites: [],
      billDay: 5,
      visibleToProperty: 0,
      email: 'old@wenxin.cn',
      updateTime: 0,
    });
    s.setEmail('  ');
    expect(await s.save()).toBe('保存成功');
    expect(api.editBillSetting).toHaveBeenCalledWith({
      id: 7,
      merchantId: 10004,
      siteIds: [3],
      billDay: 5,
      visibleToProperty: 0,
    });
  });

  it('keeps the form when the server refuses (the request layer told why)', async () => {
    api.saveBillSetting.mockRejectedValueOnce(new Error('站点已在其他账单设置中'));
    const s = store();
    s.startForm(null);
    s.setMerchant(10003);
    s.toggleSite(1);
    expect(await s.save()).toBeNull();
    expect(s.draft).toMatchObject({ merchantId: 10003, siteIds: [1], billDay: 1 });
  });
});
