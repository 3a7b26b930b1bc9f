import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '@platform/types';
import * as deviceApi from '@/api/device';
import type { BoxRow, GuardRow, WebcamRow } from '@/api/device';
import * as setupApi from '@/api/device-setup';
import * as siteApi from '@/api/site';
import { RootStore } from '@/stores/root';
import { boxListStore, cameraListStore, guardListStore, smokeListStore, whitelistStore } from './site-devices';
import { keptScreenStore } from '@/stores/screen-store';

vi.mock('@/api/device', async (importOriginal) => {
  const actual = await importOriginal<typeof deviceApi>();
  const fns = Object.fromEntries(
    Object.entries(actual).map(([name, value]) =>
      typeof value === 'function' && name !== 'CameraCloudError' && name !== 'pairUp' ? [name, vi.fn()] : [name, value],
    ),
  );
  return fns;
});
vi.mock('@/api/device-setup', async (importOriginal) => ({
  ...(await importOriginal<typeof setupApi>()),
  addBox: vi.fn(),
}));
vi.mock('@/api/site', async (importOriginal) => ({
  ...(await importOriginal<typeof siteApi>()),
  getSiteList: vi.fn(),
  getSiteBaseInfo: vi.fn(),
  getDeviceStatusStatistics: vi.fn(),
}));
const api = vi.mocked(deviceApi);
const setup = vi.mocked(setupApi);
const site = vi.mocked(siteApi);

const box = (over: Partial<BoxRow> = {}): BoxRow => ({
  id: 1,
  serialNumber: '86123450010037',
  deviceType: 1,
  model: 'R9-10',
  socketCount: 10,
  remark: '01号机',
  status: 1,
  signal: 20,
  signalMode: 1,
  masterSerialNumber: null,
  chargingCount: 0,
  idleCount: 10,
  faultCount: 0,
  hasBackUpQrCode: false,
  lastHeartbeatTime: 0,
  todayIncome: 0,
  ...over,
});

function newRoot(): RootStore {
  localStorage.setItem('TOKEN', 't');
  localStorage.setItem('PERMISSION', JSON.stringify(['site:view', 'site:edit', 'device:control']));
  return new RootStore({ client: 'r9a_weixin' } as unknown as Platform);
}

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
  site.getDeviceStatusStatistics.mockResolvedValue({} as never);
  site.getSiteBaseInfo.mockResolvedValue({ id: 1, editable: true } as never);
});

