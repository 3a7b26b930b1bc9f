import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import type { ChargerListOfBox } from '../../src/api/device-setup';
import type { TodayIncome } from '../../src/api/home';
import type { DocRecord } from '../../src/api/exports';
import type { Page as ListPage } from '../../src/api/http';
import type { WalletBalance } from '../../src/api/income';
import type { LedgerDetail, LedgerPage } from '../../src/api/ledger';
import type { OrderDetail, OrderPage, OrderRow } from '../../src/api/orders';
import {
  api,
  answerDialog,
  byTestId,
  clickText,
  openDemoPhone,
  press,
  sharedBrowser,
  shanghaiDate,
  textOf,
  typeInto,
  waitForPath,
  waitForText,
  waitForTextOf,
  yuanText,
  type AccountApi,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Charging orders and refunds on screen (C-mine.md /mine/chargerRecord-list, /mine/chargerRecord-info; Business rules
 * 12–13) in both bundles: the list's tabs and summary are the sandbox's answers and a row opens the order; a partial
 * then a full refund of an online order (部分退款 → 已退款), each taking the operator's income down by the refund
 * (today's figures) and its available balance by its reversed share; 20 rapid taps on 下一步 and on the dialog's 确认退款 make one refund.
 */

const requestId = () => randomBytes(16).toString('hex');

/** Online orders of the last 20 days that ended, were credited and were never refunded (newest first). */
async function freshOnlineOrders(call: AccountApi): Promise<OrderRow[]> {
  const page = await call.get<OrderPage>(
    `/api/r9/order/successChargeOrderList?startDate=${shanghaiDate(-20)}&endDate=${shanghaiDate()}&payType=1&pageNum=1&pageSize=100`,
  );
  return page.list.filter((r) => r.status === 2 && r.refundAmount === 0 && r.settleStatus === 1 && r.amount >= 300);
}

const detailOf = (call: AccountApi, orderId: number) =>
  call.get<OrderDetail>(`/api/order/orderDetail?orderId=${orderId}`);
const balanceOf = (call: AccountApi) => call.get<WalletBalance>('/api/account/v2/balance');
const incomeOf = (call: AccountApi) => call.get<TodayIncome>('/api/user/todayIncome');

/**
 * What the operator's wallet gave for the latest refund of `orderId` (its newest 订单退款 ledger entry, checked against
 * the order's split rows): the refund less each other party's share of it, plus any party's shortfall it covered. A
 * party's share is cumulative (rule 13): of all refunds so far floor(part × refunded / gross), less what it gave for
 * the `earlier` refunds, so that the shares of several refunds add up to those of one refund of their sum.
 */
async function ownerReversal(
  call: AccountApi,
  orderId: number,
  refund: number,
  gross: number,
  earlier = 0,
): Promise<number> {
  const bill = await call.get<LedgerPage>(
    `/api/user/getAccountBill?month=${shanghaiDate().slice(0, 7)}&bizType=11&pageNum=1&pageSize=5`,
  );
  const entry = bill.list[0];
  if (!entry) throw new Error('a 订单退款 entry');
  const detail = await call.get<LedgerDetail>(`/api/user/getAccountBillDetail?id=${entry.id}`);
  expect(detail.ref.orderId).toBe(orderId);
  const original = detail.ref.splits.filter((r) => r.amount > 0);
  const reversal = detail.ref.splits.filter((r) => r.amount < 0);
  const share = (part: number, refunded: number) => Math.floor((part * refunded) / gross);
  const others = original
    .filter((r) => r.role !== 0)
    .reduce((sum, r) => sum + share(r.amount, earlier + refund) - share(r.amount, earlier), 0);
  const ownerRows = reversal.filter((r) => r.role === 0);
  // this refund's owner rows are the last ones: the base reversal, then a covered shortfall when there was one
  const base = refund - others;
  const at = ownerRows.findLastIndex((r) => -r.amount === base);
  expect(at, `an owner reversal of ${base} fen`).toBeGreaterThanOrEqual(0);
  const mine = ownerRows.slice(at);
  const given = -mine.reduce((sum, r) => sum + r.amount, 0);
  expect(entry.amount).toBe(given);
  return given;
}

/** Opens the refund sheet of the detail on screen and types `fen` with the reason 设备故障. */
async function fillRefund(page: Page, fen: number): Promise<void> {
  await press(page, byTestId('refund-open'));
  await page.waitForSelector(`${byTestId('refund-sheet')} input[name="refundAmount"]`, { visible: true });
  await typeInto(page, 'refundAmount', (fen / 100).toFixed(2));
  await clickText(page, '设备故障', `${byTestId('refund-sheet')} .adm-radio-content`);
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: charging orders and refunds', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('lists the tabs with the sandbox’s sums and opens an order with its power curve', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    // home's 今日充电 card leads to the list
    await press(page, `a[href="/mine/chargerRecord-list"]`);
    await waitForPath(page, '/mine/chargerRecord-list');
    const month = `${shanghaiDate().slice(0, 8)}01`;
    // The list's own range (this month), and the range the tabs are checked on.
    const monthQ = `startDate=${month}&endDate=${shanghaiDate()}&pageNum=1&pageSize=20`;
    let q = monthQ;
    // In the first hours of a month, before its first refund, the list is opened on the day of the latest refunded order
    // of the last 60 days (query `date`, as a day's figures link to it): the refunded tab has a row to check.
    if ((await call.get<OrderPage>(`/api/r9/order/refundedChargeOrderList?${q}`)).total === 0) {
      const since = new Date(Date.now() + 8 * 3600_000 - 60 * 86_400_000).toISOString().slice(0, 10);
      const recent = await call.get<OrderPage>(
        `/api/r9/order/refundedChargeOrderList?startDate=${since}&endDate=${shanghaiDate()}&pageNum=1&pageSize=1`,
      );
      const latest = recent.list[0];
      if (!latest) throw new Error('the demo world has no refunded order in the last 60 days');
      // The list's range is of the orders' start (Asia/Shanghai days).
      const day = new Date(latest.startTime + 8 * 3600_000).toISOString().slice(0, 10);
      q = `startDate=${day}&endDate=${day}&pageNum=1&pageSize=20`;
      await page.goto(`${baseUrl}/mine/chargerRecord-list?date=${day}`);
      await waitForPath(page, '/mine/chargerRecord-list');
    }
    const success = await call.get<OrderPage>(`/api/r9/order/successChargeOrderList?${q}`);
    await waitForTextOf(
      page,
      byTestId('order-summary'),
      `共 ${success.total} 笔 · 金额 ${yuanText(success.totalAmount)}`,
    );
    await clickText(page, '已退款', `${byTestId('order-tabs')} button`);
    const refunded = await call.get<OrderPage>(`/api/r9/order/refundedChargeOrderList?${q}`);
    await waitForTextOf(
      page,
      byTestId('order-summary'),
      `共 ${refunded.total} 笔 · 退款 ${yuanText(refunded.totalAmount)}`,
    );
    const first = refunded.list[0];
    if (!first) throw new Error('the demo world has refunded orders this month');
    expect(await textOf(page, byTestId(`order-${first.orderId}`))).toContain(`-${yuanText(first.refundAmount)}`);
    await clickText(page, '待入账', `${byTestId('order-tabs')} button`);
    const waiting = await call.get<OrderPage>(`/api/account/v2/selectWaitingOrderList?${q}&type=1&settleStatus=0`);
    await waitForTextOf(
      page,
      byTestId('order-summary'),
      `共 ${waiting.total} 笔 · 金额 ${yuanText(waiting.totalAmount)}`,
    );

    // the socket detail's 充电记录 opens the list of that socket, of this month (its chip removable)
    const socketOrder = success.list.find((r) => r.status === 2);
    if (!socketOrder) throw new Error('an ended order in the range checked');
    const socket = await call.get<ChargerListOfBox>(
      `/api/box/getChargerListByBoxCode?boxCode=${socketOrder.serialNumber}`,
    );
    const chargerId = socket.chargers.find((c) => c.socketNo === socketOrder.socketNo)?.chargerId;
    await page.goto(`${baseUrl}/site/socket/socketInfo?chargerId=${chargerId}`);
    await clickText(page, '充电记录', 'button');
    await waitForPath(page, `/mine/chargerRecord-list?chargerId=${chargerId}`);
    const ofSocket = await call.get<OrderPage>(`/api/r9/order/successChargeOrderList?${monthQ}&chargerId=${chargerId}`);
    await waitForTextOf(
      page,
      byTestId('order-summary'),
      `共 ${ofSocket.total} 笔 · 金额 ${yuanText(ofSocket.totalAmount)}`,
    );
    expect(
      ofSocket.list.every((r) => r.serialNumber === socketOrder.serialNumber && r.socketNo === socketOrder.socketNo),
    ).toBe(true);
    await press(page, byTestId('charger-chip'));
    const ofMonth =
      q === monthQ ? success : await call.get<OrderPage>(`/api/r9/order/successChargeOrderList?${monthQ}`);
    await waitForTextOf(
      page,
      byTestId('order-summary'),
      `共 ${ofMonth.total} 笔 · 金额 ${yuanText(ofMonth.totalAmount)}`,
    );

    // 导出 of the 已退款 tab: one DocRecord 充电订单 to the address typed, whose file (5 s later) has the tab's rows
    const email = `orders-${host}@yichong-hz.cn`;
    await clickText(page, '已退款', `${byTestId('order-tabs')} button`);
    const refundedNow = await call.get<OrderPage>(`/api/r9/order/refundedChargeOrderList?${monthQ}`);
    await waitForTextOf(page, byTestId('order-summary'), `共 ${refundedNow.total} 笔`, 'contains');
    await press(page, byTestId('export-open'));
    await typeInto(page, 'exportEmail', email);
    await press(page, byTestId('export-submit'));
    await waitForTextOf(page, byTestId('export-started'), email, 'contains');
    const docs = await call.get<ListPage<DocRecord>>('/api/doc/listDocRecords?docType=1&pageNum=1&pageSize=5');
    const doc = docs.list.find((d) => d.email === email);
    expect(doc?.conditions).toContain(`${month} 至 ${shanghaiDate()}`);
    let mail: { attachments: { url: string }[] } | undefined;
    for (let i = 0; i < 60 && !mail; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      mail = (await api<{ attachments: { url: string }[] }[]>(baseUrl, 'GET', `/__sandbox/mail?to=${email}`)).data[0];
    }
    const file = await fetch(`${baseUrl}${mail?.attachments[0]?.url}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    expect(book.worksheets[0]?.actualRowCount).toBe(refundedNow.total + 1); // the header and the tab's rows
    await clickText(page, '完成', '.adm-popup-body button');
    await clickText(page, '已完成', `${byTestId('order-tabs')} button`);

    // an order's detail: its figures and its power curve
    const row = success.list.find((r) => r.status === 2 && r.payType === 1) ?? success.list[0];
    if (!row) throw new Error('orders this month');
    await page.goto(`${baseUrl}/mine/chargerRecord-info?orderId=${row.orderId}`);
    const d = await detailOf(call, row.orderId);
    await waitForTextOf(page, byTestId('order-no'), d.orderNo, 'contains');
    expect(await textOf(page, byTestId('order-banner'))).toContain(yuanText(d.amount));
    expect(await textOf(page, byTestId('order-energy'))).toBe(`${(d.energyWh / 1000).toFixed(2)} kWh`);
    await page.waitForSelector(`${byTestId('power-curve')} canvas, ${byTestId('power-curve')} p`, { timeout: 15_000 });
  });

  it('a partial then a full refund: 部分退款 → 已退款, the operator’s income down by each refund', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const order = (await freshOnlineOrders(call))[0];
    if (!order) throw new Error('a credited online order of the last 20 days');
    const before = await detailOf(call, order.orderId);
    const income0 = await incomeOf(call);
    const wallet0 = await balanceOf(call);
    const part = Math.floor(before.refundableAmount / 3);

    await page.goto(`${baseUrl}/mine/chargerRecord-info?orderId=${order.orderId}`);
    await waitForTextOf(page, byTestId('order-banner'), '已完成', 'contains');
    await fillRefund(page, part);
    await press(page, byTestId('refund-submit'));
    // one question, and behind it the sheet does not say it is refunding yet
    await page.waitForSelector('.adm-dialog-body', { visible: true });
    expect(await textOf(page, byTestId('refund-submit'))).toBe('下一步');
    await answerDialog(page, '确认退款', `确认退款 ${yuanText(part)}？`);
    await waitForText(page, '退款已提交');
    await waitForTextOf(page, byTestId('order-banner'), '部分退款', 'contains');
    await waitForTextOf(page, byTestId('order-refunded'), yuanText(part));
    const mid = await detailOf(call, order.orderId);
    expect(mid).toMatchObject({ status: 4, refundAmount: part, refundableAmount: before.refundableAmount - part });
    const income1 = await incomeOf(call);
    expect(income1.refund - income0.refund).toBe(part);
    expect(income0.total - income1.total).toBe(part);
    const wallet1 = await balanceOf(call);
    const taken1 = wallet0.availableBalance - wallet1.availableBalance;
    // the operator gives its share of the refund (the parties and the channel fee give theirs): exactly its 订单退款
    // entry, the refund less every other party's share of it (rounded down, rule 13)
    expect(taken1).toBe(await ownerReversal(call, order.orderId, part, before.amount));

    const rest = mid.refundableAmount;
    await fillRefund(page, rest);
    await press(page, byTestId('refund-submit'));
    await answerDialog(page, '确认退款', `确认退款 ${yuanText(rest)}？`);
    await waitForTextOf(page, byTestId('order-banner'), '已退款', 'contains');
    await waitForTextOf(page, byTestId('order-refunded'), yuanText(before.amount));
    const after = await detailOf(call, order.orderId);
    expect(after).toMatchObject({ status: 3, refundableAmount: 0 });
    expect(after.refunds.filter((r) => r.reason === '设备故障').map((r) => r.refundAmount)).toEqual([part, rest]);
    const income2 = await incomeOf(call);
    expect(income2.refund - income0.refund).toBe(before.refundableAmount);
    const wallet2 = await balanceOf(call);
    const taken2 = wallet1.availableBalance - wallet2.availableBalance;
    expect(taken2).toBe(await ownerReversal(call, order.orderId, rest, before.amount, part));
    // nothing is left to refund: no 退款 button
    expect(await page.$(byTestId('refund-open'))).toBeNull();
  });

  it('20 rapid taps on 下一步 and 确认退款 make one refund', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const order = (await freshOnlineOrders(call))[0];
    if (!order) throw new Error('a credited online order of the last 20 days');
    await page.goto(`${baseUrl}/mine/chargerRecord-info?orderId=${order.orderId}`);
    await waitForTextOf(page, byTestId('order-banner'), '已完成', 'contains');
    await fillRefund(page, 100);
    await page.$eval(byTestId('refund-submit'), (button) => {
      for (let i = 0; i < 20; i++) (button as HTMLElement).click();
    });
    // one confirmation, whose button is tapped again while it closes
    await page.waitForFunction(
      () => {
        const d = document.querySelector<HTMLElement>('.adm-dialog-body');
        return d !== null && getComputedStyle(d).pointerEvents !== 'none';
      },
      { timeout: 15_000 },
    );
    expect(await page.$$eval('.adm-dialog-body', (list) => list.length)).toBe(1);
    await page.$eval('.adm-dialog-body', (d) => {
      const ok = [...d.querySelectorAll<HTMLElement>('.adm-dialog-button')].find(
        (b) => b.innerText.trim() === '确认退款',
      );
      for (let i = 0; i < 20; i++) ok?.click();
    });
    await waitForTextOf(page, byTestId('order-banner'), '部分退款', 'contains');
    const d = await detailOf(call, order.orderId);
    expect(d.refunds).toHaveLength(1);
    expect(d).toMatchObject({ refundAmount: 100, status: 4 });
    // the same requestId again is answered with the first result, acting no more
    const id = requestId();
    const body = { orderId: order.orderId, refundAmount: 1, reason: '其他原因', requestId: id };
    const once = await call.post<{ refundId: number }>('/api/r9/order/orderRefund', body);
    const again = await call.post<{ refundId: number }>('/api/r9/order/orderRefund', body);
    expect(again.refundId).toBe(once.refundId);
    expect((await detailOf(call, order.orderId)).refunds).toHaveLength(2);
  });
});
