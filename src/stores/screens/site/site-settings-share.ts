import { screenStore } from '@/stores/screen-store';
import { makeAutoObservable } from 'mobx';
import type { ShareParty, SiteDetail, SiteShareRule } from '@/api/site';
import {
  checkAuditSiteInfo,
  getCommercialByPhone,
  modifySite,
  querySiteShareRuleList,
  querySiteShareSimpleProportionList,
  type CommercialByPhone,
  type ModifySiteResult,
  type ShareRuleVersion,
} from '@/api/site-settings';
import {
  FULL_BP,
  MAX_PARTIES,
  PARTY_TYPE_NAMES,
  RATE_COLUMNS,
  SHARE_MESSAGES,
  partiesError,
  type RateKey,
} from '@/api/site-settings-rules';
import { PHONE_PATTERN } from '@/api/rules';
import { bpToPercent, percentToBp } from '@/lib/rate';
import { ActionGuard } from '@/stores/support/action-guard';
import type { LoadableLike } from '@/stores/support/entity-cache';
import { Loadable } from '@/stores/support/loadable';
import type { RootStore } from '@/stores/root';
import { workingVersion } from './site-settings';
import { CostFormStore, EXAMPLE_INCOME, costExampleOf, type CostExample } from './site-settings-cost';

/**
 * The share-rule pages of a site (B-site.md §4): the cost-bearing detail (expensesSet), integrated and per-type profit
 * sharing (integrateSet, benefitSet) and adding a party (benefitAdd). Each works on the site's working copy (the
 * newest version that is not 已失效) and saves the whole rule with modifySite: the change takes effect tomorrow
 * (待生效), or goes to the platform's review (审核中) when it lowers the property's terms. Rates are typed as percents
 * with up to two decimals and sent as basis points; money fen.
 */

/**
 * What every share page works on: the site (property, editable) and its versions, the working copy, and the save call.
 * The page stores own one (composition: MobX's makeAutoObservable does not support subclassing).
 */
export class SiteShareContext {
  /** The site (root.sites). */
  readonly site: LoadableLike<SiteDetail>;
  readonly versions: Loadable<ShareRuleVersion[]>;
  private readonly guard = new ActionGuard();

  constructor(
    private readonly root: RootStore,
    readonly siteId: number,
  ) {
    this.site = root.sites.handle(siteId);
    this.versions = new Loadable(() => querySiteShareRuleList(siteId));
    makeAutoObservable<SiteShareContext, 'root' | 'guard'>(this, { root: false, siteId: false, guard: false });
  }

  /** True while a change is being sent (double-tap safety: the buttons are disabled). */
  get saving(): boolean {
    return this.guard.busy('send');
  }

  /** Loads the site and its versions; false when either failed (toasted). */
  async load(): Promise<boolean> {
    const [site, versions] = await Promise.all([this.site.load(), this.versions.load()]);
    return site && versions;
  }

  /** The newest version that is not 已失效 (the working copy), or null before loading. */
  get working(): ShareRuleVersion | null {
    return workingVersion(this.versions.data);
  }

  /** The version in force (生效中). */
  get inForce(): ShareRuleVersion | null {
    return this.versions.data?.find((v) => v.status === 1) ?? null;
  }

  /** A change is under review: every input is disabled. */
  get inReview(): boolean {
    return this.working?.status === 3;
  }

  /** The caller may change the terms now (owner with site:edit, nothing under review). */
  get canEdit(): boolean {
    return this.site.data?.editable === true && !this.inReview;
  }

  /** The site has a linked property. */
  get hasProperty(): boolean {
    return (this.site.data?.merchantId ?? null) !== null;
  }

  /** The site or its versions failed to load (the page offers 重试). */
  get failed(): boolean {
    return this.site.failed || this.versions.failed;
  }

  /** The owner's account id (a party can never be the owner itself). */
  get ownerId(): number | null {
    return this.root.session.extendPermission?.mainAccountId ?? null;
  }

  /** Split-mode account (settleMode 2): the platform fee has an effect. */
  get splitMode(): boolean {
    return this.root.session.extendPermission?.settleMode === 2;
  }

