import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import type { OwePaymentInfo, PayResult } from '../../src/api/arrears';
import type { FeePeriodDetail } from '../../src/api/settlement';
import type { Withdrawable } from '../../src/api/withdraw';
import {
  answerDialog,
  byTestId,
  openDemoPhone,
  press,
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
 * Paying platform-fee arrears through each platform's cashier (D-income.md §3 /income/feeOwedDetail and /payresult,
 * §0.5; issue 8 item 3) as the owing operator of the demo (13800138021, 九堡快充: two periods 欠费, withdrawals
 * blocked), in both bundles: the screen lists the sandbox's owed periods with their amounts; a double tap on the pay
 * button asks once; the app's own cashier (the host emulator's cashier sheet: WeChat's for wxPayment, Alipay's for
 * aliPayment) is cancelled first — the payment stays pending and 继续支付 resumes the same one — then paid; payresult
 * shows 缴费成功 from the server; the period paid is gone and the sandbox has exactly one payment for it.
 * The first run (WeChat) pays the older period alone (the newer one unchecked) and finds withdrawals still blocked by
 * the other; the second (Alipay) pays what remains, and finds nothing owed and withdrawals open. Nothing is left owed
 * for the files after this one; the clock is not moved.
 */

const HOSTS: readonly Host[] = ['wechat', 'alipay'];
const OWING = '13800138021';

const baseUrl = sandboxUrl();
const browser = sharedBrowser();

/** Number of antd-mobile dialogs on the page, once one has opened and settled (taking taps). */
async function dialogsShown(page: Page): Promise<number> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('.adm-dialog-body')].some(
      (d) => getComputedStyle(d).pointerEvents !== 'none',
    ),
  );
  return page.evaluate(() => document.querySelectorAll('.adm-dialog-body').length);
}

/** What the host emulator's platform answered each cashier of the page (test/emulators). */
const payResults = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __hostEmulator: { payResults: { outcome: string; result: string }[] } }).__hostEmulator
        .payResults,
  );

/** Waits for the cashier sheet, checks it asks the amount, and taps its button (确认支付 / 取消). */
async function cashier(page: Page, amount: number, button: 'pay' | 'cancel'): Promise<void> {
  await waitForTextOf(page, '#__emulator_cashier_amount', yuanText(amount));
  await press(page, `#__emulator_cashier_${button}`);
  await page.waitForFunction(() => document.getElementById('__emulator_cashier') === null);
}

