import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * Time helpers for display and request parameters. Instants are epoch ms; days 'YYYY-MM-DD' and months 'YYYY-MM'
 * in the business zone Asia/Shanghai (UTC+8 all year, no daylight saving), whatever the phone's zone is.
 */

/** UTC offset of Asia/Shanghai in minutes. */
const SHANGHAI_OFFSET_MIN = 8 * 60;

/** A dayjs at the instant `ms`, whose fields read as Asia/Shanghai wall-clock time. */
export function shanghai(ms: number): dayjs.Dayjs {
  return dayjs(ms).utcOffset(SHANGHAI_OFFSET_MIN);
}

/** The Asia/Shanghai day 'YYYY-MM-DD' of an instant. */
export function dayOf(ms: number): string {
  return shanghai(ms).format('YYYY-MM-DD');
}

/** The first day 'YYYY-MM-01' of the Asia/Shanghai month of an instant. */
export function firstDayOfMonthOf(ms: number): string {
  return shanghai(ms).format('YYYY-MM-01');
}

/** Formats an instant in Asia/Shanghai with a dayjs pattern (default 'YYYY-MM-DD HH:mm'). */
export function formatTime(ms: number | null | undefined, pattern = 'YYYY-MM-DD HH:mm'): string {
  if (ms === null || ms === undefined) return '--';
  return shanghai(ms).format(pattern);
}

/** Minutes as "{h}小时{m}分" (home 今日充电 duration). */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '--';
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h > 0 ? `${h}小时${m}分` : `${m}分`;
}

/** Energy in Wh as kWh with two decimals. */
export function formatKwh(wh: number | null | undefined): string {
  if (wh === null || wh === undefined || !Number.isFinite(wh)) return '--';
  return (wh / 1000).toFixed(2);
}

/** The Asia/Shanghai day after the instant `ms`, 'YYYY-MM-DD' (a share change takes effect then, B-site.md §B.4). */
export function tomorrowOf(ms: number): string {
  return shanghai(ms).add(1, 'day').format('YYYY-MM-DD');
}

/** The day 'YYYY-MM-DD' `n` days after `day` (calendar arithmetic, no time zone involved). */
export function shiftDay(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The month 'YYYY-MM' `n` months after `month`. */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
