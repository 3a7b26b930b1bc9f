/**
 * The route table of spec §2: every route by name, with its path (spelled as the spec spells it, siteInof included,
 * case-sensitive), its Chinese title (as in the screen designs) and the query parameters its screen reads. It is the
 * one place paths are written: links and navigation use `href(name, args)`, so that a link to a route that is not in
 * the table, or without a required parameter, fails the type check, and renaming a route's path is one edit here.
 * Screens read their parameters with the same declarations (`parseQuery`, and the hooks of
 * `@/components/route-query`). Which routes are built (have a screen) is the app's route table (src/app/routes.ts).
 *
 * Query kinds: 'id' a positive integer; 'int' an integer ≥ 0; 'month' 'YYYY-MM'; 'day' 'YYYY-MM-DD'; 'string' any
 * non-empty text. A kind ending in '?' is optional. Path parameters (`:id`) are required and typed string | number.
 */

/** The kind of a query value (see above). */
export type QueryKind = 'id' | 'int' | 'month' | 'day' | 'string';

/** A route's query parameters: name → kind ('?' suffix = optional). */
export type QuerySpec = Readonly<Record<string, QueryKind | `${QueryKind}?`>>;

/** One route of the table. */
export interface RouteSpec {
  /** The path as the spec spells it (`:name` for a path parameter). */
  readonly path: string;
  /** The screen's title (document title and header). */
  readonly title: string;
  /** The query parameters the screen reads. */
  readonly query?: QuerySpec;
}

/** The query of the four tab roots: the tab bar adds isShowModal=1 (spec §2). */
const TAB_QUERY = { isShowModal: 'string?' } as const;
/** A screen about one site. */
const SITE = { siteId: 'id' } as const;
/** A screen opened from the add-site form (from=add, the site draft) or from a site's profile (siteId). */
const SITE_TARGET = { siteId: 'id?', from: 'string?' } as const;
/** A card list of one type (C-mine.md: every card screen carries cardType), optionally of one site. */
const CARD_TYPE = { cardType: 'int', siteId: 'id?' } as const;
/** A screen about one card (its type picks the detail call and the title). */
const CARD = { cardId: 'id', cardType: 'int' } as const;

