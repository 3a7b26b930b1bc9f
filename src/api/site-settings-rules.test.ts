import { describe, expect, it } from 'vitest';
import type { ChargeRule, ShareParty, SiteShareRule } from './site';
import {
  DEFAULT_CHARGE_RULE,
  canonicalChargeRule,
  chargeRuleError,
  chargeRuleSummary,
  costError,
  exampleSplit,
  minutesPerYuan,
  needsReview,
  normalizeChargeRule,
  operatorRemainder,
  partiesError,
  sameShareTerms,
  siteFieldError,
  storedCostError,
} from './site-settings-rules';

/** The share and charge rules of B-site.md §B and §C, as the screens and the sandbox apply them. */

const party = (userId: number, partyType: ShareParty['partyType'], bp: number, extra: Partial<ShareParty> = {}) => ({
  userId,
  partyType,
  name: `P${userId}`,
  phone: '',
  chargeRate: bp,
  cardRate: bp,
  coinRate: bp,
  remark: '',
  ...extra,
});

const rule = (parties: ShareParty[], extra: Partial<SiteShareRule> = {}): SiteShareRule => ({
  shareMode: 2,
  electricBearer: 1,
  electricPrice: 60,
  channelFeeBearer: 1,
  platformFeeBearer: 1,
  parties,
  ...extra,
});

describe('partiesError (B §B.1–2)', () => {
  it('accepts rates up to 100 % in total; the operator keeps the rest', () => {
    const parties = [party(2, 2, 3000), party(3, 3, 7000)];
    expect(partiesError(2, parties)).toBeNull();
    expect(operatorRemainder(parties)).toEqual({ chargeRate: 0, cardRate: 0, coinRate: 0 });
  });

  it('refuses out-of-range rates, sums above 100 %, too many or duplicate parties, two properties', () => {
    expect(partiesError(2, [party(2, 2, 10_001)])).toBe('分成比例需在0-100%之间');
    expect(partiesError(2, [party(2, 2, 12.5)])).toBe('分成比例需在0-100%之间');
    expect(partiesError(2, [party(2, 2, 6000), party(3, 3, 4001)])).toBe('分成比例合计不能超过100%');
    expect(partiesError(1, [party(2, 2, 6000), party(3, 3, 1000, { cardRate: 4001 })])).toBe(
      '充值收入分成合计不能超过100%',
    );
    expect(partiesError(1, [party(2, 2, 6000, { coinRate: 6000 }), party(3, 3, 1000, { coinRate: 4001 })])).toBe(
      '投币收入分成合计不能超过100%',
    );
    expect(
      partiesError(
        2,
        [1, 2, 3, 4, 5, 6].map((id) => party(id, 4, 100)),
      ),
    ).toBe('最多添加5个分成方');
    expect(partiesError(2, [party(2, 3, 100), party(2, 4, 100)])).toBe('该账号已是分成方');
    expect(partiesError(2, [party(2, 2, 100), party(3, 2, 100)])).toBe('只能有一个物业分成方');
  });

  it('requires equal rates in 综合分成 only', () => {
    const uneven = [party(2, 2, 3000, { coinRate: 2000 })];
    expect(partiesError(2, uneven)).toBe('综合分成时各项比例须相同');
    expect(partiesError(1, uneven)).toBeNull();
  });
});

describe('cost rules (B §B.7)', () => {
  it('without a property: the operator pays its own electricity, at price 0', () => {
    expect(costError({ electricBearer: 1, electricPrice: 0 }, false)).toBeNull();
    expect(costError({ electricBearer: 2, electricPrice: 0 }, false)).toBe('请先选择物业');
    expect(storedCostError({ electricBearer: 1, electricPrice: 60 }, false)).toBe('请先选择物业');
  });

  it('with a property: the form requires ¥0.01–2.00 where the price applies; storage accepts 0 until stated', () => {
    expect(costError({ electricBearer: 1, electricPrice: 0 }, true)).toBe('电费单价需在0.01-2.00元/度之间');
    expect(costError({ electricBearer: 3, electricPrice: 201 }, true)).toBe('电费单价需在0.01-2.00元/度之间');
    expect(costError({ electricBearer: 3, electricPrice: 200 }, true)).toBeNull();
    expect(costError({ electricBearer: 2, electricPrice: 0 }, true)).toBeNull();
    expect(storedCostError({ electricBearer: 1, electricPrice: 0 }, true)).toBeNull();
    expect(storedCostError({ electricBearer: 1, electricPrice: 201 }, true)).toBe('电费单价需在0.01-2.00元/度之间');
  });
});

