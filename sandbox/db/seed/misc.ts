import { addDays, addMonths, DAY_MS, dayOf, monthOf } from '../../lib/time';
import { ACC, type SeedCtx } from './context';
import type { Row } from './insert';
import type { MoneyResult } from './money';
import { versionOn } from './money';
import { HOUR_MS, IMG, MIN_MS, ebikePlate, mobile, pad, stamp, stampDay } from './util';
import { at, lastDayOfMonth, type World } from './world';

/** Notices (8, 3 unread by 10001), help articles, posters. */
function seedContent(ctx: SeedCtx): void {
  const { now } = ctx;
  const notices: [number, string, string][] = [
    [
      4,
      '关于加强电动自行车集中充电场所消防安全管理的通知',
      '根据杭州市消防救援支队要求，各充电站点需配备烟感及灭火器材。',
    ],
    [1, '系统升级公告：5月18日凌晨维护', '平台将于凌晨01:00-03:00进行系统升级，期间远程充电暂停使用。'],
    [2, '新功能上线：区域储值卡', '同一收费规则的多个站点可共用一张区域储值卡，充值资金在消费后解冻入账。'],
    [3, '五一期间提现到账时间说明', '节假日期间提现将顺延至节后第一个工作日处理。'],
    [2, '功能上新：老卡置换活动', '支持导入旧卡余额，用户到场换新卡时自动转入。'],
    [3, '充电高峰期运营建议', '晚间18:00-22:00为充电高峰，建议提前巡检插座状态。'],
    [2, '功能上新：网商银行电子账户', '完成签约后可开通网商银行电子账户，提现最快2小时到账。'],
    [1, '系统升级公告：收益统计口径优化', '收入统计将按支付日汇总，退款按退款日扣减。'],
  ];
  notices.forEach(([type, title, summary], i) => {
    const id = i + 1;
    const publish = now - (60 - i * 8) * DAY_MS - (i % 3) * HOUR_MS;
    ctx.push('notice', {
      id,
      type,
      title,
      summary,
      content: `<p>${summary}</p><p>如有疑问请联系客服 400-800-1234。</p>`,
      coverUrl: type === 2 ? IMG(`notice-${id}.jpg`) : null,
      publishTime: publish,
      status: 1,
      createTime: publish - HOUR_MS,
      updateTime: publish,
    });
    if (i < 5) {
      const read = publish + (6 + i) * HOUR_MS;
      ctx.push('notice_read', {
        noticeId: id,
        accountId: ACC.operator,
        readTime: read,
        createTime: read,
        updateTime: read,
      });
      if (i < 3)
        ctx.push('notice_read', {
          noticeId: id,
          accountId: ACC.splitOperator,
          readTime: read + HOUR_MS,
          createTime: read + HOUR_MS,
          updateTime: read + HOUR_MS,
        });
    }
  });
  ctx.reserve('notice', 9);

  const help: [string, string][] = [
    ['新手入门', '如何添加第一个站点'],
    ['新手入门', '设备扫码绑定步骤'],
    ['收入提现', '提现多久到账？手续费怎么算？'],
    ['收入提现', '为什么有一笔收入显示待入账'],
    ['卡片管理', '区域储值卡与站点储值卡的区别'],
    ['设备问题', '插座显示离线怎么办'],
  ];
  help.forEach(([category, title], i) => {
    const t = now - (200 - i * 20) * DAY_MS;
    ctx.push('help_article', {
      id: i + 1,
      title,
      category,
      content: `<h3>${title}</h3><p>请参考以下步骤操作……</p>`,
      publishTime: t,
      createTime: t,
      updateTime: t,
    });
  });
  ctx.reserve('help_article', 7);

  const posters: [string, number][] = [
    ['小区充电站招商合作', 1],
    ['扫码充电指引', 2],
    ['办卡充值送优惠', 3],
  ];
  posters.forEach(([title, posterType], i) => {
    const t = now - (120 - i * 10) * DAY_MS;
    ctx.push('poster', {
      id: i + 1,
      title,
      thumbUrl: IMG(`poster-${i + 1}-thumb.jpg`),
      templateUrl: IMG(`poster-${i + 1}.png`),
      posterType,
      sort: i + 1,
      status: 1,
      createTime: t,
      updateTime: t,
    });
  });
  ctx.reserve('poster', 4);
  for (let k = 0; k < 6; k++) {
    const t = now - (20 - k * 3) * DAY_MS;
    ctx.push('poster_record', {
      id: ctx.id('poster_record'),
      posterId: (k % 3) + 1,
      accountId: ACC.operator,
      action: k % 2 === 0 ? 1 : 2,
      createTime: t,
      updateTime: t,
    });
  }
  const train = at(addDays(ctx.today, -300), 10);
  ctx.push('train_info', {
    id: 1,
    title: '充电桩安装施工安全培训',
    content:
      '<h3>施工前</h3><p>确认车棚供电容量与空开规格……</p><h3>施工中</h3><p>线缆穿管敷设，设备离地不低于1.2米……</p>',
    videoUrl: '/__sandbox/static/train/install-safety.mp4',
    version: 3,
    createTime: train,
    updateTime: train,
  });
  ctx.reserve('train_info', 2);
}

