import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError } from '@/api/outcome';
import { getUndealSiteApplyCount } from '@/api/site';
import {
  dealSiteApply,
  getDealtAppDetail,
  getSiteApplies,
  getSiteApplyDetail,
  type DealtApplyDetail,
  type SiteApplyDetail,
} from '@/api/site-author';
import {
  SCOPE_NAMES,
  SITE_APPLY_STATUS_NAMES,
  SITE_AUTHOR_MESSAGES,
  authEndOf,
  rejectReasonRule,
} from '@/api/site-author-rules';
import { firstError } from '@/api/rules';
import { formatTime } from '@/lib/time';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { ActionGuard } from '@/stores/support/action-guard';
import { Loadable } from '@/stores/support/loadable';

/**
 * Site authorisation (C-mine.md /mine/siteAuthor, /undisposed, /processed, /{id}/authorizeDetail; Business rule 16):
 * the tab container's 待处理 badge, the two lists and the detail with the decision.
 */

/**
 * The tab container: the 待处理 badge is GET getUndealSiteApplyCount, on every entry and after a decision (hidden when
 * 0 or on error); it writes merchant base info's accreditCount (the /mine and home badges). Obtain it with
 * useScreenStore(siteAuthorStore).
 */
export class SiteAuthorStore {
  readonly count = new Loadable(() => getUndealSiteApplyCount());

  constructor(private readonly root: RootStore) {
    makeAutoObservable<SiteAuthorStore, 'root'>(this, { root: false, count: false });
  }

  /** The badge's figure (0 when unknown). */
  get pending(): number {
    return this.count.data?.count ?? 0;
  }

  /** Reloads the count and hands it to merchant base info. */
  async refresh(): Promise<void> {
    if (!(await this.count.load())) return;
    runInAction(() => {
      this.root.merchant.base.accreditCount = this.pending;
    });
  }
}

/** The tab container's store, kept while the app runs. */
export const siteAuthorStore = screenStore((root) => new SiteAuthorStore(root));

/** The chips of 已处理: 全部 / 已同意 / 已拒绝 / 已过期 (status filter; undefined = all). */
export const PROCESSED_CHIPS: readonly { label: string; value: 1 | 2 | 3 | undefined }[] = [
  { label: '全部', value: undefined },
  ...([1, 2, 3] as const).map((value) => ({ label: SITE_APPLY_STATUS_NAMES[value], value })),
];

export type ProcessedFilter = (typeof PROCESSED_CHIPS)[number]['value'];

/**
 * The 已处理 list: a status chip, and the site filter of the site profile's 开放平台授权 (query siteId: preselects
 * 已同意 and shows a removable chip "站点：{siteName}"). Any change reloads from page 1 (the shared list watches
 * `watch`).
 */
export class ProcessedListStore {
  status: ProcessedFilter;
  siteId: number | undefined;

  constructor(siteId: number | undefined) {
    this.siteId = siteId;
    this.status = siteId === undefined ? undefined : 1;
    makeAutoObservable(this);
  }

  setStatus(status: ProcessedFilter): void {
    this.status = status;
  }

  /** Removes the site filter (the chip's ×). */
  clearSite(): void {
    this.siteId = undefined;
  }

  get watch(): unknown[] {
    return [this.status, this.siteId];
  }

  page(pageNum: number, pageSize: number) {
    return getSiteApplies({
      tab: 2,
      pageNum,
      pageSize,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.siteId === undefined ? {} : { siteId: this.siteId }),
    });
  }
}

/** The 已处理 list's store for the query's siteId (another site → a new store), kept while the app runs. */
export const processedListStore = screenStore((_root, siteId: number | undefined) => new ProcessedListStore(siteId));

/** The 待处理 list: one page of tab 1. */
export const pendingPage = (pageNum: number, pageSize: number) => getSiteApplies({ tab: 1, pageNum, pageSize });

/** What an action of the detail ends in: done, refused before calling (the message to show), or failed (told). */
export type DealResult = { ok: true } | { ok: false; message: string | null };

/**
 * The detail of one application (authorizeDetail): GET getSiteApplyDetail, and for a processed one (status ≠ 0) GET
 * getDealtAppDetail with the decision. A pending one offers the decision: the sites to grant (all checked at first),
 * 同意授权 (≥ 1 site, confirmed) or 拒绝 with a reason (2–100 characters). A decision runs once (the guard; the button
 * is disabled from the first tap); the server's "该申请已处理或已过期" reloads the application to show where it is.
 */