describe('needsReview (B §B.5)', () => {
  const current = rule([party(10003, 2, 3000), party(10002, 3, 500)]);

  it('is needed when the property gets less, is removed or replaced, or bears more electricity', () => {
    expect(needsReview(current, rule([party(10003, 2, 2900), party(10002, 3, 500)]))).toBe(true);
    expect(needsReview(current, rule([party(10003, 2, 3000, { coinRate: 2000 })], { shareMode: 1 }))).toBe(true);
    expect(needsReview(current, rule([party(10002, 3, 500)]))).toBe(true);
    expect(needsReview(current, rule([party(10004, 2, 3000), party(10002, 3, 500)]))).toBe(true);
    expect(needsReview(current, rule(current.parties, { electricBearer: 2 }))).toBe(true);
    expect(needsReview(current, rule(current.parties, { electricBearer: 3 }))).toBe(true);
    expect(needsReview(current, rule(current.parties, { electricPrice: 59 }))).toBe(true);
  });

  it('is not needed when the property gets as much or more, or other parties change', () => {
    expect(needsReview(current, rule([party(10003, 2, 3500)]))).toBe(false);
    expect(needsReview(current, rule([...current.parties, party(10009, 4, 1000)]))).toBe(false);
    expect(needsReview(current, rule(current.parties, { electricPrice: 80, channelFeeBearer: 3 }))).toBe(false);
    expect(needsReview(rule([]), rule([party(10003, 2, 0)]))).toBe(false);
  });
});

describe('sameShareTerms', () => {
  it('compares terms, not party order or names', () => {
    const a = rule([party(1, 3, 100), party(2, 4, 200)]);
    const b = rule([party(2, 4, 200, { name: 'x' }), party(1, 3, 100)]);
    expect(sameShareTerms(a, b)).toBe(true);
    expect(sameShareTerms(a, rule(a.parties, { channelFeeBearer: 3 }))).toBe(false);
    expect(sameShareTerms(a, rule([party(1, 3, 100), party(2, 4, 201)]))).toBe(false);
  });
});

describe('exampleSplit (B §B.8)', () => {
  it('reproduces the design example: property ¥42.00, operator ¥57.40 of ¥100.00 and 20 kWh', () => {
    const split = exampleSplit(rule([party(10003, 2, 3000)]), 10_000, 20_000);
    expect(split.parties[0]?.amount).toBe(4200);
    expect(split.operator).toBe(5740);
    expect(split.channelFee).toBe(60);
    expect(split.electricCost).toBe(1200);
  });

  it('caps the electricity paid by the operator so that its share is not negative', () => {
    const split = exampleSplit(rule([party(10003, 2, 10_000)], { electricPrice: 200 }), 1000, 20_000);
    // Base 1000 all to the property; the operator cannot pay ¥40.00 of electricity out of −¥0.06.
    expect(split.operator).toBe(-6);
    expect(split.parties[0]?.amount).toBe(1000);
  });

  it('settles no electricity without a property party', () => {
    const split = exampleSplit(rule([party(10002, 3, 1000)]), 10_000, 20_000);
    expect(split.electricCost).toBe(0);
    expect(split.parties[0]?.amount).toBe(1000);
    expect(split.operator).toBe(8940);
  });

  it('shared costs come off the base first; all rows add up to the income minus the channel fee', () => {
    const shared = rule([party(10003, 2, 3000), party(10002, 3, 1000)], {
      electricBearer: 3,
      channelFeeBearer: 3,
    });
    const split = exampleSplit(shared, 10_000, 20_000);
    // Base = 10000 − 60 − 1200 = 8740; property 2622 + 1200 electricity, agent 874.
    expect(split.parties.map((p) => p.amount)).toEqual([3822, 874]);
    expect(split.operator + split.parties.reduce((s, p) => s + p.amount, 0) + 60).toBe(10_000);
  });

  it('the property bearing electricity is paid nothing for it', () => {
    const split = exampleSplit(rule([party(10003, 2, 3000)], { electricBearer: 2, electricPrice: 0 }), 10_000, 20_000);
    expect(split.parties[0]?.amount).toBe(3000);
    expect(split.operator).toBe(6940);
  });
});

