import { z } from 'zod/mini';
import { PHONE_PATTERN, firstError } from './rules';

/**
 * The rules of installation work orders (C-mine.md /mine/workOrder/working/installDetail "Validation", Business rule
 * 17; entities.md §86, R12.1) with the messages the user sees. Part of the API contract: the detail screen checks them
 * before calling, and the sandbox validates the requests with the same rules.
 */

/** Work-order statuses (entities.md §86): 1 待审核, 2 已驳回, 3 施工中, 4 待验收, 5 已完成, 6 验收驳回. */
export type WorkOrderStatus = 1 | 2 | 3 | 4 | 5 | 6;

/** Status names, as the tags and the banner show them. */
export const WORK_ORDER_STATUS_NAMES: Readonly<Record<WorkOrderStatus, string>> = {
  1: '待审核',
  2: '已驳回',
  3: '施工中',
  4: '待验收',
  5: '已完成',
  6: '验收驳回',
};

/** Application types: 1 物业申请, 2 居民申请, 3 业务员提交. */
export const APPLY_TYPE_NAMES: Readonly<Record<1 | 2 | 3, string>> = { 1: '物业申请', 2: '居民申请', 3: '业务员提交' };

/**
 * The moves of rule 17 (from → allowed next statuses): 1 → 2 (reject) or 3 (approve with a site and a builder);
 * 3 / 6 → 4 (submitted for acceptance); 4 → 5 (accepted, the site goes 运营中) or 6 (returned to the builder).
 */
export const WORK_ORDER_MOVES: Readonly<Record<WorkOrderStatus, readonly WorkOrderStatus[]>> = {
  1: [2, 3],
  2: [],
  3: [4],
  4: [5, 6],
  5: [],
  6: [4],
};

/** The server's answer to an action on a work order whose status has moved on (the screen toasts and reloads). */
export const STALE_WORK_ORDER = '工单状态已变更';

/** Messages of the detail screen's validation. */
export const WORK_ORDER_MESSAGES = {
  siteRequired: '请选择或创建站点',
  builderRequired: '请选择施工人员',
  siteName: '请输入站点名称',
  builderName: '请输入施工人员姓名',
  builderPhone: '请输入正确的11位手机号',
  builderPhoneTaken: '该手机号已注册，请选择已有施工人员',
  builderPassword: '密码需为6-20位字母和数字组合',
  rejectReason: '请填写驳回原因',
  trainingFirst: '请先确认施工培训',
  noDevice: '站点下暂无设备，请先添加设备',
  rectify: '请填写整改意见',
  keyword: '搜索内容最多30个字',
} as const;

/** A new site's name (新建站点): 2–30 characters. */
export const workOrderSiteNameRule = z
  .string()
  .check(z.trim(), z.minLength(2, WORK_ORDER_MESSAGES.siteName), z.maxLength(30, WORK_ORDER_MESSAGES.siteName));

/** A new builder's name: 2–10 characters. */
export const builderNameRule = z
  .string()
  .check(z.trim(), z.minLength(2, WORK_ORDER_MESSAGES.builderName), z.maxLength(10, WORK_ORDER_MESSAGES.builderName));

/** A new builder's phone (the login): an 11-digit mainland mobile. */
export const builderPhoneRule = z.string().check(z.regex(PHONE_PATTERN, WORK_ORDER_MESSAGES.builderPhone));

/** A new builder's password (C-mine.md "Password", accounts created by the operator): 6–20, letters and digits. */
export const builderPasswordRule = z
  .string()
  .check(z.regex(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,20}$/, WORK_ORDER_MESSAGES.builderPassword));

/** The review's reason when rejecting (驳回): 2–200 characters. */
export const rejectReasonRule = z
  .string()
  .check(
    z.trim(),
    z.minLength(2, WORK_ORDER_MESSAGES.rejectReason),
    z.maxLength(200, WORK_ORDER_MESSAGES.rejectReason),
  );

/** The acceptance's rectification request (驳回整改): 1–200 characters. */
export const rectifyRule = z
  .string()
  .check(z.trim(), z.minLength(1, WORK_ORDER_MESSAGES.rectify), z.maxLength(200, WORK_ORDER_MESSAGES.rectify));

/** What the review form holds when it is submitted (the work-order edit of the client state). */
export interface ReviewForm {
  checkStatus: 1 | 2;
  applyApprovedContent: string;
  stationId: number | null;
  /** 'existing' = 选择已有 (builderId), 'new' = 新建账号 (name, phone, password). */
  builderMode: 'existing' | 'new';
  builderId: number | null;
  builderName: string;
  builderPhone: string;
  builderPassword: string;
}

/**
 * The first failure of a review before it is sent (C-mine.md installDetail "Validation"), or null: 驳回 needs a
 * reason; 通过 needs a site and a builder (an existing one, or a new one's name, phone and password).
 */
export function reviewError(form: ReviewForm): string | null {
  if (form.checkStatus === 2) return firstError(rejectReasonRule, form.applyApprovedContent);
  if (form.stationId === null) return WORK_ORDER_MESSAGES.siteRequired;
  if (form.builderMode === 'existing') return form.builderId === null ? WORK_ORDER_MESSAGES.builderRequired : null;
  return (
    firstError(builderNameRule, form.builderName) ??
    firstError(builderPhoneRule, form.builderPhone) ??
    firstError(builderPasswordRule, form.builderPassword)
  );
}
