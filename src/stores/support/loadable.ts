import { makeAutoObservable } from 'mobx';

/**
 * The state of one independently loaded block of a screen (a home card, the wallet card ...): its data, whether it
 * is loading, and whether the last load failed (the block then shows `--` rather than stale figures; the request
 * layer already told the user why).
 */
export class Loadable<T> {
  data: T | null = null;
  loading = false;
  failed = false;

  /** @param fetcher resolves with the block's data; rejects on failure (already toasted by the request layer). */
  constructor(private readonly fetcher: () => PromiseLike<T>) {
    makeAutoObservable<Loadable<T>, 'fetcher'>(this, { fetcher: false });
  }

  /** Loads (or reloads) the block; resolves true when it succeeded. Never rejects. */
  async load(): Promise<boolean> {
    this.loading = true;
    try {
      const data = await this.fetcher();
      this.settle(data, false);
      return true;
    } catch {
      this.settle(null, true);
      return false;
    }
  }

  /** True before the first answer (the block shows a skeleton). */
  get pending(): boolean {
    return this.loading && this.data === null && !this.failed;
  }

  private settle(data: T | null, failed: boolean): void {
    this.data = data;
    this.failed = failed;
    this.loading = false;
  }
}
