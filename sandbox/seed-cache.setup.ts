import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Global setup of the sandbox test project: a folder for this run's seeded databases (sandbox/testing.ts
 * seededDatabase: one dump per instant, so that the files sharing an instant seed it once), removed after the run. A
 * cache never outlives its run, so a changed seed or schema is always seeded anew.
 */
let dir: string | null = null;

export function setup(): void {
  dir = mkdtempSync(path.join(tmpdir(), 'sandbox-seed-'));
  process.env.SANDBOX_SEED_CACHE = dir;
}

export function teardown(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
