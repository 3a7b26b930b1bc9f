import { isObservable, reaction } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { Loadable } from './loadable';

/** A fetcher whose answer the test gives when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('Loadable', () => {
  it('is pending from the start, and starting its first load changes nothing its block shows', async () => {
    const answer = deferred<number>();
    const block = new Loadable(() => answer.promise);
    expect(block.pending).toBe(true);
    const seen = vi.fn();
    const dispose = reaction(() => [block.pending, block.data, block.failed] as const, seen);

    const loading = block.load();
    expect(block.loading).toBe(true);
    expect(block.pending).toBe(true);
    expect(seen).not.toHaveBeenCalled();

    answer.resolve(42);
    await expect(loading).resolves.toBe(true);
    expect(block.pending).toBe(false);
    expect(block.data).toBe(42);
    expect(seen).toHaveBeenCalledTimes(1);
    dispose();
  });

  it('a failed first load ends the skeleton: the block shows its failure', async () => {
    const block = new Loadable<number>(() => Promise.reject(new Error('network')));
    await expect(block.load()).resolves.toBe(false);
    expect(block.pending).toBe(false);
    expect(block.failed).toBe(true);
    expect(block.data).toBeNull();
  });

  it('a reload keeps what the block shows until its answer', async () => {
    let next = deferred<number>();
    const block = new Loadable(() => next.promise);
    const first = block.load();
    next.resolve(1);
    await first;

    next = deferred<number>();
    const again = block.load();
    expect(block.pending).toBe(false);
    expect(block.data).toBe(1);
    next.reject(new Error('network'));
    await expect(again).resolves.toBe(false);
    expect(block.pending).toBe(false);
    expect(block.failed).toBe(true);
  });

  it('keeps each answer as it came, and a new answer still re-renders its block', async () => {
    const answers = [{ points: [{ label: '11-24', value: 100 }] }, { points: [{ label: '11-25', value: 200 }] }];
    let call = 0;
    const block = new Loadable(() => Promise.resolve(answers[call++]));
    const seen: unknown[] = [];
    const stop = reaction(
      () => block.data,
      (data) => seen.push(data),
    );
    await block.load();
    // The server's own object: not copied into observable objects and arrays.
    expect(block.data).toBe(answers[0]);
    expect(isObservable(block.data)).toBe(false);
    expect(isObservable(block.data?.points)).toBe(false);
    await block.load();
    expect(seen).toEqual([answers[0], answers[1]]);
    stop();
  });
});
