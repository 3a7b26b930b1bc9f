import type { Page } from './http';
import { get, post } from './http';
import type { MerchantField } from './mine-set-rules';

export { MERCHANT_FIELD_LABELS, merchantFieldError, type MerchantField } from './mine-set-rules';

/**
 * Calls of the settings centre (C-mine.md "/mine/set"; entities.md Account, HelpArticle); its input rules, shared with
 * the sandbox, are in mine-set-rules.ts. Instants epoch ms.
 */

/** GET /api/user/checkoutMerchantInfo answer: complete when no field is missing. */
export interface MerchantCheck {
  complete: boolean;
  missingFields: MerchantField[];
}

/** One row of GET /api/user/selectInformation (帮助中心). */
export interface HelpRow {
  id: number;
  title: string;
  category: string;
  publishTime: number;
}

/** GET /api/user/selectInformationDetails answer; `content` is HTML (rendered through sanitizeHtml). */
export interface HelpArticle {
  id: number;
  title: string;
  content: string;
  publishTime: number;
}

/** GET /api/user/checkoutMerchantInfo — which merchant fields are still missing (the orange 待完善). */
export const checkoutMerchantInfo = () => get<MerchantCheck>('/api/user/checkoutMerchantInfo');

/** POST /api/user/replenishMerchantInfo — saves one field (code 1 with the rule's text when refused); data null. */
export const replenishMerchantInfo = (field: MerchantField, value: string) =>
  post<null>('/api/user/replenishMerchantInfo', { [field]: value.trim() });

/** GET /api/user/selectInformation — help articles, newest first. */
export const getHelpArticles = (pageNum: number, pageSize: number) =>
  get<Page<HelpRow>>('/api/user/selectInformation', { pageNum, pageSize });

/** GET /api/user/selectInformationDetails — one help article (code 1 文章不存在 when it is not). */
export const getHelpArticle = (id: number) => get<HelpArticle>('/api/user/selectInformationDetails', { id });

/**
 * POST /api/user/logout (C-mine.md PROPOSED) — unbinds this WeChat / Alipay user from the account, so that the next
 * visit asks for the phone again (the app then forgets its token and login). data null.
 */
export const logout = () => post<null>('/api/user/logout', {});
