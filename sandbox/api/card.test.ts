import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BatchResult, CardDetail, CardListPage, RechargeTemplate, ResetRecord } from '../../src/api/card';
import type { Page } from '../../src/api/http';
import { one, rows, scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile, walletViolations } from '../testing';

/**
 * The card rules of C-mine.md (Business rules 1, 4–10; entities.md §31–§38, R7) through the sandbox's HTTP interface:
 * the life cycle (add → 未激活 → 正常 ↔ 冻结, month-card pause with whole paused days, expiry at 00:00 Asia/Shanghai,
 * renewal, factory reset keeping its sites), numbers unique platform-wide, binding by type and fee rule, recharge limits,
 * renewal periods, templates and the smart bonus applying to later recharges only, each money action exactly once,
 * permissions and the data scope of a sub-account limited to sites 1 and 2.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'subAccount', 'builder', 'property', 'agent']);
const op = DEMO_PHONES.operator;

/** A fresh request id (32 hex). */
const rid = () => randomBytes(16).toString('hex');
/** A new card number unused in the demo world. */
let serial = 0;
const newNo = (prefix = 'T') => `${prefix}${Date.now().toString(36).toUpperCase()}${String(++serial).padStart(4, '0')}`;

/** Adds cards of a type to sites as the operator and returns their ids. */
async function addCards(cardType: number, siteIds: number[], count = 1): Promise<number[]> {
  const cardNos = Array.from({ length: count }, () => newNo());
  const path = cardType === 3 ? '/api/card/add' : '/api/card/addCard';
  const result = await sb.data<BatchResult>(op, path, { cardType, cardNos, siteIds });
  expect(result).toEqual({ successCount: count, failList: [] });
  const list = await rows<{ id: number }>(sb.db, 'select id from card where card_no = any($1::text[]) order by id', [
    cardNos,
  ]);
  return list.map((r) => Number(r.id));
}

const detail = (cardType: number, cardId: number, phone: string = op) =>
  sb.data<CardDetail>(
    phone,
    `${{ 1: '/api/card/selectCardDetail', 2: '/api/card/monthCardDetail', 3: '/api/card/cardDetail', 4: '/api/card/selectCardDetail' }[cardType]}?cardId=${cardId}`,
  );

/** Activates a value card with a first recharge (a tier of the demo templates: ¥50 + ¥5). */
const activateValue = (cardId: number, fields: Record<string, unknown> = {}) =>
  sb.call(op, '/api/card/activeCard', {
    cardId,
    phone: '13912340001',
    holderName: '测试持卡人',
    payAmount: 5000,
    giveAmount: 500,
    payType: 3,
    requestId: rid(),
    ...fields,
  });

