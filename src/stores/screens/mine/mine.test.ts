import { DEFAULT_PERMISSIONS } from '@/api/permissions';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { installIdleGate, openIdleGate, resetIdleForTests } from '@/lib/idle';
import { keptScreenStore } from '@/stores/screen-store';
import type { Platform } from '@platform/types';
import type * as UserApi from '@/api/user';
import type { AccountType } from '@/api/user';
import {
  COUNTER_REFRESH_MS,
  MENU_GROUPS,
  canSeeEntry,
  displayName,
  entryRoute,
  mineStore,
  shouldRefresh,
  showsStats,
  visibleMenu,
  type MineEntryKey,
  type Viewer,
} from './mine';
import { RootStore } from '@/stores/root';

const api = vi.hoisted(() => ({
  getStatisticalOperation: vi.fn(),
  getAlarmNumSilently: vi.fn(),
  getUnreadNoticeCount: vi.fn(),
  getPosterList: vi.fn(),
  listPosterImageUrl: vi.fn(),
  reportPosterRecord: vi.fn(),
  getCommercialInfo: vi.fn(),
}));

vi.mock('@/api/mine', () => ({
  getStatisticalOperation: api.getStatisticalOperation,
  getAlarmNumSilently: api.getAlarmNumSilently,
  getUnreadNoticeCount: api.getUnreadNoticeCount,
  getPosterList: api.getPosterList,
  listPosterImageUrl: api.listPosterImageUrl,
  reportPosterRecord: api.reportPosterRecord,
}));

vi.mock('@/api/user', async (importOriginal) => ({
  ...(await importOriginal<typeof UserApi>()),
  getCommercialInfo: api.getCommercialInfo,
}));

/** Default permissions per role (entities.md §1 Account), the demo sub-account's assigned set for 4. */
const PERMISSIONS: Record<AccountType, string[]> = {
  1: [...DEFAULT_PERMISSIONS[1]],
  2: [...DEFAULT_PERMISSIONS[2]],
  3: [...DEFAULT_PERMISSIONS[3]],
  4: ['site:view', 'order:view', 'card:view', 'card:edit', 'card:recharge', 'income:view', 'bill:view', 'message'],
  5: [...DEFAULT_PERMISSIONS[5]],
};
const ALL_KEYS: MineEntryKey[] = [...MENU_GROUPS.flatMap((g) => g.entries), 'warning', 'notice'];

function viewer(accountType: AccountType, permissions = PERMISSIONS[accountType]): Viewer {
  return { accountType, permissions };
}

function visibleKeys(v: Viewer): MineEntryKey[] {
  return ALL_KEYS.filter((key) => canSeeEntry(key, v));
}

