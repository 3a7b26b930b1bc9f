import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { createSandboxApp } from './app';
import { loadConfig } from './config';
import { seedDemoData } from './db/seed';

/**
 * Test harness of the sandbox: an in-memory database with the schema and the demo world as of a fixed clock, the app
 * over it, and helpers that call the API as the app does (headers client and token). Used by sandbox/**\/*.test.ts.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** The envelope of every answer. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** A running sandbox for tests. */
export interface TestSandbox {
  db: PGlite;
  app: ReturnType<typeof createSandboxApp>['app'];
  faults: ReturnType<typeof createSandboxApp>['faults'];
  /** The clock the app runs on (settable). */
  clock: { now: number };
  /** Logs in with password sandbox123 (cached per phone) and returns the token. */
  login(phone: string, client?: 'r9a_weixin' | 'alipay'): Promise<string>;
  /** GET with query parameters; `token` null = anonymous. */
  get<T>(
    url: string,
    token: string | null,
    query?: Record<string, string | number>,
  ): Promise<{ status: number; body: Envelope<T> }>;
  /** POST with a JSON body (a string body is sent as is). */
  post<T>(
    url: string,
    token: string | null,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Envelope<T> }>;
  close(): Promise<void>;
}

/** Opens a seeded sandbox whose clock starts at `now` (epoch ms). */
export async function openTestSandbox(now: number): Promise<TestSandbox> {
  const db = new PGlite();
  await db.exec(readFileSync(path.join(here, 'db/schema.sql'), 'utf8'));
  await seedDemoData(db, now);
  const clock = { now };
  const { app, faults } = createSandboxApp(db, loadConfig(), () => clock.now);
  const tokens = new Map<string, string>();
  const sandbox: TestSandbox = {
    db,
    app,
    faults,
    clock,
    async login(phone, client = 'r9a_weixin') {
      const key = `${client}:${phone}`;
      const cached = tokens.get(key);
      if (cached) return cached;
      const { body } = await sandbox.post<{ token: string }>(
        '/api/user/antLoginWithPwd',
        null,
        {
          phone,
          password: 'sandbox123',
        },
        { client },
      );
      if (body.code !== 0) throw new Error(`login ${phone} failed: ${body.code} ${body.message}`);
      tokens.set(key, body.data.token);
      return body.data.token;
    },
    async get(url, token, query) {
      const qs = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '';
      const res = await app.request(`${url}${qs}`, { headers: { client: 'r9a_weixin', ...(token ? { token } : {}) } });
      return { status: res.status, body: await res.json() };
    },
    async post(url, token, body, headers = {}) {
      const res = await app.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', client: 'r9a_weixin', ...(token ? { token } : {}), ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body ?? {}),
      });
      return { status: res.status, body: await res.json() };
    },
    close: () => db.close(),
  };
  return sandbox;
}
