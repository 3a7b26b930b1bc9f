import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  QUIET_WAIT_MAX_MS,
  afterInteractive,
  installIdleGate,
  openIdleGate,
  requestSettled,
  requestStarted,
  resetIdleForTests,
} from './idle';

/** Idle callbacks the test runs by hand, one at a time (each stands for one idle period of the browser). */
let idleCallbacks: (() => void)[] = [];
function runIdlePeriod(): void {
  idleCallbacks.shift()?.();
}

beforeEach(() => {
  resetIdleForTests();
  idleCallbacks = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => idleCallbacks.push(fn));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetIdleForTests();
});

describe('work after the first screen (src/lib/idle.ts)', () => {
  it('runs at once when no app installed the gate (stores in tests and tools)', async () => {
    const task = vi.fn(() => 7);
    await expect(afterInteractive(task)).resolves.toBe(7);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits for the first screen, then runs one task per idle period, configuration and data before prefetches', async () => {
    installIdleGate();
    const order: string[] = [];
    void afterInteractive(() => order.push('prefetch'), 'prefetch');
    const sdk = afterInteractive(() => {
      order.push('sdk');
      return 'configured';
    });
    void afterInteractive(() => order.push('badges'));
    runIdlePeriod();
    expect(order).toEqual([]); // the first screen is not shown yet: nothing was even scheduled
    openIdleGate();
    expect(order).toEqual([]); // scheduled for the next idle period, not run inside the shell's effect
    runIdlePeriod();
    expect(order).toEqual(['sdk']);
    await expect(sdk).resolves.toBe('configured');
    runIdlePeriod();
    expect(order).toEqual(['sdk', 'badges']);
    runIdlePeriod();
    expect(order).toEqual(['sdk', 'badges', 'prefetch']);
    expect(idleCallbacks).toHaveLength(0);
  });

  it('waits while the app’s requests are in flight (the first screen’s data), then goes on', () => {
    installIdleGate();
    const task = vi.fn();
    requestStarted();
    requestStarted();
    void afterInteractive(task);
    openIdleGate();
    expect(idleCallbacks).toHaveLength(0);
    requestSettled();
    expect(idleCallbacks).toHaveLength(0);
    requestSettled();
    runIdlePeriod();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not wait for ever: a request that never settles holds the queue at most QUIET_WAIT_MAX_MS', () => {
    installIdleGate();
    openIdleGate();
    requestStarted();
    const task = vi.fn();
    void afterInteractive(task);
    vi.advanceTimersByTime(QUIET_WAIT_MAX_MS - 1);
    expect(idleCallbacks).toHaveLength(0);
    vi.advanceTimersByTime(1);
    runIdlePeriod();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('rejects with what the task throws, and goes on with the next task', async () => {
    installIdleGate();
    openIdleGate();
    const failing = afterInteractive(() => {
      throw new Error('no chunk');
    });
    const next = vi.fn();
    void afterInteractive(next);
    runIdlePeriod();
    await expect(failing).rejects.toThrow('no chunk');
    runIdlePeriod();
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('uses a short timer where the webview has no requestIdleCallback', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    installIdleGate();
    openIdleGate();
    const task = vi.fn();
    void afterInteractive(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
