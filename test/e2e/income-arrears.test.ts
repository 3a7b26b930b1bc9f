import { describe, expect, it } from 'vitest';
import type { OwePaymentInfo } from '../../src/api/arrears';
import { openDemoPhone, sharedBrowser, waitForText, type Host, sandboxUrl } from './helpers';

/**
 * Arrears payment on screen (D-income.md §3 /income/feeOwedDetail) in both bundles: the demo operator owes nothing in
 * the sandbox, and the screen says so (暂无欠费，无需缴费) instead of offering a payment.
 */

describe.each<Host>(['wechat', 'alipay'])('%s bundle: arrears', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('shows 暂无欠费 when the sandbox has nothing owed', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const info = await call.post<OwePaymentInfo>('/api/share/instalment/queryCommOweAmountPaymentInfo', {});
    const open = await call.get<{ total: number }>(
      '/api/account/settlement/cost/arrears/list?pageNum=1&pageSize=50&status=1,2',
    );
    expect(info.periods.length + open.total).toBe(0);
    await page.goto(`${baseUrl}/income/feeOwedDetail`);
    await waitForText(page, '暂无欠费，无需缴费');
    expect(await page.title()).toBe('欠费详情');
  });
});
