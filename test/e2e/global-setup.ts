import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the sandboxes of the end-to-end tests, one per worker (the e2e project's maxWorkers: files run that many at a
 * time, each worker's files on a sandbox of their own): the built bundles (npm test builds them first), an in-memory
 * database seeded with the demo world as of now, on a free loopback port. Tests find their worker's with sandboxUrl()
 * (helpers.ts; the addresses are provided as 'baseUrls'). E2E_RUN_DIR is a folder for the run (the logins the files
 * share), removed after it.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Waits for the sandbox's state: healthy (resolves) or exited (rejects). It builds the demo world first, ~10 s on a
 * quiet machine and over 120 s while two other suites load the two cores, so no duration is its answer; `stallMs`
 * only guards a start that hangs (far above any start measured), so that a hung run still ends with a message.
 */
async function waitUp(url: string, child: ChildProcess, stallMs: number): Promise<void> {
  const deadline = Date.now() + stallMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sandbox exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/__sandbox/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`sandbox did not start within ${stallMs} ms (hung?)`);
}

const children: ChildProcess[] = [];
let runDir: string | null = null;

/** Starts one sandbox on a free port and answers its address once it is up. */
async function startSandbox(root: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SANDBOX_DATA_DIR: 'memory' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUp(url, child, 600_000);
  } catch (error) {
    console.error(output.join(''));
    throw error;
  }
  return url;
}

export async function setup(project: TestProject): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../..');
  const dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, 'dist');
  for (const bundle of ['wechat', 'alipay']) {
    if (!existsSync(path.join(dist, bundle, 'index.html'))) {
      throw new Error(`dist/${bundle} is missing: run \`npm run build:sandbox\` before the e2e tests (npm test does).`);
    }
  }
  runDir = mkdtempSync(path.join(tmpdir(), 'e2e-run-'));
  process.env.E2E_RUN_DIR = runDir;
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  project.provide('baseUrls', await Promise.all(Array.from({ length: workers }, () => startSandbox(root))));
}

export async function teardown(): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }),
  );
  if (runDir) rmSync(runDir, { recursive: true, force: true });
}
