import { makeAutoObservable, observableRef } from 'mobx';

/**
 * The state of one independently loaded block of a screen (a home card, the wallet card ...): its data, whether it
 * is loading, and whether the last load failed (the block then shows `--` rather than stale figures; the request
 * layer already told the user why).
 *
 * A block is `pending` (shows its skeleton) from the moment it exists until its first answer, not only while a load
 * runs: the screen's first render already shows the skeleton, and the load its effect then starts changes nothing the
 * block shows, so it costs no second render (issue 14: every block rendered `--`, then its skeleton, then its data, one
 * synchronous render and layout too many per block on the main thread right after the first paint). A block that is
 * shown must therefore be loaded when it is shown (every store does so on mount, or on the tap that opens it).
 *
 * `data` is the server's answer as it came, observed by reference: an answer replaces the last one whole, and no code
 * changes one in place. MobX's default (deep) would copy every object and array of each answer into observable ones
 * when it arrives, in the task that shows it (issue 14: 11 ms of MobX in /income's curve answer, unthrottled).
 */
export class Loadable<T> {
  data: T | null = null;
  loading = false;
  failed = false;
  /** An answer (data or failure) has come at least once. */
  private answered = false;

  /** @param fetcher resolves with the block's data; rejects on failure (already toasted by the request layer). */
  constructor(private readonly fetcher: () => PromiseLike<T>) {
    makeAutoObservable<Loadable<T>, 'fetcher' | 'answered'>(this, {
      data: observableRef,
      fetcher: false,
      answered: true,
    });
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

  /** True until the first answer (the block shows a skeleton), whether or not a load has started yet. */
  get pending(): boolean {
    return !this.answered && this.data === null;
  }

  private settle(data: T | null, failed: boolean): void {
    this.data = data;
    this.failed = failed;
    this.loading = false;
    this.answered = true;
  }
}
