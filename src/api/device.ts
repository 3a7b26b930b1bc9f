import { REQUEST_TIMEOUT_MS, SILENT } from '@/config/constants';
import { cameraCloudBaseUrl } from '@/lib/camera-cloud';
import type { AutoCloseInterval } from './device-rules';
import { get, http, post, type Page } from './http';
import type { CallMeta } from './outcome';

/**
 * Device calls of the site detail and its four device lists (spec §7 "Devices", "Common", "Community";
 * B-site.md §2): charging boxes with their sockets, door guards and U8 gates with their remote commands and the
 * community whitelist, cameras with the live view through the camera-cloud open API, smoke sensors.
 * Money fen; power W; durations minutes (autoCloseInterval seconds); instants epoch ms; days 'YYYY-MM-DD';
 * signal is the CSQ value 0–31.
 *
 * The camera-cloud (乐橙) open API signs each request with MD5("time:{time},nonce:{nonce},appSecret:{appSecret}").
 * The app secret never ships in a bundle: the app draws the nonce (createNonce, 32 characters) and the time, and the
 * backend returns the signed `system` block (POST /api/lechange/open/signSystem, PROPOSED — the one path this part adds
 * to the contract); the app then posts `{ system, params, id }` to the camera cloud itself (cameraCloudDeviceOnline).
 */

/** Device status (entities Device.status): 1 在线, 2 离线, 3 故障. */
export type DeviceStatus = 1 | 2 | 3;

/** Socket status (entities Charger.status): 0 空闲, 1 充电中, 2 已充满, 3 故障, 4 离线. */
export type SocketStatus = 0 | 1 | 2 | 3 | 4;

/** Signal mode of a charging box: 1 4G独立联网, 2 组网主机, 3 组网从机. */
export type SignalMode = 1 | 2 | 3;

/**
 * Options of a list call: no loading overlay (the list shows its own states); a background refresh (live status) is
 * also silent on failure (override 2), since the rows already shown stay and the next refresh tries again.
 */
function listMeta(background: boolean): CallMeta {
  return background ? { loading: false, errorText: SILENT } : { loading: false };
}

/** A paged request of one site's devices. */
export interface SitePageRequest {
  siteId: number;
  pageNum: number;
  pageSize: number;
}

/** Request of the charging box lists: status filter 1 在线 | 2 离线 | 3 故障; keyword matches serial or remark. */
export interface BoxListRequest extends SitePageRequest {
  status?: DeviceStatus;
  keyword?: string;
}

/** What the box rows and the box detail both carry of a charging box (deviceType 1–3). */
export interface BoxBase {
  id: number;
  serialNumber: string;
  /** 1 10路充电站, 2 12路充电站, 3 双路充电桩. */
  deviceType: 1 | 2 | 3;
  model: string;
  socketCount: number;
  remark: string | null;
  status: DeviceStatus;
  /** CSQ 0–31. */
  signal: number;
  signalMode: SignalMode;
  /** Serial of the 组网主机 of a 从机, else null. */
  masterSerialNumber: string | null;
}

/** A charging box row of POST /api/box/getPagedBoxListOfSite (charging devices only: deviceType 1–3). */
export interface BoxRow extends BoxBase {
  /** Sockets 充电中 or 已充满 (0 when the box is offline: its sockets are 离线). */
  chargingCount: number;
  idleCount: number;
  faultCount: number;
  hasBackUpQrCode: boolean;
  lastHeartbeatTime: number | null;
  /**
   * Fen: today's scan and coin income of the box minus today's refunds of its scan orders. Absent for a login without
   * income:view (a builder): the server does not send it (issue 30).
   */
  todayIncome?: number;
}

/** A socket tile of the 插座 view. remainMinutes only while charging. */
export interface ChargerTile {
  chargerId: number;
  socketNo: number;
  status: SocketStatus;
  /** W, 0 when idle. */
  power: number;
  remainMinutes: number | null;
}

/** A row of POST /api/box/getPagedBoxListWithChargerInfo: a box row with its sockets. */
export interface BoxRowWithChargers extends BoxRow {
  chargers: ChargerTile[];
}

