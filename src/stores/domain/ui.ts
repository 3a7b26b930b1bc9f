import { makeAutoObservable } from 'mobx';
import { DEFAULTS } from '@/config/constants';

/** Device tabs of the site detail (spec §2; B-site.md §2). */
export type SiteTab = 'facilityList' | 'guardList' | 'cameraList' | 'smokeList';

/** The UI flags of spec §3: footer navigation visibility, loading flag, current site tab (default facilityList). */
export class UiStore {
  /** Footer navigation (tab bar) flag; turned on by login and by the tab routes (the gate in src/app/router.tsx). */
  footerNav = false;
  /** The loading indicator (text 加载中) is shown while true; the request layer sets and clears it. */
  loading = false;
  /** The remembered device tab of the site detail. */
  currentSiteTab: SiteTab = DEFAULTS.currentSiteTab;

  constructor() {
    makeAutoObservable(this);
  }

  setFooterNav(on: boolean): void {
    this.footerNav = on;
  }

  setLoading(on: boolean): void {
    this.loading = on;
  }

  setCurrentSiteTab(tab: SiteTab): void {
    this.currentSiteTab = tab;
  }
}
