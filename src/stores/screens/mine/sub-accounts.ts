import { makeAutoObservable, runInAction } from 'mobx';
import {
  addSubAccount,
  editSubAccount,
  getSubAccounts,
  ACCOUNT_MESSAGES,
  GROUP_IMPLIES,
  PERMISSION_GROUPS,
  SUB_ACCOUNT_LIMIT,
  type PermissionGroup,
  type SubAccount,
} from '@/api/accounts';
import { accountPasswordRule, accountPhoneRule, personNameRule, remarkRule } from '@/api/accounts-rules';
import { firstFailure } from '@/api/rules';
import { simpleSiteList } from '@/api/site-settings';
import type { RootStore } from '@/stores/root';
import { subAccountsCache, type SubAccountsStore } from '@/stores/domain/sub-accounts';
import { keptScreenStore, screenStore } from '@/stores/screen-store';
import { ActionGuard } from '@/stores/support/action-guard';
import { Loadable } from '@/stores/support/loadable';

/**
 * The sub-account screens (C-mine.md /mine/accountList and /mine/accountList/accountInfo; Business rules 1, 20): the
 * list with its count against the limit of 20, and the create / edit form (permission groups with the implications of
 * rule 20, the site scope, the status switch, the unsaved-changes guard). The sub-accounts themselves live once per app
 * (`subAccountsCache`); a save invalidates them, so the kept list reloads when shown again.
 */

/**
 * The list /mine/accountList: "共 N 个 · 最多20个" from the list's total, 新增子账号 disabled at the limit. Kept while the
 * app runs; reloads when a sub-account was saved (the cache's changes).
 */
export class SubAccountListStore {
  /** The total of the last page answered (null before the first answer). */
  total: number | null = null;

  private readonly cache: SubAccountsStore;

  constructor(root: RootStore) {
    this.cache = keptScreenStore(root, subAccountsCache);
    makeAutoObservable<SubAccountListStore, 'cache'>(this, { cache: false });
  }

  /** Values that reload the list from page 1: a saved sub-account. */
  get watch(): unknown[] {
    return [this.cache.changes];
  }

  /** True when no more sub-accounts may be created (rule 20). */
  get full(): boolean {
    return this.total !== null && this.total >= SUB_ACCOUNT_LIMIT;
  }

  /** The line above the list. */
  get countText(): string {
    return `共 ${this.total ?? '--'} 个 · 最多${SUB_ACCOUNT_LIMIT}个`;
  }

  page(pageNum: number, pageSize: number) {
    return getSubAccounts({ pageNum, pageSize });
  }

  /** Takes the total of an answered page. */
  setTotal(total: number): void {
    this.total = total;
  }
}

/** The list's store, kept while the app runs. */
export const subAccountListStore = screenStore((root) => new SubAccountListStore(root));

/** How a permission checkbox shows: every code of its group held, some, or none. */
export type GroupState = 'all' | 'some' | 'none';

/** What the form's fields hold (the edited copy and its snapshot). */
interface Fields {
  name: string;
  phone: string;
  password: string;
  codes: string[];
  dataScope: 1 | 2;
  siteIds: number[];
  remark: string;
  status: 1 | 2;
}

const EMPTY: Fields = {
  name: '',
  phone: '',
  password: '',
  codes: ['home'],
  dataScope: 1,
  siteIds: [],
  remark: '',
  status: 1,
};

function groupOf(key: string): PermissionGroup | undefined {
  return PERMISSION_GROUPS.find((g) => g.key === key);
}

/**
 * The form /mine/accountList/accountInfo: 新增子账号 without id (password required), the sub-account `id` otherwise
 * (phone read-only, password only to reset it, status switch). Validation (C-mine.md accountInfo Validation) in the
 * order of the form; the first failure is the message. A new store each visit.
 */
