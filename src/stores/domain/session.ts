import { makeAutoObservable } from 'mobx';
import type { ExtendPermission, LoginResult } from '@/api/user';
import { STORAGE_KEYS } from '@/config/constants';
import { readItem, removeItem, writeItem } from '@/lib/storage';

/**
 * The session values of spec §3: TOKEN, PERMISSION and ExtendPermission in local storage, the platform auth code in
 * session storage. Storage is the source of truth (the request layer's session-invalid row clears it wholesale),
 * the store mirrors it for observers.
 */
export class SessionStore {
  token: string | null = readItem('local', STORAGE_KEYS.token);
  permissionText: string | null = readItem('local', STORAGE_KEYS.permission);
  extendPermissionText: string | null = readItem('local', STORAGE_KEYS.extendPermission);
  authCode: string | null = readItem('session', STORAGE_KEYS.authCode);

  constructor() {
    makeAutoObservable(this);
  }

  /** True when a token is stored (the login gate, spec §4). */
  get loggedIn(): boolean {
    return Boolean(this.token);
  }

  /** Permission codes of the account (parsed PERMISSION); [] when absent or unreadable. */
  get permissions(): string[] {
    if (!this.permissionText) return [];
    try {
      const value: unknown = JSON.parse(this.permissionText);
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  }

  /** Parsed ExtendPermission, or null. */
  get extendPermission(): ExtendPermission | null {
    if (!this.extendPermissionText) return null;
    try {
      return JSON.parse(this.extendPermissionText) as ExtendPermission;
    } catch {
      return null;
    }
  }

  /** True when the account holds the permission code (entities.md §1 Account "Permission codes"). */
  can(code: string): boolean {
    return this.permissions.includes(code);
  }

  /** Re-reads storage (after something outside the store cleared or wrote it). */
  reload(): void {
    this.token = readItem('local', STORAGE_KEYS.token);
    this.permissionText = readItem('local', STORAGE_KEYS.permission);
    this.extendPermissionText = readItem('local', STORAGE_KEYS.extendPermission);
    this.authCode = readItem('session', STORAGE_KEYS.authCode);
  }

  /** Keeps the platform auth code for the session (spec §4 startup step 3). */
  setAuthCode(code: string): void {
    writeItem('session', STORAGE_KEYS.authCode, code);
    this.authCode = code;
  }

  /**
   * After the silent login refused the session's auth code (unknown, used or expired; issue 12): forgets the code and
   * returns true, so that the app fetches a fresh one from the authorisation page — once per browser session (the
   * second refusal returns false and keeps the code, which may still bind the login within its session).
   */
  startReauthorization(): boolean {
    if (readItem('session', STORAGE_KEYS.authRetried)) return false;
    writeItem('session', STORAGE_KEYS.authRetried, '1');
    removeItem('session', STORAGE_KEYS.authCode);
    this.authCode = null;
    return true;
  }

  /** Stores a successful login (A §2 step 5): TOKEN, PERMISSION = JSON array, ExtendPermission = JSON object. */
  applyLogin(result: LoginResult): void {
    const permissionText = JSON.stringify(result.permission);
    const extendText = JSON.stringify(result.extendPermission);
    writeItem('local', STORAGE_KEYS.token, result.token);
    writeItem('local', STORAGE_KEYS.permission, permissionText);
    writeItem('local', STORAGE_KEYS.extendPermission, extendText);
    this.token = result.token;
    this.permissionText = permissionText;
    this.extendPermissionText = extendText;
  }

  /**
   * Writes a new signStatus into the stored ExtendPermission (D-income.md §5 sign-agree "writes localStorage
   * ExtendPermission.signStatus"); nothing when no ExtendPermission is stored.
   */
  setSignStatus(signStatus: 0 | 1 | 2 | 3): void {
    const current = this.extendPermission;
    if (!current || current.signStatus === signStatus) return;
    const extendText = JSON.stringify({ ...current, signStatus });
    writeItem('local', STORAGE_KEYS.extendPermission, extendText);
    this.extendPermissionText = extendText;
  }

  /** Forgets the login (find-pass success, A §2): TOKEN, PERMISSION and ExtendPermission removed. */
  clearLogin(): void {
    removeItem('local', STORAGE_KEYS.token);
    removeItem('local', STORAGE_KEYS.permission);
    removeItem('local', STORAGE_KEYS.extendPermission);
    this.token = null;
    this.permissionText = null;
    this.extendPermissionText = null;
  }
}

/**
 * The permission check of spec §4: "a stored permission value lacking a bracket is treated as an invalid session".
 * Every login stores PERMISSION as JSON.stringify(array), which always starts with '[', so for a real login this
 * never triggers — the spec itself says the check "has effectively no effect"; it only catches a corrupt or
 * hand-edited store. Absent PERMISSION is not this case (that is simply "not logged in").
 */
export function isPermissionCorrupt(permissionText: string | null): boolean {
  return permissionText !== null && !permissionText.includes('[');
}
