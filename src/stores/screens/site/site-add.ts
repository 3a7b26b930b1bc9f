import { makeAutoObservable } from 'mobx';
import { addSite, getSiteNameList, type AddSiteRequest, type SiteShareRule } from '@/api/site';
import { firstError } from '@/api/rules';
import {
  addressRule,
  contactsPhoneRule,
  contactsRule,
  percentTextRule,
  servicePhoneRule,
  siteNameRule,
} from '@/api/site-rules';
import { SITE_NAME_TAKEN, costError } from '@/api/site-settings-rules';
import { bpToPercent, percentToBp } from '@/lib/rate';
import { ActionGuard } from '@/stores/support/action-guard';
import type { SiteDraft, SiteDraftStore } from '@/stores/domain/drafts';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';

/**
 * Adding a site (B-site.md §1 /site/add; Business rules A, B): the form's validation in the order the screen shows its
 * fields and the submit flow (duplicate-name check against nameList, POST addSite, draft cleared, site list marked
 * dirty). The form itself is the site draft (stores/drafts.ts); its cost page is the shared cost form
 * (./site-settings-cost). Money fen, rates basis points, electricity price fen per kWh.
 */

/**
 * What the screens the add-site form opens (map location ?from=add, property list ?from=add) work on: the site draft,
 * or — opened from the site profile with ?siteId= — an existing site.
 */
export type SiteTarget = { kind: 'add' } | { kind: 'edit'; siteId: number };

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

/** Names compared as the server compares them: trimmed, case-insensitive (Business rules A1). */
export function sameSiteName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The property rate as the input shows it: 3000 → "30", 1250 → "12.5"; '' without a property. */
export function rateText(bp: number | null): string {
  return bp === null ? '' : bpToPercent(bp);
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
    ['costs', () => costError(draft.siteShareRule, draft.merchantId !== null)],
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
 * Obtain it with useScreenStore(siteAddStore).
 */
export class SiteAddStore {
  /** The property rate as typed (percent, up to 2 decimals). */
  rateInput = '';
  private readonly guard = new ActionGuard();

  constructor(
    private readonly draftStore: SiteDraftStore,
    private readonly onCreated: () => void,
  ) {
    makeAutoObservable<SiteAddStore, 'draftStore' | 'onCreated' | 'guard'>(this, {
      draftStore: false,
      onCreated: false,
      guard: false,
    });
    this.syncRate();
  }

  /** True while the submit runs (the button shows 提交中... and ignores taps). */
  get submitting(): boolean {
    return this.guard.anyBusy;
  }

  /** Re-reads the rate input from the draft (on entering the screen: the property may have changed meanwhile). */
  syncRate(): void {
    this.rateInput = rateText(this.draftStore.propertyRate);
  }

  /** Takes the typed rate; a valid percent is written to the draft's property party at once. */
  setRateInput(text: string): void {
    this.rateInput = text;
    const bp = percentToBp(text);
    if (bp !== null) this.draftStore.setPropertyRate(bp);
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
    const outcome = await this.guard.run('submit', async (): Promise<SubmitOutcome> => {
      const name = draft.name.trim();
      // The list check is a courtesy: when it fails, addSite still refuses a duplicate name.
      const names = await getSiteNameList(name)
        .send()
        .catch(() => [] as { id: number; name: string }[]);
      if (names.some((n) => sameSiteName(n.name, name))) {
        return { kind: 'invalid', failure: { field: 'name', message: SITE_NAME_TAKEN } };
      }
      const { id } = await addSite(addSiteRequest(draft)).send();
      this.clear();
      this.onCreated();
      return { kind: 'created', id };
    });
    // Refused by the server (the request layer told the user): the draft is kept.
    return outcome ?? { kind: 'failed' };
  }

  /** 清空 (after the confirmation): the draft back to its defaults. */
  clear(): void {
    this.draftStore.reset();
    this.rateInput = '';
  }
}

/** The add-site store of a root store: created on first use, wired to the site draft and the site list. */
export const siteAddStore = screenStore(
  (root: RootStore) => new SiteAddStore(root.siteDraft, () => void root.sites.invalidate()),
);
