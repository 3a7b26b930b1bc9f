// @ts-check
/**
 * Mutation testing of the modules that hold the spec's rules (issue 34; README "Mutation testing"). One group per run,
 * named by MUTATION_GROUP (scripts/mutation.ts runs them all and prints the score of each):
 * - rules: src/api/*-rules.ts, src/api/rules.ts and src/lib, with the unit project;
 * - request: the request layer and its error catalogue (src/api/http.ts, outcome.ts, src/config/constants.ts);
 * - platform: platform/ (the WeChat and Alipay bridges);
 * - sandbox: sandbox/domain and sandbox/jobs, with the sandbox project.
 * Mutants that survive because they cannot change behaviour are listed with their reason in mutation-equivalents.md.
 */
const GROUPS = {
  rules: { project: 'unit', mutate: ['src/api/*-rules.ts', 'src/api/rules.ts', 'src/lib/**/*.ts'] },
  request: { project: 'unit', mutate: ['src/api/http.ts', 'src/api/outcome.ts', 'src/config/constants.ts'] },
  platform: { project: 'unit', mutate: ['platform/**/*.ts', '!platform/**/test-helpers.ts'] },
  sandbox: { project: 'sandbox', mutate: ['sandbox/domain/**/*.ts', 'sandbox/jobs/**/*.ts'] },
};
const name = /** @type {keyof typeof GROUPS} */ (process.env.MUTATION_GROUP ?? 'rules');
const group = GROUPS[name];
if (!group) throw new Error(`stryker.config.mjs: MUTATION_GROUP must be one of ${Object.keys(GROUPS).join(', ')}`);
process.env.MUTATION_PROJECT = group.project;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: [...group.mutate, '!**/*.test.ts', '!**/*.test.tsx'],
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  clearTextReporter: { reportTests: false, reportMutants: false },
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  concurrency: 2,
  dryRunTimeoutMinutes: 30,
  timeoutMS: 30_000,
  tempDirName: '.stryker-tmp',
};
