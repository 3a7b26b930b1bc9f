import { describe, expect, it } from 'vitest';
import type { SiteCount } from '../../src/api/home';
import type { StatisticalOperation } from '../../src/api/mine';
import type { DeviceStatusStatistics, SiteDetail, SiteListPage, SiteRow } from '../../src/api/site';
import { DEMO_PHONES, openSandboxForFile, type DemoAccount } from '../testing';

/**
 * Issue 13 items 1–2: every count a user can compare — the site list's strip, its rows, home's site block and /mine's
 * strip — comes from one definition (sandbox/domain/sites.ts), for every demo account; the list is sorted on the server
 * by the figure its rows show, across pages.
 */

const NOW = Date.parse('2024-05-20T20:00:00+08:00');
const { sb } = openSandboxForFile(NOW);

/** Every row of the site list, read page by page (`pageSize` small to cross page boundaries). */
async function allRows(phone: string, sort: 1 | 2 | 3, pageSize: number): Promise<SiteRow[]> {
  const out: SiteRow[] = [];
  for (let pageNum = 1; pageNum < 50; pageNum++) {
    const page = await sb.data<SiteListPage>(phone, '/api/r9/site/siteList', { pageNum, pageSize, sort });
    out.push(...page.list);
    if (out.length >= page.total || page.list.length === 0) {
      expect(out).toHaveLength(page.total);
      return out;
    }
  }
  throw new Error('site list never ended');
}

const ACCOUNTS = Object.keys(DEMO_PHONES) as DemoAccount[];

describe.each(ACCOUNTS)('the counts of %s', (account) => {
  const phone = DEMO_PHONES[account];

  it('strip, rows, home and /mine agree', async () => {
    const rows = await allRows(phone, 1, 2);
    const own = rows.filter((r) => !r.shareOnly);
    const strip = await sb.data<DeviceStatusStatistics>(phone, '/api/box/getDeviceStatusStatistics');
    const home = await sb.data<SiteCount>(phone, '/api/user/siteCount');
    const mine = await sb.data<StatisticalOperation>(phone, '/api/user/statisticalOperation');
    const sum = (pick: (r: SiteRow) => number) => own.reduce((s, r) => s + pick(r), 0);

    // one set of sites
    expect(own.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      (strip.siteList ?? []).map((s) => s.siteId).sort((a, b) => a - b),
    );
    expect(home.siteCount).toBe(own.length);
    expect(mine.siteCount).toBe(own.length);
    // boxes
    expect(strip.boxTotal).toBe(sum((r) => r.boxCount));
    expect(home.boxCount).toBe(strip.boxTotal);
    expect(mine.boxCount).toBe(strip.boxTotal);
    expect(strip.boxOnline + strip.boxFault).toBe(sum((r) => r.boxOnlineCount));
    expect(home.onlineBoxCount).toBe(strip.boxOnline + strip.boxFault);
    expect(strip.boxOffline).toBe(sum((r) => r.boxOfflineCount));
    expect(home.offlineBoxCount).toBe(strip.boxOffline);
    expect(home.onlineBoxCount + home.offlineBoxCount).toBe(home.boxCount);
    // sockets: every state the total is made of
    expect(strip.socketTotal).toBe(sum((r) => r.socketCount));
    expect(home.socketCount).toBe(strip.socketTotal);
    expect(mine.socketCount).toBe(strip.socketTotal);
    expect(strip.socketCharging + strip.socketFull).toBe(sum((r) => r.chargingSocketCount));
    expect(home.chargingSocketCount).toBe(strip.socketCharging + strip.socketFull);
    expect(home.idleSocketCount + home.chargingSocketCount + home.faultSocketCount + home.offlineSocketCount).toBe(
      home.socketCount,
    );
    expect(home.idleSocketCount).toBe(strip.socketIdle);
    expect(home.faultSocketCount).toBe(strip.socketFault);
    expect(home.offlineSocketCount).toBe(strip.socketOffline);
    expect(strip.smokeAlarm).toBe(sum((r) => r.smokeAlarmCount));
    // the per-site lines of the strip equal the rows
    for (const line of strip.siteList ?? []) {
      const row = own.find((r) => r.id === line.siteId);
      expect(line.boxTotal).toBe(row?.boxCount);
      expect(line.boxOffline).toBe(row?.boxOfflineCount);
      expect(line.socketCharging).toBe(row?.chargingSocketCount);
    }

    // share-only rows: read-only, after the own rows, the caller a party of the rule in force, its share as figure
    const firstShared = rows.findIndex((r) => r.shareOnly);
    if (firstShared >= 0) expect(rows.slice(firstShared).every((r) => r.shareOnly)).toBe(true);
    for (const r of rows.filter((x) => x.shareOnly)) {
      expect(r.editable).toBe(false);
      const detail = await sb.data<SiteDetail>(phone, `/api/site/siteBaseInfo?siteId=${r.id}`);
      expect(detail.todayIncome).toBe(r.todayIncome);
      expect(detail.editable).toBe(false);
    }
  });
});

