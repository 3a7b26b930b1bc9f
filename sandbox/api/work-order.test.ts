import { describe, expect, it } from 'vitest';
import type { BuilderOption, TrainInfo, WaitCounts, WorkOrderDetail, WorkOrderRow } from '../../src/api/work-order';
import type { Page } from '../../src/api/http';
import type { CommercialInfo } from '../../src/api/user';
import { STALE_WORK_ORDER, WORK_ORDER_MESSAGES } from '../../src/api/work-order-rules';
import { one, scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * Installation work orders (C-mine.md /mine/workOrder …/installDetail; Business rule 17; entities.md R12) through the
 * sandbox's HTTP interface over the demo world: the state machine 1 → 2/3 → 4 → 5/6 with its preconditions (a site and
 * a builder; training confirmed and a box at the site), the site made in 建设中 and put in operation on acceptance, a
 * new builder becoming an account that logs in and sees only his orders, the counts of the badges and of
 * getCommercialInfo, and who may do what.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { operator: OPERATOR, builder: BUILDER, property: PROPERTY, subAccount: SUB, agent: AGENT } = DEMO_PHONES;
const { sb } = openSandboxForFile(NOW);

/** A fresh 待审核 application to the operator, through the sandbox control; answers its id. */
async function application(commName = '测试小区'): Promise<number> {
  const res = await sb.app.request('/__sandbox/work-order', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: OPERATOR, commName }),
  });
  const body = (await res.json()) as { code: number; data: { id: number } };
  expect(body.code).toBe(0);
  return body.data.id;
}

/** A new box in the operator's stock (sandbox control); answers its serial number. */
async function stockBox(): Promise<string> {
  const res = await sb.app.request('/__sandbox/device/stock', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: OPERATOR }),
  });
  return ((await res.json()) as { data: { serialNumber: string } }).data.serialNumber;
}

const detail = (phone: string, id: number) => sb.data<WorkOrderDetail>(phone, `/api/third/getOrderDetail?id=${id}`);
const siteStatus = (siteId: number) => scalar(sb.db, 'select status from site where id = $1', [siteId]);

async function refusal(phone: string, url: string, body?: unknown): Promise<{ code: number; message: string }> {
  const { status, body: answer } = await sb.call<null>(phone, url, body);
  expect(status).toBe(200);
  expect(answer.code).not.toBe(0);
  return { code: answer.code, message: answer.message };
}

/** Makes the order's new site (建设中) and approves it for the demo builder; answers the site id. */
async function approveWithNewSite(id: number, name: string): Promise<number> {
  const { stationId } = await sb.data<{ stationId: number }>(OPERATOR, '/api/third/addSite', {
    orderId: id,
    name,
    province: '浙江省',
    city: '杭州市',
    area: '西湖区',
    address: '文一西路100号',
    longitude: 120.13,
    latitude: 30.28,
  });
  const answer = await sb.data<{ status: number }>(OPERATOR, '/api/third/approvalBuildOrder', {
    id,
    checkStatus: 1,
    applyApprovedContent: '同意安装',
    onlineSite: 2,
    stationId,
    builderId: 10006,
  });
  expect(answer.status).toBe(3);
  return stationId;
}

/** The notices the demo builder's phone received that name `siteName`. */
async function builderNotices(siteName: string): Promise<string[]> {
  const res = await sb.app.request(`/__sandbox/sms/inbox?phone=${BUILDER}`);
  const { data } = (await res.json()) as { data: { kind: string; content: string }[] };
  return data.filter((m) => m.kind === 'notice' && m.content.includes(siteName)).map((m) => m.content);
}

describe('the SMS to the builder of an approved order (C-mine.md installDetail: 审核通过，已短信通知施工人员)', () => {
  it('is sent on each approval, two within a minute too, and not on a rejection', async () => {
    await approveWithNewSite(await application('通知一小区'), '通知一小区充电站');
    await approveWithNewSite(await application('通知二小区'), '通知二小区充电站');
    expect(await builderNotices('通知一小区充电站')).toHaveLength(1);
    expect(await builderNotices('通知二小区充电站')).toHaveLength(1);
    const rejected = await application('通知三小区');
    await sb.data(OPERATOR, '/api/third/approvalBuildOrder', {
      id: rejected,
      checkStatus: 2,
      applyApprovedContent: '资料不全',
    });
    expect(await builderNotices('通知三小区')).toHaveLength(0);
  });
});

