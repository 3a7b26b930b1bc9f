import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import type { MerchantEntity } from '../../src/api/income';
import { luhnValid } from '../../src/api/income-rules';
import {
  answerDialog,
  api,
  byTestId,
  clickText,
  inputValue,
  lastSms,
  openDemoPhone,
  sharedBrowser,
  typeInto,
  waitForPath,
  waitForText,
  waitForTextOf,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * Certification and its reviewed change on screen (D-income.md §5 /income/edit-contract, /income/apply-result) in both
 * bundles, each with an operator registered for the test (certStatus 0, no other test touches it): the empty form
 * names its first error; the personal entity typed with its ID photos and settlement card is certified at once and
 * leads to sign-agree; once certified the form is a change application (disabled until something differs), which is
 * confirmed and shown on apply-result; the back office rejects it, apply-result shows the reason, and 重新修改 brings
 * the rejected values back into the form. The sandbox's entity is read alongside. On the way, an enterprise's
 * 下载授权书模板 shows the template image.
 */

/** A Luhn-valid CCB debit number (621700…, 19 digits). */
function ccbCard(seed: number): string {
  for (let n = seed * 1000; ; n++) {
    const candidate = `621700${String(n).padStart(13, '0')}`;
    if (luhnValid(candidate)) return candidate;
  }
}

/** A 1×1 PNG on disk for the upload tiles. */
function pngFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'entity-')), 'photo.png');
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  writeFileSync(file, Buffer.from(png, 'base64'));
  return file;
}

