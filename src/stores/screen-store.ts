import { useState } from 'react';
import { useStores, type RootStore } from './root';

/**
 * The one way a screen gets its store (README "Adding a screen"). A screen store holds only that screen's form and
 * view state; domain objects live in the root store's domain stores (`root.sites` …). A screen store is declared once,
 * next to its class, with `screenStore(create, lifetime)`, and a screen obtains it with `useScreenStore(decl, ...args)`.
 * It lives in the screen's chunk, not in the root store, so that the first bytes of other screens do not carry it.
 *
 * Lifetimes:
 * - 'app' (default): one store per root store and arguments, created on first use and kept while the app runs, so
 *   that coming back to the screen shows its last state at once while it refreshes (a list's filters, a hub's
 *   figures). Another value of the arguments (another site) creates a new store and forgets the previous one.
 * - 'visit': a new store each time the screen is mounted (a form that must start empty, a one-off action), and again
 *   when its arguments change.
 */

/** How long a screen store lives (see above). */
export type ScreenStoreLifetime = 'app' | 'visit';

/** The declaration of a screen store: how it is built for the running app and the screen's arguments. */
export interface ScreenStoreDecl<S, A extends readonly unknown[]> {
  readonly create: (root: RootStore, ...args: A) => S;
  readonly lifetime: ScreenStoreLifetime;
}

/**
 * Declares a screen store.
 * @param create builds the store for the root store and the screen's arguments (route params, ids …: values that
 *   JSON can compare)
 * @param lifetime 'app' (kept while the app runs, default) or 'visit' (new on each mount)
 */
export function screenStore<S, A extends readonly unknown[] = []>(
  create: (root: RootStore, ...args: A) => S,
  lifetime: ScreenStoreLifetime = 'app',
): ScreenStoreDecl<S, A> {
  return { create, lifetime };
}

/** The kept ('app') stores of each root store: per declaration, the last arguments' key and their store. */
const kept = new WeakMap<RootStore, Map<ScreenStoreDecl<unknown, never>, { key: string; store: unknown }>>();

/**
 * The store of a declaration for a root store and arguments, kept ('app' lifetime). Used by useScreenStore; exported
 * for tests that render a screen against a root store of their own.
 */
export function keptScreenStore<S, A extends readonly unknown[]>(
  root: RootStore,
  decl: ScreenStoreDecl<S, A>,
  ...args: A
): S {
  let stores = kept.get(root);
  if (!stores) {
    stores = new Map();
    kept.set(root, stores);
  }
  const key = JSON.stringify(args);
  const slot = stores.get(decl as ScreenStoreDecl<unknown, never>);
  if (slot && slot.key === key) return slot.store as S;
  const store = decl.create(root, ...args);
  stores.set(decl as ScreenStoreDecl<unknown, never>, { key, store });
  return store;
}

/**
 * The screen's store (the one way a screen gets it): the kept store of the declaration for these arguments ('app'),
 * or one made for this mount ('visit'; made again when the arguments change).
 * @param decl the store's declaration (screenStore)
 * @param args the screen's arguments (route params), compared by their JSON
 */
export function useScreenStore<S, A extends readonly unknown[]>(decl: ScreenStoreDecl<S, A>, ...args: A): S {
  const root = useStores();
  const key = JSON.stringify(args);
  const [slot, setSlot] = useState(() =>
    decl.lifetime === 'visit' ? { key, store: decl.create(root, ...args) } : null,
  );
  if (decl.lifetime === 'app') return keptScreenStore(root, decl, ...args);
  if (slot === null || slot.key !== key) {
    // The arguments changed (another object on the same route): start afresh, as React does for derived state.
    const next = { key, store: decl.create(root, ...args) };
    setSlot(next);
    return next.store;
  }
  return slot.store;
}
