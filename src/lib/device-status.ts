/**
 * Display rules of the site's devices (B-site.md §2; entities.md Device, Charger): status names and tones, signal
 * strength from the CSQ value, socket tiles, door and gate states, smoke states, the filter chips and their request
 * values, relative times ("3小时前") and the site-detail tab rule. Pure functions, no I/O.
 */
import { pathOf } from '@/config/routes';

/** Colour family of a status dot or tag. */
export type Tone = 'success' | 'default' | 'danger' | 'warning' | 'primary' | 'teal';

/** Device status 1 在线 / 2 离线 / 3 故障 (green / grey / red). */
export const DEVICE_STATUS: Readonly<Record<number, { label: string; tone: Tone }>> = {
  1: { label: '在线', tone: 'success' },
  2: { label: '离线', tone: 'default' },
  3: { label: '故障', tone: 'danger' },
};

/** Model tag of a charging box by deviceType: 1 10路, 2 12路, 3 双路. */
export const MODEL_TAGS: Readonly<Record<number, string>> = { 1: '10路', 2: '12路', 3: '双路' };

/** Signal-mode tag of a charging box: 1 4G, 2 主机, 3 从机. */
export const SIGNAL_MODE_TAGS: Readonly<Record<number, string>> = { 1: '4G', 2: '主机', 3: '从机' };

/** Signal strength of a CSQ value (0–31): ≥ 20 强 (3 bars), 12–19 中 (2), < 12 弱 (1). */
export function signalStrength(csq: number): { label: '强' | '中' | '弱'; bars: 1 | 2 | 3 } {
  if (csq >= 20) return { label: '强', bars: 3 };
  if (csq >= 12) return { label: '中', bars: 2 };
  return { label: '弱', bars: 1 };
}

/** Socket tile states (entities Charger.status): 空闲 green, 充电中 blue, 已充满 teal, 故障 red, 离线 grey. */
export const SOCKET_STATUS: Readonly<Record<number, { label: string; tone: Tone }>> = {
  0: { label: '空闲', tone: 'success' },
  1: { label: '充电中', tone: 'primary' },
  2: { label: '已充满', tone: 'teal' },
  3: { label: '故障', tone: 'danger' },
  4: { label: '离线', tone: 'default' },
};

/**
 * The text lines of a socket tile under its number: the state name first (空闲 / 充电中 / 已充满 / 故障 / 离线: the tile's
 * colour is never the only carrier of its state, issue 15 item 3), and while charging the remaining time ("剩余86分",
 * when known) and the power ("356W").
 */
export function socketTileLines(tile: { status: number; power: number; remainMinutes: number | null }): string[] {
  const state = SOCKET_STATUS[tile.status]?.label ?? '--';
  if (tile.status === 1) {
    return [state, ...(tile.remainMinutes !== null ? [`剩余${tile.remainMinutes}分`] : []), `${tile.power}W`];
  }
  return [state];
}

/** Door state of a guard (4: 0 已关闭, 1 已打开) or a U8 gate (5: 0 已落杆, 1 已抬杆). */
export function doorStateText(deviceType: number, doorStatus: number): string {
  if (deviceType === 5) return doorStatus === 1 ? '已抬杆' : '已落杆';
  return doorStatus === 1 ? '已打开' : '已关闭';
}

/** A gate's auto-close setting: "30秒", or 未开启 for 0. */
export function autoCloseText(seconds: number): string {
  return seconds > 0 ? `${seconds}秒` : '未开启';
}

/** The 自动关闸 action-sheet option of an interval: 不自动关闸 for 0, else "30秒". */
export function autoCloseOption(seconds: number): string {
  return seconds > 0 ? `${seconds}秒` : '不自动关闸';
}

/** Smoke states (entities Device.smokeStatus): 正常 green, 烟雾报警 red, 低电量 orange, 故障 grey. */
export const SMOKE_STATUS: Readonly<Record<number, { label: string; tone: Tone }>> = {
  0: { label: '正常', tone: 'success' },
  1: { label: '烟雾报警', tone: 'danger' },
  2: { label: '低电量', tone: 'warning' },
  3: { label: '故障', tone: 'default' },
};

/** Filter chips of the device list and the request status they send (query status=online|offline|fault). */
export const BOX_FILTERS = [
  { key: 'all', label: '全部', status: undefined },
  { key: 'online', label: '在线', status: 1 },
  { key: 'offline', label: '离线', status: 2 },
  { key: 'fault', label: '故障', status: 3 },
] as const;

/** Key of a device-list filter chip. */
export type BoxFilterKey = (typeof BOX_FILTERS)[number]['key'];

/** The chip preselected by the query `status` (unknown or absent → 全部). */
export function boxFilterOf(status: string | null): BoxFilterKey {
  return BOX_FILTERS.find((f) => f.key === status)?.key ?? 'all';
}

/** Filter chips of the smoke list and their request fields. */
export const SMOKE_FILTERS = [
  { key: 'all', label: '全部', request: {} },
  { key: 'alarm', label: '报警', request: { smokeStatus: 1 } },
  { key: 'lowBattery', label: '低电量', request: { smokeStatus: 2 } },
  { key: 'offline', label: '离线', request: { status: 2 } },
] as const;

/** Key of a smoke-list filter chip. */
export type SmokeFilterKey = (typeof SMOKE_FILTERS)[number]['key'];

/**
 * An instant relative to `now` (both epoch ms): 刚刚 under a minute, "N分钟前", "N小时前", "N天前" under 30 days,
 * else the day 'YYYY-MM-DD' (UTC+8). `--` when unknown.
 */
export function relativeTime(ms: number | null | undefined, now: number): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '--';
  const minutes = Math.floor(Math.max(0, now - ms) / 60_000);
  if (minutes < 1) return '刚刚';
  if (minutes < 60) return `${minutes}分钟前`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}小时前`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days}天前`;
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
}

/** Whether a whitelist entry has expired: its day before `today` ('YYYY-MM-DD'); null = 长期 never expires. */
export function whiteExpired(expireDate: string | null, today: string): boolean {
  return expireDate !== null && expireDate < today;
}

/** The device tabs of the site detail (spec §2), in order. */
export const SITE_TABS = ['facilityList', 'guardList', 'cameraList', 'smokeList'] as const;

/** One of SITE_TABS. */
export type SiteTabKey = (typeof SITE_TABS)[number];

/** The tab a path shows (/site/siteInfo/guardList → guardList), or null for the bare layout path. */
export function siteTabOf(pathname: string): SiteTabKey | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return (SITE_TABS as readonly string[]).includes(last) ? (last as SiteTabKey) : null;
}

/**
 * Where /site/siteInfo without a child goes (B §2): the remembered tab keeping the query, except that a `status`
 * query always opens facilityList.
 */
export function siteInfoEntry(currentTab: SiteTabKey, search: string): string {
  const tab = new URLSearchParams(search).has('status') ? 'facilityList' : currentTab;
  return `${pathOf(tab)}${search}`;
}
