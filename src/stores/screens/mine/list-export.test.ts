import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as exportsApi from '@/api/exports';
import { STORAGE_KEYS } from '@/config/constants';
import { readItem, writeItem } from '@/lib/storage';
import { dayOf, shiftDay } from '@/lib/time';
import { ChargerRecordsStore } from './charger-records';
import { ListExport } from './list-export';

vi.mock('@/api/exports', async (importOriginal) => ({
  ...(await importOriginal<typeof exportsApi>()),
  exportChargeOrders: vi.fn(() => Promise.resolve({ docId: 41 })),
}));
vi.mock('@/api/user', () => ({ getCommercialInfo: vi.fn(() => Promise.resolve({ email: 'boss@yichong-hz.cn' })) }));
const api = vi.mocked(exportsApi);

describe('导出 of a rider list (ListExport)', () => {
  beforeEach(() => {
    api.exportChargeOrders.mockClear();
    localStorage.clear();
  });

  it('prefills the last e-mail used, else the merchant’s', async () => {
    const first = new ListExport(1);
    await first.show();
    expect(first.email).toBe('boss@yichong-hz.cn');
    writeItem('local', STORAGE_KEYS.exportEmail, 'last@yichong-hz.cn');
    const second = new ListExport(1);
    await second.show();
    expect(second.email).toBe('last@yichong-hz.cn');
  });

  it('refuses a bad e-mail or a range over 92 days without sending', async () => {
    const exporter = new ListExport(1);
    const call = vi.fn(() => Promise.resolve({ docId: 1 }));
    const today = dayOf(Date.now());
    exporter.setEmail('boss@');
    expect(await exporter.submit({ startDate: today, endDate: today }, call)).toEqual({
      ok: false,
      text: '请输入正确的邮箱地址',
    });
    exporter.setEmail('boss@yichong-hz.cn');
    expect(await exporter.submit({ startDate: shiftDay(today, -92), endDate: today }, call)).toEqual({
      ok: false,
      text: '导出时间跨度不能超过92天',
    });
    expect(call).not.toHaveBeenCalled();
  });

  it('sends the charging list’s tab and filters once, remembers the e-mail and offers the download centre', async () => {
    const store = new ChargerRecordsStore({ siteId: 3, chargerId: 9 });
    store.setTab(2);
    store.setPayType(1);
    store.setKeyword(' 1380013 ');
    store.exporter.setEmail(' orders@yichong-hz.cn ');
    const [answer, repeat] = await Promise.all([store.exportList(), store.exportList()]);
    expect(answer).toEqual({ ok: true, text: '导出任务已提交，完成后将发送至邮箱' });
    expect(repeat).toBeNull(); // the second tap while the first runs sends nothing
    expect(api.exportChargeOrders).toHaveBeenCalledTimes(1);
    expect(api.exportChargeOrders.mock.calls[0]?.[0]).toMatchObject({
      startDate: store.startDate,
      endDate: store.endDate,
      siteId: 3,
      chargerId: 9,
      payType: 1,
      keyword: '1380013',
      tab: 2,
      email: 'orders@yichong-hz.cn',
    });
    expect(api.exportChargeOrders.mock.calls[0]?.[0].requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(store.exporter.started).toBe(41);
    expect(readItem('local', STORAGE_KEYS.exportEmail)).toBe('orders@yichong-hz.cn');
  });
});
