import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '@platform/types';
import * as deviceApi from '@/api/device';
import * as setupApi from '@/api/device-setup';
import { settings } from '@/config/env';
import { RootStore } from '@/stores/root';
import {
  ScanAddStore,
  SocketDetailStore,
  SpareCodeStore,
  powerPoints,
  remarkError,
  remoteMinuteChoices,
  remoteStartError,
  verifyCodeError,
} from './device-setup';

vi.mock('@/api/device-setup', async (importOriginal) => {
  const actual = await importOriginal<typeof setupApi>();
  return Object.fromEntries(
    Object.entries(actual).map(([name, value]) => [name, typeof value === 'function' ? vi.fn() : value]),
  );
});
vi.mock('@/api/device', async (importOriginal) => ({
  ...(await importOriginal<typeof deviceApi>()),
  getBoxDetail: vi.fn(),
}));
const setup = vi.mocked(setupApi);
const device = vi.mocked(deviceApi);

/** A root store whose Platform scans `scanned` (null = the user cancelled). */
function rootScanning(scanned: string | null): RootStore {
  const platform = {
    client: 'r9a_weixin',
    capabilities: { scansBarCodes: true },
    wording: { barCodeUnsupported: '' },
    scan: () => Promise.resolve(scanned),
  };
  return new RootStore(platform as unknown as Platform);
}

/** A call that resolves `value` when released (to hold an action in flight). */
function held<T>(value: T) {
  let release: () => void = () => undefined;
  const promise = new Promise<T>((resolve) => (release = () => resolve(value)));
  return { promise, release: () => release() };
}

beforeEach(() => {
  vi.clearAllMocks();
});

/** Pure rules of the device-setup screens (B-site.md §3, §0.4). */

describe('scanning per host', () => {
  it('offers bar codes where the Platform scans them; elsewhere the Platform’s manual-input hint', () => {
    expect(new ScanAddStore(rootScanning(null), 1).scanHint).toBeNull();
    const qrOnly = {
      capabilities: { scansBarCodes: false },
      wording: { barCodeUnsupported: '支付宝仅支持扫描二维码，条形码请手动输入' },
    };
    const root = new RootStore(qrOnly as unknown as Platform);
    expect(new ScanAddStore(root, 1).scanHint).toBe('支付宝仅支持扫描二维码，条形码请手动输入');
  });
});

describe('form rules', () => {
  it('remark ≤ 20 characters, may be empty', () => {
    expect(remarkError('')).toBeNull();
    expect(remarkError('一'.repeat(20))).toBeNull();
    expect(remarkError('一'.repeat(21))).toBe('备注最多20个字');
  });
  it('camera verify code: 6–8 letters or digits', () => {
    expect(verifyCodeError('ABC123')).toBeNull();
    expect(verifyCodeError('ABCD1234')).toBeNull();
    expect(verifyCodeError('AB12')).toBe('请输入设备标签上的验证码');
    expect(verifyCodeError('ABC-123')).toBe('请输入设备标签上的验证码');
  });
  it('remote start: duration and reason required, 其他 needs 2–30 characters of remark', () => {
    expect(remoteStartError({ minutes: null, reason: 1, remark: '' })).toBe('请选择充电时长');
    expect(remoteStartError({ minutes: 60, reason: null, remark: '' })).toBe('请选择原因');
    expect(remoteStartError({ minutes: 60, reason: 4, remark: '补' })).toBe('请填写远程启动原因');
    expect(remoteStartError({ minutes: 60, reason: 4, remark: '用户支付失败补电' })).toBeNull();
    expect(remoteStartError({ minutes: 60, reason: 2, remark: '' })).toBeNull();
  });
  it('remote durations never exceed the site’s maxMinutes', () => {
    expect(remoteMinuteChoices(720)).toEqual([30, 60, 120, 240, 480, 720]);
    expect(remoteMinuteChoices(200)).toEqual([30, 60, 120]);
  });
});

describe('powerPoints', () => {
  it('labels samples HH:mm in Asia/Shanghai with their power in W', () => {
    const t = Date.parse('2026-11-20T18:30:00+08:00');
    expect(
      powerPoints({
        points: [
          { time: t, power: 320 },
          { time: t + 300_000, power: 356 },
        ],
        maxPower: 356,
        avgPower: 338,
      }),
    ).toEqual([
      { label: '18:30', value: 320 },
      { label: '18:35', value: 356 },
    ]);
    expect(powerPoints(null)).toEqual([]);
  });
});

