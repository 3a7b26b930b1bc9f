import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { HeldChargeOrder, HeldPage, HeldRecharge } from '../../src/api/compact';
import type { SignStarted } from '../../src/api/esign';
import type { MerchantSignStatus, WalletBalance } from '../../src/api/income';
import type { UnSignBackOrderCount } from '../../src/api/home';
import type { LedgerPage } from '../../src/api/ledger';
import {
  api,
  byTestId,
  clickText,
  lastSms,
  openDemoPhone,
  sharedBrowser,
  textOf,
  waitForPath,
  waitForText,
  waitForTextOf,
  yuanText,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Held orders of an unsigned operator (A-shell-home-settlement.md §6 /compact/index; issue 9 item 6) in both bundles,
 * as the second unsigned operator of the demo (13800138020, certified; the first, 13800138007, is signed by the
 * onboarding file): from home's unsigned-order bar to the list, whose 待结算 and rows are the sandbox's held orders
 * with their countdown, the recharge tab, 立即签约 leading to the signing with /compact/index to come back to; then
 * (WeChat run) the business clock passes the nearest deadline's 02:00 (the return job) and that order shows under
 * 已退回; the operator signs (through the API and the provider) and the list shows every other order 已补结算 with its
 * settle time, nothing left 待结算, and /income's balance grown by their share. The Alipay run finds the account
 * signed and its orders settled. The clock is put back at the end.
 */

const UNSIGNED = '13800138020';
const baseUrl = sandboxUrl();
const browser = sharedBrowser();
const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
const requestId = () => randomBytes(16).toString('hex');

let moved = false;
afterAll(async () => {
  if (moved) await api(baseUrl, 'DELETE', '/__sandbox/clock');
});

/**
 * 02:30 Asia/Shanghai after the first 02:00 return job at or after the deadline `ms` (the job returns what is due at
 * its own 02:00). A deadline between 02:00 and 02:30 waits for the next day's job: the seed's orders take the time of
 * day of the instant the sandbox started, and such a deadline was left held when the clock moved to 02:30 that day.
 */
function after2am(ms: number): number {
  const shanghaiDay = (t: number) => new Date(t + 8 * 3600_000).toISOString().slice(0, 10);
  const jobOfDay = Date.parse(`${shanghaiDay(ms)}T02:00:00+08:00`);
  const job = jobOfDay >= ms ? jobOfDay : Date.parse(`${shanghaiDay(ms + 86_400_000)}T02:00:00+08:00`);
  return job + 30 * 60_000;
}

/** 'YYYY-MM-DD HH:mm' in Asia/Shanghai (how the list shows times). */
const shanghaiTime = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** Signs the logged-in operator through the API: smsSign 1, the signer's code, smsSign 2; waits for signStatus 2. */
async function signThroughApi(call: DemoCall): Promise<void> {
  const status = await call.get<MerchantSignStatus>('/api/merchant/esign/getMerchantSignStatus');
  await api(baseUrl, 'POST', '/__sandbox/esign/verdict', { phone: UNSIGNED, signStatus: 2, delayMs: 0 });
  await call.post<SignStarted>('/api/merchant/entity/property/smsSign', {
    action: 1,
    agreementIds: status.agreements.map((a) => a.agreementId),
    backUrl: '/compact/index',
    requestId: requestId(),
  });
  await call.post('/api/merchant/entity/property/smsSign', {
    action: 2,
    code: await lastSms(baseUrl, UNSIGNED),
    requestId: requestId(),
  });
  for (let i = 0; i < 50; i++) {
    const now = await call.get<MerchantSignStatus>('/api/merchant/esign/getMerchantSignStatus');
    if (now.signStatus === 2) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the signing did not finish');
}

type DemoCall = Awaited<ReturnType<typeof openDemoPhone>>['call'];

describe.each<Host>(['wechat', 'alipay'])('%s bundle: held orders', (host) => {
  it('the held orders from home, the recharges, 立即签约; the 15-day return; signing settles the rest', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host, UNSIGNED);
    const sign = await call.get<MerchantSignStatus>('/api/merchant/esign/getMerchantSignStatus');
    if (sign.signStatus === 2) {
      // signed by the WeChat run: nothing held, every order 已补结算 with its settle time
      await page.goto(`${baseUrl}/compact/index/order-list`);
      await waitForText(page, '签约已完成，订单补结算中');
      await waitForTextOf(page, byTestId('compact-amount'), yuanText(0));
      const settled = await call.get<HeldPage<HeldChargeOrder>>(
        withQuery('/api/account/v2/selectWaitingOrderList', { type: 1, settleStatus: 3, pageNum: 1, pageSize: 20 }),
      );
      const first = settled.list[0];
      if (!first?.settleTime) throw new Error('no settled order');
      await clickText(page, '已补结算');
      await waitForText(page, first.orderNo);
      await waitForText(page, `补结算 ${shanghaiTime(first.settleTime)}`);
      await context.close();
      return;
    }
    const counts = await call.get<UnSignBackOrderCount>('/api/user/unSignBackOrderCount');
    expect(counts.chargeOrderCount).toBeGreaterThan(0);
    const held = await call.get<HeldPage<HeldChargeOrder>>(
      withQuery('/api/account/v2/selectWaitingOrderList', { type: 1, settleStatus: 2, pageNum: 1, pageSize: 20 }),
    );
    // home's bar leads to the list
    await page.goto(`${baseUrl}/home`);
    await page.waitForSelector(`a[href*="/compact/index/order-list"]`);
    await page.$eval(`a[href*="/compact/index/order-list"]`, (el) => (el as HTMLElement).click());
    await waitForPath(page, '/compact/index/order-list');
    await waitForTextOf(page, byTestId('compact-amount'), yuanText(counts.amount));
    expect(await textOf(page, byTestId('compact-total'))).toBe(`${counts.total}笔`);
    const first = held.list[0];
    if (!first) throw new Error('no held order');
    await waitForText(page, first.orderNo);
    expect(await textOf(page, byTestId('held-orders'))).toContain('天后原路退回');

    // the recharges
    const recharges = await call.get<HeldPage<HeldRecharge>>(
      withQuery('/api/account/v2/selectWaitingOrderList', { type: 2, settleStatus: 2, pageNum: 1, pageSize: 20 }),
    );
    await clickText(page, `充值订单(${counts.rechargeOrderCount})`);
    await waitForPath(page, '/compact/index/recharge-list');
    if (recharges.list[0]) await waitForText(page, recharges.list[0].orderNo);
    else await waitForText(page, '暂无待签约订单');

    // 立即签约 → the signing, which comes back here
    await clickText(page, '立即签约');
    await waitForPath(page, '/income/sign-agree');

    // the 15-day return: past the nearest deadline's 02:00 the order is 已退回
    const deadline = Math.min(...held.list.map((o) => o.deadline ?? Infinity));
    const target = held.list.find((o) => o.deadline === deadline);
    if (!target) throw new Error('no deadline');
    moved = true;
    await api(baseUrl, 'POST', '/__sandbox/clock', { now: after2am(deadline) });
    const returned = await call.get<HeldPage<HeldChargeOrder>>(
      withQuery('/api/account/v2/selectWaitingOrderList', { type: 1, settleStatus: 4, pageNum: 1, pageSize: 50 }),
    );
    expect(returned.list.map((o) => o.orderNo)).toContain(target.orderNo);
    await page.goto(`${baseUrl}/compact/index/order-list`);
    await clickText(page, '已退回');
    await waitForText(page, target.orderNo);
    const after = await call.get<UnSignBackOrderCount>('/api/user/unSignBackOrderCount');
    await waitForTextOf(page, byTestId('compact-amount'), yuanText(after.amount));
    expect(after.amount).toBeLessThan(counts.amount);

    // signing settles every order still held: 已补结算 with the settle time, nothing 待结算, the wallet grown
    const still = await call.get<HeldPage<HeldChargeOrder>>(
      withQuery('/api/account/v2/selectWaitingOrderList', { type: 1, settleStatus: 2, pageNum: 1, pageSize: 50 }),
    );
    expect(still.total).toBeGreaterThan(0);
    const walletBefore = await call.get<WalletBalance>('/api/account/v2/balance');
    await signThroughApi(call);
    const walletAfter = await call.get<WalletBalance>('/api/account/v2/balance');
    // the credits of the signing (充电收入 and 储值卡充值收入, the owner's shares): what the wallet grew by
    const month = new Date(after2am(deadline) + 8 * 3600_000).toISOString().slice(0, 7);
    let credited = 0;
    for (const bizType of [1, 2]) {
      const bills = await call.get<LedgerPage>(
        withQuery('/api/user/getAccountBill', { month, bizType, pageNum: 1, pageSize: 1 }),
      );
      expect(bills.sum.income).toBeGreaterThan(0);
      credited += bills.sum.income;
    }
    expect(walletAfter.balance - walletBefore.balance).toBe(credited);
    const settled = await call.get<HeldPage<HeldChargeOrder>>(
      withQuery('/api/account/v2/selectWaitingOrderList', { type: 1, settleStatus: 3, pageNum: 1, pageSize: 50 }),
    );
    expect(settled.list.map((o) => o.orderNo).sort()).toEqual(still.list.map((o) => o.orderNo).sort());
    await page.goto(`${baseUrl}/compact/index/order-list`);
    await waitForText(page, '签约已完成，订单补结算中');
    await waitForTextOf(page, byTestId('compact-amount'), yuanText(0));
    await clickText(page, '已补结算');
    const one = settled.list[0];
    if (!one?.settleTime) throw new Error('no settle time');
    await waitForText(page, one.orderNo);
    await waitForText(page, `补结算 ${shanghaiTime(one.settleTime)}`);
    await page.goto(`${baseUrl}/income`);
    await waitForTextOf(page, byTestId('income-balance'), yuanText(walletAfter.balance));
    await context.close();
  });
});
