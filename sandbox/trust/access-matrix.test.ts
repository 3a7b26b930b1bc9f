import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSandboxApp } from '../app';
import { loadConfig } from '../config';
import { ACCESS_HEADER } from '../http/access';
import type { EndpointInfo } from '../http/endpoint';
import { rows } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';
import { ROLES, type AccessRow, type AccessTable, type Expect, type Objects, type Role } from './matrix';

/**
 * The access matrix (issue 12 item 7): every endpoint declared through the registry, with each demo account (operator,
 * agent, property, sub-account limited to sites 1–2, builder), no token and an expired token, against an object inside
 * and one outside each account's reach, compared with the rows of sandbox/api/*.access.ts. Every answer an account
 * may see is also searched for what is outside its reach (other sites' names, residents' phones of other
 * communities). An endpoint without a row, or a row without an endpoint, fails.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb } = openSandboxForFile(NOW, ['operator', 'agent', 'property', 'subAccount', 'builder']);

const API_DIR = path.resolve(import.meta.dirname, '../api');
/** The api modules' table files (sandbox/api/*.access.ts), each of which is one test of the matrix. */
const TABLE_FILES = readdirSync(API_DIR)
  .filter((f) => f.endsWith('.access.ts'))
  .sort();

/** The rows of every api module's table file. */
async function loadTables(): Promise<Map<string, { row: AccessRow; file: string }>> {
  const all = new Map<string, { row: AccessRow; file: string }>();
  for (const file of TABLE_FILES) {
    const table = ((await import(path.join(API_DIR, file))) as { ACCESS: AccessTable }).ACCESS;
    for (const [key, row] of Object.entries(table)) {
      if (all.has(key)) throw new Error(`${key} has rows in ${all.get(key)?.file} and ${file}`);
      all.set(key, { row, file });
    }
  }
  return all;
}

/** Sites of the demo world within each account's reach (entities.md demo data; R1.3), and one primary of each side. */
const REACH: Record<Role, { inside: number[]; outside: number[] }> = {
  // The operator sees its sites 1–6 and, read-only, the agent's site 7 where it is the superior party.
  operator: { inside: [1, 2, 3, 4, 5, 6], outside: [8, 9, 10] },
  // The agent owns site 7 and is a party of site 4 (read-only): both seen; the operator's others are not.
  agent: { inside: [7], outside: [1, 2, 3, 5, 6] },
  property: { inside: [1, 2], outside: [3, 4, 5, 6, 7, 8] },
  subAccount: { inside: [1, 2], outside: [3, 4, 5, 6, 7, 8] },
  builder: { inside: [1, 2, 3, 4, 5, 6], outside: [7, 8, 9, 10] },
};
/** Sites each account sees at all (forbidden names are those of the others). */
const SEEN: Record<Role, number[]> = {
  operator: [1, 2, 3, 4, 5, 6, 7],
  agent: [4, 7],
  property: [1, 2],
  subAccount: [1, 2],
  builder: [1, 2, 3, 4, 5, 6],
};
/** Communities whose residents' whitelist each account may read. */
const WHITELISTS: Record<Role, number[]> = {
  operator: [1, 2, 3],
  agent: [],
  property: [1],
  subAccount: [1],
  builder: [],
};
/** Property merchants named inside / outside each account's reach (merchantHomePage). */
const PROPERTY: Record<Role, { inside?: number; outside: number }> = {
  operator: { inside: 10003, outside: 999_999 },
  agent: { outside: 10003 },
  property: { inside: 10003, outside: 10004 },
  subAccount: { inside: 10003, outside: 10004 },
  builder: { inside: 10003, outside: 10004 },
};

const NONE = 999_999;

/** The account whose ledger each role reads (its own; a sub-account's or a builder's operator's). */
const LEDGER: Record<Role, number> = {
  operator: 10001,
  agent: 10002,
  property: 10003,
  subAccount: 10001,
  builder: 10001,
};

/** The account whose own objects (withdrawals, payments, transfers…) are asked for from outside each role's reach. */
const OTHER: Record<Role, number> = {
  operator: 10002,
  agent: 10001,
  property: 10001,
  subAccount: 10002,
  builder: 10002,
};

