import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { OrderDetail, OrderDiscount, OrderPage, OrderRefundResult, OrderRow } from '../../src/api/orders';
import { dateRangeError, isCalendarDay } from '../../src/api/remote-rules';
import { requestIdRule, exactlyOnce } from '../domain/exactly-once';
import { ORDER_TAB_CONDITIONS, orderWhere, type OrderFilter } from '../domain/order-filter';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID } from '../http/envelope';
import { maskPhone } from '../http/session';
import { touches } from '../http/touch';
import { one, rows } from '../lib/db';
import { addDays, dayOf, startOfDay } from '../lib/time';
import { advanceOrder, advanceRunningOrders } from './device-setup-orders';
import { refundOrder } from './order-refund';
import { answerStarts } from './remote-start';

/**
 * Charging orders and refunds (C-mine.md /mine/chargerRecord-list, /mine/chargerRecord-info; A-shell-home-
 * settlement.md /compact for selectWaitingOrderList; entities.md ChargeOrder, OrderRefund; Business rules 1, 12–14).
 * Lists are over the caller's sites (scope.siteIds(): a sub-account with data scope 2 its sites only), filtered by the
 * start day of the order (Asia/Shanghai, both ends, ≤ 92 days), newest first. Running orders are brought up to the
 * business clock before they are read (the device's reports, device-setup-orders.ts). Money fen, instants epoch ms.
 *
 * The three tabs (one definition each, here):
 * - 已完成 successChargeOrderList: the orders of status 2 已完成 (not charging, refunded or partly refunded); Σ amount.
 * - 已退款 refundedChargeOrderList: orders with a refund (status 3 已退款 or 4 部分退款); Σ refundAmount.
 * - 待入账 selectWaitingOrderList type 1 settleStatus 0: ended orders (status 2–4) whose income is not yet credited
 *   (rule 14); the same call with settleStatus 2/3/4 lists held, re-settled and returned orders (/compact), and type
 *   2 the recharges of those statuses; Σ amount.
 */

