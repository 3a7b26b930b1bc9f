import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PERMISSIONS } from '@/api/permissions';
import type * as UserApi from '@/api/user';
import type { WorkOrderDetail } from '@/api/work-order';
import { ApiError } from '@/api/outcome';
import { STALE_WORK_ORDER, WORK_ORDER_MESSAGES, reviewError, type ReviewForm } from '@/api/work-order-rules';
import { RootStore } from '@/stores/root';
import type { Platform } from '@platform/types';
import { InstallDetailStore } from './install-detail';
import { WorkOrderListStore, workingListStore } from './work-order';

const api = vi.hoisted(() => ({
  getOrderDetail: vi.fn(),
  getTrainInfo: vi.fn(),
  getUserListByCommId: vi.fn(),
  addWorkOrderSite: vi.fn(),
  approvalBuildOrder: vi.fn(),
  updateTrainingConfirm: vi.fn(),
  submitBuildAchievement: vi.fn(),
  approvalBuildAchievement: vi.fn(),
  getOrderCountOfWait: vi.fn(),
  getWorkOrders: vi.fn(),
  getCommercialInfo: vi.fn(),
}));

vi.mock('@/api/work-order', () => ({
  getOrderDetail: api.getOrderDetail,
  getTrainInfo: api.getTrainInfo,
  getUserListByCommId: api.getUserListByCommId,
  addWorkOrderSite: api.addWorkOrderSite,
  approvalBuildOrder: api.approvalBuildOrder,
  updateTrainingConfirm: api.updateTrainingConfirm,
  submitBuildAchievement: api.submitBuildAchievement,
  approvalBuildAchievement: api.approvalBuildAchievement,
  getOrderCountOfWait: api.getOrderCountOfWait,
  getWorkOrders: api.getWorkOrders,
}));

vi.mock('@/api/user', async (importOriginal) => ({
  ...(await importOriginal<typeof UserApi>()),
  getCommercialInfo: api.getCommercialInfo,
}));

/** C-mine.md installDetail "Validation" (the review form). */
describe('reviewError', () => {
  const form: ReviewForm = {
    checkStatus: 1,
    applyApprovedContent: '',
    stationId: 6,
    builderMode: 'existing',
    builderId: 10006,
    builderName: '王强',
    builderPhone: '13800138005',
    builderPassword: '',
  };
  it('通过 needs a site and a builder; a new builder a name, a phone and a password of letters and digits', () => {
    expect(reviewError(form)).toBeNull();
    expect(reviewError({ ...form, stationId: null })).toBe(WORK_ORDER_MESSAGES.siteRequired);
    expect(reviewError({ ...form, builderId: null })).toBe(WORK_ORDER_MESSAGES.builderRequired);
    const fresh = { ...form, builderMode: 'new' as const, builderId: null, builderPassword: 'abc123' };
    expect(reviewError(fresh)).toBeNull();
    expect(reviewError({ ...fresh, builderName: '王' })).toBe(WORK_ORDER_MESSAGES.builderName);
    expect(reviewError({ ...fresh, builderPhone: '1380013800' })).toBe(WORK_ORDER_MESSAGES.builderPhone);
    expect(reviewError({ ...fresh, builderPassword: '123456' })).toBe(WORK_ORDER_MESSAGES.builderPassword);
  });

  it('驳回 needs a reason of 2–200 characters and nothing else', () => {
    const reject = { ...form, checkStatus: 2 as const, stationId: null, builderId: null };
    expect(reviewError({ ...reject, applyApprovedContent: ' 无 ' })).toBe(WORK_ORDER_MESSAGES.rejectReason);
    expect(reviewError({ ...reject, applyApprovedContent: 'x'.repeat(201) })).toBe(WORK_ORDER_MESSAGES.rejectReason);
    expect(reviewError({ ...reject, applyApprovedContent: '现场无电源' })).toBeNull();
  });
});

