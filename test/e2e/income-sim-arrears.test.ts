import type { Page } from 'puppeteer';
import { afterAll, describe, expect, it } from 'vitest';
import type { ArrearsRecord } from '../../src/api/arrears';
import type { Page as ListPage } from '../../src/api/http';
import type { WalletBalance } from '../../src/api/income';
import type { SimCurrentBill } from '../../src/api/sim';
import type { Withdrawable } from '../../src/api/withdraw';
import {
  accountApi,
  answerDialog,
  api,
  byTestId,
  DEMO,
  openDemoPhone,
  payOpenArrears,
  press,
  sharedBrowser,
  waitForPath,
  waitForText,
  waitForTextOf,
  yuanText,
  type AccountApi,
  sandboxUrl,
} from './helpers';

/**
 * A SIM rent shortfall on screen (C-mine.md Business rule 22; D-income.md /income, /income/withdraw,
 * /income/feeOwedDetail) in both bundles: the demo operator's available balance is emptied just before the next 1st
 * that has no SIM bill yet (by the back office's 调账, POST /__sandbox/wallet/adjust, when its automatic withdrawal has
 * not taken it all by then), and the business clock passes 00:00 of that 1st: the rent job freezes nothing and the
 * whole rent is owed as an arrears record of source 3 SIM月租.
 * /income says withdrawals are paused, the withdraw screen refuses with the arrears, /income/feeOwedDetail lists the
 * SIM月租 record with the sandbox's amount. In WeChat the cashier is cancelled (the record stays open); in Alipay it
 * is paid through the app and the sandbox's cashier, and both bundles then find withdrawals open again.
 * The clock stops at 00:05 of the 1st (the 02:00–03:00 jobs of that day are left to settlement-centre.test.ts).
 * At the end: the clock back to real time, any arrears left paid, and the wallet credited back what was taken.
 */

const baseUrl = sandboxUrl();
const browser = sharedBrowser();

/** What the test took from the operator's available balance (fen), credited back at the end. */
let taken = 0;
let moved = false;

async function adjust(amount: number): Promise<void> {
  const answer = await api<{ availableBalance: number }>(baseUrl, 'POST', '/__sandbox/wallet/adjust', {
    phone: DEMO.phone,
    amount,
    remark: 'e2e SIM欠费',
  });
  if (answer.code !== 0) throw new Error(`wallet adjust ${amount}: ${answer.message}`);
}

async function operatorApi(): Promise<AccountApi> {
  const login = await api<{ token: string }>(baseUrl, 'POST', '/api/user/antLoginWithPwd', {
    phone: DEMO.phone,
    password: DEMO.password,
  });
  if (login.code !== 0) throw new Error(`login: ${login.message}`);
  return accountApi(baseUrl, login.data.token);
}

/** 'YYYY-MM' of an instant in Asia/Shanghai. */
const monthOf = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 7);

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

const openArrears = (call: AccountApi) =>
  call.get<ListPage<ArrearsRecord>>('/api/account/settlement/cost/arrears/list?pageNum=1&pageSize=100&status=1,2');

afterAll(async () => {
  if (moved) await api(baseUrl, 'DELETE', '/__sandbox/clock');
  const call = await operatorApi();
  await payOpenArrears(baseUrl, call);
  if (taken > 0) await adjust(taken);
  taken = 0;
});

/** The month whose SIM rent the test makes short, and its bill once made. */
let month = '';
let bill: SimCurrentBill | null = null;

