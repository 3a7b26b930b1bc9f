import type { CardDetail, CardType } from '@/api/card';
import { EntityCache, type LoadableLike } from '@/stores/support/entity-cache';

/**
 * The rider cards the account sees, each held once for the whole app (C-mine.md /mine/card/tab/list/info "Calls";
 * ARCHITECTURE.md "How the code grows"): the card detail, its recharge, activation, bound sites and records screens
 * all read a card here. A store that changed a card (a recharge, a freeze, a reset, new sites) calls
 * `invalidate(key)` and every screen showing it follows; kept card lists reload when shown again (`changes`). The
 * detail call depends on the card's type, so a card is keyed by type and id (`cardKey`). The card calls are loaded
 * with the first card (a separate chunk), not with the app.
 */

/** The cache key of a card: `"{cardType}-{cardId}"`. */
export function cardKey(cardType: CardType, cardId: number): string {
  return `${cardType}-${cardId}`;
}

export class CardsStore extends EntityCache<string, CardDetail> {
  constructor() {
    super(async (key) => {
      const [type, id] = key.split('-').map(Number) as [CardType, number];
      const { getCardDetail } = await import('@/api/card');
      return getCardDetail(type, id);
    });
  }

  /** The card `cardId` of `cardType` as a Loadable-like block of a screen store. */
  detail(cardType: CardType, cardId: number): LoadableLike<CardDetail> {
    return this.handle(cardKey(cardType, cardId));
  }
}
