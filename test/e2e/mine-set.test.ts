import { describe, expect, it } from 'vitest';
import type { PhoneMessageInfo } from '../../src/api/messages';
import type { CommercialInfo } from '../../src/api/user';
import {
  answerDialog,
  byTestId,
  clickText,
  openDemoPhone,
  press,
  sharedBrowser,
  storedToken,
  typeInto,
  waitForPath,
  waitForText,
  waitForTextOf,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * 设置中心 (C-mine.md /mine/set) in both bundles, with the file's one login (a real binding of this browser's WeChat /
 * Alipay user): a field refused by its rule and then saved, the SMS alarm switch, a help article, and logout — which
 * forgets the login and unbinds the platform user, so that opening the app again asks for the phone instead of
 * logging in silently.
 */

describe.each<Host>(['wechat', 'alipay'])('%s bundle: 设置中心', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('edits the profile, switches SMS alarms, reads help, and logs out for good', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const before = await call.get<CommercialInfo>('/api/user/getCommercialInfo');
    await page.goto(`${baseUrl}/mine/set`);
    await waitForTextOf(page, byTestId('set-contacts'), before.contacts);

    // 联系人: refused by its rule, then saved
    await clickText(page, '联系人', '.adm-list-item-content-main');
    await page.waitForSelector(byTestId('set-edit-sheet'), { visible: true });
    await typeInto(page, 'contacts', '陈');
    await clickText(page, '保存', `${byTestId('set-edit-sheet')} button`);
    await waitForText(page, '请输入联系人姓名');
    const name = host === 'wechat' ? '陈小明' : '陈小红';
    await typeInto(page, 'contacts', name);
    await clickText(page, '保存', `${byTestId('set-edit-sheet')} button`);
    await waitForText(page, '保存成功');
    await waitForTextOf(page, byTestId('set-contacts'), name);
    expect((await call.get<CommercialInfo>('/api/user/getCommercialInfo')).contacts).toBe(name);
    await call.post('/api/user/replenishMerchantInfo', { contacts: before.contacts });

    // 短信告警 off, then on again
    await press(page, '[aria-label="短信告警"]');
    await waitForText(page, '设置已更新');
    expect((await call.get<CommercialInfo>('/api/user/getCommercialInfo')).phoneMessageReceive).toBe(0);
    await call.post<PhoneMessageInfo>('/api/warning/updatePhoneMessageInfo', { phoneMessageReceive: 1 });

    // 帮助中心: an article
    await clickText(page, '帮助中心', '.adm-list-item-content-main');
    await page.waitForSelector(`${byTestId('help-list')} button`, { visible: true });
    const title = await page.$eval(`${byTestId('help-list')} button span`, (el) => (el as HTMLElement).innerText);
    await press(page, `${byTestId('help-list')} button`);
    await waitForTextOf(page, byTestId('help-title'), title);
    await waitForTextOf(page, byTestId('help-content'), title, 'contains');
    await clickText(page, '‹ 返回列表', 'button');
    await page.waitForSelector(byTestId('help-list'), { visible: true });
    await page.goto(`${baseUrl}/mine/set`);

    // 退出登录
    await press(page, byTestId('set-logout'));
    await answerDialog(page, '确定', '退出后需重新绑定手机号登录，确定退出？');
    await waitForPath(page, '/mine/bind');
    expect(await storedToken(page)).toBeNull();
    // opening the app again: this platform user is no longer bound, the phone is asked for
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector('#consent', { timeout: 20_000 });
    await Promise.all([page.waitForNavigation(), page.click('#consent')]);
    await waitForPath(page, '/mine/bind', 20_000);
    await waitForText(page, '验证码登录');
  });
});
