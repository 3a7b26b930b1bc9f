import type { PGlite, Transaction } from '@electric-sql/pglite';
import { z } from 'zod';
import { isCalendarDay } from '../../src/api/remote-rules';
import type { OldCardRow, ReplaceActivity } from '../../src/api/card';
import {
  CARD_NO_MESSAGE,
  CARD_NO_PATTERN,
  CARD_PHONE_MESSAGE,
  OLD_CARD_PATTERN,
  addDay,
  cardRemarkRule,
  holderNameRule,
  licenseRule,
  rechargeAmountError,
  remainDaysOf,
  renewalPeriod,
} from '../../src/api/card-rules';
import { PHONE_PATTERN } from '../../src/api/rules';
import { operatorNameOf, siteNamesOfCard, templateInForce, tierRefusal, writeCardRecharge } from '../domain/cards';
import { exactlyOnce, requestIdRule } from '../domain/exactly-once';
import { writeLedgerEntry } from '../domain/wallet';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID } from '../http/envelope';
import type { Caller } from '../http/session';
import { touches } from '../http/touch';
import { one, rows, type Db } from '../lib/db';
import { dayOf } from '../lib/time';
import { cardRowById, riderIdOf, type CardFull } from './card';

/**
 * The money actions on rider cards (C-mine.md card recharge, activation, 注销 and /mine/permuteCard; Business rules 4,
 * 8–11; entities.md §33, §34, §39–§41, R4.6, R7, R11.1), each exactly once (D-income.md §0.5: a requestId of 32 hex,
 * the first answer kept 24 h and given to every repeat, concurrent repeats included) and in one transaction that reads
 * the card again before it changes it, so that two requests can never both spend one state of a card.
 *
 * Back-office recharges record cash the operator collected (CardRecharge channel 2): no income, no freeze (rule 8).
 * A factory reset clears a card offline; an area card's remaining frozen principal is released to its owner (R4.6).
 */

const bodyId = (what: string) =>
  z
    .number({ error: `缺少${what}` })
    .int(`${what}不合法`)
    .positive(`${what}不合法`);
const fen = (what: string) =>
  z
    .number({ error: `缺少${what}` })
    .int('金额最多保留两位小数')
    .min(0, `${what}不能为负`);
const payTypeSchema = z.union([z.literal(3), z.literal(4), z.literal(5), z.literal(6)], { error: '请选择收款方式' });
const phoneSchema = z.string({ error: '请输入持卡人手机号' }).trim().regex(PHONE_PATTERN, CARD_PHONE_MESSAGE);
const CARD_ACCOUNTS = [1, 2, 4] as const;

/** The site a card recharges against: its (first) bound site. */
function saleSiteOf(siteIds: readonly number[]): number {
  const siteId = siteIds[0];
  if (siteId === undefined) throw new BizError(INVALID, '卡片未绑定站点');
  return siteId;
}

/** An enabled month-card template of the card's site, or BizError. */
async function monthTemplate(tx: Db, templateId: number | undefined, siteId: number) {
  if (templateId === undefined) throw new BizError(INVALID, '请选择月卡套餐');
  const t = await one<{
    id: number;
    name: string;
    days: number;
    price: number;
    dailyTimesLimit: number;
    maxMinutesPerCharge: number;
    maxPowerW: number;
    enabled: number;
  }>(
    tx,
    `select id, name, days, price, daily_times_limit, max_minutes_per_charge, max_power_w, enabled
     from month_card_template where id = $1 and site_id = $2`,
    [templateId, siteId],
  );
  if (!t || Number(t.enabled) !== 1) throw new BizError(INVALID, '该月卡套餐已停用，请重新选择');
  return { ...t, id: Number(t.id), days: Number(t.days), price: Number(t.price) };
}

