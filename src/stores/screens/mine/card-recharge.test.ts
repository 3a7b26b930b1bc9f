import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as CardApi from '@/api/card';
import type { CardDetail } from '@/api/card';
import type { RootStore } from '@/stores/root';
import type { LoadableLike } from '@/stores/support/entity-cache';
import { CardActivateStore, CardRechargeStore } from './card-recharge';

const api = vi.hoisted(() => ({ getSiteRechargeTemplate: vi.fn(), getMonthCardTemplate: vi.fn() }));
vi.mock('@/api/card', async (original) => ({
  ...(await original<typeof CardApi>()),
  getSiteRechargeTemplate: api.getSiteRechargeTemplate,
  getMonthCardTemplate: api.getMonthCardTemplate,
}));

/**
 * The card, as the shared card cache hands it out: here it still holds the card from an earlier visit, and its reload
 * fails (a network failure keeps the cached data). `reloads` says whether the reload succeeds.
 */
function cachedCard(reloads: boolean): LoadableLike<CardDetail> {
  const data = { sites: [{ siteId: 7 }], status: 3 } as unknown as CardDetail;
  return {
    data,
    loading: false,
    failed: !reloads,
    pending: false,
    load: () => Promise.resolve(reloads),
  };
}

const rootWith = (card: LoadableLike<CardDetail>) => ({ cards: { detail: () => card } }) as unknown as RootStore;

/**
 * C-mine.md card/tab/list/info/recharge and …/active: the packages of the card's site are loaded whenever the card is
 * known. The form shows as soon as it is, and the packages' block is pending (a skeleton) until their first answer.
 */
describe('card recharge and activation: the site’s packages', () => {
  beforeEach(() => {
    api.getSiteRechargeTemplate.mockReset().mockResolvedValue({ list: [], total: 0 });
    api.getMonthCardTemplate.mockReset().mockResolvedValue([]);
  });

  for (const [name, make] of [
    ['recharge', (root: RootStore, type: 1 | 2) => new CardRechargeStore(root, type, 1)],
    ['activation', (root: RootStore, type: 1 | 2) => new CardActivateStore(root, type, 1)],
  ] as const) {
    it(`${name}: loads them also when the card's reload failed but the cache holds the card`, async () => {
      const value = make(rootWith(cachedCard(false)), 1);
      expect(value.value.template.pending).toBe(true);
      await value.load();
      expect(api.getSiteRechargeTemplate).toHaveBeenCalledWith(7);
      expect(value.value.template.pending).toBe(false);

      const month = make(rootWith(cachedCard(false)), 2);
      await month.load();
      expect(api.getMonthCardTemplate).toHaveBeenCalledWith(7);
      expect(month.month.templates.pending).toBe(false);
    });

    it(`${name}: loads nothing more when there is no card`, async () => {
      const none: LoadableLike<CardDetail> = { ...cachedCard(false), data: null };
      await make(rootWith(none), 1).load();
      expect(api.getSiteRechargeTemplate).not.toHaveBeenCalled();
    });
  }
});
