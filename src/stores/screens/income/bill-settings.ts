import { makeAutoObservable, runInAction } from 'mobx';
import {
  deleteBillSetting,
  editBillSetting,
  getBillSettings,
  saveBillSetting,
  type BillSetting,
  type BillSettingFields,
} from '@/api/bill-settings';
import { exportEmailRule } from '@/api/export-rules';
import { ELECTRIC_BEARER_NAMES, electricPriceShown } from '@/api/site-settings-rules';
import { getSiteBills, type SiteBillList } from '@/api/statements';
import { fenToYuan } from '@/lib/money';
import { dayOf } from '@/lib/time';
import { screenStore } from '@/stores/screen-store';
import { ActionGuard } from '@/stores/support/action-guard';
import { Loadable } from '@/stores/support/loadable';

/** A site the form offers: name and its electricity terms (read-only, from the site's share rule). */
export interface SettingSite {
  siteId: number;
  siteName: string;
  electricBearer: number;
  electricPrice: number;
}

/** The electricity terms of a site as the form shows them: `电费：运营商承担 ¥0.60/度` (no price when the property bears it). */
export function electricityText(site: { electricBearer: number; electricPrice: number }): string {
  const bearer = site.electricBearer === 2 || site.electricBearer === 3 ? site.electricBearer : 1;
  const price = electricPriceShown(bearer, true) ? ` ¥${fenToYuan(site.electricPrice)}/度` : '';
  return `电费：${ELECTRIC_BEARER_NAMES[bearer]}${price}`;
}

/** The add/edit form's values (D §4 siteBill settings form). */
export interface SettingDraft {
  /** The setting edited, or null for 新增设置. */
  id: number | null;
  merchantId: number | null;
  siteIds: number[];
  billDay: number;
  visibleToProperty: boolean;
  email: string;
}

/** What is wrong with a draft, field by field (the first shown as the toast), or null (D §4 siteBill Validation). */
export function draftErrors(d: SettingDraft): string | null {
  if (d.merchantId === null) return '请选择物业';
  if (d.siteIds.length === 0) return '请至少选择一个站点';
  if (!Number.isInteger(d.billDay) || d.billDay < 1 || d.billDay > 28) return '出账日须为1–28日';
  if (d.email.trim()) {
    const checked = exportEmailRule.safeParse(d.email);
    if (!checked.success) return checked.error.issues[0]?.message ?? '请输入正确的邮箱地址';
  }
  return null;
}

/**
 * 账单设置 of /income/statement/bill/siteBill (D-income.md §4 "Top-right 账单设置", operators and agents only; entities.md
 * §75): the bottom sheet's list of the caller's settings (GET /api/bill/setting/list: property, `{n}个站点`, 出账日
 * 每月{billDay}日, 物业可见) and its add/edit form — 物业 (the screen's merchant list), 站点 (a multi-select of that
 * property's sites, each with its electricity terms read-only: the rows of this month's bill list filtered by the
 * property, the same sites and share-rule terms the bills use), 出账日 1–28, 物业可查看账单, 账单接收邮箱（选填）. 保存
 * validates (draftErrors), saves or edits once at a time (ActionGuard) and answers the toast 保存成功; 删除 (after the
 * screen's confirmation) deletes; both reload the settings and call `onChanged` (the screen reloads its bills). Server
 * refusals (2060 站点已在其他账单设置中) were toasted by the request layer; the form then stays open.
 */
export class BillSettingsStore {
  /** The sheet is open. */
  open = false;
  /** The add/edit form, or null for the list. */
  draft: SettingDraft | null = null;
  readonly settings = new Loadable<BillSetting[]>(async () => (await getBillSettings()).list);
  /** The chosen property's sites for the form. */
  readonly sites = new Loadable<SettingSite[]>(async () => this.fetchSites());
  readonly guard = new ActionGuard();

  constructor(
    /** The bill list of the caller's own sites (operator firstCommPropertyBill, agent subCommPropertyBill). */
    private readonly list: () => SiteBillList,
    private readonly onChanged: () => void,
  ) {
    makeAutoObservable<BillSettingsStore, 'list' | 'onChanged'>(this, { list: false, onChanged: false });
  }