export const ROUTE_TABLE = {
  // Root shell, home, settlement and contracts (A-shell-home-settlement.md)
  root: { path: '/', title: '首页', query: TAB_QUERY },
  home: { path: '/home', title: '首页', query: TAB_QUERY },
  stages: { path: '/stages/index', title: '结算中心' },
  stagesList: {
    path: '/stages/index/stagesList',
    title: '结算记录',
    query: { planId: 'id?', title: 'string?', cycle: 'month?' },
  },
  stageInfo: { path: '/stages/stageInfo', title: '结算扣款详情', query: { id: 'id' } },
  oldStages: { path: '/stages/index/oldStages', title: '往期结算记录' },
  platformFeeCurrent: { path: '/platformfee/settleCurrent', title: '本期结算' },
  platformFeeStageInfo: {
    path: '/platformfee/settleCurrent/stageInfo',
    title: '结算扣款详情',
    query: { siteId: 'id?', instalmentId: 'id?' },
  },
  platformFeeSettleDetail: {
    path: '/platformfee/settleDetail',
    title: '往期结算详情',
    query: { instalmentId: 'id' },
  },
  platformFeeRecords: { path: '/platformfee/recordList', title: '结算记录' },
  compact: { path: '/compact/index', title: '未签约订单' },
  compactOrders: { path: '/compact/index/order-list', title: '未签约订单' },
  compactRecharges: { path: '/compact/index/recharge-list', title: '未签约订单' },

  // Site section (B-site.md)
  site: { path: '/site', title: '站点列表', query: TAB_QUERY },
  siteAdd: { path: '/site/add', title: '添加站点' },
  siteAddExpenses: { path: '/site/add/expensesSet', title: '费用承担设置' },
  siteExpenses: { path: '/site/siteInof/siteData/expensesSet', title: '费用承担详情', query: SITE },
  /** The same screen under the correctly spelt path (B-site.md §4 费用承担详情). */
  siteExpensesAlias: { path: '/site/siteInfo/siteData/expensesSet', title: '费用承担详情', query: SITE },
  siteIntegrateSet: { path: '/site/siteInfo/siteData/integrateSet', title: '综合分成', query: SITE },
  siteBenefitSet: { path: '/site/siteInfo/siteData/benefitSet', title: '分成设置', query: SITE },
  siteBenefitAdd: {
    path: '/site/siteInfo/siteData/benefitSet/benefitAdd',
    title: '添加分成方',
    query: { siteId: 'id', mode: 'int?' },
  },
  siteMapLocation: { path: '/site/siteInfo/siteData/maplocation', title: '地图定位', query: SITE_TARGET },
  siteMerchant: { path: '/site/siteInfo/siteData/merchant', title: '物业列表', query: SITE_TARGET },
  siteSetCharger: { path: '/site/siteInfo/siteData/setCharger', title: '收费设置', query: SITE },
  facilityCode: { path: '/site/siteInfo/facilityList/facilityCode', title: '扫码添加设备', query: SITE },
  spareQcode: {
    path: '/site/siteInfo/facilityList/facilityCode/spareQcode',
    title: '绑定备用二维码',
    query: { siteId: 'id?', boxId: 'id' },
  },
  signalSetting: {
    path: '/site/siteInfo/facilityList/signalSetting',
    title: '信号模式设置',
    query: { siteId: 'id', boxId: 'id' },
  },
  /** A box's sockets, by its id or by its code (serial number): one of the two. */
  socketQrcode: { path: '/site/socket/qrcode', title: '充电插座', query: { boxId: 'id?', boxCode: 'string?' } },
  socketInfo: { path: '/site/socket/socketInfo', title: '插座详情', query: { chargerId: 'id' } },
  /** The site detail: a layout (header, figures, device tabs) around its four device lists. */
  siteInfo: { path: '/site/siteInfo', title: '站点详情', query: SITE },
  facilityList: { path: '/site/siteInfo/facilityList', title: '设备列表', query: { siteId: 'id', status: 'string?' } },
  guardList: { path: '/site/siteInfo/guardList', title: '门禁列表', query: SITE },
  cameraList: { path: '/site/siteInfo/cameraList', title: '摄像头列表', query: SITE },
  smokeList: { path: '/site/siteInfo/smokeList', title: '烟感列表', query: SITE },
  siteData: { path: '/site/siteInfo/siteData', title: '站点资料', query: SITE },
  siteIncomeList: { path: '/site/siteInfo/incomeList', title: '充电收入概览', query: SITE },
  /** The income detail: a layout with its two lists. */
  siteIncomeSite: { path: '/site/siteInfo/incomeSite', title: '收入明细', query: { siteId: 'id', month: 'month?' } },
  siteIncomeCharger: {
    path: '/site/siteInfo/incomeSite/chargerList',
    title: '充电收入明细',
    query: { siteId: 'id', month: 'month' },
  },
  siteIncomeCard: {
    path: '/site/siteInfo/incomeSite/cardList',
    title: '充值收入明细',
    query: { siteId: 'id', month: 'month' },
  },

  // Mine section (C-mine.md; login A-shell-home-settlement.md §2)
  mine: { path: '/mine', title: '个人中心', query: TAB_QUERY },
  bind: { path: '/mine/bind', title: '登录/绑定手机', query: { phone: 'string?', tab: 'string?' } },
  register: { path: '/mine/bind/register', title: '注册', query: { phone: 'string?', inviteCode: 'string?' } },
  findPass: { path: '/mine/bind/find-pass', title: '设置新密码', query: { phone: 'string?' } },
  devStatistics: { path: '/mine/devStatistics', title: '设备统计' },
  siteAuthor: { path: '/mine/siteAuthor', title: '站点授权' },
  siteAuthorUndisposed: { path: '/mine/siteAuthor/undisposed', title: '站点授权' },
  siteAuthorProcessed: { path: '/mine/siteAuthor/processed', title: '站点授权', query: { siteId: 'id?' } },
  authorizeDetail: { path: '/mine/siteAuthor/:id/authorizeDetail', title: '授权详情' },
  workOrder: { path: '/mine/workOrder', title: '安装工单' },
  workOrderOnline: { path: '/mine/workOrder/online', title: '线上工单' },
  workOrderWorking: { path: '/mine/workOrder/working', title: '施工中工单', query: { status: 'int?' } },
  installDetail: { path: '/mine/workOrder/working/installDetail', title: '安装申请详情', query: { id: 'id' } },
  card: { path: '/mine/card', title: '卡片管理' },
  resetCardList: { path: '/mine/card/resetCardList', title: '注销记录' },
  cardList: { path: '/mine/card/tab/list', title: '套餐卡列表', query: CARD_TYPE },
  cardInfo: { path: '/mine/card/tab/list/info', title: '套餐卡详情', query: CARD },
  cardRecharge: { path: '/mine/card/tab/list/info/recharge', title: '卡片充值', query: CARD },
  cardRechargeRecords: { path: '/mine/card/tab/list/info/recharge-recods', title: '充值记录', query: CARD },
  cardChargeRecords: { path: '/mine/card/tab/list/info/charger-recods', title: '充电记录', query: CARD },
  cardActive: { path: '/mine/card/tab/list/info/active', title: '卡片激活', query: CARD },
  cardBindAddress: { path: '/mine/card/tab/list/info/bindAddress', title: '绑定站点', query: CARD },
  rechargeSet: { path: '/mine/card/rechargeSet', title: '充值设置' },
  rechargeSetInfo: { path: '/mine/card/rechargeSet/info', title: '充值设置详情', query: SITE },
  cardAdd: { path: '/mine/card/tab/add', title: '添加套餐卡', query: { cardType: 'int' } },
  cardAddAddress: {
    path: '/mine/card/tab/add/address',
    title: '选择适用站点',
    query: { cardType: 'int', mode: 'string?' },
  },
  tenementList: { path: '/mine/tenement-list', title: '物业管理' },
  tenementInfo: { path: '/mine/tenement-list/base/info', title: '物业账号', query: { merchantId: 'id?' } },
  tenementSites: { path: '/mine/tenement-list/base/list', title: '全部站点', query: { merchantId: 'id' } },
  warning: { path: '/mine/message/warning', title: '告警通知', query: { siteId: 'id?', deviceId: 'id?' } },
  upgrads: { path: '/mine/message/upgrads', title: '系统消息' },
  upgradsInfo: { path: '/mine/message/upgrads/info', title: '消息详情', query: { id: 'id' } },
  remoteCharge: { path: '/mine/remoteCharge', title: '远程充电' },
  searchSerial: { path: '/mine/searchSerial', title: '选择设备' },
  remoteRecords: { path: '/mine/recordOfremote', title: '远程充电记录', query: { serialNumber: 'string?' } },
  chargerRecordList: {
    path: '/mine/chargerRecord-list',
    title: '充电记录',
    query: { siteId: 'id?', date: 'day?', chargerId: 'id?' },
  },
  chargerRecordInfo: { path: '/mine/chargerRecord-info', title: '充电记录详情', query: { orderId: 'id' } },
  factorialList: { path: '/mine/factorialList', title: '我的代理', query: { tab: 'string?' } },
  factorialInfo: { path: '/mine/factorialList/info', title: '代理详情', query: { id: 'id' } },
  accountList: { path: '/mine/accountList', title: '子账号' },
  accountInfo: { path: '/mine/accountList/accountInfo', title: '子账号详情', query: { id: 'id?' } },
  permuteCard: { path: '/mine/permuteCard', title: '旧卡更换' },
  permuteCardSite: { path: '/mine/permuteCard/choiseSite', title: '旧卡更换-选择站点' },
  sim: { path: '/mine/sim/index', title: '本期月租' },
  oldSim: { path: '/mine/sim/index/oldSim', title: '往期结算记录' },
  simList: { path: '/mine/sim/index/list', title: '结算记录' },
  parkingList: { path: '/mine/parkingRecord/parkingList', title: '停车记录' },
  downCenter: { path: '/mine/downCenter/index', title: '下载中心' },
  mineSet: { path: '/mine/set', title: '设置中心' },

  // Income section (D-income.md)
  income: { path: '/income', title: '收入', query: TAB_QUERY },
  incomeList: { path: '/income/list', title: '收支明细', query: { bizType: 'int?' } },
  incomeListDetail: { path: '/income/list/detail/:id', title: '收支详情' },
  autoWithdraw: { path: '/income/autowithdraw', title: '自动提现' },
  withdraw: { path: '/income/withdraw', title: '提现' },
  feeOwedDetail: {
    path: '/income/feeOwedDetail',
    title: '欠费详情',
    query: { instalmentId: 'id?', arrearsId: 'id?' },
  },
  feeOwedPayResult: { path: '/income/feeOwedDetail/payresult', title: '支付结果', query: { paymentId: 'id' } },
  bank: { path: '/income/bank', title: '我的银行卡', query: { select: 'int?', for: 'string?' } },
  bankAdd: { path: '/income/bank/add', title: '添加储蓄卡', query: { from: 'string?' } },
  withdrawList: { path: '/income/withdraw-list', title: '提现记录' },
  cashResult: { path: '/income/withdraw-list/cashResult', title: '提现结果', query: { id: 'id', from: 'string?' } },
  statementBill: { path: '/income/statement/bill', title: '对账单', query: { month: 'month?', merchantId: 'id?' } },
  coinBill: { path: '/income/statement/coinBill', title: '投币收入明细', query: { range: 'string?', month: 'month?' } },
  siteBill: {
    path: '/income/statement/bill/siteBill',
    title: '站点账单',
    query: { month: 'month?', merchantId: 'id?' },
  },
  siteBillDetail: { path: '/income/statement/bill/siteBill/detail', title: '账单详情', query: { id: 'id' } },
  incomeDetail: {
    path: '/income/income-detail',
    title: '收入明细',
    query: { type: 'int?', range: 'string?', startDate: 'day?', endDate: 'day?' },
  },
  areaCardBill: { path: '/income/areaCard-bill', title: '充值冻结记录', query: { freezeId: 'id?' } },
  exportFile: {
    path: '/income/exportFile',
    title: '导出报表',
    query: { type: 'int?', month: 'month?', siteId: 'id?', merchantId: 'id?' },
  },
  detailList: { path: '/income/detail-list', title: '明细', query: { date: 'day?', merchantId: 'id?' } },
  editContract: { path: '/income/edit-contract', title: '编辑签约人信息' },
  applyResult: { path: '/income/apply-result', title: '认证信息变更申请', query: { id: 'id?' } },
  signAgree: { path: '/income/sign-agree', title: '电子协议签署' },
  openAccountDetail: { path: '/income/openAccountDetail', title: '网商银行开户' },
  exchangeBank: { path: '/income/exchangeBank', title: '更换银行卡' },
  withdrawHistory: { path: '/income/withdrawHistory', title: '提现记录' },
  kybCheck: { path: '/income/KYBCheck', title: '对公打款验证' },
} as const satisfies Record<string, RouteSpec>;

