import { makeAutoObservable, observable, runInAction } from 'mobx';

/**
 * Double-tap safety of a screen's actions (B-site.md §2, §3: one command per tap, buttons greyed while it runs): an
 * action with a key runs once at a time; a second call with the same key while it runs does nothing. A failure resolves
 * `undefined` instead of rejecting, since the request layer already told the user why. Screens disable their controls
 * while `busy(key)` (or `anyBusy` for a screen with one set of buttons).
 */
export class ActionGuard {
  private readonly running = observable.set<string>();

  constructor() {
    makeAutoObservable(this);
  }

  /** True while the action `key` runs. */
  busy(key: string): boolean {
    return this.running.has(key);
  }

  /** True while any action of this guard runs. */
  get anyBusy(): boolean {
    return this.running.size > 0;
  }

  /** Runs `fn` unless `key` is running; resolves its result, or undefined when skipped or failed. Never rejects. */
  async run<T>(key: string, fn: () => PromiseLike<T>): Promise<T | undefined> {
    if (this.running.has(key)) return undefined;
    this.running.add(key);
    try {
      return await fn();
    } catch {
      // Server and transport errors were told by the request layer.
      return undefined;
    } finally {
      runInAction(() => this.running.delete(key));
    }
  }

  /** Runs a command whose answer does not matter: resolves true when it was done, false when skipped or failed. */
  async done(key: string, fn: () => PromiseLike<unknown>): Promise<boolean> {
    return (
      (await this.run(key, async () => {
        await fn();
        return true;
      })) ?? false
    );
  }
}
