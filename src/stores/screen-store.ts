import type { RootStore } from './root';

/**
 * A screen's store, one per root store, created on first use and kept while the app runs (so that returning to a
 * screen shows its last state at once while it refreshes). It lives in the screen's chunk, not in the root store, so
 * that the first bytes of other screens do not carry it.
 * @param create builds the store for a root store
 * @returns the accessor `storeOf(root)`
 */
export function screenStore<S>(create: (root: RootStore) => S): (root: RootStore) => S {
  const stores = new WeakMap<RootStore, S>();
  return (root) => {
    let store = stores.get(root);
    if (store === undefined) {
      store = create(root);
      stores.set(root, store);
    }
    return store;
  };
}
