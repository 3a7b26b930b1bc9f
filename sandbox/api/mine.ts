import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { Context } from 'hono';
import { z } from 'zod';
import type {
  AlarmNum,
  NoticeListResult,
  NoticeRow,
  PosterImages,
  PosterItem,
  StatisticalOperation,
  WarningTypeCount,
} from '../../src/api/mine';
import type { Scope } from '../http/access';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID, fail, input } from '../http/envelope';
import { touches } from '../http/touch';
import { one, rows, scalar } from '../lib/db';
import { DAY_MS, startOfDayAt } from '../lib/time';
import { countedSiteIds, siteCounts } from '../domain/sites';
import { warningScope } from '../domain/warnings';

/**
 * The personal centre's endpoints (C-mine.md "/mine — 个人中心" Calls; entities.md §88–§92, R1, R2, R12): operating
 * counters, alarm counts, the system-notice list, and promotional posters — plus the sandbox-only drawing of the
 * personalised poster image (GET /__sandbox/poster/{posterId}.svg?accountId=N), which stands in for the real backend's
 * image renderer. Every figure is computed from the database at query time and limited to the caller's data scope.
 */

/** Warning types 1–6 (entities.md §88): 设备离线, 端口故障, 烟雾报警, 温度过高, 功率过载, 门禁异常. */
const WARNING_TYPES = [1, 2, 3, 4, 5, 6] as const;

/** Default customer-service phone printed on a poster when the operator has none (spec §9). */
const DEFAULT_SERVICE_PHONE = '400-800-1234';

/** Account types that may use posters (C-mine.md visibility: 运营商, 代理商, 子账号; never 物业 or 施工人员). */
const POSTER_ACCOUNT_TYPES = [1, 2, 4] as const;

/**
 * Cards counted on /mine (R2.4; the same figure as GET /api/card/cardCount's total): the operator's cards with
 * status ≠ 4; for a sub-account with dataScope 2 only cards bound to one of its sites.
 */
export async function cardTotal(db: PGlite, scope: Scope): Promise<number> {
  if (!scope.limited) {
    return scalar(db, 'select count(*) from card where merchant_id = $1 and status <> 4', [scope.ownerId]);
  }
  return scalar(
    db,
    `select count(*) from card where merchant_id = $1 and status <> 4
     and exists (select 1 from card_site cs where cs.card_id = card.id and cs.site_id = any($2::bigint[]))`,
    [scope.ownerId, await scope.siteIds()],
  );
}

/** A poster on sale (status 1 上架), or BizError(1) naming the id. */
async function posterOnSale(db: PGlite, posterId: number): Promise<PosterRow> {
  const poster = await one<PosterRow>(db, 'select id, title, poster_type, status from poster where id = $1', [
    posterId,
  ]);
  if (!poster || poster.status !== 1) throw new BizError(INVALID, `海报不存在或已下架（posterId ${posterId}）`);
  return poster;
}

interface PosterRow {
  id: number;
  title: string;
  posterType: 1 | 2 | 3;
  status: number;
}

/** Origin of the request (scheme + host), so that image URLs are absolute as the hosts' image viewers need. */
function originOf(c: Context): string {
  return new URL(c.req.url).origin;
}

/** The sandbox URL of a poster personalised for an account. */
function posterImageUrl(origin: string, posterId: number, accountId: number): string {
  return `${origin}/__sandbox/poster/${posterId}.svg?accountId=${accountId}`;
}

const posterIdRule = z.coerce
  .number({ error: '缺少海报 posterId' })
  .int('posterId 须为正整数')
  .positive('posterId 须为正整数');

const noticeQuery = z.object({
  type: z.coerce.number().int().min(1, '消息类型 type 须为1-4').max(4, '消息类型 type 须为1-4').optional(),
  pageNum: z.coerce.number().int('pageNum 须为正整数').min(1, 'pageNum 须为正整数').default(1),
  pageSize: z.coerce
    .number()
    .int('pageSize 须为1-100的整数')
    .min(1, 'pageSize 须为1-100的整数')
    .max(100, 'pageSize 须为1-100的整数')
    .default(20),
});

const posterRecordBody = z.object({
  posterId: z.number({ error: '缺少海报 posterId' }).int('posterId 须为正整数').positive('posterId 须为正整数'),
  action: z.union([z.literal(1), z.literal(2)], { error: 'action 须为1（查看）或2（保存/分享）' }),
});

