import { describe, expect, it, vi } from 'vitest';
import type { KybState, SignStarted } from '../../src/api/esign';
import { luhnValid, usccValid } from '../../src/api/income-rules';
import type { MerchantEntity, MerchantEntityProperty, MerchantSignStatus, WithdrawMode } from '../../src/api/income';
import { scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile, walletViolations } from '../testing';
import { differentRequestsRace, freshSmsCode, moneyNeverDoubles, newRequestId } from '../testing-money';

/**
 * The onboarding chain (D-income.md §5; "Merchant entity, e-sign, online-bank account, KYB"; codes 2013, 2015,
 * 2021–2023, 2040–2043) through the sandbox's HTTP interface: certification (type 1 at once, types 2/3 reviewed a
 * minute later), signing at the stood-in provider (its page, SMS-confirmed, its notifications: 0 → 1 → 2, or 3 with
 * the reason a test chose), change applications, the online-bank opening switching the channel, the corporate
 * transfer verification and the settlement-card change, uploads, and main accounts only.
 */

const NOW = Date.parse('2024-05-20T15:30:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['unsignedOperator', 'operator', 'kybOperator', 'splitOperator']);
const UNSIGNED = DEMO_PHONES.unsignedOperator; // 10008: certStatus 0, signStatus 0, openRequired

/** A Luhn-valid CCB debit number (19 digits). */
function ccb(seed: number, ending = ''): string {
  for (let n = seed * 1000; ; n++) {
    const candidate = `621700${String(n).padStart(13 - ending.length, '0')}${ending}`;
    if (luhnValid(candidate)) return candidate;
  }
}

/** A 统一社会信用代码 with its GB 32100 check character: the first 17 characters of `body` and the right 18th. */
function uscc(body: string): string {
  const found = [...'0123456789ABCDEFGHJKLMNPQRTUWXY'].map((c) => body.slice(0, 17) + c).find(usccValid);
  if (!found) throw new Error(`no check character for ${body}`);
  return found;
}

/** A personal entity form (type 1) that passes every check. */
function personForm(extra: Record<string, unknown> = {}) {
  return {
    entityType: 1,
    legalName: '赵小明',
    legalIdNo: '11010519491231002X',
    legalIdStart: '2016-03-01',
    legalIdEnd: '2036-03-01',
    idFrontImage: '/__sandbox/static/idfront.jpg',
    idBackImage: '/__sandbox/static/idback.jpg',
    signerSameAsLegal: true,
    signerPhone: UNSIGNED,
    settleAccountType: 1,
    settleBankCode: 'CCB',
    settleBankName: '中国建设银行',
    settleCardNo: ccb(1),
    settleReservedPhone: '13912340000',
    requestId: newRequestId(),
    ...extra,
  };
}

const post = <T>(token: string, url: string, body: unknown) => sb.post<T>(url, token, body);
const getData = async <T>(token: string, url: string) => (await sb.get<T>(url, token)).body.data;

/** Puts 10008 back to 未认证 / 未签约. */
async function resetUnsigned(): Promise<void> {
  await sb.db.query('update merchant_entity set cert_status = 0, reject_reason = null where account_id = 10008');
  await sb.db.query('update account set sign_status = 0 where id = 10008');
  await sb.db.query('update merchant_sign set sign_status = 0, reject_reason = null where account_id = 10008');
  await sb.db.query('update esign_flow set status = 4 where account_id = 10008 and status = 0');
  await sb.db.query('delete from sms_code where phone = $1', [UNSIGNED]);
}

/** Starts a signing of 10008 and answers the provider's page address. */
async function startSigning(token: string): Promise<SignStarted> {
  const status = await getData<MerchantSignStatus>(token, '/api/merchant/esign/getMerchantSignStatus');
  const started = await post<SignStarted>(token, '/api/merchant/entity/property/smsSign', {
    action: 1,
    agreementIds: status.agreements.map((a) => a.agreementId),
    backUrl: '/income/sign-agree?from=esign',
    requestId: newRequestId(),
  });
  expect(started.body.code, started.body.message).toBe(0);
  return started.body.data;
}

/** The signer's code of the provider (the sandbox inbox). */
const signCode = async () =>
  (
    await sb.db.query<{ code: string }>(
      'select code from sms_code where phone = $1 and type = 7 order by id desc limit 1',
      [UNSIGNED],
    )
  ).rows[0]?.code ?? '';

/** Submits the provider's page form. */
const signOnPage = (signUrl: string, code: string) =>
  sb.app.request('/__sandbox/esign/sign', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      flowId: new URL(signUrl, 'http://x').searchParams.get('flowId') ?? '',
      code,
    }).toString(),
  });