/** The name of a route of the table. */
export type RouteName = keyof typeof ROUTE_TABLE;

type Table = typeof ROUTE_TABLE;

/** The path of a route. */
export type RoutePathOf<N extends RouteName> = Table[N]['path'];

/** The value type of a query kind. */
type ValueOf<K> = K extends 'id' | 'int' ? number : string;

/** The query declaration of a route ({} without one). */
type QueryDeclOf<N extends RouteName> = Table[N] extends { query: infer Q } ? Q : Record<never, never>;

/** The typed query of a route: required names as their value, optional names possibly undefined. */
export type QueryOf<N extends RouteName> = {
  [K in keyof QueryDeclOf<N> as QueryDeclOf<N>[K] extends `${string}?` ? never : K]: ValueOf<QueryDeclOf<N>[K]>;
} & {
  [
    K in keyof QueryDeclOf<N> as QueryDeclOf<N>[K] extends `${string}?` ? K : never
  ]?: QueryDeclOf<N>[K] extends `${infer B}?` ? ValueOf<B> : never;
};

/** The path parameters of a path template (`:id` → { id }). */
type PathParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** Everything a link to a route needs: its path parameters and its query. */
export type RouteArgs<N extends RouteName> = PathParamsOf<RoutePathOf<N>> & QueryOf<N>;

