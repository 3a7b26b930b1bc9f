import { addDays, startOfDay } from '../lib/time';

/**
 * The one definition of the charging-order lists' filters (C-mine.md /mine/chargerRecord-list; Business rules 1, 14),
 * read by the lists (sandbox/api/orders.ts) and by the export of the same list (billExportChargeOrder, domain/exports.ts
 * docType 1), so that a file holds exactly the rows its list shows. Conditions are on `charge_order o`.
 */

/**
 * The tabs: 1 已完成 (status 2 已完成 only: an order charging, refunded or partly refunded shows another status word, so it
 * is not listed under this one; issue 30 "one story per figure"), 2 已退款 (3 已退款 / 4 部分退款), 3 待入账 (ended, not
 * credited). The figures named 订单 (home's 今日订单, a site's or socket's order count, the statements' 订单数) count
 * every order started, whatever its status, failed starts aside: they count orders, not one status.
 */
export type OrderListTab = 1 | 2 | 3;

/** Each tab's condition. */
export const ORDER_TAB_CONDITIONS: Record<OrderListTab, string> = {
  1: 'o.status = 2',
  2: 'o.status in (3, 4)',
  3: 'o.status in (2, 3, 4) and o.settle_status = 0',
};

/** What a list is filtered by: the caller's sites (its scope, or the one site asked), days 'YYYY-MM-DD' of the start. */
export interface OrderFilter {
  siteIds: number[];
  startDate?: string;
  endDate?: string;
  chargerId?: number;
  payType?: number;
  /** 订单号 / 手机号 / 卡号 / 设备号, contained, case-insensitive. */
  keyword?: string;
}

/** The where clause of a filter plus `extra` (a condition on `o`), with its parameters ($1…). */
export function orderWhere(f: OrderFilter, extra: string): { where: string; params: unknown[] } {
  const params: unknown[] = [f.siteIds];
  let where = `o.site_id = any($1::bigint[]) and ${extra}`;
  if (f.startDate && f.endDate) {
    params.push(startOfDay(f.startDate), startOfDay(addDays(f.endDate, 1)));
    where += ` and o.start_time >= $${params.length - 1} and o.start_time < $${params.length}`;
  }
  if (f.chargerId !== undefined) {
    params.push(f.chargerId);
    where += ` and o.charger_id = $${params.length}`;
  }
  if (f.payType !== undefined) {
    params.push(f.payType);
    where += ` and o.pay_type = $${params.length}`;
  }
  if (f.keyword) {
    params.push(`%${f.keyword.toUpperCase()}%`);
    const k = `$${params.length}`;
    where += ` and (upper(o.order_no) like ${k} or o.user_phone like ${k} or upper(coalesce(o.card_no, '')) like ${k}
      or upper(o.serial_number) like ${k})`;
  }
  return { where, params };
}
