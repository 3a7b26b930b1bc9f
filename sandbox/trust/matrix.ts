/**
 * The access matrix's vocabulary (issue 12 item 7): each sandbox api module keeps the expected access of its endpoints
 * in a table file beside it, `sandbox/api/<module>.access.ts`, exporting `ACCESS: AccessTable` — one row per endpoint
 * ("METHOD /path"), written from the spec's rules (entities.md R1, the demo accounts' permissions), never from the
 * registry's declarations. sandbox/trust/access-matrix.test.ts walks every declared endpoint with every demo account,
 * no token and an expired token, against an object inside and one outside each account's reach, and compares with the
 * rows; an endpoint without a row, or a row without an endpoint, fails it.
 */

/** The logged-in demo accounts of the matrix (README "Demo accounts"). */
export const ROLES = ['operator', 'agent', 'property', 'subAccount', 'builder'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a role gets on the object inside its reach: 'allow' (the handler runs; a business refusal may follow),
 * 'permission' (403 for the permission code or the account type), 'scope' (its own object is still refused: e.g. a
 * property asked to act as the owner). Public endpoints are 'public' for everyone.
 */
export type Expect = 'allow' | 'permission' | 'scope' | 'public';

/** The objects a request can name, as the matrix picks them for one role (inside or outside its reach). */
export interface Objects {
  /** A site id. */
  site: number;
  /** A community id and a whitelist entry of it. */
  community: number;
  white: number;
  /** A charging box: id, serial number, one socket (charger id). */
  box: number;
  boxSerial: string;
  charger: number;
  /** A door guard, a U8 gate, a camera, a smoke sensor (device ids). */
  guard: number;
  gate: number;
  camera: number;
  smoke: number;
  /** An order number of the site's. */
  orderNo: string;
  /** The id of that order. */
  order: number;
  /** A device contract code. */
  contract: string;
  /** A property merchant (account id). */
  property: number;
  /** A rider card (active) bound to the side's sites, and one not activated yet. */
  card: number;
  idleCard: number;
  /** A monthly card template (month_card_template) of the side's first site (a stand-in where it has none). */
  monthTemplate: number;
  /** The phone of that card's holder (a rider of the side's sites), for the lookups by phone. */
  riderPhone: string;
  /** An installation work order of the side's operator (one assigned to a builder first). */
  workOrder: number;
  /** A site application (SiteApply) to the side's operator naming its first site (a pending one first). */
  siteApply: number;
  /**
   * A ledger entry (account_bill) of the side's first site: inside, one of the probed account's own ledger (its
   * operator's for a sub-account or a builder); outside, any account's, so a limited sub-account is asked for its
   * operator's entry of a site outside its scope.
   */
  ledgerEntry: number;
  /** The month of the matrix's clock ('YYYY-MM'), which the demo world's ledger and orders fill. */
  month: string;
  /**
   * Objects of one account rather than of a site: inside, the probed account's own (its operator's for a sub-account or
   * a builder); outside, another account's. A withdrawal, a back payment of arrears (owe_payment), a settlement
   * deduction (instalment_deduction), a fee period, a device transfer it is a party of, an area card's freeze, an
   * export record.
   */
  withdrawal: number;
  /** That account's id (a row's prepare writes the object it lacks for it). */
  account: number;
  payment: number;
  deduction: number;
  feePeriod: number;
  transfer: number;
  freeze: number;
  /** An export record (doc_record) of that account, not yet expired. */
  docRecord: number;
  /** A bound personal bank card of that account (inside, the row that unbinds one writes a fresh one). */
  bankCard: number;
  /** An agent of that account (inside, the probed operator's own; a stand-in where it has none). */
  agent: number;
  /** That account's latest old-card replacement activity (card_replace_activity; a stand-in where it has none). */
  activity: number;
  /** An open arrears record of that account (inside, the paying rows write one where it has none). */
  arrears: number;
  /**
   * The platform's content, the same for every account (no outside): a published notice, a poster on sale (上架), a
   * help article.
   */
  notice: number;
  poster: number;
  article: number;
  /** The training material of the side's work order (its train_id; a stand-in where it has none). */
  train: number;
}

/** One row: a request naming objects, the expectation per role, whether it names an object at all. */
export interface AccessRow {
  /** The request (query of a GET, body of a POST) for the objects of one side; a missing object skips that side. */
  request: (o: Objects) => Record<string, unknown>;
  /** What each logged-in role gets inside its reach. */
  expect: Record<Role, Expect>;
  /**
   * True when the request names an object that an outside pick must refuse (default: true when `request` reads an
   * object). Lists and sums over the caller's own sites name none; their answers are checked for leaks instead.
   */
  object?: boolean;
  /** Writes a fresh object for a destructive request (a whitelist entry to delete) before each inside call. */
  prepare?: (
    o: Objects,
    db: { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> },
  ) => Promise<Partial<Objects>>;
}

/** The table of one api module: "METHOD /path" → row. */
export type AccessTable = Record<string, AccessRow>;

/**
 * Permission codes of the demo accounts (entities.md "Demo data" and §1 defaults): operators and agents hold every
 * code; 翠苑物业 the property set; 李娜 (sub-account, sites 1 and 2) hers; 王强 the builder set.
 */
export const DEMO_PERMISSIONS: Record<Role, readonly string[] | 'all'> = {
  operator: 'all',
  agent: 'all',
  property: ['home', 'site:view', 'order:view', 'income:view', 'withdraw', 'bank', 'bill:view', 'export', 'message'],
  subAccount: [
    'site:view',
    'order:view',
    'card:view',
    'card:edit',
    'card:recharge',
    'income:view',
    'bill:view',
    'message',
  ],
  builder: ['home', 'workOrder', 'site:view', 'device:add'],
};

/** Account types of the demo roles. */
export const ROLE_TYPES: Record<Role, 1 | 2 | 3 | 4 | 5> = {
  operator: 1,
  agent: 2,
  property: 3,
  subAccount: 4,
  builder: 5,
};

/** Every role 'public'. */
export const PUBLIC: Record<Role, Expect> = {
  operator: 'public',
  agent: 'public',
  property: 'public',
  subAccount: 'public',
  builder: 'public',
};

/**
 * 'allow' for the roles holding the permission code (or any of the codes) and of the account types given, else
 * 'permission'; `scope` lists roles that hold the code but whose own object is refused all the same, `over` sets
 * single cells.
 */
export function can(
  codes: string | readonly string[],
  options: { types?: readonly number[]; scope?: readonly Role[]; over?: Partial<Record<Role, Expect>> } = {},
): Record<Role, Expect> {
  const list = typeof codes === 'string' ? [codes] : codes;
  const out = {} as Record<Role, Expect>;
  for (const role of ROLES) {
    const held = DEMO_PERMISSIONS[role];
    const has = held === 'all' || list.some((code) => held.includes(code));
    const typed = !options.types || options.types.includes(ROLE_TYPES[role]);
    out[role] = !has || !typed ? 'permission' : options.scope?.includes(role) ? 'scope' : 'allow';
  }
  return { ...out, ...options.over };
}

/** Any logged-in account of the types given ('permission' for others), with `scope` roles refused their own object. */
export function loggedIn(options: { types?: readonly number[]; scope?: readonly Role[] } = {}): Record<Role, Expect> {
  const out = {} as Record<Role, Expect>;
  for (const role of ROLES) {
    const typed = !options.types || options.types.includes(ROLE_TYPES[role]);
    out[role] = !typed ? 'permission' : options.scope?.includes(role) ? 'scope' : 'allow';
  }
  return out;
}

/** Every logged-in role allowed. */
export const ANY_ACCOUNT: Record<Role, Expect> = loggedIn();

/** Page fields of list requests. */
export const PAGE = { pageNum: 1, pageSize: 20 } as const;
