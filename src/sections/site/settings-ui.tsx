import { Button, Input, List, SpinLoading, Tag } from 'antd-mobile';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useBlocker, useNavigate, useSearchParams } from 'react-router';
import type { ShareParty } from '@/api/site';
import { PARTY_TYPE_NAMES } from '@/api/site-settings-rules';
import { confirm, toast } from '@/components/feedback';
import { useStores, type RootStore } from '@/stores/root';
import type { SiteTarget } from '@/stores/screens/site/site-add';
import './site-data.css';

/**
 * Pieces shared by the site profile and its settings pages (B-site.md §4): the route's siteId (missing → back to
 * /site), the page's store and its first load (a site the caller may not see → back to /site), the unsaved-changes
 * guard, the party type tag, and the loading / failed states.
 */

/** A store whose first load reads the site; resolves false when it cannot be read (already toasted). */
interface SiteLoading {
  load(): Promise<boolean>;
}

const MISSING_SITE = '缺少站点参数';

/** The positive integer of a query value, or null. */
function siteIdOf(text: string | null): number | null {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** The route query siteId as a positive integer, or null when missing or malformed. */
function useSiteIdParam(): number | null {
  const [params] = useSearchParams();
  return siteIdOf(params.get('siteId'));
}

/** Toasts 缺少站点参数 and goes back to /site when `missing` (B-site.md "Global behaviour"). */
function useLeaveWhenMissing(missing: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!missing) return;
    toast(MISSING_SITE);
    void navigate('/site', { replace: true });
  }, [missing, navigate]);
}

/**
 * Runs a store's first load; when it resolves false (the site is unknown or not visible: the request layer already
 * toasted why) goes back to /site (B-site.md "Global behaviour"). Nothing while `store` is null.
 */
export function useLoadOrLeave(store: SiteLoading | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (store === null) return undefined;
    let live = true;
    void store.load().then((ok) => {
      if (live && !ok) void navigate('/site', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [store, navigate]);
}

/**
 * Runs the page store's first load. A missing siteId toasts 缺少站点参数 and a failed load goes back to /site.
 * @param store the page's store (null without a siteId); its load resolves true when the site loaded
 */
function useSiteLoad(siteId: number | null, store: SiteLoading | null): void {
  useLeaveWhenMissing(siteId === null || store === null);
  useLoadOrLeave(store);
}

/**
 * The store of a page about one site (?siteId=), created once for the page and loaded (see useSiteLoad); null without
 * a valid siteId (the hook then goes back to /site).
 * @param create builds the page's store for the root store and the site
 */
export function useSitePageStore<S extends SiteLoading>(create: (root: RootStore, siteId: number) => S): S | null {
  const root = useStores();
  const siteId = useSiteIdParam();
  const [store] = useState(() => (siteId === null ? null : create(root, siteId)));
  useSiteLoad(siteId, store);
  return store;
}

/**
 * What a screen opened from the add-site form or from the profile works on (map location, property list): ?from=add →
 * the site draft, ?siteId=N → that site; null without either (the hook then toasts 缺少站点参数 and goes back to /site).
 */
export function useSiteTarget(): SiteTarget | null {
  const [params] = useSearchParams();
  const from = params.get('from');
  const siteId = siteIdOf(params.get('siteId'));
  const target = useMemo<SiteTarget | null>(
    () => (from === 'add' ? { kind: 'add' } : siteId !== null ? { kind: 'edit', siteId } : null),
    [from, siteId],
  );
  useLeaveWhenMissing(target === null);
  return target;
}

/** A key that changes with the target (a screen starts afresh for another site). */
export function siteTargetKey(target: SiteTarget): string {
  return target.kind === 'add' ? 'add' : String(target.siteId);
}

/** Where a screen of a target returns to: the add-site form, or the site's profile. */
export function siteTargetBack(target: SiteTarget): string {
  return target.kind === 'add' ? '/site/add' : profilePath(target.siteId);
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
function PageLoading() {
  return (
    <div className="settings-loading" aria-busy="true">
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
    <div className="settings-failed" role="alert">
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
    <List.Item prefix={<span className="cost-label">{label}</span>} extra={unit} description={hint}>
      <Input
        name={name}
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
    <section className="settings-section">
      <header className="settings-section__head">
        <h3>{title}</h3>
        {extra}
      </header>
      {children}
    </section>
  );
}
