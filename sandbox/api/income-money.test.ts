import { describe, expect, it } from 'vitest';
import type { WithdrawMode } from '../../src/api/income';
import type { LedgerDetail, LedgerPage } from '../../src/api/ledger';
import type { AutoWithdrawSaved } from '../../src/api/withdraw';
import { one, rows, scalar } from '../lib/db';
import { DAY_MS, startOfDay } from '../lib/time';
import { openSandboxForFile } from '../testing';
import { newRequestId } from '../testing-money';

/**
 * The ledger and the automatic-withdrawal setting over HTTP (D-income.md §1 /income/list, list/detail; §2
 * /income/autowithdraw): a month's entries newest first with sums that equal the entries for every filter, pages that
 * add up to the whole month, an entry's order with its splits adding up to the order amount, someone else's entry
 * refused; the setting validated, saved exactly once per requestId (also when the copies arrive together), read back
 * by getWithdrawMode and acted on by the 10:00 job.
 */

const NOW = Date.parse('2024-05-21T15:30:00+08:00'); // a Tuesday
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'agent', 'subAccount']);
const OPERATOR = 10001;
const MONTH = '2024-05';
const FROM = startOfDay('2024-05-01');
const TO = startOfDay('2024-06-01');

const bill = async (query: string, token = tokens.operator) =>
  (await sb.get<LedgerPage>(`/api/user/getAccountBill?${query}`, token)).body;

const dbSum = (direction: number, extra = '', params: unknown[] = []) =>
  scalar(
    sb.db,
    `select coalesce(sum(amount), 0) from account_bill
     where account_id = $1 and create_time >= $2 and create_time < $3 and direction = ${direction} ${extra}`,
    [OPERATOR, FROM, TO, ...params],
  );

describe('getAccountBill', () => {
  it('lists the month newest first with sums equal to its entries', async () => {
    const first = await bill(`pageNum=1&pageSize=50&month=${MONTH}`);
    expect(first.code).toBe(0);
    const total = await scalar(
      sb.db,
      'select count(*) from account_bill where account_id = $1 and create_time >= $2 and create_time < $3',
      [OPERATOR, FROM, TO],
    );
    expect(total).toBeGreaterThan(20);
    expect(first.data.total).toBe(total);
    expect(first.data.sum).toEqual({ income: await dbSum(1), expense: await dbSum(2) });
    // every page together is the month, in order, and adds up to the sums
    const all = [...first.data.list];
    for (let page = 2; all.length < total; page++)
      all.push(...(await bill(`pageNum=${page}&pageSize=50&month=${MONTH}`)).data.list);
    expect(all).toHaveLength(total);
    expect(new Set(all.map((e) => e.id)).size).toBe(total);
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.createTime).toBeGreaterThanOrEqual(all[i]!.createTime);
    for (const e of all) expect(e.createTime >= FROM && e.createTime < TO).toBe(true);
    const income = all.filter((e) => e.direction === 1).reduce((s, e) => s + e.amount, 0);
    const expense = all.filter((e) => e.direction === 2).reduce((s, e) => s + e.amount, 0);
    expect({ income, expense }).toEqual(first.data.sum);
  });

  it('filters by direction and bizType, and the sums follow the filter', async () => {
    const out = await bill(`pageNum=1&pageSize=50&month=${MONTH}&direction=2`);
    expect(out.data.list.every((e) => e.direction === 2)).toBe(true);
    expect(out.data.sum).toEqual({ income: 0, expense: await dbSum(2) });
    const charge = await bill(`pageNum=1&pageSize=50&month=${MONTH}&bizType=1`);
    expect(charge.data.total).toBeGreaterThan(0);
    expect(charge.data.list.every((e) => e.bizType === 1 && e.title.startsWith('充电收入'))).toBe(true);
    expect(charge.data.sum).toEqual({ income: await dbSum(1, 'and biz_type = $4', [1]), expense: 0 });
    // a bizType of the other direction: nothing
    const none = await bill(`pageNum=1&pageSize=20&month=${MONTH}&direction=1&bizType=12`);
    expect(none.data).toEqual({ list: [], total: 0, sum: { income: 0, expense: 0 } });
  });

  it('a limited sub-account reads its sites’ entries and the wallet’s own; with the whole scope, the whole ledger', async () => {
    // 13800138004 is limited to sites 1 and 2 (data scope 2): D-income.md §0.4, wallet figures stay whole-account.
    const limited = await bill(`pageNum=1&pageSize=50&month=${MONTH}`, tokens.subAccount);
    const own = await bill(`pageNum=1&pageSize=50&month=${MONTH}`);
    const inScope = 'and (site_id is null or site_id = any($4::bigint[]))';
    const count = await scalar(
      sb.db,
      `select count(*) from account_bill where account_id = $1 and create_time >= $2 and create_time < $3 ${inScope}`,
      [OPERATOR, FROM, TO, [1, 2]],
    );
    expect(count).toBeLessThan(own.data.total);
    expect(limited.data.total).toBe(count);
    expect(limited.data.sum).toEqual({
      income: await dbSum(1, inScope, [[1, 2]]),
      expense: await dbSum(2, inScope, [[1, 2]]),
    });
    const sites = await rows<{ siteId: number | null }>(
      sb.db,
      `select site_id from account_bill where id = any($1::bigint[])`,
      [limited.data.list.map((e) => e.id)],
    );
    expect(sites.every((r) => r.siteId === null || [1, 2].includes(Number(r.siteId)))).toBe(true);
    expect(sites.some((r) => r.siteId === null)).toBe(true);
    await sb.db.query(`update account set data_scope = 1 where phone = '13800138004'`);
    try {
      const whole = await bill(`pageNum=1&pageSize=50&month=${MONTH}`, tokens.subAccount);
      expect(whole.data.total).toBe(own.data.total);
      expect(whole.data.sum).toEqual(own.data.sum);
    } finally {
      await sb.db.query(`update account set data_scope = 2 where phone = '13800138004'`);
    }
  });

  it('refuses bad input with its message', async () => {
    expect((await bill('pageNum=1&pageSize=20&month=2024-13')).message).toBe('月份格式须为 YYYY-MM');
    expect((await bill(`pageNum=1&pageSize=20&month=${MONTH}&bizType=9`)).message).toBe('类型不正确');
  });
});

