import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type {
  WithdrawApplied,
  WithdrawDetail,
  WithdrawFeeFree,
  Withdrawable,
  WithdrawListPage,
  WithdrawReason,
  WithdrawRecord,
} from '../../src/api/withdraw';
import { smsCodeRule } from '../../src/api/rules';
import { openArrearsTotal } from '../domain/arrears';
import { exactlyOnce, requestIdRule } from '../domain/exactly-once';
import { checkSmsCode, consumeSmsCode } from '../domain/sms';
import { lockWallet } from '../domain/wallet';
import { channelOf, feeRuleOf, makeWithdrawal, withdrawBlock } from '../domain/withdrawal';
import { endpoints } from '../http/endpoint';
import { hidden } from '../http/access';
import { BizError } from '../http/envelope';
import { touches } from '../http/touch';
import { one, rows, scalar } from '../lib/db';
import { DAY_MS, dayOf, lastDayOfMonth, startOfDay } from '../lib/time';

/**
 * Withdrawals through the app (D-income.md §2 /income/withdraw, withdraw-list, cashResult, withdrawHistory; §0.5,
 * §0.6): whether the account can withdraw now (the first block in D's order), the fee terms of its channel, the
 * application itself — exactly once per requestId, SMS code type 5 consumed by the request that uses it, the wallet row
 * locked for the balance check and the move (domain/withdrawal.ts makeWithdrawal) — and the records. A sub-account acts
 * on its operator's wallet; the operator's phone receives the code. Money fen, instants epoch ms.
 */

/** One page of records: newest first. */
const MAX_PAGE = 50;

/** The phone receiving the account's withdrawal codes (the main account's own phone). */
async function withdrawPhone(db: PGlite, accountId: number): Promise<string> {
  const phone = await one<{ phone: string | null }>(db, 'select phone from account where id = $1', [accountId]);
  if (!phone?.phone) throw new BizError(1, '账户未设置提现手机号');
  return phone.phone;
}

/** The bounds of the calendar month and of the day of `at` (epoch ms). */
function periodsOf(at: number): { monthStart: number; monthEnd: number; dayStart: number } {
  const day = dayOf(at);
  return {
    monthStart: startOfDay(`${day.slice(0, 7)}-01`),
    monthEnd: startOfDay(lastDayOfMonth(day)) + DAY_MS,
    dayStart: startOfDay(day),
  };
}

const RECORD_COLUMNS = `w.id, w.withdraw_no, w.channel, w.source, w.amount, w.fee, w.actual_amount, w.bank_name,
  coalesce(b.bank_logo, '') as bank_logo, w.card_no_tail, w.card_type, w.status, w.fail_reason, w.apply_time,
  w.finish_time`;

const RECORD_FROM = `withdrawal w left join bank_card c on c.id = w.bank_card_id
  left join bank b on b.bank_code = c.bank_code`;

/** Numbers of a record as numbers (bigint columns come back as strings). */
function recordOf<T extends WithdrawRecord>(r: T): T {
  return {
    ...r,
    id: Number(r.id),
    amount: Number(r.amount),
    fee: Number(r.fee),
    actualAmount: Number(r.actualAmount),
    applyTime: Number(r.applyTime),
    finishTime: r.finishTime === null ? null : Number(r.finishTime),
  };
}

const listQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE).default(20),
  channel: z.coerce.number().int().min(1).max(2).optional(),
  month: z
    .string()
    .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, '月份格式须为 YYYY-MM')
    .optional(),
  status: z
    .string()
    .regex(/^[1-5](,[1-5]){0,4}$/, '状态格式不正确')
    .optional(),
});

