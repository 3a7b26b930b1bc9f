import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { observable, runInAction } from 'mobx';
import { Activity, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { configureHttp, post } from '@/api/http';
import { PagedList } from './paged-list';

/**
 * The shared list (ARCHITECTURE.md "Lists"): pages through the request layer, appends the next page on scroll,
 * shows the empty and the error states, reloads when a watched filter changes.
 */

interface Row {
  id: number;
  name: string;
}

/** A fake backend of `total` rows answering `{ pageNum, pageSize }` with `{ list, total }`. */
function serve(total: number, failFirst = false) {
  const calls: { pageNum: number; pageSize: number; keyword?: string }[] = [];
  let failed = !failFirst;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { pageNum: number; pageSize: number; keyword?: string };
      calls.push(body);
      if (!failed) {
        failed = true;
        return new Response('boom', { status: 500 });
      }
      const rows = Array.from({ length: total }, (_, i) => ({ id: i + 1, name: `${body.keyword ?? '站点'}${i + 1}` }));
      const list = rows.slice((body.pageNum - 1) * body.pageSize, body.pageNum * body.pageSize);
      return new Response(JSON.stringify({ code: 0, data: { list, total } }), { status: 200 });
    }),
  );
  return calls;
}

function List({ keyword = '' }: { keyword?: string }) {
  return (
    <PagedList<Row>
      fetchPage={(pageNum, pageSize) => post('/api/list', { pageNum, pageSize, ...(keyword ? { keyword } : {}) })}
      watch={[keyword]}
      pageSize={5}
      itemKey={(r) => r.id}
      renderItem={(r) => <div>{r.name}</div>}
      empty={<p>还没有站点</p>}
    />
  );
}

