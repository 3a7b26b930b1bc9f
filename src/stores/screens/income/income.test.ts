import { shiftDay, shiftMonth } from '@/lib/time';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '@platform/types';
import type { RevenueCurve, RevenuePoint, WalletBalance, WithdrawMode } from '@/api/income';
import * as api from '@/api/income';
import {
  AMOUNT_HIDDEN_KEY,
  IncomeStore,
  autoWithdrawText,
  certTarget,
  certText,
  dayCurveWindow,
  figuresFor,
  frozenAlertHtml,
  incomeFunctions,
  isFlatSeries,
  isIncomeLocked,
  monthCurveWindow,
  noticeBars,
  shareInLastDays,
  signInfoPatch,
  trendSeries,
  trendTooltip,
  visibleNotices,
  walletText,
  withdrawInfoPatch,
  type CertState,
  type NoticeInput,
} from './income';
import { RootStore } from '@/stores/root';

vi.mock('@/api/income', () => ({
  getBalance: vi.fn(),
  getWithdrawMode: vi.fn(),
  getRevenueCurve: vi.fn(),
  getMerchantSignStatus: vi.fn(),
  getMerchantEntityProperty: vi.fn(),
  getMerchantEntity: vi.fn(),
  getArrearsOweAmount: vi.fn(),
  queryCommOweAmount: vi.fn(),
}));

/** A point with the given figures (total derived like the server: charge + valueCard + monthCard + coin − refund). */
function point(key: string, f: Partial<Omit<RevenuePoint, 'key' | 'total'>> = {}): RevenuePoint {
  const p = { charge: 0, valueCard: 0, monthCard: 0, coin: 0, share: 0, refund: 0, ...f };
  return { key, ...p, total: p.charge + p.valueCard + p.monthCard + p.coin - p.refund };
}

/** Day points from `start` to `end` inclusive, each with charge = 100 × its day of month and share 10. */
function dayPoints(start: string, end: string): RevenuePoint[] {
  const out: RevenuePoint[] = [];
  for (let key = start; key <= end; key = shiftDay(key, 1)) {
    out.push(
      point(key, { charge: 100 * Number(key.slice(8)), valueCard: 50, monthCard: 20, coin: 5, refund: 3, share: 10 }),
    );
  }
  return out;
}

describe('calendar helpers and curve windows', () => {
  it('shifts days and months across month and year ends', () => {
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDay('2023-12-31', 1)).toBe('2024-01-01');
    expect(shiftMonth('2024-01', -1)).toBe('2023-12');
    expect(shiftMonth('2024-05', -11)).toBe('2023-06');
    expect(shiftMonth('2023-12', 1)).toBe('2024-01');
  });

  it('starts the day curve at min(today − 29 d, first day of the month)', () => {
    expect(dayCurveWindow('2024-05-20')).toEqual({ startDate: '2024-04-21', endDate: '2024-05-20' });
    expect(dayCurveWindow('2024-05-31')).toEqual({ startDate: '2024-05-01', endDate: '2024-05-31' });
    expect(dayCurveWindow('2024-03-01')).toEqual({ startDate: '2024-02-01', endDate: '2024-03-01' });
    expect(dayCurveWindow('2023-03-01')).toEqual({ startDate: '2023-01-31', endDate: '2023-03-01' });
  });

  it('covers 11 months ago … this month for 近12月', () => {
    expect(monthCurveWindow('2024-05-20')).toEqual({ startDate: '2023-06', endDate: '2024-05' });
    expect(monthCurveWindow('2024-01-01')).toEqual({ startDate: '2023-02', endDate: '2024-01' });
  });
});

