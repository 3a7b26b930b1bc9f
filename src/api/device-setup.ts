import type { DeviceStatus, SignalMode, SocketStatus } from './device';
import { get, post, type Page } from './http';
import type { CallMeta } from './outcome';

/**
 * Calls of adding and binding devices (spec §7 "Devices", "Remote charging and power"; B-site.md §3): scanning a
 * device onto a site, the spare QR code of a box, the signal mode, the socket QR codes and the socket detail with its
 * power curve and remote start/stop. Money fen, power W, energy Wh, durations minutes, instants epoch ms.
 */

/** Device types (B-site.md Entities "Device"): 1 10路充电站 2 12路充电站 3 双路充电桩 4 门禁 5 U8道闸控制器 6 摄像头 7 烟感. */
export type DeviceType = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type { DeviceStatus, SignalMode, SocketStatus } from './device';

/** Answer of GET /api/box/checkAddDevicePermission (B §3 facilityCode). */
export interface AddDevicePermission {
  allowed: boolean;
  /** Why not (shown as a full-page notice); '' when allowed. */
  reason: string;
}

/** GET /api/box/checkAddDevicePermission — may the caller add devices to this site (device:add, owner, no arrears). */
export const checkAddDevicePermission = (siteId: number) =>
  get<AddDevicePermission>('/api/box/checkAddDevicePermission', { siteId });

/** Answer of GET /api/box/getDeviceTypeBySerialNumber: the factory registry's entry of a serial number. */
export interface DeviceTypeInfo {
  serialNumber: string;
  deviceType: DeviceType;
  /** 10路充电站 / 12路充电站 / 双路充电桩 / 门禁 / U8道闸控制器 / 摄像头 / 烟感. */
  deviceTypeName: string;
  /** Model, e.g. R9-10. */
  model: string;
  /** 0 for non-charging devices. */
  socketCount: number;
  /** Cameras: the label's verify code is needed to bind. */
  needVerifyCode: boolean;
}

/** GET /api/box/getDeviceTypeBySerialNumber — unknown serial → code 1 设备号不存在，请核对. */
export const getDeviceTypeBySerialNumber = (serialNumber: string) =>
  get<DeviceTypeInfo>('/api/box/getDeviceTypeBySerialNumber', { serialNumber });

/** Binding state of a device for the caller: 0 未绑定, 1 已绑定本账号站点, 2 已绑定其他账号. */
export type BindStatus = 0 | 1 | 2;

/** Answer of GET /api/box/getBoxSimpleInfoBySerialNumber (one shape, also used by /mine/remoteCharge; K25). */
export interface BoxSimpleInfo {
  /** Null when the device is not the caller's (bindStatus 2). */
  boxId: number | null;
  serialNumber: string;
  deviceType: DeviceType;
  model: string;
  remark: string;
  socketCount: number;
  status: DeviceStatus;
  bindStatus: BindStatus;
  /** The caller's site it is bound to (bindStatus 1), else null. */
  siteId: number | null;
  siteName: string;
  /** A socket has a running order (a migration is refused then). */
  hasActiveOrder: boolean;
}

/** GET /api/box/getBoxSimpleInfoBySerialNumber — where a serial number is bound, as the caller may know it. */
export const getBoxSimpleInfoBySerialNumber = (serialNumber: string) =>
  get<BoxSimpleInfo>('/api/box/getBoxSimpleInfoBySerialNumber', { serialNumber });

/** Request of POST /api/r9/box/addBox. */
export interface AddBoxRequest {
  siteId: number;
  serialNumber: string;
  deviceType: DeviceType;
  /** ≤ 20 characters. */
  remark?: string;
  /** Cameras: the label's code, ^[0-9A-Za-z]{6,8}$. */
  verifyCode?: string;
  /** Migration: the caller's site the device is bound to now. */
  moveFromSiteId?: number;
}

/** POST /api/r9/box/addBox — binds (or migrates) a device to the site; creates a box's sockets on its first binding. */
export const addBox = (body: AddBoxRequest) => post<{ id: number }>('/api/r9/box/addBox', body);

