import { z } from 'zod/mini';

/**
 * Field rules of the login screens (A-shell-home-settlement.md §2 "Validation"), with the messages the user sees.
 * Part of the API contract: the forms check them before calling, and the sandbox validates requests with the same
 * schemas. Each schema reports its failures in order; forms show only the first.
 */

/** Mainland mobile number: 11 digits starting 1[3-9]. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** Message of a phone that is not an 11-digit mainland mobile (login, 联系电话, a share party, a whitelist entry). */
export const MOBILE_MESSAGE = '请输入正确的手机号';

/** 11-digit mainland mobile. */
export const phoneRule = z.string().check(z.minLength(1, '请输入手机号'), z.regex(PHONE_PATTERN, MOBILE_MESSAGE));

/**
 * Seconds between two SMS codes to one phone (A-shell-home-settlement.md §2 获取验证码 and "Business rules: SMS": 60 s
 * between sends per phone; D-income.md §0.7). The app's 获取验证码 countdowns fall back to it when the server does not
 * say; the sandbox refuses a send within it (1007).
 */
export const SMS_RESEND_SECONDS = 60;

/** 6-digit SMS code. */
export const smsCodeRule = z.string().check(z.minLength(1, '请输入验证码'), z.regex(/^\d{6}$/, '验证码为6位数字'));

/** Password at login: present and at least 6 characters. */
export const loginPasswordRule = z.string().check(z.minLength(1, '请输入密码'), z.minLength(6, '密码至少6位'));

/** A new password (register, find-pass): 6–20 characters, at least one letter and one digit, no spaces. */
export const newPasswordRule = z
  .string()
  .check(z.minLength(1, '请输入密码'), z.regex(/^(?=.*[A-Za-z])(?=.*\d)\S{6,20}$/, '密码须为6-20位字母与数字组合'));

/** Person or company name: 2–30 of Chinese, letters, digits, （）()·. */
export const accountNameRule = z
  .string()
  .check(z.regex(/^[\u4e00-\u9fa5A-Za-z0-9（）()·]{2,30}$/, '请输入2-30位姓名或企业名称'));

/** Invite code, when given: 6 letters or digits. */
export const inviteCodeRule = z.string().check(z.regex(/^[A-Za-z0-9]{6}$/, '邀请码格式不正确'));

/** Message of the agreement checkbox left unchecked. */
export const AGREEMENT_REQUIRED = '请先阅读并同意《用户服务协议》和《隐私政策》';

/** The first failure message of `value` under `rule`, or null when it passes. */
export function firstError(rule: z.ZodMiniType, value: unknown): string | null {
  const result = rule.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '输入有误');
}

/** Runs checks in order and returns the first failure message, or null. */
export function firstFailure(checks: readonly (readonly [z.ZodMiniType, unknown])[]): string | null {
  for (const [rule, value] of checks) {
    const message = firstError(rule, value);
    if (message) return message;
  }
  return null;
}
