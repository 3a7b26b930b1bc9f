import { describe, expect, it } from 'vitest';
import { NO_ACCESS, cardDoorRefusal, decideDoorAccess, whiteValid, type DoorCard, type DoorFacts } from './door-access';

/**
 * Door access from the rider page (B-site.md Business rule D13, with D8's online door): a running order at the site, a
 * valid card bound to the site or a non-expired whitelist entry of the site's community opens; everyone else is
 * refused, and nobody opens a door that is offline or not a door guard / gate of a site.
 */

const TODAY = '2026-11-20';

/** A 正常 value card bound to the door's site. */
const valueCard: DoorCard = {
  cardNo: 'C0001',
  cardType: 1,
  status: 3,
  startDate: null,
  endDate: null,
  chargeRuleGroupId: null,
  boundToSite: true,
};
/** A 正常 month card bound to the site, within its period. */
const monthCard: DoorCard = {
  ...valueCard,
  cardNo: 'M0001',
  cardType: 2,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
};

/** A stranger at an online door guard of site 1 (rule group 7). */
const stranger: DoorFacts = {
  door: { id: 66, serialNumber: 'MJ2023003001', deviceType: 4, siteId: 1, status: 1 },
  today: TODAY,
  siteRuleGroupId: 7,
  cardNo: null,
  orders: [],
  cards: [],
  whitelist: [],
};
const facts = (extra: Partial<DoorFacts>): DoorFacts => ({ ...stranger, ...extra });