/** 30 warnings for 10001 (5 未恢复: the two offline boxes, the faulty box, the smoke alarm, an overheating socket). */
function seedWarnings(ctx: SeedCtx, world: World): void {
  const { rnd, now } = ctx;
  const devices = ctx.rows('device').filter((d) => d.ownerOperatorId === ACC.operator && d.siteId !== null);
  const siteName = (id: unknown) => world.sites.get(id as number)?.name ?? '';
  const push = (
    d: Row,
    type: number,
    level: number,
    content: string,
    time: number,
    status: 0 | 1,
    socketNo: number | null,
  ) => {
    ctx.push('warning_record', {
      id: ctx.id('warning_record'),
      merchantId: ACC.operator,
      siteId: d.siteId,
      siteName: siteName(d.siteId),
      deviceId: d.id,
      deviceType: d.deviceType,
      serialNumber: d.serialNumber,
      socketNo,
      warningType: type,
      level,
      content,
      warningTime: time,
      status,
      recoverTime: status === 1 ? time + rnd.int(10, 300) * MIN_MS : null,
      smsSent: level === 2 ? 1 : 0,
      createTime: time,
      updateTime: status === 1 ? time + 300 * MIN_MS : time,
    });
  };
  const charging = devices.filter((d) => (d.deviceType as number) <= 3);
  const offline = charging.filter((d) => d.status === 2);
  const fault = charging.find((d) => d.status === 3);
  const smoke = devices.find((d) => d.deviceType === 7 && d.smokeStatus === 1);
  // recovered history first (older), then the 5 open ones
  const types: [number, number, string][] = [
    [1, 1, '设备离线超过10分钟'],
    [2, 1, '插座检测到异常，已停止输出'],
    [4, 2, '插座温度过高（68℃），已自动断电'],
    [5, 1, '插座功率超过1000W，已自动断电'],
    [6, 1, '门禁长时间未关闭'],
  ];
  const history: { t: number; d: Row; spec: [number, number, string] }[] = [];
  for (let k = 0; k < 25; k++) {
    const spec = rnd.pick(types);
    const pool = spec[0] === 6 ? devices.filter((d) => d.deviceType === 4) : charging;
    history.push({ t: now - rnd.int(2, 60) * DAY_MS - rnd.int(0, 23) * HOUR_MS, d: rnd.pick(pool), spec });
  }
  history.sort((a, b) => a.t - b.t);
  for (const h of history) {
    const socket = h.spec[0] === 2 || h.spec[0] === 4 || h.spec[0] === 5 ? rnd.int(1, 10) : null;
    push(h.d, h.spec[0], h.spec[1], h.spec[2], h.t, 1, socket);
  }
  for (const d of offline)
    push(d, 1, 2, '设备离线，请检查供电和网络', (d.lastHeartbeatTime as number) + 10 * MIN_MS, 0, null);
  if (fault) push(fault, 2, 1, '1号、2号插座检测到异常，已停止输出', now - 26 * HOUR_MS, 0, 1);
  if (smoke) push(smoke, 3, 2, '烟感检测到烟雾浓度超标，请立即到现场查看', smoke.lastAlarmTime as number, 0, null);
  const hot = charging.find((d) => d.siteId === 1 && d.status === 1);
  if (hot) push(hot, 4, 2, '3号插座温度过高（71℃），已自动断电', now - 47 * MIN_MS, 0, 3);
}

