import { describe, expect, it } from 'vitest';
import type { ChargeRule } from '../../src/api/site';
import { cardStartRefusal, consumeFromCard, minimumPriceOf, startMinutesOf, valueCardCost } from './card-charge';

/** The pure parts of a card start and end (C-mine.md Business rule 7). */

const tiers: ChargeRule = {
  billingMode: 1,
  tiers: [
    { maxPower: 200, price: 30 },
    { maxPower: 400, price: 50 },
    { maxPower: 1000, price: 90 },
  ],
  energyPrice: 0,
  servicePrice: 0,
  prepayOptions: [100, 200],
  fullStop: 1,
  freeMinutes: 5,
  maxMinutes: 600,
  coinMinutes: 60,
};
const energy: ChargeRule = { ...tiers, billingMode: 2, energyPrice: 80, servicePrice: 70 };

const valueCard = {
  cardType: 1,
  status: 3,
  balance: 20,
  giveBalance: 10,
  startDate: null,
  endDate: null,
  dailyTimesLimit: null,
  maxMinutesPerCharge: null,
  maxPowerW: null,
};
const monthCard = {
  ...valueCard,
  cardType: 2,
  balance: 0,
  giveBalance: 0,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  dailyTimesLimit: 2,
  maxMinutesPerCharge: 240,
  maxPowerW: 800,
};
const usage = { today: '2026-11-20', usedToday: 0, powerW: 300 };

describe('minimumPriceOf', () => {
  it('is the cheapest tier hour, one kWh of an energy rule, or the per-swipe amount', () => {
    expect(minimumPriceOf(tiers, null)).toBe(30);
    expect(minimumPriceOf(energy, null)).toBe(150);
    expect(minimumPriceOf(tiers, { amount: 100, minutes: 240 })).toBe(100);
  });
});

describe('cardStartRefusal', () => {
  it('refuses every status but 3 正常', () => {
    expect(cardStartRefusal({ ...valueCard, status: 1 }, tiers, null, usage)).toBe('卡片未激活');
    expect(cardStartRefusal({ ...valueCard, status: 2 }, tiers, null, usage)).toBe('卡片已冻结');
    expect(cardStartRefusal({ ...monthCard, status: 6 }, tiers, null, usage)).toBe('月卡已停卡');
    expect(cardStartRefusal(valueCard, tiers, null, usage)).toBeNull();
  });

  it('a value card needs balance + giveBalance ≥ the minimum price', () => {
    expect(cardStartRefusal({ ...valueCard, giveBalance: 9 }, tiers, null, usage)).toBe('余额不足，最低需¥0.30');
    expect(cardStartRefusal(valueCard, energy, null, usage)).toBe('余额不足，最低需¥1.50');
  });

  it('a month card: its period, its daily starts and its power', () => {
    expect(cardStartRefusal(monthCard, tiers, null, { ...usage, today: '2026-12-01' })).toBe('月卡已过期');
    expect(cardStartRefusal(monthCard, tiers, null, { ...usage, usedToday: 1 })).toBeNull();
    expect(cardStartRefusal(monthCard, tiers, null, { ...usage, usedToday: 2 })).toBe('今日充电次数已达上限（2次）');
    expect(cardStartRefusal(monthCard, tiers, null, { ...usage, powerW: 800 })).toBeNull();
    expect(cardStartRefusal(monthCard, tiers, null, { ...usage, powerW: 801 })).toBe('充电功率801W超过月卡上限800W');
  });
});

describe('startMinutesOf', () => {
  it('a month card stops at maxMinutesPerCharge; a value card when its money is used at the tier of its power', () => {
    expect(startMinutesOf(monthCard, tiers, null, 300)).toBe(240);
    expect(startMinutesOf({ ...monthCard, maxMinutesPerCharge: 900 }, tiers, null, 300)).toBe(600);
    expect(startMinutesOf(valueCard, tiers, null, 300)).toBe(36); // 30 fen at 50 fen/h
    expect(startMinutesOf({ ...valueCard, balance: 100_000 }, tiers, null, 300)).toBe(600);
    expect(startMinutesOf(valueCard, tiers, { amount: 100, minutes: 240 }, 300)).toBe(240);
  });
});

describe('valueCardCost and consumeFromCard', () => {
  const order = { presetAmount: null, ruleSnapshot: tiers, durationMinutes: 90, energyWh: 450 };

  it('costs nothing within the free minutes, else the tier of the first power or the energy', () => {
    expect(valueCardCost({ ...order, durationMinutes: 4 }, 300)).toBe(0);
    expect(valueCardCost(order, 300)).toBe(75);
    expect(valueCardCost(order, 150)).toBe(45);
    expect(valueCardCost({ ...order, ruleSnapshot: energy }, 300)).toBe(68); // 0.45 kWh × 150
    expect(valueCardCost({ ...order, presetAmount: 100 }, 300)).toBe(100);
  });

  it('takes balance first, then giveBalance, never below 0', () => {
    expect(consumeFromCard({ balance: 100, giveBalance: 50 }, 60)).toEqual({ fromBalance: 60, fromGive: 0 });
    expect(consumeFromCard({ balance: 20, giveBalance: 50 }, 60)).toEqual({ fromBalance: 20, fromGive: 40 });
    expect(consumeFromCard({ balance: 20, giveBalance: 10 }, 60)).toEqual({ fromBalance: 20, fromGive: 10 });
    expect(consumeFromCard({ balance: 0, giveBalance: 0 }, 60)).toEqual({ fromBalance: 0, fromGive: 0 });
  });
});
