import { makeAutoObservable, runInAction } from 'mobx';
import { completeMerchantEntityProperty } from '@/api/esign';
import {
  getMerchantEntityProperty,
  getMerchantSignStatus,
  type MerchantEntityProperty,
  type MerchantSignStatus,
  type OpenStatus,
} from '@/api/income';
import { BUSINESS_CATEGORIES, emailRule, maskAccountNo } from '@/api/income-rules';
import { firstFailure } from '@/api/rules';
import { href } from '@/config/routes';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';

/**
 * /income/openAccountDetail — 网商银行开户 (D-income.md §5 "/income/openAccountDetail"): the prerequisites (certStatus 2,
 * signStatus 2 from getMerchantSignStatus), the view of openStatus (getMerchantEntityProperty): the application form
 * (0, and prefilled with failReason for 1 / 5), the timeline while the bank reviews (2) or waits for the transfer
 * verification (3), and the opened account (4: masked number, 10-second reveal, settlement card). 提交开户申请 is
 * confirmed and sent exactly once (completeMerchantEntityProperty); an answer of 3 leads to /income/KYBCheck. New on
 * each visit.
 */

/** How long 👁 shows the full account number (D: 10 s). */
export const REVEAL_MS = 10_000;

/** A chosen region by names and GB/T 2260 codes (what the region picker reports). */
export interface OpenRegion {
  province: string;
  city: string;
  area: string;
  provinceCode: string;
  cityCode: string;
  areaCode: string;
}

export interface OpenForm {
  region: OpenRegion | null;
  address: string;
  categoryCode: string;
  images: string[];
  email: string;
}

/** The first failing validation of the opening form (D's order), or null. */
export function openFormError(form: OpenForm): string | null {
  if (!form.region) return '请选择经营地区';
  const address = form.address.trim();
  if (address.length < 5 || address.length > 60) return '请输入详细经营地址';
  if (!BUSINESS_CATEGORIES.some((c) => c.code === form.categoryCode)) return '请选择经营类目';
  if (form.images.length < 1) return '请上传门头或场地照片';
  if (form.email.trim()) return firstFailure([[emailRule, form.email.trim()]]);
  return null;
}

export class OpenAccountStore {
  readonly property = new Loadable<MerchantEntityProperty>(() => getMerchantEntityProperty());
  readonly sign = new Loadable<MerchantSignStatus>(() => getMerchantSignStatus());
  form: OpenForm = {
    region: null,
    address: '',
    categoryCode: BUSINESS_CATEGORIES[0]?.code ?? '',
    images: [],
    email: '',
  };
  /** The full account number is shown (for REVEAL_MS after 👁). */
  revealed = false;
  readonly submit = new MoneyAction();
  private revealTimer: ReturnType<typeof setTimeout> | null = null;
  private prefilled = false;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<OpenAccountStore, 'root' | 'revealTimer' | 'prefilled'>(this, {
      root: false,
      revealTimer: false,
      prefilled: false,
    });
  }

  get locked(): boolean {
    const type = this.root.session.extendPermission?.accountType;
    return type !== undefined && ![1, 2, 3].includes(type);
  }

  get openStatus(): OpenStatus | null {
    return this.property.data?.openStatus ?? null;
  }

  get certified(): boolean {
    return this.sign.data?.certStatus === 2;
  }

  get signed(): boolean {
    return this.sign.data?.signStatus === 2;
  }

  /** The form is usable: both prerequisites are met. */
  get ready(): boolean {
    return this.certified && this.signed;
  }

  /** The account number as shown: masked (8888****6666) unless revealed. */
  get accountNoShown(): string {
    const no = this.property.data?.eAccountNo ?? '';
    return this.revealed ? no : maskAccountNo(no);
  }

  setForm(patch: Partial<OpenForm>): void {
    this.form = { ...this.form, ...patch };
  }

  /** Loads both in parallel; writes sign info openStatus; prefills the form of a rejected application once. */
  async load(): Promise<void> {
    await Promise.all([this.property.load(), this.sign.load()]);
    const property = this.property.data;
    if (!property) return;
    this.root.signInfo.update({ openStatus: property.openStatus });
    if (!this.prefilled && (property.openStatus === 1 || property.openStatus === 5)) {
      runInAction(() => {
        this.prefilled = true;
        this.form = {
          ...this.form,
          address: property.businessAddress,
          categoryCode: property.categoryCode || this.form.categoryCode,
          images: property.storeImages,
          email: property.contactEmail ?? '',
        };
      });
    }
  }

  /** 👁: the full number for REVEAL_MS. */
  reveal(): void {
    this.revealed = true;
    if (this.revealTimer !== null) clearTimeout(this.revealTimer);
    this.revealTimer = setTimeout(() => {
      runInAction(() => {
        this.revealed = false;
      });
    }, REVEAL_MS);
  }

  /**
   * 提交开户申请 / 重新提交 (validated by openFormError, confirmed through `ask`), exactly once. Resolves the new
   * openStatus (3 also writes sign info kybBackUrl), or null. Reloads afterwards.
   */
  async apply(ask: () => PromiseLike<boolean>): Promise<OpenStatus | null> {
    const region = this.form.region;
    if (openFormError(this.form) || !region) return null;
    const answer = await this.submit.run(
      (requestId) =>
        completeMerchantEntityProperty({
          businessProvince: region.provinceCode,
          businessCity: region.cityCode,
          businessArea: region.areaCode,
          businessAddress: this.form.address.trim(),
          categoryCode: this.form.categoryCode,
          storeImages: this.form.images,
          ...(this.form.email.trim() ? { contactEmail: this.form.email.trim() } : {}),
          requestId,
        }),
      ask,
    );
    if (!answer) return null;
    if (answer.openStatus === 3) this.root.signInfo.update({ kybBackUrl: href('openAccountDetail') });
    await this.load();
    return answer.openStatus;
  }

  /** Before 去完成打款验证: sign info kybBackUrl. */
  prepareKyb(): void {
    this.root.signInfo.update({ kybBackUrl: href('openAccountDetail') });
  }

  dispose(): void {
    if (this.revealTimer !== null) clearTimeout(this.revealTimer);
  }
}

/** The store of /income/openAccountDetail, new on each visit. */
export const openAccountStore = screenStore((root: RootStore) => new OpenAccountStore(root), 'visit');
