import { makeAutoObservable } from 'mobx';
import { updatePhoneMessageInfo } from '@/api/messages';
import {
  checkoutMerchantInfo,
  getHelpArticle,
  logout,
  merchantFieldError,
  MERCHANT_FIELD_LABELS,
  replenishMerchantInfo,
  type HelpArticle,
  type MerchantField,
} from '@/api/mine-set';
import { MOBILE_MESSAGE, PHONE_PATTERN } from '@/api/rules';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';

/** What the input sheet edits: a merchant field, or the alarm phone (updatePhoneMessageInfo). */
export type EditTarget = MerchantField | 'alarmPhone';

/** Labels of the editable rows. */
export const EDIT_LABELS: Readonly<Record<EditTarget, string>> = {
  ...MERCHANT_FIELD_LABELS,
  alarmPhone: '告警接收手机号',
};

/** The refusal text of a value for `target` (the merchant fields' rules; the alarm phone's phone rule), or null. */
export function editError(target: EditTarget, value: string): string | null {
  if (target === 'alarmPhone') return PHONE_PATTERN.test(value.trim()) ? null : MOBILE_MESSAGE;
  return merchantFieldError(target, value);
}

/** The two switches of 消息通知. */
export type SwitchKey = 'onMessage' | 'phoneMessageReceive';

/**
 * /mine/set — 设置中心 (C-mine.md "/mine/set"): merchant base info (loaded when not yet), the missing fields
 * (checkoutMerchantInfo, shown 待完善), the input sheet of one field (validated, replenishMerchantInfo or
 * updatePhoneMessageInfo, once at a time, toast "保存成功" / "设置已更新", merchant info reloaded), the switches (the
 * value being saved shown, reverted on failure), the help centre's article, and logout (POST logout, then TOKEN,
 * PERMISSION, ExtendPermission, merchant base info and the drafts forgotten). A new store each visit.
 */
export class MineSetStore {
  readonly check = new Loadable(() => checkoutMerchantInfo());
  /** The sheet being edited, its text and its refusal. */
  editing: EditTarget | null = null;
  draft = '';
  error: string | null = null;
  saving = false;
  /** Values of the switches while their calls run. */
  pending: Partial<Record<SwitchKey, 0 | 1>> = {};
  /** The help centre sheet, and the article open in it. */
  helpOpen = false;
  article: Loadable<HelpArticle> | null = null;
  loggingOut = false;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<MineSetStore, 'root'>(this, { root: false });
  }

  /** Loads merchant base info when not loaded, and the missing fields. */
  async load(): Promise<void> {
    const { merchant, auth } = this.root;
    await Promise.all([merchant.base.loaded ? null : auth.loadMerchantInfo(), this.check.load()]);
  }

  /** True when `field` is listed by checkoutMerchantInfo (orange 待完善). */
  missing(field: MerchantField): boolean {
    return this.check.data?.missingFields.includes(field) ?? false;
  }

  /** The stored value of an editable row. */
  storedValue(target: EditTarget): string {
    const info = this.root.merchant.info;
    if (target === 'alarmPhone') return info?.alarmPhone || this.root.merchant.base.phone;
    return info?.[target] ?? '';
  }

  /** A switch as shown. */
  switchOn(key: SwitchKey): boolean {
    return (this.pending[key] ?? this.root.merchant.base[key]) === 1;
  }

  /** Opens the input sheet of a row, filled with its value. */
  startEdit(target: EditTarget): void {
    this.editing = target;
    this.draft = this.storedValue(target);
    this.error = null;
  }

  setDraft(text: string): void {
    this.draft = text;
    this.error = null;
  }

  cancelEdit(): void {
    this.editing = null;
    this.error = null;
  }

  /**
   * 保存 of the sheet: validates (the refusal shown under the input), saves once at a time, reloads merchant info and
   * the missing fields. Resolves the toast text, or null when refused, failed (the request layer told why) or ignored.
   */
  async saveEdit(): Promise<string | null> {
    const target = this.editing;
    if (target === null || this.saving) return null;
    const refusal = editError(target, this.draft);
    if (refusal) {
      this.error = refusal;
      return null;
    }
    this.saving = true;
    try {
      if (target === 'alarmPhone') await updatePhoneMessageInfo({ alarmPhone: this.draft.trim() });
      else await replenishMerchantInfo(target, this.draft);
      await Promise.all([this.root.auth.loadMerchantInfo(), this.check.load()]);
      this.cancelEdit();
      return target === 'alarmPhone' ? '设置已更新' : '保存成功';
    } catch {
      return null;
    } finally {
      this.endSaving();
    }
  }

  private endSaving(): void {
    this.saving = false;
  }

  /** A switch was flipped: updatePhoneMessageInfo (ignored while one runs). Resolves "设置已更新", or null. */
  async setSwitch(key: SwitchKey, on: boolean): Promise<string | null> {
    if (this.pending[key] !== undefined) return null;
    this.pending = { ...this.pending, [key]: on ? 1 : 0 };
    try {
      await updatePhoneMessageInfo({ [key]: on ? 1 : 0 });
      await this.root.auth.loadMerchantInfo();
      return '设置已更新';
    } catch {
      return null;
    } finally {
      this.settleSwitch(key);
    }
  }

  private settleSwitch(key: SwitchKey): void {
    const next = { ...this.pending };
    delete next[key];
    this.pending = next;
  }

  openHelp(): void {
    this.helpOpen = true;
    this.article = null;
  }

  closeHelp(): void {
    this.helpOpen = false;
    this.article = null;
  }

  /** Opens an article of the help centre (its own Loadable: loading, failure with retry). */
  openArticle(id: number): void {
    this.article = new Loadable(() => getHelpArticle(id));
    void this.article.load();
  }

  /** Back from an article to the list. */
  closeArticle(): void {
    this.article = null;
  }

  /**
   * 退出登录 after its confirmation: POST logout (once), then the session values are forgotten (TOKEN, PERMISSION,
   * ExtendPermission, merchant base info, the drafts) and the footer navigation hidden. Resolves true when done; false
   * when the call failed (the request layer told why; the login stays) or one is running.
   */
  async logout(): Promise<boolean> {
    if (this.loggingOut) return false;
    this.loggingOut = true;
    try {
      await logout();
      const { session, merchant, ui } = this.root;
      session.clearLogin();
      merchant.clear();
      this.root.siteDraft.reset();
      this.root.oldCardDraft.reset();
      this.root.workOrderEdit.reset();
      this.root.deviceInstalments.set([]);
      ui.setFooterNav(false);
      return true;
    } catch {
      return false;
    } finally {
      this.endLogout();
    }
  }

  private endLogout(): void {
    this.loggingOut = false;
  }
}

/** 设置中心, a new store each visit. */
export const mineSetStore = screenStore((root) => new MineSetStore(root), 'visit');
