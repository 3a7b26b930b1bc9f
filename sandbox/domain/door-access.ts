import { advanceOrder } from '../api/device-setup-orders';
import { one, rows, type Db } from '../lib/db';
import { STATUS_REFUSALS } from './card-charge';
import { dayOf } from '../lib/time';

/**
 * Door access from the rider page (B-site.md Business rule D13, with D8): who may open a site's door guard (deviceType
 * 4 门禁) or U8 gate (5 道闸) — the pure decision and the database lookups it needs. Operator forced opens bypass it.
 *
 * The door must be a door guard or gate, bound to a site and online (D8: commands need the device online). A rider,
 * known by a phone and/or a card number, may then open it on one of three grounds, tried in this order:
 * - `order` — a running ChargeOrder (status 1 充电中, as it stands at the instant of the open: an order whose time is
 *   over has ended) at the door's site, of the rider's phone (userPhone, or the phone of its RiderUser) or paid with the
 *   given card;
 * - `card` — a valid card bound to the door's site: the given card, or any card of the phone (card.phone, or the phone
 *   of its RiderUser). "Bound" is C-mine.md rule 6 as the swipe reads it (a CardSite row for the site; an area card
 *   only while the site still uses the card's rule group). "Valid" is the card's life cycle (C-mine.md rule 4,
 *   entities.md §31 Card.status): status 3 正常 — 未激活, 已冻结, 已注销, 已过期 and 已停卡 are not — and for a month card
 *   (type 2) today within startDate..endDate (rule 9's period; a card past endDate is 已过期 even before the 00:00 job
 *   marks it). A value card (types 1, 3 and the e-card 4) that is 正常 is valid whatever it holds: rule 7's minimum
 *   balance is a condition for starting a charge, not for being a card of the site;
 * - `whitelist` — a CommunityWhite entry of the phone in the community of the door's site whose expireDate is null
 *   (长期) or not before today (the same rule as the whitelist's 已过期 tag, src/lib/device-status.ts whiteExpired).
 * Everyone else is refused with a Chinese reason: the given card's own refusal when a card was given (卡片不存在, its
 * status, 月卡已过期, 该卡不能在此站点使用 …), 白名单已过期 for a phone whose only entry has expired, otherwise
 * NO_ACCESS. Days are Asia/Shanghai calendar days ('YYYY-MM-DD').
 */

/** How a rider got the door open. */
export type DoorVia = 'order' | 'card' | 'whitelist';

/** The answer of the decision. */
export type DoorDecision = { allowed: true; via: DoorVia } | { allowed: false; reason: string };

/** The door as the decision reads it. */
export interface DoorDevice {
  id: number;
  serialNumber: string;
  deviceType: number;
  siteId: number | null;
  /** 1 在线, 2 离线, 3 故障. */
  status: number;
}

/** A card of the rider as the decision reads it. */
export interface DoorCard {
  cardNo: string;
  cardType: number;
  status: number;
  startDate: string | null;
  endDate: string | null;
  chargeRuleGroupId: number | null;
  /** A CardSite row binds it to the door's site. */
  boundToSite: boolean;
}

/** Everything the decision needs (see doorFacts). */
export interface DoorFacts {
  /** The device of the serial number, or null when there is none. */
  door: DoorDevice | null;
  /** The Asia/Shanghai day of the open. */
  today: string;
  /** The rule group of the door's site (an area card works only while it is the card's). */
  siteRuleGroupId: number | null;
  /** The card number the rider gave, or null. */
  cardNo: string | null;
  /** The rider's orders at the door's site that were running, each with its status as of the open. */
  orders: { status: number }[];
  /** The given card (when it exists) and the cards of the phone. */
  cards: DoorCard[];
  /** The phone's whitelist entries in the community of the door's site (empty without a phone or a community). */
  whitelist: { expireDate: string | null }[];
}

/** The refusal of a rider with none of the three grounds. */
export const NO_ACCESS = '无开门权限：需在本站点有充电中的订单、有效卡片或小区白名单';

/**
 * Why a card does not open the doors of the site (see the module docstring), or null when it does: not bound to the
 * site (该卡不能在此站点使用); an area card whose rule group is no longer the site's; not 3 正常; a month card outside its
 * period on `today`.
 */
export function cardDoorRefusal(card: DoorCard, siteRuleGroupId: number | null, today: string): string | null {
  if (!card.boundToSite) return '该卡不能在此站点使用';
  if (card.cardType === 3 && card.chargeRuleGroupId !== siteRuleGroupId) return '该站点收费规则与卡片不一致';
  if (card.status !== 3) return STATUS_REFUSALS[card.status] ?? '卡片不可用';
  if (card.cardType === 2) {
    if (card.startDate && today < card.startDate) return '月卡未到生效日期';
    if (card.endDate && today > card.endDate) return '月卡已过期';
  }
  return null;
}

/** Whether a whitelist entry still holds on `today` (null = 长期; the expiry day itself still counts). */
export function whiteValid(entry: { expireDate: string | null }, today: string): boolean {
  return entry.expireDate === null || entry.expireDate >= today;
}

/**
 * Why the device cannot be opened by a rider at all (D8, D13), or null: unknown, not a door guard or gate, not bound
 * to a site, offline.
 */
