import { WORK_ORDER_STATUS_NAMES } from '../../src/api/work-order-rules';
import { channelOfFacts, withdrawBlockOf, type WithdrawBlock } from '../domain/withdrawal';
import { DAY_MS, dayOf, startOfDay } from '../lib/time';
import type { Row } from './seed/insert';
import type { SeedCtx } from './seed/context';

/**
 * What each demo account shows, read from the demo world's rows without a database (issue 29: the README's demo table
 * holds at every instant; sandbox/db/demo-world.test.ts sweeps it over a year of instants). Each figure is defined as
 * the sandbox's own call answers it, and sandbox/db/demo-world-api.test.ts checks the two against each other on seeded
 * databases:
 * - sites, boxes (offline), sockets: /api/user/siteCount over the caller's scope (Scope.siteIds: the owner's
 *   non-deleted sites, a property's linked ones, a limited sub-account's siteIds; counted when 运营中 or 建设中);
 * - cards: /api/card/cardCount's total (the owner's cards not 注销, a limited sub-account's bound to its sites), with
 *   card:view;
 * - withdraw: isWithdrawable of the main account (domain/withdrawal.ts withdrawBlockOf); an account without the
 *   permission `withdraw` cannot;
 * - owes: Σ unpaid of the open arrears items (platform-fee periods 欠费 + arrears records 未还/部分已还), fen, with
 *   income:view (isWithdrawable's oweAmount);
 * - withdrawals in progress: the main account's withdrawals 待审核 (1) and 处理中 (2), with `withdraw` (提现记录);
 * - work orders: those the account reaches (its operator's; a builder's own), by status.
 */
export interface DemoFacts {
  sites: number;
  boxes: number;
  offlineBoxes: number;
  sockets: number;
  /** null without the permission card:view. */
  cards: number | null;
  /** null: it may withdraw; 'no permission': it holds no `withdraw`; else why not. */
  withdraw: WithdrawBlock | 'no permission' | null;
  /** Fen; null without income:view. */
  owes: number | null;
  /** null without `withdraw`. */
  withdrawalsInProgress: { pending: number; processing: number } | null;
  /** Work-order status (1 待审核 … 6 验收驳回) → count; null without the permission workOrder. */
  workOrders: Map<number, number> | null;
}

const num = (v: unknown) => Number(v ?? 0);

/** The facts of the account that logs in with `phone`, as of the world's instant `now` (epoch ms). */
export function demoFacts(ctx: SeedCtx, phone: string, now: number): DemoFacts {
  const account = ctx.rows('account').find((a) => a.phone === phone);
  if (!account) throw new Error(`demo world: no account with phone ${phone}`);
  const type = num(account.accountType);
  const ownerId = type === 4 || type === 5 ? num(account.mainAccountId) : num(account.id);
  const permissions = (account.permissions as string[] | undefined) ?? [];
  const limited = type === 4 && num(account.dataScope) === 2;
  const allowed = new Set(((account.siteIds as number[] | undefined) ?? []).map(Number));

  const scope = ctx
    .rows('site')
    .filter((s) => num(type === 3 ? s.merchantId : s.operatorId) === ownerId && num(s.deleted) === 0)
    .filter((s) => !limited || allowed.has(num(s.id)));
  const counted = new Set(scope.filter((s) => [1, 2].includes(num(s.status))).map((s) => num(s.id)));
  const boxes = ctx
    .rows('device')
    .filter((d) => d.siteId !== null && counted.has(num(d.siteId)) && num(d.deviceType) >= 1 && num(d.deviceType) <= 3);
  const boxIds = new Set(boxes.map((d) => num(d.id)));

  const scopeIds = new Set(scope.map((s) => num(s.id)));
  const boundTo = new Map<number, number[]>();
  for (const b of ctx.rows('card_site'))
    boundTo.set(num(b.cardId), [...(boundTo.get(num(b.cardId)) ?? []), num(b.siteId)]);
  const cards = ctx
    .rows('card')
    .filter((c) => num(c.merchantId) === ownerId && num(c.status) !== 4)
    .filter((c) => !limited || (boundTo.get(num(c.id)) ?? []).some((id) => scopeIds.has(id)));

  const withdrawals = ctx.rows('withdrawal').filter((w) => num(w.accountId) === ownerId);
  const income = permissions.includes('income:view');
  const builder = type === 5 ? num(account.id) : null;
  const workOrders = permissions.includes('workOrder')
    ? countBy(
        ctx
          .rows('work_order')
          .filter((w) => num(w.merchantId) === ownerId && (builder === null || num(w.builderId) === builder)),
        (w) => num(w.status),
      )
    : null;

  return {
    sites: counted.size,
    boxes: boxes.length,
    offlineBoxes: boxes.filter((d) => num(d.status) === 2).length,
    sockets: ctx.rows('charger').filter((c) => boxIds.has(num(c.deviceId))).length,
    cards: permissions.includes('card:view') ? cards.length : null,
    withdraw: permissions.includes('withdraw')
      ? withdrawBlockOf(withdrawFacts(ctx, ownerId, now), now)
      : 'no permission',
    owes: income ? openArrears(ctx, ownerId).amount : null,
    withdrawalsInProgress: permissions.includes('withdraw')
      ? {
          pending: withdrawals.filter((w) => num(w.status) === 1).length,
          processing: withdrawals.filter((w) => num(w.status) === 2).length,
        }
      : null,
    workOrders,
  };
}

function countBy(list: readonly Row[], key: (r: Row) => number): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of list) out.set(key(r), (out.get(key(r)) ?? 0) + 1);
  return out;
}

