import { describe, expect, it } from 'vitest';
import { dateRangeError } from '@/api/remote-rules';
import { RemoteRecordsStore, remoteFormError } from './remote-charge';

/** C-mine.md remoteCharge "Validation" and the section's date-range rule (recordOfremote). */
describe('remoteFormError', () => {
  const form = { serialNumber: '86123450010012', boxOnline: true, socketNo: 3, reasonType: 2 as const, remark: '' };
  it('asks for the device, an online box, a socket and a reason; 其他 needs 2–50 characters', () => {
    expect(remoteFormError(form)).toBeNull();
    expect(remoteFormError({ ...form, serialNumber: '' })).toBe('请选择设备');
    expect(remoteFormError({ ...form, boxOnline: false })).toBe('设备离线，无法远程充电');
    expect(remoteFormError({ ...form, socketNo: null })).toBe('请选择充电口');
    expect(remoteFormError({ ...form, reasonType: null })).toBe('请选择原因');
    expect(remoteFormError({ ...form, reasonType: 4, remark: '坏' })).toBe('请填写原因');
    expect(remoteFormError({ ...form, reasonType: 4, remark: '用户投诉' })).toBeNull();
  });
});

describe('date ranges of the records', () => {
  it('refuses a start after the end, a future end and spans over 92 days', () => {
    expect(dateRangeError('2026-11-02', '2026-11-01', '2026-11-20')).toBe('开始日期不能晚于结束日期');
    expect(dateRangeError('2026-11-01', '2026-11-21', '2026-11-20')).toBe('结束日期不能晚于今天');
    expect(dateRangeError('2026-08-20', '2026-11-19', '2026-11-20')).toBeNull();
    expect(dateRangeError('2026-08-19', '2026-11-19', '2026-11-20')).toBe('查询时间跨度不能超过3个月');
  });

  it('starts with the last 30 days and keeps the range when a pick is refused', () => {
    const store = new RemoteRecordsStore('8612', '2026-11-20');
    expect([store.startDate, store.endDate]).toEqual(['2026-10-22', '2026-11-20']);
    expect(store.setDate('startDate', '2026-11-21')).toBe('开始日期不能晚于结束日期');
    expect(store.startDate).toBe('2026-10-22');
    expect(store.setDate('startDate', '2026-11-01')).toBeNull();
    expect(store.watch).toEqual(['2026-11-01', '2026-11-20', '8612']);
  });
});