/**
 * The objects of one account (Objects' account, withdrawal … arrears): its latest of each, with stand-ins for what it
 * lacks when `fill`; and the platform's content (a notice, a poster, a help article) on the inside only. `probed` is the
 * account being probed: a transfer it is a party of is never its outside. A back payment, a fee period and open arrears
 * are the split operator's only in the demo world, and a bank card is unbound by its row: inside, where missing, they
 * are stand-ins their rows' prepare replaces with one of the account's own. A replacement activity is the operator's
 * only: elsewhere a stand-in, which the handler answers 当前没有进行中的换卡活动.
 */
async function objectsOf(account: number, fill: boolean, probed: number): Promise<Partial<Objects>> {
  const latest = async (sql: string, params: unknown[] = [account]) => {
    const found = (await rows<{ id: number }>(sb.db, `${sql} order by id desc limit 1`, params))[0];
    return found ? Number(found.id) : fill ? NONE : undefined;
  };
  const first = async (sql: string) => (await rows<{ id: number }>(sb.db, `${sql} order by id limit 1`))[0]?.id;
  const content = fill
    ? {}
    : {
        notice: await first('select id from notice where status = 1'),
        poster: await first('select id from poster where status = 1'),
        article: await first('select id from help_article'),
      };
  return {
    account,
    withdrawal: await latest('select id from withdrawal where account_id = $1'),
    payment: (await latest('select id from owe_payment where account_id = $1')) ?? NONE,
    deduction: await latest(
      'select d.id from instalment_deduction d join instalment_plan p on p.id = d.plan_id where p.account_id = $1',
    ),
    feePeriod: (await latest('select id from fee_period where account_id = $1')) ?? NONE,
    transfer: await latest(
      `select id from transfer where $1 in (from_merchant_id, to_merchant_id)
       and not ($2 in (from_merchant_id, to_merchant_id))`,
      [account, account === probed ? 0 : probed],
    ),
    freeze: await latest('select id from area_card_freeze where account_id = $1'),
    bankCard: (await latest('select id from bank_card where account_id = $1 and status = 1 and card_type = 1')) ?? NONE,
    activity: (await latest('select id from card_replace_activity where merchant_id = $1')) ?? NONE,
    agent: (await latest('select id from account where account_type = 2 and parent_id = $1')) ?? NONE,
    arrears: (await latest('select id from arrears where account_id = $1 and status in (1, 2)')) ?? NONE,
    docRecord: await latest('select id from doc_record where merchant_id = $1 and expire_time > $2 and status <> 1', [
      account,
      NOW,
    ]),
    ...Object.fromEntries(
      Object.entries(content).flatMap(([key, id]) => (id === undefined ? [] : [[key, Number(id)]])),
    ),
  };
}

/**
 * The objects on a list of sites (the first site first), with stand-ins for what does not exist. `ledger` is the
 * account whose ledger entry is picked (inside); without it, any account's entry at those sites (outside).
 */
