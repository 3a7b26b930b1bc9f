import { describe, expect, it } from 'vitest';
import type { BuilderOption, WaitCounts, WorkOrderDetail } from '../../src/api/work-order';
import {
  answerDialog,
  api,
  byTestId,
  clickText,
  openDemoPhone,
  press,
  sharedBrowser,
  typeInto,
  waitForPath,
  waitForText,
  waitForTextOf,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Installation work orders on screen (C-mine.md /mine/workOrder, online, working, working/installDetail; Business rule
 * 17) in both bundles: an application arrives (the sandbox control standing in for the online form), the operator
 * reviews it on 安装申请详情 — a new site made 建设中, the demo builder 王强 chosen; the builder finds it from his home,
 * opens the training, confirms it, installs a box (through the API: adding devices is the site section's screen) and
 * submits it; the operator accepts it and the site goes 运营中 — each step checked against the sandbox.
 */

const BUILDER_PHONE = '13800138005';

describe.each<Host>(['wechat', 'alipay'])('%s bundle: work orders', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('from the review to the builder’s submission and the operator’s acceptance, the site going 运营中', async () => {
    const comm = host === 'wechat' ? '微信验收花园' : '支付宝验收花园';
    const created = await api<{ id: number }>(baseUrl, 'POST', '/__sandbox/work-order', {
      phone: '13800138000',
      commName: comm,
      applicantName: '周立',
    });
    expect(created.code).toBe(0);
    const id = created.data.id;

    // The operator: 线上工单 lists it with the badge of the sandbox; the detail reviews it.
    const operator = await openDemoPhone(browser(), baseUrl, host);
    const waits = await operator.call.get<WaitCounts>('/api/third/getOrderCountOfWait');
    await operator.page.goto(`${baseUrl}/mine/workOrder`);
    await waitForPath(operator.page, '/mine/workOrder/online');
    await waitForTextOf(operator.page, byTestId('work-order-tab-online'), String(waits.waitApproveCount), 'contains');
    await waitForText(operator.page, comm);
    await press(operator.page, byTestId(`work-order-${id}`));
    await waitForPath(operator.page, `/mine/workOrder/working/installDetail?id=${id}`);
    await waitForTextOf(operator.page, byTestId('comm-name'), comm);
    await clickText(operator.page, '新建站点');
    await waitForText(operator.page, '创建站点');
    await typeInto(operator.page, 'newSiteName', `${comm}充电站`);
    await clickText(operator.page, '创建站点');
    await waitForTextOf(operator.page, byTestId('new-site'), `${comm}充电站 建设中`);
    const builders = await operator.call.get<BuilderOption[]>('/api/third/getUserListByCommId?commId=10001');
    const wang = builders.find((b) => b.phone === BUILDER_PHONE);
    await press(operator.page, byTestId('pick-builder'));
    await clickText(
      operator.page,
      `王强 ${BUILDER_PHONE}（进行中工单 ${wang?.ongoingCount ?? 0}）`,
      '.adm-action-sheet-button-item-name',
    );
    await waitForTextOf(operator.page, byTestId('pick-builder'), '王强', 'contains');
    await clickText(operator.page, '提交');
    await answerDialog(operator.page, '确定', '确认通过并指派给王强施工？');
    await waitForPath(operator.page, '/mine/workOrder/online');
    const approved = await operator.call.get<WorkOrderDetail>(`/api/third/getOrderDetail?id=${id}`);
    expect(approved).toMatchObject({ status: 3, siteName: `${comm}充电站`, siteStatus: 2, builderName: '王强' });
    const stationId = approved.stationId ?? 0;

    // The builder: his home counts it; 施工中工单 lists it; training, a box, then 提交验收.
    const builder = await openDemoPhone(browser(), baseUrl, host, BUILDER_PHONE);
    const builderInfo = await builder.call.get<{ orderCount: number }>('/api/user/getCommercialInfo');
    await waitForTextOf(builder.page, byTestId('builder-order-count'), String(builderInfo.orderCount));
    await press(builder.page, byTestId('builder-order-count'));
    await waitForPath(builder.page, '/mine/workOrder/working');
    expect(await builder.page.$(byTestId('work-order-tab-online'))).toBeNull();
    await waitForText(builder.page, `${comm}充电站`);
    await press(builder.page, byTestId(`work-order-${id}`));
    await waitForPath(builder.page, `/mine/workOrder/working/installDetail?id=${id}`);
    await waitForTextOf(builder.page, byTestId('training-status'), '未确认');
    await clickText(builder.page, '提交验收');
    await waitForText(builder.page, '请先确认施工培训');
    await clickText(builder.page, '查看培训资料');
    await waitForTextOf(builder.page, byTestId('training-content'), '施工前', 'contains');
    await clickText(builder.page, '确认已完成培训');
    await waitForTextOf(builder.page, byTestId('training-status'), '已确认', 'contains');
    const box = await api<{ serialNumber: string }>(baseUrl, 'POST', '/__sandbox/device/stock', {
      phone: BUILDER_PHONE,
    });
    await builder.call.post('/api/r9/box/addBox', {
      siteId: stationId,
      serialNumber: box.data.serialNumber,
      deviceType: 1,
    });
    await builder.page.reload();
    await waitForTextOf(builder.page, byTestId('training-status'), '已确认', 'contains');
    await typeInto(builder.page, 'achievementRemark', '设备已安装调试');
    await clickText(builder.page, '提交验收');
    await answerDialog(builder.page, '确定', '确认已完成安装并提交验收？');
    await waitForTextOf(builder.page, byTestId('work-order-banner'), '待验收', 'contains');
    await waitForTextOf(builder.page, byTestId('installed-devices'), box.data.serialNumber, 'contains');
    expect((await operator.call.get<WorkOrderDetail>(`/api/third/getOrderDetail?id=${id}`)).status).toBe(4);

    // The operator accepts it: 已完成, and the site is 运营中.
    await operator.page.goto(`${baseUrl}/mine/workOrder/working?status=4`);
    await waitForText(operator.page, `${comm}充电站`);
    await press(operator.page, byTestId(`work-order-${id}`));
    await waitForPath(operator.page, `/mine/workOrder/working/installDetail?id=${id}`);
    await waitForTextOf(operator.page, byTestId('work-order-banner'), '待验收', 'contains');
    await clickText(operator.page, '验收');
    await waitForText(operator.page, '验收通过');
    await answerDialog(operator.page, '确定');
    await waitForTextOf(operator.page, byTestId('work-order-banner'), '已完成', 'contains');
    await waitForTextOf(operator.page, byTestId('site-name'), `${comm}充电站 运营中`);
    const accepted = await operator.call.get<WorkOrderDetail>(`/api/third/getOrderDetail?id=${id}`);
    expect(accepted).toMatchObject({ status: 5, siteStatus: 1 });
    await operator.context.close();
    await builder.context.close();
  });
});
