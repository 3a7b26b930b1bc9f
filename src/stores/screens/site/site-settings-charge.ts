import { screenStore } from '@/stores/screen-store';
import { makeAutoObservable } from 'mobx';
import type { ChargeRule, SiteDetail } from '@/api/site';
import {
  getOperationMode,
  haveCard,
  modifySite,
  sameSiteRuleList,
  simpleSiteList,
  type ModifySiteResult,
  type OperationMode,
  type SameRuleSite,
} from '@/api/site-settings';
import {
  CHARGE_LIMITS,
  CHARGE_MESSAGES,
  DEFAULT_CHARGE_RULE,
  canonicalChargeRule,
  chargeRuleError,
  minutesPerYuan,
  normalizeChargeRule,
} from '@/api/site-settings-rules';
import { fenToYuan, yuanToFen } from '@/lib/money';
import { ActionGuard } from '@/stores/support/action-guard';
import type { SitesStore } from '@/stores/domain/sites';
import type { LoadableLike } from '@/stores/support/entity-cache';
import { Loadable } from '@/stores/support/loadable';

/**
 * 收费设置 of a site (B-site.md §4 "/site/siteInfo/siteData/setCharger"): the charge rule as a form (prices typed in
 * yuan, the longest charge in hours, minutes per coin), the capabilities of the site's boxes (getOperationMode), the
 * sites sharing the rule (sameSiteRuleList), copying another site's rule, and 保存 (modifySite `{ id, chargeRule }`).
 * Stored units: fen, W, minutes.
 */

/** One power tier being edited: upper bound (W) and price (yuan per hour) as typed. */
export interface TierDraft {
  /** Stable key of the row. */
  key: number;
  maxPower: string;
  price: string;
}

/** The charge rule as the form holds it. */
export interface ChargeForm {
  billingMode: 1 | 2;
  tiers: TierDraft[];
  /** Yuan per kWh as typed (mode 2). */
  energyPrice: string;
  servicePrice: string;
  /** Fen, in the order shown. */
  prepayOptions: number[];
  fullStop: 0 | 1;
  freeMinutes: string;
  /** Hours as typed (stored as minutes). */
  maxHours: string;
  /** Minutes per ¥1 coin as typed; 0 = coin slot off. */
  coinMinutes: string;
}

let tierKey = 0;

/** The form of a stored rule. */
export function chargeFormOf(rule: ChargeRule): ChargeForm {
  return {
    billingMode: rule.billingMode,
    tiers: rule.tiers.map((t) => ({ key: ++tierKey, maxPower: String(t.maxPower), price: fenToYuan(t.price) })),
    energyPrice: rule.billingMode === 2 ? fenToYuan(rule.energyPrice) : '',
    servicePrice: rule.billingMode === 2 ? fenToYuan(rule.servicePrice) : '',
    prepayOptions: [...rule.prepayOptions],
    fullStop: rule.fullStop,
    freeMinutes: String(rule.freeMinutes),
    maxHours: String(rule.maxMinutes / 60),
    coinMinutes: String(rule.coinMinutes),
  };
}