describe('overview figures from one day curve', () => {
  const today = '2024-05-20';
  const points = dayPoints(dayCurveWindow(today).startDate, today);

  it('takes 今日 and 昨日 from their points', () => {
    const t = figuresFor(points, 'today', today);
    expect(t).toEqual({
      total: 2000 + 50 + 20 + 5 - 3,
      charge: 2000,
      valueCard: 50,
      monthCard: 20,
      coin: 5,
      share: 10,
      refund: 3,
    });
    expect(figuresFor(points, 'yesterday', today).charge).toBe(1900);
  });

  it('sums 本月 over this month up to today only', () => {
    const month = figuresFor(points, 'month', today);
    const charge = Array.from({ length: 20 }, (_, i) => 100 * (i + 1)).reduce((a, b) => a + b, 0);
    expect(month.charge).toBe(charge);
    expect(month.share).toBe(200);
    expect(month.total).toBe(charge + 20 * (50 + 20 + 5 - 3));
    // A point after today (never sent, but harmless) is not counted.
    expect(figuresFor([...points, point('2024-05-21', { charge: 999 })], 'month', today).charge).toBe(charge);
  });

  it('reads yesterday of the 1st from last month (inside the window)', () => {
    const first = '2024-06-01';
    const pts = dayPoints(dayCurveWindow(first).startDate, first);
    expect(figuresFor(pts, 'yesterday', first).charge).toBe(3100);
    expect(figuresFor(pts, 'month', first).charge).toBe(100);
  });

  it('counts a missing point as zero', () => {
    expect(figuresFor([], 'today', today).total).toBe(0);
  });

  it('shows the share tile only with shares in the last 30 days', () => {
    expect(shareInLastDays(points, today)).toBe(300);
    const old = [point('2024-04-20', { share: 500 }), point(today)];
    expect(shareInLastDays(old, today)).toBe(0);
  });
});

describe('trend series and tooltip', () => {
  const today = '2024-05-20';
  const points = dayPoints(dayCurveWindow(today).startDate, today);

  it('gives the last 7 and 30 days, labelled MM-DD, oldest first', () => {
    const week = trendSeries('7d', points, null, today, false);
    expect(week?.map((p) => p.label)).toEqual(['05-14', '05-15', '05-16', '05-17', '05-18', '05-19', '05-20']);
    expect(week?.[6]).toEqual({ key: '2024-05-20', label: '05-20', value: 2072, charge: 2000, recharge: 70 });
    const month = trendSeries('30d', points, null, today, false);
    expect(month).toHaveLength(30);
    expect(month?.[0]?.key).toBe('2024-04-21');
  });

  it('zero-fills missing keys and waits for the curve it needs', () => {
    const sparse = trendSeries('7d', [point('2024-05-18', { charge: 500 })], null, today, false);
    expect(sparse?.map((p) => p.value)).toEqual([0, 0, 0, 0, 500, 0, 0]);
    expect(trendSeries('7d', null, null, today, false)).toBeNull();
    expect(trendSeries('12m', points, null, today, false)).toBeNull();
  });

  it('gives 12 months labelled YYYY-MM from the month curve', () => {
    const months = trendSeries(
      '12m',
      null,
      [point('2024-05', { charge: 700 }), point('2023-06', { coin: 1 })],
      today,
      false,
    );
    expect(months?.map((p) => p.label)).toEqual([
      '2023-06',
      '2023-07',
      '2023-08',
      '2023-09',
      '2023-10',
      '2023-11',
      '2023-12',
      '2024-01',
      '2024-02',
      '2024-03',
      '2024-04',
      '2024-05',
    ]);
    expect(months?.[0]?.value).toBe(1);
    expect(months?.[11]?.value).toBe(700);
  });

  it('charts the share for a property account', () => {
    const property = trendSeries('7d', [point('2024-05-20', { share: 1234 })], null, today, true);
    expect(property?.[6]?.value).toBe(1234);
  });

  it('detects an all-zero series', () => {
    expect(isFlatSeries(trendSeries('7d', [], null, today, false) ?? [])).toBe(true);
    expect(isFlatSeries(trendSeries('7d', points, null, today, false) ?? [])).toBe(false);
  });

  it('formats the tooltip as the design does', () => {
    const p = { key: '2024-05-12', label: '05-12', value: 123450, charge: 98000, recharge: 25450 };
    expect(trendTooltip(p, false)).toBe('05-12 ¥1,234.50（充电 ¥980.00 · 充值 ¥254.50）');
    expect(trendTooltip({ ...p, value: 1234 }, true)).toBe('05-12 ¥12.34');
  });
});

describe('wallet texts', () => {
  it('hides amounts as **** and shows -- when unknown', () => {
    expect(walletText(123456, false)).toBe('¥1,234.56');
    expect(walletText(123456, true)).toBe('****');
    expect(walletText(null, false)).toBe('--');
  });

  it('lists both freezes in the 冻结说明 alert, following the eye toggle', () => {
    const html = frozenAlertHtml({ frozenAmount: 4500, cardFrozenAmount: 22256 }, false);
    expect(html).toContain('费用冻结（分期结算 + SIM月租）¥45.00');
    expect(html).toContain('区域卡充值冻结 ¥222.56');
    expect(html).toContain('分期冻结将在结算日扣款后解冻；区域卡充值在用户刷卡消费后逐笔解冻');
    expect(frozenAlertHtml({ frozenAmount: 4500, cardFrozenAmount: 1 }, true)).not.toContain('¥');
  });

  it('words the auto-withdraw line', () => {
    expect(autoWithdrawText({ autoWithdraw: 1, nextWithdraw: '2024-05-27' })).toBe(
      '自动提现：已开启 · 下次 2024-05-27',
    );
    expect(autoWithdrawText({ autoWithdraw: 0, nextWithdraw: null })).toBe('自动提现：未开启');
    expect(autoWithdrawText(null)).toBe('自动提现：--');
  });
});

