import { screenStore } from '@/stores/screen-store';
import { makeAutoObservable } from 'mobx';
import { getCommunitySimpleList, type SiteDetail, type SiteShareRule } from '@/api/site';
import {
  checkAuditSiteInfo,
  contractDetail,
  countGrantedSiteApplies,
  delSite,
  haveCard,
  modifySite,
  querySiteInstalmentStatus,
  selectContractCodeList,
  type AuditSiteInfo,
  type ContractDetail,
  type ModifySiteFields,
  type ModifySiteResult,
  type ShareRuleVersion,
  type SiteInstalmentStatus,
} from '@/api/site-settings';
import { PARTY_TYPE_NAMES, SHARE_STATUS_NAMES, siteFieldError, type SiteTextField } from '@/api/site-settings-rules';
import { formatBp } from '@/lib/rate';
import { ActionGuard } from '@/stores/support/action-guard';
import type { LoadableLike } from '@/stores/support/entity-cache';
import { Loadable } from '@/stores/support/loadable';
import type { RootStore } from '@/stores/root';

/**
 * The site profile (B-site.md §4 "/site/siteInfo/siteData — 站点资料") and the display rules shared by the site
 * section's forms and settings pages (money and rates as typed, masked phones, the share summary, a version's status
 * line, the texts after a share change; the cost summary is in ./site-settings-cost). Edits go straight to the server
 * (modifySite); nothing here touches the site draft.
 */

/**
 * The 分成方式 summary of the profile: 综合分成 "综合分成 · 物业30% · 代理商5%" (no party: "综合分成 · 全部归运营商"),
 * 分项分成 "分项分成 · 2个分成方".
 */
export function shareSummary(rule: SiteShareRule): string {
  if (rule.shareMode === 1) return `分项分成 · ${rule.parties.length}个分成方`;
  if (rule.parties.length === 0) return '综合分成 · 全部归运营商';
  return ['综合分成', ...rule.parties.map((p) => `${PARTY_TYPE_NAMES[p.partyType]}${formatBp(p.chargeRate)}`)].join(
    ' · ',
  );
}

/** A version's status line: "生效中 · 2026-10-06起", "待生效 · 2026-11-21起", "审核中", "已驳回：reason". */
export function versionStatusText(v: Pick<ShareRuleVersion, 'status' | 'effectiveDate' | 'rejectReason'>): string {
  if (v.status === 1 || v.status === 2) return `${SHARE_STATUS_NAMES[v.status]} · ${v.effectiveDate}起`;
  if (v.status === 4) return `已驳回：${v.rejectReason ?? ''}`;
  return SHARE_STATUS_NAMES[v.status];
}

/**
 * The toast after a change of the share terms was accepted (B §4 integrateSet, benefitAdd, expensesSet, merchant):
 * "{verb}，2026-11-21生效", or "已提交平台审核" when it went to the platform's review.
 * @param verb what was done: 已保存 (default), 添加成功, 已更换, 已取消关联 …
 */
export function shareSavedText(result: ModifySiteResult, verb = '已保存'): string {
  if (result.shareRuleStatus === 3) return '已提交平台审核';
  return result.effectiveDate ? `${verb}，${result.effectiveDate}生效` : verb;
}

/** The working copy of a site's share rule (B §4 integrateSet "Calls"): the newest version that is not 已失效. */
export function workingVersion(versions: readonly ShareRuleVersion[] | null): ShareRuleVersion | null {
  return versions?.find((v) => v.status !== 5) ?? null;
}

/** Labels of the profile's text fields. */
export const SITE_TEXT_LABELS: Readonly<Record<Exclude<SiteTextField, 'address'>, string>> = {
  name: '站点名称',
  contacts: '联系人',
  contactsPhone: '联系电话',
  servicePhone: '客服电话',
};

/**
 * Contract status names (contractDetail.status; entities.md §13 SiteContract, derived from its InstalmentPlan: 1 履行中
 * while the plan is 分期中 or 暂停扣款, 2 已结清, 3 已终止). A site's device instalment reads SITE_INSTALMENT_STATUS_LABELS.
 */
export const CONTRACT_STATUS_NAMES: Readonly<Record<1 | 2 | 3, string>> = { 1: '履行中', 2: '已结清', 3: '已终止' };

/**
 * The site profile of one site: its detail (siteBaseInfo), review state, device instalment (split-mode accounts),
 * granted site applications, and the edits of B §4 (text fields, community, contract, delete). Methods resolve with
 * what the screen tells the user; failed calls were already toasted by the request layer.
 */
export class SiteProfileStore {
  /** The site (root.sites). */
  readonly detail: LoadableLike<SiteDetail>;
  readonly audit: Loadable<AuditSiteInfo>;
  readonly instalment: Loadable<SiteInstalmentStatus | null>;
  readonly applies: Loadable<{ total: number }>;
  readonly communities = new Loadable(() => getCommunitySimpleList());
  readonly contracts = new Loadable(() => selectContractCodeList());
  /** The contract shown in the 关联合同 popup, or null. */
  contract: ContractDetail | null = null;
  private readonly guard = new ActionGuard();