const day = z.string({ error: '请选择日期' }).refine(isCalendarDay, '日期格式不正确');
const paging = {
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const filters = {
  siteId: z.coerce.number().int().positive().optional(),
  chargerId: z.coerce.number().int().positive().optional(),
  payType: z.coerce.number().int().min(1).max(8).optional(),
  keyword: z.string().trim().max(32, '搜索关键词最多32个字').optional(),
  ...paging,
};
const listQuery = z.object({ startDate: day, endDate: day, ...filters });

/** The row columns of the order lists (OrderRow). */
const ROW_SQL = `select o.id as order_id, o.order_no, s.name as site_name, o.serial_number, o.socket_no, o.pay_type,
  o.start_time, o.duration_minutes, o.amount, o.refund_amount,
  (select max(r.finish_time) from order_refund r where r.order_id = o.id and r.status = 2) as refund_time,
  o.status, o.settle_status, o.user_phone, o.pay_time, o.deadline, o.settle_time, o.return_time
  from charge_order o join site s on s.id = o.site_id`;

type RawRow = OrderRow & {
  userPhone: string | null;
  payTime: number;
  deadline: number | null;
  settleTime: number | null;
  returnTime: number | null;
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function orderRow(r: RawRow) {
  return {
    orderId: Number(r.orderId),
    orderNo: r.orderNo,
    siteName: r.siteName,
    serialNumber: r.serialNumber,
    socketNo: Number(r.socketNo),
    payType: Number(r.payType) as OrderRow['payType'],
    startTime: Number(r.startTime),
    durationMinutes: Number(r.durationMinutes),
    amount: Number(r.amount),
    refundAmount: Number(r.refundAmount),
    refundTime: num(r.refundTime),
    status: Number(r.status) as OrderRow['status'],
    settleStatus: Number(r.settleStatus),
  };
}

export function orderRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  /** One page of orders matching `extra`, with Σ `sum` over the whole filter. */
  const page = async (f: OrderFilter, extra: string, sum: string, q: { pageNum: number; pageSize: number }) => {
    const { where, params } = orderWhere(f, extra);
    await answerStarts(db, now());
    await advanceRunningOrders(
      db,
      now(),
      (
        await rows<{ chargerId: number }>(
          db,
          `select o.charger_id from charge_order o where ${where} and o.status = 1`,
          params,
        )
      ).map((r) => Number(r.chargerId)),
    );
    const sums = await one<{ total: number; amount: number }>(
      db,
      `select count(*)::int as total, coalesce(sum(${sum}), 0)::bigint as amount from charge_order o where ${where}`,
      params,
    );
    const list = await rows<RawRow>(
      db,
      `${ROW_SQL} where ${where} order by o.start_time desc, o.id desc
       limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
    );
    return { list, total: Number(sums?.total ?? 0), totalAmount: Number(sums?.amount ?? 0) };
  };

  /** The sites of a list: the filter's site (checked by the touch) or every site of the caller's scope. */
  const listFilter = async (
    q: z.infer<typeof listQuery>,
    site: { id: number } | null,
    siteIds: () => Promise<number[]>,
  ): Promise<OrderFilter> => {
    const refusal = dateRangeError(q.startDate, q.endDate, dayOf(now()));
    if (refusal) throw new BizError(INVALID, refusal);
    return {
      siteIds: site ? [site.id] : await siteIds(),
      startDate: q.startDate,
      endDate: q.endDate,
      chargerId: q.chargerId,
      payType: q.payType,
      keyword: q.keyword || undefined,
    };
  };

  const list = (path: string, extra: string, sum: string) =>
    api.get(
      path,
      {
        permission: 'order:view',
        input: listQuery,
        touches: touches.optionalSite('siteId', 'scope'),
      },
      async ({ input: q, target, scope }) => {
        const f = await listFilter(q, target, () => scope.siteIds());
        const p = await page(f, extra, sum, q);
        const data: OrderPage = { list: p.list.map(orderRow), total: p.total, totalAmount: p.totalAmount };
        return data;
      },
    );

  // GET /api/r9/order/successChargeOrderList — 已完成 (status 2 only).
  list('/api/r9/order/successChargeOrderList', ORDER_TAB_CONDITIONS[1], 'o.amount');
  // GET /api/r9/order/refundedChargeOrderList — 已退款 (status 3 or 4), Σ refunds.
  list('/api/r9/order/refundedChargeOrderList', ORDER_TAB_CONDITIONS[2], 'o.refund_amount');

  // GET /api/account/v2/selectWaitingOrderList — orders (type 1) or recharges (type 2) of one settle status.
  api.get(
    '/api/account/v2/selectWaitingOrderList',
    {
      permission: { anyOf: ['order:view', 'income:view'] },
      input: z.object({
        type: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: '类型不正确' })),
        settleStatus: z.coerce
          .number()
          .pipe(z.union([z.literal(0), z.literal(2), z.literal(3), z.literal(4)], { error: '状态不正确' })),
        startDate: day.optional(),
        endDate: day.optional(),
        ...filters,
      }),
      touches: touches.optionalSite('siteId', 'scope'),
    },
    async ({ input: q, target, scope }) => {
      if ((q.startDate === undefined) !== (q.endDate === undefined)) throw new BizError(INVALID, '请选择日期');
      if (q.startDate && q.endDate) {
        const refusal = dateRangeError(q.startDate, q.endDate, dayOf(now()));
        if (refusal) throw new BizError(INVALID, refusal);
      }
      const siteIds = target ? [target.id] : await scope.siteIds();
      if (q.type === 1) {
        const f: OrderFilter = { ...q, siteIds, keyword: q.keyword || undefined };
        const extra = q.settleStatus === 0 ? ORDER_TAB_CONDITIONS[3] : `o.settle_status = ${q.settleStatus}`;
        const p = await page(f, extra, 'o.amount', q);
        return {
          list: p.list.map((r) => ({
            ...orderRow(r),
            userPhone: maskPhone(r.userPhone),
            payTime: Number(r.payTime),
            deadline: num(r.deadline),
            settleTime: num(r.settleTime),
            returnTime: num(r.returnTime),
          })),
          total: p.total,
          totalAmount: p.totalAmount,
        };
      }
      const params: unknown[] = [siteIds, q.settleStatus];
      let where = 'r.site_id = any($1::bigint[]) and r.channel = 1 and r.settle_status = $2';
      if (q.startDate && q.endDate) {
        params.push(startOfDay(q.startDate), startOfDay(addDays(q.endDate, 1)));
        where += ` and r.create_time >= $3 and r.create_time < $4`;
      }
      const sums = await one<{ total: number; amount: number }>(
        db,
        `select count(*)::int as total, coalesce(sum(r.pay_amount), 0)::bigint as amount from card_recharge r
         where ${where}`,
        params,
      );
      const list = await rows<Record<string, unknown>>(
        db,
        `select r.id as order_id, r.recharge_no as order_no, r.card_no, r.card_type, s.name as site_name,
           r.pay_type, r.pay_amount as amount, r.create_time as pay_time, r.settle_status, r.deadline, r.settle_time,
           r.return_time, r.return_amount, r.days
         from card_recharge r left join site s on s.id = r.site_id
         where ${where} order by r.create_time desc, r.id desc
         limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
      );
      return {
        list: list.map((r) => ({
          orderId: Number(r.orderId),
          orderNo: r.orderNo,
          cardNo: r.cardNo,
          cardType: Number(r.cardType),
          siteName: r.siteName ?? '',
          days: num(r.days),
          payType: Number(r.payType),
          amount: Number(r.amount),
          payTime: Number(r.payTime),
          settleStatus: Number(r.settleStatus),
          deadline: num(r.deadline),
          settleTime: num(r.settleTime),
          returnTime: q.settleStatus === 4 ? num(r.returnTime) : null,
          returnAmount: q.settleStatus === 4 ? num(r.returnAmount) : null,
        })),
        total: Number(sums?.total ?? 0),
        totalAmount: Number(sums?.amount ?? 0),
      };
    },
  );

  // GET /api/order/orderDetail — one order in full, with its refunds.
  api.get(
    '/api/order/orderDetail',
    {
      permission: 'order:view',
      input: z.object({ orderId: z.coerce.number({ error: '缺少订单 orderId' }).int().positive('缺少订单 orderId') }),
      touches: touches.orderById('orderId', 'scope'),
    },
    async ({ target }) => {
      await answerStarts(db, now());
      await advanceOrder(db, target.orderId, now());
      const o = await one<Record<string, unknown>>(
        db,
        `select o.*, s.name as site_name from charge_order o join site s on s.id = o.site_id where o.id = $1`,
        [target.orderId],
      );
      if (!o) throw new BizError(INVALID, '订单不存在');
      const refunds = await rows<Record<string, unknown>>(
        db,
        `select id, refund_amount, status, reason, operator_name, create_time from order_refund where order_id = $1
         order by create_time, id`,
        [target.orderId],
      );
      const live = refunds
        .filter((r) => Number(r.status) === 1 || Number(r.status) === 2)
        .reduce((s, r) => s + Number(r.refundAmount), 0);
      const data: OrderDetail = {
        orderId: Number(o.id),
        orderNo: String(o.orderNo),
        status: Number(o.status) as OrderDetail['status'],
        payType: Number(o.payType) as OrderDetail['payType'],
        transactionNo: (o.transactionNo as string | null) ?? null,
        nickname: (o.nickname as string | null) ?? null,
        userPhone: maskPhone(o.userPhone as string | null),
        cardNo: (o.cardNo as string | null) ?? null,
        siteId: Number(o.siteId),
        siteName: String(o.siteName),
        serialNumber: String(o.serialNumber),
        socketNo: Number(o.socketNo),
        chargeMode: Number(o.chargeMode) as OrderDetail['chargeMode'],
        presetMinutes: num(o.presetMinutes),
        presetAmount: num(o.presetAmount),
        createTime: Number(o.createTime),
        startTime: Number(o.startTime),
        endTime: num(o.endTime),
        durationMinutes: Number(o.durationMinutes),
        energyWh: Number(o.energyWh),
        maxPowerW: Number(o.maxPowerW),
        endReason: num(o.endReason),
        originalAmount: Number(o.originalAmount),
        amount: Number(o.amount),
        consumeAmount: Number(o.consumeAmount),
        refundAmount: Number(o.refundAmount),
        refundableAmount: Math.max(0, Number(o.amount) - live),
        refunds: refunds.map((r) => ({
          refundId: Number(r.id),
          refundAmount: Number(r.refundAmount),
          status: Number(r.status) as 1 | 2 | 3,
          reason: String(r.reason ?? ''),
          operatorName: String(r.operatorName ?? ''),
          createTime: Number(r.createTime),
        })),
      };
      return data;
    },
  );

  // GET /api/user/selectChargerOrderDiscount — the discount of an order (0 = none).
  api.get(
    '/api/user/selectChargerOrderDiscount',
    {
      permission: 'order:view',
      input: z.object({ orderId: z.coerce.number({ error: '缺少订单 orderId' }).int().positive('缺少订单 orderId') }),
      touches: touches.orderById('orderId', 'scope'),
    },
    async ({ target }) => {
      const d = await one<{ discountType: number; discountAmount: number; discountDesc: string }>(
        db,
        'select discount_type, discount_amount, discount_desc from order_discount where order_id = $1',
        [target.orderId],
      );
      const data: OrderDiscount = {
        discountType: Number(d?.discountType ?? 0) as OrderDiscount['discountType'],
        discountAmount: Number(d?.discountAmount ?? 0),
        desc: d?.discountDesc ?? '',
      };
      return data;
    },
  );

  // POST /api/r9/order/orderRefund — a refund of an ended order (rules 12–13), exactly once per requestId.
  api.post(
    '/api/r9/order/orderRefund',
    {
      permission: 'order:refund',
      accountTypes: [1, 2, 4],
      input: z.object({
        orderId: z.number({ error: '缺少订单 orderId' }).int().positive('缺少订单 orderId'),
        refundAmount: z.number({ error: '请输入退款金额' }).int('退款金额须为整数分').positive('请输入退款金额'),
        reason: z.string({ error: '请选择退款原因' }).trim().min(1, '请选择退款原因').max(50, '退款原因最多50个字'),
        requestId: requestIdRule,
      }),
      touches: touches.orderById('orderId', 'own'),
    },
    async ({ caller, input: body, target }) => {
      const at = now();
      // a running order is brought up to the clock first (it may have ended meanwhile)
      await advanceOrder(db, target.orderId, at);
      const operator = {
        id: caller.account.id,
        name: caller.account.contacts || caller.account.shortName || caller.account.name,
      };
      const data: OrderRefundResult = await exactlyOnce(
        db,
        { accountId: caller.account.id, action: 'orderRefund', requestId: body.requestId, body },
        at,
        (tx) =>
          refundOrder(
            tx,
            { orderId: target.orderId, refundAmount: body.refundAmount, reason: body.reason, operator },
            at,
          ),
      );
      return data;
    },
  );

  return api.app;
}