/** Locks and reads a card inside the action's transaction. */
async function lockedCard(tx: Transaction, cardId: number): Promise<CardFull & { siteIds: number[] }> {
  await tx.query('select id from card where id = $1 for update', [cardId]);
  const card = await cardRowById(tx, cardId);
  const sites = await rows<{ siteId: number }>(
    tx,
    'select site_id from card_site where card_id = $1 order by site_id',
    [cardId],
  );
  return { ...card, siteIds: sites.map((s) => Number(s.siteId)) };
}

/** The value-recharge checks of rules 8 and 10 against the card's sale site; throws the first refusal. */
async function checkValueRecharge(
  tx: Db,
  card: CardFull & { siteIds: number[] },
  payAmount: number,
  giveAmount: number,
  today: string,
  allowZero: boolean,
): Promise<void> {
  const template = await templateInForce(tx, saleSiteOf(card.siteIds), today);
  const limits = rechargeAmountError(
    { payAmount, giveAmount, balanceBefore: card.balance + card.giveBalance },
    allowZero,
  );
  if (limits) throw new BizError(INVALID, limits);
  if (payAmount === 0) return;
  const refusal = tierRefusal(template, payAmount, giveAmount);
  if (refusal) throw new BizError(INVALID, refusal);
}

/** Releases an area card's remaining frozen principal to its owner (R4.6: offline refund on factoryReset; bizType 5). */
async function releaseAreaFreezes(tx: Transaction, cardId: number, ownerId: number, at: number): Promise<number> {
  const freezes = await rows<{ id: number; remainingAmount: number; rechargeId: number; areaName: string }>(
    tx,
    `select id, remaining_amount, recharge_id, area_name from area_card_freeze
     where card_id = $1 and remaining_amount > 0 order by id for update`,
    [cardId],
  );
  let released = 0;
  for (const f of freezes) {
    const amount = Number(f.remainingAmount);
    await writeLedgerEntry(
      tx,
      {
        accountId: ownerId,
        direction: 1,
        bizType: 5,
        title: `区域卡消费解冻 · ${f.areaName || '区域储值卡'}`,
        amount,
        freezeId: Number(f.id),
        remark: '卡片注销，剩余冻结本金解冻',
      },
      at,
      { cardFrozen: -amount },
    );
    await tx.query(
      `update area_card_freeze set released_amount = released_amount + remaining_amount, remaining_amount = 0,
         status = 3, last_release_time = $2, update_time = $2 where id = $1`,
      [f.id, at],
    );
    await tx.query('update card_recharge set freeze_status = 2, update_time = $2 where id = $1', [f.rechargeId, at]);
    released += amount;
  }
  return released;
}

/** The replacement activity of the caller's owner in progress at `at` (status 2, within its times), or null. */
async function activityInProgress(db: Db, ownerId: number, at: number) {
  const a = await one<{
    id: number;
    name: string;
    startTime: number;
    endTime: number;
    rules: string;
    maxTransferAmount: number;
    allowManualBalance: number;
    siteIds: (number | string)[];
  }>(
    db,
    `select id, name, start_time, end_time, rules, max_transfer_amount, allow_manual_balance, site_ids
     from card_replace_activity where merchant_id = $1 and status = 2 and start_time <= $2 and end_time >= $2
     order by start_time desc limit 1`,
    [ownerId, at],
  );
  return a
    ? {
        ...a,
        id: Number(a.id),
        startTime: Number(a.startTime),
        endTime: Number(a.endTime),
        maxTransferAmount: Number(a.maxTransferAmount),
        allowManualBalance: Number(a.allowManualBalance) as 0 | 1,
        siteIds: a.siteIds.map(Number),
      }
    : null;
}