describe('arrears paid through each platform’s cashier', () => {
  it.each(HOSTS)('%s: the owed periods, a cancelled cashier resumed, paid once', async (host) => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host, OWING);
    const before = await call.post<OwePaymentInfo>('/api/share/instalment/queryCommOweAmountPaymentInfo', {});
    expect(before.periods.length).toBeGreaterThan(0);
    expect(before.pendingPayment).toBeNull();
    expect((await call.get<Withdrawable>('/api/user/isWithdrawable')).reasonCode).toBe(5);

    // The screen: the sandbox's periods and total, everything checked.
    await page.goto(`${baseUrl}/income/feeOwedDetail`);
    await waitForTextOf(page, byTestId('fee-total'), yuanText(before.oweAmount));
    expect(await page.title()).toBe('欠费详情');
    for (const p of before.periods) {
      const row = await textOf(page, byTestId(`fee-period-${p.instalmentId}`));
      expect(row).toContain(`第${p.periodNo}期 平台费`);
      expect(row).toContain(`${p.startDate} 至 ${p.endDate}`);
      expect(row).toContain(yuanText(p.oweAmount));
    }
    expect(await textOf(page, byTestId('fee-selected'))).toBe(yuanText(before.oweAmount));
    // Opened for one period (query instalmentId): that one and the older ones checked only.
    const oldest = before.periods[0];
    if (oldest && before.periods.length > 1) {
      await page.goto(`${baseUrl}/income/feeOwedDetail?instalmentId=${oldest.instalmentId}`);
      await waitForTextOf(page, byTestId('fee-total'), yuanText(before.oweAmount));
      await waitForTextOf(page, byTestId('fee-selected'), yuanText(oldest.oweAmount));
      await page.goto(`${baseUrl}/income/feeOwedDetail`);
      await waitForTextOf(page, byTestId('fee-selected'), yuanText(before.oweAmount));
    }

    // The first run pays the oldest period only: unchecking the newer ones (oldest-first rule).
    const paid = before.periods.length > 1 ? before.periods.slice(0, 1) : before.periods;
    const left = before.periods.slice(paid.length);
    const amount = paid.reduce((s, p) => s + p.oweAmount, 0);
    const second = left[0];
    if (second) {
      await press(page, `${byTestId(`fee-period-${second.instalmentId}`)} .adm-checkbox`);
      await waitForTextOf(page, byTestId('fee-selected'), yuanText(amount));
    }

    // A double tap asks once.
    await waitForText(page, host === 'wechat' ? '微信支付' : '支付宝支付');
    await page.$eval(byTestId('fee-pay'), (el) => {
      (el as HTMLElement).click();
      (el as HTMLElement).click();
    });
    const question = `确认缴纳第${paid.map((p) => p.periodNo).join('、')}期平台费共 ${yuanText(amount)}？`;
    await waitForText(page, question);
    expect(await dialogsShown(page)).toBe(1);
    await answerDialog(page, '去支付', question);

    // Cancelled at the cashier: the payment stays pending, and 继续支付 opens the same one again.
    await cashier(page, amount, 'cancel');
    await waitForText(page, '已取消支付');
    await waitForText(page, `您有一笔待支付的缴费单 ${yuanText(amount)}`);
    const pending = (await call.post<OwePaymentInfo>('/api/share/instalment/queryCommOweAmountPaymentInfo', {}))
      .pendingPayment;
    expect(pending?.amount).toBe(amount);
    expect(pending?.instalmentIds).toEqual(paid.map((p) => p.instalmentId));
    expect(pending?.payWay).toBe(host === 'wechat' ? 2 : 1);
    await press(page, `${byTestId('fee-pending')} button`);
    await cashier(page, amount, 'pay');

    // payresult: the server's word, for that same payment.
    await waitForPath(page, `/income/feeOwedDetail/payresult?paymentId=${pending?.paymentId}`);
    await waitForTextOf(page, byTestId('pay-result-title'), '缴费成功', 'is', 20_000);
    const result = await call.get<PayResult>(`/api/share/instalment/queryPayResult?paymentId=${pending?.paymentId}`);
    expect(result.status).toBe(1);
    expect(await textOf(page, byTestId('pay-result-no'))).toBe(result.paymentNo);
    const hero = await textOf(page, byTestId('pay-result'));
    expect(hero).toContain(yuanText(amount));
    expect(hero).toContain(host === 'wechat' ? '微信支付' : '支付宝');
    expect(hero.includes('提现功能已恢复')).toBe(left.length === 0);
    expect((await payResults(page)).map((r) => [r.outcome, r.result])).toEqual([
      ['cancel', 'cancel'],
      ['ok', 'ok'],
    ]);

    // The sandbox: each period paid once (已补缴), by exactly one payment; the others still owed.
    for (const p of paid) {
      const detail = await call.get<FeePeriodDetail>(
        `/api/share/instalment/queryInstalmentDetail?instalmentId=${p.instalmentId}`,
      );
      expect([detail.status, detail.paidAmount]).toEqual([4, p.oweAmount]);
      expect(detail.payments.map((x) => x.paymentId)).toEqual([pending?.paymentId]);
    }
    const after = await call.post<OwePaymentInfo>('/api/share/instalment/queryCommOweAmountPaymentInfo', {});
    expect(after.periods.map((p) => p.instalmentId)).toEqual(left.map((p) => p.instalmentId));
    expect(after.pendingPayment).toBeNull();

    // Back on the screen, the paid periods are gone; the withdrawal opens when nothing is left.
    await page.goto(`${baseUrl}/income/feeOwedDetail`);
    if (second) {
      await waitForTextOf(page, byTestId('fee-total'), yuanText(after.oweAmount));
      for (const p of paid) expect(await page.$(byTestId(`fee-period-${p.instalmentId}`))).toBeNull();
    } else await waitForText(page, '暂无欠费，无需缴费');
    const withdrawable = await call.get<Withdrawable>('/api/user/isWithdrawable');
    await page.goto(`${baseUrl}/income/withdraw`);
    if (second) {
      expect([withdrawable.withdrawable, withdrawable.reasonCode]).toEqual([false, 5]);
      await waitForTextOf(page, byTestId('withdraw-blocked-reason'), `欠费 ${yuanText(after.oweAmount)}`, 'contains');
    } else {
      expect(withdrawable.withdrawable).toBe(true);
      await page.waitForSelector(byTestId('withdraw-available'));
      expect(await page.$(byTestId('withdraw-blocked'))).toBeNull();
    }
  });
});
