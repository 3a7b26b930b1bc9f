import { makeAutoObservable, runInAction } from 'mobx';
import { getCardList, updateBatchBindSite, type CardListPage, type CardRow, type CardType } from '@/api/card';
import { BATCH_BIND_MAX, CARD_KEYWORD_MAX, CARD_STATUS_LABELS, type CardStatus } from '@/api/card-rules';
import { simpleSiteList } from '@/api/site-settings';
import { screenStore } from '@/stores/screen-store';
import type { RootStore } from '@/stores/root';
import { Loadable } from '@/stores/support/loadable';

/**
 * /mine/card/tab/list — 套餐卡列表 (C-mine.md card/tab/list): the cards of one type with the status chips of the type,
 * the site filter, the search (卡号 / 手机号 / 姓名) and the summary (共 N 张 · 余额合计); for area cards (type 3) the
 * batch binding (checkbox mode → choose sites on card/tab/add/address → POST updateBatchBindSite). Kept while the app
 * runs per card type, so that the filters and the batch selection survive the trip to the site picker.
 */

/** A status chip of the list. */
export interface StatusChip {
  label: string;
  status: number | undefined;
}

/**
 * The status chips of a card type (C-mine.md card/tab/list): 1/3/4 全部/正常/未激活/已冻结; 2 全部/正常/未激活/已停卡/已过期,
 * in the words of the cards' tags (CARD_STATUS_LABELS).
 */
export function statusChips(cardType: CardType): StatusChip[] {
  const statuses: readonly CardStatus[] = cardType === 2 ? [3, 1, 6, 5] : [3, 1, 2];
  return [
    { label: '全部', status: undefined },
    ...statuses.map((status) => ({ label: CARD_STATUS_LABELS[status], status })),
  ];
}

export class CardListStore {
  status: number | undefined = undefined;
  siteId: number | undefined = undefined;
  keyword = '';
  /** The summary of the last page answer. */
  summary: { total: number; balanceSum: number } | null = null;
  readonly sites = new Loadable(() => simpleSiteList());
  /** Batch mode (type 3): the cards ticked, and the sites chosen on the picker (null until chosen). */
  batch = false;
  selected = new Set<number>();
  batchSites: { siteIds: number[]; mode: 1 | 2 } | null = null;
  binding = false;

  constructor(
    private readonly root: RootStore,
    readonly cardType: CardType,
  ) {
    makeAutoObservable<CardListStore, 'root'>(this, { root: false });
  }

  get chips(): StatusChip[] {
    return statusChips(this.cardType);
  }

  /** Values that reload the list from page 1 (filters, and any change of a card anywhere). */
  get watch(): unknown[] {
    return [this.cardType, this.status, this.siteId, this.keyword.trim(), this.root.cards.changes];
  }

  /** The call of one page. */
  page(pageNum: number, pageSize: number) {
    const keyword = this.keyword.trim();
    return getCardList(this.cardType, {
      pageNum,
      pageSize,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.siteId === undefined ? {} : { siteId: this.siteId }),
      ...(keyword ? { keyword } : {}),
    });
  }

  onPage(page: CardListPage): void {
    this.summary = { total: page.total, balanceSum: page.balanceSum };
  }

  setStatus(status: number | undefined): void {
    this.status = status;
  }

  setSite(siteId: number | undefined): void {
    this.siteId = siteId;
  }

  setKeyword(keyword: string): void {
    this.keyword = keyword.slice(0, CARD_KEYWORD_MAX);
  }

  /** The chosen site's name, or 全部站点. */
  get siteLabel(): string {
    if (this.siteId === undefined) return '全部站点';
    return this.sites.data?.find((s) => s.id === this.siteId)?.name ?? '已选站点';
  }

  /** May the account add cards or bind them (card:edit). */
  get canEdit(): boolean {
    return this.root.session.can('card:edit');
  }

  toggleBatch(): void {
    this.batch = !this.batch;
    this.selected = new Set();
    this.batchSites = null;
  }

  /** Ticks or unticks a card; resolves the refusal to toast past 100 cards. */
  toggle(card: CardRow): string | null {
    const next = new Set(this.selected);
    if (next.has(card.cardId)) next.delete(card.cardId);
    else {
      if (next.size >= BATCH_BIND_MAX) return `单次最多选择${BATCH_BIND_MAX}张卡`;
      next.add(card.cardId);
    }
    this.selected = next;
    return null;
  }

  /** The site picker's answer in batch mode. */
  chooseBatchSites(siteIds: number[], mode: 1 | 2): void {
    this.batchSites = { siteIds, mode };
  }

  /**
   * Binds the ticked cards to the chosen sites (POST updateBatchBindSite). Resolves the toast text ("已为 N 张卡绑定站点"
   * plus the failures), or null when it failed (told by the request layer) or nothing was pending.
   */
  async bindSelected(): Promise<{ text: string; failures: string[] } | null> {
    const sites = this.batchSites;
    if (!sites || this.selected.size === 0 || this.binding) return null;
    this.binding = true;
    try {
      const result = await updateBatchBindSite({
        cardIds: [...this.selected],
        siteIds: sites.siteIds,
        mode: sites.mode,
      });
      runInAction(() => {
        this.batch = false;
        this.selected = new Set();
        this.batchSites = null;
      });
      void this.root.cards.invalidate();
      return {
        text: `已为 ${result.successCount} 张卡绑定站点`,
        failures: result.failList.map((f) => `${f.cardNo}：${f.reason}`),
      };
    } catch {
      runInAction(() => {
        this.batchSites = null;
      });
      return null;
    } finally {
      runInAction(() => {
        this.binding = false;
      });
    }
  }
}

/**
 * The list's store per card type, kept while the app runs (the site picker of a batch binding reaches the same store);
 * the screen applies the query's siteId when it opens.
 */
export const cardListStore = screenStore((root, cardType: CardType) => new CardListStore(root, cardType));
