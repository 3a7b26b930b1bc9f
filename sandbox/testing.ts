import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect } from 'vitest';
import { createSandboxApp } from './app';
import { loadConfig } from './config';
import type { JobRunner } from './jobs/runner';
import { BusinessClock } from './lib/clock';
import type { ShareParty, SiteShareRule } from '../src/api/site';
import { DEFAULT_SHARE_RULE } from '../src/api/site-settings-rules';
import { seedDemoData } from './db/seed';

/**
 * Test harness of the sandbox: an in-memory database with the schema and the demo world as of a fixed clock, the app
 * over it, and helpers that call the API as the app does (headers client and token). Used by sandbox/**\/*.test.ts:
 * each file opens its sandbox with openSandboxForFile (setup, logins by DEMO_PHONES role, teardown) and builds requests
 * from the shared fixtures below (share parties and rules, an addSite form).
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
  /**
   * The business clock the app runs on: reading `clock.now` gives it, assigning sets it without running jobs (use
   * `advance` to move it with its jobs).
   */
  clock: { now: number };
  /** The scheduled jobs on that clock (entities.md R10). */
  jobs: JobRunner;
  /** Moves the business clock `ms` forward and runs every job that falls due on the way, each at its instant. */
  advance(ms: number): Promise<void>;
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
  /**
   * Calls as the account of `phone` (logged in on first use, and again when the clock has moved past the token's life):
   * GET without a body, POST with one.
   */
  call<T>(phone: string, url: string, body?: unknown): Promise<{ status: number; body: Envelope<T> }>;
  /** The data of a successful `call`: expects HTTP 200 and code 0 (the message is shown when not). */
  data<T>(phone: string, url: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

/**
 * Where the sandbox project's run keeps seeded databases (sandbox/seed-cache.setup.ts makes it for the run and removes
 * it after), one dump per instant, or undefined outside that run.
 */
const SEED_CACHE_ENV = 'SANDBOX_SEED_CACHE';

/**
 * A new in-memory database with the schema and the demo world seeded at `now` (epoch ms). Seeding takes seconds (an
 * empty PGlite, the schema, a hundred thousand rows); within a test run the first file to seed an instant dumps the
 * database into the run's cache (SANDBOX_SEED_CACHE) and every later one loads that dump, which is the same database.
 */
export async function seededDatabase(now: number): Promise<PGlite> {
  const cache = process.env[SEED_CACHE_ENV];
  if (!cache) return seedNew(now);
  const file = path.join(cache, `${now}.tar`);
  // the first file to need the instant seeds it (holding the lock); the others wait for its dump
  let mine = false;
  try {
    closeSync(openSync(`${file}.lock`, 'wx'));
    mine = true;
  } catch {
    /* another file is seeding this instant */
  }
  if (mine) {
    const db = await seedNew(now);
    // written whole under another name, then renamed: a file loading it never sees half a dump
    writeFileSync(`${file}.partial`, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
    renameSync(`${file}.partial`, file);
    return db;
  }
  for (const deadline = Date.now() + 180_000; !existsSync(file);) {
    if (Date.now() > deadline) throw new Error(`seededDatabase: no dump of ${now} after 3 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const db = new PGlite({ loadDataDir: new Blob([readFileSync(file)]) });
  await db.waitReady;
  return db;
}

async function seedNew(now: number): Promise<PGlite> {
  const db = new PGlite();
  await db.exec(readFileSync(path.join(here, 'db/schema.sql'), 'utf8'));
  await seedDemoData(db, now);
  return db;
}

/** Opens a seeded sandbox whose clock starts at `now` (epoch ms). */
export async function openTestSandbox(now: number): Promise<TestSandbox> {
  const db = await seededDatabase(now);
  const business = new BusinessClock(now);
  const clock = {
    get now() {
      return business.now();
    },
    set now(ms: number) {
      business.set(ms);
    },
  };
  const { app, faults, jobs } = createSandboxApp(db, loadConfig(), business);
  const tokens = new Map<string, string>();
  const sandbox: TestSandbox = {
    db,
    app,
    faults,
    clock,
    jobs,
    advance: (ms) => jobs.advance(ms),
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
    async call<T>(phone: string, url: string, body?: unknown) {
      const send = async () => {
        const token = await sandbox.login(phone);
        return body === undefined ? sandbox.get<T>(url, token) : sandbox.post<T>(url, token, body);
      };
      const answer = await send();
      if (answer.body.code !== 7) return answer;
      // the business clock moved past the token's life (code 7 登录已过期): log in again, as the app does
      for (const key of [...tokens.keys()]) if (key.endsWith(`:${phone}`)) tokens.delete(key);
      return send();
    },
    async data<T>(phone: string, url: string, body?: unknown) {
      const answer = await sandbox.call<T>(phone, url, body);
      expect(answer.status).toBe(200);
      expect(answer.body.code, answer.body.message).toBe(0);
      return answer.body.data;
    },
    close: async () => {
      await jobs.stop();
      await db.close();
    },
  };
  return sandbox;
}

/** Login phones of the demo world's accounts (README "Demo accounts"; password sandbox123 for all). */
export const DEMO_PHONES = {
  /** 杭州易充科技 (10001): the operator with 6 sites. */
  operator: '13800138000',
  /** The agent (10002) under the operator; owns site 7 with the operator as its 上级 party. */
  agent: '13800138001',
  /** 翠苑物业 (10003), a property merchant. */
  property: '13800138002',
  /** A sub-account (10005) limited to sites 1 and 2. */
  subAccount: '13800138004',
  /** A builder (10006). */
  builder: '13800138005',
  /** A split-mode operator (10007) with platform-fee arrears. */
  splitOperator: '13800138006',
  /** An operator (10008) without a signed contract (orders held). */
  unsignedOperator: '13800138007',
  /** 滨江智充 (10009), an operator awaiting its KYB amount; a partner (合作方) in share-rule tests. */
  kybOperator: '13800138008',
  /** 城西便民 (10020), a second operator without a signed contract, certified and ready to sign (orders held). */
  heldOperator: '13800138020',
  /** 九堡快充 (10021), a split-mode operator on the platform wallet owing two platform-fee periods, no sites. */
  owingOperator: '13800138021',
} as const;

/** A demo account by its role. */
export type DemoAccount = keyof typeof DEMO_PHONES;

/**
 * The sandbox of one test file: registers beforeAll (open a seeded sandbox at `now`, epoch ms, and log in each of
 * `accounts`) and afterAll (close it). Returns at once; `sb` and `tokens` are filled in before the file's tests run, so
 * they are used inside tests and helpers, not at module level: `const { sb, tokens } = openSandboxForFile(NOW,
 * ['operator']); … sb.get(url, tokens.operator)`. Other accounts log in inside a test with `sb.login(phone)` (cached).
 */
export function openSandboxForFile<const A extends DemoAccount = never>(
  now: number,
  accounts: readonly A[] = [],
): { sb: TestSandbox; tokens: Record<A, string> } {
  const sb = {} as TestSandbox;
  const tokens = {} as Record<A, string>;
  beforeAll(async () => {
    Object.assign(sb, await openTestSandbox(now));
    for (const account of accounts) tokens[account] = await sb.login(DEMO_PHONES[account]);
  });
  afterAll(async () => {
    await sb.close();
  });
  return { sb, tokens };
}

/**
 * A share party as a request carries it (B-site.md §0.2): one rate `bp` (basis points) for all three income types unless
 * `extra` says otherwise; name and phone empty (the server fills them). `partyType` is a number so that tests can send
 * what the contract refuses.
 */
export function shareParty(
  userId: number,
  partyType: number,
  bp: number,
  extra: Partial<Pick<ShareParty, 'chargeRate' | 'cardRate' | 'coinRate' | 'remark'>> = {},
): Omit<ShareParty, 'partyType'> & { partyType: number } {
  return { userId, partyType, name: '', phone: '', chargeRate: bp, cardRate: bp, coinRate: bp, remark: '', ...extra };
}

/**
 * A SiteShareRule request (B §0.2) with `parties`: DEFAULT_SHARE_RULE's terms (综合分成, every cost on the operator,
 * electricity price 0) unless `extra` says otherwise.
 */
export function shareRule(
  parties: ReturnType<typeof shareParty>[],
  extra: Partial<Omit<SiteShareRule, 'parties'>> = {},
): Omit<SiteShareRule, 'parties'> & { parties: ReturnType<typeof shareParty>[] } {
  return { ...DEFAULT_SHARE_RULE, parties, ...extra };
}

/**
 * A POST /api/r9/site/addSite body (B-site.md §1 /site/add) that passes every check, changed by `fields`: a site in
 * 杭州市西湖区 (GCJ-02 with 7 decimals; stored rounded to 6: 120.123457, 30.276543) linked to 文新物业 (10004) at 20 %,
 * electricity ¥0.55/度 on the operator and the payment fee shared.
 */
export function addSiteForm(fields: Record<string, unknown> = {}) {
  return {
    name: '测试新站点',
    province: '浙江省',
    city: '杭州市',
    area: '西湖区',
    address: '文一西路100号北侧车棚',
    longitude: 120.1234567,
    latitude: 30.2765434,
    contacts: '赵六',
    contactsPhone: '13912345678',
    servicePhone: '400-800-1234',
    merchantId: 10004,
    siteShareRule: shareRule([shareParty(10004, 2, 2000)], { electricPrice: 55, channelFeeBearer: 3 }),
    ...fields,
  };
}

/**
 * Every broken wallet invariant of the database, as readable lines (empty = all hold): D-income.md "Wallet and
 * ledger", entities.md R4.5, R11.2. For every wallet: balance = available + frozen + cardFrozen + withdrawing, each ≥ 0;
 * the ledger replays (in id order each balanceAfter = the running Σ direction-1 − Σ direction-2) to the available
 * balance; withdrawingAmount = Σ withdrawals in status 1/2; frozenAmount = the open instalment freezes (deductions in
 * status 1) + the SIM rent still held (cost bills 冻结中/欠费: frozen − deducted); cardFrozenAmount = Σ remaining of its
 * area-card freezes; pendingIncome = Σ its unposted non-cash split rows; totalIncome = Σ entries of bizType 1–5;
 * totalWithdraw = Σ withdrawals 已到账.
 */
export async function walletViolations(db: PGlite): Promise<string[]> {
  const out: string[] = [];
  const wallets = await db.query<Record<string, string | number>>(
    `select w.account_id, w.available_balance, w.frozen_amount, w.card_frozen_amount, w.withdrawing_amount, w.balance,
            w.pending_income, w.total_income, w.total_withdraw,
       coalesce((select sum(case direction when 1 then amount else -amount end) from account_bill b
                 where b.account_id = w.account_id), 0) as ledger,
       (select balance_after from account_bill b where b.account_id = w.account_id order by id desc limit 1) as last_after,
       coalesce((select sum(amount) from withdrawal x where x.account_id = w.account_id and x.status in (1, 2)), 0)
         as withdrawing_facts,
       coalesce((select sum(d.frozen_amount) from instalment_deduction d join instalment_plan p on p.id = d.plan_id
                 where p.account_id = w.account_id and d.status = 1), 0)
       + coalesce((select sum(frozen_amount - deducted_amount) from cost_bill c
                   where c.account_id = w.account_id and c.status in (1, 3)), 0) as frozen_facts,
       coalesce((select sum(remaining_amount) from area_card_freeze f where f.account_id = w.account_id), 0)
         as card_frozen_facts,
       coalesce((select sum(amount) from order_split s
                 where s.account_id = w.account_id and s.post_status = 0 and not s.cash_only), 0) as pending_facts,
       coalesce((select sum(amount) from account_bill b where b.account_id = w.account_id and b.biz_type between 1 and 5),
                0) as income_facts,
       coalesce((select sum(amount) from withdrawal x where x.account_id = w.account_id and x.status = 3), 0)
         as withdrawn_facts
     from wallet w order by w.account_id`,
  );
  for (const raw of wallets.rows) {
    const w = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v === null ? null : Number(v)]));
    const id = w.account_id;
    const parts = ['available_balance', 'frozen_amount', 'card_frozen_amount', 'withdrawing_amount'] as const;
    for (const p of parts) if ((w[p] ?? 0) < 0) out.push(`${id}: ${p} ${w[p]} < 0`);
    const sum = parts.reduce((s, p) => s + (w[p] ?? 0), 0);
    if (sum !== w.balance) out.push(`${id}: balance ${w.balance} ≠ parts ${sum}`);
    if (w.ledger !== w.available_balance) out.push(`${id}: ledger Σ ${w.ledger} ≠ available ${w.available_balance}`);
    if ((w.last_after ?? 0) !== w.available_balance)
      out.push(`${id}: latest balanceAfter ${w.last_after} ≠ available ${w.available_balance}`);
    const facts: [string, string][] = [
      ['withdrawing_amount', 'withdrawing_facts'],
      ['frozen_amount', 'frozen_facts'],
      ['card_frozen_amount', 'card_frozen_facts'],
      ['pending_income', 'pending_facts'],
      ['total_income', 'income_facts'],
      ['total_withdraw', 'withdrawn_facts'],
    ];
    for (const [field, fact] of facts) {
      if (w[field] !== w[fact]) out.push(`${id}: ${field} ${w[field]} ≠ ${fact.replace('_facts', '')} ${w[fact]}`);
    }
  }
  const chain = await db.query<{ account_id: number; id: number; balance_after: number; running: string }>(
    `select account_id, id, balance_after, running from (
       select account_id, id, balance_after,
              sum(case direction when 1 then amount else -amount end) over (partition by account_id order by id) as running
       from account_bill) b
     where balance_after <> running order by account_id, id limit 5`,
  );
  for (const r of chain.rows) {
    out.push(`${r.account_id}: bill ${r.id} balanceAfter ${r.balance_after} ≠ running ${r.running}`);
  }
  return out;
}
