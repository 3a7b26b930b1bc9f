import { BizError } from '../http/envelope';
import { one, rows, scalar, type Db } from '../lib/db';
import { addDays, DAY_MS, dayOf, instantOf, lastDayOfMonth, stamp, startOfDay } from '../lib/time';
import { openArrearsTotal } from './arrears';
import { moveWallet, writeLedgerEntry } from './wallet';
import { firstAutoWithdrawDay as firstRunDay, nextAutoWithdrawDay } from '../../src/api/income-rules';

/**
 * Withdrawals (D-income.md "Business rules: Withdrawals"; entities.md §55–§58, R11.2): the rules every withdrawal
 * follows whoever makes it — the app's withdrawApply, the 10:00 automatic withdrawal, the demo world's history — and
 * their course afterwards (review, payout, failure). Money fen, instants epoch ms, days Asia/Shanghai.
 */

/** WithdrawFeeRule of a channel (entities.md §58). */
export interface FeeRule {
  channel: number;
  freeCountPerMonth: number;
  feeRateBp: number;
  minFee: number;
  maxFee: number;
  minAmount: number;
  maxAmount: number;
  dailyLimit: number;
}

/**
 * The fee of a withdrawal (D): 0 while the calendar month's free quota lasts (`usedThisMonth` = the account's
 * withdrawals of the month in status 1–3 before this one), else min(maxFee, max(minFee, ⌈amount × feeRateBp / 10000⌉)).
 */
export function withdrawalFee(amount: number, usedThisMonth: number, rule: FeeRule): number {
  if (usedThisMonth < rule.freeCountPerMonth) return 0;
  return Math.min(rule.maxFee, Math.max(rule.minFee, Math.ceil((amount * rule.feeRateBp) / 10000)));
}

/** Review threshold: channel-1 withdrawals of ¥20,000.00 or more wait for the platform's review (待审核). */
export const REVIEW_AMOUNT = 2_000_000;

/** True when a withdrawal waits for review: channel 1 and (amount ≥ ¥20,000.00 or the first one to that card). */
export function needsReview(channel: number, amount: number, firstToCard: boolean): boolean {
  return channel === 1 && (amount >= REVIEW_AMOUNT || firstToCard);
}

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
export function weekdayOf(day: string): number {
  const d = new Date(startOfDay(day) + 8 * 3600_000).getUTCDay();
  return d === 0 ? 7 : d;
}

/** expectTime of a withdrawal (D): channel 1 = 18:00 three working days (Mon–Fri) after the apply day; 2 = +2 h. */
export function expectTimeOf(channel: number, applyTime: number): number {
  if (channel === 2) return applyTime + 2 * 3600_000;
  let day = dayOf(applyTime);
  for (let n = 0; n < 3;) {
    day = addDays(day, 1);
    if (weekdayOf(day) <= 5) n++;
  }
  return instantOf(day, 18);
}

/**
 * Sandbox back office (D "Review", whose delay the design leaves open): a withdrawal in 待审核 is approved one hour after
 * it was made (→ 处理中, then paid out like any other).
 */
export const REVIEW_DELAY_MS = 3600_000;

/** Sandbox payout simulation (D): a withdrawal in 处理中 is paid out 5 minutes (channel 1) or 1 minute (channel 2) later. */
export const PAYOUT_DELAY_MS: Readonly<Record<number, number>> = { 1: 5 * 60_000, 2: 60_000 };

/** When a withdrawal in 处理中 is paid out: from its approval (auditTime) or, unreviewed, its application. */
export function payoutTimeOf(w: { channel: number; applyTime: number; auditTime: number | null }): number {
  return (w.auditTime ?? w.applyTime) + (PAYOUT_DELAY_MS[w.channel] ?? PAYOUT_DELAY_MS[1] ?? 0);
}

/** The sandbox bank's answer (D): a card whose number ends in 4444 fails with 户名与卡号不符; others succeed. */
export function payoutFailure(cardNoTail: string): string | null {
  return cardNoTail.endsWith('4444') ? '户名与卡号不符' : null;
}

/** The number of a withdrawal: W + yyyyMMddHHmmss of its application + a 6-digit number from its id. */
export function withdrawNoOf(id: number, applyTime: number): string {
  return `W${stamp(applyTime)}${String(100000 + id * 7)
    .slice(-6)
    .padStart(6, '0')}`;
}