describe('getAccountBillDetail', () => {
  it('explains an order income: the order, its splits adding up to the order amount, this account’s part', async () => {
    const entry = await one<{ id: number; amount: number; orderId: number }>(
      sb.db,
      `select id, amount, order_id from account_bill where account_id = $1 and biz_type = 1 and order_type = 1
       order by id desc limit 1`,
      [OPERATOR],
    );
    if (!entry) throw new Error('the demo operator has charge income');
    const detail = (await sb.get<LedgerDetail>(`/api/user/getAccountBillDetail?id=${entry.id}`, tokens.operator)).body
      .data;
    expect(detail).toMatchObject({ id: Number(entry.id), bizType: 1, direction: 1, amount: Number(entry.amount) });
    expect(detail.serialNo).toMatch(/\S/);
    expect(detail.ref.orderId).toBe(Number(entry.orderId));
    expect(detail.ref.serialNumber).toMatch(/\S/);
    const splitSum = detail.ref.splits.reduce((s, x) => s + x.amount, 0);
    expect(detail.ref.orderAmount).toBe(splitSum);
    const mine = await scalar(
      sb.db,
      'select coalesce(sum(amount), 0) from order_split where order_type = 1 and order_id = $1 and account_id = $2',
      [entry.orderId, OPERATOR],
    );
    expect(mine).toBe(detail.amount);
  });

  it('explains a withdrawal entry; another account’s entry does not exist for the caller', async () => {
    const entry = await one<{ id: number; withdrawId: number }>(
      sb.db,
      'select id, withdraw_id from account_bill where account_id = $1 and biz_type = 12 order by id desc limit 1',
      [OPERATOR],
    );
    if (!entry) throw new Error('the demo operator has withdrawals');
    const detail = (await sb.get<LedgerDetail>(`/api/user/getAccountBillDetail?id=${entry.id}`, tokens.operator)).body
      .data;
    const w = await one<{ withdrawNo: string; fee: number; actualAmount: number }>(
      sb.db,
      'select withdraw_no, fee, actual_amount from withdrawal where id = $1',
      [entry.withdrawId],
    );
    expect(detail.ref).toMatchObject({
      withdrawId: Number(entry.withdrawId),
      withdrawNo: w?.withdrawNo,
      fee: Number(w?.fee),
      actualAmount: Number(w?.actualAmount),
    });
    const other = await sb.get<LedgerDetail>(`/api/user/getAccountBillDetail?id=${entry.id}`, tokens.agent);
    expect(other.body).toMatchObject({ code: 1, message: '记录不存在或已删除' });
    // The wallet's own entries are whole-account: a limited sub-account reads the withdrawal too.
    const sub = await sb.get<LedgerDetail>(`/api/user/getAccountBillDetail?id=${entry.id}`, tokens.subAccount);
    expect(sub.body.data.ref.withdrawId).toBe(Number(entry.withdrawId));
  });

  it('an entry of a site outside a limited sub-account’s scope does not exist for it; one of its sites does', async () => {
    const entryAt = (sites: string) =>
      one<{ id: number }>(
        sb.db,
        `select id from account_bill where account_id = $1 and biz_type = 1 and site_id ${sites} order by id desc limit 1`,
        [OPERATOR],
      );
    const outside = await entryAt('not in (1, 2)');
    const inside = await entryAt('in (1, 2)');
    if (!outside || !inside) throw new Error('the demo operator has income at sites in and out of 13800138004’s scope');
    const refused = await sb.get<LedgerDetail>(`/api/user/getAccountBillDetail?id=${outside.id}`, tokens.subAccount);
    expect(refused.body).toMatchObject({ code: 1, message: '记录不存在或已删除' });
    expect(JSON.stringify(refused.body)).not.toMatch(/siteName|serialNumber|splits/);
    const read = await sb.get<LedgerDetail>(`/api/user/getAccountBillDetail?id=${inside.id}`, tokens.subAccount);
    expect(read.body.data.id).toBe(Number(inside.id));
  });
});

