import { Input, List, SpinLoading, Tag } from 'antd-mobile';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { ShareParty } from '@/api/site';
import { PARTY_TYPE_NAMES } from '@/api/site-settings-rules';
import { confirm } from '@/components/feedback';
import { useLeaveWhen, useRouteQuery } from '@/components/route-query';
import { href, type QueryOf, type RouteName } from '@/config/routes';
import type { SiteTarget } from '@/stores/screens/site/site-add';
import shared from './settings.module.css';

/**
 * Pieces shared by the site profile and its settings pages (B-site.md §4): the route's siteId (missing → back to
 * /site), the page's store and its first load (a site the caller may not see → back to /site), the unsaved-changes
 * guard, the party type tag, and the loading / failed states.
 */

/** A store whose first load reads the site; resolves false when it cannot be read (already toasted). */
interface SiteLoading {
  load(): Promise<boolean>;
}

/** The toast of a site screen opened without its siteId. */
export const MISSING_SITE = '缺少站点参数';

/** The routes of the site section whose screens are about one site (their query declares siteId). */
type SiteRoute = {
  [N in RouteName]: QueryOf<N> extends { siteId: number } ? N : never;
}[RouteName];

/**
 * The query of a screen about one site (the route declares siteId and maybe more): null when siteId is missing or
 * malformed, and then the screen toasts 缺少站点参数 and goes back to /site (B-site.md "Global behaviour").
 * @param name the screen's route
 */
export function useSiteQuery<N extends SiteRoute>(name: N): QueryOf<N> | null {
  const query = useRouteQuery(name);
  useLeaveWhen(query === null, href('site'), MISSING_SITE);
  return query;
}

/**
 * Runs a store's first load; when it resolves false (the site is unknown or not visible: the request layer already
 * toasted why) goes back to /site (B-site.md "Global behaviour").
 */
export function useLoadOrLeave(store: SiteLoading): void {
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    void store.load().then((ok) => {
      if (live && !ok) void navigate(href('site'), { replace: true });
    });
    return () => {
      live = false;
    };
  }, [store, navigate]);
}

/**
 * What a screen opened from the add-site form or from the profile works on (map location, property list): ?from=add →
 * the site draft, ?siteId=N → that site; null without either (the hook then toasts 缺少站点参数 and goes back to /site).
 */
export function useSiteTarget(name: 'siteMapLocation' | 'siteMerchant'): SiteTarget | null {
  const query = useRouteQuery(name);
  const from = query?.from;
  const siteId = query?.siteId;
  const target = useMemo<SiteTarget | null>(
    () => (from === 'add' ? { kind: 'add' } : siteId !== undefined ? { kind: 'edit', siteId } : null),
    [from, siteId],
  );
  useLeaveWhen(target === null, href('site'), MISSING_SITE);
  return target;
}

/** A key that changes with the target (a screen starts afresh for another site). */
export function siteTargetKey(target: SiteTarget): string {
  return target.kind === 'add' ? 'add' : String(target.siteId);
}

/** Where a screen of a target returns to: the add-site form, or the site's profile. */
export function siteTargetBack(target: SiteTarget): string {
  return target.kind === 'add' ? href('siteAdd') : href('siteData', { siteId: target.siteId });
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

const PARTY_TAG_COLORS: Record<ShareParty['partyType'], string> = {
  2: 'success',
  3: 'primary',
  4: 'warning',
  5: 'default',
};

/** The type tag of a party: 物业 / 代理商 / 合作方 / 上级. */
export function PartyTag({ type }: { type: ShareParty['partyType'] }) {
  return (
    <Tag color={PARTY_TAG_COLORS[type]} fill="outline" className={shared.partyTag}>
      {PARTY_TYPE_NAMES[type]}
    </Tag>
  );
}

/** The page's loading spinner. */
function PageLoading() {
  return (
    <div className={shared.loading} aria-busy="true">
      <SpinLoading color="primary" />
      <span>加载中...</span>
    </div>
  );
}

/** What a page shows until its data is there: the spinner, or — when the load failed — 加载失败 with 重试. */
export function LoadGate({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  return failed ? <LoadFailed onRetry={onRetry} /> : <PageLoading />;
}

/** A block that failed to load (the request layer toasted why) with 重试. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={shared.failed} role="alert">
      <p>加载失败</p>
      <Button size="small" color="primary" fill="outline" onClick={onRetry}>
        点击重试
      </Button>
    </div>
  );
}

/**
 * A labelled input row of the settings forms (收费设置's prices and minutes, 添加分成方's phone and rates): the label
 * before the input, the unit (or a button) after it, the allowed range or a hint under it.
 */
export function InputRow({
  label,
  name,
  value,
  onChange,
  unit,
  hint,
  inputMode = 'decimal',
  placeholder,
  maxLength,
  disabled = false,
}: {
  label: string;
  /** The input's name attribute. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  unit?: ReactNode;
  hint?: ReactNode;
  inputMode?: 'decimal' | 'numeric' | 'tel' | 'text';
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
}) {
  return (
    <List.Item prefix={<span className={shared.costLabel}>{label}</span>} extra={unit} description={hint}>
      <Input
        name={name}
        aria-label={label}
        type={inputMode === 'tel' ? 'tel' : 'text'}
        inputMode={inputMode}
        placeholder={placeholder}
        maxLength={maxLength}
        value={value}
        disabled={disabled}
        onChange={onChange}
      />
    </List.Item>
  );
}

/** A titled group of the settings pages. */
export function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className={shared.section}>
      <header className={shared.sectionHead}>
        <h3>{title}</h3>
        {extra}
      </header>
      {children}
    </section>
  );
}
