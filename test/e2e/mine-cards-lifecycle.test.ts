import { describe, expect, it } from 'vitest';
import type { CardDetail, CardListPage } from '../../src/api/card';
import type { CardCount } from '../../src/api/home';
import {
  answerDialog,
  byTestId,
  clickText,
  openDemoPhone,
  press,
  sharedBrowser,
  textOf,
  typeInto,
  waitForPath,
  waitForText,
  waitForTextOf,
  yuanText,
  type AccountApi,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * The card life cycle on screen (C-mine.md /mine/card, card/tab/list, card/tab/add, card/tab/add/address,
 * card/tab/list/info, info/active, info/recharge; Business rules 4, 5, 8) in both bundles: the hub's tiles and a list
 * equal the sandbox's answers; a card typed on the add form lands in stock (未激活) at the chosen site, is activated
 * with a first recharge, recharged again and frozen — each step checked in the sandbox and on the detail.
 */

/** The card of `cardNo` as the type-1 list finds it. */
async function findCard(call: AccountApi, cardNo: string) {
  const page = await call.get<CardListPage>(`/api/card/selectCardList?keyword=${cardNo}&pageNum=1&pageSize=20`);
  return page.list.find((c) => c.cardNo === cardNo) ?? null;
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: rider cards', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('the hub tiles and a card list show the sandbox’s counts', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const count = await call.get<CardCount>('/api/card/cardCount');
    // /mine's 卡片管理 entry is live and opens the hub.
    await page.goto(`${baseUrl}/mine`);
    await clickText(page, '卡片管理');
    await waitForPath(page, '/mine/card');
    for (const row of count.list) {
      await waitForTextOf(page, byTestId(`tile-total-${row.cardType}`), String(row.total));
    }
    const months = count.list.find((r) => r.cardType === 2);
    expect(await textOf(page, byTestId('card-tile-2'))).toContain(`有效中 ${months?.validCount} 张`);

    // A tile opens the list of its type; the summary is the list's total and balance sum.
    await press(page, `${byTestId('card-tile-1')} a`);
    await waitForPath(page, '/mine/card/tab/list?cardType=1');
    const list = await call.get<CardListPage>('/api/card/selectCardList?pageNum=1&pageSize=20');
    await waitForTextOf(
      page,
      byTestId('card-summary'),
      `共 ${list.total} 张 · 余额合计 ${yuanText(list.balanceSum ?? 0)}`,
    );
    expect(await page.title()).toBe('站点储值卡列表');
    const first = list.list[0];
    if (!first) throw new Error('the demo world has site value cards');
    await page.waitForSelector(byTestId(`card-${first.cardId}`), { timeout: 15_000 });

    // The 未激活 chip narrows the list to stock cards.
    const stock = await call.get<CardListPage>('/api/card/selectCardList?status=1&pageNum=1&pageSize=20');
    await clickText(page, '未激活', 'button');
    await waitForTextOf(page, byTestId('card-summary'), `共 ${stock.total} 张`, 'contains');
  });

  it('adds a card, activates it with a first recharge, recharges and freezes it', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const cardNo = `E2E${host === 'wechat' ? 'W' : 'A'}${String(Date.now()).slice(-9)}`;

    // 添加: the number as a chip, the site from the picker, 提交 → the list.
    await page.goto(`${baseUrl}/mine/card/tab/add?cardType=1`);
    await typeInto(page, 'cardNo', cardNo.toLowerCase());
    await clickText(page, '添加', 'button');
    await waitForTextOf(page, byTestId('card-numbers'), `${cardNo} ×`);
    await press(page, byTestId('choose-sites'));
    await waitForPath(page, '/mine/card/tab/add/address?cardType=1');
    // each site shows the cards bound to it (siteBindCardNum), drawn once they arrive after the page
    const [bound] = await call.get<{ siteId: number; cardCount: number }[]>('/api/card/siteBindCardNum?siteIds=1');
    await waitForTextOf(page, byTestId('bound-cards-1'), `已绑卡 ${bound?.cardCount} 张`);
    await press(page, byTestId('pick-site-1'));
    await clickText(page, '确定 (1)', 'button');
    await waitForPath(page, '/mine/card/tab/add?cardType=1');
    await waitForTextOf(page, byTestId('choose-sites'), '翠苑一区3栋车棚 ›');
    await clickText(page, '提交', 'button');
    await waitForPath(page, '/mine/card/tab/list?cardType=1');
    const added = await findCard(call, cardNo);
    expect(added).toMatchObject({ status: 1, siteId: 1, balance: 0, giveBalance: 0 });
    if (!added) throw new Error('the card was added');
    const cardId = added.cardId;

    // 激活 with the first tier (充¥20.00) in cash.
    await page.goto(`${baseUrl}/mine/card/tab/list/info?cardId=${cardId}&cardType=1`);
    await waitForTextOf(page, byTestId('card-status'), '未激活');
    await clickText(page, '激活', `${byTestId('card-actions')} button`);
    await waitForPath(page, `/mine/card/tab/list/info/active?cardId=${cardId}&cardType=1`);
    await typeInto(page, 'phone', '13966668888');
    await typeInto(page, 'holderName', '测试骑手');
    await press(page, byTestId('tier-2000'));
    await clickText(page, '现金', '.adm-radio-content');
    await waitForTextOf(page, byTestId('active-summary'), '实收 ¥20.00');
    await clickText(page, '激活', `${byTestId('active-bar')} button`);
    await answerDialog(page, '确定', `确认激活卡 ${cardNo}，绑定手机号 13966668888，收取 ¥20.00？`);
    await waitForPath(page, `/mine/card/tab/list/info?cardId=${cardId}&cardType=1`);
    await waitForTextOf(page, byTestId('card-status'), '正常');
    await waitForTextOf(page, byTestId('card-balance'), '¥20.00');
    const active = await call.get<CardDetail>(`/api/card/selectCardDetail?cardId=${cardId}`);
    expect(active).toMatchObject({ status: 3, phone: '13966668888', holderName: '测试骑手', balance: 2000 });

    // 充值 充¥30.00 送¥3.00 (the site's second tier) by WeChat transfer.
    await clickText(page, '充值', `${byTestId('card-actions')} button`);
    await waitForPath(page, `/mine/card/tab/list/info/recharge?cardId=${cardId}&cardType=1`);
    await press(page, byTestId('tier-3000'));
    await clickText(page, '微信转账', '.adm-radio-content');
    await waitForTextOf(page, byTestId('recharge-summary'), '实收 ¥30.00 · 到账 ¥33.00', 'contains');
    await clickText(page, '确认充值', 'button');
    await answerDialog(page, '确定', `确认为卡 ${cardNo} 充值 ¥30.00（赠送 ¥3.00）？请确认已收到用户款项`);
    await waitForPath(page, `/mine/card/tab/list/info?cardId=${cardId}&cardType=1`);
    await waitForTextOf(page, byTestId('card-balance'), '¥53.00');
    const recharged = await call.get<CardDetail>(`/api/card/selectCardDetail?cardId=${cardId}`);
    expect(recharged).toMatchObject({ balance: 5000, giveBalance: 300, totalRecharge: 5000 });

    // 冻结 after the confirmation; the bar then offers 解冻.
    await clickText(page, '冻结', `${byTestId('card-actions')} button`);
    await answerDialog(page, '确定', '冻结后该卡将无法刷卡充电，确定冻结？');
    await waitForTextOf(page, byTestId('card-status'), '已冻结');
    await waitForText(page, '解冻');
    const frozen = await call.get<CardDetail>(`/api/card/selectCardDetail?cardId=${cardId}`);
    expect(frozen.status).toBe(2);
  });
});
