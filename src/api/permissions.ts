/**
 * Permission codes of the contract (A-shell-home-settlement.md "Shared shape: LoginResult"; entities.md §1 Account),
 * stored client-side as PERMISSION = JSON array, enforced by the server (code 403 无操作权限).
 */

/** Every permission code, in the order of the design. */
export const PERMISSION_CODES = [
  'home',
  'site:view',
  'site:edit',
  'device:add',
  'device:control',
  'order:view',
  'order:refund',
  'remote:charge',
  'card:view',
  'card:edit',
  'card:recharge',
  'income:view',
  'withdraw',
  'bank',
  'bill:view',
  'export',
  'settlement',
  'agent',
  'subAccount',
  'tenement',
  'workOrder',
  'siteAuthor',
  'message',
  'parking',
  'sim',
  'transfer',
] as const;

export type PermissionCode = (typeof PERMISSION_CODES)[number];

/**
 * Default permissions per account type (entities.md §1): operators and agents all; properties a fixed set; builders
 * theirs. Sub-accounts (4) have no default: their operator assigns a subset (never agent, subAccount, tenement).
 */
export const DEFAULT_PERMISSIONS: Readonly<Record<1 | 2 | 3 | 5, readonly PermissionCode[]>> = {
  1: PERMISSION_CODES,
  2: PERMISSION_CODES,
  3: ['home', 'site:view', 'order:view', 'income:view', 'withdraw', 'bank', 'bill:view', 'export', 'message'],
  5: ['home', 'workOrder', 'site:view', 'device:add'],
};