describe('rule 17: a work order from application to acceptance', () => {
  it('1 → 3 with a new site in 建设中, 3 → 4 once trained and a box is installed, 4 → 5 puts the site in operation', async () => {
    const id = await application('验收小区');
    const before = await sb.data<WaitCounts>(OPERATOR, '/api/third/getOrderCountOfWait');
    const stationId = await approveWithNewSite(id, '验收小区充电站');
    expect(await siteStatus(stationId)).toBe(2);
    const approved = await detail(OPERATOR, id);
    expect(approved).toMatchObject({
      status: 3,
      stationId,
      siteName: '验收小区充电站',
      siteStatus: 2,
      builderName: '王强',
    });
    expect(approved.approverName).toBeTruthy();
    // the builder is told by SMS ("审核通过，已短信通知施工人员")
    expect(await builderNotices('验收小区充电站')).toHaveLength(1);
    expect((await sb.data<WaitCounts>(OPERATOR, '/api/third/getOrderCountOfWait')).waitApproveCount).toBe(
      before.waitApproveCount - 1,
    );

    // The builder sees it, may not submit before the training and before a box is at the site.
    expect((await detail(BUILDER, id)).status).toBe(3);
    const submit = () => sb.call<{ status: number }>(BUILDER, '/api/third/submitBuildAchievement', { orderId: id });
    expect((await submit()).body.message).toBe(WORK_ORDER_MESSAGES.trainingFirst);
    const train = await sb.data<TrainInfo>(BUILDER, `/api/train/getTrainInfo?orderId=${id}`);
    expect(train).toMatchObject({ confirmed: 0, confirmTime: null });
    expect(train.content).toContain('<h3>');
    const { confirmTime } = await sb.data<{ confirmTime: number }>(BUILDER, '/api/third/updateTrainingConfirm', {
      orderId: id,
      trainId: train.trainId,
    });
    expect(confirmTime).toBe(NOW);
    expect((await sb.data<TrainInfo>(BUILDER, `/api/train/getTrainInfo?orderId=${id}`)).confirmed).toBe(1);
    expect((await submit()).body.message).toBe(WORK_ORDER_MESSAGES.noDevice);
    const serialNumber = await stockBox();
    await sb.data(BUILDER, '/api/r9/box/addBox', { siteId: stationId, serialNumber, deviceType: 1 });
    expect((await submit()).body).toMatchObject({ code: 0, data: { status: 4 } });
    // Submitting again is a stale move.
    expect((await submit()).body.message).toBe(STALE_WORK_ORDER);
    const submitted = await detail(OPERATOR, id);
    expect(submitted).toMatchObject({ status: 4, submitTime: NOW, installedBoxCount: 1 });
    expect(submitted.devices).toEqual([{ serialNumber, socketCount: 10, status: 1 }]);

    // The operator accepts: 5 已完成 and the site 运营中.
    expect(
      await sb.data<{ status: number }>(OPERATOR, '/api/third/approvalBuildAchievement', {
        orderId: id,
        result: 1,
        content: '',
      }),
    ).toEqual({ status: 5 });
    expect(await siteStatus(stationId)).toBe(1);
    expect(await detail(OPERATOR, id)).toMatchObject({ status: 5, siteStatus: 1, acceptTime: NOW, finishTime: NOW });
    expect(
      (await refusal(OPERATOR, '/api/third/approvalBuildAchievement', { orderId: id, result: 1, content: '' })).message,
    ).toBe(STALE_WORK_ORDER);
  });

  it('4 → 6 returns the order to the builder (content required), who submits it again', async () => {
    const id = await application('整改小区');
    const stationId = await approveWithNewSite(id, '整改小区充电站');
    const train = await sb.data<TrainInfo>(BUILDER, `/api/train/getTrainInfo?orderId=${id}`);
    await sb.data(BUILDER, '/api/third/updateTrainingConfirm', { orderId: id, trainId: train.trainId });
    await sb.data(BUILDER, '/api/r9/box/addBox', { siteId: stationId, serialNumber: await stockBox(), deviceType: 1 });
    await sb.data(BUILDER, '/api/third/submitBuildAchievement', { orderId: id, remark: '已完工' });
    expect(
      (await refusal(OPERATOR, '/api/third/approvalBuildAchievement', { orderId: id, result: 2, content: ' ' }))
        .message,
    ).toBe(WORK_ORDER_MESSAGES.rectify);
    expect(
      await sb.data(OPERATOR, '/api/third/approvalBuildAchievement', { orderId: id, result: 2, content: '线缆未穿管' }),
    ).toEqual({ status: 6 });
    expect(await siteStatus(stationId)).toBe(2);
    // 验收驳回 is listed with 施工中 (status 3 returns 6) and counts in the builder's orderCount.
    const working = await sb.data<Page<WorkOrderRow>>(
      BUILDER,
      '/api/third/getPagedOrderListOfAnt?status=3&pageNum=1&pageSize=50',
    );
    expect(working.list.find((r) => r.id === id)?.status).toBe(6);
    expect(await sb.data(BUILDER, '/api/third/submitBuildAchievement', { orderId: id, remark: '已整改' })).toEqual({
      status: 4,
    });
  });

  it('1 → 2 needs a reason of 2–200 characters and is final', async () => {
    const id = await application('驳回小区');
    const reject = (content: string) =>
      sb.call(OPERATOR, '/api/third/approvalBuildOrder', { id, checkStatus: 2, applyApprovedContent: content });
    expect((await reject('无')).body.message).toBe(WORK_ORDER_MESSAGES.rejectReason);
    expect((await reject('现场无独立供电')).body).toMatchObject({ code: 0, data: { status: 2 } });
    expect(await detail(OPERATOR, id)).toMatchObject({
      status: 2,
      checkStatus: 2,
      applyApprovedContent: '现场无独立供电',
    });
    expect((await reject('再次驳回')).body.message).toBe(STALE_WORK_ORDER);
    expect(
      (
        await refusal(OPERATOR, '/api/third/approvalBuildOrder', {
          id,
          checkStatus: 1,
          applyApprovedContent: '',
          stationId: 6,
          builderId: 10006,
        })
      ).message,
    ).toBe(STALE_WORK_ORDER);
  });

  it('approving needs a site and a builder; a site cannot be made for an order already reviewed', async () => {
    const id = await application('条件小区');
    const approve = (extra: Record<string, unknown>) =>
      refusal(OPERATOR, '/api/third/approvalBuildOrder', { id, checkStatus: 1, applyApprovedContent: '', ...extra });
    expect((await approve({ builderId: 10006 })).message).toBe(WORK_ORDER_MESSAGES.siteRequired);
    expect((await approve({ stationId: 6 })).message).toBe(WORK_ORDER_MESSAGES.builderName);
    expect((await approve({ stationId: 6, builderId: 10001 })).message).toBe(WORK_ORDER_MESSAGES.builderRequired);
    // A site the operator does not own (the agent's) is out of reach.
    expect((await approve({ stationId: 7, builderId: 10006 })).code).toBe(403);
    expect((await detail(OPERATOR, id)).status).toBe(1);
    await sb.data(OPERATOR, '/api/third/approvalBuildOrder', {
      id,
      checkStatus: 1,
      applyApprovedContent: '',
      onlineSite: 1,
      stationId: 6,
      builderId: 10006,
    });
    expect((await detail(OPERATOR, id)).siteName).toBe('古荡新村充电站');
    expect(
      (
        await refusal(OPERATOR, '/api/third/addSite', {
          orderId: id,
          name: '迟到的站点',
          province: '浙江省',
          city: '杭州市',
          area: '西湖区',
          address: '文一西路100号',
          longitude: 120.13,
          latitude: 30.28,
        })
      ).message,
    ).toBe(STALE_WORK_ORDER);
  });
});

