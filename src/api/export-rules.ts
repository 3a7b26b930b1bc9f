import { z } from 'zod';

/**
 * The rules of exports shared by the app and the sandbox (D-income.md §4 /income/exportFile; C-mine.md
 * /mine/downCenter/index, rule 24; entities.md §77 DocRecord, R9.2): the document types, their span limits, the e-mail
 * rule and the lifetimes of a record and of its download link.
 */

/** DocRecord docType: 1 充电订单, 2 远程充电记录, 3 收支明细, 4 提现记录, 5 卡充值记录, 6 投币订单, 7 月度对账单, 8 日账单明细, 9 站点账单. */
export type DocType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** Names of the document types (file names and type tags). */
export const DOC_TYPE_NAMES: Record<DocType, string> = {
  1: '充电订单',
  2: '远程充电记录',
  3: '收支明细',
  4: '提现记录',
  5: '卡充值记录',
  6: '投币订单',
  7: '月度对账单',
  8: '日账单明细',
  9: '站点账单',
};

/** Longest date range of a range export, in days (R9.2): ledger and day bills 31, withdrawals 366, orders 92. */
export const EXPORT_SPAN_DAYS: Partial<Record<DocType, number>> = { 1: 92, 2: 92, 3: 31, 4: 366, 6: 92, 8: 31 };

/** A record is kept 30 days after it was made; the e-mailed link is valid 7 days after sending. */
export const DOC_RECORD_TTL_MS = 30 * 86_400_000;
export const DOC_LINK_TTL_MS = 7 * 86_400_000;
/** Resends per record per day. */
export const DOC_RESEND_PER_DAY = 5;

/** The receiving e-mail (D exportFile: required, ≤ 50 characters, `^[\w.+-]+@[\w-]+(\.[\w-]+)+$`). */
export const exportEmailRule = z
  .string({ error: '请输入接收邮箱' })
  .trim()
  .min(1, '请输入接收邮箱')
  .max(50, '请输入正确的邮箱地址')
  .regex(/^[\w.+-]+@[\w-]+(\.[\w-]+)+$/, '请输入正确的邮箱地址');

/** Days from `start` to `end` ('YYYY-MM-DD'), both ends included. */
export function spanDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** True for a day of the calendar written 'YYYY-MM-DD' ('2020-09-46' and '2021-02-29' are not). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
}

/**
 * Why a range cannot be exported (D exportFile validation), or null: a day that is not a calendar day, the end before
 * the start, a day after `today`, or a span over the type's limit (导出时间跨度不能超过{n}天, code 2051 on the server).
 */
export function rangeRefusal(type: DocType, start: string, end: string, today: string): string | null {
  if (!isCalendarDay(start) || !isCalendarDay(end)) return '日期格式不正确';
  if (end < start) return '结束日期不能早于开始日期';
  if (end > today) return '不能选择未来的日期';
  const limit = EXPORT_SPAN_DAYS[type];
  if (limit !== undefined && spanDays(start, end) > limit) return `导出时间跨度不能超过${limit}天`;
  return null;
}
