import { get, post } from './http';

/**
 * 账单设置 (物业账单设置; D-income.md §4 /income/statement/bill/siteBill "Top-right 账单设置", entities.md §75
 * BillSetting, K60): an operator's or agent's setting for one property merchant — which of its sites (a site in at most
 * one setting), the bill day (1–28: the month's site bills become 已出账 on that day of the next month, else on the 1st)
 * and whether the property sees those sites' bills (GET /api/bill/propertyBill), with an optional e-mail to which the
 * server mails the previous month's 站点账单 of those sites on the bill day (an .xlsx, also a record in the owner's 下载中心).
 * No electricity here: each site's terms come from its share rule (shown read-only). Operators and agents only (403 for
 * others; permission `bill:view`). Codes: 2060 站点已在其他账单设置中; 1 with the message for a property, a site or a
 * setting that is not the caller's.
 */

/** A site of a setting with its electricity terms from the site's share rule (bearer 1/2/3, price fen per kWh). */
export interface BillSettingSite {
  siteId: number;
  electricBearer: number;
  electricPrice: number;
}

/** One setting (GET /api/bill/setting/list). updateTime epoch ms. */
export interface BillSetting {
  id: number;
  merchantId: number;
  merchantName: string;
  siteIds: number[];
  siteNames: string[];
  sites: BillSettingSite[];
  billDay: number;
  visibleToProperty: 0 | 1;
  email: string | null;
  updateTime: number;
}

/** What save and edit send: the property, ≥ 1 of its sites, the bill day 1–28, visibility, the e-mail or none. */
export interface BillSettingFields {
  merchantId: number;
  siteIds: number[];
  billDay: number;
  visibleToProperty: 0 | 1;
  email?: string;
}

/** GET /api/bill/setting/list — the caller's settings (of one property when merchantId is given), oldest first. */
export const getBillSettings = (merchantId?: number) =>
  get<{ list: BillSetting[]; total: number }>('/api/bill/setting/list', merchantId ? { merchantId } : {});

/** POST /api/bill/setting/save — a new setting; data `{ id }`. 2060 when a site is in another setting. */
export const saveBillSetting = (body: BillSettingFields) => post<{ id: number }>('/api/bill/setting/save', body);

/** POST /api/bill/setting/edit — replaces a setting's fields; data null. 2060 as save. */
export const editBillSetting = (body: BillSettingFields & { id: number }) => post<null>('/api/bill/setting/edit', body);

/** POST /api/bill/setting/delete — removes a setting: its sites' bills go back to the 1st and hidden from the property. */
export const deleteBillSetting = (id: number) => post<null>('/api/bill/setting/delete', { id });
