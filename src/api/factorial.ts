import type { Page } from './http';
import { get, post } from './http';
import type { TransferStatus } from './factorial-rules';

export { FACTORIAL_MESSAGES, TRANSFER_MAX_DEVICES, TRANSFER_STATUS_NAMES } from './factorial-rules';

/**
 * Calls of the agents and device transfers (C-mine.md /mine/factorialList, /mine/factorialList/info; Business rules
 * 18, 19; entities.md §1 Account, Transfer, TransferItem). Agents are managed by an operator holding `agent`; transfers
 * are sent by an operator to its agents and received by the agent (`transfer`). Rates in basis points; instants epoch
 * ms.
 */

/** One agent of GET /api/user/factorRecords. */
export interface AgentRow {
  id: number;
  name: string;
  phone: string;
  /** 1 正常, 2 停用. */
  status: 1 | 2;
  /** Charging boxes it owns. */
  deviceCount: number;
  siteCount: number;
  createTime: number;
}

/** GET /api/user/factorInfo answer. */
export interface AgentInfo extends AgentRow {
  remark: string;
  /** Basis points: the operator's 上级 share of each site the agent owns. */
  superiorShareRate: number;
  onlineDeviceCount: number;
  /** Devices transferred to it and accepted. */
  transferredDeviceCount: number;
}

/** POST /api/user/factorEdit request: create (no id: name, phone, password) or edit. */
export interface AgentEdit {
  id?: number;
  name: string;
  phone?: string;
  password?: string;
  remark?: string;
  status?: 1 | 2;
  superiorShareRate?: number;
}

/** GET /api/transfer/outDeviceAddCheck answer. */
export interface TransferCheck {
  ok: boolean;
  reason?: string;
  serialNumber: string;
  deviceType: number;
  model: string;
  socketCount: number;
}

/** One row of GET /api/transfer/getRecord; direction 1 转出, 2 转入. */
export interface TransferRow {
  transferId: number;
  transferNo: string;
  direction: 1 | 2;
  counterpartName: string;
  deviceCount: number;
  status: TransferStatus;
  createTime: number;
  finishTime: number | null;
}

/** GET /api/transfer/getRecord answer. */
export interface TransferPage extends Page<TransferRow> {
  /** Incoming transfers waiting for the caller (the 划拨记录 badge). */
  pendingInCount: number;
}

/** GET /api/transfer/transferDetail answer. */
export interface TransferDetail {
  transferNo: string;
  direction: 1 | 2;
  fromName: string;
  toName: string;
  status: TransferStatus;
  remark: string;
  createTime: number;
  finishTime: number | null;
  devices: { serialNumber: string; deviceType: number; model: string; socketCount: number }[];
}

export const getAgents = (query: { keyword?: string; pageNum: number; pageSize: number }) =>
  get<Page<AgentRow>>('/api/user/factorRecords', query);
export const validateAgentPhone = (phone: string) =>
  get<{ available: boolean; message?: string }>('/api/user/valiFactory', { phone });
export const editAgent = (body: AgentEdit) => post<{ id: number }>('/api/user/factorEdit', body);
export const getAgentInfo = (id: number) => get<AgentInfo>('/api/user/factorInfo', { id });
export const findAgent = (phone: string) =>
  get<{ merchantId: number; name: string; phone: string }>('/api/transfer/findAgent', { phone });
export const checkTransferDevice = (serialNumber: string, toMerchantId: number) =>
  get<TransferCheck>('/api/transfer/outDeviceAddCheck', { serialNumber, toMerchantId });
export const submitTransfer = (body: { toMerchantId: number; serialNumbers: string[]; remark?: string }) =>
  post<{ transferId: number; transferNo: string }>('/api/transfer/outDeviceSubmit', body);
export const getTransfers = (query: {
  direction?: 1 | 2;
  status?: TransferStatus;
  agentId?: number;
  pageNum: number;
  pageSize: number;
}) => get<TransferPage>('/api/transfer/getRecord', query);
export const getTransferDetail = (transferId: number) =>
  get<TransferDetail>('/api/transfer/transferDetail', { transferId });
/** POST /api/transfer/operation — 1 接收, 2 拒绝 (the receiver), 3 撤回 (the sender); answers the new status. */
export const operateTransfer = (transferId: number, action: 1 | 2 | 3) =>
  post<{ status: TransferStatus }>('/api/transfer/operation', { transferId, action });