describe('a new builder made by the review', () => {
  it('becomes an accountType 5 account under the operator that logs in and sees only his own orders', async () => {
    const id = await application('新人小区');
    const other = await application('他人小区');
    const phone = '13912345670';
    const newBuilder = (builderPhone: string, builderPassword = 'sandbox123') =>
      sb.call<{ status: number; builderId: number }>(OPERATOR, '/api/third/approvalBuildOrder', {
        id,
        checkStatus: 1,
        applyApprovedContent: '同意',
        onlineSite: 1,
        stationId: 5,
        builderName: '李师傅',
        builderPhone,
        builderPassword,
      });
    expect((await newBuilder(DEMO_PHONES.property)).body.message).toBe(WORK_ORDER_MESSAGES.builderPhoneTaken);
    expect((await newBuilder(phone, '123456')).body.message).toBe(WORK_ORDER_MESSAGES.builderPassword);
    const made = await newBuilder(phone);
    expect(made.body).toMatchObject({ code: 0, data: { status: 3 } });
    const account = await one<{ accountType: number; mainAccountId: number; permissions: string[] }>(
      sb.db,
      'select account_type, main_account_id, permissions from account where id = $1',
      [made.body.data.builderId],
    );
    expect(account).toMatchObject({ accountType: 5, mainAccountId: 10001 });
    expect(account?.permissions).toEqual(['home', 'workOrder', 'site:view', 'device:add']);
    const builders = await sb.data<BuilderOption[]>(OPERATOR, '/api/third/getUserListByCommId?commId=10001');
    expect(builders.find((b) => b.phone === phone)).toMatchObject({ name: '李师傅', ongoingCount: 1 });

    const token = await sb.login(phone);
    const list = await sb.get<Page<WorkOrderRow>>('/api/third/getPagedOrderListOfAnt', token, {
      status: 3,
      pageNum: 1,
      pageSize: 50,
    });
    expect(list.body.data.list.map((r) => r.id)).toEqual([id]);
    expect((await sb.get('/api/third/getOrderDetail', token, { id: other })).body).toMatchObject({
      code: 1,
      message: '工单不存在或无权查看',
    });
    expect((await sb.get<CommercialInfo>('/api/user/getCommercialInfo', token)).body.data.orderCount).toBe(1);
  });
});

