import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { BusinessClock } from '../lib/clock';
import type { Db } from '../lib/db';
import { DAY_MS, dayOf, startOfDay } from '../lib/time';

/**
 * The sandbox's job runner (entities.md R10, ARCHITECTURE.md "business clock with a job runner"): the scheduled work of
 * the designs runs at its business instant, in time order, whether the business clock is moved by a test
 * (POST /__sandbox/clock, TestSandbox.advance) or follows real time (a timer in the running sandbox).
 *
 * A job is either on a fixed daily schedule (02:00 posting …) or item-driven (a withdrawal paid out 5 minutes after it
 * was made …). Each job remembers the instant it last ran (table job_run), so that moving the clock runs every
 * occurrence between that instant and the new time exactly once, however the clock was moved before (backwards moves
 * run nothing and repeat nothing; items made after the clock was put back still run when they fall due). Each run is one transaction; a job sees the clock at its own instant (the `at` it is
 * given, and the business clock while it runs when the clock is set).
 */

/** One kind of scheduled work. */
export interface Job {
  /** Stable name (its job_run row). */
  readonly name: string;
  /**
   * When it next has work (epoch ms): a fixed schedule answers its first occurrence strictly after `after` (the
   * instant it last ran); an item-driven job answers the earliest due instant of its pending items (which may lie
   * before `after`: overdue items run at once), or null when it has none.
   */
  nextDue(db: Db, after: number): Promise<number | null>;
  /** Does the work due at `at` (epoch ms) inside the runner's transaction. Never reads the clock: `at` is the time. */
  run(tx: Transaction, at: number): Promise<void>;
}

/** The first instant strictly after `after` that is hh:mm Asia/Shanghai (epoch ms). */
export function nextDailyAt(after: number, hh: number, mm = 0): number {
  const t = startOfDay(dayOf(after)) + (hh * 60 + mm) * 60_000;
  return t > after ? t : t + DAY_MS;
}

/** A job that runs every day at hh:mm Asia/Shanghai (the body decides whether the day concerns it, e.g. the 1st). */
export function dailyJob(name: string, hh: number, mm: number, run: Job['run']): Job {
  return { name, nextDue: async (_db, after) => nextDailyAt(after, hh, mm), run };
}

/** The job_run row that holds the instant up to which every job has been brought (jobs without a row start there). */
const WATERMARK = '*';
/** Runs of one runUntil before it gives up (a job whose items never leave the due state would loop for ever). */
const MAX_RUNS = 100_000;

/**
 * Runs the jobs of the sandbox against its business clock. All entry points are serialised: a second call waits for
 * the first, so two clock moves never interleave their runs.
 */
export class JobRunner {
  private queue: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | null = null;
  private pausedUntil = 0;
  private ready = false;

  constructor(
    private readonly db: PGlite,
    readonly clock: BusinessClock,
    readonly jobs: readonly Job[],
  ) {}

  /** Sets the business clock to `ms` (epoch ms) and runs every job due up to then, in time order. */
  setTime(ms: number): Promise<void> {
    return this.serial(async () => {
      await this.runDue(ms);
      this.clock.set(ms);
    });
  }

  /** Moves the business clock `ms` forward (negative: backward) and runs what falls due. */
  advance(ms: number): Promise<void> {
    return this.serial(async () => {
      const target = this.clock.now() + ms;
      await this.runDue(target);
      this.clock.set(target);
    });
  }

  /** Returns the clock to real time and runs what is due up to the real time. */
  toRealTime(): Promise<void> {
    return this.serial(async () => {
      await this.lastRuns(); // a first use records the set clock's time as where the jobs stand
      this.clock.reset();
      await this.runDue(this.clock.now());
    });
  }

  /** Runs what is due up to the business clock's current time (without moving it). */
  runDueNow(): Promise<void> {
    return this.serial(() => this.runDue(this.clock.now()));
  }

  /**
   * Starts the real-time timer of a running sandbox: every `intervalMs` while the clock follows real time, the jobs due
   * up to now run (catching up at once what fell due while the sandbox was stopped). A failing job is logged and the
   * timer pauses for a minute. The timer does not keep the process alive.
   */
  start(intervalMs = 1000): void {
    if (this.timer) return;
    const tick = () => {
      if (!this.clock.isReal || Date.now() < this.pausedUntil) return;
      this.runDueNow().catch((error: unknown) => {
        console.error('[sandbox] scheduled job failed; retrying in a minute', error);
        this.pausedUntil = Date.now() + 60_000;
      });
    };
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref?.();
  }

  /** Stops the timer (a running batch of jobs finishes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.queue.catch(() => undefined);
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The instants each job last ran (jobs without a row: the watermark). */
  private async lastRuns(): Promise<Map<string, number>> {
    if (!this.ready) {
      // An older data folder may lack the table (a new one starts at the current business time); a seeded one holds
      // the seed's clock as the watermark.
      await this.db.query(
        `create table if not exists job_run (job text primary key, last_run bigint not null, update_time bigint not null)`,
      );
      await this.db.query(
        `insert into job_run (job, last_run, update_time) values ($1, $2, $2) on conflict (job) do nothing`,
        [WATERMARK, this.clock.now()],
      );
      this.ready = true;
    }
    const result = await this.db.query<{ job: string; last_run: number }>('select job, last_run from job_run');
    const map = new Map(result.rows.map((r) => [r.job, Number(r.last_run)]));
    const watermark = map.get(WATERMARK) ?? this.clock.now();
    for (const job of this.jobs) if (!map.has(job.name)) map.set(job.name, watermark);
    return map;
  }

  /** Runs every job occurrence due in (its last run, target], earliest first (ties: the order of `jobs`). */
  private async runDue(target: number): Promise<void> {
    const last = await this.lastRuns();
    const wasReal = this.clock.isReal;
    for (let runs = 0; ; runs++) {
      if (runs >= MAX_RUNS) throw new Error(`job runner: more than ${MAX_RUNS} runs up to ${new Date(target)}`);
      let next: { job: Job; at: number } | null = null;
      for (const job of this.jobs) {
        const after = last.get(job.name) ?? target;
        const due = await job.nextDue(this.db, after);
        if (due === null) continue;
        // A job last run after the target (the clock was put back): a fixed schedule answers an occurrence after that
        // run, so nothing repeats; an item-driven job's pending items (made since, at the earlier time) run when due.
        const at = after > target ? due : Math.max(due, after);
        if (at <= target && (next === null || at < next.at)) next = { job, at };
      }
      if (next === null) break;
      const { job, at } = next;
      if (!wasReal) this.clock.set(at);
      await this.db.transaction(async (tx) => {
        await job.run(tx, at);
        await tx.query(
          `insert into job_run (job, last_run, update_time) values ($1, $2, $2)
           on conflict (job) do update set last_run = excluded.last_run, update_time = excluded.update_time`,
          [job.name, at],
        );
      });
      last.set(job.name, at);
    }
    await this.db.query(`update job_run set last_run = greatest(last_run, $2), update_time = $2 where job = $1`, [
      WATERMARK,
      target,
    ]);
  }
}
