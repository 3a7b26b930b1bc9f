#!/usr/bin/env node
/**
 * npm run bench: figures to compare between commits (not a pass/fail test).
 * - build time of both bundles (sandbox settings), this machine;
 * - bytes: initial JS + CSS of each bundle's HTML (gzip -9) and each lazy chunk, largest first.
 * Prints a table and writes the same figures to bench-results/bench-<timestamp>.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { measure } from './budget.mjs';

const started = process.hrtime.bigint();
const build = spawnSync('npx', ['rsbuild', 'build', '--env-mode', 'sandbox'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);
const buildMs = Number(process.hrtime.bigint() - started) / 1e6;

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const bundles = ['wechat', 'alipay'].map(measure);

console.log(`\nBuild of both bundles: ${(buildMs / 1000).toFixed(1)} s\n`);
for (const b of bundles) {
  console.log(`${b.bundle.padEnd(8)} initial JS + CSS (gzip): ${kb(b.initialTotal)}`);
  for (const f of b.initial) console.log(`           ${f.file.padEnd(52)} ${kb(f.gzip).padStart(9)}`);
  console.log('         lazy chunks (gzip), largest first:');
  for (const f of b.lazy) console.log(`           ${f.file.padEnd(52)} ${kb(f.gzip).padStart(9)}`);
  console.log('');
}

const out = path.resolve('bench-results');
mkdirSync(out, { recursive: true });
const file = path.join(out, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), buildMs, bundles }, null, 2));
console.log(`figures written to ${path.relative(process.cwd(), file)}`);
