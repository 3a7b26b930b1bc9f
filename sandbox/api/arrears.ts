import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { AlipayPayment, ArrearsRecord, OwePaymentInfo, PayResult, WxPayment } from '../../src/api/arrears';
import type { SandboxConfig } from '../config';
import {
  checkSelection,
  closePayment,
  normalise,
  paymentByNo,
  paymentOf,
  pendingPaymentOf,
  remainingOwe,
  sameSelection,
  settlePaidPayment,
  unpaidPeriods,
  type OwePaymentRow,
} from '../domain/arrears';
import { exactlyOnce, requestIdRule } from '../domain/exactly-once';
import {
  alipayCreateRequest,
  alipayCreateTrade,
  alipayNotificationValid,
  closeOrder,
  jsapiParams,
  queryOrder,
  verifiedWechatNotification,
  wechatPrepay,
  type PayPlatform,
} from '../domain/payments';
import { lockWallet } from '../domain/wallet';
import { endpoints } from '../http/endpoint';
import { hidden } from '../http/access';
import { BizError } from '../http/envelope';
import { touches } from '../http/touch';
import { rows, scalar } from '../lib/db';
import { stamp } from '../lib/time';

/**
 * Arrears payment (D-income.md §3 /income/feeOwedDetail and /payresult, "Business rules: Arrears payment"; A §4–§5
 * settlement calls; entities.md §66, §69, §70, R6.4): the open items, the payment in the app the page runs in
 * (aliPayment in Alipay, wxPayment in WeChat: a real order at the stood-in platform, domain/payments.ts), at most one
 * payment 待支付 per account (an identical selection returns it again; another selection closes it first; one the
 * platform already took is processed as paid and the new request answers 2030), the platforms' notifications, and
 * queryPayResult, which asks the platform itself while the notification has not come. Payments close unpaid after 15
 * minutes (jobs/expiry.ts). Creating a payment runs exactly once per requestId with the account's wallet row locked.
 */

/** How long a payment waits for the cashier (D: 15 minutes). */
export const PAYMENT_TTL_MS = 15 * 60_000;

/** The backend's notify endpoints (the platforms post their notifications there). */
export const NOTIFY_PATHS: Readonly<Record<PayPlatform, string>> = {
  wechat: '/api/share/instalment/wxPayNotify',
  alipay: '/api/share/instalment/aliPayNotify',
};

const idList = z.array(z.number().int().positive()).max(200);

const paymentBody = z.object({
  instalmentIds: idList.optional(),
  arrearsIds: idList.optional(),
  amount: z.number().int().positive('缴费金额须大于0'),
  requestId: requestIdRule,
});

const platformOf = (payWay: number): PayPlatform => (payWay === 2 ? 'wechat' : 'alipay');

/** 第3、4期平台费 / 2笔分期欠费 / both: what a payment pays, as the screens and the platforms' subject say it. */
export function paymentContent(periodNos: readonly number[], arrearsCount: number): string {
  const parts: string[] = [];
  if (periodNos.length > 0) parts.push(`第${periodNos.join('、')}期平台费`);
  if (arrearsCount > 0) parts.push(`${arrearsCount}笔欠费`);
  return parts.join('及');
}