/** Open-platform partners and 3 site applications (2 待处理, 1 已同意). */
function seedApplications(ctx: SeedCtx): void {
  const { now } = ctx;
  const t0 = at(addDays(ctx.today, -300), 10);
  ctx.push('open_partner', {
    id: 1,
    name: '杭州市电动自行车充电安全监管平台',
    logo: IMG('partner-gov.png'),
    type: 3,
    company: '杭州市消防救援支队',
    contactName: '刘平',
    contactPhone: '057187654321',
    createTime: t0,
    updateTime: t0,
  });
  ctx.push('open_partner', {
    id: 2,
    name: '快电互联',
    logo: IMG('partner-kd.png'),
    type: 1,
    company: '浙江快电互联科技有限公司',
    contactName: '赵磊',
    contactPhone: '13957112345',
    createTime: t0,
    updateTime: t0,
  });
  ctx.reserve('open_partner', 3);
  const apps = [
    {
      partnerId: 1,
      status: 1,
      applyAgo: 40 * DAY_MS,
      purpose: '接入全市充电设施安全监管',
      scopes: [1, 2],
      sites: [1, 2, 3, 4, 5],
      valid: 12,
    },
    {
      partnerId: 2,
      status: 0,
      applyAgo: 2 * DAY_MS + 3 * HOUR_MS,
      purpose: '在快电App展示站点并支持扫码充电',
      scopes: [1, 2, 3, 4],
      sites: [1, 2, 5],
      valid: 12,
    },
    {
      partnerId: 1,
      status: 0,
      applyAgo: 20 * HOUR_MS,
      purpose: '新增站点纳入消防监管',
      scopes: [1, 2],
      sites: [6],
      valid: 6,
    },
  ];
  apps.forEach((a, i) => {
    const id = i + 1;
    const apply = now - a.applyAgo;
    const dealt = a.status === 1 ? apply + 5 * HOUR_MS : null;
    ctx.push('site_apply', {
      id,
      applyNo: `SA${stampDay(apply)}${pad(id, 4)}`,
      partnerId: a.partnerId,
      merchantId: ACC.operator,
      purpose: a.purpose,
      scopes: a.scopes,
      validMonths: a.valid,
      status: a.status,
      applyTime: apply,
      expireTime: apply + 7 * DAY_MS,
      dealTime: dealt,
      dealRemark: dealt ? '同意接入' : null,
      dealerAccountId: dealt ? ACC.operator : null,
      dealerName: dealt ? '陈建国' : null,
      authStartTime: dealt,
      authEndTime: dealt ? dealt + a.valid * 30 * DAY_MS : null,
      createTime: apply,
      updateTime: dealt ?? apply,
    });
    for (const siteId of a.sites) {
      ctx.push('site_apply_site', {
        applyId: id,
        siteId,
        granted: a.status === 1 ? 1 : 0,
        createTime: apply,
        updateTime: dealt ?? apply,
      });
    }
  });
  ctx.reserve('site_apply', 4);
}

