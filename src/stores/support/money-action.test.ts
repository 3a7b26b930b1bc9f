import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/outcome';
import { MoneyAction } from './money-action';

describe('MoneyAction (D-income.md §0.5)', () => {
  it('keeps the requestId across a network failure and renews it after an answer', async () => {
    const action = new MoneyAction();
    const first = action.requestId;
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    const sent: string[] = [];
    await action.run(async (id) => {
      sent.push(id);
      throw new ApiError('network', null, '网络异常');
    });
    expect(action.requestId).toBe(first);
    expect(await action.run(async (id) => (sent.push(id), 'ok'))).toBe('ok');
    expect(sent).toEqual([first, first]);
    expect(action.requestId).not.toBe(first);
  });

  it('renews the requestId after a business refusal, and ignores taps while a submission runs', async () => {
    const action = new MoneyAction();
    const first = action.requestId;
    await action.run(async () => {
      throw new ApiError('business', 1, '卡片当前状态不可充值');
    });
    expect(action.requestId).not.toBe(first);
    let release: (v: string) => void = () => undefined;
    let calls = 0;
    const running = action.run(
      () =>
        new Promise<string>((resolve) => {
          calls += 1;
          release = resolve;
        }),
    );
    expect(action.busy).toBe(true);
    const taps = await Promise.all(Array.from({ length: 19 }, () => action.run(async () => 'again')));
    expect(taps.every((t) => t === undefined)).toBe(true);
    release('done');
    expect(await running).toBe('done');
    expect(calls).toBe(1);
    expect(action.busy).toBe(false);
  });

  it('with a confirmation, is busy from the first tap: one dialog, one call, none after a cancel', async () => {
    const action = new MoneyAction();
    let dialogs = 0;
    let answer: (ok: boolean) => void = () => undefined;
    const ask = () =>
      new Promise<boolean>((resolve) => {
        dialogs += 1;
        answer = resolve;
      });
    let calls = 0;
    const call = async () => {
      calls += 1;
      return 'sent';
    };
    const first = action.run(call, ask);
    const taps = await Promise.all(Array.from({ length: 19 }, () => action.run(call, ask)));
    expect(taps.every((t) => t === undefined)).toBe(true);
    expect(dialogs).toBe(1);
    answer(true);
    expect(await first).toBe('sent');
    expect(calls).toBe(1);
    const cancelled = action.run(call, ask);
    answer(false);
    expect(await cancelled).toBeUndefined();
    expect(calls).toBe(1);
    expect(action.busy).toBe(false);
  });

  it('says it is sending only once the dialog is confirmed, until the answer', async () => {
    const action = new MoneyAction();
    let answer: (ok: boolean) => void = () => undefined;
    let release: (v: string) => void = () => undefined;
    const running = action.run(
      () =>
        new Promise<string>((resolve) => {
          release = resolve;
        }),
      () =>
        new Promise<boolean>((resolve) => {
          answer = resolve;
        }),
    );
    expect(action).toMatchObject({ busy: true, sending: false });
    answer(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(action).toMatchObject({ busy: true, sending: true });
    release('done');
    expect(await running).toBe('done');
    expect(action).toMatchObject({ busy: false, sending: false });
    const cancelled = action.run(
      async () => 'never',
      async () => false,
    );
    expect(action.sending).toBe(false);
    expect(await cancelled).toBeUndefined();
  });
});
