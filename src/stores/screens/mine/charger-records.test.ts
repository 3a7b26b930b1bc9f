import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as setupApi from '@/api/device-setup';
import * as ordersApi from '@/api/orders';
import { refundAmountError, refundBlock, refundReasonError, type OrderDetail } from '@/api/orders';
import type { RootStore } from '@/stores/root';
import { ChargerRecordInfoStore, refundConfirmText } from './charger-record-info';
import { ChargerRecordsStore } from './charger-records';

vi.mock('@/api/orders', async (importOriginal) => {
  const actual = await importOriginal<typeof ordersApi>();
  return {
    ...actual,
    getOrderDetail: vi.fn(),
    getOrderDiscount: vi.fn(),
    orderRefund: vi.fn(),
    getSuccessOrders: vi.fn((q: unknown) => ({ tab: 1, q })),
    getRefundedOrders: vi.fn((q: unknown) => ({ tab: 2, q })),
    getWaitingOrders: vi.fn((q: unknown) => ({ tab: 3, q })),
  };
});
vi.mock('@/api/device-setup', async (importOriginal) => ({
  ...(await importOriginal<typeof setupApi>()),
  getPowerCharts: vi.fn(() => Promise.resolve({ points: [], maxPower: 0, avgPower: 0 })),
}));
const api = vi.mocked(ordersApi);

const DAY = 86_400_000;
const ended: OrderDetail = {
  orderId: 7,
  orderNo: 'CD20261120000007',
  status: 2,
  payType: 1,
  transactionNo: null,
  nickname: null,
  userPhone: '138****0000',
  cardNo: null,
  siteId: 1,
  siteName: '翠苑一区',
  serialNumber: '86123450010012',
  socketNo: 3,
  chargeMode: 1,
  presetMinutes: 240,
  presetAmount: 200,
  createTime: Date.now() - 2 * DAY,
  startTime: Date.now() - 2 * DAY,
  endTime: Date.now() - DAY,
  durationMinutes: 240,
  energyWh: 1200,
  maxPowerW: 400,
  endReason: 2,
  originalAmount: 400,
  amount: 400,
  consumeAmount: 400,
  refundAmount: 0,
  refundableAmount: 400,
  refunds: [],
};

const rootWith = (codes: string[]) => ({ session: { can: (c: string) => codes.includes(c) } }) as unknown as RootStore;

beforeEach(() => {
  vi.clearAllMocks();
});

describe('the refund rules of the contract (rule 12)', () => {
  const now = Date.now();
  it('refuses orders that cannot be refunded', () => {
    expect(refundBlock(ended, now)).toBeNull();
    expect(refundBlock({ ...ended, payType: 7 }, now)).toBe('该支付方式的订单不支持退款');
    expect(refundBlock({ ...ended, payType: 4 }, now)).toBe('该支付方式的订单不支持退款');
    expect(refundBlock({ ...ended, status: 1, endTime: null }, now)).toBe('订单未结束，暂不能退款');
    expect(refundBlock({ ...ended, endTime: now - 31 * DAY }, now)).toBe('订单已超过可退款期限');
    expect(refundBlock({ ...ended, status: 3, refundableAmount: 0 }, now)).toBe('订单已无可退金额');
    expect(refundBlock({ ...ended, status: 4, refundableAmount: 100 }, now)).toBeNull();
  });

  it('checks the amount against the refundable amount and the reason', () => {
    expect(refundAmountError(400, 400)).toBeNull();
    expect(refundAmountError(401, 400)).toBe('退款金额不能超过可退金额¥4.00');
    expect(refundAmountError(0, 400)).toBe('请输入退款金额');
    expect(refundReasonError('')).toBe('请选择退款原因');
    expect(refundReasonError('坏')).toBe('请填写退款原因（2-50个字）');
    expect(refundReasonError('设备故障')).toBeNull();
  });
});

