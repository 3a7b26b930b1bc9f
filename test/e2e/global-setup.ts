import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the sandbox once for the end-to-end tests: the built bundles (npm test builds them first), an in-memory
 * database seeded with the demo world, on a free loopback port. Tests read its address with inject('baseUrl').
 */

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
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

async function waitUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
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
  throw new Error(`sandbox did not start within ${timeoutMs} ms`);
}

let child: ChildProcess | null = null;

export async function setup(project: TestProject): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../..');
  const dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, 'dist');
  for (const bundle of ['wechat', 'alipay']) {
    if (!existsSync(path.join(dist, bundle, 'index.html'))) {
      throw new Error(`dist/${bundle} is missing: run \`npm run build:sandbox\` before the e2e tests (npm test does).`);
    }
  }
  const port = await freePort();
  child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SANDBOX_DATA_DIR: 'memory' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUp(url, child, 90_000);
  } catch (error) {
    console.error(output.join(''));
    throw error;
  }
  project.provide('baseUrl', url);
}

export async function teardown(): Promise<void> {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}
