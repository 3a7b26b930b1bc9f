import { describe, expect, it } from 'vitest';
import {
  autoCloseOption,
  autoCloseText,
  boxFilterOf,
  doorStateText,
  relativeTime,
  signalStrength,
  siteInfoEntry,
  siteTabOf,
  socketTileLines,
  whiteExpired,
} from './device-status';
import { cameraCloudBaseUrl, DEFAULT_CAMERA_CLOUD_URL } from './camera-cloud';

describe('device display rules (B-site.md §2)', () => {
  it('grades the CSQ signal: ≥ 20 强, 12–19 中, < 12 弱', () => {
    expect(signalStrength(31)).toEqual({ label: '强', bars: 3 });
    expect(signalStrength(20)).toEqual({ label: '强', bars: 3 });
    expect(signalStrength(19)).toEqual({ label: '中', bars: 2 });
    expect(signalStrength(12)).toEqual({ label: '中', bars: 2 });
    expect(signalStrength(11)).toEqual({ label: '弱', bars: 1 });
    expect(signalStrength(0)).toEqual({ label: '弱', bars: 1 });
  });

  it('writes socket tiles: the state in words always, and remaining minutes and power while charging', () => {
    expect(socketTileLines({ status: 1, power: 356, remainMinutes: 86 })).toEqual(['充电中', '剩余86分', '356W']);
    expect(socketTileLines({ status: 1, power: 120, remainMinutes: null })).toEqual(['充电中', '120W']);
    expect(socketTileLines({ status: 2, power: 12, remainMinutes: 3 })).toEqual(['已充满']);
    expect(socketTileLines({ status: 0, power: 0, remainMinutes: null })).toEqual(['空闲']);
    expect(socketTileLines({ status: 3, power: 0, remainMinutes: null })).toEqual(['故障']);
    expect(socketTileLines({ status: 4, power: 0, remainMinutes: null })).toEqual(['离线']);
  });

  it('names door and gate states and auto-close settings', () => {
    expect(doorStateText(4, 0)).toBe('已关闭');
    expect(doorStateText(4, 1)).toBe('已打开');
    expect(doorStateText(5, 0)).toBe('已落杆');
    expect(doorStateText(5, 1)).toBe('已抬杆');
    expect(autoCloseText(30)).toBe('30秒');
    expect(autoCloseText(0)).toBe('未开启');
    expect(autoCloseOption(0)).toBe('不自动关闸');
    expect(autoCloseOption(120)).toBe('120秒');
  });

  it('tells times relative to now', () => {
    const now = Date.parse('2026-11-20T12:00:00+08:00');
    expect(relativeTime(now - 30_000, now)).toBe('刚刚');
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5分钟前');
    expect(relativeTime(now - 3 * 3600_000, now)).toBe('3小时前');
    expect(relativeTime(now - 2 * 86_400_000, now)).toBe('2天前');
    expect(relativeTime(Date.parse('2026-09-01T23:30:00+08:00'), now)).toBe('2026-09-01');
    expect(relativeTime(null, now)).toBe('--');
    expect(relativeTime(now + 60_000, now)).toBe('刚刚');
  });

  it('tells expired whitelist entries', () => {
    expect(whiteExpired('2026-11-19', '2026-11-20')).toBe(true);
    expect(whiteExpired('2026-11-20', '2026-11-20')).toBe(false);
    expect(whiteExpired(null, '2026-11-20')).toBe(false);
  });

  it('preselects the filter chip from the query status', () => {
    expect(boxFilterOf('offline')).toBe('offline');
    expect(boxFilterOf('fault')).toBe('fault');
    expect(boxFilterOf(null)).toBe('all');
    expect(boxFilterOf('nonsense')).toBe('all');
  });

  it('opens the remembered tab, keeping the query; a status query always opens the device list', () => {
    expect(siteTabOf('/site/siteInfo/guardList')).toBe('guardList');
    expect(siteTabOf('/site/siteInfo/smokeList/')).toBe('smokeList');
    expect(siteTabOf('/site/siteInfo')).toBeNull();
    expect(siteInfoEntry('cameraList', '?siteId=3')).toBe('/site/siteInfo/cameraList?siteId=3');
    expect(siteInfoEntry('cameraList', '?siteId=3&status=offline')).toBe(
      '/site/siteInfo/facilityList?siteId=3&status=offline',
    );
    expect(siteInfoEntry('facilityList', '')).toBe('/site/siteInfo/facilityList');
  });
});

describe('camera-cloud base URL', () => {
  it('uses the setting without a trailing slash, else the public open API', () => {
    expect(cameraCloudBaseUrl('/__sandbox/lechange/openapi/')).toBe('/__sandbox/lechange/openapi');
    expect(cameraCloudBaseUrl('')).toBe(DEFAULT_CAMERA_CLOUD_URL);
    expect(cameraCloudBaseUrl('  ')).toBe(DEFAULT_CAMERA_CLOUD_URL);
  });
});