  /**
   * The review check before a save (B §4 保存: checkAuditSiteInfo, 审核中 → toast and stop): the message when a change
   * is under review, null when the screen may go on, false when the call failed (already toasted).
   */
  async reviewBlock(): Promise<string | null | false> {
    try {
      const audit = await checkAuditSiteInfo(this.siteId);
      return audit.auditStatus === 1 ? SHARE_MESSAGES.inReview : null;
    } catch {
      return false;
    }
  }

  /**
   * Saves a whole share rule with modifySite (after the screen's review check and confirmation). Resolves with the
   * server's answer, or null when the call failed (already toasted) or a save is already running.
   */
  async send(rule: SiteShareRule): Promise<ModifySiteResult | null> {
    const result = await this.guard.run('send', () => modifySite({ siteId: this.siteId, siteShareRule: rule }));
    if (!result) return null;
    // Every screen showing the site follows (its share terms and review state changed).
    void this.root.sites.invalidate(this.siteId);
    return result;
  }
}

/** One party row being edited: rates as typed percents. */
export interface PartyDraft {
  userId: number;
  partyType: ShareParty['partyType'];
  name: string;
  phone: string;
  remark: string;
  rates: Record<RateKey, string>;
}

/** A party of a rule as an editable row. */
export function partyDraftOf(p: ShareParty): PartyDraft {
  return {
    userId: p.userId,
    partyType: p.partyType,
    name: p.name,
    phone: p.phone,
    remark: p.remark ?? '',
    rates: {
      chargeRate: bpToPercent(p.chargeRate),
      cardRate: bpToPercent(p.cardRate),
      coinRate: bpToPercent(p.coinRate),
    },
  };
}

/**
 * integrateSet (mode 2, one rate per party for all income) and benefitSet (mode 1, charge / card / coin rates): the
 * party rows of the working copy edited locally, the operator's remainder, the example, and 保存 (B §4).
 */
export class ShareSettingsStore {
  readonly ctx: SiteShareContext;
  parties: PartyDraft[] = [];
  /** Unsaved local edits (leaving asks 放弃未保存的修改？). */
  dirty = false;
  /** The property's rates on the owner's other sites (integrateSet reference block). */
  readonly peers: Loadable<{ siteId: number; siteName: string; shareMode: 1 | 2; rates: string }[]>;

  /**
   * @param mode the screen's mode: 2 integrateSet (综合分成), 1 benefitSet (分项分成)
   */
  constructor(
    root: RootStore,
    siteId: number,
    readonly mode: 1 | 2,
  ) {
    this.ctx = new SiteShareContext(root, siteId);
    this.peers = new Loadable(async () => {
      const merchantId = this.ctx.site.data?.merchantId;
      if (!merchantId) return [];
      const rows = await querySiteShareSimpleProportionList(merchantId);
      return rows
        .filter((r) => r.siteId !== siteId)
        .map((r) => ({
          siteId: r.siteId,
          siteName: r.siteName,
          shareMode: r.shareMode,
          rates:
            r.shareMode === 2
              ? `${bpToPercent(r.chargeRate)}%`
              : `充电${bpToPercent(r.chargeRate)}% 充值${bpToPercent(r.cardRate)}% 投币${bpToPercent(r.coinRate)}%`,
        }));
    });
    makeAutoObservable(this, { ctx: false, peers: false, mode: false });
  }

  /** Loads the site and versions and starts from the working copy (and the property's other sites in mode 2). */
  async load(): Promise<boolean> {
    const ok = await this.ctx.load();
    if (ok) this.reset();
    if (ok && this.mode === 2 && this.ctx.hasProperty) await this.peers.load();
    return ok;
  }

  /** Discards local edits: the rows of the working copy. */
  reset(): void {
    this.parties = (this.ctx.working?.rule.parties ?? []).map(partyDraftOf);
    this.dirty = false;
  }

  /** The mode banner: current mode, or that saving switches it. */
  get modeBanner(): string {
    const current = this.ctx.working?.rule.shareMode ?? 2;
    if (current === this.mode) return this.mode === 2 ? '当前：综合分成' : '当前：分项分成';
    return this.mode === 2 ? '当前为分项分成，保存后将切换为综合分成' : '当前为综合分成，保存后将切换为分项分成';
  }

