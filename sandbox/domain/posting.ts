import { BIZ_TYPE_LABELS } from '../../src/api/ledger-rules';
/**
 * Posting of split rows to the wallets (D-income.md §0.1, "Business rules: Splits"; entities.md R4.3): at 02:00 the
 * next day each receiving account gets one AccountBill per order — the site owner (role 0) bizType 1 充电收入, 2 储值卡
 * 充值收入, 3 月卡收入 or 5 区域卡消费解冻 by the order type, every other party (property, agent, partner, superior,
 * electricity) 4 分润收入 — for the sum of its rows of that order. Cash-only rows (coins) are never posted; rows without
 * an account (channel fee, platform split) are marked posted without a bill. Shared by the 02:00 job and the seed.
 */

/** A split row as posting reads it (OrderSplit columns). */
export interface PostableRow {
  orderType: number;
  orderId: number;
  orderNo: string;
  siteId: number | null;
  /** 0 owner, 1 property, 2 other party, 3 platform, 4 channel fee, 5 electricity. */
  role: number;
  accountId: number | null;
  amount: number;
  cashOnly: boolean;
}

/** One AccountBill of a posting and the rows it posts. */
export interface Posting<R extends PostableRow> {
  accountId: number;
  bizType: number;
  amount: number;
  rows: R[];
}

/** Titles of the ledger's bizTypes: the ledger's one table (src/api/ledger-rules.ts). */
export const BIZ_TITLES: Readonly<Record<number, string>> = BIZ_TYPE_LABELS;

/** The title of a site-income entry: `充电收入 · 翠苑一区3栋车棚`. */
export function ledgerTitle(bizType: number, siteName: string | null): string {
  const title = BIZ_TITLES[bizType] ?? '收入';
  return siteName ? `${title} · ${siteName}` : title;
}

/** The bizType of an account's bill for an order of `orderType` (1 charge, 2 value card, 3 month card, 5 area release). */
export function postingBizType(orderType: number, owner: boolean): number {
  if (!owner) return 4;
  return ({ 1: 1, 2: 2, 3: 3, 5: 5 } as Record<number, number>)[orderType] ?? 1;
}

/**
 * The bills of one order's rows (all rows of one orderType + orderId): one per receiving account whose rows add up to
 * more than zero, in the order the accounts first appear. Cash-only rows give no bill.
 */
export function postingsOf<R extends PostableRow>(rows: readonly R[]): Posting<R>[] {
  const byAccount = new Map<number, R[]>();
  for (const r of rows) {
    if (r.cashOnly || r.accountId === null) continue;
    const list = byAccount.get(r.accountId) ?? [];
    list.push(r);
    byAccount.set(r.accountId, list);
  }
  const out: Posting<R>[] = [];
  for (const [accountId, list] of byAccount) {
    const amount = list.reduce((s, r) => s + r.amount, 0);
    if (amount <= 0) continue;
    const first = list[0] as R;
    out.push({
      accountId,
      bizType: postingBizType(
        first.orderType,
        list.some((r) => r.role === 0),
      ),
      amount,
      rows: list,
    });
  }
  return out;
}
