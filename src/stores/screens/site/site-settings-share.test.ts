import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '@platform/types';
import type { ShareParty, SiteDetail, SiteShareRule } from '@/api/site';
import * as siteApi from '@/api/site';
import * as api from '@/api/site-settings';
import type { ShareRuleVersion } from '@/api/site-settings';
import { RootStore } from '@/stores/root';
import { AddPartyStore, CostSettingsStore, ShareSettingsStore } from './site-settings-share';

vi.mock('@/api/site-settings', () => ({
  modifySite: vi.fn(),
  checkAuditSiteInfo: vi.fn(),
  getCommercialByPhone: vi.fn(),
  querySiteShareRuleList: vi.fn(),
  querySiteShareSimpleProportionList: vi.fn(),
}));
vi.mock('@/api/site', async (original) => ({
  ...(await original<typeof siteApi>()),
  getSiteBaseInfo: vi.fn(),
}));

const mocked = vi.mocked(api);
const mockedSite = vi.mocked(siteApi);

const party = (userId: number, partyType: ShareParty['partyType'], bp: number, extra: Partial<ShareParty> = {}) => ({
  userId,
  partyType,
  name: `P${userId}`,
  phone: '13800000000',
  chargeRate: bp,
  cardRate: bp,
  coinRate: bp,
  remark: '',
  ...extra,
});

const RULE: SiteShareRule = {
  shareMode: 2,
  electricBearer: 1,
  electricPrice: 60,
  channelFeeBearer: 1,
  platformFeeBearer: 1,
  parties: [party(10003, 2, 3000), party(10001, 5, 1000)],
};

const version = (v: number, status: ShareRuleVersion['status'], rule: SiteShareRule): ShareRuleVersion => ({
  version: v,
  status,
  effectiveDate: '2026-11-21',
  rule,
  submitTime: 0,
  rejectReason: null,
});

function site(patch: Partial<SiteDetail> = {}): SiteDetail {
  return { id: 7, merchantId: 10003, merchantName: '翠苑物业', editable: true, ...patch } as unknown as SiteDetail;
}

let root: RootStore;
beforeEach(() => {
  vi.resetAllMocks();
  root = new RootStore({ client: 'r9a_weixin' } as unknown as Platform);
  localStorage.setItem('ExtendPermission', JSON.stringify({ mainAccountId: 10002, settleMode: 1 }));
  root.session.reload();
  mockedSite.getSiteBaseInfo.mockResolvedValue(site() as never);
  mocked.querySiteShareRuleList.mockResolvedValue([version(2, 5, RULE), version(1, 1, RULE)] as never);
  mocked.querySiteShareSimpleProportionList.mockResolvedValue([
    { siteId: 7, siteName: 'self', shareMode: 2, chargeRate: 3000, cardRate: 3000, coinRate: 3000 },
    { siteId: 2, siteName: '翠苑一区8栋车棚', shareMode: 1, chargeRate: 3000, cardRate: 2000, coinRate: 1000 },
  ] as never);
  mocked.checkAuditSiteInfo.mockResolvedValue({ auditStatus: 0, submitTime: null, rejectReason: null } as never);
  mocked.modifySite.mockResolvedValue({ id: 7, shareRuleStatus: 2, effectiveDate: '2026-11-21' } as never);
});