describe('charge rules (B §0.3, §4 setCharger, §C)', () => {
  const caps = { supportModes: [1, 2], supportFullStop: true, maxPower: 1000 };
  const check = (patch: Partial<ChargeRule>, c = caps) => chargeRuleError({ ...DEFAULT_CHARGE_RULE, ...patch }, c);

  it('accepts the platform default', () => {
    expect(check({})).toBeNull();
  });

  it('checks tiers: count, ascending bounds, the last reaching maxPower, prices and their order', () => {
    expect(check({ tiers: [] })).toBe('档位数量需为1-6个');
    expect(check({ tiers: Array.from({ length: 7 }, (_, i) => ({ maxPower: (i + 1) * 150, price: 50 })) })).toBe(
      '档位数量需为1-6个',
    );
    expect(
      check({
        tiers: [
          { maxPower: 500, price: 30 },
          { maxPower: 500, price: 40 },
          { maxPower: 1000, price: 50 },
        ],
      }),
    ).toBe('功率档位上限需为递增的整数');
    expect(check({ tiers: [{ maxPower: 800, price: 30 }] })).toBe('最高档位需覆盖至1000W');
    expect(check({ tiers: [{ maxPower: 1200, price: 30 }] }, { ...caps, maxPower: 1200 })).toBeNull();
    expect(check({ tiers: [{ maxPower: 1000, price: 0 }] })).toBe('单价需在0.01-10元/小时之间');
    expect(check({ tiers: [{ maxPower: 1000, price: 1001 }] })).toBe('单价需在0.01-10元/小时之间');
    expect(
      check({
        tiers: [
          { maxPower: 400, price: 50 },
          { maxPower: 1000, price: 49 },
        ],
      }),
    ).toBe('高功率档位单价不能低于低功率档位');
  });

  it('checks energy prices in mode 2, prepay options, minutes and the boxes capabilities', () => {
    expect(check({ billingMode: 2, energyPrice: 0 })).toBe('电费需在0.01-5.00元/度之间');
    expect(check({ billingMode: 2, energyPrice: 80, servicePrice: 501 })).toBe('服务费需在0-5.00元/度之间');
    expect(check({ billingMode: 2, energyPrice: 80, servicePrice: 0 })).toBeNull();
    expect(check({ prepayOptions: [] })).toBe('预付金额需设置1-6个');
    expect(check({ prepayOptions: [100, 200, 300, 400, 500, 600, 700] })).toBe('预付金额需设置1-6个');
    expect(check({ prepayOptions: [9] })).toBe('预付金额需在0.1-100元之间');
    expect(check({ prepayOptions: [10_001] })).toBe('预付金额需在0.1-100元之间');
    expect(check({ prepayOptions: [100, 100] })).toBe('预付金额不能重复');
    expect(check({ freeMinutes: 31 })).toBe('免费时长需为0-30分钟的整数');
    expect(check({ maxMinutes: 30 })).toBe('单次最长时长需为1-24小时的整数');
    expect(check({ maxMinutes: 1500 })).toBe('单次最长时长需为1-24小时的整数');
    expect(check({ maxMinutes: 90 })).toBe('单次最长时长需为1-24小时的整数');
    expect(check({ coinMinutes: 0 })).toBeNull();
    expect(check({ coinMinutes: 29 })).toBe('投币时长需为0（关闭）或30-720分钟/元');
    expect(check({ coinMinutes: 721 })).toBe('投币时长需为0（关闭）或30-720分钟/元');
    expect(check({ billingMode: 2, energyPrice: 80 }, { ...caps, supportModes: [1] })).toBe(
      '本站点设备不支持该计费方式',
    );
    expect(check({ fullStop: 1 }, { ...caps, supportFullStop: false })).toBe('本站点设备不支持充满自停');
    expect(check({ fullStop: 0 }, { ...caps, supportFullStop: false })).toBeNull();
  });

  it('normalises the other mode away, so that the same effective rule has one canonical JSON', () => {
    const withEnergy = { ...DEFAULT_CHARGE_RULE, energyPrice: 999 };
    expect(normalizeChargeRule(withEnergy).energyPrice).toBe(0);
    expect(canonicalChargeRule(withEnergy)).toBe(canonicalChargeRule(DEFAULT_CHARGE_RULE));
    const mode2 = { ...DEFAULT_CHARGE_RULE, billingMode: 2 as const, energyPrice: 80, servicePrice: 70 };
    expect(normalizeChargeRule(mode2).tiers).toEqual([]);
    expect(canonicalChargeRule(mode2)).not.toBe(canonicalChargeRule(DEFAULT_CHARGE_RULE));
    expect(Object.keys(JSON.parse(canonicalChargeRule(mode2)) as object)).toEqual([
      'billingMode',
      'tiers',
      'energyPrice',
      'servicePrice',
      'prepayOptions',
      'fullStop',
      'freeMinutes',
      'maxMinutes',
      'coinMinutes',
    ]);
  });

  it('summarises a rule and the minutes ¥1 buys', () => {
    expect(chargeRuleSummary(DEFAULT_CHARGE_RULE)).toBe('按功率计时 ¥0.25-0.80/小时 · 充满自停');
    expect(
      chargeRuleSummary({ ...DEFAULT_CHARGE_RULE, billingMode: 2, energyPrice: 80, servicePrice: 70, fullStop: 0 }),
    ).toBe('按电量计费 ¥1.50/度');
    expect(chargeRuleSummary({ ...DEFAULT_CHARGE_RULE, tiers: [{ maxPower: 1000, price: 50 }] })).toBe(
      '按功率计时 ¥0.50/小时 · 充满自停',
    );
    expect(minutesPerYuan(25)).toBe(240);
    expect(minutesPerYuan(40)).toBe(150);
    expect(minutesPerYuan(0)).toBe(0);
  });
});

describe('siteFieldError (the rules of /site/add)', () => {
  it('checks each text field', () => {
    expect(siteFieldError('name', ' ')).toBe('请输入站点名称');
    expect(siteFieldError('name', '翠苑3栋(南)')).toBeNull();
    expect(siteFieldError('contacts', '王')).toBe('请输入联系人姓名');
    expect(siteFieldError('contactsPhone', '1380013800')).toBe('请输入正确的手机号');
    expect(siteFieldError('servicePhone', '0571-88886666')).toBeNull();
    expect(siteFieldError('servicePhone', '400-800-1234')).toBeNull();
    expect(siteFieldError('servicePhone', '12345')).toBe('请输入正确的客服电话');
  });
});