/**
 * The /mine routes (C-mine.md "/mine — 个人中心" Calls): GET /api/user/statisticalOperation, GET
 * /api/warning/getAlarmNum, GET /api/message/noticeList, GET /api/direct/poster/reportPosterList, GET
 * /api/direct/poster/listPosterImageUrl, POST /api/direct/poster/reportPosterRecord (all behind the token), and the
 * sandbox-only poster image GET /__sandbox/poster/{posterId}.svg?accountId=N. `now` is the sandbox clock (epoch ms).
 */
export function mineRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // GET /api/user/statisticalOperation — the /mine stats strip: the same site/box/socket figures as
  // GET /api/user/siteCount, and the cards of GET /api/card/cardCount (status ≠ 4), in the caller's scope.
  api.get(
    '/api/user/statisticalOperation',
    { permission: 'login', input: z.object({}), touches: touches.sites },
    async ({ scope }) => {
      const counts = await siteCounts(db, await countedSiteIds(db, await scope.siteIds()));
      const data: StatisticalOperation = {
        siteCount: counts.siteCount,
        boxCount: counts.boxCount,
        socketCount: counts.socketCount,
        cardCount: await cardTotal(db, scope),
      };
      return data;
    },
  );

  // GET /api/warning/getAlarmNum — unrecovered (status 0), today's (since 00:00 Asia/Shanghai) and per-type counts.
  api.get(
    '/api/warning/getAlarmNum',
    { permission: 'message', input: z.object({}), touches: touches.sites },
    async ({ scope }) => {
      const { where, params } = await warningScope(scope);
      const today = startOfDayAt(now());
      const n = params.length;
      const totals = await one<{ unrecovered: number; today: number }>(
        db,
        `select count(*) filter (where status = 0)::int as unrecovered,
              count(*) filter (where warning_time >= $${n + 1} and warning_time < $${n + 2})::int as today
       from warning_record where ${where}`,
        [...params, today, today + DAY_MS],
      );
      const perType = await rows<WarningTypeCount>(
        db,
        `select warning_type, count(*)::int as count from warning_record where ${where} group by warning_type`,
        params,
      );
      const data: AlarmNum = {
        unrecoveredCount: totals?.unrecovered ?? 0,
        todayCount: totals?.today ?? 0,
        typeCounts: WARNING_TYPES.map((warningType) => ({
          warningType,
          count: perType.find((r) => r.warningType === warningType)?.count ?? 0,
        })),
      };
      return data;
    },
  );

  // GET /api/message/noticeList — published notices (status 1), newest first, with the caller's read flag; unreadCount
  // counts every published notice the caller has not read (whatever the type filter).
  api.get(
    '/api/message/noticeList',
    { permission: 'message', input: noticeQuery, touches: touches.self },
    async ({ caller, input: query }) => {
      const accountId = caller.account.id;
      const typeFilter = query.type === undefined ? '' : 'and n.type = $2';
      const filterParams: unknown[] = query.type === undefined ? [accountId] : [accountId, query.type];
      const p = filterParams.length;
      const list = await rows<NoticeRow>(
        db,
        `select n.id, n.type, n.title, n.summary, n.cover_url, n.publish_time,
              (exists (select 1 from notice_read r where r.notice_id = n.id and r.account_id = $1))::int as read
       from notice n where n.status = 1 ${typeFilter}
       order by n.publish_time desc, n.id desc limit $${p + 1} offset $${p + 2}`,
        [...filterParams, query.pageSize, (query.pageNum - 1) * query.pageSize],
      );
      const total =
        query.type === undefined
          ? await scalar(db, 'select count(*) from notice where status = 1')
          : await scalar(db, 'select count(*) from notice where status = 1 and type = $1', [query.type]);
      const unreadCount = await scalar(
        db,
        `select count(*) from notice n where n.status = 1
       and not exists (select 1 from notice_read r where r.notice_id = n.id and r.account_id = $1)`,
        [accountId],
      );
      const data: NoticeListResult = { list, total, unreadCount };
      return data;
    },
  );

  // GET /api/direct/poster/reportPosterList — posters on sale (status 1) by sort. The sandbox has no image files, so
  // each thumbnail is the poster drawn for the caller by the sandbox itself.
  api.get(
    '/api/direct/poster/reportPosterList',
    { permission: 'login', accountTypes: POSTER_ACCOUNT_TYPES, input: z.object({}), touches: touches.self },
    async ({ c, caller }) => {
      const origin = originOf(c);
      const posters = await rows<PosterRow>(
        db,
        'select id, title, poster_type, status from poster where status = 1 order by sort, id',
      );
      const data: PosterItem[] = posters.map((p) => ({
        posterId: p.id,
        title: p.title,
        thumbUrl: posterImageUrl(origin, p.id, caller.account.id),
        posterType: p.posterType,
      }));
      return data;
    },
  );

  // GET /api/direct/poster/listPosterImageUrl — the poster personalised with the operator's service phone and QR.
  api.get(
    '/api/direct/poster/listPosterImageUrl',
    {
      permission: 'login',
      accountTypes: POSTER_ACCOUNT_TYPES,
      input: z.object({ posterId: posterIdRule }),
      touches: touches.self,
    },
    async ({ c, caller, input: { posterId } }) => {
      await posterOnSale(db, posterId);
      const data: PosterImages = { imageUrls: [posterImageUrl(originOf(c), posterId, caller.account.id)] };
      return data;
    },
  );

  // POST /api/direct/poster/reportPosterRecord — one PosterRecord row (action 1 查看, 2 保存/分享).
  api.post(
    '/api/direct/poster/reportPosterRecord',
    { permission: 'login', accountTypes: POSTER_ACCOUNT_TYPES, input: posterRecordBody, touches: touches.self },
    async ({ caller, input: body }) => {
      await posterOnSale(db, body.posterId);
      const at = now();
      await db.query(
        `insert into poster_record (poster_id, account_id, action, create_time, update_time) values ($1, $2, $3, $4, $4)`,
        [body.posterId, caller.account.id, body.action, at],
      );
      return null;
    },
  );

  // GET /__sandbox/poster/{posterId}.svg?accountId=N — sandbox-only: draws the personalised poster (title, the
  // operator's name and service phone, a QR-like pattern unique to poster and account). No token: image viewers of
  // the hosts load it without the app's headers.
  api.app.get('/__sandbox/poster/:file{[0-9]+\\.svg}', async (c) => {
    const posterId = Number(c.req.param('file').replace(/\.svg$/, ''));
    const { accountId } = await input(
      c,
      z.object({
        accountId: z.coerce.number().int('accountId 须为正整数').positive('accountId 须为正整数').optional(),
      }),
    );
    const poster = await one<PosterRow>(db, 'select id, title, poster_type, status from poster where id = $1', [
      posterId,
    ]);
    if (!poster) return fail(c, 404, `海报不存在（posterId ${posterId}）`, 404);
    const owner = accountId === undefined ? null : await posterOwner(db, accountId);
    if (accountId !== undefined && !owner) return fail(c, 404, `账号不存在（accountId ${accountId}）`, 404);
    const svg = renderPoster(poster, owner, accountId ?? 0);
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'no-cache' });
  });

  return api.app;
}

