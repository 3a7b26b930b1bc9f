import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CardDetail, CardListPage, OldCardRow, ReplaceActivity } from '../../src/api/card';
import {
  answerDialog,
  byTestId,
  clickText,
  inputValue,
  openDemoPhone,
  press,
  sharedBrowser,
  textOf,
  typeInto,
  waitForPath,
  waitForTextOf,
  yuanText,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Old-card replacement on screen (C-mine.md permuteCard, permuteCard/choiseSite; Business rule 11) in both bundles:
 * at a site of the activity in progress an imported old card fills its balance and holder, the draft survives a
 * reload, and 提交换卡 activates the new card with the old balance as bonus (the default), marks the old card
 * replaced and clears the draft.
 */
describe.each<Host>(['wechat', 'alipay'])('%s bundle: old-card replacement', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('replaces an imported old card with a new stock card, the draft surviving a reload', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const activity = await call.get<ReplaceActivity | null>('/wap/card/goingActivity');
    if (!activity) throw new Error('the demo world has a replacement activity in progress');
    const site = activity.siteList[0];
    if (!site) throw new Error('the activity has sites');
    const oldCards = await call.get<OldCardRow[]>(`/wap/card/getCardBySiteId?siteId=${site.siteId}`);
    const old = oldCards.find((c) => c.replaced === 0 && c.balance > 0 && c.balance <= activity.maxTransferAmount);
    if (!old) throw new Error('the site has an old card to replace');
    const newCard = `N${randomBytes(5).toString('hex').toUpperCase()}`;
    await call.post('/api/card/addCard', { cardType: 1, cardNos: [newCard], siteIds: [site.siteId] });

    await page.goto(`${baseUrl}/mine/card`);
    await clickText(page, '旧卡更换');
    await waitForPath(page, '/mine/permuteCard');
    await waitForTextOf(page, byTestId('activity-banner'), activity.name, 'contains');
    await press(page, byTestId('replace-site'));
    await waitForPath(page, '/mine/permuteCard/choiseSite');
    await press(page, byTestId(`replace-site-${site.siteId}`));
    await waitForPath(page, '/mine/permuteCard');
    await waitForTextOf(page, byTestId('replace-site'), `${site.siteName} ›`);

    // The imported record gives the balance (read-only) and the holder's phone.
    await typeInto(page, 'oldCard', old.oldCard);
    await page.waitForFunction(
      (v: string) => document.querySelector<HTMLInputElement>('input[name="oldCardBalance"]')?.value === v,
      { timeout: 10_000 },
      (old.balance / 100).toFixed(2),
    );
    if (old.holderPhone) expect(await inputValue(page, 'phone')).toBe(old.holderPhone);
    else await typeInto(page, 'phone', '13966661111');
    await typeInto(page, 'newCard', newCard);

    // A reload within the session keeps the draft.
    await page.reload();
    await waitForTextOf(page, byTestId('replace-site'), `${site.siteName} ›`);
    expect(await inputValue(page, 'oldCard')).toBe(old.oldCard);
    expect(await inputValue(page, 'newCard')).toBe(newCard);
    await waitForTextOf(
      page,
      byTestId('replace-preview'),
      `新卡到账 ${yuanText(old.balance)}（本金 ¥0.00 + 赠送 ${yuanText(old.balance)}）`,
    );

    await clickText(page, '提交换卡', `${byTestId('replace-bar')} button`);
    await answerDialog(page, '确定', `旧卡 ${old.oldCard} 将作废，余额 ${yuanText(old.balance)} 转入新卡 ${newCard}`);
    await page.waitForFunction(() => location.pathname === '/mine/card/tab/list/info', { timeout: 15_000 });
    const cardId = Number(new URL(page.url()).searchParams.get('cardId'));
    await waitForTextOf(page, byTestId('card-status'), '正常');
    const card = await call.get<CardDetail>(`/api/card/selectCardDetail?cardId=${cardId}`);
    expect(card).toMatchObject({ cardNo: newCard, status: 3, balance: 0, giveBalance: old.balance });
    const after = await call.get<OldCardRow[]>(`/wap/card/getCardBySiteId?siteId=${site.siteId}`);
    expect(after.find((c) => c.oldCard === old.oldCard)?.replaced).toBe(1);
    const stock = await call.get<CardListPage>(`/api/card/selectCardList?keyword=${newCard}&pageNum=1&pageSize=20`);
    expect(stock.list[0]?.status).toBe(3);

    // The draft was cleared.
    await page.goto(`${baseUrl}/mine/permuteCard`);
    await waitForTextOf(page, byTestId('replace-site'), '请选择 ›');
    expect(await inputValue(page, 'oldCard')).toBe('');
    expect(await textOf(page, byTestId('replace-preview'))).toBe('新卡到账 ¥0.00（本金 ¥0.00 + 赠送 ¥0.00）');
  });
});