describe('notice bars', () => {
  const base: NoticeInput = {
    signStatus: 2,
    rejectReason: null,
    openRequired: false,
    openStatus: 0,
    oweAmount: 0,
    oweCount: 0,
    changeApply: null,
    mainAccount: true,
    canPayArrears: true,
  };

  it('shows nothing for a signed account without arrears', () => {
    expect(noticeBars(base)).toEqual([]);
  });

  it('words the e-sign bar by signStatus', () => {
    expect(noticeBars({ ...base, signStatus: 0 })).toEqual([
      {
        key: 'sign',
        tone: 'warning',
        text: '您尚未完成电子协议签署，订单资金将暂由支付机构托管',
        action: '去签约',
        to: '/income/sign-agree',
      },
    ]);
    const failed = noticeBars({ ...base, signStatus: 3, rejectReason: '签约人信息不一致' })[0];
    expect(failed).toMatchObject({ tone: 'danger', text: '签约失败：签约人信息不一致', action: '重新签约' });
    expect(noticeBars({ ...base, signStatus: 1 })[0]).toMatchObject({
      tone: 'info',
      text: '电子协议签约审核中，通常1个工作日内完成',
      action: null,
      to: null,
    });
  });

  it('asks for the online-bank account only once signed', () => {
    expect(noticeBars({ ...base, openRequired: true, openStatus: 0 })[0]).toMatchObject({
      key: 'open',
      text: '请开通网商银行账户，开通前暂不可提现',
      action: '去开通',
      to: '/income/openAccountDetail',
    });
    expect(noticeBars({ ...base, openRequired: true, openStatus: 3 })[0]).toMatchObject({
      text: '对公账户待打款验证',
      to: '/income/KYBCheck',
    });
    expect(noticeBars({ ...base, openRequired: true, openStatus: 2 })[0]).toMatchObject({
      text: '网商银行开户审核中',
      action: '查看',
    });
    expect(noticeBars({ ...base, openRequired: true, openStatus: 4 })).toEqual([]);
    expect(noticeBars({ ...base, openRequired: false, openStatus: 0 })).toEqual([]);
    const unsigned = noticeBars({ ...base, signStatus: 0, openRequired: true, openStatus: 0 });
    expect(unsigned.map((b) => b.key)).toEqual(['sign']);
  });

  it('shows the arrears sum and count in red', () => {
    const [bar] = noticeBars({ ...base, oweAmount: 38650, oweCount: 1 });
    expect(bar).toEqual({
      key: 'owe',
      tone: 'danger',
      text: '您有欠费 ¥386.50（1期），缴清前暂停提现',
      action: '去缴费',
      to: '/income/feeOwedDetail',
    });
    expect(noticeBars({ ...base, oweAmount: 100, oweCount: 1, canPayArrears: false })[0]?.to).toBeNull();
  });

  it('keeps the design order and shows only the first two', () => {
    const all: NoticeInput = {
      ...base,
      signStatus: 0,
      oweAmount: 500,
      oweCount: 2,
      changeApply: { applyId: 7, status: 1 },
    };
    expect(noticeBars(all).map((b) => b.key)).toEqual(['sign', 'owe', 'change']);
    expect(visibleNotices(all).map((b) => b.key)).toEqual(['sign', 'owe']);
    const signed: NoticeInput = { ...all, signStatus: 2, openRequired: true, openStatus: 1 };
    expect(visibleNotices(signed).map((b) => b.key)).toEqual(['open', 'owe']);
    expect(noticeBars({ ...base, changeApply: { applyId: 7, status: 1 } })[0]?.to).toBe('/income/apply-result?id=7');
    expect(noticeBars({ ...base, changeApply: { applyId: 7, status: 2 } })).toEqual([]);
  });

  it('leads a sub-account nowhere on the e-sign screens', () => {
    const bars = noticeBars({ ...base, signStatus: 0, mainAccount: false, oweAmount: 1, oweCount: 1 });
    expect(bars.map((b) => b.to)).toEqual([null, '/income/feeOwedDetail']);
  });

  it('ignores calls that did not answer', () => {
    expect(noticeBars({ ...base, signStatus: null, openStatus: null, openRequired: true })).toEqual([]);
  });
});

