import { SILENT } from '@/config/constants';
import type { Page } from './http';
import { get, post } from './http';
import type { WorkOrderStatus } from './work-order-rules';

/**
 * Calls of installation work orders (C-mine.md /mine/workOrder, online, working, working/installDetail; spec §7
 * "Work orders"; entities.md §86–§87, R12; Business rule 17). Instants epoch ms. An operator (and a sub-account with
 * `workOrder`) sees the work orders of its operator; a builder (accountType 5) only those assigned to him.
 */

/** GET /api/third/getOrderCountOfWait — the tab badges: 待审核 (status 1) and 待验收 (status 4); a builder's own. */
export interface WaitCounts {
  waitApproveCount: number;
  waitAcceptCount: number;
}

/** One row of GET /api/third/getPagedOrderListOfAnt (online and working lists). */
export interface WorkOrderRow {
  id: number;
  orderNo: string;
  status: WorkOrderStatus;
  applyType: 1 | 2 | 3;
  applicantName: string;
  /** Masked 138****5678 (an applicant is a resident or a property contact). */
  applicantPhone: string;
  commName: string;
  province: string;
  city: string;
  area: string;
  address: string;
  expectBoxCount: number;
  expectSocketCount: number;
  applyTime: number;
  siteName: string | null;
  builderName: string | null;
  builderPhone: string | null;
  approveTime: number | null;
  /** Charging boxes bound to the order's site now. */
  installedBoxCount: number;
  trainingConfirmed: 0 | 1;
}

/** Request of the list: status 1 | 2 (online) or 3 (施工中, also 6) | 4 | 5 (working); keyword 小区名称 / 手机号. */
export interface WorkOrderListQuery {
  status: WorkOrderStatus;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

/** An installed device of the order's site (施工成果). */
export interface WorkOrderDevice {
  serialNumber: string;
  socketCount: number;
  /** 1 在线, 2 离线, 3 故障. */
  status: 1 | 2 | 3;
}

/** A site the review may link (the operator's sites, nearest to the application first). */
export interface WorkOrderSiteOption {
  siteId: number;
  siteName: string;
  address: string;
}

/**
 * GET /api/third/getOrderDetail — the full work order (list fields plus the rest of entities.md §86); here
 * applicantPhone is in full (the detail offers a call).
 */
export interface WorkOrderDetail extends WorkOrderRow {
  /** The operator's merchant id. */
  commId: number;
  socketType: 10 | 12;
  parkingSpaces: number;
  hasPower: 0 | 1;
  photos: string[];
  remark: string;
  longitude: number | null;
  latitude: number | null;
  checkStatus: 1 | 2 | null;
  applyApprovedContent: string | null;
  approverName: string | null;
  onlineSite: 1 | 2 | null;
  stationId: number | null;
  /** The status of the order's site: 1 运营中, 2 建设中 (made for the order, until acceptance), 3 已停用; null before. */
  siteStatus: 1 | 2 | 3 | null;
  builderId: number | null;
  trainConfirmTime: number | null;
  submitTime: number | null;
  achievementRemark: string | null;
  acceptContent: string | null;
  acceptTime: number | null;
  finishTime: number | null;
  devices: WorkOrderDevice[];
  siteList: WorkOrderSiteOption[];
}

/** A builder of the operator (GET /api/third/getUserListByCommId): ongoingCount = his orders in status 3, 4 or 6. */
export interface BuilderOption {
  builderId: number;
  name: string;
  phone: string;
  ongoingCount: number;
}

/** POST /api/third/addSite — a new site for the order, created in status 2 建设中. */
export interface AddWorkOrderSite {
  orderId: number;
  name: string;
  province: string;
  city: string;
  area: string;
  address: string;
  longitude: number;
  latitude: number;
}

/** POST /api/third/approvalBuildOrder — the review (checkStatus 1 通过 with a site and a builder, 2 驳回). */
export interface ReviewRequest {
  id: number;
  checkStatus: 1 | 2;
  applyApprovedContent: string;
  onlineSite?: 1 | 2;
  stationId?: number;
  builderId?: number;
  builderName?: string;
  builderPhone?: string;
  builderPassword?: string;
}

/** GET /api/train/getTrainInfo — the construction training of an order (content HTML: sanitise before rendering). */
export interface TrainInfo {
  trainId: number;
  title: string;
  content: string;
  videoUrl: string | null;
  confirmed: 0 | 1;
  confirmTime: number | null;
}

/** The tab badges (silenced: C-mine.md /mine/workOrder "badges hidden on error"). */
export function getOrderCountOfWait() {
  return get<WaitCounts>('/api/third/getOrderCountOfWait', undefined, { errorText: SILENT });
}

/** One page of work orders of a status (3 also returns 6), newest application first. */
export function getWorkOrders(query: WorkOrderListQuery) {
  return get<Page<WorkOrderRow>>('/api/third/getPagedOrderListOfAnt', query);
}

/** The full work order `id` (code 1 工单不存在或无权查看 outside the caller's reach). */
export function getOrderDetail(id: number) {
  return get<WorkOrderDetail>('/api/third/getOrderDetail', { id });
}

/** The builders of the operator `commId` (the caller's own operator only). */
export function getUserListByCommId(commId: number) {
  return get<BuilderOption[]>('/api/third/getUserListByCommId', { commId });
}

/** Creates the order's site in status 2 建设中; answers its id. */
export function addWorkOrderSite(body: AddWorkOrderSite) {
  return post<{ stationId: number }>('/api/third/addSite', body);
}

/** Reviews a 待审核 order: 1 → 3 (with a site and a builder; a new builder becomes an account) or 1 → 2. */
export function approvalBuildOrder(body: ReviewRequest) {
  return post<{ status: WorkOrderStatus; builderId?: number }>('/api/third/approvalBuildOrder', body);
}

/** The training of the order `orderId`. */
export function getTrainInfo(orderId: number) {
  return get<TrainInfo>('/api/train/getTrainInfo', { orderId });
}

/** The builder confirms the training (status 3 or 6). */
export function updateTrainingConfirm(orderId: number, trainId: number) {
  return post<{ confirmTime: number }>('/api/third/updateTrainingConfirm', { orderId, trainId });
}

/** PROPOSED: the builder submits the installation for acceptance (3 / 6 → 4; training confirmed, ≥ 1 box at the site). */
export function submitBuildAchievement(orderId: number, remark: string) {
  return post<{ status: 4 }>('/api/third/submitBuildAchievement', { orderId, remark });
}

/** The operator's acceptance of a 待验收 order: 1 通过 (→ 5, the site goes 运营中), 2 驳回整改 (→ 6). */
export function approvalBuildAchievement(orderId: number, result: 1 | 2, content: string) {
  return post<{ status: 5 | 6 }>('/api/third/approvalBuildAchievement', { orderId, result, content });
}
