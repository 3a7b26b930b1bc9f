import { describe, expect, it } from 'vitest';
import type { SiteDetail, SiteListPage, SiteShareRule } from '../../src/api/site';
import type { ModifySiteResult, ShareRuleVersion } from '../../src/api/site-settings';
import { SHARE_MESSAGES } from '../../src/api/site-settings-rules';
import { DEMO_PHONES, addSiteForm, openSandboxForFile, shareParty, shareRule } from '../testing';
import { ACCOUNT_DISABLED, PROPERTY_ONLY_AS_PROPERTY } from './share-rules';

/**
 * The share-rule checks of Business rules B.1, B.2 and B.7 (B-site.md §0.2; entities.md R8), one module behind both
 * endpoints that take a SiteShareRule: addSite (a new site, version 1 in force today) and modifySite (a later version).
 * Every case is sent to both and must be refused with the same message as the app's (SHARE_MESSAGES); the agent's 上级
 * row is the server's on both.
 */

const NOW = Date.parse('2026-11-20T20:00:00+08:00');
const TOMORROW = '2026-11-21';
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'agent']);

/** Accounts of the demo world: the operator, the agent under it, the two properties, a sub-account, a builder, a partner. */
const OPERATOR = 10001;
const AGENT = 10002;
const CUIYUAN = 10003;
const WENXIN = 10004;
const SUB_ACCOUNT = 10005;
const BUILDER = 10006;
const PARTNER = 10009;

type Rule = ReturnType<typeof shareRule>;

const addSite = (token: string, name: string, merchantId: number | null, rule: Rule) =>
  sb.post<{ id: number }>('/api/r9/site/addSite', token, addSiteForm({ name, merchantId, siteShareRule: rule }));
const modify = (token: string, id: number, rule: Rule) =>
  sb.post<ModifySiteResult>('/api/r9/site/modifySite', token, { id, siteShareRule: rule });
const versions = async (siteId: number, token: string) =>
  (await sb.get<ShareRuleVersion[]>('/api/r9/site/querySiteShareRuleList', token, { siteId })).body.data;
const detail = async (siteId: number, token: string) =>
  (await sb.get<SiteDetail>('/api/site/siteBaseInfo', token, { siteId })).body.data;
const rows = (rule: SiteShareRule) => rule.parties.map((p) => [p.userId, p.partyType, p.chargeRate, p.cardRate]);

/** A rule for a site whose property is 文新物业 (10004), with it at 20 % and the price shown (运营商承担 ¥0.55/度). */
const withWenxin = (others: ReturnType<typeof shareParty>[] = [], extra: Partial<SiteShareRule> = {}) =>
  shareRule([shareParty(WENXIN, 2, 2000), ...others], { electricPrice: 55, ...extra });

