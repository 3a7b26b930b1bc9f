import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { seedDemoData } from './seed';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Opens the sandbox database (PGlite): `dataDir` 'memory' runs in memory; any other value is a folder, created when
 * missing. An empty database gets the schema (schema.sql) and the demo world (seed.ts) as of `now` (epoch ms).
 * Resolves with the database and whether it was seeded now.
 */
export async function openDatabase(dataDir: string, now: number): Promise<{ db: PGlite; seeded: boolean }> {
  let db: PGlite;
  if (dataDir === 'memory') db = new PGlite();
  else {
    await mkdir(dataDir, { recursive: true });
    db = new PGlite(dataDir);
  }
  await db.waitReady;
  const existing = await db.query<{ n: number }>(
    "select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'account'",
  );
  if ((existing.rows[0]?.n ?? 0) > 0) return { db, seeded: false };
  await db.exec(readFileSync(path.join(here, 'schema.sql'), 'utf8'));
  await seedDemoData(db, now);
  return { db, seeded: true };
}