/** POST /api/box/getPagedBoxListOfSite — the site's charging boxes (列表 view). */
export const getPagedBoxListOfSite = (body: BoxListRequest, background = false) =>
  post<Page<BoxRow>>('/api/box/getPagedBoxListOfSite', body, listMeta(background));

/** POST /api/box/getPagedBoxListWithChargerInfo — the same rows with their sockets (插座 view, live refresh). */
export const getPagedBoxListWithChargerInfo = (body: BoxListRequest, background = false) =>
  post<Page<BoxRowWithChargers>>('/api/box/getPagedBoxListWithChargerInfo', body, listMeta(background));

/** GET /api/box/boxDetail — one charging box (设备详情 sheet; also the spare-code and signal screens). */
export interface BoxDetail extends BoxBase {
  masterBoxId: number | null;
  /** Number of 从机 of a 组网主机. */
  slaveCount: number;
  supportMesh: boolean;
  firmwareVersion: string | null;
  iccid: string | null;
  /** 'YYYY-MM-DD', last day of the last month whose SIM rent is frozen or paid. */
  simExpireDate: string | null;
  siteId: number | null;
  siteName: string | null;
  bindTime: number | null;
  lastHeartbeatTime: number | null;
  totalOrderCount: number;
  backUpQrCode: string | null;
  backUpBindTime: number | null;
}

/** GET /api/box/boxDetail — a box the caller may see. */
export const getBoxDetail = (boxId: number) => get<BoxDetail>('/api/box/boxDetail', { boxId });

/** POST /api/site/editBoxMark — sets a box's remark (≤ 20 characters, '' clears it). */
export const editBoxMark = (body: { boxId: number; remark: string }) => post<null>('/api/site/editBoxMark', body);

/** POST /api/r9/box/testPay — a free test charge of an idle socket of an online box, 1/3/5 minutes. */
export const testPay = (body: { boxId: number; socketNo: number; minutes: 1 | 3 | 5 }) =>
  post<{ orderNo: string }>('/api/r9/box/testPay', body);

/** POST /api/site/unbindSocket — removes a box from the site (refused while a socket is charging). */
export const unbindSocket = (body: { siteId: number; boxId: number }) => post<null>('/api/site/unbindSocket', body);

/** A door guard (deviceType 4) or U8 gate (5) of POST /api/box/getPagedEntranceGuardList. */
export interface GuardRow {
  id: number;
  serialNumber: string;
  deviceType: 4 | 5;
  remark: string | null;
  status: DeviceStatus;
  /** 门禁 0 已关闭 1 已打开; 道闸 0 已落杆 1 已抬杆. */
  doorStatus: 0 | 1;
  /** Seconds, 0 = off (U8 only; 0 for door guards). */
  autoCloseInterval: number;
  /** Remote opens today (强制开门 / 开闸 logged on the device). */
  todayOpenCount: number;
  lastOpenTime: number | null;
}

/** POST /api/box/getPagedEntranceGuardList — the site's door guards and gates. */
export const getPagedEntranceGuardList = (body: SitePageRequest, background = false) =>
  post<Page<GuardRow>>('/api/box/getPagedEntranceGuardList', body, listMeta(background));

/** POST /api/box/forcedToOpenTheDoor — 强制开门 (the lock falls back after 5 s). */
export const forcedToOpenTheDoor = (id: number) => post<{ openTime: number }>('/api/box/forcedToOpenTheDoor', { id });

/** POST /api/box/u8/remoteOpenGateDoor — 开闸 (raise the barrier). */
export const remoteOpenGateDoor = (id: number) => post<null>('/api/box/u8/remoteOpenGateDoor', { id });

/** POST /api/box/u8/remoteCloseGateDoor — 关闸 (lower the barrier). */
export const remoteCloseGateDoor = (id: number) => post<null>('/api/box/u8/remoteCloseGateDoor', { id });

/** POST /api/box/u8/setAutoCloseGateDoorInterval — 自动关闸 after `interval` seconds (0 = off). */
export const setAutoCloseGateDoorInterval = (id: number, interval: AutoCloseInterval) =>
  post<null>('/api/box/u8/setAutoCloseGateDoorInterval', { id, interval });

/** POST /api/box/updateDoorRemark — a guard's or gate's remark. */
export const updateDoorRemark = (body: { id: number; remark: string }) => post<null>('/api/box/updateDoorRemark', body);

