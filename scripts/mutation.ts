/**
 * npm run mutation (issue 34 item 2): mutation testing of the modules that hold the spec's rules, with StrykerJS and its
 * vitest runner (stryker.config.mjs). Runs each group named on the command line (all four by default: rules, request,
 * platform, sandbox), one Stryker run each, then prints the mutation score of every group and of each of its files
 * from the JSON reports in reports/mutation/, and the goal (85 % per group). Exit 1 when a group misses it.
 *
 * The score is Stryker's: (killed + timed out) / (every mutant but compile and runtime errors and ignored ones), so a
 * mutant no test runs counts against it. Runs are incremental (reports/mutation/<group>.incremental.json): a mutant
 * whose code and tests did not change keeps its last result, so a second run tests only what changed.
 *
 * Usage: npm run mutation [-- rules request platform sandbox] [--report-only]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const GROUPS = ['rules', 'request', 'platform', 'sandbox'] as const;
type Group = (typeof GROUPS)[number];
/** The goal of issue 34: each group's score at least this (%). */
const GOAL = 85;

/** The mutation-testing-report-schema as Stryker's JSON reporter writes it (only what is read here). */
interface Report {
  files: Record<string, { mutants: { status: string }[] }>;
}

/** Counts of one file or group: detected (killed, timed out) and valid (every mutant that compiled and ran). */
interface Tally {
  detected: number;
  valid: number;
  survived: number;
  noCoverage: number;
}

const INVALID = new Set(['CompileError', 'RuntimeError', 'Ignored']);
const DETECTED = new Set(['Killed', 'Timeout']);

/** The tally of a list of mutant statuses. */
export function tally(statuses: readonly string[]): Tally {
  const valid = statuses.filter((s) => !INVALID.has(s));
  return {
    detected: valid.filter((s) => DETECTED.has(s)).length,
    valid: valid.length,
    survived: valid.filter((s) => s === 'Survived').length,
    noCoverage: valid.filter((s) => s === 'NoCoverage').length,
  };
}

/** The score in percent (100 when there is nothing to detect). */
export const score = (t: Tally): number => (t.valid === 0 ? 100 : (100 * t.detected) / t.valid);

const args = process.argv.slice(2);
const reportOnly = args.includes('--report-only');
const named = args.filter((a) => !a.startsWith('--'));
const unknown = named.filter((a) => !(GROUPS as readonly string[]).includes(a));
if (unknown.length > 0) {
  console.error(`npm run mutation: unknown group ${unknown.join(', ')} (groups: ${GROUPS.join(', ')})`);
  process.exit(2);
}
const groups = (named.length > 0 ? named : GROUPS) as Group[];

const lines: string[] = [];
let missed = false;
for (const group of groups) {
  const started = Date.now();
  if (!reportOnly) {
    const run = spawnSync('npx', ['stryker', 'run'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, MUTATION_GROUP: group },
    });
    if (run.status !== 0) {
      console.error(`npm run mutation: Stryker failed on ${group} (exit ${run.status})`);
      process.exit(1);
    }
  }
  const file = path.join(root, 'reports/mutation', `${group}.json`);
  if (!existsSync(file)) {
    lines.push(`${group}: no report (run npm run mutation -- ${group})`);
    missed = true;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  const files = Object.entries(report.files).map(([name, f]) => ({ name, t: tally(f.mutants.map((m) => m.status)) }));
  const all = tally(Object.values(report.files).flatMap((f) => f.mutants.map((m) => m.status)));
  const met = score(all) >= GOAL;
  missed ||= !met;
  const took = reportOnly ? '' : `, ${((Date.now() - started) / 1000).toFixed(0)} s`;
  lines.push(
    `${group}: ${score(all).toFixed(1)} % (${all.detected} of ${all.valid} detected, ${all.survived} survived, ` +
      `${all.noCoverage} not covered${took}) ${met ? 'meets' : 'misses'} the goal of ${GOAL} %`,
  );
  for (const f of files.sort((a, b) => score(a.t) - score(b.t))) {
    lines.push(`  ${score(f.t).toFixed(1).padStart(5)} %  ${f.name} (${f.t.detected}/${f.t.valid})`);
  }
}
console.log(`\nMutation scores (goal ${GOAL} % per group):\n${lines.join('\n')}`);
process.exit(missed ? 1 : 0);