describe('roles and data scope', () => {
  it('the demo builder sees only the orders assigned to him, in lists, counts and details', async () => {
    const mine = await sb.data<Page<WorkOrderRow>>(
      BUILDER,
      '/api/third/getPagedOrderListOfAnt?status=1&pageNum=1&pageSize=50',
    );
    expect(mine.total).toBe(0);
    const owned = await scalar(sb.db, 'select count(*) from work_order where builder_id = 10006 and status = 4');
    expect((await sb.data<WaitCounts>(BUILDER, '/api/third/getOrderCountOfWait')).waitAcceptCount).toBe(owned);
    expect((await refusal(BUILDER, '/api/third/getOrderDetail?id=1')).message).toBe('工单不存在或无权查看');
    expect((await detail(BUILDER, 4)).builderName).toBe('王强');
  });

  it('the builder cannot review or accept; the operator cannot confirm training or submit', async () => {
    expect(
      (await refusal(BUILDER, '/api/third/approvalBuildAchievement', { orderId: 5, result: 1, content: '' })).code,
    ).toBe(403);
    expect((await refusal(BUILDER, '/api/third/getUserListByCommId?commId=10001')).code).toBe(403);
    expect((await refusal(OPERATOR, '/api/third/updateTrainingConfirm', { orderId: 4, trainId: 1 })).code).toBe(403);
    expect((await refusal(OPERATOR, '/api/third/submitBuildAchievement', { orderId: 4 })).code).toBe(403);
  });

  it('a property and a sub-account without workOrder get 403; an agent sees none of its parent’s orders', async () => {
    for (const phone of [PROPERTY, SUB]) {
      expect((await refusal(phone, '/api/third/getOrderCountOfWait')).code).toBe(403);
    }
    expect(await sb.data<WaitCounts>(AGENT, '/api/third/getOrderCountOfWait')).toEqual({
      waitApproveCount: 0,
      waitAcceptCount: 0,
    });
    expect((await refusal(AGENT, '/api/third/getOrderDetail?id=1')).message).toBe('工单不存在或无权查看');
  });

  it('getCommercialInfo.orderCount = 待审核 + 待验收 of the operator, and the badges agree', async () => {
    const counts = await sb.data<WaitCounts>(OPERATOR, '/api/third/getOrderCountOfWait');
    const info = await sb.data<CommercialInfo>(OPERATOR, '/api/user/getCommercialInfo');
    expect(info.orderCount).toBe(counts.waitApproveCount + counts.waitAcceptCount);
  });

  it('the list filters by keyword (小区名称) and answers applicants’ phones masked', async () => {
    await application('关键字花园');
    const page = await sb.data<Page<WorkOrderRow>>(
      OPERATOR,
      `/api/third/getPagedOrderListOfAnt?status=1&keyword=${encodeURIComponent('关键字')}&pageNum=1&pageSize=20`,
    );
    expect(page.list.map((r) => r.commName)).toEqual(['关键字花园']);
    expect(page.list[0]?.applicantPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
  });
});