  constructor(
    private readonly root: RootStore,
    readonly siteId: number,
  ) {
    this.detail = root.sites.handle(siteId);
    this.audit = new Loadable(() => checkAuditSiteInfo(siteId));
    this.instalment = new Loadable(() => querySiteInstalmentStatus(siteId));
    this.applies = new Loadable(() => countGrantedSiteApplies(siteId));
    makeAutoObservable<SiteProfileStore, 'root' | 'guard'>(this, { root: false, siteId: false, guard: false });
  }

  /** True while a change or the deletion is being sent (one at a time: double-tap safety). */
  get busy(): boolean {
    return this.guard.anyBusy;
  }

  /** Split-mode account (settleMode 2): the profile shows the 设备分期 row. */
  get splitMode(): boolean {
    return this.root.session.extendPermission?.settleMode === 2;
  }

  /** The caller may change the site (owner with site:edit). */
  get editable(): boolean {
    return this.detail.data?.editable === true;
  }

  /**
   * Loads the profile: the detail first (false when the site is unknown or not visible: the screen goes back to /site),
   * then the side blocks in parallel.
   */
  async load(): Promise<boolean> {
    const ok = await this.detail.load();
    if (!ok) return false;
    const jobs: Promise<boolean>[] = [this.audit.load()];
    if (this.editable) jobs.push(this.applies.load());
    if (this.splitMode && this.editable) jobs.push(this.instalment.load());
    await Promise.all(jobs);
    return true;
  }

  /** Sends a partial update and refreshes the profile; null when it failed (toasted by the request layer). */
  private async modify(fields: ModifySiteFields): Promise<ModifySiteResult | null> {
    if (this.busy) return null;
    const result = await this.guard.run('change', async () => {
      const answer = await modifySite({ siteId: this.siteId, ...fields });
      // Every screen showing the site follows (the kept site list too).
      await this.root.sites.invalidate(this.siteId);
      return answer;
    });
    return result ?? null;
  }

  /**
   * Changes one text field (站点名称 / 联系人 / 联系电话 / 客服电话). Resolves with the validation message, or null
   * after the server accepted it; false when the server refused (already toasted; the shown value stays the old one).
   */
  async editText(field: Exclude<SiteTextField, 'address'>, value: string): Promise<string | null | false> {
    const error = siteFieldError(field, value);
    if (error) return error;
    const current = this.detail.data?.[field] ?? '';
    if (value.trim() === current) return null;
    return (await this.modify({ [field]: value.trim() })) ? null : false;
  }

  /** Links the site to a community, or to none (0). Resolves true when saved. */
  async setCommunity(communityId: number): Promise<boolean> {
    if ((this.detail.data?.communityId ?? 0) === communityId) return true;
    return (await this.modify({ communityId })) !== null;
  }

  /** Links a device contract, or unlinks it (''). Resolves true when saved. */
  async setContract(contractCode: string): Promise<boolean> {
    const ok = (await this.modify({ contractCode })) !== null;
    if (ok) this.setContractInfo(null);
    return ok;
  }

  /** Loads the linked contract's detail for the popup. */
  async openContract(code: string): Promise<void> {
    try {
      this.setContractInfo(await contractDetail(code));
    } catch {
      this.setContractInfo(null);
    }
  }

  /** Closes the contract popup. */
  setContractInfo(contract: ContractDetail | null): void {
    this.contract = contract;
  }

  /**
   * Why the site cannot be deleted (B §4 删除站点 pre-checks), or null: devices of any type still bound, or cards bound
   * (haveCard). The screen toasts the reason.
   */
  async deleteBlocker(): Promise<string | null> {
    const site = this.detail.data;
    if (!site) return '站点信息加载中';
    if (site.boxCount + site.guardCount + site.cameraCount + site.smokeCount > 0)
      return '站点下还有设备，请先解绑所有设备';
    try {
      const cards = await haveCard(this.siteId);
      return cards.haveCard ? `站点已绑定${cards.cardCount}张卡，请先解绑卡片` : null;
    } catch {
      return '';
    }
  }

  /** Deletes the site (after the screen's confirmation) and marks the site list dirty. Resolves true when done. */
  async deleteSite(): Promise<boolean> {
    if (this.busy) return false;
    return this.guard.done('delete', async () => {
      await delSite(this.siteId);
      this.root.sites.forget(this.siteId);
    });
  }
}

/** The site profile's store, new on each visit of /site/siteInfo/siteData (its first load reads the site afresh). */
export const siteProfileStore = screenStore((root, siteId: number) => new SiteProfileStore(root, siteId), 'visit');