  private async fetchSites(): Promise<SettingSite[]> {
    const merchantId = this.draft?.merchantId;
    if (!merchantId) return [];
    const page = await getSiteBills(
      this.list(),
      { month: dayOf(Date.now()).slice(0, 7), merchantId },
      { pageNum: 1, pageSize: 100 },
    );
    return page.list.map((b) => ({
      siteId: b.siteId,
      siteName: b.siteName,
      electricBearer: b.electricBearer,
      electricPrice: b.electricPrice,
    }));
  }

  show(): void {
    this.open = true;
    this.draft = null;
    void this.settings.load();
  }

  close(): void {
    this.open = false;
    this.draft = null;
  }

  /** Opens the form for a new setting, or filled with `setting` to edit it. */
  startForm(setting: BillSetting | null): void {
    this.draft = setting
      ? {
          id: setting.id,
          merchantId: setting.merchantId,
          siteIds: [...setting.siteIds],
          billDay: setting.billDay,
          visibleToProperty: setting.visibleToProperty === 1,
          email: setting.email ?? '',
        }
      : { id: null, merchantId: null, siteIds: [], billDay: 1, visibleToProperty: true, email: '' };
    if (this.draft.merchantId) void this.sites.load();
  }

  /** Back from the form to the list. */
  cancelForm(): void {
    this.draft = null;
  }

  /** Another property empties the chosen sites (they were the other property's). */
  setMerchant(merchantId: number): void {
    if (!this.draft || this.draft.merchantId === merchantId) return;
    this.draft.merchantId = merchantId;
    this.draft.siteIds = [];
    void this.sites.load();
  }

  toggleSite(siteId: number): void {
    if (!this.draft) return;
    const ids = this.draft.siteIds;
    this.draft.siteIds = ids.includes(siteId) ? ids.filter((id) => id !== siteId) : [...ids, siteId];
  }

  setBillDay(day: number): void {
    if (this.draft) this.draft.billDay = day;
  }

  setVisible(visible: boolean): void {
    if (this.draft) this.draft.visibleToProperty = visible;
  }

  setEmail(email: string): void {
    if (this.draft) this.draft.email = email;
  }

  /**
   * 保存: a validation message, '保存成功' when saved (back to the reloaded list), or null when the request failed or a
   * save is already running (the request layer told why; the form stays).
   */
  async save(): Promise<string | null> {
    const d = this.draft;
    if (!d) return null;
    const error = draftErrors(d);
    if (error) return error;
    const fields: BillSettingFields = {
      merchantId: d.merchantId ?? 0,
      siteIds: d.siteIds,
      billDay: d.billDay,
      visibleToProperty: d.visibleToProperty ? 1 : 0,
      ...(d.email.trim() ? { email: d.email.trim() } : {}),
    };
    const done = await this.guard.done('save', () =>
      d.id === null ? saveBillSetting(fields) : editBillSetting({ ...fields, id: d.id }),
    );
    if (!done) return null;
    runInAction(() => {
      this.draft = null;
    });
    void this.settings.load();
    this.onChanged();
    return '保存成功';
  }

  /** 删除 (confirmed by the screen): '已删除', or null when it failed or one runs. */
  async remove(id: number): Promise<string | null> {
    const done = await this.guard.done(`delete-${id}`, () => deleteBillSetting(id));
    if (!done) return null;
    void this.settings.load();
    this.onChanged();
    return '已删除';
  }
}

/**
 * The site-bill screen's 账单设置 (its own chunk): `accountType` picks the list of the caller's own sites (agent 2
 * subCommPropertyBill, else firstCommPropertyBill); `onChanged` reloads the screen's bills.
 */
export const billSettingsStore = screenStore(
  (_root, accountType: number, onChanged: () => void) =>
    new BillSettingsStore(() => (accountType === 2 ? 'subCommPropertyBill' : 'firstCommPropertyBill'), onChanged),
  'visit',
);
