import { describe, expect, it } from 'vitest';
import { ActionGuard } from './action-guard';

describe('ActionGuard (double-tap safety)', () => {
  it('runs an action once at a time and swallows failures the request layer told', async () => {
    const guard = new ActionGuard();
    let release: (v: string) => void = () => undefined;
    const first = guard.run('open', () => new Promise<string>((r) => (release = r)));
    expect(guard.busy('open')).toBe(true);
    expect(guard.anyBusy).toBe(true);
    expect(guard.busy('close')).toBe(false);
    expect(await guard.run('open', () => Promise.resolve('second'))).toBeUndefined();
    release('first');
    expect(await first).toBe('first');
    expect(guard.busy('open')).toBe(false);
    expect(guard.anyBusy).toBe(false);
    expect(await guard.run('open', () => Promise.reject(new Error('x')))).toBeUndefined();
    expect(guard.busy('open')).toBe(false);
  });

  it('done: true when the command went through, false when it failed or was already running', async () => {
    const guard = new ActionGuard();
    expect(await guard.done('cmd', () => Promise.resolve(null))).toBe(true);
    expect(await guard.done('cmd', () => Promise.reject(new Error('设备离线')))).toBe(false);
    let release: () => void = () => undefined;
    const first = guard.done('cmd', () => new Promise<void>((r) => (release = r)));
    expect(await guard.done('cmd', () => Promise.resolve())).toBe(false);
    release();
    expect(await first).toBe(true);
  });
});
