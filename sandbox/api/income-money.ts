import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { LedgerDetail, LedgerEntry, LedgerPage, LedgerRef, LedgerSplit } from '../../src/api/ledger';
import { BIZ_TYPES_BY_DIRECTION, SPLIT_ROLE_LABELS, type BizType } from '../../src/api/ledger-rules';
import type { AutoWithdrawSaved } from '../../src/api/withdraw';
import { exactlyOnce, requestIdRule } from '../domain/exactly-once';
import { lockWallet } from '../domain/wallet';
import { channelOf, firstAutoWithdrawDay } from '../domain/withdrawal';
import { hidden } from '../http/access';
import { endpoints } from '../http/endpoint';
import { BizError } from '../http/envelope';
import { touches } from '../http/touch';
import { one, rows, scalar } from '../lib/db';
import { addMonths, startOfDay } from '../lib/time';

/**
 * The wallet's own calls of the income section that the other modules do not serve (D-income.md §1 /income/list,
 * /income/list/detail/{id}; §2 /income/autowithdraw): the ledger (收支明细) of a month with its direction / bizType
 * filter and the filter's sums, one entry with what it refers to, and the automatic-withdrawal setting that the 10:00
 * job (sandbox/jobs/withdrawal.ts) reads — saved exactly once per requestId with the wallet row locked. A sub-account
 * reads and sets its operator's wallet (whole-account, D §0.4). Money fen, instants epoch ms, months 'YYYY-MM'
 * Asia/Shanghai.
 */

const MAX_PAGE = 50;

const month = z.string({ error: '缺少月份 month' }).regex(/^20\d{2}-(0[1-9]|1[0-2])$/, '月份格式须为 YYYY-MM');

const billQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE).default(20),
  month,
  direction: z.coerce.number().int().min(1).max(2).optional(),
  bizType: z.coerce
    .number()
    .int()
    .refine((v) => [...BIZ_TYPES_BY_DIRECTION[1], ...BIZ_TYPES_BY_DIRECTION[2]].includes(v as BizType), '类型不正确')
    .optional(),
});

interface BillRow {
  id: number;
  serialNo: string;
  direction: 1 | 2;
  bizType: BizType;
  title: string;
  amount: number;
  balanceAfter: number;
  status: 1 | 2 | 3;
  siteId: number | null;
  siteName: string | null;
  orderId: number | null;
  orderNo: string | null;
  orderType: number | null;
  withdrawId: number | null;
  deductionId: number | null;
  freezeId: number | null;
  remark: string | null;
  operatorName: string | null;
  createTime: number;
}

function entryOf(r: BillRow): LedgerEntry {
  return {
    id: Number(r.id),
    direction: Number(r.direction) as 1 | 2,
    bizType: Number(r.bizType) as BizType,
    title: r.title,
    amount: Number(r.amount),
    balanceAfter: Number(r.balanceAfter),
    status: Number(r.status) as 1 | 2 | 3,
    siteName: r.siteName,
    createTime: Number(r.createTime),
  };
}