/** True when a route's link needs arguments (a path parameter or a required query value). */
type NeedsArgs<N extends RouteName> = keyof PathParamsOf<RoutePathOf<N>> extends never
  ? Record<never, never> extends QueryOf<N>
    ? false
    : true
  : true;

/** The arguments of href for a route: required when the route needs some, optional otherwise. */
export type HrefArgs<N extends RouteName> = NeedsArgs<N> extends true ? [args: RouteArgs<N>] : [args?: RouteArgs<N>];

/**
 * The address of a route (the one way links and navigation write a path): path parameters filled in, the declared
 * query appended in declaration order (undefined values left out).
 * @example href('siteData', { siteId: 3 }) === '/site/siteInfo/siteData?siteId=3'
 */
export function href<N extends RouteName>(name: N, ...[args]: HrefArgs<N>): string {
  const spec: RouteSpec = ROUTE_TABLE[name];
  const values = (args ?? {}) as Record<string, string | number | undefined>;
  const path = spec.path.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(String(values[key])));
  const query = new URLSearchParams();
  for (const key of Object.keys(spec.query ?? {})) {
    const value = values[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The path of a route (without arguments; for matching the current location, not for links). */
export function pathOf<N extends RouteName>(name: N): RoutePathOf<N> {
  return ROUTE_TABLE[name].path;
}

const DAY_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The value of one query text for a kind, or undefined when absent or malformed. */
function parseValue(kind: QueryKind, text: string | null): string | number | undefined {
  if (text === null || text === '') return undefined;
  switch (kind) {
    case 'id':
    case 'int': {
      if (!/^\d+$/.test(text)) return undefined;
      const value = Number(text);
      if (!Number.isSafeInteger(value) || (kind === 'id' && value <= 0)) return undefined;
      return value;
    }
    case 'month':
      return MONTH_RE.test(text) ? text : undefined;
    case 'day':
      return DAY_RE.test(text) ? text : undefined;
    case 'string':
      return text;
  }
}

/**
 * Reads a route's declared query from a location's search parameters: null when a required value is missing or
 * malformed (the screen then says so and leaves, B-site.md "Global behaviour"); an optional malformed value is left
 * out. Values not declared are ignored.
 */
export function parseQuery<N extends RouteName>(name: N, search: URLSearchParams): QueryOf<N> | null {
  const spec: RouteSpec = ROUTE_TABLE[name];
  const out: Record<string, string | number> = {};
  for (const [key, decl] of Object.entries(spec.query ?? {})) {
    const optional = decl.endsWith('?');
    const value = parseValue(decl.replace('?', '') as QueryKind, search.get(key));
    if (value === undefined) {
      if (!optional) return null;
    } else out[key] = value;
  }
  return out as QueryOf<N>;
}
