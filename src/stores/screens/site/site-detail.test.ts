import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '@platform/types';
import { ApiError } from '@/api/outcome';
import * as siteApi from '@/api/site';
import { RootStore } from '@/stores/root';
import { LivePoller, LiveRows, SiteDetailStore, livePageSize, type VisibilitySource } from './site-detail';

vi.mock('@/api/site', async (importOriginal) => ({
  ...(await importOriginal<typeof siteApi>()),
  getSiteBaseInfo: vi.fn(),
  getDeviceStatusStatistics: vi.fn(),
}));
const mocked = vi.mocked(siteApi);

/** A page whose visibility the test switches. */
class FakePage implements VisibilitySource {
  visibilityState: DocumentVisibilityState = 'visible';
  private listeners = new Set<() => void>();
  addEventListener(_type: 'visibilitychange', listener: () => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'visibilitychange', listener: () => void): void {
    this.listeners.delete(listener);
  }
  set(state: DocumentVisibilityState): void {
    this.visibilityState = state;
    for (const listener of this.listeners) listener();
  }
  get listening(): number {
    return this.listeners.size;
  }
}

describe('LivePoller (B-site.md §2 live refresh)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks at its interval while visible, pauses while hidden, refreshes at once when visible again', async () => {
    const page = new FakePage();
    const tick = vi.fn(() => Promise.resolve());
    const poller = new LivePoller(tick, 30_000, page);
    poller.start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(tick).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tick).toHaveBeenCalledTimes(2);
    page.set('hidden');
    expect(poller.active).toBe(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(tick).toHaveBeenCalledTimes(2);
    page.set('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(tick).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tick).toHaveBeenCalledTimes(4);
    poller.stop();
    expect(page.listening).toBe(0);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(tick).toHaveBeenCalledTimes(4);
  });

  it('never overlaps ticks and keeps going after a failed one', async () => {
    const page = new FakePage();
    let release: () => void = () => undefined;
    const tick = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)))
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValue(undefined);
    const poller = new LivePoller(tick, 1000, page);
    poller.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(tick).toHaveBeenCalledTimes(1);
    // Still running: no second tick is scheduled, and becoming visible again does not start one.
    await vi.advanceTimersByTimeAsync(5000);
    page.set('hidden');
    page.set('visible');
    expect(tick).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(tick).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(tick).toHaveBeenCalledTimes(3);
    poller.stop();
  });

  it('does not start ticking on a hidden page', async () => {
    const page = new FakePage();
    page.visibilityState = 'hidden';
    const tick = vi.fn(() => Promise.resolve());
    const poller = new LivePoller(tick, 1000, page);
    poller.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tick).not.toHaveBeenCalled();
    poller.stop();
  });
});

describe('LiveRows', () => {
  it('lays fresher copies over loaded rows and forgets them on clear', () => {
    const rows = new LiveRows<{ id: number; status: number; remark: string | null }>();
    const loaded = { id: 1, status: 1, remark: 'a' };
    expect(rows.of(loaded)).toBe(loaded);
    rows.merge([{ id: 1, status: 2, remark: 'a' }]);
    expect(rows.of(loaded)).toEqual({ id: 1, status: 2, remark: 'a' });
    rows.patch(loaded, { remark: null });
    expect(rows.of(loaded)).toEqual({ id: 1, status: 2, remark: null });
    rows.clear();
    expect(rows.of(loaded)).toBe(loaded);
  });

  it('re-reads the loaded pages at most 100 rows', () => {
    expect(livePageSize(1)).toBe(20);
    expect(livePageSize(3)).toBe(60);
    expect(livePageSize(9)).toBe(100);
    expect(livePageSize(0)).toBe(20);
  });
});

