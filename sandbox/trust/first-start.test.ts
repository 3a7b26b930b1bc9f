import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandboxApp } from '../app';
import { loadConfig } from '../config';
import { ensureDemoWorld, openDatabase } from '../db/database';
import { DEMO_PHONES } from '../testing';

/**
 * A safe first start (issue 12, defect 2): seeding is all or nothing, and a start that finds a half-created demo world
 * (a first start interrupted by Ctrl-C or a crash) re-creates it with a clear log line, so that the demo logins work.
 */

const root = path.resolve(import.meta.dirname, '../..');
const folders: string[] = [];
const newFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-first-start-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Logs in with the demo password through the app over `db`; resolves the answer's code. */
async function demoLogin(db: PGlite, phone: string): Promise<number> {
  const { app } = createSandboxApp(db, loadConfig());
  const res = await app.request('/api/user/antLoginWithPwd', {
    method: 'POST',
    headers: { 'content-type': 'application/json', client: 'r9a_weixin' },
    body: JSON.stringify({ phone, password: 'sandbox123' }),
  });
  return ((await res.json()) as { code: number }).code;
}

/** A stand-in for the demo world: one table's rows, then (optionally) a failure half way. */
const tinySeed =
  (fail: boolean) =>
  async (db: PGlite): Promise<void> => {
    await db.exec(`create table if not exists seed_probe (n int); insert into seed_probe values (1);`);
    if (fail) throw new Error('interrupted half way');
    await db.exec('insert into seed_probe values (2);');
  };

describe('the first start of a data folder', () => {
  it('Ctrl-C during seeding: the next start re-creates the demo world and every demo login works', async () => {
    const dir = newFolder();
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/main.ts'], {
      cwd: root,
      env: { ...process.env, SANDBOX_DATA_DIR: dir, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`seeding never started:\n${output}`)), 150_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('schema created; seeding')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    });
    // The schema is there and the seeding has begun (it takes seconds): the developer presses Ctrl-C now. Pressed on
    // that line, not a fixed time after it, which a fast machine could outrun (the world ready before the press).
    child.kill('SIGINT');
    await exited;
    expect(output).not.toContain('ready in');

    const lines: string[] = [];
    const { db, seeded } = await openDatabase(dir, Date.now(), { log: (line) => lines.push(line) });
    try {
      expect(seeded).toBe(true);
      expect(lines.join('\n')).toMatch(/half-created demo world.*re-creating it/);
      for (const phone of [DEMO_PHONES.operator, DEMO_PHONES.subAccount, DEMO_PHONES.builder]) {
        expect(await demoLogin(db, phone)).toBe(0);
      }
    } finally {
      await db.close();
    }
    // A complete world is opened as it is.
    const again = await openDatabase(dir, Date.now(), { log: () => undefined });
    expect(again.seeded).toBe(false);
    expect(await demoLogin(again.db, DEMO_PHONES.operator)).toBe(0);
    await again.db.close();
    // A guard, not a measure: this test starts a sandbox process and builds the whole demo world once more in this
    // one, each seconds of work alone and minutes on a loaded machine (beside the end-to-end suite on two cores).
  }, 420_000);

  it('a seed that fails half way leaves nothing that counts as ready; the next start repairs it', async () => {
    const db = new PGlite();
    try {
      await expect(
        ensureDemoWorld(db, 'memory', Date.now(), { seed: tinySeed(true), log: () => undefined }),
      ).rejects.toThrow('interrupted half way');
      const lines: string[] = [];
      expect(
        await ensureDemoWorld(db, 'memory', Date.now(), { seed: tinySeed(false), log: (l) => lines.push(l) }),
      ).toBe(true);
      expect(lines[0]).toBe(
        '[sandbox] memory holds a half-created demo world (an earlier first start was interrupted before it finished): ' +
          're-creating it',
      );
      // Only the complete seed's rows: the half-written ones went with the half-created world.
      expect((await db.query('select n from seed_probe order by n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
      // A complete world is left as it is.
      expect(await ensureDemoWorld(db, 'memory', Date.now(), { seed: tinySeed(true), log: () => undefined })).toBe(
        false,
      );
    } finally {
      await db.close();
    }
  });

  it('a complete world made by another schema (an older checkout) is re-created, with a line saying so', async () => {
    for (const ready of [
      // before the ready row carried the schema's fingerprint
      'create table sandbox_ready (seeded_at bigint not null); insert into sandbox_ready values (1);',
      // a fingerprint of another schema.sql
      `create table sandbox_ready (seeded_at bigint not null, schema_hash text not null);
       insert into sandbox_ready values (1, 'another');`,
    ]) {
      const db = new PGlite();
      try {
        await db.exec(`create table seed_probe (n int); insert into seed_probe values (9); ${ready}`);
        const lines: string[] = [];
        expect(
          await ensureDemoWorld(db, 'memory', Date.now(), { seed: tinySeed(false), log: (l) => lines.push(l) }),
        ).toBe(true);
        expect(lines[0]).toBe(
          '[sandbox] memory holds a demo world made by another version of the sandbox (its tables differ from ' +
            'schema.sql): re-creating it as of now',
        );
        expect((await db.query('select n from seed_probe order by n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
        // Made by this schema, it is kept.
        expect(await ensureDemoWorld(db, 'memory', Date.now(), { seed: tinySeed(true), log: () => undefined })).toBe(
          false,
        );
      } finally {
        await db.close();
      }
    }
  });
});
