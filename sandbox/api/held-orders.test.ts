import { describe, expect, it, vi } from 'vitest';
import type { HeldChargeOrder, HeldPage, HeldRecharge } from '../../src/api/compact';
import type { SignStarted } from '../../src/api/esign';
import type { UnSignBackOrderCount } from '../../src/api/home';
import type { MerchantSignStatus } from '../../src/api/income';
import type { MonthBillOperation } from '../../src/api/statements';
import { setSignStatus, signNotification } from '../domain/onboarding';
import { channelFeeOf } from '../domain/split';
import { rows, scalar } from '../lib/db';
import { dayOf, monthOf } from '../lib/time';
import { DEMO_PHONES, openSandboxForFile, walletViolations } from '../testing';
import { newRequestId } from '../testing-money';

/**
 * Held orders settled on signing (A-shell-home-settlement.md "Unsigned-contract orders"; issue 9 items 2 and 6): the
 * second unsigned operator of the demo (10020, certified) signs through the API and the provider; every order and
 * recharge held at its site becomes 3 已补结算 with settleTime = the signing, once; the one already returned stays
 * returned; each is split by the site's share rule and posted at once (the ledger entries are the owner's split rows,
 * the wallet their sum), counted as income of its pay day (SiteDailyStat and the statement), and a repeated
 * notification or a second signing settles nothing again.
 */

