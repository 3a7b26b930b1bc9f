import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BusinessClock } from '../lib/clock';
import { DAY_MS, dayOf } from '../lib/time';
import { dailyJob, JobRunner, nextDailyAt, type Job } from './runner';

/** Runner mechanics on an empty database with recording jobs (the real jobs are tested in jobs.test.ts). */

const T0 = Date.parse('2024-05-20T15:30:00+08:00');
const at = (iso: string) => Date.parse(`${iso}+08:00`);

describe('nextDailyAt', () => {
  it('answers the first hh:mm Asia/Shanghai strictly after the instant', () => {
    expect(nextDailyAt(T0, 2, 0)).toBe(at('2024-05-21T02:00:00'));
    expect(nextDailyAt(T0, 16, 0)).toBe(at('2024-05-20T16:00:00'));
    expect(nextDailyAt(at('2024-05-20T02:00:00'), 2, 0)).toBe(at('2024-05-21T02:00:00'));
    expect(nextDailyAt(at('2024-05-31T23:59:59'), 0, 0)).toBe(at('2024-06-01T00:00:00'));
  });
});

describe('JobRunner', () => {
  let db: PGlite;
  let clock: BusinessClock;
  let log: { job: string; at: number; clock: number }[];
  let runner: JobRunner;
  let pending: number[];

  beforeEach(async () => {
    db = new PGlite();
    clock = new BusinessClock(T0);
    log = [];
    pending = [];
    const record =
      (job: string): Job['run'] =>
      async (_tx, t) => {
        log.push({ job, at: t, clock: clock.now() });
      };
    const items: Job = {
      name: 'items',
      nextDue: async () => (pending.length > 0 ? Math.min(...pending) : null),
      run: async (_tx, t) => {
        log.push({ job: 'items', at: t, clock: clock.now() });
        pending = pending.filter((p) => p > t);
      },
    };
    runner = new JobRunner(db, clock, [
      dailyJob('midnight', 0, 0, record('midnight')),
      dailyJob('posting', 2, 0, record('posting')),
      dailyJob('alsoMidnight', 0, 0, record('alsoMidnight')),
      items,
    ]);
  });
  afterEach(async () => {
    await runner.stop();
    await db.close();
  });

  it('runs each occurrence between the old and the new time once, in time order, each seeing its own instant', async () => {
    pending = [at('2024-05-21T01:00:00'), T0 + 5 * 60_000];
    await runner.setTime(at('2024-05-22T03:00:00'));
    expect(log.map((l) => `${l.job}@${new Date(l.at).toISOString()}`)).toEqual([
      `items@${new Date(T0 + 5 * 60_000).toISOString()}`,
      `midnight@${new Date(at('2024-05-21T00:00:00')).toISOString()}`,
      `alsoMidnight@${new Date(at('2024-05-21T00:00:00')).toISOString()}`,
      `items@${new Date(at('2024-05-21T01:00:00')).toISOString()}`,
      `posting@${new Date(at('2024-05-21T02:00:00')).toISOString()}`,
      `midnight@${new Date(at('2024-05-22T00:00:00')).toISOString()}`,
      `alsoMidnight@${new Date(at('2024-05-22T00:00:00')).toISOString()}`,
      `posting@${new Date(at('2024-05-22T02:00:00')).toISOString()}`,
    ]);
    for (const l of log) expect(l.clock).toBe(l.at);
    expect(clock.now()).toBe(at('2024-05-22T03:00:00'));
    expect(clock.isReal).toBe(false);
  });

  it('repeats nothing when the clock goes back and forward again', async () => {
    await runner.advance(2 * DAY_MS);
    const first = log.length;
    expect(first).toBe(6);
    await runner.setTime(T0);
    expect(log.length).toBe(first);
    await runner.setTime(T0 + 2 * DAY_MS);
    expect(log.length).toBe(first);
    await runner.advance(DAY_MS);
    expect(log.slice(first).map((l) => `${l.job}:${dayOf(l.at)}`)).toEqual([
      'midnight:2024-05-23',
      'alsoMidnight:2024-05-23',
      'posting:2024-05-23',
    ]);
  });

  it('after the clock is put back, an item made then runs when it falls due, and no schedule repeats', async () => {
    await runner.advance(2 * DAY_MS);
    const first = log.length;
    await runner.setTime(T0);
    pending = [T0 + 5 * 60_000];
    await runner.advance(6 * 60_000);
    expect(log.slice(first).map((l) => `${l.job}@${new Date(l.at).toISOString()}`)).toEqual([
      `items@${new Date(T0 + 5 * 60_000).toISOString()}`,
    ]);
    expect(pending).toEqual([]);
  });

  it('serialises concurrent moves: every occurrence runs once', async () => {
    await Promise.all([runner.advance(DAY_MS), runner.advance(DAY_MS), runner.advance(DAY_MS)]);
    expect(clock.now()).toBe(T0 + 3 * DAY_MS);
    expect(log.filter((l) => l.job === 'posting').map((l) => dayOf(l.at))).toEqual([
      '2024-05-21',
      '2024-05-22',
      '2024-05-23',
    ]);
  });

  it('runs overdue items at once and keeps the job state in the database', async () => {
    pending = [T0 - 60_000];
    await runner.runDueNow();
    expect(log).toEqual([{ job: 'items', at: T0, clock: T0 }]);
    const rows = await db.query<{ job: string; last_run: number }>('select job, last_run from job_run order by job');
    expect(rows.rows.map((r) => [r.job, Number(r.last_run)])).toEqual([
      ['*', T0],
      ['items', T0],
    ]);
    // a second runner over the same database (a restart) continues from there
    const again = new JobRunner(db, clock, runner.jobs);
    await again.advance(9 * 3600_000);
    expect(log.map((l) => l.job)).toEqual(['items', 'midnight', 'alsoMidnight']);
  });

  it('follows real time once reset', async () => {
    await runner.toRealTime();
    expect(clock.isReal).toBe(true);
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(1000);
    // every midnight and 02:00 from T0 (2024) up to today ran, each once
    const days = Math.floor((Date.now() - T0) / DAY_MS);
    expect(log.filter((l) => l.job === 'posting').length).toBeGreaterThanOrEqual(days - 1);
    expect(new Set(log.map((l) => `${l.job}@${l.at}`)).size).toBe(log.length);
  });
});