describe('商户认证 and the 功能 grid', () => {
  const cert: CertState = { certStatus: 2, changeApplyStatus: null, signStatus: 2, openRequired: false, openStatus: 0 };

  it('routes 商户认证 by state and words its status', () => {
    expect(certTarget({ ...cert, certStatus: 0 })).toBe('/income/edit-contract');
    expect(certTarget({ ...cert, certStatus: 1 })).toBe('/income/edit-contract');
    expect(certTarget({ ...cert, changeApplyStatus: 1 })).toBe('/income/apply-result');
    expect(certTarget({ ...cert, signStatus: 0 })).toBe('/income/sign-agree');
    expect(certTarget({ ...cert, openRequired: true, openStatus: 2 })).toBe('/income/openAccountDetail');
    expect(certTarget(cert)).toBe('/income/edit-contract');
    expect(certText({ certStatus: 0, changeApplyStatus: null })).toBe('未认证');
    expect(certText({ certStatus: 3, changeApplyStatus: null })).toBe('未认证');
    expect(certText({ certStatus: 1, changeApplyStatus: null })).toBe('审核中');
    expect(certText({ certStatus: 2, changeApplyStatus: null })).toBe('已认证');
    expect(certText({ certStatus: 2, changeApplyStatus: 1 })).toBe('变更审核中');
    expect(certText({ certStatus: null, changeApplyStatus: null })).toBeNull();
  });

  const all = (code: string) => code !== 'none';

  it('lists every entry for an operator in channel 1, in order', () => {
    const entries = incomeFunctions({
      can: all,
      mainAccount: true,
      channel: 1,
      coinEnabled: true,
      cardFrozenAmount: 100,
      cert,
    });
    expect(entries.map((e) => e.label)).toEqual([
      '对账单',
      '站点账单',
      '投币收入',
      '提现记录',
      '银行卡',
      '自动提现',
      '充值冻结记录',
      '导出报表',
      '商户认证',
    ]);
    expect(entries.find((e) => e.key === 'cert')?.status).toBe('已认证');
  });

  it('adapts to channel 2 and hides entries by permission and state', () => {
    const ch2 = incomeFunctions({
      can: all,
      mainAccount: true,
      channel: 2,
      coinEnabled: false,
      cardFrozenAmount: 0,
      cert,
    });
    expect(ch2.find((e) => e.key === 'withdrawList')?.to).toBe('/income/withdrawHistory');
    expect(ch2.find((e) => e.key === 'bank')).toMatchObject({ label: '结算卡', to: '/income/openAccountDetail' });
    expect(ch2.some((e) => e.key === 'coinBill' || e.key === 'areaCardBill')).toBe(false);
    const subAccount = incomeFunctions({
      can: (code) => ['income:view', 'bill:view'].includes(code),
      mainAccount: false,
      channel: 1,
      coinEnabled: false,
      cardFrozenAmount: 0,
      cert,
    });
    expect(subAccount.map((e) => e.label)).toEqual(['对账单', '站点账单']);
    const unknownChannel = incomeFunctions({
      can: all,
      mainAccount: true,
      channel: null,
      coinEnabled: false,
      cardFrozenAmount: null,
      cert,
    });
    expect(unknownChannel.some((e) => e.key === 'withdrawList' || e.key === 'bank')).toBe(false);
  });
});