/** 6 work orders (2 待审核, 1 已驳回, 1 施工中 by 王强 untrained, 1 待验收, 1 已完成). */
function seedWorkOrders(ctx: SeedCtx): void {
  const { now } = ctx;
  const specs = [
    {
      status: 1,
      ago: 1,
      comm: '文新小区北区',
      applicant: '吴立新',
      type: 1,
      boxes: 3,
      socket: 10,
      station: null as number | null,
      online: null as number | null,
    },
    {
      status: 1,
      ago: 3,
      comm: '蒋村花园',
      applicant: '黄丽华',
      type: 2,
      boxes: 2,
      socket: 12,
      station: null,
      online: null,
    },
    {
      status: 2,
      ago: 12,
      comm: '益乐新村',
      applicant: '马国平',
      type: 3,
      boxes: 4,
      socket: 10,
      station: null,
      online: null,
    },
    { status: 3, ago: 6, comm: '古荡新村', applicant: '陈建国', type: 3, boxes: 4, socket: 10, station: 6, online: 1 },
    { status: 4, ago: 18, comm: '嘉绿苑', applicant: '陈建国', type: 3, boxes: 2, socket: 10, station: 4, online: 1 },
    { status: 5, ago: 300, comm: '嘉绿苑', applicant: '陈建国', type: 3, boxes: 7, socket: 10, station: 5, online: 1 },
  ];
  specs.forEach((s, i) => {
    const id = i + 1;
    const apply = now - s.ago * DAY_MS - 4 * HOUR_MS;
    const approved = s.status >= 3 ? apply + 20 * HOUR_MS : s.status === 2 ? apply + 26 * HOUR_MS : null;
    const submitted = s.status >= 4 ? apply + 6 * DAY_MS : null;
    const finished = s.status === 5 ? apply + 9 * DAY_MS : null;
    ctx.push('work_order', {
      id,
      orderNo: `WO${stampDay(apply)}${pad(id, 4)}`,
      merchantId: ACC.operator,
      applyType: s.type,
      applicantName: s.applicant,
      applicantPhone: s.applicant === '陈建国' ? '13800138000' : mobile(ctx.rnd),
      commName: s.comm,
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      address: `${s.comm}车棚`,
      longitude: 120.12 + i * 0.006,
      latitude: 30.27 + i * 0.004,
      expectBoxCount: s.boxes,
      socketType: s.socket,
      expectSocketCount: s.boxes * s.socket,
      parkingSpaces: s.boxes * 15,
      hasPower: 1,
      photos: [IMG(`workorder-${id}-1.jpg`)],
      remark: s.type === 2 ? '小区居民反映充电难，希望安装' : '',
      status: s.status,
      checkStatus: 1,
      applyApprovedContent: s.status === 2 ? '现场无独立供电，暂不具备安装条件' : approved ? '同意安装' : null,
      approverName: approved ? '陈建国' : null,
      approveTime: approved,
      onlineSite: s.online,
      stationId: s.station,
      siteName: s.station
        ? s.comm === '古荡新村'
          ? '古荡新村充电站'
          : s.station === 4
            ? '嘉绿苑东区车棚'
            : '嘉绿苑西区车棚'
        : null,
      builderId: s.status >= 3 ? ACC.builder : null,
      trainId: s.status >= 3 ? 1 : null,
      trainingConfirmed: s.status >= 4 ? 1 : 0,
      trainConfirmTime: s.status >= 4 && approved ? approved + 2 * HOUR_MS : null,
      submitTime: submitted,
      achievementRemark: submitted ? '设备已安装调试完成，线路已穿管' : null,
      acceptContent: finished ? '验收通过' : null,
      acceptTime: finished,
      finishTime: finished,
      applyTime: apply,
      createTime: apply,
      updateTime: finished ?? submitted ?? approved ?? apply,
    });
  });
  ctx.reserve('work_order', 7);
}