describe('the demo operator', () => {
  it('has 6 counted sites (40 boxes, 424 sockets) and the agent’s site 7 as a share-only row', async () => {
    const rows = await allRows(DEMO_PHONES.operator, 1, 20);
    expect(rows.filter((r) => !r.shareOnly)).toHaveLength(6);
    expect(rows.filter((r) => r.shareOnly).map((r) => r.name)).toEqual(['西溪花园车棚']);
    const home = await sb.data<SiteCount>(DEMO_PHONES.operator, '/api/user/siteCount');
    expect(home).toMatchObject({ siteCount: 6, boxCount: 40, socketCount: 424 });
    // the agent lists its own site and, read-only, the operator's site 4 where it is a party
    const agent = await allRows(DEMO_PHONES.agent, 1, 20);
    expect(agent.map((r) => [r.id, r.shareOnly])).toEqual([
      [7, false],
      [4, true],
    ]);
  });
});

describe('the default 今日收入 sort', () => {
  it('orders by the figure the rows show, across page boundaries, for every sort', async () => {
    // make today's figures distinct and one of them negative: a refund today of an older order at site 2
    await sb.db.query(
      `insert into order_refund (refund_no, order_id, refund_amount, reason, status, operator_name, create_time,
         finish_time, update_time)
       select 'TKTEST0001', id, amount, '测试退款', 2, '测试', $1, $1, $1 from charge_order
       where site_id = 2 and pay_type in (1, 2) and settle_status = 1 and amount >= 400 order by id limit 1`,
      [NOW - 60_000],
    );
    for (const pageSize of [1, 2, 3]) {
      const byIncome = await allRows(DEMO_PHONES.operator, 1, pageSize);
      const own = byIncome.filter((r) => !r.shareOnly);
      for (let i = 1; i < own.length; i++) {
        const [a, b] = [own[i - 1] as SiteRow, own[i] as SiteRow];
        const [ai, bi] = [a.todayIncome ?? NaN, b.todayIncome ?? NaN];
        expect(ai > bi || (ai === bi && a.id < b.id)).toBe(true);
      }
      expect(own.some((r) => (r.todayIncome ?? NaN) < 0)).toBe(true);
      // each row's figure is the one its site detail shows
      for (const r of byIncome) {
        const detail = await sb.data<SiteDetail>(DEMO_PHONES.operator, `/api/site/siteBaseInfo?siteId=${r.id}`);
        expect(detail.todayIncome).toBe(r.todayIncome);
      }
      const byCreated = (await allRows(DEMO_PHONES.operator, 2, pageSize)).filter((r) => !r.shareOnly);
      expect(byCreated.map((r) => r.createTime)).toEqual([...byCreated.map((r) => r.createTime)].sort((a, b) => b - a));
      const byOffline = (await allRows(DEMO_PHONES.operator, 3, pageSize)).filter((r) => !r.shareOnly);
      expect(byOffline.map((r) => r.boxOfflineCount)).toEqual(
        [...byOffline.map((r) => r.boxOfflineCount)].sort((a, b) => b - a),
      );
    }
  });
});
