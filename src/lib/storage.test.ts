import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllStorage, readItem, readJson, removeItem, writeItem, writeJson } from './storage';

/**
 * Failure-tolerant Web Storage (src/lib/storage.ts): the token, permissions and session values live there, private modes
 * and some webviews throw on any access, and a response code of 7 or 2 clears local and session storage (spec
 * "Session invalid"; the session-invalid row of the error catalogue, §8). Nothing here may throw into a screen.
 */

/** Makes `window[which]` throw on access, as a private mode or a locked-down webview does. */
function denyAccess(which: 'localStorage' | 'sessionStorage'): void {
  vi.spyOn(window, which, 'get').mockImplementation(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  });
}

/**
 * Makes `window[which]` a storage whose every call throws (a full quota on writes, a revoked permission on the others),
 * and returns it.
 */
function failingCalls(which: 'localStorage' | 'sessionStorage'): Storage {
  const fail = (name: string) => () => {
    throw new DOMException(`${name} failed`, name === 'setItem' ? 'QuotaExceededError' : 'SecurityError');
  };
  const broken = {
    length: 0,
    key: fail('key'),
    getItem: fail('getItem'),
    setItem: fail('setItem'),
    removeItem: fail('removeItem'),
    clear: fail('clear'),
  } as Storage;
  vi.spyOn(window, which, 'get').mockReturnValue(broken);
  return broken;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('strings', () => {
  it('writes and reads each area apart', () => {
    writeItem('local', 'token', 'L');
    writeItem('session', 'token', 'S');
    expect(localStorage.getItem('token')).toBe('L');
    expect(sessionStorage.getItem('token')).toBe('S');
    expect(readItem('local', 'token')).toBe('L');
    expect(readItem('session', 'token')).toBe('S');
  });

  it('reads null for an absent key, and an empty string as stored', () => {
    expect(readItem('local', 'missing')).toBeNull();
    expect(readItem('session', 'missing')).toBeNull();
    writeItem('local', 'empty', '');
    expect(readItem('local', 'empty')).toBe('');
  });

  it('removes a key from its own area only', () => {
    writeItem('local', 'k', 'L');
    writeItem('session', 'k', 'S');
    removeItem('local', 'k');
    expect(readItem('local', 'k')).toBeNull();
    expect(readItem('session', 'k')).toBe('S');
    removeItem('session', 'k');
    expect(readItem('session', 'k')).toBeNull();
  });
});

describe('JSON', () => {
  it('round-trips a value', () => {
    writeJson('local', 'PERMISSION', ['site:view', 'order:view']);
    expect(localStorage.getItem('PERMISSION')).toBe('["site:view","order:view"]');
    expect(readJson<string[]>('local', 'PERMISSION')).toEqual(['site:view', 'order:view']);
    writeJson('session', 'n', 0);
    expect(readJson<number>('session', 'n')).toBe(0);
  });

  it('reads null for an absent key and for text that is not JSON', () => {
    expect(readJson('local', 'missing')).toBeNull();
    localStorage.setItem('PERMISSION', 'site:view,order:view');
    expect(readJson('local', 'PERMISSION')).toBeNull();
    localStorage.setItem('broken', '{"a":');
    expect(readJson('local', 'broken')).toBeNull();
    localStorage.setItem('empty', '');
    expect(readJson('local', 'empty')).toBeNull();
  });
});

describe('storage that refuses access', () => {
  it('reads null and writes, removes and clears nothing, without throwing', () => {
    localStorage.setItem('token', 'kept');
    denyAccess('localStorage');
    expect(readItem('local', 'token')).toBeNull();
    expect(readJson('local', 'token')).toBeNull();
    expect(() => writeItem('local', 'token', 'new')).not.toThrow();
    expect(() => writeJson('local', 'token', { a: 1 })).not.toThrow();
    expect(() => removeItem('local', 'token')).not.toThrow();
    expect(() => clearAllStorage()).not.toThrow();
    vi.restoreAllMocks();
    expect(localStorage.getItem('token')).toBe('kept');
  });

  it('reads null when reading itself throws', () => {
    localStorage.setItem('token', 'kept');
    const broken = failingCalls('localStorage');
    expect(() => broken.getItem('token')).toThrow('getItem failed');
    expect(readItem('local', 'token')).toBeNull();
    expect(readJson('local', 'token')).toBeNull();
  });

  it('keeps silent when storage is full, when removing throws and when clearing throws', () => {
    const broken = failingCalls('sessionStorage');
    expect(() => broken.setItem('k', 'v')).toThrow('setItem failed');
    expect(() => writeItem('session', 'k', 'v')).not.toThrow();
    expect(() => writeJson('session', 'k', [1])).not.toThrow();
    expect(() => removeItem('session', 'k')).not.toThrow();
    expect(() => clearAllStorage()).not.toThrow();
    vi.restoreAllMocks();
    expect(sessionStorage.getItem('k')).toBeNull();
  });
});

describe('clearAllStorage (session invalid: codes 7 and 2)', () => {
  it('clears local and session storage', () => {
    localStorage.setItem('token', 'L');
    sessionStorage.setItem('authCode', 'S');
    clearAllStorage();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('still clears session storage when local storage refuses access', () => {
    sessionStorage.setItem('authCode', 'S');
    denyAccess('localStorage');
    clearAllStorage();
    expect(sessionStorage.length).toBe(0);
  });

  it('still clears local storage when session storage refuses access', () => {
    localStorage.setItem('token', 'L');
    denyAccess('sessionStorage');
    clearAllStorage();
    expect(localStorage.length).toBe(0);
  });
});
