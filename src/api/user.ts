import type { JsSdkSignature } from '@platform/types';
import { get, post } from './http';

/**
 * Account and login calls (spec §7 "Account and login", "Common"; A-shell-home-settlement.md §1–§2, LoginResult).
 */

/** Account types (A §0): 1 运营商, 2 代理商, 3 物业, 4 子账号, 5 施工人员. */
export type AccountType = 1 | 2 | 3 | 4 | 5;

/** Display names of the account types. */
export const ACCOUNT_TYPE_NAMES: Readonly<Record<AccountType, string>> = {
  1: '运营商',
  2: '代理商',
  3: '物业',
  4: '子账号',
  5: '施工人员',
};

/** ExtendPermission as stored (A "Shared shape: LoginResult"). */
export interface ExtendPermission {
  accountType: AccountType;
  /** The operator owning a sub-account or builder; own id otherwise. */
  mainAccountId: number;
  parentId: number | null;
  /** 0 无分期, 1 余额扣款, 2 分账扣款. */
  settleMode: 0 | 1 | 2;
  /** 0 未签约, 1 签约审核中, 2 已签约, 3 签约失败. */
  signStatus: 0 | 1 | 2 | 3;
  /** 1 全部站点, 2 指定站点. */
  dataScope: 1 | 2;
  siteIds?: number[];
  coinEnabled: boolean;
  withdrawEnabled: boolean;
}

/** Result of every login call (antLogin, antLoginWithPwd, registerFactor, silent logins when bound). */
export interface LoginResult {
  /** Silent-login calls only: the platform user is bound to an account. */
  bound?: boolean;
  /** 32-char opaque token (stored as TOKEN, sent as header `token`). */
  token: string;
  /** Epoch ms (30 days after last use, sliding). */
  expireTime: number;
  accountId: number;
  accountType: AccountType;
  name: string;
  /** Masked, 138****1234. */
  phone: string;
  /** Permission codes (stored as PERMISSION = JSON array). */
  permission: string[];
  extendPermission: ExtendPermission;
}

/** Silent login answer: bound → a LoginResult; not bound → only the platform profile. */
export type SilentLoginResult = (LoginResult & { bound: true }) | { bound: false; nickname?: string; avatar?: string };

/** Merchant base info from GET /api/user/getCommercialInfo (A §2; one shape shared with the mine section). */
export interface CommercialInfo {
  accountId: number;
  mainAccountId: number;
  accountType: AccountType;
  name: string;
  shortName: string;
  /** URL or ''. */
  logo: string;
  contacts: string;
  phone: string;
  servicePhone: string;
  email: string;
  alarmPhone: string;
  inviteCode: string | null;
  parentId: number | null;
  parentName: string | null;
  settleMode: 0 | 1 | 2;
  signStatus: 0 | 1 | 2 | 3;
  status: number;
  /** Epoch ms. */
  createTime: number;
  /** Work orders waiting for me (待审核 + 待验收; builders: own 施工中 + 验收驳回). */
  orderCount: number;
  /** Undealt site applications. */
  accreditCount: number;
  /** 0/1 messaging-app push switch. */
  onMessage: 0 | 1;
  /** 0/1 SMS alarms. */
  phoneMessageReceive: 0 | 1;
  /** Unread system messages + unrecovered alarms. */
  unreadCount: number;
  infoComplete: boolean;
}

/** SMS code purposes (A §2): 1 登录/绑定, 2 注册, 3 找回密码. */
export type SmsType = 1 | 2 | 3;

/** POST /api/user/signature — the JS-SDK signature for `url` (current page without `#…`). Silent on error. */
export const fetchSignature = (url: string) =>
  post<JsSdkSignature>('/api/user/signature', { url }, { errorText: 2, loading: false });

/**
 * The silent login of the running host (A §2 action 1; error override 2): POST the OAuth code to the endpoint the
 * Platform names — WeChat /wap/user/wapAntlogin with `code`, Alipay /api/user/aliLoginByAuthCode with `authCode`.
 * @param endpoint the Platform's silentLogin (path and the code's field name)
 */
export const silentLogin = (endpoint: { path: string; codeField: string }, code: string) =>
  post<SilentLoginResult>(endpoint.path, { [endpoint.codeField]: code }, { errorText: 2, loading: false });

/**
 * POST /api/user/verificationCode — sends an SMS code. data: expireSeconds (300), resendSeconds (60).
 * Errors: 1002 unregistered (type 1/3), 1003 registered (type 2), 1007 too frequent, 1008 daily limit.
 */
export const sendVerificationCode = (phone: string, type: SmsType, handles?: number[]) =>
  post<{ expireSeconds: number; resendSeconds: number }>(
    '/api/user/verificationCode',
    { phone, type },
    { handles, loading: false },
  );

/** POST /api/user/antLogin — phone + 6-digit SMS code; binds the platform user of header authcode. 1002 unregistered. */
export const antLogin = (phone: string, code: string) =>
  post<LoginResult>('/api/user/antLogin', { phone, code }, { handles: [1002] });

/** POST /api/user/antLoginWithPwd — phone + password; also binds. 1004 wrong password, 1005 locked. */
export const antLoginWithPwd = (phone: string, password: string) =>
  post<LoginResult>('/api/user/antLoginWithPwd', { phone, password });

/** Body of POST /api/user/registerFactor (A §2 register). */
export interface RegisterRequest {
  phone: string;
  code: string;
  name: string;
  password: string;
  inviteCode?: string;
}

/** POST /api/user/registerFactor — creates an operator (agent with an invite code) and logs in. 1003, 1009. */
export const registerFactor = (body: RegisterRequest) =>
  post<LoginResult>('/api/user/registerFactor', body, { handles: [1003, 1009] });

/** POST /api/user/validCode — checks a code without consuming it. 1001 wrong or expired. */
export const validCode = (phone: string, code: string, type: SmsType) =>
  post<{ valid: boolean }>('/api/user/validCode', { phone, code, type });

/** POST /api/user/findPass — resets the password (consumes the code; revokes every token). 1001 at this step. */
export const findPass = (phone: string, code: string, password: string) =>
  post<null>('/api/user/findPass', { phone, code, password }, { handles: [1001] });

/** GET /api/user/getCommercialInfo — merchant base info of the logged-in account. */
export const getCommercialInfo = () => get<CommercialInfo>('/api/user/getCommercialInfo');
