#!/usr/bin/env node
/**
 * Byte budgets of the built bundles (README "Numbers"; deterministic, part of npm test):
 * - initial JS + CSS referenced by each bundle's HTML: at most 160 kB gzip (gzip -9, 1 kB = 1000 bytes);
 * - every lazy JS chunk: at most 30 kB gzip, except the named libraries loaded only where they are used
 *   (EXCEPTIONS below, each documented in the README).
 * `node scripts/budget.mjs --json` prints the figures as JSON (used by npm run bench) instead of checking.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const INITIAL_BUDGET = 160_000;
export const CHUNK_BUDGET = 30_000;
/**
 * Chunks allowed above the per-chunk budget: chart, map and video libraries, each loaded only by its screens, each
 * with its own ceiling (`max`, bytes gzip) so that it cannot grow unnoticed.
 */
export const EXCEPTIONS = [
  { prefix: 'lib-chart', why: 'uPlot, the screens with a chart only', max: 30_000 },
  { prefix: 'lib-map', why: 'map SDK and region data, the location screen and region pickers only', max: 45_000 },
  { prefix: 'lib-video', why: 'HLS player, the camera live view only', max: 125_000 },
];

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');

function gz(file) {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
}

/** Figures of one bundle: the initial files and every lazy chunk, gzip sizes in bytes. */
export function measure(bundle) {
  const root = path.join(dist, bundle);
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const initialFiles = refs.map((ref) => path.join(root, ref.replace(/^.*?\/static\//, 'static/')));
  const initial = initialFiles.map((file) => ({ file: path.relative(root, file), gzip: gz(file) }));
  const initialSet = new Set(initialFiles);
  const lazy = walk(path.join(root, 'static'))
    .filter((file) => (file.endsWith('.js') || file.endsWith('.css')) && !initialSet.has(file))
    .map((file) => ({ file: path.relative(root, file), gzip: gz(file) }))
    .sort((a, b) => b.gzip - a.gzip);
  return { bundle, initialTotal: initial.reduce((s, f) => s + f.gzip, 0), initial, lazy };
}

function exceptionOf(file) {
  const name = path.basename(file);
  return EXCEPTIONS.find((e) => name.startsWith(e.prefix));
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const results = ['wechat', 'alipay'].map(measure);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(results, null, 2));
    process.exit(0);
  }
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  let failures = 0;
  for (const r of results) {
    const ok = r.initialTotal <= INITIAL_BUDGET;
    if (!ok) failures += 1;
    console.log(
      `${r.bundle}: initial JS + CSS ${kb(r.initialTotal)} gzip (budget ${kb(INITIAL_BUDGET)}) ${ok ? 'OK' : 'OVER'}`,
    );
    for (const f of r.initial) console.log(`    ${f.file.padEnd(48)} ${kb(f.gzip)}`);
    for (const f of r.lazy) {
      if (!f.file.endsWith('.js')) continue;
      const exception = exceptionOf(f.file);
      const limit = exception ? exception.max : CHUNK_BUDGET;
      const over = f.gzip > limit;
      if (over) failures += 1;
      if (over || exception || f.gzip > CHUNK_BUDGET * 0.8) {
        const note = exception ? `(exception up to ${kb(limit)}: ${exception.why})` : '';
        console.log(`    lazy ${f.file.padEnd(43)} ${kb(f.gzip)} ${over ? `OVER ${kb(limit)}` : note}`);
      }
    }
    const biggest = r.lazy.filter((f) => f.file.endsWith('.js') && !exceptionOf(f.file))[0];
    if (biggest)
      console.log(`    largest lazy chunk: ${biggest.file} ${kb(biggest.gzip)} (budget ${kb(CHUNK_BUDGET)})`);
  }
  if (failures > 0) {
    console.error(`budget: ${failures} budget(s) exceeded`);
    process.exit(1);
  }
  console.log('budget: all within budget');
}
