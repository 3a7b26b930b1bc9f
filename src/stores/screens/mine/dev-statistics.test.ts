import { describe, expect, it } from 'vitest';
import type { DeviceStatusStatistics } from '@/api/site';
import { deviceFigures, percentOf, sortSiteRows } from './dev-statistics';

const STATS: DeviceStatusStatistics = {
  statTime: 0,
  boxTotal: 40,
  boxOnline: 37,
  boxOffline: 2,
  boxFault: 1,
  socketTotal: 424,
  socketIdle: 300,
  socketCharging: 80,
  socketFull: 20,
  socketFault: 4,
  socketOffline: 20,
  guardTotal: 0,
  guardOnline: 0,
  gateTotal: 0,
  gateOnline: 0,
  cameraTotal: 0,
  cameraOnline: 0,
  smokeTotal: 0,
  smokeOnline: 0,
  smokeAlarm: 0,
  smokeOffline: 0,
};

describe('设备统计 figures', () => {
  it('count a 故障 box as online and 已充满 sockets as in use over the sockets not offline', () => {
    expect(deviceFigures(STATS)).toEqual({ boxOnline: 38, boxOnlineRate: 95, socketInUse: 100, socketUsageRate: 25 });
    expect(percentOf(1, 0)).toBe(0);
  });

  it('list the sites most offline first, then by name', () => {
    const row = (siteId: number, siteName: string, boxOffline: number) => ({
      siteId,
      siteName,
      boxOffline,
      boxTotal: 5,
      socketIdle: 0,
      socketCharging: 0,
      socketFault: 0,
    });
    expect(sortSiteRows([row(1, '翠苑', 0), row(2, '文新', 2), row(3, '嘉绿苑', 0)]).map((r) => r.siteId)).toEqual([
      2, 1, 3,
    ]);
  });
});
