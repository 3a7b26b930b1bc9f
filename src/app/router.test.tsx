import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '@platform/types';
import { RootStore } from '@/stores/root';
import { createAppRouter } from './router';

/**
 * The app's router (src/app/router.tsx) over a small route table: its gate turns the footer navigation on for the tab
 * routes (spec §2, §3) before their screen renders, and for no other route.
 */

vi.mock('./routes', () => {
  const screen = () => Promise.resolve({ default: () => null });
  const routes = [
    { name: 'home', path: '/home', title: '首页', load: screen, keepAlive: true },
    { name: 'site', path: '/site', title: '站点', load: screen, keepAlive: true },
    { name: 'set', path: '/mine/set', title: '设置', load: screen },
  ];
  return {
    HUB_ROUTES: new Set(['home', 'site']),
    NOT_FOUND_TITLE: '页面不存在',
    ROUTES: routes,
    routesMatching: (path: string) => routes.filter((r) => r.path === path.split('?')[0]),
  };
});
vi.mock('./shell', () => ({ Shell: () => null }));
vi.mock('./route-error', () => ({ default: () => null }));

const platform = { name: 'wechat', client: 'r9a_weixin' } as unknown as Platform;

/** A logged-in root store (a token in storage), the router created at `path`, its first navigation done. */
async function routerAt(path: string) {
  window.history.replaceState(null, '', path);
  localStorage.setItem('TOKEN', 't'.repeat(32));
  const root = new RootStore(platform);
  const router = createAppRouter(root);
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  return { root, router };
}

describe('app router', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('turns the footer navigation on when a tab route is opened, before its screen renders', async () => {
    const { root, router } = await routerAt('/site');
    expect(root.ui.footerNav).toBe(true);
    router.dispose();
  });

  it('leaves the flag alone on other routes, and turns it on when a tab is navigated to', async () => {
    const { root, router } = await routerAt('/mine/set');
    expect(router.state.location.pathname).toBe('/mine/set');
    expect(root.ui.footerNav).toBe(false);
    await router.navigate('/home');
    expect(router.state.location.pathname).toBe('/home');
    expect(root.ui.footerNav).toBe(true);
    router.dispose();
  });

  it('does not turn it on for a tab route the login gate sends away', async () => {
    window.history.replaceState(null, '', '/home');
    const root = new RootStore(platform);
    const router = createAppRouter(root);
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    expect(router.state.location.pathname).toBe('/mine/bind');
    expect(root.ui.footerNav).toBe(false);
    router.dispose();
  });
});