/** POST /api/r9/box/setBackUpQrCode — binds an unused spare sticker (kind 2) to a box; the old one is released. */
export const setBackUpQrCode = (boxId: number, backUpQrCode: string) =>
  post<{ backUpQrCode: string; bindTime: number }>('/api/r9/box/setBackUpQrCode', { boxId, backUpQrCode });

/** POST /api/r9/box/unbindBackUpQrCode — releases the box's spare sticker (back to 未使用). */
export const unbindBackUpQrCode = (boxId: number) => post<null>('/api/r9/box/unbindBackUpQrCode', { boxId });

/** A row of GET /api/r9/box/boxList (one shape, also used by /mine/searchSerial; K27). */
export interface BoxListRow {
  id: number;
  serialNumber: string;
  remark: string;
  siteId: number;
  siteName: string;
  status: DeviceStatus;
  /** CSQ 0–31. */
  signal: number;
  signalMode: SignalMode;
  /** Boxes whose master is this one. */
  slaveCount: number;
  socketCount: number;
  idleCount: number;
}

/** Query of GET /api/r9/box/boxList (the caller's boxes across sites; not the site lists of api/device). */
export interface BoxListQuery {
  siteId?: number;
  signalMode?: SignalMode;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

/** GET /api/r9/box/boxList — the caller's charging boxes, paged, filtered by site, signal mode, serial/remark. */
export const getBoxList = (query: BoxListQuery) => get<Page<BoxListRow>>('/api/r9/box/boxList', query);

/** POST /api/r9/box/updateBox — switches the signal mode (masterBoxId required for 3); the command is asynchronous. */
export const updateBoxSignalMode = (id: number, signalMode: SignalMode, masterBoxId?: number) =>
  post<{ commandStatus: 1 }>('/api/r9/box/updateBox', {
    id,
    signalMode,
    ...(masterBoxId === undefined ? {} : { masterBoxId }),
  });

/** One socket of GET /api/box/getChargerListByBoxCode. */
export interface ChargerQr {
  chargerId: number;
  socketNo: number;
  status: SocketStatus;
  /** W, live. */
  power: number;
  /** Minutes left of the running order, 0 when none. */
  remainMinutes: number;
  /** The effective QR content riders scan (sticker URL when bound, else the default platform URL). */
  qrCode: string;
  /** A sticker is bound (tag 自定义码). */
  customQrCode: boolean;
}

/** Answer of GET /api/box/getChargerListByBoxCode (one shape, also used by /mine/remoteCharge; K26). */
export interface ChargerListOfBox {
  boxId: number;
  serialNumber: string;
  remark: string;
  siteId: number | null;
  siteName: string;
  /** Spare sticker code, or null. */
  backUpQrCode: string | null;
  /** The spare sticker's content (its platform URL), or null. */
  backUpQrCodeUrl: string | null;
  chargers: ChargerQr[];
}

/** GET /api/box/getChargerListByBoxCode — the sockets of a box (by serial number) with their QR contents. */
export const getChargerListByBoxCode = (boxCode: string, meta?: CallMeta) =>
  get<ChargerListOfBox>('/api/box/getChargerListByBoxCode', { boxCode }, meta);

/** POST /api/site/setSocketQRcode — binds a socket sticker (kind 1) to one socket; qrCode '' restores the default. */
export const setSocketQrCode = (chargerId: number, qrCode: string) =>
  post<{ chargerId: number; qrCode: string }>('/api/site/setSocketQRcode', { chargerId, qrCode });

/** Answer of POST /api/box/updateBatchChargerQrCode. */
export interface BatchQrResult {
  successCount: number;
  failList: { chargerId: number; socketNo: number; reason: string }[];
}

/** POST /api/box/updateBatchChargerQrCode — binds several socket stickers of one box; each item succeeds or fails. */
export const updateBatchChargerQrCode = (boxId: number, items: { chargerId: number; qrCode: string }[]) =>
  post<BatchQrResult>('/api/box/updateBatchChargerQrCode', { boxId, items });

/** Pay types of a charge order (K35): 1 微信 2 支付宝 3 储值卡 4 月卡 5 电子卡 6 投币 7 远程 8 测试. */
export type PayType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** The running order of a socket (getConnectorDetail.currentOrder). */
export interface ConnectorOrder {
  orderId: number;
  orderNo: string;
  payType: PayType;
  /** Fen paid (0 for remote and test orders). */
  amount: number;
  startTime: number;
  /** Minutes charged so far. */
  durationMinutes: number;
  /** Minutes left of the purchased time. */
  remainMinutes: number;
  /** Wh so far. */
  energyWh: number;
  /** Masked 138****5678, '' when unknown. */
  userPhone: string;
}

/** Answer of GET /api/box/getConnectorDetail (B §3 socketInfo). */
export interface ConnectorDetail {
  chargerId: number;
  socketNo: number;
  status: SocketStatus;
  boxId: number;
  serialNumber: string;
  boxRemark: string;
  boxStatus: DeviceStatus;
  siteId: number;
  siteName: string;
  qrCode: string;
  /** W, live. */
  power: number;
  /** Today's orders of this socket; absent for a login without income:view (a builder), as todayIncome. */
  todayOrderCount?: number;
  /** Fen: today's paid amounts of this socket (payType 1/2/6) minus today's refunds; absent without income:view. */
  todayIncome?: number;
  currentOrder: ConnectorOrder | null;
  lastOrderEndTime: number | null;
  /** The site's longest single charge, minutes (the remote-start choices never exceed it). */
  maxMinutes: number;
  /** The caller may start/stop remotely (remote:charge on an own site). */
  canControl: boolean;
}

/** GET /api/box/getConnectorDetail — one socket with its running order and today's figures. */
export const getConnectorDetail = (chargerId: number, meta?: { loading?: boolean }) =>
  get<ConnectorDetail>('/api/box/getConnectorDetail', { chargerId }, meta);

/** Answer of GET /api/charger/powerCharts (one shape, also /mine/chargerRecord-info; K45): samples every 5 minutes. */
export interface PowerChart {
  points: { time: number; power: number }[];
  /** W. */
  maxPower: number;
  /** W, rounded. */
  avgPower: number;
}

/** GET /api/charger/powerCharts — the power samples of an order. */
export const getPowerCharts = (orderNo: string, chargerId?: number) =>
  get<PowerChart>('/api/charger/powerCharts', { orderNo, ...(chargerId === undefined ? {} : { chargerId }) });

/** Reasons of a remote start: 1 用户无法支付 2 设备测试 3 故障补偿 4 其他. */
export type RemoteReason = 1 | 2 | 3 | 4;

/** Request of POST /api/r9/charge/remotePay (owned by the mine section; same body as /mine/remoteCharge; K44). */
export interface RemotePayRequest {
  serialNumber: string;
  socketNo: number;
  chargeMinutes: number;
  reasonType: RemoteReason;
  /** 2–30 characters, required for reason 4. */
  remark?: string;
  /** A money action's requestId (D-income.md §0.5): one start per requestId, kept across a timeout. */
  requestId: string;
}

/**
 * Answer of POST /api/r9/charge/remotePay: 1 启动中 (command sent; the box acknowledges within seconds, the socket then
 * 充电中, or the start becomes 启动失败 after 60 s — see the remote records) or 4 启动失败 (the box refused the command at
 * once; `failReason` says why, and the record and order are already 启动失败).
 */
export interface RemotePayResult {
  recordId: number;
  orderNo: string;
  status: 1 | 4;
  failReason?: string;
}

/** POST /api/r9/charge/remotePay — starts a free charge on an idle socket of an online box. */
export const remotePay = (body: RemotePayRequest) => post<RemotePayResult>('/api/r9/charge/remotePay', body);

/** POST /api/r9/charge/remoteStop (PROPOSED, B §3) — ends the running order; unused money is refunded per the rule. */
export const remoteStop = (chargerId: number, orderNo: string, reason?: string) =>
  post<{ orderNo: string; refundAmount: number }>('/api/r9/charge/remoteStop', {
    chargerId,
    orderNo,
    ...(reason ? { reason } : {}),
  });
