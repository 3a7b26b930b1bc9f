import { describe, expect, it, vi } from 'vitest';
import type { AlipayPayment, OwePaymentInfo, PayResult, WxPayment } from '../../src/api/arrears';
import { scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile, walletViolations } from '../testing';
import { moneyNeverDoubles, newRequestId } from '../testing-money';

/**
 * Arrears payment (D-income.md §3, "Business rules: Arrears payment"; codes 2030–2032) through the sandbox's HTTP
 * interface, with the stood-in payment platforms: a payment in the app the caller is in, the cashier (checking the
 * merchant's paySign), the platform's signed notification making it paid, queryPayResult asking the platform when the
 * notification does not come, one pending payment per account (resumed, never duplicated; replaced by another
 * selection), the oldest-first rule, expiry after 15 minutes, the effects on periods, records, plans and the wallet, and
 * exactly once for wxPayment / aliPayment.
 */

const NOW = Date.parse('2024-05-20T15:30:00+08:00');
const { sb } = openSandboxForFile(NOW);
const SPLIT = DEMO_PHONES.splitOperator; // 10007: period 7 欠费

let wx = '';
let ali = '';
const tokensReady = async () => {
  wx ||= await sb.login(SPLIT, 'r9a_weixin');
  ali ||= await sb.login(SPLIT, 'alipay');
};

const info = () => sb.post<OwePaymentInfo>('/api/share/instalment/queryCommOweAmountPaymentInfo', wx, {});
const wxPay = (body: Record<string, unknown>) => sb.post<WxPayment>('/api/share/instalment/wxPayment', wx, body);
const aliPay = (body: Record<string, unknown>) => sb.post<AlipayPayment>('/api/share/instalment/aliPayment', ali, body);
const result = (paymentId: number) => sb.get<PayResult>('/api/share/instalment/queryPayResult', wx, { paymentId });

/** The WeChat cashier of the emulator: pays (or cancels, fails) with the chooseWXPay parameters. */
const wechatCashier = (p: WxPayment, outcome: 'pay' | 'cancel' | 'fail', tamper = false) =>
  sb.post<{ result: string; message?: string }>('/__sandbox/pay/wechat/cashier', null, {
    timeStamp: p.timeStamp,
    nonceStr: p.nonceStr,
    package: p.package,
    signType: p.signType,
    paySign: tamper ? p.paySign.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) : p.paySign,
    outcome,
  });
const alipayCashier = (tradeNO: string, outcome: 'pay' | 'cancel' | 'fail') =>
  sb.post<{ result: string; message?: string }>('/__sandbox/pay/alipay/cashier', null, { tradeNO, outcome });

/** Makes periods `nos` of 10007 unpaid (欠费) with `owe` fen each, and every other period paid. */
async function owePeriods(nos: number[], owe = 38650): Promise<number[]> {
  await sb.db.query('update owe_payment set status = 3 where account_id = 10007 and status = 0');
  await sb.db.query(
    `update fee_period set status = case when period_no = any($1::int[]) then 3 when period_no = 8 then 1 else 2 end,
       owe_amount = case when period_no = any($1::int[]) then $2 else 0 end, paid_amount = 0
     where account_id = 10007`,
    [nos, owe],
  );
  const ids = await sb.db.query<{ id: number }>(
    'select id from fee_period where account_id = 10007 and period_no = any($1::int[]) order by period_no',
    [nos],
  );
  return ids.rows.map((r) => Number(r.id));
}

