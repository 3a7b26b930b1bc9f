import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * Query helpers over PGlite: rows come back with camelCase keys (the API's spelling), columns stay snake_case.
 */

/** A database or a transaction: both can query. */
export type Db = PGlite | Transaction;

function camelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Converts a row's snake_case keys to camelCase. */
export function camel<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[camelKey(key)] = value;
  return out as T;
}

/** All rows of a query, camelCased. */
export async function rows<T>(db: Db, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await db.query<Record<string, unknown>>(sql, params);
  return result.rows.map((row) => camel<T>(row));
}

/** The first row of a query, camelCased, or null. */
export async function one<T>(db: Db, sql: string, params: unknown[] = []): Promise<T | null> {
  const result = await db.query<Record<string, unknown>>(sql, params);
  const row = result.rows[0];
  return row ? camel<T>(row) : null;
}

/** A single numeric value of a query (first column of the first row), 0 when none. */
export async function scalar(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  const result = await db.query<Record<string, unknown>>(sql, params);
  const row = result.rows[0];
  if (!row) return 0;
  const value = Object.values(row)[0];
  return value === null || value === undefined ? 0 : Number(value);
}

/** Runs a statement and returns the affected row count. */
export async function exec(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  const result = await db.query(sql, params);
  return result.affectedRows ?? 0;
}
