import type { ComponentType } from 'react';
import { ROUTE_TABLE, type RouteName } from '@/config/routes';

/**
 * The app's route table: the spec's routes (src/config/routes.ts: names, paths, titles, query) with the screen each
 * built route loads, lazily. A route of the spec without a screen here is not built yet: its address shows the
 * not-found page, and links to it are hidden (isBuilt). Building a screen adds one line to SCREENS (README "Adding a
 * screen"); a layout route lists its children in LAYOUTS; the site list is kept alive (spec §2).
 */

/** A lazily loaded screen module. */
type ScreenModule = () => Promise<{ default: ComponentType }>;

/** The screen of every built route (one chunk each). */
const SCREENS: Partial<Record<RouteName, ScreenModule>> = {
  root: () => import('@/pages/home'),
  home: () => import('@/pages/home'),
  site: () => import('@/pages/site'),
  siteAdd: () => import('@/pages/site/add'),
  siteAddExpenses: () => import('@/pages/site/add/expensesSet'),
  siteExpenses: () => import('@/pages/site/siteInof/siteData/expensesSet'),
  siteExpensesAlias: () => import('@/pages/site/siteInof/siteData/expensesSet'),
  siteIntegrateSet: () => import('@/pages/site/siteInfo/siteData/integrateSet'),
  siteBenefitSet: () => import('@/pages/site/siteInfo/siteData/benefitSet'),
  siteBenefitAdd: () => import('@/pages/site/siteInfo/siteData/benefitSet/benefitAdd'),
  siteMapLocation: () => import('@/pages/site/siteInfo/siteData/maplocation'),
  siteMerchant: () => import('@/pages/site/siteInfo/siteData/merchant'),
  siteSetCharger: () => import('@/pages/site/siteInfo/siteData/setCharger'),
  facilityCode: () => import('@/pages/site/siteInfo/facilityList/facilityCode'),
  spareQcode: () => import('@/pages/site/siteInfo/facilityList/facilityCode/spareQcode'),
  signalSetting: () => import('@/pages/site/siteInfo/facilityList/signalSetting'),
  socketQrcode: () => import('@/pages/site/socket/qrcode'),
  socketInfo: () => import('@/pages/site/socket/socketInfo'),
  siteInfo: () => import('@/pages/site/siteInfo'),
  facilityList: () => import('@/pages/site/siteInfo/facilityList'),
  guardList: () => import('@/pages/site/siteInfo/guardList'),
  cameraList: () => import('@/pages/site/siteInfo/cameraList'),
  smokeList: () => import('@/pages/site/siteInfo/smokeList'),
  siteData: () => import('@/pages/site/siteInfo/siteData'),
  siteIncomeList: () => import('@/pages/site/siteInfo/incomeList'),
  siteIncomeSite: () => import('@/pages/site/siteInfo/incomeSite'),
  siteIncomeCharger: () => import('@/pages/site/siteInfo/incomeSite/chargerList'),
  siteIncomeCard: () => import('@/pages/site/siteInfo/incomeSite/cardList'),
  mine: () => import('@/pages/mine'),
  bind: () => import('@/pages/mine/bind'),
  register: () => import('@/pages/mine/bind/register'),
  findPass: () => import('@/pages/mine/bind/find-pass'),
  card: () => import('@/pages/mine/card'),
  cardList: () => import('@/pages/mine/card/tab/list'),
  cardInfo: () => import('@/pages/mine/card/tab/list/info'),
  cardRecharge: () => import('@/pages/mine/card/tab/list/info/recharge'),
  cardActive: () => import('@/pages/mine/card/tab/list/info/active'),
  cardAdd: () => import('@/pages/mine/card/tab/add'),
  cardAddAddress: () => import('@/pages/mine/card/tab/add/address'),
  resetCardList: () => import('@/pages/mine/card/resetCardList'),
  cardRechargeRecords: () => import('@/pages/mine/card/tab/list/info/recharge-recods'),
  cardChargeRecords: () => import('@/pages/mine/card/tab/list/info/charger-recods'),
  cardBindAddress: () => import('@/pages/mine/card/tab/list/info/bindAddress'),
  rechargeSet: () => import('@/pages/mine/card/rechargeSet'),
  rechargeSetInfo: () => import('@/pages/mine/card/rechargeSet/info'),
  permuteCard: () => import('@/pages/mine/permuteCard'),
  permuteCardSite: () => import('@/pages/mine/permuteCard/choiseSite'),
  remoteCharge: () => import('@/pages/mine/remoteCharge'),
  searchSerial: () => import('@/pages/mine/searchSerial'),
  remoteRecords: () => import('@/pages/mine/recordOfremote'),
  chargerRecordList: () => import('@/pages/mine/chargerRecord-list'),
  chargerRecordInfo: () => import('@/pages/mine/chargerRecord-info'),
  parkingList: () => import('@/pages/mine/parkingRecord/parkingList'),
  income: () => import('@/pages/income'),
  bank: () => import('@/pages/income/bank'),
  bankAdd: () => import('@/pages/income/bank/add'),
  withdraw: () => import('@/pages/income/withdraw'),
  withdrawList: () => import('@/pages/income/withdraw-list'),
  cashResult: () => import('@/pages/income/withdraw-list/cashResult'),
  feeOwedDetail: () => import('@/pages/income/feeOwedDetail'),
  feeOwedPayResult: () => import('@/pages/income/feeOwedDetail/payresult'),
  signAgree: () => import('@/pages/income/sign-agree'),
  applyResult: () => import('@/pages/income/apply-result'),
  openAccountDetail: () => import('@/pages/income/openAccountDetail'),
  exchangeBank: () => import('@/pages/income/exchangeBank'),
  kybCheck: () => import('@/pages/income/KYBCheck'),
  autoWithdraw: () => import('@/pages/income/autowithdraw'),
  withdrawHistory: () => import('@/pages/income/withdrawHistory'),
  incomeList: () => import('@/pages/income/list'),
  incomeListDetail: () => import('@/pages/income/list/detail'),
  stages: () => import('@/pages/stages/index'),
  stagesList: () => import('@/pages/stages/index/stagesList'),
  stageInfo: () => import('@/pages/stages/stageInfo'),
  oldStages: () => import('@/pages/stages/index/oldStages'),
  platformFeeCurrent: () => import('@/pages/platformfee/settleCurrent'),
  platformFeeStageInfo: () => import('@/pages/platformfee/settleCurrent/stageInfo'),
  platformFeeSettleDetail: () => import('@/pages/platformfee/settleDetail'),
  platformFeeRecords: () => import('@/pages/platformfee/recordList'),
  exportFile: () => import('@/pages/income/exportFile'),
  downCenter: () => import('@/pages/mine/downCenter/index'),
};