describe('BoxListStore (facilityList)', () => {
  it('asks for the filter, keyword and view of the screen', () => {
    const store = keptScreenStore(newRoot(), boxListStore, 3);
    store.enter('offline');
    store.setKeyword('  03号 ');
    void store.fetchPage(2, 20);
    expect(api.getPagedBoxListOfSite).toHaveBeenLastCalledWith({
      siteId: 3,
      pageNum: 2,
      pageSize: 20,
      status: 2,
      keyword: '03号',
    });
    store.setView('socket');
    store.enter(null);
    void store.fetchPage(1, 20);
    expect(api.getPagedBoxListWithChargerInfo).toHaveBeenLastCalledWith({
      siteId: 3,
      pageNum: 1,
      pageSize: 20,
      keyword: '03号',
    });
    expect(store.narrowed).toBe(true);
  });

  it('refreshes live states of the loaded pages silently and lays them over the rows', async () => {
    const store = keptScreenStore(newRoot(), boxListStore, 1);
    store.enter(null);
    void store.fetchPage(1, 20);
    void store.fetchPage(2, 20);
    api.getPagedBoxListOfSite.mockResolvedValue({ list: [box({ status: 2, chargingCount: 0 })], total: 1 } as never);
    await store.refreshLive();
    expect(api.getPagedBoxListOfSite).toHaveBeenLastCalledWith({ siteId: 1, pageNum: 1, pageSize: 40 }, true);
    expect(store.live.of(box()).status).toBe(2);
    await store.pulled();
    expect(store.live.of(box()).status).toBe(1);
  });

  it('validates a remark before calling and shows the saved one', async () => {
    const store = keptScreenStore(newRoot(), boxListStore, 1);
    store.enter(null);
    expect(await store.editRemark(box(), '一'.repeat(21))).toEqual({ ok: false, message: '备注最多20个字' });
    expect(api.editBoxMark).not.toHaveBeenCalled();
    api.editBoxMark.mockResolvedValue(null as never);
    expect(await store.editRemark(box(), ' 3号车棚左 ')).toEqual({ ok: true });
    expect(api.editBoxMark).toHaveBeenCalledWith({ boxId: 1, remark: '3号车棚左' });
    expect(store.live.of(box()).remark).toBe('3号车棚左');
    api.editBoxMark.mockRejectedValue(new Error('refused') as never);
    expect(await store.editRemark(box(), 'x')).toEqual({ ok: false, message: null });
  });

  it('reloads the list and the strips after unbinding, and marks the site list dirty; not when refused', async () => {
    const root = newRoot();
    const store = keptScreenStore(root, boxListStore, 1);
    store.enter(null);
    const version = store.version;
    const listVersion = root.sites.changes;
    api.unbindSocket.mockRejectedValueOnce(new Error('charging') as never);
    expect(await store.unbind(box())).toBe(false);
    expect(store.version).toBe(version);
    expect(root.sites.changes).toBe(listVersion);
    api.unbindSocket.mockResolvedValueOnce(null as never);
    expect(await store.unbind(box())).toBe(true);
    expect(store.version).toBe(version + 1);
    expect(root.sites.changes).toBe(listVersion + 1);
    expect(api.unbindSocket).toHaveBeenLastCalledWith({ siteId: 1, boxId: 1 });
  });

  it('migrates only to the caller’s other editable sites', async () => {
    const store = keptScreenStore(newRoot(), boxListStore, 1);
    store.enter(null);
    site.getSiteList.mockResolvedValue({
      list: [
        { id: 1, name: '本站', editable: true },
        { id: 2, name: '二号', editable: true },
        { id: 7, name: '代理的', editable: false },
      ],
      total: 3,
      canAdd: true,
    } as never);
    expect(await store.migrationTargets()).toEqual([{ id: 2, name: '二号' }]);
    setup.addBox.mockResolvedValue({ id: 1 } as never);
    expect(await store.migrate(box(), 2)).toBe(true);
    expect(setup.addBox).toHaveBeenCalledWith({
      siteId: 2,
      serialNumber: '86123450010037',
      deviceType: 1,
      moveFromSiteId: 1,
    });
  });
});

describe('GuardListStore (guardList)', () => {
  const guard: GuardRow = {
    id: 66,
    serialNumber: 'MJ2023003001',
    deviceType: 4,
    remark: null,
    status: 1,
    doorStatus: 0,
    autoCloseInterval: 0,
    todayOpenCount: 2,
    lastOpenTime: null,
  };

  it('shows 已打开 after a forced open until the next refresh', async () => {
    const store = keptScreenStore(newRoot(), guardListStore, 1);
    api.forcedToOpenTheDoor.mockResolvedValue({ openTime: 1234 } as never);
    expect(await store.forceOpen(guard)).toBe(true);
    expect(store.live.of(guard)).toMatchObject({ doorStatus: 1, todayOpenCount: 3, lastOpenTime: 1234 });
    api.getPagedEntranceGuardList.mockResolvedValue({
      list: [{ ...guard, doorStatus: 0, todayOpenCount: 3 }],
      total: 1,
    } as never);
    await store.refreshLive();
    expect(store.live.of(guard).doorStatus).toBe(0);
  });

  it('sends one command per tap even when tapped twice', async () => {
    const store = keptScreenStore(newRoot(), guardListStore, 5);
    const gate = { ...guard, id: 69, deviceType: 5 as const };
    let release: (v: null) => void = () => undefined;
    api.remoteOpenGateDoor.mockReturnValue(new Promise((r) => (release = r)) as never);
    const first = store.openGate(gate);
    expect(await store.openGate(gate)).toBe(false);
    release(null);
    expect(await first).toBe(true);
    expect(api.remoteOpenGateDoor).toHaveBeenCalledTimes(1);
    expect(store.live.of(gate).doorStatus).toBe(1);
    api.setAutoCloseGateDoorInterval.mockResolvedValue(null as never);
    expect(await store.setAutoClose(gate, 60)).toBe(true);
    expect(api.setAutoCloseGateDoorInterval).toHaveBeenCalledWith(69, 60);
    expect(store.live.of(gate).autoCloseInterval).toBe(60);
  });
});