export { nextAutoWithdrawDay };

/**
 * The first automatic withdrawal day of a setting saved at `now` (the shared rule of src/api/income-rules.ts: today
 * when today is a run day and it is not yet 10:00, else the next run day).
 */
export function firstAutoWithdrawDay(autoMode: number, date: number, now: number): string {
  const today = dayOf(now);
  return firstRunDay(autoMode, date, today, now < instantOf(today, 10));
}

/** The fee rule of a channel (the seeded WithdrawFeeRule). */
export async function feeRuleOf(db: Db, channel: number): Promise<FeeRule> {
  const rule = await one<FeeRule>(db, 'select * from withdraw_fee_rule where channel = $1', [channel]);
  if (!rule) throw new Error(`no withdraw_fee_rule for channel ${channel}`);
  return Object.fromEntries(Object.entries(rule).map(([k, v]) => [k, Number(v)])) as unknown as FeeRule;
}

/** The withdrawal channel of an account (D §0.2): 2 once its online-bank account is opened (openStatus 4), else 1. */
export async function channelOf(db: Db, accountId: number): Promise<1 | 2> {
  const open = await scalar(db, 'select open_status from merchant_entity_property where account_id = $1', [accountId]);
  return channelOfFacts({ openStatus: open });
}

/** Why an account cannot withdraw now: the isWithdrawable value (D) with the code and message of withdrawApply. */
export interface WithdrawBlock {
  /** 1 no usable card, 2 unsigned, 3 online-bank account required, 4 unverified corporate settlement account, 5 arrears,
   * 6 wallet frozen, 7 daily limit reached, 8 settlement window (channel 2, 23:00–01:00). */
  isWithdrawable: number;
  code: number;
  message: string;
}

/**
 * What isWithdrawable decides on (D "Business rules: isWithdrawable"), as the database holds it (withdrawBlock reads
 * it) or as the demo world's replay made it (sandbox/db/demo-world.ts).
 */
export interface WithdrawFacts {
  /** Wallet.status: 1 正常, 2 冻结; null without a wallet. */
  walletStatus: number | null;
  /** Account.signStatus (2 = signed). */
  signStatus: number;
  /** The account must withdraw through an online-bank account (MerchantEntityProperty.openRequired). */
  openRequired: boolean;
  /** MerchantEntityProperty.openStatus (4 = opened: channel 2), null without one. */
  openStatus: number | null;
  /** Channel 1: bound cards that are verified (status 1, verifyStatus 2). */
  verifiedCards: number;
  /** Channel 2: the entity's settlement account (cardType 2 = corporate) and its verifyStatus, null without one. */
  settleCard: { cardType: number; verifyStatus: number } | null;
  /** Open arrears items (unpaid platform-fee periods + arrears records 未还/部分已还: domain/arrears.ts). */
  openArrears: number;
  /** Withdrawals applied today (Asia/Shanghai; status 1–3). */
  appliedToday: number;
  /** The channel's WithdrawFeeRule.dailyLimit. */
  dailyLimit: number;
}

/** The channel of these facts (D §0.2): 2 once the online-bank account is opened (openStatus 4), else 1. */
export function channelOfFacts(f: Pick<WithdrawFacts, 'openStatus'>): 1 | 2 {
  return Number(f.openStatus) === 4 ? 2 : 1;
}

/**
 * The first reason why an account with these facts cannot withdraw at `now` (epoch ms), in D's order
 * (6, 2, 3, 1, 4, 5, 7, 8), or null when it can.
 */