async function objectsOn(
  sites: number[],
  property: number | undefined,
  fill: boolean,
  ledger?: number,
): Promise<Partial<Objects>> {
  const order = `(site_id = ${sites[0] ?? 0}) desc, site_id, id`;
  const device = async (types: string) =>
    (
      await rows<{ id: number; serialNumber: string }>(
        sb.db,
        `select id, serial_number from device where site_id = any($1::bigint[]) and device_type ${types}
         order by ${order} limit 1`,
        [sites],
      )
    )[0];
  const box = await device('between 1 and 3');
  const charger = box
    ? (
        await rows<{ id: number }>(sb.db, 'select id from charger where device_id = $1 order by socket_no limit 1', [
          box.id,
        ])
      )[0]
    : undefined;
  const order1 = (
    await rows<{ id: number; orderNo: string }>(
      sb.db,
      `select id, order_no from charge_order where site_id = any($1::bigint[]) order by ${order} limit 1`,
      [sites],
    )
  )[0];
  const site = await rows<{ id: number; communityId: number | null; contractCode: string | null }>(
    sb.db,
    `select id, community_id, contract_code from site where id = any($1::bigint[]) order by (id = $2) desc, id`,
    [sites, sites[0] ?? 0],
  );
  const communityId = site.find((s) => s.communityId !== null)?.communityId;
  const white = communityId
    ? (
        await rows<{ id: number }>(
          sb.db,
          'select id from community_white where community_id = $1 order by id limit 1',
          [communityId],
        )
      )[0]
    : undefined;
  const cardOf = async (status: number) =>
    (
      await rows<{ id: number; phone: string }>(
        sb.db,
        `select c.id, c.phone from card c join card_site cs on cs.card_id = c.id
         where cs.site_id = any($1::bigint[]) and c.status = $2
           and not exists (select 1 from card_site o where o.card_id = c.id and not (o.site_id = any($1::bigint[])))
         order by (cs.site_id = $3) desc, c.id limit 1`,
        [sites, status, sites[0] ?? 0],
      )
    )[0];
  const card = await cardOf(3);
  const workOrder = (
    await rows<{ id: number; trainId: number | null }>(
      sb.db,
      `select w.id, w.train_id from work_order w join site s on s.id = $1 and w.merchant_id = s.operator_id
       order by (w.builder_id is not null) desc, w.id limit 1`,
      [sites[0] ?? 0],
    )
  )[0];
  const siteApply = (
    await rows<{ id: number }>(
      sb.db,
      `select a.id from site_apply a join site_apply_site x on x.apply_id = a.id and x.site_id = $1
       join site s on s.id = x.site_id and a.merchant_id = s.operator_id
       order by (a.status = 0) desc, a.id limit 1`,
      [sites[0] ?? 0],
    )
  )[0];
  const monthTemplate = (
    await rows<{ id: number }>(
      sb.db,
      'select id from month_card_template where site_id = any($1::bigint[]) order by (site_id = $2) desc, id limit 1',
      [sites, sites[0] ?? 0],
    )
  )[0];
  const ledgerEntry = (
    await rows<{ id: number }>(
      sb.db,
      `select id from account_bill where site_id = any($1::bigint[]) and ($2::bigint is null or account_id = $2)
       order by (site_id = $3) desc, id desc limit 1`,
      [sites, ledger ?? null, sites[0] ?? 0],
    )
  )[0];
  const pick = <T>(value: T | undefined, stand: T): T | undefined =>
    value !== undefined ? value : fill ? stand : undefined;
  const id = (row: { id: number } | undefined) => (row ? Number(row.id) : undefined);
  return {
    site: pick(sites[0], NONE),
    community: pick(communityId === null || communityId === undefined ? undefined : Number(communityId), NONE),
    white: pick(id(white), NONE),
    box: pick(id(box), NONE),
    boxSerial: pick(box?.serialNumber, 'NOSUCHBOX01'),
    charger: pick(id(charger), NONE),
    guard: pick(id(await device('= 4')), NONE),
    gate: pick(id(await device('= 5')), NONE),
    camera: pick(id(await device('= 6')), NONE),
    smoke: pick(id(await device('= 7')), NONE),
    orderNo: pick(order1?.orderNo, 'NOSUCHORDER'),
    order: pick(id(order1), NONE),
    contract: pick(site.find((s) => s.contractCode)?.contractCode ?? undefined, 'NOSUCHCONTRACT'),
    property: pick(property, NONE),
    card: pick(id(card), NONE),
    riderPhone: pick(card?.phone || undefined, '13900009999'),
    idleCard: pick(id(await cardOf(1)), NONE),
    monthTemplate: pick(id(monthTemplate), NONE),
    workOrder: pick(id(workOrder), NONE),
    train: workOrder ? Number(workOrder.trainId ?? NONE) : pick(undefined, NONE),
    siteApply: pick(id(siteApply), NONE),
    ledgerEntry: pick(id(ledgerEntry), NONE),
    month: new Date(NOW + 8 * 3_600_000).toISOString().slice(0, 7),
  };
}