const signStatus = () => scalar(sb.db, 'select sign_status from account where id = 10008');

describe('certification', () => {
  it('certifies a person at once; a second submission answers 2040; the settlement card and real name follow', async () => {
    const token = tokens.unsignedOperator;
    const done = await post<{ certStatus: number }>(token, '/api/merchant/esign/completeMerchantEntity', personForm());
    expect(done.body.code, done.body.message).toBe(0);
    expect(done.body.data.certStatus).toBe(2);
    const again = await post(token, '/api/merchant/esign/completeMerchantEntity', personForm());
    expect(again.body).toMatchObject({ code: 2040, message: '认证信息审核中，暂不可修改' });
    const entity = await getData<MerchantEntity>(token, '/api/merchant/esign/getMerchantEntity');
    expect(entity).toMatchObject({
      certStatus: 2,
      entityType: 1,
      legalIdNo: '1101**********002X',
      settleBankName: '中国建设银行',
    });
    expect(
      await scalar(sb.db, "select count(*) from account_real_name where account_id = 10008 and real_name = '赵小明'"),
    ).toBe(1);
  });

  it('a failing four-element check fails certification (3 with the reason); bad fields answer their message', async () => {
    await resetUnsigned();
    const token = tokens.unsignedOperator;
    const failed = await post<{ certStatus: number; rejectReason: string }>(
      token,
      '/api/merchant/esign/completeMerchantEntity',
      personForm({ settleCardNo: ccb(2, '0000') }),
    );
    expect(failed.body.data).toMatchObject({
      certStatus: 3,
      rejectReason: expect.stringContaining('银行卡信息校验失败'),
    });
    const badId = await post(
      token,
      '/api/merchant/esign/completeMerchantEntity',
      personForm({ legalIdNo: '110105194912310021' }),
    );
    expect(badId.body).toMatchObject({ code: 1, message: '身份证号格式不正确' });
    const expired = await post(
      token,
      '/api/merchant/esign/completeMerchantEntity',
      personForm({ legalIdEnd: '2024-05-01' }),
    );
    expect(expired.body.message).toBe('身份证已过期');
    expect((await post(token, '/api/merchant/esign/completeMerchantEntity', personForm())).body.code).toBe(0);
  });

  it('a company waits for the back office (1), approved a minute later or refused by a test with its reason', async () => {
    await resetUnsigned();
    const token = tokens.unsignedOperator;
    const company = personForm({
      entityType: 2,
      name: '城北充电服务部',
      licenseImage: '/__sandbox/static/license.jpg',
      licenseStart: '2019-06-18',
    });
    const valid = uscc('91330106MA2H3K7T5');
    const wrongCheck = valid.slice(0, 17) + (valid.endsWith('0') ? '1' : '0');
    const badLicence = await post(token, '/api/merchant/esign/completeMerchantEntity', {
      ...company,
      licenseNo: wrongCheck,
    });
    expect(badLicence.body).toMatchObject({ code: 1, message: '统一社会信用代码格式不正确' });
    const answer = await post<{ certStatus: number }>(token, '/api/merchant/esign/completeMerchantEntity', {
      ...company,
      licenseNo: valid,
      requestId: newRequestId(), // the refused request's id would answer its refusal again
    });
    expect(answer.body.code, answer.body.message).toBe(0);
    expect(answer.body.data.certStatus).toBe(1);
    await sb.advance(60_000);
    expect(await scalar(sb.db, 'select cert_status from merchant_entity where account_id = 10008')).toBe(2);
  });
});