describe('paying platform-fee arrears', () => {
  it('lists the unpaid period; WeChat pays with a signed prepay; the notification makes it paid', async () => {
    await tokensReady();
    const [p7] = await owePeriods([7]);
    const before = await info();
    expect(before.body.data).toMatchObject({ oweAmount: 38650, payAmount: 38650, pendingPayment: null });
    expect(before.body.data.periods.map((p) => p.periodNo)).toEqual([7]);
    const created = await wxPay({ instalmentIds: [p7], amount: 38650, requestId: newRequestId() });
    expect(created.body.code, created.body.message).toBe(0);
    const pay = created.body.data;
    expect(pay).toMatchObject({ payWay: 2, amount: 38650, signType: 'RSA' });
    expect(pay.package).toMatch(/^prepay_id=wx\d{14}[0-9a-f]{20}$/);
    expect(pay.nonceStr).toHaveLength(32);
    expect(pay.expireTime).toBe(NOW + 15 * 60_000);
    // WeChat's cashier refuses parameters whose signature does not hold
    expect((await wechatCashier(pay, 'pay', true)).body.data).toMatchObject({
      result: 'fail',
      message: '支付验证签名失败',
    });
    expect((await result(pay.paymentId)).body.data.status).toBe(0);
    expect((await wechatCashier(pay, 'pay')).body.data).toEqual({ result: 'ok' });
    // the platform's notification (asynchronous) makes it paid; nothing but the server says so
    await vi.waitFor(
      async () => expect(await scalar(sb.db, 'select status from owe_payment where id = $1', [pay.paymentId])).toBe(1),
      { timeout: 5000 },
    );
    const paid = (await result(pay.paymentId)).body.data;
    expect(paid).toMatchObject({ status: 1, periodNos: [7], remainingOweAmount: 0, payWay: 2 });
    expect(paid.tradeNo).toMatch(/^4200001/);
    expect(await scalar(sb.db, 'select status from fee_period where id = $1', [p7])).toBe(4);
    expect(await scalar(sb.db, 'select paid_amount from fee_period where id = $1', [p7])).toBe(38650);
    expect((await info()).body.data).toMatchObject({ oweAmount: 0, periods: [], pendingPayment: null });
    // the cashier cannot take the money twice
    expect((await wechatCashier(pay, 'pay')).body.data).toMatchObject({ result: 'fail', message: '该订单已支付' });
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('pays in the app the page runs in: aliPayment from WeChat is refused, Alipay pays with the trade number', async () => {
    await tokensReady();
    const [p7] = await owePeriods([7]);
    const wrong = await sb.post('/api/share/instalment/aliPayment', wx, {
      instalmentIds: [p7],
      amount: 38650,
      requestId: newRequestId(),
    });
    expect(wrong.body).toMatchObject({ code: 1, message: '请在支付宝中完成缴费' });
    const created = await aliPay({ instalmentIds: [p7], amount: 38650, requestId: newRequestId() });
    expect(created.body.code, created.body.message).toBe(0);
    expect(created.body.data.tradeNo).toMatch(/^\d{8}22001\d{15}$/);
    expect((await alipayCashier(created.body.data.tradeNo, 'pay')).body.data.result).toBe('ok');
    await vi.waitFor(async () => expect((await result(created.body.data.paymentId)).body.data.status).toBe(1), {
      timeout: 5000,
    });
  });

  it('a cancelled payment stays pending and is resumed, never duplicated; another selection replaces it', async () => {
    await tokensReady();
    const [p6, p7] = await owePeriods([6, 7], 20000);
    const first = await wxPay({ instalmentIds: [p6, p7], amount: 40000, requestId: newRequestId() });
    expect((await wechatCashier(first.body.data, 'cancel')).body.data.result).toBe('cancel');
    const pending = (await info()).body.data.pendingPayment;
    expect(pending).toMatchObject({ paymentId: first.body.data.paymentId, amount: 40000, instalmentIds: [p6, p7] });
    // 继续支付: the same selection (a new request) returns the same payment and prepay order
    const again = await wxPay({ instalmentIds: [p7, p6], amount: 40000, requestId: newRequestId() });
    expect(again.body.data.paymentId).toBe(first.body.data.paymentId);
    expect(again.body.data.package).toBe(first.body.data.package);
    expect(await scalar(sb.db, 'select count(*) from owe_payment where account_id = 10007 and status = 0')).toBe(1);
    // only the older period: the first payment closes, its order too
    const other = await wxPay({ instalmentIds: [p6], amount: 20000, requestId: newRequestId() });
    expect(other.body.data.paymentId).not.toBe(first.body.data.paymentId);
    expect((await result(first.body.data.paymentId)).body.data).toMatchObject({
      status: 3,
      failReason: '已重新发起缴费',
    });
    expect((await wechatCashier(first.body.data, 'pay')).body.data.result).toBe('fail');
  });

  it('refuses a newer period without the older one (2031) and a changed amount (2030)', async () => {
    await tokensReady();
    const [p6, p7] = await owePeriods([6, 7], 20000);
    const skip = await wxPay({ instalmentIds: [p7], amount: 20000, requestId: newRequestId() });
    expect(skip.body).toMatchObject({ code: 2031, message: '请按期次顺序缴费（需先缴清更早的欠费）' });
    const changed = await wxPay({ instalmentIds: [p6], amount: 19999, requestId: newRequestId() });
    expect(changed.body).toMatchObject({ code: 2030, message: '欠费金额已变化，请刷新后重试' });
    const nothing = await wxPay({ instalmentIds: [], amount: 1, requestId: newRequestId() });
    expect(nothing.body.code).toBe(1);
    const paidOne = await wxPay({ instalmentIds: [1], amount: 20000, requestId: newRequestId() });
    expect(paidOne.body.code).toBe(2030);
  });

  it('a paid payment whose notification never comes is found by queryPayResult asking the platform', async () => {
    await tokensReady();
    const [p7] = await owePeriods([7]);
    sb.faults.add({ path: '/api/share/instalment/wxPayNotify', httpStatus: 500, times: 10 });
    const pay = (await wxPay({ instalmentIds: [p7], amount: 38650, requestId: newRequestId() })).body.data;
    await wechatCashier(pay, 'pay');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await scalar(sb.db, 'select status from owe_payment where id = $1', [pay.paymentId])).toBe(0);
    expect((await result(pay.paymentId)).body.data).toMatchObject({ status: 1, remainingOweAmount: 0 });
    sb.faults.clear();
  });

  it('a payment the platform already took is processed as paid when another selection comes (2030)', async () => {
    await tokensReady();
    const [p6, p7] = await owePeriods([6, 7], 20000);
    sb.faults.add({ path: '/api/share/instalment/wxPayNotify', httpStatus: 500, times: 10 });
    const pay = (await wxPay({ instalmentIds: [p6], amount: 20000, requestId: newRequestId() })).body.data;
    await wechatCashier(pay, 'pay');
    const next = await wxPay({ instalmentIds: [p6, p7], amount: 40000, requestId: newRequestId() });
    expect(next.body.code).toBe(2030);
    expect(await scalar(sb.db, 'select status from owe_payment where id = $1', [pay.paymentId])).toBe(1);
    expect(await scalar(sb.db, 'select status from fee_period where id = $1', [p6])).toBe(4);
    sb.faults.clear();
  });

  it('an unpaid payment closes after 15 minutes; its order can no longer be paid', async () => {
    await tokensReady();
    const [p7] = await owePeriods([7]);
    const pay = (await wxPay({ instalmentIds: [p7], amount: 38650, requestId: newRequestId() })).body.data;
    await sb.advance(15 * 60_000);
    expect((await result(pay.paymentId)).body.data).toMatchObject({ status: 3, failReason: '支付超时，订单已关闭' });
    expect((await info()).body.data.pendingPayment).toBeNull();
    expect((await wechatCashier(pay, 'pay')).body.data).toMatchObject({
      result: 'fail',
      message: '订单已关闭或已过期',
    });
  });

  it('never makes two payments: the same requestId at once, later, after a stall; racing requests share one', async () => {
    await tokensReady();
    let p7 = 0;
    await moneyNeverDoubles(sb, {
      path: '/api/share/instalment/aliPayment',
      prepare: async () => {
        [p7 = 0] = await owePeriods([7]);
      },
      send: (requestId) => aliPay({ instalmentIds: [p7], amount: 38650, requestId }),
      effects: () => scalar(sb.db, 'select count(*) from owe_payment where account_id = 10007'),
      race: {
        prepare: async () => {
          [p7 = 0] = await owePeriods([7]);
        },
        send: (requestId) => aliPay({ instalmentIds: [p7], amount: 38650, requestId }),
        count: 6,
        maxSuccesses: 6,
        resultKey: (data) => data.paymentId,
      },
    });
  });
});

describe('paying arrears records', () => {
  it('clears instalment arrears: the plan moves, the current cycle owes less, the surplus freeze is unfrozen', async () => {
    const token = await sb.login(DEMO_PHONES.operator, 'r9a_weixin');
    // plan 3's current cycle: period 12 000 + arrears 4 000 = due 16 000 (frozen so far: what the daily freezes froze)
    await sb.db.query(
      `update instalment_deduction set period_amount = 12000, arrears_amount = 4000, due_amount = 16000 where id = 18`,
    );
    const inserted = await sb.db.query<{ id: number }>(
      `insert into arrears (account_id, deduction_id, plan_id, cycle, source, amount, repaid_amount, status, create_time,
         update_time) values (10001, 17, 3, '2024-04', 1, 4000, 0, 1, $1, $1) returning id`,
      [NOW - 86_400_000],
    );
    const arrearsId = Number(inserted.rows[0]?.id);
    const owed = await sb.get<{ oweAmount: number; count: number }>(
      '/api/account/settlement/cost/arrears/oweAmount',
      token,
    );
    expect(owed.body.data).toEqual({ oweAmount: 4000, count: 1 });
    const list = await sb.get<{ list: { id: number; planNo: string; status: number }[]; total: number }>(
      '/api/account/settlement/cost/arrears/list',
      token,
      { pageNum: 1, pageSize: 50, status: '1,2' },
    );
    expect(list.body.data.list).toEqual([
      expect.objectContaining({ id: arrearsId, planNo: 'FQ2023120003', status: 1 }),
    ]);
    const available = await scalar(sb.db, 'select available_balance from wallet where account_id = 10001');
    const paidBefore = await scalar(sb.db, 'select paid_amount from instalment_plan where id = 3');
    // what the daily freezes have frozen of the cycle so far (the demo world's replay decides it)
    const frozenBefore = await scalar(sb.db, 'select frozen_amount from instalment_deduction where id = 18');
    const pay = await sb.post<WxPayment>('/api/share/instalment/wxPayment', token, {
      arrearsIds: [arrearsId],
      amount: 4000,
      requestId: newRequestId(),
    });
    expect(pay.body.code, pay.body.message).toBe(0);
    await wechatCashier(pay.body.data, 'pay');
    await vi.waitFor(
      async () => expect(await scalar(sb.db, 'select status from arrears where id = $1', [arrearsId])).toBe(3),
      {
        timeout: 5000,
      },
    );
    expect(await scalar(sb.db, 'select paid_amount from instalment_plan where id = 3')).toBe(paidBefore + 4000);
    expect(await scalar(sb.db, 'select due_amount from instalment_deduction where id = 18')).toBe(12000);
    // the freeze beyond the new due is unfrozen to the available balance
    expect(await scalar(sb.db, 'select frozen_amount from instalment_deduction where id = 18')).toBe(
      Math.min(frozenBefore, 12000),
    );
    const surplus = Math.max(0, frozenBefore - 12000);
    expect(await scalar(sb.db, 'select available_balance from wallet where account_id = 10001')).toBe(
      available + surplus,
    );
    const bill = await sb.db.query<{ biz_type: number; amount: number }>(
      'select biz_type, amount from account_bill where account_id = 10001 order by id desc limit 1',
    );
    expect(surplus).toBeGreaterThan(0); // the demo world has frozen more than the new due by this file's clock
    expect(bill.rows[0]).toMatchObject({ biz_type: 6, amount: surplus });
    expect(await walletViolations(sb.db)).toEqual([]);
  });
});
