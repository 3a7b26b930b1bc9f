import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SimBillsStore, SimStore } from './sim';

const api = vi.hoisted(() => ({
  getSimBills: vi.fn(),
  getSimCurrentBill: vi.fn(),
  getSimFrozenAmount: vi.fn(),
  getOweAmount: vi.fn(),
}));

vi.mock('@/api/sim', () => api);

describe('the SIM rent stores (C-mine.md /mine/sim)', () => {
  beforeEach(() => vi.clearAllMocks());

  it('the arrears banner’s figure is the open arrears of every source, 0 when unknown', async () => {
    const store = new SimStore();
    expect(store.oweAmount).toBe(0);
    api.getSimCurrentBill.mockResolvedValue(null);
    api.getSimFrozenAmount.mockResolvedValue({ totalFrozenAmount: 0 });
    api.getOweAmount.mockResolvedValue({ oweAmount: 5400, count: 1 });
    await store.load();
    expect(store.oweAmount).toBe(5400);
  });

  it('结算记录 asks for the monthly bills of the chosen year; 往期 for the annual ones; rows expand one by one', () => {
    const monthly = new SimBillsStore(2, 2026);
    monthly.page(1, 20);
    expect(api.getSimBills).toHaveBeenLastCalledWith({ version: 2, pageNum: 1, pageSize: 20, year: 2026 });
    monthly.toggle(7);
    expect(monthly.isOpen(7)).toBe(true);
    monthly.setYear(2025);
    expect(monthly.watch).toEqual([2025]);
    expect(monthly.isOpen(7)).toBe(false);
    const annual = new SimBillsStore(1, 2026);
    annual.page(2, 20);
    expect(api.getSimBills).toHaveBeenLastCalledWith({ version: 1, pageNum: 2, pageSize: 20 });
    expect(annual.watch).toEqual([]);
  });
});
