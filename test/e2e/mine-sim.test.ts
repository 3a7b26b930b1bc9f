import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/http';
import type { SimBillRow, SimCurrentBill } from '../../src/api/sim';
import {
  byTestId,
  openDemoPhone,
  press,
  sharedBrowser,
  waitForPath,
  waitForTextOf,
  yuanText,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * The SIM monthly rent on screen (C-mine.md /mine/sim/index, /list, /oldSim; Business rule 22) in both bundles, as the
 * demo world's 1st left it: this month's bill (amount, devices, frozen part) and its sites as the sandbox has them,
 * 结算记录 with the month on top and its sites on a tap, 往期结算记录 with the old annual bills. Read-only.
 */

describe.each<Host>(['wechat', 'alipay'])('%s bundle: SIM rent', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('shows this month’s bill and its sites, the monthly records and the old annual ones', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    const bill = await call.get<SimCurrentBill>('/api/account/settlement/cost/frozenInfo?costType=1');
    await page.goto(`${baseUrl}/mine/sim/index`);
    await waitForTextOf(page, byTestId('sim-amount'), yuanText(bill.amount));
    await waitForTextOf(page, byTestId('sim-devices'), `${bill.deviceCount} 台`);
    const first = bill.items[0];
    if (first) await waitForTextOf(page, byTestId(`sim-site-${first.siteId}`), yuanText(first.amount), 'contains');

    await press(page, byTestId('sim-records'));
    await waitForPath(page, '/mine/sim/index/list');
    await waitForTextOf(page, byTestId(`sim-bill-${bill.billId}`), `账期 ${bill.period}`, 'contains');
    await press(page, `${byTestId(`sim-bill-${bill.billId}`)} button`);
    if (first) await waitForTextOf(page, byTestId('sim-bill-items'), first.siteName, 'contains');

    const annual = await call.get<Page<SimBillRow>>(
      '/api/account/settlement/cost/historyList?costType=1&version=1&pageNum=1&pageSize=20',
    );
    await page.goto(`${baseUrl}/mine/sim/index/oldSim`);
    for (const b of annual.list) {
      await waitForTextOf(page, byTestId(`sim-bill-${b.billId}`), `${b.periodStart} 至 ${b.periodEnd}`, 'contains');
    }
    expect(annual.list.length).toBe(2);
    await context.close();
  });
});
