import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Platform } from '@platform/types';
import { RootStore, StoreContext } from '@/stores/root';
import { Shell, type RouteHandle } from './shell';

/** The root shell in a memory router (spec §2): title rule, tab bar visibility, upgrade popup with a controlled clock. */

const CUTOFF = 1_536_883_200_000;
const platform = { name: 'wechat', client: 'r9a_weixin' } as unknown as Platform;

function renderShell(path: string, now: number, root = new RootStore(platform)) {
  const page = (text: string) => () => <p>{text}</p>;
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Shell now={() => now} />,
        children: [
          { path: 'home', Component: page('home page'), handle: { title: '首页' } satisfies RouteHandle },
          { path: 'site/add', Component: page('add site'), handle: { title: '添加站点' } satisfies RouteHandle },
          {
            path: 'mine/card/tab/list',
            Component: page('card list'),
            handle: { title: '套餐卡列表' } satisfies RouteHandle,
          },
          { path: 'untitled', Component: page('untitled page') },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <StoreContext.Provider value={root}>
      <RouterProvider router={router} />
    </StoreContext.Provider>,
  );
  return { root, router };
}

describe('root shell', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => cleanup());

  it('shows the upgrade popup at the cutoff, and 我知道了 sets upgradeTips and hides it', async () => {
    renderShell('/home', CUTOFF);
    const button = await screen.findByText('我知道了');
    fireEvent.click(button);
    expect(localStorage.getItem('upgradeTips')).toBe('1');
    await waitFor(() => expect(screen.queryByText('我知道了')).toBeNull());
  });

  it('does not show the upgrade popup after the cutoff or once dismissed', async () => {
    renderShell('/home', CUTOFF + 1);
    await screen.findByText('home page');
    expect(screen.queryByText('我知道了')).toBeNull();
    cleanup();
    localStorage.setItem('upgradeTips', '1');
    renderShell('/home', CUTOFF - 1000);
    await screen.findByText('home page');
    expect(screen.queryByText('我知道了')).toBeNull();
  });

  it('sets the document title from the route, with the cardType rule', async () => {
    renderShell('/mine/card/tab/list?cardType=2', CUTOFF + 1);
    await screen.findByText('card list');
    await waitFor(() => expect(document.title).toBe('站点月卡列表'));
  });

  it('a route without a title shows the default title 充电运营管理平台 (spec §1)', async () => {
    document.title = '';
    renderShell('/untitled', CUTOFF + 1);
    await screen.findByText('untitled page');
    await waitFor(() => expect(document.title).toBe('充电运营管理平台'));
  });

  it('shows the tab bar only with the footer flag, a token and one path segment', async () => {
    const root = new RootStore(platform);
    const { router } = renderShell('/home', CUTOFF + 1, root);
    await screen.findByText('home page');
    expect(document.querySelector('.app-tab-bar')).toBeNull();
    act(() => {
      localStorage.setItem('TOKEN', 't'.repeat(32));
      root.session.reload();
      root.ui.setFooterNav(true);
    });
    await waitFor(() => expect(document.querySelector('.app-tab-bar')).not.toBeNull());
    await act(() => router.navigate('/site/add'));
    await screen.findByText('add site');
    expect(document.querySelector('.app-tab-bar')).toBeNull();
  });

  it('shows the loading indicator 加载中 while the flag is on', async () => {
    const root = new RootStore(platform);
    renderShell('/home', CUTOFF + 1, root);
    await screen.findByText('home page');
    act(() => root.ui.setLoading(true));
    expect(await screen.findByText('加载中')).toBeTruthy();
    act(() => root.ui.setLoading(false));
    await waitFor(() => expect(screen.queryByText('加载中')).toBeNull());
  });
});