/** The endpoints of this module (see the module docstring). */
export function cardMoneyRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);
  const key = (caller: Caller, action: string, body: { requestId: string }) => ({
    accountId: caller.account.id,
    action,
    requestId: body.requestId,
    body,
  });

  // POST /api/card/refillCard — a counter recharge (value cards) or a renewal (month cards), exactly once.
  api.post(
    '/api/card/refillCard',
    {
      permission: 'card:recharge',
      accountTypes: CARD_ACCOUNTS,
      input: z.object({
        cardId: bodyId('卡片 cardId'),
        cardType: z.number({ error: '缺少卡片类型' }).int(),
        payAmount: fen('充值金额'),
        giveAmount: fen('赠送金额').default(0),
        templateId: bodyId('月卡套餐').optional(),
        payType: payTypeSchema,
        remark: z.string().trim().pipe(cardRemarkRule).optional(),
        requestId: requestIdRule,
      }),
      touches: touches.card('cardId'),
    },
    async ({ caller, input: body, target }) => {
      const at = now();
      const today = dayOf(at);
      return exactlyOnce(db, key(caller, 'refillCard', body), at, async (tx) => {
        const card = await lockedCard(tx, target.id);
        if (body.cardType !== card.cardType) throw new BizError(INVALID, '卡片类型不一致');
        if (card.cardType === 4) throw new BizError(INVALID, '电子卡由用户线上充值');
        const siteId = saleSiteOf(card.siteIds);
        const common = {
          cardId: card.id,
          cardNo: card.cardNo,
          cardType: card.cardType,
          merchantId: card.merchantId,
          siteId: card.cardType === 3 ? null : siteId,
          chargeRuleGroupId: card.cardType === 3 ? card.chargeRuleGroupId : null,
          payType: body.payType,
          operatorAccountId: caller.account.id,
          operatorName: operatorNameOf(caller.account),
          remark: body.remark ?? null,
        };
        if (card.cardType === 2) {
          if (card.status !== 3 && card.status !== 5) throw new BizError(INVALID, '卡片当前状态不可充值');
          const t = await monthTemplate(tx, body.templateId, siteId);
          if (body.payAmount !== t.price || body.giveAmount !== 0) throw new BizError(INVALID, '金额与套餐价格不一致');
          const period = renewalPeriod(card, t.days, today);
          const startDate = card.status === 3 && card.startDate ? card.startDate : period.startDate;
          await tx.query(
            `update card set status = 3, template_id = $2, template_name = $3, start_date = $4, end_date = $5,
               daily_times_limit = $6, max_minutes_per_charge = $7, max_power_w = $8, update_time = $9 where id = $1`,
            [
              card.id,
              t.id,
              t.name,
              startDate,
              period.endDate,
              t.dailyTimesLimit,
              t.maxMinutesPerCharge,
              t.maxPowerW,
              at,
            ],
          );
          const rechargeId = await writeCardRecharge(
            tx,
            {
              ...common,
              type: 3,
              payAmount: t.price,
              giveAmount: 0,
              balanceAfter: card.balance,
              giveBalanceAfter: card.giveBalance,
              templateId: t.id,
              days: t.days,
              periodStart: period.startDate,
              periodEnd: period.endDate,
            },
            at,
          );
          return { rechargeId, balance: card.balance, giveBalance: card.giveBalance, endDate: period.endDate };
        }
        if (card.status !== 3) throw new BizError(INVALID, '卡片当前状态不可充值');
        await checkValueRecharge(tx, card, body.payAmount, body.giveAmount, today, false);
        const balance = card.balance + body.payAmount;
        const giveBalance = card.giveBalance + body.giveAmount;
        await tx.query('update card set balance = $2, give_balance = $3, update_time = $4 where id = $1', [
          card.id,
          balance,
          giveBalance,
          at,
        ]);
        const rechargeId = await writeCardRecharge(
          tx,
          {
            ...common,
            type: 1,
            payAmount: body.payAmount,
            giveAmount: body.giveAmount,
            balanceAfter: balance,
            giveBalanceAfter: giveBalance,
          },
          at,
        );
        return { rechargeId, balance, giveBalance };
      });
    },
  );

  // POST /api/card/activeCard — hands a stock card (未激活) to a rider, with the first recharge or package.
  api.post(
    '/api/card/activeCard',
    {
      permission: 'card:edit',
      accountTypes: CARD_ACCOUNTS,
      input: z.object({
        cardId: bodyId('卡片 cardId'),
        phone: phoneSchema,
        holderName: z.string().trim().pipe(holderNameRule).optional(),
        licenseNumber: z.string().trim().pipe(licenseRule).optional(),
        payAmount: fen('首充金额').default(0),
        giveAmount: fen('赠送金额').default(0),
        templateId: bodyId('月卡套餐').optional(),
        startDate: z.string().refine(isCalendarDay, '生效日期格式应为YYYY-MM-DD').optional(),
        payType: payTypeSchema.optional(),
        remark: z.string().trim().pipe(cardRemarkRule).optional(),
        requestId: requestIdRule,
      }),
      touches: touches.card('cardId'),
    },
    async ({ caller, input: body, target }) => {
      const at = now();
      const today = dayOf(at);
      return exactlyOnce(db, key(caller, 'activeCard', body), at, async (tx) => {
        const card = await lockedCard(tx, target.id);
        if (card.cardType === 4) throw new BizError(INVALID, '电子卡由用户线上开通');
        if (card.status !== 1) throw new BizError(INVALID, '该卡已激活');
        const siteId = saleSiteOf(card.siteIds);
        const userId = await riderIdOf(tx, body.phone);
        const operator = { operatorAccountId: caller.account.id, operatorName: operatorNameOf(caller.account) };
        const common = {
          cardId: card.id,
          cardNo: card.cardNo,
          cardType: card.cardType,
          merchantId: card.merchantId,
          siteId: card.cardType === 3 ? null : siteId,
          chargeRuleGroupId: card.cardType === 3 ? card.chargeRuleGroupId : null,
          payType: body.payType ?? 3,
          remark: body.remark ?? null,
          ...operator,
        };
        const holder = [card.id, body.phone, body.holderName ?? '', body.licenseNumber ?? '', userId, at] as const;
        if (card.cardType === 2) {
          const t = await monthTemplate(tx, body.templateId, siteId);
          const startDate = body.startDate ?? today;
          if (startDate < today) throw new BizError(INVALID, '生效日期不能早于今天');
          if (startDate > addDay(today, 30)) throw new BizError(INVALID, '生效日期最晚为30天后');
          if (body.payAmount !== t.price || body.giveAmount !== 0) throw new BizError(INVALID, '金额与套餐价格不一致');
          if (body.payType === undefined) throw new BizError(INVALID, '请选择收款方式');
          const endDate = addDay(startDate, t.days - 1);
          await tx.query(
            `update card set status = 3, phone = $2, holder_name = $3, license_number = $4, user_id = $5,
               active_time = $6, update_time = $6, template_id = $7, template_name = $8, start_date = $9, end_date = $10,
               daily_times_limit = $11, max_minutes_per_charge = $12, max_power_w = $13 where id = $1`,
            [...holder, t.id, t.name, startDate, endDate, t.dailyTimesLimit, t.maxMinutesPerCharge, t.maxPowerW],
          );
          await writeCardRecharge(
            tx,
            {
              ...common,
              type: 3,
              payAmount: t.price,
              giveAmount: 0,
              balanceAfter: 0,
              giveBalanceAfter: 0,
              templateId: t.id,
              days: t.days,
              periodStart: startDate,
              periodEnd: endDate,
            },
            at,
          );
          return { cardId: card.id, status: 3 as const, balance: 0, giveBalance: 0, startDate, endDate };
        }
        await checkValueRecharge(tx, card, body.payAmount, body.giveAmount, today, true);
        if (body.payAmount > 0 && body.payType === undefined) throw new BizError(INVALID, '请选择收款方式');
        await tx.query(
          `update card set status = 3, phone = $2, holder_name = $3, license_number = $4, user_id = $5,
             active_time = $6, update_time = $6, balance = $7, give_balance = $8 where id = $1`,
          [...holder, body.payAmount, body.giveAmount],
        );
        if (body.payAmount > 0) {
          await writeCardRecharge(
            tx,
            {
              ...common,
              type: 2,
              payAmount: body.payAmount,
              giveAmount: body.giveAmount,
              balanceAfter: body.payAmount,
              giveBalanceAfter: body.giveAmount,
            },
            at,
          );
        }
        return { cardId: card.id, status: 3 as const, balance: body.payAmount, giveBalance: body.giveAmount };
      });
    },
  );

  // POST /api/card/factoryReset — 注销: back to 未激活, balances cleared offline, sites kept, one record (rule 4).
  api.post(
    '/api/card/factoryReset',
    {
      permission: 'card:edit',
      accountTypes: CARD_ACCOUNTS,
      input: z.object({
        cardId: bodyId('卡片 cardId'),
        reason: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: '请选择注销原因' }),
        reasonRemark: z.string().trim().max(50, '注销原因最多50个字').optional(),
        requestId: requestIdRule,
      }),
      touches: touches.card('cardId'),
    },
    async ({ caller, input: body, target }) => {
      if (body.reason === 4 && (body.reasonRemark ?? '').length < 2) throw new BizError(INVALID, '请填写注销原因');
      const at = now();
      const today = dayOf(at);
      return exactlyOnce(db, key(caller, 'factoryReset', body), at, async (tx) => {
        const card = await lockedCard(tx, target.id);
        if (card.cardType === 4) throw new BizError(INVALID, '电子卡由用户线上注销，不可操作');
        if (![2, 3, 5, 6].includes(card.status)) throw new BizError(INVALID, '未激活的卡无需注销');
        const monthly = card.cardType === 2;
        const remainDays = monthly
          ? remainDaysOf(card.endDate, card.status === 6 && card.pauseDate ? card.pauseDate : today)
          : null;
        const siteNames = await siteNamesOfCard(tx, card.id);
        const record = await one<{ id: number }>(
          tx,
          `insert into card_reset_record (card_id, card_no, card_type, holder_name, phone, cleared_balance,
             cleared_give_balance, month_end_date, remain_days, reason, reason_remark, site_names, operator_account_id,
             operator_name, reset_time, create_time, update_time)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $15) returning id`,
          [
            card.id,
            card.cardNo,
            card.cardType,
            card.holderName,
            card.phone,
            card.balance,
            card.giveBalance,
            monthly ? card.endDate : null,
            remainDays,
            body.reason,
            body.reasonRemark ?? '',
            siteNames.join('、'),
            caller.account.id,
            operatorNameOf(caller.account),
            at,
          ],
        );
        if (card.cardType === 3) await releaseAreaFreezes(tx, card.id, card.merchantId, at);
        await tx.query(
          `update card set status = 1, balance = 0, give_balance = 0, holder_name = '', phone = '', user_id = null,
             license_number = '', rfid_no = null, template_id = null, template_name = null, start_date = null,
             end_date = null, pause_date = null, pause_time = null, daily_times_limit = null,
             max_minutes_per_charge = null, max_power_w = null, active_time = null, remark = '', update_time = $2
           where id = $1`,
          [card.id, at],
        );
        return { resetRecordId: Number(record?.id) };
      });
    },
  );

  // GET /wap/card/goingActivity — the owner's replacement activity in progress (its sites within the caller's scope).
  api.get(
    '/wap/card/goingActivity',
    { permission: 'card:edit', accountTypes: CARD_ACCOUNTS, input: z.object({}), touches: touches.sites },
    async ({ scope }) => {
      const a = await activityInProgress(db, scope.ownerId, now());
      if (!a) return null;
      const mine = await scope.siteIds();
      const sites = await rows<{ siteId: number; siteName: string; address: string }>(
        db,
        `select id as site_id, name as site_name, address from site
         where id = any($1::bigint[]) and id = any($2::bigint[]) and deleted = 0 order by id`,
        [a.siteIds, mine],
      );
      const data: ReplaceActivity = {
        activityId: a.id,
        name: a.name,
        startTime: a.startTime,
        endTime: a.endTime,
        rules: a.rules,
        maxTransferAmount: a.maxTransferAmount,
        allowManualBalance: a.allowManualBalance,
        siteList: sites.map((s) => ({ ...s, siteId: Number(s.siteId) })),
      };
      return data;
    },
  );

  // GET /wap/card/getCardBySiteId — the imported old cards of a site of the activity in progress.
  api.get(
    '/wap/card/getCardBySiteId',
    {
      permission: 'card:edit',
      accountTypes: CARD_ACCOUNTS,
      input: z.object({
        siteId: z.coerce.number({ error: '缺少站点 siteId' }).int().positive('站点 siteId 不合法'),
        keyword: z.string().trim().max(20, '搜索关键词最多20个字').optional(),
      }),
      touches: touches.site('siteId', 'own'),
    },
    async ({ scope, input: q, target }) => {
      const a = await activityInProgress(db, scope.ownerId, now());
      if (!a) return [];
      const list = await rows<OldCardRow>(
        db,
        `select old_card, balance, holder_phone, replaced from old_card
         where activity_id = $1 and site_id = $2 and ($3::text is null or old_card ilike '%' || $3 || '%')
         order by replaced, old_card limit 50`,
        [a.id, target.id, q.keyword ?? null],
      );
      return list.map((o) => ({
        oldCard: o.oldCard,
        balance: Number(o.balance),
        ...(o.holderPhone ? { holderPhone: o.holderPhone } : {}),
        replaced: Number(o.replaced) as 0 | 1,
      }));
    },
  );

  // POST /wap/card/cardReplace — an old card swapped for a new platform card with its balance (rule 11), exactly once.
  api.post(
    '/wap/card/cardReplace',
    {
      permission: 'card:edit',
      accountTypes: CARD_ACCOUNTS,
      input: z.object({
        activityId: bodyId('活动 activityId'),
        oldCard: z.string({ error: '请输入旧卡卡号' }).trim().regex(OLD_CARD_PATTERN, '请输入旧卡卡号'),
        oldCardBalance: fen('旧卡余额'),
        phone: phoneSchema,
        rechargeType: z.union([z.literal(1), z.literal(2)], { error: '请选择余额转入方式' }),
        newCard: z.string({ error: '请输入新卡卡号' }).trim().regex(CARD_NO_PATTERN, CARD_NO_MESSAGE),
        siteId: bodyId('换卡站点'),
        remark: z.string().trim().pipe(cardRemarkRule).optional(),
        status: z.literal(3, { error: '新卡状态只能为3正常' }).default(3),
        requestId: requestIdRule,
      }),
      touches: touches.site('siteId', 'own', { missing: '请选择换卡站点' }),
    },
    async ({ caller, input: body }) => {
      const at = now();
      return exactlyOnce(db, key(caller, 'cardReplace', body), at, async (tx) => {
        const a = await activityInProgress(tx, caller.ownerId, at);
        if (!a || a.id !== body.activityId) throw new BizError(INVALID, '当前没有进行中的换卡活动');
        if (!a.siteIds.includes(body.siteId)) throw new BizError(INVALID, '该站点不在换卡活动范围内');
        if (body.newCard.toUpperCase() === body.oldCard.toUpperCase()) throw new BizError(INVALID, '新旧卡号不能相同');
        const old = await one<{ id: number; siteId: number; balance: number; replaced: number }>(
          tx,
          `select id, site_id, balance, replaced from old_card where activity_id = $1 and upper(old_card) = upper($2)
           for update`,
          [a.id, body.oldCard],
        );
        if (old && Number(old.replaced) === 1) throw new BizError(INVALID, '该旧卡已完成换卡');
        if (old && Number(old.siteId) !== body.siteId) throw new BizError(INVALID, '该旧卡不属于所选站点');
        if (!old && a.allowManualBalance !== 1) throw new BizError(INVALID, '未找到该旧卡，请核对卡号');
        if (old && Number(old.balance) !== body.oldCardBalance) throw new BizError(INVALID, '旧卡余额与导入记录不一致');
        const maxText = `旧卡余额不能超过¥${(a.maxTransferAmount / 100).toFixed(2)}`;
        if (!old && body.oldCardBalance > a.maxTransferAmount) throw new BizError(INVALID, maxText);
        const amount = Math.min(body.oldCardBalance, a.maxTransferAmount);

        const newCard = await one<{ id: number }>(
          tx,
          'select id from card where upper(card_no) = upper($1) and merchant_id = $2 for update',
          [body.newCard, caller.ownerId],
        );
        const card = newCard ? await lockedCard(tx, Number(newCard.id)) : null;
        if (!card || card.status !== 1 || (card.cardType !== 1 && card.cardType !== 3)) {
          throw new BizError(INVALID, '新卡不存在或已激活');
        }
        if (card.siteIds.length > 0 && !card.siteIds.includes(body.siteId))
          throw new BizError(INVALID, '新卡未绑定该站点');
        if (card.siteIds.length === 0) {
          await tx.query('insert into card_site (card_id, site_id, create_time, update_time) values ($1, $2, $3, $3)', [
            card.id,
            body.siteId,
            at,
          ]);
        }
        const principal = body.rechargeType === 1 ? amount : 0;
        const gift = body.rechargeType === 2 ? amount : 0;
        await tx.query(
          `update card set status = 3, phone = $2, user_id = $3, balance = $4, give_balance = $5, active_time = $6,
             update_time = $6 where id = $1`,
          [card.id, body.phone, await riderIdOf(tx, body.phone), principal, gift, at],
        );
        const operatorName = operatorNameOf(caller.account);
        await writeCardRecharge(
          tx,
          {
            cardId: card.id,
            cardNo: card.cardNo,
            cardType: card.cardType,
            merchantId: card.merchantId,
            siteId: card.cardType === 3 ? null : body.siteId,
            chargeRuleGroupId: card.cardType === 3 ? card.chargeRuleGroupId : null,
            type: 4,
            payType: 6,
            payAmount: principal,
            giveAmount: gift,
            balanceAfter: principal,
            giveBalanceAfter: gift,
            operatorAccountId: caller.account.id,
            operatorName,
            remark: `旧卡${body.oldCard}转入`,
          },
          at,
        );
        const record = await one<{ id: number }>(
          tx,
          `insert into card_replace_record (activity_id, old_card, old_card_balance, phone, recharge_type, new_card_id,
             new_card, site_id, remark, status, operator_account_id, create_time, update_time)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 3, $10, $11, $11) returning id`,
          [
            a.id,
            body.oldCard,
            body.oldCardBalance,
            body.phone,
            body.rechargeType,
            card.id,
            card.cardNo,
            body.siteId,
            body.remark ?? '',
            caller.account.id,
            at,
          ],
        );
        if (old) {
          await tx.query('update old_card set replaced = 1, replace_record_id = $2, update_time = $3 where id = $1', [
            old.id,
            record?.id,
            at,
          ]);
        } else {
          // A manual old card is recorded as imported and replaced, so that it cannot be carried over twice.
          await tx.query(
            `insert into old_card (activity_id, site_id, old_card, balance, holder_phone, replaced, replace_record_id,
               create_time, update_time) values ($1, $2, $3, $4, $5, 1, $6, $7, $7)`,
            [a.id, body.siteId, body.oldCard, body.oldCardBalance, body.phone, record?.id, at],
          );
        }
        return {
          newCardId: card.id,
          newCardNo: card.cardNo,
          newCardType: card.cardType as 1 | 3,
          balance: principal,
          giveBalance: gift,
          status: 3 as const,
        };
      });
    },
  );

  return api.app;
}
