import type { Page } from './http';
import { get } from './http';

export { dateRangeError, RANGE_MAX_DAYS } from './remote-rules';

/**
 * Remote charging records of the mine section (C-mine.md /mine/recordOfremote; entities.md RemoteChargeRecord;
 * Business rule 15). The start itself is POST /api/r9/charge/remotePay and the device calls are the site section's
 * (src/api/device-setup.ts: getBoxSimpleInfoBySerialNumber, getChargerListByBoxCode, boxList), one shape each.
 */

/** Status of a remote start: 1 启动中, 2 充电中, 3 已结束, 4 启动失败. */
export type RemoteStatus = 1 | 2 | 3 | 4;

/** Reason labels of a remote start (1 用户无法支付, 2 设备测试, 3 故障补偿, 4 其他). */
export const REMOTE_REASONS: readonly { value: 1 | 2 | 3 | 4; label: string }[] = [
  { value: 1, label: '用户无法支付' },
  { value: 2, label: '设备测试' },
  { value: 3, label: '故障补偿' },
  { value: 4, label: '其他' },
];

/** Labels of RemoteStatus. */
export const REMOTE_STATUS_LABELS: Readonly<Record<RemoteStatus, string>> = {
  1: '启动中',
  2: '充电中',
  3: '已结束',
  4: '启动失败',
};

/** One row of GET /api/r9/charge/remotePayRecord. Minutes; instants epoch ms. */
export interface RemoteRecordRow {
  id: number;
  /** The free order (payType 7) of the start, null when it failed before one existed. */
  orderId: number | null;
  serialNumber: string;
  socketNo: number;
  siteName: string;
  chargeMinutes: number;
  actualMinutes: number | null;
  startTime: number;
  endTime: number | null;
  operatorName: string;
  reasonType: 1 | 2 | 3 | 4;
  remark: string | null;
  status: RemoteStatus;
  failReason: string | null;
}

/** Answer of GET /api/r9/charge/remotePayRecord: the page, and Σ minutes (actual, else set) over the filter. */
export interface RemoteRecordPage extends Page<RemoteRecordRow> {
  totalMinutes: number;
}

/** Query of GET /api/r9/charge/remotePayRecord (days 'YYYY-MM-DD' Asia/Shanghai, both ends included). */
export interface RemoteRecordQuery {
  startDate: string;
  endDate: string;
  serialNumber?: string;
  pageNum: number;
  pageSize: number;
}

/** GET /api/r9/charge/remotePayRecord — the remote starts of the caller's sites, newest first. */
export const getRemoteRecords = (query: RemoteRecordQuery) =>
  get<RemoteRecordPage>('/api/r9/charge/remotePayRecord', query);