/** What a poster prints about the operator behind an account. */
interface PosterOwner {
  name: string;
  servicePhone: string;
  inviteCode: string | null;
}

/** The operator (main account) of an account: for a sub-account or builder its mainAccountId, else itself. */
async function posterOwner(db: PGlite, accountId: number): Promise<PosterOwner | null> {
  const row = await one<{ name: string; shortName: string; servicePhone: string; inviteCode: string | null }>(
    db,
    `select m.name, m.short_name, coalesce(nullif(m.service_phone, ''), a.service_phone) as service_phone, m.invite_code
     from account a join account m on m.id = case when a.account_type in (4, 5) then a.main_account_id else a.id end
     where a.id = $1`,
    [accountId],
  );
  if (!row) return null;
  return {
    name: row.shortName || row.name,
    servicePhone: row.servicePhone || DEFAULT_SERVICE_PHONE,
    inviteCode: row.inviteCode,
  };
}

/** Escapes text for SVG/XML content and attributes. */
function xml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Looks of the three poster types (1 招商海报, 2 扫码充电引导, 3 办卡活动). */
const POSTER_LOOKS: Record<1 | 2 | 3, { from: string; to: string; tag: string; lines: string[]; qrHint: string }> = {
  1: {
    from: '#0b57d0',
    to: '#4096ff',
    tag: '招商合作',
    lines: ['零投入建站 · 智能设备 · 收益随时提现', '小区、园区、车棚均可合作'],
    qrHint: '扫码了解合作详情',
  },
  2: {
    from: '#00a870',
    to: '#36cfc9',
    tag: '扫码充电',
    lines: ['① 扫描插座上的二维码', '② 选择充电时长并支付', '③ 插好插头，自动通电'],
    qrHint: '微信 / 支付宝扫码充电',
  },
  3: {
    from: '#d4380d',
    to: '#fa8c16',
    tag: '办卡有礼',
    lines: ['储值卡、月卡在线办理', '充值享赠送，充电更划算'],
    qrHint: '扫码办卡充值',
  },
};

