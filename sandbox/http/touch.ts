import type { PGlite } from '@electric-sql/pglite';
import { one, scalar } from '../lib/db';
import { BizError, INVALID } from './envelope';
import {
  forbidden,
  hidden,
  readOnly,
  workOrderCondition,
  workOrderReach,
  type Scope,
  type SiteMode,
  type SiteTarget,
} from './access';

/**
 * What an endpoint touches, declared with it (sandbox/http/endpoint.ts; issue 12 item 4): a Touch names the kind of
 * data and, for one object of the request, resolves it and checks the caller's access before the handler runs; the
 * handler gets the checked object as `target`. Kinds without an object say where the handler's data comes from:
 *
 * - `none`: no account's data (sign-in, the signature, lookups of the contract's own tables);
 * - `self`: the caller's own account rows only (its profile, its read flags);
 * - `account`: whole-account data of the caller's owner that is not per site (wallet, e-sign, counts of child
 *   accounts) — R1.1: also for a sub-account limited to some sites;
 * - `sites`: lists, counts and sums over the caller's sites: the handler takes the ids from `scope.siteIds()` (or
 *   `scope.visibleSites()`, `scope.communityIds()`), never from its own query;
 * - `directory`: looks another account up by a key the caller supplies (a phone): permission-gated;
 * - an object (site, device, charger, order, community, whitelist, contract, property): checked here.
 */

/** The kinds of Touch (the access matrix and the README list them). */
export type TouchKind =
  | 'none'
  | 'self'
  | 'account'
  | 'sites'
  | 'directory'
  | 'site'
  | 'device'
  | 'charger'
  | 'order'
  | 'card'
  | 'community'
  | 'whitelist'
  | 'contract'
  | 'property'
  | 'workOrder'
  | 'siteApply';

/**
 * What an endpoint touches: its kind and the check of its object (resolving to the handler's `target`). `I` is what
 * the check reads of the request (the fields it names; the endpoint's schema must give them, checked by the types).
 */
export interface Touch<I, T> {
  readonly kind: TouchKind;
  /** Resolves and checks the request's object; throws AccessDenied (or BizError for what is not about access). */
  readonly resolve: (db: PGlite, scope: Scope | null, input: I) => Promise<T>;
}

const plain = (kind: TouchKind): Touch<unknown, null> => ({ kind, resolve: async () => null });

/** A scope for object checks (object touches are never public). */
function need(scope: Scope | null): Scope {
  if (!scope) throw new Error('an object touch needs a logged-in caller: declare the endpoint with a permission');
  return scope;
}

/** A device row as the checks and handlers use it. */
export interface DeviceTarget {
  id: number;
  serialNumber: string;
  deviceType: number;
  ownerOperatorId: number;
  siteId: number | null;
  status: number;
  /** The site of a bound device as the caller may use it (null for a device in stock). */
  site: SiteTarget | null;
}

/** Options of a device touch. */
export interface DeviceCheck {
  /** Device types the endpoint is for (B Entities Device: 1–3 charging boxes, 4 门禁, 5 道闸, 6 摄像头, 7 烟感). */
  types: readonly number[];
  /** What the caller does with the device's site (SiteMode). */
  mode: SiteMode;
  /** A device in the owner's stock (bound to no site) is accepted too (adding, stickers, signal mode). */
  stock?: boolean;
  /** The hidden answer ("设备不存在或无权查看" unless given). */
  missing?: string;
  /** The answer to a device of another type (business validation, after access; `missing` unless given). */
  wrongType?: string;
}

const DEVICE_SELECT = `select id, serial_number, device_type, owner_operator_id, site_id, status from device`;

/** Checks a device row against the caller (DeviceCheck); the shared part of device() and deviceBySerial(). */
async function checkDevice(
  scope: Scope,
  row: Omit<DeviceTarget, 'site'> | null,
  check: DeviceCheck,
): Promise<DeviceTarget> {
  const missing = check.missing ?? '设备不存在或无权查看';
  if (!row) throw hidden(missing);
  const device = { ...row, id: Number(row.id), ownerOperatorId: Number(row.ownerOperatorId) };
  let site: SiteTarget | null = null;
  if (row.siteId === null) {
    // A device in stock: only the owner's own stock, and only where the endpoint works on stock.
    if (!check.stock || device.ownerOperatorId !== scope.ownerId || scope.account.accountType === 3) {
      throw hidden(missing);
    }
  } else {
    site = await scope.site(Number(row.siteId), check.mode, { missing });
  }
  if (!check.types.includes(Number(row.deviceType))) throw new BizError(INVALID, check.wrongType ?? missing);
  return { ...device, siteId: row.siteId === null ? null : Number(row.siteId), site };
}