/** A whitelist entry of a community (门禁白名单). */
export interface WhiteRow {
  id: number;
  communityId: number;
  name: string;
  /** 11 digits (the list shows it masked 138****5678). */
  phone: string;
  roomNo: string;
  /** 'YYYY-MM-DD', or null = 长期. */
  expireDate: string | null;
  createTime: number;
}

/** POST /api/community/white/list — a community's whitelist; keyword matches name, phone or room. */
export const getWhiteList = (body: { communityId: number; pageNum: number; pageSize: number; keyword?: string }) =>
  post<Page<WhiteRow>>('/api/community/white/list', body, { loading: false });

/** A whitelist entry to save: without id a new one. */
export interface WhiteInput {
  id?: number;
  communityId: number;
  name: string;
  phone: string;
  roomNo: string;
  expireDate?: string | null;
}

/** POST /api/community/white/saveOrUpdate — adds or edits an entry; answers its id. */
export const saveWhite = (body: WhiteInput) => post<{ id: number }>('/api/community/white/saveOrUpdate', body);

/** POST /api/community/white/delete — removes an entry. */
export const deleteWhite = (id: number) => post<null>('/api/community/white/delete', { id });

/** A camera of POST /api/box/getPagedWebcamList. serialNumber is the camera-cloud deviceId. */
export interface WebcamRow {
  id: number;
  serialNumber: string;
  channelId: number;
  remark: string | null;
  status: DeviceStatus;
  coverUrl: string | null;
  lastOnlineTime: number | null;
}

/** POST /api/box/getPagedWebcamList — the site's cameras. */
export const getPagedWebcamList = (body: SitePageRequest) =>
  post<Page<WebcamRow>>('/api/box/getPagedWebcamList', body, { loading: false });

/** Two cameras side by side (the second absent at an odd end). */
export type WebcamPair = readonly [WebcamRow, WebcamRow | undefined];

/** Groups a list by two, in order: [a, b, c] → [[a, b], [c, undefined]]. */
export function pairUp(list: readonly WebcamRow[]): WebcamPair[] {
  const out: WebcamPair[] = [];
  for (let i = 0; i < list.length; i += 2) out.push([list[i] as WebcamRow, list[i + 1]]);
  return out;
}

/**
 * The same call as getPagedWebcamList, its list grouped by two for the two-column grid of the shared list (rows of
 * pairs; total stays the number of cameras, so that paging counts pages of pageSize cameras).
 */
export const getPagedWebcamRows = (body: SitePageRequest) =>
  http.Post<Page<WebcamPair>, Page<WebcamRow>>('/api/box/getPagedWebcamList', body, {
    meta: { loading: false },
    transform: (page: Page<WebcamRow>) => ({ list: pairUp(page.list), total: page.total }),
  });

/** POST /api/box/updateWebcamRemark — a camera's remark. */
export const updateWebcamRemark = (body: { id: number; remark: string }) =>
  post<null>('/api/box/updateWebcamRemark', body);

/** GET /api/lechange/open/getAccessToken — the camera-cloud token (cached by the app until expireTime, ms). */
export interface CameraCloudToken {
  accessToken: string;
  appId: string;
  expireTime: number;
}

/** GET /api/lechange/open/getAccessToken — no params; the caller's camera-cloud token. */
export const getLechangeAccessToken = () => get<CameraCloudToken>('/api/lechange/open/getAccessToken');

/** The `system` block of a camera-cloud request (time in seconds, nonce 32 characters, sign MD5 hex). */
export interface CameraCloudSystem {
  ver: '1.0';
  appId: string;
  time: number;
  nonce: string;
  sign: string;
}

/**
 * POST /api/lechange/open/signSystem (PROPOSED) — the backend signs a camera-cloud request for the app: req
 * `{ time: epoch seconds (±5 minutes of the server clock), nonce: 32 letters/digits }` → data the `system` block with
 * sign = MD5("time:{time},nonce:{nonce},appSecret:{appSecret}"), so that the app secret stays on the server.
 */
export const signLechangeSystem = (body: { time: number; nonce: string }) =>
  post<CameraCloudSystem>('/api/lechange/open/signSystem', body, { loading: false });