describe('ScanAddStore (facilityCode)', () => {
  it('refuses a device of another operator and one already on this site; shows the card otherwise', async () => {
    const store = new ScanAddStore(rootScanning('86123450010037'), 1);
    const type = { serialNumber: '86123450010037', deviceType: 1, deviceTypeName: '10路充电站', model: 'R9-10' };
    const info = { bindStatus: 0, siteId: null, siteName: '', remark: '' };
    setup.getDeviceTypeBySerialNumber.mockReturnValue({ send: () => Promise.resolve(type) } as never);
    setup.getBoxSimpleInfoBySerialNumber.mockReturnValue({
      send: () => Promise.resolve({ ...info, bindStatus: 2 }),
    } as never);
    expect(await store.scan()).toEqual({ error: '该设备已被其他运营商绑定，无法添加' });
    setup.getBoxSimpleInfoBySerialNumber.mockReturnValue({
      send: () => Promise.resolve({ ...info, bindStatus: 1, siteId: 1 }),
    } as never);
    expect(await store.lookUp('86123450010037')).toEqual({ error: '该设备已在本站点' });
    setup.getBoxSimpleInfoBySerialNumber.mockReturnValue({
      send: () => Promise.resolve({ ...info, bindStatus: 1, siteId: 2, siteName: '二号' }),
    } as never);
    expect(await store.lookUp('86123450010037')).toBeNull();
    expect(store.action).toBe('move');
    expect(store.lookingUp).toBe(false);
    expect(await store.lookUp('bad code')).toEqual({ error: '无法识别的设备码' });
  });

  it('adds the looked-up box and marks the kept-alive site list dirty (its device counts changed)', async () => {
    const root = rootScanning(null);
    const store = new ScanAddStore(root, 1);
    const type = { serialNumber: '86123450011517', deviceType: 1, deviceTypeName: '10路充电站', model: 'R9-10' };
    setup.getDeviceTypeBySerialNumber.mockReturnValue({ send: () => Promise.resolve(type) } as never);
    setup.getBoxSimpleInfoBySerialNumber.mockReturnValue({
      send: () => Promise.resolve({ bindStatus: 0, siteId: null, siteName: '', remark: '' }),
    } as never);
    expect(await store.lookUp('86123450011517')).toBeNull();
    setup.addBox.mockReturnValue({ send: () => Promise.resolve({ id: 41 }) } as never);
    const before = root.sites.changes;
    expect(await store.confirm()).toMatchObject({ id: 41, serialNumber: '86123450011517' });
    expect(setup.addBox).toHaveBeenCalledWith({ siteId: 1, serialNumber: '86123450011517', deviceType: 1 });
    expect(root.sites.changes).toBe(before + 1);
  });
});

describe('SpareCodeStore (spareQcode)', () => {
  it('binds a scanned sticker once per tap and reloads the box', async () => {
    const origin = settings.qrBaseUrl || 'https://qr.example.com';
    const store = new SpareCodeStore(rootScanning(`${origin}/q/SPARE0001`), 5);
    device.getBoxDetail.mockResolvedValue({ id: 5, serialNumber: 'R9', backUpQrCode: null } as never);
    expect(await store.scanSticker()).toEqual({ code: 'SPARE0001' });
    const call = held(null);
    setup.setBackUpQrCode.mockReturnValue(call.promise as never);
    const first = store.bind('SPARE0001');
    expect(store.busy).toBe(true);
    expect(await store.bind('SPARE0001')).toBe(false);
    call.release();
    expect(await first).toBe(true);
    expect(store.busy).toBe(false);
    expect(setup.setBackUpQrCode).toHaveBeenCalledTimes(1);
    expect(device.getBoxDetail).toHaveBeenCalledWith(5);
    setup.unbindBackUpQrCode.mockRejectedValue(new Error('备用码不存在或已作废'));
    expect(await store.unbind()).toBe(false);
    expect(store.busy).toBe(false);
  });

  it('tells a device code from a sticker and does nothing on a cancelled scan', async () => {
    expect(await new SpareCodeStore(rootScanning('86123450010037'), 5).scanSticker()).toEqual({
      error: '这是设备码，请扫描二维码贴纸',
    });
    expect(await new SpareCodeStore(rootScanning(null), 5).scanSticker()).toBeNull();
  });
});

describe('SocketDetailStore (socketInfo)', () => {
  it('starts a remote charge once at a time and reports a start that failed on the device', async () => {
    const store = new SocketDetailStore(rootScanning(null), 9);
    const detail = { chargerId: 9, socketNo: 3, serialNumber: 'R9', status: 0, boxStatus: 1, canControl: true };
    setup.getConnectorDetail.mockResolvedValue({ ...detail, currentOrder: null } as never);
    await store.load();
    expect(store.canStart).toBe(true);
    const call = held({ recordId: 1, orderNo: 'CD1', status: 1 });
    setup.remotePay.mockReturnValue(call.promise as never);
    const form = { minutes: 60, reason: 2 as const, remark: ' 设备测试 ' };
    const first = store.start(form);
    expect(store.busy).toBe(true);
    expect(await store.start(form)).toBeNull();
    call.release();
    expect(await first).toMatchObject({ status: 1 });
    expect(setup.remotePay).toHaveBeenCalledWith({
      serialNumber: 'R9',
      socketNo: 3,
      chargeMinutes: 60,
      reasonType: 2,
      remark: '设备测试',
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    setup.remotePay.mockResolvedValue({ recordId: 2, orderNo: 'CD2', status: 4, failReason: '设备离线' } as never);
    expect(await store.start(form)).toMatchObject({ status: 4, failReason: '设备离线' });
    setup.remotePay.mockRejectedValue(new Error('网络异常') as never);
    expect(await store.start(form)).toBeNull();
    expect(store.busy).toBe(false);
  });
});