  /** Sets a rate (mode 2: the one rate = all three). Ignored on 上级 rows and while locked. */
  setRate(userId: number, key: RateKey, text: string): void {
    const row = this.parties.find((p) => p.userId === userId);
    if (!row || row.partyType === 5 || !this.ctx.canEdit) return;
    if (this.mode === 2) row.rates = { chargeRate: text, cardRate: text, coinRate: text };
    else row.rates[key] = text;
    this.dirty = true;
  }

  /** Sets the three rates of a row at once (benefitSet 编辑 dialog). */
  setRates(userId: number, rates: Record<RateKey, string>): void {
    const row = this.parties.find((p) => p.userId === userId);
    if (!row || row.partyType === 5 || !this.ctx.canEdit) return;
    row.rates = { ...rates };
    this.dirty = true;
  }

  /** Removes a party locally (saved with 保存); 上级 rows cannot be removed. */
  removeParty(userId: number): void {
    const row = this.parties.find((p) => p.userId === userId);
    if (!row || row.partyType === 5 || !this.ctx.canEdit) return;
    this.parties = this.parties.filter((p) => p.userId !== userId);
    this.dirty = true;
  }

  /** Rates of each row in bp (the one rate in mode 2), null where the text is not a 0–100 percent. */
  get parsed(): { userId: number; rates: Record<RateKey, number | null> }[] {
    return this.parties.map((p) => {
      const charge = percentToBp(p.rates.chargeRate);
      return {
        userId: p.userId,
        rates:
          this.mode === 2
            ? { chargeRate: charge, cardRate: charge, coinRate: charge }
            : {
                chargeRate: charge,
                cardRate: percentToBp(p.rates.cardRate),
                coinRate: percentToBp(p.rates.coinRate),
              },
      };
    });
  }

  /** The operator's remainder per income type (bp), null while a rate is not a valid percent. */
  get remainder(): Record<RateKey, number | null> {
    const out = { chargeRate: FULL_BP, cardRate: FULL_BP, coinRate: FULL_BP } as Record<RateKey, number | null>;
    for (const { rates } of this.parsed) {
      for (const { key } of RATE_COLUMNS) {
        const current = out[key];
        const value = rates[key];
        out[key] = current === null || value === null || value === undefined ? null : current - value;
      }
    }
    return out;
  }

  /** The rule to save: the working copy's costs, this screen's mode, the rows in bp. Null while a rate is invalid. */
  get rule(): SiteShareRule | null {
    const base = this.ctx.working?.rule;
    if (!base) return null;
    const parties: ShareParty[] = [];
    for (const [i, row] of this.parties.entries()) {
      const rates = this.parsed[i]?.rates;
      if (!rates || rates.chargeRate === null || rates.cardRate === null || rates.coinRate === null) return null;
      parties.push({
        userId: row.userId,
        partyType: row.partyType,
        name: row.name,
        phone: row.phone,
        remark: row.remark,
        chargeRate: rates.chargeRate,
        cardRate: rates.cardRate,
        coinRate: rates.coinRate,
      });
    }
    return {
      shareMode: this.mode,
      electricBearer: base.electricBearer,
      electricPrice: base.electricPrice,
      channelFeeBearer: base.channelFeeBearer,
      platformFeeBearer: base.platformFeeBearer,
      parties,
    };
  }

  /** The first validation failure (B §4 integrateSet / benefitSet "Validation"), or null. */
  validate(): string | null {
    const rule = this.rule;
    if (!rule) return SHARE_MESSAGES.rateRange;
    return partiesError(this.mode, rule.parties);
  }

  /** Some party gets 0 % (allowed, but warned: 比例为0的分成方不会获得收入). */
  get hasZeroRate(): boolean {
    return (this.rule?.parties ?? []).some((p) => p.chargeRate === 0 && p.cardRate === 0 && p.coinRate === 0);
  }

  /**
   * The integrateSet example (B §4): "站点收入 ¥100.00 时：物业 ¥30.00 · 运营商 ¥70.00", or null while a rate is invalid.
   */
  get example(): { label: string; fen: number }[] | null {
    const rule = this.rule;
    if (!rule) return null;
    const rows = rule.parties.map((p) => ({
      label: p.name || PARTY_TYPE_NAMES[p.partyType],
      fen: Math.floor((EXAMPLE_INCOME * p.chargeRate) / FULL_BP),
    }));
    return [...rows, { label: '运营商', fen: EXAMPLE_INCOME - rows.reduce((sum, r) => sum + r.fen, 0) }];
  }

