import type { PGlite } from '@electric-sql/pglite';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { accountRoutes } from './api/accounts';
import { factorialRoutes } from './api/factorial';
import { tenementRoutes } from './api/tenement';
import { cardRoutes } from './api/card';
import { cardMoneyRoutes } from './api/card-money';
import { cardSettingsRoutes } from './api/card-settings';
import { arrearsRoutes } from './api/arrears';
import { bankRoutes } from './api/bank';
import { parkingRoutes } from './api/parking';
import { remoteRecordRoutes } from './api/remote-records';
import { orderRoutes } from './api/orders';
import { remoteStartRoutes } from './api/remote-start';
import { withdrawRoutes } from './api/withdraw';
import { deviceRoutes } from './api/device';
import { esignRoutes } from './api/esign';
import { exportRoutes, mailRoutes } from './api/exports';
import { deviceSetupRoutes } from './api/device-setup';
import { homeRoutes } from './api/home';
import { incomeRoutes } from './api/income';
import { incomeMoneyRoutes } from './api/income-money';
import { mineRoutes } from './api/mine';
import { messageRoutes } from './api/messages';
import { mineSetRoutes } from './api/mine-set';
import { statementRoutes } from './api/statements';
import { siteBillRoutes } from './api/site-bills';
import { billSettingRoutes } from './api/bill-settings';
import { statementExportRoutes } from './api/statement-exports';
import { incomeAnalysisRoutes } from './api/income-analysis';
import { settlementRoutes } from './api/settlement';
import { siteRoutes } from './api/site';
import { siteIncomeRoutes } from './api/site-income';
import { siteSettingsRoutes } from './api/site-settings';
import { siteAuthorRoutes } from './api/site-author';
import { userRoutes } from './api/user';
import { workOrderRoutes } from './api/work-order';
import type { SandboxConfig } from './config';
import { declaredEndpoints, type EndpointInfo } from './http/endpoint';
import { BizError, bodySizeLimit, fail } from './http/envelope';
import { FaultRegistry, faultMiddleware } from './http/faults';
import type { SandboxEnv } from './http/session';
import { JOBS } from './jobs';
import { JobRunner } from './jobs/runner';
import { EsignProvider } from './domain/esign-provider';
import { Notifier } from './lib/notifier';
import { BusinessClock } from './lib/clock';
import { controlRoutes } from './pages/control';
import { esignPageRoutes } from './pages/esign';
import { oauthRoutes } from './pages/oauth';
import { payRoutes } from './pages/pay';
import { staticRoutes } from './pages/static';
import { workOrderControlRoutes } from './pages/work-orders';
import { siteApplyControlRoutes } from './pages/site-applies';
import { walletControlRoutes } from './pages/wallet-control';
import { instalmentRefundControlRoutes } from './pages/instalment-refund-control';
import { cardSwipeRoutes } from './pages/card-swipe';

/**
 * The sandbox backend (ARCHITECTURE.md "The sandbox"): the API contract under /api and /wap, the platforms'
 * authorisation pages and the test controls under /__sandbox, and the two bundles. Every API answer is an envelope;
 * validation and business errors are HTTP 200 with a non-zero code; an unknown API path is HTTP 404 with the envelope.
 */
export interface SandboxApp {
  app: Hono<SandboxEnv>;
  faults: FaultRegistry;
  /** The business clock every handler reads (`now`). */
  clock: BusinessClock;
  /** The scheduled jobs on that clock (main.ts starts its real-time timer; tests move the clock through it). */
  jobs: JobRunner;
  /**
   * Every API endpoint as declared through sandbox/http/endpoint.ts (who may call it, its schema, what it touches):
   * the access matrix and the generated hostile input walk this list.
   */
  endpoints: EndpointInfo[];
}

