import { useEffect } from 'react';

/**
 * Scrolling regions a keyboard can reach (issue 15 "Readable"; axe scrollable-region-focusable, serious): a box that
 * scrolls its own content (overflow auto/scroll) and holds nothing focusable cannot be scrolled without a pointer. Such
 * a box takes keyboard focus (tabIndex 0) and, being focusable, a role and a Chinese name that say what it holds
 * (role group, aria-label "站点列表"). One place for every screen:
 * - a box the app renders itself spreads `scrollRegion(label)` (the site picker's list, the alert dialog's content);
 * - a box a library renders (antd-mobile's cascader levels) is marked by `useScrollRegions` while it is shown.
 */

/** The attributes of a scrolling region named `label`. */
export interface ScrollRegionProps {
  tabIndex: 0;
  role: 'group';
  'aria-label': string;
}

/** The props that make a box the app renders a focusable, named scrolling region (see the module docstring). */
export function scrollRegion(label: string): ScrollRegionProps {
  return { tabIndex: 0, role: 'group', 'aria-label': label };
}

/**
 * While `active`, every element of the document matching `selector` that has no tabindex yet (a library's scrolling
 * box, e.g. '.adm-cascader-view-content') becomes a scrolling region named `label`, also the ones that mount later
 * (a MutationObserver on the document, disconnected when inactive or unmounted).
 */
export function useScrollRegions(active: boolean, selector: string, label: string): void {
  useEffect(() => {
    if (!active) return undefined;
    const mark = () => {
      for (const el of document.querySelectorAll<HTMLElement>(`${selector}:not([tabindex])`)) {
        const { tabIndex, role, 'aria-label': name } = scrollRegion(label);
        el.tabIndex = tabIndex;
        el.setAttribute('role', role);
        el.setAttribute('aria-label', name);
      }
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [active, selector, label]);
}
