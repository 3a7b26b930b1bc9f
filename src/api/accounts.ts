import type { Page } from './http';
import { get, post } from './http';
import { ApiError } from './outcome';
import type { PermissionCode } from './permissions';
import { ACCOUNT_MESSAGES } from './accounts-rules';

export {
  ACCOUNT_MESSAGES,
  GROUP_IMPLIES,
  PERMISSION_GROUPS,
  SUB_ACCOUNT_LIMIT,
  permissionSummary,
  siteScopeSummary,
  type PermissionGroup,
} from './accounts-rules';

/**
 * Calls of the operator's sub-accounts (C-mine.md /mine/accountList, /mine/accountList/accountInfo; Business rules 1,
 * 20; entities.md §1 Account, §4 Token). Their rules, shared with the sandbox, are in accounts-rules.ts. Callers: an
 * operator or an agent holding `subAccount`. Instants epoch ms. Saving a sub-account revokes its tokens: its next
 * call answers code 2 and its app closes the session (spec "Session invalid").
 */

/** One sub-account of GET /api/user/AClist (phones of one's own staff are shown in full). */
export interface SubAccount {
  id: number;
  name: string;
  phone: string;
  /** 1 启用, 2 停用. */
  status: 1 | 2;
  /** Codes of src/api/permissions.ts; `home` always. */
  permissions: PermissionCode[];
  /** 1 全部站点, 2 指定站点 (siteIds). */
  dataScope: 1 | 2;
  siteIds: number[];
  remark: string;
  createTime: number;
  lastLoginTime: number | null;
}

/** Request of the list: `id` for one sub-account (the detail), `keyword` 姓名 / 手机号 (≤ 20). */
export interface SubAccountQuery {
  id?: number;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

/** POST /api/user/addAC request. */
export interface AddSubAccount {
  name: string;
  phone: string;
  password: string;
  permissions: string[];
  dataScope: 1 | 2;
  /** The chosen sites (dataScope 2), [] for all sites. */
  siteIds: number[];
  remark?: string;
}

/** POST /api/user/editAC request (`password` only to reset it). */
export interface EditSubAccount {
  id: number;
  name: string;
  password?: string;
  permissions: string[];
  dataScope: 1 | 2;
  siteIds: number[];
  remark?: string;
  status: 1 | 2;
}

/** GET /api/user/AClist — the caller's sub-accounts, newest first. */
export const getSubAccounts = (query: SubAccountQuery) => get<Page<SubAccount>>('/api/user/AClist', query);

/**
 * The sub-account `id` (AClist { id }, its first row). The server answers code 1 子账号不存在 (toasted) for an id that
 * is not one of the caller's; rejects with that ApiError.
 */
export async function getSubAccount(id: number): Promise<SubAccount> {
  const page = await getSubAccounts({ id, pageNum: 1, pageSize: 1 });
  const found = page.list[0];
  if (!found) throw new ApiError('business', 1, ACCOUNT_MESSAGES.missing);
  return found;
}

/**
 * POST /api/user/addAC — creates a sub-account (code 1: 最多创建20个子账号, 该手机号已被注册, a field's rule); answers its id.
 */
export const addSubAccount = (body: AddSubAccount) => post<{ id: number }>('/api/user/addAC', body);

/** POST /api/user/editAC — saves a sub-account; a change logs it out (its tokens revoked). data null. */
export const editSubAccount = (body: EditSubAccount) => post<null>('/api/user/editAC', body);