describe('updateThenAddAutoWithdraw', () => {
  const save = (body: Record<string, unknown>) =>
    sb.post<AutoWithdrawSaved>('/api/user/updateThenAddAutoWithdraw', tokens.operator, body);
  const mode = async () => (await sb.get<WithdrawMode>('/api/user/getWithdrawMode', tokens.operator)).body.data;
  const cardId = () =>
    scalar(sb.db, 'select min(id) from bank_card where account_id = $1 and status = 1 and verify_status = 2', [
      OPERATOR,
    ]);

  it('validates the period, the day and the card', async () => {
    const card = await cardId();
    expect(
      (await save({ autoWithdraw: 1, autoMode: 2, date: 9, bankCardId: card, requestId: newRequestId() })).body,
    ).toMatchObject({ code: 1, message: '请选择提现日' });
    expect(
      (await save({ autoWithdraw: 1, autoMode: 1, date: 1, bankCardId: null, requestId: newRequestId() })).body,
    ).toMatchObject({ code: 1, message: '请选择到账账户' });
    expect(
      (await save({ autoWithdraw: 1, autoMode: 1, date: 1, bankCardId: 999999, requestId: newRequestId() })).body,
    ).toMatchObject({ code: 2005 });
  });

  it('saves exactly once per requestId, also for copies arriving together', async () => {
    const card = await cardId();
    const weekly = { autoWithdraw: 1, autoMode: 2, date: 3, bankCardId: card, requestId: newRequestId() };
    const copies = await Promise.all(Array.from({ length: 6 }, () => save(weekly)));
    for (const c of copies) expect(c.body).toEqual(copies[0]?.body);
    // Wednesday 2024-05-22 is the next run day after Tuesday 15:30
    expect(copies[0]?.body.data).toEqual({
      autoWithdraw: 1,
      autoMode: 2,
      date: 3,
      bankCardId: card,
      nextWithdraw: '2024-05-22',
    });
    const daily = await save({ autoWithdraw: 1, autoMode: 1, date: 5, bankCardId: card, requestId: newRequestId() });
    expect(daily.body.data).toMatchObject({ autoMode: 1, date: 1, nextWithdraw: '2024-05-22' });
    // the first request again: its first answer, and the daily setting stays
    expect((await save(weekly)).body).toEqual(copies[0]?.body);
    expect(await mode()).toMatchObject({ autoWithdraw: 1, autoMode: 1, date: 1, nextWithdraw: '2024-05-22' });
  });

  it('is what the 10:00 job reads: the next run day makes one automatic withdrawal to the saved card', async () => {
    const card = await cardId();
    const saved = await save({ autoWithdraw: 1, autoMode: 1, date: 1, bankCardId: card, requestId: newRequestId() });
    expect(saved.body.code).toBe(0);
    expect((await mode()).autoCard?.bankCardId).toBe(card);
    const before = await scalar(sb.db, 'select count(*) from withdrawal where account_id = $1 and source = 2', [
      OPERATOR,
    ]);
    await sb.advance(startOfDay('2024-05-22') + 10 * 3600_000 + 60_000 - sb.clock.now);
    const made = await rows<{ bankCardId: number }>(
      sb.db,
      'select bank_card_id from withdrawal where account_id = $1 and source = 2 order by id desc',
      [OPERATOR],
    );
    expect(made.length).toBe(before + 1);
    expect(Number(made[0]?.bankCardId)).toBe(card);
    expect((await mode()).nextWithdraw).toBe('2024-05-23');
    // switched off: no run day, the job makes nothing more
    const off = await save({ autoWithdraw: 0, autoMode: 1, date: 1, bankCardId: card, requestId: newRequestId() });
    expect(off.body.data).toMatchObject({ autoWithdraw: 0, nextWithdraw: null });
    await sb.advance(DAY_MS);
    expect(
      await scalar(sb.db, 'select count(*) from withdrawal where account_id = $1 and source = 2', [OPERATOR]),
    ).toBe(before + 1);
  });
});