  /** Saves (after the screen's confirmation). Resolves with the answer, a message to show, or null. */
  async save(): Promise<ModifySiteResult | string | null> {
    const error = this.validate();
    if (error) return error;
    const rule = this.rule;
    if (!rule) return SHARE_MESSAGES.rateRange;
    const result = await this.ctx.send(rule);
    if (result && typeof result !== 'string') this.markSaved();
    return result;
  }

  private markSaved(): void {
    this.dirty = false;
  }
}

/** The account a new party would be: the site's property (type 2) or the looked-up account (3 / 4). */
export interface Candidate {
  userId: number;
  name: string;
  contacts: string;
  phone: string;
  accountType: number | null;
}

/** Account type tags of the lookup result card. */
export const ACCOUNT_TYPE_TAGS: Readonly<Record<number, string>> = {
  1: '运营商',
  2: '代理商',
  3: '物业',
  4: '子账号',
  5: '施工人员',
};

/**
 * benefitAdd (B §4 "添加分成方"): choose the type (物业 = the site's property; 代理商 / 合作方 = an account found by
 * phone), the rates (mode 1 three, mode 2 one) within what remains, a remark; 确定添加 saves the working copy plus the
 * new party.
 */
export class AddPartyStore {
  readonly ctx: SiteShareContext;
  partyType: 2 | 3 | 4 = 2;
  phone = '';
  /** The lookup answer for `lookedUp`, or null before 查询. */
  lookup: CommercialByPhone | null = null;
  lookedUp = '';
  rates: Record<RateKey, string> = { chargeRate: '', cardRate: '', coinRate: '' };
  remark = '';
  private readonly guard = new ActionGuard();

  /** @param mode 1 three rates (from benefitSet), 2 one rate (from integrateSet) */
  constructor(
    root: RootStore,
    siteId: number,
    readonly mode: 1 | 2,
  ) {
    this.ctx = new SiteShareContext(root, siteId);
    makeAutoObservable<AddPartyStore, 'guard'>(this, { ctx: false, mode: false, guard: false });
  }

  /** True while 查询 runs (its button spins). */
  get searching(): boolean {
    return this.guard.busy('search');
  }

  /** Loads the site and its versions; preselects 物业 when it can be added, else 代理商. */
  async load(): Promise<boolean> {
    const ok = await this.ctx.load();
    if (ok && this.propertyDisabled !== null) this.setType(3);
    return ok;
  }

  /** The parties of the working copy. */
  get existing(): ShareParty[] {
    return this.ctx.working?.rule.parties ?? [];
  }

  /** Why 物业 cannot be chosen, or null (B §4: no property linked, or it is already a party). */
  get propertyDisabled(): string | null {
    const merchantId = this.ctx.site.data?.merchantId ?? null;
    if (merchantId === null) return '请先在站点资料中关联物业';
    if (this.existing.some((p) => p.userId === merchantId)) return '物业已是分成方';
    return null;
  }

  setType(type: 2 | 3 | 4): void {
    if (type === 2 && this.propertyDisabled !== null) return;
    this.partyType = type;
  }

  setPhone(phone: string): void {
    this.phone = phone.replace(/\D/g, '').slice(0, 11);
  }

  /** Sets a rate (mode 2: the one rate). */
  setRate(key: RateKey, text: string): void {
    if (this.mode === 2) this.rates = { chargeRate: text, cardRate: text, coinRate: text };
    else this.rates[key] = text;
  }

  setRemark(remark: string): void {
    this.remark = remark.slice(0, 20);
  }

  /** 查询: looks the phone up. Resolves with a validation message, or null after an answer (shown by the card). */
  async search(): Promise<string | null> {
    if (!PHONE_PATTERN.test(this.phone)) return SHARE_MESSAGES.phone;
    if (this.searching) return null;
    const phone = this.phone;
    const answer = await this.guard.run('search', () => getCommercialByPhone(phone));
    // A failed lookup (already toasted) forgets the previous one.
    this.setLookup(answer ? phone : '', answer ?? null);
    return null;
  }

  private setLookup(phone: string, answer: CommercialByPhone | null): void {
    this.lookedUp = phone;
    this.lookup = answer;
  }

