import { DEFAULT_PERMISSIONS } from '../../../src/api/permissions';
import { DEFAULT_CHARGE_RULE } from '../../../src/api/site-settings-rules';
import bcrypt from 'bcryptjs';
import { addDays, DAY_MS, dayOf, instantOf, lastDayOfMonth } from '../../lib/time';
import { ACC, type ChargerDef, type SeedCtx, type SiteDef, type VersionDef } from './context';
import {
  type ChargeRule,
  HOUR_MS,
  IMG,
  MIN_MS,
  QR_BASE_URL,
  ebikePlate,
  mobile,
  pad,
  personName,
  ruleHash,
  ruleSummary,
  stamp,
} from './util';

/** Default permissions of operators and agents, properties and builders (the contract's, src/api/permissions). */
export const ALL_PERMISSIONS = [...DEFAULT_PERMISSIONS[1]];
export const PROPERTY_PERMISSIONS = [...DEFAULT_PERMISSIONS[3]];
export const BUILDER_PERMISSIONS = [...DEFAULT_PERMISSIONS[5]];
/** Permissions of the demo sub-account 10005. */
export const SUB_ACCOUNT_PERMISSIONS = [
  'site:view',
  'order:view',
  'card:view',
  'card:edit',
  'card:recharge',
  'income:view',
  'bill:view',
  'message',
];

/** Demo password of every login account. */
export const DEMO_PASSWORD = 'sandbox123';
let passwordHashCache: string | null = null;
/** bcrypt (cost 8) of the demo password, computed once; a fixed salt keeps the seed byte-for-byte deterministic. */
export function demoPasswordHash(): string {
  passwordHashCache ??= bcrypt.hashSync(DEMO_PASSWORD, '$2b$08$SandboxDemoSaltValue12');
  return passwordHashCache;
}

/** Platform default charge rule (B-site §0.3): the contract's, the one addSite gives a new site. */
export const DEFAULT_RULE: ChargeRule = DEFAULT_CHARGE_RULE;

const RULE_AREA_A: ChargeRule = {
  ...DEFAULT_RULE,
  tiers: [
    { maxPower: 200, price: 30 },
    { maxPower: 400, price: 50 },
    { maxPower: 700, price: 70 },
    { maxPower: 1000, price: 90 },
  ],
  coinMinutes: 0,
};
const RULE_WENXIN: ChargeRule = { ...DEFAULT_RULE, maxMinutes: 600, coinMinutes: 0 };
const RULE_JIALV_EAST: ChargeRule = {
  ...DEFAULT_RULE,
  tiers: [
    { maxPower: 250, price: 30 },
    { maxPower: 500, price: 50 },
    { maxPower: 1000, price: 80 },
  ],
  prepayOptions: [100, 200, 400],
  coinMinutes: 0,
};
const RULE_XIXI_AGENT: ChargeRule = {
  ...DEFAULT_RULE,
  billingMode: 2,
  tiers: [],
  energyPrice: 80,
  servicePrice: 70,
  prepayOptions: [100, 200, 300],
  coinMinutes: 0,
};
const RULE_SPLIT_OPERATOR: ChargeRule = {
  ...DEFAULT_RULE,
  tiers: [
    { maxPower: 200, price: 30 },
    { maxPower: 400, price: 50 },
    { maxPower: 700, price: 70 },
    { maxPower: 1000, price: 100 },
  ],
  coinMinutes: 0,
};

/** Device model catalogue (B-site DeviceModel). */
export const DEVICE_MODELS = [
  {
    model: 'R9-10',
    deviceType: 1,
    socketCount: 10,
    maxPower: 1000,
    supportModes: [1, 2],
    supportCoin: true,
    supportFullStop: true,
    supportMesh: true,
    needVerifyCode: false,
    commType: 1,
  },
  {
    model: 'R9-12',
    deviceType: 2,
    socketCount: 12,
    maxPower: 1000,
    supportModes: [1, 2],
    supportCoin: false,
    supportFullStop: true,
    supportMesh: true,
    needVerifyCode: false,
    commType: 1,
  },
  {
    model: 'R9-2',
    deviceType: 3,
    socketCount: 2,
    maxPower: 1200,
    supportModes: [1, 2],
    supportCoin: false,
    supportFullStop: true,
    supportMesh: false,
    needVerifyCode: false,
    commType: 1,
  },
  {
    model: 'MJ-1',
    deviceType: 4,
    socketCount: 0,
    maxPower: 0,
    supportModes: [],
    supportCoin: false,
    supportFullStop: false,
    supportMesh: false,
    needVerifyCode: false,
    commType: 1,
  },
  {
    model: 'U8',
    deviceType: 5,
    socketCount: 0,
    maxPower: 0,
    supportModes: [],
    supportCoin: false,
    supportFullStop: false,
    supportMesh: false,
    needVerifyCode: false,
    commType: 1,
  },
  {
    model: 'LC-C6',
    deviceType: 6,
    socketCount: 0,
    maxPower: 0,
    supportModes: [],
    supportCoin: false,
    supportFullStop: false,
    supportMesh: false,
    needVerifyCode: true,
    commType: 2,
  },
  {
    model: 'YG-NB1',
    deviceType: 7,
    socketCount: 0,
    maxPower: 0,
    supportModes: [],
    supportCoin: false,
    supportFullStop: false,
    supportMesh: false,
    needVerifyCode: false,
    commType: 1,
  },
] as const;