export class SubAccountFormStore {
  /** The fields as edited. */
  fields: Fields = { ...EMPTY, codes: [...EMPTY.codes] };
  /** The fields as loaded (dirty = the form differs). */
  private initial: Fields = { ...EMPTY, codes: [...EMPTY.codes] };
  /** The operator's own sites, for 指定站点 (simpleSiteList). */
  readonly sites = new Loadable(() => simpleSiteList());
  /** The site picker's search text. */
  siteKeyword = '';
  /** True once saved (the unsaved-changes guard lets the screen go back). */
  saved = false;
  /** True when the server answered that the sub-account is not one of the caller's (子账号不存在). */
  missing = false;
  readonly guard = new ActionGuard();

  private readonly cache: SubAccountsStore;

  constructor(
    root: RootStore,
    readonly id: number | null,
  ) {
    this.cache = keptScreenStore(root, subAccountsCache);
    makeAutoObservable<SubAccountFormStore, 'cache'>(this, { cache: false });
  }

  /** True when editing an existing sub-account. */
  get editing(): boolean {
    return this.id !== null;
  }

  /** The sub-account being edited (subAccountsCache), or null for a new one. */
  get account(): SubAccount | null {
    return this.id === null ? null : this.cache.get(this.id);
  }

  /** True while the edited sub-account has not loaded (the screen shows 加载中). */
  get pending(): boolean {
    return this.id !== null && this.account === null && !this.cache.failedOf(this.id);
  }

  /** True when loading the edited sub-account failed (error placeholder with 重新加载). */
  get failed(): boolean {
    return this.id !== null && this.account === null && this.cache.failedOf(this.id);
  }

  /** Loads the sites, and the sub-account when editing (the form then starts from it). */
  async load(): Promise<void> {
    const jobs: Promise<unknown>[] = [this.sites.load()];
    if (this.id !== null) {
      const id = this.id;
      jobs.push(
        this.cache.load(id).then((outcome) => {
          const account = this.cache.get(id);
          runInAction(() => {
            this.missing = outcome === 'missing';
          });
          if (outcome === 'ok' && account) this.fill(account);
        }),
      );
    }
    await Promise.all(jobs);
  }

  /** Starts the form from a loaded sub-account. */
  fill(account: SubAccount): void {
    const fields: Fields = {
      name: account.name,
      phone: account.phone,
      password: '',
      codes: [...account.permissions],
      dataScope: account.dataScope,
      siteIds: [...account.siteIds],
      remark: account.remark,
      status: account.status,
    };
    this.fields = fields;
    this.initial = { ...fields, codes: [...fields.codes], siteIds: [...fields.siteIds] };
  }

  /** True when the form differs from what was loaded (or, new, from empty). */
  get dirty(): boolean {
    if (this.saved) return false;
    const a = this.fields;
    const b = this.initial;
    const same = (x: readonly (string | number)[], y: readonly (string | number)[]) =>
      [...x].sort().join() === [...y].sort().join();
    return (
      a.name !== b.name ||
      a.phone !== b.phone ||
      a.password !== b.password ||
      a.remark !== b.remark ||
      a.status !== b.status ||
      a.dataScope !== b.dataScope ||
      !same(a.codes, b.codes) ||
      (a.dataScope === 2 && !same(a.siteIds, b.siteIds))
    );
  }

  set(field: 'name' | 'phone' | 'password' | 'remark', value: string): void {
    this.fields[field] = value;
  }

  setDataScope(scope: 1 | 2): void {
    this.fields.dataScope = scope;
  }

  setStatus(status: 1 | 2): void {
    this.fields.status = status;
  }

  /** How the checkbox of a group shows. */
  groupState(key: string): GroupState {
    const group = groupOf(key);
    if (!group) return 'none';
    const held = group.codes.filter((code) => this.fields.codes.includes(code)).length;
    return held === 0 ? 'none' : held === group.codes.length ? 'all' : 'some';
  }