/**
 * A 25×25 QR-like module pattern (three finder squares and pseudo-random data modules derived from poster and
 * account), as one SVG path. It is a picture, not a decodable code: the real backend renders a real QR code.
 */
function qrPath(seed: string, x: number, y: number, cell: number): string {
  const size = 25;
  let bits = '';
  for (let round = 0; bits.length < size * size; round += 1) {
    const digest = createHash('sha256').update(`${seed}:${round}`).digest();
    for (const byte of digest) bits += byte.toString(2).padStart(8, '0');
  }
  const finder = (r: number, c: number): boolean | null => {
    for (const [fr, fc] of [
      [0, 0],
      [0, size - 7],
      [size - 7, 0],
    ] as const) {
      const dr = r - fr;
      const dc = c - fc;
      if (dr >= -1 && dr <= 7 && dc >= -1 && dc <= 7) {
        if (dr < 0 || dr > 6 || dc < 0 || dc > 6) return false;
        const ring = Math.min(dr, dc, 6 - dr, 6 - dc);
        return ring !== 1;
      }
    }
    return null;
  };
  let d = '';
  for (let r = 0; r < size; r += 1) {
    for (let c = 0; c < size; c += 1) {
      const fixed = finder(r, c);
      const dark = fixed ?? bits[r * size + c] === '1';
      if (dark) d += `M${x + c * cell} ${y + r * cell}h${cell}v${cell}h-${cell}z`;
    }
  }
  return d;
}

/** Draws a poster (750×1334, a phone screen) as SVG text. */
function renderPoster(poster: PosterRow, owner: PosterOwner | null, accountId: number): string {
  const look = POSTER_LOOKS[poster.posterType];
  const phone = owner?.servicePhone ?? DEFAULT_SERVICE_PHONE;
  const name = owner?.name ?? '充电运营服务商';
  const invite = poster.posterType === 1 && owner?.inviteCode ? `邀请码 ${owner.inviteCode}` : '';
  const qr = qrPath(`${poster.id}:${accountId}`, 255, 820, 10);
  const lines = look.lines
    .map((line, i) => `<text x="375" y="${470 + i * 56}" class="line">${xml(line)}</text>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="750" height="1334" viewBox="0 0 750 1334">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${look.from}"/><stop offset="1" stop-color="${look.to}"/></linearGradient>
<style>text{font-family:'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;text-anchor:middle}.tag{font-size:30px;fill:${look.from};font-weight:600}.title{font-size:60px;fill:#fff;font-weight:700}.line{font-size:32px;fill:#fff}.dark{fill:#1f1f1f}.muted{fill:#8c8c8c}</style></defs>
<rect width="750" height="1334" fill="url(#bg)"/>
<circle cx="660" cy="120" r="180" fill="#fff" fill-opacity="0.08"/><circle cx="80" cy="420" r="120" fill="#fff" fill-opacity="0.06"/>
<rect x="275" y="150" width="200" height="56" rx="28" fill="#fff"/><text x="375" y="189" class="tag">${xml(look.tag)}</text>
<text x="375" y="360" class="title">${xml(poster.title)}</text>
${lines}
<rect x="75" y="740" width="600" height="520" rx="24" fill="#fff"/>
<rect x="245" y="810" width="270" height="270" fill="#fff"/>
<path d="${qr}" class="dark"/>
<text x="375" y="1125" font-size="28" class="muted">${xml(look.qrHint)}</text>
<text x="375" y="1180" font-size="32" class="dark" font-weight="600">${xml(name)}</text>
<text x="375" y="1226" font-size="28" class="dark">客服电话 ${xml(phone)}${invite ? ` · ${xml(invite)}` : ''}</text>
</svg>`;
}