export interface World {
  sites: Map<number, SiteDef>;
  /** Area group of sites 1–2 ("区域A"). */
  areaGroupId: number;
  groupNames: Map<number, string>;
  riders: { id: number; nickname: string; phone: string; license: string }[];
  accountNames: Map<number, string>;
  /** Boxes of the unsigned operator's site, etc. by site. */
  boxesBySite: Map<number, number[]>;
  deviceSerial: Map<number, string>;
  stockBoxIds: number[];
  /** Every charger by id (stock boxes included). */
  chargerDefs: Map<number, ChargerDef>;
}

/** Epoch ms of `hh:mm` on day `day` (lib/time instantOf). */
export const at = instantOf;

/** Accounts 10001–10009 (entities.md › Demo data table). */
function seedAccounts(ctx: SeedCtx, names: Map<number, string>): void {
  const hash = demoPasswordHash();
  const created = (daysAgo: number) => at(addDays(ctx.today, -daysAgo), 10, 12);
  const base = {
    servicePhone: '400-800-1234',
    email: null,
    remark: '',
    inviteCode: null,
    parentId: null,
    status: 1,
    settleMode: 0,
    signStatus: 0,
    dataScope: 1,
    siteIds: [],
    superiorShareRate: null,
    onMessage: 1,
    phoneMessageReceive: 1,
    lastLoginTime: null,
  };
  const rows = [
    {
      ...base,
      id: ACC.operator,
      accountType: 1,
      phone: '13800138000',
      passwordHash: hash,
      name: '杭州易充科技有限公司',
      shortName: '杭州易充科技',
      logo: IMG('logo-yichong.png'),
      contacts: '陈建国',
      contactPhone: '13800138000',
      email: 'ops@yichong-hz.cn',
      alarmPhone: '13800138000',
      inviteCode: 'YC8888',
      mainAccountId: ACC.operator,
      settleMode: 1,
      signStatus: 2,
      permissions: ALL_PERMISSIONS,
      createTime: created(420),
      lastLoginTime: ctx.now - 3 * HOUR_MS,
    },
    {
      ...base,
      id: ACC.agent,
      accountType: 2,
      phone: '13800138001',
      passwordHash: hash,
      name: '张伟（西溪代理）',
      shortName: '张伟',
      logo: IMG('logo-zhangwei.png'),
      contacts: '张伟',
      contactPhone: '13800138001',
      email: 'zhangwei.xixi@163.com',
      alarmPhone: '13800138001',
      parentId: ACC.operator,
      mainAccountId: ACC.agent,
      signStatus: 2,
      superiorShareRate: 1000,
      permissions: ALL_PERMISSIONS,
      createTime: created(200),
      lastLoginTime: ctx.now - 26 * HOUR_MS,
    },
    {
      ...base,
      id: ACC.propertyCuiyuan,
      accountType: 3,
      phone: '13800138002',
      passwordHash: hash,
      name: '翠苑物业',
      shortName: '翠苑物业',
      logo: IMG('logo-cuiyuan.png'),
      contacts: '周海燕',
      contactPhone: '13800138002',
      alarmPhone: '13800138002',
      parentId: ACC.operator,
      mainAccountId: ACC.propertyCuiyuan,
      signStatus: 2,
      permissions: PROPERTY_PERMISSIONS,
      createTime: created(400),
      lastLoginTime: ctx.now - 50 * HOUR_MS,
    },
    {
      ...base,
      id: ACC.propertyWenxin,
      accountType: 3,
      phone: null,
      passwordHash: null,
      name: '文新物业',
      shortName: '文新物业',
      logo: IMG('logo-wenxin.png'),
      contacts: '吴立新',
      contactPhone: '13800138003',
      alarmPhone: null,
      parentId: ACC.operator,
      mainAccountId: ACC.propertyWenxin,
      status: 0,
      permissions: PROPERTY_PERMISSIONS,
      createTime: created(380),
    },
    {
      ...base,
      id: ACC.subAccount,
      accountType: 4,
      phone: '13800138004',
      passwordHash: hash,
      name: '李娜',
      shortName: '李娜',
      logo: IMG('logo-lina.png'),
      contacts: '李娜',
      contactPhone: '13800138004',
      alarmPhone: '13800138004',
      mainAccountId: ACC.operator,
      dataScope: 2,
      siteIds: [1, 2],
      permissions: SUB_ACCOUNT_PERMISSIONS,
      createTime: created(150),
      lastLoginTime: ctx.now - 5 * HOUR_MS,
    },
    {
      ...base,
      id: ACC.builder,
      accountType: 5,
      phone: '13800138005',
      passwordHash: hash,
      name: '王强',
      shortName: '王强',
      logo: IMG('logo-wangqiang.png'),
      contacts: '王强',
      contactPhone: '13800138005',
      alarmPhone: '13800138005',
      mainAccountId: ACC.operator,
      permissions: BUILDER_PERMISSIONS,
      createTime: created(20),
    },
    {
      ...base,
      id: ACC.splitOperator,
      accountType: 1,
      phone: '13800138006',
      passwordHash: hash,
      name: '西溪快充科技有限公司',
      shortName: '西溪快充',
      logo: IMG('logo-xixikc.png'),
      contacts: '孙浩然',
      contactPhone: '13800138006',
      email: 'finance@xixikc.cn',
      alarmPhone: '13800138006',
      inviteCode: 'XX6666',
      mainAccountId: ACC.splitOperator,
      settleMode: 2,
      signStatus: 2,
      permissions: ALL_PERMISSIONS,
      createTime: created(300),
      lastLoginTime: ctx.now - 30 * HOUR_MS,
    },
    {
      ...base,
      id: ACC.unsignedOperator,
      accountType: 1,
      phone: '13800138007',
      passwordHash: hash,
      name: '城北充电服务部',
      shortName: '城北充电',
      logo: IMG('logo-chengbei.png'),
      contacts: '钱卫东',
      contactPhone: '13800138007',
      alarmPhone: '13800138007',
      inviteCode: 'CB5201',
      mainAccountId: ACC.unsignedOperator,
      permissions: ALL_PERMISSIONS,
      createTime: created(45),
      lastLoginTime: ctx.now - 70 * HOUR_MS,
    },
    {
      ...base,
      id: ACC.kybOperator,
      accountType: 1,
      phone: '13800138008',
      passwordHash: hash,
      name: '滨江智充科技有限公司',
      shortName: '滨江智充',
      logo: IMG('logo-bjzc.png'),
      contacts: '何思远',
      contactPhone: '13800138008',
      email: 'admin@bjzc.cn',
      alarmPhone: '13800138008',
      inviteCode: 'BJ3579',
      mainAccountId: ACC.kybOperator,
      signStatus: 2,
      permissions: ALL_PERMISSIONS,
      createTime: created(60),
      lastLoginTime: ctx.now - 8 * DAY_MS,
    },
  ];
  for (const r of rows) {
    names.set(r.id, r.shortName);
    ctx.push('account', { ...r, updateTime: Math.max(r.createTime, r.lastLoginTime ?? 0) });
  }
}

