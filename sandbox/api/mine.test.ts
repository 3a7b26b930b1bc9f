import { describe, expect, it } from 'vitest';
import { DEMO_PHONES, openSandboxForFile } from '../testing';
import type { CardCount, SiteCount } from '../../src/api/home';
import type { AlarmNum, NoticeListResult, PosterImages, PosterItem, StatisticalOperation } from '../../src/api/mine';
import { scalar } from '../lib/db';
import { startOfDayAt } from '../lib/time';

/**
 * The personal centre's endpoints (C-mine.md "/mine — 个人中心" Calls) through the sandbox app over the seeded demo
 * world with a fixed clock: the stats strip equals the home figures (operator, scoped sub-account, property), alarm
 * counts, notice pagination and unread flags per account, the poster flow down to the served SVG and the recorded
 * view, permissions, and validation errors answered HTTP 200 with a non-zero code and a message.
 */

const NOW = Date.parse('2024-05-20T15:30:00+08:00');

const { operator: OPERATOR, property: PROPERTY, subAccount: SUB_ACCOUNT, builder: BUILDER } = DEMO_PHONES;
const OPERATOR_ID = 10001;

const { sb } = openSandboxForFile(NOW);

/** Expects a business/validation failure: HTTP 200, the code, and a non-empty message. */
async function failure(phone: string, url: string, code: number, body?: unknown): Promise<string> {
  const answer = await sb.call<null>(phone, url, body);
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(code);
  expect(answer.body.message.length).toBeGreaterThan(0);
  expect(answer.body.data).toBeNull();
  return answer.body.message;
}

describe('GET /api/user/statisticalOperation', () => {
  it('equals the home figures of the operator (siteCount, cardCount total)', async () => {
    const stats = await sb.data<StatisticalOperation>(OPERATOR, '/api/user/statisticalOperation');
    const home = await sb.data<SiteCount>(OPERATOR, '/api/user/siteCount');
    const cards = await sb.data<CardCount>(OPERATOR, '/api/card/cardCount');
    expect(stats).toEqual({
      siteCount: home.siteCount,
      boxCount: home.boxCount,
      socketCount: home.socketCount,
      cardCount: cards.total,
    });
    // the demo world: 40 charging boxes with 424 sockets on sites 1–5
    expect(stats.boxCount).toBe(40);
    expect(stats.socketCount).toBe(424);
    expect(stats.cardCount).toBe(
      await scalar(sb.db, 'select count(*) from card where merchant_id = $1 and status <> 4', [OPERATOR_ID]),
    );
    expect(stats.cardCount).toBeGreaterThan(0);
  });

  it('is scoped for the sub-account with dataScope 2 (sites 1 and 2)', async () => {
    const stats = await sb.data<StatisticalOperation>(SUB_ACCOUNT, '/api/user/statisticalOperation');
    const home = await sb.data<SiteCount>(SUB_ACCOUNT, '/api/user/siteCount');
    const cards = await sb.data<CardCount>(SUB_ACCOUNT, '/api/card/cardCount');
    expect(stats).toEqual({
      siteCount: home.siteCount,
      boxCount: home.boxCount,
      socketCount: home.socketCount,
      cardCount: cards.total,
    });
    expect(stats.siteCount).toBe(2);
    expect(stats.boxCount).toBe(
      await scalar(sb.db, 'select count(*) from device where site_id in (1, 2) and device_type between 1 and 3'),
    );
    expect(stats.cardCount).toBe(
      await scalar(
        sb.db,
        `select count(*) from card c where c.merchant_id = $1 and c.status <> 4
         and exists (select 1 from card_site cs where cs.card_id = c.id and cs.site_id in (1, 2))`,
        [OPERATOR_ID],
      ),
    );
    const operator = await sb.data<StatisticalOperation>(OPERATOR, '/api/user/statisticalOperation');
    expect(stats.cardCount).toBeLessThan(operator.cardCount);
  });

  it('shows a property the sites linked to it', async () => {
    const stats = await sb.data<StatisticalOperation>(PROPERTY, '/api/user/statisticalOperation');
    const home = await sb.data<SiteCount>(PROPERTY, '/api/user/siteCount');
    expect(stats.siteCount).toBe(home.siteCount);
    expect(stats.boxCount).toBe(home.boxCount);
    expect(stats.socketCount).toBe(home.socketCount);
    expect(stats.cardCount).toBe(0);
  });

  it('answers code 2 without a token', async () => {
    const { status, body } = await sb.get<null>('/api/user/statisticalOperation', null);
    expect(status).toBe(200);
    expect(body.code).toBe(2);
  });
});