/** Parking rule on site 1 and 50 parking records. */
function seedParking(ctx: SeedCtx): void {
  const { rnd, now } = ctx;
  const t = at(addDays(ctx.today, -120), 10);
  ctx.push('parking_rule', {
    siteId: 1,
    ruleDesc: '前2小时免费，之后每小时¥1.00，每日封顶¥5.00',
    freeMinutes: 120,
    pricePerHour: 100,
    dailyCap: 500,
    createTime: t,
    updateTime: t,
  });
  const records: Row[] = [];
  for (let k = 0; k < 50; k++) {
    const entry = now - rnd.int(0, 29) * DAY_MS - rnd.int(1, 20) * HOUR_MS - rnd.int(0, 59) * MIN_MS;
    const inside = k >= 46 && entry > now - 20 * HOUR_MS;
    const minutes = inside ? Math.floor((now - entry) / MIN_MS) : rnd.int(20, 14 * 60);
    const exit = inside ? null : Math.min(entry + minutes * MIN_MS, now - MIN_MS);
    const fee = inside ? 0 : Math.min(500, Math.max(0, Math.ceil((minutes - 120) / 60)) * 100);
    const payType = fee === 0 ? 5 : rnd.pick([1, 2, 4]);
    records.push({
      siteId: 1,
      gateName: k % 2 === 0 ? '北门道闸' : '南门道闸',
      plateNo: rnd.chance(0.8) ? ebikePlate(rnd) : null,
      cardNo: rnd.chance(0.2) ? `1008${pad(rnd.int(0, 99_999_999), 8)}` : null,
      carTypeId: rnd.chance(0.9) ? 1 : rnd.pick([2, 3, 4]),
      entryTime: entry,
      exitTime: exit,
      durationMinutes: minutes,
      fee,
      payType,
      status: inside ? 1 : 2,
      createTime: entry,
      updateTime: exit ?? entry,
    });
  }
  records.sort((a, b) => (a.entryTime as number) - (b.entryTime as number));
  for (const r of records) ctx.push('parking_record', { id: ctx.id('parking_record'), ...r });
}

/** 6 export records (1 生成中, 4 已发送, 1 发送失败). */
function seedDocs(ctx: SeedCtx): void {
  const { now } = ctx;
  const docs = [
    { type: 1, status: 2, ago: 20 * DAY_MS, name: '充电订单', range: 30 },
    { type: 3, status: 2, ago: 12 * DAY_MS, name: '收支明细', range: 31 },
    { type: 7, status: 2, ago: 8 * DAY_MS, name: '月度对账单', range: 30 },
    { type: 6, status: 3, ago: 5 * DAY_MS, name: '投币订单', range: 7 },
    { type: 4, status: 2, ago: 2 * DAY_MS, name: '提现记录', range: 90 },
    { type: 1, status: 1, ago: 40_000, name: '充电订单', range: 7 },
  ];
  for (const d of docs) {
    const t = now - d.ago;
    const end = dayOf(t);
    const start = addDays(end, -(d.range - 1));
    const sent = d.status === 2 ? t + 6000 : null;
    ctx.push('doc_record', {
      id: ctx.id('doc_record'),
      merchantId: ACC.operator,
      accountId: ACC.operator,
      fileName: `${d.name}_${start}_${end}.xlsx`,
      docType: d.type,
      params: { startDate: start, endDate: end },
      conditions: `${start} 至 ${end}`,
      email: 'ops@yichong-hz.cn',
      status: d.status,
      failReason: d.status === 3 ? '邮件服务器拒收，请检查邮箱地址' : null,
      fileUrl: d.status === 2 ? `/__sandbox/files/export-${stamp(t)}.xlsx` : null,
      fileSize: d.status === 2 ? 20_000 + d.range * 900 : 0,
      sendTime: sent,
      expireTime: t + 30 * DAY_MS,
      linkExpireTime: sent ? sent + 7 * DAY_MS : null,
      resendCountToday: 0,
      createTime: t,
      updateTime: sent ?? t,
    });
  }
}

