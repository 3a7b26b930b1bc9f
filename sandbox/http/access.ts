import type { PermissionCode } from '../../src/api/permissions';
import { one, rows, type Db } from '../lib/db';
import { BizError, FORBIDDEN, INVALID } from './envelope';
import type { AccountRow, Caller } from './session';

/**
 * Data scope and object access: the one place where the sandbox decides which sites and objects a caller may see or
 * change (entities.md R1; B-site.md Business rules A4; issue 12 item 4). Endpoints never decide it themselves: each
 * declares, through sandbox/http/endpoint.ts, what it touches (a Touch below), the registry resolves and checks it
 * before the handler runs, and handlers reach the caller's sites only through their Scope.
 *
 * Who sees what (R1.1–R1.3):
 * - an owner (1 运营商, 2 代理商) its own non-deleted sites, editable with site:edit; plus, read-only, the sites of
 *   other owners where it is a party of the share rule in force;
 * - a property (3) the sites linked to it (read-only);
 * - a sub-account (4) its operator's sites, limited to its siteIds with dataScope 2 (in every list, count and sum;
 *   wallet figures stay whole-account), editable with site:edit;
 * - a builder (5) its operator's sites, read-only.
 *
 * A refusal is an AccessDenied: an object the caller may not see answers code 1 "…不存在或无权查看" (its existence is not
 * told), one it sees but may not change answers code 403 无操作权限, a missing permission code 403.
 */

/**
 * The decision of the registry for one request, sent in the response header ACCESS_HEADER (tests read it):
 * 'public' / 'granted' when the handler ran (a business refusal may still follow), 'invalid-input' when the schema
 * refused the request, else the refusal.
 */
export type AccessOutcome =
  'public' | 'granted' | 'invalid-input' | 'denied-login' | 'denied-permission' | 'denied-scope';

/** Response header carrying the AccessOutcome of an API call (sandbox only; the access matrix reads it). */
export const ACCESS_HEADER = 'X-Sandbox-Access';

/** A refusal decided by the access rules (the envelope as BizError, plus the outcome for ACCESS_HEADER). */
export class AccessDenied extends BizError {
  constructor(
    readonly outcome: Exclude<AccessOutcome, 'public' | 'granted' | 'invalid-input'>,
    code: number,
    message: string,
  ) {
    super(code, message);
    this.name = 'AccessDenied';
  }
}

/** The caller lacks a permission code or its account type may not use the endpoint: 403 无操作权限. */
export const forbidden = (): AccessDenied => new AccessDenied('denied-permission', FORBIDDEN, '无操作权限');
/** The object is outside the caller's reach: code 1 with `message` ("…不存在或无权查看"), existence not told. */
export const hidden = (message: string): AccessDenied => new AccessDenied('denied-scope', INVALID, message);
/** The caller sees the object but may not do this with it: 403 (无操作权限 unless given). */
export const readOnly = (message = '无操作权限'): AccessDenied => new AccessDenied('denied-scope', FORBIDDEN, message);

/** Account types (entities.md §1): 1 运营商, 2 代理商, 3 物业, 4 子账号, 5 施工人员. */
export type AccountType = AccountRow['accountType'];

/** A site the caller sees, and whether it may change it. */
export interface VisibleSite {
  id: number;
  editable: boolean;
}

/** What the caller may do with a site: the levels of SiteMode. */
export type SiteMode =
  /** See it: a site of its scope, or (owners) one where it is a share party, read-only. */
  | 'view'
  /** Its business figures: a site of its own scope (owner, linked property, sub-account scope); not a party's view. */
  | 'scope'
  /** Act on it as the owner: a site of its owner within its data scope (never a property or a party). */
  | 'own'
  /** Change it: 'own' with site:edit by an owner or a sub-account. */
  | 'edit';

/** A site resolved for a request. */
export interface SiteTarget {
  id: number;
  operatorId: number;
  name: string;
  editable: boolean;
  /** The site belongs to the caller's owner and is within its data scope, and the caller is no property. */
  owned: boolean;
}

/** What a Scope needs of its caller: the account and the main account it acts for (a request's Caller has both). */
export type ScopeCaller = Pick<Caller, 'account' | 'ownerId'>;

