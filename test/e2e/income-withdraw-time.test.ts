import { describe, expect, it } from 'vitest';
import type { WalletBalance } from '../../src/api/income';
import type { WithdrawListPage } from '../../src/api/withdraw';
import {
  answerDialog,
  api,
  byTestId,
  clickText,
  fault,
  lastSms,
  openDemoPhone,
  sharedBrowser,
  typeInto,
  waitForPath,
  waitForText,
  waitForTextOf,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * A withdrawal against time (D-income.md §0.5, §2; issue 8 item 7) in both bundles, as the agent 13800138001 (the
 * demo operator's daily limit of 3 is left to the other withdraw tests): withdrawApply stalled past the app's 30 s
 * timeout, then 确认提现 again — the retry carries the same requestId and the sandbox makes one withdrawal, whose
 * result page shows 银行处理中 (提现申请已提交 for a first withdrawal to the card, reviewed an hour later) and then 提现成功
 * after the business clock moves past its payout (put back to real time at the end).
 */

const AGENT = '13800138001';

describe.each<Host>(['wechat', 'alipay'])('%s bundle: a withdrawal against time', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('a timeout, a retry making one withdrawal, paid out when the clock moves', { timeout: 100_000 }, async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host, AGENT);
    const listBefore = await call.get<WithdrawListPage>('/api/user/withdrawList?pageNum=1&pageSize=20&channel=1');
    await page.goto(`${baseUrl}/income/withdraw`);
    await page.waitForSelector(byTestId('withdraw-card'));
    await typeInto(page, 'amount', '10.01');
    await api(baseUrl, 'DELETE', `/__sandbox/sms?phone=${AGENT}`);
    await clickText(page, '获取验证码', 'button');
    await waitForText(page, 's后重发');
    await typeInto(page, 'code', await lastSms(baseUrl, AGENT));
    await fault(baseUrl, { path: '/api/user/withdrawApply', delayMs: 31_000, times: 1 });
    await clickText(page, '确认提现', 'button');
    await answerDialog(page, '确认提现', '提现金额 ¥10.01');
    // The app gives up after 30 s and says so; the form stays, with its requestId.
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="withdraw-submit"]')?.classList.contains('adm-button-loading'),
      { timeout: 45_000, polling: 500 },
    );
    expect(new URL(page.url()).pathname).toBe('/income/withdraw');
    await clickText(page, '确认提现', 'button');
    await answerDialog(page, '确认提现', '提现金额 ¥10.01');
    await waitForPath(page, '/income/withdraw-list/cashResult?from=apply', 20_000);
    const listAfter = await call.get<WithdrawListPage>('/api/user/withdrawList?pageNum=1&pageSize=20&channel=1');
    expect(listAfter.total).toBe(listBefore.total + 1);
    const made = listAfter.list[0];
    expect(made?.amount).toBe(1001);
    // The first withdrawal to a card waits for the back office's review (an hour), later ones go to the bank at once.
    const reviewed = made?.status === 1;
    expect([1, 2]).toContain(made?.status);
    await waitForTextOf(page, byTestId('cash-result-title'), reviewed ? '提现申请已提交' : '银行处理中');

    const before = await call.get<WalletBalance>('/api/account/v2/balance');
    try {
      await api(baseUrl, 'POST', '/__sandbox/clock', { advanceMs: (reviewed ? 66 : 6) * 60_000 });
      await page.reload();
      await waitForTextOf(page, byTestId('cash-result-title'), '提现成功');
      const after = await call.get<WalletBalance>('/api/account/v2/balance');
      expect(after.withdrawingAmount).toBe(before.withdrawingAmount - 1001);
      expect(after.totalWithdraw).toBe(before.totalWithdraw + 1001);
    } finally {
      await api(baseUrl, 'DELETE', '/__sandbox/clock');
    }
  });
});
