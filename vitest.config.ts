import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { resolveSettings } from './deploy/settings';
import { unbuiltRoutes } from './scripts/screen-names';
import packageJson from './package.json';

/** Unit tests see the settings of the sandbox build, as the bundles served by npm start do. */
const define = {
  ...Object.fromEntries(
    Object.entries(resolveSettings('sandbox', {}, path.resolve('deploy/env'))).map(([key, value]) => [
      `import.meta.env.${key}`,
      JSON.stringify(value),
    ]),
  ),
  // The routes without a screen yet, as the build defines them (src/app/routes.ts).
  __UNBUILT_ROUTES__: JSON.stringify(unbuiltRoutes()),
  // The app's version, as the build defines it (rsbuild.config.ts).
  __APP_VERSION__: JSON.stringify(packageJson.version),
};

/**
 * Four test projects (README "Tests"):
 * - unit: pure rules of the app (src/, platform/), in Node or happy-dom;
 * - sandbox: the sandbox backend through its Hono app, with an in-memory PGlite;
 * - deploy: production builds with example settings (nothing of the sandbox in them);
 * - e2e: Puppeteer over Debian's Chromium against a started sandbox serving the built bundles (also through nginx).
 */
/** The import aliases of tsconfig.json (`@/` = src, `@platform/` = platform), for every test project. */
const alias = { '@/': `${path.resolve('src')}/`, '@platform/': `${path.resolve('platform')}/` };

/**
 * End-to-end files that move the shared sandbox's business clock far ahead (past a month's 1st): the jobs that run on
 * the way change every account for good (settlements, expiries), so they run after the files that expect the demo
 * world as seeded. Putting the clock back cannot undo what ran.
 */
const CLOCK_FAR_AHEAD = [
  'test/e2e/settlement-centre.test.ts',
  'test/e2e/home-compact.test.ts',
  'test/e2e/income-sim-arrears.test.ts',
];

/**
 * Vitest's order (slowest first, from its cache), with the files of CLOCK_FAR_AHEAD moved to the end in the order they
 * are listed: each expects the world the ones before it left (settlement-centre's first tests need the cycle still
 * open, which a file that passed a 1st has settled). Without the list's order a fresh clone ran them in any order.
 * Workers take the files in this order, each on its own sandbox, so on every sandbox they come after the others.
 */
class ClockLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => CLOCK_FAR_AHEAD.findIndex((name) => file.moduleId.endsWith(name));
    return [
      ...sorted.filter((file) => rank(file) < 0),
      ...sorted.filter((file) => rank(file) >= 0).sort((a, b) => rank(a) - rank(b)),
    ];
  }
}

export default defineConfig({
  resolve: { alias },
  test: {
    sequence: { sequencer: ClockLastSequencer },
    projects: [
      {
        define,
        resolve: { alias },
        test: {
          name: 'unit',
          // Vitest's default is one worker fewer than the cores: one, on this 2-core machine
          maxWorkers: 2,
          // worker threads start faster than child processes; each file still gets a fresh module graph and DOM
          pool: 'threads',
          // above the waits' own 5 s (test/unit/setup.ts), so that a slow wait fails with its message; a loaded machine
          // (another build beside the tests) took 5 s for a screen's first render or one ESLint run
          testTimeout: 30_000,
          include: ['src/**/*.test.{ts,tsx}', 'platform/**/*.test.{ts,tsx}', 'test/unit/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['test/unit/setup.ts'],
          // CSS Modules are compiled and injected as in the app (scoped class names, real rules), so that tests can
          // see styles apply (test/unit/css-modules.test.ts).
          css: { include: [/\.module\.css$/] },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'sandbox',
          include: ['sandbox/**/*.test.ts'],
          environment: 'node',
          // two files at a time (Vitest's default is one worker fewer than the cores: one, here); PGlite is one thread
          maxWorkers: 2,
          // the files share a worker's module graph instead of importing the sandbox anew (about a third of the
          // stage): each test builds its own database (createSandbox, seededDatabase), and no module of the sandbox
          // keeps state of its own between sandboxes
          isolate: false,
          // one seeded database per instant for the whole run (sandbox/testing.ts seededDatabase)
          globalSetup: ['sandbox/seed-cache.setup.ts'],
          // seeding a world takes 10-20 s on a quiet machine, up to 100 s with another test run beside it, and once
          // over 300 s beside three (a guard against a hang: a slow machine must not fail a test by its speed)
          testTimeout: 180_000,
          hookTimeout: 600_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'deploy',
          include: ['test/deploy/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          // test/e2e/nginx.test.ts walks the app's route table (src/app/routes.ts reads __UNBUILT_ROUTES__).
          setupFiles: ['test/e2e/setup-globals.ts'],
          // A guard against a hang, not a wait: the longest tests take 35-55 s on a quiet machine under a faked clock and
          // went past 60 s beside another run (a box transfer, 2027-08-31 23:59, this project's own faked-clock run).
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // two files at a time, each worker on a sandbox of its own (global-setup.ts): a file's clock and data never
          // change under another's test, and CLOCK_FAR_AHEAD's order holds on each sandbox
          maxWorkers: 2,
        },
      },
    ],
  },
});