describe('the same checks and messages on addSite and modifySite (B.1, B.2, B.7)', () => {
  /** [what is wrong, the property of the site (null = none), the rule, the message]. */
  const cases: [string, number | null, Rule, string][] = [
    ['a rate above 100 %', WENXIN, shareRule([shareParty(WENXIN, 2, 10_001)]), SHARE_MESSAGES.rateRange],
    ['a rate with a fraction of a bp', WENXIN, withWenxin([shareParty(AGENT, 3, 12.5)]), SHARE_MESSAGES.rateRange],
    ['over 100 % in all', WENXIN, withWenxin([shareParty(AGENT, 3, 8001)]), SHARE_MESSAGES.sumOver],
    [
      'over 100 % of one income type (分项分成)',
      WENXIN,
      withWenxin([shareParty(AGENT, 3, 6000, { coinRate: 8500 })], { shareMode: 1 }),
      '投币收入分成合计不能超过100%',
    ],
    [
      'unequal rates in 综合分成',
      WENXIN,
      shareRule([shareParty(WENXIN, 2, 2000, { cardRate: 1900 })], { electricPrice: 55 }),
      SHARE_MESSAGES.unequal,
    ],
    ['an agent party that is not an agent', WENXIN, withWenxin([shareParty(PARTNER, 3, 500)]), SHARE_MESSAGES.notAgent],
    ['a sub-account', WENXIN, withWenxin([shareParty(SUB_ACCOUNT, 4, 500)]), SHARE_MESSAGES.wrongType],
    ['a builder', WENXIN, withWenxin([shareParty(BUILDER, 4, 500)]), SHARE_MESSAGES.wrongType],
    ['the owner itself', WENXIN, withWenxin([shareParty(OPERATOR, 4, 500)]), SHARE_MESSAGES.self],
    [
      'another property as 物业',
      WENXIN,
      shareRule([shareParty(CUIYUAN, 2, 500)], { electricPrice: 55 }),
      SHARE_MESSAGES.property,
    ],
    [
      'the site’s property as 合作方',
      WENXIN,
      shareRule([shareParty(WENXIN, 4, 500)], { electricPrice: 55 }),
      PROPERTY_ONLY_AS_PROPERTY,
    ],
    [
      'the same account twice',
      WENXIN,
      withWenxin([shareParty(AGENT, 3, 500), shareParty(AGENT, 4, 500)]),
      SHARE_MESSAGES.duplicate,
    ],
    ['an unknown account', WENXIN, withWenxin([shareParty(424_242, 4, 500)]), SHARE_MESSAGES.notRegistered],
    [
      'a 上级 row on a site without a superior',
      WENXIN,
      withWenxin([shareParty(AGENT, 5, 500)]),
      SHARE_MESSAGES.superiorFixed,
    ],
    [
      'six parties',
      WENXIN,
      withWenxin([AGENT, CUIYUAN, 10007, 10008, PARTNER].map((id) => shareParty(id, id === AGENT ? 3 : 4, 100))),
      SHARE_MESSAGES.tooMany,
    ],
    ['a price above ¥2.00/度', WENXIN, withWenxin([], { electricPrice: 201 }), SHARE_MESSAGES.electricPrice],
    ['electricity on a property without one', null, shareRule([], { electricBearer: 2 }), SHARE_MESSAGES.needProperty],
    ['a price without a property', null, shareRule([], { electricPrice: 60 }), SHARE_MESSAGES.needProperty],
  ];
  let withProperty = 0;
  const withoutProperty = 4;

  it('creates the site the modifySite cases run on', async () => {
    const { body } = await addSite(tokens.operator, '分成规则站点', WENXIN, withWenxin());
    expect(body.code).toBe(0);
    withProperty = body.data.id;
    expect(rows((await detail(withProperty, tokens.operator)).shareRule)).toEqual([[WENXIN, 2, 2000, 2000]]);
    expect((await detail(withoutProperty, tokens.operator)).merchantId).toBeNull();
  });

  it.each(cases)('refuses %s', async (_what, merchantId, rule, message) => {
    const added = await addSite(tokens.operator, '分成校验站点', merchantId, rule);
    expect(added.body).toMatchObject({ code: 1, message });
    const modified = await modify(tokens.operator, merchantId === null ? withoutProperty : withProperty, rule);
    expect(modified.body).toMatchObject({ code: 1, message });
  });

  it('refuses an account that is 已停用', async () => {
    await sb.db.query('update account set status = 2 where id = $1', [PARTNER]);
    try {
      const rule = withWenxin([shareParty(PARTNER, 4, 500)]);
      expect((await addSite(tokens.operator, '分成校验站点', WENXIN, rule)).body.message).toBe(ACCOUNT_DISABLED);
      expect((await modify(tokens.operator, withProperty, rule)).body.message).toBe(ACCOUNT_DISABLED);
    } finally {
      await sb.db.query('update account set status = 1 where id = $1', [PARTNER]);
    }
  });

  it('stored nothing', async () => {
    expect((await versions(withProperty, tokens.operator)).map((v) => v.version)).toEqual([1]);
    expect((await versions(withoutProperty, tokens.operator)).map((v) => v.version)).toEqual([1]);
    const names = (
      await sb.get<{ id: number; name: string }[]>('/api/r9/site/nameList', tokens.operator, { keyword: '分成校验' })
    ).body.data;
    expect(names).toEqual([]);
  });

  it('addSite asks for the price the add form shows; a stored rule may keep 0 until one is stated', async () => {
    const noPrice = withWenxin([], { electricPrice: 0 });
    expect((await addSite(tokens.operator, '分成校验站点', WENXIN, noPrice)).body.message).toBe(
      SHARE_MESSAGES.electricPrice,
    );
    // Linking a property to a site that had none carries price 0 (site-settings.test.ts); stating it later is a change.
    const linked = await sb.post<ModifySiteResult>('/api/r9/site/modifySite', tokens.operator, {
      id: withoutProperty,
      merchantId: CUIYUAN,
    });
    expect(linked.body).toMatchObject({ code: 0, data: { shareRuleStatus: 2 } });
    expect((await versions(withoutProperty, tokens.operator))[0]?.rule).toMatchObject({ electricPrice: 0 });
  });

  it('keeps no price when the property bears its own power', async () => {
    const own = await addSite(tokens.operator, '物业自付电费站点', WENXIN, withWenxin([], { electricBearer: 2 }));
    expect((await detail(own.body.data.id, tokens.operator)).shareRule).toMatchObject({
      electricBearer: 2,
      electricPrice: 0,
    });
    expect((await modify(tokens.operator, withProperty, withWenxin([], { electricBearer: 2 }))).body.code).toBe(0);
    expect((await versions(withProperty, tokens.operator))[0]?.rule).toMatchObject({
      electricBearer: 2,
      electricPrice: 0,
    });
  });
});