export function doorRefusal(door: DoorDevice | null): string | null {
  if (!door) return '设备不存在';
  if (door.deviceType !== 4 && door.deviceType !== 5) return '该设备不是门禁或道闸';
  if (door.siteId === null) return '设备未安装到站点';
  if (door.status === 2) return '设备离线，无法开门';
  return null;
}

/** The decision of rule D13 (see the module docstring). */
export function decideDoorAccess(facts: DoorFacts): DoorDecision {
  const refusal = doorRefusal(facts.door);
  if (refusal) return { allowed: false, reason: refusal };
  if (facts.orders.some((o) => o.status === 1)) return { allowed: true, via: 'order' };
  const cardReasons = facts.cards.map((c) => ({
    card: c,
    reason: cardDoorRefusal(c, facts.siteRuleGroupId, facts.today),
  }));
  if (cardReasons.some((c) => c.reason === null)) return { allowed: true, via: 'card' };
  if (facts.whitelist.some((w) => whiteValid(w, facts.today))) return { allowed: true, via: 'whitelist' };
  if (facts.cardNo !== null) {
    const given = cardReasons.find((c) => c.card.cardNo === facts.cardNo);
    return { allowed: false, reason: given?.reason ?? '卡片不存在' };
  }
  if (facts.whitelist.length > 0) return { allowed: false, reason: '白名单已过期' };
  return { allowed: false, reason: NO_ACCESS };
}

/** Who asks to open: a phone and/or a card number (at least one). */
export interface DoorRider {
  phone?: string | null;
  cardNo?: string | null;
}

/**
 * Reads the facts of rule D13 for the door `serialNumber` and `rider` at `at` (epoch ms), inside the caller's
 * transaction: the rider's running orders at the site are first brought up to `at` (an order whose time is over ends,
 * as every read of orders does), so `orders` holds their statuses as of `at`.
 */
export async function doorFacts(db: Db, serialNumber: string, rider: DoorRider, at: number): Promise<DoorFacts> {
  const phone = rider.phone ?? null;
  const cardNo = rider.cardNo ?? null;
  const today = dayOf(at);
  const raw = await one<DoorDevice>(
    db,
    'select id, serial_number, device_type, site_id, status from device where serial_number = $1',
    [serialNumber],
  );
  const door: DoorDevice | null = raw && {
    id: Number(raw.id),
    serialNumber: raw.serialNumber,
    deviceType: Number(raw.deviceType),
    siteId: raw.siteId === null ? null : Number(raw.siteId),
    status: Number(raw.status),
  };
  const facts: DoorFacts = { door, today, siteRuleGroupId: null, cardNo, orders: [], cards: [], whitelist: [] };
  if (!door || doorRefusal(door)) return facts;
  const siteId = door.siteId;
  const site = await one<{ communityId: number | null; chargeRuleGroupId: number }>(
    db,
    'select community_id, charge_rule_group_id from site where id = $1',
    [siteId],
  );
  facts.siteRuleGroupId = site ? Number(site.chargeRuleGroupId) : null;

  // The rider's cards: the given one and those of the phone (its own phone field or its rider's).
  const cards = await rows<DoorCard & { id: number }>(
    db,
    `select k.id, k.card_no, k.card_type, k.status, k.start_date, k.end_date, k.charge_rule_group_id,
       exists (select 1 from card_site cs where cs.card_id = k.id and cs.site_id = $3) as bound_to_site
     from card k
     where k.card_no = $1
        or ($2::text is not null and (k.phone = $2 or k.user_id in (select u.id from rider_user u where u.phone = $2)))
     order by k.id`,
    [cardNo, phone, siteId],
  );
  facts.cards = cards.map((k) => ({
    cardNo: k.cardNo,
    cardType: Number(k.cardType),
    status: Number(k.status),
    startDate: k.startDate,
    endDate: k.endDate,
    chargeRuleGroupId: k.chargeRuleGroupId === null ? null : Number(k.chargeRuleGroupId),
    boundToSite: Boolean(k.boundToSite),
  }));
  const givenCardIds = cards.filter((k) => k.cardNo === cardNo).map((k) => Number(k.id));

  // The rider's orders at the site that were running, brought up to `at`.
  const running = await rows<{ id: number }>(
    db,
    `select o.id from charge_order o
     where o.site_id = $1 and o.status = 1
       and (o.card_id = any($2::bigint[])
            or ($3::text is not null
                and (o.user_phone = $3 or o.user_id in (select u.id from rider_user u where u.phone = $3))))
     order by o.id`,
    [siteId, givenCardIds, phone],
  );
  for (const r of running) {
    await advanceOrder(db, Number(r.id), at);
    const now = await one<{ status: number }>(db, 'select status from charge_order where id = $1', [r.id]);
    facts.orders.push({ status: Number(now?.status) });
  }

  const communityId = site?.communityId ?? null;
  if (phone !== null && communityId !== null) {
    facts.whitelist = await rows<{ expireDate: string | null }>(
      db,
      'select expire_date from community_white where community_id = $1 and phone = $2',
      [communityId, phone],
    );
  }
  return facts;
}
