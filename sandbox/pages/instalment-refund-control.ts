import type { PGlite } from '@electric-sql/pglite';
import { Hono } from 'hono';
import { z } from 'zod';
import { applyInstalmentRefund, finishInstalmentRefund, UNKNOWN_PLAN } from '../domain/instalment-refund';
import { fail, input, ok } from '../http/envelope';
import { one } from '../lib/db';

/**
 * A test control standing in for the platform's back office refunding an instalment plan (A-shell-home-settlement.md
 * entity InstalmentRefund and "Business rules: Balance-deduction settlement" — refunds only for terminated plans or
 * overpayment, amount ≤ paidAmount, on success credit availableBalance; domain/instalment-refund.ts holds the rule):
 *
 * - `POST /__sandbox/instalment/refund` with `{ planNo | planId, amount, reason, fail? }` — `amount` fen (> 0),
 *   `reason` 1 提前终止 / 3 设备退货 (the plan must be 已终止, status 3) or 2 多扣退回 (the plan paid more than was due);
 *   at most the plan's paidAmount minus its refunds 退款中 / 已退款. The refund is written 退款中 and paid out at once:
 *   to the owner's available balance (已退款, one ledger entry bizType 8 调账入账 titled 分期退款 · {title}), or, with
 *   `fail: true`, not at all (退款失败, nothing credited). Answers `{ id, planId, accountId, amount, reason, status,
 *   applyTime, finishTime, remark, billId }` (billId null when nothing was credited). Refused with code 1 and a Chinese
 *   message (分期计划不存在; 分期计划未终止…; 该分期计划没有多扣金额…; 退款金额超过可退金额（最多可退¥x）) — nothing changes then.
 */

const refundBody = z
  .object({
    planNo: z.string().trim().min(1).max(40).optional(),
    planId: z.number().int().positive().optional(),
    amount: z.number().int('amount 须为整数（分）').positive('amount 须大于0'),
    reason: z.union([z.literal(1), z.literal(2), z.literal(3)], {
      error: 'reason 须为1（提前终止）、2（多扣退回）或3（设备退货）',
    }),
    fail: z.boolean().default(false),
  })
  .refine((b) => (b.planNo === undefined) !== (b.planId === undefined), '须给出 planNo 或 planId 之一');

/** The instalment-refund control (see the module docstring). `now` is the business clock (epoch ms). */
export function instalmentRefundControlRoutes(db: PGlite, now: () => number) {
  const app = new Hono();

  app.post('/__sandbox/instalment/refund', async (c) => {
    const body = await input(c, refundBody);
    const plan = await one<{ id: number }>(
      db,
      body.planId !== undefined
        ? 'select id from instalment_plan where id = $1'
        : 'select id from instalment_plan where plan_no = $1',
      [body.planId ?? body.planNo],
    );
    if (!plan) return fail(c, 1, UNKNOWN_PLAN);
    const applied = await applyInstalmentRefund(
      db,
      { planId: Number(plan.id), amount: body.amount, reason: body.reason },
      now(),
    );
    const { refund, billId } = await finishInstalmentRefund(db, applied.id, body.fail ? 'failed' : 'paid', now());
    return ok(c, { ...refund, billId });
  });

  return app;
}
