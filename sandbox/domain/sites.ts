import type { SiteCount } from '../../src/api/home';
import { rows, type Db } from '../lib/db';

/**
 * The one definition of every count and income figure that a user can compare across the site list, its summary strip,
 * home and /mine (entities.md R2, R3; B-site.md §1; issue 13): which sites an account's counts cover, the device and
 * socket counts per site (the totals are their sums), and each site's income of a window. Money fen, instants epoch ms.
 *
 * Which sites: an account's counts cover the sites of its data scope (http/access.ts Scope.siteIds: an owner's own,
 * a property's linked ones, a sub-account's allowed ones; R1.1, R1.3) that are not deleted and in status 1 运营中 or
 * 2 建设中 (R2.1). The other sites it sees — where an owner is only a profit-share party (an agent's site for its
 * superior, a partner's …) — are listed read-only after them, with the account's own share as their figure, and
 * counted nowhere (B Business rules A4).
 */

/** Settle statuses that count as income (R3.2: 0 待入账, 1 已入账, 3 已补结算); 2 held and 4 returned never count. */
export const INCOME_SETTLE = '(0, 1, 3)';

/** The sites of `scopeIds` that the counts cover: not deleted, status 1 or 2 (R2.1), ascending. */
export async function countedSiteIds(db: Db, scopeIds: readonly number[]): Promise<number[]> {
  const result = await rows<{ id: number }>(
    db,
    'select id from site where id = any($1::bigint[]) and deleted = 0 and status in (1, 2) order by id',
    [scopeIds],
  );
  return result.map((r) => Number(r.id));
}

/** Device and socket counts of one site (R2): boxes = charging devices (deviceType 1–3) bound to it. */
export interface SiteDeviceCounts {
  boxTotal: number;
  /** Status 1 在线. */
  boxOnline: number;
  /** Status 3 故障 (counts as online in two-way splits, R2.2). */
  boxFault: number;
  /** Status 2 离线. */
  boxOffline: number;
  socketTotal: number;
  /** Sockets of online boxes by socket status; every socket of an offline box is offline (R2.3). */
  socketIdle: number;
  socketCharging: number;
  socketFull: number;
  socketFault: number;
  socketOffline: number;
  /** Smoke sensors (deviceType 7) in 烟雾报警. */
  smokeAlarm: number;
}

const ZERO_COUNTS: SiteDeviceCounts = {
  boxTotal: 0,
  boxOnline: 0,
  boxFault: 0,
  boxOffline: 0,
  socketTotal: 0,
  socketIdle: 0,
  socketCharging: 0,
  socketFull: 0,
  socketFault: 0,
  socketOffline: 0,
  smokeAlarm: 0,
};

/** The device counts of each site (every id present, zeros when it has no device). */
export async function siteDeviceCounts(db: Db, siteIds: readonly number[]): Promise<Map<number, SiteDeviceCounts>> {
  const boxes = await rows<{ siteId: number } & Record<string, number>>(
    db,
    `select site_id,
            count(*) filter (where device_type between 1 and 3)::int as box_total,
            count(*) filter (where device_type between 1 and 3 and status = 1)::int as box_online,
            count(*) filter (where device_type between 1 and 3 and status = 3)::int as box_fault,
            count(*) filter (where device_type between 1 and 3 and status = 2)::int as box_offline,
            count(*) filter (where device_type = 7 and smoke_status = 1)::int as smoke_alarm
     from device where site_id = any($1::bigint[]) group by site_id`,
    [siteIds],
  );
  const sockets = await rows<{ siteId: number } & Record<string, number>>(
    db,
    `select d.site_id, count(*)::int as socket_total,
            count(*) filter (where d.status <> 2 and c.status = 0)::int as socket_idle,
            count(*) filter (where d.status <> 2 and c.status = 1)::int as socket_charging,
            count(*) filter (where d.status <> 2 and c.status = 2)::int as socket_full,
            count(*) filter (where d.status <> 2 and c.status = 3)::int as socket_fault,
            count(*) filter (where d.status = 2 or c.status = 4)::int as socket_offline
     from charger c join device d on d.id = c.device_id
     where d.site_id = any($1::bigint[]) and d.device_type between 1 and 3 group by d.site_id`,
    [siteIds],
  );
  const out = new Map<number, SiteDeviceCounts>(siteIds.map((id) => [id, { ...ZERO_COUNTS }]));
  for (const r of [...boxes, ...sockets]) {
    const counts = out.get(Number(r.siteId));
    if (!counts) continue;
    for (const key of Object.keys(ZERO_COUNTS) as (keyof SiteDeviceCounts)[]) {
      if (r[key] !== undefined) counts[key] = Number(r[key]);
    }
  }
  return out;
}