/** Layout routes: the route renders `<Outlet />` and its children render inside it. */
const LAYOUTS: Partial<Record<RouteName, readonly RouteName[]>> = {
  siteInfo: ['facilityList', 'guardList', 'cameraList', 'smokeList'],
  siteIncomeSite: ['siteIncomeCharger', 'siteIncomeCard'],
};

/**
 * Routes kept alive once visited (spec §2: the site list): hidden, not unmounted, while the user is on other screens,
 * so that coming back finds its state and scroll position.
 */
const KEPT_ALIVE: readonly RouteName[] = ['site'];

/** One route as the router builds it. */
export interface RouteEntry {
  name: RouteName;
  path: string;
  title: string;
  /** Lazy screen module; absent = not built yet. A route with children loads a layout that renders <Outlet />. */
  load?: ScreenModule;
  /** Child routes rendered inside this route's layout (absolute paths under this one). */
  children?: readonly RouteEntry[];
  /** Kept alive once visited. */
  keepAlive?: boolean;
}

/** antd-mobile's accessible defaults, applied once (see withAntdConfig). */
let antdConfigured: Promise<void> | undefined;

/**
 * A screen's loader that applies antd-mobile's accessible defaults (components/antd-config.tsx) before the screen
 * renders: the defaults only concern components of the screens (inputs, navigation bars), and loading them with the
 * first screen rather than at startup keeps antd-mobile's locale out of the startup bundle.
 */
function withAntdConfig(load: ScreenModule): ScreenModule {
  return () => {
    antdConfigured ??= import('@/components/antd-config').then((m) => m.configureAntdMobile());
    return Promise.all([antdConfigured, load()]).then(([, screen]) => screen);
  };
}

function entryOf(name: RouteName): RouteEntry {
  const { path, title } = ROUTE_TABLE[name];
  const screen = SCREENS[name];
  const load = screen && withAntdConfig(screen);
  const children = LAYOUTS[name]?.map(entryOf);
  return {
    name,
    path,
    title,
    ...(load ? { load } : {}),
    ...(children ? { children } : {}),
    ...(KEPT_ALIVE.includes(name) ? { keepAlive: true } : {}),
  };
}

const CHILDREN = new Set(Object.values(LAYOUTS).flat());

/** Every route of the spec in the table's order, children inside their layouts. */
export const ROUTES: readonly RouteEntry[] = (Object.keys(ROUTE_TABLE) as RouteName[])
  .filter((name) => !CHILDREN.has(name))
  .map(entryOf);

/** Title of the not-found page. */
export const NOT_FOUND_TITLE = '页面不存在';

/**
 * True when `path` is a built screen, so that the app's own navigation may link to it (links to screens not built yet
 * are not shown). Matches the route table's patterns (`:id` segments) against the path without query.
 */
export function isBuilt(path: string): boolean {
  return builtRouteOf(path) !== null;
}

/** The built routes, children included (computed once: isBuilt runs for every entry link of every screen). */
let built: readonly RouteEntry[] | null = null;

/** The built route whose pattern matches `path` (query ignored), or null. */
export function builtRouteOf(path: string): RouteEntry | null {
  const pathname = path.split('?')[0] ?? '';
  built ??= flatRoutes(ROUTES).filter((route) => route.load !== undefined);
  return built.find((route) => matches(route.path, pathname)) ?? null;
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
