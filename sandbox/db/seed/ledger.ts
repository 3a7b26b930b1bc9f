import { counterpartOf } from '../../domain/wallet';
import type { LedgerEv } from './money';

/**
 * The demo world's wallets replayed in time order (entities.md "Demo data": the ledger is replayed from the world's own
 * orders, splits, freezes and withdrawals). A Timeline runs the history's steps — postings, refunds, the daily freeze,
 * settlements, SIM rent, withdrawals and their payout — at their instants in the job order of entities.md R10; each
 * step decides with the rules of sandbox/domain on the wallets as they are at that instant, as the jobs would have.
 * The Book is the in-memory twin of domain/wallet.ts: every entry moves the available balance and, by its bizType,
 * the matching part (counterpartOf), and no part may go below zero.
 */

/** Order of steps at the same instant: the jobs in R10 order, then the users' actions. */
export const STEP = {
  sim: 2,
  posting: 4,
  heldReturn: 5,
  dailyFreeze: 6,
  settlement: 7,
  autoWithdraw: 8,
  review: 9,
  payout: 10,
  action: 20,
} as const;

interface Step {
  time: number;
  order: number;
  seq: number;
  run: () => void;
}

function before(a: Step, b: Step): boolean {
  return a.time !== b.time ? a.time < b.time : a.order !== b.order ? a.order < b.order : a.seq < b.seq;
}

/** Steps run in (time, order, insertion) order; a step may schedule later steps. */
export class Timeline {
  private readonly heap: Step[] = [];
  private seq = 0;

  /** Schedules `run` at `time` (epoch ms) with the STEP order of its kind. */
  at(time: number, order: number, run: () => void): void {
    const step = { time, order, seq: this.seq++, run };
    const h = this.heap;
    h.push(step);
    for (let i = h.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (!before(h[i] as Step, h[parent] as Step)) break;
      [h[i], h[parent]] = [h[parent] as Step, h[i] as Step];
      i = parent;
    }
  }

  /** Runs every step scheduled up to `until` (inclusive), earliest first. */
  run(until: number): void {
    const h = this.heap;
    while (h.length > 0 && (h[0] as Step).time <= until) {
      const top = h[0] as Step;
      const last = h.pop() as Step;
      if (h.length > 0) {
        h[0] = last;
        for (let i = 0; ;) {
          const l = 2 * i + 1;
          const r = l + 1;
          let m = i;
          if (l < h.length && before(h[l] as Step, h[m] as Step)) m = l;
          if (r < h.length && before(h[r] as Step, h[m] as Step)) m = r;
          if (m === i) break;
          [h[i], h[m]] = [h[m] as Step, h[i] as Step];
          i = m;
        }
      }
      top.run();
    }
  }
}

/** The parts of a wallet that the ledger moves. */
interface Parts {
  available: number;
  frozen: number;
  withdrawing: number;
}

/** The wallets and their ledger as the timeline makes them. */
export class Book {
  private readonly wallets = new Map<number, Parts>();
  private readonly written = new Set<number>();
  /** Entries in the order they were written (= time order); ids are given in this order. */
  readonly entries: LedgerEv[] = [];

  private parts(accountId: number): Parts {
    let p = this.wallets.get(accountId);
    if (!p) {
      p = { available: 0, frozen: 0, withdrawing: 0 };
      this.wallets.set(accountId, p);
    }
    return p;
  }

  /** True once an entry of the account has been written (its money history in the sandbox has begun). */
  started(accountId: number): boolean {
    return this.written.has(accountId);
  }

  /** The available balance of an account now (fen). */
  available(accountId: number): number {
    return this.parts(accountId).available;
  }

  /** The wallet parts of an account now. */
  wallet(accountId: number): Readonly<Parts> {
    return { ...this.parts(accountId) };
  }

  /** Writes an entry: available ± amount, its counterpart moved; balanceAfter set. Throws when a part goes negative. */
  write(ev: LedgerEv): void {
    const p = this.parts(ev.accountId);
    const c = counterpartOf(ev);
    p.available += ev.direction === 1 ? ev.amount : -ev.amount;
    p.frozen += c.frozen ?? 0;
    p.withdrawing += c.withdrawing ?? 0;
    this.check(ev.accountId, p, ev.time);
    ev.balanceAfter = p.available;
    ev.id = this.entries.length + 1;
    this.entries.push(ev);
    this.written.add(ev.accountId);
    for (const r of ev.rows) r.billId = ev.id;
    ev.onBill?.(ev.id);
  }

  /** Moves the parts that change without an entry (a settlement deducting frozen money, a withdrawal paid out). */
  move(accountId: number, move: { frozen?: number; withdrawing?: number }, time: number): void {
    const p = this.parts(accountId);
    p.frozen += move.frozen ?? 0;
    p.withdrawing += move.withdrawing ?? 0;
    this.check(accountId, p, time);
  }

  private check(accountId: number, p: Parts, time: number): void {
    for (const [part, value] of Object.entries(p)) {
      if (value < 0)
        throw new Error(`seed: ${part} of ${accountId} would be ${value} at ${new Date(time).toISOString()}`);
    }
  }
}