  /** The chosen account, or null (物业: the site's property; 代理商/合作方: the lookup of the phone as typed now). */
  get candidate(): Candidate | null {
    const site = this.ctx.site.data;
    if (this.partyType === 2) {
      if (!site || site.merchantId === null || this.propertyDisabled !== null) return null;
      return { userId: site.merchantId, name: site.merchantName ?? '', contacts: '', phone: '', accountType: 3 };
    }
    const found = this.lookup;
    if (!found?.exists || this.lookedUp !== this.phone || found.userId === undefined) return null;
    return {
      userId: found.userId,
      name: found.shortName || found.name || '',
      contacts: found.contacts ?? '',
      phone: found.phone ?? this.phone,
      accountType: found.accountType ?? null,
    };
  }

  /** Why the chosen account cannot be added (B §4 benefitAdd "Validation"), or null. */
  get candidateError(): string | null {
    if (this.existing.length >= MAX_PARTIES) return SHARE_MESSAGES.tooMany;
    if (this.partyType === 2) return this.propertyDisabled;
    if (this.lookup && this.lookedUp === this.phone && !this.lookup.exists) return SHARE_MESSAGES.notRegistered;
    const c = this.candidate;
    if (!c) return null;
    if (c.userId === this.ctx.ownerId) return SHARE_MESSAGES.self;
    if (this.existing.some((p) => p.userId === c.userId)) return SHARE_MESSAGES.duplicate;
    if (c.accountType === 4 || c.accountType === 5) return SHARE_MESSAGES.wrongType;
    if (this.partyType === 3 && c.accountType !== 2) return SHARE_MESSAGES.notAgent;
    if (c.userId === this.ctx.site.data?.merchantId) return '该账号是站点物业，请以物业类型添加';
    return null;
  }

  /** What remains to distribute per income type (bp), from the working copy's parties. */
  get remaining(): Record<RateKey, number> {
    const out = { chargeRate: FULL_BP, cardRate: FULL_BP, coinRate: FULL_BP };
    for (const p of this.existing) for (const { key } of RATE_COLUMNS) out[key] -= p[key];
    return out;
  }

  /** The typed rates in bp, or the first validation failure (0–100 % with 2 decimals, within what remains). */
  get parsedRates(): Record<RateKey, number> | string {
    const out = { chargeRate: 0, cardRate: 0, coinRate: 0 };
    for (const { key } of RATE_COLUMNS) {
      const bp = percentToBp(this.rates[key]);
      if (bp === null) return SHARE_MESSAGES.rateRange;
      if (bp > this.remaining[key]) return SHARE_MESSAGES.remaining;
      out[key] = bp;
    }
    return out;
  }

  /** What remains for the one rate of mode 2 (the smallest remainder of the three types), bp. */
  get remainingAll(): number {
    const r = this.remaining;
    return Math.min(r.chargeRate, r.cardRate, r.coinRate);
  }

  /**
   * The message the form shows under its fields, or null: too many parties; what is wrong with the chosen account
   * once it was looked up (物业's own reason is shown on its card); a typed rate that is invalid or above what remains.
   */
  get notice(): string | null {
    if (this.existing.length >= MAX_PARTIES) return SHARE_MESSAGES.tooMany;
    if (this.partyType !== 2 && this.lookup !== null && this.lookedUp === this.phone) {
      const error = this.candidateError;
      if (error) return error;
    }
    const typed = RATE_COLUMNS.some(({ key }) => this.rates[key].trim() !== '');
    const rates = this.parsedRates;
    return typed && typeof rates === 'string' ? rates : null;
  }

  /** 确定添加 is enabled: an account is chosen and the rates are valid. */
  get canSubmit(): boolean {
    return this.candidate !== null && this.candidateError === null && typeof this.parsedRates !== 'string';
  }

  /** The first validation failure of the form, or null. */
  validate(): string | null {
    if (this.partyType !== 2 && !PHONE_PATTERN.test(this.phone)) return SHARE_MESSAGES.phone;
    const error = this.candidateError;
    if (error) return error;
    if (!this.candidate) return this.partyType === 2 ? this.propertyDisabled : '请先查询账号';
    const rates = this.parsedRates;
    return typeof rates === 'string' ? rates : null;
  }

