import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntryLink, RouteAvailabilityContext, RoutePrefetchContext } from '@/components/route-availability';
import { href } from '@/config/routes';

/**
 * Lazy screens that open at once (issue 14 item 4): entry links ask for their screen to be loaded when the app is
 * idle, each built route once; links to screens not built ask for nothing.
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

  it('entry links ask for the screen they lead to, when it is built', () => {
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
    expect(prefetch).toHaveBeenCalledWith('/mine');
    expect(prefetch).not.toHaveBeenCalledWith('/income');
  });
});