/** What one entry refers to: its order with the order's splits, its withdrawal (fields of other kinds null). */
async function refOf(db: PGlite, r: BillRow): Promise<LedgerRef> {
  const ref: LedgerRef = {
    orderId: r.orderId === null ? null : Number(r.orderId),
    orderNo: r.orderNo,
    siteName: r.siteName,
    serialNumber: null,
    socketNo: null,
    cardNo: null,
    cardType: null,
    payType: null,
    orderAmount: null,
    refundAmount: null,
    splits: [],
    withdrawId: r.withdrawId === null ? null : Number(r.withdrawId),
    withdrawNo: null,
    fee: null,
    actualAmount: null,
    bankName: null,
    cardNoTail: null,
    deductionId: r.deductionId === null ? null : Number(r.deductionId),
    planTitle: null,
    cycle: null,
    freezeId: r.freezeId === null ? null : Number(r.freezeId),
    areaName: null,
    rechargeOrderNo: null,
    operatorName: r.operatorName,
    reason: Number(r.bizType) === 8 || Number(r.bizType) === 15 ? r.remark : null,
    month: null,
    count: null,
    settledAfterSigning: false,
  };
  const orderType = r.orderType === null ? null : Number(r.orderType);
  if (ref.orderId !== null && orderType !== null) {
    if (orderType === 1) {
      const order = await one<{ serialNumber: string; socketNo: number; payType: number; cardNo: string | null }>(
        db,
        'select serial_number, socket_no, pay_type, card_no from charge_order where id = $1',
        [ref.orderId],
      );
      if (order) {
        ref.serialNumber = order.serialNumber;
        ref.socketNo = Number(order.socketNo);
        ref.payType = Number(order.payType);
        ref.cardNo = order.cardNo;
      }
    } else if (orderType === 2) {
      const recharge = await one<{ cardNo: string; cardType: number; payType: number }>(
        db,
        'select card_no, card_type, pay_type from card_recharge where id = $1',
        [ref.orderId],
      );
      if (recharge) {
        ref.cardNo = recharge.cardNo;
        ref.cardType = Number(recharge.cardType);
        ref.payType = Number(recharge.payType);
      }
    }
    const splits = await rows<{ role: number; rate: number | null; amount: number; name: string | null }>(
      db,
      `select s.role, s.rate, s.amount, a.name from order_split s left join account a on a.id = s.account_id
       where s.order_type = $1 and s.order_id = $2 order by s.role, s.id`,
      [orderType, ref.orderId],
    );
    ref.splits = splits.map((s): LedgerSplit => ({
      role: Number(s.role) as LedgerSplit['role'],
      name: s.name && Number(s.role) !== 3 && Number(s.role) !== 4 ? s.name : (SPLIT_ROLE_LABELS[Number(s.role)] ?? ''),
      rate: s.rate === null ? null : Number(s.rate),
      amount: Number(s.amount),
    }));
    if (ref.splits.length > 0) ref.orderAmount = ref.splits.reduce((sum, s) => sum + s.amount, 0);
  }
  if (ref.withdrawId !== null) {
    const w = await one<{
      withdrawNo: string;
      fee: number;
      actualAmount: number;
      bankName: string;
      cardNoTail: string;
    }>(db, 'select withdraw_no, fee, actual_amount, bank_name, card_no_tail from withdrawal where id = $1', [
      ref.withdrawId,
    ]);
    if (w) {
      ref.withdrawNo = w.withdrawNo;
      ref.fee = Number(w.fee);
      ref.actualAmount = Number(w.actualAmount);
      ref.bankName = w.bankName;
      ref.cardNoTail = w.cardNoTail;
    }
  }
  return ref;
}

