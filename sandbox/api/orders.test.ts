import { describe, expect, it } from 'vitest';
import type { OrderDetail, OrderPage, OrderRefundResult } from '../../src/api/orders';
import { sentMails, workbookRows } from '../domain/exports';
import { refundReversal } from '../domain/refund';
import { one, rows, scalar } from '../lib/db';
import { dayOf } from '../lib/time';
import { openSandboxForFile, walletViolations } from '../testing';
import { moneyNeverDoubles, newRequestId } from '../testing-money';

/**
 * Charging orders and refunds (C-mine.md /mine/chargerRecord-list, /mine/chargerRecord-info; Business rules 1, 12–14)
 * through the HTTP interface: the three lists and their sums over the caller's scope, the detail's refundable amount,
 * and orderRefund — online refunds reversing every party's split in proportion (pending parts from pendingIncome,
 * posted parts from the available balances with a 订单退款 entry, the owner covering a party's shortfall, refused when
 * the owner cannot), card refunds back to the card, 部分退款 → 已退款, the refusals of rule 12, exactly once, and
 * concurrent refunds of one order never exceeding it.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const DAY = 86_400_000;
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'subAccount', 'property']);
const OPERATOR = 10001;

const today = dayOf(NOW);
const monthStart = `${today.slice(0, 8)}01`;

interface SplitRow {
  id: number;
  role: number;
  accountId: number | null;
  amount: number;
  postStatus: number;
  createTime: number;
}

const splitsOf = async (orderId: number) =>
  (
    await rows<SplitRow>(
      sb.db,
      `select id, role, account_id, amount, post_status, create_time from order_split
       where order_type = 1 and order_id = $1 order by create_time, id`,
      [orderId],
    )
  ).map((r) => ({
    ...r,
    id: Number(r.id),
    role: Number(r.role),
    accountId: r.accountId === null ? null : Number(r.accountId),
    amount: Number(r.amount),
    postStatus: Number(r.postStatus),
    createTime: Number(r.createTime),
  }));

const wallet = async (accountId: number) => {
  const w = await one<{ availableBalance: number; pendingIncome: number }>(
    sb.db,
    'select available_balance, pending_income from wallet where account_id = $1',
    [accountId],
  );
  return { available: Number(w?.availableBalance ?? 0), pending: Number(w?.pendingIncome ?? 0) };
};

/** An ended online order of the operator's sites with a party share, posted (settle 1) or pending (settle 0). */
async function onlineOrder(settleStatus: 0 | 1, skip: number[] = []): Promise<number> {
  const row = await one<{ id: number }>(
    sb.db,
    `select o.id from charge_order o join site s on s.id = o.site_id
     where s.operator_id = $1 and o.pay_type in (1, 2) and o.status = 2 and o.settle_status = $2 and o.end_time > $3
       and o.amount - o.refund_amount >= 400 and not (o.id = any($4::bigint[]))
       and exists (select 1 from order_split p where p.order_type = 1 and p.order_id = o.id and p.role in (1, 2)
                   and p.amount > 0 and p.account_id is not null)
     order by o.end_time desc limit 1`,
    [OPERATOR, settleStatus, NOW - 20 * DAY, skip],
  );
  expect(row, `an ended online order with settle status ${settleStatus}`).not.toBeNull();
  return Number(row?.id);
}

const detail = async (orderId: number, token = tokens.operator) =>
  (await sb.get<OrderDetail>('/api/order/orderDetail', token, { orderId })).body;

const refund = (orderId: number, refundAmount: number, requestId = newRequestId(), token = tokens.operator) =>
  sb.post<OrderRefundResult>('/api/r9/order/orderRefund', token, {
    orderId,
    refundAmount,
    reason: '设备故障',
    requestId,
  });

