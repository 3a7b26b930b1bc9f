import { describe, expect, it } from 'vitest';
import type { ParkingPage } from '../../src/api/parking';
import {
  byTestId,
  clickText,
  openDemoPhone,
  sharedBrowser,
  shanghaiDate,
  waitForPath,
  waitForTextOf,
  yuanText,
  type AccountApi,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Parking records on screen (C-mine.md parkingRecord/parkingList) in both bundles: the /mine entry is live, the
 * summary of today's entries is the sandbox's, and the 在场 chip and a plate search narrow it as the sandbox does.
 */

const today = shanghaiDate();
const parking = (call: AccountApi, query = '') =>
  call.get<ParkingPage>(`/api/site/parkingRecords?startDate=${today}&endDate=${today}&pageNum=1&pageSize=20${query}`);
const summary = (page: ParkingPage) => `车次 ${page.total} · 停车费 ${yuanText(page.totalFee)}`;

describe.each<Host>(['wechat', 'alipay'])('%s bundle: parking records', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('shows today’s entries with their fee sum, narrowed by status and by plate', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    await page.goto(`${baseUrl}/mine`);
    await clickText(page, '停车记录');
    await waitForPath(page, '/mine/parkingRecord/parkingList');
    const all = await parking(call);
    await waitForTextOf(page, byTestId('parking-summary'), summary(all));
    const first = all.list[0];
    if (first) await page.waitForSelector(byTestId(`parking-${first.id}`), { timeout: 15_000 });

    const inLot = await parking(call, '&status=1');
    await clickText(page, '在场', `${byTestId('parking-status')} button`);
    await waitForTextOf(page, byTestId('parking-summary'), summary(inLot));

    await clickText(page, '全部', `${byTestId('parking-status')} button`);
    const plate = all.list.find((r) => r.plateNo)?.plateNo;
    if (plate) {
      const byPlate = await parking(call, `&keyword=${encodeURIComponent(plate)}`);
      await page.waitForSelector('.adm-search-bar input', { visible: true });
      await page.type('.adm-search-bar input', plate);
      await waitForTextOf(page, byTestId('parking-summary'), summary(byPlate));
      expect(byPlate.list.every((r) => r.plateNo === plate || r.cardNo?.includes(plate))).toBe(true);
    }
  });
});
