import fc from 'fast-check';
import type { ZodType } from 'zod';

/**
 * Requests derived from an endpoint's zod schema (issue 12 item 8): `validRequest` draws requests the schema describes
 * (regex fields through fast-check's stringMatching, number bounds, optional fields left out), `hostileRequest` mutates
 * them: a field of the wrong type, missing or extra fields, huge and empty strings, control characters, odd unicode,
 * SQL and HTML payloads, numbers out of range, fen fractions, or a body that is no object at all. Reads zod 4's schema
 * definitions (`_zod.def`); a kind it does not know becomes any JSON value.
 */

interface Def {
  type: string;
  coerce?: boolean;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  shape?: Record<string, ZodType>;
  innerType?: ZodType;
  element?: ZodType;
  options?: ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  in?: ZodType;
  out?: ZodType;
  items?: ZodType[];
  valueType?: ZodType;
}

const defOf = (schema: ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

/** Characters of plausible text: ASCII letters and digits, CJK, a space. */
const TEXT = fc.string({
  unit: fc.constantFrom(...'abcxyzABC0123456789 中文测试站点小区车棚'.split('')),
  maxLength: 24,
});

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  let min = 0;
  let max = 40;
  let pattern: RegExp | null = null;
  let format: string | null = null;
  for (const check of checks) {
    if (check.check === 'min_length') min = Number(check.minimum);
    if (check.check === 'max_length') max = Math.min(max, Number(check.maximum));
    if (check.check === 'length_equals') min = max = Number(check.length);
    if (check.check === 'string_format') {
      if (check.pattern instanceof RegExp && check.format === 'regex') pattern = check.pattern;
      else format = String(check.format);
    }
  }
  if (format === 'url') return fc.webUrl();
  if (format === 'email') return fc.emailAddress();
  if (pattern) {
    try {
      return fc.stringMatching(pattern).filter((s) => s.length >= min && s.length <= Math.max(max, min));
    } catch {
      // A pattern fast-check cannot invert (lookaheads): plausible text, mostly refused by the field's rule.
      return fc.oneof(TEXT, fc.stringMatching(/^[A-Za-z]{3,8}\d{3,8}$/));
    }
  }
  return fc.string({
    unit: fc.constantFrom(...'abcxyz0123456789 中文测试'.split('')),
    minLength: min,
    maxLength: Math.max(min, max),
  });
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format' && String(check.format).includes('int')) integer = true;
    if (check.check === 'greater_than') min = Number(check.value) + (check.inclusive ? 0 : integer ? 1 : 0.001);
    if (check.check === 'less_than') max = Number(check.value) - (check.inclusive ? 0 : integer ? 1 : 0.001);
    if (check.check === 'multiple_of') integer = true;
  }
  if (min > max) return fc.constant(min);
  return integer
    ? fc.integer({ min: Math.ceil(Math.max(min, -1e9)), max: Math.floor(Math.min(max, 1e9)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Requests the schema describes (as the app would send them). */
export function validRequest(schema: ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return fc.constant(null);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, field] of Object.entries(shape)) record[key] = validRequest(field, depth + 1);
      return fc
        .record(record)
        .map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
    }
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'bigint':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => validRequest(o, depth + 1)));
    case 'optional':
      return fc.option(validRequest(def.innerType as ZodType, depth + 1), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(validRequest(def.innerType as ZodType, depth + 1), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return validRequest(def.innerType as ZodType, depth + 1);
    case 'array': {
      let min = 0;
      let max = 4;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length') min = Number(check.minimum);
        if (check.check === 'max_length') max = Math.min(max, Number(check.maximum));
      }
      return fc.array(validRequest(def.element as ZodType, depth + 1), {
        minLength: min,
        maxLength: Math.max(min, max),
      });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((i) => validRequest(i, depth + 1)));
    case 'record':
      return fc.dictionary(TEXT, validRequest(def.valueType as ZodType, depth + 1), { maxKeys: 3 });
    case 'pipe': {
      // z.preprocess(fn, X) is pipe(transform, X); X.transform(fn) is pipe(X, transform): draw from X.
      const inner = defOf(def.in as ZodType).type === 'transform' ? def.out : def.in;
      return validRequest(inner as ZodType, depth + 1);
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value `depth` levels deep, each level made by `wrap` (built in a loop: a deep one must not cost a deep stack). */
function nested(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = wrap(value);
  return value;
}

/** Values no field expects: wrong types, edge numbers, payloads, control characters, odd unicode, huge strings. */
export const HOSTILE_VALUE: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 0.01, 99.999, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 1e-308),
  fc.constantFrom('', ' ', '0', '-0', 'NaN', 'Infinity', 'null', 'undefined', 'true', '1e400', '0x10', '١٢٣'),
  fc.constantFrom(
    [],
    {},
    [1, 2, 3],
    { a: 1 },
    [[[]]],
    [null],
    { $gt: '' },
    JSON.parse('{"__proto__":{"admin":true}}') as unknown,
  ),
  fc.constantFrom(
    "' or 1=1 --",
    "'; drop table site; --",
    '" or ""="',
    '1; select pg_sleep(5)',
    '%',
    '_',
    '\\',
    '%%__\\\\',
    '$1',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '${7*7}{{7*7}}',
    '../../etc/passwd',
  ),
  fc.constantFrom('\u0000', 'a\u0000b', '\u0007', '\u001b[31m红\u001b[0m', '\u007f', '\u0085'),
  fc.constantFrom('\u202eevil', 'a\u200bb', 'e\u0301', '🚲🔋⚡', '\ud800', 'ｆｕｌｌ', 'İı', '𠮷'.repeat(50)),
  fc.constantFrom('x'.repeat(100_000), '中'.repeat(100_000), ' '.repeat(10_000)),
  // Nesting past the envelope's depth limit (issue 31 item 4): 5,000 levels of `[` overflowed a recursive check into a
  // 500; 40 levels of objects pass MAX_NESTING (32) by a little.
  fc.integer({ min: 33, max: 5_000 }).map((depth) => nested(depth, (inner) => [inner])),
  fc.integer({ min: 33, max: 60 }).map((depth) => nested(depth, (inner) => ({ a: inner }))),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

type Mutation =
  | { kind: 'replace'; key: number; value: unknown }
  | { kind: 'delete'; key: number }
  | { kind: 'extra'; name: string; value: unknown }
  | { kind: 'body'; value: unknown };

const MUTATION: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('replace' as const), key: fc.nat(), value: HOSTILE_VALUE }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), key: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      name: fc.constantFrom('id', 'accountId', 'merchantId', 'ownerId', 'siteIds', 'permissions', 'x', '__proto__'),
      value: HOSTILE_VALUE,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('body' as const), value: HOSTILE_VALUE }) },
);

function mutate(request: unknown, mutations: Mutation[]): unknown {
  let out: unknown = request;
  for (const m of mutations) {
    if (m.kind === 'body') {
      out = m.value;
      continue;
    }
    if (!out || typeof out !== 'object' || Array.isArray(out)) continue;
    const copy = { ...(out as Record<string, unknown>) };
    const keys = Object.keys(copy);
    if (m.kind === 'extra') copy[m.name] = m.value;
    else if (keys.length > 0) {
      const key = keys[m.key % keys.length] as string;
      if (m.kind === 'delete') delete copy[key];
      else copy[key] = m.value;
    }
    out = copy;
  }
  return out;
}

/** Requests of the schema with one to three hostile mutations. */
export function hostileRequest(schema: ZodType): fc.Arbitrary<unknown> {
  return fc
    .tuple(validRequest(schema), fc.array(MUTATION, { minLength: 1, maxLength: 3 }))
    .map(([request, mutations]) => mutate(request, mutations));
}
