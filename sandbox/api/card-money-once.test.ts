import { describe, expect, it } from 'vitest';
import type { BatchResult, OldCardRow, ReplaceActivity } from '../../src/api/card';
import { REUSED_MESSAGE } from '../domain/exactly-once';
import { one, scalar } from '../lib/db';
import { openSandboxForFile } from '../testing';
import { moneyNeverDoubles, newRequestId } from '../testing-money';

/**
 * "Money never doubles" for the card money actions of issue 10 (D-income.md §0.5; issue 12 item 10; C-mine.md
 * info/recharge, info/active, info factory reset, permuteCard): each runs the shared scenarios of
 * sandbox/testing-money.ts — the same requestId many times at once, again later, a stalled first request retried while
 * in flight, and different requestIds racing for one limited thing — acting exactly once each time, wallets intact.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'subAccount']);

let serial = 0;
/** A new stock card (未激活) of type 1 at `siteId`; returns its id and number. */
async function stockCard(siteId: number): Promise<{ cardId: number; cardNo: string }> {
  const cardNo = `MO${Date.now().toString(36).toUpperCase()}${String(++serial).padStart(4, '0')}`;
  const added = await sb.post<BatchResult>('/api/card/addCard', tokens.operator, {
    cardType: 1,
    cardNos: [cardNo],
    siteIds: [siteId],
  });
  expect(added.body.data).toEqual({ successCount: 1, failList: [] });
  const row = await one<{ id: number }>(sb.db, 'select id from card where card_no = $1', [cardNo]);
  return { cardId: Number(row?.id), cardNo };
}

const activate = (cardId: number, requestId: string, payAmount = 5000) =>
  sb.post('/api/card/activeCard', tokens.operator, {
    cardId,
    phone: '13912340009',
    holderName: '一次',
    payAmount,
    giveAmount: 0,
    ...(payAmount > 0 ? { payType: 3 } : {}),
    requestId,
  });

describe('a requestId belongs to the account that sends it', () => {
  it('an operator and its sub-account sharing a requestId each recharge once; another amount is refused', async () => {
    // 13800138004 holds card:recharge at sites 1 and 2.
    const { cardId } = await stockCard(1);
    expect((await activate(cardId, newRequestId(), 0)).body.code).toBe(0);
    const requestId = newRequestId();
    const refill = (token: string, payAmount: number) =>
      sb.post('/api/card/refillCard', token, { cardId, cardType: 1, payAmount, giveAmount: 0, payType: 4, requestId });
    const recharges = () => scalar(sb.db, 'select count(*) from card_recharge where card_id = $1', [cardId]);
    expect((await refill(tokens.operator, 1000)).body.code).toBe(0);
    expect((await refill(tokens.subAccount, 1000)).body.code).toBe(0);
    expect(await recharges()).toBe(2);
    expect((await refill(tokens.subAccount, 1000)).body.code).toBe(0);
    expect(await recharges()).toBe(2);
    expect((await refill(tokens.operator, 3000)).body).toMatchObject({ code: 1, message: REUSED_MESSAGE });
    expect(await recharges()).toBe(2);
  });
});

describe('card money actions act exactly once', () => {
  it('refillCard', async () => {
    const { cardId } = await stockCard(5);
    expect((await activate(cardId, newRequestId(), 0)).body.code).toBe(0);
    await moneyNeverDoubles(sb, {
      path: '/api/card/refillCard',
      prepare: async () => {
        await sb.db.query('update card set balance = 0, give_balance = 0 where id = $1', [cardId]);
      },
      send: (requestId) =>
        sb.post('/api/card/refillCard', tokens.operator, {
          cardId,
          cardType: 1,
          payAmount: 5000,
          giveAmount: 500,
          payType: 4,
          requestId,
        }),
      effects: () => scalar(sb.db, 'select count(*) from card_recharge where card_id = $1', [cardId]),
      // Recharges racing to the ¥5000 ceiling: one fits.
      race: {
        count: 4,
        maxSuccesses: 1,
        prepare: async () => {
          await sb.db.query('update card set balance = 450000, give_balance = 0 where id = $1', [cardId]);
        },
        send: (requestId) =>
          sb.post('/api/card/refillCard', tokens.operator, {
            cardId,
            cardType: 1,
            payAmount: 40_000,
            giveAmount: 0,
            payType: 3,
            requestId,
          }),
      },
    });
    expect(await scalar(sb.db, 'select balance from card where id = $1', [cardId])).toBe(490_000);
  });

  it('activeCard', async () => {
    let card = await stockCard(5);
    await moneyNeverDoubles(sb, {
      path: '/api/card/activeCard',
      prepare: async () => {
        card = await stockCard(5);
      },
      send: (requestId) => activate(card.cardId, requestId),
      effects: () => scalar(sb.db, `select count(*) from card where status = 3 and card_no like 'MO%'`),
      // One stock card activated by different requests: once.
      race: {
        count: 4,
        maxSuccesses: 1,
        prepare: async () => {
          card = await stockCard(5);
        },
        send: (requestId) => activate(card.cardId, requestId),
      },
    });
  });

  it('factoryReset', async () => {
    let card = await stockCard(5);
    const fresh = async () => {
      card = await stockCard(5);
      expect((await activate(card.cardId, newRequestId())).body.code).toBe(0);
    };
    await moneyNeverDoubles(sb, {
      path: '/api/card/factoryReset',
      prepare: fresh,
      send: (requestId) =>
        sb.post('/api/card/factoryReset', tokens.operator, { cardId: card.cardId, reason: 2, requestId }),
      effects: () => scalar(sb.db, 'select count(*) from card_reset_record'),
      race: {
        count: 4,
        maxSuccesses: 1,
        prepare: fresh,
        send: (requestId) =>
          sb.post('/api/card/factoryReset', tokens.operator, { cardId: card.cardId, reason: 2, requestId }),
      },
    });
  });

  it('cardReplace', async () => {
    const activity = (await sb.get<ReplaceActivity>('/wap/card/goingActivity', tokens.operator)).body.data;
    let newCard = '';
    let old: OldCardRow | null = null;
    const fresh = async () => {
      newCard = (await stockCard(1)).cardNo;
      const olds = (await sb.get<OldCardRow[]>('/wap/card/getCardBySiteId', tokens.operator, { siteId: 1 })).body.data;
      old = olds.find((o) => o.replaced === 0 && o.balance <= activity.maxTransferAmount) ?? null;
      if (!old) throw new Error('site 1 has old cards left to replace');
    };
    const send = (requestId: string) =>
      sb.post('/wap/card/cardReplace', tokens.operator, {
        activityId: activity.activityId,
        oldCard: old?.oldCard,
        oldCardBalance: old?.balance,
        phone: '13912345671',
        rechargeType: 2,
        newCard,
        siteId: 1,
        status: 3,
        requestId,
      });
    await moneyNeverDoubles(sb, {
      path: '/wap/card/cardReplace',
      prepare: fresh,
      send,
      effects: () => scalar(sb.db, 'select count(*) from card_replace_record'),
      race: { count: 4, maxSuccesses: 1, prepare: fresh, send },
    });
  });
});
