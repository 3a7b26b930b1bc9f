/**
 * Work the first screen does not need, run after it (issue 14 "A free main thread"): the host SDK configuration, the
 * feedback chunk, a screen's badges and posters, the chunks of the screens its entries lead to. `afterInteractive(task)`
 * queues a task; once the app has said that its first screen is shown (`openIdleGate`) and no request of the app is in
 * flight (the request layer reports them), each task runs in an idle period of its own (requestIdleCallback; a short
 * timer where the webview lacks it), one at a time, so that none of them lengthens the screen's own work or competes
 * with its data on the network. Tasks of priority 'soon' (configuration, a screen's data) run before 'prefetch' ones.
 *
 * Until an app installs the gate (`installIdleGate`: boot does), tasks run at once: unit tests and tools that use
 * stores without the app see plain, immediate calls.
 */

/** What a queued task returns: anything; a promise is awaited by the caller of afterInteractive, not by the queue. */
type Task<T> = () => T;

/** 'soon': configuration and a screen's own data; 'prefetch': code of screens the user may open next. */
export type IdlePriority = 'soon' | 'prefetch';

interface Queued {
  run: () => void;
}

/** The longest a task waits for requests in flight to settle once the gate is open (ms). */
export const QUIET_WAIT_MAX_MS = 3000;

let gate: 'none' | 'closed' | 'open' = 'none';
let inFlight = 0;
let scheduled = false;
/** The timer of a wait for requests to settle, or null. */
let quietTimer: ReturnType<typeof setTimeout> | null = null;
/** When the queue started waiting for requests to settle (epoch ms), or null. */
let waitingSince: number | null = null;
const queues: Record<IdlePriority, Queued[]> = { soon: [], prefetch: [] };

/** The global object as far as idle callbacks go (old webviews lack requestIdleCallback). */
const host = globalThis as { requestIdleCallback?: (fn: () => void, options?: { timeout: number }) => number };

function nextIdle(fn: () => void): void {
  if (typeof host.requestIdleCallback === 'function') host.requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 50);
}

function pump(): void {
  if (gate !== 'open' || scheduled) return;
  if (queues.soon.length === 0 && queues.prefetch.length === 0) return;
  if (inFlight > 0) {
    const now = Date.now();
    waitingSince ??= now;
    if (now - waitingSince < QUIET_WAIT_MAX_MS) {
      // Looked at again when the last request settles, or when the wait is over.
      quietTimer ??= setTimeout(
        () => {
          quietTimer = null;
          pump();
        },
        QUIET_WAIT_MAX_MS - (now - waitingSince),
      );
      return;
    }
  }
  waitingSince = null;
  if (quietTimer !== null) {
    clearTimeout(quietTimer);
    quietTimer = null;
  }
  scheduled = true;
  nextIdle(() => {
    scheduled = false;
    const next = queues.soon.shift() ?? queues.prefetch.shift();
    next?.run();
    pump();
  });
}

/**
 * Runs `task` once the first screen is shown and the app is idle (see the module docstring); at once when no app has
 * installed the gate. Resolves with what the task returns (awaited when it is a promise); rejects when it throws.
 */
export function afterInteractive<T>(task: Task<T>, priority: IdlePriority = 'soon'): Promise<Awaited<T>> {
  if (gate === 'none') {
    try {
      return Promise.resolve(task());
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return new Promise<Awaited<T>>((resolve, reject) => {
    queues[priority].push({
      run: () => {
        try {
          Promise.resolve(task()).then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      },
    });
    pump();
  });
}

/** The app starts: from now on tasks wait for openIdleGate (boot calls it before anything is queued). */
export function installIdleGate(): void {
  if (gate === 'none') gate = 'closed';
}

/** The first screen is shown: queued tasks may run when the app is idle (the shell calls it). */
export function openIdleGate(): void {
  if (gate === 'open') return;
  gate = 'open';
  pump();
}

/** A request of the app started (the request layer calls it). */
export function requestStarted(): void {
  inFlight += 1;
}

/** A request of the app settled, with or without an answer (the request layer calls it). */
export function requestSettled(): void {
  inFlight = Math.max(0, inFlight - 1);
  if (inFlight === 0 && quietTimer !== null) pump();
}

/** Back to the initial state (tests only). */
export function resetIdleForTests(): void {
  gate = 'none';
  inFlight = 0;
  scheduled = false;
  waitingSince = null;
  if (quietTimer !== null) clearTimeout(quietTimer);
  quietTimer = null;
  queues.soon.length = 0;
  queues.prefetch.length = 0;
}
