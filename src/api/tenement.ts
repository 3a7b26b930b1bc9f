import { get, post } from './http';

export { TENEMENT_MESSAGES } from './tenement-rules';

/**
 * Calls of the property accounts (C-mine.md /mine/tenement-list, base/info, base/list; Business rule 21; entities.md §1
 * Account: a property is one Account of accountType 3, its merchantId = accountId). The list is the site section's
 * merchantListByOperator (src/api/site.ts getPropertyList) and the figures merchantHomePage (src/api/home.ts); the
 * rules are in tenement-rules.ts. Callers: an operator or an agent holding `tenement`. Instants epoch ms.
 */

/** The login of a property (null while the property has none: status 0 未开通). */
export interface PropertyLogin {
  /** = merchantId. */
  accountId: number;
  loginPhone: string;
  /** 账号名称. */
  name: string;
  /** 1 启用, 2 停用. */
  status: 1 | 2;
  createTime: number;
  lastLoginTime: number | null;
}

/** GET /api/user/viewPropertyAccount answer. */
export interface PropertyAccountView {
  merchant: { merchantId: number; name: string; contacts: string; phone: string };
  account: PropertyLogin | null;
}

/**
 * POST /api/user/createPropertyAccount request. Without merchantId a new property: `name` 物业名称, `contacts`,
 * `contactPhone` required, and its login when `loginPhone` and `password` are given (账号名称 `accountName`, PROPOSED,
 * default the property's name); with merchantId the login of that property (status 0 未开通): `loginPhone`, `name`
 * 账号名称, `password`.
 */
export interface CreatePropertyAccount {
  merchantId?: number;
  name: string;
  contacts?: string;
  contactPhone?: string;
  loginPhone?: string;
  accountName?: string;
  password?: string;
}

/** POST /api/user/updatePropertyAccount request. */
export interface UpdatePropertyAccount {
  accountId: number;
  loginPhone?: string;
  name?: string;
  password?: string;
  status?: 1 | 2;
}

/** GET /api/user/viewPropertyAccount — a property of the caller and its login (code 1 物业不存在或无权查看). */
export const viewPropertyAccount = (merchantId: number) =>
  get<PropertyAccountView>('/api/user/viewPropertyAccount', { merchantId });

/** POST /api/user/createPropertyAccount — creates a property and/or opens its login; answers `{ accountId }`. */
export const createPropertyAccount = (body: CreatePropertyAccount) =>
  post<{ accountId: number }>('/api/user/createPropertyAccount', body);

/** POST /api/user/updatePropertyAccount — status, password, login phone or name of the login; data null. */
export const updatePropertyAccount = (body: UpdatePropertyAccount) =>
  post<null>('/api/user/updatePropertyAccount', body);

/** POST /api/user/deletePropertyAccount — deletes the login (the property stays, status 0); data null. */
export const deletePropertyAccount = (accountId: number) =>
  post<null>('/api/user/deletePropertyAccount', { accountId });
