import { describe, expect, it } from 'vitest';
import type { MerchantHomePage } from '../../src/api/home';
import type { PropertyListPage } from '../../src/api/site';
import type { PropertyAccountView } from '../../src/api/tenement';
import {
  answerDialog,
  api,
  authorizeAndBindBySms,
  byTestId,
  clickText,
  openDemoPhone,
  openPhone,
  press,
  sharedBrowser,
  smsInbox,
  typeInto,
  waitForPath,
  waitForText,
  watchForText,
  waitForTextOf,
  yuanText,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Property managers on screen (C-mine.md /mine/tenement-list, base/info, base/list; Business rule 21) in both bundles:
 * the list's figures are the sandbox's; the operator adds a property without a login, opens its login on 物业账号 (the
 * toast "开通成功，已短信通知物业" once the login phone got its notice SMS), and the property logs in on a second phone;
 * disabled by the operator, its next action ends its session; the sites of the demo property 翠苑物业 show its ratio
 * and shares as the sandbox computes them.
 * Data changed: a property per bundle (微信测试物业 / 支付宝测试物业, logins 13900072001 / 13900072002), disabled.
 */

const LOGINS: Record<Host, string> = { wechat: '13900072001', alipay: '13900072002' };
const CUIYUAN_ID = 10003;

describe.each<Host>(['wechat', 'alipay'])('%s bundle: property managers', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('adds a property, opens its login, the property logs in; disabled, its session ends', async () => {
    const name = host === 'wechat' ? '微信测试物业' : '支付宝测试物业';
    const loginPhone = LOGINS[host];
    const operator = await openDemoPhone(browser(), baseUrl, host);
    const before = await operator.call.get<PropertyListPage>('/api/user/merchantListByOperator?pageNum=1&pageSize=1');

    await operator.page.goto(`${baseUrl}/mine`);
    await press(operator.page, byTestId('mine-entry-tenement'));
    await waitForPath(operator.page, '/mine/tenement-list');
    await waitForTextOf(
      operator.page,
      byTestId('property-summary'),
      `共 ${before.total} 家物业 · 本月分润合计 ${yuanText(before.monthShareIncomeSum)}`,
    );

    // 新增物业 without a login.
    await press(operator.page, byTestId('property-add'));
    await waitForPath(operator.page, '/mine/tenement-list/base/info');
    await typeInto(operator.page, 'propertyName', name);
    await typeInto(operator.page, 'contacts', '测试联系人');
    await typeInto(operator.page, 'contactPhone', '13911119999');
    await press(operator.page, byTestId('property-save'));
    await waitForText(operator.page, '开通物业账号');
    const found = await operator.call.get<PropertyListPage>(
      `/api/user/merchantListByOperator?pageNum=1&pageSize=5&keyword=${encodeURIComponent(name)}`,
    );
    const merchantId = found.list[0]?.merchantId ?? 0;
    expect(found.list[0]).toMatchObject({ name, accountStatus: 0 });
    await waitForPath(operator.page, `/mine/tenement-list/base/info?merchantId=${merchantId}`);

    // 开通: the login phone defaults to the property's phone; another one is typed.
    await typeInto(operator.page, 'loginPhone', loginPhone);
    await typeInto(operator.page, 'password', 'sandbox123');
    await typeInto(operator.page, 'confirm', 'sandbox124');
    await press(operator.page, byTestId('property-open'));
    await waitForText(operator.page, '两次输入的密码不一致');
    await typeInto(operator.page, 'confirm', 'sandbox123');
    expect(await smsInbox(baseUrl, loginPhone)).toEqual([]);
    await press(operator.page, byTestId('property-open'));
    await waitForText(operator.page, '开通成功，已短信通知物业');
    await waitForTextOf(operator.page, byTestId('property-login-phone'), loginPhone);
    // The toast is true: the property's login phone got the notice (the sandbox's SMS gateway).
    const [notice] = await smsInbox(baseUrl, loginPhone);
    expect(notice?.kind).toBe('notice');
    expect(notice?.content).toContain(`已为您开通物业账号，请使用手机号${loginPhone}`);
    const opened = await operator.call.get<PropertyAccountView>(
      `/api/user/viewPropertyAccount?merchantId=${merchantId}`,
    );
    expect(opened.account).toMatchObject({ loginPhone, name, status: 1 });

    // The property logs in on its own phone: its home shows its share (none yet).
    const property = await openPhone(browser(), host);
    await authorizeAndBindBySms(property.page, baseUrl, host, loginPhone);

    // Disabled on the form (confirmed): the property's next action ends its session.
    await press(operator.page, byTestId('property-status-switch'));
    await answerDialog(operator.page, '确定', '停用后物业将无法登录查看收益，确定停用？');
    await waitForTextOf(operator.page, byTestId('property-status'), '已停用');
    const sessionEnded = await watchForText(property.page, '登录已失效，请重新登录');
    await clickText(property.page, '我的', '.adm-tab-bar-item');
    await sessionEnded();
    await property.page.waitForFunction(
      () => (window as unknown as { __hostEmulator: { closedAt: number | null } }).__hostEmulator.closedAt !== null,
      { timeout: 10_000 },
    );
    const refused = await api<unknown>(baseUrl, 'POST', '/api/user/antLoginWithPwd', {
      phone: loginPhone,
      password: 'sandbox123',
    });
    expect(refused).toMatchObject({ code: 1006 });
    await property.context.close();
    await operator.context.close();
  });

  it('the sites of 翠苑物业: ratio, income and share as the sandbox computes them', async () => {
    const operator = await openDemoPhone(browser(), baseUrl, host);
    const home = await operator.call.get<MerchantHomePage>(`/api/user/merchantHomePage?merchantId=${CUIYUAN_ID}`);
    await operator.page.goto(`${baseUrl}/mine/tenement-list/base/info?merchantId=${CUIYUAN_ID}`);
    await waitForTextOf(operator.page, byTestId('property-total-share'), yuanText(home.summary.totalShareIncome));
    await clickText(operator.page, `${home.summary.siteCount} 个 ›`, 'a');
    await waitForPath(operator.page, `/mine/tenement-list/base/list?merchantId=${CUIYUAN_ID}`);
    await waitForTextOf(
      operator.page,
      byTestId('property-sites-summary'),
      `站点 ${home.summary.siteCount} 个 · 本月分润 ${yuanText(home.summary.monthShareIncome)}`,
    );
    for (const site of home.list) {
      const row = byTestId(`property-site-${site.siteId}`);
      await waitForTextOf(operator.page, row, site.siteName, 'contains');
      const text = await operator.page.$eval(row, (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' '));
      expect(text).toContain(`分润比例 ${((site.shareRatio ?? 0) / 100).toFixed(2)}%`);
      expect(text).toContain(`本月收入 ${yuanText(site.monthIncome ?? 0)}`);
      expect(text).toContain(`本月分润 ${yuanText(site.monthShareIncome)}`);
    }
    await operator.context.close();
  });
});