export class AuthorizeDetailStore {
  readonly detail: Loadable<SiteApplyDetail>;
  readonly dealt: Loadable<DealtApplyDetail>;
  readonly guard = new ActionGuard();
  /** The sites chosen to grant (pending only). */
  chosen: number[] = [];

  constructor(
    private readonly root: RootStore,
    readonly id: number,
    /** The clock (epoch ms), for the authorisation's end shown before agreeing. */
    private readonly now: () => number = Date.now,
  ) {
    this.detail = new Loadable(() => getSiteApplyDetail(id));
    this.dealt = new Loadable(() => getDealtAppDetail(id));
    makeAutoObservable<AuthorizeDetailStore, 'root' | 'now'>(this, {
      root: false,
      now: false,
      detail: false,
      dealt: false,
    });
  }

  /** Loads the application; a processed one also with its decision. Every site is chosen at first. */
  async load(): Promise<void> {
    if (!(await this.detail.load())) return;
    const apply = this.detail.data;
    if (!apply) return;
    if (apply.status !== 0) {
      await this.dealt.load();
      return;
    }
    runInAction(() => {
      this.chosen = apply.sites.map((s) => s.siteId);
    });
  }

  /** The application still waits for a decision. */
  get isPending(): boolean {
    return this.detail.data?.status === 0;
  }

  toggle(siteId: number): void {
    this.chosen = this.chosen.includes(siteId) ? this.chosen.filter((id) => id !== siteId) : [...this.chosen, siteId];
  }

  /** "已选 x/y". */
  get chosenText(): string {
    return `已选 ${this.chosen.length}/${this.detail.data?.sites.length ?? 0}`;
  }

  /** The scopes' names joined by 、 (站点信息、设备状态). */
  get scopeText(): string {
    return (this.detail.data?.scopes ?? []).map((s) => SCOPE_NAMES[s]).join('、');
  }

  /** "授权后有效期至 YYYY-MM-DD": the end if agreed now. */
  get prospectiveEnd(): string {
    const apply = this.detail.data;
    return apply ? formatTime(authEndOf(this.now(), apply.validMonths), 'YYYY-MM-DD') : '--';
  }

  /** The refusal of 同意授权 before the confirmation, or null. */
  get agreeError(): string | null {
    return this.chosen.length === 0 ? SITE_AUTHOR_MESSAGES.noSite : null;
  }

  /** The confirmation of 同意授权 (C-mine.md authorizeDetail). */
  get agreeQuestion(): string {
    const name = this.detail.data?.partner.name ?? '';
    return `确认向「${name}」开放所选 ${this.chosen.length} 个站点的${this.scopeText}？授权有效期至 ${this.prospectiveEnd}`;
  }

  /** 同意授权 (after the confirmation): POST dealSiteApply result 1 with the chosen sites. */
  agree(): Promise<DealResult> {
    const message = this.agreeError;
    if (message) return Promise.resolve({ ok: false, message });
    const sites = this.detail.data?.sites.map((s) => s.siteId) ?? [];
    const siteIds = sites.filter((id) => this.chosen.includes(id));
    return this.deal({ applyId: this.id, result: 1, siteIds, remark: '' });
  }

  /** 拒绝 with the reason typed in its dialog: POST dealSiteApply result 2. */
  reject(reason: string): Promise<DealResult> {
    const message = firstError(rejectReasonRule, reason);
    if (message) return Promise.resolve({ ok: false, message });
    return this.deal({ applyId: this.id, result: 2, siteIds: [], remark: reason.trim() });
  }

  /**
   * Sends the decision under the guard (a second tap while it runs does nothing); when done, refreshes the pending
   * count of merchant base info. A stale answer (decided or expired elsewhere) reloads the application.
   */
  private async deal(body: Parameters<typeof dealSiteApply>[0]): Promise<DealResult> {
    if (this.guard.anyBusy) return { ok: false, message: null };
    const done = await this.guard.done('deal', async () => {
      try {
        await dealSiteApply(body);
      } catch (error) {
        if (error instanceof ApiError && error.message === SITE_AUTHOR_MESSAGES.stale) void this.load();
        throw error;
      }
    });
    if (!done) return { ok: false, message: null };
    void this.root.auth.loadMerchantInfo();
    return { ok: true };
  }
}

/** The detail's store: a new one each visit (the decision starts from the server's state). */
export const authorizeDetailStore = screenStore((root, id: number) => new AuthorizeDetailStore(root, id), 'visit');
