import { z } from 'zod/mini';
import { PERMISSION_CODES, type PermissionCode } from './permissions';
import { PHONE_PATTERN } from './rules';

/**
 * Rules of the operator's accounts (C-mine.md "Shared behaviour" and /mine/accountList/accountInfo Validation; Business
 * rules 1, 20; entities.md §1 Account), shared by the screens and the sandbox: the sub-account form's fields, the
 * permission groups of its checkboxes with the implications of rule 20, and the limit of 20.
 */

/**
 * The status words of an account (entities.md §1 Account.status), one mapping for every screen that shows an account's
 * status — an agent, a property, a sub-account — so one record reads the same everywhere (issue 30): 0 未开通 (a
 * property created without a login), 1 正常, 2 已停用, 3 已注销. The switches beside them keep their verbs 启用 / 停用.
 */
export const ACCOUNT_STATUS_LABELS: Readonly<Record<0 | 1 | 2 | 3, string>> = {
  0: '未开通',
  1: '正常',
  2: '已停用',
  3: '已注销',
};

/** The word of an account's status (ACCOUNT_STATUS_LABELS), '--' for a value outside it. */
export function accountStatusLabel(status: number): string {
  return ACCOUNT_STATUS_LABELS[status as 0 | 1 | 2 | 3] ?? '--';
}

/** At most this many sub-accounts per operator (rule 20); disabled ones count. */
export const SUB_ACCOUNT_LIMIT = 20;

/** Texts of the accounts screens and of the sandbox's refusals (C-mine.md, as the user reads them). */
export const ACCOUNT_MESSAGES = {
  limit: `最多创建${SUB_ACCOUNT_LIMIT}个子账号`,
  name: '请输入姓名',
  phone: '请输入正确的11位手机号',
  phoneTaken: '该手机号已被注册',
  password: '密码需为6-20位字母和数字组合',
  permissions: '请至少选择一项权限',
  sites: '请选择站点',
  remark: '备注最多50个字',
  missing: '子账号不存在',
  invalidPermission: '权限不可分配给子账号',
} as const;

/** 姓名: 2–20 characters after trimming. */
export const personNameRule = z
  .string()
  .check(z.trim(), z.minLength(2, ACCOUNT_MESSAGES.name), z.maxLength(20, ACCOUNT_MESSAGES.name));

/** A login phone of an account the operator creates (Shared behaviour "Phone"). */
export const accountPhoneRule = z.string().check(z.regex(PHONE_PATTERN, ACCOUNT_MESSAGES.phone));

/** A password the operator sets (Shared behaviour "Password"): 6–20 characters with letters and digits. */
export const accountPasswordRule = z
  .string()
  .check(z.regex(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,20}$/, ACCOUNT_MESSAGES.password));

/** 备注: at most 50 characters. */
export const remarkRule = z.string().check(z.maxLength(50, ACCOUNT_MESSAGES.remark));

/** One checkbox of the sub-account form and the codes it writes (C-mine.md accountInfo Shows). */
export interface PermissionGroup {
  key: string;
  label: string;
  codes: readonly PermissionCode[];
}

/** The checkboxes of the sub-account form, in display order (entities.md §1 "C's sub-account checkboxes map"). */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  { key: 'site', label: '站点管理', codes: ['site:view', 'site:edit'] },
  { key: 'device', label: '设备管理', codes: ['device:add', 'device:control'] },
  { key: 'card', label: '卡片管理', codes: ['card:view', 'card:edit', 'card:recharge'] },
  { key: 'orderView', label: '订单查看', codes: ['order:view'] },
  { key: 'orderRefund', label: '订单退款', codes: ['order:refund'] },
  { key: 'remote', label: '远程充电', codes: ['remote:charge'] },
  { key: 'income', label: '收入查看', codes: ['income:view', 'bill:view'] },
  { key: 'withdraw', label: '提现', codes: ['withdraw', 'bank'] },
  { key: 'workOrder', label: '安装工单', codes: ['workOrder'] },
  { key: 'message', label: '消息告警', codes: ['message'] },
];

/** The checkbox groups that check another one with them (rule 20: 提现 → 收入查看, 订单退款 → 订单查看). */
export const GROUP_IMPLIES: Readonly<Record<string, string>> = { withdraw: 'income', orderRefund: 'orderView' };

/** Codes that imply another code (rule 20: withdraw implies income:view, order:refund implies order:view). */
export const CODE_IMPLIES: Readonly<Partial<Record<PermissionCode, PermissionCode>>> = {
  withdraw: 'income:view',
  'order:refund': 'order:view',
};

/** Codes a sub-account may hold: its checkboxes' codes and `home` (never agent, subAccount, tenement …). */
export const SUB_ACCOUNT_CODES: ReadonlySet<PermissionCode> = new Set<PermissionCode>([
  'home',
  ...PERMISSION_GROUPS.flatMap((g) => g.codes),
]);

/**
 * The permissions stored for a sub-account from the codes asked for (rule 20): `home` always, each implied code
 * added, in the order of PERMISSION_CODES, without repeats. Codes a sub-account may not hold are not checked here
 * (subAccountPermissionError).
 */
export function normalizeSubAccountPermissions(codes: readonly string[]): PermissionCode[] {
  const held = new Set<string>(['home', ...codes]);
  for (const code of codes) {
    const implied = CODE_IMPLIES[code as PermissionCode];
    if (implied) held.add(implied);
  }
  return PERMISSION_CODES.filter((code) => held.has(code));
}

/**
 * The refusal of a sub-account's permission list, or null: a code a sub-account may not hold → 权限不可分配给子账号;
 * nothing but `home` → 请至少选择一项权限.
 */
export function subAccountPermissionError(codes: readonly string[]): string | null {
  if (codes.some((code) => !SUB_ACCOUNT_CODES.has(code as PermissionCode))) return ACCOUNT_MESSAGES.invalidPermission;
  if (!codes.some((code) => code !== 'home')) return ACCOUNT_MESSAGES.permissions;
  return null;
}

/** Labels of the groups of which the codes hold at least one code, in display order. */
export function groupLabels(codes: readonly string[]): string[] {
  return PERMISSION_GROUPS.filter((g) => g.codes.some((code) => codes.includes(code))).map((g) => g.label);
}

/**
 * The 权限 line of a list row (C-mine.md accountList: "站点管理、卡片管理等5项"): the first two groups held, and 等N项
 * when more are held; "无" when none.
 */
export function permissionSummary(codes: readonly string[]): string {
  const labels = groupLabels(codes);
  if (labels.length === 0) return '无';
  const head = labels.slice(0, 2).join('、');
  return labels.length > 2 ? `${head}等${labels.length}项` : head;
}

/** The 站点 line of a list row: 全部站点, or 指定N个站点. */
export function siteScopeSummary(dataScope: 1 | 2, siteIds: readonly number[]): string {
  return dataScope === 1 ? '全部站点' : `指定${siteIds.length}个站点`;
}
