import { pathOf } from '@/config/routes';
import type { Platform } from '@platform/types';

/**
 * The startup sequence of spec §4 as a pure decision (A-shell-home-settlement.md "(startup)"), so that each branch is
 * tested without a browser. boot() carries out the decision.
 */

/** What startup decided. */
export type StartupDecision =
  /** Step 1: outside both apps — show the stop screen and toast; nothing else runs. */
  | { kind: 'outside' }
  /** Steps 2–3: an auth code is known (stored, or just read from the address and to be kept). */
  | { kind: 'run'; authCode: string; keep: boolean }
  /** Step 4: remember the app id and go to the platform's authorisation page. */
  | { kind: 'authorize'; appId: string; url: string };

/** Inputs of the decision. */
export interface StartupInput {
  userAgent: string;
  /** sessionStorage authCode, or null. */
  storedAuthCode: string | null;
  /** location.search of the landing address. */
  search: string;
  /** location.origin; the authorisation returns to origin + '/home'. */
  origin: string;
  platform: Pick<Platform, 'isHost' | 'authCodeParam' | 'authorizeUrl' | 'appId'>;
}

/** The app's home route, where both authorisation pages return (spec §2, §4). */
export const HOME_ROUTE = pathOf('home');

/** Decides startup (spec §4 steps 1–4). */
export function decideStartup(input: StartupInput): StartupDecision {
  if (!input.platform.isHost(input.userAgent)) return { kind: 'outside' };
  if (input.storedAuthCode) return { kind: 'run', authCode: input.storedAuthCode, keep: false };
  const fromAddress = new URLSearchParams(input.search).get(input.platform.authCodeParam);
  if (fromAddress) return { kind: 'run', authCode: fromAddress, keep: true };
  return {
    kind: 'authorize',
    appId: input.platform.appId,
    url: input.platform.authorizeUrl(`${input.origin}${HOME_ROUTE}`),
  };
}
