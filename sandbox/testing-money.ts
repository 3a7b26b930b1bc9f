import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { walletViolations, type Envelope, type TestSandbox } from './testing';

/**
 * "Money never doubles" (issue 12 item 10; D-income.md §0.5): the shared checks every money action's sandbox tests
 * run, so that no action is tested for exactly-once in its own way. For one action it proves, through the HTTP
 * interface and with requests really in flight at the same time (not one after another):
 *
 * 1. the same requestId sent many times at once acts once, and every answer is the first answer;
 * 2. the same requestId sent again later acts no more, and answers the same;
 * 3. a first request that stalls (a fault with delayMs on its path, as a slow network would) and a retry with the same
 *    requestId sent while it is still stalled — the user's timeout and retry — act once, both answering the same;
 * 4. (optional) different requestIds racing for the same limited thing (the balance, the 5-card limit, the one
 *    pending payment) never succeed more often than it allows, and each success acts once;
 *
 * and after each scenario no wallet invariant is broken (walletViolations).
 *
 * Usage, inside one `it` of a file that opened its sandbox with openSandboxForFile:
 *
 *   await moneyNeverDoubles(sb, {
 *     path: '/api/user/withdrawApply',
 *     prepare: async () => { await sendCode(); },            // before each scenario: a fresh SMS code, a state…
 *     send: (requestId) => sb.post('/api/user/withdrawApply', token, { amount: 2000, code, requestId }),
 *     effects: () => scalar(sb.db, 'select count(*) from withdrawal'),   // what one success adds to
 *     race: { count: 6, maxSuccesses: 1, send: (requestId, i) => … },    // optional
 *   });
 *
 * `effects()` returns a number that each success of the action raises by `perSuccess` (default 1): a row count, a
 * sum. A scenario whose first answer is a business error (code ≠ 0) must leave the effects unchanged; the helper
 * fails when the first answer of a scenario is not code 0 unless `allowRefusal` says the action may refuse there.
 */

/** One answer of the sandbox as TestSandbox.post / get return it. */
export interface MoneyAnswer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

/** The money action under test. */
export interface MoneyActionUnderTest<T = unknown> {
  /** The API path (as the fault registry names it: '/api/user/withdrawApply'). */
  path: string;
  /** Runs before each scenario (a fresh SMS code, a balance to spend …). */
  prepare?: () => Promise<void>;
  /** Sends the action once with `requestId`. */
  send: (requestId: string) => Promise<MoneyAnswer<T>>;
  /** The measure each success raises by `perSuccess`. */
  effects: () => Promise<number>;
  /** What one success adds to effects() (default 1). */
  perSuccess?: number;
  /** How many copies of a request go at once in scenario 1 (default 8). */
  copies?: number;
  /** The stall of the first request in scenario 3 (ms, default 400) — the retry goes half-way through it. */
  stallMs?: number;
  /** Different requests racing for one limited thing (scenario 4). */
  race?: {
    /** Runs before the race. */
    prepare?: () => Promise<void>;
    /** Sends request `i` (0-based) of the race with its own requestId. */
    send: (requestId: string, i: number) => Promise<MoneyAnswer<T>>;
    /** Requests sent at once. */
    count: number;
    /** The most that may succeed (code 0). */
    maxSuccesses: number;
    /** The least that must succeed (default 1). */
    minSuccesses?: number;
    /**
     * When successes may answer the same result (one pending payment for one selection): the identity of a success's
     * data (e.g. its paymentId); effects then rise by perSuccess once per distinct identity instead of per success.
     */
    resultKey?: (data: T) => unknown;
  };
}

