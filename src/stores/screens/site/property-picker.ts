import { screenStore } from '@/stores/screen-store';
import { makeAutoObservable } from 'mobx';
import type { PropertyRow, SiteDetail } from '@/api/site';
import type { SitesStore } from '@/stores/domain/sites';
import type { LoadableLike } from '@/stores/support/entity-cache';
import { keywordRule } from '@/api/site-rules';
import { firstError } from '@/api/rules';
import { modifySite, type ModifySiteResult } from '@/api/site-settings';
import { ActionGuard } from '@/stores/support/action-guard';
import type { SiteDraftStore } from '@/stores/domain/drafts';
import type { SiteTarget } from './site-add';
import { shareSavedText } from './site-settings';

/**
 * The property list /site/siteInfo/siteData/merchant (B-site.md §4 "物业列表"): choosing the property company that hosts
 * a site and shares its income. With ?from=add it writes the site draft (merchantId, merchantName and the property
 * party, keeping its rate; 不关联 resets electricity to the operator at price 0); with ?siteId it changes an existing
 * site through modifySite (`merchantId`, 0 = unlink), after the screen's confirmation.
 */

/** The confirmation of a change on an existing site (B §4 merchant "Actions"). */
export function changeConfirmText(row: PropertyRow | null): string {
  return row
    ? `更换物业为「${row.shortName || row.name}」？原物业次日起不再获得本站点分成，新物业沿用原分成比例`
    : '取消关联后物业将不再获得分成，需平台审核';
}

/**
 * The toast after modifySite (B §4 merchant): 已提交平台审核 when the change awaits review, else 已更换，{date}生效 (or
 * 已取消关联，{date}生效 when the property was unlinked).
 * @param unlinked whether the change removed the property (merchantId 0)
 */
export function changeResultText(result: ModifySiteResult, unlinked = false): string {
  return shareSavedText(result, unlinked ? '已取消关联' : '已更换');
}

/** State of the property list screen. */
export class PropertyPickerStore {
  /** The applied search keyword (物业名称/手机号, ≤ 30 characters). */
  keyword = '';
  /** The site being edited (edit mode): its current property and whether the caller may change it. */
  readonly site: LoadableLike<SiteDetail> | null;
  private readonly guard = new ActionGuard();

  /**
   * @param sites the app's sites (root.sites)
   * @param mode the add-site draft or a site being edited
   * @param draftStore the site draft (add mode)
   */
  constructor(
    private readonly sites: SitesStore,
    readonly mode: SiteTarget,
    private readonly draftStore: SiteDraftStore,
  ) {
    this.site = mode.kind === 'edit' ? sites.handle(mode.siteId) : null;
    makeAutoObservable<PropertyPickerStore, 'sites' | 'draftStore' | 'guard'>(this, {
      sites: false,
      draftStore: false,
      mode: false,
      site: false,
      guard: false,
    });
  }

  /** True while modifySite is in flight (rows ignore taps). */
  get saving(): boolean {
    return this.guard.anyBusy;
  }

  /** Loads the site being edited (edit mode); resolves false when it cannot be read (toasted). Nothing for the draft. */
  load(): Promise<boolean> {
    return this.site ? this.site.load() : Promise.resolve(true);
  }

  /** Applies a search keyword; returns the validation message when it is too long (the keyword is then unchanged). */
  search(keyword: string): string | null {
    const message = firstError(keywordRule, keyword);
    if (message) return message;
    this.keyword = keyword.trim();
    return null;
  }

  /** The property currently linked (radio checked): the draft's or the site's; null = 不关联物业. */
  get currentMerchantId(): number | null {
    if (this.mode.kind === 'add') return this.draftStore.draft.merchantId;
    return this.site?.data?.merchantId ?? null;
  }

  /** Whether rows may be chosen: always for the draft; for a site only when it is editable. */
  get selectable(): boolean {
    if (this.mode.kind === 'add') return true;
    return this.site?.data?.editable === true && !this.saving;
  }

  /** from=add: writes the choice (or 不关联物业) into the site draft. */
  chooseForDraft(row: PropertyRow | null): void {
    this.draftStore.setProperty(
      row ? { merchantId: row.merchantId, name: row.shortName || row.name, phone: row.phone } : null,
    );
  }

  /**
   * With siteId: POST modifySite `{ id, merchantId }` (0 unlinks). Resolves the answer, or null when refused (the
   * request layer told the user) or while another change is running.
   */
  async changeSiteProperty(row: PropertyRow | null): Promise<ModifySiteResult | null> {
    if (this.mode.kind !== 'edit') return null;
    const siteId = this.mode.siteId;
    const result = await this.guard.run('save', () =>
      modifySite({ siteId, merchantId: row ? row.merchantId : 0 }).send(),
    );
    if (result) void this.sites.invalidate(siteId);
    return result ?? null;
  }
}

/** The store of 物业列表 for the add-site draft or a site, new on each visit. */
export const propertyPickerStore = screenStore(
  (root, target: SiteTarget) => new PropertyPickerStore(root.sites, target, root.siteDraft),
  'visit',
);
