/**
 * Outbound notifications of the services the sandbox stands in for (the payment platforms, the e-signature provider):
 * each is POSTed to the backend (`deliver`: a request through the sandbox app) asynchronously after `delayMs`, and
 * again after each of `retriesMs` until the backend acknowledges it (HTTP 200, code 0) — as the real services retry.
 * `settled()` resolves when none is in flight (tests).
 */
export class Notifier {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deliver: (path: string, body: Record<string, unknown>) => Promise<Response>,
    private readonly retriesMs: readonly number[] = [1000, 3000, 10_000],
  ) {}

  /** Sends `body` to `path` once now; resolves true when the backend acknowledged it. */
  async sendNow(path: string, body: Record<string, unknown>): Promise<boolean> {
    try {
      const res = await this.deliver(path, body);
      const answer = (await res.json()) as { code?: number };
      return res.status === 200 && answer.code === 0;
    } catch {
      return false;
    }
  }

  /** Sends `body` to `path` in the background after `delayMs`, retrying until acknowledged. */
  send(path: string, body: Record<string, unknown>, delayMs = 200): void {
    const run = (async () => {
      for (const wait of [delayMs, ...this.retriesMs]) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (await this.sendNow(path, body)) return;
      }
      console.log(`[sandbox] notification to ${path} not acknowledged; the backend's own query will find it`);
    })();
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  /** Resolves when every notification sent so far has been acknowledged or given up. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
