import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CardDetail, OldCardRow, ReplaceActivity } from '../../src/api/card';
import { one, scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * Old-card replacement (C-mine.md /mine/permuteCard, Business rule 11; entities.md §39–§41) through HTTP: only during
 * the activity in progress and at its sites, each old card once, the imported balance enforced when manual balances are
 * not allowed (and capped by maxTransferAmount), the new card a stock card of the same merchant bound to that site,
 * activated with the amount as principal or gift, one type-4 recharge and one record; exactly once.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb } = openSandboxForFile(NOW, ['operator']);
const op = DEMO_PHONES.operator;
const rid = () => randomBytes(16).toString('hex');

/** A stock value card (status 1) of the operator bound to `siteId`. */
async function stockCard(siteId: number, skip = 0): Promise<string> {
  const row = await one<{ cardNo: string }>(
    sb.db,
    `select c.card_no from card c join card_site cs on cs.card_id = c.id
     where c.merchant_id = 10001 and c.card_type = 1 and c.status = 1 and cs.site_id = $1 order by c.id offset $2 limit 1`,
    [siteId, skip],
  );
  if (!row) throw new Error(`no stock card at site ${siteId}`);
  return row.cardNo;
}

describe('old-card replacement (rule 11)', () => {
  it('lists the activity in progress with its sites and their imported old cards', async () => {
    const activity = await sb.data<ReplaceActivity>(op, '/wap/card/goingActivity');
    expect(activity).toMatchObject({ allowManualBalance: 0, maxTransferAmount: 10000 });
    expect(activity.siteList.map((s) => s.siteId)).toEqual([1, 2]);
    const olds = await sb.data<OldCardRow[]>(op, '/wap/card/getCardBySiteId?siteId=1');
    expect(olds.length).toBe(15);
    expect(olds.filter((o) => o.replaced === 1).length).toBeGreaterThan(0);
    // The sub-account sees the same activity (its sites are 1 and 2).
    const sub = await sb.data<ReplaceActivity>(DEMO_PHONES.subAccount, '/wap/card/goingActivity');
    expect(sub.siteList.map((s) => s.siteId)).toEqual([1, 2]);
  });

  it('replaces an imported old card once, with its stored balance, into the new card’s gift balance', async () => {
    const activity = await sb.data<ReplaceActivity>(op, '/wap/card/goingActivity');
    const olds = await sb.data<OldCardRow[]>(op, '/wap/card/getCardBySiteId?siteId=1');
    const old = olds.find((o) => o.replaced === 0) as OldCardRow;
    const newCard = await stockCard(1);
    const body = {
      activityId: activity.activityId,
      oldCard: old.oldCard,
      oldCardBalance: old.balance,
      phone: '13912345670',
      rechargeType: 2,
      newCard,
      siteId: 1,
      status: 3,
      requestId: rid(),
    };
    // The imported balance is enforced; the new card must be bound to the site.
    expect(
      (await sb.call(op, '/wap/card/cardReplace', { ...body, oldCardBalance: old.balance + 100, requestId: rid() }))
        .body.message,
    ).toBe('旧卡余额与导入记录不一致');
    expect(
      (await sb.call(op, '/wap/card/cardReplace', { ...body, newCard: await stockCard(3), requestId: rid() })).body
        .message,
    ).toBe('新卡未绑定该站点');
    expect(
      (await sb.call(op, '/wap/card/cardReplace', { ...body, oldCard: newCard, requestId: rid() })).body.message,
    ).toBe('新旧卡号不能相同');
    expect(
      (await sb.call(op, '/wap/card/cardReplace', { ...body, oldCard: '09999999', requestId: rid() })).body.message,
    ).toBe('未找到该旧卡，请核对卡号');
    const [a, b] = await Promise.all([
      sb.call(op, '/wap/card/cardReplace', body),
      sb.call(op, '/wap/card/cardReplace', body),
    ]);
    expect(a.body.code).toBe(0);
    expect(b.body).toEqual(a.body);
    const result = a.body.data as { newCardId: number; giveBalance: number; balance: number };
    expect(result.balance).toBe(0);
    expect(result.giveBalance).toBe(Math.min(old.balance, 10000));
    const card = await sb.data<CardDetail>(op, `/api/card/selectCardDetail?cardId=${result.newCardId}`);
    expect(card).toMatchObject({ status: 3, phone: '13912345670', giveBalance: result.giveBalance });
    expect(
      await scalar(sb.db, 'select count(*) from card_recharge where card_id = $1 and type = 4 and channel = 2', [
        result.newCardId,
      ]),
    ).toBe(1);
    expect(
      await scalar(sb.db, 'select count(*) from card_replace_record where new_card_id = $1', [result.newCardId]),
    ).toBe(1);
    // Each old card once.
    const again = await sb.call(op, '/wap/card/cardReplace', {
      ...body,
      newCard: await stockCard(1),
      requestId: rid(),
    });
    expect(again.body.message).toBe('该旧卡已完成换卡');
    // A stock card already activated is no new card.
    const other = (await sb.data<OldCardRow[]>(op, '/wap/card/getCardBySiteId?siteId=1')).find(
      (o) => o.replaced === 0,
    ) as OldCardRow;
    const used = await sb.call(op, '/wap/card/cardReplace', {
      ...body,
      oldCard: other.oldCard,
      oldCardBalance: other.balance,
      requestId: rid(),
    });
    expect(used.body.message).toBe('新卡不存在或已激活');
  });

  it('transfers to principal with rechargeType 1; outside the activity’s sites or time it is refused', async () => {
    const activity = await sb.data<ReplaceActivity>(op, '/wap/card/goingActivity');
    const old = (await sb.data<OldCardRow[]>(op, '/wap/card/getCardBySiteId?siteId=2')).find(
      (o) => o.replaced === 0,
    ) as OldCardRow;
    const body = {
      activityId: activity.activityId,
      oldCard: old.oldCard,
      oldCardBalance: old.balance,
      phone: '13912345671',
      rechargeType: 1,
      newCard: await stockCard(2),
      siteId: 2,
      status: 3,
    };
    expect((await sb.call(op, '/wap/card/cardReplace', { ...body, siteId: 3, requestId: rid() })).body.message).toBe(
      '该站点不在换卡活动范围内',
    );
    sb.clock.now = activity.endTime + 1000;
    try {
      expect(await sb.data(op, '/wap/card/goingActivity')).toBeNull();
      expect((await sb.call(op, '/wap/card/cardReplace', { ...body, requestId: rid() })).body.message).toBe(
        '当前没有进行中的换卡活动',
      );
    } finally {
      sb.clock.now = NOW;
    }
    const done = await sb.data<{ balance: number; giveBalance: number }>(op, '/wap/card/cardReplace', {
      ...body,
      requestId: rid(),
    });
    expect(done).toMatchObject({ balance: Math.min(old.balance, 10000), giveBalance: 0 });
  });
});
