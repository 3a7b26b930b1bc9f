import type { Page } from './http';
import { get, post } from './http';

export {
  dateRangeError,
  RANGE_MAX_DAYS,
  REMOTE_REASONS,
  REMOTE_STATUS_LABELS,
  type RemoteStatus,
} from './remote-rules';
import type { RemoteStatus } from './remote-rules';

/**
 * Remote charging records of the mine section (C-mine.md /mine/recordOfremote; entities.md RemoteChargeRecord;
 * Business rule 15). The start itself is POST /api/r9/charge/remotePay and the device calls are the site section's
 * (src/api/device-setup.ts: getBoxSimpleInfoBySerialNumber, getChargerListByBoxCode, boxList), one shape each.
 */

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

/**
 * POST /api/r9/charge/exportRemotePayRecord — the e-mailed export of the records of a range (≤ 92 days) and device
 * (C-mine.md recordOfremote 导出; DocRecord docType 2, listed in /mine/downCenter/index); exactly once per requestId.
 */
export const exportRemoteRecords = (body: {
  startDate: string;
  endDate: string;
  serialNumber?: string;
  email: string;
  requestId: string;
}) => post<{ docId: number }>('/api/r9/charge/exportRemotePayRecord', body);
