import type { Context } from 'hono';
import type { ZodType } from 'zod';

/**
 * The response envelope of the contract (spec §7): `{ code, message, data }`, HTTP 200 for every answered call,
 * including validation and business errors (non-zero code with a message the app toasts). Unknown API paths answer
 * HTTP 404 with the envelope.
 */

/** A business or validation failure: becomes `{ code, message, data: null }` with HTTP 200. */
export class BizError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'BizError';
  }
}

/** Code 1: generic business failure / invalid request (A §0). */
export const INVALID = 1;
/** Code 403: the caller lacks the permission (entities.md R1.2). */
export const FORBIDDEN = 403;

/** The success envelope. */
export function ok<T>(c: Context, data: T) {
  return c.json({ code: 0, message: 'success', data });
}

/** The failure envelope (HTTP 200 unless given). */
export function fail(c: Context, code: number, message: string, status: 200 | 404 | 500 = 200) {
  return c.json({ code, message, data: null }, status);
}

/** Human text of the first validation issue: "手机号格式不正确" style, with the field path when the schema gave none. */
function issueText(issue: { path: PropertyKey[]; message: string; code?: string }): string {
  const field = issue.path.map(String).join('.');
  const generic = /^(Invalid|Too|Expected|Required)/i.test(issue.message);
  if (!generic) return issue.message;
  return field ? `参数 ${field} 不合法` : '请求参数不合法';
}

/**
 * Reads and validates a request: the JSON body for POST, the query for GET and DELETE (query values are strings; schemas use
 * z.coerce for numbers). Throws BizError(1) with a clear message on malformed JSON or invalid fields.
 */
export async function input<T>(c: Context, schema: ZodType<T>): Promise<T> {
  let raw: unknown;
  if (c.req.method === 'GET' || c.req.method === 'DELETE') {
    raw = c.req.query();
  } else {
    const text = await c.req.text();
    if (text.trim() === '') raw = {};
    else {
      try {
        raw = JSON.parse(text);
      } catch {
        throw new BizError(INVALID, '请求体不是合法的JSON');
      }
    }
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new BizError(INVALID, first ? issueText(first) : '请求参数不合法');
  }
  return result.data;
}
