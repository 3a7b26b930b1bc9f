import { describe, expect, it } from 'vitest';
import type { WithdrawMode } from '../../src/api/income';
import type { LedgerDetail, LedgerPage } from '../../src/api/ledger';
import { WITHDRAW_MAX_AMOUNT, WITHDRAW_MIN_AMOUNT } from '../../src/api/income-rules';
import { formatFen } from '../../src/lib/money';
import { createRequestId } from '../../src/lib/nonce';
import {
  answerDialog,
  byTestId,
  clickText,
  openDemoPhone,
  sharedBrowser,
  shanghaiDate,
  waitForPath,
  waitForText,
  waitForTextOf,
  yuanText,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * The ledger and the automatic withdrawal on screen (D-income.md §1 /income/list, list/detail; §2 /income/autowithdraw)
 * in both bundles: the month's sums and rows are the sandbox's, the 支出 tab shows the expense side only, a row opens
 * its detail with the same amount; switching the automatic withdrawal to 每日 and saving it (confirmed) is what
 * getWithdrawMode then answers, with the next run day the screen showed. The demo operator's setting is put back.
 */

describe.each<Host>(['wechat', 'alipay'])('%s bundle: ledger and automatic withdrawal', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('shows the month’s ledger with the server’s sums, by direction, and an entry’s detail', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const month = shanghaiDate().slice(0, 7);
    const all = await call.get<LedgerPage>(`/api/user/getAccountBill?pageNum=1&pageSize=20&month=${month}`);
    await page.goto(`${baseUrl}/income/list`);
    await waitForTextOf(
      page,
      byTestId('ledger-sum'),
      `收入 ${yuanText(all.sum.income)} 支出 ${yuanText(all.sum.expense)}`,
    );
    expect(await page.title()).toBe('收支明细');
    const first = all.list[0];
    if (!first) throw new Error('the demo operator has ledger entries this month');
    await page.waitForSelector(byTestId(`ledger-row-${first.id}`));

    const out = await call.get<LedgerPage>(`/api/user/getAccountBill?pageNum=1&pageSize=20&month=${month}&direction=2`);
    await clickText(page, '支出', '.adm-segmented-item, button');
    await waitForTextOf(page, byTestId('ledger-sum'), `收入 ¥0.00 支出 ${yuanText(out.sum.expense)}`);

    await clickText(page, '全部', '.adm-segmented-item, button');
    await page.waitForSelector(byTestId(`ledger-row-${first.id}`));
    await page.$eval(byTestId(`ledger-row-${first.id}`), (el) => (el as HTMLElement).click());
    await waitForPath(page, `/income/list/detail/${first.id}`);
    const detail = await call.get<LedgerDetail>(`/api/user/getAccountBillDetail?id=${first.id}`);
    await waitForTextOf(
      page,
      byTestId('ledger-detail-amount'),
      `${detail.direction === 1 ? '+' : '-'}${yuanText(detail.amount)}`,
    );
    await waitForText(page, detail.serialNo);
  });

  it('saves the automatic withdrawal as the screen shows it', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const before = await call.get<WithdrawMode>('/api/user/getWithdrawMode');
    try {
      await page.goto(`${baseUrl}/income/autowithdraw`);
      await page.waitForSelector(byTestId('auto-save'));
      // D's rules text, its figures the withdrawal limits as money (issue 34 item 3).
      await waitForTextOf(
        page,
        byTestId('auto-rules'),
        `单笔最高${formatFen(WITHDRAW_MAX_AMOUNT)}，超出部分下期提现）；可提现余额不足${formatFen(WITHDRAW_MIN_AMOUNT)}、`,
        'contains',
      );
      if (before.autoWithdraw === 0) await page.$eval(byTestId('auto-switch'), (el) => (el as HTMLElement).click());
      await clickText(page, host === 'wechat' ? '每日' : '每月', 'span, label');
      await page.waitForSelector(byTestId('auto-next'));
      const shown = (await page.$eval(byTestId('auto-next'), (el) => (el as HTMLElement).innerText)).trim();
      await clickText(page, '保存', 'button');
      await answerDialog(page, '确定', '10:00自动提现至');
      // Saved, the screen gives way to the one before it.
      await page.waitForFunction(() => location.pathname !== '/income/autowithdraw', { timeout: 15_000 });
      const after = await call.get<WithdrawMode>('/api/user/getWithdrawMode');
      expect(after.autoWithdraw).toBe(1);
      expect(after.autoMode).toBe(host === 'wechat' ? 1 : 3);
      expect(shown).toBe(`下次自动提现：${after.nextWithdraw} 10:00`);
    } finally {
      await call.post('/api/user/updateThenAddAutoWithdraw', {
        autoWithdraw: before.autoWithdraw,
        autoMode: before.autoMode,
        date: before.date,
        bankCardId: before.autoCard?.bankCardId ?? null,
        requestId: createRequestId(),
      });
    }
  });
});