describe('a SIM rent shortfall', () => {
  it('the next unbilled 1st, with an empty wallet, owes the whole rent as SIM月租 arrears', async () => {
    const call = await operatorApi();
    // Arrears a file before this one left are paid, so that the SIM record is the only one the screens show.
    await payOpenArrears(baseUrl, call);
    const clock = await api<{ now: number }>(baseUrl, 'GET', '/__sandbox/clock');
    // The first month after the clock's without a SIM bill (a file before this one may have passed a 1st already).
    month = nextMonth(monthOf(clock.data.now));
    while (await call.get<SimCurrentBill | null>(`/api/account/settlement/cost/frozenInfo?costType=1&cycle=${month}`)) {
      month = nextMonth(month);
    }
    const first = Date.parse(`${month}-01T00:00:00+08:00`);
    moved = true;
    expect((await api(baseUrl, 'POST', '/__sandbox/clock', { now: first - 10 * 60_000 })).code).toBe(0);
    // A login of the moved clock (a month ahead, the first one may have expired).
    const later = await operatorApi();
    const wallet = await later.get<WalletBalance>('/api/account/v2/balance');
    if (wallet.availableBalance > 0) {
      await adjust(-wallet.availableBalance);
      taken += wallet.availableBalance;
    }
    expect((await api(baseUrl, 'POST', '/__sandbox/clock', { now: first + 5 * 60_000 })).code).toBe(0);

    bill = await later.get<SimCurrentBill | null>('/api/account/settlement/cost/frozenInfo?costType=1');
    expect(bill).toMatchObject({ period: month, status: 3, frozenAmount: 0 });
    expect(bill?.oweAmount).toBe(bill?.amount);
    expect(bill?.amount).toBeGreaterThan(0);
    const sim = (await openArrears(later)).list.filter((r) => r.source === 3);
    expect(sim).toEqual([expect.objectContaining({ cycle: month, amount: bill?.amount, repaidAmount: 0 })]);
  }, 240_000);

  it('WeChat: /income pauses withdrawals, the withdraw screen refuses, feeOwedDetail lists it; cashier cancelled', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, 'wechat');
    const owe = await call.get<{ oweAmount: number; count: number }>('/api/account/settlement/cost/arrears/oweAmount');
    await screensShowArrears(page, call, owe);

    await press(page, byTestId('fee-pay'));
    await answerDialog(page, '去支付', '确认缴纳');
    await press(page, '#__emulator_cashier_cancel');
    await waitForText(page, '已取消支付');
    const still = await openArrears(call);
    expect(still.list.some((r) => r.source === 3 && r.cycle === month)).toBe(true);
    expect((await call.get<Withdrawable>('/api/user/isWithdrawable')).withdrawable).toBe(false);
    await context.close();
  });

  it('Alipay: the same screens, then paid through the cashier: 缴费成功 and withdrawals open again', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, 'alipay');
    const owe = await call.get<{ oweAmount: number; count: number }>('/api/account/settlement/cost/arrears/oweAmount');
    await screensShowArrears(page, call, owe);
    // The wallet back before paying, so that the withdraw screen's only refusal was the arrears.
    if (taken > 0) await adjust(taken);
    taken = 0;

    await press(page, byTestId('fee-pay'));
    await answerDialog(page, '去支付', `共 ${yuanText(owe.oweAmount)}`);
    await press(page, '#__emulator_cashier_pay');
    await waitForPath(page, '/income/feeOwedDetail/payresult');
    await waitForTextOf(page, byTestId('pay-result-title'), '缴费成功');
    expect((await openArrears(call)).total).toBe(0);
    expect(await call.get<Withdrawable>('/api/user/isWithdrawable')).toMatchObject({ withdrawable: true });
    const paid = await call.get<SimCurrentBill>(`/api/account/settlement/cost/frozenInfo?costType=1&cycle=${month}`);
    expect(paid.oweAmount).toBe(0);

    await withdrawalsOpen(page, call);
    await context.close();
  });

  it('WeChat: withdrawals open again there too', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, 'wechat');
    await withdrawalsOpen(page, call);
    await context.close();
  });
});

/** /income's arrears bar, the withdraw screen's refusal and the SIM月租 record on feeOwedDetail, as the sandbox has them. */
async function screensShowArrears(
  page: Page,
  call: AccountApi,
  owe: { oweAmount: number; count: number },
): Promise<void> {
  expect(owe.oweAmount).toBeGreaterThanOrEqual(bill?.amount ?? Infinity);
  await page.goto(`${baseUrl}/income`);
  await waitForTextOf(
    page,
    byTestId('income-notices'),
    `您有欠费 ${yuanText(owe.oweAmount)}（${owe.count}期），缴清前暂停提现`,
    'contains',
  );
  const refusal = await call.get<Withdrawable>('/api/user/isWithdrawable');
  expect(refusal).toMatchObject({ withdrawable: false, reasonCode: 5 });
  await page.goto(`${baseUrl}/income/withdraw`);
  await waitForTextOf(
    page,
    byTestId('withdraw-blocked-reason'),
    `${refusal.reason} 欠费 ${yuanText(refusal.oweAmount)}`,
    'contains',
  );

  const record = (await openArrears(call)).list.find((r) => r.source === 3 && r.cycle === month);
  expect(record?.amount).toBe(bill?.amount);
  await page.goto(`${baseUrl}/income/feeOwedDetail`);
  const row = byTestId(`fee-arrears-${record?.id}`);
  await waitForTextOf(page, row, `${month} SIM月租`, 'contains');
  await waitForTextOf(page, row, `${bill?.deviceCount}台设备`, 'contains');
  await waitForTextOf(page, row, `欠费 ${yuanText(bill?.amount ?? -1)} · 已追缴 ${yuanText(0)}`, 'contains');
  await waitForTextOf(page, byTestId('fee-total'), yuanText(owe.oweAmount));
  await waitForText(page, 'SIM卡月租冻结不足的部分计为欠费，缴清前暂停提现。');
}

/** The withdraw screen offers its form with the available balance instead of the arrears refusal. */
async function withdrawalsOpen(page: Page, call: AccountApi): Promise<void> {
  const wallet = await call.get<WalletBalance>('/api/account/v2/balance');
  await page.goto(`${baseUrl}/income/withdraw`);
  await waitForTextOf(page, byTestId('withdraw-available'), `可提现余额 ${yuanText(wallet.availableBalance)}`);
  expect(await page.$(byTestId('withdraw-blocked'))).toBeNull();
}