describe('ShareSettingsStore (integrateSet / benefitSet)', () => {
  it('edits the working copy: one rate in mode 2, the remainder, the example, the property on other sites', async () => {
    const store = new ShareSettingsStore(root, 7, 2);
    expect(await store.load()).toBe(true);
    expect(store.parties.map((p) => p.rates.chargeRate)).toEqual(['30', '10']);
    expect(store.modeBanner).toBe('当前：综合分成');
    expect(store.peers.data).toEqual([
      { siteId: 2, siteName: '翠苑一区8栋车棚', shareMode: 1, rates: '充电30% 充值20% 投币10%' },
    ]);
    store.setRate(10003, 'chargeRate', '35.5');
    expect(store.parties[0]?.rates).toEqual({ chargeRate: '35.5', cardRate: '35.5', coinRate: '35.5' });
    expect(store.remainder.chargeRate).toBe(5450);
    expect(store.example).toEqual([
      { label: 'P10003', fen: 3550 },
      { label: 'P10001', fen: 1000 },
      { label: '运营商', fen: 5450 },
    ]);
    expect(store.dirty).toBe(true);
    // The 上级 row cannot be changed or removed.
    store.setRate(10001, 'chargeRate', '0');
    store.removeParty(10001);
    expect(store.parties[1]?.rates.chargeRate).toBe('10');
  });

  it('validates rates and sums before saving, and saves the whole rule in bp', async () => {
    const store = new ShareSettingsStore(root, 7, 2);
    await store.load();
    store.setRate(10003, 'chargeRate', '30.123');
    expect(store.validate()).toBe('分成比例需在0-100%之间');
    expect(store.remainder.chargeRate).toBeNull();
    store.setRate(10003, 'chargeRate', '90.01');
    expect(store.validate()).toBe('分成比例合计不能超过100%');
    expect(await store.save()).toBe('分成比例合计不能超过100%');
    expect(mocked.modifySite).not.toHaveBeenCalled();
    store.setRate(10003, 'chargeRate', '0');
    expect(store.hasZeroRate).toBe(true);
    store.setRate(10003, 'chargeRate', '25');
    expect(await store.save()).toEqual({ id: 7, shareRuleStatus: 2, effectiveDate: '2026-11-21' });
    expect(mocked.modifySite).toHaveBeenCalledWith({
      siteId: 7,
      siteShareRule: expect.objectContaining({
        shareMode: 2,
        electricPrice: 60,
        parties: [
          expect.objectContaining({ userId: 10003, chargeRate: 2500, cardRate: 2500, coinRate: 2500 }),
          expect.objectContaining({ userId: 10001, partyType: 5, chargeRate: 1000 }),
        ],
      }),
    });
    expect(store.dirty).toBe(false);
  });

  it('per-type rates in mode 1, with the column message; a review blocks editing', async () => {
    const store = new ShareSettingsStore(root, 7, 1);
    await store.load();
    expect(store.modeBanner).toBe('当前为综合分成，保存后将切换为分项分成');
    store.setRates(10003, { chargeRate: '30', cardRate: '95', coinRate: '10' });
    expect(store.remainder).toEqual({ chargeRate: 6000, cardRate: -500, coinRate: 8000 });
    expect(store.validate()).toBe('充值收入分成合计不能超过100%');
    mocked.querySiteShareRuleList.mockResolvedValue([version(2, 3, RULE), version(1, 1, RULE)] as never);
    await store.load();
    expect(store.ctx.inReview).toBe(true);
    store.setRate(10003, 'chargeRate', '1');
    expect(store.parties[0]?.rates.chargeRate).toBe('30');
    mocked.checkAuditSiteInfo.mockResolvedValue({ auditStatus: 1, submitTime: 0, rejectReason: null } as never);
    expect(await store.ctx.reviewBlock()).toBe('分成变更审核中，暂不可修改');
  });
});

describe('AddPartyStore (benefitAdd)', () => {
  it('preselects 代理商 when the property is already a party; checks the looked-up account', async () => {
    const store = new AddPartyStore(root, 7, 2);
    await store.load();
    expect(store.propertyDisabled).toBe('物业已是分成方');
    expect(store.partyType).toBe(3);
    expect(store.remaining).toEqual({ chargeRate: 6000, cardRate: 6000, coinRate: 6000 });
    store.setPhone('138-0013-8001');
    expect(store.phone).toBe('13800138001');
    const lookup = async (answer: object) => {
      mocked.getCommercialByPhone.mockResolvedValue(answer as never);
      expect(await store.search()).toBeNull();
    };
    await lookup({ exists: false });
    expect(store.notice).toBe('该手机号未注册平台账号');
    await lookup({ exists: true, userId: 10002, shortName: '我', accountType: 2 });
    expect(store.candidateError).toBe('不能添加自己为分成方');
    await lookup({ exists: true, userId: 10003, shortName: '翠苑物业', accountType: 3 });
    expect(store.candidateError).toBe('该账号已是分成方');
    await lookup({ exists: true, userId: 10005, shortName: '李娜', accountType: 4 });
    expect(store.candidateError).toBe('该账号类型不能参与分成');
    await lookup({ exists: true, userId: 10009, shortName: '滨江智充', accountType: 1 });
    expect(store.candidateError).toBe('该账号不是代理商');
    store.setType(4);
    expect(store.candidateError).toBeNull();
    // Typing another phone forgets the lookup.
    store.setPhone('13800138009');
    expect(store.candidate).toBeNull();
    store.setPhone('13800138001');
    expect(store.candidate?.userId).toBe(10009);
  });

  it('keeps the rates within what remains and saves the working copy plus the party', async () => {
    const store = new AddPartyStore(root, 7, 2);
    await store.load();
    store.setType(4);
    store.setPhone('13800138008');
    mocked.getCommercialByPhone.mockResolvedValue({
      exists: true,
      userId: 10009,
      shortName: '滨江智充',
      accountType: 1,
    } as never);
    await store.search();
    store.setRate('chargeRate', '60.01');
    expect(store.notice).toBe('超出剩余可分配比例');
    expect(store.canSubmit).toBe(false);
    store.setRate('chargeRate', '12.345');
    expect(store.notice).toBe('分成比例需在0-100%之间');
    store.setRate('chargeRate', '12.5');
    store.setRemark('合作推广');
    expect(store.canSubmit).toBe(true);
    expect(await store.submit()).toEqual({ id: 7, shareRuleStatus: 2, effectiveDate: '2026-11-21' });
    const sent = mocked.modifySite.mock.calls[0]?.[0];
    expect(sent?.siteShareRule?.shareMode).toBe(2);
    expect(sent?.siteShareRule?.parties.at(-1)).toMatchObject({
      userId: 10009,
      partyType: 4,
      chargeRate: 1250,
      cardRate: 1250,
      coinRate: 1250,
      remark: '合作推广',
    });
  });

  it('refuses a sixth party and allows the property only when linked and not yet a party', async () => {
    const five = { ...RULE, parties: [10, 11, 12, 13, 14].map((id) => party(id, 4, 100)) };
    mocked.querySiteShareRuleList.mockResolvedValue([version(1, 1, five)] as never);
    const store = new AddPartyStore(root, 7, 1);
    await store.load();
    expect(store.partyType).toBe(2);
    expect(store.notice).toBe('最多添加5个分成方');
    expect(store.validate()).toBe('最多添加5个分成方');
    mockedSite.getSiteBaseInfo.mockResolvedValue(site({ merchantId: null, merchantName: null }) as never);
    const noProperty = new AddPartyStore(root, 7, 1);
    await noProperty.load();
    expect(noProperty.propertyDisabled).toBe('请先在站点资料中关联物业');
    noProperty.setType(2);
    expect(noProperty.partyType).toBe(3);
  });

  it('a per-type party from benefitSet switches the rule to 分项分成', async () => {
    mocked.querySiteShareRuleList.mockResolvedValue([version(1, 1, { ...RULE, parties: [] })] as never);
    const store = new AddPartyStore(root, 7, 1);
    await store.load();
    expect(store.candidate?.userId).toBe(10003);
    store.setRate('chargeRate', '30');
    store.setRate('cardRate', '20');
    store.setRate('coinRate', '0');
    await store.submit();
    expect(mocked.modifySite.mock.calls[0]?.[0].siteShareRule).toMatchObject({
      shareMode: 1,
      parties: [{ userId: 10003, partyType: 2, chargeRate: 3000, cardRate: 2000, coinRate: 0 }],
    });
  });
});

