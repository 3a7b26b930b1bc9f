import type { ComponentType } from 'react';
import type { RouteName } from '@/config/routes';

/** A lazily loaded screen module. */
export type ScreenModule = () => Promise<{ default: ComponentType }>;

/**
 * The screen of every built route but the hubs (one chunk each): building a screen adds one line here (README
 * "Adding a screen"); the hubs are in src/app/routes.ts.
 *
 * This table is a lazy chunk of its own, fetched with the first screen that is not a hub (and by the hubs' prefetch
 * when idle): the loaders list the chunks each screen needs, and in the startup bundle they would grow it with every
 * screen (issue 14: initial JS + CSS ≤ 160 kB gzip). The startup code knows the table's route names from the build
 * (`__SCREEN_NAMES__`, read from this file's lines by scripts/screen-names.ts), so keep one `name: () => import(...)`
 * line per route; src/app/routes.test.ts checks that the names and the table agree.
 */
export const SCREENS: Partial<Record<RouteName, ScreenModule>> = {
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
  bank: () => import('@/pages/income/bank'),
  bankAdd: () => import('@/pages/income/bank/add'),
  withdraw: () => import('@/pages/income/withdraw'),
  withdrawList: () => import('@/pages/income/withdraw-list'),
  cashResult: () => import('@/pages/income/withdraw-list/cashResult'),
  feeOwedDetail: () => import('@/pages/income/feeOwedDetail'),
  feeOwedPayResult: () => import('@/pages/income/feeOwedDetail/payresult'),
  signAgree: () => import('@/pages/income/sign-agree'),
  applyResult: () => import('@/pages/income/apply-result'),
  editContract: () => import('@/pages/income/edit-contract'),
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
