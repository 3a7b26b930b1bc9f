import { z } from 'zod/mini';
import { shanghai } from '@/lib/time';

/**
 * The rules of site authorisation (C-mine.md /mine/siteAuthor/{id}/authorizeDetail "Validation", Business rule 16;
 * entities.md §14–§16) with the messages the user sees. Part of the API contract: the detail screen checks them before
 * calling, and the sandbox validates dealSiteApply with the same rules and computes the same authorisation end.
 */

/** SiteApply statuses: 0 待处理, 1 已同意, 2 已拒绝, 3 已过期. */
export type SiteApplyStatus = 0 | 1 | 2 | 3;

/**
 * Status names (entities.md §15 SiteApply; C-mine.md /mine/siteAuthor), one mapping for every screen (issue 30): the
 * result tags of the lists and the detail, and the chips of 已处理.
 */
export const SITE_APPLY_STATUS_NAMES: Readonly<Record<SiteApplyStatus, string>> = {
  0: '待处理',
  1: '已同意',
  2: '已拒绝',
  3: '已过期',
};

/** OpenPartner types: 1 互联互通平台, 2 物业平台, 3 政府监管平台, 4 其他. */
export type PartnerType = 1 | 2 | 3 | 4;

export const PARTNER_TYPE_NAMES: Readonly<Record<PartnerType, string>> = {
  1: '互联互通平台',
  2: '物业平台',
  3: '政府监管平台',
  4: '其他',
};

/** Scopes an application asks for: 1 站点信息, 2 设备状态, 3 订单数据, 4 远程启停. */
export type SiteApplyScope = 1 | 2 | 3 | 4;

export const SCOPE_NAMES: Readonly<Record<SiteApplyScope, string>> = {
  1: '站点信息',
  2: '设备状态',
  3: '订单数据',
  4: '远程启停',
};

/** The one-line explanation of each scope on the detail (C-mine.md authorizeDetail 申请内容). */
export const SCOPE_EXPLANATIONS: Readonly<Record<SiteApplyScope, string>> = {
  1: '名称/地址/收费标准对外展示',
  2: '实时空闲/故障',
  3: '订单推送用于结算与监管',
  4: '对方平台用户可扫码启动充电',
};

/** A pending application expires this long after it was made (rule 16: applyTime + 7 days), ms. */
export const SITE_APPLY_TTL_MS = 7 * 86_400_000;

/** Messages of the detail's validation and the server's refusals. */
export const SITE_AUTHOR_MESSAGES = {
  noSite: '请至少选择一个站点',
  rejectReason: '请填写拒绝原因',
  /** The answer to a decision on an application already decided or expired (the screen toasts and reloads). */
  stale: '该申请已处理或已过期',
  /** A site that is not one of the application's. */
  foreignSite: '所选站点不在申请范围内',
} as const;

/** The reason of a rejection (拒绝原因): required, 2–100 characters. */
export const rejectReasonRule = z
  .string()
  .check(
    z.trim(),
    z.minLength(2, SITE_AUTHOR_MESSAGES.rejectReason),
    z.maxLength(100, SITE_AUTHOR_MESSAGES.rejectReason),
  );

/**
 * The end of an authorisation agreed at `dealTime` for `validMonths` months (rule 16: authEndTime = dealTime +
 * validMonths), calendar months on the Asia/Shanghai clock (31 Jan + 1 month = 28/29 Feb), epoch ms.
 */
export function authEndOf(dealTime: number, validMonths: number): number {
  return shanghai(dealTime).add(validMonths, 'month').valueOf();
}

/** Whole days left before `expireTime` at `now`, rounded up (the list's "N 天后自动拒绝"); 0 once it has passed. */
export function daysLeft(expireTime: number, now: number): number {
  return Math.max(0, Math.ceil((expireTime - now) / 86_400_000));
}
