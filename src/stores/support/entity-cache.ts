import { action, makeAutoObservable, makeObservable, observable, runInAction } from 'mobx';
import { ApiError } from '@/api/outcome';

/**
 * Domain objects cached once for the whole app (ARCHITECTURE.md "How the code grows"; the Outline model): a site, a
 * card, an account … is fetched by id into one EntityCache of a domain store of the root store, and every screen that
 * shows it reads it there. A change made anywhere (`invalidate`) refetches the object and bumps its version, so that
 * every screen showing it follows without a reload call of its own, and bumps `changes`, so that kept lists of such
 * objects reload when shown again.
 */

/** Outcome of a load: loaded, refused by the server (unknown or not visible: code ≠ 0, already toasted), or failed. */
export type LoadOutcome = 'ok' | 'missing' | 'failed';

/** The read side of an independently loaded block, shared by Loadable and EntityHandle. */
export interface LoadableLike<T> {
  /** The data, or null before the first answer (or after a refusal). */
  readonly data: T | null;
  /** True while loading. */
  readonly loading: boolean;
  /** True when the last load failed (the block shows `--` or 加载失败; the request layer already told why). */
  readonly failed: boolean;
  /** True before the first answer (the block shows a skeleton). */
  readonly pending: boolean;
  /** Loads (or reloads); resolves true on success. Never rejects. */
  load(): Promise<boolean>;
}

/** The cached state of one object. */
class Entry<T> {
  data: T | null = null;
  loading = false;
  failed = false;
  /** Bumped each time the object is invalidated. */
  version = 0;

  constructor() {
    makeAutoObservable(this);
  }
}

/**
 * A cache of one kind of domain object by id.
 * @typeParam K the id (number or string)
 * @typeParam T the object as the server answers it
 */
export class EntityCache<K extends number | string, T> {
  private readonly entries = observable.map<K, Entry<T>>({}, { deep: false });
  private readonly inflight = new Map<K, Promise<LoadOutcome>>();
  /** Bumped by every invalidate and forget: kept lists of these objects reload when shown again. */
  changes = 0;

  /** @param fetcher reads one object from the server; rejects with an ApiError (already toasted by the request layer) */
  constructor(private readonly fetcher: (id: K) => PromiseLike<T>) {
    // makeObservable (not makeAutoObservable): a domain store may extend the cache.
    makeObservable(this, { changes: observable, invalidate: action, forget: action });
  }

  private entry(id: K): Entry<T> {
    let entry = this.entries.get(id);
    if (!entry) {
      entry = new Entry<T>();
      const created = entry;
      runInAction(() => this.entries.set(id, created));
    }
    return entry;
  }

  /** The cached object, or null before it was loaded (observable: a screen rendering it follows every change). */
  get(id: K): T | null {
    return this.entries.get(id)?.data ?? null;
  }

  /** The object's version: bumped by each invalidate (a screen can refresh what it derives from the object). */
  versionOf(id: K): number {
    return this.entries.get(id)?.version ?? 0;
  }

  /**
   * Loads (or reloads) an object; concurrent loads of one id share one request. Resolves 'missing' when the server
   * refused it (business code: unknown or not visible to the caller), 'failed' on a transport failure. Never rejects.
   */
  load(id: K): Promise<LoadOutcome> {
    const running = this.inflight.get(id);
    if (running) return running;
    const entry = this.entry(id);
    runInAction(() => {
      entry.loading = true;
    });
    const done = (async (): Promise<LoadOutcome> => {
      try {
        const data = await this.fetcher(id);
        runInAction(() => {
          entry.data = data;
          entry.failed = false;
          entry.loading = false;
        });
        return 'ok';
      } catch (error) {
        const missing = error instanceof ApiError && error.kind === 'business';
        runInAction(() => {
          if (missing) entry.data = null;
          entry.failed = true;
          entry.loading = false;
        });
        return missing ? 'missing' : 'failed';
      } finally {
        this.inflight.delete(id);
      }
    })();
    this.inflight.set(id, done);
    return done;
  }

  /**
   * After a change to an object (or, without `id`, to the set of objects: one was added): bumps `changes`, and for an
   * object loaded before bumps its version and refetches it, so that every screen showing it follows. Resolves when
   * the refetch settled.
   */
  async invalidate(id?: K): Promise<void> {
    this.changes += 1;
    if (id === undefined) return;
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.version += 1;
    await this.load(id);
  }

  /** After an object was deleted: forgets it and bumps `changes`. */
  forget(id: K): void {
    this.entries.delete(id);
    this.changes += 1;
  }

  /** A Loadable-like view of one object (data, pending, failed, load), for a screen store's blocks. */
  handle(id: K): LoadableLike<T> {
    return new EntityHandle(this, id);
  }

  /** True while the object is loading. */
  loadingOf(id: K): boolean {
    return this.entries.get(id)?.loading ?? false;
  }

  /** True when the object's last load failed. */
  failedOf(id: K): boolean {
    return this.entries.get(id)?.failed ?? false;
  }
}

/** One object of an EntityCache seen as a Loadable (see EntityCache.handle). */
class EntityHandle<K extends number | string, T> implements LoadableLike<T> {
  constructor(
    private readonly cache: EntityCache<K, T>,
    readonly id: K,
  ) {}

  get data(): T | null {
    return this.cache.get(this.id);
  }

  get loading(): boolean {
    return this.cache.loadingOf(this.id);
  }

  get failed(): boolean {
    return this.cache.failedOf(this.id);
  }

  get pending(): boolean {
    return this.data === null && !this.failed;
  }

  async load(): Promise<boolean> {
    return (await this.cache.load(this.id)) === 'ok';
  }
}