describe('client state written by /income', () => {
  const balance: WalletBalance = {
    balance: 2642210,
    availableBalance: 119954,
    frozenAmount: 0,
    cardFrozenAmount: 22256,
    withdrawingAmount: 2500000,
    pendingIncome: 3607,
    totalIncome: 1261462,
    totalWithdraw: 1420000,
    account: '杭州市西湖区易充充电服务部',
  };
  const card = {
    bankCardId: 1,
    cardType: 1 as const,
    bankName: '招商银行',
    bankLogo: '',
    cardNoTail: '1655',
    holderName: '陈**',
  };
  const chosen = { ...card, bankCardId: 2, cardNoTail: '0021' };
  const mode: WithdrawMode = {
    channel: 1,
    autoWithdraw: 1,
    autoMode: 2,
    date: 1,
    nextWithdraw: '2024-05-27',
    cashBank: card,
    autoCard: card,
    phone: '138****8000',
    account: '杭州市西湖区易充充电服务部',
  };

  it('writes the spec fields of withdraw info, keeping a chosen card in channel 1', () => {
    expect(withdrawInfoPatch(balance, mode, { cashBank: null })).toEqual({
      account: '杭州市西湖区易充充电服务部',
      availableBalance: 119954,
      balance: 2642210,
      phone: '138****8000',
      autoWithdraw: 1,
      autoMode: 2,
      date: 1,
      nextWithdraw: '2024-05-27',
      cashBank: card,
    });
    expect(withdrawInfoPatch(null, mode, { cashBank: chosen }).cashBank).toBe(chosen);
    const entityCard = { ...card, bankCardId: 6, cardType: 2 as const };
    expect(withdrawInfoPatch(null, { ...mode, channel: 2, cashBank: entityCard }, { cashBank: chosen }).cashBank).toBe(
      entityCard,
    );
    expect(withdrawInfoPatch(balance, null, { cashBank: chosen })).toEqual({
      account: balance.account,
      availableBalance: 119954,
      balance: 2642210,
    });
    expect('channel' in withdrawInfoPatch(balance, mode, { cashBank: null })).toBe(false);
  });

  it('writes {signStatus, openStatus} of sign info as far as known', () => {
    expect(signInfoPatch({ signStatus: 2 }, { openStatus: 4 })).toEqual({ signStatus: 2, openStatus: 4 });
    expect(signInfoPatch(null, { openStatus: 0 })).toEqual({ openStatus: 0 });
    expect(signInfoPatch(null, null)).toEqual({});
  });

  it('locks builders and accounts without income:view', () => {
    expect(isIncomeLocked(5, true)).toBe(true);
    expect(isIncomeLocked(4, false)).toBe(true);
    expect(isIncomeLocked(4, true)).toBe(false);
    expect(isIncomeLocked(1, true)).toBe(false);
  });
});

