#!/usr/bin/env node
/**
 * npm start: installs what is missing (npm ci), builds the sandbox bundles when dist/ is missing, older than the
 * sources or a build of another mode (scripts/sandbox-build.mjs), and starts the sandbox on http://127.0.0.1:$PORT (default 8080) with the demo database
 * (SANDBOX_DATA_DIR, default .sandbox-data; 'memory' for an in-memory one).
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rebuildReason } from './sandbox-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Runs a step quietly: its output is shown only when it fails (npm start prints what it does, then the URLs). */
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    process.exit(result.status ?? 1);
  }
};

const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules/.package-lock.json');
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
  console.log('[start] installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

const reason = rebuildReason(root, path.join(root, 'dist'));
if (reason) {
  console.log(`[start] building the WeChat and Alipay bundles (sandbox settings): ${reason}…`);
  run('npx', ['rsbuild', 'build', '--env-mode', 'sandbox', '--log-level', 'warn']);
}

const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