describe('signing at the provider', () => {
  it('needs a certified entity (2041)', async () => {
    await resetUnsigned();
    const refused = await post(tokens.unsignedOperator, '/api/merchant/entity/property/smsSign', {
      action: 1,
      agreementIds: [1, 2, 3],
      requestId: newRequestId(),
    });
    expect(refused.body).toMatchObject({ code: 2041, message: '主体信息不完整，请先完善' });
  });

  it('signs on the provider’s page with the SMS code: back to the app, 0 → 1 at once → 2 by notification', async () => {
    await resetUnsigned();
    const token = tokens.unsignedOperator;
    expect((await post(token, '/api/merchant/esign/completeMerchantEntity', personForm())).body.code).toBe(0);
    const started = await startSigning(token);
    expect(started).toMatchObject({ phoneMasked: '138****8007', expireSeconds: 300 });
    const pageHtml = await (await sb.app.request(started.signUrl)).text();
    expect(pageHtml).toContain('赵小明');
    expect(pageHtml).toContain('平台服务协议');
    const wrong = await signOnPage(started.signUrl, '000000');
    expect(wrong.status).toBe(303);
    expect(decodeURIComponent(wrong.headers.get('location') ?? '')).toContain('签约验证码错误或已过期');
    expect(await signStatus()).toBe(0);
    const signed = await signOnPage(started.signUrl, await signCode());
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe('/income/sign-agree?from=esign');
    expect(await signStatus()).toBe(1);
    await vi.waitFor(async () => expect(await signStatus()).toBe(2), { timeout: 5000 });
    const status = await getData<MerchantSignStatus>(token, '/api/merchant/esign/getMerchantSignStatus');
    expect(status.signStatus).toBe(2);
    expect(status.agreements.every((a) => a.signedUrl !== null)).toBe(true);
  });

  it('a result chosen by the test: 3 with its reason; signing again is possible', async () => {
    await resetUnsigned();
    await sb.db.query('update merchant_entity set cert_status = 2 where account_id = 10008');
    const token = tokens.unsignedOperator;
    await sb.post('/__sandbox/esign/verdict', null, {
      phone: UNSIGNED,
      signStatus: 3,
      rejectReason: '签约人身份核验未通过',
      delayMs: 0,
    });
    const started = await startSigning(token);
    await signOnPage(started.signUrl, await signCode());
    await vi.waitFor(async () => expect(await signStatus()).toBe(3), { timeout: 5000 });
    const status = await getData<MerchantSignStatus>(token, '/api/merchant/esign/getMerchantSignStatus');
    expect(status).toMatchObject({ signStatus: 3, rejectReason: '签约人身份核验未通过' });
    await sb.db.query('delete from sms_code where phone = $1', [UNSIGNED]);
    // smsSign action 2: the code through the API (the same signing at the provider)
    await startSigning(token);
    const wrong = await post(token, '/api/merchant/entity/property/smsSign', {
      action: 2,
      code: '000000',
      requestId: newRequestId(),
    });
    expect(wrong.body).toMatchObject({ code: 2042, message: '签约验证码错误或已过期' });
    const confirmed = await post<{ signStatus: number }>(token, '/api/merchant/entity/property/smsSign', {
      action: 2,
      code: await signCode(),
      requestId: newRequestId(),
    });
    expect(confirmed.body.data.signStatus).toBe(1);
    await vi.waitFor(async () => expect(await signStatus()).toBe(2), { timeout: 5000 });
  });
});

describe('the online-bank account', () => {
  it('opens after the bank’s review; the channel becomes 2', async () => {
    const token = tokens.unsignedOperator; // certified and signed by the tests above
    expect(await signStatus()).toBe(2);
    const form = {
      businessProvince: '330000',
      businessCity: '330100',
      businessArea: '330106',
      businessAddress: '西湖区文三路100号',
      categoryCode: '7523',
      storeImages: ['/__sandbox/static/store.jpg'],
      requestId: newRequestId(),
    };
    const short = await post(token, '/api/merchant/entity/property/completeMerchantEntityProperty', {
      ...form,
      businessAddress: '文三路',
    });
    expect(short.body.message).toBe('请输入详细经营地址');
    const applied = await post<{ openStatus: number }>(
      token,
      '/api/merchant/entity/property/completeMerchantEntityProperty',
      form,
    );
    expect(applied.body.data.openStatus).toBe(2);
    expect((await getData<WithdrawMode>(token, '/api/user/getWithdrawMode')).channel).toBe(1);
    await sb.advance(60_000);
    const property = await getData<MerchantEntityProperty>(
      token,
      '/api/merchant/entity/property/getMerchantEntityProperty',
    );
    expect(property).toMatchObject({ openStatus: 4, eAccountName: '赵小明' });
    expect(property.eAccountNo).toMatch(/^88888\d{14}$/);
    expect((await getData<WithdrawMode>(token, '/api/user/getWithdrawMode')).channel).toBe(2);
  });
});

