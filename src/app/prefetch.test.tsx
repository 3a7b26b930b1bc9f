import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { EntryLink, RouteAvailabilityContext, RoutePrefetchContext } from '@/components/route-availability';
import { href } from '@/config/routes';

/**
 * Lazy screens that open at once (issue 14 item 4): the tab bar's screens load when the app is idle, an entry link's
 * screen when the link is pressed, focused or hovered; each built route once; links to screens not built ask for
 * nothing.
 */

const loads = vi.hoisted(() => ({ mine: vi.fn(), income: vi.fn() }));
vi.mock('./routes', () => {
  const routes = [
    { name: 'mine', path: '/mine', title: '我的', load: loads.mine },
    { name: 'income', path: '/income', title: '收入', load: loads.income },
  ];
  return {
    builtRouteOf: (path: string) => routes.find((r) => r.path === path.split('?')[0]) ?? null,
  };
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('route prefetch (src/app/prefetch.ts)', () => {
  it('loads a built route once, however many links lead to it; nothing for a route not built', async () => {
    const { prefetchRoute } = await import('./prefetch');
    loads.mine.mockResolvedValue({ default: () => null });
    prefetchRoute('/mine');
    prefetchRoute('/mine?isShowModal=1');
    prefetchRoute('/nowhere');
    await Promise.resolve();
    expect(loads.mine).toHaveBeenCalledTimes(1);
    expect(loads.income).not.toHaveBeenCalled();
  });

  it('tries again on a later link when the chunk failed to load', async () => {
    const { prefetchRoute } = await import('./prefetch');
    loads.income.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: () => null });
    prefetchRoute('/income');
    await new Promise((resolve) => setTimeout(resolve, 0));
    prefetchRoute('/income');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads.income).toHaveBeenCalledTimes(2);
  });

  it('idle: waits for the first screen and an idle period; intent: loads at once, and only once', async () => {
    // A fresh module (no route loaded yet) and the idle queue it uses.
    vi.resetModules();
    const { prefetchRoute } = await import('./prefetch');
    const { installIdleGate, openIdleGate, resetIdleForTests } = await import('@/lib/idle');
    onTestFinished(resetIdleForTests);
    loads.mine.mockResolvedValue({ default: () => null });
    loads.income.mockResolvedValue({ default: () => null });
    installIdleGate();
    prefetchRoute('/mine');
    prefetchRoute('/income');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads.mine).not.toHaveBeenCalled();
    prefetchRoute('/income', 'intent');
    expect(loads.income).toHaveBeenCalledTimes(1);
    openIdleGate();
    await vi.waitFor(() => expect(loads.mine).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(loads.income).toHaveBeenCalledTimes(1);
  });

  it('entry links ask for the screen they lead to when pressed, focused or hovered, not before', () => {
    const prefetch = vi.fn();
    const built = (path: string) => path.startsWith('/mine');
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <RouteAvailabilityContext.Provider value={built}>
            <RoutePrefetchContext.Provider value={prefetch}>
              <EntryLink to={href('mine')}>我的</EntryLink>
              <EntryLink to={href('income')}>收入</EntryLink>
            </RoutePrefetchContext.Provider>
          </RouteAvailabilityContext.Provider>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(prefetch).not.toHaveBeenCalled();
    const link = screen.getByRole('link', { name: '我的' });
    fireEvent.pointerDown(link);
    expect(prefetch).toHaveBeenLastCalledWith('/mine');
    fireEvent.focus(link);
    fireEvent.mouseEnter(link);
    expect(prefetch).toHaveBeenCalledTimes(3);
    fireEvent.pointerDown(screen.getByText('收入'));
    expect(prefetch).not.toHaveBeenCalledWith('/income');
  });
});
