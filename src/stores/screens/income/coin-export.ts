import { exportCoinOrders } from '@/api/exports';
import type { ListExport } from '@/stores/screens/mine/list-export';
import type { CoinBillStore } from './statement';

/**
 * 导出 of /income/statement/coinBill (D-income.md §4: top-right 导出 → the e-mail sheet → POST
 * /api/r9/order/exportCoinOrderRecord, docType 6 投币订单, ≤ 92 days) through the screen's sheet `exporter` (a ListExport
 * of docType 6): the orders of the screen's range and site mailed to the sheet's address, exactly once per sheet (its
 * requestId); answers the toast — a refusal, or `导出任务已提交，将发送至{email}` — or null when the request failed (the
 * request layer told why). Kept out of the statement stores' module so that only the coin bill's chunk carries it.
 */
export async function exportCoinBill(
  store: Pick<CoinBillStore, 'startDate' | 'endDate' | 'siteId'>,
  exporter: ListExport,
): Promise<{ ok: boolean; text: string } | null> {
  const range = { startDate: store.startDate, endDate: store.endDate };
  const siteId = store.siteId;
  const outcome = await exporter.submit(range, (email, requestId) =>
    exportCoinOrders({ ...range, ...(siteId ? { siteId } : {}), email, requestId }),
  );
  return outcome?.ok ? { ok: true, text: `导出任务已提交，将发送至${exporter.email.trim()}` } : outcome;
}