export function withdrawBlockOf(f: WithdrawFacts, now: number): WithdrawBlock | null {
  if (f.walletStatus === 2) return { isWithdrawable: 6, code: 2009, message: '账户已冻结，暂不可提现，请联系客服' };
  if (f.signStatus !== 2) return { isWithdrawable: 2, code: 2006, message: '请先完成电子协议签署' };
  const channel = channelOfFacts(f);
  if (f.openRequired && channel !== 2) return { isWithdrawable: 3, code: 2007, message: '请先开通网商银行账户' };
  if (channel === 1 && f.verifiedCards === 0) {
    return { isWithdrawable: 1, code: 2005, message: '请先绑定提现银行卡' };
  }
  if (channel === 2 && f.settleCard?.cardType === 2 && f.settleCard.verifyStatus !== 2) {
    return { isWithdrawable: 4, code: 2005, message: '结算账户未完成对公打款验证' };
  }
  if (f.openArrears > 0) return { isWithdrawable: 5, code: 2008, message: '存在未缴清的欠费，请先缴费' };
  if (f.appliedToday >= f.dailyLimit) {
    return { isWithdrawable: 7, code: 2004, message: `今日提现次数已达上限（${f.dailyLimit}次）` };
  }
  const minute = Math.floor((now - startOfDay(dayOf(now))) / 60_000);
  if (channel === 2 && (minute >= 23 * 60 || minute < 60)) {
    return { isWithdrawable: 8, code: 2010, message: '系统结算时段（23:00-01:00）暂不可提现' };
  }
  return null;
}

/**
 * The first reason why `accountId` (a main account) cannot withdraw at `now`, in D's order (withdrawBlockOf over its
 * facts in the database), or null when it can. Throws BizError(1) for an unknown account.
 */
export async function withdrawBlock(db: Db, accountId: number, now: number): Promise<WithdrawBlock | null> {
  const row = await one<{
    walletStatus: number | null;
    signStatus: number;
    openRequired: boolean | null;
    openStatus: number | null;
  }>(
    db,
    `select w.status as wallet_status, a.sign_status, p.open_required, p.open_status
     from account a left join wallet w on w.account_id = a.id
     left join merchant_entity_property p on p.account_id = a.id where a.id = $1`,
    [accountId],
  );
  if (!row) throw new BizError(1, '账户不存在');
  const openStatus = row.openStatus === null ? null : Number(row.openStatus);
  const channel = channelOfFacts({ openStatus });
  const settleCard = await one<{ cardType: number; verifyStatus: number }>(
    db,
    `select b.card_type, b.verify_status from merchant_entity e join bank_card b on b.id = e.settle_bank_card_id
     where e.account_id = $1`,
    [accountId],
  );
  const today = startOfDay(dayOf(now));
  return withdrawBlockOf(
    {
      walletStatus: row.walletStatus === null ? null : Number(row.walletStatus),
      signStatus: Number(row.signStatus),
      openRequired: Boolean(row.openRequired),
      openStatus,
      verifiedCards: await scalar(
        db,
        'select count(*) from bank_card where account_id = $1 and status = 1 and verify_status = 2',
        [accountId],
      ),
      settleCard: settleCard
        ? { cardType: Number(settleCard.cardType), verifyStatus: Number(settleCard.verifyStatus) }
        : null,
      openArrears: (await openArrearsTotal(db, accountId)).count,
      appliedToday: await scalar(
        db,
        'select count(*) from withdrawal where account_id = $1 and status in (1, 2, 3) and apply_time >= $2 and apply_time < $3',
        [accountId, today, today + DAY_MS],
      ),
      dailyLimit: (await feeRuleOf(db, channel)).dailyLimit,
    },
    now,
  );
}

/** A withdrawal to make. */
export interface NewWithdrawal {
  accountId: number;
  /** Who made it (a sub-account's own id; the account itself for automatic ones). */
  operatorAccountId: number;
  channel: 1 | 2;
  /** 1 手动, 2 自动. */
  source: 1 | 2;
  amount: number;
  bankCardId: number;
  requestId: string;
  /** Shown on the ledger entry (the person or 系统). */
  operatorName: string;
}

/** What a withdrawal was made as. */
export interface MadeWithdrawal {
  withdrawId: number;
  withdrawNo: string;
  /** 1 待审核 or 2 处理中. */
  status: 1 | 2;
  amount: number;
  fee: number;
  actualAmount: number;
  expectTime: number;
}

/**
 * Makes a withdrawal inside the caller's transaction (D "Apply"): amount within the channel's limits (2002 / 2003)
 * and above its fee, the fee by the month's free quota, status 1 待审核 when it needs review else 2 处理中, and the
 * money moved from the available balance to withdrawals in progress with a bizType 12 entry in 处理中 (2001 when the
 * locked wallet cannot cover it). The caller checks withdrawBlock, the SMS code and exactly-once.
 */