describe('IncomeStore', () => {
  const NOW = Date.parse('2024-05-20T15:30:00+08:00');
  const curve: RevenueCurve = {
    points: dayPoints('2024-04-21', '2024-05-20'),
    sum: { total: 0, charge: 0, valueCard: 0, monthCard: 0, coin: 0, share: 0, refund: 0 },
  };
  const mocked = vi.mocked(api);

  function login(accountType: number, permissions: string[], settleMode = 1): RootStore {
    localStorage.setItem('TOKEN', 't');
    localStorage.setItem('PERMISSION', JSON.stringify(permissions));
    localStorage.setItem(
      'ExtendPermission',
      JSON.stringify({
        accountType,
        mainAccountId: 10001,
        parentId: null,
        settleMode,
        signStatus: 2,
        dataScope: 1,
        coinEnabled: true,
        withdrawEnabled: true,
      }),
    );
    return new RootStore({ client: 'r9a_weixin' } as unknown as Platform);
  }

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.clearAllMocks();
    mocked.getBalance.mockResolvedValue({
      balance: 1000,
      availableBalance: 700,
      frozenAmount: 100,
      cardFrozenAmount: 150,
      withdrawingAmount: 50,
      pendingIncome: 9,
      totalIncome: 5000,
      totalWithdraw: 4000,
      account: '测试主体',
    } as never);
    mocked.getWithdrawMode.mockResolvedValue({
      channel: 1,
      autoWithdraw: 0,
      autoMode: 1,
      date: 1,
      nextWithdraw: null,
      cashBank: null,
      autoCard: null,
      phone: '138****8000',
      account: '测试主体',
    } as never);
    mocked.getRevenueCurve.mockResolvedValue(curve as never);
    mocked.getMerchantSignStatus.mockResolvedValue({ signStatus: 0, rejectReason: null, openRequired: true } as never);
    mocked.getMerchantEntityProperty.mockResolvedValue({ openRequired: true, openStatus: 0 } as never);
    mocked.getMerchantEntity.mockResolvedValue({ certStatus: 0, changeApply: null } as never);
    mocked.getArrearsOweAmount.mockResolvedValue({ oweAmount: 1000, count: 1 } as never);
    mocked.queryCommOweAmount.mockResolvedValue({ oweAmount: 38650, owePeriodCount: 1 } as never);
  });

  it('makes no call in the lock state', async () => {
    const store = new IncomeStore(login(5, ['home', 'workOrder']), () => NOW);
    expect(store.locked).toBe(true);
    await store.load();
    expect(mocked.getBalance).not.toHaveBeenCalled();
    expect(mocked.getRevenueCurve).not.toHaveBeenCalled();
  });

  it('loads every block once, derives the figures and writes withdraw info and sign info', async () => {
    const root = login(1, ['income:view', 'withdraw', 'bank', 'bill:view', 'export', 'settlement']);
    const store = new IncomeStore(root, () => NOW);
    await store.load();
    expect(mocked.getRevenueCurve).toHaveBeenCalledTimes(1);
    expect(mocked.getRevenueCurve).toHaveBeenCalledWith(1, '2024-04-21', '2024-05-20');
    expect(mocked.queryCommOweAmount).not.toHaveBeenCalled(); // settleMode 1
    // Badge-type calls are silenced.
    expect(mocked.getMerchantSignStatus).toHaveBeenCalledWith({ errorText: 2 });
    expect(mocked.getArrearsOweAmount).toHaveBeenCalledWith({ errorText: 2 });
    expect(store.headline).toBe(2072);
    store.setOverviewRange('yesterday');
    expect(store.overview?.charge).toBe(1900);
    expect(store.frozenTotal).toBe(250);
    expect(root.withdrawInfo.info).toMatchObject({
      account: '测试主体',
      availableBalance: 700,
      balance: 1000,
      phone: '138****8000',
    });
    expect(root.signInfo.info).toEqual({ signStatus: 0, openStatus: 0 });
    expect(store.notices.map((b) => b.key)).toEqual(['sign', 'owe']);
    expect(store.notices[1]?.text).toBe('您有欠费 ¥10.00（1期），缴清前暂停提现');
    expect(store.functions.find((f) => f.key === 'cert')).toMatchObject({
      status: '未认证',
      to: '/income/edit-contract',
    });
  });

  it('adds the platform-fee arrears in settleMode 2', async () => {
    const store = new IncomeStore(login(1, ['income:view', 'settlement'], 2), () => NOW);
    await store.load();
    expect(mocked.queryCommOweAmount).toHaveBeenCalledTimes(1);
    expect(store.notices.find((b) => b.key === 'owe')?.text).toBe('您有欠费 ¥396.50（2期），缴清前暂停提现');
  });

  it('shows the share as the big figure for a property account', async () => {
    const store = new IncomeStore(login(3, ['income:view']), () => NOW);
    await store.load();
    expect(store.isProperty).toBe(true);
    expect(store.headline).toBe(10);
  });

  it('loads the month curve on the first 近12月 only, and again on refresh', async () => {
    const store = new IncomeStore(login(1, ['income:view']), () => NOW);
    await store.load();
    store.setTrendRange('12m');
    expect(mocked.getRevenueCurve).toHaveBeenLastCalledWith(2, '2023-06', '2024-05');
    await vi.waitFor(() => expect(store.monthCurve.data).not.toBeNull());
    store.setTrendRange('7d');
    store.setTrendRange('12m');
    expect(mocked.getRevenueCurve).toHaveBeenCalledTimes(2);
    await store.refresh();
    expect(mocked.getRevenueCurve).toHaveBeenCalledTimes(4);
  });

  it('keeps a failed block empty so that it shows --', async () => {
    mocked.getBalance.mockRejectedValueOnce(new Error('网络异常'));
    const root = login(1, ['income:view']);
    const store = new IncomeStore(root, () => NOW);
    await store.load();
    expect(store.balance.failed).toBe(true);
    expect(store.frozenTotal).toBeNull();
    expect(root.withdrawInfo.info.availableBalance).toBe(0);
    await store.loadBalance();
    expect(root.withdrawInfo.info.availableBalance).toBe(700);
  });

  it('remembers the eye toggle in localStorage', () => {
    const store = new IncomeStore(login(1, ['income:view']), () => NOW);
    expect(store.amountHidden).toBe(false);
    store.toggleAmountHidden();
    expect(localStorage.getItem(AMOUNT_HIDDEN_KEY)).toBe('1');
    expect(new IncomeStore(login(1, ['income:view']), () => NOW).amountHidden).toBe(true);
  });

  it('writes sign info before a notice bar navigates', async () => {
    const root = login(1, ['income:view']);
    const store = new IncomeStore(root, () => NOW);
    await store.load();
    store.prepareNotice({ key: 'open', tone: 'warning', text: '', action: '去验证', to: '/income/KYBCheck' });
    expect(root.signInfo.info).toMatchObject({ signStatus: 0, backUrl: '/income', kybBackUrl: '/income' });
  });
});
