import {
  AddSquareOutline,
  ArrowDownCircleOutline,
  BankcardOutline,
  BellOutline,
  BillOutline,
  CalculatorOutline,
  CalendarOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  CouponOutline,
  DownlandOutline,
  FileOutline,
  FillinOutline,
  HandPayCircleOutline,
  HistogramOutline,
  LockOutline,
  LoopOutline,
  MailOutline,
  MessageOutline,
  PayCircleOutline,
  PicturesOutline,
  PieOutline,
  ReceiptOutline,
  SendOutline,
  TagOutline,
  TeamOutline,
  TruckOutline,
  UnorderedListOutline,
  UserAddOutline,
  UserContactOutline,
  UserSetOutline,
} from 'antd-mobile-icons';
import type { ReactElement } from 'react';

/**
 * A feature shown as an entry of a hub's grid: the keys of home's 常用功能 (HomeFunctionKey), 我的 (MineEntryKey) and
 * 收入's 功能 (IncomeFunction['key']); a hub indexing this table with a key missing here does not compile.
 */
export type FeatureKey =
  | 'siteAdd'
  | 'remoteCharge'
  | 'chargerRecord'
  | 'card'
  | 'permuteCard'
  | 'withdraw'
  | 'statement'
  | 'stages'
  | 'platformFee'
  | 'workOrder'
  | 'siteAuthor'
  | 'devStatistics'
  | 'warning'
  | 'notice'
  | 'sim'
  | 'parking'
  | 'downCenter'
  | 'compact'
  | 'tenement'
  | 'agent'
  | 'transfers'
  | 'subAccount'
  | 'poster'
  | 'siteBill'
  | 'coinBill'
  | 'withdrawList'
  | 'bank'
  | 'autoWithdraw'
  | 'areaCardBill'
  | 'export'
  | 'cert';

/**
 * The one icon of each feature, the same on every hub that offers it, and no two features alike (issue 30: home drew
 * 卡片管理 and 旧卡更换, 告警通知 and 系统消息, 设备统计 and the settlement entries with one icon each).
 */
export const FEATURE_ICONS: Readonly<Record<FeatureKey, ReactElement>> = {
  siteAdd: <AddSquareOutline />,
  remoteCharge: <SendOutline />,
  chargerRecord: <UnorderedListOutline />,
  card: <TagOutline />,
  permuteCard: <LoopOutline />,
  withdraw: <PayCircleOutline />,
  statement: <BillOutline />,
  stages: <PieOutline />,
  platformFee: <CalculatorOutline />,
  workOrder: <FillinOutline />,
  siteAuthor: <CheckShieldOutline />,
  devStatistics: <HistogramOutline />,
  warning: <BellOutline />,
  notice: <MessageOutline />,
  sim: <CalendarOutline />,
  parking: <TruckOutline />,
  downCenter: <DownlandOutline />,
  compact: <HandPayCircleOutline />,
  tenement: <TeamOutline />,
  agent: <UserAddOutline />,
  transfers: <ArrowDownCircleOutline />,
  subAccount: <UserSetOutline />,
  poster: <PicturesOutline />,
  siteBill: <FileOutline />,
  coinBill: <CouponOutline />,
  withdrawList: <ReceiptOutline />,
  bank: <BankcardOutline />,
  autoWithdraw: <ClockCircleOutline />,
  areaCardBill: <LockOutline />,
  export: <MailOutline />,
  cert: <UserContactOutline />,
};
