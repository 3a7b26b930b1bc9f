import { describe, expect, it, vi } from 'vitest';
import { ROUTE_TABLE } from '@/config/routes';
import { HUB_ROUTES, builtRouteOf, isBuilt, routesMatching } from './routes';
import { SCREENS } from './screens';

// The screens' modules are not what these tests are about: each loader answers its own path.
vi.mock('@/pages/income/withdraw', () => ({ default: () => 'withdraw screen' }));

describe('the lazy screen table (src/app/screens.ts) and the startup route table', () => {
  // __UNBUILT_ROUTES__ is what scripts/screen-names.ts computes from screens.ts, defined here as the build defines it.
  it('the lines the build reads are the table`s routes, and the unbuilt routes are exactly those without a screen', () => {
    const hubs = ['root', 'home', 'site', 'mine', 'income'];
    const withoutScreen = Object.keys(ROUTE_TABLE).filter((name) => !(name in SCREENS) && !hubs.includes(name));
    expect([...__UNBUILT_ROUTES__]).toEqual(withoutScreen);
    for (const name of hubs) expect(__UNBUILT_ROUTES__).not.toContain(name);
  });

  it('a table route is built and loads its screen through the table; an unlisted route is not built', async () => {
    expect(isBuilt('/income/withdraw')).toBe(true);
    const screen = await builtRouteOf('/income/withdraw')?.load?.();
    expect(screen?.default).toBeTypeOf('function');
    expect((screen?.default as () => string)()).toBe('withdraw screen');
    expect(isBuilt('/mine/no-such-screen')).toBe(false);
  });

  it('routesMatching gives the top-level route the router adds for a path: a layout for its child, none for an unbuilt path', () => {
    expect(routesMatching('/income/withdraw').map((r) => r.name)).toEqual(['withdraw']);
    // a layout's child brings its layout, with the layout's children
    const [layout] = routesMatching(`${ROUTE_TABLE.facilityList.path}?id=1`);
    expect(layout?.name).toBe('siteInfo');
    expect(layout?.children?.map((c) => c.name)).toContain('facilityList');
    // a parameter segment matches any value
    expect(routesMatching('/income/list/detail/42').map((r) => r.name)).toEqual(['incomeListDetail']);
    expect(routesMatching('/mine/no-such-screen')).toEqual([]);
    // the hubs the router starts with are the root and the tab bar's four
    expect([...HUB_ROUTES].sort()).toEqual(['home', 'income', 'mine', 'root', 'site']);
  });
});
