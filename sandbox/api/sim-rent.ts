import type { SimBillItem, SimBillRow, SimCurrentBill } from '../../src/api/sim';
import { rows, scalar, type Db } from '../lib/db';

/**
 * The SIM monthly rent as the /mine/sim screens read it (C-mine.md /mine/sim/index, /list, /oldSim; Business rule 22;
 * entities.md CostBill costType 1): exactly the bills the 00:00 job of day 1 writes (jobs/settlement.ts simRent) and the
 * demo world's replay of it. Served by the settlement reads of api/settlement.ts when asked with costType 1.
 */

interface BillRow {
  id: number;
  period: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  deviceCount: number;
  unitPrice: number;
  amount: number;
  frozenAmount: number;
  deductedAmount: number;
  oweAmount: number;
  status: number;
  frozenTime: number | null;
  settleTime: number | null;
}

const BILL_COLUMNS = `id, period, period_start, period_end, device_count, unit_price, amount, frozen_amount,
  deducted_amount, owe_amount, status, frozen_time, settle_time`;

const num = (v: number | null) => (v === null ? null : Number(v));

/** The items of bills, by bill id (site order). */
async function itemsOf(db: Db, billIds: readonly number[]): Promise<Map<number, SimBillItem[]>> {
  const list = await rows<SimBillItem & { billId: number }>(
    db,
    `select bill_id, site_id, site_name, device_count, amount from cost_bill_item
     where bill_id = any($1::bigint[]) order by bill_id, site_id`,
    [billIds],
  );
  const out = new Map<number, SimBillItem[]>();
  for (const i of list) {
    const item = {
      siteId: Number(i.siteId),
      siteName: i.siteName,
      deviceCount: Number(i.deviceCount),
      amount: Number(i.amount),
    };
    out.set(Number(i.billId), [...(out.get(Number(i.billId)) ?? []), item]);
  }
  return out;
}

/** The monthly bill of `period` ('YYYY-MM') of the account, or null. */
export async function simCurrentBill(db: Db, accountId: number, period: string): Promise<SimCurrentBill | null> {
  const [bill] = await rows<BillRow>(
    db,
    `select ${BILL_COLUMNS} from cost_bill where account_id = $1 and cost_type = 1 and version = 2 and period = $2
     order by id desc limit 1`,
    [accountId, period],
  );
  if (!bill) return null;
  return {
    billId: Number(bill.id),
    period: bill.period ?? period,
    deviceCount: Number(bill.deviceCount),
    unitPrice: Number(bill.unitPrice),
    amount: Number(bill.amount),
    frozenAmount: Number(bill.frozenAmount),
    oweAmount: Number(bill.oweAmount),
    status: Number(bill.status) as SimCurrentBill['status'],
    frozenTime: Number(bill.frozenTime),
    items: (await itemsOf(db, [Number(bill.id)])).get(Number(bill.id)) ?? [],
  };
}

/**
 * One page of the account's SIM bills of `version`, newest first: version 2 (monthly) the months of `year`, version 1
 * (the old annual fees) all.
 */
export async function simBills(
  db: Db,
  accountId: number,
  q: { version: 1 | 2; year: number; pageNum: number; pageSize: number },
): Promise<{ list: SimBillRow[]; total: number }> {
  const where = `where account_id = $1 and cost_type = 1 and version = $2
    and ($2 = 1 or period like $3 || '-%')`;
  const params = [accountId, q.version, String(q.year)];
  const total = await scalar(db, `select count(*) from cost_bill ${where}`, params);
  const bills = await rows<BillRow>(
    db,
    `select ${BILL_COLUMNS} from cost_bill ${where}
     order by coalesce(period, period_start) desc, id desc limit $4 offset $5`,
    [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
  );
  const items = await itemsOf(
    db,
    bills.map((b) => Number(b.id)),
  );
  const list = bills.map((b) => ({
    billId: Number(b.id),
    period: b.period,
    periodStart: b.periodStart,
    periodEnd: b.periodEnd,
    deviceCount: Number(b.deviceCount),
    unitPrice: Number(b.unitPrice),
    amount: Number(b.amount),
    deductedAmount: Number(b.deductedAmount),
    oweAmount: Number(b.oweAmount),
    status: Number(b.status) as SimBillRow['status'],
    settleTime: num(b.settleTime),
    items: items.get(Number(b.id)) ?? [],
  }));
  return { list, total };
}
