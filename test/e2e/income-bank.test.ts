import { describe, expect, it } from 'vitest';
import type { SavingsCards } from '../../src/api/bank';
import {
  answerDialog,
  byTestId,
  clickText,
  lastSms,
  openDemoPhone,
  press,
  sharedBrowser,
  typeInto,
  waitForPath,
  waitForText,
  waitForTextOf,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Bank cards on screen (D-income.md §2 /income/bank, /income/bank/add) in both bundles: the list shows the sandbox's
 * cards; a card typed on the add form (bank resolved from its digits, code from the sandbox inbox) is bound and
 * listed, then unbound through the action sheet and its confirmation; a credit card is refused in red.
 */

/** A Luhn-valid 16-digit 招商银行 debit card number (BIN 621483) not ending in 0000 (the sandbox's 2013 rule). */
function debitCardNo(): string {
  const body = `621483${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 1000)
    .toString()
    .padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  const no = body + String((10 - (sum % 10)) % 10);
  return no.endsWith('0000') ? debitCardNo() : no;
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: bank cards', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it('binds a card with the SMS code, lists it, and unbinds it after the confirmation', async () => {
    const { page, call } = await openDemoPhone(browser(), baseUrl, host);
    const before = await call.get<SavingsCards>('/api/user/getUserBindBankCard');
    await page.goto(`${baseUrl}/income/bank`);
    for (const card of before.list) await page.waitForSelector(byTestId(`bank-card-${card.bankCardId}`));
    expect(await page.title()).toBe('我的银行卡');

    // A credit card's BIN is refused in red.
    await press(page, byTestId('bank-add'));
    await waitForPath(page, '/income/bank/add');
    await typeInto(page, 'cardNo', '6225880137000007');
    await waitForText(page, '仅支持储蓄卡，请更换');

    const cardNo = debitCardNo();
    const phone = host === 'wechat' ? '13912345678' : '13912345679';
    // A number whose check digit is wrong says why as soon as it is whole, before anything is sent; 获取验证码 waits.
    await typeInto(page, 'cardNo', `${cardNo.slice(0, -1)}${(Number(cardNo.slice(-1)) + 1) % 10}`);
    await typeInto(page, 'reservedPhone', phone);
    await waitForTextOf(page, byTestId('bank-add-card-warning'), '银行卡号校验失败，请核对');
    const sendDisabled = () =>
      page.$$eval('button', (list) => list.find((b) => b.innerText.trim() === '获取验证码')?.disabled);
    expect(await sendDisabled()).toBe(true);
    await typeInto(page, 'cardNo', cardNo);
    await page.waitForFunction((sel: string) => !document.querySelector(sel), {}, byTestId('bank-add-card-warning'));
    expect(await sendDisabled()).toBe(false);
    await waitForText(page, '招商银行 · 借记卡');
    await typeInto(page, 'reservedPhone', phone);
    await clickText(page, '获取验证码', 'button');
    await waitForText(page, 's后重发');
    await typeInto(page, 'code', await lastSms(baseUrl, phone));
    // Without the agreement the form says so and binds nothing.
    await clickText(page, '确认绑定', 'button');
    await waitForText(page, '请先阅读并同意《银行卡绑定服务协议》');
    await clickText(page, '我已阅读并同意');
    await clickText(page, '确认绑定', 'button');
    await waitForPath(page, '/income/bank');

    const after = await call.get<SavingsCards>('/api/user/getUserBindBankCard');
    const added = after.list.find(
      (c) => c.cardNoTail === cardNo.slice(-4) && !before.list.some((b) => b.bankCardId === c.bankCardId),
    );
    if (!added) throw new Error('the bound card is not in the sandbox');
    expect(after.list).toHaveLength(before.list.length + 1);
    await page.waitForSelector(byTestId(`bank-card-${added.bankCardId}`));

    // Unbind: the sheet, then the confirmation; the card leaves the sandbox and the list.
    await press(page, byTestId(`bank-card-${added.bankCardId}`));
    await clickText(page, '解绑银行卡');
    await answerDialog(page, '解绑', '解绑后将无法提现至该卡');
    await page.waitForFunction(
      (sel: string) => !document.querySelector(sel),
      { timeout: 15_000 },
      byTestId(`bank-card-${added.bankCardId}`),
    );
    const last = await call.get<SavingsCards>('/api/user/getUserBindBankCard');
    expect(last.list.map((c) => c.bankCardId)).toEqual(before.list.map((c) => c.bankCardId));
  });
});
