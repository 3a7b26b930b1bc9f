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

/** What a money action is deduplicated by. `action` names the call, e.g. 'withdrawApply'. */
export interface IdempotencyKey {
  accountId: number;
  action: string;
  requestId: string;
}

/** A stored first result: the envelope's code, message and data. */
interface Stored {
  code: number;
  message: string;
  data: unknown;
}

/** Actions in progress, per database (a repeat arriving meanwhile waits for the same promise). */
const inFlight = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

async function remember(db: Db, key: IdempotencyKey, result: Stored, now: number): Promise<void> {
  await db.query('delete from idempotency_record where create_time <= $1', [now - IDEMPOTENCY_TTL_MS]);
  await db.query(
    `insert into idempotency_record (account_id, action, request_id, response_json, create_time, update_time)
     values ($1, $2, $3, $4, $5, $5)
     on conflict (account_id, action, request_id) do update
       set response_json = excluded.response_json, create_time = excluded.create_time, update_time = excluded.update_time`,
    [key.accountId, key.action, key.requestId, JSON.stringify(result), now],
  );
}

function replay<T>(stored: Stored): T {
  if (stored.code !== 0) throw new BizError(stored.code, stored.message);
  return stored.data as T;
}

/**
 * Runs a money action at most once per (accountId, action, requestId) within 24 h and returns its result (data as
 * JSON would carry it). A repeat — later or concurrent — gets the first result: the same data, or the same BizError.
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
  const id = `${k.accountId}|${k.action}|${k.requestId}`;
  let running = inFlight.get(db);
  if (!running) {
    running = new Map();
    inFlight.set(db, running);
  }
  const existing = running.get(id);
  if (existing) return existing as Promise<T>;

  const work = (async (): Promise<T> => {
    const stored = await one<{ responseJson: Stored }>(
      db,
      `select response_json from idempotency_record
       where account_id = $1 and action = $2 and request_id = $3 and create_time > $4`,
      [k.accountId, k.action, k.requestId, now - IDEMPOTENCY_TTL_MS],
    );
    if (stored) return replay<T>(stored.responseJson);
    try {
      if (prepare) await prepare();
      return await db.transaction(async (tx) => {
        const result = await act(tx);
        // as JSON carries it, so that the first answer and every repeat are the same
        const data = result === undefined ? null : (JSON.parse(JSON.stringify(result)) as T);
        await remember(tx, k, { code: 0, message: 'success', data }, now);
        return data as T;
      });
    } catch (error) {
      if (error instanceof BizError)
        await remember(db, k, { code: error.code, message: error.message, data: null }, now);
      throw error;
    }
  })();
  running.set(id, work);
  try {
    return await work;
  } finally {
    running.delete(id);
  }
}
