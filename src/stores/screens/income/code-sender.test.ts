import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeSender } from './code-sender';

/**
 * The 获取验证码 countdown of the income forms (D-income.md §0.7 "Verification codes": 获取验证码 → 60 s countdown
 * `{n}s后重发`; A-shell-home-settlement.md "Business rules: SMS": 60 s between sends per phone). On vitest's fake
 * timers, never the machine's clock.
 */
describe('CodeSender: 60 s between two codes (D §0.7)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['the server does not say', {}],
    ['the server says 60 s', { resendSeconds: 60 }],
  ])('%s: at 59 s the button still counts down and refuses, at 60 s it sends again', async (_, answer) => {
    const sender = new CodeSender();
    const send = vi.fn(() => Promise.resolve(answer));
    expect(sender.label).toBe('获取验证码');
    expect(await sender.send(send)).toBe(true);
    expect([sender.left, sender.label]).toEqual([60, '60s后重发']);

    await vi.advanceTimersByTimeAsync(59_000);
    expect([sender.left, sender.label]).toEqual([1, '1s后重发']);
    expect(await sender.send(send)).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1_000);
    expect([sender.left, sender.label]).toEqual([0, '获取验证码']);
    expect(await sender.send(send)).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    sender.dispose();
  });
});