/**
 * The caller's data scope for one request (built by the registry; handlers get it as `scope`). Every query of a list,
 * count or sum over sites takes its site ids from here, so the data scope cannot be left out. Results are cached for
 * the request. `db` may be a transaction (a job's scope, ownerScope).
 */
export class Scope {
  private sites: Promise<number[]> | null = null;
  private visible: Promise<VisibleSite[]> | null = null;

  constructor(
    private readonly db: Db,
    readonly caller: ScopeCaller,
  ) {}

  /** The main account whose business the caller acts on (own id for 1/2/3; the operator for 4/5). */
  get ownerId(): number {
    return this.caller.ownerId;
  }

  /** The caller's account row. */
  get account(): AccountRow {
    return this.caller.account;
  }

  /** True for a sub-account limited to some sites (dataScope 2). */
  get limited(): boolean {
    return this.account.accountType === 4 && this.account.dataScope === 2;
  }

  /** True when the caller holds the permission code. */
  can(code: PermissionCode): boolean {
    return this.account.permissions.includes(code);
  }

  /**
   * Ids of the sites whose business figures the caller sees (R1.1, R1.3), ascending: an owner (1/2) its own
   * non-deleted sites; a property (3) the sites linked to it; a sub-account (4) its operator's sites, limited to its
   * siteIds with dataScope 2; a builder (5) its operator's sites.
   */
  siteIds(): Promise<number[]> {
    this.sites ??= scopeSiteIds(this.db, this.caller);
    return this.sites;
  }

  /** The sites the caller sees in lists (siteIds, then the share-party sites of owners), with editable. */
  visibleSites(): Promise<VisibleSite[]> {
    this.visible ??= visibleSitesOf(this.db, this.caller, this.siteIds());
    return this.visible;
  }

  /**
   * The site `siteId` if the caller may use it in `mode` (SiteMode), else AccessDenied: hidden(`missing`) when the
   * caller does not see it, readOnly(`refused`) when it sees it but `mode` asks for more.
   */
  async site(
    siteId: number,
    mode: SiteMode,
    messages: { missing?: string; refused?: string } = {},
  ): Promise<SiteTarget> {
    const missing = messages.missing ?? '站点不存在或无权查看';
    const entry = (await this.visibleSites()).find((v) => v.id === siteId);
    const site = entry
      ? await one<{ operatorId: number; name: string }>(
          this.db,
          'select operator_id, name from site where id = $1 and deleted = 0',
          [siteId],
        )
      : null;
    if (!entry || !site) throw hidden(missing);
    const inScope = (await this.siteIds()).includes(siteId);
    const owned = this.account.accountType !== 3 && inScope && Number(site.operatorId) === this.ownerId;
    const target: SiteTarget = {
      id: siteId,
      operatorId: Number(site.operatorId),
      name: site.name,
      editable: entry.editable,
      owned,
    };
    if (mode === 'scope' && !inScope) throw readOnly(messages.refused);
    if (mode === 'own' && !owned) throw readOnly(messages.refused);
    if (mode === 'edit' && !entry.editable) throw readOnly(messages.refused);
    return target;
  }

  /** Every site of `siteIds` usable in `mode` (Scope.site for each; a request naming several sites). */
  async everySite(
    siteIds: readonly number[],
    mode: SiteMode,
    messages: { missing?: string; refused?: string } = {},
  ): Promise<SiteTarget[]> {
    const out: SiteTarget[] = [];
    for (const id of siteIds) out.push(await this.site(id, mode, messages));
    return out;
  }

  /**
   * Ids of the communities the caller sees: its owner's communities, for a limited sub-account only those with a site
   * in its scope; none for a property or a share party (communities are the owner's).
   */
  async communityIds(): Promise<number[]> {
    if (this.account.accountType === 3) return [];
    const list = await rows<{ id: number }>(
      this.db,
      this.limited
        ? `select distinct cm.id from community cm join site s on s.community_id = cm.id and s.deleted = 0
           where cm.operator_id = $1 and s.id = any($2::bigint[]) order by cm.id`
        : 'select id from community where operator_id = $1 order by id',
      this.limited ? [this.ownerId, await this.siteIds()] : [this.ownerId],
    );
    return list.map((r) => Number(r.id));
  }
}

