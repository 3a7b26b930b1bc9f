import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SitesStore } from '@/stores/domain/sites';
import type { ChargeRule } from '@/api/site';
import * as siteApi from '@/api/site';
import * as api from '@/api/site-settings';
import { DEFAULT_CHARGE_RULE } from '@/api/site-settings-rules';
import {
  ChargeSettingsStore,
  chargeFormOf,
  chargeRuleOf,
  tierExample,
  tierRangeLabels,
  type ChargeForm,
} from './site-settings-charge';

vi.mock('@/api/site-settings', () => ({
  modifySite: vi.fn(),
  getOperationMode: vi.fn(),
  sameSiteRuleList: vi.fn(),
  haveCard: vi.fn(),
  simpleSiteList: vi.fn(),
}));
vi.mock('@/api/site', async (original) => ({
  ...(await original<typeof siteApi>()),
  getSiteBaseInfo: vi.fn(),
}));

const mocked = vi.mocked(api);
const mockedSite = vi.mocked(siteApi);

const MODE2: ChargeRule = { ...DEFAULT_CHARGE_RULE, billingMode: 2, tiers: [], energyPrice: 80, servicePrice: 70 };

describe('the charge form (B §4 setCharger)', () => {
  it('round-trips a stored rule through the form (yuan, hours)', () => {
    const form = chargeFormOf(DEFAULT_CHARGE_RULE);
    expect(form.tiers.map((t) => [t.maxPower, t.price])).toEqual([
      ['200', '0.25'],
      ['400', '0.40'],
      ['700', '0.60'],
      ['1000', '0.80'],
    ]);
    expect(form.maxHours).toBe('12');
    expect(chargeRuleOf(form)).toEqual(DEFAULT_CHARGE_RULE);
    expect(chargeRuleOf(chargeFormOf(MODE2))).toEqual(MODE2);
  });

  it('names the field that is not a number of its kind', () => {
    const form = chargeFormOf(DEFAULT_CHARGE_RULE);
    const withField = (patch: Partial<ChargeForm>) => chargeRuleOf({ ...form, ...patch });
    expect(withField({ tiers: [{ key: 1, maxPower: '1000', price: '0.255' }] })).toBe('单价需在0.01-10元/小时之间');
    expect(withField({ tiers: [{ key: 1, maxPower: '1k', price: '0.25' }] })).toBe('功率档位上限需为递增的整数');
    expect(withField({ freeMinutes: '2.5' })).toBe('免费时长需为0-30分钟的整数');
    expect(withField({ maxHours: '' })).toBe('单次最长时长需为1-24小时的整数');
    expect(withField({ coinMinutes: '' })).toMatchObject({ coinMinutes: 0 });
    expect(withField({ billingMode: 2, energyPrice: '', servicePrice: '' })).toBe('电费需在0.01-5.00元/度之间');
    expect(withField({ billingMode: 2, energyPrice: '0.8', servicePrice: '' })).toMatchObject({
      tiers: [],
      energyPrice: 80,
      servicePrice: 0,
    });
  });

  it('labels the ranges and shows what ¥1 buys (capped by the longest charge)', () => {
    expect(tierRangeLabels([{ maxPower: '200' }, { maxPower: '400' }, { maxPower: '' }])).toEqual([
      '0-200W',
      '200-400W',
      '400-?W',
    ]);
    expect(tierExample(DEFAULT_CHARGE_RULE)).toBe(
      '1元可充: ≤200W 4小时 / 200-400W 2.5小时 / 400-700W 1.7小时 / 700-1000W 1.3小时',
    );
    expect(tierExample({ ...DEFAULT_CHARGE_RULE, tiers: [{ maxPower: 1000, price: 10 }], maxMinutes: 360 })).toBe(
      '1元可充: ≤1000W 6小时',
    );
  });
});

