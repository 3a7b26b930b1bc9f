import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/http';
import type { WalletBalance } from '../../src/api/income';
import type { InstalmentRefund } from '../../src/api/settlement';
import { finishInstalmentRefund, NOT_TERMINATED, UNKNOWN_PLAN } from '../domain/instalment-refund';
import { rows, scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile, walletViolations } from '../testing';

/**
 * The instalment-refund control (POST /__sandbox/instalment/refund; the back office refunding a plan,
 * A-shell-home-settlement.md "Refunds only for plans with status 3 (terminated) or overpayment; amount ≤ paidAmount;
 * on success credit availableBalance") seen through the app's API: the 退款记录 list (refundList) and the wallet.
 * The demo world's plans of 10001 are all 分期中; the first test terminates one with SQL, as the back office would.
 */

const NOW = Date.parse('2026-11-30T23:50:00+08:00');
const { sb } = openSandboxForFile(NOW);
const OPERATOR = DEMO_PHONES.operator;
const ACCOUNT = 10001;

interface Answer {
  code: number;
  message: string;
  data: {
    id: number;
    planId: number;
    amount: number;
    reason: number;
    status: number;
    finishTime: number | null;
    remark: string;
    billId: number | null;
  } | null;
}

async function refund(body: Record<string, unknown>): Promise<Answer> {
  const res = await sb.app.request('/__sandbox/instalment/refund', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

const balance = async () => (await sb.data<WalletBalance>(OPERATOR, '/api/account/v2/balance')).availableBalance;
const refundList = () =>
  sb.data<Page<InstalmentRefund>>(OPERATOR, '/api/account/settlement/cost/instalment/refundList?pageNum=1&pageSize=50');
const ledgerCount = () => scalar(sb.db, 'select count(*) from account_bill where account_id = $1', [ACCOUNT]);
const refundCount = () => scalar(sb.db, 'select count(*) from instalment_refund');

interface Plan {
  id: number;
  planNo: string;
  title: string;
  paidAmount: number;
}
let terminated: Plan;
let active: Plan;

beforeAll(async () => {
  const plans = (
    await rows<Plan & { status: number }>(
      sb.db,
      'select id, plan_no, title, paid_amount, status from instalment_plan where account_id = $1 order by id',
      [ACCOUNT],
    )
  ).map((p) => ({ ...p, id: Number(p.id), paidAmount: Number(p.paidAmount), status: Number(p.status) }));
  const [first, second] = plans.filter((p) => p.status === 1 && p.paidAmount > 0);
  if (!first || !second) throw new Error('the demo world has no two paying plans of 10001');
  // the back office terminates the first plan (提前终止); the second stays 分期中
  await sb.db.query('update instalment_plan set status = 3, finish_time = $2, update_time = $2 where id = $1', [
    first.id,
    NOW,
  ]);
  terminated = first;
  active = second;
});

describe('POST /__sandbox/instalment/refund', () => {
  it('refunds a terminated plan: 已退款 in the 退款记录 list, the available balance rises once by the amount', async () => {
    expect((await refundList()).total).toBe(0);
    const before = await balance();
    const entries = await ledgerCount();
    const amount = terminated.paidAmount - 100;

    const answer = await refund({ planNo: terminated.planNo, amount, reason: 1 });
    expect(answer).toMatchObject({
      code: 0,
      data: { planId: terminated.id, amount, reason: 1, status: 2, finishTime: NOW, remark: '退款至账户余额' },
    });
    expect(answer.data?.billId).toEqual(expect.any(Number));

    const list = await refundList();
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      id: answer.data?.id,
      planId: terminated.id,
      planNo: terminated.planNo,
      title: terminated.title,
      amount,
      reason: 1,
      status: 2,
      applyTime: NOW,
      finishTime: NOW,
      remark: '退款至账户余额',
    });
    expect(await balance()).toBe(before + amount);
    expect(await ledgerCount()).toBe(entries + 1);
    const [entry] = await rows<{
      bizType: number;
      direction: number;
      amount: number;
      balanceAfter: number;
      title: string;
    }>(sb.db, 'select biz_type, direction, amount, balance_after, title from account_bill where id = $1', [
      answer.data?.billId,
    ]);
    expect(entry && [Number(entry.bizType), Number(entry.direction), Number(entry.amount)]).toEqual([8, 1, amount]);
    expect(Number(entry?.balanceAfter)).toBe(before + amount);
    expect(entry?.title).toBe(`分期退款 · ${terminated.title}`);

    // finishing the same refund again credits nothing (exactly once)
    const again = await finishInstalmentRefund(sb.db, Number(answer.data?.id), 'paid', sb.clock.now);
    expect(again).toMatchObject({ billId: null, refund: { status: 2 } });
    expect(await balance()).toBe(before + amount);
    expect(await ledgerCount()).toBe(entries + 1);

    // more than is left (100 fen) is refused and nothing changes
    const tooMuch = await refund({ planId: terminated.id, amount: 101, reason: 3 });
    expect(tooMuch).toMatchObject({ code: 1, message: '退款金额超过可退金额（最多可退¥1.00）', data: null });
    expect((await refundList()).total).toBe(1);
    expect(await balance()).toBe(before + amount);
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('fail: the payout fails → 退款失败, nothing credited, and the amount stays refundable', async () => {
    const before = await balance();
    const entries = await ledgerCount();
    const failed = await refund({ planNo: terminated.planNo, amount: 100, reason: 3, fail: true });
    expect(failed).toMatchObject({
      code: 0,
      data: { status: 3, amount: 100, reason: 3, finishTime: NOW, billId: null },
    });
    const row = (await refundList()).list.find((r) => r.id === failed.data?.id);
    expect(row).toMatchObject({ status: 3, reason: 3, amount: 100, finishTime: NOW });
    expect(await balance()).toBe(before);
    expect(await ledgerCount()).toBe(entries);

    // the failed 100 fen can be refunded again; after it nothing is left
    expect(await refund({ planNo: terminated.planNo, amount: 100, reason: 3 })).toMatchObject({
      code: 0,
      data: { status: 2 },
    });
    expect(await balance()).toBe(before + 100);
    expect(await refund({ planNo: terminated.planNo, amount: 1, reason: 1 })).toMatchObject({ code: 1 });
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('an active plan (分期中), an unpaid overpayment claim and an unknown plan are refused; nothing changes', async () => {
    const before = await balance();
    const entries = await ledgerCount();
    const count = await refundCount();
    for (const reason of [1, 3]) {
      expect(await refund({ planNo: active.planNo, amount: 100, reason })).toEqual({
        code: 1,
        message: NOT_TERMINATED,
        data: null,
      });
    }
    // the active plan paid no more than was due: no 多扣退回 either
    expect(await refund({ planId: active.id, amount: 100, reason: 2 })).toMatchObject({
      code: 1,
      message: '该分期计划没有多扣金额，不能按多扣退回退款',
    });
    expect(await refund({ planNo: 'FQ000000000', amount: 100, reason: 1 })).toMatchObject({
      code: 1,
      message: UNKNOWN_PLAN,
    });
    expect((await refund({ planNo: active.planNo, amount: 0, reason: 1 })).code).toBe(1);
    expect((await refund({ planNo: active.planNo, amount: 100, reason: 4 })).code).toBe(1);
    expect((await refund({ amount: 100, reason: 1 })).code).toBe(1);
    expect(await refundCount()).toBe(count);
    expect(await balance()).toBe(before);
    expect(await ledgerCount()).toBe(entries);
    expect((await refundList()).list.filter((r) => r.planId === active.id)).toEqual([]);
  });

  it('an overpaid plan (paid more than its settled periods were due) refunds the overpaid part as 多扣退回', async () => {
    // the platform received 300 fen more for the active plan than its settled periods were due (e.g. paid twice)
    const settled = await scalar(
      sb.db,
      'select max(period_no) from instalment_deduction where plan_id = $1 and status <> 1',
      [active.id],
    );
    await sb.db.query(
      `update instalment_plan set paid_amount = period_amount * $2 + 300,
         remaining_amount = financed_amount - (period_amount * $2 + 300) where id = $1`,
      [active.id, settled],
    );
    const before = await balance();
    expect(await refund({ planNo: active.planNo, amount: 301, reason: 2 })).toMatchObject({
      code: 1,
      message: '退款金额超过可退金额（最多可退¥3.00）',
    });
    expect(await refund({ planNo: active.planNo, amount: 300, reason: 2 })).toMatchObject({
      code: 0,
      data: { status: 2, reason: 2 },
    });
    expect(await balance()).toBe(before + 300);
    // still 分期中: not refundable as 提前终止
    expect((await refund({ planNo: active.planNo, amount: 1, reason: 1 })).message).toBe(NOT_TERMINATED);
    expect(await walletViolations(sb.db)).toEqual([]);
  });
});
