import { describe, expect, it } from 'vitest';
import type { ShareParty, SiteShareRule } from '@/api/site';
import { CostFormStore, costExampleOf, costSummary, priceText, type CostTerms } from './site-settings-cost';

/** B-site.md §1 /site/add/expensesSet (and §4 expensesSet's 修改, the same form); Business rules B.7, B.8. */

const TERMS: CostTerms = { electricBearer: 1, electricPrice: 60, channelFeeBearer: 1, platformFeeBearer: 1 };

const property = (bp: number): ShareParty => ({
  userId: 10004,
  partyType: 2,
  name: '文新物业',
  phone: '13800138003',
  chargeRate: bp,
  cardRate: bp,
  coinRate: bp,
  remark: '',
});

const rule = (terms: Partial<CostTerms>, parties: ShareParty[] = [property(3000)]): SiteShareRule => ({
  shareMode: 2,
  ...TERMS,
  ...terms,
  parties,
});

describe('the cost example (B §1 expensesSet "Live example", Business rules B.8)', () => {
  it('reproduces the design’s example: ¥100 income, 20 kWh at ¥0.60, property 30 %, all costs on the operator', () => {
    expect(costExampleOf(rule({}))).toEqual({
      rows: [
        { label: '文新物业', fen: 4200 },
        { label: '运营商', fen: 5740 },
      ],
      channelFee: 60,
      electricCost: 1200,
    });
  });

  it('splits shared costs before the shares and always adds up to the income', () => {
    const shared = costExampleOf(rule({ electricBearer: 3, channelFeeBearer: 3 }));
    // Base = 10000 − 60 − 1200 = 8740; property 2622 + 1200 electricity; operator 8740 − 2622.
    expect(shared.rows.map((r) => r.fen)).toEqual([3822, 6118]);
    const propertyPays = costExampleOf(rule({ electricBearer: 2, electricPrice: 0 }, [property(2500)]));
    expect(propertyPays).toMatchObject({ rows: [{ fen: 2500 }, { fen: 7440 }], electricCost: 0 });
    for (const example of [costExampleOf(rule({})), shared, propertyPays]) {
      expect(example.rows.reduce((sum, r) => sum + r.fen, 0) + example.channelFee).toBe(10_000);
    }
    expect(costExampleOf(rule({ electricPrice: 0 }, []))).toEqual({
      rows: [{ label: '运营商', fen: 9940 }],
      channelFee: 60,
      electricCost: 0,
    });
  });

  it('labels a party without a name by its type', () => {
    expect(costExampleOf(rule({}, [{ ...property(1000), name: '' }])).rows[0]?.label).toBe('物业');
  });
});

describe('the cost summary (B §1 /site/add 费用承担 row)', () => {
  it('names the bearers and shows the price where it applies', () => {
    expect(costSummary(TERMS, true)).toBe('电费:运营商承担 ¥0.60/度 · 手续费:运营商承担 · 服务费:运营商承担');
    expect(costSummary({ ...TERMS, electricBearer: 2, channelFeeBearer: 3 }, true)).toBe(
      '电费:物业承担 · 手续费:按分成比例分摊 · 服务费:运营商承担',
    );
    expect(costSummary({ ...TERMS, electricBearer: 3, platformFeeBearer: 3 }, true)).toBe(
      '电费:按分成比例分摊 ¥0.60/度 · 手续费:运营商承担 · 服务费:按分成比例分摊',
    );
    expect(costSummary({ ...TERMS, electricPrice: 0 }, false)).toBe(
      '电费:运营商承担 · 手续费:运营商承担 · 服务费:运营商承担',
    );
  });
});

describe('CostFormStore (B §1 expensesSet "Validation", Business rules B.7)', () => {
  it('starts from the terms: the price as yuan, nothing for 0', () => {
    expect(new CostFormStore(TERMS, true).values).toEqual({
      electricBearer: 1,
      electricPrice: '0.60',
      channelFeeBearer: 1,
      platformFeeBearer: 1,
    });
    expect(priceText(0)).toBe('');
    expect(priceText(5)).toBe('0.05');
  });

  it('asks a price of ¥0.01–¥2.00 with two decimals when shown, stored in fen', () => {
    const form = new CostFormStore({ ...TERMS, electricPrice: 0 }, true);
    form.set({ electricPrice: '0.6', channelFeeBearer: 3 });
    expect(form.result()).toEqual({
      terms: { electricBearer: 1, electricPrice: 60, channelFeeBearer: 3, platformFeeBearer: 1 },
    });
    for (const text of ['2.01', '0', '0.555', '', 'abc']) {
      form.set({ electricPrice: text });
      expect({ text, result: form.result() }).toEqual({ text, result: { failure: '电费单价需在0.01-2.00元/度之间' } });
    }
    // The property bears the electricity: no price is asked and none is stored.
    form.set({ electricBearer: 2 });
    expect(form.priceShown).toBe(false);
    expect(form.result()).toEqual({
      terms: { electricBearer: 2, electricPrice: 0, channelFeeBearer: 3, platformFeeBearer: 1 },
    });
    form.set({ electricBearer: 3, electricPrice: '2' });
    expect(form.result()).toEqual({
      terms: { electricBearer: 3, electricPrice: 200, channelFeeBearer: 3, platformFeeBearer: 1 },
    });
  });

  it('without a property keeps electricity on the operator at price 0', () => {
    const form = new CostFormStore({ ...TERMS, electricBearer: 3 }, false);
    expect(form.values.electricBearer).toBe(1);
    form.set({ electricBearer: 3 });
    expect(form.values.electricBearer).toBe(1);
    expect(form.priceShown).toBe(false);
    form.set({ platformFeeBearer: 3 });
    expect(form.result()).toEqual({
      terms: { electricBearer: 1, electricPrice: 0, channelFeeBearer: 1, platformFeeBearer: 3 },
    });
  });

  it('gives the example of a rule with the form’s terms, none while the price is not an amount', () => {
    const form = new CostFormStore(TERMS, true);
    form.set({ electricPrice: '0.55', channelFeeBearer: 3 });
    // ¥100, 20 度 at ¥0.55 = ¥11.00, property 25 %: base 100 − 0.60 = 99.40 → ¥24.85 + ¥11.00 = ¥35.85.
    expect(form.exampleWith(rule({}, [property(2500)]))?.rows[0]).toEqual({ label: '文新物业', fen: 3585 });
    form.set({ electricPrice: 'x' });
    expect(form.exampleWith(rule({}))).toBeNull();
  });
});