  /**
   * 确定添加: the working copy plus the new party (mode 1 from benefitSet keeps per-type rates; from integrateSet the
   * rule keeps its mode), saved with modifySite. Resolves with the answer, a message to show, or null.
   */
  async submit(): Promise<ModifySiteResult | string | null> {
    const error = this.validate();
    if (error) return error;
    const base = this.ctx.working?.rule;
    const candidate = this.candidate;
    const rates = this.parsedRates;
    if (!base || !candidate || typeof rates === 'string') return null;
    const party: ShareParty = {
      userId: candidate.userId,
      partyType: this.partyType,
      name: candidate.name,
      phone: candidate.phone,
      remark: this.remark.trim(),
      ...rates,
    };
    return this.ctx.send({
      shareMode: this.mode === 1 ? 1 : base.shareMode,
      electricBearer: base.electricBearer,
      electricPrice: base.electricPrice,
      channelFeeBearer: base.channelFeeBearer,
      platformFeeBearer: base.platformFeeBearer,
      parties: [...base.parties, party],
    });
  }
}

/**
 * expensesSet (B §4 "费用承担详情"): the version in force and the pending one (待生效 / 审核中 / 已驳回), the examples, and
 * 修改 → the cost form of /site/add/expensesSet (./site-settings-cost) prefilled from the working copy → 保存 (the whole
 * rule with the cost fields changed).
 */
export class CostSettingsStore {
  readonly ctx: SiteShareContext;
  /** The 修改 form, or null while the terms are only shown. */
  form: CostFormStore | null = null;

  constructor(root: RootStore, siteId: number) {
    this.ctx = new SiteShareContext(root, siteId);
    makeAutoObservable(this, { ctx: false });
  }

  /** Loads the site and its versions; false when either failed (toasted). */
  load(): Promise<boolean> {
    return this.ctx.load();
  }

  /** A newer version than the one in force (待生效 / 审核中 / 已驳回), or null. */
  get pending(): ShareRuleVersion | null {
    const newest = this.ctx.working;
    return newest && newest.status !== 1 ? newest : null;
  }

  /** The form is open (leaving asks 放弃未保存的修改？). */
  get editing(): boolean {
    return this.form !== null;
  }

  /** 修改: the form prefilled from the working copy (only while the terms may be changed). */
  startEdit(): void {
    const rule = this.ctx.working?.rule;
    if (!rule || !this.ctx.canEdit) return;
    this.form = new CostFormStore(rule, this.ctx.hasProperty);
  }

  cancelEdit(): void {
    this.form = null;
  }

  /** The first validation failure of the open form (B §1 expensesSet "Validation"), or null. */
  validate(): string | null {
    const result = this.form?.result();
    return result && 'failure' in result ? result.failure : null;
  }

  /** The example of a stored rule (B §1 expensesSet "Live example"), fen. */
  exampleOf(rule: SiteShareRule): CostExample {
    return costExampleOf(rule);
  }

  /** The example of the form being edited (the working copy's parties with the form's costs), or null. */
  get formExample(): CostExample | null {
    const base = this.ctx.working?.rule;
    return base && this.form ? this.form.exampleWith(base) : null;
  }

  /**
   * 保存 (after the screen's review check and confirmation): the working copy with the form's cost fields. Resolves
   * with the answer, the first validation failure to show, or null (the call failed, already toasted).
   */
  async save(): Promise<ModifySiteResult | string | null> {
    const base = this.ctx.working?.rule;
    if (!this.form || !base) return null;
    const result = this.form.result();
    if ('failure' in result) return result.failure;
    const answer = await this.ctx.send({ ...base, ...result.terms });
    if (answer) this.finishEdit();
    return answer;
  }

  private finishEdit(): void {
    this.form = null;
  }
}

/** The store of 分成设置 (mode 1) or 综合分成 (mode 2), new on each visit (the form starts from the saved rule). */
export const shareSettingsStore = screenStore(
  (root, siteId: number, mode: 1 | 2) => new ShareSettingsStore(root, siteId, mode),
  'visit',
);
/** The store of 添加分成方, new on each visit. */
export const addPartyStore = screenStore(
  (root, siteId: number, mode: 1 | 2) => new AddPartyStore(root, siteId, mode),
  'visit',
);
/** The store of 费用承担详情, new on each visit. */
export const costSettingsStore = screenStore((root, siteId: number) => new CostSettingsStore(root, siteId), 'visit');
