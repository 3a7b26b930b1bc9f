import { makeAutoObservable } from 'mobx';
import { addSite, getSiteNameList, type AddSiteRequest, type SiteShareRule } from '../api/site';
import { firstError } from '../api/rules';
import {
  addressRule,
  contactsPhoneRule,
  contactsRule,
  ELECTRIC_PRICE_MAX,
  ELECTRIC_PRICE_MESSAGE,
  ELECTRIC_PRICE_MIN,
  percentTextRule,
  PROPERTY_REQUIRED_MESSAGE,
  servicePhoneRule,
  siteNameRule,
} from '../api/site-rules';
import { formatFen, yuanToFen } from '../lib/money';
import { percentToBp } from '../lib/rate';
import type { DraftCosts, SiteDraft, SiteDraftStore } from './drafts';
import type { RootStore } from './root';
import { screenStore } from './screen-store';
import { siteListStoreOf } from './site-list';

/**
 * Adding a site (B-site.md §1 /site/add and /site/add/expensesSet; Business rules A, B): the form's validation in the
 * order the screen shows its fields, the cost-bearing rules and their summary and example, and the submit flow
 * (duplicate-name check against nameList, POST addSite, draft cleared, site list marked dirty). The form itself is the
 * site draft (stores/drafts.ts). Money fen, rates basis points, electricity price fen per kWh.
 */

// ---------------------------------------------------------------------------------------------------------------------
// Pure rules
// ---------------------------------------------------------------------------------------------------------------------

/** Fields of /site/add in screen order (a failure scrolls its field into view). */
export type SiteAddField =
  'name' | 'location' | 'address' | 'contacts' | 'contactsPhone' | 'servicePhone' | 'propertyRate' | 'costs';

/** A failed check: the field and the message toasted. */
export interface FieldFailure {
  field: SiteAddField;
  message: string;
}

/** Message of a site without coordinates (B §1 Validation). */
export const LOCATION_REQUIRED = '请选择站点位置';
/** Message of a site name the caller already uses. */
export const NAME_TAKEN = '站点名称已存在';

/** Names compared as the server compares them: trimmed, case-insensitive (Business rules A1). */
export function sameSiteName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Labels of the cost-bearing choices (B §0.2). */
export const ELECTRIC_BEARERS: readonly { value: 1 | 2 | 3; label: string; hint: string }[] = [
  { value: 1, label: '运营商承担', hint: '运营商按用电量向物业支付电费' },
  { value: 2, label: '物业承担', hint: '物业提供电源，电费由物业自行承担' },
  { value: 3, label: '按分成比例分摊', hint: '电费从站点收入中先行扣除支付给物业，剩余收入再分成' },
];
/** Labels of who bears the payment fee and the platform fee: 1 运营商承担, 3 按分成比例分摊. */
export const FEE_BEARERS: readonly { value: 1 | 3; label: string }[] = [
  { value: 1, label: '运营商承担' },
  { value: 3, label: '按分成比例分摊' },
];

/** Whether the electricity price is asked for (B §1 expensesSet: 运营商承担 / 按分成比例分摊 with a property). */
export function showsElectricPrice(electricBearer: 1 | 2 | 3, hasProperty: boolean): boolean {
  return hasProperty && electricBearer !== 2;
}

/** The price as typed on the cost page: fen → "0.60" ('' for 0). */
export function priceText(fen: number): string {
  return fen > 0 ? (fen / 100).toFixed(2) : '';
}

/**
 * The cost-bearing rules (B §1 expensesSet "Validation", Business rules B7): electricity on the property or shared
 * needs a property; a shown price is ¥0.01–¥2.00 with at most two decimals. Returns the first message or null.
 */
export function costsFailure(costs: DraftCosts, hasProperty: boolean): string | null {
  if (!hasProperty && costs.electricBearer !== 1) return PROPERTY_REQUIRED_MESSAGE;
  if (showsElectricPrice(costs.electricBearer, hasProperty)) {
    if (costs.electricPrice < ELECTRIC_PRICE_MIN || costs.electricPrice > ELECTRIC_PRICE_MAX) {
      return ELECTRIC_PRICE_MESSAGE;
    }
  }
  return null;
}

/**
 * The cost fields of the cost page's form as they will be stored, or the first failure. `priceInput` is the price as
 * typed (¥ per 度); without a property, electricity is the operator's at price 0; 物业承担 stores price 0.
 */