describe('the work-order lists', () => {
  it('reload on chip and keyword changes; a keyword over 30 characters is refused and the last one kept', () => {
    const store = new WorkOrderListStore('online');
    expect(store.status).toBe(1);
    expect(store.emptyText).toBe('暂无待审核的安装申请');
    store.setKeyword('蒋村');
    store.setKeyword('x'.repeat(31));
    expect(store.keywordError).toBe(WORK_ORDER_MESSAGES.keyword);
    expect(store.watch).toEqual([1, '蒋村']);
    store.setStatus(2);
    expect(store.emptyText).toBe('暂无已驳回的申请');
  });

  it('the working list opens on 施工中, or on the chip of the query (home’s 待验收)', () => {
    const root = {} as RootStore;
    expect(workingListStore.create(root, undefined).status).toBe(3);
    expect(workingListStore.create(root, 4).status).toBe(4);
    expect(workingListStore.create(root, 9).status).toBe(3);
  });
});

const ORDER: WorkOrderDetail = {
  id: 7,
  orderNo: 'WO202611200007',
  status: 1,
  applyType: 1,
  applicantName: '周立',
  applicantPhone: '13900000000',
  commName: '翠苑',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  address: '东门车棚',
  expectBoxCount: 2,
  expectSocketCount: 20,
  applyTime: 1,
  siteName: null,
  builderName: null,
  builderPhone: null,
  approveTime: null,
  installedBoxCount: 0,
  trainingConfirmed: 0,
  commId: 10001,
  socketType: 10,
  parkingSpaces: 30,
  hasPower: 1,
  photos: [],
  remark: '',
  longitude: 120.1,
  latitude: 30.2,
  checkStatus: null,
  applyApprovedContent: null,
  approverName: null,
  onlineSite: null,
  stationId: null,
  siteStatus: null,
  builderId: null,
  trainConfirmTime: null,
  submitTime: null,
  achievementRemark: null,
  acceptContent: null,
  acceptTime: null,
  finishTime: null,
  devices: [],
  siteList: [{ siteId: 6, siteName: '古荡新村充电站', address: '古荡' }],
};

function loginAs(accountType: 1 | 5): RootStore {
  localStorage.setItem('TOKEN', 't'.repeat(32));
  localStorage.setItem('PERMISSION', JSON.stringify([...DEFAULT_PERMISSIONS[accountType]]));
  localStorage.setItem('ExtendPermission', JSON.stringify({ accountType, mainAccountId: 10001 }));
  return new RootStore({ previewImage: vi.fn() } as unknown as Platform);
}

