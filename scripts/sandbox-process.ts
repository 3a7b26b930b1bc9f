import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * The sandbox as a child process, for the scripts that measure or picture the app (npm run bench, bench:trace,
 * screenshots): a fresh in-memory demo world on a free port of 127.0.0.1, serving the built bundles of `dist`.
 */

const root = path.resolve(import.meta.dirname, '..');

/** A free TCP port of 127.0.0.1 (asked of the system, then released). */
export function freePort(): Promise<number> {
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
 * Starts `sandbox/main.ts` with the demo data in memory (SANDBOX_DATA_DIR=memory) and resolves once
 * `/__sandbox/health` answers: `{ url, child }` (kill the child to stop it). `dist` is the folder of the built bundles
 * (default: the sandbox's own, dist/). Throws when it has not answered within 90 s.
 *
 * `lowPriority`: the sandbox and the processes it starts run at the lowest CPU priority (`nice -n 19`, where `nice`
 * exists). For measurements of the page (npm run bench, bench:trace): on a phone the server's work happens elsewhere,
 * but here the sandbox answers the page's calls on the same two cores, and at equal priority the scheduler stretches the
 * page's tasks while it does (issue 14 "figures that reproduce"). The sandbox still gets every idle cycle.
 */
export async function startSandbox(
  dist?: string,
  { lowPriority = false }: { lowPriority?: boolean } = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const command = [process.execPath, path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/main.ts'];
  // nice runs the command in its own process (exec): the child is still the sandbox, and killing it stops it.
  const nice = lowPriority && existsSync('/usr/bin/nice') ? ['/usr/bin/nice', '-n', '19'] : [];
  const [file = '', ...rest] = [...nice, ...command];
  const child = spawn(file, rest, {
    cwd: root,
    env: { ...process.env, PORT: String(port), SANDBOX_DATA_DIR: 'memory', ...(dist ? { DIST_DIR: dist } : {}) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  // Healthy or exited: the demo world takes ~10 s on a quiet machine and minutes on a loaded one; the bound only ends
  // a start that hangs.
  const deadline = Date.now() + 600_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/__sandbox/health`)).ok) return { url, child };
    } catch {
      /* starting */
    }
    if (child.exitCode !== null) throw new Error(`the sandbox exited with code ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the sandbox did not start within 10 minutes (hung?)');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