describe('the card life cycle (rule 4)', () => {
  it('adds cards in stock (未激活) bound to their site, activates, freezes and unfreezes them', async () => {
    const [cardId] = await addCards(1, [3]);
    const stock = await detail(1, cardId as number);
    expect(stock).toMatchObject({ status: 1, balance: 0, giveBalance: 0, holderName: '', phone: '' });
    expect(stock.sites.map((s) => s.siteId)).toEqual([3]);

    // Freezing a card in stock is refused; activation needs the holder's phone.
    expect((await sb.call(op, '/api/card/updateCardStatus', { cardId, status: 2 })).body.message).toBe(
      '只有正常的卡可以冻结',
    );
    expect((await activateValue(cardId as number, { phone: '123' })).body.message).toBe('请输入正确的11位手机号');
    const active = await activateValue(cardId as number);
    expect(active.body).toMatchObject({ code: 0, data: { status: 3, balance: 5000, giveBalance: 500 } });
    expect((await activateValue(cardId as number)).body.message).toBe('该卡已激活');
    const first = await one<{ type: number; channel: number; payAmount: number }>(
      sb.db,
      'select type, channel, pay_amount from card_recharge where card_id = $1',
      [cardId],
    );
    expect(first).toEqual({ type: 2, channel: 2, payAmount: 5000 });

    expect((await sb.data(op, '/api/card/updateCardStatus', { cardId, status: 2 })) as unknown).toEqual({ status: 2 });
    expect((await detail(1, cardId as number)).status).toBe(2);
    expect((await sb.data(op, '/api/card/updateCardStatus', { cardId, status: 3 })) as unknown).toEqual({ status: 3 });
    expect((await sb.call(op, '/api/card/updateCardStatus', { cardId, status: 3 })).body.message).toBe(
      '只有已冻结的卡可以解冻',
    );
  });

  it('pauses a month card and resumes it with endDate pushed back by the whole paused days, counted up', async () => {
    const [cardId] = await addCards(2, [1]);
    const template = (
      await sb.data<{ templateId: number; price: number; days: number }[]>(
        op,
        '/api/card/getMonthCardTemplate?siteId=1',
      )
    )[0];
    expect(template).toBeDefined();
    const activated = await sb.data<{ startDate: string; endDate: string }>(op, '/api/card/activeCard', {
      cardId,
      phone: '13912340002',
      payAmount: template?.price,
      giveAmount: 0,
      templateId: template?.templateId,
      payType: 3,
      requestId: rid(),
    });
    expect(activated.startDate).toBe('2026-11-20');
    const end = activated.endDate;
    const stop = await sb.data<{ status: number }>(op, '/api/card/stopOrUnfreezeMonthCard', { cardId, action: 1 });
    expect(stop.status).toBe(6);
    expect((await detail(2, cardId as number)).pauseDate).toBe('2026-11-20');
    // Paused 2 days and 1 hour: 3 whole days (counted up).
    sb.clock.now = NOW + 2 * 86_400_000 + 3_600_000;
    try {
      const resumed = await sb.data<{ status: number; endDate: string }>(op, '/api/card/stopOrUnfreezeMonthCard', {
        cardId,
        action: 2,
      });
      const expected = new Date(Date.parse(`${end}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
      expect(resumed).toEqual({ status: 3, endDate: expected });
      expect((await sb.call(op, '/api/card/stopOrUnfreezeMonthCard', { cardId, action: 2 })).body.message).toBe(
        '只有已停卡的月卡可以恢复',
      );
    } finally {
      sb.clock.now = NOW;
    }
  });

  it('expires a month card at 00:00 Asia/Shanghai after its last day, and renews it from today', async () => {
    const [cardId] = await addCards(2, [2]);
    const template = (
      await sb.data<{ templateId: number; price: number; days: number }[]>(
        op,
        '/api/card/getMonthCardTemplate?siteId=2',
      )
    )[0];
    await sb.data(op, '/api/card/activeCard', {
      cardId,
      phone: '13912340003',
      payAmount: template?.price,
      giveAmount: 0,
      templateId: template?.templateId,
      payType: 4,
      requestId: rid(),
    });
    // Its last day is today: valid until 23:59:59.
    await sb.db.query(`update card set end_date = '2026-11-20' where id = $1`, [cardId]);
    const start = sb.clock.now;
    try {
      await sb.advance(Date.parse('2026-11-20T23:59:00+08:00') - start);
      expect((await detail(2, cardId as number)).status).toBe(3);
      await sb.advance(2 * 60_000); // 00:01 on the 21st: the 00:00 job ran
      expect((await detail(2, cardId as number)).status).toBe(5);
      // Renewal of an expired card starts today (rule 9).
      const renewed = await sb.data<{ endDate: string }>(op, '/api/card/refillCard', {
        cardId,
        cardType: 2,
        payAmount: template?.price,
        giveAmount: 0,
        templateId: template?.templateId,
        payType: 3,
        requestId: rid(),
      });
      const days = template?.days ?? 30;
      expect(renewed.endDate).toBe(
        new Date(Date.parse('2026-11-21T00:00:00Z') + (days - 1) * 86_400_000).toISOString().slice(0, 10),
      );
      const card = await detail(2, cardId as number);
      expect(card).toMatchObject({ status: 3, startDate: '2026-11-21', endDate: renewed.endDate });
      // A valid card continues from endDate + 1.
      const again = await sb.data<{ endDate: string }>(op, '/api/card/refillCard', {
        cardId,
        cardType: 2,
        payAmount: template?.price,
        giveAmount: 0,
        templateId: template?.templateId,
        payType: 3,
        requestId: rid(),
      });
      expect(again.endDate).toBe(
        new Date(Date.parse(`${renewed.endDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10),
      );
    } finally {
      sb.clock.now = start;
    }
  });

  it('factory reset clears a card to 未激活, keeps its sites and writes one record; exactly once', async () => {
    const [cardId] = await addCards(1, [4]);
    await activateValue(cardId as number, { payAmount: 3000, giveAmount: 200 });
    const requestId = rid();
    const body = { cardId, reason: 4, reasonRemark: '用户搬家', requestId };
    const [a, b] = await Promise.all([
      sb.call(op, '/api/card/factoryReset', body),
      sb.call(op, '/api/card/factoryReset', body),
    ]);
    expect(a.body.code).toBe(0);
    expect(b.body).toEqual(a.body);
    expect((await sb.call(op, '/api/card/factoryReset', body)).body).toEqual(a.body);
    const card = await detail(1, cardId as number);
    expect(card).toMatchObject({ status: 1, balance: 0, giveBalance: 0, holderName: '', phone: '', licenseNumber: '' });
    expect(card.sites.map((s) => s.siteId)).toEqual([4]);
    const records = await sb.data<Page<ResetRecord>>(op, '/api/card/resetCardList?pageNum=1&pageSize=5&cardType=1');
    const record = records.list.find((r) => r.cardId === cardId);
    expect(record).toMatchObject({
      clearedBalance: 3000,
      clearedGiveBalance: 200,
      reason: 4,
      reasonRemark: '用户搬家',
    });
    expect(await scalar(sb.db, 'select count(*) from card_reset_record where card_id = $1', [cardId])).toBe(1);
    // Reset again: a card in stock is not reset.
    expect((await sb.call(op, '/api/card/factoryReset', { ...body, requestId: rid() })).body.message).toBe(
      '未激活的卡无需注销',
    );
  });

  it('resetting an area card releases its remaining frozen principal to the owner (R4.6)', async () => {
    const frozen = await one<{ cardId: number; remaining: number }>(
      sb.db,
      `select f.card_id, f.remaining_amount as remaining from area_card_freeze f join card c on c.id = f.card_id
       where f.remaining_amount > 0 and c.status = 3 order by f.id limit 1`,
    );
    expect(frozen).not.toBeNull();
    const before = await one<{ available: number; cardFrozen: number }>(
      sb.db,
      'select available_balance as available, card_frozen_amount as card_frozen from wallet where account_id = 10001',
    );
    await sb.data(op, '/api/card/factoryReset', { cardId: frozen?.cardId, reason: 2, requestId: rid() });
    const after = await one<{ available: number; cardFrozen: number }>(
      sb.db,
      'select available_balance as available, card_frozen_amount as card_frozen from wallet where account_id = 10001',
    );
    expect(Number(after?.available) - Number(before?.available)).toBe(Number(frozen?.remaining));
    expect(Number(before?.cardFrozen) - Number(after?.cardFrozen)).toBe(Number(frozen?.remaining));
    expect(await walletViolations(sb.db)).toEqual([]);
  });
});

describe('numbers and bindings (rules 5, 6)', () => {
  it('refuses a number held by any card, also another merchant’s, and lists the conflicts', async () => {
    const taken = await one<{ cardNo: string }>(sb.db, 'select card_no from card where merchant_id = 10008 limit 1');
    const cardNo = taken?.cardNo as string;
    const check = await sb.data<{ boundList: { cardNo: string; merchantName: string }[] }>(
      op,
      '/api/card/cardIsBindOtherSite',
      {
        cardNos: [cardNo, newNo()],
      },
    );
    expect(check.boundList).toHaveLength(1);
    expect(check.boundList[0]?.cardNo).toBe(cardNo);
    expect(check.boundList[0]?.merchantName).not.toBe('');
    const fresh = newNo();
    const added = await sb.data<BatchResult>(op, '/api/card/addCard', {
      cardType: 1,
      cardNos: [cardNo.toLowerCase(), fresh],
      siteIds: [1],
    });
    expect(added).toEqual({ successCount: 1, failList: [{ cardNo: cardNo.toUpperCase(), reason: '卡号已存在' }] });
    // Two requests adding the same number: one card.
    const twin = newNo();
    await Promise.all([
      sb.call(op, '/api/card/addCard', { cardType: 1, cardNos: [twin], siteIds: [1] }),
      sb.call(op, '/api/card/addCard', { cardType: 1, cardNos: [twin], siteIds: [2] }),
    ]);
    expect(await scalar(sb.db, 'select count(*) from card where card_no = $1', [twin])).toBe(1);
    const bad = await sb.call(op, '/api/card/addCard', { cardType: 1, cardNos: ['12-34'], siteIds: [1] });
    expect(bad.body.message).toBe('卡号为8-20位数字或字母');
  });

  it('binds types 1/2 to exactly one site, type 3 to sites of one rule; a month card only where templates exist', async () => {
    expect(
      (await sb.call(op, '/api/card/addCard', { cardType: 1, cardNos: [newNo()], siteIds: [1, 2] })).body.message,
    ).toBe('该类卡片只能绑定一个站点');
    // Sites 1 and 2 share 区域A; site 3 has another rule.
    expect(
      (await sb.call(op, '/api/card/add', { cardType: 3, cardNos: [newNo()], siteIds: [1, 3] })).body.message,
    ).toBe('所选站点收费规则不一致');
    expect(
      (await sb.call(op, '/api/card/addCard', { cardType: 2, cardNos: [newNo()], siteIds: [6] })).body.message,
    ).toBe('该站点未开通站点月卡');
    expect(
      (await sb.call(op, '/api/card/addCard', { cardType: 4, cardNos: [newNo()], siteIds: [1] })).body.message,
    ).toBe('电子卡由用户线上购买，不可添加');
    const rule = await sb.data<{ cardTypes: number[]; ruleId: number }>(op, '/api/card/siteAvailableRule?siteId=6');
    expect(rule.cardTypes).toEqual([1, 3, 4]);
    const [area] = await addCards(3, [1]);
    const added = await sb.data<{ siteCount: number }>(op, '/api/card/updateBindSite', {
      cardId: area,
      addSiteIds: [2],
      removeSiteIds: [],
    });
    expect(added.siteCount).toBe(2);
    expect(
      (await sb.call(op, '/api/card/updateBindSite', { cardId: area, addSiteIds: [3], removeSiteIds: [] })).body
        .message,
    ).toBe('所选站点收费规则不一致');
    expect(
      (await sb.call(op, '/api/card/updateBindSite', { cardId: area, addSiteIds: [], removeSiteIds: [1, 2] })).body
        .message,
    ).toBe('区域储值卡至少保留一个站点');
    const [value] = await addCards(1, [1]);
    await sb.data(op, '/api/card/updateCardBindSite', { cardId: value, siteIds: [5] });
    expect((await detail(1, value as number)).sites.map((s) => s.siteId)).toEqual([5]);
  });
});

describe('recharges (rules 8–10)', () => {
  it('enforces the limits: ¥0.01–¥1000, gift ≤ amount, balance ≤ ¥5000', async () => {
    const [cardId] = await addCards(1, [1]);
    await activateValue(cardId as number, { payAmount: 0, giveAmount: 0, payType: undefined });
    const refill = (payAmount: number, giveAmount: number) =>
      sb.call(op, '/api/card/refillCard', { cardId, cardType: 1, payAmount, giveAmount, payType: 3, requestId: rid() });
    expect((await refill(0, 0)).body.message).toBe('单次充值金额为0.01-1000元');
    expect((await refill(100_001, 0)).body.message).toBe('单次充值金额为0.01-1000元');
    expect((await refill(2000, 2500)).body.message).toBe('赠送金额不能超过充值金额');
    // Site 1's template allows custom amounts from ¥10.
    expect((await refill(500, 0)).body.message).toBe('最低充值¥10.00');
    for (let i = 0; i < 4; i++) expect((await refill(100_000, 0)).body.code).toBe(0);
    expect((await refill(99_999, 1)).body.code).toBe(0);
    expect((await refill(1000, 0)).body.message).toBe('充值后卡内余额不能超过5000元');
    const card = await detail(1, cardId as number);
    expect(card.balance + card.giveBalance).toBe(500_000);
  });

  it('applies template changes only to later recharges, and the smart bonus from its start day on', async () => {
    const [cardId] = await addCards(1, [2]);
    await activateValue(cardId as number, { payAmount: 3000, giveAmount: 200 });
    const before = await sb.data<Page<RechargeTemplate>>(op, '/api/card/getCardRechargeTemplateList?siteId=2');
    expect(before.list[0]?.valueTiers).toContainEqual({ payAmount: 3000, giveAmount: 200 });
    await sb.data(op, '/api/card/setCardRechargeTemplate', {
      siteId: 2,
      tiers: [
        { payAmount: 5000, giveAmount: 800 },
        { payAmount: 3000, giveAmount: 400 },
      ],
      customAmount: 0,
      minAmount: 0,
    });
    // The first recharge keeps its gift; the old tier is gone.
    expect(await scalar(sb.db, 'select give_amount from card_recharge where card_id = $1 and type = 2', [cardId])).toBe(
      200,
    );
    const old = await sb.call(op, '/api/card/refillCard', {
      cardId,
      cardType: 1,
      payAmount: 3000,
      giveAmount: 200,
      payType: 3,
      requestId: rid(),
    });
    expect(old.body.message).toBe('请选择充值档位');
    const now = await sb.data<{ giveBalance: number }>(op, '/api/card/refillCard', {
      cardId,
      cardType: 1,
      payAmount: 3000,
      giveAmount: 400,
      payType: 3,
      requestId: rid(),
    });
    expect(now.giveBalance).toBe(200 + 400);
    // Eligibility: at least 10 online value-card recharges at the site over the last 30 days.
    const counts = await rows<{ siteId: number; n: number }>(
      sb.db,
      `select s.id as site_id, (select count(*) from card_recharge r where r.site_id = s.id and r.channel = 1
         and r.card_type in (1, 4) and r.create_time >= $1)::int as n from site s where s.id between 2 and 5 order by s.id`,
      [Date.parse('2026-10-22T00:00:00+08:00')],
    );
    for (const c of counts) {
      const answer = await sb.data<{ eligible: boolean; reason?: string }>(
        op,
        `/api/card/hasAISellCardEligible?siteId=${c.siteId}`,
      );
      expect(answer.eligible, `site ${c.siteId}`).toBe(Number(c.n) >= 10);
      if (!answer.eligible) expect(answer.reason).toBe('近30天线上充值不足10笔，暂不支持智能赠送');
    }
    const site = Number(counts.find((c) => Number(c.n) >= 10)?.siteId);
    expect(site).toBeGreaterThan(0);
    // Switched on from tomorrow, the smart bonus overrides the gifts from then on.
    expect(
      (await sb.call(op, '/api/card/openAIRecommendCardGiveDate', { siteId: site, startDate: '2026-11-20' })).body
        .message,
    ).toBe('生效日期最早为明天');
    await sb.data(op, '/api/card/openAIRecommendCardGiveDate', { siteId: site, startDate: '2026-11-21' });
    const status = await sb.data<{ status: number; recommendTiers: { payAmount: number; giveAmount: number }[] }>(
      op,
      `/api/site/getSiteAIRecommendCardGiveStatus?siteId=${site}`,
    );
    expect(status.status).toBe(1);
    const tiers = (await sb.data<Page<RechargeTemplate>>(op, `/api/card/getCardRechargeTemplateList?siteId=${site}`))
      .list[0]?.valueTiers;
    const tier = tiers?.[0];
    const aiGive = status.recommendTiers.find((t) => t.payAmount === tier?.payAmount)?.giveAmount;
    expect(aiGive).toBeGreaterThan(tier?.giveAmount ?? 0);
    sb.clock.now = Date.parse('2026-11-21T09:00:00+08:00');
    try {
      const inForce = await sb.data<Page<RechargeTemplate>>(op, `/api/card/getCardRechargeTemplateList?siteId=${site}`);
      expect(inForce.list[0]?.aiGiveStatus).toBe(2);
      expect(inForce.list[0]?.valueTiers.find((t) => t.payAmount === tier?.payAmount)?.giveAmount).toBe(aiGive);
      // A recharge at the old gift is refused; the bonus's gift is taken.
      const [card] = await addCards(1, [site]);
      await activateValue(card as number, { payAmount: 0, giveAmount: 0, payType: undefined });
      const refill = (giveAmount: number) =>
        sb.call(op, '/api/card/refillCard', {
          cardId: card,
          cardType: 1,
          payAmount: tier?.payAmount,
          giveAmount,
          payType: 3,
          requestId: rid(),
        });
      expect((await refill(aiGive as number)).body.code).toBe(0);
    } finally {
      sb.clock.now = NOW;
    }
  });

  it('answers every repeat of one recharge with the first result, concurrent repeats included', async () => {
    const [cardId] = await addCards(1, [5]);
    await activateValue(cardId as number, { payAmount: 0, giveAmount: 0, payType: undefined });
    const requestId = rid();
    const body = { cardId, cardType: 1, payAmount: 5000, giveAmount: 500, payType: 4, requestId };
    const answers = await Promise.all(Array.from({ length: 5 }, () => sb.call(op, '/api/card/refillCard', body)));
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
    expect(await scalar(sb.db, 'select count(*) from card_recharge where card_id = $1', [cardId])).toBe(1);
    expect((await detail(1, cardId as number)).balance).toBe(5000);
    // Different requests racing to the ¥5000 ceiling: never above it.
    await sb.db.query('update card set balance = 450000, give_balance = 0 where id = $1', [cardId]);
    const race = await Promise.all(
      Array.from({ length: 4 }, () =>
        sb.call(op, '/api/card/refillCard', { ...body, payAmount: 40_000, giveAmount: 0, requestId: rid() }),
      ),
    );
    expect(race.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect((await detail(1, cardId as number)).balance).toBe(490_000);
  });
});

describe('permissions and data scope (rule 1)', () => {
  it('a sub-account limited to sites 1 and 2 lists and opens only cards bound to them', async () => {
    const sub = DEMO_PHONES.subAccount;
    const list = await sb.data<CardListPage>(sub, '/api/card/selectCardList?pageNum=1&pageSize=100');
    const sites = new Set(list.list.map((c) => c.siteId));
    expect([...sites].every((s) => s === 1 || s === 2)).toBe(true);
    const all = await sb.data<CardListPage>(op, '/api/card/selectCardList?pageNum=1&pageSize=100');
    expect(all.total).toBeGreaterThan(list.total);
    const outside = all.list.find((c) => c.siteId === 3);
    const refused = await sb.call(sub, `/api/card/selectCardDetail?cardId=${outside?.cardId}`);
    expect(refused.body).toEqual({ code: 1, message: '卡片不存在', data: null });
    expect((await sb.call(sub, `/api/card/selectCardList?siteId=3&pageNum=1&pageSize=5`)).body).toMatchObject({
      code: 1,
      message: '站点不存在或无权查看',
    });
    // The summary counts only its cards.
    const inScope = await scalar(
      sb.db,
      `select count(*) from card c where c.merchant_id = 10001 and c.card_type = 1 and c.status <> 4
       and exists (select 1 from card_site cs where cs.card_id = c.id and cs.site_id in (1, 2))`,
    );
    expect(list.total).toBe(inScope);
  });

  it('refuses accounts without the card codes (403), and other merchants’ cards (code 1)', async () => {
    for (const phone of [DEMO_PHONES.builder, DEMO_PHONES.property]) {
      expect((await sb.call(phone, '/api/card/selectCardList?pageNum=1&pageSize=5')).body).toEqual({
        code: 403,
        message: '无操作权限',
        data: null,
      });
    }
    const other = await one<{ id: number }>(sb.db, 'select id from card where merchant_id = 10008 limit 1');
    expect((await sb.call(DEMO_PHONES.agent, `/api/card/selectCardDetail?cardId=${other?.id}`)).body.message).toBe(
      '卡片不存在',
    );
    void tokens;
  });
});
