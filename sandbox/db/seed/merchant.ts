import { addDays, DAY_MS, startOfDay } from '../../lib/time';
import { ACC, type SeedCtx } from './context';
import { HOUR_MS, IMG, MIN_MS, enc, maskName, pad, withLuhn } from './util';
import { at } from './world';

/** A bank card of the demo (BankCard row inputs). */
interface CardSpec {
  id: number;
  accountId: number;
  cardType: 1 | 2;
  source: 1 | 2;
  holder: string;
  idCardNo: string | null;
  cardNo: string;
  bankCode: string;
  bankName: string;
  branchName: string | null;
  phone: string | null;
  verifyStatus: 0 | 1 | 2;
  daysAgo: number;
  /** Unbound that many days ago (status 2 已解绑), or bound. */
  unboundDaysAgo?: number;
}

const CARD_SPECS: CardSpec[] = [
  {
    id: 1,
    accountId: ACC.operator,
    cardType: 1,
    source: 1,
    holder: '陈建国',
    idCardNo: '330106198203154218',
    cardNo: withLuhn('621483571203165'),
    bankCode: 'CMB',
    bankName: '招商银行',
    branchName: '招商银行杭州文三支行',
    phone: '13800138000',
    verifyStatus: 2,
    daysAgo: 360,
  },
  {
    id: 2,
    accountId: ACC.operator,
    cardType: 1,
    source: 1,
    holder: '陈建国',
    idCardNo: '330106198203154218',
    cardNo: withLuhn('622202120200123'),
    bankCode: 'ICBC',
    bankName: '中国工商银行',
    branchName: null,
    phone: '13800138000',
    verifyStatus: 2,
    daysAgo: 200,
  },
  {
    id: 3,
    accountId: ACC.operator,
    cardType: 2,
    source: 2,
    holder: '杭州易充科技有限公司',
    idCardNo: null,
    cardNo: '3301040160012348866',
    bankCode: 'HZB',
    bankName: '杭州银行',
    branchName: '杭州银行西湖支行',
    phone: null,
    verifyStatus: 2,
    daysAgo: 150,
  },
  {
    // bound with a wrong holder: its one withdrawal failed (户名与卡号不符, D's sandbox rule for cards ending in 4444), then
    // the operator unbound it
    id: 8,
    accountId: ACC.operator,
    cardType: 1,
    source: 1,
    holder: '陈建国',
    idCardNo: '330106198203154218',
    cardNo: '6214830000054444',
    bankCode: 'CMB',
    bankName: '招商银行',
    branchName: null,
    phone: '13800138000',
    verifyStatus: 2,
    daysAgo: 22,
    unboundDaysAgo: 18,
  },
  {
    id: 4,
    accountId: ACC.agent,
    cardType: 1,
    source: 2,
    holder: '张伟',
    idCardNo: '330106198807202313',
    cardNo: withLuhn('622848033818765'),
    bankCode: 'ABC',
    bankName: '中国农业银行',
    branchName: null,
    phone: '13800138001',
    verifyStatus: 2,
    daysAgo: 180,
  },
  {
    id: 5,
    accountId: ACC.propertyCuiyuan,
    cardType: 2,
    source: 2,
    holder: '杭州翠苑物业管理有限公司',
    idCardNo: null,
    cardNo: '1202021309900056781',
    bankCode: 'ICBC',
    bankName: '中国工商银行',
    branchName: '中国工商银行杭州翠苑支行',
    phone: null,
    verifyStatus: 2,
    daysAgo: 300,
  },
  {
    id: 6,
    accountId: ACC.splitOperator,
    cardType: 2,
    source: 2,
    holder: '西溪快充科技有限公司',
    idCardNo: null,
    cardNo: '33050161753500001296',
    bankCode: 'CCB',
    bankName: '中国建设银行',
    branchName: '中国建设银行杭州西溪支行',
    phone: null,
    verifyStatus: 2,
    daysAgo: 280,
  },
  {
    id: 7,
    accountId: ACC.kybOperator,
    cardType: 2,
    source: 2,
    holder: '滨江智充科技有限公司',
    idCardNo: null,
    cardNo: '571908765410802',
    bankCode: 'CMB',
    bankName: '招商银行',
    branchName: '招商银行杭州滨江支行',
    phone: null,
    verifyStatus: 1,
    daysAgo: 8,
  },
];

/** Bank cards of the main operator as the withdrawals reference them (id, bank, tail). */
export const OPERATOR_CARDS = CARD_SPECS.filter((c) => c.accountId === ACC.operator).map((c) => ({
  id: c.id,
  bankName: c.bankName,
  tail: c.cardNo.slice(-4),
  cardType: c.cardType,
  holder: c.holder,
}));