export function costsFromForm(
  form: { electricBearer: 1 | 2 | 3; priceInput: string; channelFeeBearer: 1 | 3; platformFeeBearer: 1 | 3 },
  hasProperty: boolean,
): { costs: DraftCosts } | { failure: string } {
  if (!hasProperty && form.electricBearer !== 1) return { failure: PROPERTY_REQUIRED_MESSAGE };
  let electricPrice = 0;
  if (showsElectricPrice(form.electricBearer, hasProperty)) {
    const fen = yuanToFen(form.priceInput);
    if (fen === null) return { failure: ELECTRIC_PRICE_MESSAGE };
    electricPrice = fen;
  }
  const costs: DraftCosts = {
    electricBearer: hasProperty ? form.electricBearer : 1,
    electricPrice,
    channelFeeBearer: form.channelFeeBearer,
    platformFeeBearer: form.platformFeeBearer,
  };
  const failure = costsFailure(costs, hasProperty);
  return failure ? { failure } : { costs };
}

/**
 * The 费用承担 row's summary (B §1), e.g. "电费:运营商承担 ¥0.60/度 · 手续费:运营商承担 · 服务费:运营商承担".
 */
export function costSummary(rule: DraftCosts, hasProperty: boolean): string {
  const electric = ELECTRIC_BEARERS.find((b) => b.value === rule.electricBearer)?.label ?? '';
  const price = showsElectricPrice(rule.electricBearer, hasProperty) ? ` ${formatFen(rule.electricPrice)}/度` : '';
  const fee = (v: 1 | 3) => FEE_BEARERS.find((b) => b.value === v)?.label ?? '';
  return `电费:${electric}${price} · 手续费:${fee(rule.channelFeeBearer)} · 服务费:${fee(rule.platformFeeBearer)}`;
}

/** Payment fee of online money: 0.6 % (60 bp). */
export const CHANNEL_FEE_BP = 60;

/** The figures of the cost page's example card, fen. */
export interface CostExample {
  /** The property: its share plus the electricity it is paid. */
  property: number;
  /** The operator's remainder. */
  operator: number;
  channelFee: number;
  electricCost: number;
}

/**
 * The split of one day's charging income under a rule (Business rules B.8, one charge order of `gross` fen using
 * `energyWh`): channel fee 0.6 % (rounded half up), electricity = kWh × price (rounded), shared costs taken off the base
 * for the parties bearing them, party share floor(base × rate / 10000), the property also paid the electricity when
 * electricBearer is 1 or 3 (capped so that the operator's share is not negative). The platform split of settleMode 2
 * is not known before the site exists and counts as 0 here.
 * @param rule        the cost fields (electricPrice fen per kWh)
 * @param propertyBp  the property's rate in basis points (0 without a property)
 * @param hasProperty whether a property is linked (electricity is settled with it only then)
 */
export function costExample(
  rule: DraftCosts,
  propertyBp: number,
  hasProperty: boolean,
  gross = 10_000,
  energyWh = 20_000,
): CostExample {
  const channelFee = Math.round((gross * CHANNEL_FEE_BP) / 10_000);
  const platformFee = 0;
  const electricCost =
    hasProperty && rule.electricBearer !== 2 ? Math.round((energyWh * rule.electricPrice) / 1000) : 0;
  const shared =
    (rule.channelFeeBearer === 3 ? channelFee : 0) +
    (rule.platformFeeBearer === 3 ? platformFee : 0) +
    (rule.electricBearer === 3 ? electricCost : 0);
  const base = gross - shared;
  const party = hasProperty ? Math.floor((Math.max(base, 0) * propertyBp) / 10_000) : 0;
  const beforeElectricity =
    base - party - (rule.channelFeeBearer === 1 ? channelFee : 0) - (rule.platformFeeBearer === 1 ? platformFee : 0);
  const electricityPaid =
    rule.electricBearer === 1
      ? Math.min(electricCost, Math.max(0, beforeElectricity))
      : rule.electricBearer === 3
        ? electricCost
        : 0;
  return {
    property: party + electricityPaid,
    operator: beforeElectricity - (rule.electricBearer === 1 ? electricityPaid : 0),
    channelFee,
    electricCost,
  };
}

/** The property rate as shown in the input: 3000 → "30", 1250 → "12.5"; '' for none. */
export function rateText(bp: number | null): string {
  return bp === null ? '' : String(Number((bp / 100).toFixed(2)));
}

/**
 * The first failure of the add form (B §1 "Validation", in screen order), or null. `rateInput` is the property rate as
 * typed; the cost rule is re-checked (Business rules B7).
 */
