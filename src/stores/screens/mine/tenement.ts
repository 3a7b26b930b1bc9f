import { makeAutoObservable, runInAction } from 'mobx';
import { accountPasswordRule, accountPhoneRule } from '@/api/accounts-rules';
import { getMerchantHomePage, type MerchantHomePage } from '@/api/home';
import { firstFailure } from '@/api/rules';
import { getPropertyList } from '@/api/site';
import {
  createPropertyAccount,
  deletePropertyAccount,
  updatePropertyAccount,
  viewPropertyAccount,
  TENEMENT_MESSAGES,
  type PropertyAccountView,
} from '@/api/tenement';
import { propertyAccountNameRule, propertyContactsRule, propertyNameRule } from '@/api/tenement-rules';
import { getCommercialByPhone } from '@/api/site-settings';
import { keptScreenStore, screenStore } from '@/stores/screen-store';
import { ActionGuard } from '@/stores/support/action-guard';
import { Loadable } from '@/stores/support/loadable';

/**
 * The property screens (C-mine.md /mine/tenement-list, /mine/tenement-list/base/info, /mine/tenement-list/base/list;
 * Business rule 21): the searchable list with its month's share sum, the property account (a new property's form, the
 * property card with its share figures, the login: open, enable / disable, reset the password, change the login phone,
 * delete), and the sites where the property takes a share.
 */

/** The list: keyword 物业名称 / 手机号 (≤ 20, capped), the line "共 N 家物业 · 本月分润合计 ¥X". Kept while the app runs. */
export class TenementListStore {
  keyword = '';
  total: number | null = null;
  monthShareIncomeSum: number | null = null;
  /** Bumped when a property changed (the list reloads when shown again). */
  version = 0;

  constructor() {
    makeAutoObservable(this);
  }

  setKeyword(text: string): void {
    this.keyword = text.slice(0, 20);
  }

  get watch(): unknown[] {
    return [this.keyword.trim(), this.version];
  }

  page(pageNum: number, pageSize: number) {
    const keyword = this.keyword.trim();
    return getPropertyList({ pageNum, pageSize, ...(keyword ? { keyword } : {}) });
  }

  setFigures(total: number, sum: number): void {
    this.total = total;
    this.monthShareIncomeSum = sum;
  }

  /** After a property or its login changed. */
  changed(): void {
    this.version += 1;
  }
}

/** The list's store, kept while the app runs. */
export const tenementListStore = screenStore(() => new TenementListStore());

/** The fields of the login form (开通物业账号) and of the new property form. */
export interface LoginFields {
  loginPhone: string;
  accountName: string;
  password: string;
  confirm: string;
}

/** The sheets of an existing login: 重置密码, 修改登录手机号. */
export type AccountSheet = 'password' | 'phone' | null;

/**
 * The property account /mine/tenement-list/base/info: without merchantId the new-property form (with 同时开通登录账号),
 * with it the property (viewPropertyAccount + merchantHomePage's summary) and its login. Each action once at a time; a
 * new store each visit.
 */
export class TenementInfoStore {
  readonly view: Loadable<PropertyAccountView>;
  readonly home: Loadable<MerchantHomePage>;
  readonly guard = new ActionGuard();
  /** New property: 物业名称, 联系人, 联系电话, and the switch of its login. */
  property = { name: '', contacts: '', contactPhone: '' };
  withLogin = false;
  login: LoginFields = { loginPhone: '', accountName: '', password: '', confirm: '' };
  sheet: AccountSheet = null;
  sheetFields = { password: '', confirm: '', phone: '' };

  constructor(
    private readonly list: TenementListStore,
    readonly merchantId: number | null,
  ) {
    const id = merchantId ?? 0;
    this.view = new Loadable(() => viewPropertyAccount(id));
    this.home = new Loadable(() => getMerchantHomePage({ merchantId: id, pageNum: 1, pageSize: 1 }));
    makeAutoObservable<TenementInfoStore, 'list'>(this, { list: false });
  }

  /** Loads the property and its figures (nothing for a new property); the login form starts from its name. */
  async load(): Promise<void> {
    if (this.merchantId === null) return;
    await Promise.all([this.view.load(), this.home.load()]);
    const merchant = this.view.data?.merchant;
    if (merchant && !this.view.data?.account) {
      runInAction(() => {
        this.login = { loginPhone: merchant.phone, accountName: merchant.name, password: '', confirm: '' };
      });
    }
  }

  setProperty(field: 'name' | 'contacts' | 'contactPhone', value: string): void {
    this.property[field] = value;
  }

  setWithLogin(on: boolean): void {
    this.withLogin = on;
    if (on) {
      this.login.loginPhone ||= this.property.contactPhone;
      this.login.accountName ||= this.property.name;
    }
  }

  setLogin(field: keyof LoginFields, value: string): void {
    this.login[field] = value;
  }

  /** The first refusal of the login form, or null. */
  get loginError(): string | null {
    const l = this.login;
    return (
      firstFailure([
        [accountPhoneRule, l.loginPhone.trim()],
        [propertyAccountNameRule, l.accountName],
        [accountPasswordRule, l.password],
      ]) ?? (l.password === l.confirm ? null : TENEMENT_MESSAGES.confirm)
    );
  }

