import { makeAutoObservable, runInAction } from 'mobx';
import { getBankBin, getBankList, type BankBin, type BankOption } from '@/api/bank';
import { applyMerchantEntityChange, completeMerchantEntity, type EntityForm, type EntityType } from '@/api/esign';
import { getMerchantEntity, type MerchantEntity } from '@/api/income';
import {
  cardDigits,
  cardNoRule,
  corporateAccountRule,
  corporateBranchRule,
  emailRule,
  ENTITY_TYPE_LABELS,
  idCardRule,
  merchantNameRule,
  mobileRule,
  personNameRule,
  reservedPhoneRule,
  usccRule,
} from '@/api/income-rules';
import { ApiError } from '@/api/outcome';
import { firstFailure } from '@/api/rules';
import { dayOf } from '@/lib/time';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';

/**
 * /income/edit-contract — 编辑签约人信息 (D-income.md §5 "/income/edit-contract"): the merchant entity (主体), its signer
 * and its settlement account as one form whose mode follows getMerchantEntity: certStatus 0 / 3 → 提交认证
 * (completeMerchantEntity; 3 shows the rejection), 1 → read-only while under review, 2 → a change application
 * (applyMerchantEntityChange after the confirmation; settlement rows read-only with 更换结算卡), a change under review →
 * read-only with 变更审核中 查看 ›. Every edit is mirrored into sign info entityDraft (restored when the screen is opened
 * again in the session, cleared on success). Submissions carry a requestId and run once (D §0.5). New on each visit.
 */

/** The form as typed. Dates 'YYYY-MM-DD' ('' = not chosen); `*Long` = 长期 (no end date). */
export interface EntityDraft {
  entityType: EntityType;
  name: string;
  licenseNo: string;
  licenseImage: string;
  licenseStart: string;
  licenseEnd: string;
  licenseLong: boolean;
  legalName: string;
  legalIdNo: string;
  legalIdStart: string;
  legalIdEnd: string;
  legalIdLong: boolean;
  idFrontImage: string;
  idBackImage: string;
  signerSameAsLegal: boolean;
  signerName: string;
  signerIdNo: string;
  signerPhone: string;
  authLetterImage: string;
  /** 1 个人银行卡, 2 对公账户. */
  settleAccountType: 1 | 2;
  /** Personal card number, digits. */
  cardNo: string;
  reservedPhone: string;
  /** 对公账号, digits. */
  accountNo: string;
  bankCode: string;
  bankName: string;
  branchName: string;
  email: string;
}

export type DraftField = keyof EntityDraft;

/** The screen's mode (D "Banner by mode"). */
export type EditMode = 'certify' | 'review' | 'change' | 'changeReview';

/** The mode of an entity: 0 / 3 certify, 1 review, 2 change (changeReview while a change is under review). */
export function modeOf(entity: Pick<MerchantEntity, 'certStatus' | 'changeApply'>): EditMode {
  if (entity.certStatus === 1) return 'review';
  if (entity.certStatus === 2) return entity.changeApply?.status === 1 ? 'changeReview' : 'change';
  return 'certify';
}

/** The settlement account types an entity type allows (D 结算账户): 1 → 个人卡, 2 → both, 3 → 对公. */
export function settleTypesOf(entityType: EntityType): (1 | 2)[] {
  if (entityType === 1) return [1];
  if (entityType === 3) return [2];
  return [1, 2];
}

/** The form of a loaded entity (masked numbers stay masked: the server keeps them when they come back unchanged). */
export function draftOf(e: MerchantEntity): EntityDraft {
  const corporate = e.settleAccountType === 2;
  return {
    entityType: e.entityType,
    name: e.entityType === 1 ? '' : e.name,
    licenseNo: e.licenseNo ?? '',
    licenseImage: e.licenseImage ?? '',
    licenseStart: e.licenseStart ?? '',
    licenseEnd: e.licenseEnd ?? '',
    licenseLong: e.entityId !== null && e.entityType !== 1 && e.licenseEnd === null,
    legalName: e.legalName,
    legalIdNo: e.legalIdNo,
    legalIdStart: e.legalIdStart,
    legalIdEnd: e.legalIdEnd ?? '',
    legalIdLong: e.entityId !== null && e.legalIdEnd === null,
    idFrontImage: e.idFrontImage,
    idBackImage: e.idBackImage,
    signerSameAsLegal: e.signerSameAsLegal,
    signerName: e.signerSameAsLegal ? '' : e.signerName,
    signerIdNo: e.signerSameAsLegal ? '' : e.signerIdNo,
    signerPhone: e.signerPhone,
    authLetterImage: e.authLetterImage ?? '',
    settleAccountType: e.settleAccountType ?? settleTypesOf(e.entityType)[0] ?? 1,
    cardNo: '',
    reservedPhone: '',
    accountNo: '',
    bankCode: corporate ? e.settleBankCode : '',
    bankName: corporate ? e.settleBankName : '',
    branchName: corporate ? (e.settleBranchName ?? '') : '',
    email: e.email ?? '',
  };
}

