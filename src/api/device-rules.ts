import { z } from 'zod/mini';
import { MOBILE_MESSAGE, PHONE_PATTERN } from './rules';

/**
 * Field rules of the site's device lists (B-site.md §2 "Validation"), with the messages the user sees. Part of the
 * API contract: the screens check them before calling, and the sandbox validates requests with the same schemas.
 */

/** Longest device remark (备注名), characters. */
export const REMARK_MAX = 20;

/** A device remark: at most 20 characters, may be empty (B §2 facilityList/guardList/cameraList/smokeList). */
export const remarkRule = z.string().check(z.maxLength(REMARK_MAX, '备注最多20个字'));

/** Auto-close intervals of a U8 gate, seconds (0 = off; B §2 guardList, entities Device.autoCloseInterval). */
export const AUTO_CLOSE_INTERVALS = [0, 10, 30, 60, 120, 300] as const;

/** One of AUTO_CLOSE_INTERVALS. */
export type AutoCloseInterval = (typeof AUTO_CLOSE_INTERVALS)[number];

/** Durations of a test charge, minutes (B §2 facilityList 测试充电). */
export const TEST_CHARGE_MINUTES = [1, 3, 5] as const;

/** Whitelist 姓名: 2–10 characters (B §2 guardList). */
export const whiteNameRule = z
  .string()
  .check(z.minLength(1, '请输入姓名'), z.minLength(2, '请输入姓名'), z.maxLength(10, '姓名最多10个字'));

/** Whitelist 手机号: a mainland mobile. */
export const whitePhoneRule = z.string().check(z.regex(PHONE_PATTERN, MOBILE_MESSAGE));

/** Whitelist 房号: required, at most 20 characters, e.g. "3栋2单元501". */
export const whiteRoomRule = z.string().check(z.minLength(1, '请输入房号'), z.maxLength(20, '房号最多20个字'));

/** A day 'YYYY-MM-DD'. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The message of a whitelist 有效期 (optional; null or '' = 长期) that is not a day or lies before `today`
 * ('YYYY-MM-DD', Asia/Shanghai), or null when it is acceptable.
 */
export function whiteExpireError(expireDate: string | null | undefined, today: string): string | null {
  if (expireDate === null || expireDate === undefined || expireDate === '') return null;
  if (!DAY_PATTERN.test(expireDate)) return '有效期格式不正确';
  return expireDate < today ? '有效期不能早于今天' : null;
}