/** Sets a date input the way a picker does (React listens to the input event). */
async function setDate(page: Page, label: string, day: string): Promise<void> {
  await page.$eval(
    `input[aria-label="${label}"]`,
    (el, value) => {
      const input = el as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    day,
  );
}

/** Uploads the photo into a tile and waits for its thumbnail. */
async function upload(page: Page, field: string, file: string): Promise<void> {
  const input = await page.waitForSelector(`${byTestId(`photo-${field}`)} input[type="file"]`);
  await input?.uploadFile(file);
  await page.waitForSelector(`${byTestId(`photo-${field}`)} .adm-image-uploader-cell img`, { timeout: 15_000 });
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: merchant entity', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();
  const phone = host === 'wechat' ? '17700000801' : '17700000802';

  it('certifies a personal entity, then applies for a change that the back office rejects', async () => {
    // an operator of its own, registered through the API
    await api(baseUrl, 'POST', '/api/user/verificationCode', { phone, type: 2 });
    const registered = await api(baseUrl, 'POST', '/api/user/registerFactor', {
      phone,
      code: await lastSms(baseUrl, phone),
      name: host === 'wechat' ? '城东充电' : '城西充电',
      password: 'sandbox123',
    });
    expect(registered.code, registered.message).toBe(0);
    const { page, call } = await openDemoPhone(browser(), baseUrl, host, phone);
    expect((await call.get<MerchantEntity>('/api/merchant/esign/getMerchantEntity')).certStatus).toBe(0);

    await page.goto(`${baseUrl}/income/edit-contract`);
    await page.waitForSelector(byTestId('entity-submit'));
    expect(await page.title()).toBe('编辑签约人信息');

    // 下载授权书模板 (an enterprise whose signer is not the legal person): an alert with the template image, a file the
    // app serves (not inlined), described by its alt text, which takes a long press (to save it).
    await clickText(page, '企业', '[role="tab"]');
    await clickText(page, '签约人与法定代表人一致', '.adm-checkbox');
    await clickText(page, '下载授权书模板', 'button');
    const image = await page.waitForSelector('.adm-dialog-body img', { timeout: 15_000 });
    // loaded, and (once the dialog has settled) taking a touch
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && getComputedStyle(img as Element).pointerEvents !== 'none',
      {},
      image,
    );
    const shown = await page.$eval('.adm-dialog-body img', (img) => {
      const el = img as HTMLImageElement;
      return {
        src: el.src,
        alt: el.alt,
        width: el.naturalWidth,
        height: el.naturalHeight,
        shownWidth: el.getBoundingClientRect().width,
      };
    });
    expect(new URL(shown.src).origin).toBe(new URL(baseUrl).origin);
    expect(shown.src).toMatch(/\/static\/.+\.png$/);
    expect(shown.alt).toContain('授权委托书模板');
    expect([shown.width, shown.height]).toEqual([750, 1200]);
    expect(shown.shownWidth).toBeGreaterThan(200);
    const served = await fetch(shown.src);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    await answerDialog(page, '确定', '长按图片保存');
    await clickText(page, '签约人与法定代表人一致', '.adm-checkbox');
    await clickText(page, '个人', '[role="tab"]');

    await clickText(page, '提交认证', 'button');
    await waitForText(page, '请输入正确的姓名');

    const file = pngFile();
    await typeInto(page, 'legalName', '钱多多');
    await typeInto(page, 'legalIdNo', '11010519491231002X');
    await setDate(page, '证件有效期开始日期', '2020-01-01');
    await clickText(page, '长期', '.adm-checkbox');
    await upload(page, 'idFrontImage', file);
    await upload(page, 'idBackImage', file);
    await typeInto(page, 'signerPhone', phone);
    const card = ccbCard(host === 'wechat' ? 11 : 12);
    await typeInto(page, 'cardNo', card);
    await waitForTextOf(page, byTestId('entity-bin'), '中国建设银行', 'contains');
    await typeInto(page, 'reservedPhone', '13912340000');
    await clickText(page, '提交认证', 'button');
    await waitForPath(page, '/income/sign-agree', 20_000);

    const certified = await call.get<MerchantEntity>('/api/merchant/esign/getMerchantEntity');
    expect(certified).toMatchObject({ entityType: 1, certStatus: 2, legalName: '钱多多', legalIdEnd: null });
    expect(certified.settleCardNoMasked.endsWith(card.slice(-4))).toBe(true);

    // certified: a change application, possible once something differs
    await page.goto(`${baseUrl}/income/edit-contract`);
    await waitForTextOf(page, byTestId('entity-banner'), '已认证。修改信息需提交变更申请，审核通过后生效');
    expect(await page.$eval(byTestId('entity-submit'), (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await typeInto(page, 'email', 'boss@example.cn');
    await page.waitForSelector(`${byTestId('entity-submit')}:not([disabled])`);
    await clickText(page, '提交变更申请', 'button');
    await answerDialog(page, '确定', '变更认证信息需平台审核');
    await waitForPath(page, '/income/apply-result');
    await waitForText(page, '变更申请已提交');
    await waitForText(page, '新：boss@example.cn');
    const applied = await call.get<MerchantEntity>('/api/merchant/esign/getMerchantEntity');
    expect(applied.changeApply).toMatchObject({ status: 1, needResign: false });
    expect(page.url()).toContain(`id=${applied.changeApply?.applyId}`);
    await waitForTextOf(page, byTestId('apply-no'), applied.changeApply?.applyNo ?? '?');

    // the back office rejects it: the reason, and 重新修改 brings the values back
    const review = await api(baseUrl, 'POST', '/__sandbox/merchant/review', {
      phone,
      target: 'change',
      approve: false,
      reason: '邮箱域名无法验证',
    });
    expect(review.code, review.message).toBe(0);
    await page.reload();
    await waitForText(page, '变更申请未通过');
    await waitForText(page, '邮箱域名无法验证');
    await clickText(page, '重新修改', 'button');
    await waitForPath(page, '/income/edit-contract');
    await page.waitForSelector(byTestId('entity-submit'));
    expect(await inputValue(page, 'email')).toBe('boss@example.cn');
    expect(await inputValue(page, 'legalName')).toBe('钱多多');
  });
});
