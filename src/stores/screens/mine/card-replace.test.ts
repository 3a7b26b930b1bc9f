import { describe, expect, it } from 'vitest';
import type { ReplaceActivity } from '@/api/card';
import { emptyOldCardDraft, type OldCardDraft } from '@/stores/domain/drafts';
import { replaceFormError } from './card-replace';

/** C-mine.md permuteCard "Validation" and Business rule 11. */
const ACTIVITY: ReplaceActivity = {
  activityId: 1,
  name: '旧卡换新',
  startTime: 0,
  endTime: 1,
  rules: '',
  maxTransferAmount: 10_000,
  allowManualBalance: 0,
  siteList: [{ siteId: 1, siteName: 'A', address: '' }],
};
const IMPORTED = { oldCard: '0031014662', balance: 6150, holderPhone: '17718393651', replaced: 0 as const };

const draft = (fields: Partial<OldCardDraft>): OldCardDraft => ({
  ...emptyOldCardDraft(),
  activityId: 1,
  siteId: 1,
  siteName: 'A',
  oldCard: IMPORTED.oldCard,
  phone: '13912345678',
  newCard: 'NEWCARD001',
  ...fields,
});

describe('replaceFormError (C-mine.md permuteCard)', () => {
  it('accepts a complete form of an imported old card', () => {
    expect(replaceFormError(draft({}), ACTIVITY, IMPORTED, 6150)).toBeNull();
  });

  it('asks for the site, the old card, the phone and a valid new card in that order', () => {
    expect(replaceFormError(draft({ siteId: null }), ACTIVITY, IMPORTED, 0)).toBe('请选择换卡站点');
    expect(replaceFormError(draft({ oldCard: 'a1' }), ACTIVITY, null, 0)).toBe('请输入旧卡卡号');
    expect(replaceFormError(draft({ phone: '1234' }), ACTIVITY, IMPORTED, 6150)).toBe('请输入正确的11位手机号');
    expect(replaceFormError(draft({ newCard: 'short' }), ACTIVITY, IMPORTED, 6150)).toBe('卡号为8-20位数字或字母');
    expect(replaceFormError(draft({ newCard: '0031014662' }), ACTIVITY, IMPORTED, 6150)).toBe('新旧卡号不能相同');
  });

  it('refuses a replaced old card, an unknown one without manual balances, and a balance over the maximum', () => {
    expect(replaceFormError(draft({}), ACTIVITY, { ...IMPORTED, replaced: 1 }, 6150)).toBe('该旧卡已完成换卡');
    expect(replaceFormError(draft({ oldCard: 'ZZZZ9999' }), ACTIVITY, null, 0)).toBe('未找到该旧卡，请核对卡号');
    const manual = { ...ACTIVITY, allowManualBalance: 1 as const };
    expect(replaceFormError(draft({ oldCard: 'ZZZZ9999' }), manual, null, 5000)).toBeNull();
    expect(replaceFormError(draft({ oldCard: 'ZZZZ9999' }), manual, null, 10_001)).toBe('旧卡余额不能超过¥100.00');
    expect(replaceFormError(draft({ oldCard: 'ZZZZ9999' }), manual, null, null)).toBe('金额最多保留两位小数');
  });
});
