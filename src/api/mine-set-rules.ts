import { z } from 'zod/mini';
import { emailRule } from './income-rules';
import { contactsRule, servicePhoneRule } from './site-rules';

/** Input rules of the settings centre (C-mine.md "/mine/set" Validation), shared by the screen and the sandbox. */

/** The merchant fields the settings centre edits one at a time (replenishMerchantInfo). */
export type MerchantField = 'shortName' | 'contacts' | 'servicePhone' | 'email';

/** 商户简称: 2–12 characters. */
export const shortNameRule = z
  .string()
  .check(z.trim(), z.minLength(2, '商户简称为2-12个字'), z.maxLength(12, '商户简称为2-12个字'));

/** The rule of each editable merchant field (C-mine.md /mine/set Validation). */
export const MERCHANT_FIELD_RULES = {
  shortName: shortNameRule,
  contacts: contactsRule,
  servicePhone: servicePhoneRule,
  email: emailRule,
} as const;

/** The refusal text of a field's value, or null when it is valid. */
export function merchantFieldError(field: MerchantField, value: string): string | null {
  const result = MERCHANT_FIELD_RULES[field].safeParse(value.trim());
  return result.success ? null : (result.error.issues[0]?.message ?? '输入有误');
}

/** Labels of the merchant fields (the rows of 商户信息 and checkoutMerchantInfo's missingFields). */
export const MERCHANT_FIELD_LABELS: Readonly<Record<MerchantField, string>> = {
  shortName: '商户简称',
  contacts: '联系人',
  servicePhone: '客服电话',
  email: '接收邮箱',
};
