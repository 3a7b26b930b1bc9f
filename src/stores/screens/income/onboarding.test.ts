import { describe, expect, it } from 'vitest';
import { applyViewOf } from './apply-result';
import { tabsOf } from './exchange-bank';
import { kybAmountError } from './kyb-check';
import { openFormError, type OpenForm } from './open-account';
import { afterSigning, signFormError } from './sign-agree';

/** The onboarding screens' rules (D-income.md §5): validation order, next steps, tabs and views. */

const apply = {
  applyId: 7,
  applyNo: 'CA1',
  status: 1 as const,
  changes: [],
  rejectReason: null,
  needResign: false,
  applyTime: 1,
  auditTime: null,
};

describe('sign-agree', () => {
  it('asks for the checkbox before the code, and six digits', () => {
    expect(signFormError(false, '123456')).toBe('请先阅读并同意全部协议');
    expect(signFormError(true, '12345')).toBe('请输入6位验证码');
    expect(signFormError(true, '12345a')).toBe('请输入6位验证码');
    expect(signFormError(true, '123456')).toBeNull();
  });

  it('leads to the opening when it is required and not done, else to backUrl of the app, else /income', () => {
    expect(afterSigning({ openRequired: true, openStatus: 0 }, '/home')).toBe('/income/openAccountDetail');
    expect(afterSigning({ openRequired: true, openStatus: 4 }, '/home')).toBe('/home');
    expect(afterSigning({ openRequired: false, openStatus: 0 }, undefined)).toBe('/income');
    expect(afterSigning(null, '//evil.example/')).toBe('/income');
    expect(afterSigning(null, 'https://evil.example/')).toBe('/income');
  });
});

describe('KYBCheck', () => {
  it('takes 0.01–0.99 written as 0.dd only', () => {
    expect(kybAmountError('')).toBe('请输入收到的打款金额');
    expect(kybAmountError('0.00')).toBe('请输入0.01-0.99之间的金额');
    expect(kybAmountError('0.1')).toBe('请输入0.01-0.99之间的金额');
    expect(kybAmountError('1.00')).toBe('请输入0.01-0.99之间的金额');
    expect(kybAmountError('0.37')).toBeNull();
  });
});

describe('exchangeBank', () => {
  it('offers the tabs of the entity type', () => {
    expect(tabsOf(1)).toEqual([1]);
    expect(tabsOf(2)).toEqual([1, 2]);
    expect(tabsOf(3)).toEqual([2]);
  });
});

describe('openAccountDetail', () => {
  const region = {
    province: '浙江省',
    city: '杭州市',
    area: '西湖区',
    provinceCode: '330000',
    cityCode: '330100',
    areaCode: '330106',
  };
  const full: OpenForm = { region, address: '文一西路100号', categoryCode: '7523', images: ['/u/1.jpg'], email: '' };
  it('checks in the design’s order', () => {
    expect(openFormError({ ...full, region: null })).toBe('请选择经营地区');
    expect(openFormError({ ...full, address: '文一' })).toBe('请输入详细经营地址');
    expect(openFormError({ ...full, categoryCode: '' })).toBe('请选择经营类目');
    expect(openFormError({ ...full, images: [] })).toBe('请上传门头或场地照片');
    expect(openFormError({ ...full, email: 'a@b' })).toBe('请输入正确的邮箱地址');
    expect(openFormError({ ...full, email: 'a@b.cn' })).toBeNull();
    expect(openFormError(full)).toBeNull();
  });
});

describe('apply-result', () => {
  it('shows the application asked for, says when it is another one, and when there is none', () => {
    expect(applyViewOf({ changeApply: null }, null)).toEqual({ kind: 'none' });
    expect(applyViewOf({ changeApply: apply }, 8)).toEqual({ kind: 'missing' });
    expect(applyViewOf({ changeApply: apply }, 7)).toEqual({ kind: 'apply', apply });
    expect(applyViewOf({ changeApply: apply }, null)).toEqual({ kind: 'apply', apply });
  });
});