/** The draft with a saved partial draft laid over it (sign info entityDraft; apply-result's 重新修改 writes labels). */
export function restoreDraft(base: EntityDraft, saved: unknown): EntityDraft {
  if (!saved || typeof saved !== 'object') return base;
  const next: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(saved as Record<string, unknown>)) {
    if (!(key in base)) continue;
    if (key === 'entityType') {
      const byLabel = Object.entries(ENTITY_TYPE_LABELS).find(([, label]) => label === value)?.[0];
      const type = Number(byLabel ?? value);
      if (type === 1 || type === 2 || type === 3) next.entityType = type;
    } else if (typeof value === typeof base[key as DraftField]) next[key] = value;
  }
  const draft = next as unknown as EntityDraft;
  if (!settleTypesOf(draft.entityType).includes(draft.settleAccountType))
    draft.settleAccountType = settleTypesOf(draft.entityType)[0] ?? 1;
  return draft;
}

/** A masked value as the server sends it (kept as it is when unchanged). */
const masked = (value: string) => value.includes('*');

/**
 * The field errors of the draft in the design's order (D edit-contract "Validation"), for `today` ('YYYY-MM-DD').
 * `settlement` false (a change application) skips the settlement account. A masked ID number left as loaded passes.
 */
export function draftErrors(d: EntityDraft, today: string, settlement = true): Partial<Record<DraftField, string>> {
  const errors: Partial<Record<DraftField, string>> = {};
  const check = (field: DraftField, message: string | null) => {
    if (message && !errors[field]) errors[field] = message;
  };
  const idError = (value: string) => (masked(value) ? null : firstFailure([[idCardRule, value]]));
  if (d.entityType !== 1) {
    check('licenseImage', d.licenseImage ? null : '请上传营业执照');
    check('name', firstFailure([[merchantNameRule, d.name.trim()]]));
    check('licenseNo', firstFailure([[usccRule, d.licenseNo]]));
    check('licenseStart', d.licenseStart ? null : '请选择营业期限');
    if (!d.licenseLong)
      check(
        'licenseEnd',
        !d.licenseEnd || d.licenseEnd <= d.licenseStart || d.licenseEnd < today ? '营业执照已过期' : null,
      );
  }
  check('legalName', firstFailure([[personNameRule, d.legalName.trim()]]));
  check('legalIdNo', idError(d.legalIdNo));
  check('legalIdStart', d.legalIdStart ? null : '请选择证件有效期');
  if (!d.legalIdLong) check('legalIdEnd', !d.legalIdEnd || d.legalIdEnd <= today ? '身份证已过期' : null);
  check('idFrontImage', d.idFrontImage ? null : '请上传身份证人像面');
  check('idBackImage', d.idBackImage ? null : '请上传身份证国徽面');
  if (!d.signerSameAsLegal) {
    check('signerName', firstFailure([[personNameRule, d.signerName.trim()]]));
    check('signerIdNo', idError(d.signerIdNo));
    if (d.entityType === 3) check('authLetterImage', d.authLetterImage ? null : '请上传授权委托书');
  }
  check('signerPhone', firstFailure([[mobileRule, d.signerPhone]]));
  if (settlement) {
    if (d.settleAccountType === 1) {
      check('cardNo', firstFailure([[cardNoRule, d.cardNo]]));
      check('reservedPhone', firstFailure([[reservedPhoneRule, d.reservedPhone]]));
    } else {
      check('accountNo', firstFailure([[corporateAccountRule, d.accountNo]]));
      check('bankCode', d.bankCode ? null : '请选择开户银行');
      check('branchName', firstFailure([[corporateBranchRule, d.branchName.trim()]]));
    }
  }
  if (d.email.trim()) check('email', firstFailure([[emailRule, d.email.trim()]]));
  return errors;
}

