import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { scrollRegion, useScrollRegions } from './scroll-region';

/** Scrolling regions take keyboard focus and have a name (issue 15; axe scrollable-region-focusable). */
describe('scroll regions', () => {
  afterEach(cleanup);

  it('a box the app renders: focusable, a group, named', () => {
    render(<div {...scrollRegion('站点列表')}>甲站</div>);
    const region = screen.getByRole('group', { name: '站点列表' });
    expect(region.tabIndex).toBe(0);
  });

  /** A library's boxes: one there at first, one mounting later, one outside the selector. */
  function Levels({ active, levels }: { active: boolean; levels: number }) {
    useScrollRegions(active, '.level', '所在地区选项');
    return (
      <>
        {Array.from({ length: levels }, (_, i) => (
          <div key={i} className="level" data-testid={`level-${i}`} />
        ))}
        <div className="other" data-testid="other" />
      </>
    );
  }

  it('boxes a library renders: marked while active, also those that mount later; nothing else', async () => {
    const { rerender } = render(<Levels active={false} levels={1} />);
    expect(screen.getByTestId('level-0').hasAttribute('tabindex')).toBe(false);
    rerender(<Levels active levels={1} />);
    expect(screen.getByTestId('level-0').tabIndex).toBe(0);
    rerender(<Levels active levels={2} />);
    await waitFor(() => expect(screen.getAllByRole('group', { name: '所在地区选项' })).toHaveLength(2));
    expect(screen.getByTestId('other').hasAttribute('tabindex')).toBe(false);
    // Inactive, the observer is gone: a level mounting now stays as the library made it.
    rerender(<Levels active={false} levels={3} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('level-2').hasAttribute('tabindex')).toBe(false);
  });
});