describe('visibility by role and permission (C-mine.md /mine)', () => {
  it('运营商 sees every entry its permissions allow', () => {
    // every entry but 划拨记录, which is an agent's (an operator has 我的代理's transfers tab)
    expect(visibleKeys(viewer(1)).sort()).toEqual(ALL_KEYS.filter((k) => k !== 'transfers').sort());
    expect(
      canSeeEntry(
        'remoteCharge',
        viewer(
          1,
          PERMISSIONS[1].filter((p) => p !== 'remote:charge'),
        ),
      ),
    ).toBe(false);
  });

  it('代理商 sees everything except 我的代理, even holding the agent code, and 划拨记录 instead', () => {
    const keys = visibleKeys(viewer(2));
    expect(keys).not.toContain('agent');
    expect(keys).toContain('transfers');
    expect(keys).toHaveLength(ALL_KEYS.length - 1);
    expect(
      canSeeEntry(
        'transfers',
        viewer(
          2,
          PERMISSIONS[2].filter((p) => p !== 'transfer'),
        ),
      ),
    ).toBe(false);
    expect(canSeeEntry('transfers', viewer(4, [...PERMISSIONS[4], 'transfer']))).toBe(false);
    expect(canSeeEntry('agent', viewer(2, PERMISSIONS[1]))).toBe(false);
  });

  it('物业 sees only 充电记录, 告警通知, 系统消息 and 下载中心', () => {
    expect(visibleKeys(viewer(3)).sort()).toEqual(['chargerRecord', 'downCenter', 'notice', 'warning']);
    // even with more codes, never more than its four entries
    expect(visibleKeys(viewer(3, PERMISSIONS[1])).sort()).toEqual(['chargerRecord', 'downCenter', 'notice', 'warning']);
  });

  it('子账号 sees what its permissions allow, never 子账号 / 我的代理 / 物业管理', () => {
    expect(visibleKeys(viewer(4)).sort()).toEqual(
      ['card', 'chargerRecord', 'devStatistics', 'notice', 'permuteCard', 'poster', 'warning'].sort(),
    );
    const granted = viewer(4, PERMISSIONS[1]);
    expect(canSeeEntry('subAccount', granted)).toBe(false);
    expect(canSeeEntry('agent', granted)).toBe(false);
    expect(canSeeEntry('tenement', granted)).toBe(false);
    expect(canSeeEntry('remoteCharge', granted)).toBe(true);
  });

  it('SIM月租 follows `sim`, not `settlement` (the reads behind it answer `sim`)', () => {
    expect(canSeeEntry('sim', viewer(4, ['home', 'sim']))).toBe(true);
    expect(canSeeEntry('sim', viewer(4, ['home', 'settlement']))).toBe(false);
    expect(canSeeEntry('sim', viewer(1, ['home', 'settlement']))).toBe(false);
  });

  it('施工人员 sees only 安装工单, routed to the works under construction; no stats strip', () => {
    expect(visibleKeys(viewer(5))).toEqual(['workOrder']);
    expect(entryRoute('workOrder', 5)).toBe('/mine/workOrder/working');
    expect(entryRoute('workOrder', 1)).toBe('/mine/workOrder/online');
    expect(showsStats(5)).toBe(false);
    expect(showsStats(3)).toBe(true);
  });

  it('the menu keeps only built screens, shows 推广海报 only with posters, and drops empty groups', () => {
    const badges = { accreditCount: 2, orderCount: 3 };
    const noneBuilt = () => false;
    expect(visibleMenu(viewer(1), noneBuilt, 0, badges)).toEqual([]);
    expect(visibleMenu(viewer(1), noneBuilt, 3, badges)).toEqual([
      { title: '费用与工具', entries: [{ key: 'poster', to: null, label: '推广海报', badge: 0 }] },
    ]);
    const allBuilt = () => true;
    const menu = visibleMenu(viewer(1), allBuilt, 3, badges);
    expect(menu.map((g) => g.title)).toEqual(['运营管理', '合作与授权', '费用与工具']);
    const coop = menu[1]?.entries ?? [];
    expect(coop.find((e) => e.key === 'siteAuthor')?.badge).toBe(2);
    expect(coop.find((e) => e.key === 'workOrder')?.badge).toBe(3);
    // a property has no 推广海报 and only 下载中心 / 充电记录 in the grid
    expect(visibleMenu(viewer(3), allBuilt, 3, badges)).toEqual([
      {
        title: '运营管理',
        entries: [{ key: 'chargerRecord', to: '/mine/chargerRecord-list', label: '充电记录', badge: 0 }],
      },
      {
        title: '费用与工具',
        entries: [{ key: 'downCenter', to: '/mine/downCenter/index', label: '下载中心', badge: 0 }],
      },
    ]);
    // only some screens built
    const onlyCard = (path: string) => path === '/mine/card';
    expect(visibleMenu(viewer(4), onlyCard, 0, badges)).toEqual([
      { title: '运营管理', entries: [{ key: 'card', to: '/mine/card', label: '卡片管理', badge: 0 }] },
    ]);
  });
});

describe('header helpers', () => {
  it('names the merchant by shortName, else contacts, else name', () => {
    expect(displayName({ shortName: '易充', contacts: '张三', name: '杭州易充' })).toBe('易充');
    expect(displayName({ shortName: '', contacts: '张三', name: '杭州易充' })).toBe('张三');
    expect(displayName({ shortName: '', contacts: '', name: '杭州易充' })).toBe('杭州易充');
    expect(displayName(null)).toBe('');
  });
});