/** Reads the request's objects; throws Missing when one does not exist for this side (the call is skipped). */
class Missing extends Error {}
function request(row: AccessRow, objects: Partial<Objects>): { body: Record<string, unknown>; named: boolean } {
  let named = false;
  const proxy = new Proxy(objects, {
    get(target, key: string) {
      named = true;
      const value = target[key as keyof Objects];
      if (value === undefined) throw new Missing(key);
      return value;
    },
  }) as Objects;
  const body = row.request(proxy);
  return { body, named: named && row.object !== false };
}

const OUTCOME: Record<Expect, string> = {
  allow: 'granted',
  public: 'public',
  permission: 'denied-permission',
  scope: 'denied-scope',
};

interface Answer {
  outcome: string | null;
  status: number;
  code: number;
  text: string;
}

async function call(endpoint: EndpointInfo, body: Record<string, unknown>, token: string | null): Promise<Answer> {
  const headers: Record<string, string> = { client: 'r9a_weixin', ...(token ? { token } : {}) };
  let url = endpoint.path;
  const init: RequestInit = { method: endpoint.method, headers };
  if (endpoint.method === 'GET') {
    const query = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]));
    if (query.size) url += `?${query}`;
  } else {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await sb.app.request(url, init);
  const text = await res.text();
  return {
    outcome: res.headers.get(ACCESS_HEADER),
    status: res.status,
    code: (JSON.parse(text) as { code: number }).code,
    text,
  };
}

/** What every test of the matrix shares: the rows, the endpoints, each account's token and objects, what it may not see. */
interface World {
  tables: Map<string, { row: AccessRow; file: string }>;
  endpoints: EndpointInfo[];
  tokens: Record<Role, string>;
  expired: string;
  sides: Record<Role, { inside: Partial<Objects>; outside: Partial<Objects> }>;
  forbidden: Record<Role, string[]>;
}

async function openWorld(): Promise<World> {
  const tables = await loadTables();
  const { endpoints } = createSandboxApp(sb.db, loadConfig());
  // Tokens: each demo account, and an expired one of the operator's.
  const tokens = {} as Record<Role, string>;
  for (const role of ROLES) tokens[role] = await sb.login(DEMO_PHONES[role]);
  const expired = 'e'.repeat(32);
  await sb.db.query(
    `insert into token (token, account_id, client, create_time, last_active_time, expire_time, revoked, update_time)
     values ($1, 10001, 'r9a_weixin', $2, $2, $3, false, $2)`,
    [expired, NOW - 40 * 86_400_000, NOW - 1],
  );
  const sides = {} as World['sides'];
  for (const role of ROLES) {
    sides[role] = {
      inside: {
        ...(await objectsOn(REACH[role].inside, PROPERTY[role].inside, false, LEDGER[role])),
        ...(await objectsOf(LEDGER[role], false, LEDGER[role])),
      },
      outside: {
        ...(await objectsOn(REACH[role].outside, PROPERTY[role].outside, true)),
        ...(await objectsOf(OTHER[role], true, LEDGER[role])),
      },
    };
  }
  const siteNames = await rows<{ id: number; name: string }>(sb.db, 'select id, name from site order by id');
  const whitePhones = await rows<{ communityId: number; phone: string }>(
    sb.db,
    `select community_id, phone from community_white where phone not in (select phone from account where phone is not null)`,
  );
  const forbidden = Object.fromEntries(
    ROLES.map((role) => [
      role,
      [
        ...siteNames.filter((s) => !SEEN[role].includes(Number(s.id))).map((s) => s.name),
        ...whitePhones.filter((w) => !WHITELISTS[role].includes(Number(w.communityId))).map((w) => w.phone),
      ],
    ]),
  ) as Record<Role, string[]>;
  return { tables, endpoints, tokens, expired, sides, forbidden };
}

/**
 * Asks one endpoint as no one, with an expired token, and as each account inside and outside its reach; answers what
 * differs from its row (empty when all holds).
 */
