import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BindSite, CardDetail, CardListPage, ResetRecord } from '../../src/api/card';
import type { Page } from '../../src/api/http';
import {
  answerDialog,
  byTestId,
  clickText,
  openDemoPhone,
  press,
  sharedBrowser,
  textOf,
  waitForPath,
  waitForText,
  waitForTextOf,
  yuanText,
  type AccountApi,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * A card's records and sites on screen (C-mine.md card/tab/list/info/recharge-recods, info/charger-recods,
 * info/bindAddress, card/resetCardList; Business rules 4, 6) in both bundles: the sums and rows are the sandbox's
 * answers; an area card gains and loses a site of its rule; a factory reset clears the card and shows in 注销记录.
 */

const requestId = () => randomBytes(16).toString('hex');

/** A card of `cardType` made through the API at `siteIds` and activated with a first recharge of `payAmount` fen. */
async function activeCard(call: AccountApi, cardType: 1 | 3, siteIds: number[], payAmount: number) {
  const cardNo = `R${randomBytes(6).toString('hex').toUpperCase()}`;
  await call.post(cardType === 3 ? '/api/card/add' : '/api/card/addCard', { cardType, cardNos: [cardNo], siteIds });
  const path = cardType === 3 ? '/api/card/cardList' : '/api/card/selectCardList';
  const page = await call.get<CardListPage>(`${path}?keyword=${cardNo}&pageNum=1&pageSize=20`);
  const card = page.list.find((c) => c.cardNo === cardNo);
  if (!card) throw new Error(`card ${cardNo} was not added`);
  await call.post('/api/card/activeCard', {
    cardId: card.cardId,
    phone: '13955557777',
    holderName: '记录测试',
    payAmount,
    giveAmount: 0,
    payType: 3,
    requestId: requestId(),
  });
  return { cardId: card.cardId, cardNo };
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: card records and sites', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('recharge and charging records show the sandbox’s sums and rows; the detail links to them', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const { cardId } = await activeCard(call, 1, [2], 3000);
    await call.post('/api/card/refillCard', {
      cardId,
      cardType: 1,
      payAmount: 5000,
      giveAmount: 500,
      payType: 4,
      requestId: requestId(),
    });
    const records = await call.get<
      Page<{ id: number; payAmount: number }> & { payAmountSum: number; giveAmountSum: number }
    >(`/api/card/queryCardRecharge?cardId=${cardId}&pageNum=1&pageSize=20`);
    expect(records).toMatchObject({ total: 2, payAmountSum: 8000, giveAmountSum: 500 });

    await page.goto(`${baseUrl}/mine/card/tab/list/info?cardId=${cardId}&cardType=1`);
    await waitForTextOf(page, byTestId('total-recharge'), yuanText(8000));
    await clickText(page, '充值记录');
    await waitForPath(page, `/mine/card/tab/list/info/recharge-recods?cardId=${cardId}&cardType=1`);
    await waitForTextOf(
      page,
      byTestId('recharge-summary'),
      `累计充值 ${yuanText(8000)} · 累计赠送 ${yuanText(500)} · 共 2 笔`,
    );
    const [latest, first] = records.list;
    if (!latest || !first) throw new Error('two recharges');
    expect(await textOf(page, byTestId(`recharge-${latest.id}`))).toContain('后台·微信转账');
    expect(await textOf(page, byTestId(`recharge-${first.id}`))).toContain('开卡首充');

    // A demo card that has charged: its month's count and deductions.
    const used = await call.get<CardListPage>('/api/card/selectCardList?status=3&pageNum=1&pageSize=20');
    const charged = used.list.find((c) => c.lastUseTime !== null);
    if (!charged) throw new Error('the demo world has used cards');
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const charges = await call.get<Page<{ orderId: number }> & { countSum: number; amountSum: number }>(
      `/api/user/checkChargeRecords?cardId=${charged.cardId}&month=${month}&pageNum=1&pageSize=20`,
    );
    await page.goto(`${baseUrl}/mine/card/tab/list/info/charger-recods?cardId=${charged.cardId}&cardType=1`);
    await waitForTextOf(
      page,
      byTestId('charge-summary'),
      `本月 ${charges.countSum} 次 · 扣费 ${yuanText(charges.amountSum)}`,
    );
    if (charges.total === 0) await waitForText(page, '本月暂无充电记录');
    else
      expect(await page.$$eval(`${byTestId('card-charge-list')} [data-index]`, (rows) => rows.length)).toBeGreaterThan(
        0,
      );
  });

  it('an area card gains a site of its rule and loses it again', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const { cardId } = await activeCard(call, 3, [1], 0);
    await page.goto(`${baseUrl}/mine/card/tab/list/info/bindAddress?cardId=${cardId}&cardType=3`);
    await waitForText(page, '已绑定 (1)');
    await clickText(page, '可添加', 'button');
    // Site 2 shares the card's rule 区域A; site 3 has another rule and is greyed.
    await waitForText(page, '翠苑一区8栋车棚');
    await waitForText(page, '收费规则不一致');
    await clickText(page, '翠苑一区8栋车棚', `${byTestId('addable-sites')} b`);
    await clickText(page, '添加所选 (1)', 'button');
    await waitForText(page, '已绑定 (2)');
    const bound = await call.get<BindSite[]>(`/api/card/getCardBindSite?cardId=${cardId}`);
    expect(bound.map((s) => s.siteId).sort()).toEqual([1, 2]);

    await press(page, `${byTestId('bound-2')} button`);
    await answerDialog(page, '确定', '解绑后该卡将无法在「翠苑一区8栋车棚」充电，确定解绑？');
    await waitForText(page, '已绑定 (1)');
    const after = await call.get<BindSite[]>(`/api/card/getCardBindSite?cardId=${cardId}`);
    expect(after.map((s) => s.siteId)).toEqual([1]);
  });

  it('a factory reset clears the card and shows in 注销记录', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const { cardId, cardNo } = await activeCard(call, 1, [2], 2500);
    await page.goto(`${baseUrl}/mine/card/tab/list/info?cardId=${cardId}&cardType=1`);
    await waitForTextOf(page, byTestId('card-balance'), yuanText(2500));
    await clickText(page, '更多', `${byTestId('card-actions')} button`);
    await clickText(page, '注销卡片', '.adm-action-sheet-button-item-name');
    await page.waitForSelector(byTestId('reset-sheet'), { visible: true });
    await clickText(page, '卡片损坏', `${byTestId('reset-sheet')} .adm-radio-content`);
    await clickText(page, '注销', `${byTestId('reset-sheet')} button`);
    await answerDialog(page, '确定', '卡内余额 ¥25.00（含赠送 ¥0.00）将清零');
    await waitForPath(page, '/mine/card/tab/list?cardType=1');
    const card = await call.get<CardDetail>(`/api/card/selectCardDetail?cardId=${cardId}`);
    expect(card).toMatchObject({ status: 1, balance: 0, giveBalance: 0, phone: '' });

    const resets = await call.get<Page<ResetRecord>>(`/api/card/resetCardList?keyword=${cardNo}&pageNum=1&pageSize=20`);
    const record = resets.list[0];
    expect(record).toMatchObject({ cardNo, clearedBalance: 2500, reason: 2 });
    if (!record) throw new Error('the reset was recorded');
    await page.goto(`${baseUrl}/mine/card/resetCardList`);
    await page.waitForSelector(byTestId(`reset-${record.id}`), { timeout: 15_000 });
    expect(await textOf(page, byTestId(`reset-${record.id}`))).toContain(
      `清零 ${yuanText(2500)}（本金 ${yuanText(2500)} + 赠送 ¥0.00）`,
    );
  });

  it('20 rapid taps on 确认充值 open one confirmation and make one recharge', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const { cardId, cardNo } = await activeCard(call, 1, [2], 1000);
    await page.goto(`${baseUrl}/mine/card/tab/list/info?cardId=${cardId}&cardType=1`);
    await clickText(page, '充值', `${byTestId('card-actions')} button`);
    await waitForPath(page, `/mine/card/tab/list/info/recharge?cardId=${cardId}&cardType=1`);
    await press(page, byTestId('tier-2000'));
    await clickText(page, '现金', '.adm-radio-content');
    await waitForTextOf(page, byTestId('recharge-summary'), '实收 ¥20.00', 'contains');
    await page.$eval(`${byTestId('recharge-bar')} button`, (button) => {
      for (let i = 0; i < 20; i += 1) (button as HTMLButtonElement).click();
    });
    await page.waitForSelector('.adm-dialog-body', { visible: true });
    expect(await page.$$eval('.adm-dialog-body', (dialogs) => dialogs.length)).toBe(1);
    await answerDialog(page, '确定', `确认为卡 ${cardNo} 充值 ¥20.00`);
    await waitForPath(page, `/mine/card/tab/list/info?cardId=${cardId}&cardType=1`);
    await waitForTextOf(page, byTestId('card-balance'), yuanText(3000));
    const records = await call.get<Page<{ id: number }>>(
      `/api/card/queryCardRecharge?cardId=${cardId}&pageNum=1&pageSize=20`,
    );
    expect(records.total).toBe(2);
  });
});
