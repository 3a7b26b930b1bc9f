import { createContext, useContext } from 'react';
import type { Platform } from '@platform/types';
import { settings } from '@/config/env';
import {
  BasicInfoStore,
  DeviceInstalmentStore,
  MerchantStore,
  SignInfoStore,
  WithdrawInfoStore,
} from '@/stores/domain/account';
import { AuthStore } from '@/stores/domain/auth';
import { CardsStore } from '@/stores/domain/cards';
import { OldCardDraftStore, SiteDraftStore, WorkOrderEditStore } from '@/stores/domain/drafts';
import { SessionStore } from '@/stores/domain/session';
import { SitesStore } from '@/stores/domain/sites';
import { UiStore } from '@/stores/domain/ui';

/**
 * The root store (ARCHITECTURE.md "State"): owns one store per part of the client state of spec §3. Screens read it
 * through `useStores()`.
 */
export class RootStore {
  /** The host this bundle runs in (scan, pay, close window); handed to boot by the entry. */
  readonly platform: Platform;
  readonly session = new SessionStore();
  readonly ui = new UiStore();
  readonly merchant = new MerchantStore();
  /** Domain objects cached once (get / load / invalidate): the sites. */
  readonly sites = new SitesStore();
  /** The rider cards (get / load / invalidate by cardKey). */
  readonly cards = new CardsStore();

  readonly auth: AuthStore;

  // The stores of screens beyond the hubs are made on first use, not at startup (issue 14: the first screen does not
  // wait for stores it does not use). Each is made once; a persisted one restores its session copy then.
  private made = new Map<string, unknown>();
  private once<T>(key: string, make: () => T): T {
    let store = this.made.get(key) as T | undefined;
    if (store === undefined) {
      store = make();
      this.made.set(key, store);
    }
    return store;
  }

  get siteDraft(): SiteDraftStore {
    return this.once('siteDraft', () => new SiteDraftStore(settings.servicePhone));
  }

  get oldCardDraft(): OldCardDraftStore {
    return this.once('oldCardDraft', () => new OldCardDraftStore());
  }

  get workOrderEdit(): WorkOrderEditStore {
    return this.once('workOrderEdit', () => new WorkOrderEditStore());
  }

  get deviceInstalments(): DeviceInstalmentStore {
    return this.once('deviceInstalments', () => new DeviceInstalmentStore());
  }

  get withdrawInfo(): WithdrawInfoStore {
    return this.once('withdrawInfo', () => new WithdrawInfoStore());
  }

  get basicInfo(): BasicInfoStore {
    return this.once('basicInfo', () => new BasicInfoStore());
  }

  get signInfo(): SignInfoStore {
    return this.once('signInfo', () => new SignInfoStore());
  }

  constructor(platform: Platform) {
    this.platform = platform;
    this.auth = new AuthStore(this);
  }
}

/** React context carrying the root store; boot provides it. */
export const StoreContext = createContext<RootStore | null>(null);

/** The root store of the running app. Throws outside the provider (a programming error). */
export function useStores(): RootStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStores() outside <StoreContext.Provider>');
  return store;
}
