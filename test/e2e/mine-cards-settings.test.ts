import { describe, expect, it } from 'vitest';
import type { MonthTemplate, RechargeTemplate } from '../../src/api/card';
import type { Page } from '../../src/api/http';
import {
  byTestId,
  clickText,
  openDemoPhone,
  press,
  sharedBrowser,
  textOf,
  typeInto,
  waitForPath,
  waitForText,
  type AccountApi,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Recharge settings on screen (C-mine.md card/rechargeSet, card/rechargeSet/info; Business rule 10) in both bundles:
 * the overview rows are the sandbox's templates; a changed tier is saved for later recharges; a new month package is
 * stored with its limits; a tier whose bonus exceeds its amount is refused with the design's message.
 */

const SITE = 3;

const template = async (call: AccountApi) => {
  const page = await call.get<Page<RechargeTemplate>>(`/api/card/getCardRechargeTemplateList?siteId=${SITE}`);
  const row = page.list[0];
  if (!row) throw new Error('site 3 has recharge settings');
  return row;
};

describe.each<Host>(['wechat', 'alipay'])('%s bundle: card recharge settings', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('the overview shows each site’s packages; the detail saves tiers and adds a month package', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const before = await template(call);
    await page.goto(`${baseUrl}/mine/card`);
    await clickText(page, '充值设置');
    await waitForPath(page, '/mine/card/rechargeSet');
    await page.waitForSelector(byTestId(`recharge-set-${SITE}`), { timeout: 15_000 });
    const [t1, t2] = before.valueTiers;
    if (!t1 || !t2) throw new Error('site 3 has two tiers or more');
    const yuan = (fen: number) => String(fen / 100);
    expect(await textOf(page, byTestId(`recharge-set-${SITE}`))).toContain(
      `储值套餐 充${yuan(t1.payAmount)}送${yuan(t1.giveAmount)} / 充${yuan(t2.payAmount)}送${yuan(t2.giveAmount)}`,
    );

    await press(page, byTestId(`recharge-set-${SITE}`));
    await waitForPath(page, `/mine/card/rechargeSet/info?siteId=${SITE}`);
    // A bonus over the amount is refused before anything is sent.
    const give = host === 'wechat' ? '3.5' : '4.5';
    await typeInto(page, 'tierGive1', '99');
    await clickText(page, '保存', 'button');
    await waitForText(page, '赠送金额不能超过充值金额');
    await typeInto(page, 'tierGive1', give);
    await clickText(page, '保存', 'button');
    await waitForText(page, '保存成功，新设置对之后的充值生效');
    const saved = await template(call);
    expect(saved.baseTiers[1]).toEqual({ payAmount: t2.payAmount, giveAmount: Math.round(Number(give) * 100) });

    // 新增月卡套餐: 半年卡 180 days ¥150, 3 a day, 6 h, 1000 W.
    const name = host === 'wechat' ? '半年卡W' : '半年卡A';
    await clickText(page, '新增月卡套餐', 'button');
    await page.waitForSelector(byTestId('month-sheet'), { visible: true });
    await typeInto(page, 'monthName', name);
    await clickText(page, '180天', `${byTestId('month-sheet')} .adm-selector-item`);
    await typeInto(page, 'monthPrice', '150');
    await typeInto(page, 'monthTimes', '3');
    await typeInto(page, 'monthHours', '6');
    await typeInto(page, 'monthPower', '1000');
    await clickText(page, '保存', `${byTestId('month-sheet')} button`);
    await waitForText(page, `${name}`);
    const months = await call.get<MonthTemplate[]>(`/api/card/getMonthCardTemplate?siteId=${SITE}`);
    expect(months.find((m) => m.name === name)).toMatchObject({
      days: 180,
      price: 15000,
      dailyTimesLimit: 3,
      maxMinutesPerCharge: 360,
      maxPowerW: 1000,
      enabled: 1,
    });
    expect(await textOf(page, byTestId('month-section'))).toContain('180天 · ¥150.00 · 每日3次 · 单次6小时');
  });
});
