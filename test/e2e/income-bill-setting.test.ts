import { describe, expect, it } from 'vitest';
import type { BillSetting } from '../../src/api/bill-settings';
import {
  answerDialog,
  byTestId,
  clickText,
  createSite,
  NEW_SITE,
  openDemoPhone,
  press,
  sharedBrowser,
  typeInto,
  waitForText,
  waitForTextOf,
  type AccountApi,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * 账单设置 of the site-bill screen (D-income.md §4 /income/statement/bill/siteBill "Top-right 账单设置"; entities.md §75)
 * in both bundles: the operator opens the sheet and sees the demo settings with their site counts, adds a setting for
 * 文新物业 with a site of its own made for the test and a 出账日 other than the default 1st picked on the wheel (ticking
 * also 文新's site already in a setting first: 2060 站点已在其他账单设置中, nothing saved), sees it listed `1个站点` and
 * `每月15日`, edits it (物业可查看账单 off, an e-mail), and deletes it
 * after the confirmation. Each step is checked against GET /api/bill/setting/list. The site stays (a site of the test's
 * own, in no setting once the file ends).
 */

const WENXIN = 10_004;
/** The 出账日 picked on the wheel (the form starts at the 1st). */
const BILL_DAY = 15;

const settingsOf = async (call: AccountApi) => (await call.get<{ list: BillSetting[] }>('/api/bill/setting/list')).list;

describe.each<Host>(['wechat', 'alipay'])('%s bundle: 账单设置', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('adds a setting, sees it listed with its site count, edits it and deletes it', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    const siteName = `账单设置${host}${String(Date.now()).slice(-6)}`;
    // a property's site needs a price of electricity (B-site.md §0.2): the form shows it read-only
    const siteId = await createSite(call, siteName, {
      merchantId: WENXIN,
      siteShareRule: { ...NEW_SITE.siteShareRule, electricPrice: 60 },
    });
    const before = await settingsOf(call);
    const taken = before.find((s) => s.merchantId === WENXIN);
    if (!taken) throw new Error('the demo setting of 文新物业');

    await page.goto(`${baseUrl}/income/statement/bill/siteBill`);
    await press(page, byTestId('bill-settings-open'));
    await waitForTextOf(page, byTestId(`bill-setting-${taken.id}`), `${taken.siteIds.length}个站点`, 'contains');

    // 新增设置: 文新物业, its site already in a setting and the new one → 2060, nothing saved; the new one alone saves
    await press(page, byTestId('bill-setting-add'));
    await press(page, byTestId('bill-setting-merchant'));
    await clickText(page, '文新物业', '.adm-action-sheet-button-item-name');
    await waitForText(page, siteName);
    await waitForText(page, '电费：运营商承担 ¥0.60/度');
    await press(page, `${byTestId(`bill-setting-site-${siteId}`)} .adm-checkbox`);
    await press(page, `${byTestId(`bill-setting-site-${taken.siteIds[0]}`)} .adm-checkbox`);
    // 出账日: the wheel opens on 1日; tap 15日 (the wheel takes it at once, data-selected) and confirm
    await waitForTextOf(page, byTestId('bill-setting-day'), '每月1日', 'contains');
    await press(page, byTestId('bill-setting-day'));
    await page.waitForSelector('.adm-picker', { visible: true });
    await page.evaluate((label: string) => {
      const items = [...document.querySelectorAll<HTMLElement>('.adm-picker-view-column-item')];
      items.find((el) => el.innerText.trim() === label)?.click();
    }, `${BILL_DAY}日`);
    await page.waitForFunction(
      (label: string) =>
        [...document.querySelectorAll<HTMLElement>('.adm-picker-view-column-item[data-selected="true"]')].some(
          (el) => el.innerText.trim() === label,
        ),
      { timeout: 15_000 },
      `${BILL_DAY}日`,
    );
    await clickText(page, '确定', '.adm-picker-header-button');
    await waitForTextOf(page, byTestId('bill-setting-day'), `每月${BILL_DAY}日`, 'contains');
    await press(page, byTestId('bill-setting-save'));
    await waitForText(page, '站点已在其他账单设置中');
    expect((await settingsOf(call)).length).toBe(before.length);
    await press(page, `${byTestId(`bill-setting-site-${taken.siteIds[0]}`)} .adm-checkbox`);
    await press(page, byTestId('bill-setting-save'));
    await waitForText(page, '保存成功');
    const added = (await settingsOf(call)).find((s) => s.siteIds.includes(siteId));
    expect(added).toMatchObject({
      merchantId: WENXIN,
      siteIds: [siteId],
      billDay: BILL_DAY,
      visibleToProperty: 1,
      email: null,
    });
    const row = byTestId(`bill-setting-${added?.id}`);
    await waitForTextOf(page, row, '1个站点', 'contains');
    await waitForTextOf(page, row, `出账日 每月${BILL_DAY}日`, 'contains');
    await waitForTextOf(page, row, '物业可见 开启', 'contains');

    // 编辑: 物业可查看账单 off and an e-mail
    await clickText(page, '编辑', `${row} button`);
    await page.waitForSelector(byTestId('bill-setting-form'), { timeout: 15_000 });
    await press(page, byTestId('bill-setting-visible'));
    await typeInto(page, 'billEmail', `bills-${host}@yichong-hz.cn`);
    await press(page, byTestId('bill-setting-save'));
    await waitForText(page, '保存成功');
    await waitForTextOf(page, row, '物业可见 关闭', 'contains');
    const edited = (await settingsOf(call)).find((s) => s.id === added?.id);
    expect(edited).toMatchObject({
      siteIds: [siteId],
      billDay: BILL_DAY,
      visibleToProperty: 0,
      email: `bills-${host}@yichong-hz.cn`,
    });

    // 删除 after the confirmation
    await clickText(page, '删除', `${row} button`);
    await answerDialog(page, '删除', '删除后物业将无法查看这些站点的账单');
    await waitForText(page, '已删除');
    await page.waitForFunction((sel: string) => document.querySelector(sel) === null, { timeout: 15_000 }, row);
    const after = await settingsOf(call);
    expect(after.map((s) => s.id)).toEqual(before.map((s) => s.id));
    await context.close();
  });
});
