import { tomorrowOf } from '@/lib/time';
import { bpToPercent } from '@/lib/rate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '@platform/types';
import type { SiteDetail, SiteShareRule } from '@/api/site';
import * as siteApi from '@/api/site';
import * as api from '@/api/site-settings';
import { RootStore } from '@/stores/root';
import { SiteProfileStore, shareSavedText, shareSummary, versionStatusText, workingVersion } from './site-settings';

vi.mock('@/api/site-settings', () => ({
  modifySite: vi.fn(),
  checkAuditSiteInfo: vi.fn(),
  querySiteInstalmentStatus: vi.fn(),
  countGrantedSiteApplies: vi.fn(),
  selectContractCodeList: vi.fn(),
  contractDetail: vi.fn(),
  haveCard: vi.fn(),
  delSite: vi.fn(),
}));
vi.mock('@/api/site', async (original) => ({
  ...(await original<typeof siteApi>()),
  getSiteBaseInfo: vi.fn(),
  getCommunitySimpleList: vi.fn(),
}));

const mocked = vi.mocked(api);
const mockedSite = vi.mocked(siteApi);

const RULE: SiteShareRule = {
  shareMode: 2,
  electricBearer: 1,
  electricPrice: 60,
  channelFeeBearer: 1,
  platformFeeBearer: 3,
  parties: [
    {
      userId: 10003,
      partyType: 2,
      name: '翠苑物业',
      phone: '',
      chargeRate: 3000,
      cardRate: 3000,
      coinRate: 3000,
      remark: '',
    },
    { userId: 10002, partyType: 3, name: '张伟', phone: '', chargeRate: 550, cardRate: 550, coinRate: 550, remark: '' },
  ],
};

describe('display rules of the profile (B §4)', () => {
  it('tomorrow is the Asia/Shanghai day after, whatever the phone zone', () => {
    expect(tomorrowOf(Date.parse('2026-11-20T23:59:00+08:00'))).toBe('2026-11-21');
    expect(tomorrowOf(Date.parse('2026-11-20T16:30:00Z'))).toBe('2026-11-22'); // 00:30 on the 21st in Shanghai
    expect(tomorrowOf(Date.parse('2026-12-31T12:00:00+08:00'))).toBe('2027-01-01');
  });

  it('shows rates as the inputs take them', () => {
    expect(bpToPercent(3000)).toBe('30');
    expect(bpToPercent(1250)).toBe('12.5');
    expect(bpToPercent(25)).toBe('0.25');
    expect(bpToPercent(0)).toBe('0');
  });

  it('summarises the share terms', () => {
    expect(shareSummary(RULE)).toBe('综合分成 · 物业30% · 代理商5.5%');
    expect(shareSummary({ ...RULE, parties: [] })).toBe('综合分成 · 全部归运营商');
    expect(shareSummary({ ...RULE, shareMode: 1 })).toBe('分项分成 · 2个分成方');
  });

  it('describes a version and the outcome of a save', () => {
    expect(versionStatusText({ status: 1, effectiveDate: '2026-10-08', rejectReason: null })).toBe(
      '生效中 · 2026-10-08起',
    );
    expect(versionStatusText({ status: 2, effectiveDate: '2026-11-21', rejectReason: null })).toBe(
      '待生效 · 2026-11-21起',
    );
    expect(versionStatusText({ status: 3, effectiveDate: '2026-11-21', rejectReason: null })).toBe('审核中');
    expect(versionStatusText({ status: 4, effectiveDate: '2026-11-21', rejectReason: '物业未同意' })).toBe(
      '已驳回：物业未同意',
    );
    expect(shareSavedText({ id: 1, shareRuleStatus: 2, effectiveDate: '2026-11-21' })).toBe('已保存，2026-11-21生效');
    expect(shareSavedText({ id: 1, shareRuleStatus: 2, effectiveDate: '2026-11-21' }, '添加成功')).toBe(
      '添加成功，2026-11-21生效',
    );
    expect(shareSavedText({ id: 1, shareRuleStatus: 3, effectiveDate: '2026-11-21' })).toBe('已提交平台审核');
  });

  it('the working copy is the newest version that is not 已失效', () => {
    const v = (version: number, status: 1 | 2 | 3 | 4 | 5) => ({
      version,
      status,
      effectiveDate: '',
      rule: RULE,
      submitTime: 0,
      rejectReason: null,
    });
    expect(workingVersion([v(3, 5), v(2, 4), v(1, 1)])?.version).toBe(2);
    expect(workingVersion([v(2, 1), v(1, 5)])?.version).toBe(2);
    expect(workingVersion(null)).toBeNull();
  });
});

