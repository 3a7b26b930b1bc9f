import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/http';
import type { DealtApplyDetail, SiteApplyDetail, SiteApplyRow } from '../../src/api/site-author';
import { SITE_AUTHOR_MESSAGES, SITE_APPLY_TTL_MS, authEndOf } from '../../src/api/site-author-rules';
import type { CommercialInfo } from '../../src/api/user';
import { scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * Site authorisation (C-mine.md /mine/siteAuthor …/authorizeDetail; Business rule 16; entities.md §14–§16) through the
 * sandbox's HTTP interface over the demo world: an application filed by a partner (sandbox control) is pending in the
 * lists and the counts, is agreed for chosen sites (granted, authorisation for validMonths calendar months, the
 * partner's access follows) or rejected with a reason, once; it expires 7 days after it was made on the business clock
 * (read so at once, written 已过期 by the 00:00 job) and is final then; and it is reached only by its operator's people
 * holding siteAuthor.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { operator: OPERATOR, agent: AGENT, property: PROPERTY, subAccount: SUB, splitOperator: OTHER } = DEMO_PHONES;
const { sb } = openSandboxForFile(NOW);

/** A fresh application of partner 2 to the account of `phone` for `siteIds`, through the control; answers its id. */
async function file(
  phone: string = OPERATOR,
  siteIds?: number[],
  validMonths = 12,
): Promise<{ id: number; expireTime: number }> {
  const res = await sb.app.request('/__sandbox/site-apply', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, partnerId: 2, scopes: [1, 2, 3], validMonths, ...(siteIds ? { siteIds } : {}) }),
  });
  const body = (await res.json()) as { code: number; message: string; data: { id: number; expireTime: number } };
  expect(body.code, body.message).toBe(0);
  return body.data;
}

/** The partner's current access (control): the sites granted to it now. */
async function access(partnerId = 2): Promise<{ siteId: number; scopes: number[]; authEndTime: number }[]> {
  const res = await sb.app.request(`/__sandbox/open-platform/access?partnerId=${partnerId}`);
  return ((await res.json()) as { data: { sites: { siteId: number; scopes: number[]; authEndTime: number }[] } }).data
    .sites;
}

const pendingCount = async (phone: string = OPERATOR) =>
  (await sb.data<{ count: number }>(phone, '/api/openPlatform/getUndealSiteApplyCount')).count;
const list = (phone: string, tab: 1 | 2, extra = '') =>
  sb.data<Page<SiteApplyRow>>(phone, `/api/openPlatform/getSiteApplies?tab=${tab}&pageNum=1&pageSize=50${extra}`);
const detail = (id: number, phone: string = OPERATOR) =>
  sb.data<SiteApplyDetail>(phone, `/api/openPlatform/getSiteApplyDetail?id=${id}`);
const deal = (body: Record<string, unknown>, phone: string = OPERATOR) =>
  sb.call<{ status: number; authEndTime?: number }>(phone, '/api/openPlatform/dealSiteApply', body);
const statusOf = (id: number) => scalar(sb.db, 'select status from site_apply where id = $1', [id]);