describe('WhitelistStore', () => {
  it('validates the form in field order with the design’s messages', () => {
    const store = keptScreenStore(newRoot(), whitelistStore);
    const form = { name: '王小明', phone: '13912345678', roomNo: '3栋2单元501', expireDate: '' };
    expect(store.validate(form)).toBeNull();
    expect(store.validate({ ...form, name: '' })).toBe('请输入姓名');
    expect(store.validate({ ...form, phone: '139' })).toBe('请输入正确的手机号');
    expect(store.validate({ ...form, roomNo: ' ' })).toBe('请输入房号');
    expect(store.validate({ ...form, expireDate: '2000-01-01' })).toBe('有效期不能早于今天');
  });

  it('asks for the community and the search, and reloads the list and its count after a change', async () => {
    const store = keptScreenStore(newRoot(), whitelistStore);
    store.use(1);
    store.setKeyword('  人2 ');
    void store.fetchPage(2, 20);
    expect(api.getWhiteList).toHaveBeenLastCalledWith({ communityId: 1, pageNum: 2, pageSize: 20, keyword: '人2' });
    store.setKeyword('');
    void store.fetchPage(1, 20);
    expect(api.getWhiteList).toHaveBeenLastCalledWith({ communityId: 1, pageNum: 1, pageSize: 20 });
    const row = {
      id: 2,
      communityId: 1,
      name: '人2',
      phone: '13900000000',
      roomNo: '1',
      expireDate: null,
      createTime: 0,
    };
    const before = store.watch;
    api.deleteWhite.mockResolvedValue(null as never);
    api.getWhiteList.mockResolvedValue({ list: [], total: 7 } as never);
    expect(await store.remove(row)).toBe(true);
    expect(store.watch).not.toEqual(before);
    await vi.waitFor(() => expect(store.count).toBe(7));
    expect(api.getWhiteList).toHaveBeenLastCalledWith({ communityId: 1, pageNum: 1, pageSize: 1 });
    api.saveWhite.mockRejectedValueOnce(new Error('该手机号已在白名单中'));
    const form = { name: '王小明', phone: '13912345678', roomNo: '3栋2单元501', expireDate: '' };
    expect(await store.save(form)).toEqual({ ok: false, message: null });
    api.saveWhite.mockResolvedValueOnce({ id: 9 } as never);
    expect(await store.save(form)).toEqual({ ok: true });
    expect(api.saveWhite).toHaveBeenLastCalledWith({
      communityId: 1,
      name: '王小明',
      phone: '13912345678',
      roomNo: '3栋2单元501',
      expireDate: null,
    });
  });

  it('forgets another community’s search and count', () => {
    const store = keptScreenStore(newRoot(), whitelistStore);
    store.use(1);
    store.setKeyword('王');
    store.count = 3;
    store.use(2);
    expect(store.keyword).toBe('');
    expect(store.count).toBeNull();
  });
});

