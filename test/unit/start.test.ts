import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtModeOf } from '../../sandbox/pages/static';
// @ts-expect-error -- a plain ESM script without types
import { rebuildReason } from '../../scripts/sandbox-build.mjs';

/** npm start never serves a production build (issue 7 §8): it rebuilds, and the sandbox refuses one. */

const root = path.resolve(import.meta.dirname, '../..');
let dist = '';

/** A dist/ whose two bundles were built with `mode`, stamped `ageMs` ago (0 = newer than every source). */
function distOf(mode: string | null, future = true): string {
  dist = mkdtempSync(path.join(tmpdir(), 'ops-dist-'));
  for (const bundle of ['wechat', 'alipay']) {
    mkdirSync(path.join(dist, bundle));
    const file = path.join(dist, bundle, 'index.html');
    const meta = mode === null ? '' : `<meta name="app-env" content="${mode}">`;
    writeFileSync(file, `<!doctype html><html><head>${meta}</head><body></body></html>`);
    const at = future ? Date.now() / 1000 + 3600 : 0;
    utimesSync(file, at, at);
  }
  return dist;
}

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('what npm start serves', () => {
  it('rebuilds when dist/ holds a production build, however new it is', () => {
    expect(rebuildReason(root, distOf('online'))).toMatch(/mode 'online'/);
    expect(rebuildReason(root, distOf(null))).toMatch(/mode 'unknown'/);
  });

  it('rebuilds a sandbox build older than the sources, and serves a current one as it is', () => {
    expect(rebuildReason(root, distOf('sandbox', false))).toMatch(/sources changed/);
    expect(rebuildReason(root, distOf('sandbox'))).toBeNull();
  });

  it('the sandbox reads the mode each build stamps into its HTML', () => {
    expect(builtModeOf('<head><meta name="app-env" content="online"></head>')).toBe('online');
    expect(builtModeOf('<head></head>')).toBe('unknown');
  });
});