describe('SiteProfileStore', () => {
  const detail = {
    id: 4,
    name: '嘉绿苑东区车棚',
    contacts: '陈建国',
    contactsPhone: '13800138000',
    servicePhone: '400-800-1234',
    boxCount: 0,
    guardCount: 0,
    cameraCount: 0,
    smokeCount: 0,
    editable: true,
    communityId: 3,
  } as unknown as SiteDetail;

  let root: RootStore;
  beforeEach(() => {
    vi.resetAllMocks();
    root = new RootStore({ client: 'r9a_weixin' } as unknown as Platform);
    mockedSite.getSiteBaseInfo.mockResolvedValue(detail as never);
    mocked.checkAuditSiteInfo.mockResolvedValue({ auditStatus: 0, submitTime: null, rejectReason: null } as never);
    mocked.countGrantedSiteApplies.mockResolvedValue({ list: [], total: 2 } as never);
  });

  it('loads the detail, then the review state and the granted applications', async () => {
    const store = new SiteProfileStore(root, 4);
    expect(await store.load()).toBe(true);
    expect(store.editable).toBe(true);
    expect(store.applies.data?.total).toBe(2);
    expect(mocked.querySiteInstalmentStatus).not.toHaveBeenCalled(); // not a split-mode account
  });

  it('reports a site that cannot be loaded', async () => {
    mockedSite.getSiteBaseInfo.mockRejectedValue(new Error('站点不存在或无权查看'));
    const store = new SiteProfileStore(root, 99);
    expect(await store.load()).toBe(false);
    expect(mocked.checkAuditSiteInfo).not.toHaveBeenCalled();
  });

  it('validates a field before sending it, sends only a change, and marks the site list dirty', async () => {
    const store = new SiteProfileStore(root, 4);
    await store.load();
    expect(await store.editText('contactsPhone', '123')).toBe('请输入正确的手机号');
    expect(await store.editText('contacts', ' 陈建国 ')).toBeNull();
    expect(mocked.modifySite).not.toHaveBeenCalled();
    mocked.modifySite.mockResolvedValue({ id: 4 } as never);
    const version = root.sites.changes;
    expect(await store.editText('contacts', ' 王五 ')).toBeNull();
    expect(mocked.modifySite).toHaveBeenCalledWith({ siteId: 4, contacts: '王五' });
    expect(root.sites.changes).toBe(version + 1);
    mocked.modifySite.mockRejectedValue(new Error('站点名称已存在'));
    expect(await store.editText('name', '翠苑一区8栋车棚')).toBe(false);
  });

  it('checks devices and cards before deleting', async () => {
    const store = new SiteProfileStore(root, 4);
    mockedSite.getSiteBaseInfo.mockResolvedValue({ ...detail, smokeCount: 1 } as never);
    await store.load();
    expect(await store.deleteBlocker()).toBe('站点下还有设备，请先解绑所有设备');
    mockedSite.getSiteBaseInfo.mockResolvedValue(detail as never);
    await store.load();
    mocked.haveCard.mockResolvedValue({ haveCard: true, cardCount: 3 } as never);
    expect(await store.deleteBlocker()).toBe('站点已绑定3张卡，请先解绑卡片');
    mocked.haveCard.mockResolvedValue({ haveCard: false, cardCount: 0 } as never);
    expect(await store.deleteBlocker()).toBeNull();
    mocked.delSite.mockResolvedValue(null as never);
    expect(await store.deleteSite()).toBe(true);
    expect(mocked.delSite).toHaveBeenCalledWith(4);
  });
});
