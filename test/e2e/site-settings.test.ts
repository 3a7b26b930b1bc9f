import { describe, expect, it } from 'vitest';
import type { ChargeRule, SiteDetail } from '../../src/api/site';
import type { SameRuleSite, ShareRuleVersion } from '../../src/api/site-settings';
import {
  answerDialog,
  bodyText,
  byTestId,
  clickText,
  inputValue,
  openDemoPhone,
  press,
  sharedBrowser,
  shanghaiDate,
  textOf,
  typeInto,
  waitForPath,
  waitForText,
  waitForTextOf,
  type AccountApi,
  type Host,
  sandboxUrl,
} from './helpers';

/**
 * The site profile and its settings pages (B-site.md §4), in each bundle: charging fees set on 收费设置 are what the
 * sandbox stores and what the screen shows after a reload; a party added on 添加分成方 becomes a 待生效 version shown by
 * the profile and 综合分成 after a reload; the validation messages of a bad rate and of too many parties.
 *
 * Data these tests change in the shared sandbox database: the WeChat run only site 4 嘉绿苑东区车棚, the Alipay run only
 * site 5 嘉绿苑西区车棚 (both of the demo operator 10001): their charge rule (and so their charge-rule group), and a new
 * share-rule version effective tomorrow (待生效) adding a partner (13800138008 on site 4, 13800138007 on site 5). The
 * tests of a bundle run in order: the last one fills the working copy the second one wrote and puts it back.
 */

const SITE: Record<Host, { id: number; name: string; partner: string; rate: string; price: string }> = {
  wechat: { id: 4, name: '嘉绿苑东区车棚', partner: '13800138008', rate: '12.5', price: '0.35' },
  alipay: { id: 5, name: '嘉绿苑西区车棚', partner: '13800138007', rate: '7.25', price: '0.33' },
};

/** Price text of fen as the settings inputs show it, without the sign: 35 → "0.35". */
const priceText = (fen: number) => (fen / 100).toFixed(2);

/** The share-rule versions of a site, newest first (GET /api/r9/site/querySiteShareRuleList). */
const shareVersions = (call: AccountApi, siteId: number) =>
  call.get<ShareRuleVersion[]>(`/api/r9/site/querySiteShareRuleList?siteId=${siteId}`);