describe('ChargerRecordInfoStore', () => {
  it('offers 退款 only with order:refund and a refundable order', async () => {
    api.getOrderDetail.mockResolvedValue(ended as never);
    api.getOrderDiscount.mockResolvedValue({ discountType: 0, discountAmount: 0, desc: '' } as never);
    const store = new ChargerRecordInfoStore(rootWith(['order:view', 'order:refund']), 7);
    await store.detail.load();
    expect(store.canRefund).toBe(true);
    const viewer = new ChargerRecordInfoStore(rootWith(['order:view']), 7);
    await viewer.detail.load();
    expect(viewer.canRefund).toBe(false);
  });

  it('defaults the sheet to the refundable amount and validates it', async () => {
    api.getOrderDetail.mockResolvedValue({ ...ended, refundableAmount: 250, status: 4 } as never);
    const store = new ChargerRecordInfoStore(rootWith(['order:refund']), 7);
    await store.detail.load();
    store.openSheet();
    expect(store.amountText).toBe('2.50');
    expect(store.sheetError).toBeNull();
    store.setAmount('2.51');
    expect(store.sheetError).toBe('退款金额不能超过可退金额¥2.50');
    store.setAmount('1');
    store.setReason('其他');
    expect(store.sheetError).toBe('请选择退款原因');
    store.setOther('插头松动');
    expect(store.reason).toBe('插头松动');
    expect(store.sheetError).toBeNull();
  });

  it('sends one refund for 20 taps, confirmed once, with one requestId', async () => {
    api.getOrderDetail.mockResolvedValue(ended as never);
    api.getOrderDiscount.mockResolvedValue({ discountType: 0, discountAmount: 0, desc: '' } as never);
    let release: () => void = () => undefined;
    api.orderRefund.mockReturnValue(
      new Promise((resolve) => (release = () => resolve({ refundId: 1, status: 2 }))) as never,
    );
    const store = new ChargerRecordInfoStore(rootWith(['order:refund']), 7);
    await store.detail.load();
    store.openSheet();
    const asked: string[] = [];
    const ask = (text: string) => (asked.push(text), Promise.resolve(true));
    const taps = Array.from({ length: 20 }, () => store.submit(ask));
    release();
    const answers = await Promise.all(taps);
    expect(api.orderRefund).toHaveBeenCalledTimes(1);
    expect(asked).toEqual([refundConfirmText(400)]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    const body = api.orderRefund.mock.calls[0]?.[0];
    expect(body).toMatchObject({ orderId: 7, refundAmount: 400, reason: '充电异常' });
    expect(body?.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(store.sheetOpen).toBe(false);
  });
});

describe('ChargerRecordsStore', () => {
  it('starts with this month, or the day of the query, and sends the filters of the tab', () => {
    const store = new ChargerRecordsStore({}, '2026-11-20');
    expect([store.startDate, store.endDate]).toEqual(['2026-11-01', '2026-11-20']);
    const day = new ChargerRecordsStore({ date: '2026-11-18', siteId: 2, chargerId: 9 }, '2026-11-20');
    expect(day.query(1, 20)).toEqual({
      startDate: '2026-11-18',
      endDate: '2026-11-18',
      siteId: 2,
      chargerId: 9,
      pageNum: 1,
      pageSize: 20,
    });
    day.clearCharger();
    day.setPayType(7);
    day.setKeyword(' 8612 ');
    day.setTab(2);
    expect(day.page(2, 20)).toEqual({
      tab: 2,
      q: {
        startDate: '2026-11-18',
        endDate: '2026-11-18',
        siteId: 2,
        payType: 7,
        keyword: '8612',
        pageNum: 2,
        pageSize: 20,
      },
    });
    day.setTab(3);
    expect(day.page(1, 20)).toMatchObject({ tab: 3 });
    expect(day.setDate('startDate', '2026-11-19')).toBe('开始日期不能晚于结束日期');
  });
});
