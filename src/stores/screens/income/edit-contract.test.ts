import { describe, expect, it } from 'vitest';
import type { MerchantEntity } from '@/api/income';
import { luhnValid } from '@/api/income-rules';
import { draftErrors, draftOf, formOf, modeOf, restoreDraft, type EntityDraft } from './edit-contract';

/** A Luhn-valid CCB debit number (621700…, 19 digits). */
function ccbCard(): string {
  for (let n = 0; ; n++) {
    const candidate = `621700${String(n).padStart(13, '0')}`;
    if (luhnValid(candidate)) return candidate;
  }
}

const EMPTY: MerchantEntity = {
  entityId: null,
  entityType: 1,
  certStatus: 0,
  rejectReason: null,
  name: '',
  licenseNo: null,
  licenseImage: null,
  licenseStart: null,
  licenseEnd: null,
  legalName: '',
  legalIdNo: '',
  legalIdStart: '',
  legalIdEnd: null,
  idFrontImage: '',
  idBackImage: '',
  signerSameAsLegal: true,
  signerName: '',
  signerIdNo: '',
  signerPhone: '',
  authLetterImage: null,
  settleAccountType: null,
  settleBankCode: '',
  settleBankName: '',
  settleBranchName: null,
  settleCardNoMasked: '',
  settleReservedPhone: '',
  email: null,
  submitTime: null,
  certTime: null,
  changeApply: null,
};

const PERSON: EntityDraft = {
  ...draftOf(EMPTY),
  legalName: '赵小明',
  legalIdNo: '11010519491231002X',
  legalIdStart: '2016-03-01',
  legalIdEnd: '2036-03-01',
  idFrontImage: '/f.jpg',
  idBackImage: '/b.jpg',
  signerPhone: '13912340000',
  cardNo: ccbCard(),
  reservedPhone: '13912340000',
};

describe('edit-contract (D-income.md §5)', () => {
  it('takes its mode from certStatus and a change under review', () => {
    expect(modeOf({ certStatus: 0, changeApply: null })).toBe('certify');
    expect(modeOf({ certStatus: 3, changeApply: null })).toBe('certify');
    expect(modeOf({ certStatus: 1, changeApply: null })).toBe('review');
    expect(modeOf({ certStatus: 2, changeApply: null })).toBe('change');
    const apply = { applyId: 1, applyNo: 'CA1', changes: [], rejectReason: null, needResign: false, applyTime: 1 };
    expect(modeOf({ certStatus: 2, changeApply: { ...apply, status: 1, auditTime: null } })).toBe('changeReview');
    expect(modeOf({ certStatus: 2, changeApply: { ...apply, status: 3, auditTime: 2 } })).toBe('change');
  });

  it('accepts a complete personal entity and names each wrong field with the design’s message', () => {
    expect(draftErrors(PERSON, '2026-11-24')).toEqual({});
    const errors = draftErrors(
      { ...PERSON, legalName: 'Tom', legalIdNo: '110105194912310021', legalIdEnd: '2026-11-24', idBackImage: '' },
      '2026-11-24',
    );
    expect(errors).toMatchObject({
      legalName: '请输入正确的姓名',
      legalIdNo: '身份证号格式不正确',
      legalIdEnd: '身份证已过期',
      idBackImage: '请上传身份证国徽面',
    });
    // 长期 needs no end date; a masked ID number as loaded passes (the server keeps the stored one)
    expect(
      draftErrors({ ...PERSON, legalIdEnd: '', legalIdLong: true, legalIdNo: '1101**********002X' }, '2026-11-24'),
    ).toEqual({});
  });

  it('checks the licence, the signer and the corporate account of a company', () => {
    const company: EntityDraft = { ...PERSON, entityType: 3, settleAccountType: 2, signerSameAsLegal: false };
    const errors = draftErrors(company, '2026-11-24');
    expect(errors).toMatchObject({
      licenseImage: '请上传营业执照',
      name: '请输入营业执照上的商户名称',
      licenseNo: '统一社会信用代码格式不正确',
      signerName: '请输入正确的姓名',
      authLetterImage: '请上传授权委托书',
      accountNo: '请输入对公账号',
      bankCode: '请选择开户银行',
      branchName: '请输入开户支行名称',
    });
    expect(errors.cardNo).toBeUndefined();
    // a change application leaves the settlement account out
    expect(draftErrors(company, '2026-11-24', false).accountNo).toBeUndefined();
  });

  it('restores a session draft, apply-result’s labels included, and keeps the account type allowed', () => {
    const restored = restoreDraft(draftOf(EMPTY), {
      entityType: '企业',
      name: '滨江快充',
      legalName: 42,
      unknown: 'x',
    });
    expect(restored.entityType).toBe(3);
    expect(restored.name).toBe('滨江快充');
    expect(restored.legalName).toBe('');
    expect(restored.settleAccountType).toBe(2);
    expect(restoreDraft(draftOf(EMPTY), null)).toEqual(draftOf(EMPTY));
  });

  it('sends the fields of the entity type: 长期 as null, the personal card’s bank from its bankBin', () => {
    const bin = {
      bankCode: 'CCB',
      bankName: '中国建设银行',
      bankLogo: '',
      cardType: 1 as const,
      cardName: '龙卡',
      cardLength: 19,
    };
    const body = formOf({ ...PERSON, legalIdLong: true, email: ' a@b.cn ' }, bin);
    expect(body).toMatchObject({ entityType: 1, legalIdEnd: null, settleBankCode: 'CCB', settleCardNo: PERSON.cardNo });
    expect(body.email).toBe('a@b.cn');
    expect(body).not.toHaveProperty('name');
    expect(body).not.toHaveProperty('signerName');
  });
});