/** A card row as the card touch resolves it (entities.md §31). */
export interface CardTarget {
  id: number;
  cardNo: string;
  cardType: number;
  status: number;
  merchantId: number;
  /** Its bound sites (CardSite), ascending. */
  siteIds: number[];
}

/** Builders of Touch declarations (`touches.site('siteId', 'view')` names the request field holding the site id). */
export const touches = {
  /** No account's data. */
  none: plain('none'),
  /** The caller's own account rows only. */
  self: plain('self'),
  /** Whole-account data of the caller's owner, not per site (R1.1: the same for a limited sub-account). */
  account: plain('account'),
  /** Lists, counts and sums over the caller's sites, taken from `scope`. */
  sites: plain('sites'),
  /** Looks another account up by a key the caller supplies (permission-gated). */
  directory: plain('directory'),

  /**
   * The site named by the request field `key` (SiteMode); `messages.refused` is the 403 text of a site seen but not
   * usable in `mode`.
   */
  site<K extends string>(
    key: K,
    mode: SiteMode,
    messages: { missing?: string; refused?: string } = {},
  ): Touch<Record<K, number>, SiteTarget> {
    return { kind: 'site', resolve: async (_db, scope, input) => need(scope).site(input[key], mode, messages) };
  },

  /**
   * An optional site filter: the site of field `key` when the request gives one (checked as `site`), else all the
   * caller's sites (`target` null; the handler takes them from `scope`).
   */
  optionalSite<K extends string>(
    key: K,
    mode: SiteMode,
    messages: { missing?: string; refused?: string } = {},
  ): Touch<Partial<Record<K, number>>, SiteTarget | null> {
    return {
      kind: 'site',
      resolve: async (_db, scope, input) => {
        const id = input[key];
        return id === undefined ? null : need(scope).site(id, mode, messages);
      },
    };
  },

  /** The sites listed in the request field `key` (each checked as `site`; an empty list names none). */
  siteList<K extends string>(
    key: K,
    mode: SiteMode,
    messages: { missing?: string; refused?: string } = {},
  ): Touch<Record<K, readonly number[]>, SiteTarget[]> {
    return { kind: 'site', resolve: async (_db, scope, input) => need(scope).everySite(input[key], mode, messages) };
  },

  /** One device by id (DeviceCheck). */
  device<K extends string>(key: K, check: DeviceCheck): Touch<Record<K, number>, DeviceTarget> {
    return {
      kind: 'device',
      resolve: async (db, scope, input) =>
        checkDevice(
          need(scope),
          await one<Omit<DeviceTarget, 'site'>>(db, `${DEVICE_SELECT} where id = $1`, [input[key]]),
          check,
        ),
    };
  },

  /** One device by its serial number (case-insensitive; DeviceCheck). */
  deviceBySerial<K extends string>(key: K, check: DeviceCheck): Touch<Record<K, string>, DeviceTarget> {
    return {
      kind: 'device',
      resolve: async (db, scope, input) =>
        checkDevice(
          need(scope),
          await one<Omit<DeviceTarget, 'site'>>(db, `${DEVICE_SELECT} where upper(serial_number) = upper($1)`, [
            input[key],
          ]),
          check,
        ),
    };
  },

  /** One socket (charger) by id, through its box (DeviceCheck of the box; types default 1–3). */
  charger<K extends string>(
    key: K,
    check: Omit<DeviceCheck, 'types'> & { types?: readonly number[] },
  ): Touch<Record<K, number>, DeviceTarget & { chargerId: number }> {
    return {
      kind: 'charger',
      resolve: async (db, scope, input) => {
        const chargerId = input[key];
        const charger = await one<{ deviceId: number }>(db, 'select device_id from charger where id = $1', [chargerId]);
        const row = charger
          ? await one<Omit<DeviceTarget, 'site'>>(db, `${DEVICE_SELECT} where id = $1`, [charger.deviceId])
          : null;
        const box = await checkDevice(need(scope), row, { types: [1, 2, 3], ...check });
        return { ...box, chargerId };
      },
    };
  },

  /** One charge order by its order number, through its site (SiteMode). */
  order<K extends string>(key: K, mode: SiteMode, missing = '订单不存在'): Touch<Record<K, string>, SiteTarget> {
    return {
      kind: 'order',
      resolve: async (db, scope, input) => {
        const order = await one<{ siteId: number }>(db, 'select site_id from charge_order where order_no = $1', [
          input[key],
        ]);
        if (!order) throw hidden(missing);
        return need(scope).site(Number(order.siteId), mode, { missing });
      },
    };
  },

  /** One charge order by its id, through its site (SiteMode): the order screens of the mine section. */
  orderById<K extends string>(
    key: K,
    mode: SiteMode,
    missing = '订单不存在',
  ): Touch<Record<K, number>, SiteTarget & { orderId: number }> {
    return {
      kind: 'order',
      resolve: async (db, scope, input) => {
        const order = await one<{ siteId: number }>(db, 'select site_id from charge_order where id = $1', [input[key]]);
        if (!order) throw hidden(missing);
        const site = await need(scope).site(Number(order.siteId), mode, { missing });
        return { ...site, orderId: input[key] };
      },
    };
  },

  /**
   * One rider card of the caller's owner by its id (C-mine.md Business rule 1): the owner (1 运营商, 2 代理商) and its
   * sub-accounts — one limited to some sites (dataScope 2) only a card bound to a site of its scope; never a property,
   * a builder or a share party (code 1 "卡片不存在" otherwise, existence not told).
   */
  card<K extends string>(key: K, missing = '卡片不存在'): Touch<Record<K, number>, CardTarget> {
    return {
      kind: 'card',
      resolve: async (db, scope, input) => {
        const s = need(scope);
        const card = await one<Omit<CardTarget, 'siteIds'> & { siteIds: (number | string)[] | null }>(
          db,
          `select c.id, c.card_no, c.card_type, c.status, c.merchant_id,
             array(select cs.site_id from card_site cs where cs.card_id = c.id order by cs.site_id) as site_ids
           from card c where c.id = $1`,
          [input[key]],
        );
        if (!card || Number(card.merchantId) !== s.ownerId || ![1, 2, 4].includes(s.account.accountType)) {
          throw hidden(missing);
        }
        const siteIds = (card.siteIds ?? []).map(Number);
        if (s.limited) {
          const inScope = new Set(await s.siteIds());
          if (!siteIds.some((id) => inScope.has(id))) throw hidden(missing);
        }
        return {
          id: Number(card.id),
          cardNo: card.cardNo,
          cardType: Number(card.cardType),
          status: Number(card.status),
          merchantId: Number(card.merchantId),
          siteIds,
        };
      },
    };
  },

  /**
   * One community of the caller's owner (Scope.communityIds: a limited sub-account only one with a site in its
   * scope; never a property or a party); `edit` needs site:edit by an owner or a sub-account.
   */
  community<K extends string>(
    key: K,
    mode: 'view' | 'edit',
    missing = '小区不存在',
  ): Touch<Record<K, number>, { id: number }> {
    return {
      kind: 'community',
      resolve: async (_db, scope, input) => {
        const s = need(scope);
        const id = input[key];
        if (!(await s.communityIds()).includes(id)) throw hidden(missing);
        if (mode === 'edit' && !(s.can('site:edit') && [1, 2, 4].includes(s.account.accountType))) throw forbidden();
        return { id };
      },
    };
  },

  /**
   * The residents' whitelist of a community (names, full phones, rooms: personal data): the community's owner (1/2),
   * its sub-accounts whose scope covers a site of it, and (read-only) the property of a site in it — never a builder
   * or a share party; `edit` needs site:edit (which a property never holds). `of` names the request's field holding the community id, or that of a whitelist entry's id.
   */
  whitelist<K extends string>(
    of: { community: K } | { entry: K },
    mode: 'view' | 'edit',
  ): Touch<Record<K, number>, { communityId: number }> {
    return {
      kind: 'whitelist',
      resolve: async (db, scope, input) => {
        const s = need(scope);
        let communityId: number;
        if ('community' in of) communityId = input[of.community];
        else {
          const entry = await one<{ communityId: number }>(
            db,
            'select community_id from community_white where id = $1',
            [input[of.entry]],
          );
          if (!entry) throw hidden('白名单不存在');
          communityId = Number(entry.communityId);
        }
        // The owner's people see the communities of their scope; a property (read-only) those of its linked sites.
        const seen =
          s.account.accountType === 3
            ? (await scalar(db, 'select count(*) from site where community_id = $1 and id = any($2::bigint[])', [
                communityId,
                await s.siteIds(),
              ])) > 0
            : [1, 2, 4].includes(s.account.accountType) && (await s.communityIds()).includes(communityId);
        if (!seen) throw hidden('小区不存在或无权查看');
        if (mode === 'edit' && !s.can('site:edit')) throw readOnly();
        return { communityId };
      },
    };
  },

  /**
   * One device contract of the caller's owner; a limited sub-account only one bound to no site outside its scope.
   */
  contract<K extends string>(key: K, missing = '合同不存在'): Touch<Record<K, string>, { contractCode: string }> {
    return {
      kind: 'contract',
      resolve: async (db, scope, input) => {
        const s = need(scope);
        const contractCode = input[key];
        const outside = await scalar(
          db,
          `select count(*) from site where contract_code = $1 and deleted = 0 and not (id = any($2::bigint[]))`,
          [contractCode, await s.siteIds()],
        );
        const owns = await scalar(
          db,
          'select count(*) from site_contract where contract_code = $1 and operator_id = $2',
          [contractCode, s.ownerId],
        );
        if (!owns || (s.limited && outside > 0)) throw hidden(missing);
        return { contractCode };
      },
    };
  },

  /**
   * One property merchant (accountType 3): the caller itself when it is a property, or a property of the caller's
   * owner seen by the owner (1/2). No value in the field `key` means the caller itself.
   */
  property<K extends string>(
    key: K,
    missing = '物业不存在或无权查看',
  ): Touch<Partial<Record<K, number>>, { merchantId: number }> {
    return {
      kind: 'property',
      resolve: async (db, scope, input) => {
        const s = need(scope);
        const merchantId = input[key] ?? s.ownerId;
        const merchant = await one<{ accountType: number; parentId: number | null }>(
          db,
          'select account_type, parent_id from account where id = $1',
          [merchantId],
        );
        const own = merchantId === s.ownerId && s.account.accountType === 3;
        const child =
          [1, 2].includes(s.account.accountType) && merchant !== null && Number(merchant.parentId) === s.ownerId;
        if (!merchant || merchant.accountType !== 3 || !(own || child)) throw hidden(missing);
        return { merchantId };
      },
    };
  },

  /**
   * One installation work order by its id, within the caller's WorkOrderReach (http/access.ts: its operator's, a
   * builder's own): code 1 "工单不存在或无权查看" otherwise, existence not told.
   */
  workOrder<K extends string>(key: K, missing = '工单不存在或无权查看'): Touch<Record<K, number>, { id: number }> {
    return {
      kind: 'workOrder',
      resolve: async (db, scope, input) => {
        const reach = workOrderCondition(await workOrderReach(need(scope)), 2);
        const found = await scalar(db, `select count(*) from work_order w where w.id = $1 and ${reach.sql}`, [
          input[key],
          ...reach.params,
        ]);
        if (!found) throw hidden(missing);
        return { id: input[key] };
      },
    };
  },

  /**
   * One site application (SiteApply, C-mine.md /mine/siteAuthor) by its id: an application to the caller's operator
   * and, for a sub-account limited to some sites, naming one of them; code 1 "申请不存在或无权查看" otherwise, existence
   * not told.
   */
  siteApply<K extends string>(key: K, missing = '申请不存在或无权查看'): Touch<Record<K, number>, { id: number }> {
    return {
      kind: 'siteApply',
      resolve: async (db, scope, input) => {
        const s = need(scope);
        const found = await scalar(
          db,
          `select count(*) from site_apply a where a.id = $1 and a.merchant_id = $2
             and ($3::bigint[] is null
                  or exists (select 1 from site_apply_site x where x.apply_id = a.id and x.site_id = any($3::bigint[])))`,
          [input[key], s.ownerId, s.limited ? await s.siteIds() : null],
        );
        if (!found) throw hidden(missing);
        return { id: input[key] };
      },
    };
  },
} as const;