/**
 * The data scope of a main account of an owner (1 运营商, 2 代理商) for work done on its behalf without a request — a
 * scheduled job (jobs/bill-mail.ts: a bill setting's site bills mailed on its bill day). It is exactly the scope the
 * account has when it calls itself (its own non-deleted sites; share-party sites read-only), so nothing done with it
 * reaches further than the account could; the endpoints' checks are untouched. Null when `accountId` is no owner's
 * main account or the account is not 正常 (it could not log in either). Reads through `db` (a job passes its
 * transaction).
 */
export async function ownerScope(db: Db, accountId: number): Promise<Scope | null> {
  const account = await one<AccountRow>(db, 'select * from account where id = $1', [accountId]);
  if (!account || account.status !== 1 || (account.accountType !== 1 && account.accountType !== 2)) return null;
  return new Scope(db, { account, ownerId: Number(account.id) });
}

/** The scope site ids of a caller (Scope.siteIds). */
async function scopeSiteIds(db: Db, caller: ScopeCaller): Promise<number[]> {
  const { account, ownerId } = caller;
  const column = account.accountType === 3 ? 'merchant_id' : 'operator_id';
  const result = await db.query<{ id: number }>(
    `select id from site where ${column} = $1 and deleted = 0 order by id`,
    [ownerId],
  );
  let ids = result.rows.map((r) => Number(r.id));
  if (account.accountType === 4 && account.dataScope === 2) {
    const allowed = new Set(account.siteIds.map(Number));
    ids = ids.filter((id) => allowed.has(id));
  }
  return ids;
}

/** The visible sites of a caller (Scope.visibleSites). */
async function visibleSitesOf(db: Db, caller: ScopeCaller, scopeIds: Promise<number[]>): Promise<VisibleSite[]> {
  const scope = await scopeIds;
  const canEdit = caller.account.permissions.includes('site:edit') && [1, 2, 4].includes(caller.account.accountType);
  const own = scope.map((id) => ({ id, editable: canEdit }));
  if (caller.account.accountType !== 1 && caller.account.accountType !== 2) return own;
  // Sites of other owners where the caller is a party of the share rule in force (read-only).
  const party = await rows<{ siteId: number }>(
    db,
    `select distinct v.site_id from site_share_rule_version v
     join site_share_party p on p.version_id = v.id
     join site s on s.id = v.site_id and s.deleted = 0
     where v.status = 1 and p.user_id = $1 and s.operator_id <> $1`,
    [caller.ownerId],
  );
  const seen = new Set(scope);
  return [
    ...own,
    ...party.filter((p) => !seen.has(Number(p.siteId))).map((p) => ({ id: Number(p.siteId), editable: false })),
  ];
}

/**
 * Which work orders a caller reaches (C-mine.md Business rule 17, entities.md R12; issue 11 "Roles are real"): those of
 * its operator (`merchantId`) — for a builder (5) only the ones assigned to him (`builderId`), for a sub-account limited
 * to some sites (dataScope 2) only those without a site yet or on a site of its scope (`siteIds`). Callers need the
 * permission code workOrder (checked by the registry); a property never holds it.
 */
export interface WorkOrderReach {
  merchantId: number;
  builderId: number | null;
  siteIds: number[] | null;
}

/** The WorkOrderReach of a scope. */
export async function workOrderReach(scope: Scope): Promise<WorkOrderReach> {
  return {
    merchantId: scope.ownerId,
    builderId: scope.account.accountType === 5 ? scope.account.id : null,
    siteIds: scope.limited ? await scope.siteIds() : null,
  };
}

/** SQL condition (on work_order alias `w`) of a WorkOrderReach, its parameters numbered from `from`. */
export function workOrderCondition(reach: WorkOrderReach, from: number): { sql: string; params: unknown[] } {
  return {
    sql: `w.merchant_id = $${from} and ($${from + 1}::bigint is null or w.builder_id = $${from + 1})
      and ($${from + 2}::bigint[] is null or w.station_id is null or w.station_id = any($${from + 2}::bigint[]))`,
    params: [reach.merchantId, reach.builderId, reach.siteIds],
  };
}