/**
 * Banks, BIN table, bank cards, real names, merchant entities, e-sign, online-bank accounts, KYB, agreements,
 * withdrawal fee rules and the main operator's auto-withdraw setting.
 */
export function seedMerchants(ctx: SeedCtx): void {
  const { now, today } = ctx;
  const t0 = at(addDays(today, -500), 9);
  const banks: [string, string][] = [
    ['ICBC', '中国工商银行'],
    ['ABC', '中国农业银行'],
    ['BOC', '中国银行'],
    ['CCB', '中国建设银行'],
    ['BOCOM', '交通银行'],
    ['CMB', '招商银行'],
    ['CIB', '兴业银行'],
    ['SPDB', '浦发银行'],
    ['PSBC', '中国邮政储蓄银行'],
    ['HZB', '杭州银行'],
    ['MYBANK', '网商银行'],
  ];
  banks.forEach(([bankCode, bankName], i) => {
    ctx.push('bank', {
      bankCode,
      bankName,
      bankLogo: IMG(`bank-${bankCode.toLowerCase()}.png`),
      sort: i + 1,
      enabled: 1,
      createTime: t0,
      updateTime: t0,
    });
  });
  const bins: [string, string, string, string, number, number][] = [
    ['621483', 'CMB', '招商银行', '一卡通', 1, 16],
    ['622588', 'CMB', '招商银行', '信用卡', 2, 16],
    ['622202', 'ICBC', '中国工商银行', '牡丹灵通卡', 1, 16],
    ['622848', 'ABC', '中国农业银行', '金穗借记卡', 1, 16],
    ['621700', 'CCB', '中国建设银行', '龙卡储蓄卡', 1, 19],
    ['621661', 'BOC', '中国银行', '长城借记卡', 1, 19],
    ['622262', 'BOCOM', '交通银行', '太平洋借记卡', 1, 19],
    ['622908', 'CIB', '兴业银行', '兴业借记卡', 1, 18],
    ['621799', 'PSBC', '中国邮政储蓄银行', '绿卡通', 1, 19],
    ['621792', 'HZB', '杭州银行', '金鼎卡', 1, 16],
  ];
  for (const [bin, bankCode, bankName, cardName, cardType, cardLength] of bins) {
    ctx.push('bank_bin', { bin, bankCode, bankName, cardName, cardType, cardLength, createTime: t0, updateTime: t0 });
  }
  for (const c of CARD_SPECS) {
    const t = at(addDays(today, -c.daysAgo), 15, 30);
    ctx.push('bank_card', {
      id: c.id,
      accountId: c.accountId,
      cardType: c.cardType,
      source: c.source,
      holderNameEnc: enc(c.holder),
      holderNameMasked: maskName(c.holder),
      idCardNoEnc: c.idCardNo ? enc(c.idCardNo) : null,
      cardNoEnc: enc(c.cardNo),
      cardNoTail: c.cardNo.slice(-4),
      bankCode: c.bankCode,
      bankName: c.bankName,
      branchName: c.branchName,
      reservedPhoneEnc: c.phone ? enc(c.phone) : null,
      verifyStatus: c.verifyStatus,
      status: c.unboundDaysAgo === undefined ? 1 : 2,
      unbindTime: c.unboundDaysAgo === undefined ? null : at(addDays(today, -c.unboundDaysAgo), 11, 20),
      createTime: t,
      updateTime: c.unboundDaysAgo === undefined ? t : at(addDays(today, -c.unboundDaysAgo), 11, 20),
    });
  }
  ctx.reserve('bank_card', 9);
  const realT = at(addDays(today, -360), 15, 31);
  ctx.push('account_real_name', {
    accountId: ACC.operator,
    realName: '陈建国',
    idCardNoEnc: enc('330106198203154218'),
    source: 2,
    createTime: realT,
    updateTime: realT,
  });
  ctx.push('account_real_name', {
    accountId: ACC.agent,
    realName: '张伟',
    idCardNoEnc: enc('330106198807202313'),
    source: 2,
    createTime: realT,
    updateTime: realT,
  });

  // merchant entities
  interface EntitySpec {
    accountId: number;
    entityType: 1 | 2 | 3;
    name: string;
    licenseNo: string | null;
    legalName: string;
    legalIdNo: string;
    signerName: string;
    signerPhone: string;
    settleType: 1 | 2 | null;
    settleCard: number | null;
    certStatus: 0 | 2;
    daysAgo: number;
    email: string | null;
  }
  const entities: EntitySpec[] = [
    {
      accountId: ACC.operator,
      entityType: 2,
      name: '杭州市西湖区易充充电服务部',
      licenseNo: '92330106MA2KXY8F3W',
      legalName: '陈建国',
      legalIdNo: '330106198203154218',
      signerName: '陈建国',
      signerPhone: '13800138000',
      settleType: 2,
      settleCard: 3,
      certStatus: 2,
      daysAgo: 150,
      email: 'ops@yichong-hz.cn',
    },
    {
      accountId: ACC.agent,
      entityType: 1,
      name: '张伟',
      licenseNo: null,
      legalName: '张伟',
      legalIdNo: '330106198807202313',
      signerName: '张伟',
      signerPhone: '13800138001',
      settleType: 1,
      settleCard: 4,
      certStatus: 2,
      daysAgo: 180,
      email: null,
    },
    {
      accountId: ACC.propertyCuiyuan,
      entityType: 3,
      name: '杭州翠苑物业管理有限公司',
      licenseNo: '913301061430528713',
      legalName: '周建平',
      legalIdNo: '33010619710511201X',
      signerName: '周海燕',
      signerPhone: '13800138002',
      settleType: 2,
      settleCard: 5,
      certStatus: 2,
      daysAgo: 300,
      email: 'cuiyuanwy@163.com',
    },
    {
      accountId: ACC.splitOperator,
      entityType: 3,
      name: '西溪快充科技有限公司',
      licenseNo: '91330106MA2H3K7T5X',
      legalName: '孙浩然',
      legalIdNo: '330102198512060412',
      signerName: '孙浩然',
      signerPhone: '13800138006',
      settleType: 2,
      settleCard: 6,
      certStatus: 2,
      daysAgo: 280,
      email: 'finance@xixikc.cn',
    },
    {
      accountId: ACC.unsignedOperator,
      entityType: 2,
      name: '',
      licenseNo: null,
      legalName: '',
      legalIdNo: '',
      signerName: '',
      signerPhone: '',
      settleType: null,
      settleCard: null,
      certStatus: 0,
      daysAgo: 40,
      email: null,
    },
    {
      accountId: ACC.kybOperator,
      entityType: 3,
      name: '滨江智充科技有限公司',
      licenseNo: '91330108MA7B2C9D4T',
      legalName: '何思远',
      legalIdNo: '330108199003214519',
      signerName: '何思远',
      signerPhone: '13800138008',
      settleType: 2,
      settleCard: 7,
      certStatus: 2,
      daysAgo: 10,
      email: 'admin@bjzc.cn',
    },
  ];
  const entityIds = new Map<number, number>();
  for (const e of entities) {
    const id = ctx.id('merchant_entity');
    entityIds.set(e.accountId, id);
    const t = at(addDays(today, -e.daysAgo), 11, 0);
    const done = e.certStatus === 2;
    ctx.push('merchant_entity', {
      id,
      accountId: e.accountId,
      entityType: e.entityType,
      name: e.name,
      licenseNo: e.licenseNo,
      licenseImage: e.licenseNo ? IMG(`license-${e.accountId}.jpg`) : null,
      licenseStart: e.licenseNo ? '2019-06-18' : null,
      licenseEnd: null,
      legalName: e.legalName,
      legalIdNoEnc: e.legalIdNo ? enc(e.legalIdNo) : '',
      legalIdStart: done ? '2016-03-01' : '',
      legalIdEnd: done ? '2036-03-01' : null,
      idFrontImage: done ? IMG(`idfront-${e.accountId}.jpg`) : '',
      idBackImage: done ? IMG(`idback-${e.accountId}.jpg`) : '',
      signerSameAsLegal: e.signerName === e.legalName,
      signerName: e.signerName,
      signerIdNoEnc: e.signerName === e.legalName ? (e.legalIdNo ? enc(e.legalIdNo) : '') : enc('330106198509093024'),
      signerPhone: e.signerPhone,
      authLetterImage: e.signerName !== e.legalName ? IMG(`authletter-${e.accountId}.jpg`) : null,
      settleAccountType: e.settleType,
      settleBankCardId: e.settleCard,
      email: e.email,
      certStatus: e.certStatus,
      rejectReason: null,
      submitTime: done ? t : null,
      certTime: done ? t + 26 * HOUR_MS : null,
      createTime: t,
      updateTime: done ? t + 26 * HOUR_MS : t,
    });
    if (done) {
      for (const biz of ['idFront', 'idBack', ...(e.licenseNo ? ['license'] : [])]) {
        ctx.push('upload_file', {
          id: ctx.id('upload_file'),
          accountId: e.accountId,
          url: IMG(`${biz.toLowerCase()}-${e.accountId}.jpg`),
          bizType: biz,
          size: 182_340,
          width: 1280,
          height: 860,
          createTime: t - HOUR_MS,
          updateTime: t - HOUR_MS,
        });
      }
    }
  }

  // agreements and e-sign
  const agrT = at(addDays(today, -400), 9);
  const agreements = [
    { id: 1, code: 'PLATFORM_SERVICE', name: '平台服务协议', version: 'v2.1', scope: 1 },
    { id: 2, code: 'SPLIT_SERVICE', name: '资金分账服务协议', version: 'v1.3', scope: 1 },
    { id: 3, code: 'MYBANK_ACCOUNT', name: '网商银行电子账户服务协议', version: 'v1.0', scope: 2 },
  ];
  for (const a of agreements) {
    ctx.push('agreement', {
      ...a,
      contentUrl: `/__sandbox/static/agreements/${a.code.toLowerCase()}-${a.version}.html`,
      enabled: 1,
      createTime: agrT,
      updateTime: agrT,
    });
  }
  ctx.reserve('agreement', 4);
  const signs: {
    accountId: number;
    status: 0 | 2;
    openRequired: boolean;
    signer: string;
    phone: string;
    daysAgo: number;
  }[] = [
    { accountId: ACC.operator, status: 2, openRequired: false, signer: '陈建国', phone: '13800138000', daysAgo: 148 },
    { accountId: ACC.agent, status: 2, openRequired: false, signer: '张伟', phone: '13800138001', daysAgo: 178 },
    {
      accountId: ACC.propertyCuiyuan,
      status: 2,
      openRequired: false,
      signer: '周海燕',
      phone: '13800138002',
      daysAgo: 298,
    },
    {
      accountId: ACC.splitOperator,
      status: 2,
      openRequired: true,
      signer: '孙浩然',
      phone: '13800138006',
      daysAgo: 278,
    },
    { accountId: ACC.unsignedOperator, status: 0, openRequired: true, signer: '', phone: '', daysAgo: 40 },
    { accountId: ACC.kybOperator, status: 2, openRequired: true, signer: '何思远', phone: '13800138008', daysAgo: 9 },
  ];
  for (const s of signs) {
    const t = at(addDays(today, -s.daysAgo), 14, 20);
    const scope = agreements.filter((a) => a.scope === 1 || s.openRequired);
    ctx.push('merchant_sign', {
      id: ctx.id('merchant_sign'),
      accountId: s.accountId,
      entityId: entityIds.get(s.accountId) ?? null,
      signStatus: s.status,
      signerName: s.signer,
      signerPhone: s.phone,
      agreements:
        s.status === 2
          ? scope.map((a) => ({
              agreementId: a.id,
              version: a.version,
              signedUrl: `/__sandbox/static/signed/${s.accountId}-${a.code.toLowerCase()}.pdf`,
            }))
          : [],
      rejectReason: null,
      signTime: s.status === 2 ? t : null,
      createTime: t,
      updateTime: t,
    });
  }

  // online-bank accounts (网商银行)
  const props: { accountId: number; openRequired: boolean; openStatus: number; daysAgo: number }[] = [
    { accountId: ACC.operator, openRequired: false, openStatus: 0, daysAgo: 148 },
    { accountId: ACC.agent, openRequired: false, openStatus: 0, daysAgo: 178 },
    { accountId: ACC.propertyCuiyuan, openRequired: false, openStatus: 0, daysAgo: 298 },
    { accountId: ACC.splitOperator, openRequired: true, openStatus: 4, daysAgo: 270 },
    { accountId: ACC.unsignedOperator, openRequired: true, openStatus: 0, daysAgo: 40 },
    { accountId: ACC.kybOperator, openRequired: true, openStatus: 3, daysAgo: 2 },
  ];
  for (const p of props) {
    const t = at(addDays(today, -p.daysAgo), 16, 0);
    const applied = p.openStatus >= 2;
    const opened = p.openStatus === 4;
    const name = entities.find((e) => e.accountId === p.accountId)?.name ?? '';
    ctx.push('merchant_entity_property', {
      id: ctx.id('merchant_entity_property'),
      entityId: entityIds.get(p.accountId) ?? null,
      accountId: p.accountId,
      openRequired: p.openRequired,
      openStatus: p.openStatus,
      failReason: null,
      bankName: '网商银行',
      eAccountName: opened ? name : null,
      eAccountNoEnc: opened ? enc('8888801234567890123') : null,
      businessProvince: applied ? '330000' : '',
      businessCity: applied ? '330100' : '',
      businessArea: applied ? (p.accountId === ACC.kybOperator ? '330108' : '330106') : '',
      businessAddress: applied ? (p.accountId === ACC.kybOperator ? '滨江区江南大道3850号' : '西湖区文三路259号') : '',
      categoryCode: applied ? '7523' : '',
      categoryName: applied ? '充电服务' : '',
      storeImages: applied ? [IMG(`store-${p.accountId}-1.jpg`), IMG(`store-${p.accountId}-2.jpg`)] : [],
      contactEmail: applied ? (entities.find((e) => e.accountId === p.accountId)?.email ?? null) : null,
      applyTime: applied ? t : null,
      openTime: opened ? t + 2 * DAY_MS : null,
      createTime: t,
      updateTime: opened ? t + 2 * DAY_MS : t,
    });
  }

  // KYB: 10007 verified (开户验证), 10009 awaiting the amount (37 fen, 2 tries left), 10003 corporate withdrawal account
  const kybs = [
    {
      accountId: ACC.splitOperator,
      card: 6,
      purpose: 1,
      status: 3,
      amount: 52,
      remain: 2,
      applied: at(addDays(today, -269), 10, 0),
    },
    {
      accountId: ACC.propertyCuiyuan,
      card: 5,
      purpose: 3,
      status: 3,
      amount: 18,
      remain: 3,
      applied: at(addDays(today, -296), 10, 0),
    },
    {
      accountId: ACC.kybOperator,
      card: 7,
      purpose: 1,
      status: 2,
      amount: 37,
      remain: 2,
      applied: now - 5 * HOUR_MS - 20 * MIN_MS,
    },
  ];
  for (const k of kybs) {
    const card = CARD_SPECS.find((c) => c.id === k.card);
    if (!card) continue;
    const remit = k.applied + (k.status === 2 ? 10_000 : 2 * HOUR_MS);
    const verified = k.status === 3 ? remit + 20 * HOUR_MS : null;
    ctx.push('kyb_verification', {
      id: ctx.id('kyb_verification'),
      accountId: k.accountId,
      entityId: entityIds.get(k.accountId),
      bankCardId: k.card,
      purpose: k.purpose,
      accountName: card.holder,
      accountNoEnc: enc(card.cardNo),
      bankName: card.bankName,
      branchName: card.branchName ?? '',
      randomAmount: k.amount,
      status: k.status,
      remainTimes: k.remain,
      failReason: null,
      requestId: `${pad(k.accountId, 8)}${pad(k.card, 8)}${pad(k.amount, 16)}`,
      applyTime: k.applied,
      remitTime: remit,
      expireTime: remit + 48 * HOUR_MS,
      verifyTime: verified,
      nextApplyTime: null,
      createTime: k.applied,
      updateTime: verified ?? remit + 90 * MIN_MS,
    });
  }

  // withdrawal fee rules (D WithdrawFeeRule) and the main operator's weekly auto-withdraw (Monday)
  for (const channel of [1, 2]) {
    ctx.push('withdraw_fee_rule', {
      channel,
      freeCountPerMonth: 2,
      feeRateBp: 10,
      minFee: 100,
      maxFee: 2500,
      minAmount: 1000,
      maxAmount: 5_000_000,
      dailyLimit: 3,
      arrivalHint: channel === 1 ? '预计3个工作日内到账' : '预计2小时内到账',
      blackoutStart: '23:00',
      blackoutEnd: '01:00',
      createTime: t0,
      updateTime: t0,
    });
  }
  const weekday = (day: string) => new Date(startOfDay(day) + 8 * HOUR_MS).getUTCDay(); // 0 = Sunday
  let lastMonday = today;
  while (weekday(lastMonday) !== 1 || at(lastMonday, 10) > now) lastMonday = addDays(lastMonday, -1);
  let next = today;
  while (weekday(next) !== 1 || at(next, 10) <= now) next = addDays(next, 1);
  const saved = Math.min(at(lastMonday, 12, 30), now - 30 * MIN_MS);
  ctx.push('withdraw_setting', {
    accountId: ACC.operator,
    autoWithdraw: 1,
    autoMode: 2,
    date: 1,
    bankCardId: 1,
    nextWithdraw: next,
    createTime: saved,
    updateTime: saved,
  });
}