/** The request body of a draft (the bank of a personal card from its bankBin). */
export function formOf(d: EntityDraft, bin: BankBin | null): EntityForm {
  const company = d.entityType !== 1;
  const personal = d.settleAccountType === 1;
  return {
    entityType: d.entityType,
    ...(company
      ? {
          name: d.name.trim(),
          licenseNo: d.licenseNo,
          licenseImage: d.licenseImage,
          licenseStart: d.licenseStart,
          licenseEnd: d.licenseLong ? null : d.licenseEnd,
        }
      : {}),
    legalName: d.legalName.trim(),
    legalIdNo: d.legalIdNo,
    legalIdStart: d.legalIdStart,
    legalIdEnd: d.legalIdLong ? null : d.legalIdEnd,
    idFrontImage: d.idFrontImage,
    idBackImage: d.idBackImage,
    signerSameAsLegal: d.signerSameAsLegal,
    ...(d.signerSameAsLegal ? {} : { signerName: d.signerName.trim(), signerIdNo: d.signerIdNo }),
    signerPhone: d.signerPhone,
    ...(!d.signerSameAsLegal && d.entityType === 3 && d.authLetterImage ? { authLetterImage: d.authLetterImage } : {}),
    settleAccountType: d.settleAccountType,
    settleBankCode: personal ? (bin?.bankCode ?? '') : d.bankCode,
    settleBankName: personal ? (bin?.bankName ?? '') : d.bankName,
    ...(!personal && d.branchName.trim() ? { settleBranchName: d.branchName.trim() } : {}),
    settleCardNo: personal ? d.cardNo : d.accountNo,
    ...(personal ? { settleReservedPhone: d.reservedPhone } : {}),
    ...(d.email.trim() ? { email: d.email.trim() } : {}),
  };
}

/** The fields a change application compares (the settlement account changes on /income/exchangeBank). */
const CHANGE_FIELDS: readonly DraftField[] = [
  'entityType',
  'name',
  'licenseNo',
  'licenseImage',
  'licenseStart',
  'licenseEnd',
  'licenseLong',
  'legalName',
  'legalIdNo',
  'legalIdStart',
  'legalIdEnd',
  'legalIdLong',
  'idFrontImage',
  'idBackImage',
  'signerSameAsLegal',
  'signerName',
  'signerIdNo',
  'signerPhone',
  'authLetterImage',
  'email',
];

/** What 提交认证 / 提交变更申请 led to, for the screen's navigation. */
export type EditOutcome =
  { kind: 'certified' } | { kind: 'reviewing' } | { kind: 'rejected' } | { kind: 'applied'; applyId: number };