  /** The first refusal of the new-property form, or null. */
  get propertyError(): string | null {
    const p = this.property;
    return (
      firstFailure([
        [propertyNameRule, p.name],
        [propertyContactsRule, p.contacts],
        [accountPhoneRule, p.contactPhone.trim()],
      ]) ?? (this.withLogin ? this.loginError : null)
    );
  }

  /** Refuses a phone another account uses (getCommercialByPhone), with the design's text. */
  private async phoneFree(phone: string): Promise<boolean> {
    const found = await getCommercialByPhone(phone);
    return !found.exists || found.userId === this.merchantId;
  }

  /**
   * Creates the property (and its login when switched on): `{ error }` for a refusal of the form or a phone in use,
   * `{ merchantId }` when done, null when the server refused (toasted) or it was running.
   */
  async createProperty(): Promise<{ error: string } | { merchantId: number } | null> {
    const error = this.propertyError;
    if (error) return { error };
    const p = this.property;
    const l = this.login;
    const result = await this.guard.run('create', async () => {
      if (this.withLogin && !(await this.phoneFree(l.loginPhone.trim())))
        return { error: TENEMENT_MESSAGES.phoneTaken };
      const { accountId } = await createPropertyAccount({
        name: p.name.trim(),
        contacts: p.contacts.trim(),
        contactPhone: p.contactPhone.trim(),
        ...(this.withLogin
          ? { loginPhone: l.loginPhone.trim(), accountName: l.accountName.trim(), password: l.password }
          : {}),
      });
      this.list.changed();
      return { merchantId: accountId };
    });
    return result ?? null;
  }

  /** Opens the login of this property (开通): `{ error }`, true when done (reloaded), false otherwise. */
  async openLogin(): Promise<{ error: string } | boolean> {
    const error = this.loginError;
    if (error) return { error };
    const merchantId = this.merchantId;
    if (merchantId === null) return false;
    const l = this.login;
    const result = await this.guard.run('open', async () => {
      if (!(await this.phoneFree(l.loginPhone.trim()))) return { error: TENEMENT_MESSAGES.phoneTaken };
      await createPropertyAccount({
        merchantId,
        loginPhone: l.loginPhone.trim(),
        name: l.accountName.trim(),
        password: l.password,
      });
      this.list.changed();
      await this.view.load();
      return true;
    });
    return result ?? false;
  }

  /** Enables (1) or disables (2) the login; true when done. */
  async setStatus(status: 1 | 2): Promise<boolean> {
    const merchantId = this.merchantId;
    if (merchantId === null) return false;
    return this.guard.done('status', async () => {
      await updatePropertyAccount({ accountId: merchantId, status });
      this.list.changed();
      await this.view.load();
    });
  }

  openSheet(sheet: AccountSheet): void {
    this.sheet = sheet;
    this.sheetFields = { password: '', confirm: '', phone: '' };
  }

  setSheetField(field: 'password' | 'confirm' | 'phone', value: string): void {
    this.sheetFields[field] = value;
  }

  /** The sheet's refusal, or null. */
  get sheetError(): string | null {
    const f = this.sheetFields;
    if (this.sheet === 'password') {
      return (
        firstFailure([[accountPasswordRule, f.password]]) ??
        (f.password === f.confirm ? null : TENEMENT_MESSAGES.confirm)
      );
    }
    if (this.sheet === 'phone') return firstFailure([[accountPhoneRule, f.phone.trim()]]);
    return null;
  }

  /** Saves the open sheet: `{ error }`, the toast text when done, null otherwise. */
  async saveSheet(): Promise<{ error: string } | string | null> {
    const error = this.sheetError;
    if (error) return { error };
    const merchantId = this.merchantId;
    const sheet = this.sheet;
    if (merchantId === null || sheet === null) return null;
    const f = this.sheetFields;
    const result = await this.guard.run('sheet', async () => {
      if (sheet === 'phone' && !(await this.phoneFree(f.phone.trim()))) return { error: TENEMENT_MESSAGES.phoneTaken };
      await updatePropertyAccount(
        sheet === 'password'
          ? { accountId: merchantId, password: f.password }
          : { accountId: merchantId, loginPhone: f.phone.trim() },
      );
      runInAction(() => {
        this.sheet = null;
      });
      this.list.changed();
      await this.view.load();
      return sheet === 'password' ? '密码已重置' : '修改成功';
    });
    return result ?? null;
  }

  /** Deletes the login (the open form shows again); true when done. */
  async deleteLogin(): Promise<boolean> {
    const merchantId = this.merchantId;
    if (merchantId === null) return false;
    return this.guard.done('delete', async () => {
      await deletePropertyAccount(merchantId);
      this.list.changed();
      await this.load();
    });
  }
}

/** The property account's store: a new one each visit, for `merchantId` (null = 新增物业). */
export const tenementInfoStore = screenStore(
  (root, merchantId: number | null) => new TenementInfoStore(keptScreenStore(root, tenementListStore), merchantId),
  'visit',
);

/** The sites of a property (base/list): merchantHomePage, paged on the shared list. */
export function tenementSitesPage(merchantId: number, pageNum: number, pageSize: number) {
  return getMerchantHomePage({ merchantId, pageNum, pageSize });
}