interface SiteSpec {
  id: number;
  operatorId: number;
  name: string;
  community: number | null;
  merchantId: number | null;
  rule: ChargeRule;
  lng: number;
  lat: number;
  address: string;
  area: string;
  contacts: string;
  contactsPhone: string;
  createdDaysAgo: number;
  groupName?: string;
}

/** Communities, whitelist, charge-rule groups, sites 1–10, share-rule versions and parties. */
function seedSites(ctx: SeedCtx, world: World): void {
  const { rnd } = ctx;
  const communities = [
    { id: 1, name: '翠苑一区', address: '西湖区翠苑街道翠苑一区', householdCount: 1860, propertyName: '翠苑物业' },
    { id: 2, name: '文新小区', address: '西湖区文新街道文新小区', householdCount: 1420, propertyName: '文新物业' },
    {
      id: 3,
      name: '嘉绿苑',
      address: '西湖区文新街道嘉绿苑',
      householdCount: 2100,
      propertyName: '嘉绿苑物业服务中心',
    },
  ];
  const commCreated = at(addDays(ctx.today, -400), 9, 30);
  for (const c of communities) {
    ctx.push('community', {
      ...c,
      operatorId: ACC.operator,
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      remark: null,
      createTime: commCreated,
      updateTime: commCreated,
    });
  }
  ctx.reserve('community', 4);
  const rooms = () => `${rnd.int(1, 30)}栋${rnd.int(1, 4)}单元${rnd.int(1, 18)}0${rnd.int(1, 4)}`;
  for (let i = 0; i < 20; i++) {
    const communityId = i < 8 ? 1 : i < 14 ? 2 : 3;
    const t = commCreated + rnd.int(10, 300) * DAY_MS;
    const expire =
      i % 6 === 5 ? addDays(ctx.today, -rnd.int(3, 40)) : i % 3 === 0 ? addDays(ctx.today, rnd.int(30, 365)) : null;
    ctx.push('community_white', {
      id: ctx.id('community_white'),
      communityId,
      name: personName(rnd),
      phone: mobile(rnd),
      roomNo: rooms(),
      expireDate: expire,
      createTime: t,
      updateTime: t,
    });
  }

  const specs: SiteSpec[] = [
    {
      id: 1,
      operatorId: ACC.operator,
      name: '翠苑一区3栋车棚',
      community: 1,
      merchantId: ACC.propertyCuiyuan,
      rule: RULE_AREA_A,
      lng: 120.125631,
      lat: 30.288214,
      address: '翠苑一区3栋北侧车棚',
      area: '西湖区',
      contacts: '周海燕',
      contactsPhone: '13800138002',
      createdDaysAgo: 380,
      groupName: '区域A',
    },
    {
      id: 2,
      operatorId: ACC.operator,
      name: '翠苑一区8栋车棚',
      community: 1,
      merchantId: ACC.propertyCuiyuan,
      rule: RULE_AREA_A,
      lng: 120.12741,
      lat: 30.289867,
      address: '翠苑一区8栋东侧车棚',
      area: '西湖区',
      contacts: '周海燕',
      contactsPhone: '13800138002',
      createdDaysAgo: 370,
      groupName: '区域A',
    },
    {
      id: 3,
      operatorId: ACC.operator,
      name: '文新小区南门车棚',
      community: 2,
      merchantId: ACC.propertyWenxin,
      rule: RULE_WENXIN,
      lng: 120.133205,
      lat: 30.282416,
      address: '文新小区南门入口西侧',
      area: '西湖区',
      contacts: '吴立新',
      contactsPhone: '13800138003',
      createdDaysAgo: 350,
    },
    {
      id: 4,
      operatorId: ACC.operator,
      name: '嘉绿苑东区车棚',
      community: 3,
      merchantId: null,
      rule: RULE_JIALV_EAST,
      lng: 120.118702,
      lat: 30.279953,
      address: '嘉绿苑东区12幢南侧',
      area: '西湖区',
      contacts: '陈建国',
      contactsPhone: '13800138000',
      createdDaysAgo: 330,
    },
    {
      id: 5,
      operatorId: ACC.operator,
      name: '嘉绿苑西区车棚',
      community: 3,
      merchantId: null,
      rule: DEFAULT_RULE,
      lng: 120.116388,
      lat: 30.278641,
      address: '嘉绿苑西区3幢北侧',
      area: '西湖区',
      contacts: '陈建国',
      contactsPhone: '13800138000',
      createdDaysAgo: 320,
    },
    {
      id: 6,
      operatorId: ACC.operator,
      name: '古荡新村充电站',
      community: null,
      merchantId: null,
      rule: DEFAULT_RULE,
      lng: 120.141275,
      lat: 30.268732,
      address: '古荡新村东门停车区',
      area: '西湖区',
      contacts: '陈建国',
      contactsPhone: '13800138000',
      createdDaysAgo: 10,
    },
    {
      id: 7,
      operatorId: ACC.agent,
      name: '西溪花园车棚',
      community: null,
      merchantId: null,
      rule: RULE_XIXI_AGENT,
      lng: 120.104516,
      lat: 30.272381,
      address: '西溪花园凌波苑南侧车棚',
      area: '西湖区',
      contacts: '张伟',
      contactsPhone: '13800138001',
      createdDaysAgo: 65,
    },
    {
      id: 8,
      operatorId: ACC.splitOperator,
      name: '文三路数码港充电站',
      community: null,
      merchantId: null,
      rule: RULE_SPLIT_OPERATOR,
      lng: 120.13794,
      lat: 30.27621,
      address: '文三路259号数码港北侧',
      area: '西湖区',
      contacts: '孙浩然',
      contactsPhone: '13800138006',
      createdDaysAgo: 260,
    },
    {
      id: 9,
      operatorId: ACC.splitOperator,
      name: '古墩路印象城充电站',
      community: null,
      merchantId: null,
      rule: RULE_SPLIT_OPERATOR,
      lng: 120.108915,
      lat: 30.292604,
      address: '古墩路588号印象城东门',
      area: '西湖区',
      contacts: '孙浩然',
      contactsPhone: '13800138006',
      createdDaysAgo: 240,
    },
    {
      id: 10,
      operatorId: ACC.unsignedOperator,
      name: '东新路小区充电站',
      community: null,
      merchantId: null,
      rule: DEFAULT_RULE,
      lng: 120.158634,
      lat: 30.298215,
      address: '东新路与德胜路交叉口东北角',
      area: '拱墅区',
      contacts: '钱卫东',
      contactsPhone: '13800138007',
      createdDaysAgo: 40,
    },
  ];
  const communityName = new Map(communities.map((c) => [c.id, c.name]));

  // charge rule groups: one per (operator, rule hash)
  const groupKey = new Map<string, number>();
  for (const s of specs) {
    const key = `${s.operatorId}:${ruleHash(s.rule)}`;
    let gid = groupKey.get(key);
    const created = at(addDays(ctx.today, -s.createdDaysAgo), 10);
    if (gid === undefined) {
      gid = ctx.id('charge_rule_group');
      groupKey.set(key, gid);
      const name = s.groupName ?? ruleSummary(s.rule);
      world.groupNames.set(gid, name);
      ctx.push('charge_rule_group', {
        id: gid,
        operatorId: s.operatorId,
        ruleHash: ruleHash(s.rule),
        name,
        createTime: created,
        updateTime: created,
      });
    }
    if (s.groupName === '区域A') world.areaGroupId = gid;
    const createTime = created;
    const siteRow = {
      id: s.id,
      operatorId: s.operatorId,
      name: s.name,
      province: '浙江省',
      city: '杭州市',
      area: s.area,
      address: s.address,
      longitude: s.lng,
      latitude: s.lat,
      contacts: s.contacts,
      contactsPhone: s.contactsPhone,
      servicePhone: '400-800-1234',
      communityId: s.community,
      merchantId: s.merchantId,
      contractCode: null,
      chargeRule: s.rule,
      chargeRuleGroupId: gid,
      status: 1,
      deleted: 0,
      auditStatus: s.id === 3 ? 1 : 0,
      createTime,
      updateTime: createTime,
    };
    ctx.push('site', siteRow);
    world.sites.set(s.id, {
      id: s.id,
      operatorId: s.operatorId,
      name: s.name,
      merchantId: s.merchantId,
      groupId: gid,
      rule: s.rule,
      versions: [],
      chargers: [],
      coinChargers: [],
      createTime,
      communityName: s.community ? (communityName.get(s.community) ?? '') : '',
    });
  }
  ctx.reserve('site', 11);

  // share-rule versions (B §B.8; rates in bp, shareMode 2 → three equal rates)
  const equal = (userId: number, partyType: 2 | 3 | 4 | 5, rate: number) => ({
    userId,
    partyType,
    chargeRate: rate,
    cardRate: rate,
    coinRate: rate,
  });
  const addVersion = (
    siteId: number,
    v: Omit<VersionDef, 'id' | 'siteId' | 'version' | 'channelFeeBearer' | 'platformFeeBearer'>,
    submitTime: number,
    extra: { auditTime?: number | null; rejectReason?: string | null } = {},
  ) => {
    const site = world.sites.get(siteId);
    if (!site) throw new Error(`site ${siteId}`);
    const def: VersionDef = {
      ...v,
      id: ctx.id('site_share_rule_version'),
      siteId,
      version: site.versions.length + 1,
      channelFeeBearer: 1,
      platformFeeBearer: 1,
    };
    site.versions.push(def);
    ctx.push('site_share_rule_version', {
      id: def.id,
      siteId,
      version: def.version,
      status: def.status,
      effectiveDate: def.effectiveDate,
      shareMode: 2,
      electricBearer: def.electricBearer,
      electricPrice: def.electricPrice,
      channelFeeBearer: 1,
      platformFeeBearer: 1,
      submitUserId: site.operatorId,
      submitTime,
      auditTime: extra.auditTime ?? null,
      rejectReason: extra.rejectReason ?? null,
      createTime: submitTime,
      updateTime: submitTime,
    });
    for (const p of def.parties) {
      ctx.push('site_share_party', {
        id: ctx.id('site_share_party'),
        versionId: def.id,
        ...p,
        remark: p.partyType === 5 ? '上级分润' : null,
        createTime: submitTime,
        updateTime: submitTime,
      });
    }
  };
  for (const site of world.sites.values()) {
    const created = site.createTime;
    const createdDay = dayOf(created);
    if (site.id === 1) {
      const changeDay = addDays(ctx.today, -45);
      addVersion(
        1,
        {
          status: 5,
          effectiveDate: createdDay,
          electricBearer: 1,
          electricPrice: 60,
          parties: [equal(ACC.propertyCuiyuan, 2, 2500)],
        },
        created,
      );
      addVersion(
        1,
        {
          status: 1,
          effectiveDate: changeDay,
          electricBearer: 1,
          electricPrice: 60,
          parties: [equal(ACC.propertyCuiyuan, 2, 3000)],
        },
        at(addDays(changeDay, -1), 15, 20),
      );
    } else if (site.id === 2) {
      addVersion(
        2,
        {
          status: 1,
          effectiveDate: createdDay,
          electricBearer: 1,
          electricPrice: 60,
          parties: [equal(ACC.propertyCuiyuan, 2, 3000)],
        },
        created,
      );
    } else if (site.id === 3) {
      addVersion(
        3,
        {
          status: 1,
          effectiveDate: createdDay,
          electricBearer: 1,
          electricPrice: 60,
          parties: [equal(ACC.propertyWenxin, 2, 2500)],
        },
        created,
      );
      // a pending change lowering the property's rate → 审核中 (site.auditStatus 1)
      addVersion(
        3,
        {
          status: 3,
          effectiveDate: addDays(ctx.today, 1),
          electricBearer: 1,
          electricPrice: 60,
          parties: [equal(ACC.propertyWenxin, 2, 2000)],
        },
        ctx.now - 20 * HOUR_MS,
      );
    } else if (site.id === 4) {
      addVersion(
        4,
        {
          status: 1,
          effectiveDate: createdDay,
          electricBearer: 1,
          electricPrice: 0,
          parties: [equal(ACC.agent, 3, 500)],
        },
        created,
      );
    } else if (site.id === 7) {
      addVersion(
        7,
        {
          status: 1,
          effectiveDate: createdDay,
          electricBearer: 1,
          electricPrice: 0,
          parties: [equal(ACC.operator, 5, 1000)],
        },
        created,
      );
    } else {
      addVersion(
        site.id,
        { status: 1, effectiveDate: createdDay, electricBearer: 1, electricPrice: 0, parties: [] },
        created,
      );
    }
  }
}