  /**
   * Ticks or unticks a group (a partly held group is ticked whole). Ticking 提现 ticks 收入查看 and ticking 订单退款
   * ticks 订单查看 (rule 20); unticking 收入查看 or 订单查看 unticks the group that needs it.
   */
  toggleGroup(key: string): void {
    const group = groupOf(key);
    if (!group) return;
    const codes = new Set(this.fields.codes);
    const remove = (g: PermissionGroup | undefined) => g?.codes.forEach((code) => codes.delete(code));
    const add = (g: PermissionGroup | undefined) => g?.codes.forEach((code) => codes.add(code));
    if (this.groupState(key) === 'all') {
      remove(group);
      for (const [needer, needed] of Object.entries(GROUP_IMPLIES)) if (needed === key) remove(groupOf(needer));
    } else {
      add(group);
      const implied = GROUP_IMPLIES[key];
      if (implied) add(groupOf(implied));
    }
    this.fields.codes = [...codes];
  }

  /** The own sites matching the picker's search. */
  get shownSites(): { id: number; name: string }[] {
    const keyword = this.siteKeyword.trim();
    const all = this.sites.data ?? [];
    return keyword ? all.filter((s) => s.name.includes(keyword)) : all;
  }

  /** Names of the chosen sites, in the list's order (an id no longer among the own sites is left out). */
  get chosenSites(): { id: number; name: string }[] {
    return (this.sites.data ?? []).filter((s) => this.fields.siteIds.includes(s.id));
  }

  setSiteKeyword(text: string): void {
    this.siteKeyword = text.slice(0, 20);
  }

  toggleSite(id: number): void {
    const ids = this.fields.siteIds;
    this.fields.siteIds = ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
  }

  /** The first refusal of the form (C-mine.md accountInfo Validation, in the form's order), or null. */
  get error(): string | null {
    const f = this.fields;
    const password = f.password;
    return (
      firstFailure([
        [personNameRule, f.name],
        ...(this.editing ? [] : ([[accountPhoneRule, f.phone.trim()]] as const)),
        ...(this.editing && password === '' ? [] : ([[accountPasswordRule, password]] as const)),
      ]) ??
      (f.codes.some((code) => code !== 'home') ? null : ACCOUNT_MESSAGES.permissions) ??
      (f.dataScope === 2 && this.chosenIds.length === 0 ? ACCOUNT_MESSAGES.sites : null) ??
      firstFailure([[remarkRule, f.remark.trim()]])
    );
  }

  /** The chosen site ids that are still own sites (all the ids while the sites have not loaded). */
  private get chosenIds(): number[] {
    if (!this.sites.data) return this.fields.siteIds;
    return this.chosenSites.map((s) => s.id);
  }

  /**
   * Saves (addAC / editAC), once at a time: resolves `{ error }` with the first refusal of the form, `'added'` /
   * `'saved'` when done (the cache invalidated), or null when the server refused (already toasted) or a save
   * was running.
   */
  async save(): Promise<{ error: string } | 'added' | 'saved' | null> {
    const error = this.error;
    if (error) return { error };
    const f = this.fields;
    const common = {
      name: f.name.trim(),
      permissions: f.codes,
      dataScope: f.dataScope,
      siteIds: f.dataScope === 2 ? this.chosenIds : [],
      remark: f.remark.trim(),
    };
    const id = this.id;
    const done = await this.guard.run('save', async () => {
      if (id === null) {
        await addSubAccount({ ...common, phone: f.phone.trim(), password: f.password });
        await this.cache.invalidate();
        return 'added' as const;
      }
      await editSubAccount({ ...common, id, status: f.status, ...(f.password ? { password: f.password } : {}) });
      await this.cache.invalidate(id);
      return 'saved' as const;
    });
    if (done) {
      runInAction(() => {
        this.saved = true;
      });
    }
    return done ?? null;
  }
}

/** The form's store: a new one each visit, for the sub-account `id` (null = 新增子账号). */
export const subAccountFormStore = screenStore((root, id: number | null) => new SubAccountFormStore(root, id), 'visit');