const NOW = Date.parse('2026-11-20T15:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['heldOperator']);
const PHONE = DEMO_PHONES.heldOperator;
const ACCOUNT = 10020;
const q = (query: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

interface OrderFacts {
  id: number;
  orderNo: string;
  amount: number;
  refundAmount: number;
  payTime: number;
  settleStatus: number;
  settleTime: number | null;
  status: number;
}
interface RechargeFacts {
  id: number;
  payAmount: number;
  createTime: number;
  settleStatus: number;
  settleTime: number | null;
}

const orders = async () =>
  (
    await rows<OrderFacts>(
      sb.db,
      `select id, order_no, amount, refund_amount, pay_time, settle_status, settle_time, status from charge_order
       where merchant_id = $1 order by id`,
      [ACCOUNT],
    )
  ).map((o) => ({
    ...o,
    id: Number(o.id),
    amount: Number(o.amount),
    refundAmount: Number(o.refundAmount),
    payTime: Number(o.payTime),
    settleStatus: Number(o.settleStatus),
    settleTime: o.settleTime === null ? null : Number(o.settleTime),
    status: Number(o.status),
  }));
const recharges = async () =>
  (
    await rows<RechargeFacts>(
      sb.db,
      'select id, pay_amount, create_time, settle_status, settle_time from card_recharge where merchant_id = $1 order by id',
      [ACCOUNT],
    )
  ).map((r) => ({
    id: Number(r.id),
    payAmount: Number(r.payAmount),
    createTime: Number(r.createTime),
    settleStatus: Number(r.settleStatus),
    settleTime: r.settleTime === null ? null : Number(r.settleTime),
  }));
const ledger = () =>
  rows<{ bizType: number; orderType: number; orderId: number; amount: number }>(
    sb.db,
    'select biz_type, order_type, order_id, amount from account_bill where account_id = $1 order by id',
    [ACCOUNT],
  );
const wallet = async () =>
  (
    await rows<{ availableBalance: number; pendingIncome: number; totalIncome: number }>(
      sb.db,
      'select available_balance, pending_income, total_income from wallet where account_id = $1',
      [ACCOUNT],
    )
  ).map((w) => ({
    availableBalance: Number(w.availableBalance),
    pendingIncome: Number(w.pendingIncome),
    totalIncome: Number(w.totalIncome),
  }))[0];
const signStatus = () => scalar(sb.db, 'select sign_status from account where id = $1', [ACCOUNT]);

/** Signs 10020 through the API: smsSign 1, the signer's code (SMS type 7), smsSign 2; the provider finishes at once. */
async function sign(): Promise<string> {
  const token = tokens.heldOperator;
  await sb.post('/__sandbox/esign/verdict', null, { phone: PHONE, signStatus: 2, delayMs: 0 });
  const status = (await sb.get<MerchantSignStatus>('/api/merchant/esign/getMerchantSignStatus', token)).body.data;
  const started = await sb.post<SignStarted>('/api/merchant/entity/property/smsSign', token, {
    action: 1,
    agreementIds: status.agreements.map((a) => a.agreementId),
    backUrl: '/compact/index',
    requestId: newRequestId(),
  });
  expect(started.body.code, started.body.message).toBe(0);
  const code = await rows<{ code: string }>(
    sb.db,
    'select code from sms_code where phone = $1 and type = 7 order by id desc limit 1',
    [PHONE],
  );
  const confirmed = await sb.post<{ signStatus: number }>('/api/merchant/entity/property/smsSign', token, {
    action: 2,
    code: code[0]?.code ?? '',
    requestId: newRequestId(),
  });
  expect(confirmed.body.code, confirmed.body.message).toBe(0);
  await vi.waitFor(async () => expect(await signStatus()).toBe(2), { timeout: 5000 });
  const flow = await rows<{ flowId: string }>(
    sb.db,
    'select flow_id from esign_flow where account_id = $1 and status = 2 order by id desc limit 1',
    [ACCOUNT],
  );
  return flow[0]?.flowId ?? '';
}

describe('held orders settled on signing', () => {
  let before: { orders: OrderFacts[]; recharges: RechargeFacts[] };
  let flowId = '';

  it('before signing: orders and recharges held, one returned, nothing in the wallet', async () => {
    before = { orders: await orders(), recharges: await recharges() };
    const held = before.orders.filter((o) => o.settleStatus === 2);
    expect(held.length).toBe(8);
    expect(before.orders.filter((o) => o.settleStatus === 4)).toHaveLength(1);
    expect(before.recharges.filter((r) => r.settleStatus === 2)).toHaveLength(3);
    const counts = await sb.data<UnSignBackOrderCount>(PHONE, '/api/user/unSignBackOrderCount');
    expect(counts.chargeOrderCount).toBe(8);
    expect(counts.chargeOrderAmount).toBe(held.reduce((s, o) => s + o.amount, 0));
    expect(counts.rechargeOrderCount).toBe(3);
    expect(await ledger()).toEqual([]);
    expect(await wallet()).toEqual({ availableBalance: 0, pendingIncome: 0, totalIncome: 0 });
    const month = await sb.data<MonthBillOperation>(
      PHONE,
      `/api/user/monthBillDetailOperation${q({ month: monthOf(NOW) })}`,
    );
    expect(month.summary.grossIncome).toBe(0);
  });

  it('signing settles every held order and recharge once, at the signing; the returned one stays returned', async () => {
    flowId = await sign();
    const after = await orders();
    for (const o of before.orders) {
      const now = after.find((a) => a.id === o.id);
      if (o.settleStatus === 4) expect(now).toMatchObject({ settleStatus: 4, status: 3, settleTime: null });
      else expect(now).toMatchObject({ settleStatus: 3, settleTime: NOW, status: o.status });
    }
    for (const r of await recharges()) expect(r).toMatchObject({ settleStatus: 3, settleTime: NOW });
    const counts = await sb.data<UnSignBackOrderCount>(PHONE, '/api/user/unSignBackOrderCount');
    expect(counts).toMatchObject({ total: 0, amount: 0, nearestDeadline: null, returnedCount: 1 });
    // the list's 已补结算 chip: every settled order with its settle time
    const settled = await sb.data<HeldPage<HeldChargeOrder>>(
      PHONE,
      `/api/account/v2/selectWaitingOrderList${q({ type: 1, settleStatus: 3, pageNum: 1, pageSize: 20 })}`,
    );
    expect(settled.total).toBe(8);
    expect(settled.list.every((o) => o.settleTime === NOW)).toBe(true);
    const settledRecharges = await sb.data<HeldPage<HeldRecharge>>(
      PHONE,
      `/api/account/v2/selectWaitingOrderList${q({ type: 2, settleStatus: 3, pageNum: 1, pageSize: 20 })}`,
    );
    expect(settledRecharges.total).toBe(3);
  });

  it('splits each by the share rule and posts it at once: the ledger entries are the split rows, the wallet their sum', async () => {
    const splits = await rows<{ orderType: number; orderId: number; role: number; amount: number; postStatus: number }>(
      sb.db,
      `select order_type, order_id, role, amount, post_status from order_split
       where site_id in (select id from site where operator_id = $1)`,
      [ACCOUNT],
    );
    const bills = await ledger();
    const settledOrders = before.orders.filter((o) => o.settleStatus === 2);
    for (const o of settledOrders) {
      const mine = splits.filter((s) => Number(s.orderType) === 1 && Number(s.orderId) === o.id);
      const gross = o.amount - o.refundAmount;
      // no share party at this site: the channel fee and the owner's rest
      expect(mine.map((s) => [Number(s.role), Number(s.amount)]).sort()).toEqual(
        [
          [0, gross - channelFeeOf(gross)],
          [4, channelFeeOf(gross)],
        ].sort(),
      );
      expect(mine.every((s) => Number(s.postStatus) === 1)).toBe(true);
      const bill = bills.filter((b) => Number(b.orderType) === 1 && Number(b.orderId) === o.id);
      expect(bill.map((b) => [Number(b.bizType), Number(b.amount)])).toEqual([[1, gross - channelFeeOf(gross)]]);
    }
    for (const r of before.recharges) {
      const bill = bills.filter((b) => Number(b.orderType) === 2 && Number(b.orderId) === r.id);
      expect(bill.map((b) => [Number(b.bizType), Number(b.amount)])).toEqual([
        [2, r.payAmount - channelFeeOf(r.payAmount)],
      ]);
    }
    // the returned order has no split
    const returned = before.orders.find((o) => o.settleStatus === 4);
    expect(splits.filter((s) => Number(s.orderType) === 1 && Number(s.orderId) === returned?.id)).toEqual([]);
    const credited = bills.reduce((s, b) => s + Number(b.amount), 0);
    expect(bills).toHaveLength(settledOrders.length + before.recharges.length);
    expect(await wallet()).toEqual({ availableBalance: credited, pendingIncome: 0, totalIncome: credited });
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('counts them as income of their pay day, and the month’s 净入账 is the ledger credits', async () => {
    const settledOrders = before.orders.filter((o) => o.settleStatus === 2);
    const byMonth = new Map<string, number>();
    const add = (t: number, amount: number) => byMonth.set(monthOf(t), (byMonth.get(monthOf(t)) ?? 0) + amount);
    for (const o of settledOrders) add(o.payTime, o.amount);
    for (const r of before.recharges) add(r.createTime, r.payAmount);
    const refunds = await rows<{ createTime: number; refundAmount: number }>(
      sb.db,
      `select r.create_time, r.refund_amount from order_refund r join charge_order o on o.id = r.order_id
       where o.merchant_id = $1 and o.settle_status = 3`,
      [ACCOUNT],
    );
    for (const r of refunds) add(Number(r.createTime), -Number(r.refundAmount));
    for (const [month, gross] of byMonth) {
      const bill = await sb.data<MonthBillOperation>(PHONE, `/api/user/monthBillDetailOperation${q({ month })}`);
      expect(bill.summary.grossIncome, month).toBe(gross);
      expect(bill.summary.orderCount, month).toBe(
        settledOrders.filter((o) => monthOf(o.payTime + 20_000) === month).length,
      );
    }
    // every pay day's SiteDailyStat row has its orders' and recharges' amounts
    for (const o of settledOrders) {
      const day = dayOf(o.payTime);
      const stat = await scalar(
        sb.db,
        `select charge_income from site_daily_stat where operator_id = $1 and site_id is not null and date = $2`,
        [ACCOUNT, day],
      );
      const same = settledOrders.filter((x) => dayOf(x.payTime) === day).reduce((s, x) => s + x.amount, 0);
      expect(stat, day).toBe(same);
    }
    const credited = (await ledger()).reduce((s, b) => s + Number(b.amount), 0);
    const month = await sb.data<MonthBillOperation>(
      PHONE,
      `/api/user/monthBillDetailOperation${q({ month: monthOf(NOW) })}`,
    );
    expect(month.summary.netIncome).toBe(credited);
  });

  it('a repeated notification or a second signing settles nothing again', async () => {
    const bills = await ledger();
    const money = await wallet();
    const replay = await sb.post('/api/merchant/esign/notify', null, signNotification(flowId, 'FINISHED', null, NOW));
    expect(replay.body.code).toBe(0);
    await sb.db.transaction((tx) => setSignStatus(tx, ACCOUNT, 2, null, NOW + 1000));
    expect(await ledger()).toEqual(bills);
    expect(await wallet()).toEqual(money);
    expect((await orders()).filter((o) => o.settleStatus === 3).every((o) => o.settleTime === NOW)).toBe(true);
    expect(await walletViolations(sb.db)).toEqual([]);
  });
});
