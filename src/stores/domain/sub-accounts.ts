import type { SubAccount } from '@/api/accounts';
import { screenStore } from '@/stores/screen-store';
import { EntityCache, type LoadableLike } from '@/stores/support/entity-cache';

/**
 * The operator's sub-accounts, each held once for the whole app (C-mine.md /mine/accountList and accountInfo;
 * ARCHITECTURE.md "Stores"): the detail form reads a sub-account here (AClist { id }); a save calls `invalidate(id)`
 * (or `invalidate()` after a creation) and the kept list reloads when shown again (`changes`). The calls are loaded
 * with the first sub-account (a separate chunk), not with the app. Held per root store through `subAccountsCache`
 * (kept while the app runs) rather than as a field of the root store: the root store is in the startup bundle, which
 * has no room left (issue 14: 160 kB), and only the sub-account screens use it.
 */
export class SubAccountsStore extends EntityCache<number, SubAccount> {
  constructor() {
    super(async (id) => {
      const { getSubAccount } = await import('@/api/accounts');
      return getSubAccount(id);
    });
  }

  /** The sub-account `id` as a Loadable-like block of a screen store. */
  detail(id: number): LoadableLike<SubAccount> {
    return this.handle(id);
  }
}

/** The sub-accounts of the running app: `keptScreenStore(root, subAccountsCache)` (one per root store). */
export const subAccountsCache = screenStore(() => new SubAccountsStore());