describe('InstallDetailStore', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.clearAllMocks();
    api.getCommercialInfo.mockResolvedValue({ orderCount: 1 });
    api.getUserListByCommId.mockResolvedValue([
      { builderId: 10006, name: '王强', phone: '13800138005', ongoingCount: 2 },
    ]);
  });

  it('starts the work-order edit for the order, keeps it across visits, and clears it after the review', async () => {
    const root = loginAs(1);
    api.getOrderDetail.mockResolvedValue(ORDER);
    const store = new InstallDetailStore(root, 7);
    await store.load();
    expect(store.canReview).toBe(true);
    expect(store.newSiteName).toBe('翠苑充电站');
    expect(store.reviewError).toBe(WORK_ORDER_MESSAGES.siteRequired);
    store.chooseSite(6);
    store.chooseBuilder(10006);
    expect(store.reviewQuestion).toBe('确认通过并指派给王强施工？');
    // Another visit (back from a picker) finds the same edit.
    const again = new InstallDetailStore(root, 7);
    await again.load();
    expect(again.edit.stationId).toBe(6);
    api.approvalBuildOrder.mockResolvedValue({ status: 3 });
    expect(await again.submitReview()).toEqual({ ok: true });
    expect(api.approvalBuildOrder).toHaveBeenCalledWith({
      id: 7,
      checkStatus: 1,
      applyApprovedContent: '',
      onlineSite: 1,
      stationId: 6,
      builderId: 10006,
    });
    expect(root.workOrderEdit.edit.id).toBeNull();
  });

  it('a new site becomes the review’s site; double taps send one call', async () => {
    const root = loginAs(1);
    api.getOrderDetail.mockResolvedValue(ORDER);
    let answer: (v: { stationId: number }) => void = () => undefined;
    api.addWorkOrderSite.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const store = new InstallDetailStore(root, 7);
    await store.load();
    const first = store.createSite();
    void store.createSite();
    answer({ stationId: 99 });
    expect(await first).toEqual({ ok: true });
    expect(api.addWorkOrderSite).toHaveBeenCalledTimes(1);
    expect(store.edit).toMatchObject({ onlineSite: 2, stationId: 99, addstationId: 99, siteName: '翠苑充电站' });
  });

  it('the builder submits only once trained and with a box; a stale status reloads the order', async () => {
    const root = loginAs(5);
    const building = { ...ORDER, status: 3 as const, stationId: 99, builderId: 10006 };
    api.getOrderDetail.mockResolvedValue(building);
    api.getTrainInfo.mockResolvedValue({
      trainId: 1,
      title: 't',
      content: '<p>x</p>',
      videoUrl: null,
      confirmed: 0,
      confirmTime: null,
    });
    const store = new InstallDetailStore(root, 7);
    await store.load();
    expect(store.canBuild).toBe(true);
    expect(store.canReview).toBe(false);
    expect(await store.confirmTraining()).toEqual({ ok: false, message: '请先查看培训资料' });
    expect(await store.submitAchievement()).toEqual({ ok: false, message: WORK_ORDER_MESSAGES.trainingFirst });
    api.getTrainInfo.mockResolvedValue({
      trainId: 1,
      title: 't',
      content: '',
      videoUrl: null,
      confirmed: 1,
      confirmTime: 5,
    });
    await store.train.load();
    expect(store.submitError).toBe(WORK_ORDER_MESSAGES.noDevice);
    api.getOrderDetail.mockResolvedValue({
      ...building,
      devices: [{ serialNumber: 'A1', socketCount: 10, status: 1 }],
    });
    await store.detail.load();
    api.submitBuildAchievement.mockRejectedValue(new ApiError('business', 1, STALE_WORK_ORDER));
    api.getOrderDetail.mockClear();
    expect(await store.submitAchievement()).toEqual({ ok: false, message: null });
    expect(api.getOrderDetail).toHaveBeenCalled();
  });

  it('previews the photos with absolute addresses (the hosts’ viewers need them)', async () => {
    const root = loginAs(1);
    api.getOrderDetail.mockResolvedValue({ ...ORDER, photos: ['/__sandbox/static/a.jpg', '/__sandbox/static/b.jpg'] });
    const store = new InstallDetailStore(root, 7);
    await store.load();
    store.previewPhoto('/__sandbox/static/b.jpg');
    const origin = globalThis.location.origin;
    expect(root.platform.previewImage).toHaveBeenCalledWith(
      [`${origin}/__sandbox/static/a.jpg`, `${origin}/__sandbox/static/b.jpg`],
      `${origin}/__sandbox/static/b.jpg`,
    );
  });

  it('驳回整改 needs content; 验收通过 refreshes merchant info', async () => {
    const root = loginAs(1);
    api.getOrderDetail.mockResolvedValue({ ...ORDER, status: 4 });
    api.getTrainInfo.mockResolvedValue({
      trainId: 1,
      title: 't',
      content: '',
      videoUrl: null,
      confirmed: 1,
      confirmTime: 5,
    });
    const store = new InstallDetailStore(root, 7);
    await store.load();
    expect(store.canAccept).toBe(true);
    expect(await store.accept(2, ' ')).toEqual({ ok: false, message: WORK_ORDER_MESSAGES.rectify });
    api.approvalBuildAchievement.mockResolvedValue({ status: 5 });
    expect(await store.accept(1, '')).toEqual({ ok: true });
    expect(api.approvalBuildAchievement).toHaveBeenCalledWith(7, 1, '');
    expect(api.getCommercialInfo).toHaveBeenCalled();
  });
});
