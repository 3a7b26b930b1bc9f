import type { Page } from '@/api/http';
import {
  elementScroll,
  measureElement,
  observeElementOffset,
  observeElementRect,
  useWindowVirtualizer,
  type Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import type { Method } from 'alova';
import { usePagination } from 'alova/client';
import { InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type Key,
  type ReactNode,
  type RefObject,
} from 'react';
import { Button } from './button';
import styles from './paged-list.module.css';

/**
 * The one list of the app (ARCHITECTURE.md "Lists"): pages `{ pageNum, pageSize }` → `{ list, total }` through alova's
 * pagination hook (append mode), pull-to-refresh (page 1 again), infinite scroll (next page until list.length reaches
 * total, footer 没有更多了), skeleton rows on the first load, an empty state, and an error state with 加载失败，点击重试.
 * Rows are virtualised against the window scroll (@tanstack/react-virtual), so a list of thousands stays smooth; a list
 * inside a scrolling box of its own (a full-height popup) names that box with `scrollParent` (it must be positioned, so
 * that the list's offsetTop is measured within it).
 */

/**
 * One row's content, rendered inside an observer of its own: a row that reads a store (a count that arrives after the
 * page, a status changed on another screen) draws again when that value changes, although the list above it does not
 * (issue 30: 已绑卡 -- 张 stayed on every site of the card's site choice).
 */
const RowContent = observer(function RowContent<T>({
  renderItem,
  item,
  index,
}: {
  renderItem: (item: T, index: number) => ReactNode;
  item: T;
  index: number;
}) {
  return <>{renderItem(item, index)}</>;
}) as <T>(props: { renderItem: (item: T, index: number) => ReactNode; item: T; index: number }) => ReactNode;

export interface PagedListProps<T, R extends Page<T>> {
  /** Declares the call of one page (1-based page number); it resolves with a page `R`. */
  fetchPage: (pageNum: number, pageSize: number) => Method;
  /** Values that, when they change, reload the list from page 1 (filters, keyword ...). */
  watch?: unknown[];
  /** Debounce of reloads caused by `watch`, ms (e.g. typing a keyword). */
  debounceMs?: number;
  /** Renders one row, inside an observer: what it reads of a MobX store keeps it up to date. */
  renderItem: (item: T, index: number) => ReactNode;
  /** Stable key of a row. */
  itemKey: (item: T) => Key;
  /** Estimated row height in px (rows are measured after render). */
  estimateSize?: number;
  /** Page size, default 20. */
  pageSize?: number;
  /** Shown when the list is empty after loading. */
  empty: ReactNode;
  /** Called with every page answer (for extra fields such as canAdd). */
  onPage?: (page: R) => void;
  /** Number of skeleton rows of the first load. */
  skeletonRows?: number;
  /** Called after a pull-to-refresh reload (e.g. to refresh summaries above the list). */
  onRefresh?: () => Promise<unknown> | void;
  /** Test id of the list container. */
  testId?: string;
  /** The scrolling element the list lives in, when it is not the window (e.g. the body of a popup). */
  scrollParent?: RefObject<HTMLElement | null>;
}

/** What the window virtualizer scrolls on instead of the window: a box (the element variant of @tanstack/react-virtual). */
type Scrolling = Pick<
  VirtualizerOptions<Window, Element>,
  'getScrollElement' | 'observeElementRect' | 'observeElementOffset' | 'scrollToFn' | 'initialOffset'
>;

/**
 * The scrolling options of a list inside `box`: exactly what @tanstack/react-virtual's useVirtualizer passes (its
 * useWindowVirtualizer is the same hook with the window's), typed for the window hook so that one hook serves both.
 */
function boxScrolling(box: RefObject<HTMLElement | null>): Scrolling {
  return {
    getScrollElement: () => box.current,
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    initialOffset: () => box.current?.scrollTop ?? 0,
  } as unknown as Scrolling;
}

/**
 * A row's height for the virtualizer without a layout of its own: the ResizeObserver's answer when there is one (after
 * the browser's layout of the frame), else the size measured before or the estimate. The library's default reads the
 * row's offsetHeight when a row mounts, which forces a layout of the whole page inside React's commit (issue 14: 6–8 ms
 * of the /site list's first rows, 4× that on a phone). The rows are laid out in flow (see PagedList), so a row not yet
 * measured is still drawn in its place; only the list's height waits for the observer. Without ResizeObserver (iOS
 * before 13.4) the library's own measure is used.
 */
function measureRow(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, Element>) {
  if (entry || typeof ResizeObserver === 'undefined') return measureElement(element, entry, instance);
  const key = instance.options.getItemKey(instance.indexFromElement(element));
  return instance.itemSizeCache.get(key) ?? instance.options.estimateSize(instance.indexFromElement(element));
}

/** The rows of a list before its first answer (one array, so that the deferred rows see no change). */
const NO_ROWS: readonly never[] = [];

/** The shared paged list; see the module docstring. */
export function PagedList<T, R extends Page<T> = Page<T>>({
  fetchPage,
  watch = [],
  debounceMs = 0,
  renderItem,
  itemKey,
  estimateSize = 96,
  pageSize = 20,
  empty,
  onPage,
  skeletonRows = 6,
  onRefresh,
  testId,
  scrollParent,
}: PagedListProps<T, R>) {
  const pagination = usePagination((pageNum: number, size: number) => fetchPage(pageNum, size), {
    append: true,
    initialPage: 1,
    initialPageSize: pageSize,
    preloadNextPage: false,
    preloadPreviousPage: false,
    total: (response: unknown) => (response as R).total,
    data: (response: unknown) => (response as R).list,
    // Requests are started here, not by alova's own watchers: an effect of a screen kept alive by React's Activity
    // runs again each time the screen is shown, which must not reload the list.
    immediate: false,
  });
  const { data, page, isLastPage, total, loading, error, update } = pagination;
  const list = (data ?? NO_ROWS) as T[];
  // More pages while the rows are fewer than the answer's total. alova's own isLastPage is only the fallback (an answer
  // without a total): it is updated a timer after the rows, so the footer said 没有更多了 for a moment after each page.
  const hasMore = typeof total === 'number' ? list.length < total : !isLastPage;
  // The rows render from a deferred copy: when a page arrives React renders its rows in a background render that
  // yields to the browser every few ms (a transition), not in one long task; meanwhile the skeleton stays.
  // An empty answer shows at once, though: the old rows must not stay beside the empty state (a search without a match
  // showed 未找到相关站点 over the last list's rows for a moment).
  const deferredRows = useDeferredValue(list);
  const rows = list.length === 0 ? list : deferredRows;
  // A failed load shows in `error` (and the request layer has told the user): the promise's rejection is not news.
  const { reload: reloadPage } = pagination;
  const reload = useCallback(() => reloadPage().catch(() => undefined), [reloadPage]);

  // Page 1 on the first show and whenever a watched value changes (debounced); never merely because the list is
  // shown again.
  const watchKey = JSON.stringify(watch);
  const loadedKey = useRef<string | null>(null);
  useEffect(() => {
    if (loadedKey.current === watchKey) return undefined;
    const first = loadedKey.current === null;
    loadedKey.current = watchKey;
    if (first || debounceMs <= 0) {
      void reload();
      return undefined;
    }
    const timer = setTimeout(() => void reload(), debounceMs);
    return () => clearTimeout(timer);
  }, [watchKey, debounceMs, reload]);

  // Answers so far (and whether the last one failed): the infinite scroll's promise settles on the next answer.
  const [answers, setAnswers] = useState({ count: 0, failed: false as boolean, error: null as unknown });
  // alova's event registration is itself a hook (it wraps the handler in an effect event): call it during render.
  pagination.onSuccess((event) => {
    onPage?.(event.data as R);
    setAnswers((a) => ({ count: a.count + 1, failed: false, error: null }));
  });
  pagination.onError((event) => {
    setAnswers((a) => ({ count: a.count + 1, failed: true, error: event.error }));
  });
  const pending = useRef<{ after: number; resolve: () => void; reject: (error: unknown) => void } | null>(null);
  useEffect(() => {
    const waiting = pending.current;
    if (!waiting || answers.count <= waiting.after) return;
    pending.current = null;
    if (answers.failed) waiting.reject(answers.error);
    else waiting.resolve();
  }, [answers]);

  const loadMore = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        pending.current = { after: answers.count, resolve, reject };
        update({ page: page + 1 });
      }),
    [answers.count, page, update],
  );

  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The list's distance from the top of the scrolling element, read after the browser has laid the rows out (a read
  // in a layout effect would force that layout inside the commit). Rows are placed relative to it, so until it is read
  // they are drawn in the same place (see the rows' wrapper below).
  useEffect(() => {
    setScrollMargin(listRef.current?.offsetTop ?? 0);
  }, [rows.length]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => estimateSize,
    overscan: 6,
    // No rows, nothing to place: the virtualizer reads the window's size and scroll offset (a forced layout) only once
    // there are rows, so that the first commit of a list's screen (its skeleton) stays free of a layout.
    enabled: rows.length > 0,
    // Let React batch the re-renders of a scroll instead of one synchronous render per scroll event.
    useFlushSync: false,
    scrollMargin,
    measureElement: measureRow,
    getItemKey: (index: number) => {
      const item = rows[index];
      return item === undefined ? index : itemKey(item);
    },
    ...(scrollParent ? boxScrolling(scrollParent) : {}),
  });

  const items = virtualizer.getVirtualItems();
  const firstLoad = (loading && list.length === 0 && !error) || (list.length > 0 && rows.length === 0);
  const failedFirst = Boolean(error) && list.length === 0;

  return (
    <PullToRefresh
      onRefresh={async () => {
        await Promise.all([reload(), onRefresh?.()]);
      }}
    >
      <div className={styles.list} data-testid={testId}>
        {firstLoad && (
          <div aria-busy="true">
            {Array.from({ length: skeletonRows }, (_, i) => (
              <div key={i} className={styles.skeletonRow}>
                <Skeleton.Title animated />
                <Skeleton.Paragraph lineCount={2} animated />
              </div>
            ))}
          </div>
        )}
        {failedFirst && (
          <div className={styles.state} role="alert">
            <p>加载失败</p>
            <Button size="small" color="primary" fill="outline" onClick={() => void reload()}>
              点击重试
            </Button>
          </div>
        )}
        {!firstLoad && !failedFirst && list.length === 0 && <div className={styles.state}>{empty}</div>}
        {rows.length > 0 && (
          <div ref={listRef} className={styles.rows} style={{ height: virtualizer.getTotalSize() }}>
            {/* The rows in view, in flow, moved down to the first one's place: each row sits below the one before
                it whether or not it has been measured yet. */}
            <div
              className={styles.window}
              style={{ transform: `translateY(${(items[0]?.start ?? 0) - virtualizer.options.scrollMargin}px)` }}
            >
              {items.map((row) => {
                const item = rows[row.index];
                if (item === undefined) return null;
                return (
                  <div key={row.key} data-index={row.index} ref={virtualizer.measureElement} className={styles.row}>
                    <RowContent renderItem={renderItem} item={item} index={row.index} />
                  </div>
                );
              })}
            </div>
          </div>
        )}
        {list.length > 0 && (
          <InfiniteScroll loadMore={loadMore} hasMore={hasMore} threshold={100}>
            {(hasMore, failed, retry) =>
              failed ? (
                <span className={styles.retry} role="button" onClick={() => void retry()}>
                  加载失败，点击重试
                </span>
              ) : hasMore ? (
                <span>加载中…</span>
              ) : (
                <span>没有更多了</span>
              )
            }
          </InfiniteScroll>
        )}
      </div>
    </PullToRefresh>
  );
}