/** Open arrears items of an owner (domain/arrears.ts openArrearsTotal over the rows). */
function openArrears(ctx: SeedCtx, ownerId: number): { amount: number; count: number } {
  const periods = ctx
    .rows('fee_period')
    .filter((p) => num(p.accountId) === ownerId && num(p.status) === 3 && num(p.oweAmount) > num(p.paidAmount));
  const records = ctx.rows('arrears').filter((a) => num(a.accountId) === ownerId && [1, 2].includes(num(a.status)));
  return {
    amount:
      periods.reduce((s, p) => s + num(p.oweAmount) - num(p.paidAmount), 0) +
      records.reduce((s, a) => s + num(a.amount) - num(a.repaidAmount), 0),
    count: periods.length + records.length,
  };
}

/** withdrawBlock's facts (domain/withdrawal.ts) of a main account, from the rows. */
function withdrawFacts(ctx: SeedCtx, accountId: number, now: number) {
  const account = ctx.rows('account').find((a) => num(a.id) === accountId);
  const wallet = ctx.rows('wallet').find((w) => num(w.accountId) === accountId);
  const property = ctx.rows('merchant_entity_property').find((p) => num(p.accountId) === accountId);
  const entity = ctx.rows('merchant_entity').find((e) => num(e.accountId) === accountId);
  const cards = ctx.rows('bank_card').filter((b) => num(b.accountId) === accountId);
  const settle = cards.find((b) => entity && num(b.id) === num(entity.settleBankCardId));
  const openStatus = property ? num(property.openStatus) : null;
  const rule = ctx.rows('withdraw_fee_rule').find((r) => num(r.channel) === channelOfFacts({ openStatus }));
  const today = startOfDay(dayOf(now));
  return {
    walletStatus: wallet ? num(wallet.status) : null,
    signStatus: num(account?.signStatus),
    openRequired: Boolean(property?.openRequired),
    openStatus,
    verifiedCards: cards.filter((b) => num(b.status) === 1 && num(b.verifyStatus) === 2).length,
    settleCard: settle ? { cardType: num(settle.cardType), verifyStatus: num(settle.verifyStatus) } : null,
    openArrears: openArrears(ctx, accountId).count,
    appliedToday: ctx
      .rows('withdrawal')
      .filter(
        (w) =>
          num(w.accountId) === accountId &&
          [1, 2, 3].includes(num(w.status)) &&
          num(w.applyTime) >= today &&
          num(w.applyTime) < today + DAY_MS,
      ).length,
    dailyLimit: num(rule?.dailyLimit),
  };
}

/** The columns of the README's table "What each demo account shows, at any instant", in order after `phone`. */
export const FACT_COLUMNS = [
  'sites',
  'boxes',
  'sockets',
  'cards',
  'may withdraw',
  'owes',
  'withdrawals in progress',
  'work orders',
] as const;

/** Facts as the README's table writes them (— where the account may not see the figure). */
export function factCells(f: DemoFacts): Record<(typeof FACT_COLUMNS)[number], string> {
  const counts = (parts: [number, string][]) => {
    const shown = parts.filter(([n]) => n > 0).map(([n, label]) => `${n} ${label}`);
    return shown.length > 0 ? shown.join(', ') : 'none';
  };
  return {
    sites: String(f.sites),
    boxes: f.offlineBoxes > 0 ? `${f.boxes} (${f.offlineBoxes} offline)` : String(f.boxes),
    sockets: String(f.sockets),
    cards: f.cards === null ? '—' : String(f.cards),
    'may withdraw':
      f.withdraw === null
        ? 'yes'
        : f.withdraw === 'no permission'
          ? 'no: no 提现 permission'
          : `no: ${f.withdraw.message}`,
    owes: f.owes === null ? '—' : `¥${(f.owes / 100).toFixed(2)}`,
    'withdrawals in progress':
      f.withdrawalsInProgress === null
        ? '—'
        : counts([
            [f.withdrawalsInProgress.pending, '待审核'],
            [f.withdrawalsInProgress.processing, '处理中'],
          ]),
    'work orders':
      f.workOrders === null
        ? '—'
        : counts(
            Object.entries(WORK_ORDER_STATUS_NAMES).map(([status, label]) => [
              f.workOrders?.get(Number(status)) ?? 0,
              label,
            ]),
          ),
  };
}

/**
 * The orders and recharges held at an owner's sites (settleStatus 2, entities.md R5) and those returned to the riders
 * in the last 30 days (settleStatus 4): /api/user/unSignBackOrderCount over the rows.
 */
export function heldFacts(
  ctx: SeedCtx,
  phone: string,
  now: number,
): { orders: number; recharges: number; returned: number } {
  const account = ctx.rows('account').find((a) => a.phone === phone);
  const sites = new Set(
    ctx
      .rows('site')
      .filter((s) => num(s.operatorId) === num(account?.id) && num(s.deleted) === 0)
      .map((s) => num(s.id)),
  );
  const at = (r: Row) => sites.has(num(r.siteId));
  const orders = ctx.rows('charge_order').filter(at);
  const recharges = ctx.rows('card_recharge').filter(at);
  const returned = (r: Row) => num(r.settleStatus) === 4 && num(r.returnTime) >= now - 30 * DAY_MS;
  return {
    orders: orders.filter((o) => num(o.settleStatus) === 2).length,
    recharges: recharges.filter((r) => num(r.settleStatus) === 2).length,
    returned: orders.filter(returned).length + recharges.filter(returned).length,
  };
}
