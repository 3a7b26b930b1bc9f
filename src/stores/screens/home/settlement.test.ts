import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '@platform/types';
import type * as SettlementApi from '@/api/settlement';
import { RootStore } from '@/stores/root';
import { FeeDeductionsStore, PlatformFeeStore, progressPercent, yearOptions } from './settlement';

const api = vi.hoisted(() => ({ getSiteInstalments: vi.fn(), getSiteProportions: vi.fn() }));

vi.mock('@/api/settlement', async (importOriginal) => ({
  ...(await importOriginal<typeof SettlementApi>()),
  getSiteInstalments: api.getSiteInstalments,
  getSiteProportions: api.getSiteProportions,
}));

/** The settlement screens' pure rules (A-shell-home-settlement.md §4–§5): progress bars and the year pickers. */
describe('progressPercent', () => {
  it('is the whole percent of the part, floored and bounded to 0–100', () => {
    expect(progressPercent(39_947, 45_000)).toBe(88);
    expect(progressPercent(45_000, 45_000)).toBe(100);
    expect(progressPercent(50_000, 45_000)).toBe(100);
    expect(progressPercent(-5, 100)).toBe(0);
  });

  it('is 0 when nothing is due and nothing frozen, full when something is frozen against nothing due', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(10, 0)).toBe(100);
  });
});

describe('yearOptions', () => {
  it('lists the years from now back to the first, newest first', () => {
    expect(yearOptions(2024, 2026)).toEqual([2026, 2025, 2024]);
  });

  it('offers the current year alone when the first lies ahead', () => {
    expect(yearOptions(2027, 2026)).toEqual([2026]);
  });
});

/**
 * The account's device instalments (spec §3 siteInstalmentList; A §5): 本期结算 writes them, 扣款明细's site picker
 * reads them and asks querySiteProportion only while they are empty.
 */
describe('siteInstalmentList', () => {
  const site = (siteId: number, proportion: number) => ({
    siteId,
    siteName: `站点${siteId}`,
    planId: siteId * 10,
    deviceCount: 6,
    totalAmount: 1_200_000,
    paidAmount: 300_000,
    remainingAmount: 900_000,
    proportion,
    status: 1 as const,
  });

  beforeEach(() => {
    vi.clearAllMocks();
    api.getSiteProportions.mockResolvedValue({ list: [{ siteId: 9, siteName: '站点9', proportion: 5 }], total: 1 });
  });

  it('本期结算 writes the list; the picker then shows its sites and proportions without asking again', async () => {
    const root = new RootStore({} as Platform);
    api.getSiteInstalments.mockResolvedValue({ list: [site(1, 8), site(2, 12)], total: 2 });
    await new PlatformFeeStore(root).sites.load();
    expect(root.deviceInstalments.siteInstalmentList.map((s) => s.siteId)).toEqual([1, 2]);
    const picker = new FeeDeductionsStore(null, root.deviceInstalments);
    await picker.sites.load();
    expect(picker.sites.data).toEqual([
      { siteId: 1, siteName: '站点1', proportion: 8 },
      { siteId: 2, siteName: '站点2', proportion: 12 },
    ]);
    expect(api.getSiteProportions).not.toHaveBeenCalled();
  });

  it('the picker asks querySiteProportion while the list is empty (a reload, a deep link)', async () => {
    const root = new RootStore({} as Platform);
    const picker = new FeeDeductionsStore(null, root.deviceInstalments);
    await picker.sites.load();
    expect(picker.sites.data).toEqual([{ siteId: 9, siteName: '站点9', proportion: 5 }]);
    expect(api.getSiteProportions).toHaveBeenCalledTimes(1);
  });
});
