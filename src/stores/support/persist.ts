import { reaction, toJS } from 'mobx';
import { readJson, writeJson } from '@/lib/storage';

/**
 * Keeps an observable draft in session storage so that it survives a reload within the browser session
 * (spec §3: site draft, old-card draft, withdraw info). Returns the disposer of the reaction.
 * @param read   the fields to persist (observed; a change writes them)
 * @param delayMs debounce of the writes (B-site.md §0.1: 300 ms for the site draft), 0 = immediate
 */
export function persistToSession<T>(key: string, read: () => T, delayMs = 0): () => void {
  return reaction(
    () => toJS(read()),
    (value) => writeJson('session', key, value),
    { delay: delayMs || undefined },
  );
}

/** The stored draft merged over the defaults (unknown keys dropped), or the defaults when none is stored. */
export function restoreFromSession<T extends object>(key: string, defaults: T): T {
  const stored = readJson<Partial<T>>('session', key);
  if (!stored || typeof stored !== 'object') return { ...defaults };
  const out = { ...defaults };
  for (const field of Object.keys(defaults) as (keyof T)[]) {
    if (field in stored && stored[field] !== undefined) out[field] = stored[field] as T[keyof T];
  }
  return out;
}