describe('order lists', () => {
  it('lists the three tabs over the caller scope with the sums of one definition', async () => {
    const q = { startDate: monthStart, endDate: today, pageNum: 1, pageSize: 20 };
    const success = (await sb.get<OrderPage>('/api/r9/order/successChargeOrderList', tokens.operator, q)).body.data;
    const sites = (await rows<{ id: number }>(sb.db, 'select id from site where operator_id = $1', [OPERATOR])).map(
      (r) => Number(r.id),
    );
    const from = Date.parse(`${monthStart}T00:00:00+08:00`);
    const facts = await one<{ n: number; amount: number }>(
      sb.db,
      `select count(*)::int as n, coalesce(sum(amount), 0)::bigint as amount from charge_order
       where site_id = any($1::bigint[]) and status = 2 and start_time >= $2 and start_time < $3`,
      [sites, from, NOW + DAY],
    );
    expect(success.total).toBe(facts?.n);
    expect(success.totalAmount).toBe(Number(facts?.amount));
    expect(success.list).toHaveLength(20);
    // 已完成 lists what its word says: an order charging, refunded or partly refunded has a word of its own
    expect(success.list.every((r) => r.status === 2)).toBe(true);
    const others = await one<{ n: number }>(
      sb.db,
      `select count(*)::int as n from charge_order
       where site_id = any($1::bigint[]) and status in (1, 3, 4) and start_time >= $2 and start_time < $3`,
      [sites, from, NOW + DAY],
    );
    expect(others?.n).toBeGreaterThan(0);
    // newest first
    const starts = success.list.map((r) => r.startTime);
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);

    const refunded = (await sb.get<OrderPage>('/api/r9/order/refundedChargeOrderList', tokens.operator, q)).body.data;
    expect(refunded.total).toBeGreaterThan(0);
    expect(refunded.list.every((r) => (r.status === 3 || r.status === 4) && r.refundAmount > 0)).toBe(true);
    expect(refunded.list.every((r) => r.refundTime !== null)).toBe(true);

    const waiting = (
      await sb.get<OrderPage>('/api/account/v2/selectWaitingOrderList', tokens.operator, {
        ...q,
        type: 1,
        settleStatus: 0,
      })
    ).body.data;
    expect(waiting.list.every((r) => r.settleStatus === 0 && r.status !== 1 && r.status !== 5)).toBe(true);

    // filters: a pay type, a keyword (an order number), a site
    const wx = (await sb.get<OrderPage>('/api/r9/order/successChargeOrderList', tokens.operator, { ...q, payType: 1 }))
      .body.data;
    expect(wx.total).toBeGreaterThan(0);
    expect(wx.list.every((r) => r.payType === 1)).toBe(true);
    const first = success.list[0];
    const byNo = (
      await sb.get<OrderPage>('/api/r9/order/successChargeOrderList', tokens.operator, {
        ...q,
        keyword: first?.orderNo.slice(-8) ?? '',
      })
    ).body.data;
    expect(byNo.list.map((r) => r.orderId)).toContain(first?.orderId);
    const site2 = (
      await sb.get<OrderPage>('/api/r9/order/successChargeOrderList', tokens.operator, { ...q, siteId: 2 })
    ).body.data;
    const siteName = await one<{ name: string }>(sb.db, 'select name from site where id = 2');
    expect(site2.list.every((r) => r.siteName === siteName?.name)).toBe(true);

    // rule 1: the limited sub-account sees its sites' orders only; another site is refused
    const sub = (await sb.get<OrderPage>('/api/r9/order/successChargeOrderList', tokens.subAccount, q)).body.data;
    const subFacts = await scalar(
      sb.db,
      `select count(*) from charge_order where site_id in (1, 2) and status = 2 and start_time >= $1 and start_time < $2`,
      [from, NOW + DAY],
    );
    expect(sub.total).toBe(subFacts);
    const outside = await sb.get('/api/r9/order/successChargeOrderList', tokens.subAccount, { ...q, siteId: 3 });
    expect(outside.body.code).not.toBe(0);

    // the range rule
    const long = await sb.get('/api/r9/order/successChargeOrderList', tokens.operator, {
      ...q,
      startDate: '2026-01-01',
    });
    expect(long.body.message).toBe('查询时间跨度不能超过3个月');
  });
});

