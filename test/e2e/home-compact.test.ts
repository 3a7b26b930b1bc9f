import { afterAll, describe, expect, inject, it } from 'vitest';
import type { HeldChargeOrder, HeldPage, HeldRecharge } from '../../src/api/compact';
import type { MerchantSignStatus } from '../../src/api/income';
import type { UnSignBackOrderCount } from '../../src/api/home';
import {
  api,
  byTestId,
  clickText,
  openDemoPhone,
  sharedBrowser,
  textOf,
  waitForPath,
  waitForText,
  waitForTextOf,
  yuanText,
  type Host,
} from './helpers';

/**
 * Held orders of the unsigned operator (A-shell-home-settlement.md §6 /compact/index) in both bundles: from home's
 * unsigned-order bar to the list, whose 待结算 and rows are the sandbox's held orders with their countdown, the
 * recharge tab, 立即签约 leading to the signing with /compact/index to come back to; then the business clock passes the
 * nearest deadline's 02:00 (the return job) and the order shows under 已退回. The clock is put back at the end.
 */

const UNSIGNED = '13800138007';
const baseUrl = inject('baseUrl');
const browser = sharedBrowser();
const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

let moved = false;
afterAll(async () => {
  if (moved) await api(baseUrl, 'DELETE', '/__sandbox/clock');
});

/** 02:30 Asia/Shanghai of the day after the instant `ms` (the 02:00 return job has run by then). */
function after2am(ms: number): number {
  const day = new Date(ms + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
  const sameDay = Date.parse(`${new Date(ms + 8 * 3600_000).toISOString().slice(0, 10)}T02:30:00+08:00`);
  return sameDay > ms ? sameDay : Date.parse(`${day}T02:30:00+08:00`);
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: held orders', (host) => {
  it('the held orders from home, the recharges, 立即签约; the 15-day return moves one to 已退回', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host, UNSIGNED);
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

    // the button by signStatus: 立即签约 → the signing, which comes back here; once signed (the onboarding file signs
    // this account in its Alipay run, and files share one sandbox) no button, 签约已完成，订单补结算中
    const sign = await call.get<MerchantSignStatus>('/api/merchant/esign/getMerchantSignStatus');
    if (sign.signStatus === 2) {
      await waitForText(page, '签约已完成，订单补结算中');
      expect(await page.$$eval('button', (list) => list.some((b) => b.textContent?.includes('立即签约')))).toBe(false);
    } else if (sign.signStatus === 1) {
      await waitForText(page, '签约审核中');
    } else {
      await clickText(page, '立即签约');
      await waitForPath(page, '/income/sign-agree');
    }

    // the 15-day return: past the nearest deadline's 02:00 the order is 已退回
    if (host === 'wechat') {
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
    }
    await context.close();
  });
});
