import type { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createSandboxApp } from './app';
import { loadConfig } from './config';
import { answerClientErrors } from './http/client-error';
import { openDatabase } from './db/database';
import { DEMO_PASSWORD } from './db/seed/world';

/**
 * Starts the sandbox on http://127.0.0.1:$PORT (default 8080). SANDBOX_DATA_DIR holds the database (default
 * .sandbox-data, git-ignored); 'memory' runs in memory; an empty or new folder is created and seeded.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const port = Number(process.env.PORT ?? 8080);
  const dataDir = process.env.SANDBOX_DATA_DIR ?? path.join(config.rootDir, '.sandbox-data');
  const started = Date.now();
  const { db, seeded } = await openDatabase(dataDir, Date.now());
  console.log(
    `[sandbox] database ${dataDir === 'memory' ? 'in memory' : dataDir}${seeded ? ' (seeded with demo data)' : ''} ` +
      `ready in ${Date.now() - started} ms`,
  );
  const { app, jobs } = createSandboxApp(db, config);
  jobs.start(); // the scheduled jobs on real time (catching up what fell due while stopped)
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
    console.log(`[sandbox] the app:     http://127.0.0.1:${info.port}/  (open it in a phone's WeChat or Alipay)`);
    console.log(`[sandbox] the preview: http://127.0.0.1:${info.port}/__sandbox/  (the app on a desktop browser)`);
    console.log(`[sandbox] demo login:  13800138000 / ${DEMO_PASSWORD} (the operator; the README lists every account)`);
  });
  // serve() without createServer makes a node:http Server (ServerType also names the HTTP/2 ones).
  answerClientErrors(server as Server);
  const stop = () => {
    server.close();
    void jobs
      .stop()
      .then(() => db.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main().catch((error: unknown) => {
  console.error('[sandbox] failed to start', error);
  process.exit(1);
});
