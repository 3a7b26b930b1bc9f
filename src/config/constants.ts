/**
 * The spec's business constants and limits (spec §9), in one place. Units are in the names or the docstrings.
 */

/** Request timeout, ms (spec §7, §9). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Delay between the session-invalid toast and closing the embedded page, ms (spec §4, §8). */
export const SESSION_INVALID_CLOSE_DELAY_MS = 1_600;
/** Default toast duration, ms (spec §9). */
export const TOAST_DURATION_MS = 2_000;
/** Text of the loading indicator (spec §9 "Loading"). */
export const LOADING_TEXT = '加载中';
/** Length of a random nonce, characters (spec §9). */
export const NONCE_LENGTH = 32;
/** Upgrade popup cutoff, epoch ms: shown only when now <= this (spec §2, §9). */
export const UPGRADE_POPUP_CUTOFF_MS = 1_536_883_200_000;

/** Error catalogue texts (spec §8; A-shell-home-settlement.md "Errors"). */
export const MESSAGES = {
  network: '网络异常',
  sessionExpired: '登录已失效，请重新登录',
  outsideHost: '请在微信或支付宝客户端中打开',
  scanFailed: '无法识别',
  chunkFailed: '页面加载失败，请检查网络',
  businessFallback: '操作失败，请稍后重试',
} as const;

/** Body codes of the session-invalid row of the error catalogue (spec §8): 2 token missing/invalid, 7 expired. */
export const SESSION_INVALID_CODES: readonly number[] = [7, 2];

/** Caller override value that silences the business-error toast (spec §8). */
export const SILENT = 2 as const;

/** Card type names replacing 套餐卡 in titles (spec §2, §9). */
export const CARD_TYPE_NAMES: Readonly<Record<string, string>> = {
  '1': '站点储值卡',
  '2': '站点月卡',
  '3': '区域储值卡',
  '4': '电子卡',
};

/** Client-state defaults (spec §9). */
export const DEFAULTS = {
  oldCardRechargeType: 2,
  oldCardStatus: 3,
  workOrderCheckStatus: 1,
  withdrawDate: 1,
  autoWithdraw: 0,
  currentSiteTab: 'facilityList',
} as const;

/** Storage keys of the spec's session values (spec §3) and of the drafts that survive within the session. */
export const STORAGE_KEYS = {
  token: 'TOKEN',
  extendPermission: 'ExtendPermission',
  permission: 'PERMISSION',
  upgradeTips: 'upgradeTips',
  authCode: 'authCode',
  /** Set (session) once the app went back to the authorisation page for a refused code: it does so once a session. */
  authRetried: 'authRetried',
  appId: 'appId',
  siteDraft: 'siteDraft',
  oldCardDraft: 'oldCardDraft',
  withdrawInfo: 'withdrawInfo',
  /** The e-mail of the last export (D exportFile, C downCenter). */
  exportEmail: 'exportEmail',
} as const;

/** Default document title (spec §1). */
export const DEFAULT_TITLE = '充电运营管理平台';
