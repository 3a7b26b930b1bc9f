import { describe, expect, it } from 'vitest';
import type { ParkingPage } from '../../src/api/parking';
import { one, scalar } from '../lib/db';
import { openSandboxForFile } from '../testing';

/**
 * Parking records (C-mine.md /mine/parkingRecord/parkingList; Business rule 1): the gated sites and car types, records
 * of a date range with Σ fee equal to the stored rows, filters by site, status and plate, the range rule, and no
 * access without the `parking` code.
 */
const NOW = Date.parse('2026-11-20T20:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'property']);

const records = (query: Record<string, string | number>) =>
  sb.get<ParkingPage>('/api/site/parkingRecords', tokens.operator, { pageNum: 1, pageSize: 20, ...query });

describe('parking records', () => {
  it('lists the gated sites, the car types and the records of a range with their fee sum', async () => {
    const sites = (await sb.get<{ siteId: number }[]>('/api/site/querySiteParkingRuleList', tokens.operator)).body.data;
    expect(sites.length).toBeGreaterThan(0);
    const types = (await sb.get<{ carTypeId: number; name: string }[]>('/api/site/getCarTypeList', tokens.operator))
      .body.data;
    expect(types.map((t) => t.name)).toContain('电动自行车');

    const range = { startDate: '2026-10-22', endDate: '2026-11-20' };
    const page = (await records(range)).body.data;
    const from = Date.parse('2026-10-22T00:00:00+08:00');
    const to = Date.parse('2026-11-21T00:00:00+08:00');
    const stored = await one<{ n: number; fee: number }>(
      sb.db,
      `select count(*)::int as n, coalesce(sum(fee), 0)::int as fee from parking_record p join site s on s.id = p.site_id
       where s.operator_id = 10001 and p.entry_time >= $1 and p.entry_time < $2`,
      [from, to],
    );
    expect(page.total).toBe(stored?.n);
    expect(page.totalFee).toBe(stored?.fee);
    expect(page.total).toBeGreaterThan(0);

    const first = page.list[0];
    if (!first) throw new Error('records exist');
    const site = sites[0]?.siteId as number;
    const bySite = (await records({ ...range, siteId: site })).body.data;
    expect(bySite.total).toBe(
      await scalar(
        sb.db,
        'select count(*) from parking_record where site_id = $1 and entry_time >= $2 and entry_time < $3',
        [site, from, to],
      ),
    );
    const inLot = (await records({ ...range, status: 1 })).body.data;
    expect(inLot.list.every((r) => r.status === 1 && r.exitTime === null)).toBe(true);
    const plate = page.list.find((r) => r.plateNo)?.plateNo;
    if (plate) {
      const byPlate = (await records({ ...range, keyword: plate.slice(-4) })).body.data;
      expect(byPlate.list.some((r) => r.plateNo === plate)).toBe(true);
    }
  });

  it('keeps the range rule and refuses accounts without the parking code', async () => {
    expect((await records({ startDate: '2026-11-20', endDate: '2026-11-19' })).body.message).toBe(
      '开始日期不能晚于结束日期',
    );
    expect((await records({ startDate: '2026-06-01', endDate: '2026-11-19' })).body.message).toBe(
      '查询时间跨度不能超过3个月',
    );
    const refused = await sb.get('/api/site/parkingRecords', tokens.property, {
      startDate: '2026-11-20',
      endDate: '2026-11-20',
    });
    expect(refused.body).toMatchObject({ code: 403, message: '无操作权限' });
  });
});
