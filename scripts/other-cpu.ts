import { readFileSync, readdirSync } from 'node:fs';

/**
 * How much of the machine's CPU other processes use while the bench runs (issue 14 item 1: "warns when it was busy").
 * The load average cannot tell: the bench's own Chromium, sandbox and Lighthouse lift it above the cores of a quiet
 * 2-core machine. So the CPU time the whole machine spent (/proc/stat) is compared with what this process and its
 * descendants spent (/proc/<pid>/stat: benchTicks), and the difference is the others'. Processes that start and end
 * between two readings (2 s apart) count as others'.
 * Linux only; elsewhere every figure is NaN and nothing is flagged.
 */

/** Clock ticks per second of /proc (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU ticks the machine spent working (not idle, not waiting for I/O), from /proc/stat's first line. */
function machineBusyTicks(): number {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return user + nice + system + irq + softirq + steal;
}

/** pid → [parent pid, own ticks, ticks of its reaped children] of every process, from /proc/<pid>/stat. */
function processes(): Map<number, [number, number, number]> {
  const table = new Map<number, [number, number, number]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command (field 2) is in parentheses and may hold spaces: the fields after its last ')' are plain.
      const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // rest[0] is field 3 (state): ppid is field 4, utime and stime fields 14–15, cutime and cstime 16–17.
      table.set(Number(name), [
        Number(rest[1]),
        Number(rest[11]) + Number(rest[12]),
        Number(rest[13]) + Number(rest[14]),
      ]);
    } catch {
      // the process ended while the table was read
    }
  }
  return table;
}

/**
 * The bench's ticks: this process with the children it waited for (the builds), and every descendant's own ticks,
 * remembered after it ends (Chromium's processes are reaped by a process outside the tree, so their parent's reaped
 * children's ticks cannot be relied on).
 */
const seen = new Map<number, number>();

function benchTicks(): number {
  const table = processes();
  const children = new Map<number, number[]>();
  for (const [pid, [ppid]] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const stack = [...(children.get(process.pid) ?? [])];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    seen.set(pid, table.get(pid)?.[1] ?? 0);
    stack.push(...(children.get(pid) ?? []));
  }
  const self = table.get(process.pid);
  let total = (self?.[1] ?? 0) + (self?.[2] ?? 0);
  for (const ticks of seen.values()) total += ticks;
  return total;
}

/** A reading: the machine's busy ticks, the bench's, and when (ms). */
interface Reading {
  machine: number;
  bench: number;
  at: number;
}

function read(): Reading | null {
  try {
    return { machine: machineBusyTicks(), bench: benchTicks(), at: Date.now() };
  } catch {
    return null;
  }
}

/** Cores' worth of CPU the other processes used between two readings (≥ 0). */
function othersBetween(a: Reading | null, b: Reading | null): number {
  if (!a || !b || b.at <= a.at) return NaN;
  const ticks = b.machine - a.machine - (b.bench - a.bench);
  return Math.max(0, ticks / TICKS_PER_SECOND / ((b.at - a.at) / 1000));
}

/** Measures the others' CPU for `ms` milliseconds now (before the run). Returns cores used. */
export async function othersNow(ms = 5000): Promise<number> {
  const a = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return othersBetween(a, read());
}

/**
 * Samples the others' CPU every `everyMs` until stopped: the average over the whole run and the highest window, in
 * cores.
 */
export function watchOthers(everyMs = 2000): () => { average: number; highest: number } {
  const first = read();
  let last = first;
  let highest = 0;
  const timer = setInterval(() => {
    const now = read();
    const cores = othersBetween(last, now);
    if (Number.isFinite(cores)) highest = Math.max(highest, cores);
    last = now;
  }, everyMs);
  return () => {
    clearInterval(timer);
    const end = read();
    const cores = othersBetween(last, end);
    if (Number.isFinite(cores)) highest = Math.max(highest, cores);
    return { average: othersBetween(first, end), highest };
  };
}
