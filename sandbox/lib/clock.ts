/**
 * The sandbox's business clock (ARCHITECTURE.md "The sandbox runs on a business clock with a job runner"): every
 * handler reads the time through `now()`. In real time it is the machine's clock; once set (POST /__sandbox/clock, the
 * test harness) it stands still at the instant it was given until it is moved again or returned to real time, so that
 * what a test sees does not depend on how fast the machine is. Instants are epoch ms; business days are Asia/Shanghai
 * (lib/time.ts).
 */
export class BusinessClock {
  private fixed: number | null;

  /**
   * @param start null = real time; an instant (epoch ms) = a set clock standing at that instant.
   * @param real the machine's clock (Date.now; replaceable in tests).
   */
  constructor(
    start: number | null = null,
    private readonly real: () => number = Date.now,
  ) {
    this.fixed = start;
  }

  /** The business time now (epoch ms). Bound, so it can be handed around as `now: () => number`. */
  readonly now = (): number => this.fixed ?? this.real();

  /** True while the clock follows the machine's clock. */
  get isReal(): boolean {
    return this.fixed === null;
  }

  /** Sets the business clock to `ms` (epoch ms); it stands there until moved again. */
  set(ms: number): void {
    this.fixed = ms;
  }

  /** Returns to real time. */
  reset(): void {
    this.fixed = null;
  }
}
