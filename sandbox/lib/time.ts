/**
 * Business time for the sandbox: Asia/Shanghai (UTC+8 all year, no daylight saving), instants in epoch ms,
 * days 'YYYY-MM-DD', months 'YYYY-MM' (ARCHITECTURE.md "Time"; entities.md §0).
 */

/** Offset of Asia/Shanghai from UTC in ms (fixed +08:00). */
export const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
/** One day in ms. */
export const DAY_MS = 24 * 3600 * 1000;

/** The Asia/Shanghai day 'YYYY-MM-DD' of an instant (epoch ms). */
export function dayOf(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Asia/Shanghai month 'YYYY-MM' of an instant (epoch ms). */
export function monthOf(ms: number): string {
  return dayOf(ms).slice(0, 7);
}

/** Epoch ms of 00:00 Asia/Shanghai of the day 'YYYY-MM-DD'. */
export function startOfDay(day: string): number {
  return Date.parse(`${day}T00:00:00+08:00`);
}

/** Epoch ms of 00:00 Asia/Shanghai of the day containing the instant `ms`. */
export function startOfDayAt(ms: number): number {
  return startOfDay(dayOf(ms));
}

/** The day 'YYYY-MM-DD' that is `n` days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  return dayOf(startOfDay(day) + n * DAY_MS);
}

/** The month 'YYYY-MM' that is `n` months after `month` (n may be negative). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const mon = (index % 12) + 1;
  return `${year}-${String(mon).padStart(2, '0')}`;
}

/** The first day 'YYYY-MM-01' of the month of `day`. */
export function firstDayOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** 'yyyyMMddHHmmss' of an instant in Asia/Shanghai (the time part of order, serial and withdrawal numbers). */
export function stamp(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** Epoch ms of hh:mm Asia/Shanghai on the day 'YYYY-MM-DD'. */
export function instantOf(day: string, hh: number, mm = 0): number {
  return startOfDay(day) + (hh * 60 + mm) * 60_000;
}

/** The last day 'YYYY-MM-DD' of the month of `day` ('YYYY-MM-DD' or 'YYYY-MM'). */
export function lastDayOfMonth(day: string): string {
  return addDays(`${addMonths(day.slice(0, 7), 1)}-01`, -1);
}