describe('corporate transfer verification (KYB)', () => {
  it('a wrong amount costs a try (code 0, matched false); the right one opens the account', async () => {
    const token = tokens.kybOperator; // 10009: 待回填, 37 fen, 2 tries left
    const state = await getData<KybState>(token, '/api/merchant/entity/property/queryAccountBankKyb');
    expect(state).toMatchObject({
      kybStatus: 2,
      purpose: 1,
      remainTimes: 2,
      maxTimes: 3,
      accountName: '滨江智充科技有限公司',
    });
    expect(state.accountNoMasked).toMatch(/^5719\*{4}0802$/);
    const wrong = await post<{ matched: boolean; remainTimes: number }>(
      token,
      '/api/merchant/entity/property/kybMath',
      {
        amount: 36,
        requestId: newRequestId(),
      },
    );
    expect(wrong.body).toMatchObject({ code: 0, data: { matched: false, kybStatus: 2, remainTimes: 1 } });
    const right = await post(token, '/api/merchant/entity/property/kybMath', { amount: 37, requestId: newRequestId() });
    expect(right.body.data).toMatchObject({ matched: true, kybStatus: 3 });
    expect(
      (await getData<MerchantEntityProperty>(token, '/api/merchant/entity/property/getMerchantEntityProperty'))
        .openStatus,
    ).toBe(4);
  });

  it('a corporate settlement-card change: apply (once, however often tapped), remit, exhaust (2021), wait 24 h (2023)', async () => {
    const token = tokens.splitOperator; // 10007: 企业, verified corporate card, no withdrawal in progress
    const change = await post<{ kybStatus: number; pendingCard: { cardNoTail: string } }>(
      token,
      '/api/merchant/entity/property/changCompanyBank',
      {
        accountNo: '3305016175350000777',
        bankCode: 'CCB',
        bankName: '中国建设银行',
        branchName: '中国建设银行杭州分行',
        requestId: newRequestId(),
      },
    );
    expect(change.body.data).toMatchObject({ kybStatus: 0, pendingCard: { cardNoTail: '0777' } });
    expect((await getData<KybState>(token, '/api/merchant/entity/property/queryAccountBankKyb')).purpose).toBe(2);
    // six taps of 申请打款 at once start one remittance
    await differentRequestsRace(sb, {
      path: '/api/merchant/entity/property/applyKyb',
      send: async () => ({ status: 0, body: { code: 0, message: '', data: null } }),
      effects: () => scalar(sb.db, 'select count(*) from kyb_verification where account_id = 10007'),
      race: {
        send: (requestId) =>
          post<{ kybStatus: number }>(token, '/api/merchant/entity/property/applyKyb', { requestId }),
        count: 6,
        maxSuccesses: 6,
        resultKey: () => 'one',
      },
    });
    await sb.advance(10_000);
    const amount = await scalar(
      sb.db,
      'select random_amount from kyb_verification where account_id = 10007 order by id desc limit 1',
    );
    for (const remain of [2, 1, 0]) {
      const wrong = await post(token, '/api/merchant/entity/property/kybMath', {
        amount: amount === 99 ? 98 : amount + 1,
        requestId: newRequestId(),
      });
      expect(wrong.body.data).toMatchObject({ matched: false, remainTimes: remain });
    }
    const exhausted = await post(token, '/api/merchant/entity/property/kybMath', { amount, requestId: newRequestId() });
    expect(exhausted.body).toMatchObject({ code: 2021, message: '验证次数已用完，请重新申请打款' });
    const soon = await post(token, '/api/merchant/entity/property/applyKyb', { requestId: newRequestId() });
    expect(soon.body).toMatchObject({ code: 2023, message: '打款申请过于频繁，请24小时后再试' });
    await sb.advance(24 * 3600_000);
    expect((await post(token, '/api/merchant/entity/property/applyKyb', { requestId: newRequestId() })).body.code).toBe(
      0,
    );
    await sb.advance(10_000);
    const next = await scalar(
      sb.db,
      'select random_amount from kyb_verification where account_id = 10007 order by id desc limit 1',
    );
    const old = await scalar(sb.db, 'select settle_bank_card_id from merchant_entity where account_id = 10007');
    const ok = await post(token, '/api/merchant/entity/property/kybMath', { amount: next, requestId: newRequestId() });
    expect(ok.body.data).toMatchObject({ matched: true, kybStatus: 3 });
    const now = await scalar(sb.db, 'select settle_bank_card_id from merchant_entity where account_id = 10007');
    expect(now).not.toBe(old);
    expect(await scalar(sb.db, 'select status from bank_card where id = $1', [old])).toBe(2);
    const property = await getData<MerchantEntityProperty>(
      token,
      '/api/merchant/entity/property/getMerchantEntityProperty',
    );
    expect(property.settleCard).toMatchObject({ cardNoTail: '0777', verifyStatus: 2 });
  });

  it('a remitted amount not reported within 48 h expires (2022)', async () => {
    const token = tokens.splitOperator;
    await post(token, '/api/merchant/entity/property/changCompanyBank', {
      accountNo: '3305016175350000888',
      bankCode: 'CCB',
      bankName: '中国建设银行',
      branchName: '中国建设银行杭州分行',
      requestId: newRequestId(),
    });
    await post(token, '/api/merchant/entity/property/applyKyb', { requestId: newRequestId() });
    await sb.advance(10_000 + 48 * 3600_000);
    const late = await post(token, '/api/merchant/entity/property/kybMath', { amount: 50, requestId: newRequestId() });
    expect(late.body).toMatchObject({ code: 2022, message: '打款验证已过期，请重新申请' });
  });
});