describe.each<Host>(['wechat', 'alipay'])('%s bundle: site profile and settings', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();
  const site = SITE[host];

  it('收费设置: shows the stored rule, refuses invalid tiers, saves a new rule that a reload reads back', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    const before = (await call.get<SiteDetail>(`/api/site/siteBaseInfo?siteId=${site.id}`)).chargeRule;

    // From the profile's 收费设置 row.
    await page.goto(`${baseUrl}/site/siteInfo/siteData?siteId=${site.id}`);
    await page.waitForSelector('[data-testid="site-profile"]', { timeout: 15_000 });
    expect(await textOf(page, byTestId('profile-name'))).toBe(site.name);
    await press(page, byTestId('profile-charge'));
    await waitForPath(page, `/site/siteInfo/siteData/setCharger?siteId=${site.id}`);
    await page.waitForSelector('input[name="tier-price-0"]', { timeout: 15_000 });

    // The form shows the stored rule.
    for (const [i, tier] of before.tiers.entries()) {
      expect(await inputValue(page, `tier-power-${i}`)).toBe(String(tier.maxPower));
      expect(await inputValue(page, `tier-price-${i}`)).toBe(priceText(tier.price));
    }
    expect(await inputValue(page, 'freeMinutes')).toBe(String(before.freeMinutes));
    expect(await inputValue(page, 'maxHours')).toBe(String(before.maxMinutes / 60));
    const chips = await textOf(page, byTestId('prepay-chips'));
    for (const fen of before.prepayOptions) expect(chips).toContain(`¥${priceText(fen)}`);
    const same = await call.get<SameRuleSite[]>(`/api/site/sameSiteRuleList?siteId=${site.id}`);
    if (same.length > 0) await waitForText(page, `以下${same.length}个站点与本站收费规则相同`);
    else await waitForText(page, '暂无与本站收费规则相同的站点');

    // Validation: the last tier must reach the boxes' maxPower; a duplicate prepay amount is refused.
    const last = before.tiers.length - 1;
    await typeInto(page, `tier-power-${last}`, '900');
    await clickText(page, '保存', '[data-testid="settings-actions"] button');
    await waitForText(page, '最高档位需覆盖至1000W');
    await typeInto(page, `tier-power-${last}`, String(before.tiers[last]?.maxPower ?? 1000));
    await typeInto(page, 'prepay', priceText(before.prepayOptions[0] ?? 100));
    await clickText(page, '添加', '[data-testid="prepay-add"] button');
    await waitForText(page, '预付金额不能重复');

    // A new rule: first tier price, one more prepay amount, free minutes and the longest charge.
    await typeInto(page, 'tier-price-0', site.price);
    await typeInto(page, 'prepay', '8');
    await clickText(page, '添加', '[data-testid="prepay-add"] button');
    await waitForTextOf(page, byTestId('prepay-chips'), '¥8.00', 'contains');
    await typeInto(page, 'freeMinutes', '3');
    await typeInto(page, 'maxHours', '10');
    await clickText(page, '保存', '[data-testid="settings-actions"] button');
    // Sites with bound cards ask first (B §4 setCharger: 本站点已绑定卡片…): the sandbox says whether this one has any.
    const cards = await call.get<{ haveCard: boolean }>(`/api/site/haveCard?siteId=${site.id}`);
    if (cards.haveCard) await answerDialog(page, '保存', '本站点已绑定卡片');
    await waitForText(page, '保存成功，新订单按新规则计费');
    await waitForPath(page, `/site/siteInfo/siteData?siteId=${site.id}`);

    // The sandbox stores it, and the profile summary shows it.
    const after = (await call.get<SiteDetail>(`/api/site/siteBaseInfo?siteId=${site.id}`)).chargeRule;
    const expected: ChargeRule = {
      ...before,
      tiers: before.tiers.map((t, i) => (i === 0 ? { ...t, price: Math.round(Number(site.price) * 100) } : t)),
      prepayOptions: [...before.prepayOptions, 800].sort((a, b) => a - b),
      freeMinutes: 3,
      maxMinutes: 600,
    };
    expect(after).toEqual(expected);
    await waitForTextOf(page, byTestId('profile-charge'), `¥${site.price}`, 'contains');

    // A reload of 收费设置 reads the saved rule back.
    await page.goto(`${baseUrl}/site/siteInfo/siteData/setCharger?siteId=${site.id}`);
    await page.waitForSelector('input[name="tier-price-0"]', { timeout: 15_000 });
    expect(await inputValue(page, 'tier-price-0')).toBe(site.price);
    expect(await inputValue(page, 'freeMinutes')).toBe('3');
    expect(await inputValue(page, 'maxHours')).toBe('10');
    expect(await textOf(page, byTestId('prepay-chips'))).toContain('¥8.00');
    // Changed rule: the site left its group.
    const sameAfter = await call.get<SameRuleSite[]>(`/api/site/sameSiteRuleList?siteId=${site.id}`);
    expect(sameAfter).toEqual([]);
    await waitForText(page, '暂无与本站收费规则相同的站点');
    await context.close();
  });

  it('添加分成方: a bad rate is refused, the party is added from tomorrow (待生效) and read back after a reload', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    const tomorrow = shanghaiDate(1);
    const inForce = (await shareVersions(call, site.id)).find((v) => v.status === 1);
    const existing = inForce?.rule.parties ?? [];
    const remaining = 100 - existing.reduce((sum, p) => sum + p.chargeRate / 100, 0);

    await page.goto(`${baseUrl}/site/siteInfo/siteData/integrateSet?siteId=${site.id}`);
    await page.waitForSelector('[data-testid="integrate-set"]', { timeout: 15_000 });
    await waitForTextOf(page, byTestId('operator-remainder'), `${Number(remaining.toFixed(2))}%`);
    await clickText(page, '添加分成方', '[data-testid="settings-actions"] button');
    await waitForPath(page, `/site/siteInfo/siteData/benefitSet/benefitAdd?siteId=${site.id}&mode=2`);
    await page.waitForSelector(byTestId('benefit-add'), { timeout: 15_000 });

    // 物业 cannot be chosen on a site without a property.
    await clickText(page, '物业', '[aria-label="分成方类型"] [role="tab"]');
    await waitForText(page, '请先在站点资料中关联物业');
    await clickText(page, '合作方', '[aria-label="分成方类型"] [role="tab"]');
    await typeInto(page, 'phone', site.partner);
    await clickText(page, '查询', '.adm-list-item button, .adm-list-item button *');
    await page.waitForSelector('[data-testid="candidate"]', { timeout: 15_000 });
    const lookup = await call.get<{ shortName: string; name: string }>(
      `/api/user/getCommercialByPhone?phone=${site.partner}`,
    );
    const partnerName = lookup.shortName || lookup.name;
    expect(await textOf(page, byTestId('candidate'))).toContain(partnerName);
    await waitForText(page, `当前剩余可分配 ${Number(remaining.toFixed(2))}%`);

    // Bad rates: three decimals, above what remains.
    await typeInto(page, 'rate-chargeRate', '12.345');
    await waitForText(page, '分成比例需在0-100%之间');
    expect(
      await page.$eval('[data-testid="settings-actions"] button', (el) => (el as HTMLButtonElement).disabled),
    ).toBe(true);
    if (remaining < 100) {
      await typeInto(page, 'rate-chargeRate', String(Math.floor(remaining) + 1));
      await waitForText(page, '超出剩余可分配比例');
    }

    await typeInto(page, 'rate-chargeRate', site.rate);
    await typeInto(page, 'remark', 'E2E合作');
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid="settings-actions"] button') as HTMLButtonElement | null)?.disabled,
      { timeout: 15_000 },
    );
    await clickText(
      page,
      '确定添加',
      '[data-testid="settings-actions"] button, [data-testid="settings-actions"] button *',
    );
    await answerDialog(page, '确定添加', `添加后将于${tomorrow}生效`);
    await waitForText(page, `添加成功，${tomorrow}生效`);
    await waitForPath(page, `/site/siteInfo/siteData/integrateSet?siteId=${site.id}`);

    // The sandbox holds a 待生效 version with the new party; the version in force is unchanged.
    const versions = await shareVersions(call, site.id);
    const pending = versions[0];
    expect(pending).toMatchObject({ status: 2, effectiveDate: tomorrow });
    const added = pending?.rule.parties.find((p) => p.phone === site.partner);
    expect(added).toMatchObject({ partyType: 4, chargeRate: Math.round(Number(site.rate) * 100), remark: 'E2E合作' });
    expect(versions.find((v) => v.status === 1)?.rule.parties).toEqual(existing);

    // The reloaded screens show it: 综合分成 (the working copy and its status) and the profile's pending tag.
    await page.reload();
    await page.waitForSelector(`input[name="rate-${added?.userId ?? 0}"]`, { timeout: 15_000 });
    expect(await inputValue(page, `rate-${added?.userId ?? 0}`)).toBe(site.rate);
    await waitForText(page, `当前规则：待生效 · ${tomorrow}起`);
    expect(await bodyText(page)).toContain(partnerName);

    // A bad rate is refused on 保存; unsaved edits ask before leaving.
    await typeInto(page, `rate-${added?.userId ?? 0}`, '150');
    await clickText(page, '保存', '[data-testid="settings-actions"] button');
    await waitForText(page, '分成比例需在0-100%之间');
    await press(page, byTestId('cost-row'));
    await answerDialog(page, '继续编辑', '放弃未保存的修改？');
    expect(await inputValue(page, `rate-${added?.userId ?? 0}`)).toBe('150');

    await page.goto(`${baseUrl}/site/siteInfo/siteData?siteId=${site.id}`);
    await waitForTextOf(page, byTestId('profile-share'), `${tomorrow}起变更`, 'contains');
    await context.close();
  });

  it('添加分成方: refuses a sixth party', async () => {
    const { page, context, call } = await openDemoPhone(browser(), baseUrl, host);
    const working = (await shareVersions(call, site.id)).find((v) => v.status !== 5);
    expect(working).toBeDefined();
    const rule = working?.rule;
    if (!rule) return;
    // Fill the working copy up to five parties (as a test, through the API), at 1 % each.
    const candidates = [10003, 10004, 10007, 10008, 10009, 10002].filter(
      (id) => !rule.parties.some((p) => p.userId === id),
    );
    const fill = candidates.slice(0, 5 - rule.parties.length).map((userId) => ({
      userId,
      partyType: userId === 10002 ? 3 : 4,
      name: '',
      phone: '',
      chargeRate: 100,
      cardRate: 100,
      coinRate: 100,
      remark: '',
    }));
    const full = { ...rule, parties: [...rule.parties, ...fill] };
    await call.post('/api/r9/site/modifySite', { id: site.id, siteShareRule: full });

    await page.goto(`${baseUrl}/site/siteInfo/siteData/benefitSet/benefitAdd?siteId=${site.id}&mode=1`);
    await page.waitForSelector(byTestId('benefit-add'), { timeout: 15_000 });
    await waitForText(page, '最多添加5个分成方');
    expect(
      await page.$eval('[data-testid="settings-actions"] button', (el) => (el as HTMLButtonElement).disabled),
    ).toBe(true);
    // 分项分成 shows the five parties with their three rates.
    await page.goto(`${baseUrl}/site/siteInfo/siteData/benefitSet?siteId=${site.id}`);
    await page.waitForSelector('[data-testid="rate-table"]', { timeout: 15_000 });
    const rows = await page.$$eval('[data-testid="rate-table"] tbody tr[data-testid^="party-"]', (els) => els.length);
    expect(rows).toBe(5);

    // Back to the state of the previous test (the one added partner, 待生效), as the API allows.
    await call.post('/api/r9/site/modifySite', { id: site.id, siteShareRule: rule });
    await context.close();
  });
});
