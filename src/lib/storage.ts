/**
 * Thin, failure-tolerant access to Web Storage (private modes and some webviews throw on access). Values are
 * strings as stored; JSON helpers parse and stringify.
 */

/** Which storage: 'local' survives restarts, 'session' lives as long as the embedded page. */
export type StorageArea = 'local' | 'session';

function area(which: StorageArea): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored string, or null when absent or storage is unavailable. */
export function readItem(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a string; silently does nothing when storage is unavailable or full. */
export function writeItem(which: StorageArea, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    /* storage full or unavailable: the value lives in memory only */
  }
}

/** Removes a key. */
export function removeItem(which: StorageArea, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    /* unavailable */
  }
}

/** Parses a stored JSON value; null when absent or not valid JSON. */
export function readJson<T>(which: StorageArea, key: string): T | null {
  const text = readItem(which, key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Stores a value as JSON. */
export function writeJson(which: StorageArea, key: string, value: unknown): void {
  writeItem(which, key, JSON.stringify(value));
}

/** Clears local and session storage (the session-invalid row of the error catalogue, spec §8). */
export function clearAllStorage(): void {
  try {
    area('local')?.clear();
    area('session')?.clear();
  } catch {
    /* unavailable */
  }
}
