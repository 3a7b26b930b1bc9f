#!/usr/bin/env node
/**
 * Completes package-lock.json with the platform binaries this machine's npm registry mirror does not carry.
 *
 * The mirror here holds the Linux builds of native packages (@rspack/binding-linux-x64-gnu …) but not the macOS,
 * Windows and exotic-Linux ones, so `npm install` writes a lockfile without their entries, and `npm ci` then refuses it
 * ("Missing: @rspack/binding-darwin-arm64@ from lock file"). This script adds, for every optional dependency named like
 * a platform build (…-darwin-arm64, …-win32-x64-msvc, …-linux-riscv64-musl, …-wasm32-wasi) and absent from the lock,
 * an entry with its version and the os/cpu/libc that npm uses to skip it: npm ci accepts the lock and never fetches
 * them on other machines. Run it after every `npm install` that changes the lock (npm test checks that it holds).
 * Usage: node scripts/complete-lockfile.mjs [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';

const file = 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

/** os, cpu and libc of a platform-build package name, or null when the name is not one. */
function platformOf(name) {
  const m =
    /-(darwin|linux|win32|freebsd|android|openharmony|wasm32)-?([a-z0-9]+)?(?:-(gnu|musl|msvc|gnueabihf|musleabihf|wasi|eabi))?$/.exec(
      name,
    );
  if (!m) return null;
  const [, os, cpu, abi] = m;
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  const out = { os: [os], cpu: [cpu ?? 'x64'] };
  if (os === 'linux' && abi && abi.startsWith('musl')) out.libc = ['musl'];
  else if (os === 'linux' && abi && abi.startsWith('gnu')) out.libc = ['glibc'];
  return out;
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  if (!key || !entry.optionalDependencies) continue;
  const base = key.slice(0, key.lastIndexOf('node_modules/'));
  for (const [dep, version] of Object.entries(entry.optionalDependencies)) {
    const candidates = [`${key}/node_modules/${dep}`, `${base}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => packages[c])) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[`node_modules/${dep}`] = {
      version,
      ...platform,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
    };
    added += 1;
  }
}

if (process.argv.includes('--check')) {
  if (added > 0) {
    console.error(`package-lock.json lacks ${added} platform build(s); run: node scripts/complete-lockfile.mjs`);
    process.exit(1);
  }
  console.log('package-lock.json is complete');
} else {
  const sorted = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  lock.packages = sorted;
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: ${added} platform build(s) added`);
}