export function siteFormFailure(draft: SiteDraft, rateInput: string): FieldFailure | null {
  const checks: [SiteAddField, () => string | null][] = [
    ['name', () => firstError(siteNameRule, draft.name)],
    ['location', () => (draft.longitude === null || draft.latitude === null ? LOCATION_REQUIRED : null)],
    ['address', () => firstError(addressRule, draft.address)],
    ['contacts', () => firstError(contactsRule, draft.contacts)],
    ['contactsPhone', () => firstError(contactsPhoneRule, draft.contactsPhone)],
    ['servicePhone', () => firstError(servicePhoneRule, draft.servicePhone)],
    ['propertyRate', () => (draft.merchantId !== null ? firstError(percentTextRule, rateInput) : null)],
    ['costs', () => costsFailure(draft.siteShareRule, draft.merchantId !== null)],
  ];
  for (const [field, check] of checks) {
    const message = check();
    if (message) return { field, message };
  }
  return null;
}

/** The addSite request of a valid draft: trimmed texts, the property only when linked (B §1 Calls). */
export function addSiteRequest(draft: SiteDraft): AddSiteRequest {
  const rule: SiteShareRule = { ...draft.siteShareRule };
  delete rule.effectiveDate;
  return {
    name: draft.name.trim(),
    province: draft.province,
    city: draft.city,
    area: draft.area,
    address: draft.address.trim(),
    longitude: draft.longitude ?? 0,
    latitude: draft.latitude ?? 0,
    contacts: draft.contacts.trim(),
    contactsPhone: draft.contactsPhone.trim(),
    servicePhone: draft.servicePhone.trim(),
    ...(draft.merchantId !== null ? { merchantId: draft.merchantId } : {}),
    siteShareRule: rule,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// The screen's store
// ---------------------------------------------------------------------------------------------------------------------

/** What a submit ended with: a failed check (toast + scroll), a created site, or a refused call (already toasted). */
export type SubmitOutcome =
  { kind: 'invalid'; failure: FieldFailure } | { kind: 'created'; id: number } | { kind: 'failed' };

/**
 * The /site/add screen's state (B §1): the property rate as typed (the draft holds basis points) and the submit flow.
 * Obtain it with siteAddStoreOf(root).
 */
export class SiteAddStore {
  /** The property rate as typed (percent, up to 2 decimals). */
  rateInput = '';
  /** True while addSite is in flight (the button shows 提交中... and ignores taps). */
  submitting = false;

  constructor(
    private readonly draftStore: SiteDraftStore,
    private readonly onCreated: () => void,
  ) {
    makeAutoObservable<SiteAddStore, 'draftStore' | 'onCreated'>(this, { draftStore: false, onCreated: false });
    this.syncRate();
  }

  /** Re-reads the rate input from the draft (on entering the screen: the property may have changed meanwhile). */
  syncRate(): void {
    this.rateInput = rateText(this.draftStore.propertyRate);
  }

  /** Takes the typed rate; a valid percent is written to the draft's property party at once. */
  setRateInput(text: string): void {
    this.rateInput = text;
    const bp = percentToBp(text);
    if (bp !== null && firstError(percentTextRule, text) === null) this.draftStore.setPropertyRate(bp);
  }

  /**
   * 提交 (B §1 Actions): validate → duplicate-name check against nameList → POST addSite → clear the draft and mark
   * the site list dirty. Ignored while a submit is running.
   */
  async submit(): Promise<SubmitOutcome | null> {
    if (this.submitting) return null;
    const draft = this.draftStore.draft;
    const failure = siteFormFailure(draft, this.rateInput);
    if (failure) return { kind: 'invalid', failure };
    this.setSubmitting(true);
    try {
      const name = draft.name.trim();
      // The list check is a courtesy: when it fails, addSite still refuses a duplicate name.
      const names = await getSiteNameList(name)
        .send()
        .catch(() => [] as { id: number; name: string }[]);
      if (names.some((n) => sameSiteName(n.name, name))) {
        return { kind: 'invalid', failure: { field: 'name', message: NAME_TAKEN } };
      }
      const { id } = await addSite(addSiteRequest(draft)).send();
      this.draftStore.reset();
      this.rateInput = '';
      this.onCreated();
      return { kind: 'created', id };
    } catch {
      return { kind: 'failed' };
    } finally {
      this.setSubmitting(false);
    }
  }

  /** 清空 (after the confirmation): the draft back to its defaults. */
  clear(): void {
    this.draftStore.reset();
    this.rateInput = '';
  }

  private setSubmitting(on: boolean): void {
    this.submitting = on;
  }
}

/** The add-site store of a root store: created on first use, wired to the site draft and the site list. */
export const siteAddStoreOf = screenStore(
  (root: RootStore) => new SiteAddStore(root.siteDraft, () => siteListStoreOf(root).markDirty()),
);
