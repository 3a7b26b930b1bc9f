import { createHash } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { z } from 'zod';
import { BizError, INVALID } from '../http/envelope';
import { one, type Db } from '../lib/db';

/**
 * Exactly once for money actions (D-income.md §0.5; entities.md §6 IdempotencyRecord): withdrawApply, aliPayment /
 * wxPayment, applyKyb, bindBank, unBindBank, updateThenAddAutoWithdraw, exports … carry a `requestId` (32 hex chars,
 * created when the form opens, kept across a timeout). The sandbox keeps (account, action, requestId) for 24 h and
 * answers a repeat with the first result — the same data, or the same business error — without acting again,
 * including repeats that arrive while the first is still running. Use with the wallet's moves (domain/wallet.ts),
 * which lock the wallet row, so that two different requests can never overdraw it.
 */

/** How long a result is kept (ms). */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

const REQUEST_ID = /^[0-9a-fA-F]{32}$/;
/** Message of a missing or malformed requestId. */
export const REQUEST_ID_MESSAGE = 'requestId 须为32位十六进制字符串';

/** The body field of a money action: 32 hex characters (src/lib/nonce.ts makes them in the app). */
export const requestIdRule = z.string({ error: REQUEST_ID_MESSAGE }).regex(REQUEST_ID, REQUEST_ID_MESSAGE);

/**
 * What a money action is deduplicated by: the calling account (`accountId`: the account that sent the request, a
 * sub-account's own id, not its operator's: two accounts never get each other's answer), `action` naming the call
 * (e.g. 'withdrawApply'), the `requestId`, and the request's `body`, whose fingerprint is kept with the result.
 */
export interface IdempotencyKey {
  accountId: number;
  action: string;
  requestId: string;
  /** The request as it arrived (requestId aside): a repeat must carry the same, else it is refused (REUSED_MESSAGE). */
  body: unknown;
}

/** Message of a requestId sent again with another body (code 1: the client renews its requestId on it). */
export const REUSED_MESSAGE = '请求编号已用于另一笔不同的请求，请重新提交';

/** JSON with the object keys sorted at every level, undefined fields left out (as JSON carries them). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The fingerprint of a request's body: SHA-256 (hex) of its canonical JSON without the requestId. */
export function fingerprintOf(body: unknown): string {
  const rest =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([k]) => k !== 'requestId'))
      : body;
  return createHash('sha256').update(canonical(rest)).digest('hex');
}

/** A stored first result: the envelope's code, message and data. */
interface Stored {
  code: number;
  message: string;
  data: unknown;
}

/** Actions in progress, per database (a repeat arriving meanwhile waits for the same promise). */
const inFlight = new WeakMap<PGlite, Map<string, { work: Promise<unknown>; fingerprint: string }>>();

async function remember(db: Db, key: IdempotencyKey, fingerprint: string, result: Stored, now: number): Promise<void> {
  await db.query('delete from idempotency_record where create_time <= $1', [now - IDEMPOTENCY_TTL_MS]);
  await db.query(
    `insert into idempotency_record (account_id, action, request_id, fingerprint, response_json, create_time,
       update_time)
     values ($1, $2, $3, $4, $5, $6, $6)
     on conflict (account_id, action, request_id) do update
       set fingerprint = excluded.fingerprint, response_json = excluded.response_json,
         create_time = excluded.create_time, update_time = excluded.update_time`,
    [key.accountId, key.action, key.requestId, fingerprint, JSON.stringify(result), now],
  );
}

function replay<T>(stored: Stored): T {
  if (stored.code !== 0) throw new BizError(stored.code, stored.message);
  return stored.data as T;
}

/**
 * Runs a money action at most once per (accountId, action, requestId) within 24 h and returns its result (data as
 * JSON would carry it). A repeat — later or concurrent — with the same body gets the first result: the same data, or
 * the same BizError. The same requestId with another body (another amount, card or code) is refused with
 * BizError(1, REUSED_MESSAGE), and nothing is done (issue 31 fault 3).
 *
 * - `act(tx)` runs in one transaction (the whole action or nothing) and the result is stored in that same transaction,
 *   so an acknowledged action is never repeated. Inside `act` use `tx` only (domain/wallet.ts for every balance check
 *   and move; consumeSmsCode for the SMS code).
 * - `prepare()` runs first, outside the transaction, for checks whose own effects must stay even when the action then
 *   fails — checkSmsCode counts a wrong code that way.
 * - A BizError from either is the request's definitive answer: it is stored (and rethrown) like a success. Any other
 *   error (a bug) is rethrown and not stored; the transaction rolled back, so a retry acts afresh.
 *
 * Throws BizError(1) when requestId is not 32 hex characters.
 */
export async function exactlyOnce<T>(
  db: PGlite,
  key: IdempotencyKey,
  now: number,
  act: (tx: Transaction) => Promise<T>,
  prepare?: () => Promise<void>,
): Promise<T> {
  if (typeof key.requestId !== 'string' || !REQUEST_ID.test(key.requestId)) {
    throw new BizError(INVALID, REQUEST_ID_MESSAGE);
  }
  const k = { ...key, requestId: key.requestId.toLowerCase() };
  const fingerprint = fingerprintOf(key.body);
  const id = `${k.accountId}|${k.action}|${k.requestId}`;
  let running = inFlight.get(db);
  if (!running) {
    running = new Map();
    inFlight.set(db, running);
  }
  const existing = running.get(id);
  if (existing) {
    if (existing.fingerprint !== fingerprint) throw new BizError(INVALID, REUSED_MESSAGE);
    return existing.work as Promise<T>;
  }

  const work = (async (): Promise<T> => {
    const stored = await one<{ responseJson: Stored; fingerprint: string }>(
      db,
      `select response_json, fingerprint from idempotency_record
       where account_id = $1 and action = $2 and request_id = $3 and create_time > $4`,
      [k.accountId, k.action, k.requestId, now - IDEMPOTENCY_TTL_MS],
    );
    if (stored) {
      if (stored.fingerprint !== fingerprint) throw new BizError(INVALID, REUSED_MESSAGE);
      return replay<T>(stored.responseJson);
    }
    try {
      if (prepare) await prepare();
      return await db.transaction(async (tx) => {
        const result = await act(tx);
        // as JSON carries it, so that the first answer and every repeat are the same
        const data = result === undefined ? null : (JSON.parse(JSON.stringify(result)) as T);
        await remember(tx, k, fingerprint, { code: 0, message: 'success', data }, now);
        return data as T;
      });
    } catch (error) {
      if (error instanceof BizError)
        await remember(db, k, fingerprint, { code: error.code, message: error.message, data: null }, now);
      throw error;
    }
  })();
  running.set(id, { work, fingerprint });
  try {
    return await work;
  } finally {
    running.delete(id);
  }
}