describe('PagedList', () => {
  const toasts: string[] = [];
  beforeEach(() => {
    toasts.length = 0;
    configureHttp({
      client: 'alipay',
      getToken: () => null,
      getAuthCode: () => null,
      effects: {
        toast: (text) => toasts.push(text),
        setLoading: () => undefined,
        clearStorage: () => undefined,
        closeWindow: () => undefined,
        schedule: () => undefined,
      },
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('loads page 1, then the next pages until list.length reaches total, then 没有更多了', async () => {
    // happy-dom has no layout: give elements an offsetParent so that the infinite scroll sees its sentinel.
    const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get(this: HTMLElement) {
        return this.parentElement;
      },
    });
    onTestFinished(() => {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, 'offsetParent', descriptor);
    });
    const calls = serve(12);
    // How many pages had been asked for each time the footer said 没有更多了 (alova tells the last page a timer after
    // the page's rows: the footer must not say it in between).
    const saidNoMore: number[] = [];
    const footerWatch = new MutationObserver(() => {
      if (document.body.textContent?.includes('没有更多了')) saidNoMore.push(calls.length);
    });
    footerWatch.observe(document.body, { subtree: true, childList: true, characterData: true });
    onTestFinished(() => footerWatch.disconnect());
    render(<List />);
    await screen.findByText('站点1');
    await waitFor(() => expect(screen.getByText('没有更多了')).toBeTruthy(), { timeout: 3000 });
    expect(calls.map((c) => c.pageNum)).toEqual([1, 2, 3]);
    expect(saidNoMore[0]).toBe(3);
    expect(calls.every((c) => c.pageSize === 5)).toBe(true);
    // The rows of an answer render in a background render (useDeferredValue), just after it arrives.
    expect(await screen.findByText('站点12')).toBeTruthy();
  });

  it('draws a row again when a store value it reads changes, although the list does not render again', async () => {
    serve(2);
    const bound = observable.map<number, number>();
    render(
      <PagedList<Row>
        fetchPage={(pageNum, pageSize) => post('/api/list', { pageNum, pageSize })}
        itemKey={(r) => r.id}
        renderItem={(r) => <div>{`${r.name} 已绑卡 ${bound.get(r.id) ?? '--'} 张`}</div>}
        empty={<p>还没有站点</p>}
      />,
    );
    await screen.findByText('站点1 已绑卡 -- 张');
    act(() => runInAction(() => bound.set(1, 3)));
    await screen.findByText('站点1 已绑卡 3 张');
    expect(screen.getByText('站点2 已绑卡 -- 张')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    serve(0);
    render(<List />);
    await screen.findByText('还没有站点');
  });

  it('shows 加载失败 with a retry after a failed first load, the error told once by the request layer', async () => {
    const calls = serve(3, true);
    render(<List />);
    await screen.findByText('加载失败');
    expect(toasts).toEqual(['网络异常']);
    await act(async () => {
      fireEvent.click(screen.getByText('点击重试'));
    });
    await screen.findByText('站点3');
    expect(calls.length).toBe(2);
  });

  it('reloads from page 1 when a watched value changes', async () => {
    const calls = serve(3);
    const { rerender } = render(<List keyword="" />);
    await screen.findByText('站点1');
    rerender(<List keyword="翠苑" />);
    await screen.findByText('翠苑1');
    expect(calls.at(-1)).toMatchObject({ pageNum: 1, keyword: '翠苑' });
  });

  it('never shows the last rows beside the empty state of a watched value without a match', async () => {
    // 3 rows for no keyword, none for 无此站点.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { keyword?: string };
        const list = body.keyword ? [] : [1, 2, 3].map((id) => ({ id, name: `站点${id}` }));
        return new Response(JSON.stringify({ code: 0, data: { list, total: list.length } }), { status: 200 });
      }),
    );
    const both: string[] = [];
    const watch = new MutationObserver(() => {
      const text = document.body.textContent ?? '';
      if (text.includes('还没有站点') && text.includes('站点1')) both.push(text);
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    onTestFinished(() => watch.disconnect());
    const { rerender } = render(<List keyword="" />);
    await screen.findByText('站点1');
    rerender(<List keyword="无此站点" />);
    await screen.findByText('还没有站点');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('站点1')).toBeNull();
    expect(both).toEqual([]);
  });

  it('lists the rows of a list that scrolls inside a box of its own (scrollParent)', async () => {
    serve(3);
    function Boxed() {
      const box = useRef<HTMLDivElement | null>(null);
      // happy-dom has no layout: give the box the height a browser would.
      const attach = (el: HTMLDivElement | null) => {
        if (el) Object.defineProperties(el, { clientHeight: { value: 400 }, clientWidth: { value: 360 } });
        box.current = el;
      };
      return (
        <div ref={attach} style={{ position: 'relative', height: 400, overflowY: 'auto' }}>
          <PagedList<Row>
            scrollParent={box}
            fetchPage={(pageNum, pageSize) => post('/api/list', { pageNum, pageSize })}
            pageSize={5}
            itemKey={(r) => r.id}
            renderItem={(r) => <div>{r.name}</div>}
            empty={<p>还没有站点</p>}
          />
        </div>
      );
    }
    render(<Boxed />);
    await screen.findByText('站点1');
    expect(screen.getByText('站点3')).toBeTruthy();
  });

  it('does not reload when a screen kept alive by Activity is shown again', async () => {
    const calls = serve(3);
    const view = (mode: 'visible' | 'hidden') => (
      <Activity mode={mode}>
        <List keyword="" />
      </Activity>
    );
    const { rerender } = render(view('visible'));
    await screen.findByText('站点1');
    rerender(view('hidden'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    rerender(view('visible'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(calls).toHaveLength(1);
    expect(screen.getByText('站点3')).toBeTruthy();
  });
  it('measures its rows by the ResizeObserver, after the browser’s layout, never by a read while they are committed', async () => {
    serve(3);
    // ResizeObservers whose answers the test gives: the virtualizer's is the one that observes the rows.
    const observers: { callback: (entries: ResizeObserverEntry[]) => void; rows: Element[] }[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        private readonly own: (typeof observers)[number];
        constructor(callback: (entries: ResizeObserverEntry[]) => void) {
          this.own = { callback, rows: [] };
          observers.push(this.own);
        }
        observe(element: Element) {
          if (element instanceof HTMLElement && element.dataset.index !== undefined) this.own.rows.push(element);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const reads = { offsetHeight: 0 };
    const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        if (this.dataset.index !== undefined) reads.offsetHeight += 1;
        return 0;
      },
    });
    onTestFinished(() => {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', descriptor);
    });
    render(
      <PagedList<Row>
        fetchPage={(pageNum, pageSize) => post('/api/list', { pageNum, pageSize })}
        estimateSize={96}
        itemKey={(r) => r.id}
        renderItem={(r) => <div>{r.name}</div>}
        empty={<p>还没有站点</p>}
      />,
    );
    await screen.findByText('站点3');
    const rows = [...document.querySelectorAll<HTMLElement>('[data-index]')];
    expect(rows.map((row) => row.textContent)).toEqual(['站点1', '站点2', '站点3']);
    // One wrapper holds the rows in flow: no row is placed by a transform of its own.
    expect(new Set(rows.map((row) => row.parentElement)).size).toBe(1);
    expect(rows.every((row) => row.style.transform === '')).toBe(true);
    expect(reads.offsetHeight).toBe(0);
    // Until measured the list is as tall as the estimates; the observer's sizes then make it 3 × 40 px.
    const list = rows[0]?.parentElement?.parentElement as HTMLElement;
    expect(list.style.height).toBe('288px');
    const observer = observers.find((o) => o.rows.length > 0);
    expect(observer?.rows).toHaveLength(3);
    act(() =>
      observer?.callback(
        observer.rows.map(
          (target) =>
            ({ target, borderBoxSize: [{ blockSize: 40, inlineSize: 390 }] }) as unknown as ResizeObserverEntry,
        ),
      ),
    );
    await waitFor(() => expect(list.style.height).toBe('120px'));
    expect(reads.offsetHeight).toBe(0);
  });
});