/** A failure of the camera cloud itself (its result code, or a transport failure with code 'network'). */
export class CameraCloudError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CameraCloudError';
  }
}

/** Answer envelope of the camera-cloud open API (not our envelope). */
interface CameraCloudAnswer<T> {
  id: string;
  result: { code: string; msg: string; data?: T };
}

/**
 * POST {camera cloud}/{method} with `{ system, params, id }` (spec §7). Resolves with result.data when result.code is
 * '0'; rejects with a CameraCloudError otherwise (the caller tells the user; this is not our backend's catalogue).
 */
export async function cameraCloudCall<T>(
  method: string,
  system: CameraCloudSystem,
  params: Record<string, unknown>,
  id: string,
): Promise<T> {
  const request = fetch(`${cameraCloudBaseUrl()}/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ system, params, id }),
  });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new CameraCloudError('network', 'timeout')), REQUEST_TIMEOUT_MS),
  );
  let answer: CameraCloudAnswer<T>;
  try {
    const response = await Promise.race([request, timeout]);
    if (!response.ok) throw new CameraCloudError('network', `HTTP ${response.status}`);
    answer = (await response.json()) as CameraCloudAnswer<T>;
  } catch (error) {
    if (error instanceof CameraCloudError) throw error;
    throw new CameraCloudError('network', error instanceof Error ? error.message : 'network');
  }
  if (!answer?.result || answer.result.code !== '0') {
    throw new CameraCloudError(answer?.result?.code ?? 'unknown', answer?.result?.msg ?? 'camera cloud failure');
  }
  return answer.result.data as T;
}

/** camera-cloud deviceOnline: whether a camera (its serial = deviceId) is online, '1' or '0'. */
export const cameraCloudDeviceOnline = (system: CameraCloudSystem, token: string, deviceId: string, id: string) =>
  cameraCloudCall<{ deviceId: string; onLine: '1' | '0' }>('deviceOnline', system, { token, deviceId }, id);

/** POST /api/lechange/open/bindDeviceLive — the camera's live addresses (reused until expireTime, 2 h). */
export interface LiveAddress {
  hlsUrl: string;
  hlsHdUrl: string;
  coverUrl: string | null;
  expireTime: number;
}

/** POST /api/lechange/open/bindDeviceLive — req `{ id }` (webcam id); refused for an offline camera. */
export const bindDeviceLive = (id: number) => post<LiveAddress>('/api/lechange/open/bindDeviceLive', { id });

/** Smoke state (entities Device.smokeStatus): 0 正常, 1 烟雾报警, 2 低电量, 3 故障. */
export type SmokeStatus = 0 | 1 | 2 | 3;

/** A smoke sensor of POST /api/box/getPagedSmokeSensorList (alarm rows first). serialNumber is its IMEI. */
export interface SmokeRow {
  id: number;
  serialNumber: string;
  remark: string | null;
  status: DeviceStatus;
  smokeStatus: SmokeStatus;
  /** Percent 0–100. */
  battery: number;
  signal: number;
  lastReportTime: number | null;
  lastAlarmTime: number | null;
}

/** Request of the smoke list: smokeStatus 1 报警 | 2 低电量, status 2 离线. */
export interface SmokeListRequest extends SitePageRequest {
  smokeStatus?: 1 | 2;
  status?: 2;
}

/** POST /api/box/getPagedSmokeSensorList — the site's smoke sensors, alarms first. */
export const getPagedSmokeSensorList = (body: SmokeListRequest, background = false) =>
  post<Page<SmokeRow>>('/api/box/getPagedSmokeSensorList', body, listMeta(background));

/** POST /api/box/updateSmokeRemark — a smoke sensor's remark (where it hangs). */
export const updateSmokeRemark = (body: { id: number; remark: string }) =>
  post<null>('/api/box/updateSmokeRemark', body);

/** One remote command as the sandbox recorded it (GET /__sandbox/device-commands; tests only). */
export interface DeviceCommandRecord {
  /** DeviceOperationLog.type: 1 强制开门, 2 远程开闸, 3 远程关闸, 4 设置自动关闸, 5 测试充电. */
  type: number;
  params: Record<string, unknown>;
  createTime: number;
  /** 1 成功, 2 失败. */
  result: 1 | 2;
}
