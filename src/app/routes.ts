import type { ComponentType } from 'react';

/**
 * The route table of spec §2 with every route's Chinese title (titles as in ../shared/spec/screens). A route with
 * `load` is built and lazy-loaded; a route without it is in the spec but not built yet, and its address shows the
 * not-found page. Paths are case-sensitive and spelled as the spec spells them (siteInof included).
 */
export interface RouteEntry {
  path: string;
  title: string;
  /** Lazy screen module; absent = not built yet. A route with children loads a layout that renders <Outlet />. */
  load?: () => Promise<{ default: ComponentType }>;
  /** Child routes rendered inside this route's layout (absolute paths under this one). */
  children?: readonly RouteEntry[];
  /**
   * Kept alive once visited (spec §2: the site list): hidden, not unmounted, while the user is on other screens, so
   * that coming back finds its state and scroll position.
   */
  keepAlive?: boolean;
}

export const ROUTES: readonly RouteEntry[] = [
  // Root shell, home, settlement and contracts
  { path: '/', title: '首页', load: () => import('@/pages/home') },
  { path: '/home', title: '首页', load: () => import('@/pages/home') },
  { path: '/stages/index', title: '结算中心' },
  { path: '/stages/index/stagesList', title: '结算记录' },
  { path: '/stages/stageInfo', title: '结算扣款详情' },
  { path: '/stages/index/oldStages', title: '往期结算记录' },
  { path: '/platformfee/settleCurrent', title: '本期结算' },
  { path: '/platformfee/settleCurrent/stageInfo', title: '结算扣款详情' },
  { path: '/platformfee/settleDetail', title: '往期结算详情' },
  { path: '/platformfee/recordList', title: '结算记录' },
  { path: '/compact/index', title: '未签约订单' },
  { path: '/compact/index/order-list', title: '未签约订单' },
  { path: '/compact/index/recharge-list', title: '未签约订单' },

  // Site section
  { path: '/site', title: '站点列表', load: () => import('@/pages/site'), keepAlive: true },
  { path: '/site/add', title: '添加站点', load: () => import('@/pages/site/add') },
  { path: '/site/add/expensesSet', title: '费用承担设置', load: () => import('@/pages/site/add/expensesSet') },
  {
    path: '/site/siteInof/siteData/expensesSet',
    title: '费用承担详情',
    load: () => import('@/pages/site/siteInof/siteData/expensesSet'),
  },
  {
    // Alias of the spec's misspelt route (B-site.md §4 费用承担详情): the same screen.
    path: '/site/siteInfo/siteData/expensesSet',
    title: '费用承担详情',
    load: () => import('@/pages/site/siteInof/siteData/expensesSet'),
  },
  {
    path: '/site/siteInfo/siteData/integrateSet',
    title: '综合分成',
    load: () => import('@/pages/site/siteInfo/siteData/integrateSet'),
  },
  {
    path: '/site/siteInfo/siteData/benefitSet',
    title: '分成设置',
    load: () => import('@/pages/site/siteInfo/siteData/benefitSet'),
  },
  {
    path: '/site/siteInfo/siteData/benefitSet/benefitAdd',
    title: '添加分成方',
    load: () => import('@/pages/site/siteInfo/siteData/benefitSet/benefitAdd'),
  },
  {
    path: '/site/siteInfo/siteData/maplocation',
    title: '地图定位',
    load: () => import('@/pages/site/siteInfo/siteData/maplocation'),
  },
  {
    path: '/site/siteInfo/siteData/merchant',
    title: '物业列表',
    load: () => import('@/pages/site/siteInfo/siteData/merchant'),
  },
  {
    path: '/site/siteInfo/siteData/setCharger',
    title: '收费设置',
    load: () => import('@/pages/site/siteInfo/siteData/setCharger'),
  },
  {
    path: '/site/siteInfo/facilityList/facilityCode',
    title: '扫码添加设备',
    load: () => import('@/pages/site/siteInfo/facilityList/facilityCode'),
  },
  {
    path: '/site/siteInfo/facilityList/facilityCode/spareQcode',
    title: '绑定备用二维码',
    load: () => import('@/pages/site/siteInfo/facilityList/facilityCode/spareQcode'),
  },
  {
    path: '/site/siteInfo/facilityList/signalSetting',
    title: '信号模式设置',
    load: () => import('@/pages/site/siteInfo/facilityList/signalSetting'),
  },
  { path: '/site/socket/qrcode', title: '充电插座', load: () => import('@/pages/site/socket/qrcode') },
  { path: '/site/socket/socketInfo', title: '插座详情', load: () => import('@/pages/site/socket/socketInfo') },
  {
    // The site detail: a layout (header, figures, device tabs) around its four device lists.
    path: '/site/siteInfo',
    title: '站点详情',
    load: () => import('@/pages/site/siteInfo'),
    children: [
      {
        path: '/site/siteInfo/facilityList',
        title: '设备列表',
        load: () => import('@/pages/site/siteInfo/facilityList'),
      },
      { path: '/site/siteInfo/guardList', title: '门禁列表', load: () => import('@/pages/site/siteInfo/guardList') },
      {
        path: '/site/siteInfo/cameraList',
        title: '摄像头列表',
        load: () => import('@/pages/site/siteInfo/cameraList'),
      },
      { path: '/site/siteInfo/smokeList', title: '烟感列表', load: () => import('@/pages/site/siteInfo/smokeList') },
    ],
  },
  { path: '/site/siteInfo/siteData', title: '站点资料', load: () => import('@/pages/site/siteInfo/siteData') },
  {
    path: '/site/siteInfo/incomeList',
    title: '充电收入概览',
    load: () => import('@/pages/site/siteInfo/incomeList'),
  },
  {
    // The income detail: a layout with its two lists.
    path: '/site/siteInfo/incomeSite',
    title: '收入明细',
    load: () => import('@/pages/site/siteInfo/incomeSite'),
    children: [
      {
        path: '/site/siteInfo/incomeSite/chargerList',
        title: '充电收入明细',
        load: () => import('@/pages/site/siteInfo/incomeSite/chargerList'),
      },
      {
        path: '/site/siteInfo/incomeSite/cardList',
        title: '充值收入明细',
        load: () => import('@/pages/site/siteInfo/incomeSite/cardList'),
      },
    ],
  },

  // Mine section
  { path: '/mine', title: '个人中心', load: () => import('@/pages/mine') },
  { path: '/mine/bind', title: '登录/绑定手机', load: () => import('@/pages/mine/bind') },
  { path: '/mine/bind/register', title: '注册', load: () => import('@/pages/mine/bind/register') },
  { path: '/mine/bind/find-pass', title: '设置新密码', load: () => import('@/pages/mine/bind/find-pass') },
  { path: '/mine/devStatistics', title: '设备统计' },
  { path: '/mine/siteAuthor', title: '站点授权' },
  { path: '/mine/siteAuthor/undisposed', title: '站点授权' },
  { path: '/mine/siteAuthor/processed', title: '站点授权' },
  { path: '/mine/siteAuthor/:id/authorizeDetail', title: '授权详情' },
  { path: '/mine/workOrder', title: '安装工单' },
  { path: '/mine/workOrder/online', title: '线上工单' },
  { path: '/mine/workOrder/working', title: '施工中工单' },
  { path: '/mine/workOrder/working/installDetail', title: '安装申请详情' },
  { path: '/mine/card', title: '卡片管理' },
  { path: '/mine/card/resetCardList', title: '注销记录' },
  { path: '/mine/card/tab/list', title: '套餐卡列表' },
  { path: '/mine/card/tab/list/info', title: '套餐卡详情' },
  { path: '/mine/card/tab/list/info/recharge', title: '卡片充值' },
  { path: '/mine/card/tab/list/info/recharge-recods', title: '充值记录' },
  { path: '/mine/card/tab/list/info/charger-recods', title: '充电记录' },
  { path: '/mine/card/tab/list/info/active', title: '卡片激活' },
  { path: '/mine/card/tab/list/info/bindAddress', title: '绑定站点' },
  { path: '/mine/card/rechargeSet', title: '充值设置' },
  { path: '/mine/card/rechargeSet/info', title: '充值设置详情' },
  { path: '/mine/card/tab/add', title: '添加套餐卡' },
  { path: '/mine/card/tab/add/address', title: '选择适用站点' },
  { path: '/mine/tenement-list', title: '物业管理' },
  { path: '/mine/tenement-list/base/info', title: '物业账号' },
  { path: '/mine/tenement-list/base/list', title: '全部站点' },
  { path: '/mine/message/warning', title: '告警通知' },
  { path: '/mine/message/upgrads', title: '系统消息' },
  { path: '/mine/message/upgrads/info', title: '消息详情' },
  { path: '/mine/remoteCharge', title: '远程充电' },
  { path: '/mine/searchSerial', title: '选择设备' },
  { path: '/mine/recordOfremote', title: '远程充电记录' },
  { path: '/mine/chargerRecord-list', title: '充电记录' },
  { path: '/mine/chargerRecord-info', title: '充电记录详情' },
  { path: '/mine/factorialList', title: '我的代理' },
  { path: '/mine/factorialList/info', title: '代理详情' },
  { path: '/mine/accountList', title: '子账号' },
  { path: '/mine/accountList/accountInfo', title: '子账号详情' },
  { path: '/mine/permuteCard', title: '旧卡更换' },
  { path: '/mine/permuteCard/choiseSite', title: '旧卡更换-选择站点' },
  { path: '/mine/sim/index', title: '本期月租' },
  { path: '/mine/sim/index/oldSim', title: '往期结算记录' },
  { path: '/mine/sim/index/list', title: '结算记录' },
  { path: '/mine/parkingRecord/parkingList', title: '停车记录' },
  { path: '/mine/downCenter/index', title: '对账单下载中心' },
  { path: '/mine/set', title: '设置中心' },

  // Income section
  { path: '/income', title: '收入', load: () => import('@/pages/income') },
  { path: '/income/list', title: '收支明细' },
  { path: '/income/list/detail/:id', title: '收支详情' },
  { path: '/income/autowithdraw', title: '自动提现' },
  { path: '/income/withdraw', title: '提现' },
  { path: '/income/feeOwedDetail', title: '欠费详情' },
  { path: '/income/feeOwedDetail/payresult', title: '支付结果' },
  { path: '/income/bank', title: '我的银行卡' },
  { path: '/income/bank/add', title: '添加储蓄卡' },
  { path: '/income/withdraw-list', title: '提现记录' },
  { path: '/income/withdraw-list/cashResult', title: '提现结果' },
  { path: '/income/statement/bill', title: '对账单' },
  { path: '/income/statement/coinBill', title: '投币收入明细' },
  { path: '/income/statement/bill/siteBill', title: '站点账单' },
  { path: '/income/statement/bill/siteBill/detail', title: '账单详情' },
  { path: '/income/income-detail', title: '收入明细' },
  { path: '/income/areaCard-bill', title: '充值冻结记录' },
  { path: '/income/exportFile', title: '导出' },
  { path: '/income/detail-list', title: '明细' },
  { path: '/income/edit-contract', title: '编辑签约人信息' },
  { path: '/income/apply-result', title: '认证信息变更申请' },
  { path: '/income/sign-agree', title: '电子协议签署' },
  { path: '/income/openAccountDetail', title: '网商银行开户' },
  { path: '/income/exchangeBank', title: '更换银行卡' },
  { path: '/income/withdrawHistory', title: '提现记录' },
  { path: '/income/KYBCheck', title: '对公打款验证' },
];

/** Title of the not-found page. */
export const NOT_FOUND_TITLE = '页面不存在';

/**
 * True when `path` is a built screen, so that the app's own navigation may link to it (links to screens not built yet
 * are not shown). Matches the route table's patterns (`:id` segments) against the path without query.
 */
export function isBuilt(path: string): boolean {
  const pathname = path.split('?')[0] ?? '';
  return flatRoutes(ROUTES).some((route) => route.load !== undefined && matches(route.path, pathname));
}

/** Every entry of a route table, children included. */
export function flatRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.flatMap((route) => [route, ...flatRoutes(route.children ?? [])]);
}

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.replace(/\/$/, '').split('/');
  if (pattern === '/') return pathname === '/';
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
}