/** Field-wise sum of device counts. */
export function sumDeviceCounts(list: Iterable<SiteDeviceCounts>): SiteDeviceCounts {
  const total = { ...ZERO_COUNTS };
  for (const c of list) for (const key of Object.keys(total) as (keyof SiteDeviceCounts)[]) total[key] += c[key];
  return total;
}

/**
 * The counts of home's 站点/设备/插座 block and /mine's strip (A GET /api/user/siteCount; C statisticalOperation) for
 * the counted sites `siteIds` (countedSiteIds): the sums of siteDeviceCounts, 故障 boxes online, 已充满 sockets charging.
 */
export async function siteCounts(db: Db, siteIds: readonly number[]): Promise<SiteCount> {
  const t = sumDeviceCounts((await siteDeviceCounts(db, siteIds)).values());
  return {
    siteCount: siteIds.length,
    boxCount: t.boxTotal,
    onlineBoxCount: t.boxOnline + t.boxFault,
    offlineBoxCount: t.boxOffline,
    socketCount: t.socketTotal,
    idleSocketCount: t.socketIdle,
    chargingSocketCount: t.socketCharging + t.socketFull,
    faultSocketCount: t.socketFault,
    offlineSocketCount: t.socketOffline,
  };
}

/** Income figures of a window (R3.2; fen). total = charge + valueCard + monthCard + coin − refund. */
export interface IncomeFigures {
  charge: number;
  valueCard: number;
  monthCard: number;
  coin: number;
  refund: number;
  total: number;
}

const ZERO_INCOME: IncomeFigures = { charge: 0, valueCard: 0, monthCard: 0, coin: 0, refund: 0, total: 0 };

/** Field-wise sum of income figures. */
export function sumIncome(list: Iterable<IncomeFigures>): IncomeFigures {
  const t = { ...ZERO_INCOME };
  for (const f of list) for (const key of Object.keys(t) as (keyof IncomeFigures)[]) t[key] += f[key];
  return t;
}

/**
 * Each site's own 营业额 of [from, to) (R3.2, A "Home figures"): scan-paid charges (payType 1/2) and coins by pay time,
 * the online recharges sold at the site (channel 1; value cards 1/4, month cards 2) by payment time, minus refunds of
 * those by refund time; held and returned orders (settleStatus 2/4) never count. Area-card recharges belong to no site
 * (incomeBetween adds them to account figures). Every id present (zeros when none).
 */
export async function siteIncomeBetween(
  db: Db,
  siteIds: readonly number[],
  from: number,
  to: number,
): Promise<Map<number, IncomeFigures>> {
  const orders = await rows<{ siteId: number; charge: string; coin: string }>(
    db,
    `select site_id,
            coalesce(sum(amount) filter (where pay_type in (1, 2)), 0) as charge,
            coalesce(sum(amount) filter (where pay_type = 6 and status <> 5), 0) as coin
     from charge_order where site_id = any($1::bigint[]) and pay_time >= $2 and pay_time < $3
       and settle_status in ${INCOME_SETTLE} group by site_id`,
    [siteIds, from, to],
  );
  const chargeRefunds = await rows<{ siteId: number; refund: string }>(
    db,
    `select o.site_id, coalesce(sum(r.refund_amount), 0) as refund
     from order_refund r join charge_order o on o.id = r.order_id
     where o.site_id = any($1::bigint[]) and o.pay_type in (1, 2) and o.settle_status in ${INCOME_SETTLE}
       and r.status = 2 and r.finish_time >= $2 and r.finish_time < $3 group by o.site_id`,
    [siteIds, from, to],
  );
  const recharges = await rows<{ siteId: number; valueCard: string; monthCard: string; refund: string }>(
    db,
    `select site_id,
            coalesce(sum(pay_amount) filter (where card_type in (1, 3, 4) and create_time >= $2 and create_time < $3), 0)
              as value_card,
            coalesce(sum(pay_amount) filter (where card_type = 2 and create_time >= $2 and create_time < $3), 0)
              as month_card,
            coalesce(sum(refund_amount) filter (where refund_time >= $2 and refund_time < $3), 0) as refund
     from card_recharge where site_id = any($1::bigint[]) and channel = 1 and settle_status in ${INCOME_SETTLE}
       and ((create_time >= $2 and create_time < $3) or (refund_time >= $2 and refund_time < $3))
     group by site_id`,
    [siteIds, from, to],
  );
  const out = new Map<number, IncomeFigures>(siteIds.map((id) => [id, { ...ZERO_INCOME }]));
  const at = (id: number) => out.get(Number(id)) ?? { ...ZERO_INCOME };
  for (const r of orders) Object.assign(at(r.siteId), { charge: Number(r.charge), coin: Number(r.coin) });
  for (const r of chargeRefunds) at(r.siteId).refund += Number(r.refund);
  for (const r of recharges) {
    const f = at(r.siteId);
    f.valueCard += Number(r.valueCard);
    f.monthCard += Number(r.monthCard);
    f.refund += Number(r.refund);
  }
  for (const f of out.values()) f.total = f.charge + f.valueCard + f.monthCard + f.coin - f.refund;
  return out;
}

