import { describe, expect, it } from 'vitest';
import { FEATURE_ICONS } from './feature-icons';

describe('FEATURE_ICONS (issue 30: one icon per feature)', () => {
  it('gives no two features the same icon', () => {
    const byIcon = new Map<unknown, string[]>();
    for (const [key, icon] of Object.entries(FEATURE_ICONS))
      byIcon.set(icon.type, [...(byIcon.get(icon.type) ?? []), key]);
    expect([...byIcon.values()].filter((keys) => keys.length > 1)).toEqual([]);
  });
});