export class EditContractStore {
  readonly entity = new Loadable<MerchantEntity>(() => getMerchantEntity());
  readonly banks = new Loadable<{ list: BankOption[] }>(() => getBankList());
  draft: EntityDraft | null = null;
  /** The form as loaded (a change application is possible once the draft differs). */
  private loaded: EntityDraft | null = null;
  /** A submission was tried: the field errors show under the fields. */
  tried = false;
  /** Certified, under review or applied: leaving asks nothing. */
  saved = false;
  bin: BankBin | null = null;
  binUnknown = false;
  readonly submit = new MoneyAction();
  readonly today = dayOf(Date.now());
  private binTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<EditContractStore, 'root' | 'binTimer'>(this, { root: false, binTimer: false });
  }

  /** Sub-accounts, builders: 请使用主账号完成认证 (D §0.4: main accounts only). */
  get locked(): boolean {
    const type = this.root.session.extendPermission?.accountType;
    return type !== undefined && ![1, 2, 3].includes(type);
  }

  get mode(): EditMode | null {
    return this.entity.data ? modeOf(this.entity.data) : null;
  }

  /** The form is read-only (under review, or a change under review). */
  get readOnly(): boolean {
    return this.mode === 'review' || this.mode === 'changeReview';
  }

  /** The settlement rows are read-only (certified: they change on /income/exchangeBank). */
  get settlementFixed(): boolean {
    return this.mode !== 'certify';
  }

  get errors(): Partial<Record<DraftField, string>> {
    if (!this.draft) return {};
    const errors = draftErrors(this.draft, this.today, !this.settlementFixed);
    if (!this.settlementFixed && this.draft.settleAccountType === 1 && !errors.cardNo) {
      const bank = this.binWarning ?? (this.bin ? null : '正在识别开户银行，请稍候');
      if (bank) errors.cardNo = bank;
    }
    return errors;
  }

  /** The first error in the design's order, or null. */
  get firstError(): string | null {
    return Object.values(this.errors)[0] ?? null;
  }

  /** Something differs from the loaded data (提交变更申请 is enabled; leaving asks first). */
  get dirty(): boolean {
    const { draft, loaded } = this;
    if (!draft || !loaded) return false;
    const fields: readonly DraftField[] = this.settlementFixed ? CHANGE_FIELDS : (Object.keys(draft) as DraftField[]);
    return fields.some((f) => draft[f] !== loaded[f]);
  }

  get binWarning(): string | null {
    if (this.bin && this.bin.cardType !== 1) return '仅支持储蓄卡，请更换';
    if (this.binUnknown) return '暂不支持该银行，请更换';
    return null;
  }

  /** Loads the entity; the form is the entity's data with the session's draft over it (first load only). */
  async load(): Promise<void> {
    const ok = await this.entity.load();
    const entity = this.entity.data;
    if (!ok || !entity) return;
    runInAction(() => {
      const base = draftOf(entity);
      this.loaded = base;
      if (this.draft) return;
      this.draft =
        modeOf(entity) === 'certify' || modeOf(entity) === 'change'
          ? restoreDraft(base, this.root.signInfo.info.entityDraft)
          : base;
      if (this.draft.cardNo) this.lookUpBin();
    });
  }

  /** One edit, mirrored into sign info entityDraft. */
  set<K extends DraftField>(field: K, value: EntityDraft[K]): void {
    if (!this.draft || this.readOnly) return;
    let next = value;
    if (field === 'cardNo') next = cardDigits(String(value)).replace(/\D/g, '').slice(0, 19) as EntityDraft[K];
    else if (field === 'accountNo') next = String(value).replace(/\D/g, '').slice(0, 32) as EntityDraft[K];
    else if (field === 'signerPhone' || field === 'reservedPhone')
      next = String(value).replace(/\D/g, '').slice(0, 11) as EntityDraft[K];
    else if (field === 'licenseNo') next = String(value).toUpperCase().slice(0, 18) as EntityDraft[K];
    else if (field === 'legalIdNo' || field === 'signerIdNo')
      next = String(value).toUpperCase().slice(0, 18) as EntityDraft[K];
    this.draft = { ...this.draft, [field]: next };
    if (field === 'entityType' && !settleTypesOf(this.draft.entityType).includes(this.draft.settleAccountType))
      this.draft.settleAccountType = settleTypesOf(this.draft.entityType)[0] ?? 1;
    if (field === 'cardNo') this.lookUpBin();
    this.root.signInfo.update({ entityDraft: { ...this.draft } });
  }

  /** The fields show their errors (a submission was tried). */
  showErrors(): void {
    this.tried = true;
  }

  setBank(bank: BankOption): void {
    if (!this.draft) return;
    this.draft = { ...this.draft, bankCode: bank.bankCode, bankName: bank.bankName };
    this.root.signInfo.update({ entityDraft: { ...this.draft } });
  }

  /**
   * 提交认证 (completeMerchantEntity) or 提交变更申请 (confirmed through `ask`, applyMerchantEntityChange), validated
   * first and sent once. Resolves what happened (the draft is cleared on success), or null (invalid: the fields show
   * their errors; cancelled; refused and told by the request layer).
   */
  async save(ask: () => PromiseLike<boolean>): Promise<EditOutcome | null> {
    const draft = this.draft;
    const mode = this.mode;
    this.tried = true;
    if (!draft || this.firstError || (mode !== 'certify' && mode !== 'change')) return null;
    const body = formOf(draft, this.bin);
    if (mode === 'certify') {
      const answer = await this.submit.run((requestId) => completeMerchantEntity({ ...body, requestId }));
      if (!answer) return null;
      if (answer.certStatus === 3) {
        await this.entity.load();
        return { kind: 'rejected' };
      }
      this.root.signInfo.update({ entityDraft: null });
      runInAction(() => {
        this.saved = true;
      });
      return answer.certStatus === 2 ? { kind: 'certified' } : { kind: 'reviewing' };
    }
    if (!this.dirty) return null;
    // the settlement account is not part of a change (it changes on /income/exchangeBank)
    const {
      settleAccountType: _type,
      settleBankCode: _code,
      settleBankName: _bank,
      settleBranchName: _branch,
      settleCardNo: _no,
      settleReservedPhone: _phone,
      ...snapshot
    } = body;
    const answer = await this.submit.run((requestId) => applyMerchantEntityChange({ ...snapshot, requestId }), ask);
    if (!answer) return null;
    this.root.signInfo.update({ entityDraft: null, changeApplyId: answer.applyId });
    runInAction(() => {
      this.saved = true;
    });
    return { kind: 'applied', applyId: answer.applyId };
  }

  dispose(): void {
    if (this.binTimer !== null) clearTimeout(this.binTimer);
  }

  private binHead = '';

  private lookUpBin(): void {
    if (this.binTimer !== null) clearTimeout(this.binTimer);
    const head = this.draft?.cardNo.slice(0, 10) ?? '';
    if (head.length < 10) {
      this.bin = null;
      this.binUnknown = false;
      return;
    }
    if (this.bin && head === this.binHead) return;
    this.binTimer = setTimeout(() => void this.resolveBin(head), 300);
  }

  private async resolveBin(head: string): Promise<void> {
    try {
      const bin = await getBankBin(head, { handles: [2016] });
      runInAction(() => {
        if (this.draft?.cardNo.slice(0, 10) !== head) return;
        this.bin = bin;
        this.binHead = head;
        this.binUnknown = false;
      });
    } catch (error) {
      runInAction(() => {
        this.bin = null;
        this.binUnknown = error instanceof ApiError && error.code === 2016;
      });
    }
  }
}

/** The store of /income/edit-contract, new on each visit. */
export const editContractStore = screenStore((root: RootStore) => new EditContractStore(root), 'visit');