export function withdrawRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // GET /api/user/isWithdrawable — the first reason the account cannot withdraw now (D's order), with its arrears.
  api.get(
    '/api/user/isWithdrawable',
    { permission: 'withdraw', input: z.object({}), touches: touches.account },
    async ({ caller }): Promise<Withdrawable> => {
      const block = await withdrawBlock(db, caller.ownerId, now());
      return {
        withdrawable: block === null,
        reasonCode: (block?.isWithdrawable ?? 0) as WithdrawReason,
        reason: block?.message ?? '',
        oweAmount: (await openArrearsTotal(db, caller.ownerId)).amount,
      };
    },
  );

  // GET /api/user/withdrawFeeFree — the fee terms of the account's channel and this month's / today's use.
  api.get(
    '/api/user/withdrawFeeFree',
    { permission: 'withdraw', input: z.object({}), touches: touches.account },
    async ({ caller }): Promise<WithdrawFeeFree> => {
      const at = now();
      const rule = await feeRuleOf(db, await channelOf(db, caller.ownerId));
      const { monthStart, monthEnd, dayStart } = periodsOf(at);
      const used = await scalar(
        db,
        `select count(*) from withdrawal where account_id = $1 and status in (1, 2, 3) and apply_time >= $2
           and apply_time < $3`,
        [caller.ownerId, monthStart, monthEnd],
      );
      const today = await scalar(
        db,
        `select count(*) from withdrawal where account_id = $1 and status in (1, 2, 3) and apply_time >= $2
           and apply_time < $3`,
        [caller.ownerId, dayStart, dayStart + DAY_MS],
      );
      return {
        freeCount: rule.freeCountPerMonth,
        usedFreeCount: Math.min(used, rule.freeCountPerMonth),
        freeLeft: Math.max(0, rule.freeCountPerMonth - used),
        feeRateBp: rule.feeRateBp,
        minFee: rule.minFee,
        maxFee: rule.maxFee,
        minAmount: rule.minAmount,
        maxAmount: rule.maxAmount,
        dailyLimit: rule.dailyLimit,
        todayCount: today,
      };
    },
  );

  // POST /api/user/withdrawApply — a manual withdrawal, exactly once per requestId (D §0.5).
  api.post(
    '/api/user/withdrawApply',
    {
      permission: 'withdraw',
      input: z.object({
        amount: z.number().int('金额须为整数分').positive('请输入提现金额').max(1_000_000_000),
        bankCardId: z.number().int().positive().optional(),
        code: smsCodeRule,
        requestId: requestIdRule,
      }),
      touches: touches.account,
    },
    async ({ caller, input: body }): Promise<WithdrawApplied> => {
      const at = now();
      const accountId = caller.ownerId;
      const sms = { phone: await withdrawPhone(db, accountId), type: 5, code: body.code };
      return exactlyOnce(
        db,
        { accountId: caller.account.id, action: 'withdrawApply', requestId: body.requestId, body },
        at,
        async (tx) => {
          await lockWallet(tx, accountId); // the account's lock: the block, the count and the balance hold till commit
          const block = await withdrawBlock(tx, accountId, at);
          if (block) throw new BizError(block.code, block.message);
          const channel = await channelOf(tx, accountId);
          let bankCardId = body.bankCardId;
          if (channel === 2) {
            const settle = await scalar(
              tx,
              'select coalesce(settle_bank_card_id, 0) from merchant_entity where account_id = $1',
              [accountId],
            );
            bankCardId = settle || undefined;
          } else if (bankCardId !== undefined) {
            const usable = await scalar(
              tx,
              'select count(*) from bank_card where id = $1 and account_id = $2 and status = 1 and verify_status = 2',
              [bankCardId, accountId],
            );
            if (usable === 0) throw new BizError(2005, '到账银行卡不存在或已解绑');
          }
          if (!bankCardId) throw new BizError(2005, '到账银行卡不存在或已解绑');
          await consumeSmsCode(tx, sms, at); // the code serves this request only
          return makeWithdrawal(
            tx,
            {
              accountId,
              operatorAccountId: caller.account.id,
              channel,
              source: 1,
              amount: body.amount,
              bankCardId,
              requestId: body.requestId,
              operatorName: caller.account.name,
            },
            at,
          );
        },
        async () => {
          // A blocked account hears why (2004–2010) before its code is looked at.
          const block = await withdrawBlock(db, accountId, at);
          if (block) throw new BizError(block.code, block.message);
          await checkSmsCode(db, sms, at); // before the transaction: a wrong code counts even though the request fails
        },
      );
    },
  );

  // GET /api/user/withdrawList — the account's withdrawals of a channel, newest first, with the sums of the filter.
  api.get(
    '/api/user/withdrawList',
    { permission: 'withdraw', input: listQuery, touches: touches.account },
    async ({ caller, input: q }): Promise<WithdrawListPage> => {
      const where = ['w.account_id = $1'];
      const params: unknown[] = [caller.ownerId];
      if (q.channel) {
        params.push(q.channel);
        where.push(`w.channel = $${params.length}`);
      }
      if (q.month) {
        params.push(startOfDay(`${q.month}-01`), startOfDay(lastDayOfMonth(q.month)) + DAY_MS);
        where.push(`w.apply_time >= $${params.length - 1} and w.apply_time < $${params.length}`);
      }
      if (q.status) {
        params.push(q.status.split(',').map(Number));
        where.push(`w.status = any($${params.length}::smallint[])`);
      }
      const filter = where.join(' and ');
      const sums = await one<{ total: number; successAmount: number; successCount: number; fee: number }>(
        db,
        `select count(*)::int as total,
           coalesce(sum(w.amount) filter (where w.status = 3), 0)::bigint as success_amount,
           (count(*) filter (where w.status = 3))::int as success_count,
           coalesce(sum(w.fee) filter (where w.status = 3), 0)::bigint as fee
         from withdrawal w where ${filter}`,
        params,
      );
      const list = (
        await rows<WithdrawRecord>(
          db,
          `select ${RECORD_COLUMNS} from ${RECORD_FROM} where ${filter}
           order by w.apply_time desc, w.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
          params,
        )
      ).map(recordOf);
      const months = [...new Set(list.map((r) => dayOf(r.applyTime).slice(0, 7)))];
      const monthSums = [];
      for (const month of months) {
        const m = await one<{ successAmount: number; successCount: number }>(
          db,
          `select coalesce(sum(w.amount), 0)::bigint as success_amount, count(*)::int as success_count
           from withdrawal w where ${filter} and w.status = 3 and w.apply_time >= $${params.length + 1}
             and w.apply_time < $${params.length + 2}`,
          [...params, startOfDay(`${month}-01`), startOfDay(lastDayOfMonth(month)) + DAY_MS],
        );
        monthSums.push({
          month,
          successAmount: Number(m?.successAmount ?? 0),
          successCount: Number(m?.successCount ?? 0),
        });
      }
      const hasChannel1 =
        (await scalar(db, 'select count(*) from withdrawal where account_id = $1 and channel = 1', [caller.ownerId])) >
        0;
      return {
        list,
        total: Number(sums?.total ?? 0),
        sum: {
          successAmount: Number(sums?.successAmount ?? 0),
          successCount: Number(sums?.successCount ?? 0),
          fee: Number(sums?.fee ?? 0),
        },
        monthSums,
        hasChannel1,
      };
    },
  );

  // GET /api/user/withdrawDetail — one withdrawal of the account with its course.
  api.get(
    '/api/user/withdrawDetail',
    {
      permission: 'withdraw',
      input: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
      touches: touches.account,
    },
    async ({ caller, input: { id } }): Promise<WithdrawDetail> => {
      const row = await one<WithdrawDetail>(
        db,
        `select ${RECORD_COLUMNS}, w.holder_name, w.audit_time, w.expect_time, w.refund_time
         from ${RECORD_FROM} where w.id = $1 and w.account_id = $2`,
        [id, caller.ownerId],
      );
      if (!row) throw hidden('提现记录不存在或无权查看');
      const num = (v: number | null) => (v === null ? null : Number(v));
      return {
        ...recordOf(row),
        auditTime: num(row.auditTime),
        expectTime: Number(row.expectTime),
        refundTime: num(row.refundTime),
      };
    },
  );

  return api.app;
}
