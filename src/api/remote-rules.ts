/**
 * Rules of the mine section's record screens that the sandbox enforces too (C-mine.md "Shared behaviour": date-range
 * filters). No request code here: the sandbox imports this module.
 */

/** Longest span of a date-range filter, days (C-mine.md "Date-range filters"). */
export const RANGE_MAX_DAYS = 92;

/**
 * The date-range rule of the section (C-mine.md "Date-range filters"): start ≤ end ("开始日期不能晚于结束日期"),
 * span ≤ 92 days ("查询时间跨度不能超过3个月"), no end after `today` ('YYYY-MM-DD' Asia/Shanghai). Null when valid.
 */
export function dateRangeError(startDate: string, endDate: string, today: string): string | null {
  if (startDate > endDate) return '开始日期不能晚于结束日期';
  if (endDate > today) return '结束日期不能晚于今天';
  const span = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000 + 1;
  if (span > RANGE_MAX_DAYS) return '查询时间跨度不能超过3个月';
  return null;
}

/** True when `day` is a real calendar day 'YYYY-MM-DD' between 2000 and 2099 (the sandbox's inputs of a day). */
export function isCalendarDay(day: string): boolean {
  if (!/^20\d{2}-\d{2}-\d{2}$/.test(day)) return false;
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === day;
}

/** Status of a remote start: 1 启动中, 2 充电中, 3 已结束, 4 启动失败. */
export type RemoteStatus = 1 | 2 | 3 | 4;

/** Reason labels of a remote start (1 用户无法支付, 2 设备测试, 3 故障补偿, 4 其他). */
export const REMOTE_REASONS: readonly { value: 1 | 2 | 3 | 4; label: string }[] = [
  { value: 1, label: '用户无法支付' },
  { value: 2, label: '设备测试' },
  { value: 3, label: '故障补偿' },
  { value: 4, label: '其他' },
];

/** Labels of RemoteStatus. */
export const REMOTE_STATUS_LABELS: Readonly<Record<RemoteStatus, string>> = {
  1: '启动中',
  2: '充电中',
  3: '已结束',
  4: '启动失败',
};
