import { describe, expect, it } from 'vitest';
import type { SubAccount } from '../../src/api/accounts';
import type { Page as ListPage } from '../../src/api/http';
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
  shanghaiDate,
  storedToken,
  typeInto,
  waitForPath,
  waitForText,
  watchForText,
  waitForTextOf,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Sub-accounts on screen (C-mine.md /mine/accountList, /mine/accountList/accountInfo; Business rules 1, 20; issue 11
 * "Roles are real") in both bundles: the operator creates a sub-account with limited permissions (订单查看 and 消息告警,
 * one site) on the form; a second phone logs in as it — its /mine shows only the entries of its permissions and a
 * screen it may not use is refused by the server (403 无操作权限); the operator disables it on the form, and the
 * sub-account's next action ends its session (code 2: storage cleared, the message toasted, the page closed).
 * Data changed: a sub-account of the demo operator per bundle (13900071001 WeChat, 13900071002 Alipay), disabled.
 */

const PHONES: Record<Host, string> = { wechat: '13900071001', alipay: '13900071002' };

describe.each<Host>(['wechat', 'alipay'])('%s bundle: sub-accounts', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('created with limited rights, it sees its entries only and is refused the rest; disabled, its session ends', async () => {
    const phone = PHONES[host];
    const name = host === 'wechat' ? '微信店员' : '支付宝店员';
    const operator = await openDemoPhone(browser(), baseUrl, host);
    const sites = await operator.call.get<{ id: number; name: string }[]>('/api/site/simpleSiteList');
    const site = sites[0];
    if (!site) throw new Error('the demo operator has no site');

    // /mine → 子账号: the count against the limit is the sandbox's.
    await operator.page.goto(`${baseUrl}/mine`);
    await press(operator.page, byTestId('mine-entry-subAccount'));
    await waitForPath(operator.page, '/mine/accountList');
    const before = await operator.call.get<ListPage<SubAccount>>('/api/user/AClist?pageNum=1&pageSize=1');
    await waitForTextOf(operator.page, byTestId('sub-account-count'), `共 ${before.total} 个 · 最多20个`);

    // 新增子账号: the form refuses an empty name first, then saves what was chosen.
    await press(operator.page, byTestId('sub-account-add'));
    await waitForPath(operator.page, '/mine/accountList/accountInfo');
    await waitForText(operator.page, '新增子账号');
    await press(operator.page, byTestId('sub-account-save'));
    await waitForText(operator.page, '请输入姓名');
    await typeInto(operator.page, 'name', name);
    await typeInto(operator.page, 'phone', phone);
    await typeInto(operator.page, 'password', 'sandbox123');
    await press(operator.page, byTestId('permission-orderView'));
    await press(operator.page, byTestId('permission-message'));
    await clickText(operator.page, '指定站点');
    await clickText(operator.page, '选择站点（0）');
    await press(operator.page, `${byTestId(`sub-account-site-${site.id}`)} .adm-checkbox`);
    await waitForText(operator.page, '已选 1 个');
    await clickText(operator.page, '确定', 'button');
    await waitForTextOf(operator.page, byTestId('sub-account-chosen-sites'), site.name);
    await press(operator.page, byTestId('sub-account-save'));
    await waitForPath(operator.page, '/mine/accountList');
    await waitForTextOf(operator.page, byTestId('sub-account-count'), `共 ${before.total + 1} 个 · 最多20个`);

    const created = (
      await operator.call.get<ListPage<SubAccount>>(`/api/user/AClist?keyword=${phone}&pageNum=1&pageSize=1`)
    ).list[0];
    expect(created).toMatchObject({
      name,
      phone,
      status: 1,
      permissions: ['home', 'order:view', 'message'],
      dataScope: 2,
      siteIds: [site.id],
    });
    const id = created?.id ?? 0;
    await waitForTextOf(
      operator.page,
      `${byTestId(`sub-account-${id}`)} ${byTestId('sub-account-permissions')}`,
      '权限 订单查看、消息告警',
    );
    await waitForTextOf(
      operator.page,
      `${byTestId(`sub-account-${id}`)} ${byTestId('sub-account-sites')}`,
      '站点 指定1个站点',
    );

    // A second phone logs in as the sub-account: /mine shows the entries of its permissions only.
    const staff = await openPhone(browser(), host);
    await authorizeAndBindBySms(staff.page, baseUrl, host, phone);
    const token = await storedToken(staff.page);
    expect(token).toBeTruthy();
    await staff.page.goto(`${baseUrl}/mine`);
    await waitForText(staff.page, '充电记录');
    await staff.page.waitForSelector(byTestId('mine-entry-chargerRecord'));
    // 消息告警: the message row's 告警通知 and 系统消息.
    await waitForText(staff.page, '告警通知');
    for (const hidden of ['subAccount', 'agent', 'tenement', 'card', 'devStatistics', 'remoteCharge', 'workOrder']) {
      expect(await staff.page.$(byTestId(`mine-entry-${hidden}`)), hidden).toBeNull();
    }

    // A screen it may not use, opened by its address: the server refuses the call, the app says so.
    const refused = await api<unknown>(
      baseUrl,
      'GET',
      '/api/card/selectCardList?pageNum=1&pageSize=1',
      undefined,
      token ?? '',
    );
    expect(refused).toMatchObject({ code: 403, message: '无操作权限' });
    await staff.page.goto(`${baseUrl}/mine/card`);
    await waitForText(staff.page, '无操作权限');
    // Its own sites only: another site of the operator is not told.
    const other = sites.find((s) => s.id !== site.id);
    if (other) {
      const outside = await api<unknown>(
        baseUrl,
        'GET',
        `/api/r9/order/successChargeOrderList?pageNum=1&pageSize=1&startDate=${shanghaiDate(-7)}&endDate=${shanghaiDate()}&siteId=${other.id}`,
        undefined,
        token ?? '',
      );
      expect(outside).toMatchObject({ code: 1, message: '站点不存在或无权查看' });
    }
    await staff.page.goto(`${baseUrl}/mine`);
    await staff.page.waitForSelector(byTestId('mine-entry-chargerRecord'));

    // The operator disables it on its detail (confirmed), and saves.
    await press(operator.page, `${byTestId(`sub-account-${id}`)} a`);
    await waitForPath(operator.page, `/mine/accountList/accountInfo?id=${id}`);
    await waitForTextOf(operator.page, byTestId('sub-account-phone'), phone);
    await press(operator.page, byTestId('sub-account-status-switch'));
    await answerDialog(operator.page, '确定', '停用后该子账号将立即退出登录，确定停用？');
    await waitForTextOf(operator.page, byTestId('sub-account-status-text'), '已停用');
    await press(operator.page, byTestId('sub-account-save'));
    await waitForPath(operator.page, '/mine/accountList');
    await waitForTextOf(operator.page, `${byTestId(`sub-account-${id}`)} ${byTestId('sub-account-status')}`, '已停用');
    const disabled = await operator.call.get<ListPage<SubAccount>>(`/api/user/AClist?id=${id}&pageNum=1&pageSize=1`);
    expect(disabled.list[0]?.status).toBe(2);

    // The sub-account's next action: its call answers code 2, the app clears its storage, says so and closes.
    const sessionEnded = await watchForText(staff.page, '登录已失效，请重新登录');
    await press(staff.page, byTestId('mine-entry-chargerRecord'));
    await sessionEnded();
    await staff.page.waitForFunction(
      () => (window as unknown as { __hostEmulator: { closedAt: number | null } }).__hostEmulator.closedAt !== null,
      { timeout: 10_000 },
    );
    expect(await storedToken(staff.page)).toBeNull();
    const login = await api<unknown>(baseUrl, 'POST', '/api/user/antLoginWithPwd', { phone, password: 'sandbox123' });
    expect(login).toMatchObject({ code: 1006, message: '账号已被禁用' });

    await staff.context.close();
    await operator.context.close();
  });
});