const wholeNumber = (text: string): number | null => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * The stored rule of a form, or the first message of a field that is not a number of its kind (the range rules are
 * chargeRuleError's). Mode 1 keeps no energy prices and mode 2 no tiers (normalised).
 */
export function chargeRuleOf(form: ChargeForm): ChargeRule | string {
  let tiers: ChargeRule['tiers'] = [];
  let energyPrice = 0;
  let servicePrice = 0;
  if (form.billingMode === 1) {
    for (const tier of form.tiers) {
      const maxPower = wholeNumber(tier.maxPower);
      if (maxPower === null) return CHARGE_MESSAGES.tierAscending;
      const price = yuanToFen(tier.price);
      if (price === null) return CHARGE_MESSAGES.tierPrice;
      tiers.push({ maxPower, price });
    }
  } else {
    const energy = yuanToFen(form.energyPrice);
    if (energy === null) return CHARGE_MESSAGES.energyPrice;
    const service = form.servicePrice.trim() === '' ? 0 : yuanToFen(form.servicePrice);
    if (service === null) return CHARGE_MESSAGES.servicePrice;
    energyPrice = energy;
    servicePrice = service;
    tiers = [];
  }
  const freeMinutes = wholeNumber(form.freeMinutes);
  if (freeMinutes === null) return CHARGE_MESSAGES.freeMinutes;
  const hours = wholeNumber(form.maxHours);
  if (hours === null) return CHARGE_MESSAGES.maxMinutes;
  const coinMinutes = form.coinMinutes.trim() === '' ? 0 : wholeNumber(form.coinMinutes);
  if (coinMinutes === null) return CHARGE_MESSAGES.coinMinutes;
  return normalizeChargeRule({
    billingMode: form.billingMode,
    tiers,
    energyPrice,
    servicePrice,
    prepayOptions: [...form.prepayOptions],
    fullStop: form.fullStop,
    freeMinutes,
    maxMinutes: hours * 60,
    coinMinutes,
  });
}

/** "0-200W", "200-400W" … of the tier rows (the first tier starts at 0 W). */
export function tierRangeLabels(tiers: readonly Pick<TierDraft, 'maxPower'>[]): string[] {
  let previous = '0';
  return tiers.map((t) => {
    const label = `${previous}-${t.maxPower || '?'}W`;
    previous = t.maxPower || '?';
    return label;
  });
}

/** Hours with at most one decimal: 240 → "4", 150 → "2.5". */
function hoursText(minutes: number): string {
  return String(Math.round((minutes / 60) * 10) / 10);
}

/** The example of mode 1: "1元可充: ≤200W 4小时 / 200-400W 2.5小时 …" (B §4 setCharger; minutes capped by maxMinutes). */
export function tierExample(rule: ChargeRule): string {
  let previous = 0;
  const parts = rule.tiers.map((t) => {
    const minutes = Math.min(minutesPerYuan(t.price), rule.maxMinutes);
    const label = previous === 0 ? `≤${t.maxPower}W` : `${previous}-${t.maxPower}W`;
    previous = t.maxPower;
    return `${label} ${hoursText(minutes)}小时`;
  });
  return `1元可充: ${parts.join(' / ')}`;
}

/**
 * The 收费设置 form of one site. `load` fills it from the site's rule; `rule` is the stored rule of the form or the
 * first message; `save` sends it (after the screen's card confirmation).
 */
export class ChargeSettingsStore {
  /** The site (root.sites). */
  readonly site: LoadableLike<SiteDetail>;
  readonly mode: Loadable<OperationMode>;
  readonly sameSites: Loadable<SameRuleSite[]>;
  readonly cards: Loadable<{ haveCard: boolean; cardCount: number }>;
  readonly otherSites: Loadable<{ id: number; name: string }[]>;
  form: ChargeForm | null = null;
  /** Canonical JSON of the saved rule (what 保存 would change). */
  private saved = '';
  /** Unsaved edits (leaving asks 放弃未保存的修改？). */
  dirty = false;
  private readonly guard = new ActionGuard();

  /**
   * @param sites the app's sites (root.sites): the form reads this site and other sites' rules there
   * @param siteId the site whose rule is edited
   */
  constructor(
    private readonly sites: SitesStore,
    readonly siteId: number,
  ) {
    this.site = sites.handle(siteId);
    this.mode = new Loadable(() => getOperationMode(siteId));
    this.sameSites = new Loadable(() => sameSiteRuleList(siteId));
    this.cards = new Loadable(() => haveCard(siteId));
    this.otherSites = new Loadable(async () => (await simpleSiteList()).filter((s) => s.id !== siteId));
    makeAutoObservable<ChargeSettingsStore, 'guard' | 'sites'>(this, {
      sites: false,
      siteId: false,
      site: false,
      mode: false,
      sameSites: false,
      cards: false,
      otherSites: false,
      guard: false,
    });
  }

  /** True while the rule is being saved (保存 is disabled). */
  get saving(): boolean {
    return this.guard.anyBusy;
  }

  /** Loads the rule, the capabilities and the same-rule sites; false when the rule or capabilities failed. */
  async load(): Promise<boolean> {
    const [site, mode] = await Promise.all([this.site.load(), this.mode.load(), this.sameSites.load()]);
    if (site && this.site.data) this.fill(this.site.data.chargeRule, false);
    return site && mode;
  }

  /** The rule or the capabilities failed to load (the page offers 重试). */
  get failed(): boolean {
    return this.site.failed || this.mode.failed;
  }

  /** The caller may change the rule. */
  get editable(): boolean {
    return this.site.data?.editable === true;
  }

  /** Billing modes the site's boxes support. */
  get supportModes(): readonly number[] {
    return this.mode.data?.supportModes ?? [1, 2];
  }

  /** W per socket: the last tier must reach it. */
  get maxPower(): number {
    return this.mode.data?.maxPower ?? 1000;
  }

  /** Fills the form with a rule (`dirty` when it came from another site). */
  fill(rule: ChargeRule, dirty: boolean): void {
    this.form = chargeFormOf(rule);
    if (!dirty) this.saved = canonicalChargeRule(rule);
    this.dirty = dirty;
  }

  /** Changes fields of the form. */
  update(fields: Partial<Omit<ChargeForm, 'tiers' | 'prepayOptions'>>): void {
    if (!this.form) return;
    if (fields.billingMode !== undefined && !this.supportModes.includes(fields.billingMode)) return;
    Object.assign(this.form, fields);
    if (this.form.billingMode === 1 && this.form.tiers.length === 0) this.form.tiers = this.defaultTiers();
    this.dirty = true;
  }

  /** Changes one tier row. */
  updateTier(key: number, fields: Partial<Omit<TierDraft, 'key'>>): void {
    const tier = this.form?.tiers.find((t) => t.key === key);
    if (!tier) return;
    Object.assign(tier, fields);
    this.dirty = true;
  }

  /** The platform default tiers up to this site's maxPower (for a mode-2 rule switched to mode 1). */
  private defaultTiers(): TierDraft[] {
    const below = DEFAULT_CHARGE_RULE.tiers.filter((t) => t.maxPower < this.maxPower);
    const top = DEFAULT_CHARGE_RULE.tiers[DEFAULT_CHARGE_RULE.tiers.length - 1]?.price ?? 80;
    return [...below, { maxPower: this.maxPower, price: top }].map((t) => ({
      key: ++tierKey,
      maxPower: String(t.maxPower),
      price: fenToYuan(t.price),
    }));
  }

  /** 添加档位 is possible (at most 6 tiers). */
  get canAddTier(): boolean {
    return (this.form?.tiers.length ?? CHARGE_LIMITS.maxTiers) < CHARGE_LIMITS.maxTiers;
  }

  /**
   * 添加档位: splits the highest range in two (a new tier before the last, halfway, at the last tier's price), so that
   * the last tier still reaches the site's maxPower.
   */
  addTier(): void {
    const form = this.form;
    if (!form || !this.canAddTier) return;
    const last = form.tiers[form.tiers.length - 1];
    const before = form.tiers[form.tiers.length - 2];
    const top = last ? Number(last.maxPower) || this.maxPower : this.maxPower;
    const bottom = before ? Number(before.maxPower) || 0 : 0;
    const middle = Math.max(bottom + 1, Math.round((bottom + top) / 2 / 10) * 10);
    const tier = { key: ++tierKey, maxPower: String(middle), price: last?.price ?? '' };
    if (last) form.tiers.splice(form.tiers.length - 1, 0, tier);
    else form.tiers.push({ ...tier, maxPower: String(this.maxPower) });
    this.dirty = true;
  }

  /** Deletes a tier (at least one stays); deleting the last one makes the one before it reach maxPower. */
  removeTier(key: number): void {
    const form = this.form;
    if (!form || form.tiers.length <= 1) return;
    const index = form.tiers.findIndex((t) => t.key === key);
    if (index < 0) return;
    const wasLast = index === form.tiers.length - 1;
    form.tiers.splice(index, 1);
    const newLast = form.tiers[form.tiers.length - 1];
    if (wasLast && newLast) newLast.maxPower = String(this.maxPower);
    this.dirty = true;
  }

  /** Adds a prepay amount typed in yuan; resolves with the message of a refused value, or null. */
  addPrepay(text: string): string | null {
    const form = this.form;
    if (!form) return null;
    const fen = yuanToFen(text);
    if (fen === null || fen < CHARGE_LIMITS.minPrepay || fen > CHARGE_LIMITS.maxPrepay) {
      return CHARGE_MESSAGES.prepayRange;
    }
    if (form.prepayOptions.includes(fen)) return CHARGE_MESSAGES.prepayDuplicate;
    if (form.prepayOptions.length >= CHARGE_LIMITS.maxPrepayOptions) return CHARGE_MESSAGES.prepayCount;
    form.prepayOptions = [...form.prepayOptions, fen].sort((a, b) => a - b);
    this.dirty = true;
    return null;
  }

  /** Removes a prepay amount (fen). */
  removePrepay(fen: number): void {
    if (!this.form) return;
    this.form.prepayOptions = this.form.prepayOptions.filter((v) => v !== fen);
    this.dirty = true;
  }

  /** The stored rule of the form, or the first validation failure (B §4 setCharger "Validation"). */
  get rule(): ChargeRule | string {
    if (!this.form) return '收费规则加载中';
    const rule = chargeRuleOf(this.form);
    if (typeof rule === 'string') return rule;
    const caps = this.mode.data ?? { supportModes: [1, 2], supportFullStop: true, maxPower: 1000 };
    return chargeRuleError(rule, caps) ?? rule;
  }

  /** The mode-1 example of the form as it is, or null while it is invalid. */
  get example(): string | null {
    const rule = this.rule;
    return typeof rule === 'string' || rule.billingMode !== 1 ? null : tierExample(rule);
  }

  /** The form states a rule different from the saved one. */
  get changed(): boolean {
    const rule = this.rule;
    return typeof rule !== 'string' && canonicalChargeRule(rule) !== this.saved;
  }

  /** 保存 needs the card confirmation: the rule changed and cards are bound to the site (haveCard). */
  async needsCardConfirm(): Promise<boolean> {
    if (!this.changed) return false;
    await this.cards.load();
    return this.cards.data?.haveCard === true;
  }

  /** Copies another site's rule into the form (引用其他站点规则; saved only with 保存). Resolves true when copied. */
  async copyFrom(siteId: number): Promise<boolean> {
    if ((await this.sites.load(siteId)) !== 'ok') return false;
    const other = this.sites.get(siteId);
    if (!other) return false;
    this.fill(normalizeChargeRule(other.chargeRule), true);
    return true;
  }

  /** Saves the rule (after the screen's confirmation). Resolves with the answer, a message to show, or null. */
  async save(): Promise<ModifySiteResult | string | null> {
    const rule = this.rule;
    if (typeof rule === 'string') return rule;
    const result = await this.guard.run('save', () => modifySite({ siteId: this.siteId, chargeRule: rule }));
    if (!result) return null;
    this.markSaved(rule);
    // Every screen showing the site follows (its charge rule changed).
    void this.sites.invalidate(this.siteId);
    return result;
  }

  private markSaved(rule: ChargeRule): void {
    this.saved = canonicalChargeRule(rule);
    this.dirty = false;
  }
}

/** The store of 收费设置, new on each visit (the form starts from the saved rule). */
export const chargeSettingsStore = screenStore(
  (root, siteId: number) => new ChargeSettingsStore(root.sites, siteId),
  'visit',
);