describe('settlement-card change and change applications', () => {
  it('refuses a personal card change while a withdrawal is in progress (2015)', async () => {
    const token = tokens.operator;
    // The precondition, made through the API: a withdrawal of 10001 in progress (the demo world's withdrawals are a
    // replay of its rules, so whether one is still in progress at this file's clock is not something to rely on).
    const cards = (await sb.get<{ list: { bankCardId: number }[] }>('/api/user/getUserBindBankCard', token)).body.data;
    const applied = await post(token, '/api/user/withdrawApply', {
      amount: 1000,
      bankCardId: cards.list[0]?.bankCardId,
      code: await freshSmsCode(sb, DEMO_PHONES.operator, 5, token),
      requestId: newRequestId(),
    });
    expect(applied.body.code, applied.body.message).toBe(0);
    const phone = '13912345678';
    const code = await freshSmsCode(sb, phone, 6);
    const refused = await post(token, '/api/merchant/entity/property/changPersonBank', {
      cardNo: ccb(7),
      bankCode: 'CCB',
      reservedPhone: phone,
      code,
      requestId: newRequestId(),
    });
    expect(refused.body).toMatchObject({ code: 2015, message: '该卡有处理中的提现，暂不可操作' });
  });

  it('a change application is reviewed a minute later; a changed signer must sign again; one at a time (2043)', async () => {
    const token = tokens.operator;
    const entity = await getData<MerchantEntity>(token, '/api/merchant/esign/getMerchantEntity');
    expect(entity.certStatus).toBe(2);
    const form = {
      entityType: 2,
      name: entity.name,
      licenseNo: uscc(entity.licenseNo ?? '92330106MA2KXY8F3'),
      licenseImage: entity.licenseImage,
      licenseStart: entity.licenseStart,
      legalName: entity.legalName,
      legalIdNo: '330106198203154218',
      legalIdStart: entity.legalIdStart,
      legalIdEnd: entity.legalIdEnd,
      idFrontImage: entity.idFrontImage,
      idBackImage: entity.idBackImage,
      signerSameAsLegal: false,
      signerName: '陈晓燕',
      signerIdNo: '11010519491231002X',
      signerPhone: '13800138000',
      settleAccountType: 2,
      settleBankCode: 'HZB',
      settleBankName: '杭州银行',
      settleCardNo: '3301040160012348866',
      requestId: newRequestId(),
    };
    const applied = await post<{ applyId: number; needResign: boolean }>(
      token,
      '/api/merchant/esign/applyMerchantEntityChange',
      form,
    );
    expect(applied.body.code, applied.body.message).toBe(0);
    expect(applied.body.data.needResign).toBe(true);
    const twice = await post(token, '/api/merchant/esign/applyMerchantEntityChange', {
      ...form,
      requestId: newRequestId(),
    });
    expect(twice.body).toMatchObject({ code: 2043, message: '存在审核中的变更申请' });
    await sb.advance(60_000);
    const after = await getData<MerchantEntity>(token, '/api/merchant/esign/getMerchantEntity');
    expect(after.changeApply).toMatchObject({ status: 2, needResign: true });
    expect(after.signerName).toBe('陈晓燕');
    expect(await scalar(sb.db, 'select sign_status from account where id = 10001')).toBe(0);
  });
});