describe('the 上级 row of a site owned by an agent (B.2)', () => {
  it('addSite adds it at the superior’s rate and counts it in the 100 % limit', async () => {
    const { body } = await addSite(tokens.agent, '代理新站点', null, shareRule([]));
    expect(body.code).toBe(0);
    const site = await detail(body.data.id, tokens.agent);
    expect(site.shareRule.parties).toEqual([
      expect.objectContaining({ userId: OPERATOR, partyType: 5, chargeRate: 1000, cardRate: 1000, coinRate: 1000 }),
    ]);
    const over = shareRule([shareParty(PARTNER, 4, 9500)]);
    expect((await addSite(tokens.agent, '代理超额站点', null, over)).body.message).toBe(SHARE_MESSAGES.sumOver);
    // The operator, a party of the agent's new site, sees it read-only.
    const seen = (
      await sb.post<SiteListPage>('/api/r9/site/siteList', tokens.operator, {
        pageNum: 1,
        pageSize: 20,
        keyword: '代理新站点',
      })
    ).body.data.list;
    expect(seen).toEqual([expect.objectContaining({ id: body.data.id, editable: false })]);
  });

  it('modifySite keeps it whatever the agent sends back for it, and refuses a 上级 row for anyone else', async () => {
    const sent = shareRule([shareParty(OPERATOR, 5, 0), shareParty(PARTNER, 4, 2000)]);
    expect((await modify(tokens.agent, 7, sent)).body.code).toBe(0);
    expect(rows((await versions(7, tokens.agent))[0]!.rule)).toEqual([
      [PARTNER, 4, 2000, 2000],
      [OPERATOR, 5, 1000, 1000],
    ]);
    // Left out, it is still there: the agent cannot delete it.
    expect((await modify(tokens.agent, 7, shareRule([shareParty(PARTNER, 4, 2500)]))).body.code).toBe(0);
    expect(rows((await versions(7, tokens.agent))[0]!.rule)).toEqual([
      [PARTNER, 4, 2500, 2500],
      [OPERATOR, 5, 1000, 1000],
    ]);
    const other = shareRule([shareParty(PARTNER, 5, 1000)]);
    expect((await modify(tokens.agent, 7, other)).body.message).toBe(SHARE_MESSAGES.superiorFixed);
    // 9001 + the 上级 row's 1000 > 10000.
    const over = shareRule([shareParty(PARTNER, 4, 9001)]);
    expect((await modify(tokens.agent, 7, over)).body.message).toBe(SHARE_MESSAGES.sumOver);
  });
});

describe('the rule in force on every read (B.6, the lazy 00:00 job)', () => {
  it('a 待生效 version whose day has come is in force on the next day’s first read, site list included', async () => {
    const partner = await sb.login(DEMO_PHONES.kybOperator);
    const listed = async () =>
      (await sb.post<SiteListPage>('/api/r9/site/siteList', partner, { pageNum: 1, pageSize: 50 })).body.data.list;
    // Site 5 (no property): the partner becomes a party from tomorrow.
    const change = await modify(tokens.operator, 5, shareRule([shareParty(PARTNER, 4, 1500)]));
    expect(change.body.data).toEqual({ id: 5, shareRuleStatus: 2, effectiveDate: TOMORROW });
    expect((await detail(5, tokens.operator)).shareRule.parties).toEqual([]);
    expect((await listed()).some((s) => s.id === 5)).toBe(false);
    sb.clock.now = Date.parse(`${TOMORROW}T00:01:00+08:00`);
    try {
      // The partner's site list is the first read of the day: the new version makes it a (read-only) party.
      expect((await listed()).find((s) => s.id === 5)).toMatchObject({ editable: false });
      const site = await detail(5, tokens.operator);
      expect(site.shareRule).toMatchObject({ effectiveDate: TOMORROW });
      expect(rows(site.shareRule)).toEqual([[PARTNER, 4, 1500, 1500]]);
      expect(site.pendingShareRule).toBeNull();
      expect((await versions(5, tokens.operator)).map((v) => v.status)).toEqual([1, 5]);
    } finally {
      sb.clock.now = NOW;
    }
  });
});