export function arrearsRoutes(db: PGlite, config: SandboxConfig, now: () => number) {
  const api = endpoints(db, now);

  /**
   * Asks the platform about a payment still 待支付 (the active query): paid there → processed as paid; closed or
   * expired → closed here. Answers the payment as it is afterwards.
   */
  async function reconcile(payment: OwePaymentRow): Promise<OwePaymentRow> {
    if (payment.status !== 0) return payment;
    const at = now();
    const order = await queryOrder(db, platformOf(payment.payWay), payment.paymentNo, at);
    if (order?.status === 'SUCCESS') {
      await db.transaction((tx) =>
        settlePaidPayment(tx, payment, { tradeNo: order.tradeNo ?? '', payTime: order.payTime ?? at }, at),
      );
    } else if (!order || order.status === 'CLOSED' || payment.expireTime <= at) {
      await db.transaction(async (tx) => {
        await closePayment(tx, payment.id, '支付超时，订单已关闭', at);
        await closeOrder(tx, platformOf(payment.payWay), payment.paymentNo, at);
      });
    } else return payment;
    return (await paymentOf(db, payment.accountId, payment.id)) ?? payment;
  }

  // POST /api/share/instalment/queryCommOweAmountPaymentInfo — the unpaid periods and the pending payment.
  api.post(
    '/api/share/instalment/queryCommOweAmountPaymentInfo',
    { permission: 'settlement', input: z.object({}), touches: touches.account },
    async ({ caller }) => {
      const periods = await unpaidPeriods(db, caller.ownerId);
      const oweAmount = periods.reduce((s, p) => s + p.oweAmount, 0);
      let pending = await pendingPaymentOf(db, caller.ownerId, now());
      if (pending) pending = await reconcile(pending);
      const data: OwePaymentInfo = {
        oweAmount,
        payAmount: oweAmount,
        periods,
        pendingPayment:
          pending && pending.status === 0
            ? {
                paymentId: pending.id,
                amount: pending.amount,
                instalmentIds: pending.periodIds,
                arrearsIds: pending.arrearsIds,
                payWay: pending.payWay,
                expireTime: pending.expireTime,
              }
            : null,
      };
      return data;
    },
  );

  // GET /api/account/settlement/cost/arrears/list — arrears records (A), oldest first; status a comma list.
  api.get(
    '/api/account/settlement/cost/arrears/list',
    {
      permission: 'settlement',
      input: z.object({
        pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(20),
        status: z
          .string()
          .regex(/^[123](,[123])*$/, 'status 须为 1、2、3 的逗号列表')
          .optional(),
      }),
      touches: touches.account,
    },
    async ({ caller, input: q }) => {
      const statuses = q.status ? q.status.split(',').map(Number) : [1, 2, 3];
      const params = [caller.ownerId, statuses];
      const total = await scalar(
        db,
        'select count(*) from arrears where account_id = $1 and status = any($2::int[])',
        params,
      );
      const list = await rows<ArrearsRecord>(
        db,
        `select a.id, a.cycle, a.source, a.plan_id, p.plan_no, coalesce(p.site_name, (
             select string_agg(i.site_name, '、') from cost_bill_item i where i.bill_id = a.cost_bill_id)) as site_name,
           c.device_count, a.amount, a.repaid_amount, a.status, a.create_time, a.clear_time
         from arrears a left join instalment_plan p on p.id = a.plan_id left join cost_bill c on c.id = a.cost_bill_id
         where a.account_id = $1 and a.status = any($2::int[])
         order by a.cycle, a.id limit $3 offset $4`,
        [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
      );
      return {
        list: list.map((a) => ({
          ...a,
          id: Number(a.id),
          source: Number(a.source) as 1 | 2 | 3,
          planId: a.planId === null ? null : Number(a.planId),
          deviceCount: a.deviceCount === null ? null : Number(a.deviceCount),
          amount: Number(a.amount),
          repaidAmount: Number(a.repaidAmount),
          status: Number(a.status) as 1 | 2 | 3,
          createTime: Number(a.createTime),
          clearTime: a.clearTime === null ? null : Number(a.clearTime),
        })),
        total,
      };
    },
  );

  /**
   * Creates (or returns the pending) payment of a selection at `platform` for the caller: exactly once per requestId,
   * with the account's wallet row locked so that two requests never make two pending payments.
   */
  async function createPayment(
    callerClient: string,
    callerId: number,
    accountId: number,
    body: z.infer<typeof paymentBody>,
    platform: PayPlatform,
  ): Promise<AlipayPayment | WxPayment> {
    const at = now();
    const payWay = platform === 'wechat' ? 2 : 1;
    const wanted = platform === 'wechat' ? 'r9a_weixin' : 'alipay';
    // Another account's fee period or arrears record is out of reach (its existence not told), before anything else.
    const foreign = await scalar(
      db,
      `select (select count(*) from unnest($2::bigint[]) x (id)
                where not exists (select 1 from fee_period f where f.id = x.id and f.account_id = $1))
            + (select count(*) from unnest($3::bigint[]) x (id)
                where not exists (select 1 from arrears a where a.id = x.id and a.account_id = $1))`,
      [accountId, body.instalmentIds ?? [], body.arrearsIds ?? []],
    );
    if (foreign > 0) throw hidden('欠费记录不存在或无权查看');
    if (callerClient !== wanted) {
      throw new BizError(1, platform === 'wechat' ? '请在微信中完成缴费' : '请在支付宝中完成缴费');
    }
    const selection = {
      instalmentIds: normalise(body.instalmentIds ?? []),
      arrearsIds: normalise(body.arrearsIds ?? []),
    };
    const answer = (p: OwePaymentRow, tradeNo: string | null, prepayId: string | null): AlipayPayment | WxPayment =>
      platform === 'wechat'
        ? {
            paymentId: p.id,
            payWay: 2,
            amount: p.amount,
            expireTime: p.expireTime,
            ...jsapiParams(config.wechatAppId, prepayId ?? '', at),
          }
        : { paymentId: p.id, tradeNo: tradeNo ?? '', payWay: 1, amount: p.amount, expireTime: p.expireTime };
    return exactlyOnce(
      db,
      {
        accountId: callerId,
        action: platform === 'wechat' ? 'wxPayment' : 'aliPayment',
        requestId: body.requestId,
        body,
      },
      at,
      async (tx) => {
        await lockWallet(tx, accountId); // the account's lock: one pending payment at a time
        const pending = await pendingPaymentOf(tx, accountId, at);
        if (pending) {
          const same =
            pending.payWay === payWay &&
            sameSelection({ instalmentIds: pending.periodIds, arrearsIds: pending.arrearsIds }, selection);
          if (same) {
            if (body.amount !== pending.amount) throw new BizError(2030, '欠费金额已变化，请刷新后重试');
            return answer(pending, pending.tradeNo, pending.prepayId);
          }
          await closePayment(tx, pending.id, '已重新发起缴费', at);
          await closeOrder(tx, platformOf(pending.payWay), pending.paymentNo, at);
        }
        const total = await checkSelection(tx, accountId, selection, body.amount);
        const id = await scalar(tx, `select nextval(pg_get_serial_sequence('owe_payment', 'id'))`);
        const paymentNo = `OP${stamp(at)}${String(id).padStart(6, '0')}`;
        const periodNos = (await unpaidPeriods(tx, accountId))
          .filter((p) => selection.instalmentIds.includes(p.instalmentId))
          .map((p) => p.periodNo);
        const order = {
          outTradeNo: paymentNo,
          amount: total,
          subject: paymentContent(periodNos, selection.arrearsIds.length),
          notifyUrl: NOTIFY_PATHS[platform],
          expireTime: at + PAYMENT_TTL_MS,
        };
        let tradeNo: string | null = null;
        let prepayId: string | null = null;
        if (platform === 'wechat') prepayId = await wechatPrepay(tx, order, at);
        else {
          tradeNo = await alipayCreateTrade(tx, alipayCreateRequest(config.alipayAppId, order, at), at);
          if (!tradeNo) throw new Error('the sandbox Alipay refused the merchant signature');
        }
        await tx.query(
          `insert into owe_payment (id, payment_no, account_id, period_ids, arrears_ids, amount, pay_way, trade_no,
             prepay_id, status, request_id, expire_time, create_time, update_time)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $12, $12)`,
          [
            id,
            paymentNo,
            accountId,
            selection.instalmentIds,
            selection.arrearsIds,
            total,
            payWay,
            tradeNo,
            prepayId,
            body.requestId.toLowerCase(),
            order.expireTime,
            at,
          ],
        );
        const created = (await paymentOf(tx, accountId, id)) as OwePaymentRow;
        return answer(created, tradeNo, prepayId);
      },
      // Before acting: a pending payment the platform already took is processed as paid (its own transaction), so
      // that the new request sees its items paid and answers 2030.
      async () => {
        const pending = await pendingPaymentOf(db, accountId, at);
        if (pending) await reconcile(pending);
      },
    );
  }

  // POST /api/share/instalment/aliPayment — pays in Alipay (tradePay with the answered tradeNo).
  api.post(
    '/api/share/instalment/aliPayment',
    { permission: 'settlement', input: paymentBody, touches: touches.account },
    ({ caller, input: body }) => createPayment(caller.client, caller.account.id, caller.ownerId, body, 'alipay'),
  );

  // POST /api/share/instalment/wxPayment — pays in WeChat (chooseWXPay with the answered parameters).
  api.post(
    '/api/share/instalment/wxPayment',
    { permission: 'settlement', input: paymentBody, touches: touches.account },
    ({ caller, input: body }) => createPayment(caller.client, caller.account.id, caller.ownerId, body, 'wechat'),
  );

  // GET /api/share/instalment/queryPayResult — the payment as the server knows it (asking the platform if need be).
  api.get(
    '/api/share/instalment/queryPayResult',
    {
      permission: 'settlement',
      input: z.object({ paymentId: z.coerce.number().int().positive() }),
      touches: touches.account,
    },
    async ({ caller, input: { paymentId } }) => {
      const found = await paymentOf(db, caller.ownerId, paymentId);
      if (!found) throw hidden('支付单不存在或无权查看');
      const payment = await reconcile(found);
      const periodNos = await rows<{ periodNo: number }>(
        db,
        'select period_no from fee_period where id = any($1::bigint[]) order by period_no',
        [payment.periodIds],
      );
      const data: PayResult = {
        paymentId: payment.id,
        paymentNo: payment.paymentNo,
        status: payment.status,
        amount: payment.amount,
        payWay: payment.payWay,
        instalmentIds: payment.periodIds,
        arrearsIds: payment.arrearsIds,
        periodNos: periodNos.map((p) => Number(p.periodNo)),
        tradeNo: payment.status === 1 || payment.payWay === 1 ? payment.tradeNo : null,
        createTime: payment.createTime,
        payTime: payment.payTime,
        failReason: payment.failReason,
        remainingOweAmount: await remainingOwe(db, caller.ownerId),
      };
      return data;
    },
  );

  // POST /api/share/instalment/wxPayNotify — WeChat Pay's notification of a paid order (signed by the platform).
  api.post(
    NOTIFY_PATHS.wechat,
    {
      permission: 'public',
      input: z.object({
        id: z.string().max(64),
        event_type: z.string().max(64),
        resource: z.string().max(4000),
        timestamp: z.string().max(20),
        nonce: z.string().max(64),
        signature: z.string().max(1000),
      }),
      touches: touches.none,
    },
    async ({ input: body }) => {
      const resource = verifiedWechatNotification(body);
      if (!resource) throw new BizError(1, '签名验证失败');
      await notified(resource.out_trade_no, resource.amount.total, resource.transaction_id, resource.success_time);
      return null;
    },
  );

  // POST /api/share/instalment/aliPayNotify — Alipay's notification of a paid trade (RSA2 signed).
  api.post(
    NOTIFY_PATHS.alipay,
    {
      permission: 'public',
      input: z.record(z.string().max(64), z.string().max(4000)),
      touches: touches.none,
    },
    async ({ input: params }) => {
      if (!alipayNotificationValid(params)) throw new BizError(1, '签名验证失败');
      if (params.trade_status !== 'TRADE_SUCCESS' && params.trade_status !== 'TRADE_FINISHED') return null;
      const [yuan = '0', cents = '00'] = (params.total_amount ?? '0').split('.');
      const amount = Number(yuan) * 100 + Number(cents.padEnd(2, '0'));
      await notified(params.out_trade_no ?? '', amount, params.trade_no ?? '', params.gmt_payment ?? '');
      return null;
    },
  );

  /** A verified notification: the payment of `paymentNo` was paid `amount` fen (processed at most once). */
  async function notified(paymentNo: string, amount: number, tradeNo: string, payTimeText: string): Promise<void> {
    const payment = await paymentByNo(db, paymentNo);
    if (!payment) throw new BizError(1, '支付单不存在');
    if (payment.amount !== amount) throw new BizError(1, '支付金额与支付单不符');
    const at = now();
    const payTime = Number.isFinite(Date.parse(payTimeText)) ? Date.parse(payTimeText) : at;
    await db.transaction((tx) => settlePaidPayment(tx, payment, { tradeNo, payTime }, at));
  }

  return api.app;
}
