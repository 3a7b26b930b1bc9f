import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The test project Stryker runs (npm run mutation, stryker.config.mjs): MUTATION_PROJECT names one project of
 * vitest.config.ts, 'unit' (the app's rules, request layer and platform) or 'sandbox' (the sandbox's domain and jobs).
 * The unit project runs without the files of test/unit that read the source tree itself (lint rules, sinks, control
 * names, CSS, the theme, lazy Intl, the startup graph): Stryker's instrumented copy fails them for reasons of its own,
 * not a rule's.
 */
const wanted = process.env.MUTATION_PROJECT ?? 'unit';
type Project = { test?: { name?: string; include?: string[] } };
const project = ((base.test?.projects ?? []) as Project[]).find((p) => p.test?.name === wanted);
if (!project?.test) throw new Error(`vitest.mutation.config.ts: no project named ${wanted}`);
const SOURCE_READERS = ['tooling', 'xss-sinks', 'control-names', 'css-modules', 'theme', 'lazy-intl', 'startup-graph'];
type TestOptions = { exclude?: string[] };
const test = {
  ...project.test,
  exclude: [
    ...((project.test as TestOptions).exclude ?? ['**/node_modules/**']),
    ...SOURCE_READERS.map((name) => `test/unit/${name}.test.ts`),
  ],
};

export default mergeConfig(
  { ...base, test: { ...base.test, projects: undefined } },
  defineConfig({ ...project, test }),
);