describe('decideDoorAccess (rule D13)', () => {
  it('opens for a running order at the site', () => {
    expect(decideDoorAccess(facts({ orders: [{ status: 1 }] }))).toEqual({ allowed: true, via: 'order' });
  });

  it('opens for a valid card bound to the site: a 正常 value card (whatever it holds), e-card, area card, month card', () => {
    expect(decideDoorAccess(facts({ cards: [valueCard] }))).toEqual({ allowed: true, via: 'card' });
    expect(decideDoorAccess(facts({ cards: [{ ...valueCard, cardType: 4 }] }))).toEqual({ allowed: true, via: 'card' });
    expect(decideDoorAccess(facts({ cards: [{ ...valueCard, cardType: 3, chargeRuleGroupId: 7 }] }))).toEqual({
      allowed: true,
      via: 'card',
    });
    expect(decideDoorAccess(facts({ cards: [monthCard] }))).toEqual({ allowed: true, via: 'card' });
    // The period's first and last days count.
    expect(decideDoorAccess(facts({ cards: [monthCard], today: '2026-11-01' }))).toMatchObject({ allowed: true });
    expect(decideDoorAccess(facts({ cards: [monthCard], today: '2026-11-30' }))).toMatchObject({ allowed: true });
  });

  it('opens for a whitelist entry of the site’s community: 长期 or expiring today or later', () => {
    expect(decideDoorAccess(facts({ whitelist: [{ expireDate: null }] }))).toEqual({
      allowed: true,
      via: 'whitelist',
    });
    expect(decideDoorAccess(facts({ whitelist: [{ expireDate: TODAY }] }))).toEqual({
      allowed: true,
      via: 'whitelist',
    });
    expect(decideDoorAccess(facts({ whitelist: [{ expireDate: '2027-01-01' }] }))).toMatchObject({ allowed: true });
  });

  it('refuses a stranger', () => {
    expect(decideDoorAccess(stranger)).toEqual({ allowed: false, reason: NO_ACCESS });
  });

  it('refuses an expired whitelist entry', () => {
    expect(decideDoorAccess(facts({ whitelist: [{ expireDate: '2026-11-19' }] }))).toEqual({
      allowed: false,
      reason: '白名单已过期',
    });
    expect(whiteValid({ expireDate: '2026-11-19' }, TODAY)).toBe(false);
  });

  it('refuses a finished order (only 充电中 counts)', () => {
    for (const status of [2, 3, 4, 5])
      expect(decideDoorAccess(facts({ orders: [{ status }] }))).toEqual({ allowed: false, reason: NO_ACCESS });
  });

  it('refuses a card of another site, and an area card whose rule group is no longer the site’s', () => {
    const elsewhere = { ...valueCard, boundToSite: false };
    expect(decideDoorAccess(facts({ cardNo: 'C0001', cards: [elsewhere] }))).toEqual({
      allowed: false,
      reason: '该卡不能在此站点使用',
    });
    const area = { ...valueCard, cardType: 3, chargeRuleGroupId: 8 };
    expect(decideDoorAccess(facts({ cardNo: 'C0001', cards: [area] }))).toEqual({
      allowed: false,
      reason: '该站点收费规则与卡片不一致',
    });
    // A phone whose only card is of another site is a stranger here.
    expect(decideDoorAccess(facts({ cards: [elsewhere] }))).toEqual({ allowed: false, reason: NO_ACCESS });
  });

  it('refuses a card that is not 正常 and a month card outside its period', () => {
    const reasons: [number, string][] = [
      [1, '卡片未激活'],
      [2, '卡片已冻结'],
      [4, '卡片已注销'],
      [5, '月卡已过期'],
      [6, '月卡已停卡'],
    ];
    for (const [status, reason] of reasons)
      expect(decideDoorAccess(facts({ cardNo: 'C0001', cards: [{ ...valueCard, status }] }))).toEqual({
        allowed: false,
        reason,
      });
    // Past endDate (before the 00:00 job has marked it 已过期) and before startDate.
    expect(decideDoorAccess(facts({ cardNo: 'M0001', cards: [monthCard], today: '2026-12-01' }))).toEqual({
      allowed: false,
      reason: '月卡已过期',
    });
    expect(decideDoorAccess(facts({ cardNo: 'M0001', cards: [monthCard], today: '2026-10-31' }))).toEqual({
      allowed: false,
      reason: '月卡未到生效日期',
    });
    expect(cardDoorRefusal({ ...monthCard, endDate: null }, 7, '2030-01-01')).toBeNull();
  });

  it('refuses an unknown card number, and opens when another ground holds', () => {
    expect(decideDoorAccess(facts({ cardNo: 'NOSUCH' }))).toEqual({ allowed: false, reason: '卡片不存在' });
    // One valid card of the phone opens even when another of its cards is frozen.
    expect(decideDoorAccess(facts({ cards: [{ ...valueCard, status: 2 }, monthCard] }))).toEqual({
      allowed: true,
      via: 'card',
    });
    // A frozen card given together with a phone on the whitelist: the whitelist opens.
    expect(
      decideDoorAccess(
        facts({ cardNo: 'C0001', cards: [{ ...valueCard, status: 2 }], whitelist: [{ expireDate: null }] }),
      ),
    ).toEqual({ allowed: true, via: 'whitelist' });
  });

  it('refuses every ground at an offline door, and devices that are no door of a site (D8)', () => {
    const all = { orders: [{ status: 1 }], cards: [valueCard], whitelist: [{ expireDate: null }] };
    const door = stranger.door ?? { id: 0, serialNumber: '', deviceType: 4, siteId: 1, status: 1 };
    expect(decideDoorAccess(facts({ ...all }))).toMatchObject({ allowed: true });
    expect(decideDoorAccess(facts({ ...all, door: { ...door, status: 2 } }))).toEqual({
      allowed: false,
      reason: '设备离线，无法开门',
    });
    // A gate opens like a door guard; a 故障 device is still on line.
    expect(decideDoorAccess(facts({ ...all, door: { ...door, deviceType: 5 } }))).toMatchObject({ allowed: true });
    expect(decideDoorAccess(facts({ ...all, door: { ...door, status: 3 } }))).toMatchObject({ allowed: true });
    expect(decideDoorAccess(facts({ ...all, door: { ...door, deviceType: 1 } }))).toEqual({
      allowed: false,
      reason: '该设备不是门禁或道闸',
    });
    expect(decideDoorAccess(facts({ ...all, door: { ...door, siteId: null } }))).toEqual({
      allowed: false,
      reason: '设备未安装到站点',
    });
    expect(decideDoorAccess(facts({ ...all, door: null }))).toEqual({ allowed: false, reason: '设备不存在' });
  });
});
