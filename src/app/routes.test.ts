import { describe, expect, it, vi } from 'vitest';
import { builtRouteOf, isBuilt } from './routes';
import { SCREENS } from './screens';

// The screens' modules are not what these tests are about: each loader answers its own path.
vi.mock('@/pages/income/withdraw', () => ({ default: () => 'withdraw screen' }));

describe('the lazy screen table (src/app/screens.ts) and the startup route table', () => {
  // __SCREEN_NAMES__ is what scripts/screen-names.ts reads from screens.ts, defined here as the build defines it.
  it('the build-time names are exactly the table`s routes, in order', () => {
    expect([...__SCREEN_NAMES__]).toEqual(Object.keys(SCREENS));
  });

  it('a table route is built and loads its screen through the table; an unlisted route is not built', async () => {
    expect(isBuilt('/income/withdraw')).toBe(true);
    const screen = await builtRouteOf('/income/withdraw')?.load?.();
    expect(screen?.default).toBeTypeOf('function');
    expect((screen?.default as () => string)()).toBe('withdraw screen');
    expect(isBuilt('/mine/sim/index')).toBe(false);
  });
});
