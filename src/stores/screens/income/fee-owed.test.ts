import { describe, expect, it } from 'vitest';
import { toggleOldestFirst } from './fee-owed';

describe('toggleOldestFirst (D-income.md §3: the oldest-first rule, 2031)', () => {
  const ids = [11, 12, 13, 14];

  it('checking an item checks every older one', () => {
    expect([...toggleOldestFirst(ids, new Set(), 2)].sort()).toEqual([11, 12, 13]);
  });

  it('unchecking an item unchecks every newer one and keeps the older ones', () => {
    expect([...toggleOldestFirst(ids, new Set(ids), 1)].sort()).toEqual([11]);
  });

  it('an index outside the list changes nothing', () => {
    expect([...toggleOldestFirst(ids, new Set([11]), 9)]).toEqual([11]);
  });
});
