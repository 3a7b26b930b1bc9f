import { MESSAGES, SESSION_INVALID_CODES, SILENT } from '@/config/constants';

/**
 * The error catalogue (spec §8) as pure decisions, so that every row can be tested without a network:
 * how an HTTP answer is classified, and what the user is told.
 */

/** The response envelope of every backend call: `{ code, message | msg, data }` (spec §7). */
export interface Envelope<T = unknown> {
  code: number;
  message?: string;
  msg?: string;
  data: T;
}

/** What one answer means for the app. */
export type Outcome =
  | { kind: 'ok'; data: unknown }
  | { kind: 'network' }
  | { kind: 'session'; code: number; message: string }
  | { kind: 'business'; code: number; message: string };

/** HTTP statuses whose body is read as an envelope; any other status is a network failure (spec §8). */
export const ENVELOPE_STATUSES: readonly number[] = [200, 304, 400];

/** Per-call options of the spec's error handling and of the loading indicator (spec §7, §8). */
export interface CallMeta {
  /** Override of the business-error toast text; the value 2 (SILENT) silences the toast (spec §8). */
  errorText?: string | typeof SILENT;
  /** Business codes this caller handles itself: not toasted, still rejected with an ApiError carrying the code. */
  handles?: readonly number[];
  /** Whether the loading indicator shows while in flight; default true for POST (user actions), false for GET. */
  loading?: boolean;
}

/** Error every failed call rejects with. `code` is the body code (null for network failures). */
export class ApiError extends Error {
  constructor(
    readonly kind: 'network' | 'session' | 'business',
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number';
}

/**
 * Classifies one answer (spec §8): a status outside 200/304/400, or a body that is not an envelope, is a network
 * failure; code 0 succeeds; codes 7 and 2 invalidate the session; any other code is a business error.
 * `message` is the body's message, else its msg, else '' (callers decide the fallback).
 */
export function classifyResponse(status: number, body: unknown): Outcome {
  if (!ENVELOPE_STATUSES.includes(status) || !isEnvelope(body)) return { kind: 'network' };
  if (body.code === 0) return { kind: 'ok', data: body.data };
  const message = body.message || body.msg || '';
  if (SESSION_INVALID_CODES.includes(body.code)) return { kind: 'session', code: body.code, message };
  return { kind: 'business', code: body.code, message };
}

/** The toast of a session-invalid answer: the body's message, else 登录已失效，请重新登录 (spec §8). */
export function sessionToastText(outcome: Extract<Outcome, { kind: 'session' }>): string {
  return outcome.message || MESSAGES.sessionExpired;
}

/**
 * The toast of a business error, or null when it is silenced: a code the caller handles, or the override 2.
 * Otherwise the caller's override text when given, else the body's message (or msg), else a generic text.
 */
export function businessToastText(outcome: Extract<Outcome, { kind: 'business' }>, meta: CallMeta = {}): string | null {
  if (meta.handles?.includes(outcome.code)) return null;
  if (meta.errorText === SILENT) return null;
  if (typeof meta.errorText === 'string' && meta.errorText) return meta.errorText;
  return outcome.message || MESSAGES.businessFallback;
}