async function probe(world: World, endpoint: EndpointInfo, row: AccessRow): Promise<string[]> {
  const { tokens, expired, sides, forbidden } = world;
  const failures: string[] = [];
  const fail = (text: string) => failures.push(text);
  const key = `${endpoint.method} ${endpoint.path}`;
  const isPublic = Object.values(row.expect).every((e) => e === 'public');
  let allowedCalls = 0;

  // No token, expired token.
  let probeBody: Record<string, unknown>;
  try {
    probeBody = request(row, sides.operator.inside).body;
  } catch {
    probeBody = request(row, sides.operator.outside).body;
  }
  const anonymous = await call(endpoint, probeBody, null);
  const lapsed = await call(endpoint, probeBody, expired);
  if (isPublic) {
    if (anonymous.outcome !== 'public') fail(`${key} no token: ${anonymous.outcome}, expected public`);
  } else {
    if (anonymous.outcome !== 'denied-login' || anonymous.code !== 2)
      fail(`${key} no token: ${anonymous.outcome} ${anonymous.code}`);
    if (lapsed.outcome !== 'denied-login' || lapsed.code !== 7)
      fail(`${key} expired token: ${lapsed.outcome} ${lapsed.code}`);
  }

  const order: Role[] = ['builder', 'property', 'agent', 'subAccount', 'operator'];
  for (const role of order) {
    const want = row.expect[role];
    // Outside the account's reach: never granted.
    try {
      const { body, named } = request(row, sides[role].outside);
      if (named && want !== 'public') {
        const answer = await call(endpoint, body, tokens[role]);
        const ok = want === 'permission' ? answer.outcome === 'denied-permission' : answer.outcome === 'denied-scope';
        if (!ok || answer.code === 0)
          fail(`${key} ${role} outside: ${answer.outcome} ${answer.code} ${answer.text.slice(0, 80)}`);
      }
    } catch (error) {
      if (!(error instanceof Missing)) throw error;
    }
    // Inside its reach: as the row says.
    let objects = sides[role].inside;
    try {
      if (row.prepare && want === 'allow') {
        request(row, objects);
        objects = { ...objects, ...(await row.prepare(objects as Objects, sb.db)) };
      }
      const { body } = request(row, objects);
      const answer = await call(endpoint, body, want === 'public' ? null : tokens[role]);
      if (answer.outcome !== OUTCOME[want]) {
        fail(
          `${key} ${role} inside: ${answer.outcome} ${answer.code}, expected ${OUTCOME[want]} (${answer.text.slice(0, 100)})`,
        );
      }
      if (answer.status >= 500) fail(`${key} ${role}: HTTP ${answer.status}`);
      if (want === 'permission' && answer.code !== 403) fail(`${key} ${role}: code ${answer.code}, expected 403`);
      if (answer.outcome === 'granted' || answer.outcome === 'public') allowedCalls += 1;
      if (answer.outcome === 'granted' && answer.code === 0) {
        for (const secret of forbidden[role]) {
          if (answer.text.includes(secret)) fail(`${key} ${role}: the answer tells “${secret}”, outside its reach`);
        }
      }
    } catch (error) {
      if (!(error instanceof Missing)) throw error;
    }
  }
  if (Object.values(row.expect).some((e) => e === 'allow' || e === 'public') && allowedCalls === 0) {
    fail(`${key}: no account reached the handler (the row's request or objects are wrong)`);
  }
  return failures;
}

describe('the access matrix', () => {
  let world: World;
  beforeAll(async () => {
    world = await openWorld();
  });

  it('every endpoint has a row, every row an endpoint', () => {
    const keys = world.endpoints.map((e) => `${e.method} ${e.path}`);
    expect(
      keys.filter((k) => !world.tables.has(k)),
      'endpoints without a row in sandbox/api/*.access.ts',
    ).toEqual([]);
    expect(
      [...world.tables.keys()].filter((k) => !keys.includes(k)),
      'rows without an endpoint',
    ).toEqual([]);
  });

  // One test per api module's table (about 280 endpoints and 2,500 calls in all; 0.1–2 s each on a quiet machine), in
  // the files' order, each endpoint in the order the app declares it.
  it.each(TABLE_FILES)('%s: every account gets what its row says, nothing outside', async (file) => {
    const failures: string[] = [];
    for (const endpoint of world.endpoints) {
      const entry = world.tables.get(`${endpoint.method} ${endpoint.path}`);
      if (entry?.file === file) failures.push(...(await probe(world, endpoint, entry.row)));
    }
    expect(failures).toEqual([]);
  });
});