describe('30-second throttle of counter refreshes', () => {
  it('refreshes on first show, then at most once per 30 s', () => {
    expect(shouldRefresh(null, 1_000)).toBe(true);
    expect(shouldRefresh(1_000, 1_000 + COUNTER_REFRESH_MS - 1)).toBe(false);
    expect(shouldRefresh(1_000, 1_000 + COUNTER_REFRESH_MS)).toBe(true);
    expect(shouldRefresh(50_000, 10_000)).toBe(true); // clock moved back
  });

  describe('MineStore.onShow', () => {
    const platform = { previewImage: vi.fn() } as unknown as Platform;

    function loginAs(accountType: AccountType): RootStore {
      localStorage.setItem('TOKEN', 't'.repeat(32));
      localStorage.setItem('PERMISSION', JSON.stringify(PERMISSIONS[accountType]));
      localStorage.setItem('ExtendPermission', JSON.stringify({ accountType, mainAccountId: 10001 }));
      return new RootStore(platform);
    }

    beforeEach(() => {
      localStorage.clear();
      vi.clearAllMocks();
      api.getStatisticalOperation.mockResolvedValue({ siteCount: 6, boxCount: 40, socketCount: 424, cardCount: 103 });
      api.getAlarmNumSilently.mockResolvedValue({ unrecoveredCount: 5, todayCount: 1, typeCounts: [] });
      api.getUnreadNoticeCount.mockResolvedValue({ list: [], total: 8, unreadCount: 3 });
      api.getPosterList.mockResolvedValue([{ posterId: 1, title: '招商', thumbUrl: 'http://x/1.svg', posterType: 1 }]);
      api.getCommercialInfo.mockResolvedValue({
        accountType: 1,
        orderCount: 3,
        accreditCount: 2,
        phone: '13800138000',
      });
      api.listPosterImageUrl.mockResolvedValue({ imageUrls: ['http://x/p1.svg'] });
      api.reportPosterRecord.mockResolvedValue(null);
    });

    it('loads every block on the first show and skips shows within 30 s', async () => {
      const mine = keptScreenStore(loginAs(1), mineStore);
      expect(await mine.onShow(100_000)).toBe(true);
      expect(mine.statistics.data?.socketCount).toBe(424);
      expect(mine.alarms.data?.unrecoveredCount).toBe(5);
      expect(mine.notices.data?.unreadCount).toBe(3);
      expect(mine.posterList).toHaveLength(1);
      expect(await mine.onShow(100_000 + 29_999)).toBe(false);
      expect(api.getStatisticalOperation).toHaveBeenCalledTimes(1);
      expect(await mine.onShow(100_000 + 30_000)).toBe(true);
      expect(api.getStatisticalOperation).toHaveBeenCalledTimes(2);
      expect(api.getCommercialInfo).toHaveBeenCalledTimes(2);
      // the poster list is not fetched again once known
      expect(api.getPosterList).toHaveBeenCalledTimes(1);
    });

    it('in the app, the badges and posters wait until the screen is shown and idle; the counters do not', async () => {
      installIdleGate();
      onTestFinished(resetIdleForTests);
      const mine = keptScreenStore(loginAs(1), mineStore);
      const shown = mine.onShow(1);
      await vi.waitFor(() => expect(mine.statistics.data?.siteCount).toBe(6));
      expect(api.getAlarmNumSilently).not.toHaveBeenCalled();
      expect(api.getUnreadNoticeCount).not.toHaveBeenCalled();
      expect(api.getPosterList).not.toHaveBeenCalled();
      openIdleGate();
      await shown;
      expect(mine.alarms.data?.unrecoveredCount).toBe(5);
      expect(mine.notices.data?.unreadCount).toBe(3);
      expect(mine.posterList).toHaveLength(1);
    });

    it('a builder loads only merchant info', async () => {
      const mine = keptScreenStore(loginAs(5), mineStore);
      await mine.onShow(1);
      expect(api.getCommercialInfo).toHaveBeenCalledTimes(1);
      expect(api.getStatisticalOperation).not.toHaveBeenCalled();
      expect(api.getAlarmNumSilently).not.toHaveBeenCalled();
      expect(api.getPosterList).not.toHaveBeenCalled();
    });

    it('a failed badge call leaves no badge data (its UI hidden)', async () => {
      api.getAlarmNumSilently.mockRejectedValue(new Error('silenced'));
      const mine = keptScreenStore(loginAs(1), mineStore);
      await mine.onShow(1);
      expect(mine.alarms.failed).toBe(true);
      expect(mine.alarms.data).toBeNull();
      expect(mine.statistics.data?.siteCount).toBe(6);
    });

    it('opens the personalised poster in the image viewer and reports a view', async () => {
      const mine = keptScreenStore(loginAs(1), mineStore);
      expect(await mine.openPoster(1)).toBe(true);
      expect(api.listPosterImageUrl).toHaveBeenCalledWith(1);
      expect(platform.previewImage).toHaveBeenCalledWith(['http://x/p1.svg'], 'http://x/p1.svg');
      expect(api.reportPosterRecord).toHaveBeenCalledWith(1, 1);
      expect(mine.openingPosterId).toBeNull();
    });
  });
});