export async function makeWithdrawal(tx: Db, w: NewWithdrawal, at: number): Promise<MadeWithdrawal> {
  const rule = await feeRuleOf(tx, w.channel);
  if (w.amount < rule.minAmount) {
    throw new BizError(2002, `单笔提现金额不能低于¥${(rule.minAmount / 100).toFixed(2)}`);
  }
  if (w.amount > rule.maxAmount) {
    throw new BizError(
      2003,
      `单笔提现金额不能超过¥${(rule.maxAmount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
  }
  const card = await one<{ bankName: string; cardNoTail: string; cardType: number; holderNameMasked: string }>(
    tx,
    'select bank_name, card_no_tail, card_type, holder_name_masked from bank_card where id = $1 and account_id = $2 and status = 1',
    [w.bankCardId, w.accountId],
  );
  if (!card) throw new BizError(2005, '到账银行卡不存在或已解绑');
  const month = dayOf(at).slice(0, 7);
  const used = await scalar(
    tx,
    'select count(*) from withdrawal where account_id = $1 and status in (1, 2, 3) and apply_time >= $2 and apply_time < $3',
    [w.accountId, startOfDay(`${month}-01`), startOfDay(lastDayOfMonth(month)) + DAY_MS],
  );
  const fee = withdrawalFee(w.amount, used, rule);
  if (w.amount <= fee) throw new BizError(1, '提现金额须大于手续费');
  const earlier = await scalar(tx, 'select count(*) from withdrawal where account_id = $1 and bank_card_id = $2', [
    w.accountId,
    w.bankCardId,
  ]);
  const status: 1 | 2 = needsReview(w.channel, w.amount, earlier === 0) ? 1 : 2;
  const id = await scalar(tx, `select nextval(pg_get_serial_sequence('withdrawal', 'id'))`);
  const withdrawNo = withdrawNoOf(id, at);
  const expectTime = expectTimeOf(w.channel, at);
  await tx.query(
    `insert into withdrawal (id, withdraw_no, account_id, operator_account_id, channel, source, amount, fee,
       actual_amount, fee_free, bank_card_id, bank_name, card_no_tail, card_type, holder_name, status, request_id,
       apply_time, expect_time, create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $18, $18)`,
    [
      id,
      withdrawNo,
      w.accountId,
      w.operatorAccountId,
      w.channel,
      w.source,
      w.amount,
      fee,
      w.amount - fee,
      fee === 0,
      w.bankCardId,
      card.bankName,
      card.cardNoTail,
      card.cardType,
      card.holderNameMasked,
      status,
      w.requestId,
      at,
      expectTime,
    ],
  );
  const { billId } = await writeLedgerEntry(
    tx,
    {
      accountId: w.accountId,
      direction: 2,
      bizType: 12,
      title: `提现 · ${card.bankName}(${card.cardNoTail})`,
      amount: w.amount,
      status: 2,
      withdrawId: id,
      operatorName: w.operatorName,
    },
    at,
  );
  await tx.query('update withdrawal set apply_bill_id = $2 where id = $1', [id, billId]);
  return { withdrawId: id, withdrawNo, status, amount: w.amount, fee, actualAmount: w.amount - fee, expectTime };
}

interface OpenWithdrawal {
  id: number;
  accountId: number;
  amount: number;
  bankName: string;
  cardNoTail: string;
  applyBillId: number | null;
}

async function openWithdrawal(tx: Db, id: number, statuses: number[]): Promise<OpenWithdrawal | null> {
  const w = await one<OpenWithdrawal>(
    tx,
    `select id, account_id, amount, bank_name, card_no_tail, apply_bill_id from withdrawal
     where id = $1 and status = any($2::int[]) for update`,
    [id, statuses],
  );
  return w && { ...w, id: Number(w.id), accountId: Number(w.accountId), amount: Number(w.amount) };
}

/**
 * Returns the money of a withdrawal that failed (4) or was rejected (5): withdrawing −amount, available +amount with a
 * bizType 7 提现退回 entry; the application's entry is marked 3 失败.
 */
async function giveBack(tx: Db, w: OpenWithdrawal, status: 4 | 5, reason: string, at: number): Promise<void> {
  const { billId } = await writeLedgerEntry(
    tx,
    {
      accountId: w.accountId,
      direction: 1,
      bizType: 7,
      title: `提现退回 · ${w.bankName}(${w.cardNoTail})`,
      amount: w.amount,
      withdrawId: w.id,
      remark: reason,
      operatorName: '系统',
    },
    at,
  );
  await tx.query(
    `update withdrawal set status = $2::smallint, fail_reason = $3, finish_time = $4::bigint, refund_time = $4::bigint,
       refund_bill_id = $5, audit_time = case when $2::smallint = 5 then $4::bigint else audit_time end,
       update_time = $4::bigint
     where id = $1`,
    [w.id, status, reason, at, billId],
  );
  if (w.applyBillId !== null) {
    await tx.query('update account_bill set status = 3, update_time = $2 where id = $1', [w.applyBillId, at]);
  }
}

/** The platform's review of a withdrawal in 待审核 (D "Review"): approved → 处理中 (paid out later), or 已驳回 with the money back. */
export async function reviewWithdrawal(
  tx: Db,
  id: number,
  review: { approve: true } | { approve: false; reason: string },
  at: number,
): Promise<void> {
  const w = await openWithdrawal(tx, id, [1]);
  if (!w) throw new BizError(1, '提现单不存在或不在待审核状态');
  if (review.approve) {
    await tx.query('update withdrawal set status = 2, audit_time = $2, update_time = $2 where id = $1', [id, at]);
  } else {
    await giveBack(tx, w, 5, review.reason, at);
  }
}

/**
 * The payout of a withdrawal in 处理中 (D "Payout"; sandbox: payoutFailure): 已到账 (withdrawing −amount, totalWithdraw
 * +amount, its entry 成功) or 提现失败 with the money back (giveBack).
 */
export async function payOut(tx: Db, id: number, at: number): Promise<void> {
  const w = await openWithdrawal(tx, id, [2]);
  if (!w) return;
  const failure = payoutFailure(w.cardNoTail);
  if (failure) {
    await giveBack(tx, w, 4, failure, at);
    return;
  }
  await moveWallet(tx, w.accountId, { withdrawing: -w.amount, totalWithdraw: w.amount }, at);
  await tx.query('update withdrawal set status = 3, finish_time = $2, update_time = $2 where id = $1', [id, at]);
  if (w.applyBillId !== null) {
    await tx.query('update account_bill set status = 1, update_time = $2 where id = $1', [w.applyBillId, at]);
  }
}

/** When the next withdrawal in 处理中 is due to be paid out (payoutTimeOf), or null. */
export async function nextPayout(db: Db): Promise<number | null> {
  const result = await rows<{ t: string | null }>(
    db,
    `select min(coalesce(audit_time, apply_time) + case channel when 2 then $1::bigint else $2::bigint end) as t
     from withdrawal where status = 2`,
    [PAYOUT_DELAY_MS[2], PAYOUT_DELAY_MS[1]],
  );
  const t = result[0]?.t;
  return t === null || t === undefined ? null : Number(t);
}

/** The payout job: every withdrawal in 处理中 whose payout time has come, oldest first. */
export async function payOutDue(tx: Db, at: number): Promise<void> {
  const due = await rows<{ id: number }>(
    tx,
    `select id from withdrawal where status = 2
       and coalesce(audit_time, apply_time) + case channel when 2 then $2::bigint else $3::bigint end <= $1
     order by apply_time, id`,
    [at, PAYOUT_DELAY_MS[2], PAYOUT_DELAY_MS[1]],
  );
  for (const w of due) await payOut(tx, Number(w.id), at);
}

/** When the next withdrawal in 待审核 is due for the back office's review (REVIEW_DELAY_MS after it was made), or null. */
export async function nextReview(db: Db): Promise<number | null> {
  const result = await rows<{ t: string | null }>(
    db,
    'select min(apply_time) + $1::bigint as t from withdrawal where status = 1',
    [REVIEW_DELAY_MS],
  );
  const t = result[0]?.t;
  return t === null || t === undefined ? null : Number(t);
}

/** The back office's review job: every withdrawal in 待审核 made at least REVIEW_DELAY_MS ago is approved. */
export async function reviewDue(tx: Db, at: number): Promise<void> {
  const due = await rows<{ id: number }>(
    tx,
    'select id from withdrawal where status = 1 and apply_time + $2::bigint <= $1 order by apply_time, id',
    [at, REVIEW_DELAY_MS],
  );
  for (const w of due) await reviewWithdrawal(tx, Number(w.id), { approve: true }, at);
}