describe('SiteDetailStore', () => {
  function rootWith(permissions: string[]): RootStore {
    localStorage.setItem('TOKEN', 't');
    localStorage.setItem('PERMISSION', JSON.stringify(permissions));
    return new RootStore({ client: 'r9a_weixin' } as unknown as Platform);
  }
  const site = (editable: boolean) => ({ id: 1, name: '站点', boxCount: 0, editable }) as unknown as siteApi.SiteDetail;

  beforeEach(() => {
    localStorage.clear();
    vi.clearAllMocks();
    mocked.getDeviceStatusStatistics.mockResolvedValue({ smokeAlarm: 1 } as never);
  });

  it('opens a site; a refused site is missing (back to /site), a transport failure is not', async () => {
    const root = rootWith(['site:view']);
    const store = new SiteDetailStore(root, 1);
    mocked.getSiteBaseInfo.mockResolvedValueOnce(site(true) as never);
    expect(await store.open()).toBe('ok');
    expect(store.site?.name).toBe('站点');
    expect(store.awaitingInstall).toBe(true);
    expect(store.smokeAlarm).toBe(true);
    mocked.getSiteBaseInfo.mockRejectedValueOnce(new ApiError('business', 1, '站点不存在或无权查看') as never);
    const refused = new SiteDetailStore(root, 2);
    expect(await refused.open()).toBe('missing');
    expect(refused.site).toBeNull();
    mocked.getSiteBaseInfo.mockRejectedValueOnce(new ApiError('network', null, '网络异常') as never);
    const failed = new SiteDetailStore(root, 3);
    expect(await failed.open()).toBe('failed');
    expect(failed.siteFailed).toBe(true);
  });

  it('keeps the last figures while the same site refreshes, and starts empty for another site', async () => {
    const root = rootWith(['site:view']);
    const store = new SiteDetailStore(root, 1);
    mocked.getSiteBaseInfo.mockResolvedValue(site(true) as never);
    await store.open();
    let resolve: (value: unknown) => void = () => undefined;
    mocked.getSiteBaseInfo.mockReturnValueOnce(new Promise((r) => (resolve = r)) as never);
    const again = new SiteDetailStore(root, 1).open();
    expect(store.site).not.toBeNull();
    resolve(site(true));
    await again;
    mocked.getSiteBaseInfo.mockReturnValueOnce(new Promise(() => undefined) as never);
    const other = new SiteDetailStore(root, 5);
    void other.open();
    expect(other.site).toBeNull();
    expect(other.sitePending).toBe(true);
  });

  it('follows a change of the site made on another screen: the header and the strips reload', async () => {
    const root = rootWith(['site:view']);
    const store = new SiteDetailStore(root, 1);
    mocked.getSiteBaseInfo.mockResolvedValueOnce({ ...site(true), boxCount: 0 } as never);
    await store.open();
    const stop = store.follow();
    mocked.getSiteBaseInfo.mockResolvedValueOnce({ ...site(true), boxCount: 1 } as never);
    mocked.getDeviceStatusStatistics.mockResolvedValueOnce({ smokeAlarm: 0 } as never);
    const statsCalls = mocked.getDeviceStatusStatistics.mock.calls.length;
    await root.sites.invalidate(1);
    expect(store.awaitingInstall).toBe(false);
    await vi.waitFor(() => expect(store.smokeAlarm).toBe(false));
    expect(mocked.getDeviceStatusStatistics.mock.calls.length).toBe(statsCalls + 1);
    stop();
    await root.sites.invalidate(1);
    expect(mocked.getDeviceStatusStatistics.mock.calls.length).toBe(statsCalls + 1);
  });

  it('derives what the caller may do: owner, sub-account without site:edit, party view', async () => {
    mocked.getSiteBaseInfo.mockResolvedValue(site(true) as never);
    const owner = new SiteDetailStore(rootWith(['site:view', 'site:edit', 'device:add', 'device:control']), 1);
    await owner.open();
    expect([owner.editable, owner.partyView, owner.canControl, owner.canAddDevice]).toEqual([true, false, true, true]);

    mocked.getSiteBaseInfo.mockResolvedValue(site(false) as never);
    const party = new SiteDetailStore(rootWith(['site:view', 'site:edit', 'device:add', 'device:control']), 7);
    await party.open();
    expect([party.editable, party.partyView, party.canControl, party.canAddDevice]).toEqual([
      false,
      true,
      false,
      false,
    ]);

    const sub = new SiteDetailStore(rootWith(['site:view', 'device:control']), 1);
    await sub.open();
    expect([sub.editable, sub.partyView, sub.canControl, sub.canAddDevice]).toEqual([false, false, true, false]);
  });
});