describe('orderRefund (rules 12–13)', () => {
  it('a partial then a full refund of a posted online order reverse every party in proportion', async () => {
    const orderId = await onlineOrder(1);
    const before = (await detail(orderId)).data;
    expect(before.refundableAmount).toBe(before.amount - before.refundAmount);
    const split = (await splitsOf(orderId)).filter((r, _i, all) => r.createTime === all[0]?.createTime);
    const gross = split.reduce((s, r) => s + r.amount, 0);
    const accounts = [...new Set(split.map((r) => r.accountId).filter((a): a is number => a !== null))];
    const start = new Map<number, number>();
    for (const a of accounts) start.set(a, (await wallet(a)).available);

    const part = Math.floor(before.refundableAmount / 3);
    const first = await refund(orderId, part);
    expect(first.body).toMatchObject({ code: 0, data: { status: 2 } });
    const mid = (await detail(orderId)).data;
    expect(mid.status).toBe(4);
    expect(mid.refundableAmount).toBe(before.refundableAmount - part);
    expect(mid.refunds.at(-1)).toMatchObject({ refundAmount: part, status: 2, reason: '设备故障' });
    // each account gave its proportional part (refundReversal), recorded by one 订单退款 entry with balanceAfter
    const expected = new Map<number, number>();
    for (const { row, amount } of refundReversal(split, part, gross))
      if (row.accountId !== null) expected.set(row.accountId, (expected.get(row.accountId) ?? 0) - amount);
    for (const a of accounts) {
      const now = (await wallet(a)).available;
      expect(now, `account ${a}`).toBe((start.get(a) ?? 0) - (expected.get(a) ?? 0));
      if ((expected.get(a) ?? 0) > 0) {
        const entry = await one<{ amount: number; balanceAfter: number }>(
          sb.db,
          `select amount, balance_after from account_bill where account_id = $1 and biz_type = 11 and order_id = $2
           order by id desc limit 1`,
          [a, orderId],
        );
        expect(Number(entry?.amount)).toBe(expected.get(a));
        expect(Number(entry?.balanceAfter)).toBe(now);
      }
    }

    const rest = mid.refundableAmount;
    expect((await refund(orderId, rest)).body.code).toBe(0);
    const after = (await detail(orderId)).data;
    expect(after).toMatchObject({ status: 3, refundableAmount: 0, refundAmount: before.amount });
    // a full refund reverses every row of the split exactly (the cumulative reversal)
    const all = await splitsOf(orderId);
    const net = new Map<number | null, number>();
    for (const r of all) net.set(r.accountId, (net.get(r.accountId) ?? 0) + r.amount);
    for (const [account, sum] of net) expect(sum, `account ${account}`).toBe(0);
    for (const a of accounts) {
      const share = split.filter((r) => r.accountId === a).reduce((s, r) => s + r.amount, 0);
      expect((await wallet(a)).available).toBe((start.get(a) ?? 0) - share);
    }
    // nothing more to refund
    const more = await refund(orderId, 1);
    expect(more.body.message).toBe('订单已无可退金额');
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('takes parts still pending from pendingIncome, and the 02:00 posting credits only the rest', async () => {
    const orderId = await onlineOrder(0);
    const split = await splitsOf(orderId);
    expect(split.every((r) => r.postStatus === 0)).toBe(true);
    const gross = split.reduce((s, r) => s + r.amount, 0);
    const owner = split.find((r) => r.role === 0);
    const ownerId = owner?.accountId ?? OPERATOR;
    const w0 = await wallet(ownerId);
    const bills0 = await scalar(sb.db, 'select count(*) from account_bill where account_id = $1', [ownerId]);
    const part = Math.floor(gross / 2);
    expect((await refund(orderId, part)).body.code).toBe(0);
    const ownerPart = -(refundReversal(split, part, gross).find((p) => p.row.role === 0)?.amount ?? 0);
    const w1 = await wallet(ownerId);
    expect(w1.available).toBe(w0.available);
    expect(w1.pending).toBe(w0.pending - ownerPart);
    // no ledger entry for pending money
    expect(await scalar(sb.db, 'select count(*) from account_bill where account_id = $1', [ownerId])).toBe(bills0);
    // the 02:00 posting credits the owner its share less what the refund reversed
    const end = Number((await detail(orderId)).data.endTime);
    const posting = Date.parse(`${dayOf(end + DAY)}T02:00:00+08:00`);
    await sb.advance(posting - sb.clock.now + 60_000);
    const bill = await one<{ amount: number }>(
      sb.db,
      'select amount from account_bill where account_id = $1 and order_id = $2 and biz_type = 1',
      [ownerId, orderId],
    );
    expect(Number(bill?.amount)).toBe((owner?.amount ?? 0) - ownerPart);
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('refunds card orders to the card without touching any wallet', async () => {
    const row = await one<{ id: number; cardId: number; amount: number; refundAmount: number }>(
      sb.db,
      `select o.id, o.card_id, o.amount, o.refund_amount from charge_order o join site s on s.id = o.site_id
       where s.operator_id = $1 and o.pay_type = 3 and o.status = 2 and o.amount > 100 and o.card_id is not null
         and o.end_time > $2 order by o.end_time desc limit 1`,
      [OPERATOR, NOW - 20 * DAY],
    );
    expect(row).not.toBeNull();
    const orderId = Number(row?.id);
    const cardBefore = await scalar(sb.db, 'select balance from card where id = $1', [row?.cardId]);
    const ops = await wallet(OPERATOR);
    const amount = Number(row?.amount) - Number(row?.refundAmount);
    expect((await refund(orderId, amount)).body.code).toBe(0);
    expect(await scalar(sb.db, 'select balance from card where id = $1', [row?.cardId])).toBe(cardBefore + amount);
    expect(await wallet(OPERATOR)).toEqual(ops);
    expect((await detail(orderId)).data.status).toBe(3);
  });

  it('lets the owner cover a party short of balance, and refuses when the owner is short', async () => {
    const orderId = await onlineOrder(1);
    const split = (await splitsOf(orderId)).filter((r, _i, all) => r.createTime === all[0]?.createTime);
    const gross = split.reduce((s, r) => s + r.amount, 0);
    const party = split.find((r) => (r.role === 1 || r.role === 2) && r.accountId !== null && r.amount > 0);
    const partyId = Number(party?.accountId);
    // the party has nothing available: the owner gives its part too
    const saved = await wallet(partyId);
    await sb.db.query(
      `update wallet set available_balance = 0, balance = balance - available_balance where account_id = $1`,
      [partyId],
    );
    const accounts = [...new Set(split.map((r) => r.accountId).filter((a): a is number => a !== null))];
    const sumAvailable = async () => {
      let t = 0;
      for (const a of accounts) t += (await wallet(a)).available;
      return t;
    };
    const total0 = await sumAvailable();
    const ownerBefore = (await wallet(OPERATOR)).available;
    const bills = await scalar(sb.db, 'select count(*) from account_bill where account_id = $1', [partyId]);
    const refundable = (await detail(orderId)).data.refundableAmount;
    expect(refundable).toBe(gross);
    expect((await refund(orderId, gross)).body.code).toBe(0);
    // every fen of the accounts' split came back, the party's part from the owner
    const withAccount = split.filter((r) => r.accountId !== null).reduce((s, r) => s + r.amount, 0);
    expect(await sumAvailable()).toBe(total0 - withAccount);
    const ownShare = split.filter((r) => r.accountId === OPERATOR).reduce((s, r) => s + r.amount, 0);
    const partyShare = split.filter((r) => r.accountId === partyId).reduce((s, r) => s + r.amount, 0);
    expect(ownerBefore - (await wallet(OPERATOR)).available).toBe(ownShare + partyShare);
    expect(await scalar(sb.db, 'select count(*) from account_bill where account_id = $1', [partyId])).toBe(bills);
    await sb.db.query(`update wallet set available_balance = $2, balance = balance + $2 where account_id = $1`, [
      partyId,
      saved.available,
    ]);

    // the owner's balance cannot cover it: refused, nothing changes
    const other = await onlineOrder(1, [orderId]);
    const kept = (await wallet(OPERATOR)).available;
    await sb.db.query(
      `update wallet set available_balance = 0, balance = balance - available_balance where account_id = $1`,
      [OPERATOR],
    );
    const refunds = await scalar(sb.db, 'select count(*) from order_refund');
    const short = await refund(other, (await detail(other)).data.refundableAmount);
    expect(short.body).toMatchObject({ code: 1, message: '账户余额不足，无法退款' });
    expect(await scalar(sb.db, 'select count(*) from order_refund')).toBe(refunds);
    expect((await detail(other)).data.status).toBe(2);
    await sb.db.query(`update wallet set available_balance = $2, balance = balance + $2 where account_id = $1`, [
      OPERATOR,
      kept,
    ]);
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('refuses what rule 12 forbids', async () => {
    const orderId = await onlineOrder(1);
    const d = (await detail(orderId)).data;
    expect((await refund(orderId, d.refundableAmount + 1)).body.message).toBe(
      `退款金额不能超过可退金额¥${(d.refundableAmount / 100).toFixed(2)}`,
    );
    expect((await refund(orderId, 0)).body.code).toBe(1);
    const old = await one<{ id: number }>(
      sb.db,
      `select o.id from charge_order o join site s on s.id = o.site_id where s.operator_id = $1 and o.pay_type = 1
         and o.status = 2 and o.end_time < $2 limit 1`,
      [OPERATOR, NOW - 31 * DAY],
    );
    expect((await refund(Number(old?.id), 1)).body.message).toBe('订单已超过可退款期限');
    const remote = await one<{ id: number }>(
      sb.db,
      `select o.id from charge_order o join site s on s.id = o.site_id where s.operator_id = $1 and o.pay_type in (4, 6, 7)
       limit 1`,
      [OPERATOR],
    );
    if (remote) expect((await refund(Number(remote.id), 1)).body.message).toBe('该支付方式的订单不支持退款');
    const running = await one<{ id: number }>(
      sb.db,
      `select o.id from charge_order o join site s on s.id = o.site_id where s.operator_id = $1 and o.pay_type in (1, 2)
         and o.status = 1 and (o.preset_minutes is null or o.start_time + o.preset_minutes * 60000 > $2) limit 1`,
      [OPERATOR, sb.clock.now + 60_000],
    );
    if (running) expect((await refund(Number(running.id), 1)).body.message).toBe('订单未结束，暂不能退款');
    // permissions: the sub-account holds order:view only, the property is no owner
    expect((await refund(orderId, 1, newRequestId(), tokens.subAccount)).body.code).toBe(403);
    expect((await refund(orderId, 1, newRequestId(), tokens.property)).body.code).toBe(403);
    expect(
      (await sb.post('/api/r9/order/orderRefund', tokens.operator, { orderId, refundAmount: 1, reason: '其他' })).body
        .code,
    ).toBe(1);
  });

  it('acts exactly once per requestId, and concurrent refunds never exceed the order', async () => {
    let orderId = await onlineOrder(1);
    const used: number[] = [orderId];
    await moneyNeverDoubles(sb, {
      path: '/api/r9/order/orderRefund',
      prepare: async () => {
        orderId = await onlineOrder(1, used);
        used.push(orderId);
      },
      send: (requestId) => refund(orderId, 100, requestId),
      effects: () => scalar(sb.db, 'select count(*) from order_refund where order_id = any($1::bigint[])', [used]),
      race: {
        count: 12,
        maxSuccesses: 3,
        prepare: async () => {
          orderId = await onlineOrder(1, used);
          used.push(orderId);
          const d = (await detail(orderId)).data;
          // leave exactly 3 × 100 fen refundable
          await refund(orderId, d.refundableAmount - 300);
        },
        send: (requestId) => refund(orderId, 100, requestId),
      },
    });
    // many at once with their own requestIds: the refunds add up to the order at most
    const target = await onlineOrder(1, used);
    const d = (await detail(target)).data;
    const piece = Math.ceil(d.refundableAmount / 4);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(target, piece)));
    const ok = answers.filter((a) => a.body.code === 0).length;
    expect(ok).toBe(Math.floor(d.refundableAmount / piece));
    const total = await scalar(sb.db, 'select coalesce(sum(refund_amount), 0) from order_refund where order_id = $1', [
      target,
    ]);
    expect(total).toBeLessThanOrEqual(d.amount);
    expect(total).toBe(d.amount - d.refundableAmount + ok * piece);
    expect(await walletViolations(sb.db)).toEqual([]);
  });
});

describe('the export of the list (billExportChargeOrder, C-mine.md chargerRecord-list 导出)', () => {
  it('mails exactly the rows of the tab and filter the list shows', async () => {
    const email = 'orders-tab@yichong-hz.cn';
    const query = { startDate: monthStart, endDate: today, payType: 1 };
    const listed = (
      await sb.get<OrderPage>('/api/r9/order/refundedChargeOrderList', tokens.operator, {
        ...query,
        pageNum: 1,
        pageSize: 100,
      })
    ).body.data;
    expect(listed.total).toBeGreaterThan(0);
    const asked = await sb.post<{ docId: number }>('/api/account/v2/billExportChargeOrder', tokens.operator, {
      ...query,
      tab: 2,
      email,
      requestId: newRequestId(),
    });
    expect(asked.body.code, asked.body.message).toBe(0);
    // the download centre's record names the tab it holds
    const records = await sb.get<{ list: { id: number; fileName: string; conditions: string }[] }>(
      '/api/doc/listDocRecords',
      tokens.operator,
      { docType: '1' },
    );
    const record = records.body.data.list.find((r) => r.id === asked.body.data.docId);
    expect(record?.conditions).toMatch(/ · 已退款$/);
    expect(record?.fileName).toMatch(/^充电订单_已退款_/);
    await sb.advance(5_001); // the job exportGeneration
    const mail = (await sentMails(sb.db, email))[0];
    const content = await one<{ content: Uint8Array }>(
      sb.db,
      'select content from sandbox_mail_attachment where mail_id = $1 and idx = 0',
      [mail?.id],
    );
    const sheet = await workbookRows(new Uint8Array(content?.content ?? []));
    expect(sheet.slice(1).map((r) => r[0])).toEqual(listed.list.map((r) => r.orderNo));
    // a search narrows the file as it narrows the list
    const one1 = listed.list[0]?.orderNo ?? '';
    const narrowed = await sb.post<{ docId: number }>('/api/account/v2/billExportChargeOrder', tokens.operator, {
      ...query,
      tab: 2,
      keyword: one1.slice(-10),
      email,
      requestId: newRequestId(),
    });
    expect(narrowed.body.code).toBe(0);
    await sb.advance(5_001);
    const second = (await sentMails(sb.db, email))[0];
    const c2 = await one<{ content: Uint8Array }>(
      sb.db,
      'select content from sandbox_mail_attachment where mail_id = $1 and idx = 0',
      [second?.id],
    );
    expect((await workbookRows(new Uint8Array(c2?.content ?? []))).slice(1).map((r) => r[0])).toEqual([one1]);
  });
});