export function incomeMoneyRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // GET /api/user/getAccountBill — a month of the ledger, newest first, with the filter's sums. A limited sub-account
  // (data scope 2) reads the entries of its own sites and those of no site (withdrawals, fees: the wallet stays
  // whole-account), D-income.md §0.4.
  api.get(
    '/api/user/getAccountBill',
    { permission: 'income:view', input: billQuery, touches: touches.account },
    async ({ caller, scope, input: q }) => {
      const where = ['account_id = $1', 'create_time >= $2', 'create_time < $3'];
      const params: unknown[] = [
        caller.ownerId,
        startOfDay(`${q.month}-01`),
        startOfDay(`${addMonths(q.month, 1)}-01`),
      ];
      if (scope.limited) {
        params.push(await scope.siteIds());
        where.push(`(site_id is null or site_id = any($${params.length}::bigint[]))`);
      }
      if (q.direction !== undefined) {
        params.push(q.direction);
        where.push(`direction = $${params.length}`);
      }
      if (q.bizType !== undefined) {
        params.push(q.bizType);
        where.push(`biz_type = $${params.length}`);
      }
      const filter = where.join(' and ');
      const total = await scalar(db, `select count(*) from account_bill where ${filter}`, params);
      const sums = await one<{ income: number; expense: number }>(
        db,
        `select coalesce(sum(amount) filter (where direction = 1), 0) as income,
                coalesce(sum(amount) filter (where direction = 2), 0) as expense
         from account_bill where ${filter}`,
        params,
      );
      const list = await rows<BillRow>(
        db,
        `select * from account_bill where ${filter} order by create_time desc, id desc
         limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
        params,
      );
      const data: LedgerPage = {
        list: list.map(entryOf),
        total,
        sum: { income: Number(sums?.income ?? 0), expense: Number(sums?.expense ?? 0) },
      };
      return data;
    },
  );

  // GET /api/user/getAccountBillDetail — one entry of the caller's ledger and what it refers to; an entry of a site
  // outside a limited sub-account's scope does not exist for it (as in getAccountBill).
  api.get(
    '/api/user/getAccountBillDetail',
    {
      permission: 'income:view',
      input: z.object({ id: z.coerce.number({ error: '参数错误' }).int().positive('参数错误') }),
      touches: touches.account,
    },
    async ({ caller, scope, input: { id } }) => {
      const row = await one<BillRow>(db, 'select * from account_bill where id = $1 and account_id = $2', [
        id,
        caller.ownerId,
      ]);
      const outOfScope =
        row?.siteId !== null &&
        row?.siteId !== undefined &&
        scope.limited &&
        !(await scope.siteIds()).includes(Number(row.siteId));
      if (!row || outOfScope) throw hidden('记录不存在或已删除');
      const data: LedgerDetail = {
        ...entryOf(row),
        serialNo: row.serialNo,
        remark: row.remark,
        ref: await refOf(db, row),
      };
      return data;
    },
  );

  // POST /api/user/updateThenAddAutoWithdraw — the automatic-withdrawal setting (upsert), exactly once.
  api.post(
    '/api/user/updateThenAddAutoWithdraw',
    {
      permission: 'withdraw',
      input: z.object({
        autoWithdraw: z.union([z.literal(0), z.literal(1)], { error: 'autoWithdraw 须为 0 或 1' }),
        autoMode: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '请选择提现周期' }),
        date: z.number({ error: '请选择提现日' }).int('请选择提现日').min(1, '请选择提现日').max(28, '请选择提现日'),
        bankCardId: z.number().int().positive().nullable().optional(),
        requestId: requestIdRule,
      }),
      touches: touches.account,
    },
    async ({ caller, input: body }) => {
      const accountId = caller.ownerId;
      const at = now();
      return exactlyOnce<AutoWithdrawSaved>(
        db,
        { accountId: caller.account.id, action: 'updateThenAddAutoWithdraw', requestId: body.requestId, body },
        at,
        async (tx) => {
          await lockWallet(tx, accountId);
          const date = body.autoMode === 1 ? 1 : body.date;
          if (body.autoMode === 2 && date > 7) throw new BizError(1, '请选择提现日');
          const channel = await channelOf(tx, accountId);
          let bankCardId: number | null = null;
          if (channel === 1 && body.autoWithdraw === 1) {
            if (!body.bankCardId) throw new BizError(1, '请选择到账账户');
            const card = await one<{ cardType: number; verifyStatus: number }>(
              tx,
              'select card_type, verify_status from bank_card where id = $1 and account_id = $2 and status = 1',
              [body.bankCardId, accountId],
            );
            if (!card) throw new BizError(2005, '到账银行卡不存在或已解绑');
            if (Number(card.verifyStatus) !== 2) throw new BizError(1, '对公账户未完成验证，请先完成验证');
            bankCardId = body.bankCardId;
          } else if (channel === 1 && body.bankCardId) {
            // switched off: the card is kept for the next time when it is still the account's
            const kept = await one<{ id: number }>(
              tx,
              'select id from bank_card where id = $1 and account_id = $2 and status = 1',
              [body.bankCardId, accountId],
            );
            bankCardId = kept ? body.bankCardId : null;
          }
          const nextWithdraw = body.autoWithdraw === 1 ? firstAutoWithdrawDay(body.autoMode, date, at) : null;
          await tx.query(
            `insert into withdraw_setting (account_id, auto_withdraw, auto_mode, date, bank_card_id, next_withdraw,
               create_time, update_time)
             values ($1, $2, $3, $4, $5, $6, $7, $7)
             on conflict (account_id) do update set auto_withdraw = excluded.auto_withdraw,
               auto_mode = excluded.auto_mode, date = excluded.date, bank_card_id = excluded.bank_card_id,
               next_withdraw = excluded.next_withdraw, update_time = excluded.update_time`,
            [accountId, body.autoWithdraw, body.autoMode, date, bankCardId, nextWithdraw, at],
          );
          return { autoWithdraw: body.autoWithdraw, autoMode: body.autoMode, date, bankCardId, nextWithdraw };
        },
      );
    },
  );

  return api.app;
}
