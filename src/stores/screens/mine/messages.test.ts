import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '@platform/types';
import type * as UserApi from '@/api/user';
import { keptScreenStore } from '@/stores/screen-store';
import { RootStore } from '@/stores/root';
import { deviceListRoute, lastedText, NoticeDetailStore, NoticeListStore, WarningStore } from './messages';
import { mineStore } from './mine';

const api = vi.hoisted(() => ({
  getAlarmNum: vi.fn(),
  getNoticeList: vi.fn(),
  getWarningRecords: vi.fn(),
  updatePhoneMessageInfo: vi.fn(),
  readNotice: vi.fn(),
  getNoticeDetail: vi.fn(),
  getCommercialInfo: vi.fn(),
}));

vi.mock('@/api/mine', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getAlarmNum: api.getAlarmNum,
  getNoticeList: api.getNoticeList,
}));
vi.mock('@/api/messages', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getWarningRecords: api.getWarningRecords,
  updatePhoneMessageInfo: api.updatePhoneMessageInfo,
  readNotice: api.readNotice,
  getNoticeDetail: api.getNoticeDetail,
}));
vi.mock('@/api/user', async (importOriginal) => ({
  ...(await importOriginal<typeof UserApi>()),
  getCommercialInfo: api.getCommercialInfo,
}));

const platform = { previewImage: vi.fn() } as unknown as Platform;

function operatorRoot(): RootStore {
  localStorage.setItem('TOKEN', 't'.repeat(32));
  localStorage.setItem('PERMISSION', JSON.stringify(['message']));
  localStorage.setItem('ExtendPermission', JSON.stringify({ accountType: 1, mainAccountId: 10001 }));
  return new RootStore(platform);
}

/** A promise and its resolve, to hold a call in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
  api.getCommercialInfo.mockResolvedValue({ accountType: 1, phone: '13800138000', phoneMessageReceive: 1 });
  api.getAlarmNum.mockResolvedValue({
    unrecoveredCount: 6,
    todayCount: 2,
    typeCounts: [1, 2, 3, 4, 5, 6].map((warningType) => ({ warningType, count: warningType === 1 ? 4 : 0 })),
  });
});

describe('warning rows', () => {
  it('say how long an open warning has lasted', () => {
    expect(lastedText(0, 30_000)).toBe('已持续1分钟');
    expect(lastedText(0, 35 * 60_000)).toBe('已持续35分钟');
    expect(lastedText(0, 2 * 3600_000 + 59 * 60_000)).toBe('已持续2小时');
    expect(lastedText(0, 3 * 86_400_000)).toBe('已持续3天');
  });

  it('lead to the device list of the site by device type', () => {
    expect(deviceListRoute(2, 5)).toBe('/site/siteInfo/facilityList?siteId=5');
    expect(deviceListRoute(4, 5)).toBe('/site/siteInfo/guardList?siteId=5');
    expect(deviceListRoute(5, 5)).toBe('/site/siteInfo/guardList?siteId=5');
    expect(deviceListRoute(6, 5)).toBe('/site/siteInfo/cameraList?siteId=5');
    expect(deviceListRoute(7, 5)).toBe('/site/siteInfo/smokeList?siteId=5');
  });
});

describe('WarningStore', () => {
  it('refresh loads the counts, labels the type chips, and makes /mine refresh its badges at its next show', async () => {
    const root = operatorRoot();
    const mine = keptScreenStore(root, mineStore);
    mine.lastRefreshAt = Date.now();
    const store = new WarningStore(root);
    await store.refresh();
    expect(store.alarms.data?.unrecoveredCount).toBe(6);
    expect(store.typeChips.map((c) => c.label)).toEqual([
      '全部',
      '设备离线 4',
      '端口故障 0',
      '烟雾报警 0',
      '温度过高 0',
      '功率过载 0',
      '门禁异常 0',
    ]);
    expect(mine.lastRefreshAt).toBeNull();
    await vi.waitFor(() => expect(api.getCommercialInfo).toHaveBeenCalledTimes(1));
  });

  it('sends the filters it holds and forgets a removed one', () => {
    const store = new WarningStore(operatorRoot(), 3, 17);
    store.setType(1);
    store.setStatus(0);
    void store.page(2, 20);
    expect(api.getWarningRecords).toHaveBeenLastCalledWith({
      pageNum: 2,
      pageSize: 20,
      warningType: 1,
      status: 0,
      siteId: 3,
      deviceId: 17,
    });
    store.clearSite();
    store.clearDevice();
    store.setType(undefined);
    void store.page(1, 20);
    expect(api.getWarningRecords).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 20, status: 0 });
  });

  it('flips the SMS switch once at a time, and shows the stored value again when the call fails', async () => {
    const root = operatorRoot();
    await root.auth.loadMerchantInfo();
    const store = new WarningStore(root);
    expect(store.smsOn).toBe(true);
    const call = deferred<unknown>();
    api.updatePhoneMessageInfo.mockReturnValueOnce(call.promise);
    const first = store.setSms(false);
    expect(store.smsOn).toBe(false);
    expect(await store.setSms(true)).toBeNull(); // ignored while the first runs
    expect(api.updatePhoneMessageInfo).toHaveBeenCalledTimes(1);
    call.reject(new Error('网络异常'));
    expect(await first).toBeNull();
    expect(store.smsOn).toBe(true);

    api.updatePhoneMessageInfo.mockResolvedValueOnce({
      onMessage: 1,
      phoneMessageReceive: 0,
      alarmPhone: '13800138000',
    });
    api.getCommercialInfo.mockResolvedValue({ accountType: 1, phone: '13800138000', phoneMessageReceive: 0 });
    expect(await store.setSms(false)).toBe('已关闭短信告警');
    expect(api.updatePhoneMessageInfo).toHaveBeenLastCalledWith({ phoneMessageReceive: 0 });
    expect(store.smsOn).toBe(false);
  });
});

describe('notices', () => {
  it('全部已读 runs once at a time and reloads the list', async () => {
    const store = new NoticeListStore(operatorRoot());
    store.onPage({ list: [], total: 8, unreadCount: 3 });
    const call = deferred<{ unreadCount: number }>();
    api.readNotice.mockReturnValueOnce(call.promise);
    const watch = store.watch;
    const first = store.markAllRead();
    expect(await store.markAllRead()).toBeNull();
    call.resolve({ unreadCount: 0 });
    expect(await first).toBe('已全部标为已读');
    expect(api.readNotice).toHaveBeenCalledTimes(1);
    expect(api.readNotice).toHaveBeenCalledWith();
    expect(store.unreadCount).toBe(0);
    expect(store.watch).not.toEqual(watch);
  });

  it('the detail marks its notice read once loaded, and keeps the refusal text when not found', async () => {
    const root = operatorRoot();
    api.getNoticeDetail.mockResolvedValueOnce({ id: 4, type: 1, title: 't', content: '<p>x</p>', publishTime: 1 });
    api.readNotice.mockResolvedValueOnce({ unreadCount: 2 });
    const store = new NoticeDetailStore(root, 4);
    await store.open();
    expect(store.detail.data?.id).toBe(4);
    expect(api.readNotice).toHaveBeenCalledWith(4);

    api.getNoticeDetail.mockRejectedValueOnce(new Error('消息不存在或已下线'));
    const gone = new NoticeDetailStore(root, 5);
    await gone.open();
    expect(gone.detail.failed).toBe(true);
    expect(gone.error).toBe('消息不存在或已下线');
    expect(api.readNotice).toHaveBeenCalledTimes(1);
  });
});
