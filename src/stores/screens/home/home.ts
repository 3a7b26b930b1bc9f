import { makeAutoObservable } from 'mobx';
import {
  countCoinOrder,
  getCardCount,
  getCoinsOrderTotalMoney,
  getCommChildCount,
  getMerchantHomePage,
  getSiteCount,
  getTodayChargeInfo,
  getTodayIncome,
  getUnSignBackOrderCount,
} from '@/api/home';
import { dayOf, firstDayOfMonthOf } from '@/lib/time';
import { Loadable } from '@/stores/support/loadable';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';

/** Home variants by account type (A §3): 3 物业 → property, 5 施工人员 → builder, others → operator. */
export type HomeVariant = 'operator' | 'property' | 'builder';

/** The home variant of an account type (undefined before login data is known → operator). */
export function homeVariant(accountType: number | undefined): HomeVariant {
  if (accountType === 3) return 'property';
  if (accountType === 5) return 'builder';
  return 'operator';
}

/**
 * The home dashboard's data (A-shell-home-settlement.md §3): one Loadable per card, all fired in parallel, chosen by
 * the account's variant, permissions and coin capability. Obtain it with homeStoreOf(root).
 */
export class HomeStore {
  readonly income = new Loadable(() => getTodayIncome());
  readonly charge = new Loadable(() => getTodayChargeInfo());
  readonly counts = new Loadable(() => getSiteCount());
  readonly unsigned = new Loadable(() => getUnSignBackOrderCount());
  readonly children = new Loadable(() => getCommChildCount());
  readonly cards = new Loadable(() => getCardCount());
  readonly coinToday = new Loadable(() => {
    const today = dayOf(Date.now());
    return countCoinOrder(today, today);
  });
  readonly coinMonth = new Loadable(() => {
    const now = Date.now();
    return getCoinsOrderTotalMoney(firstDayOfMonthOf(now), dayOf(now));
  });
  readonly property = new Loadable(() => getMerchantHomePage());

  constructor(private readonly root: RootStore) {
    makeAutoObservable<HomeStore, 'root'>(this, { root: false });
  }

  /** The variant of the logged-in account. */
  get variant(): HomeVariant {
    return homeVariant(this.root.session.extendPermission?.accountType);
  }

  /** True when the account owns coin-capable boxes (ExtendPermission.coinEnabled). */
  get coinEnabled(): boolean {
    return this.root.session.extendPermission?.coinEnabled === true;
  }

  /**
   * Loads every card of the variant in parallel (and merchant base info when not loaded yet). Resolves when all have
   * settled; never rejects (failed cards show `--`).
   */
  async load(): Promise<void> {
    const { session, merchant, auth } = this.root;
    const jobs: Promise<unknown>[] = [];
    if (!merchant.base.loaded) jobs.push(auth.loadMerchantInfo());
    if (this.variant === 'property') {
      jobs.push(this.property.load());
    } else if (this.variant === 'operator') {
      jobs.push(this.income.load(), this.charge.load(), this.counts.load(), this.unsigned.load());
      if (session.can('card:view')) jobs.push(this.cards.load());
      if (session.can('agent') || session.can('subAccount') || session.can('tenement')) jobs.push(this.children.load());
      if (this.coinEnabled) jobs.push(this.coinToday.load(), this.coinMonth.load());
    }
    await Promise.all(jobs);
  }

  /** Pull-to-refresh: reloads merchant info too. */
  async refresh(): Promise<void> {
    await Promise.all([this.root.auth.loadMerchantInfo(), this.load()]);
  }
}

/** The home store of a root store (see screenStore). */
export const homeStoreOf = screenStore((root) => new HomeStore(root));
