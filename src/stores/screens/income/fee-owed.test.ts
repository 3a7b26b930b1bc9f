import { describe, expect, it } from 'vitest';
import { openedFor, toggleOldestFirst } from './fee-owed';

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

describe('openedFor (D-income.md §3: the screen opened for one item checks it and the older ones of its list)', () => {
  const ids = [11, 12, 13, 14];
  it('checks every item without an id, the item and the older ones with one, nothing decided for an unknown id', () => {
    expect([...(openedFor(ids, undefined) ?? [])]).toEqual(ids);
    expect([...(openedFor(ids, 13) ?? [])]).toEqual([11, 12, 13]);
    expect([...(openedFor(ids, 11) ?? [])]).toEqual([11]);
    expect(openedFor(ids, 99)).toBeNull();
  });
});
