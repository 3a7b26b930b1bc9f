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
  readonly siteDraft = new SiteDraftStore(settings.servicePhone);
  readonly oldCardDraft = new OldCardDraftStore();
  readonly workOrderEdit = new WorkOrderEditStore();
  readonly merchant = new MerchantStore();
  readonly deviceInstalments = new DeviceInstalmentStore();
  readonly withdrawInfo = new WithdrawInfoStore();
  readonly basicInfo = new BasicInfoStore();
  readonly signInfo = new SignInfoStore();
  /** Domain objects cached once (get / load / invalidate): the sites. */
  readonly sites = new SitesStore();
  /** The rider cards (get / load / invalidate by cardKey). */
  readonly cards = new CardsStore();

  readonly auth: AuthStore;

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
