#!/usr/bin/env node
/**
 * npm start: installs what is missing (npm ci), builds the sandbox bundles when dist/ is missing or older than the
 * sources, and starts the sandbox on http://127.0.0.1:$PORT (default 8080) with the demo database
 * (SANDBOX_DATA_DIR, default .sandbox-data; 'memory' for an in-memory one).
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules/.package-lock.json');
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
  console.log('[start] installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Newest modification time under a folder (sources that go into the bundles). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(file) : statSync(file).mtimeMs);
  }
  return latest;
}

const builtAt = (bundle) => {
  const file = path.join(root, 'dist', bundle, 'index.html');
  return existsSync(file) ? statSync(file).mtimeMs : 0;
};
const sourcesAt = Math.max(
  ...['src', 'platform', 'entries', 'deploy/env'].map((d) => newest(path.join(root, d))),
  statSync(path.join(root, 'rsbuild.config.ts')).mtimeMs,
  statSync(lock).mtimeMs,
);
if (Math.min(builtAt('wechat'), builtAt('alipay')) < sourcesAt) {
  console.log('[start] building the WeChat and Alipay bundles (sandbox settings)…');
  run('npx', ['rsbuild', 'build', '--env-mode', 'sandbox']);
}

const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
