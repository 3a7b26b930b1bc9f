import { pathOf } from '@/config/routes';
import { CARD_TYPE_NAMES, UPGRADE_POPUP_CUTOFF_MS } from '@/config/constants';

/**
 * The root shell's rules of spec §2 as pure functions (A-shell-home-settlement.md "(shell)").
 */

/** The four tabs, in order, with their labels and routes. */
export const TABS = [
  { key: 'home', label: '首页', route: pathOf('home') },
  { key: 'site', label: '站点', route: pathOf('site') },
  { key: 'income', label: '收入', route: pathOf('income') },
  { key: 'mine', label: '我的', route: pathOf('mine') },
] as const;

export type TabKey = (typeof TABS)[number]['key'];

/** Active tab from the path: contains /mine → mine; /site → site; /income → income; else home (spec §2). */
export function activeTab(pathname: string): TabKey {
  if (pathname.includes(pathOf('mine'))) return 'mine';
  if (pathname.includes(pathOf('site'))) return 'site';
  if (pathname.includes(pathOf('income'))) return 'income';
  return 'home';
}

/** Path segments, ignoring empty ones: '/' → [], '/site' → ['site'], '/site/add' → ['site', 'add']. */
export function segments(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

/** The tab bar shows only with the footer flag on, a stored token, and a path of at most one segment (spec §2). */
export function tabBarVisible(footerFlag: boolean, loggedIn: boolean, pathname: string): boolean {
  return footerFlag && loggedIn && segments(pathname).length <= 1;
}

/**
 * The navigation a tab tap asks for: null for the active tab (nothing happens), else the tab's route with
 * isShowModal=1 (spec §2).
 */
export function tabNavigation(pathname: string, tapped: TabKey): string | null {
  if (activeTab(pathname) === tapped) return null;
  const tab = TABS.find((t) => t.key === tapped);
  return tab ? `${tab.route}?isShowModal=1` : null;
}

/** Kinds of page transition (spec §2). */
export type Transition = 'fade' | 'slide-left' | 'slide-right';

/** Section of a path: its first segment, with '' and 'home' both the home section. */
export function section(pathname: string): string {
  const first = segments(pathname)[0] ?? '';
  return first === 'home' ? '' : first;
}

/**
 * Transition between two paths (spec §2): fade across sections or at the same depth; slide left going deeper
 * (the new page enters from the right); slide right going up.
 */
export function transitionBetween(from: string, to: string): Transition {
  if (section(from) !== section(to)) return 'fade';
  // '/' is an alias of /home: both are the home page at depth 1.
  const a = Math.max(1, segments(from).length);
  const b = Math.max(1, segments(to).length);
  if (b > a) return 'slide-left';
  if (b < a) return 'slide-right';
  return 'fade';
}

/**
 * The cardType title rule (spec §2): cardType 1–4 replaces the word 套餐卡 in a title; other values leave it.
 */
export function titleWithCardType(title: string, cardType: string | null): string {
  const name = cardType ? CARD_TYPE_NAMES[cardType] : undefined;
  return name ? title.replace('套餐卡', name) : title;
}

/** The upgrade popup shows at start only when upgradeTips is absent and now <= 1536883200000 (spec §2). */
export function upgradePopupDue(upgradeTips: string | null, now: number): boolean {
  return upgradeTips === null && now <= UPGRADE_POPUP_CUTOFF_MS;
}