describe('CameraListStore (live view)', () => {
  const camera: WebcamRow = {
    id: 70,
    serialNumber: 'LCC620003053',
    channelId: 0,
    remark: null,
    status: 1,
    coverUrl: null,
    lastOnlineTime: null,
  };
  const system = { ver: '1.0' as const, appId: 'lc', time: 1, nonce: 'n'.repeat(32), sign: 's' };

  beforeEach(() => {
    api.getLechangeAccessToken.mockResolvedValue({
      accessToken: 'At_1',
      appId: 'lc',
      expireTime: Date.now() + 3600_000,
    } as never);
    api.signLechangeSystem.mockResolvedValue(system as never);
    api.bindDeviceLive.mockResolvedValue({
      hlsUrl: '/sd.m3u8',
      hlsHdUrl: '/hd.m3u8',
      coverUrl: null,
      expireTime: 0,
    } as never);
  });

  it('checks the camera with the cloud (signed by the backend), binds the live address, then plays', async () => {
    const store = keptScreenStore(newRoot(), cameraListStore, 1);
    api.cameraCloudDeviceOnline.mockResolvedValue({ deviceId: camera.serialNumber, onLine: '1' } as never);
    expect(await store.openLive(camera)).toBe('ok');
    const [signBody] = api.signLechangeSystem.mock.calls[0] ?? [];
    expect(signBody?.nonce).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(Math.abs((signBody?.time ?? 0) - Date.now() / 1000)).toBeLessThan(5);
    expect(api.cameraCloudDeviceOnline).toHaveBeenCalledWith(system, 'At_1', 'LCC620003053', expect.any(String));
    expect(store.streamUrl).toBe('/sd.m3u8');
    store.setQuality('hd');
    expect(store.streamUrl).toBe('/hd.m3u8');
    store.closePlayer();
    expect(store.streamUrl).toBeNull();
    // The token is cached until it expires.
    await store.openLive(camera);
    expect(api.getLechangeAccessToken).toHaveBeenCalledTimes(1);
  });

  it('stops at an offline camera or a failing cloud, without binding', async () => {
    const store = keptScreenStore(newRoot(), cameraListStore, 1);
    api.cameraCloudDeviceOnline.mockResolvedValueOnce({ deviceId: camera.serialNumber, onLine: '0' } as never);
    expect(await store.openLive(camera)).toBe('offline');
    api.cameraCloudDeviceOnline.mockRejectedValueOnce(new deviceApi.CameraCloudError('TK1002', 'token') as never);
    expect(await store.openLive(camera)).toBe('cloudFailed');
    expect(store.token).toBeNull();
    expect(api.bindDeviceLive).not.toHaveBeenCalled();
    expect(store.player).toBeNull();
  });
});

describe('SmokeListStore', () => {
  it('asks for the chip’s states and refreshes only while an alarm shows', async () => {
    const store = keptScreenStore(newRoot(), smokeListStore, 3);
    store.setFilter('lowBattery');
    void store.fetchPage(1, 20);
    expect(api.getPagedSmokeSensorList).toHaveBeenLastCalledWith({
      siteId: 3,
      pageNum: 1,
      pageSize: 20,
      smokeStatus: 2,
    });
    store.setFilter('offline');
    void store.fetchPage(1, 20);
    expect(api.getPagedSmokeSensorList).toHaveBeenLastCalledWith({ siteId: 3, pageNum: 1, pageSize: 20, status: 2 });
    const sensor = {
      id: 75,
      serialNumber: 'YG',
      remark: null,
      status: 1 as const,
      signal: 20,
      battery: 60,
      lastReportTime: 0,
      lastAlarmTime: 0,
    };
    store.notePage([{ ...sensor, smokeStatus: 1 }]);
    expect(store.alarming).toBe(true);
    api.getPagedSmokeSensorList.mockResolvedValue({ list: [{ ...sensor, smokeStatus: 0 }], total: 1 } as never);
    await store.refreshLive();
    expect(store.alarming).toBe(false);
  });
});
