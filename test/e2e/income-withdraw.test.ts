import { describe, expect, it } from 'vitest';
import type { WalletBalance } from '../../src/api/income';
import type { WithdrawDetail, WithdrawListPage } from '../../src/api/withdraw';
import {
  answerDialog,
  api,
  byTestId,
  clickText,
  lastSms,
  openDemoPhone,
  typeInto,
  waitForPath,
  waitForText,
  waitForTextOf,
  yuanText,
  sharedBrowser,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Withdrawing on screen (D-income.md §2 /income/withdraw, cashResult, withdraw-list) in both bundles: the form shows
 * the sandbox's available balance and a bound card; an amount with the SMS code from the sandbox inbox and 20 rapid
 * taps on 确认提现 make one confirmation and one withdrawal, which the result page and the records list show as the
 * sandbox has it, with the balance moved from available to withdrawing.
 */

const DEMO_PHONE = '13800138000';

describe.each<Host>(['wechat', 'alipay'])('%s bundle: withdraw', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('20 rapid taps on 确认提现 make one withdrawal, shown on its result and in the records', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const before = await call.get<WalletBalance>('/api/account/v2/balance');
    const listBefore = await call.get<WithdrawListPage>('/api/user/withdrawList?pageNum=1&pageSize=20&channel=1');
    await page.goto(`${baseUrl}/income/withdraw`);
    await waitForTextOf(page, byTestId('withdraw-available'), `可提现余额 ${yuanText(before.availableBalance)}`);
    await page.waitForSelector(byTestId('withdraw-card'));
    expect(await page.title()).toBe('提现');

    await typeInto(page, 'amount', '20.005');
    // A third decimal is ignored.
    expect(await page.$eval('input[name="amount"]', (el) => (el as HTMLInputElement).value)).toBe('20.00');
    // The other bundle's code was sent less than 60 s ago: forget it (the sandbox's control for tests).
    await api(baseUrl, 'DELETE', `/__sandbox/sms?phone=${DEMO_PHONE}`);
    await clickText(page, '获取验证码', 'button');
    await waitForText(page, 's后重发');
    await typeInto(page, 'code', await lastSms(baseUrl, DEMO_PHONE));
    await page.$eval(byTestId('withdraw-submit'), (el) => {
      for (let i = 0; i < 20; i++) (el as HTMLElement).click();
    });
    await answerDialog(page, '确认提现', '提现金额 ¥20.00');
    await waitForPath(page, '/income/withdraw-list/cashResult?from=apply');
    expect(await page.$$eval('.adm-dialog-body', (list) => list.length)).toBeLessThanOrEqual(1);

    const listAfter = await call.get<WithdrawListPage>('/api/user/withdrawList?pageNum=1&pageSize=20&channel=1');
    expect(listAfter.total).toBe(listBefore.total + 1);
    const made = listAfter.list[0];
    if (!made) throw new Error('no withdrawal in the sandbox');
    expect(made.amount).toBe(2000);
    const detail = await call.get<WithdrawDetail>(`/api/user/withdrawDetail?id=${made.id}`);
    await waitForText(page, detail.withdrawNo);
    await waitForTextOf(page, byTestId('cash-result-actual'), yuanText(detail.actualAmount));
    const after = await call.get<WalletBalance>('/api/account/v2/balance');
    expect(after.availableBalance).toBe(before.availableBalance - 2000);
    expect(after.withdrawingAmount).toBe(before.withdrawingAmount + 2000);

    // The records list shows it, and its row leads back to the result.
    await page.goto(`${baseUrl}/income/withdraw-list`);
    await page.waitForSelector(byTestId(`withdraw-row-${made.id}`));
    await waitForText(page, `-${yuanText(2000)}`);
    await clickText(page, '处理中', '.adm-segmented-item, button');
    await page.waitForSelector(byTestId(`withdraw-row-${made.id}`));
  });
});