interface BoxSpec {
  site: number | null;
  model: 'R9-10' | 'R9-12';
  owner: number;
  bindTime: number | null;
}

/** Charging boxes, chargers, other devices, QR stickers, transfers. */
function seedDevices(ctx: SeedCtx, world: World): void {
  const { rnd, now } = ctx;
  const modelCreated = at(addDays(ctx.today, -500), 9);
  for (const m of DEVICE_MODELS) {
    ctx.push('device_model', {
      ...m,
      supportModes: [...m.supportModes],
      createTime: modelCreated,
      updateTime: modelCreated,
    });
  }
  const site = (id: number) => {
    const s = world.sites.get(id);
    if (!s) throw new Error(`site ${id}`);
    return s;
  };
  const bindOf = (siteId: number, i: number) => site(siteId).createTime + (2 + i) * HOUR_MS + rnd.int(0, 3) * DAY_MS;

  // --- charging boxes ------------------------------------------------------------------------------------------
  const boxes: BoxSpec[] = [];
  const layout: [number, number, number][] = [
    // site, R9-12 count, R9-10 count
    [1, 4, 6],
    [2, 3, 5],
    [3, 3, 5],
    [4, 2, 5],
    [5, 0, 7],
  ];
  for (const [siteId, n12, n10] of layout) {
    for (let i = 0; i < n12; i++)
      boxes.push({ site: siteId, model: 'R9-12', owner: ACC.operator, bindTime: bindOf(siteId, i) });
    for (let i = 0; i < n10; i++)
      boxes.push({ site: siteId, model: 'R9-10', owner: ACC.operator, bindTime: bindOf(siteId, n12 + i) });
  }
  for (let i = 0; i < 4; i++) boxes.push({ site: null, model: 'R9-10', owner: ACC.operator, bindTime: null });
  const transferDay = addDays(ctx.today, -60);
  const transferFinish = at(transferDay, 16, 40);
  for (let i = 0; i < 4; i++)
    boxes.push({ site: 7, model: 'R9-10', owner: ACC.agent, bindTime: transferFinish + 2 * DAY_MS + i * 20 * MIN_MS });
  for (const [siteId, n12, n10] of [
    [8, 2, 4],
    [9, 2, 4],
  ] as const) {
    for (let i = 0; i < n12; i++)
      boxes.push({ site: siteId, model: 'R9-12', owner: ACC.splitOperator, bindTime: bindOf(siteId, i) });
    for (let i = 0; i < n10; i++)
      boxes.push({ site: siteId, model: 'R9-10', owner: ACC.splitOperator, bindTime: bindOf(siteId, n12 + i) });
  }
  for (let i = 0; i < 5; i++)
    boxes.push({ site: 10, model: 'R9-10', owner: ACC.unsignedOperator, bindTime: bindOf(10, i) });

  // special states of the main operator's boxes (indices into `boxes`)
  const idxOfSite = (siteId: number) => boxes.map((b, i) => (b.site === siteId ? i : -1)).filter((i) => i >= 0);
  const s2 = idxOfSite(2);
  const s3 = idxOfSite(3);
  const s4 = idxOfSite(4);
  const s1 = idxOfSite(1);
  const s5 = idxOfSite(5);
  const offline = new Map<number, number>([
    [s2[6] ?? -1, now - 2 * DAY_MS - 3 * HOUR_MS],
    [s4[5] ?? -1, now - 5 * HOUR_MS - 12 * MIN_MS],
  ]);
  const faultBox = s3[7] ?? -1;
  const faultSince = now - 26 * HOUR_MS;
  const meshMaster = s3[3] ?? -1;
  const meshSlaves = [s3[4] ?? -1, s3[5] ?? -1];
  const spare = [s1[2] ?? -1, s2[1] ?? -1, s5[4] ?? -1];
  const faultSockets = new Map<number, number[]>([
    [faultBox, [1, 2]],
    [s1[8] ?? -1, [7]],
    [s5[2] ?? -1, [3]],
  ]);

  let serialNo = 0;
  const deviceIds: number[] = [];
  for (let i = 0; i < boxes.length; i++) {
    const b = boxes[i];
    if (!b) continue;
    const id = ctx.id('device');
    deviceIds.push(id);
    serialNo++;
    const serial = `8612345${pad(10000 + serialNo * 37, 7)}`;
    world.deviceSerial.set(id, serial);
    const model = DEVICE_MODELS.find((m) => m.model === b.model);
    if (!model) throw new Error(b.model);
    const offSince = offline.get(i);
    const isFault = i === faultBox;
    const inStock = b.site === null;
    const status = inStock || offSince !== undefined ? 2 : isFault ? 3 : 1;
    const signalMode = i === meshMaster ? 2 : meshSlaves.includes(i) ? 3 : 1;
    const created =
      b.bindTime !== null ? b.bindTime - rnd.int(5, 30) * DAY_MS : at(addDays(ctx.today, -rnd.int(100, 200)), 14);
    const heartbeat = offSince ?? (inStock ? created + HOUR_MS : now - rnd.int(10, 170) * 1000);
    const spareIdx = spare.indexOf(i);
    const spareCode = spareIdx >= 0 ? `YCB${pad(880001 + spareIdx, 9)}` : null;
    const spareTime = spareIdx >= 0 && b.bindTime !== null ? b.bindTime + (20 + spareIdx * 9) * DAY_MS : null;
    ctx.push('device', {
      id,
      serialNumber: serial,
      model: b.model,
      deviceType: model.deviceType,
      ownerOperatorId: b.owner,
      siteId: b.site,
      bindTime: b.bindTime,
      remark: b.site !== null ? `${pad((idxOfSite(b.site).indexOf(i) ?? 0) + 1, 2)}号机` : null,
      status,
      signal: status === 2 ? 0 : rnd.int(14, 31),
      lastHeartbeatTime: heartbeat,
      signalMode,
      masterDeviceId: null, // set below (needs the master's id)
      firmwareVersion: b.model === 'R9-12' ? 'V3.2.15' : 'V3.1.8',
      commType: 1,
      iccid: signalMode === 3 ? null : `898604${pad(rnd.int(0, 99_999_999), 8)}${pad(serialNo, 6)}`,
      simExpireDate: signalMode === 3 ? null : lastDayOfMonth(ctx.today),
      backUpQrCode: spareCode,
      backUpBindTime: spareTime,
      createTime: created,
      updateTime: Math.max(created, b.bindTime ?? 0, spareTime ?? 0),
    });
    if (b.site !== null) {
      const list = world.boxesBySite.get(b.site) ?? [];
      list.push(id);
      world.boxesBySite.set(b.site, list);
    } else {
      world.stockBoxIds.push(id);
    }
    if (spareCode && spareTime !== null) {
      ctx.push('qr_sticker', {
        code: spareCode,
        url: `${QR_BASE_URL}/q/${spareCode}`,
        kind: 2,
        status: 1,
        boundDeviceId: id,
        boundChargerId: null,
        bindTime: spareTime,
        batchNo: 'B2024SP01',
        createTime: spareTime - 40 * DAY_MS,
        updateTime: spareTime,
      });
      ctx.push('device_operation_log', {
        id: ctx.id('device_operation_log'),
        deviceId: id,
        siteId: b.site,
        operatorUserId: b.owner,
        type: 11,
        params: { code: spareCode },
        result: 1,
        failReason: null,
        createTime: spareTime,
        updateTime: spareTime,
      });
    }
    if (b.bindTime !== null) {
      ctx.push('device_operation_log', {
        id: ctx.id('device_operation_log'),
        deviceId: id,
        siteId: b.site,
        operatorUserId: b.owner,
        type: 9,
        params: { serialNumber: serial, siteId: b.site },
        result: 1,
        failReason: null,
        createTime: b.bindTime,
        updateTime: b.bindTime,
      });
    }
    // chargers
    const faults = faultSockets.get(i) ?? [];
    for (let n = 1; n <= model.socketCount; n++) {
      const cid = ctx.id('charger');
      const isFaultSocket = faults.includes(n);
      const until =
        offSince !== undefined
          ? offSince
          : isFaultSocket
            ? isFault
              ? faultSince
              : now - rnd.int(30, 60) * HOUR_MS
            : Infinity;
      const def: ChargerDef = {
        id: cid,
        deviceId: id,
        siteId: b.site,
        socketNo: n,
        serialNumber: serial,
        maxPower: model.maxPower,
        usableFrom: b.bindTime ?? Infinity,
        usableUntil: inStock ? -Infinity : until,
        busyUntil: 0,
        status: inStock || offSince !== undefined ? 4 : isFaultSocket ? 3 : 0,
      };
      if (b.site !== null) {
        const s = site(b.site);
        s.chargers.push(def);
        if (model.supportCoin && s.rule.coinMinutes > 0) s.coinChargers.push(def);
      }
      ctx.push('charger', {
        id: cid,
        deviceId: id,
        siteId: b.site,
        socketNo: n,
        status: def.status,
        power: 0,
        customQrCode: null,
        currentOrderId: null,
        createTime: created,
        updateTime: Math.max(created, b.bindTime ?? 0),
      });
      world.chargerDefs.set(cid, def);
    }
  }
  // mesh: the two slaves point at the master
  const masterId = deviceIds[meshMaster];
  for (const si of meshSlaves) {
    const sid = deviceIds[si];
    const row = ctx.rows('device').find((r) => r.id === sid);
    if (row) row.masterDeviceId = masterId ?? null;
  }

  // socket stickers bound on site 1 (customQrCode) + unused stock of stickers
  const site1Chargers = site(1).chargers.slice(0, 5);
  site1Chargers.forEach((c, k) => {
    const code = `YCQ${pad(100201 + k, 9)}`;
    const t = at(addDays(ctx.today, -70 + k), 11, 5);
    ctx.push('qr_sticker', {
      code,
      url: `${QR_BASE_URL}/q/${code}`,
      kind: 1,
      status: 1,
      boundDeviceId: null,
      boundChargerId: c.id,
      bindTime: t,
      batchNo: 'B2024QR03',
      createTime: t - 30 * DAY_MS,
      updateTime: t,
    });
    const row = ctx.rows('charger').find((r) => r.id === c.id);
    if (row) row.customQrCode = code;
    ctx.push('device_operation_log', {
      id: ctx.id('device_operation_log'),
      deviceId: c.deviceId,
      siteId: 1,
      operatorUserId: ACC.operator,
      type: 13,
      params: { code, socketNo: c.socketNo },
      result: 1,
      failReason: null,
      createTime: t,
      updateTime: t,
    });
  });
  const stickerCreated = at(addDays(ctx.today, -100), 9);
  for (let k = 0; k < 20; k++) {
    const code = `YCQ${pad(100301 + k, 9)}`;
    ctx.push('qr_sticker', {
      code,
      url: `${QR_BASE_URL}/q/${code}`,
      kind: 1,
      status: 0,
      boundDeviceId: null,
      boundChargerId: null,
      bindTime: null,
      batchNo: 'B2024QR03',
      createTime: stickerCreated,
      updateTime: stickerCreated,
    });
  }
  for (let k = 0; k < 10; k++) {
    const code = `YCB${pad(880101 + k, 9)}`;
    ctx.push('qr_sticker', {
      code,
      url: `${QR_BASE_URL}/q/${code}`,
      kind: 2,
      status: k < 8 ? 0 : 2,
      boundDeviceId: null,
      boundChargerId: null,
      bindTime: null,
      batchNo: 'B2024SP02',
      createTime: stickerCreated,
      updateTime: stickerCreated,
    });
  }

  // --- non-charging devices ------------------------------------------------------------------------------------
  const others: { model: string; type: number; site: number; extra: Record<string, unknown>; prefix: string }[] = [
    {
      model: 'MJ-1',
      type: 4,
      site: 1,
      prefix: 'MJ2023',
      extra: { doorStatus: 0, lastOpenTime: now - 40 * MIN_MS, remark: '3栋车棚门禁' },
    },
    {
      model: 'MJ-1',
      type: 4,
      site: 2,
      prefix: 'MJ2023',
      extra: { doorStatus: 0, lastOpenTime: now - 2 * HOUR_MS, remark: '8栋车棚门禁' },
    },
    {
      model: 'MJ-1',
      type: 4,
      site: 3,
      prefix: 'MJ2023',
      extra: { doorStatus: 1, lastOpenTime: now - 3 * MIN_MS, remark: '南门车棚门禁' },
    },
    {
      model: 'U8',
      type: 5,
      site: 5,
      prefix: 'U8GZ20',
      extra: { doorStatus: 0, autoCloseInterval: 30, lastOpenTime: now - 25 * MIN_MS, remark: '西区道闸' },
    },
    {
      model: 'LC-C6',
      type: 6,
      site: 1,
      prefix: 'LCC620',
      extra: {
        channelId: 0,
        verifyCode: 'ABCDEF',
        coverUrl: IMG('camera-cover-1.jpg'),
        lastOnlineTime: now - 60_000,
        remark: '3栋车棚摄像头',
      },
    },
    {
      model: 'LC-C6',
      type: 6,
      site: 5,
      prefix: 'LCC620',
      extra: {
        channelId: 0,
        verifyCode: 'QWERTY',
        coverUrl: IMG('camera-cover-2.jpg'),
        lastOnlineTime: now - 90_000,
        remark: '西区车棚摄像头',
      },
    },
    {
      model: 'YG-NB1',
      type: 7,
      site: 1,
      prefix: 'YG8600',
      extra: { smokeStatus: 0, battery: 86, lastAlarmTime: null, remark: '3栋车棚烟感' },
    },
    {
      model: 'YG-NB1',
      type: 7,
      site: 1,
      prefix: 'YG8600',
      extra: { smokeStatus: 0, battery: 91, lastAlarmTime: null, remark: '3栋车棚烟感2' },
    },
    {
      model: 'YG-NB1',
      type: 7,
      site: 2,
      prefix: 'YG8600',
      extra: { smokeStatus: 0, battery: 77, lastAlarmTime: now - 20 * DAY_MS, remark: '8栋车棚烟感' },
    },
    {
      model: 'YG-NB1',
      type: 7,
      site: 3,
      prefix: 'YG8600',
      extra: { smokeStatus: 1, battery: 68, lastAlarmTime: now - 35 * MIN_MS, remark: '南门车棚烟感' },
    },
    {
      model: 'YG-NB1',
      type: 7,
      site: 4,
      prefix: 'YG8600',
      extra: { smokeStatus: 2, battery: 8, lastAlarmTime: now - 9 * HOUR_MS, remark: '东区车棚烟感' },
    },
    {
      model: 'YG-NB1',
      type: 7,
      site: 5,
      prefix: 'YG8600',
      extra: { smokeStatus: 0, battery: 95, lastAlarmTime: null, remark: '西区车棚烟感' },
    },
  ];
  others.forEach((o, k) => {
    const id = ctx.id('device');
    const serial = `${o.prefix}${pad(3001 + k * 13, 6)}`;
    world.deviceSerial.set(id, serial);
    const bind = bindOf(o.site, 20 + k);
    const created = bind - 7 * DAY_MS;
    ctx.push('device', {
      id,
      serialNumber: serial,
      model: o.model,
      deviceType: o.type,
      ownerOperatorId: ACC.operator,
      siteId: o.site,
      bindTime: bind,
      status: 1,
      signal: rnd.int(15, 31),
      lastHeartbeatTime: now - rnd.int(30, 600) * 1000,
      ...o.extra,
      createTime: created,
      updateTime: bind,
    });
    ctx.push('device_operation_log', {
      id: ctx.id('device_operation_log'),
      deviceId: id,
      siteId: o.site,
      operatorUserId: ACC.operator,
      type: 9,
      params: { serialNumber: serial, siteId: o.site },
      result: 1,
      failReason: null,
      createTime: bind,
      updateTime: bind,
    });
  });

  // --- transfers: 4 boxes to the agent (completed), 2 stock boxes pending -------------------------------------------
  const agentBoxIds = world.boxesBySite.get(7) ?? [];
  const transfers = [
    {
      ids: agentBoxIds,
      status: 2,
      created: transferFinish - 3 * HOUR_MS,
      finish: transferFinish,
      remark: '西溪花园车棚设备',
    },
    { ids: world.stockBoxIds.slice(0, 2), status: 1, created: now - 30 * HOUR_MS, finish: null, remark: '新站点备货' },
  ];
  for (const t of transfers) {
    const tid = ctx.id('transfer');
    ctx.push('transfer', {
      id: tid,
      transferNo: `TF${stamp(t.created)}${pad(tid, 4)}`,
      fromMerchantId: ACC.operator,
      toMerchantId: ACC.agent,
      deviceCount: t.ids.length,
      status: t.status,
      remark: t.remark,
      finishTime: t.finish,
      createTime: t.created,
      updateTime: t.finish ?? t.created,
    });
    for (const did of t.ids) {
      ctx.push('transfer_item', {
        transferId: tid,
        deviceId: did,
        serialNumber: world.deviceSerial.get(did) ?? '',
        deviceType: 1,
        model: 'R9-10',
        socketCount: 10,
        createTime: t.created,
        updateTime: t.created,
      });
    }
  }
}