describe('CostSettingsStore (expensesSet)', () => {
  it('prefills the cost form from the working copy and saves the whole rule with the cost fields changed', async () => {
    const pending = { ...RULE, electricPrice: 80 };
    mocked.querySiteShareRuleList.mockResolvedValue([version(2, 2, pending), version(1, 1, RULE)] as never);
    const store = new CostSettingsStore(root, 7);
    await store.load();
    expect(store.pending?.version).toBe(2);
    expect(store.editing).toBe(false);
    store.startEdit();
    const form = store.form;
    expect(form?.values).toEqual({
      electricBearer: 1,
      electricPrice: '0.80',
      channelFeeBearer: 1,
      platformFeeBearer: 1,
    });
    form?.set({ electricPrice: '2.01' });
    expect(store.validate()).toBe('电费单价需在0.01-2.00元/度之间');
    expect(await store.save()).toBe('电费单价需在0.01-2.00元/度之间');
    form?.set({ electricPrice: 'abc' });
    expect(store.validate()).toBe('电费单价需在0.01-2.00元/度之间');
    expect(store.formExample).toBeNull();
    form?.set({ electricBearer: 2 });
    expect(form?.priceShown).toBe(false);
    expect(store.validate()).toBeNull();
    expect(store.formExample?.rows).toEqual([
      { label: 'P10003', fen: 3000 },
      { label: 'P10001', fen: 1000 },
      { label: '运营商', fen: 5940 },
    ]);
    form?.set({ electricBearer: 3, electricPrice: '0.5', channelFeeBearer: 3 });
    expect(mocked.modifySite).not.toHaveBeenCalled();
    await store.save();
    expect(mocked.modifySite).toHaveBeenCalledWith({
      siteId: 7,
      siteShareRule: { ...pending, electricBearer: 3, electricPrice: 50, channelFeeBearer: 3, platformFeeBearer: 1 },
    });
    expect(store.editing).toBe(false);
  });

  it('without a property only 运营商承担 can be chosen; while a change is under review nothing opens', async () => {
    mockedSite.getSiteBaseInfo.mockResolvedValue(site({ merchantId: null }) as never);
    const store = new CostSettingsStore(root, 7);
    await store.load();
    store.startEdit();
    store.form?.set({ electricBearer: 3 });
    expect(store.form?.values.electricBearer).toBe(1);
    expect(store.form?.priceShown).toBe(false);
    mocked.querySiteShareRuleList.mockResolvedValue([version(2, 3, RULE), version(1, 1, RULE)] as never);
    const reviewed = new CostSettingsStore(root, 7);
    await reviewed.load();
    reviewed.startEdit();
    expect(reviewed.editing).toBe(false);
  });
});
