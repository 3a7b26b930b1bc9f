import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';

/**
 * Fault injection for tests (README "Sandbox interfaces"): POST /__sandbox/faults makes the next `times` calls to an
 * API path answer with an HTTP status, a body code and message, or stall for `delayMs` first.
 */
export const faultSchema = z.object({
  path: z.string().regex(/^\/(api|wap)\//, 'path must be an API path such as /api/user/todayIncome'),
  httpStatus: z.number().int().min(100).max(599).optional(),
  code: z.number().int().optional(),
  message: z.string().optional(),
  delayMs: z.number().int().min(0).max(120_000).optional(),
  times: z.number().int().min(1).max(1000).default(1),
});

export type Fault = z.infer<typeof faultSchema>;

/** The registry of pending faults, by path. */
export class FaultRegistry {
  private readonly faults = new Map<string, Fault[]>();

  add(fault: Fault): void {
    const list = this.faults.get(fault.path) ?? [];
    list.push({ ...fault });
    this.faults.set(fault.path, list);
  }

  clear(): void {
    this.faults.clear();
  }

  /** Takes one use of the first fault of `path`, or null. */
  take(path: string): Fault | null {
    const list = this.faults.get(path);
    const fault = list?.[0];
    if (!list || !fault) return null;
    fault.times -= 1;
    if (fault.times <= 0) list.shift();
    if (list.length === 0) this.faults.delete(path);
    return fault;
  }

  /** Pending faults (for GET /__sandbox/faults). */
  list(): Fault[] {
    return [...this.faults.values()].flat();
  }
}

/** Middleware applying pending faults before the real handler. */
export function faultMiddleware(registry: FaultRegistry): MiddlewareHandler {
  return async (c, next) => {
    const fault = registry.take(c.req.path);
    if (!fault) return next();
    if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault.httpStatus !== undefined) {
      return c.json(
        { code: fault.code ?? fault.httpStatus, message: fault.message ?? 'injected fault', data: null },
        {
          status: fault.httpStatus as 200,
        },
      );
    }
    if (fault.code !== undefined) {
      return c.json({ code: fault.code, message: fault.message ?? '', data: null });
    }
    return next();
  };
}