/** The app over `db`, on the business clock `clock` (real time unless given). */
export function createSandboxApp(db: PGlite, config: SandboxConfig, clock = new BusinessClock()): SandboxApp {
  const app = new Hono<SandboxEnv>();
  const faults = new FaultRegistry();
  const jobs = new JobRunner(db, clock, JOBS);
  const now = clock.now;

  // A body over 1 MB is refused before it is read (413 with the envelope), as production nginx does.
  app.use('*', bodySizeLimit());
  app.use('*', compress());
  app.use('/api/*', faultMiddleware(faults));
  app.use('/wap/*', faultMiddleware(faults));

  // The API: every endpoint declared through sandbox/http/endpoint.ts (README "Adding a sandbox endpoint").
  const endpoints: EndpointInfo[] = [];
  const api = (routes: Hono<SandboxEnv>) => {
    app.route('/', routes);
    endpoints.push(...declaredEndpoints(routes));
  };
  api(userRoutes(db, config, now));
  api(homeRoutes(db, now));
  api(siteRoutes(db, now));
  api(deviceRoutes(db, now));
  api(deviceSetupRoutes(db, now));
  api(siteSettingsRoutes(db, now));
  api(siteIncomeRoutes(db, now));
  api(mineRoutes(db, now));
  api(messageRoutes(db, now));
  api(mineSetRoutes(db, now));
  api(accountRoutes(db, now));
  api(tenementRoutes(db, now));
  api(factorialRoutes(db, now));
  api(incomeRoutes(db, now));
  api(incomeMoneyRoutes(db, now));
  api(cardRoutes(db, now));
  api(cardMoneyRoutes(db, now));
  api(cardSettingsRoutes(db, now));
  api(bankRoutes(db, now));
  api(withdrawRoutes(db, now));
  api(arrearsRoutes(db, config, now));
  // The outside services' notifications (payment platforms, e-sign provider) reach the API through this app.
  const notifier = new Notifier(async (path, body) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );
  const esignProvider = new EsignProvider(notifier);
  api(esignRoutes(db, now, esignProvider));
  api(remoteRecordRoutes(db, now));
  api(orderRoutes(db, now));
  api(remoteStartRoutes(db, now));
  api(parkingRoutes(db, now));
  api(settlementRoutes(db, now));
  api(exportRoutes(db, now));
  api(statementRoutes(db, now));
  api(siteBillRoutes(db, now));
  api(billSettingRoutes(db, now));
  api(statementExportRoutes(db, now));
  api(incomeAnalysisRoutes(db, now));
  api(workOrderRoutes(db, now));
  api(siteAuthorRoutes(db, now));
  app.route('/', oauthRoutes(db, config, now));
  app.route('/', payRoutes(db, config, notifier, now));
  app.route('/', esignPageRoutes(db, esignProvider, now));
  app.route('/', controlRoutes(db, faults, jobs));
  app.route('/', mailRoutes(db));
  app.route('/', workOrderControlRoutes(db, now));
  app.route('/', siteApplyControlRoutes(db, now));
  app.route('/', walletControlRoutes(db, now));
  app.route('/', instalmentRefundControlRoutes(db, now));
  app.route('/', cardSwipeRoutes(db, now));

  // The bundles, the host emulators and the app's HTML at every other GET (it passes /api, /wap, /__sandbox on).
  app.route('/', staticRoutes(config));

  // Unknown API paths: HTTP 404 with the envelope.
  app.all('/api/*', (c) => fail(c, 404, `接口不存在：${c.req.method} ${c.req.path}`, 404));
  app.all('/wap/*', (c) => fail(c, 404, `接口不存在：${c.req.method} ${c.req.path}`, 404));
  app.all('/__sandbox/*', (c) => fail(c, 404, `沙箱接口不存在：${c.req.path}`, 404));

  app.onError((error, c) => {
    if (error instanceof BizError) return fail(c, error.code, error.message);
    console.error('[sandbox] unhandled error', c.req.method, c.req.path, error);
    return fail(c, 500, '服务器内部错误，请稍后重试', 500);
  });
  app.notFound((c) => c.text('Not Found', 404));

  return { app, faults, clock, jobs, endpoints };
}
