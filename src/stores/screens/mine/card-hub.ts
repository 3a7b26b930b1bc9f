import { makeAutoObservable, runInAction } from 'mobx';
import { getCardListByUser, getCardUserList, type CardUser, type RiderCard } from '@/api/card';
import { CARD_TYPE_LABELS, cardPhoneRule, type CardType } from '@/api/card-rules';
import { getCardCount, type CardCount } from '@/api/home';
import { firstError } from '@/api/rules';
import { screenStore } from '@/stores/screen-store';
import type { RootStore } from '@/stores/root';
import { Loadable } from '@/stores/support/loadable';

/**
 * /mine/card — 卡片管理 (C-mine.md /mine/card): the four type tiles from GET /api/card/cardCount (the one shape shared
 * with home: 总数, 已激活, 卡内余额合计 for value types, 有效中 for month cards) and the search of riders by phone
 * (cardUserList → the rider's cards → a card's detail). Kept while the app runs: coming back shows the last figures at
 * once while they refresh.
 */

/** One tile of the hub. */
export interface CardTile {
  cardType: CardType;
  label: string;
  total: number | null;
  activeCount: number | null;
  /** 卡内余额合计 (value types) in fen, or 有效中 count (month cards). */
  balanceSum: number | null;
  validCount: number | null;
}

/** The four tiles from a cardCount answer (null figures while loading or after a failure). */
export function cardTiles(count: CardCount | null): CardTile[] {
  return ([1, 2, 3, 4] as const).map((cardType) => {
    const row = count?.list.find((r) => r.cardType === cardType);
    const known = count !== null;
    return {
      cardType,
      label: CARD_TYPE_LABELS[cardType],
      total: known ? (row?.total ?? 0) : null,
      activeCount: known ? (row?.activeCount ?? 0) : null,
      balanceSum: known && cardType !== 2 ? (row?.balanceSum ?? 0) : null,
      validCount: known && cardType === 2 ? (row?.validCount ?? 0) : null,
    };
  });
}

export class CardHubStore {
  readonly counts = new Loadable(() => getCardCount());
  phone = '';
  /** Riders found by the last search (the sheet shows them while non-empty). */
  users: CardUser[] = [];
  /** The rider picked and their cards (the card sheet shows while not null). */
  picked: { user: CardUser; cards: RiderCard[] } | null = null;
  searching = false;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<CardHubStore, 'root'>(this, { root: false });
  }

  get tiles(): CardTile[] {
    return cardTiles(this.counts.data);
  }

  /** May the account add cards (card:edit). */
  get canAdd(): boolean {
    return this.root.session.can('card:edit');
  }

  setPhone(phone: string): void {
    this.phone = phone.replace(/\D/g, '').slice(0, 11);
  }

  /**
   * Searches riders by phone. Resolves the text to toast: the phone rule's message, "未找到该手机号的持卡用户" when no
   * one holds a card with it, or null (results shown, or the call failed and was told by the request layer).
   */
  async search(): Promise<string | null> {
    const error = firstError(cardPhoneRule, this.phone);
    if (error) return error;
    if (this.searching) return null;
    this.searching = true;
    try {
      const users = await getCardUserList(this.phone);
      runInAction(() => {
        this.users = users;
      });
      return users.length === 0 ? '未找到该手机号的持卡用户' : null;
    } catch {
      return null;
    } finally {
      runInAction(() => {
        this.searching = false;
      });
    }
  }

  /** Opens a rider's cards. */
  async pick(user: CardUser): Promise<void> {
    try {
      const cards = await getCardListByUser(user.userId !== null ? { userId: user.userId } : { phone: user.phone });
      runInAction(() => {
        this.picked = { user, cards };
        this.users = [];
      });
    } catch {
      // told by the request layer
    }
  }

  closeSheets(): void {
    this.users = [];
    this.picked = null;
  }
}

/** The hub's store, kept while the app runs. */
export const cardHubStore = screenStore((root) => new CardHubStore(root));