describe('site applications (rule 16)', () => {
  it('the demo operator has 2 pending applications, counted alike by the badge, the banner and the 待处理 tab', async () => {
    const info = await sb.data<CommercialInfo>(OPERATOR, '/api/user/getCommercialInfo');
    const pending = await list(OPERATOR, 1);
    expect(pending.total).toBe(2);
    expect(await pendingCount()).toBe(2);
    expect(info.accreditCount).toBe(2);
  });

  it('agreeing grants the chosen sites for validMonths calendar months, once; the partner’s access follows', async () => {
    const before = await pendingCount();
    const { id } = await file(OPERATOR, [1, 3, 4], 6);
    expect(await pendingCount()).toBe(before + 1);
    expect((await sb.data<CommercialInfo>(OPERATOR, '/api/user/getCommercialInfo')).accreditCount).toBe(before + 1);
    const shown = await detail(id);
    expect(shown).toMatchObject({ id, status: 0, scopes: [1, 2, 3], validMonths: 6, purpose: '接入站点数据' });
    expect(shown.partner).toMatchObject({ name: '快电互联', type: 1, company: '浙江快电互联科技有限公司' });
    expect(shown.sites.map((s) => s.siteId)).toEqual([1, 3, 4]);
    const sockets = await scalar(
      sb.db,
      `select count(*) from charger c join device d on d.id = c.device_id where d.site_id = 1 and d.device_type between 1 and 3`,
    );
    expect(shown.sites[0]?.socketCount).toBe(sockets);
    const row = (await list(OPERATOR, 1)).list.find((r) => r.id === id);
    expect(row).toMatchObject({
      siteCount: 3,
      partnerName: '快电互联',
      status: 0,
      expireTime: NOW + SITE_APPLY_TTL_MS,
    });

    const grantedBefore = (await access()).map((s) => s.siteId);
    const answer = await deal({ applyId: id, result: 1, siteIds: [1, 4], remark: '' });
    expect(answer.body.code, answer.body.message).toBe(0);
    expect(answer.body.data).toEqual({ status: 1, authEndTime: authEndOf(NOW, 6) });
    // 2026-11-20 10:00 + 6 months = 2027-05-20 10:00 (Asia/Shanghai).
    expect(answer.body.data.authEndTime).toBe(Date.parse('2027-05-20T10:00:00+08:00'));

    const dealt = await sb.data<DealtApplyDetail>(OPERATOR, `/api/openPlatform/getDealtAppDetail?id=${id}`);
    expect(dealt).toMatchObject({ status: 1, dealTime: NOW, authStartTime: NOW, authEndTime: authEndOf(NOW, 6) });
    expect(dealt.dealerName).toBeTruthy();
    expect(dealt.sites.map((s) => [s.siteId, s.granted])).toEqual([
      [1, true],
      [3, false],
      [4, true],
    ]);
    expect(await pendingCount()).toBe(before);
    const processed = (await list(OPERATOR, 2, '&status=1')).list.find((r) => r.id === id);
    expect(processed).toMatchObject({ status: 1, grantedSiteCount: 2, siteCount: 3 });
    // The site profile's "已授权N个平台" reads the agreed applications granting the site: site 4 gains this one.
    expect((await list(OPERATOR, 2, '&status=1&siteId=4')).list.map((r) => r.id)).toContain(id);
    expect((await list(OPERATOR, 2, '&status=1&siteId=3')).list.map((r) => r.id)).not.toContain(id);

    const after = await access();
    expect(grantedBefore).toEqual([]);
    expect(after.map((s) => s.siteId)).toEqual([1, 4]);
    expect(after.every((s) => s.scopes.join() === '1,2,3' && s.authEndTime === authEndOf(NOW, 6))).toBe(true);

    // Final: neither a second agreement nor a rejection moves it.
    const again = await deal({ applyId: id, result: 2, siteIds: [], remark: '重复处理' });
    expect(again.body).toMatchObject({ code: 1, message: SITE_AUTHOR_MESSAGES.stale });
    const twice = await deal({ applyId: id, result: 1, siteIds: [3], remark: '' });
    expect(twice.body.message).toBe(SITE_AUTHOR_MESSAGES.stale);
    expect(await statusOf(id)).toBe(1);
    expect(await scalar(sb.db, 'select count(*) from site_apply_site where apply_id = $1 and granted = 1', [id])).toBe(
      2,
    );
  });

  it('agreeing needs ≥ 1 of the application’s sites; rejecting needs a reason of 2–100 characters', async () => {
    const { id } = await file(OPERATOR, [2, 5]);
    expect((await deal({ applyId: id, result: 1, siteIds: [], remark: '' })).body.message).toBe(
      SITE_AUTHOR_MESSAGES.noSite,
    );
    expect((await deal({ applyId: id, result: 1, siteIds: [2, 6], remark: '' })).body.message).toBe(
      SITE_AUTHOR_MESSAGES.foreignSite,
    );
    expect((await deal({ applyId: id, result: 2, siteIds: [], remark: ' 否 ' })).body.message).toBe(
      SITE_AUTHOR_MESSAGES.rejectReason,
    );
    expect((await deal({ applyId: id, result: 2, siteIds: [], remark: '长'.repeat(101) })).body.code).not.toBe(0);
    expect(await statusOf(id)).toBe(0);

    const rejected = await deal({ applyId: id, result: 2, siteIds: [], remark: '暂不对外开放' });
    expect(rejected.body.data).toEqual({ status: 2 });
    const dealt = await sb.data<DealtApplyDetail>(OPERATOR, `/api/openPlatform/getDealtAppDetail?id=${id}`);
    expect(dealt).toMatchObject({ status: 2, dealRemark: '暂不对外开放', dealTime: NOW, authEndTime: null });
    expect(dealt.sites.every((s) => !s.granted)).toBe(true);
    expect((await list(OPERATOR, 2, '&status=2')).list.map((r) => r.id)).toContain(id);
    expect((await deal({ applyId: id, result: 1, siteIds: [2], remark: '' })).body.message).toBe(
      SITE_AUTHOR_MESSAGES.stale,
    );
    expect(await statusOf(id)).toBe(2);
  });

  it('an application expires 7 days after it was made on the business clock and is final then', async () => {
    const { id, expireTime } = await file(OPERATOR, [6]);
    // A minute before its expiry it is still pending (the demo world's, made before it, have expired by then).
    sb.clock.now = expireTime - 60_000;
    expect((await list(OPERATOR, 1)).list.map((r) => r.id)).toContain(id);
    const before = await pendingCount();
    expect(before).toBeGreaterThanOrEqual(1);
    // At its expireTime: 已过期 in every count, list and detail at once, before the 00:00 job writes it.
    sb.clock.now = expireTime;
    expect(await pendingCount()).toBe(before - 1);
    expect((await sb.data<CommercialInfo>(OPERATOR, '/api/user/getCommercialInfo')).accreditCount).toBe(before - 1);
    expect((await list(OPERATOR, 1)).list.map((r) => r.id)).not.toContain(id);
    expect((await list(OPERATOR, 2, '&status=3')).list.find((r) => r.id === id)?.status).toBe(3);
    expect((await detail(id)).status).toBe(3);
    const late = await deal({ applyId: id, result: 1, siteIds: [6], remark: '' });
    expect(late.body).toMatchObject({ code: 1, message: SITE_AUTHOR_MESSAGES.stale });
    const dealt = await sb.data<DealtApplyDetail>(OPERATOR, `/api/openPlatform/getDealtAppDetail?id=${id}`);
    expect(dealt).toMatchObject({ status: 3, dealTime: null, dealerName: null, authEndTime: null });
    expect(await statusOf(id)).toBe(0);
    // The next 00:00 job writes 已过期.
    await sb.advance(86_400_000);
    expect(await statusOf(id)).toBe(3);
    expect((await deal({ applyId: id, result: 2, siteIds: [], remark: '超时再拒' })).body.message).toBe(
      SITE_AUTHOR_MESSAGES.stale,
    );
  });
});