describe('GET /api/warning/getAlarmNum', () => {
  it('counts the operator’s unrecovered, today’s and per-type warnings', async () => {
    const alarms = await sb.data<AlarmNum>(OPERATOR, '/api/warning/getAlarmNum');
    expect(alarms.unrecoveredCount).toBe(
      await scalar(sb.db, 'select count(*) from warning_record where merchant_id = $1 and status = 0', [OPERATOR_ID]),
    );
    expect(alarms.unrecoveredCount).toBe(5);
    const today = startOfDayAt(NOW);
    expect(alarms.todayCount).toBe(
      await scalar(sb.db, 'select count(*) from warning_record where merchant_id = $1 and warning_time >= $2', [
        OPERATOR_ID,
        today,
      ]),
    );
    expect(alarms.typeCounts.map((t) => t.warningType)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(alarms.typeCounts.reduce((s, t) => s + t.count, 0)).toBe(
      await scalar(sb.db, 'select count(*) from warning_record where merchant_id = $1', [OPERATOR_ID]),
    );
  });

  it('counts a new warning of today and its recovery', async () => {
    const before = await sb.data<AlarmNum>(OPERATOR, '/api/warning/getAlarmNum');
    await sb.db.query(
      `insert into warning_record (merchant_id, site_id, site_name, device_type, serial_number, warning_type, level,
         content, warning_time, status, create_time, update_time)
       values ($1, 1, '翠苑一区3栋车棚', 1, 'TEST000001', 5, 1, '插座功率超过1000W，已自动断电', $2, 0, $2, $2)`,
      [OPERATOR_ID, NOW - 60_000],
    );
    const after = await sb.data<AlarmNum>(OPERATOR, '/api/warning/getAlarmNum');
    expect(after.unrecoveredCount).toBe(before.unrecoveredCount + 1);
    expect(after.todayCount).toBe(before.todayCount + 1);
    const overload = (a: AlarmNum) => a.typeCounts.find((t) => t.warningType === 5)?.count ?? 0;
    expect(overload(after)).toBe(overload(before) + 1);
    await sb.db.query("update warning_record set status = 1, recover_time = $1 where serial_number = 'TEST000001'", [
      NOW,
    ]);
    const recovered = await sb.data<AlarmNum>(OPERATOR, '/api/warning/getAlarmNum');
    expect(recovered.unrecoveredCount).toBe(before.unrecoveredCount);
    expect(recovered.todayCount).toBe(before.todayCount + 1);
  });

  it('limits the sub-account to its sites', async () => {
    const alarms = await sb.data<AlarmNum>(SUB_ACCOUNT, '/api/warning/getAlarmNum');
    expect(alarms.unrecoveredCount).toBe(
      await scalar(
        sb.db,
        'select count(*) from warning_record where merchant_id = $1 and status = 0 and site_id in (1, 2)',
        [OPERATOR_ID],
      ),
    );
    expect(alarms.typeCounts.reduce((s, t) => s + t.count, 0)).toBe(
      await scalar(sb.db, 'select count(*) from warning_record where merchant_id = $1 and site_id in (1, 2)', [
        OPERATOR_ID,
      ]),
    );
  });

  it('refuses a builder (no message permission) with code 403', async () => {
    expect(await failure(BUILDER, '/api/warning/getAlarmNum', 403)).toBe('无操作权限');
  });
});

describe('GET /api/message/noticeList', () => {
  it('pages published notices newest first with the caller’s read flags and unreadCount', async () => {
    const pages: NoticeListResult[] = [];
    for (let pageNum = 1; pageNum <= 3; pageNum += 1) {
      pages.push(await sb.data<NoticeListResult>(OPERATOR, `/api/message/noticeList?pageNum=${pageNum}&pageSize=3`));
    }
    expect(pages.map((p) => p.list.length)).toEqual([3, 3, 2]);
    for (const page of pages) {
      expect(page.total).toBe(8);
      expect(page.unreadCount).toBe(3);
    }
    const all = pages.flatMap((p) => p.list);
    expect(new Set(all.map((n) => n.id)).size).toBe(8);
    const times = all.map((n) => n.publishTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.filter((n) => n.read === 0)).toHaveLength(3);
    const first = all[0];
    expect(first).toMatchObject({ id: expect.any(Number), type: expect.any(Number), title: expect.any(String) });
    expect(first && 'content' in first).toBe(false);
    const beyond = await sb.data<NoticeListResult>(OPERATOR, '/api/message/noticeList?pageNum=4&pageSize=3');
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(8);
  });

  it('filters by type and keeps unreadCount over all notices', async () => {
    const list = await sb.data<NoticeListResult>(OPERATOR, '/api/message/noticeList?type=2&pageNum=1&pageSize=20');
    expect(list.total).toBe(await scalar(sb.db, 'select count(*) from notice where status = 1 and type = 2'));
    expect(list.list.every((n) => n.type === 2)).toBe(true);
    expect(list.unreadCount).toBe(3);
  });

  it('keeps read flags per account and hides withdrawn notices', async () => {
    const sub = await sb.data<NoticeListResult>(SUB_ACCOUNT, '/api/message/noticeList?pageNum=1&pageSize=1');
    expect(sub.list).toHaveLength(1);
    expect(sub.unreadCount).toBe(8);
    const unread = (
      await sb.data<NoticeListResult>(OPERATOR, '/api/message/noticeList?pageNum=1&pageSize=20')
    ).list.find((n) => n.read === 0);
    expect(unread).toBeDefined();
    await sb.db.query(
      'insert into notice_read (notice_id, account_id, read_time, create_time, update_time) values ($1, $2, $3, $3, $3)',
      [unread?.id, OPERATOR_ID, NOW],
    );
    const afterRead = await sb.data<NoticeListResult>(OPERATOR, '/api/message/noticeList?pageNum=1&pageSize=20');
    expect(afterRead.unreadCount).toBe(2);
    expect(afterRead.list.find((n) => n.id === unread?.id)?.read).toBe(1);
    expect(
      (await sb.data<NoticeListResult>(SUB_ACCOUNT, '/api/message/noticeList?pageNum=1&pageSize=1')).unreadCount,
    ).toBe(8);
    await sb.db.query('update notice set status = 2 where id = $1', [unread?.id]);
    const afterWithdraw = await sb.data<NoticeListResult>(SUB_ACCOUNT, '/api/message/noticeList?pageNum=1&pageSize=20');
    expect(afterWithdraw.total).toBe(7);
    expect(afterWithdraw.unreadCount).toBe(7);
    expect(afterWithdraw.list.some((n) => n.id === unread?.id)).toBe(false);
    await sb.db.query('update notice set status = 1 where id = $1', [unread?.id]);
  });

  it('answers validation errors with HTTP 200, code 1 and a message', async () => {
    await failure(OPERATOR, '/api/message/noticeList?pageNum=0&pageSize=20', 1);
    await failure(OPERATOR, '/api/message/noticeList?pageNum=1&pageSize=101', 1);
    await failure(OPERATOR, '/api/message/noticeList?pageNum=abc&pageSize=20', 1);
    expect(await failure(OPERATOR, '/api/message/noticeList?type=9&pageNum=1&pageSize=20', 1)).toContain('type');
  });
});

describe('posters', () => {
  it('lists, personalises, serves the SVG and records a view', async () => {
    const posters = await sb.data<PosterItem[]>(OPERATOR, '/api/direct/poster/reportPosterList');
    expect(posters.map((p) => p.title)).toEqual(['小区充电站招商合作', '扫码充电指引', '办卡充值送优惠']);
    expect(posters.map((p) => p.posterType)).toEqual([1, 2, 3]);
    const first = posters[0];
    if (!first) throw new Error('no poster');
    expect(first.thumbUrl).toMatch(/^https?:\/\/[^/]+\/__sandbox\/poster\/1\.svg\?accountId=10001$/);

    const { imageUrls } = await sb.data<PosterImages>(
      OPERATOR,
      `/api/direct/poster/listPosterImageUrl?posterId=${first.posterId}`,
    );
    expect(imageUrls).toHaveLength(1);
    const url = new URL(imageUrls[0] ?? '');
    expect(url.pathname).toBe('/__sandbox/poster/1.svg');
    expect(url.searchParams.get('accountId')).toBe(String(OPERATOR_ID));

    const image = await sb.app.request(`${url.pathname}${url.search}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await image.text();
    expect(svg).toContain('<svg');
    expect(svg).toContain('小区充电站招商合作');
    expect(svg).toContain('400-800-1234');
    expect(svg).toContain('YC8888');

    const count = () =>
      scalar(sb.db, 'select count(*) from poster_record where poster_id = $1 and account_id = $2 and action = 1', [
        first.posterId,
        OPERATOR_ID,
      ]);
    const before = await count();
    expect(
      await sb.data<null>(OPERATOR, '/api/direct/poster/reportPosterRecord', { posterId: first.posterId, action: 1 }),
    ).toBeNull();
    expect(await count()).toBe(before + 1);
    const row = await sb.db.query<{ create_time: number }>(
      'select create_time from poster_record where poster_id = $1 and account_id = $2 order by id desc limit 1',
      [first.posterId, OPERATOR_ID],
    );
    expect(row.rows[0]?.create_time).toBe(NOW);
  });

  it('personalises a sub-account’s poster with its operator', async () => {
    const { imageUrls } = await sb.data<PosterImages>(SUB_ACCOUNT, '/api/direct/poster/listPosterImageUrl?posterId=2');
    const url = new URL(imageUrls[0] ?? '');
    expect(url.searchParams.get('accountId')).toBe('10005');
    const svg = await (await sb.app.request(`${url.pathname}${url.search}`)).text();
    expect(svg).toContain('扫码充电指引');
    expect(svg).toContain('400-800-1234');
  });

  it('hides posters taken off sale', async () => {
    await sb.db.query('update poster set status = 2 where id = 3');
    const posters = await sb.data<PosterItem[]>(OPERATOR, '/api/direct/poster/reportPosterList');
    expect(posters.map((p) => p.posterId)).toEqual([1, 2]);
    expect(await failure(OPERATOR, '/api/direct/poster/listPosterImageUrl?posterId=3', 1)).toContain('海报不存在');
    await sb.db.query('update poster set status = 1 where id = 3');
  });

  it('answers an unknown poster and invalid input with code 1 and a clear message', async () => {
    expect(await failure(OPERATOR, '/api/direct/poster/listPosterImageUrl?posterId=999', 1)).toContain('海报不存在');
    expect(await failure(OPERATOR, '/api/direct/poster/reportPosterRecord', 1, { posterId: 999, action: 1 })).toContain(
      '海报不存在',
    );
    await failure(OPERATOR, '/api/direct/poster/listPosterImageUrl', 1);
    await failure(OPERATOR, '/api/direct/poster/listPosterImageUrl?posterId=abc', 1);
    expect(await failure(OPERATOR, '/api/direct/poster/reportPosterRecord', 1, { posterId: 1, action: 3 })).toContain(
      'action',
    );
    await failure(OPERATOR, '/api/direct/poster/reportPosterRecord', 1, { action: 1 });
    await failure(OPERATOR, '/api/direct/poster/reportPosterRecord', 1, { posterId: '1', action: 1 });
    const image = await sb.app.request('/__sandbox/poster/999.svg');
    expect(image.status).toBe(404);
  });

  it('refuses a property and a builder with code 403', async () => {
    expect(await failure(PROPERTY, '/api/direct/poster/reportPosterList', 403)).toBe('无操作权限');
    expect(await failure(BUILDER, '/api/direct/poster/listPosterImageUrl?posterId=1', 403)).toBe('无操作权限');
  });
});
