import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { seedDemoData } from './seed';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The table whose one row says that the demo world was created completely. It is written last, after the schema and
 * the whole seed: a folder without it holds nothing, or a half-created world (a first start interrupted by Ctrl-C or
 * a crash during the seconds of seeding), never a world to serve.
 */
const READY_TABLE = 'sandbox_ready';

/** Options of openDatabase (tests replace the seed and collect the log). */
export interface OpenOptions {
  /** Fills an empty database after the schema (default: the demo world of seed.ts as of `now`). */
  seed?: (db: PGlite, now: number) => Promise<void>;
  /** Where the progress lines go (default console.log). */
  log?: (line: string) => void;
}

/** The schema the sandbox creates (schema.sql) and its fingerprint, kept in the ready row. */
const SCHEMA = readFileSync(path.join(here, 'schema.sql'), 'utf8');
const SCHEMA_HASH = createHash('sha256').update(SCHEMA).digest('hex').slice(0, 16);

/**
 * What the database holds: 'ready' a complete demo world of this schema; 'stale' a complete world made by a sandbox
 * whose schema.sql differed (an older checkout: a table or column of this version is missing there); 'none' nothing
 * complete (no ready row).
 */
async function worldState(db: PGlite): Promise<'ready' | 'stale' | 'none'> {
  const columns = await db.query<{ name: string }>(
    `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1`,
    [READY_TABLE],
  );
  if (columns.rows.length === 0) return 'none';
  const row = await db.query<{ n: number }>(`select count(*)::int as n from ${READY_TABLE}`);
  if ((row.rows[0]?.n ?? 0) === 0) return 'none';
  if (!columns.rows.some((c) => c.name === 'schema_hash')) return 'stale';
  const hash = await db.query<{ h: string | null }>(`select schema_hash as h from ${READY_TABLE} limit 1`);
  return hash.rows[0]?.h === SCHEMA_HASH ? 'ready' : 'stale';
}

/** Number of tables in the public schema. */
async function tableCount(db: PGlite): Promise<number> {
  const result = await db.query<{ n: number }>(
    "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
  );
  return result.rows[0]?.n ?? 0;
}

/**
 * Makes `db` hold a complete demo world (issue 12, defect 2: seeding is all or nothing). A database with the ready
 * row of this schema.sql is left as it is (resolves false). A complete world of another schema (a data folder an older
 * checkout made, which lacks a table or column of this one) is dropped with a log line saying so and made anew.
 * Otherwise, when it holds tables (a half-created world: a first start
 * interrupted by Ctrl-C or a crash during seeding, or a seed that failed), everything is dropped with a log line
 * saying so; then the schema (schema.sql), the seed (the demo world of seed.ts as of `now`, epoch ms) and, last, the
 * ready row are written (resolves true). Rejects when the seed fails; the next call repairs the database.
 * `where` names the database in the log lines.
 */
export async function ensureDemoWorld(
  db: PGlite,
  where: string,
  now: number,
  options: OpenOptions = {},
): Promise<boolean> {
  const seed = options.seed ?? seedDemoData;
  const log = options.log ?? ((line: string) => console.log(line));
  const state = await worldState(db);
  if (state === 'ready') return false;
  if (state === 'stale') {
    log(
      `[sandbox] ${where} holds a demo world made by another version of the sandbox (its tables differ from ` +
        'schema.sql): re-creating it as of now',
    );
    await db.exec('drop schema public cascade; create schema public;');
  } else if ((await tableCount(db)) > 0) {
    log(
      `[sandbox] ${where} holds a half-created demo world (an earlier first start was interrupted before it ` +
        'finished): re-creating it',
    );
    await db.exec('drop schema public cascade; create schema public;');
  }
  log(`[sandbox] creating the demo world in ${where} (a few seconds; an interrupted start is repaired next time)`);
  await db.exec(SCHEMA);
  log('[sandbox] schema created; seeding the demo data');
  await seed(db, now);
  await db.exec(
    `create table ${READY_TABLE} (seeded_at bigint not null, schema_hash text not null);
     insert into ${READY_TABLE} values (${Math.trunc(now)}, '${SCHEMA_HASH}');`,
  );
  return true;
}

/**
 * Opens the sandbox database (PGlite): `dataDir` 'memory' runs in memory; any other value is a folder, created when
 * missing; then ensureDemoWorld (a new, empty or half-created database gets the complete demo world as of `now`,
 * epoch ms). Resolves with the database and whether it was seeded now; rejects (with the database closed) when
 * seeding fails, and the folder is repaired on the next start.
 */
export async function openDatabase(
  dataDir: string,
  now: number,
  options: OpenOptions = {},
): Promise<{ db: PGlite; seeded: boolean }> {
  let db: PGlite;
  if (dataDir === 'memory') db = new PGlite();
  else {
    await mkdir(dataDir, { recursive: true });
    db = new PGlite(dataDir);
  }
  await db.waitReady;
  try {
    const seeded = await ensureDemoWorld(db, dataDir === 'memory' ? 'memory' : dataDir, now, options);
    return { db, seeded };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
