import type { DocType } from './export-rules';
import { get, post, type Page } from './http';

/**
 * Exports and the download centre (D-income.md §4 /income/exportFile; C-mine.md /mine/downCenter/index; entities.md §77
 * DocRecord, R9.2). An export is asynchronous: the request makes a DocRecord 1 生成中 (exactly once per requestId; the
 * same type and conditions while one is 生成中 answer 2050), the workbook (.xlsx, a header row and exactly the rows of
 * the list it exports) is mailed within seconds (2 已发送, or 3 发送失败 with the reason); the record is kept 30 days,
 * the mailed link 7 days; a resend (≤ 5 a day) mails the same file again with a fresh link. Days 'YYYY-MM-DD', instants
 * epoch ms, sizes bytes. Needs the permission `export`.
 */

/** One export job (GET /api/doc/listDocRecords). Status 1 生成中, 2 已发送, 3 发送失败. */
export interface DocRecord {
  id: number;
  fileName: string;
  docType: DocType;
  /** The conditions as shown: "2024-05-01 至 2024-05-31 · 全部站点". */
  conditions: string;
  email: string;
  status: 1 | 2 | 3;
  failReason: string | null;
  fileSize: number;
  createTime: number;
  sendTime: number | null;
  expireTime: number;
  linkExpireTime: number | null;
}

/** What every export request carries. */
interface ExportBase {
  email: string;
  requestId: string;
}

/** Answer of an export request. */
export interface ExportStarted {
  docId: number;
}

/** 3 收支明细: the ledger entries of a range (≤ 31 days). */
export const exportAccountBill = (
  body: ExportBase & { startDate: string; endDate: string; direction?: 1 | 2; bizType?: number },
) => post<ExportStarted>('/api/account/v2/billExportAccountBill', body);

/** 4 提现记录: the withdrawals of a range (≤ 366 days). */
export const exportWithdraw = (body: ExportBase & { startDate: string; endDate: string; channel?: 1 | 2 }) =>
  post<ExportStarted>('/api/account/v2/billExportWithdraw', body);

/**
 * 1 充电订单: the charging orders started in a range (≤ 92 days), of a site and pay type; from /mine/chargerRecord-list
 * also its tab (1 已完成, 2 已退款, 3 待入账), socket and search, so that the file holds the rows the list shows.
 */
export const exportChargeOrders = (
  body: ExportBase & {
    startDate: string;
    endDate: string;
    siteId?: number;
    payType?: number;
    tab?: 1 | 2 | 3;
    chargerId?: number;
    keyword?: string;
  },
) => post<ExportStarted>('/api/account/v2/billExportChargeOrder', body);

/** 6 投币订单: the coin orders started in a range (≤ 92 days), of a site or all (/income/statement/coinBill's filters). */
export const exportCoinOrders = (body: ExportBase & { startDate: string; endDate: string; siteId?: number }) =>
  post<ExportStarted>('/api/r9/order/exportCoinOrderRecord', body);

/**
 * 7 月度对账单: the 每日账单 rows of a month's statement (/income/statement/bill; merchantId: a property's 物业账单; a
 * property account exports its own).
 */
export const exportMonthStatement = (body: ExportBase & { month: string; merchantId?: number }) =>
  post<ExportStarted>('/api/account/v2/billExportMonth', body);

/** 8 日账单明细: every day's site rows of /income/detail-list over a range (≤ 31 days; operators, agents, sub-accounts). */
export const exportDayBills = (body: ExportBase & { startDate: string; endDate: string }) =>
  post<ExportStarted>('/api/account/v2/billExportDay', body);

/** 9 站点账单: the rows of a month's site-bill list in the caller's view, of one site or property when given. */
export const exportSiteBills = (body: ExportBase & { month: string; siteId?: number; merchantId?: number }) =>
  post<ExportStarted>('/api/account/v2/billExportSiteBill', body);

/** Export jobs, newest first; docType one type or a comma list ('7,8'). */
export const listDocRecords = (q: { pageNum: number; pageSize: number; docType?: string }) =>
  get<Page<DocRecord>>('/api/doc/listDocRecords', q);

/** Mails a record's file again (status 2/3, not expired; ≤ 5 a day). */
export const resendDocRecord = (body: { id: number; email: string; requestId: string }) =>
  post<{ status: 1 | 2 | 3 }>('/api/doc/resendDocRecordByEmail', body);
