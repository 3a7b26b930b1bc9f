import { describe, expect, it } from 'vitest';
import { channelFeeOf, platformSplitOf, splitAmounts } from './split';

/** The split of one order (B-site.md Business rules §B.8), as the seed's replay and the live orders compute it. */

const property = { userId: 10003, partyType: 2, rate: 3000 };
const allOperator = { electricBearer: 1, channelFeeBearer: 1, platformFeeBearer: 1 };

describe('splitAmounts (B §B.8)', () => {
  it('the design example: ¥100.00, 20 kWh at ¥0.60, property 30 %, every cost on the operator', () => {
    const costs = { channelFee: 60, platformFee: 0, electricCost: 1200 };
    const split = splitAmounts(10000, costs, allOperator, [property], true);
    expect(split.shares.map((s) => s.amount)).toEqual([3000]);
    expect(split.electricity).toBe(1200);
    expect(split.owner).toBe(5740);
    // settleMode 2 with a 10 % platform split borne by the operator
    expect(splitAmounts(10000, { ...costs, platformFee: 1000 }, allOperator, [property], true).owner).toBe(4740);
  });

  it('shares the costs a bearer 3 puts before the split; the rows still add up to the gross', () => {
    const costs = { channelFee: 60, platformFee: 1000, electricCost: 1200 };
    const terms = { electricBearer: 3, channelFeeBearer: 3, platformFeeBearer: 3 };
    const split = splitAmounts(10000, costs, terms, [property, { userId: 10002, partyType: 3, rate: 1000 }], true);
    // Base = 10000 − 60 − 1000 − 1200 = 7740
    expect(split.shares.map((s) => s.amount)).toEqual([2322, 774]);
    expect(split.electricity).toBe(1200);
    expect(split.owner).toBe(7740 - 2322 - 774);
    const total = split.owner + split.electricity + split.shares.reduce((s, r) => s + r.amount, 0);
    expect(total + costs.channelFee + costs.platformFee).toBe(10000);
  });

  it('pays no electricity without a property or when the property bears it, and never below the owner’s zero', () => {
    const costs = { channelFee: 0, platformFee: 0, electricCost: 1200 };
    expect(splitAmounts(10000, costs, allOperator, [], false)).toMatchObject({ electricity: 0, owner: 10000 });
    const bearer2 = { ...allOperator, electricBearer: 2 };
    expect(splitAmounts(10000, costs, bearer2, [property], true)).toMatchObject({ electricity: 0, owner: 7000 });
    const small = splitAmounts(1000, costs, allOperator, [{ ...property, rate: 9000 }], true);
    expect(small).toMatchObject({ electricity: 100, owner: 0 });
  });
});

describe('channel fee and platform split', () => {
  it('charges round(G × 0.6 %) half up', () => {
    expect(channelFeeOf(10000)).toBe(60);
    expect(channelFeeOf(250)).toBe(2); // 1.5 → 2
    expect(channelFeeOf(249)).toBe(1);
    expect(channelFeeOf(0)).toBe(0);
  });

  it('splits ⌊G × proportion / 100⌋ to the platform until the period is full', () => {
    expect(platformSplitOf(999, 20, 10_000)).toBe(199);
    expect(platformSplitOf(999, 20, 150)).toBe(150);
    expect(platformSplitOf(999, 20, 0)).toBe(0);
    expect(platformSplitOf(999, 20, -5)).toBe(0);
  });
});