/** Bill settings (翠苑物业 visible, 文新物业 hidden) and monthly site bills (3 past months + current). */
function seedBills(ctx: SeedCtx, world: World, money: MoneyResult): void {
  const { now } = ctx;
  const t = at(addDays(ctx.today, -200), 11);
  ctx.push('bill_setting', {
    id: 1,
    accountId: ACC.operator,
    merchantId: ACC.propertyCuiyuan,
    siteIds: [1, 2],
    billDay: 5,
    visibleToProperty: 1,
    email: 'cuiyuanwy@163.com',
    createTime: t,
    updateTime: t,
  });
  ctx.push('bill_setting', {
    id: 2,
    accountId: ACC.operator,
    merchantId: ACC.propertyWenxin,
    siteIds: [3],
    billDay: 5,
    visibleToProperty: 0,
    email: null,
    createTime: t,
    updateTime: t,
  });
  ctx.reserve('bill_setting', 3);
  const settingOf = (siteId: number) => (siteId === 1 || siteId === 2 ? 1 : siteId === 3 ? 2 : null);

  const stats = ctx.rows('site_daily_stat');
  const month0 = monthOf(now);
  for (let back = 3; back >= 0; back--) {
    const month = addMonths(month0, -back);
    for (const siteId of [1, 2, 3, 4, 5, 6, 7]) {
      const site = world.sites.get(siteId);
      if (!site) continue;
      const rows = stats.filter((s) => s.siteId === siteId && (s.date as string).startsWith(month));
      const sum = (k: string) => rows.reduce((a, r) => a + (r[k] as number), 0);
      const sp = money.splits.filter((s) => s.siteId === siteId && monthOf(s.createTime) === month);
      const role = (r: number) => sp.filter((s) => s.role === r).reduce((a, s) => a + s.amount, 0);
      const monthEnd = lastDayOfMonth(`${month}-01`);
      const v = versionOn(site, monthEnd < ctx.today ? monthEnd : ctx.today);
      const prop = v.parties.find((p) => p.partyType === 2);
      const energy = sum('energyWh');
      const electricityFee = v.electricBearer === 2 ? 0 : Math.floor((energy * v.electricPrice) / 1000);
      const settled = role(5);
      const setting = settingOf(siteId);
      const genDay = addDays(monthEnd, setting ? 5 : 1);
      const generate = at(genDay, 3, 0);
      const done = generate <= now;
      ctx.push('site_bill', {
        id: ctx.id('site_bill'),
        billNo: `SB${month.replace('-', '')}${pad(siteId, 4)}`,
        month,
        siteId,
        siteName: site.name,
        communityName: site.communityName,
        ownerAccountId: site.operatorId,
        agentId: site.operatorId === ACC.agent ? ACC.agent : null,
        superiorAccountId: site.operatorId === ACC.agent ? ACC.operator : null,
        merchantId: site.merchantId,
        settingId: setting,
        orderCount: sum('orderCount'),
        energyWh: energy,
        chargeIncome: sum('chargeIncome'),
        valueCardIncome: sum('valueCardIncome'),
        monthCardIncome: sum('monthCardIncome'),
        coinIncome: sum('coinIncome'),
        refundAmount: sum('chargeRefundAmount') + sum('cardRefundAmount'),
        grossIncome: sum('grossIncome'),
        propertyShareRate: prop ? prop.chargeRate : null,
        propertyShareAmount: role(1),
        superiorShareAmount: role(2),
        platformFee: role(3),
        channelFee: role(4),
        electricBearer: v.electricBearer,
        electricPrice: v.electricPrice,
        electricityFee,
        settledElectricityFee: settled,
        unsettledElectricityFee: Math.max(0, electricityFee - settled),
        netIncome: role(0),
        status: done ? 2 : 1,
        generateTime: done ? generate : null,
        createTime: at(`${month}-01`, 0, 5),
        updateTime: done ? generate : now,
      });
    }
  }
}

/** Messages, warnings, applications, work orders, parking, exports, bills, settlement cycle config. */
export function seedMisc(ctx: SeedCtx, world: World, money: MoneyResult): void {
  seedContent(ctx);
  seedWarnings(ctx, world);
  seedApplications(ctx);
  seedWorkOrders(ctx);
  seedParking(ctx);
  seedDocs(ctx);
  seedBills(ctx, world, money);
  const t = at(addDays(ctx.today, -400), 10);
  ctx.push('settlement_cycle_config', {
    id: 1,
    accountId: ACC.operator,
    siteId: null,
    cycleType: 3,
    settleDay: 1,
    createTime: t,
    updateTime: t,
  });
  ctx.reserve('settlement_cycle_config', 2);
}