/**
 * Income of an account's sites between two instants [from, to) (R3.2, R3.3): the sum of siteIncomeBetween and, with
 * `areaCards` (account figures, default), the area-card recharges of the charge-rule groups the sites belong to.
 */
export async function incomeBetween(
  db: Db,
  siteIds: readonly number[],
  from: number,
  to: number,
  areaCards = true,
): Promise<IncomeFigures> {
  const total = sumIncome((await siteIncomeBetween(db, siteIds, from, to)).values());
  if (!areaCards) return total;
  const area = await rows<{ valueCard: string; refund: string }>(
    db,
    `select coalesce(sum(pay_amount) filter (where create_time >= $2 and create_time < $3), 0) as value_card,
            coalesce(sum(refund_amount) filter (where refund_time >= $2 and refund_time < $3), 0) as refund
     from card_recharge where site_id is null and channel = 1 and settle_status in ${INCOME_SETTLE}
       and charge_rule_group_id in (select charge_rule_group_id from site where id = any($1::bigint[]))`,
    [siteIds, from, to],
  );
  const valueCard = Number(area[0]?.valueCard ?? 0);
  const refund = Number(area[0]?.refund ?? 0);
  return {
    ...total,
    valueCard: total.valueCard + valueCard,
    refund: total.refund + refund,
    total: total.total + valueCard - refund,
  };
}

/**
 * A party's own share at each site of [from, to) (R1.3; B "myIncome is their own share"): Σ of its OrderSplit rows of
 * roles 1 物业, 2 其他分润方 and 5 电费结算 by split time. Every id present.
 */
export async function shareBySite(
  db: Db,
  accountId: number,
  siteIds: readonly number[],
  from: number,
  to: number,
): Promise<Map<number, number>> {
  const result = await rows<{ siteId: number; amount: string }>(
    db,
    `select site_id, coalesce(sum(amount), 0) as amount from order_split
     where account_id = $1 and site_id = any($2::bigint[]) and role in (1, 2, 5) and create_time >= $3 and create_time < $4
     group by site_id`,
    [accountId, siteIds, from, to],
  );
  const out = new Map<number, number>(siteIds.map((id) => [id, 0]));
  for (const r of result) out.set(Number(r.siteId), Number(r.amount));
  return out;
}

/** Charging orders of each site started in [from, to) (R3.4: payType 1–6, not 启动失败). Every id present. */
export async function orderCountBySite(
  db: Db,
  siteIds: readonly number[],
  from: number,
  to: number,
): Promise<Map<number, number>> {
  const result = await rows<{ siteId: number; count: number }>(
    db,
    `select site_id, count(*)::int as count from charge_order
     where site_id = any($1::bigint[]) and pay_type between 1 and 6 and status <> 5 and start_time >= $2 and start_time < $3
     group by site_id`,
    [siteIds, from, to],
  );
  const out = new Map<number, number>(siteIds.map((id) => [id, 0]));
  for (const r of result) out.set(Number(r.siteId), Number(r.count));
  return out;
}
