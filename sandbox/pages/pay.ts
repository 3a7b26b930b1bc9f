import type { PGlite } from '@electric-sql/pglite';
import { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxConfig } from '../config';
import { cashierSettle, jsapiParamsValid, notificationOf, orderByCashierRef, type PayOrder } from '../domain/payments';
import { fail, input, ok } from '../http/envelope';
import type { Notifier } from '../lib/notifier';

/**
 * The platforms' cashiers as the sandbox stands them in (README "Sandbox interfaces"; D-income.md §3): what the host
 * emulators' cashier (test/emulators, `nextPay` or the cashier sheet) asks the "platform" when the user pays, cancels
 * or fails. WeChat's cashier checks the chooseWXPay parameters' paySign (the merchant's RSA signature) as WeChat does;
 * Alipay's finds the trade of tradeNO. A paid order answers the cashier at once and makes the platform send its
 * notification to the backend asynchronously (lib/notifier.ts); the page learns the outcome from the backend only.
 *
 * - `GET /__sandbox/pay/order?prepayId=…` (WeChat) or `?tradeNO=…` (Alipay) → { platform, amount, subject, status,
 *   expireTime } (what the cashier shows);
 * - `POST /__sandbox/pay/wechat/cashier` { timeStamp, nonceStr, package, signType, paySign, outcome } and
 *   `POST /__sandbox/pay/alipay/cashier` { tradeNO, outcome } — outcome 'pay' | 'cancel' | 'fail' → { result: 'ok' |
 *   'cancel' | 'fail', message? } ('fail' with a message when the order cannot be paid: a wrong signature, already
 *   paid, closed or expired).
 */

const outcomeRule = z.enum(['pay', 'cancel', 'fail']);

const wechatBody = z.object({
  timeStamp: z.string().max(20),
  nonceStr: z.string().max(64),
  package: z.string().max(200),
  signType: z.string().max(10).optional(),
  paySign: z.string().max(2000),
  outcome: outcomeRule,
});

const alipayBody = z.object({ tradeNO: z.string().max(64), outcome: outcomeRule });

export function payRoutes(db: PGlite, config: SandboxConfig, notifier: Notifier, now: () => number) {
  const app = new Hono();

  /** Applies a cashier's outcome to an order and answers the cashier. */
  async function settle(order: PayOrder | null, outcome: z.infer<typeof outcomeRule>) {
    if (!order) return { result: 'fail', message: '订单不存在' } as const;
    const at = now();
    const refused = await db.transaction((tx) => cashierSettle(tx, order, outcome, at));
    if (refused) return { result: 'fail', message: refused } as const;
    if (outcome === 'pay') {
      const paid = await orderByCashierRef(
        db,
        order.platform,
        order.platform === 'wechat' ? (order.prepayId ?? '') : (order.tradeNo ?? ''),
      );
      if (paid) {
        const note = notificationOf(paid, at);
        notifier.send(note.path, note.body);
      }
      return { result: 'ok' } as const;
    }
    return { result: outcome } as const;
  }

  app.get('/__sandbox/pay/order', async (c) => {
    const q = await input(
      c,
      z.object({ prepayId: z.string().max(64).optional(), tradeNO: z.string().max(64).optional() }),
    );
    const order = q.prepayId
      ? await orderByCashierRef(db, 'wechat', q.prepayId)
      : q.tradeNO
        ? await orderByCashierRef(db, 'alipay', q.tradeNO)
        : null;
    if (!order) return fail(c, 1, '订单不存在');
    return ok(c, {
      platform: order.platform,
      amount: order.amount,
      subject: order.subject,
      status: order.status,
      expireTime: order.expireTime,
    });
  });

  app.post('/__sandbox/pay/wechat/cashier', async (c) => {
    const body = await input(c, wechatBody);
    if (!jsapiParamsValid({ appId: config.wechatAppId, ...body })) {
      return ok(c, { result: 'fail', message: '支付验证签名失败' });
    }
    const prepayId = body.package.replace(/^prepay_id=/, '');
    return ok(c, await settle(await orderByCashierRef(db, 'wechat', prepayId), body.outcome));
  });

  app.post('/__sandbox/pay/alipay/cashier', async (c) => {
    const body = await input(c, alipayBody);
    return ok(c, await settle(await orderByCashierRef(db, 'alipay', body.tradeNO), body.outcome));
  });

  return app;
}