describe('a change application with the ID numbers as shown', () => {
  it('keeps a masked ID number sent back unchanged, needs no settlement account and changes only what differs', async () => {
    const token = tokens.kybOperator; // 10009: an enterprise, certified
    const entity = await getData<MerchantEntity>(token, '/api/merchant/esign/getMerchantEntity');
    expect(entity.certStatus).toBe(2);
    expect(entity.legalIdNo).toContain('*');
    const stored = await scalar(sb.db, 'select legal_id_no_enc from merchant_entity where account_id = 10009');
    const applied = await post<{ applyId: number; needResign: boolean }>(
      token,
      '/api/merchant/esign/applyMerchantEntityChange',
      {
        entityType: entity.entityType,
        name: entity.name,
        licenseNo: entity.licenseNo,
        licenseImage: entity.licenseImage,
        licenseStart: entity.licenseStart,
        licenseEnd: entity.licenseEnd,
        legalName: entity.legalName,
        legalIdNo: entity.legalIdNo,
        legalIdStart: entity.legalIdStart,
        legalIdEnd: entity.legalIdEnd,
        idFrontImage: entity.idFrontImage,
        idBackImage: entity.idBackImage,
        signerSameAsLegal: true,
        signerPhone: entity.signerPhone,
        // no settlement account: a change leaves it to exchangeBank
        email: 'finance@binjiang.cn',
        requestId: newRequestId(),
      },
    );
    expect(applied.body.code, applied.body.message).toBe(0);
    expect(applied.body.data.needResign).toBe(false);
    const after = await getData<MerchantEntity>(token, '/api/merchant/esign/getMerchantEntity');
    expect(after.changeApply?.changes.map((c) => c.field)).toEqual(['email']);
    expect(await scalar(sb.db, 'select legal_id_no_enc from merchant_entity where account_id = 10009')).toBe(stored);
  });
});

describe('uploads and access', () => {
  it('stores a PNG and serves it; refuses what is not an image', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const up = await post<{ url: string; width: number; height: number }>(
      tokens.operator,
      '/api/merchant/esign/uploadImage',
      {
        bizType: 'idFront',
        image: `data:image/png;base64,${png}`,
      },
    );
    expect(up.body.data).toMatchObject({ width: 1, height: 1 });
    const served = await sb.app.request(up.body.data.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).toString('base64')).toBe(png);
    const text = await post(tokens.operator, '/api/merchant/esign/uploadImage', {
      bizType: 'idFront',
      image: `data:image/png;base64,${Buffer.from('hello').toString('base64')}`,
    });
    expect(text.body).toMatchObject({ code: 1, message: '仅支持JPG、PNG图片' });
  });

  it('sub-accounts may not act on the onboarding chain (403)', async () => {
    const sub = await sb.login(DEMO_PHONES.subAccount);
    const answer = await sb.post('/api/merchant/entity/property/applyKyb', sub, { requestId: newRequestId() });
    expect(answer.body.code).toBe(403);
  });

  it('never changes the settlement card twice for one request', async () => {
    const token = tokens.splitOperator;
    let n = 0;
    await moneyNeverDoubles(sb, {
      path: '/api/merchant/entity/property/changCompanyBank',
      prepare: async () => {
        n += 1;
      },
      send: (requestId) =>
        post(token, '/api/merchant/entity/property/changCompanyBank', {
          accountNo: `33050161753500${String(1000 + n)}`,
          bankCode: 'CCB',
          bankName: '中国建设银行',
          branchName: '中国建设银行杭州分行',
          requestId,
        }),
      effects: () => scalar(sb.db, 'select count(*) from settle_card_change where account_id = 10007'),
    });
    expect(await walletViolations(sb.db)).toEqual([]);
  });
});
