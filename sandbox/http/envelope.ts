import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
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
export function fail(c: Context, code: number, message: string, status: 200 | 404 | 413 | 500 = 200) {
  return c.json({ code, message, data: null }, status);
}

/** Largest request body accepted, bytes (1 MB, as production nginx's client_max_body_size). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Message of a refused oversized body. */
export const BODY_TOO_LARGE = '请求体过大（上限1 MB）';

/**
 * Middleware refusing a request body over MAX_BODY_BYTES before it is read or parsed: HTTP 413 with the envelope
 * `{ code: 413, message: BODY_TOO_LARGE, data: null }` (by Content-Length, or while a chunked body streams in).
 */
export function bodySizeLimit(): MiddlewareHandler {
  return bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, BODY_TOO_LARGE, 413) });
}

/**
 * Characters no text field of the contract carries: NUL and the other C0 controls except tab, line feed and carriage
 * return, DEL, the C1 controls, and unpaired UTF-16 surrogates (not text at all; PostgreSQL refuses NUL outright).
 */
const FORBIDDEN_TEXT =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** How deep a request may nest arrays and objects: no request of the contract goes past 6 levels. */
export const MAX_NESTING = 32;

/** Message of a request nested deeper than MAX_NESTING. */
export const TOO_DEEP = `请求层级过深（上限${MAX_NESTING}层）`;

/**
 * The path ('keyword', 'items.0.qrCode', or '' for the body itself) of the first string of `value` (keys included)
 * holding a character of FORBIDDEN_TEXT, or null when there is none. Walks with a stack of its own, not the call stack
 * (issue 31, fault 2: five thousand levels of `[` overflowed the recursion into an HTTP 500).
 */
export function controlCharacterPath(value: unknown, path: string[] = []): string | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (typeof next.value === 'string') {
      if (FORBIDDEN_TEXT.test(next.value)) return next.path.join('.');
    } else if (next.value && typeof next.value === 'object') {
      const entries = Array.isArray(next.value)
        ? next.value.map((item, i) => [String(i), item] as const)
        : Object.entries(next.value);
      const keyed = !Array.isArray(next.value);
      for (const [key] of entries) if (keyed && FORBIDDEN_TEXT.test(key)) return [...next.path, key].join('.');
      // pushed last to first, so that the first field is looked at first
      for (const [key, item] of entries.toReversed()) stack.push({ value: item, path: [...next.path, key] });
    }
  }
  return null;
}

/** How many levels of arrays and objects `value` nests (0 for a string or number), counted without recursion. */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (!next.value || typeof next.value !== 'object') continue;
    const depth = next.depth + 1;
    deepest = Math.max(deepest, depth);
    if (depth > MAX_NESTING) break;
    for (const item of Object.values(next.value)) stack.push({ value: item, depth });
  }
  return deepest;
}

/** Throws BizError(1) naming the field when `raw` carries a control character or broken text (controlCharacterPath). */
export function refuseControlCharacters(raw: unknown): void {
  const field = controlCharacterPath(raw);
  if (field === null) return;
  throw new BizError(
    INVALID,
    field ? `参数 ${field} 含有不允许的控制字符或无效字符` : '请求含有不允许的控制字符或无效字符',
  );
}

/** Human text of the first validation issue: "手机号格式不正确" style, with the field path when the schema gave none. */
function issueText(issue: { path: PropertyKey[]; message: string; code?: string }): string {
  const field = issue.path.map(String).join('.');
  const generic = /^(Invalid|Too|Expected|Required)/i.test(issue.message);
  if (!generic) return issue.message;
  return field ? `参数 ${field} 不合法` : '请求参数不合法';
}

/**
 * The sandbox's one input reader (issue 12, defect 3): reads and validates a request, the JSON body for POST, the
 * query for GET and DELETE (query values are strings; schemas use z.coerce for numbers). Throws BizError(1) with a
 * clear message on malformed JSON, on a NUL or other control character or broken text anywhere in the request
 * (refuseControlCharacters), and on invalid fields; nothing reaches a handler, and so the database, unchecked. Bodies
 * over 1 MB never get here (bodySizeLimit answers 413 first).
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
  if (nestingDepth(raw) > MAX_NESTING) throw new BizError(INVALID, TOO_DEEP);
  refuseControlCharacters(raw);
  const result = schema.safeParse(raw);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new BizError(INVALID, first ? issueText(first) : '请求参数不合法');
  }
  return result.data;
}
