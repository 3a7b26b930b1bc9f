import { describe, expect, it } from 'vitest';
import { withdrawBlockOf, type WithdrawFacts } from './withdrawal';

/**
 * Why an account may not withdraw (screen design D §0.3, isWithdrawable): each reason on its own, D's order when
 * several hold, the daily limit at its edge and channel 2's settlement window (23:00–01:00 Asia/Shanghai) to the
 * minute, on a day of each kind (the 1st, 29 February, a month's last day). The pure rule, without a database.
 */

/** An account that may withdraw through channel 1 (a verified card) at any hour. */
const CAN: WithdrawFacts = {
  walletStatus: 1,
  signStatus: 2,
  openRequired: false,
  openStatus: null,
  verifiedCards: 1,
  settleCard: null,
  openArrears: 0,
  appliedToday: 0,
  dailyLimit: 3,
};
/** The same account on channel 2 (its online-bank account opened, a verified corporate settlement account). */
const CHANNEL_2: WithdrawFacts = {
  ...CAN,
  openRequired: true,
  openStatus: 4,
  verifiedCards: 0,
  settleCard: { cardType: 2, verifyStatus: 2 },
};

const shanghai = (text: string) => Date.parse(`${text}+08:00`);
const NOON = shanghai('2026-11-20T12:00:00');
const code = (facts: Partial<WithdrawFacts>, now = NOON) =>
  withdrawBlockOf({ ...CAN, ...facts }, now)?.isWithdrawable ?? 0;

describe('withdrawBlockOf', () => {
  it('names each reason on its own, with its code and message', () => {
    expect(withdrawBlockOf(CAN, NOON)).toBeNull();
    expect(withdrawBlockOf({ ...CAN, walletStatus: 2 }, NOON)).toEqual({
      isWithdrawable: 6,
      code: 2009,
      message: '账户已冻结，暂不可提现，请联系客服',
    });
    expect(code({ signStatus: 1 })).toBe(2);
    expect(code({ openRequired: true })).toBe(3);
    expect(code({ verifiedCards: 0 })).toBe(1);
    expect(code({ ...CHANNEL_2, settleCard: { cardType: 2, verifyStatus: 1 } })).toBe(4);
    // a private settlement account needs no payment check
    expect(code({ ...CHANNEL_2, settleCard: { cardType: 1, verifyStatus: 1 } })).toBe(0);
    expect(code({ openArrears: 1 })).toBe(5);
    expect(withdrawBlockOf({ ...CAN, appliedToday: 3 }, NOON)).toEqual({
      isWithdrawable: 7,
      code: 2004,
      message: '今日提现次数已达上限（3次）',
    });
    expect(withdrawBlockOf(CHANNEL_2, shanghai('2026-11-20T23:30:00'))).toEqual({
      isWithdrawable: 8,
      code: 2010,
      message: '系统结算时段（23:00-01:00）暂不可提现',
    });
  });

  it('gives the first reason in D’s order (6, 2, 3, 1, 4, 5, 7, 8) when several hold', () => {
    const all: Partial<WithdrawFacts> = {
      walletStatus: 2,
      signStatus: 1,
      openRequired: true,
      openArrears: 2,
      appliedToday: 9,
    };
    const late = shanghai('2026-11-20T23:30:00');
    expect(code(all, late)).toBe(6);
    expect(code({ ...all, walletStatus: 1 }, late)).toBe(2);
    expect(code({ ...all, walletStatus: 1, signStatus: 2 }, late)).toBe(3);
    const opened = {
      ...CHANNEL_2,
      ...all,
      walletStatus: 1,
      signStatus: 2,
      settleCard: { cardType: 2, verifyStatus: 1 },
    };
    expect(code(opened, late)).toBe(4);
    expect(code({ ...opened, settleCard: { cardType: 2, verifyStatus: 2 } }, late)).toBe(5);
    expect(code({ ...opened, settleCard: { cardType: 2, verifyStatus: 2 }, openArrears: 0 }, late)).toBe(7);
    expect(
      code({ ...opened, settleCard: { cardType: 2, verifyStatus: 2 }, openArrears: 0, appliedToday: 0 }, late),
    ).toBe(8);
    expect(code({ verifiedCards: 0, openArrears: 1 })).toBe(1);
  });

  it('holds the daily limit at its edge: the last allowed withdrawal, then none', () => {
    expect(code({ appliedToday: 2, dailyLimit: 3 })).toBe(0);
    expect(code({ appliedToday: 3, dailyLimit: 3 })).toBe(7);
    expect(code({ appliedToday: 1, dailyLimit: 1 })).toBe(7);
    expect(code({ appliedToday: 0, dailyLimit: 1 })).toBe(0);
  });

  it.each(['2026-11-20', '2027-03-01', '2028-02-29', '2027-12-31'])(
    'closes channel 2 from 23:00 to 01:00 Shanghai on %s, to the minute; channel 1 stays open',
    (day) => {
      const [y, m, d] = day.split('-').map(Number) as [number, number, number];
      const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
      const cases: [string, number][] = [
        [`${day}T22:59:59`, 0],
        [`${day}T23:00:00`, 8],
        [`${day}T23:59:59`, 8],
        [`${next}T00:00:00`, 8],
        [`${next}T00:59:59`, 8],
        [`${next}T01:00:00`, 0],
      ];
      for (const [at, expected] of cases) {
        expect([at, withdrawBlockOf(CHANNEL_2, shanghai(at))?.isWithdrawable ?? 0]).toEqual([at, expected]);
        expect([at, withdrawBlockOf(CAN, shanghai(at))?.isWithdrawable ?? 0]).toEqual([at, 0]);
      }
    },
  );
});
