import { pathOf } from '@/config/routes';
import { isPermissionCorrupt } from '@/stores/domain/session';

/**
 * The login gate of spec §4 (A-shell-home-settlement.md "(startup)" step 6), as a pure decision.
 */

/** Paths exempt from the gate: /mine/bind and its register and find-pass pages. */
export function isBindPath(pathname: string): boolean {
  return /^\/mine\/bind(\/|$)/.test(pathname);
}

/** What the gate asks for on a navigation. */
export type GateDecision =
  | { kind: 'pass' }
  /** Go to /mine/bind keeping the query; `clearStorage` when the stored permission was corrupt. */
  | { kind: 'redirect'; to: string; clearStorage: boolean };

/**
 * Decides a navigation: without a stored token every route but the bind pages goes to /mine/bind keeping the query;
 * a stored PERMISSION without a bracket is an invalid session (storage cleared, same redirect; see
 * isPermissionCorrupt for why this never happens after a real login).
 */
export function gate(
  pathname: string,
  search: string,
  token: string | null,
  permissionText: string | null,
): GateDecision {
  if (isBindPath(pathname)) return { kind: 'pass' };
  const to = `${pathOf('bind')}${search}`;
  if (!token) return { kind: 'redirect', to, clearStorage: false };
  if (isPermissionCorrupt(permissionText)) return { kind: 'redirect', to, clearStorage: true };
  return { kind: 'pass' };
}
