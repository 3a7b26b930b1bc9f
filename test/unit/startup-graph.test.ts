// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleGraphPlugin, readGraph, startupViolations } from '../../scripts/module-graph';

/**
 * The startup rule of npm test (scripts/module-graph.ts, issue 14 item 6): real Rspack builds of a small project laid
 * out like this one, with the plugin rsbuild.config.ts uses, one whose entry reaches a screen statically and one that
 * reaches it through import() only.
 */

const projects: string[] = [];
afterAll(() => {
  for (const dir of projects) rmSync(dir, { recursive: true, force: true });
});

/** Builds a project whose entry is `entry` (with a screen, a section piece and a screen store) and reads its graph. */
async function build(entry: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'startup-graph-'));
  projects.push(dir);
  const files: Record<string, string> = {
    'entries/wechat.js': entry,
    'src/app/routes.js': "export const SCREENS = { home: () => import('../pages/home/index.js') };\n",
    'src/pages/home/index.js': "import { card } from '../../sections/home/card.js';\nexport default () => card();\n",
    'src/sections/home/card.js':
      "import { figures } from '../../stores/screens/home/home.js';\nexport const card = () => figures;\n",
    'src/stores/screens/home/home.js': 'export const figures = [1, 2, 3];\n',
    'src/stores/root.js': 'export const root = { session: null };\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const compiler = rspack({
    name: 'wechat',
    mode: 'production',
    context: dir,
    entry: { index: './entries/wechat.js' },
    output: { path: path.join(dir, 'dist/wechat') },
    plugins: [moduleGraphPlugin(path.join(dir, 'dist'))],
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
      else compiler.close(() => resolve());
    }),
  );
  return readGraph(path.join(dir, 'dist'), 'wechat');
}

describe('startup bundle rule (scripts/module-graph.ts)', () => {
  it('fails when a screen, its section piece or its screen store is in the startup chunk', async () => {
    const graph = await build(
      "import Home from '../src/pages/home/index.js';\nimport { root } from '../src/stores/root.js';\nconsole.log(root, Home());\n",
    );
    const violations = startupViolations(graph);
    expect(violations.map((v) => v.module).sort()).toEqual([
      'src/pages/home/index.js',
      'src/sections/home/card.js',
      'src/stores/screens/home/home.js',
    ]);
    expect(violations[0]?.files.some((f) => f.endsWith('.js'))).toBe(true);
  }, 60_000);

  it('passes when screens are reached through import() only, which the graph records as their chunk’s origin', async () => {
    const graph = await build(
      "import { SCREENS } from '../src/app/routes.js';\nimport { root } from '../src/stores/root.js';\nvoid SCREENS.home().then((m) => console.log(root, m.default()));\n",
    );
    expect(startupViolations(graph)).toEqual([]);
    const initial = graph.chunks.filter((c) => c.initial).flatMap((c) => c.modules);
    expect(initial).toEqual(expect.arrayContaining(['entries/wechat.js', 'src/app/routes.js', 'src/stores/root.js']));
    const screen = graph.chunks.find((c) => c.modules.includes('src/pages/home/index.js'));
    expect(screen?.initial).toBe(false);
    expect(screen?.modules).toContain('src/stores/screens/home/home.js');
    expect(screen?.origins).toContainEqual({ from: 'src/app/routes.js', request: '../pages/home/index.js' });
  }, 60_000);
});