/** A new requestId: 32 hex characters (what the app makes with createRequestId). */
export function newRequestId(): string {
  return randomBytes(16).toString('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expectSuccess(answer: MoneyAnswer, scenario: string): void {
  expect(answer.status, `${scenario}: HTTP status`).toBe(200);
  expect(answer.body.code, `${scenario}: ${answer.body.message}`).toBe(0);
}

async function expectWalletsHold(sb: TestSandbox, scenario: string): Promise<void> {
  expect(await walletViolations(sb.db), `${scenario}: wallet invariants`).toEqual([]);
}

/** Scenario 1: the same requestId many times at once. Returns the first answer. */
export async function sameRequestAtOnce<T>(sb: TestSandbox, action: MoneyActionUnderTest<T>): Promise<MoneyAnswer<T>> {
  await action.prepare?.();
  const before = await action.effects();
  const requestId = newRequestId();
  const answers = await Promise.all(Array.from({ length: action.copies ?? 8 }, () => action.send(requestId)));
  const first = answers[0] as MoneyAnswer<T>;
  expectSuccess(first, 'same requestId at once');
  for (const a of answers) expect(a.body, 'same requestId at once: every answer is the first').toEqual(first.body);
  expect(await action.effects(), 'same requestId at once: acted once').toBe(before + (action.perSuccess ?? 1));
  await expectWalletsHold(sb, 'same requestId at once');
  return first;
}

/** Scenario 2: the same requestId again, later. */
export async function sameRequestLater<T>(sb: TestSandbox, action: MoneyActionUnderTest<T>): Promise<void> {
  await action.prepare?.();
  const before = await action.effects();
  const requestId = newRequestId();
  const first = await action.send(requestId);
  expectSuccess(first, 'same requestId later');
  const again = await action.send(requestId);
  expect(again.body, 'same requestId later: the first answer again').toEqual(first.body);
  expect(await action.effects(), 'same requestId later: acted once').toBe(before + (action.perSuccess ?? 1));
  await expectWalletsHold(sb, 'same requestId later');
}

/**
 * Scenario 3: the first request stalls (fault delayMs on its path) and the user retries with the same requestId while
 * it is still in flight; then, for good measure, once more after both have answered.
 */
export async function stalledThenRetried<T>(sb: TestSandbox, action: MoneyActionUnderTest<T>): Promise<void> {
  await action.prepare?.();
  const before = await action.effects();
  const stall = action.stallMs ?? 400;
  const requestId = newRequestId();
  sb.faults.add({ path: action.path, delayMs: stall, times: 1 });
  const stalled = action.send(requestId);
  await sleep(stall / 2);
  const retry = await action.send(requestId);
  const late = await stalled;
  expectSuccess(retry, 'timeout then retry');
  expect(late.body, 'timeout then retry: the stalled request answers the same').toEqual(retry.body);
  const third = await action.send(requestId);
  expect(third.body, 'timeout then retry: a later repeat answers the same').toEqual(retry.body);
  expect(await action.effects(), 'timeout then retry: acted once').toBe(before + (action.perSuccess ?? 1));
  await expectWalletsHold(sb, 'timeout then retry');
}

/** Scenario 4: different requestIds racing for one limited thing. */
export async function differentRequestsRace<T>(sb: TestSandbox, action: MoneyActionUnderTest<T>): Promise<void> {
  const race = action.race;
  if (!race) return;
  await race.prepare?.();
  const before = await action.effects();
  const answers = await Promise.all(Array.from({ length: race.count }, (_, i) => race.send(newRequestId(), i)));
  for (const a of answers) expect(a.status, 'race: HTTP status').toBe(200);
  const wins = answers.filter((a) => a.body.code === 0);
  expect(wins.length, 'race: successes').toBeLessThanOrEqual(race.maxSuccesses);
  expect(wins.length, 'race: successes').toBeGreaterThanOrEqual(race.minSuccesses ?? 1);
  const key = race.resultKey;
  const distinct = key ? new Set(wins.map((w) => JSON.stringify(key(w.body.data)))).size : wins.length;
  expect(await action.effects(), 'race: each success acted once').toBe(before + distinct * (action.perSuccess ?? 1));
  await expectWalletsHold(sb, 'race');
}

/** Runs every scenario above for one money action (see the module docstring). */
export async function moneyNeverDoubles<T>(sb: TestSandbox, action: MoneyActionUnderTest<T>): Promise<void> {
  await sameRequestAtOnce(sb, action);
  await sameRequestLater(sb, action);
  await stalledThenRetried(sb, action);
  await differentRequestsRace(sb, action);
}

/**
 * A fresh SMS code of `type` for `phone` as the app gets one (POST /api/user/verificationCode; type 5 goes to the
 * withdraw phone of the account of `token`, whatever `phone` says): the phone's earlier codes are forgotten first (the
 * 60-second resend rule), the code is read from the sandbox's inbox. Returns the 6 digits.
 */
export async function freshSmsCode(sb: TestSandbox, phone: string, type: number, token?: string): Promise<string> {
  await sb.db.query('delete from sms_code where phone = $1', [phone]);
  const answer = await sb.post('/api/user/verificationCode', token ?? null, type === 5 ? { type } : { phone, type });
  expect(answer.body.code, answer.body.message).toBe(0);
  const row = await sb.db.query<{ code: string }>(
    'select code from sms_code where phone = $1 order by id desc limit 1',
    [phone],
  );
  const code = row.rows[0]?.code;
  if (!code) throw new Error(`no SMS code was sent to ${phone}`);
  return code;
}