export { lastDayOfMonth };

/** Car types and riders (RiderUser, RiderLicense). */
function seedRiders(ctx: SeedCtx, world: World): void {
  const { rnd } = ctx;
  const carCreated = at(addDays(ctx.today, -500), 9);
  ['电动自行车', '电动摩托车', '自行车', '三轮车'].forEach((name, i) => {
    ctx.push('car_type', { id: i + 1, name, createTime: carCreated, updateTime: carCreated });
  });
  ctx.reserve('car_type', 5);
  const phones = new Set<string>();
  for (let i = 0; i < 220; i++) {
    let phone = mobile(rnd);
    while (phones.has(phone)) phone = mobile(rnd);
    phones.add(phone);
    const id = ctx.id('rider_user');
    const nickname = rnd.chance(0.4)
      ? personName(rnd)
      : rnd.pick([
          '小太阳',
          '阿杰',
          '骑手老王',
          '晴天',
          'Lily',
          '追风少年',
          '半夏',
          '橘子汽水',
          '老陈',
          '木木',
          '快递小哥',
          '大熊',
        ]) + (rnd.chance(0.5) ? String(rnd.int(1, 99)) : '');
    const created = at(addDays(ctx.today, -rnd.int(95, 600)), rnd.int(7, 22), rnd.int(0, 59));
    const license = ebikePlate(rnd);
    world.riders.push({ id, nickname, phone, license });
    ctx.push('rider_user', { id, nickname, phone, createTime: created, updateTime: created });
    if (i % 3 === 0) {
      ctx.push('rider_license', {
        id: ctx.id('rider_license'),
        userId: id,
        licenseNumber: license,
        carTypeId: rnd.chance(0.9) ? 1 : 2,
        createTime: created,
        updateTime: created,
      });
    }
  }
}

/** Builds the static world (accounts, sites, devices, riders) and returns the handles used by the activity replay. */
export function buildWorld(ctx: SeedCtx): World {
  const world: World = {
    sites: new Map(),
    areaGroupId: 0,
    groupNames: new Map(),
    riders: [],
    accountNames: new Map(),
    boxesBySite: new Map(),
    deviceSerial: new Map(),
    stockBoxIds: [],
    chargerDefs: new Map(),
  };
  seedAccounts(ctx, world.accountNames);
  seedSites(ctx, world);
  seedDevices(ctx, world);
  seedRiders(ctx, world);
  return world;
}