describe('ChargeSettingsStore', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    mockedSite.getSiteBaseInfo.mockResolvedValue({ id: 4, editable: true, chargeRule: DEFAULT_CHARGE_RULE } as never);
    mocked.getOperationMode.mockResolvedValue({
      supportModes: [1, 2],
      currentMode: 1,
      supportCoin: true,
      supportFullStop: true,
      maxPower: 1000,
    } as never);
    mocked.sameSiteRuleList.mockResolvedValue([{ siteId: 6, siteName: '古荡新村充电站', boxCount: 0 }] as never);
    mocked.modifySite.mockResolvedValue({ id: 4 } as never);
  });

  it('adds a tier inside the highest range and keeps the last one at maxPower when deleting', async () => {
    const store = new ChargeSettingsStore(new SitesStore(), 4);
    expect(await store.load()).toBe(true);
    expect(store.changed).toBe(false);
    store.addTier();
    expect(store.form?.tiers.map((t) => t.maxPower)).toEqual(['200', '400', '700', '850', '1000']);
    store.addTier();
    expect(store.canAddTier).toBe(false);
    store.addTier();
    expect(store.form?.tiers).toHaveLength(6);
    const last = store.form?.tiers.at(-1)?.key ?? 0;
    store.removeTier(last);
    expect(store.form?.tiers.at(-1)?.maxPower).toBe('1000');
    expect(typeof store.rule).not.toBe('string');
    expect(store.dirty).toBe(true);
  });

  it('checks prepay amounts as they are added', async () => {
    const store = new ChargeSettingsStore(new SitesStore(), 4);
    await store.load();
    expect(store.addPrepay('0.05')).toBe('预付金额需在0.1-100元之间');
    expect(store.addPrepay('2')).toBe('预付金额不能重复');
    expect(store.addPrepay('8')).toBeNull();
    expect(store.addPrepay('4.5')).toBeNull();
    expect(store.form?.prepayOptions).toEqual([100, 200, 300, 450, 500, 800]);
    expect(store.addPrepay('9')).toBe('预付金额需设置1-6个');
    store.removePrepay(450);
    expect(store.form?.prepayOptions).toEqual([100, 200, 300, 500, 800]);
  });

  it('validates against the boxes, asks about cards only for a changed rule, and saves the normalised rule', async () => {
    const store = new ChargeSettingsStore(new SitesStore(), 4);
    await store.load();
    mocked.haveCard.mockResolvedValue({ haveCard: true, cardCount: 2 } as never);
    expect(await store.needsCardConfirm()).toBe(false);
    const key = store.form?.tiers.at(-1)?.key ?? 0;
    store.updateTier(key, { maxPower: '900' });
    expect(store.rule).toBe('最高档位需覆盖至1000W');
    expect(await store.save()).toBe('最高档位需覆盖至1000W');
    store.updateTier(key, { maxPower: '1000', price: '0.9' });
    store.update({ freeMinutes: '3', maxHours: '10' });
    expect(store.changed).toBe(true);
    expect(await store.needsCardConfirm()).toBe(true);
    expect(await store.save()).toEqual({ id: 4 });
    expect(mocked.modifySite).toHaveBeenCalledWith({
      siteId: 4,
      chargeRule: {
        ...DEFAULT_CHARGE_RULE,
        tiers: [...DEFAULT_CHARGE_RULE.tiers.slice(0, 3), { maxPower: 1000, price: 90 }],
        freeMinutes: 3,
        maxMinutes: 600,
      },
    });
    expect(store.dirty).toBe(false);
    expect(store.changed).toBe(false);
  });

  it('refuses unsupported modes, gives mode 1 default tiers again, and copies another site', async () => {
    mocked.getOperationMode.mockResolvedValue({
      supportModes: [1],
      currentMode: 2,
      supportCoin: false,
      supportFullStop: true,
      maxPower: 1000,
    } as never);
    mockedSite.getSiteBaseInfo.mockResolvedValue({ id: 4, editable: true, chargeRule: MODE2 } as never);
    const store = new ChargeSettingsStore(new SitesStore(), 4);
    await store.load();
    expect(store.rule).toBe('本站点设备不支持该计费方式');
    store.update({ billingMode: 2 });
    store.update({ billingMode: 1 });
    expect(store.form?.tiers.map((t) => t.maxPower)).toEqual(['200', '400', '700', '1000']);
    mockedSite.getSiteBaseInfo.mockResolvedValue({
      id: 1,
      chargeRule: { ...DEFAULT_CHARGE_RULE, coinMinutes: 0 },
    } as never);
    expect(await store.copyFrom(1)).toBe(true);
    expect(store.form?.coinMinutes).toBe('0');
    expect(store.dirty).toBe(true);
  });
});