describe('who reaches an application', () => {
  it('another operator’s application is refused as unknown; siteAuthor is needed', async () => {
    const { id } = await file(OPERATOR, [1]);
    const other = await sb.call<null>(OTHER, `/api/openPlatform/getSiteApplyDetail?id=${id}`);
    expect(other.body).toMatchObject({ code: 1, message: '申请不存在或无权查看' });
    const otherDeal = await deal({ applyId: id, result: 2, siteIds: [], remark: '越权拒绝' }, OTHER);
    expect(otherDeal.body).toMatchObject({ code: 1, message: '申请不存在或无权查看' });
    const agentDeal = await deal({ applyId: id, result: 1, siteIds: [1], remark: '' }, AGENT);
    expect(agentDeal.body.code).toBe(1);
    for (const phone of [PROPERTY, SUB]) {
      expect((await deal({ applyId: id, result: 2, siteIds: [], remark: '越权拒绝' }, phone)).body.code).toBe(403);
    }
    expect(await statusOf(id)).toBe(0);
    // Another operator's own lists never show it.
    expect((await list(OTHER, 1)).list.map((r) => r.id)).not.toContain(id);
  });

  it('an agent decides the applications to its own sites', async () => {
    const { id } = await file(AGENT, [7]);
    expect(await pendingCount(AGENT)).toBe(1);
    expect((await sb.call<null>(OPERATOR, `/api/openPlatform/getSiteApplyDetail?id=${id}`)).body.code).toBe(1);
    const agreed = await deal({ applyId: id, result: 1, siteIds: [7], remark: '' }, AGENT);
    expect(agreed.body.data.status).toBe(1);
    expect(await pendingCount(AGENT)).toBe(0);
  });
});
