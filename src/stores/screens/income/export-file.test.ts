import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ExportsApi from '@/api/exports';
import type { RootStore } from '@/stores/root';
import { ExportFileStore, defaultRange, exportProblem } from './export-file';

/** The export form's rules (D-income.md §4 /income/exportFile validation; R9.2 spans). */
describe('defaultRange', () => {
  it('is this month up to today, or the month of the query capped at today', () => {
    expect(defaultRange('2026-11-24')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-24' });
    expect(defaultRange('2026-11-24', '2026-02')).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(defaultRange('2026-11-24', '2026-11')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-24' });
  });
});

describe('exportProblem', () => {
  const form = { type: 3 as const, startDate: '2026-11-01', endDate: '2026-11-24', email: 'a@b.cn' };
  const today = '2026-11-24';

  it('accepts a valid form', () => {
    expect(exportProblem(form, today)).toBeNull();
  });

  it('asks for a type, a range within the type’s span and no future day', () => {
    expect(exportProblem({ ...form, type: null }, today)).toBe('请选择报表类型');
    expect(exportProblem({ ...form, startDate: '2026-10-01' }, today)).toBe('导出时间跨度不能超过31天');
    expect(exportProblem({ ...form, type: 4, startDate: '2025-11-01' }, today)).toBe('导出时间跨度不能超过366天');
    expect(exportProblem({ ...form, type: 4, startDate: '2025-11-24' }, today)).toBeNull();
    expect(exportProblem({ ...form, endDate: '2026-11-25' }, today)).toBe('不能选择未来的日期');
    expect(exportProblem({ ...form, startDate: '2026-11-25', endDate: '2026-11-24' }, today)).toBe(
      '结束日期不能早于开始日期',
    );
  });

  it('asks for an e-mail in the design’s format', () => {
    expect(exportProblem({ ...form, email: '' }, today)).toBe('请输入接收邮箱');
    expect(exportProblem({ ...form, email: 'a@b' }, today)).toBe('请输入正确的邮箱地址');
    expect(exportProblem({ ...form, email: `${'a'.repeat(45)}@b.com` }, today)).toBe('请输入正确的邮箱地址');
  });
});

const api = vi.hoisted(() => ({ getCommercialInfo: vi.fn(), listDocRecords: vi.fn() }));
vi.mock('@/api/user', () => ({ getCommercialInfo: api.getCommercialInfo }));
vi.mock('@/api/exports', async (original) => ({
  ...(await original<typeof ExportsApi>()),
  listDocRecords: api.listDocRecords,
}));

/** 接收邮箱's prefill (the account's e-mail, answered later) never lands on what the user typed or cleared. */
describe('ExportFileStore: the e-mail prefill', () => {
  const open = () => new ExportFileStore({} as RootStore, { type: 3 });
  let answer: (info: { email?: string }) => void = () => undefined;
  beforeEach(() => {
    localStorage.clear();
    api.getCommercialInfo.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    api.listDocRecords.mockResolvedValue({ list: [], total: 0 });
  });

  it('fills the empty field with the account’s e-mail', async () => {
    const store = open();
    const loading = store.load();
    answer({ email: 'owner@yichong-hz.cn' });
    await loading;
    expect(store.email).toBe('owner@yichong-hz.cn');
  });

  it('keeps what the user typed, or cleared, before the answer', async () => {
    const typed = open();
    const loading = typed.load();
    typed.setEmail('me@yichong-hz.cn');
    answer({ email: 'owner@yichong-hz.cn' });
    await loading;
    expect(typed.email).toBe('me@yichong-hz.cn');

    api.getCommercialInfo.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const cleared = open();
    const again = cleared.load();
    cleared.setEmail('m');
    cleared.setEmail('');
    answer({ email: 'owner@yichong-hz.cn' });
    await again;
    expect(cleared.email).toBe('');
  });
});
