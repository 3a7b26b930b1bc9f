import { Button, SpinLoading, Tag } from 'antd-mobile';
import { useEffect, type ReactNode } from 'react';
import { useBlocker, useNavigate, useSearchParams, type NavigateFunction } from 'react-router';
import type { ShareParty } from '../../../../api/site';
import { PARTY_TYPE_NAMES } from '../../../../api/site-settings-rules';
import { confirm, toast } from '../../../../components/feedback';
import './site-data.css';

/**
 * Pieces shared by the site profile and its settings pages (B-site.md §4): the route's siteId (missing → back to
 * /site), the first load (a site the caller may not see → back to /site), the unsaved-changes guard, going back, the
 * party type tag, and the loading / failed states.
 */

/** The route query siteId as a positive integer, or null when missing or malformed. */
export function useSiteIdParam(): number | null {
  const [params] = useSearchParams();
  const value = Number(params.get('siteId'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * Runs the page store's first load. A missing siteId toasts 缺少站点参数 and a failed load (the request layer already
 * toasted why: unknown or not visible) goes back to /site (B-site.md "Global behaviour").
 * @param store the page's store (null without a siteId); its load resolves true when the site loaded
 */
export function useSiteLoad(siteId: number | null, store: { load(): Promise<boolean> } | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (siteId === null || store === null) {
      toast('缺少站点参数');
      void navigate('/site', { replace: true });
      return undefined;
    }
    let live = true;
    void store.load().then((ok) => {
      if (live && !ok) void navigate('/site', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [siteId, store, navigate]);
}

/**
 * Asks 放弃未保存的修改？ before leaving the page (back button, links) while `isDirty()` (B §4 integrateSet,
 * setCharger). It is read when the navigation happens (a save that just cleared it leaves unasked). Navigations inside
 * the same page (query changes) are not guarded.
 */
export function useLeaveGuard(isDirty: () => boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && isDirty(),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm('提示', '放弃未保存的修改？', '放弃', '继续编辑').then((leave) => {
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);
}

/** Goes back to the previous screen, or to `fallback` (replace) when the app was opened on this one. */
export function goBack(navigate: NavigateFunction, fallback: string): void {
  const state = window.history.state as { idx?: number } | null;
  if (state?.idx && state.idx > 0) void navigate(-1);
  else void navigate(fallback, { replace: true });
}

/** The profile of a site (where the settings pages return to). */
export function profilePath(siteId: number): string {
  return `/site/siteInfo/siteData?siteId=${siteId}`;
}

const PARTY_TAG_COLORS: Record<ShareParty['partyType'], string> = {
  2: 'success',
  3: 'primary',
  4: 'warning',
  5: 'default',
};

/** The type tag of a party: 物业 / 代理商 / 合作方 / 上级. */
export function PartyTag({ type }: { type: ShareParty['partyType'] }) {
  return (
    <Tag color={PARTY_TAG_COLORS[type]} fill="outline" className="party-tag">
      {PARTY_TYPE_NAMES[type]}
    </Tag>
  );
}

/** The page's loading spinner. */
export function PageLoading() {
  return (
    <div className="settings-loading" aria-busy="true">
      <SpinLoading color="primary" />
      <span>加载中...</span>
    </div>
  );
}

/** A block that failed to load (the request layer toasted why) with 重试. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="settings-failed" role="alert">
      <p>加载失败</p>
      <Button size="small" color="primary" fill="outline" onClick={onRetry}>
        点击重试
      </Button>
    </div>
  );
}

/** A titled group of the settings pages. */
export function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="settings-section">
      <header className="settings-section__head">
        <h3>{title}</h3>
        {extra}
      </header>
      {children}
    </section>
  );
}
