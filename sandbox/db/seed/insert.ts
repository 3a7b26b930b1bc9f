import type { PGlite } from '@electric-sql/pglite';

/** A row to insert: camelCase keys (converted to the snake_case columns), JSON-serialisable values. */
export type Row = Record<string, unknown>;

/** camelCase → snake_case (`maxPowerW` → `max_power_w`, `eAccountNoEnc` → `e_account_no_enc`). */
export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

const columnCache = new WeakMap<PGlite, Map<string, Set<string>>>();

async function columnsOf(db: PGlite, table: string): Promise<Set<string>> {
  let perDb = columnCache.get(db);
  if (!perDb) {
    perDb = new Map();
    columnCache.set(db, perDb);
    const res = await db.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    );
    for (const r of res.rows) {
      let set = perDb.get(r.table_name);
      if (!set) {
        set = new Set();
        perDb.set(r.table_name, set);
      }
      set.add(r.column_name);
    }
  }
  const cols = perDb.get(table);
  if (!cols) throw new Error(`seed: unknown table ${table}`);
  return cols;
}

/**
 * Inserts rows in large batches: each batch is one `INSERT … SELECT … FROM jsonb_populate_recordset` with a single
 * JSON parameter. Keys are converted to snake_case and checked against the table's columns (a typo throws);
 * `undefined` values are left out (column default), `null` is inserted as NULL. Nested objects/arrays go to jsonb
 * or array columns unchanged.
 */
export async function insertRows(db: PGlite, table: string, rows: readonly Row[], chunkSize = 3000): Promise<void> {
  if (rows.length === 0) return;
  const cols = await columnsOf(db, table);
  for (let i = 0; i < rows.length; i += chunkSize) {
    const used = new Set<string>();
    const part = rows.slice(i, i + chunkSize).map((r) => {
      const o: Row = {};
      for (const [k, v] of Object.entries(r)) {
        if (v === undefined) continue;
        const col = snakeCase(k);
        if (!cols.has(col)) throw new Error(`seed: ${table}.${col} is not a column`);
        o[col] = v;
        used.add(col);
      }
      return o;
    });
    const list = [...used].join(', ');
    await db.query(
      `insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, $1::jsonb)`,
      [JSON.stringify(part)],
    );
  }
}

/** Moves every identity sequence past the largest id inserted so that later inserts do not collide. */
export async function resetIdentitySequences(db: PGlite): Promise<void> {
  const res = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and is_identity = 'YES'`,
  );
  const parts = res.rows.map(
    (r) =>
      `select setval(pg_get_serial_sequence('${r.table_name}', '${r.column_name}'),
              coalesce((select max(${r.column_name}) from ${r.table_name}), 0) + 1, false);`,
  );
  await db.exec(parts.join('\n'));
}
